//! Three rules the Tenhou and Mahjong Soul presets play otherwise than 003 (issue 41), each
//! with the record that showed it, its near-miss, under both presets and under `sanma`, and
//! switched by its `[game]` key: a wait on tiles the player holds every copy of at a draw
//! (`own-tiles-wait`), the dealer's repeat in the extra round (`extension-repeat`), and who
//! pays the counters of a pao ron (`pao-ron-counters`).

#[path = "common/games.rs"]
mod games;

use games::{changes, fails, play, says, totals};

const PRESETS: [&str; 2] = ["sanma-tenhou", "sanma-mahjongsoul"];

fn record(ruleset: &str, lines: &str) -> String {
    format!("ruleset {ruleset}\nplayers A B C\n{lines}")
}

// ----- own-tiles-wait: karaten on one's own tiles ----------------------------------------

/// Waits only on 3s: all four in his own kong (riichi.wiki "Karaten", Cases: this hand on
/// Tenhou, with a kong of 3s, scored tenpai).
const KONG_KARATEN: &str = "tenpai B: 12s44466688p [3333s]\ndraw\n";

/// The presets play tenpai unless all the copies are among his concealed tiles: the hand
/// with its kong, open or concealed, and one with three in a pon and the fourth in hand.
#[test]
fn a_wait_on_ones_own_kong_or_pon_is_tenpai_on_the_platforms() {
    for ruleset in PRESETS {
        for hand in [
            KONG_KARATEN,
            "tenpai B: 12s44466688p (3333s)\ndraw\n",
            "tenpai B: 3s444666888p [333s]\ndraw\n",
        ] {
            let sheet = play(&record(ruleset, hand));
            assert_eq!(
                changes(&sheet.hands[0]),
                [-1000, 2000, -1000],
                "{ruleset}: {hand}"
            );
            says(&sheet.hands[0], "draw: B tenpai");
            says(
                &sheet.hands[0],
                "B's hand waits only on 3s, whose every copy is his own, not all concealed: tenpai (game.own-tiles-wait)",
            );
        }
    }
}

/// `sanma` (003 §9: tenpai "needs only one more tile"; NOT IN SOURCES on a tile that cannot
/// come) and the presets with `own-tiles-wait = "not-tenpai"` refuse it, naming the tile.
#[test]
fn a_wait_on_ones_own_kong_is_not_tenpai_under_sanma_or_the_option() {
    let expect = |error: mj3::game::GameError, ruleset: &str, line: usize| {
        assert_eq!(error.line, line);
        assert!(
            error.message.contains(&format!(
                "B's hand waits only on 3s, whose every copy is his own: it is not tenpai under {ruleset}"
            )),
            "{}",
            error.message
        );
        assert!(
            error.message.contains("game.own-tiles-wait"),
            "{}",
            error.message
        );
    };
    expect(fails(&record("sanma", KONG_KARATEN)), "sanma", 3);
    for ruleset in PRESETS {
        let set = format!("set game.own-tiles-wait=\"not-tenpai\"\n{KONG_KARATEN}");
        expect(fails(&record(ruleset, &set)), ruleset, 4);
    }
    // And sanma switched to the platforms' reading pays it.
    let set = format!("set game.own-tiles-wait=\"tenpai-unless-concealed\"\n{KONG_KARATEN}");
    let sheet = play(&record("sanma", &set));
    assert_eq!(changes(&sheet.hands[0]), [-1000, 2000, -1000]);
}

/// Near-misses: three 3s in his pon leave the fourth to come, a real wait, tenpai under
/// every reading; four 1s among his concealed tiles are no wait under any.
#[test]
fn a_real_wait_and_four_concealed_copies_read_alike_everywhere() {
    for ruleset in ["sanma", PRESETS[0], PRESETS[1]] {
        for wait in ["not-tenpai", "tenpai-unless-concealed"] {
            let set = format!("set game.own-tiles-wait=\"{wait}\"\n");
            let fourth_free = play(&record(
                ruleset,
                &format!("{set}tenpai B: 12s44466688p [333s]\ndraw\n"),
            ));
            assert_eq!(changes(&fourth_free.hands[0]), [-1000, 2000, -1000]);
            let own = fourth_free.hands[0]
                .happened
                .iter()
                .any(|e| matches!(e, mj3::game::HandEvent::OwnTilesTenpai { .. }));
            assert!(!own, "a real wait says nothing of karaten");
            let error = fails(&record(
                ruleset,
                &format!("{set}tenpai B: 123456789p1111s\ndraw\n"),
            ));
            assert!(
                error
                    .message
                    .contains("B's hand waits on no tile: it is not tenpai"),
                "{ruleset} {wait}: {}",
                error.message
            );
        }
    }
}

// ----- extension-repeat: the dealer's repeat in the extra round --------------------------

/// Issue 41's record: South 3 drawn, the game goes West (nobody at 40,000); West 1 drawn
/// with the dealer A and C tenpai, the noten payment carries C to 40,000, A not first.
const DEALER_REPEAT: &str = "start South 3 dealer C points A 38000 B 28000 C 39000\ndraw\ntenpai A\ntenpai C\ndraw\nB tsumo: 234p567p678s99s234s\n";

/// Tenhou (its manual as two write-ups give it: the repeat goes first) and Mahjong Soul (as
/// Tenhou, not confirmed) play on: West 1, one counter.
#[test]
fn the_dealers_repeat_goes_first_in_the_extra_round_on_the_platforms() {
    for ruleset in PRESETS {
        let sheet = play(&record(ruleset, DEALER_REPEAT));
        assert_eq!(sheet.hands.len(), 3, "{ruleset}");
        assert_eq!(totals(&sheet.hands[1]), [39000, 26000, 40000]);
        says(&sheet.hands[1], "dealer stays");
        says(
            &sheet.hands[1],
            "a player is at the target, but the dealer's repeat goes first",
        );
        assert_eq!(sheet.hands[2].label, "West 1");
        assert_eq!(sheet.hands[2].honba, 2);
        assert_eq!(sheet.end, None);
    }
}

/// A hand after the repeat that ends the game by a bust says only the bust: the repeat is
/// what the end check of that hand found, not a flag kept from the hand before (which
/// once said "the dealer's repeat goes first: the extra round goes on" above the bust).
#[test]
fn a_bust_after_the_dealers_repeat_says_no_repeat() {
    for ruleset in PRESETS {
        let lines = "start West 1 dealer A points A 30000 B 50000 C 25000
A ron C: 1 han 30 fu
A ron C: yakuman
";
        let sheet = play(&record(ruleset, lines));
        let repeat = "the dealer's repeat goes first";
        says(&sheet.hands[0], repeat);
        let bust = &sheet.hands[1].events;
        assert!(
            !bust.iter().any(|e| e.contains(repeat)),
            "{ruleset}: {bust:?}"
        );
        assert!(
            bust.last()
                .is_some_and(|e| e.starts_with("the game ends: a player went below zero")),
            "{ruleset}: {bust:?}"
        );
    }
}

/// `extension-repeat = false` (the sudden death read literally, as RiichiEnv plays it): the
/// game ends at C's 40,000, and the tsumo after it is refused.
#[test]
fn without_the_option_the_extra_round_ends_at_the_target() {
    for ruleset in PRESETS {
        let set = format!("set game.extension-repeat=false\n{DEALER_REPEAT}");
        let error = fails(&record(ruleset, &set));
        assert_eq!(error.line, 9, "{ruleset}");
        assert!(
            error
                .message
                .contains("the game is over: a player reached the target in the extra round"),
            "{}",
            error.message
        );
    }
}

/// `sanma` plays no extra round (003 §3.7); a house that plays one, 40,000 target, two
/// rounds, starting in West 1, gets the repeat first (its `extension-repeat` is on), or the
/// end with the option off.
#[test]
fn sanma_with_an_extra_round_plays_the_repeat_first() {
    let house = "set game.rounds=2\nset game.extension=true\nset game.target-points=40000\n";
    let hands = "start West 1 dealer A points A 38000 B 28000 C 39000\ntenpai A\ntenpai C\ndraw\nB tsumo: 234p567p678s99s234s\n";
    let sheet = play(&record("sanma", &format!("{house}{hands}")));
    assert_eq!(sheet.hands.len(), 2);
    assert_eq!(sheet.end, None);
    let off = format!("{house}set game.extension-repeat=false\n{hands}");
    let error = fails(&record("sanma", &off));
    assert!(
        error
            .message
            .contains("a player reached the target in the extra round"),
        "{}",
        error.message
    );
}

/// Near-miss: the dealer tenpai and first at 40,000 ends the game in every reading.
#[test]
fn the_extra_round_ends_when_the_dealer_is_first_at_the_target() {
    for ruleset in PRESETS {
        for repeat in [true, false] {
            let lines = format!(
                "set game.extension-repeat={repeat}\nstart West 1 dealer A points A 39000 B 27000 C 39000\ntenpai A\ndraw\n"
            );
            let sheet = play(&record(ruleset, &lines));
            assert_eq!(totals(&sheet.hands[0]), [41000, 26000, 38000]);
            assert_eq!(
                sheet.end,
                Some(mj3::game::GameEnd::TargetInExtraRound),
                "{ruleset} {repeat}"
            );
        }
    }
}

/// On a double ron too (Tenhou's manual as cited: "ダブロンや二人テンパイ"): the dealer A
/// and C win on B's 9s, C reaches 40,300, A 39,000 is not first: West 1 again.
#[test]
fn a_double_ron_with_the_dealer_plays_on_in_the_extra_round() {
    let lines = "start West 1 dealer A points A 37000 B 29000 C 39000\nA ron B: 234p567p678s99s ggg win=9s\nand C ron B: 345p678p456s99s rrr win=9s\n";
    for ruleset in PRESETS {
        let sheet = play(&record(ruleset, lines));
        assert_eq!(totals(&sheet.hands[0]), [39000, 25700, 40300], "{ruleset}");
        assert_eq!(sheet.end, None, "{ruleset}");
        let off = play(&record(
            ruleset,
            &format!("set game.extension-repeat=false\n{lines}"),
        ));
        assert_eq!(off.end, Some(mj3::game::GameEnd::TargetInExtraRound));
    }
}

/// A record that starts in the extra round knows it is there: it ends the way the same
/// position reached from South 3 does; a ruleset with no extra round has no West hand.
#[test]
fn a_record_that_starts_in_the_extra_round_is_in_it() {
    for ruleset in PRESETS {
        let sheet = play(&record(
            ruleset,
            "start West 1 dealer A points A 38000 B 28000 C 39000\ntenpai C\ndraw\n",
        ));
        assert_eq!(
            sheet.end,
            Some(mj3::game::GameEnd::TargetInExtraRound),
            "{ruleset}"
        );
        let error = fails(&record(
            ruleset,
            "set game.extension=false\nstart West 1 dealer A points A 38000 B 28000 C 39000\ndraw\n",
        ));
        assert!(
            error
                .message
                .contains("no extra round: no hand of the West round is dealt"),
            "{}",
            error.message
        );
    }
}

// ----- pao-ron-counters: who pays the counters of a pao ron -----------------------------

/// Issue 41's record: B's daisangen on C's discard, A liable, three counters.
fn pao_ron(ruleset: &str, counters: u32, set: &str) -> Vec<i64> {
    let lines = format!(
        "{set}start East 1 dealer A counters {counters} points A 35000 B 35000 C 35000\nB ron C pao A: 33456s [www] [rrr] [ggg] win=3s\n"
    );
    changes(&play(&record(ruleset, &lines)).hands[0])
}

/// The presets: the liable A pays half the yakuman and all the counters (riichi.wiki
/// "Sekinin barai"; RiichiEnv), C the other half.
#[test]
fn the_liable_player_pays_the_counters_on_the_platforms() {
    for ruleset in PRESETS {
        assert_eq!(
            pao_ron(ruleset, 3, ""),
            [-16600, 32600, -16000],
            "{ruleset}"
        );
        let lines = "start East 1 dealer A counters 3 points A 35000 B 35000 C 35000\nB ron C pao A: 33456s [www] [rrr] [ggg] win=3s\n";
        let sheet = play(&record(ruleset, lines));
        says(
            &sheet.hands[0],
            "pao: A pays 16,600 (half the hand and all the counters: pao-ron-counters)",
        );
    }
}

/// `sanma` (003 §12 Daisangen: "split the payment with the discarder") halves the whole
/// payment, 300 a counter; each reading switched by `pao-ron-counters`.
#[test]
fn sanma_splits_the_counters_and_each_reading_is_an_option() {
    assert_eq!(pao_ron("sanma", 3, ""), [-16500, 32900, -16400]);
    let set = |word: &str| format!("set game.pao-ron-counters=\"{word}\"\n");
    assert_eq!(pao_ron("sanma", 3, &set("liable")), [-16900, 32900, -16000]);
    for ruleset in PRESETS {
        assert_eq!(pao_ron(ruleset, 3, &set("split")), [-16300, 32600, -16300]);
        assert_eq!(
            pao_ron(ruleset, 3, &set("discarder")),
            [-16000, 32600, -16600]
        );
    }
}

/// Near-miss: with no counters every reading halves the yakuman alike.
#[test]
fn a_pao_ron_with_no_counters_reads_alike() {
    for ruleset in ["sanma", PRESETS[0], PRESETS[1]] {
        for word in ["split", "liable", "discarder"] {
            let set = format!("set game.pao-ron-counters=\"{word}\"\n");
            assert_eq!(
                pao_ron(ruleset, 0, &set),
                [-16000, 32000, -16000],
                "{ruleset} {word}"
            );
        }
    }
}

/// `rulesets --diff` shows the `[game]` keys on which two rulesets differ.
#[test]
fn the_rules_diff_shows_the_three_keys() {
    let sanma = mj3::rules::load("sanma").expect("shipped");
    let tenhou = mj3::rules::load("sanma-tenhou").expect("shipped");
    let text = mj3::reference::diff::RuleDiff::new(&sanma, &tenhou).text(200);
    for row in [
        "game.pao-ron-counters",
        "game.own-tiles-wait",
        "tenpai-unless-concealed",
    ] {
        assert!(text.contains(row), "{row}: {text}");
    }
    let off = mj3::rules::load_with("sanma-tenhou", &["game.extension-repeat=false".into()])
        .expect("loads");
    let fields = mj3::reference::diff::fields::differences(&tenhou, &off);
    assert_eq!(fields.len(), 1, "{fields:?}");
    assert_eq!(fields[0].key, "game.extension-repeat");
    assert_eq!((&*fields[0].first, &*fields[0].second), ("true", "false"));
}
