//! Scoring a hand as a player meets it: the tables, payments and JSON of each system.

mod common;

use common::*;
use predicates::prelude::*;

#[test]
fn scores_a_complete_hand_with_a_table() {
    stdout_shows(
        &["score", "123p456m999s EEE ww tsumo"],
        &[
            "Wind pong",
            "Hand-points: 8",
            "Bonus-points: 8",
            "legal win",
            "+32",
        ],
    );
}

#[test]
fn the_hand_may_be_given_as_several_words() {
    stdout_shows(&["score", "123p456m999s", "EEE", "ww", "tsumo"], &["+32"]);
}

#[test]
fn ron_payment_table_shows_discarder_and_other() {
    stdout_shows(
        &["score", "123p456m999s EEE ww ron=S waiting=W"],
        &["discarder", "-17", "other, waiting", "-3", "+20"],
    );
}

#[test]
fn tsumo_payment_table_charges_both() {
    stdout_shows(
        &["score", "123p456m999s EEE ww tsumo draws=1"],
        &["8 hand + 8 bonus + 5 goulash (1 drawn hand)", "+42"],
    );
}

/// Every amount in a payment's "how" is written as the payments are (`6,000`, not `6000`).
#[test]
fn a_han_table_payment_writes_its_amounts_grouped() {
    stdout_shows(
        &[
            "score",
            "123p456p789p11s rrr ron draws=4",
            "--rules",
            "sanma-honshu",
            "--set",
            "han.goulash-per-draw=1000",
        ],
        &[
            "6,000: table row 5",
            "4,000 goulash (4 drawn hands)",
            "-10,000",
        ],
    );
}

#[test]
fn json_has_the_same_facts() {
    let output = run(&["score", "--json", "123p456m999s EEE ww ron=S"], "");
    assert!(output.status.success());
    let value = json_of(&output);
    assert_eq!(value["kind"], "complete");
    assert_eq!(value["ruleset"], "korean");
    assert_eq!(value["context"]["win"], "ron");
    assert_eq!(value["context"]["discarder"], "South");
    let score = &value["score"];
    assert_eq!(score["totals"]["system"], "points");
    assert_eq!(score["totals"]["hand_points"], 6);
    assert_eq!(score["totals"]["bonus_points"], 5);
    assert_eq!(score["verdict"]["kind"], "win");
    let seats = score["payments"]["seats"].as_array().expect("seats");
    let south = seats.iter().find(|s| s["seat"] == "South").expect("south");
    assert_eq!(south["amount"], -17);
    assert_eq!(south["role"], "discarder");
    assert!(
        score["elements"]
            .as_array()
            .is_some_and(|e| e.iter().any(|e| e["id"] == "wind-pong"))
    );
}

#[test]
fn below_minimum_is_not_a_legal_win() {
    exits_with(
        &["score", "[EEE] 456m 789m 234p 99m ron seat=S round=S"],
        1,
        &["below the minimum of 3", "1 hand-point"],
        &[],
    );
}

#[test]
fn sacred_discard_is_refused_plainly() {
    exits_with(
        &["score", "123p456m999s EEE ww ron discards=w"],
        1,
        &["sacred discard"],
        &[],
    );
}

#[test]
fn thirteen_orphans_shows_its_tiles_and_marks_the_winning_tile() {
    stdout_shows(
        &[
            "score",
            "119m19p1sESWNwgr 9s ron=E seat=S",
            "--rules",
            "sanma",
        ],
        &["Arrangement: 11m 9m 1p 9p 1s 9s* E S W N w g r  (winning tile 9s"],
    );
}

#[test]
fn counts_agree_with_their_nouns_and_verbs() {
    let hand = "[www] [ggg] 123p 789p 99s ron=S";
    exits_with(
        &["score", hand, "--set", "scoring.minimum=5"],
        1,
        &["3 hand-points are below the minimum of 5"],
        &[],
    );
    exits_with(
        &["score", "[111p] 234p 567p 789p 99m ron=S"],
        1,
        &["1 hand-point is below the minimum of 3"],
        &[],
    );
    exits_with(
        &["score", "1m", "--rules", "malaysian"],
        2,
        &[],
        &["1m (1 character) is not in play"],
    );
}

#[test]
fn a_double_yakuman_reads_as_one_more_on_top() {
    stdout_shows(
        &[
            "score",
            "19m19p19sESWNwgr 1m tsumo",
            "--rules",
            "sanma-honshu",
        ],
        &[
            "Kokushi Musou, double (extra yakuman)",
            "Yakuman: 2× yakuman",
        ],
    );
}

#[test]
fn red_fives_are_shown_as_written_and_in_the_red_dora_row() {
    let output = run(
        &[
            "score",
            "123p406m999s EEE ww tsumo",
            "--set",
            "options.red-dora=true",
        ],
        "",
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("Arrangement: 406m 123p"), "{stdout}");
    let row = stdout
        .lines()
        .find(|l| l.contains("Red five"))
        .expect("a red five row");
    assert!(row.contains("0m"), "{row}");
    let output = run(
        &[
            "score",
            "[505s] 406p 789p 22p EEE ron=W seat=S",
            "--rules",
            "sanma",
            "--set",
            "options.red-dora=true",
            "--json",
        ],
        "",
    );
    let record = json_of(&output);
    assert_eq!(record["score"]["arrangement"], "406p 789p EEE* [055s] 22p");
}

#[test]
fn waiting_hand_lists_each_winning_tile() {
    stdout_shows(
        &["score", "123p456m99s EEE ww +f2 tsumo"],
        &[
            "Waiting on: 9s, w",
            "on 9s ─ collects 36",
            "on w ─ collects 36",
        ],
    );
}

#[test]
fn design_card_example_lists_its_waits() {
    let output = run(&["score", "--json", "123p456m99s EEE ww +f2 tsumo"], "");
    let value = json_of(&output);
    assert_eq!(value["kind"], "waiting");
    let waits = value["waits"].as_array().expect("waits");
    let tiles: Vec<&str> = waits.iter().filter_map(|w| w["tile"].as_str()).collect();
    assert_eq!(tiles, ["9s", "w"]);
    for wait in waits {
        assert_eq!(wait["score"]["totals"]["hand_points"], 8);
        assert_eq!(wait["score"]["totals"]["bonus_points"], 10);
        assert_eq!(wait["score"]["payments"]["seats"][0]["amount"], 36);
    }
}

#[test]
fn korean_lite_discarder_pays_double_the_final_score() {
    // 002 §Outline: the discarder pays double, the other pays nothing.
    stdout_shows(
        &[
            "score",
            "123p rrr ggg 999s WW ron=S",
            "--rules",
            "korean-lite",
        ],
        &[
            "Sacred Pair",
            "Hand-points: 9",
            "Bonus-points: 7",
            "2×16 final score (discarder pays double)",
            "+32",
        ],
    );
}

#[test]
fn korean_lite_self_draw_each_pays_the_final_score() {
    // 002 §Outline: "Each player pays the winner the winner's final score".
    stdout_shows(
        &[
            "score",
            "123p456m999s EEE ww tsumo",
            "--rules",
            "korean-lite",
        ],
        &["9 final score", "+18"],
    );
}

#[test]
fn korean_lite_criteria_show_the_six_point_condition() {
    stdout_shows(
        &["criteria", "--rules", "korean-lite", "--color", "never"],
        &["Sacred Pair", "only with 6 hand-points"],
    );
}

#[test]
fn korean_lite_set_aside_west_needs_the_option() {
    mj3()
        .args([
            "score",
            "123p456m999s EEE ww +W tsumo",
            "--rules",
            "korean-lite",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("options.west-set-aside"));
    stdout_shows(
        &[
            "score",
            "123p456m999s EEE ww +W tsumo",
            "--rules",
            "korean-lite",
            "--set",
            "options.west-set-aside=true",
        ],
        &["West Wind Tile"],
    );
}

#[test]
fn malaysian_hand_shows_fan_points_and_the_joker_assignment() {
    stdout_shows(
        &[
            "score",
            "[EEE] SSS www NN 1p JJ +f2 tsumo",
            "--rules",
            "malaysian",
            "--color",
            "never",
        ],
        &[
            "Jokers: J→1p J→N",
            "Pung of North",
            "Fan: 7  (minimum 5: met; cap 10)",
            "Points: 240",
            "2×240 hand (self-draw)",
            "2×240 hand (self-draw) + 2×50 fly",
            "+1,160",
        ],
    );
}

#[test]
fn malaysian_json_names_the_jokers_and_fan_totals() {
    let output = run(
        &[
            "score",
            "123p456p789p EE ww J +f1 +h1 +h2 tsumo",
            "--rules",
            "malaysian",
            "--json",
        ],
        "",
    );
    assert!(output.status.success());
    let json = json_of(&output);
    assert_eq!(json["score"]["jokers"], serde_json::json!(["E"]));
    assert_eq!(json["score"]["totals"]["system"], "fan");
    assert_eq!(json["score"]["totals"]["counted"], 6);
    assert_eq!(json["score"]["totals"]["points"], 220);
}

#[test]
fn malaysian_below_five_fan_is_refused() {
    exits_with(
        &[
            "score",
            "123p456p789p EEE ww +f2 +h1 tsumo",
            "--rules",
            "malaysian",
            "--color",
            "never",
        ],
        1,
        &["4 fan is below the minimum of 5 fan"],
        &[],
    );
}

#[test]
fn mahjong_soul_pays_a_tenhou_kokushi_as_three_yakuman_and_says_why() {
    let line = "19m19p19sESWNwgrr win=g tsumo first";
    stdout_shows(
        &["score", "-r", "sanma-mahjongsoul", line],
        &["+96,000", "counts on this tenhou"],
    );
    stdout_shows(
        &[
            "score",
            "-r",
            "sanma-mahjongsoul",
            line,
            "--why",
            "kokushi-juusanmen",
        ],
        &["counted", "tenhou-double-forms"],
    );
    stdout_shows(&["score", "-r", "sanma-tenhou", line], &["+64,000"]);
    stdout_shows(
        &["rulesets", "--diff", "sanma-tenhou", "sanma-mahjongsoul"],
        &["tenhou-double-forms"],
    );
}

#[test]
fn large_amounts_are_grouped_by_thousands_in_tables() {
    let output = run(
        &[
            "score",
            "--set",
            "criteria.dragon-pong.value=100",
            "--set",
            "payment.goulash-per-draw=1000000",
            "123p456m999s rrr EE ron=S draws=1000 waiting=W",
        ],
        "",
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let amounts: Vec<&str> = stdout
        .lines()
        .filter_map(|line| line.split('┆').nth(2))
        .map(str::trim)
        .filter(|cell| cell.starts_with(['+', '-']))
        .collect();
    assert_eq!(amounts.len(), 3, "{stdout}");
    for amount in amounts {
        let digits = amount.trim_start_matches(['+', '-']);
        assert!(digits.len() > 5 && digits.contains(','), "{amount}");
        assert!(
            digits.split(',').skip(1).all(|group| group.len() == 3),
            "{amount}"
        );
    }
    // Four digits stay as they are (docs/guide.md: +1160).
    assert!(
        !String::from_utf8_lossy(&run(&["score", "123p456m99s EEE ww +f2 tsumo"], "").stdout)
            .contains("+1,")
    );
}
