//! The record lines real games need (docs/game.md): a record that starts partway
//! (`start …`), the all-last dealer's choice (`dealer-stops`, `dealer-plays-on`), the sticks
//! left on the table when a game ends; and the writer of every record line, the inverse of
//! the reader.

#[path = "common/games.rs"]
mod games;

use games::{changes, example, fails, play, says};
use mj3::game::record;

#[test]
fn a_record_starts_partway_with_the_table_its_start_line_sets() {
    let sheet = play(&example("sanma-tenhou-partway"));
    let first = &sheet.hands[0];
    assert_eq!(
        (
            first.label.as_str(),
            first.dealer.as_str(),
            first.honba,
            first.sticks
        ),
        ("South 2", "Ben", 1, 1)
    );
    // Cat's 3 han 30 fu ron: 3,900 + 200 for the counter, and the stick on the table.
    assert_eq!(changes(first), [-4_100, 0, 5_100]);
    assert_eq!(first.table_change, -1_000);
    assert_eq!(sheet.hands[1].label, "South 3");
}

#[test]
fn a_start_line_that_does_not_fit_the_game_is_refused() {
    let cases = [
        (
            "ruleset sanma\nplayers A B C\nstart East 1 dealer A points A 35000 B 35000 C 36000\ndraw\n",
            "add up to 106,000, not the 105,000",
        ),
        (
            "ruleset sanma\nplayers A B C\nfirst-dealer B\nstart East 2 dealer B points A 35000 B 35000 C 35000\ndraw\n",
            "so A opened it",
        ),
        (
            "ruleset korean\nplayers A B C\nstart East 2 dealer B sticks 1 points A 0 B 0 C 0\ndraw\n",
            "keeps no riichi sticks",
        ),
        (
            "ruleset malaysian\nplayers A B C\nstart East 2 dealer B points A 0 B 0 C 0\ndraw\n",
            "the winner deals under this ruleset",
        ),
        (
            "ruleset sanma\nplayers A B C\nstart East 4 dealer B points A 0 B 0 C 0\ndraw\n",
            "a round has hands 1 to 3",
        ),
        (
            "ruleset sanma\nstart East 1 dealer B points A 0 B 0 C 0\nplayers A B C\ndraw\n",
            "comes after the `players` line",
        ),
        (
            "ruleset sanma\nplayers A B C\ndraw\nstart East 1 dealer A points A 35000 B 35000 C 35000\n",
            "right after the players",
        ),
    ];
    for (record, wanted) in cases {
        let error = fails(record);
        assert!(
            error.message.contains(wanted),
            "{record}: {}",
            error.message
        );
    }
    // Where the winner deals, `start hand N`.
    let sheet = play(
        "ruleset malaysian\nplayers A B C\nstart hand 5 dealer B points A 10 B -20 C 10\ndraw\n",
    );
    assert_eq!(sheet.hands[0].label, "Hand 5");
}

/// The all-last dealer, first, may stop (agari-yame) or play on, on the line after his hand,
/// whatever the ruleset-wide `last-dealer-stops` says.
#[test]
fn the_all_last_dealer_chooses_to_stop_or_play_on() {
    let sheet = play(&example("sanma-dealer-stops"));
    assert_eq!(sheet.hands.len(), 1);
    assert_eq!(
        sheet.end.map(|end| end.to_string()).as_deref(),
        Some("the dealer of the last hand, first and at the target, stops (dealer-stops)")
    );
    // Without the line, sanma (last-dealer-stops = false) plays on.
    let record = example("sanma-dealer-stops").replace("dealer-stops\n", "");
    let failure = mj3::game::replay(&record, &[]).expect("replays");
    assert_eq!(failure.end, None);
    // Tenhou stops there by its ruleset; `dealer-plays-on` plays the hand again.
    let sheet = play(&example("sanma-tenhou-partway"));
    says(&sheet.hands[1], "plays on (dealer-plays-on)");
    assert_eq!(sheet.hands[2].label, "South 3");
    let record = example("sanma-tenhou-partway").replace("dealer-plays-on\n", "");
    let error = fails(&record);
    assert!(
        error
            .message
            .contains("the game is over: the dealer of the last hand"),
        "{}",
        error.message
    );
    // Only after such a hand.
    let error = fails("ruleset sanma\nplayers A B C\ndraw\ndealer-stops\n");
    assert!(
        error.message.contains("come right after the all-last hand"),
        "{}",
        error.message
    );
}

/// The sticks left on the table when a game ends go to first place (`leftover-sticks =
/// "to-first"`), on a bust as on the last hand, as Tenhou ([T3] "At the end of the game,
/// riichi deposits go to 1st place") and Mahjong Soul play; `stay` leaves them unclaimed.
#[test]
fn sticks_left_at_the_end_go_as_the_ruleset_says() {
    let sheet = play(&example("sanma-mahjongsoul-leftover"));
    assert_eq!(sheet.end, Some(mj3::game::GameEnd::Bust));
    let last = sheet.hands.last().expect("the sticks' row");
    assert_eq!(changes(last), [0, 0, 1_000]);
    assert_eq!(sheet.standings[0].points, 54_500);
    let record = example("sanma-mahjongsoul-leftover").replace(
        "ruleset sanma-mahjongsoul\n",
        "ruleset sanma-mahjongsoul\nset game.leftover-sticks=\"stay\"\n",
    );
    let sheet = play(&record);
    assert_eq!(sheet.standings[0].points, 53_500);
    assert_eq!(sheet.sticks_left, 1);
    // The settlement says so: the stick stays unclaimed, the results add up to -1,000.
    let settled = sheet.settlement.as_ref().expect("the game is over");
    assert_eq!(
        (settled.sticks, settled.sticks_to.as_deref(), settled.total),
        (1, None, -1_000)
    );
    for preset in ["sanma-tenhou", "sanma-mahjongsoul"] {
        let rules = mj3::rules::load(preset).expect("loads");
        assert_eq!(
            rules.game.leftover_sticks,
            mj3::rules::LeftoverSticks::ToFirst,
            "{preset}"
        );
    }
}

/// A ruleset value out of range is shown at what set it — the record's `set` line, named
/// by its own word, or the `--set` given with the record — and as written: `game.uma`'s
/// 1000000000000 was said as 4294967295, its -1000000000000 without its sign, at the
/// `ruleset` line.
#[test]
fn a_value_out_of_range_is_shown_at_the_set_line_or_argument_that_set_it() {
    let record = |set: &str| format!("ruleset sanma\nplayers A B C\n{set}draw\n");
    for (item, said) in [
        ("game.uma=[1000000000000,0,0]", "first place 1000000000000;"),
        (
            "game.uma=[0,0,-1000000000000]",
            "third place -1000000000000;",
        ),
        ("game.uma=[0,-1000001,0]", "second place -1000001;"),
        (
            "game.uma=[0,0,-99999999999999999999999]",
            "`-99999999999999999999999` is not a whole number from -1000000 to 1000000",
        ),
        ("game.chombo-by-dealer=-1", "`-1` is not a whole number"),
        (
            "game.goulash-cap=4294967296",
            "`4294967296` is not a whole number from 0 to 1000000",
        ),
    ] {
        let line = format!("set {item}");
        let failure = mj3::game::replay(&record(&format!("{line}\n")), &[]).expect_err(item);
        let error = &failure.error;
        assert!(failure.bad_ruleset, "{item}");
        assert_eq!(
            (
                error.line,
                error.text.as_str(),
                error.span.start,
                error.span.end
            ),
            (3, line.as_str(), 4, line.len()),
            "{item}"
        );
        let message = format!("the ruleset cannot be loaded: set {item}: ");
        assert!(error.message.starts_with(&message), "{}", error.message);
        assert!(error.message.contains(said), "{}", error.message);
        assert!(!error.message.contains("4294967295"), "{}", error.message);
        // As a `--set` given with the record: the argument, with the command line's word.
        let failure = mj3::game::replay(&record(""), &[item.to_string()]).expect_err(item);
        let error = &failure.error;
        let argument = format!("--set {item}");
        assert_eq!(
            (
                error.line,
                error.text.as_str(),
                error.span.start,
                error.span.end
            ),
            (0, argument.as_str(), 6, argument.len()),
            "{item}"
        );
        assert!(error.message.contains(said), "{}", error.message);
        let caret = "^".repeat(item.len());
        assert_eq!(
            error.render(),
            format!("{}\n  {argument}\n        {caret}", error.message)
        );
    }
}

/// One space between words, no comment: the line as the writer writes it.
fn canonical(line: &str) -> String {
    let code = line.split('#').next().unwrap_or("");
    code.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every line of every example record, and one of each event, is written back as it reads
/// (up to spaces and comments), and what is written reads back to the same line.
#[test]
fn the_writer_is_the_inverse_of_the_reader() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/examples");
    let mut lines: Vec<String> = Vec::new();
    for entry in std::fs::read_dir(dir).expect("docs/examples") {
        let path = entry.expect("entry").path();
        if path.to_string_lossy().ends_with("-game.txt") {
            let text = std::fs::read_to_string(&path).expect("readable");
            lines.extend(text.lines().map(str::to_string));
        }
    }
    lines.extend(
        [
            "first-dealer Ben",
            "set game.rounds=2",
            "riichi Ann left=5",
            "tenpai Ann: 123p456p789p11s23s",
            "tenpai Ann",
            "nagashi Ann",
            "draw tenpai Ann Cat",
            "chombo Ben",
            "abort nine-terminals Ann",
            "abort four-kans",
            "kong Ann 5p concealed",
            "kong Ann 5p from Ben",
            "kong Ann r promoted",
            "kong Ann r promoted fed-by Cat",
            "bonus-set Ann flowers drawn",
            "correct Ann +1000 Ben -1000",
            "Ann ron Ben pao Cat riichi-discard: 123p rrr ggg www 99s",
            "start hand 5 dealer Ben draws 2 points Ann 10 Ben -20 Cat 10",
            "dealer-plays-on",
            "end",
            "players \"Ah Meng\" Sora Jun",
            "\"Ah Meng\" ron \"Sora Lee\" pao \"Jun Ho\": 123p rrr ggg www 99s",
            "and \"Ah Meng\" ron Jun: 11p",
            "correct \"Ah Meng\" +1000 Jun -1000",
            "kong \"Ah Meng\" 5p promoted fed-by \"Sora Lee\"",
        ]
        .map(str::to_string),
    );
    let mut kinds = std::collections::BTreeSet::new();
    for line in lines.iter().filter(|l| !canonical(l).is_empty()) {
        let item = record::read(line).expect("reads").remove(0).item;
        let written = record::write(&item).expect("no line break");
        assert_eq!(written, canonical(line), "{line}");
        let again = record::read(&written).expect("reads back").remove(0).item;
        assert_eq!(record::write(&again).as_ref(), Ok(&written));
        kinds.insert(
            format!("{item:?}")
                .split(['(', ' '])
                .next()
                .unwrap_or("")
                .to_string(),
        );
    }
    assert_eq!(kinds.len(), 17, "every kind of line: {kinds:?}");
}

/// A line built as a value, not read, is written as the reader reads it.
#[test]
fn an_event_built_in_code_is_written_as_its_line() {
    use record::{Item, Word};
    let item = Item::Correct(vec![(Word::new("Ann"), 1000), (Word::new("Ben"), -1000)]);
    let written = record::write(&item).expect("no line break");
    assert_eq!(written, "correct Ann +1000 Ben -1000");
    let read = record::read(&written).expect("reads").remove(0).item;
    assert_eq!(record::write(&read), record::write(&item));
}

#[test]
fn a_ron_on_a_kita_and_thirteen_orphans_robbing_a_concealed_kong_play_as_mahjong_soul_plays() {
    let sheet = play(&example("sanma-mahjongsoul-robbing"));
    // Ann's riichi ron on Ben's kita: 1 han 40 fu, 2,000, no chankan yaku; her stick back.
    let kita = &sheet.hands[0];
    assert_eq!(changes(kita), [2_000, -2_000, 0]);
    let win = &kita.wins[0];
    assert!(win.summary.contains("on the kita"), "{}", win.summary);
    assert!(
        win.score.elements.iter().all(|e| &*e.id != "chankan"),
        "a ron on a kita is no chankan"
    );
    // Ben's thirteen orphans robbing Cat's concealed kong: a yakuman and one counter.
    let kokushi = &sheet.hands[1];
    assert_eq!(changes(kokushi), [0, 32_200, -32_200]);
    assert!(kokushi.wins[0].summary.contains("robbing a concealed kong"));
    // Tenhou lets no hand rob a concealed kong ([T8] in rules/sanma-tenhou.toml).
    let tenhou = example("sanma-mahjongsoul-robbing")
        .replace("ruleset sanma-mahjongsoul", "ruleset sanma-tenhou");
    let message = fails(&tenhou).message;
    assert!(
        message.contains("sanma-tenhou does not let thirteen orphans rob a concealed kong"),
        "{message}"
    );
}

/// A word holding a line break would write a second line into the record: refused.
#[test]
fn a_word_with_a_line_break_is_refused_not_written_as_two_lines() {
    use record::{Item, Word};
    for name in ["Ann\nriichi Ben", "Ann\r", "Ann\r\nset game.rounds=1"] {
        let item = Item::Riichi {
            player: Word::new(name),
            left: None,
        };
        let refused = record::write(&item).expect_err("a line break");
        assert!(refused.to_string().contains("line break"), "{refused}");
    }
    // Near-miss: the same word without the break is written.
    let item = Item::Riichi {
        player: Word::new("Ann"),
        left: None,
    };
    assert_eq!(record::write(&item).as_deref(), Ok("riichi Ann"));
}

/// A word the reader would read otherwise (two words, a `:` or `#`, a keyword as a name, an
/// empty name) is refused by the writer, never written: no line is read back to check it.
#[test]
fn a_word_the_record_would_read_otherwise_is_refused() {
    use record::{Item, Word};
    for name in [
        "Ann:",
        "Ann#1",
        "tsumo",
        "",
        "two  spaces",
        " Ann",
        "Ann ",
        "Ah\tMeng",
        "Ah\"Meng",
    ] {
        let item = Item::Riichi {
            player: Word::new(name),
            left: None,
        };
        let refused = record::write(&item).expect_err(name);
        assert!(refused.to_string().contains("one word"), "{refused}");
    }
    // A name of several words is written in quotes; the other words stay one word.
    let item = Item::Riichi {
        player: Word::new("Ah Meng"),
        left: None,
    };
    assert_eq!(record::write(&item).as_deref(), Ok("riichi \"Ah Meng\""));
    let refused = record::write(&Item::Set(Word::new("game.rounds = 2"))).expect_err("two words");
    assert!(refused.to_string().contains("one word"), "{refused}");
}

/// A name with a space is written in double quotes (`players "Ah Meng" Sora Jun`) and read
/// back as the name, on every line that names a player; a quote left open, two spaces, a
/// `:` in it or no space after it is refused at the quote.
#[test]
fn a_quoted_name_holds_its_spaces() {
    let record = "ruleset sanma\nplayers \"Ah Meng\" Sora Jun\nriichi \"Ah Meng\"\n\"Ah Meng\" ron Jun: 123p456p789p11s rrr\n";
    let sheet = play(record);
    assert_eq!(sheet.players, ["Ah Meng", "Sora", "Jun"]);
    assert_eq!(sheet.hands[0].wins[0].winner, "Ah Meng");
    assert_eq!(sheet.hands[0].wins[0].from.as_deref(), Some("Jun"));
    // The same name unquoted is three words: refused at the second.
    let error = fails("ruleset sanma\nplayers Ah Meng Sora Jun\n");
    assert!(error.message.contains("three players"), "{}", error.message);
    for (line, says, column) in [
        ("players \"Ah Meng Sora Jun", "closing `\"`", 8),
        ("players \"Ah  Meng\" Sora Jun", "single spaces", 8),
        ("players \"Ah:Meng\" Sora Jun", "single spaces", 8),
        ("players \" Ah\" Sora Jun", "single spaces", 8),
        ("players \"Ah Meng\"Sora Jun", "a space after", 17),
        ("players \"Ah Meng\" \"ron\" Jun", "keyword", 18),
        ("riichi \"\"", "single spaces", 7),
    ] {
        let error = fails(&format!("ruleset sanma\n{line}\n"));
        assert!(error.message.contains(says), "{line}: {}", error.message);
        assert_eq!(error.span.start, column, "{line}: {}", error.render());
        assert_eq!(error.line, 2);
    }
}

/// `end` ends a game cut short after its last complete hand, settled as any game at its
/// end (uma, oka, the sticks left as `leftover-sticks` says); refused inside a hand, before
/// the first hand and after the end, with the line and a caret.
#[test]
fn end_ends_a_game_cut_short_after_its_last_hand() {
    let hands =
        "ruleset sanma-tenhou\nplayers A B C\nriichi A\nB tsumo: 3 han 30 fu\nriichi C\ndraw\n";
    let open = play(hands);
    assert_eq!(open.end, None);
    let sheet = play(&format!("{hands}end # the bus\n"));
    assert_eq!(sheet.end, Some(mj3::game::GameEnd::EndedEarly));
    assert!(sheet.in_play.is_none());
    // The draw's hand says the game ends; C's stick goes to first place (B).
    let draw = &sheet.hands[1];
    says(draw, "the game ends: the record ends it early (end)");
    let sticks = sheet.hands.last().expect("the sticks' row");
    assert_eq!(changes(sticks), [0, 1_000, 0]);
    assert_eq!(sheet.sticks_left, 0);
    // The standings settle with the preset's target, uma and oka, and add up to zero.
    let results: Vec<i64> = sheet.standings.iter().map(|s| s.result).collect();
    assert_eq!(results.iter().sum::<i64>(), 0, "{:?}", sheet.standings);
    assert_eq!(sheet.standings[0].player, "B");
    // Near-misses: inside a hand, before any hand, after the end, twice, words after it.
    for (record, says, line) in [
        (format!("{hands}riichi A\nend\n"), "between hands", 8),
        (
            "ruleset sanma\nplayers A B C\nend\n".to_string(),
            "no hand has been played",
            3,
        ),
        (
            format!("{}end\n", example("sanma-tenhou")),
            "the game is over",
            example("sanma-tenhou").lines().count() + 1,
        ),
        (format!("{hands}end\nend\n"), "the game is over", 8),
        (
            format!("{hands}end now\n"),
            "unexpected text after `end`",
            7,
        ),
    ] {
        let error = fails(&record);
        assert!(error.message.contains(says), "{}", error.render());
        assert_eq!(error.line, line, "{}", error.render());
    }
    let error = fails(&format!("{hands}riichi A\nend\n"));
    assert_eq!(error.render().lines().nth(1), Some("  end"));
    assert_eq!(error.render().lines().nth(2), Some("  ^^^"));
    // Near-miss: `end` right after the last hand of the ruleset's game is after its end.
    assert!(matches!(
        play(&example("sanma-tenhou")).end,
        Some(mj3::game::GameEnd::LastDealerStops)
    ));
}

/// `record::Item` deserializes from the form the page sends (JSON, `kind` naming the event)
/// into the item the reader reads from the line the writer writes of it: one serde form.
#[test]
fn an_item_sent_as_json_is_the_item_its_line_reads_as() {
    use record::Item;
    for (json, line) in [
        (r#"{"kind":"riichi","player":"Ann"}"#, "riichi Ann"),
        (
            r#"{"kind":"draw","tenpai":["Ann","Cat"]}"#,
            "draw tenpai Ann Cat",
        ),
        (r#"{"kind":"nagashi","player":"Ben"}"#, "nagashi Ben"),
        (r#"{"kind":"chombo","player":"Ben"}"#, "chombo Ben"),
        (
            r#"{"kind":"abort","draw":"nine-terminals","player":"Cat"}"#,
            "abort nine-terminals Cat",
        ),
        (r#"{"kind":"abort","draw":"four-kans"}"#, "abort four-kans"),
        (
            r#"{"kind":"kong","player":"Ann","tile":"5p","made":"from","from":"Ben"}"#,
            "kong Ann 5p from Ben",
        ),
        (
            r#"{"kind":"kong","player":"Ann","tile":"E","made":"promoted","fed_by":"Cat"}"#,
            "kong Ann E promoted fed-by Cat",
        ),
        (
            r#"{"kind":"bonus-set","player":"Ann","set":"flowers","dealt":true}"#,
            "bonus-set Ann flowers dealt",
        ),
        (
            r#"{"kind":"correct","moves":[["Ann",1000],["Ben",-1000]]}"#,
            "correct Ann +1000 Ben -1000",
        ),
        (
            r#"{"kind":"win","winner":"Ann","from":"Ben","hand":"123p456p789p11s rrr"}"#,
            "Ann ron Ben: 123p456p789p11s rrr",
        ),
        (
            r#"{"kind":"win","winner":"Cat","from":null,"value":{"han-fu":{"han":3,"fu":30}}}"#,
            "Cat tsumo: 3 han 30 fu",
        ),
        (r#"{"kind":"dealer-stops"}"#, "dealer-stops"),
        (r#"{"kind":"dealer-plays-on"}"#, "dealer-plays-on"),
        (r#"{"kind":"end"}"#, "end"),
        (
            r#"{"kind":"riichi","player":"Ah Meng"}"#,
            "riichi \"Ah Meng\"",
        ),
    ] {
        let item: Item = serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"));
        let written = record::write(&item).expect("written");
        assert_eq!(written, line, "{json}");
        let read = record::read(&written).expect("reads").remove(0).item;
        assert_eq!(record::write(&read).as_deref(), Ok(line));
    }
    // Near-misses: an unknown kind, a tile not in notation, a kong `from` nobody.
    for json in [
        r#"{"kind":"dance"}"#,
        r#"{"kind":"kong","player":"Ann","tile":"5q","made":"concealed"}"#,
        r#"{"kind":"kong","player":"Ann","tile":"5p","made":"from"}"#,
    ] {
        assert!(serde_json::from_str::<Item>(json).is_err(), "{json}");
    }
}

/// A game over is settled as `mj3 game` computes it: each returns the target, the uma by
/// place, the oka to first, the sticks left to first; the results add up to zero. Near-miss:
/// a game not over has no settlement.
#[test]
fn a_game_over_is_settled_with_target_uma_oka_and_the_sticks_left() {
    let sheet = play(&example("sanma-tenhou"));
    let settled = sheet.settlement.as_ref().expect("the game is over");
    assert_eq!(
        (settled.returned, settled.oka, settled.uma, settled.total),
        (40_000, 15_000, [20_000, 0, -20_000], 0)
    );
    let shares: Vec<(&str, i64, i64, i64, i64)> = sheet
        .standings
        .iter()
        .map(|s| (s.player.as_str(), s.points, s.uma, s.oka, s.result))
        .collect();
    assert_eq!(
        shares,
        [
            ("Cat", 62_200, 20_000, 15_000, 57_200),
            ("Ben", 23_200, 0, 0, -16_800),
            ("Ann", 19_600, -20_000, 0, -40_400),
        ]
    );
    assert_eq!(
        settled.said().as_deref(),
        Some("each returns 40,000; uma +20,000, 0, -20,000; oka +15,000 to first")
    );
    assert!(settled.adjusts);
    let leftover = play(&example("sanma-mahjongsoul-leftover"));
    let settled = leftover.settlement.as_ref().expect("over");
    assert_eq!(
        (
            settled.sticks,
            settled.sticks_to.as_deref(),
            settled.sticks_points,
            settled.total
        ),
        (1, Some("Cat"), 1_000, 0)
    );
    assert!(
        play(&example("sanma-mahjongsoul-robbing"))
            .settlement
            .is_none()
    );
}

/// A game settled with no return other than the start, no uma and no oka (`korean` and
/// `malaysian` by default) adjusts no result and has nothing to say (`mj3 game` prints no
/// `Settled:` line); near-miss: the same korean game with an uma set says it.
#[test]
fn a_game_settled_without_uma_or_oka_says_nothing() {
    // The record, ended here unless it is over.
    let over = |record: String| {
        if play(&record).settlement.is_some() {
            record
        } else {
            format!("{record}end\n")
        }
    };
    for system in ["korean", "malaysian"] {
        let sheet = play(&over(example(system)));
        let settled = sheet.settlement.as_ref().expect("over");
        assert!(!settled.adjusts, "{system}");
        assert_eq!(settled.said(), None, "{system}");
    }
    let with_uma = example("korean").replace(
        "players Ann Ben Cat\n",
        "players Ann Ben Cat\nset game.uma=[10,0,-10]\n",
    );
    let sheet = play(&over(with_uma));
    let settled = sheet.settlement.as_ref().expect("over");
    assert!(settled.adjusts);
    assert_eq!(
        settled.said().as_deref(),
        Some("each returns 0; uma +10, 0, -10")
    );
}
