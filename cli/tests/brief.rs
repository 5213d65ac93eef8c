//! A short answer: `--brief` on `score`, `batch` and `compare` (text and JSON), waits with the
//! same result shown once under all their tiles, and a hand that pays nothing saying so in one
//! line.

mod common;

use common::{assert_out, json_lines, json_of, run, temp_file};

/// `mj3 args` (no colour), its exit code and stdout.
fn output(args: &[&str]) -> (i32, String) {
    let mut all = args.to_vec();
    all.extend(["--color", "never"]);
    let out = run(&all, "");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// Thirteen orphans waiting on all thirteen tiles: one result.
const KOKUSHI: &str = "19m19p19sESWNwgr tsumo seat=S";

#[test]
fn thirteen_waits_with_one_result_are_one_table_headed_by_all_their_tiles() {
    let (code, text) = output(&["score", "-r", "sanma-mahjongsoul", KOKUSHI]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("── on 1m 9m 1p 9p 1s 9s E S W N w g r ─ collects 48,000"),
        "{text}"
    );
    assert_eq!(
        text.matches("Kokushi Musou (Thirteen Orphans)").count(),
        1,
        "{text}"
    );
    assert_eq!(text.matches("Payments:").count(), 1, "{text}");
    assert!(
        text.contains("(shown on 1m; each winning tile completes the set marked *)"),
        "{text}"
    );
    assert!(
        text.lines().count() < 40,
        "{} lines:\n{text}",
        text.lines().count()
    );
    // The JSON keeps one entry per winning tile.
    let json = json_of(&run(
        &["score", "--json", "-r", "sanma-mahjongsoul", KOKUSHI],
        "",
    ));
    assert_eq!(json["waits"].as_array().map(Vec::len), Some(13));
}

#[test]
fn waits_whose_results_or_arrangements_differ_stay_apart() {
    // 1s and 4s both complete the run 23s: one result, shown once.
    let (_, text) = output(&["score", "-r", "sanma", "234p567p678s99s23s ron"]);
    assert!(text.contains("── on 1s 4s ─ collects 1,500"), "{text}");
    // 9s and w each give a pong of their own: two results.
    let (_, text) = output(&["score", "123p456m99s EEE ww +f2 tsumo"]);
    assert!(text.contains("── on 9s ─ collects 36"), "{text}");
    assert!(text.contains("── on w ─ collects 36"), "{text}");
    assert!(text.contains("each winning tile is scored below"), "{text}");
    // 6s and 9s pay the same, but one is a pair of 9s and the other of 6s: the full view
    // shows both arrangements; the short answer, which shows none, gives one line.
    let hand = "222p333p444p678s9s tsumo seat=S";
    let (_, text) = output(&["score", "-r", "sanma", hand]);
    assert!(
        text.contains("── on 6s ─") && text.contains("── on 9s ─"),
        "{text}"
    );
    let (_, text) = output(&["score", "--brief", "-r", "sanma", hand]);
    assert_eq!(
        text,
        "6s 9s: legal win · 3 han 40 fu · S\u{a0}+3,900 (E\u{a0}-2,600, W\u{a0}-1,300)\n"
    );
}

#[test]
fn a_hand_that_pays_nothing_says_why_in_one_line_without_tables_of_zeros() {
    // No yaku and no element: no elements table, no payments table.
    let (code, text) = output(&[
        "score",
        "-r",
        "sanma",
        "123p456p789s99s EEE ron seat=S round=S",
    ]);
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("Verdict: not a legal win, pays nothing: the hand has no yaku"),
        "{text}"
    );
    assert!(
        !text.contains("Payments:") && !text.contains("Receives / pays"),
        "{text}"
    );
    assert!(!text.contains("│ Element"), "{text}");
    // Below the minimum: what was counted stays, the payments go.
    let (code, text) = output(&["score", "[111p] 234p 567p 789p 99m ron=S"]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("│ All simples (no honours)"), "{text}");
    assert!(
        text.contains(
            "Verdict: not a legal win, pays nothing: 1 hand-point is below the minimum of 3"
        ),
        "{text}"
    );
    assert!(!text.contains("Payments:"), "{text}");
    let (code, text) = output(&["score", "--brief", "[111p] 234p 567p 789p 99m ron=S"]);
    assert_eq!(code, 1);
    assert_eq!(
        text,
        "not a legal win: below the minimum, 1 of 3 hand-points · 1 hand-point + 3 bonus-points · pays nothing\n"
    );
}

#[test]
fn brief_gives_the_verdict_the_limit_and_the_payments_in_one_line() {
    let cases: [(&str, &str, i32, &str); 5] = [
        (
            "sanma",
            "123p456p789p11s EEE ron seat=S",
            0,
            "legal win · 3 han 40 fu · S\u{a0}+5,200 (E\u{a0}-5,200)\n",
        ),
        (
            "sanma-mahjongsoul",
            KOKUSHI,
            0,
            "1m 9m 1p 9p 1s 9s E S W N w g r: legal win · 2× yakuman · S\u{a0}+48,000 (E\u{a0}-32,000, W\u{a0}-16,000)\n",
        ),
        (
            "sanma",
            "123p456p789s99s EEE ron seat=S round=S",
            1,
            "not a legal win: no yaku · 0 han 40 fu · pays nothing\n",
        ),
        (
            "sanma",
            "1239p45p19s EEwgr",
            1,
            "no winning shape: 4 tiles from ready (4-shanten), 71 useful tiles unseen\n",
        ),
        (
            "sanma",
            "1239p45p19s EEwgr5p",
            1,
            "no winning shape: discard 4p, 4 tiles from ready (4-shanten), 75 useful tiles unseen\n",
        ),
    ];
    for (ruleset, hand, code, expected) in cases {
        let (got, text) = output(&["score", "--brief", "-r", ruleset, hand]);
        assert_eq!((got, text.as_str()), (code, expected), "{hand}");
    }
    // A limit is named instead of the totals.
    let (_, text) = output(&[
        "score",
        "--brief",
        "-r",
        "korean",
        "111p 999p 111s 999s EE tsumo",
    ]);
    assert!(
        text.starts_with("legal win · full limit · E\u{a0}+"),
        "{text}"
    );
}

#[test]
fn brief_json_is_a_compact_record_of_the_same() {
    let out = run(
        &[
            "score",
            "--brief",
            "--json",
            "-r",
            "sanma",
            "234p567p678s99s23s ron",
        ],
        "",
    );
    let record = json_of(&out);
    assert_eq!(record["ruleset"], "sanma");
    assert_eq!(record["input"], "234p567p678s99s23s ron");
    let results = record["results"].as_array().expect("results");
    assert_eq!(results.len(), 1);
    assert_eq!(results[0]["tiles"], serde_json::json!(["1s", "4s"]));
    assert_eq!(results[0]["win"], true);
    assert_eq!(results[0]["verdict"], "legal win");
    assert_eq!(results[0]["reached"], "1 han 30 fu");
    assert_eq!(
        results[0]["payments"],
        serde_json::json!([
            {"seat": "East", "amount": 1500},
            {"seat": "South", "amount": 0},
            {"seat": "West", "amount": -1500}
        ])
    );
    let out = run(
        &[
            "score",
            "--brief",
            "--json",
            "-r",
            "sanma",
            "1239p45p19s EEwgr5p",
        ],
        "",
    );
    let record = json_of(&out);
    assert_eq!(record["results"], serde_json::json!([]));
    assert_eq!(record["unready"]["discard"], "4p");
    assert_eq!(record["unready"]["shanten"], 4);
}

#[test]
fn batch_brief_is_one_line_per_hand_prefixed_by_its_place() {
    let input = "123p456p789p11s EEE ron seat=S\n\n# a comment\n234p567p678s99s23s ron\nbad\n";
    let out = run(
        &["batch", "--brief", "-r", "sanma", "--color", "never"],
        input,
    );
    assert_out(&out, 2, &[], &["<stdin>:5:1: unknown word 'bad'"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "1: legal win · 3 han 40 fu · S\u{a0}+5,200 (E\u{a0}-5,200)\n\
         4: 1s 4s: legal win · 1 han 30 fu · E\u{a0}+1,500 (W\u{a0}-1,500)\n\
         Tally: 3 lines · legal win 1 · waiting hand (not in the net) 1 · bad line 1 · net E -5,200 S +5,200 W 0\n"
    );
    let a = temp_file("brief-a.txt", "123p456p789p11s EEE ron seat=S\n");
    let b = temp_file("brief-b.txt", "\n234p567p678s99s23s ron\n");
    let out = run(
        &[
            "batch", "--brief", "-r", "sanma", "--color", "never", &a, &b,
        ],
        "",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with(&format!("{a}:1: legal win")), "{text}");
    assert!(
        text.contains(&format!("\n{b}:2: 1s 4s: legal win")),
        "{text}"
    );
    let out = run(&["batch", "--brief", "--json", "-r", "sanma", &a, &b], "");
    let records = json_lines(&out);
    assert_eq!(records.len(), 2);
    assert_eq!(records[1]["file"], b.as_str());
    assert_eq!(records[1]["line"], 2);
    assert_eq!(
        records[1]["results"][0]["tiles"],
        serde_json::json!(["1s", "4s"])
    );
    // A brief is not a CSV row.
    let out = run(&["batch", "--brief", "--csv"], "");
    assert_out(&out, 2, &[], &["cannot be used with"]);
}

#[test]
fn compare_brief_gives_each_ruleset_its_line() {
    let (code, text) = output(&[
        "compare",
        "--brief",
        "-r",
        "korean,malaysian,sanma",
        "123p456p789p11s EEE ron seat=S",
    ]);
    assert_eq!(code, 0, "{text}");
    assert_eq!(
        text,
        "korean     legal win · 7 hand-points + 6 bonus-points · S\u{a0}+26 (E\u{a0}-20, W\u{a0}-6)\n\
         malaysian  cannot take it: 1s (1 bamboo) is not in play\n\
         sanma      legal win · 3 han 40 fu · S\u{a0}+5,200 (E\u{a0}-5,200)\n"
    );
    let out = run(
        &[
            "compare",
            "--brief",
            "--json",
            "-r",
            "korean,malaysian",
            "123p456p789p11s EEE ron seat=S",
        ],
        "",
    );
    let records = json_of(&out);
    let records = records.as_array().expect("a list");
    assert_eq!(records.len(), 2);
    assert_eq!(records[1]["error"], "1s (1 bamboo) is not in play");
    // No ruleset takes it: exit code 2.
    let (code, _) = output(&[
        "compare",
        "--brief",
        "-r",
        "malaysian",
        "123p456p789p11s EEE ron",
    ]);
    assert_eq!(code, 2);
}

#[test]
fn brief_does_not_go_with_why_or_all() {
    for flag in ["--all", "--why=tanyao"] {
        let out = run(&["score", "--brief", flag, "123p456p789p11s EEE ron"], "");
        assert_out(&out, 2, &[], &["cannot be used with"]);
    }
}

/// A ruleset name two columns a character wide is padded by the columns it takes, so that
/// the answers still start in one column.
#[test]
fn compare_brief_pads_a_wide_name_by_its_columns() {
    let house = temp_file("wide-name.toml", "name = \"三麻\"\nextends = \"sanma\"\n");
    let rules = format!("sanma,{house}");
    let (code, text) = output(&["compare", "--brief", "-r", &rules, "123p456p789p11s EEE"]);
    assert_eq!(code, 0, "{text}");
    assert_eq!(
        text,
        "sanma  legal win · mangan · E\u{a0}+12,000 (W\u{a0}-12,000)\n\
         三麻   legal win · mangan · E\u{a0}+12,000 (W\u{a0}-12,000)\n"
    );
}

/// Written to a file or a pipe, a `--brief` line is never wrapped, whatever `COLUMNS` says: one
/// line per hand line (plus the tally lines), one per ruleset in `compare`.
#[test]
fn brief_is_one_line_per_hand_in_a_file_or_pipe_at_any_width() {
    let hands = [
        "19m19p19sESWNwgr tsumo seat=S",
        "123p456m99s EEE ww +f2 tsumo",
        "123p456p789p11s EEE ron",
        "11p 22p 33p 44p 55p 66p 77p",
        "123p",
    ];
    let file = temp_file("brief-lines.txt", format!("{}\n", hands.join("\n")));
    for columns in ["40", "80", "400"] {
        for rules in ["sanma-mahjongsoul", "korean"] {
            let out = common::mj3()
                .args(["batch", "--brief", "--color", "never", "-r", rules])
                .arg(&file)
                .env("COLUMNS", columns)
                .output()
                .expect("runs");
            let text = String::from_utf8_lossy(&out.stdout);
            let bad = String::from_utf8_lossy(&out.stderr);
            // Every line is a hand's (headed by its number) or the tally's, and every hand
            // line has its one line here or its error on standard error.
            for (number, _) in hands.iter().enumerate() {
                let head = format!("{}: ", number + 1);
                let lines = text.lines().filter(|l| l.starts_with(&head)).count();
                let errors = bad
                    .matches(&format!("brief-lines.txt:{}:", number + 1))
                    .count();
                assert_eq!(
                    lines + errors.min(1),
                    1,
                    "{head} COLUMNS={columns}\n{text}{bad}"
                );
            }
            let heads = text.lines().filter(|l| {
                l.split_once(": ")
                    .is_some_and(|(n, _)| n.parse::<usize>().is_ok())
            });
            let tally = text.lines().filter(|l| l.starts_with("Tally"));
            assert_eq!(
                heads.count() + tally.count(),
                text.lines().count(),
                "COLUMNS={columns}\n{text}"
            );
        }
        let out = common::mj3()
            .args([
                "compare",
                "--brief",
                "-r",
                "korean,sanma-mahjongsoul,malaysian",
            ])
            .arg("19m19p19sESWNwgr tsumo seat=S")
            .env("COLUMNS", columns)
            .output()
            .expect("runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(text.lines().count(), 3, "COLUMNS={columns}\n{text}");
    }
}

/// On a terminal (a pseudo-terminal made by util-linux's `script`), a long `--brief` line is
/// still wrapped to the width.
#[cfg(target_os = "linux")]
#[test]
fn brief_wraps_on_a_terminal() {
    if std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("util-linux `script` is not installed: no terminal to test on");
        return;
    }
    let mj3 = assert_cmd::cargo::cargo_bin("mj3");
    let command = format!(
        "COLUMNS=40 '{}' score --color never -r sanma-mahjongsoul '{KOKUSHI}' --brief",
        mj3.display()
    );
    let out = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .output()
        .expect("script runs");
    let text = String::from_utf8_lossy(&out.stdout).replace('\r', "");
    assert!(text.lines().count() > 1, "{text}");
    assert!(text.lines().all(|l| l.chars().count() <= 40), "{text}");
    assert!(text.contains("\n  "), "{text}");
}
