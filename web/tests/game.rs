//! The page's game: the records `mj3 game --json` writes, the hand in play, and the record
//! lines written from what the page tapped.

use mj3_web::game;
use serde_json::{Value, json};

fn answer(text: Result<String, String>) -> Value {
    serde_json::from_str(&text.expect("an answer")).expect("JSON")
}

const START: &str = "ruleset sanma\nplayers Ann Ben Cat\n";

#[test]
fn a_record_replays_to_the_hands_of_mj3_game_and_the_hand_in_play() {
    let record = format!("{START}riichi Ben\nBen ron Cat: 234p567p678s88s234s\nriichi Ann\n");
    let replayed = answer(game::replay(&record, ""));
    assert_eq!(replayed["hands"].as_array().map(Vec::len), Some(1));
    assert_eq!(replayed["hands"][0]["players"][1]["player"], "Ben");
    assert!(replayed["hands"][0]["players"][1]["change"].as_i64() > Some(0));
    assert_eq!(replayed["error"], Value::Null);
    assert_eq!(replayed["end"]["kind"], "end");
    assert_eq!(replayed["event_lines"], json!([3, 4, 5]));
    let next = &replayed["next"];
    assert_eq!(next["label"], "East 2");
    assert_eq!(next["dealer"], "Ben");
    assert_eq!(next["seats"][1]["seat"], "East");
    assert_eq!(next["events"].as_array().map(Vec::len), Some(1));
    assert!(
        next["events"][0]
            .as_str()
            .is_some_and(|e| e.contains("Ann"))
    );
}

/// Who declared riichi is a fact of the hand in play, under every han ruleset (whose sheet
/// says "Ann riichi (1,000 on the table)", never "declares"), with the stick on the table;
/// the ruleset's name comes as a fact too, not cut out of its label.
#[test]
fn the_hand_in_play_names_who_declared_riichi_under_every_han_ruleset() {
    for ruleset in ["sanma", "sanma-tenhou", "sanma-mahjongsoul", "sanma-honshu"] {
        let record = format!(
            "ruleset {ruleset}\nplayers Ann Ben Cat\nset game.starting-points=40000\nriichi Ann\n"
        );
        let replayed = answer(game::replay(&record, ""));
        assert_eq!(replayed["error"], Value::Null, "{ruleset}: {replayed}");
        let next = &replayed["next"];
        assert_eq!(
            next["declared"],
            json!([{"player": "Ann", "line": 4, "stick": true}]),
            "{ruleset}"
        );
        assert_eq!(next["sticks_now"], 1, "{ruleset}");
        assert_eq!(replayed["rules"]["ruleset"], ruleset);
    }
}

#[test]
fn a_line_the_game_cannot_take_stops_the_replay_with_its_caret_and_the_hands_before_it() {
    let record = format!("{START}draw\nZed tsumo: 123p456p789p11s rrr\n");
    let replayed = answer(game::replay(&record, ""));
    assert_eq!(replayed["hands"].as_array().map(Vec::len), Some(1));
    assert_eq!(replayed["error"]["line"], 4);
    assert!(
        replayed["error"]["shown"]
            .as_str()
            .is_some_and(|s| s.contains('^'))
    );
    assert_eq!(replayed["next"], Value::Null);
}

#[test]
fn a_game_over_has_no_hand_in_play() {
    // One round: each dealer noten at a draw passes the deal (East round, 003 §3.5).
    let text =
        format!("{START}set game.rounds=1\ndraw tenpai Ben\ndraw tenpai Cat\ndraw tenpai Ann\n");
    let replayed = answer(game::replay(&text, ""));
    assert!(replayed["end"]["end"].is_string(), "{replayed}");
    assert_eq!(replayed["next"], Value::Null);
}

#[test]
fn the_library_says_which_lines_close_an_entry_of_the_sheet() {
    let closes =
        |event: Value| answer(game::record_line(&event.to_string()))["closes_entry"].clone();
    for event in [
        json!({"kind": "draw", "tenpai": []}),
        json!({"kind": "win", "winner": "Ann", "from": "Ben", "value": {"limit": "mangan"}}),
        json!({"kind": "win", "winner": "Ann", "from": "Ben", "also": true, "value": {"limit": "mangan"}}),
        json!({"kind": "chombo", "player": "Cat"}),
        json!({"kind": "correct", "moves": [["Ann", 1000], ["Ben", -1000]]}),
    ] {
        assert_eq!(closes(event.clone()), Value::Bool(true), "{event}");
    }
    for event in [
        json!({"kind": "riichi", "player": "Ann"}),
        json!({"kind": "kong", "player": "Ann", "tile": "5p", "made": "from", "from": "Ben"}),
        json!({"kind": "bonus-set", "player": "Ann", "set": "flowers", "dealt": true}),
    ] {
        assert_eq!(closes(event.clone()), Value::Bool(false), "{event}");
    }
}

#[test]
fn each_event_is_written_as_the_record_reads_it() {
    let line = |event: Value| {
        let written = answer(game::record_line(&event.to_string()));
        written["line"].as_str().expect("a line").to_string()
    };
    assert_eq!(
        line(json!({"kind": "riichi", "player": "Ann"})),
        "riichi Ann"
    );
    assert_eq!(line(json!({"kind": "draw", "tenpai": []})), "draw");
    assert_eq!(
        line(json!({"kind": "draw", "tenpai": ["Ann", "Cat"]})),
        "draw tenpai Ann Cat"
    );
    assert_eq!(
        line(
            json!({"kind": "win", "winner": "Ann", "from": "Ben", "also": true, "hand": "123p456p789p11s rrr"})
        ),
        "and Ann ron Ben: 123p456p789p11s rrr"
    );
    assert_eq!(
        line(
            json!({"kind": "win", "winner": "Ben", "from": null, "pao": "Ann", "hand": "[www] [ggg] [rrr] 123p 55s"})
        ),
        "Ben tsumo pao Ann: [www] [ggg] [rrr] 123p 55s"
    );
    assert_eq!(
        line(json!({"kind": "chombo", "player": "Cat"})),
        "chombo Cat"
    );
    assert_eq!(
        line(json!({"kind": "correct", "moves": [["Ann", 1000], ["Ben", -1000]]})),
        "correct Ann +1000 Ben -1000"
    );
    assert_eq!(
        line(json!({"kind": "kong", "player": "Ann", "tile": "5p", "made": "from", "from": "Ben"})),
        "kong Ann 5p from Ben"
    );
    assert_eq!(
        line(json!({"kind": "bonus-set", "player": "Ann", "set": "flowers", "dealt": true})),
        "bonus-set Ann flowers dealt"
    );
    let value = |v: Value| line(json!({"kind": "win", "winner": "Ann", "from": "Ben", "value": v}));
    assert_eq!(
        value(json!({"han-fu": {"han": 3, "fu": 40}})),
        "Ann ron Ben: 3 han 40 fu"
    );
    assert_eq!(
        value(json!({"han-fu": {"han": 5, "fu": null}})),
        "Ann ron Ben: 5 han"
    );
    assert_eq!(value(json!({"limit": "mangan"})), "Ann ron Ben: mangan");
    assert_eq!(
        value(json!({"points": {"hand": 5, "bonus": 8}})),
        "Ann ron Ben: 5 hand-points 8 bonus-points"
    );
    assert_eq!(value(json!({"fan": 6})), "Ann ron Ben: 6 fan");
    // What the record cannot read is refused, never written (two words are one quoted name).
    assert!(
        game::record_line(&json!({"kind": "riichi", "player": "two  spaces"}).to_string()).is_err()
    );
    assert!(game::record_line(&json!({"kind": "riichi", "player": "Ann:"}).to_string()).is_err());
    assert!(game::record_line(&json!({"kind": "dance"}).to_string()).is_err());
}

#[test]
fn a_new_game_starts_with_its_header_checked() {
    let start = json!({"ruleset": "sanma", "players": ["Ann", "Ben", "Cat"], "settings": [["rounds", 2], ["bust", "never"], ["abortive-draws", ["nine-terminals", "four-kans"]], ["uma", [15000, 0, -15000]]]});
    let text = game::record_start(&start.to_string()).expect("a header");
    assert_eq!(
        text,
        "ruleset sanma\nplayers Ann Ben Cat\nset game.rounds=2\nset game.bust=\"never\"\nset game.abortive-draws=[\"nine-terminals\",\"four-kans\"]\nset game.uma=[15000,0,-15000]\n"
    );
    let bad = json!({"ruleset": "sanma", "players": ["Ann", "Ann", "Cat"]});
    assert!(game::record_start(&bad.to_string()).is_err());
}

#[test]
fn a_win_by_its_value_replays_as_the_same_win_written_with_tiles() {
    let by_value = format!("{START}Ben ron Cat: 3 han 30 fu\n");
    let by_tiles = format!("{START}riichi Ben\nBen ron Cat: 234p567p678s88s234s\n");
    let (a, b) = (
        answer(game::replay(&by_value, "")),
        answer(game::replay(&by_tiles, "")),
    );
    // The same payment less the riichi stick Ben put out and took back.
    assert_eq!(a["hands"][0]["players"][2], b["hands"][0]["players"][2]);
}

#[test]
fn the_hand_in_play_is_known_when_the_one_replay_cannot_say_it() {
    // A tenpai line named before the draw: the probe cannot name the player again.
    let record = format!("{START}riichi Ben\ntenpai Ann\n");
    let replayed = answer(game::replay(&record, ""));
    assert_eq!(replayed["error"], Value::Null);
    assert_eq!(replayed["next"]["label"], "East 1");
    assert_eq!(replayed["end"]["standings"][0]["player"], "Ann");
    // Under a points ruleset the probe is a plain draw.
    let korean = "ruleset korean\nplayers Ann Ben Cat\nAnn tsumo: 123p456m999s rrr EE\n";
    let replayed = answer(game::replay(korean, ""));
    assert_eq!(replayed["hands"].as_array().map(Vec::len), Some(1));
    assert_eq!(replayed["next"]["dealer"], "Ben");
}

#[test]
fn a_game_that_starts_late_and_the_dealers_choice_are_written_by_the_library() {
    let start = json!({
        "ruleset": "sanma", "players": ["Ann", "Ben", "Cat"],
        "at": {"round": "South", "hand": 2, "dealer": "Ben", "counters": 1, "sticks": 0,
               "points": [["Ann", 30000], ["Ben", 36000], ["Cat", 39000]]}
    });
    let text = game::record_start(&start.to_string()).expect("a header");
    assert!(
        text.ends_with(
            "start South 2 dealer Ben counters 1 points Ann 30000 Ben 36000 Cat 39000\n"
        ),
        "{text}"
    );
    let replayed = answer(game::replay(&text, ""));
    assert_eq!(replayed["next"]["label"], "South 2");
    assert_eq!(replayed["next"]["honba"], 1);
    let line = answer(game::record_line(
        &json!({"kind": "dealer-stops"}).to_string(),
    ));
    assert_eq!(line["line"], "dealer-stops");
    assert_eq!(line["closes_entry"], false);
}

#[test]
fn the_all_last_dealers_choice_is_open_right_after_his_hand_and_closed_once_made() {
    let last = "ruleset sanma\nplayers Ann Ben Cat\nstart West 3 dealer Cat points Ann 30000 Ben 34000 Cat 41000\nCat tsumo: 3 han 30 fu\n";
    let open = answer(game::replay(last, ""));
    assert_eq!(open["dealer_choice"], true);
    assert_eq!(open["end"]["end"], Value::Null);
    for choice in ["dealer-stops", "dealer-plays-on"] {
        let made = answer(game::replay(&format!("{last}{choice}\n"), ""));
        assert_eq!(made["dealer_choice"], false, "{choice}");
        assert_eq!(made["error"], Value::Null, "{choice}");
    }
    let stopped = answer(game::replay(&format!("{last}dealer-stops\n"), ""));
    assert!(
        stopped["end"]["end"]
            .as_str()
            .is_some_and(|e| e.contains("dealer-stops"))
    );
    // Not the last hand, or the dealer not first: no choice.
    let early = answer(game::replay(
        "ruleset sanma\nplayers Ann Ben Cat\nAnn tsumo: 3 han 30 fu\n",
        "",
    ));
    assert_eq!(early["dealer_choice"], false);
    let behind = "ruleset sanma\nplayers Ann Ben Cat\nstart West 3 dealer Cat points Ann 50000 Ben 20000 Cat 35000\nCat tsumo: 1 han 30 fu\n";
    assert_eq!(answer(game::replay(behind, ""))["dealer_choice"], false);
    // A ruleset whose dealer stops by itself: the game is over, and he may still play on.
    let tenhou = last.replace("ruleset sanma", "ruleset sanma-tenhou");
    let over = answer(game::replay(&tenhou, ""));
    assert_eq!(over["dealer_choice"], true);
    assert!(over["end"]["end"].as_str().is_some());
    let on = answer(game::replay(&format!("{tenhou}dealer-plays-on\n"), ""));
    assert_eq!(on["error"], Value::Null);
    assert_eq!(on["dealer_choice"], false);
}

/// A house file on sanma that plays nagashi mangan and both abortive draws.
const HOUSE: &str = "extends = \"sanma\"\nname = \"our-table\"\n\n[game]\nnagashi-mangan = true\nabortive-draws = [\"nine-terminals\", \"four-kans\"]\n";

/// The value of the `[game]` setting `key` in a replay's `rules`.
fn setting<'a>(replayed: &'a Value, key: &str) -> &'a Value {
    replayed["rules"]["game"]
        .as_array()
        .and_then(|all| all.iter().find(|s| s["key"] == key))
        .map_or(&Value::Null, |s| &s["value"])
}

#[test]
fn a_game_under_a_house_file_starts_and_replays_with_the_house_text() {
    let start = json!({"ruleset": "house.toml", "house": HOUSE, "players": ["Ann", "Ben", "Cat"]});
    let text = game::record_start(&start.to_string()).expect("a header");
    assert_eq!(text, "ruleset house.toml\nplayers Ann Ben Cat\n");
    let record = format!("{text}riichi Ben\nnagashi Cat\ndraw tenpai Ben\n");
    let replayed = answer(game::replay(&record, HOUSE));
    assert_eq!(replayed["error"], Value::Null, "{replayed}");
    assert_eq!(
        replayed["end"]["ruleset"],
        "our-table from house.toml on sanma"
    );
    assert_eq!(replayed["rules"]["system"], "han-fu");
    assert_eq!(setting(&replayed, "nagashi-mangan"), true);
    assert_eq!(replayed["next"]["label"], "East 2");
    assert_eq!(replayed["house_file"], "house.toml");
    // Near-misses: without its house file the record does not replay; a shipped ruleset
    // named with a house file given is refused.
    let alone = answer(game::replay(&record, ""));
    assert!(
        alone["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("house.toml")),
        "{alone}"
    );
    assert_eq!(alone["rules"], Value::Null);
    assert_eq!(alone["house_file"], "house.toml");
    let shipped = json!({"ruleset": "sanma", "house": HOUSE, "players": ["Ann", "Ben", "Cat"]});
    let refused = game::record_start(&shipped.to_string()).expect_err("a shipped name");
    assert!(refused.contains("shipped ruleset `sanma`"), "{refused}");
    // A house file that does not load says where, with the caret under the ruleset line.
    let bad = json!({"ruleset": "house.toml", "house": "extends = \"sanma\"\n[game]\nnagashi-mangan = maybe\n", "players": ["Ann", "Ben", "Cat"]});
    let refused = game::record_start(&bad.to_string()).expect_err("a bad house file");
    assert!(refused.contains("line 1:"), "{refused}");
    assert!(refused.contains('^'), "{refused}");
}

#[test]
fn a_replay_says_what_the_game_takes_from_its_own_settings() {
    // Tenhou's sanma plays nagashi mangan; this game's `set` line switches it off.
    let on = answer(game::replay(
        "ruleset sanma-tenhou\nplayers Ann Ben Cat\n",
        "",
    ));
    assert_eq!(setting(&on, "nagashi-mangan"), true);
    let off = answer(game::replay(
        "ruleset sanma-tenhou\nset game.nagashi-mangan=false\nplayers Ann Ben Cat\n",
        "",
    ));
    assert_eq!(setting(&off, "nagashi-mangan"), false);
    // Under the house file's own [game].
    let house = answer(game::replay(
        "ruleset house.toml\nplayers Ann Ben Cat\n",
        HOUSE,
    ));
    assert_eq!(
        setting(&house, "abortive-draws"),
        &json!(["nine-terminals", "four-kans"])
    );
    let plain = answer(game::replay("ruleset sanma\nplayers Ann Ben Cat\n", ""));
    assert_eq!(setting(&plain, "nagashi-mangan"), false);
    assert_eq!(setting(&plain, "abortive-draws"), &json!([]));
    assert_eq!(plain["house_file"], Value::Null);
}

#[test]
fn a_line_break_in_a_word_the_page_sends_is_refused_not_written_as_a_second_line() {
    // A player named with a line break would write `set game.rounds=1` into the header.
    let start = json!({"ruleset": "sanma", "players": ["Ann\nset game.rounds=1", "Ben", "Cat"]});
    let refused = game::record_start(&start.to_string()).expect_err("a line break in a name");
    assert!(refused.contains("line break"), "{refused}");
    let start = json!({"ruleset": "sanma", "players": ["Ann", "Ben", "Cat"], "settings": [["rounds\nriichi Ann", 1]]});
    assert!(game::record_start(&start.to_string()).is_err());
    let riichi = json!({"kind": "riichi", "player": "Ann\nriichi Ben"});
    let refused = game::record_line(&riichi.to_string()).expect_err("a line break in a name");
    assert!(refused.contains("line break"), "{refused}");
    // Near-miss: the same names without the break are written.
    let start = json!({"ruleset": "sanma", "players": ["Ann", "Ben", "Cat"]});
    assert!(game::record_start(&start.to_string()).is_ok());
    let riichi = json!({"kind": "riichi", "player": "Ann"});
    assert_eq!(
        answer(game::record_line(&riichi.to_string()))["line"],
        "riichi Ann"
    );
}

#[test]
fn a_record_or_house_file_beyond_the_pages_limits_is_refused_before_it_is_read() {
    let limits = answer(game::limits());
    assert_eq!(limits["record"], game::MAX_RECORD_BYTES);
    assert_eq!(limits["house"], game::MAX_HOUSE_BYTES);
    // The largest record taken replays; one byte more is refused with its size and the limit.
    let mut record = String::from(START);
    while record.len() + 5 <= game::MAX_RECORD_BYTES {
        record.push_str("draw\n");
    }
    let replayed = answer(game::replay(&record, ""));
    assert_eq!(replayed["error"], Value::Null);
    assert!(replayed["hands"].as_array().map_or(0, Vec::len) > 6_500);
    let over = format!(
        "{record}{}",
        "\n".repeat(game::MAX_RECORD_BYTES + 1 - record.len())
    );
    let refused = answer(game::replay(&over, ""));
    assert_eq!(refused["end"], Value::Null);
    assert_eq!(refused["error"]["line"], 0);
    let said = format!(
        "the record is larger than {} bytes ({} bytes)",
        game::MAX_RECORD_BYTES,
        game::MAX_RECORD_BYTES + 1
    );
    assert_eq!(refused["error"]["message"], said);
    let house = "#".repeat(game::MAX_HOUSE_BYTES + 1);
    let refused = answer(game::replay("ruleset house.toml\nplayers A B C\n", &house));
    assert_eq!(refused["end"], Value::Null);
    assert!(
        refused["error"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("the house file is larger than 262144 bytes"))
    );
}

fn example(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/../docs/examples/{name}-game.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("an example record")
}

/// The evening of the three example games, as the page asks for it: the object `mj3
/// evening --json` writes (its totals add up to zero, the payments settle them), and the
/// refusals with the message `mj3 evening` prints.
#[test]
fn an_evening_answers_what_mj3_evening_writes() {
    let games: Vec<Value> = ["sanma", "sanma-tenhou", "sanma-dealer-stops"]
        .iter()
        .map(|n| json!({"name": format!("{n}-game.txt"), "record": example(n)}))
        .collect();
    let evening = answer(game::evening(
        &json!({"games": games, "rate": "0.5"}).to_string(),
    ));
    let totals: Vec<(String, i64)> = evening["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| {
            (
                p["player"].as_str().expect("a name").to_string(),
                p["total"].as_i64().expect("a total"),
            )
        })
        .collect();
    assert_eq!(
        totals,
        [
            ("Ann".to_string(), -71_200),
            ("Ben".to_string(), 19_500),
            ("Cat".to_string(), 51_700)
        ]
    );
    assert_eq!(evening["players"][0]["value"], "-35.6");
    assert_eq!(
        evening["payments"],
        json!([
            {"from": "Ann", "to": "Ben", "points": 19500, "value": "9.75"},
            {"from": "Ann", "to": "Cat", "points": 51700, "value": "25.85"}
        ])
    );
    assert_eq!(
        evening["games"][2]["running"],
        json!([-71200, 19500, 51700])
    );
    assert_eq!(evening["unit"], "thousand");

    // Near-misses: a game not over, a bad line (its game, line and caret), a bad rate, a
    // record larger than the page takes, an unknown field.
    let not_over =
        json!({"games": [{"name": "robbing", "record": example("sanma-mahjongsoul-robbing")}]});
    let refused = game::evening(&not_over.to_string()).expect_err("not over");
    assert!(
        refused.contains("robbing is not over") && !refused.contains("`end`"),
        "{refused}"
    );
    let bad =
        json!({"games": [{"name": "bad", "record": "ruleset sanma\nplayers A B C\nA wins: 1\n"}]});
    let refused = game::evening(&bad.to_string()).expect_err("a bad line");
    assert!(
        refused.starts_with("bad: line 3: ") && refused.contains("^"),
        "{refused}"
    );
    let rate = json!({"games": games, "rate": "-1"});
    assert!(game::evening(&rate.to_string()).is_err());
    let large =
        json!({"games": [{"name": "big", "record": "#".repeat(game::MAX_RECORD_BYTES + 1)}]});
    let refused = game::evening(&large.to_string()).expect_err("too large");
    assert!(refused.contains("larger than 32768 bytes"), "{refused}");
    assert!(game::evening(r#"{"games": [], "extra": 1}"#).is_err());
}

/// A name with a space is written quoted in the header the page starts a game with, and
/// replays under that name.
#[test]
fn a_name_with_a_space_starts_a_game() {
    let start = json!({"ruleset": "sanma", "players": ["Ah Meng", "Sora", "Jun"]});
    let text = game::record_start(&start.to_string()).expect("a header");
    assert_eq!(text, "ruleset sanma\nplayers \"Ah Meng\" Sora Jun\n");
    let written = answer(game::record_line(r#"{"kind":"riichi","player":"Ah Meng"}"#));
    let line = written["line"].as_str().expect("a line");
    assert_eq!(line, "riichi \"Ah Meng\"");
    let replayed = answer(game::replay(&format!("{text}{line}\n"), ""));
    assert_eq!(replayed["end"]["players"][0], "Ah Meng");
    assert!(replayed["error"].is_null(), "{replayed}");
    // Near-miss: two spaces in a row are refused, never written.
    let start = json!({"ruleset": "sanma", "players": ["Ah  Meng", "Sora", "Jun"]});
    assert!(game::record_start(&start.to_string()).is_err());
}

#[test]
fn settings_changed_after_start_are_written_into_the_header_and_replayed() {
    // CRLF kept, a comment kept, the key's set line replaced, a new one after the last set.
    let record = "ruleset sanma\r\nplayers Ann Ben Cat\r\n# our table\r\nset game.uma=[15000,0,-15000]\r\nBen ron Cat: 3 han 30 fu\r\nCat ron Ann: 3 han 30 fu\r\nAnn ron Ben: 3 han 30 fu\r\nBen ron Cat: 3 han 30 fu";
    let asked = |settings: Value| json!({"record": record, "settings": settings}).to_string();
    let text = game::record_settings(&asked(json!([
        ["uma", [20000, 0, -20000]],
        ["target-points", 40000]
    ])))
    .expect("a record");
    assert_eq!(
        text,
        "ruleset sanma\r\nplayers Ann Ben Cat\r\n# our table\r\nset game.uma=[20000,0,-20000]\r\nset game.target-points=40000\nBen ron Cat: 3 han 30 fu\r\nCat ron Ann: 3 han 30 fu\r\nAnn ron Ben: 3 han 30 fu\r\nBen ron Cat: 3 han 30 fu"
    );
    // No set line yet: after players; nothing asked: the record as it was.
    let bare = "ruleset sanma\nplayers Ann Ben Cat\nBen ron Cat: 3 han 30 fu\n";
    let text = game::record_settings(
        &json!({"record": bare, "settings": [["bust", "never"]]}).to_string(),
    )
    .expect("a record");
    assert_eq!(
        text,
        "ruleset sanma\nplayers Ann Ben Cat\nset game.bust=\"never\"\nBen ron Cat: 3 han 30 fu\n"
    );
    let same = game::record_settings(&json!({"record": bare, "settings": []}).to_string());
    assert_eq!(same.as_deref(), Ok(bare));
    // One round: the fourth hand would come after the game's end; refused with its line in
    // the changed record (the new set line before it).
    let refused = game::record_settings(&asked(json!([["rounds", 1]]))).expect_err("refused");
    assert!(refused.contains("the game is over"), "{refused}");
    assert!(refused.contains("line 9"), "{refused}");
}

/// A hostile request: settings more than a record's `set` lines, or one key twice, are
/// refused before a line is written or replayed; a list in a value naming an entry twice is
/// refused by the library at its `set` line.
#[test]
fn settings_the_page_sends_are_bounded_before_anything_is_replayed() {
    let bare = "ruleset sanma\nplayers Ann Ben Cat\nBen ron Cat: 3 han 30 fu\n";
    let many: Vec<Value> = (0..100_000).map(|_| json!(["rounds", 1])).collect();
    for asked in [
        json!({"record": bare, "settings": many}),
        json!({"record": bare, "settings": [["rounds", 1], ["bust", "never"], ["rounds", 2]]}),
    ] {
        let refused = game::record_settings(&asked.to_string()).expect_err("refused");
        assert!(
            refused.starts_with("the settings the page sent"),
            "{refused}"
        );
        assert!(refused.len() < 200, "{refused}");
    }
    let refused = game::record_settings(
        &json!({"record": bare, "settings": [["rounds", 1], ["rounds", 1]]}).to_string(),
    )
    .expect_err("one key twice");
    assert!(refused.contains("name `game.rounds` twice"), "{refused}");
    let start = json!({"ruleset": "sanma", "players": ["Ann", "Ben", "Cat"], "settings": [["uma", [1, 0, -1]], ["uma", [2, 0, -2]]]});
    let refused = game::record_start(&start.to_string()).expect_err("one key twice");
    assert!(refused.contains("name `game.uma` twice"), "{refused}");
    let pao: Vec<&str> = vec!["great-dragons"; 4000];
    let refused =
        game::record_settings(&json!({"record": bare, "settings": [["pao", pao]]}).to_string())
            .expect_err("a list naming one hand 4,000 times");
    assert!(refused.contains("line 3"), "{refused}");
    assert!(
        refused.contains("`game.pao` names `great-dragons` twice"),
        "{refused}"
    );
    assert!(refused.len() < 1000, "{} bytes", refused.len());
    // Near-miss: each key once, each entry once.
    let text = game::record_settings(
        &json!({"record": bare, "settings": [["pao", ["great-dragons", "big-four-winds"]], ["rounds", 1]]})
            .to_string(),
    )
    .expect("a record");
    assert!(
        text.contains("set game.pao=[\"great-dragons\",\"big-four-winds\"]\nset game.rounds=1\n"),
        "{text}"
    );
}

#[test]
fn a_ron_leaves_one_more_claim_on_its_discard_open_and_nothing_else_does() {
    let open = |record: String| answer(game::replay(&record, ""))["open_claims"].as_u64();
    assert_eq!(open(format!("{START}Ben ron Ann: 3 han 30 fu\n")), Some(1));
    assert_eq!(
        open(format!(
            "{START}Ben ron Ann: 3 han 30 fu\nand Cat ron Ann: 3 han 30 fu\n"
        )),
        Some(0)
    );
    assert_eq!(open(format!("{START}Ben tsumo: 3 han 30 fu\n")), Some(0));
    assert_eq!(
        open(format!("{START}Ben ron Ann: 3 han 30 fu\ndraw\n")),
        Some(0)
    );
    // One win by priority (korean): the second claim still closes the discard.
    let korean = "ruleset korean\nplayers Ann Ben Cat\nBen ron Ann: 3 hand-points 0 bonus-points\n";
    assert_eq!(open(korean.to_owned()), Some(1));
    assert_eq!(
        open(format!(
            "{korean}and Cat ron Ann: 3 hand-points 0 bonus-points\n"
        )),
        Some(0)
    );
}
