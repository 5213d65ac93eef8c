//! Whole games replayed (`mj3::game`): every flow rule of the rule texts with a game and its
//! expected sheet, each citing its source; the example games of docs/examples; and points
//! conserved after every hand.

#[path = "common/games.rs"]
mod games;

use games::{changes, conserved, fails, play, totals};
use mj3::game;

/// Riichi only (003 §12 Riichi): a non-dealer's ron 1,300, the dealer's 2,000.
const RIICHI_ONLY: &str = "345p678p345s567s99s";
/// Yakuhai and ittsuu, 3 han 40 fu on a ron: non-dealer 5,200, dealer 7,700; by self-draw
/// 4 han 30 fu: non-dealer 2,000 + 3,900, dealer 3,900 each.
const YAKUHAI_ITTSUU: &str = "123p456p789p11s rrr";
/// Tanyao and pinfu: a non-dealer's ron 2,000; by self-draw 700 + 1,300.
const TANYAO_PINFU: &str = "234p567p678s88s234s";
/// No yaku at all.
const NO_YAKU: &str = "123p456p789s234s11s";
/// Big three dragons, the three dragon sets exposed: a non-dealer's ron 32,000; by
/// self-draw 8,000 from the non-dealer and 16,000 from the dealer.
const DAISANGEN: &str = "[www] [ggg] [rrr] 123p 55s";

fn sanma(events: &str) -> String {
    format!("ruleset sanma\nplayers Ann Ben Cat\n{events}")
}

// ----- sanma (003) ---------------------------------------------------------------------

/// 003 §3.5 "When a Ko ... completes a hand the role of Oya passes to the right"; a dealer's
/// win keeps the deal and adds a counter (003 §11 Paarenchan: "winning eight hands in a row"
/// accumulates eight); a non-dealer's win clears them ("the former Oya removes the 100-Tenbo").
#[test]
fn dealer_keeps_the_deal_on_his_win_a_non_dealer_win_passes_it() {
    let sheet = play(&sanma(&format!(
        "Ann ron Ben: {YAKUHAI_ITTSUU}\nAnn ron Ben: {YAKUHAI_ITTSUU}\nCat ron Ben: {YAKUHAI_ITTSUU}\ndraw\n"
    )));
    let h = &sheet.hands;
    assert_eq!(
        (h[0].label.as_str(), h[0].dealer.as_str(), h[0].honba),
        ("East 1", "Ann", 0)
    );
    assert_eq!(totals(&h[0]), [42_700, 27_300, 35_000]);
    assert_eq!((h[1].label.as_str(), h[1].honba), ("East 1", 1));
    assert_eq!(
        changes(&h[1]),
        [8_000, -8_000, 0],
        "7,700 + 300 for the counter"
    );
    assert_eq!((h[2].label.as_str(), h[2].honba), ("East 1", 2));
    assert_eq!(changes(&h[2]), [0, -5_800, 5_800], "5,200 + 2 × 300");
    assert_eq!(
        (h[3].label.as_str(), h[3].dealer.as_str(), h[3].honba),
        ("East 2", "Ben", 0)
    );
}

/// 003 §3.5: in the East round the dealer keeps the deal at a draw "only if he is Tenpai ...
/// or if no player is Tenpai"; 003 §11: "A player who is No-tenpai pays 1000 points to any
/// player who is Tenpai ... If all three players are either Tenpai or No-tenpai nobody pays".
#[test]
fn east_round_draws_and_noten_payments() {
    let sheet = play(&sanma(
        "draw tenpai Ann\ndraw\ndraw tenpai Ben\ndraw tenpai Ben Cat\ndraw tenpai Ann Ben Cat\ndraw\n",
    ));
    let h = &sheet.hands;
    assert_eq!(
        changes(&h[0]),
        [2_000, -1_000, -1_000],
        "one tenpai: 1,000 from each noten"
    );
    assert_eq!(
        (h[1].label.as_str(), h[1].honba),
        ("East 1", 1),
        "dealer tenpai: he stays"
    );
    assert_eq!(changes(&h[1]), [0, 0, 0], "nobody tenpai: nobody pays");
    assert_eq!(
        (h[2].label.as_str(), h[2].honba),
        ("East 1", 2),
        "nobody tenpai: he stays"
    );
    assert_eq!(changes(&h[2]), [-1_000, 2_000, -1_000]);
    assert_eq!(
        (h[3].label.as_str(), h[3].dealer.as_str()),
        ("East 2", "Ben"),
        "dealer noten, another tenpai: the deal passes"
    );
    assert_eq!(
        h[3].honba, 2,
        "003 §11: \"If a new Oya takes over after nobody has completed a hand ... the new Oya takes the same number of 100-Tenbo\""
    );
    assert_eq!(
        changes(&h[3]),
        [-2_000, 1_000, 1_000],
        "two tenpai: the noten pays each"
    );
    assert_eq!(changes(&h[4]), [0, 0, 0], "all three tenpai: nobody pays");
    assert_eq!((h[5].label.as_str(), h[5].honba), ("East 2", 4));
}

/// 003 §11: "If a new Oya takes over after nobody has completed a hand, the former Oya
/// informs him how many 100-Tenbo have accumulated on the table ... the new Oya takes the same
/// number of 100-Tenbo" — the default; one more at every draw (`add-one`) is the presets'
/// option, as Tenhou and Mahjong Soul play.
#[test]
fn counters_handed_over_unchanged_by_default_one_more_under_add_one() {
    let events = "draw tenpai Ann\ndraw tenpai Ben\ndraw\n";
    let sheet = play(&sanma(events));
    assert_eq!(sheet.hands[1].honba, 1, "the dealer stays tenpai: one more");
    assert_eq!(
        (sheet.hands[2].dealer.as_str(), sheet.hands[2].honba),
        ("Ben", 1),
        "the new dealer takes the same number"
    );
    let sheet = play(&sanma(&format!(
        "set game.counters-at-draw=\"add-one\"\n{events}"
    )));
    assert_eq!(
        (sheet.hands[2].dealer.as_str(), sheet.hands[2].honba),
        ("Ben", 2)
    );
    for preset in ["sanma-tenhou", "sanma-mahjongsoul"] {
        let rules = mj3::rules::load(preset).expect("loads");
        assert_eq!(
            rules.game.counters_at_draw,
            mj3::rules::CountersAtDraw::AddOne,
            "{preset}"
        );
    }
}

/// Three non-dealer wins end the East round: South 1 is dealt by the first dealer
/// (003 §3.7 "the Tachioya of the East Round will also be the first Oya for the South").
fn to_south() -> String {
    format!(
        "Ben ron Cat: {YAKUHAI_ITTSUU}\nCat ron Ann: {YAKUHAI_ITTSUU}\nAnn ron Ben: {YAKUHAI_ITTSUU}\n"
    )
}

/// 003 §3.5: "in the South round ... the current Oya retains his role as Oya even if his
/// hand was No-Tenpai"; "The same applies if a West round is played".
#[test]
fn south_round_dealer_keeps_the_deal_at_any_draw() {
    let sheet = play(&sanma(&format!(
        "{}draw tenpai Ben\ndraw\ndraw\n",
        to_south()
    )));
    let h = &sheet.hands;
    assert_eq!(
        (h[3].label.as_str(), h[3].dealer.as_str()),
        ("South 1", "Ann")
    );
    assert_eq!(changes(&h[3]), [-1_000, 2_000, -1_000]);
    assert_eq!(
        (h[4].label.as_str(), h[4].dealer.as_str(), h[4].honba),
        ("South 1", "Ann", 1)
    );
    assert_eq!((h[5].label.as_str(), h[5].honba), ("South 1", 2));
}

/// 003 §11 Ryanshi: "Once there are four 100-Tenbo on the table the players need to make
/// hands consisting of two Yaku in order to go out."
#[test]
fn ryanshi_refuses_a_one_han_win_at_four_counters() {
    let draws = "draw tenpai Ann\n".repeat(4);
    let error = fails(&sanma(&format!(
        "{draws}riichi Ben\nBen ron Cat: {RIICHI_ONLY}\n"
    )));
    assert_eq!(error.line, 8);
    assert!(
        error
            .message
            .contains("4 counters on the table require 2 han"),
        "{}",
        error.message
    );
    let three = "draw tenpai Ann\n".repeat(3);
    play(&sanma(&format!(
        "{three}riichi Ben\nBen ron Cat: {RIICHI_ONLY}\n"
    )));
    let sheet = play(&sanma(&format!(
        "{draws}riichi Ben\nBen ron Cat: {TANYAO_PINFU}\n"
    )));
    assert_eq!(sheet.hands[4].honba, 4);
}

/// 003 §11 Paarenchan: eight counters of the dealer's own ("winning eight hands in a row or
/// by having a Tenpai hand when there is no winner") and his ninth hand "without having to
/// collect a single Yaku ... automatically counted as Yakuman".
#[test]
fn paarenchan_pays_a_yakuman_without_a_yaku() {
    let draws = "draw tenpai Ann\n".repeat(8);
    let sheet = play(&sanma(&format!("{draws}Ann ron Ben: {NO_YAKU}\n")));
    let win = &sheet.hands[8];
    assert_eq!(win.honba, 8);
    assert_eq!(changes(win), [48_000 + 8 * 300, -(48_000 + 8 * 300), 0]);
    assert!(
        win.wins[0].summary.contains("paarenchan"),
        "{}",
        win.wins[0].summary
    );
}

/// 003 §11: "Paarenchan does not occur if ... Some of the 100-Tenbo were inherited from the
/// previous Oya", "There is a Chombo", or "A hand ends without any winner and the Oya's hand
/// is not ready".
#[test]
fn paarenchan_is_cancelled_by_the_three_things_the_text_names() {
    let inherited = format!(
        "draw tenpai Ben\n{}Ben ron Cat: {NO_YAKU}\n",
        "draw tenpai Ben\n".repeat(7)
    );
    let chombo = format!(
        "{}chombo Cat\n{}Ann ron Ben: {NO_YAKU}\n",
        "draw tenpai Ann\n".repeat(4),
        "draw tenpai Ann\n".repeat(4)
    );
    let noten = format!(
        "{}draw tenpai Ben\n{}Ann ron Ben: {NO_YAKU}\n",
        to_south(),
        "draw tenpai Ann\n".repeat(7)
    );
    for (what, events) in [
        ("inherited", inherited),
        ("chombo", chombo),
        ("noten draw", noten),
    ] {
        let error = fails(&sanma(&events));
        assert!(
            error.message.contains("no yaku"),
            "{what}: {}",
            error.message
        );
    }
}

/// 003 §9.7: "Both players are paid by the one who gave away the tile ... the Riichi –
/// tenbou goes to the player who is next in sequence (anticlockwise) to the Oya".
#[test]
fn double_ron_the_discarder_pays_both_and_the_sticks_go_to_the_first_from_the_dealer() {
    let sheet = play(&sanma(&format!(
        "riichi Ben\nriichi Cat\nBen ron Ann: {RIICHI_ONLY}\nand Cat ron Ann: {RIICHI_ONLY}\ndraw\n"
    )));
    let h = &sheet.hands[0];
    assert_eq!(h.wins.len(), 2);
    assert_eq!(changes(h), [-2_600, -1_000 + 1_300 + 2_000, -1_000 + 1_300]);
    assert_eq!(h.wins[0].sticks, 2);
    assert_eq!(h.wins[1].sticks, 0);
    assert_eq!(
        sheet.hands[1].dealer, "Ben",
        "non-dealers won: the deal passes"
    );
}

/// 003 §9.7: a discard has two other players to claim it; after one ron the record may take
/// a second (`and`), after two none, and after a tsumo, a draw or any later line none
/// (`Sheet::open_claims`, the page's "Also ron").
#[test]
fn a_ron_leaves_the_other_claim_on_its_discard_open_until_the_next_line() {
    let open = |events: &str| play(&sanma(events)).open_claims;
    assert_eq!(open(&format!("Ben ron Ann: {TANYAO_PINFU}\n")), 1);
    assert_eq!(
        open(&format!(
            "Ben ron Ann: {TANYAO_PINFU}\nand Cat ron Ann: {TANYAO_PINFU}\n"
        )),
        0
    );
    assert_eq!(open(&format!("Ben tsumo: {TANYAO_PINFU}\n")), 0);
    assert_eq!(open(&format!("Ben ron Ann: {TANYAO_PINFU}\ndraw\n")), 0);
    assert_eq!(
        open(&format!("Ben ron Ann: {TANYAO_PINFU}\nriichi Cat\n")),
        0
    );
}

/// 003 §9.7: "if the Oya completed his hand he remains Oya" (and, NOT IN SOURCES, a counter
/// is added as after any dealer win: `dealer-double-ron`); "the Riichi – tenbou goes to the
/// player who is next in sequence (anticlockwise) to the Oya" read literally: the winner
/// after the dealer takes them, not the dealer; `dealer-first` is the other reading.
#[test]
fn double_ron_with_the_dealer_keeps_the_deal() {
    let events = format!(
        "riichi Ann\nriichi Ben\nBen ron Cat: {RIICHI_ONLY}\nand Ann ron Cat: {RIICHI_ONLY}\ndraw\n"
    );
    let sheet = play(&sanma(&format!(
        "set game.double-ron-sticks=\"dealer-first\"\n{events}"
    )));
    assert_eq!(
        changes(&sheet.hands[0]),
        [-1_000 + 2_000 + 2_000, -1_000 + 1_300, -3_300],
        "dealer-first: the sticks go to Ann, the dealer"
    );
    let sheet = play(&sanma(&events));
    let h = &sheet.hands[0];
    assert_eq!(
        changes(h),
        [-1_000 + 2_000, -1_000 + 1_300 + 2_000, -3_300],
        "the sticks go to Ben, next in sequence to the Oya"
    );
    assert_eq!(
        (sheet.hands[1].dealer.as_str(), sheet.hands[1].honba),
        ("Ann", 1)
    );
}

/// 003 §12 Daisangen: "the player feeding the third set of dragons must pay for the entire
/// hand in case of self-draw, and split the payment with the discarder in case of win on a
/// discard".
#[test]
fn daisangen_liability() {
    let tsumo = play(&sanma(&format!("Ben tsumo pao Cat: {DAISANGEN}\n")));
    assert_eq!(
        changes(&tsumo.hands[0]),
        [0, 24_000, -24_000],
        "the feeder pays the dealer's 16,000 and the 8,000"
    );
    let ron = play(&sanma(&format!("Ben ron Ann pao Cat: {DAISANGEN}\n")));
    assert_eq!(changes(&ron.hands[0]), [-16_000, 32_000, -16_000]);
    let fed_and_dealt_in = play(&sanma(&format!("Ben ron Cat pao Cat: {DAISANGEN}\n")));
    assert_eq!(changes(&fed_and_dealt_in.hands[0]), [0, 32_000, -32_000]);
    let error = fails(&sanma(&format!("Ben ron Ann pao Cat: {YAKUHAI_ITTSUU}\n")));
    assert!(
        error
            .message
            .contains("none of the hands a feeder is liable for"),
        "{}",
        error.message
    );
    let error = fails(&sanma(&format!("Ben tsumo pao Ben: {DAISANGEN}\n")));
    assert!(
        error.message.contains("cannot be liable"),
        "{}",
        error.message
    );
}

/// 003 §9.4: the riichi stick is put on the table; 003 §12 Riichi: "This bet is collected by
/// the next player to win a hand" — here after a draw, with the counter of the draw.
#[test]
fn riichi_sticks_wait_on_the_table_for_the_next_winner() {
    let sheet = play(&sanma(&format!(
        "riichi Ann\ndraw\nBen ron Cat: {YAKUHAI_ITTSUU}\n"
    )));
    let h = &sheet.hands;
    assert_eq!(
        changes(&h[0]),
        [1_000, -1_000, -1_000],
        "Ann is tenpai by her riichi: +2,000 - 1,000"
    );
    assert_eq!((h[0].sticks_after, h[0].table_change), (1, 1_000));
    assert_eq!(changes(&h[1]), [0, 5_200 + 300 + 1_000, -5_500]);
    assert_eq!((h[1].sticks_after, h[1].table_change), (0, -1_000));
}

/// 003 §12 Riichi: "Unless the first sideways discard is claimed for a win immediately, the
/// riichi announcer now places a bet"; the other reading (003 §9.4, the stick is put out
/// before the discard) as `declaration-tile-ron = "stick-paid"`.
#[test]
fn a_ron_on_the_riichi_declaration_tile() {
    let record = format!("riichi Ann\nBen ron Ann riichi-discard: {YAKUHAI_ITTSUU}\n");
    let sheet = play(&sanma(&record));
    assert_eq!(changes(&sheet.hands[0]), [-5_200, 5_200, 0]);
    let paid = play(&sanma(&format!(
        "set game.declaration-tile-ron=\"stick-paid\"\n{record}"
    )));
    assert_eq!(changes(&paid.hands[0]), [-6_200, 6_200, 0]);
    let error = fails(&sanma(&format!(
        "Ben ron Ann riichi-discard: {YAKUHAI_ITTSUU}\n"
    )));
    assert!(
        error.message.contains("did not declare riichi"),
        "{}",
        error.message
    );
}

/// 003 §12 Riichi: "a player must also have 1,000 points to begin with"; 003 §9.4: "A
/// player cannot go Riichi ... when there are less than three playable tiles".
#[test]
fn riichi_needs_its_stick_and_tiles_left() {
    let poor = fails(&sanma("set game.starting-points=500\nriichi Ann\n"));
    assert!(poor.message.contains("needs the 1,000"), "{}", poor.message);
    let late = fails(&sanma("riichi Ann left=2\n"));
    assert!(
        late.message.contains("at least 3 tiles"),
        "{}",
        late.message
    );
    play(&sanma("riichi Ann left=3\ndraw\n"));
    let error = fails(&sanma(&format!("Ann ron Ben: {RIICHI_ONLY} riichi\n")));
    assert!(
        error.message.contains("Ann did not declare riichi"),
        "{}",
        error.message
    );
}

/// The seat, round, counters and sticks come from the game; a hand that states them and
/// disagrees is an error that says which is right.
#[test]
fn stated_context_that_disagrees_is_an_error_naming_the_right_value() {
    for (hand, said) in [
        ("seat=E", "seat=E but Ben sits South"),
        ("round=S", "round=S but this hand is in the East round"),
        (
            "honba=1",
            "honba=1 but the game has 0 counters on the table",
        ),
        ("sticks=2", "sticks=2 but the game has 0 riichi sticks"),
        ("tsumo", "the hand says tsumo, but the line records a ron"),
        ("ron=W", "ron=W but the discarder sits East"),
    ] {
        let error = fails(&sanma(&format!("Ben ron Ann: {YAKUHAI_ITTSUU} {hand}\n")));
        assert!(error.message.contains(said), "{hand}: {}", error.message);
        let at = error.text.find(hand).expect("the line holds the key");
        let within = at..at + hand.len();
        assert!(
            within.contains(&error.span.start),
            "{hand}: the caret is on it"
        );
    }
    play(&sanma(&format!(
        "Ben ron Ann: {YAKUHAI_ITTSUU} seat=S round=E honba=0 sticks=0 ron=E\n"
    )));
}

/// A bad line stops the replay: its number, the caret, the game there; the hands before it
/// are on the sheet, nothing after it.
#[test]
fn a_bad_line_is_reported_with_its_place_and_the_game_there() {
    let record = sanma(&format!(
        "Ben ron Cat: {YAKUHAI_ITTSUU}\nDan tsumo: {TANYAO_PINFU}\ndraw\n"
    ));
    let failure = game::replay(&record, &[]).expect_err("Dan is no player");
    let error = &failure.error;
    assert_eq!((error.line, error.span.start, error.span.end), (4, 0, 3));
    assert!(
        error.message.contains("`Dan` is not a player"),
        "{}",
        error.message
    );
    let state = error.state.as_deref().unwrap_or_default();
    assert!(state.starts_with("East 2, dealer Ben"), "{state}");
    assert!(state.contains("Ben (E) 40,200"), "{state}");
    let rendered = error.render();
    assert!(rendered.contains("line 4: "), "{rendered}");
    assert!(rendered.contains("\n  Dan tsumo"), "{rendered}");
    assert!(rendered.contains("\n  ^^^\n"), "{rendered}");
    let sheet = failure.sheet.as_ref().expect("the hands before");
    assert_eq!(sheet.hands.len(), 1);
}

/// 003 §3.7: the game is "all three rounds"; a line after its end is an error. A player below
/// zero ends it too (`bust`, NOT IN SOURCES).
#[test]
fn the_game_ends_after_three_rounds_or_below_zero() {
    let round = to_south();
    let sheet = play(&sanma(&format!("{round}{round}{round}")));
    assert_eq!(sheet.hands.len(), 9);
    assert_eq!(sheet.end, Some(mj3::game::GameEnd::LastRoundOver));
    let error = fails(&sanma(&format!("{round}{round}{round}draw\n")));
    assert!(
        error.message.contains("the game is over"),
        "{}",
        error.message
    );
    let bust = play(&sanma(&format!(
        "set game.starting-points=20000\nBen ron Cat: {DAISANGEN}\n"
    )));
    assert_eq!(bust.end, Some(mj3::game::GameEnd::Bust));
    assert_eq!(bust.standings[2].points, -12_000);
}

/// Every example game replays, and conserves its points hand by hand.
#[test]
fn example_games_replay() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/examples");
    let mut played = 0;
    for entry in std::fs::read_dir(dir).expect("docs/examples") {
        let path = entry.expect("entry").path();
        if !path.to_string_lossy().ends_with("-game.txt") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        let sheet = game::replay(&text, &[])
            .unwrap_or_else(|f| panic!("{}: {}", path.display(), f.error.render()));
        conserved(&sheet);
        played += 1;
    }
    assert!(played >= 1);
}

/// The sanma example: its final standings, checked by hand against 003.
#[test]
fn the_sanma_example_game() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/examples/sanma-game.txt"
    ))
    .expect("readable");
    let sheet = play(&text);
    assert_eq!(sheet.end, Some(mj3::game::GameEnd::LastRoundOver));
    let standings: Vec<(&str, i64)> = sheet
        .standings
        .iter()
        .map(|s| (s.player.as_str(), s.points))
        .collect();
    assert_eq!(
        standings,
        [("Ben", 74_300), ("Cat", 19_500), ("Ann", 11_200)]
    );
}

/// Every `[game]` value of a shipped ruleset is documented, with the same value, in the game
/// table of its docs/rulesets page; and `mj3 criteria`'s listing names the game's values.
#[test]
fn every_game_value_is_documented() {
    let root = env!("CARGO_MANIFEST_DIR");
    for name in mj3::rules::shipped_names() {
        let text = std::fs::read_to_string(format!("{root}/rules/{name}.toml")).expect("readable");
        let file: toml::Table = toml::from_str(&text).expect("TOML");
        let game = file
            .get("game")
            .and_then(|g| g.as_table())
            .expect("a [game] table");
        let doc = std::fs::read_to_string(format!("{root}/docs/rulesets/{name}.md")).expect("docs");
        let section = doc
            .split("## The game (`[game]`)")
            .nth(1)
            .expect("a game section");
        for (key, value) in game {
            let written = match value {
                toml::Value::String(s) => format!("\"{s}\""),
                other => other.to_string(),
            };
            let row = format!("| `{key}` | `{written}` |");
            assert!(
                section.contains(&row),
                "docs/rulesets/{name}.md lacks {row}"
            );
        }
        let rules = mj3::rules::load(name).expect("loads");
        let listing = mj3::reference::text::listing(&rules, None);
        assert!(listing.contains("The game around the wins"), "{name}");
        assert!(
            listing.contains(&format!("rounds = {}", rules.game.rounds)),
            "{name}"
        );
    }
}

/// docs/game.md's table of the `[game]` keys is the library's table of them, row for row:
/// each key, the values it takes, its help and the systems that read it. On a change, the
/// message holds the table to paste.
#[test]
fn the_game_table_in_the_docs_is_the_librarys() {
    use mj3::rules::{GAME_SETTINGS, SettingKind, System};
    let quoted = |words: &[&str]| {
        let words: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
        words.join(", ")
    };
    let mut table =
        String::from("| key | values | what it decides | read by |\n|---|---|---|---|\n");
    for setting in GAME_SETTINGS {
        let choices = setting.choices().unwrap_or_default();
        let values = match setting.kind {
            SettingKind::Number(unit) => unit.name().to_string(),
            SettingKind::Switch => quoted(&["true", "false"]),
            SettingKind::Word => quoted(choices),
            SettingKind::Words => format!("a list of {}", quoted(choices)),
            SettingKind::Criteria => "a list of detector keys".to_string(),
            SettingKind::Places => "three amounts of points".to_string(),
        };
        let read_by = if setting.read_by == System::ALL {
            "all".to_string()
        } else {
            let names: Vec<&str> = setting.read_by.iter().map(|s| s.name()).collect();
            names.join(", ")
        };
        table += &format!(
            "| `{}` | {values} | {} | {read_by} |\n",
            setting.key, setting.help
        );
    }
    let root = env!("CARGO_MANIFEST_DIR");
    let doc = std::fs::read_to_string(format!("{root}/docs/game.md")).expect("docs/game.md");
    assert!(
        doc.contains(&table),
        "docs/game.md's [game] table is not the library's; it is:\n{table}"
    );
}

/// A ruleset already loaded replays a record that names it (or none), and refuses a record
/// that names another or changes it with `set` lines, rather than ignore them.
#[test]
fn replay_with_a_loaded_ruleset() {
    let rules = mj3::rules::load("sanma").expect("loads");
    let events = format!("players Ann Ben Cat\nBen ron Cat: {YAKUHAI_ITTSUU}\n");
    let sheet = game::replay_with(&events, &rules).unwrap_or_else(|f| panic!("{}", f.error));
    assert_eq!(changes(&sheet.hands[0]), [0, 5_200, -5_200]);
    let other =
        game::replay_with(&format!("ruleset korean\n{events}"), &rules).expect_err("korean");
    assert!(
        other.error.message.contains("names the ruleset `korean`"),
        "{}",
        other.error
    );
    let set = game::replay_with(&format!("set game.rounds=1\n{events}"), &rules).expect_err("set");
    assert!(
        set.error.message.contains("a `set` line needs"),
        "{}",
        set.error
    );
}

/// 003 §11 Ryanshi counts the counters on the table: the second winner of a double ron, who
/// is not paid them (`double-ron-counters = "with-sticks"`), still needs two han of yaku.
#[test]
fn ryanshi_holds_for_both_winners_of_a_double_ron() {
    let draws = "draw tenpai Ann\n".repeat(4);
    let record = format!(
        "{draws}riichi Ben\nriichi Cat\nBen ron Ann: {TANYAO_PINFU}\nand Cat ron Ann: {TANYAO_PINFU}\n"
    );
    let sheet = play(&sanma(&record));
    let hand = &sheet.hands[4];
    assert_eq!(
        changes(hand),
        [-9_000, 3_900 + 1_200 + 2_000 - 1_000, 3_900 - 1_000]
    );
    assert_eq!((hand.wins[0].honba, hand.wins[1].honba), (4, 0));
    let one_han = record.replace(
        &format!("and Cat ron Ann: {TANYAO_PINFU}"),
        &format!("and Cat ron Ann: {RIICHI_ONLY}"),
    );
    let error = fails(&sanma(&one_han));
    assert_eq!(error.line, 10);
    assert!(error.message.contains("require 2 han"), "{}", error.message);
}

/// A win names its discarder and its liable player among the other two: a player cannot win
/// on his own discard, nor be liable for his own hand.
#[test]
fn the_discarder_and_the_liable_player_are_not_the_winner() {
    let own_discard = fails(&sanma(&format!("Ben ron Ben: {DAISANGEN}\n")));
    assert!(
        own_discard.message.contains("his own discard"),
        "{}",
        own_discard.message
    );
    let own_liability = fails(&sanma(&format!("Ben tsumo pao Ben: {DAISANGEN}\n")));
    assert!(
        own_liability.message.contains("liable for his own hand"),
        "{}",
        own_liability.message
    );
}

// ----- the hand in play ------------------------------------------------------------------

/// A record that stops inside a hand is a game in play, not an error: the replay answers
/// with the hand in play, its riichi and stick (written "Ben riichi (1,000 on the table)"
/// under the han rulesets, never "declares"), the counters and seats of that hand (not the
/// next one's), and the standings with the stick on the table.
#[test]
fn a_record_that_stops_inside_a_hand_answers_with_the_hand_in_play() {
    let sheet = play(&sanma(&format!(
        "Ann ron Ben: {YAKUHAI_ITTSUU}\nriichi Ben\ntenpai Cat\n"
    )));
    assert_eq!(sheet.hands.len(), 1);
    assert_eq!(sheet.end, None);
    let hand = sheet.in_play.as_ref().expect("the hand in play");
    assert_eq!(
        (hand.label.as_str(), hand.hand, hand.dealer.as_str()),
        ("East 1", 1, "Ann")
    );
    assert_eq!((hand.honba, hand.sticks, hand.sticks_now), (1, 0, 1));
    assert_eq!(hand.declared.len(), 1);
    assert_eq!(
        (
            hand.declared[0].player.as_str(),
            hand.declared[0].line,
            hand.declared[0].stick
        ),
        ("Ben", 4, true)
    );
    assert_eq!(hand.tenpai, ["Cat"]);
    assert_eq!(hand.events, ["Ben riichi (1,000 on the table)"]);
    let seats: Vec<_> = hand.seats.iter().map(|s| s.seat.name()).collect();
    assert_eq!(seats, ["East", "South", "West"]);
    let ben = sheet
        .standings
        .iter()
        .find(|s| s.player == "Ben")
        .expect("Ben");
    assert_eq!(
        ben.points,
        35_000 - 7_700 - 1_000,
        "the dealer's ron and the stick"
    );
    assert!(!sheet.dealer_choice);
}

/// Between hands the hand in play is the next one, with nothing declared yet; once the game
/// is over there is none.
#[test]
fn between_hands_the_hand_in_play_is_the_next_and_none_once_the_game_is_over() {
    let sheet = play(&sanma(&format!("Cat ron Ben: {YAKUHAI_ITTSUU}\n")));
    let hand = sheet.in_play.as_ref().expect("the next hand");
    assert_eq!(
        (hand.label.as_str(), hand.dealer.as_str()),
        ("East 2", "Ben")
    );
    assert!(hand.events.is_empty() && hand.declared.is_empty());
    let over = play(&sanma(&format!(
        "Ann tsumo: {DAISANGEN}\nAnn tsumo: {DAISANGEN}\nAnn tsumo: {DAISANGEN}\n"
    )));
    assert!(over.end.is_some(), "{:?}", over.end);
    assert!(over.in_play.is_none());
}

/// Each sentence of the sheet is an event with its facts, written by one `Display`: the JSON
/// carries each as its facts (`happened`) beside its sentence (`events`).
#[test]
fn each_event_is_its_facts_and_its_one_sentence() {
    let sheet = play(&sanma(&format!("riichi Ben\nBen ron Cat: {RIICHI_ONLY}\n")));
    let hand = &sheet.hands[0];
    assert_eq!(
        hand.happened[0],
        game::HandEvent::Riichi {
            player: "Ben".into(),
            stick: 1_000
        }
    );
    let last = hand.happened.last().expect("the deal");
    assert!(matches!(
        last,
        game::HandEvent::Deal(game::Dealership {
            deal: game::Deal::Passes,
            dealer
        }) if dealer == "Ben"
    ));
    let json: serde_json::Value =
        serde_json::from_str(&mj3::json::to_string(hand).expect("JSON")).expect("JSON");
    let happened = json["happened"].as_array().expect("happened");
    assert_eq!(happened.len(), hand.events.len());
    assert_eq!(happened[0]["kind"], "riichi");
    assert_eq!(happened[0]["player"], "Ben");
    assert_eq!(happened[0]["stick"], 1_000);
    for (event, text) in hand.happened.iter().zip(&hand.events) {
        assert_eq!(&event.to_string(), text);
    }
    assert_eq!(happened.last().expect("the deal")["deal"], "passes");
}
