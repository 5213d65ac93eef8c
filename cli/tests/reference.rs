//! The rules reference: `criteria`, `compare`, `--why`, `--all` and `rulesets`.

mod common;

use common::*;

#[test]
fn criteria_lists_switched_off_criteria_and_why() {
    stdout_shows(
        &["criteria", "--color", "never"],
        &["dora-kong", "off: needs options.dead-wall-dora"],
    );
    let output = run(
        &["criteria", "--json", "--set", "options.dead-wall-dora=true"],
        "",
    );
    let listed = json_of(&output);
    let dora = listed
        .as_array()
        .and_then(|all| all.iter().find(|c| c["id"] == "dora"))
        .expect("dora is listed");
    assert_eq!(dora["active"], true);
    let red = listed
        .as_array()
        .and_then(|all| all.iter().find(|c| c["id"] == "red-dora"))
        .expect("red-dora is listed");
    assert_eq!(red["active"], false);
}

#[test]
fn rulesets_json_lists_every_shipped_ruleset() {
    let output = run(&["rulesets", "--json"], "");
    assert!(output.status.success());
    let value = json_of(&output);
    let names: Vec<_> = value
        .as_array()
        .expect("an array")
        .iter()
        .map(|r| r["name"].as_str().expect("name").to_string())
        .collect();
    // Every shipped ruleset, in the library's order (seven: five rule texts, two platforms).
    assert_eq!(names, mj3::rules::shipped_names());
    assert_eq!(names.len(), 7);
    assert_eq!(value[3]["system"], "han-fu");
    assert!(value[0]["title"].as_str().is_some_and(|t| !t.is_empty()));
}

#[test]
fn criteria_listings_cards_and_compare_fit_80_columns() {
    for ruleset in mj3::rules::shipped_names() {
        let listing = at_80_columns(&["criteria", "-r", ruleset]);
        // Keys are never split: every key of the ruleset appears whole.
        let json = run(&["criteria", "-r", ruleset, "--json"], "");
        let criteria = json_of(&json);
        for criterion in criteria.as_array().expect("array") {
            let key = criterion["id"].as_str().expect("id");
            assert!(
                listing.lines().any(|l| l.contains(&format!(" {key} "))),
                "{ruleset}: key {key} is split or missing"
            );
        }
    }
    for query in [
        "tanyao",
        "13 orphans",
        "seven pairs",
        "flowers",
        "dora",
        "riichi",
    ] {
        at_80_columns(&["criteria", query, "--all"]);
    }
    at_80_columns(&["compare", "123p456p789p EEE 99p tsumo"]);
    at_80_columns(&["compare", "234p567p678s99s234s ron"]);
}

#[test]
fn a_criteria_query_shows_a_card_with_live_example_and_near_miss() {
    let card = at_80_columns(&["criteria", "tanyao", "-r", "sanma"]);
    for wanted in [
        "Tanyao (All Simples)",
        "Example:",
        "→ Tanyao (All Simples): 1 han;",
        "Near miss:",
        "→ no: it needs only 2–8 tiles:",
        "Sanma Japanese MJ Rule Book (003) §12",
        "[criteria.tanyao]",
    ] {
        assert!(card.contains(wanted), "missing {wanted:?} in\n{card}");
    }
    let output = run(&["criteria", "tanyao", "--json"], "");
    assert_out(
        &output,
        0,
        &["\"near_miss\"", "\"house_lines\"", "\"element\""],
        &[],
    );
    assert!(!String::from_utf8_lossy(&output.stdout).contains(".txt"));
}

#[test]
fn a_criteria_query_with_no_match_exits_1_with_the_nearest_names() {
    let output = run(&["criteria", "xyzzy"], "");
    assert_out(&output, 1, &[], &["nearest:"]);
    assert!(output.stdout.is_empty());
}

/// One unknown key among several: it is reported with its nearest names, the other keys are
/// still answered, and the exit code (2) says that one was unknown.
#[test]
fn why_answers_the_keys_it_knows_and_reports_the_unknown_one() {
    let hand = "123p567p678s99s234s ron";
    let args = [
        "score",
        "-r",
        "sanma",
        hand,
        "--why",
        "tanyao",
        "--why",
        "tanyoz_qq",
    ];
    let output = run(&[&args[..], &["--why", "pinfu"]].concat(), "");
    assert_out(
        &output,
        2,
        &[
            "Tanyao (All Simples): not counted",
            "Pinfu (All Chows, No Fu): counted",
        ],
        &["--why tanyoz_qq", "nearest: tanyao"],
    );
    let json = run(&[&args[..], &["--why", "pinfu", "--json"]].concat(), "");
    assert_eq!(json.status.code(), Some(2));
    let record = json_of(&json);
    let answers: Vec<&str> = record["why"]
        .as_array()
        .expect("answers")
        .iter()
        .filter_map(|a| a["answer"].as_str())
        .collect();
    assert_eq!(answers, ["missing", "unknown", "counted"]);
    assert_eq!(record["why"][1]["nearest"][0], "tanyao");
}

#[test]
fn compare_names_why_a_ruleset_cannot_take_the_hand() {
    let out = at_80_columns(&["compare", "123m456m789m111m99m"]);
    assert!(out.contains("cannot take it: 2m"), "{out}");
    assert!(out.contains("Elements that differ"), "{out}");
    stdout_shows(
        &[
            "compare",
            "123m456m789m111m99m",
            "--rules",
            "korean,sanma",
            "--json",
        ],
        &["\"ruleset\":\"sanma\"", "not in play"],
    );
}

#[test]
fn compare_refuses_an_unknown_ruleset_naming_the_shipped_ones() {
    exits_with(
        &["compare", "123p456m999s EEE ww", "--rules", "korean,nosuch"],
        3,
        &[],
        &["nosuch", "korean-lite"],
    );
}

#[test]
fn compare_of_a_hand_no_ruleset_takes_is_an_error() {
    exits_with(
        &[
            "compare",
            "123p456m999s EEE ww",
            "--rules",
            "sanma,sanma-honshu",
        ],
        2,
        &[],
        &["no ruleset takes this hand", "sanma-honshu:"],
    );
}

#[test]
fn why_answers_counted_missing_removed_and_absent() {
    // (ruleset, hand, --why key, what the answer says)
    let cases: &[(&str, &str, &str, &[&str])] = &[
        // Counted.
        (
            "sanma",
            "234p567p678s99s234s ron",
            "pinfu",
            &["Pinfu (All Chows, No Fu): counted, 1 han"],
        ),
        // Missing: the first requirement, naming the set and the tile.
        (
            "sanma",
            "123p567p678s99s234s ron",
            "tanyao",
            &["not counted: it needs only 2–8 tiles: 123p holds 1p"],
        ),
        // Removed by a rule: closed only.
        (
            "sanma",
            "[222p] 345p567p678s88s ron seat=S",
            "tanyao",
            &["not counted although the hand has it", "closed hand"],
        ),
        // Absent from this ruleset, and where it is.
        (
            "malaysian",
            "123p456p789p EEE 99p tsumo",
            "riichi",
            &["malaysian has no such criterion", "sanma (riichi)"],
        ),
        // Switched off, and how to switch it on.
        (
            "sanma",
            "234p567p678s99s234s ron",
            "red fives",
            &["--set options.red-dora=true"],
        ),
    ];
    for (ruleset, hand, key, wanted) in cases {
        let output = mj3()
            .env("COLUMNS", "200")
            .args(["score", "-r", ruleset, hand, "--why", key])
            .output()
            .expect("runs");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{hand} --why {key}: {text}");
        for part in *wanted {
            assert!(text.contains(part), "{hand} --why {key}: {text}");
        }
    }
}

#[test]
fn why_with_an_unknown_key_suggests_names() {
    let output = run(&["score", "123p456m999s EEE ww", "--why", "xyzzy"], "");
    assert_out(&output, 2, &[], &["--why xyzzy", "nearest:"]);
    assert!(output.stdout.is_empty());
}

#[test]
fn all_lists_every_reading_and_the_rule_that_picked_one() {
    let out = run(
        &[
            "score",
            "-r",
            "sanma",
            "222333444p678s99s riichi ron win=4p seat=S",
            "--all",
        ],
        "",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("← scored"), "{text}");
    assert!(text.contains("222p 333p 444p"), "{text}");
    assert!(text.contains("234p* 234p 234p"), "{text}");
    assert!(text.contains("Picked by: a legal win first"), "{text}");
}

#[test]
fn rulesets_diff_lists_the_settings_two_rulesets_differ_on() {
    let output = run(&["rulesets", "--diff", "sanma", "sanma-mahjongsoul"], "");
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    for rule in [
        "kuitan: ",
        "kita-furiten: ",
        "Sanrenkoh (Three Identical Chows): 2 han",
        "Kokushi Musou, 13-sided wait (extra yakuman)",
        "Counter (honba) on a ron",
        "game.pao-ron-counters: sanma split · sanma-mahjongsoul liable",
        "game.own-tiles-wait: sanma not-tenpai · sanma-mahjongsoul",
    ] {
        assert!(text.contains(rule), "{rule} missing:\n{text}");
    }
    assert!(!text.contains("pinfu-tsumo"), "equal values are not listed");
    let output = run(
        &[
            "rulesets",
            "--diff",
            "sanma-tenhou",
            "sanma-mahjongsoul",
            "--json",
        ],
        "",
    );
    let value = json_of(&output);
    let keys: Vec<&str> = value["differences"]
        .as_array()
        .expect("an array")
        .iter()
        .map(|d| d["key"].as_str().expect("key"))
        .collect();
    assert_eq!(
        keys,
        [
            "options.tenhou-double-forms",
            "options.robbed-concealed-kong",
            "game.uma",
            "criteria.suuankou-tanki.enabled",
            "criteria.kokushi-juusanmen.enabled",
            "criteria.daisuushi-double.enabled",
            "criteria.junsei-chuuren.enabled"
        ]
    );
    let missing = run(&["rulesets", "--diff", "sanma", "no-such-ruleset"], "");
    assert!(!missing.status.success());
}

/// The issue's commands: `criteria 立直` answers as `criteria riichi` does (the same card),
/// `criteria 對對糊`, `criteria mangan` and `score --why haneman` answer (exit 0).
#[test]
fn names_in_players_scripts_and_limits_answer_on_the_command_line() {
    let card = |query: &str| {
        let out = run(&["criteria", "--json", query], "");
        assert_eq!(out.status.code(), Some(0), "{query}");
        let record = json_of(&out);
        record["matches"][0]["keys"].clone()
    };
    assert_eq!(card("立直"), card("riichi"));
    assert_eq!(card("りーち"), card("riichi"));
    exits_with(
        &["criteria", "對對糊"],
        0,
        &["All pungs / kongs", "对对糊"],
        &[],
    );
    exits_with(&["criteria", "对对糊"], 0, &["All pungs / kongs"], &[]);
    exits_with(
        &["criteria", "平糊"],
        0,
        &["All chows with pair of circles"],
        &[],
    );
    exits_with(
        &["criteria", "mangan"],
        0,
        &[
            "Mangan: a limit",
            "sanma: base points 2,000",
            "reached by: 5 han",
            "Not under korean",
        ],
        &[],
    );
    let json = run(&["criteria", "--json", "満貫"], "");
    assert_eq!(json_of(&json)["limit"]["limit"], "mangan");
    exits_with(
        &[
            "score",
            "-r",
            "sanma",
            "111234555678p99p ron",
            "--why",
            "haneman",
        ],
        0,
        &["Haneman: reached: 6 han"],
        &[],
    );
    // A query in a script that matches nothing: nearest names in that script only.
    let out = run(&["criteria", "立直金"], "");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let nearest = stderr.split("nearest: ").nth(1).unwrap_or_default();
    assert!(nearest.contains("立直"), "{stderr}");
    assert!(
        nearest.split(", ").all(|n| !n.trim().is_ascii()),
        "{stderr}"
    );
}
