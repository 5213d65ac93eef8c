//! A hand with no winning shape, as the `mj3` binary reports it: how far it is from ready,
//! the useful draws, and the discards of a 14-tile hand ranked, in `score`, `--json`,
//! `batch` and `compare`.

use assert_cmd::Command;

/// Runs `mj3 args` with `stdin` as its input (no colour, lines not wrapped).
fn run(args: &[&str], stdin: &str) -> std::process::Output {
    Command::cargo_bin("mj3")
        .expect("binary builds")
        .env("NO_COLOR", "1")
        .env("COLUMNS", "400")
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("runs")
}

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn json(output: &std::process::Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}

#[test]
fn an_unready_hand_shows_its_shanten_and_useful_draws() {
    let output = run(&["score", "-r", "sanma", "1239p45p19s EEwgr"], "");
    assert_eq!(output.status.code(), Some(1), "not a win");
    let text = stdout(&output);
    assert!(
        text.contains("Not ready: 4 tiles from ready (4-shanten)"),
        "{text}"
    );
    assert!(text.contains("Useful draws:"), "{text}");
    // 3p: one held, so three unseen; the last row adds them up.
    assert!(text.contains("│ 3p       ┆      3 │"), "{text}");
    assert!(text.contains("│ 20 kinds ┆     71 │"), "{text}");
}

#[test]
fn fourteen_tiles_rank_every_discard_and_score_each_wait() {
    let output = run(&["score", "-r", "sanma", "1239p45p19s EEwgr5p"], "");
    let text = stdout(&output);
    assert!(text.contains("Discards, best first:"), "{text}");
    assert!(
        text.contains(
            "│ 4p      ┆ 4-shanten ┆ 1m 9m 1p 2p 3p 5p 7p 8p 9p 1s 2s 3s 7s 8s 9s E S W N w g r "
        ),
        "{text}"
    );
    // The fastest discard leaves a closed wait on 2p; the one worth most, a suuankou wait.
    let output = run(&["score", "-r", "sanma", "1111333p999m7s SSS"], "");
    let text = stdout(&output);
    assert!(text.contains("│ 7s      ┆ ready"), "{text}");
    assert!(text.contains("2p: 2 han 60 fu, collects 5,800"), "{text}");
    assert!(text.contains("7s: yakuman, collects 48,000"), "{text}");
    assert!(
        text.contains("Worth most: discard 1p: ready, its best wait collects 48,000."),
        "{text}"
    );
}

#[test]
fn json_carries_the_analysis_after_the_usual_fields() {
    let value = json(&run(
        &["score", "-r", "sanma", "--json", "1239p45p19s EEwgr"],
        "",
    ));
    assert_eq!(value["kind"], "waiting");
    assert_eq!(value["unready"]["tiles"], 13);
    assert_eq!(value["unready"]["shanten"], 4);
    assert_eq!(value["unready"]["useful_count"], 71);
    assert_eq!(value["unready"]["useful"][2]["tile"], "3p");
    assert_eq!(value["unready"]["useful"][2]["unseen"], 3);
    let value = json(&run(
        &["score", "-r", "sanma", "--json", "1111333p999m7s SSS"],
        "",
    ));
    let discards = &value["unready"]["discards"];
    assert_eq!(discards[0]["tile"], "7s");
    assert_eq!(discards[0]["shanten"], 0);
    assert_eq!(discards[0]["waits"][0]["tile"], "2p");
    assert_eq!(discards[1]["best_received"], 48000);
    // A hand with a winning shape has no analysis.
    let value = json(&run(
        &[
            "score",
            "-r",
            "sanma",
            "--json",
            "234p567p678s99s234s tsumo",
        ],
        "",
    ));
    assert!(value.get("unready").is_none(), "{value}");
}

#[test]
fn batch_analyses_an_unready_line_and_counts_it() {
    let lines = "1239p45p19s EEwgr\n1239p45p19s EEwgr5p\n234p567p678s99s234s tsumo\n";
    let output = run(&["batch", "-r", "sanma", "--json"], lines);
    assert_eq!(output.status.code(), Some(0));
    let records: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(records[0]["unready"]["shanten"], 4);
    assert_eq!(records[1]["unready"]["discards"][0]["tile"], "4p");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.ends_with(
            "mj3 batch: 1 hand scored (0 not a win), 2 unready hands analysed, 0 bad lines\n"
        ),
        "{stderr}"
    );
    let output = run(&["batch", "-r", "sanma", "--csv"], lines);
    let csv = stdout(&output);
    assert!(csv.contains(",no-wait,shanten=4 useful=71,"), "{csv}");
    assert!(
        csv.contains(",no-winning-shape,shanten=4 discard=4p useful=75,"),
        "{csv}"
    );
    let output = run(&["batch", "-r", "sanma"], lines);
    assert!(stdout(&output).contains("Not ready: 4 tiles from ready"));
}

#[test]
fn compare_takes_an_unready_hand_under_every_ruleset_that_has_its_tiles() {
    let output = run(&["compare", "1239p45p19s EEwgr", "--json"], "");
    assert_eq!(output.status.code(), Some(0));
    let value = json(&output);
    let columns = value["columns"].as_array().expect("columns");
    let sanma = columns
        .iter()
        .find(|c| c["ruleset"] == "sanma")
        .expect("sanma");
    assert_eq!(sanma["error"], serde_json::Value::Null);
    assert_eq!(sanma["unready"]["shanten"], 4);
    assert_eq!(
        sanma["verdict"],
        "no winning shape: 4 tiles from ready (4-shanten)"
    );
    let malaysian = columns
        .iter()
        .find(|c| c["ruleset"] == "malaysian")
        .expect("malaysian");
    assert!(malaysian["error"].is_string(), "bamboo is not in play");
}
