//! `mj3 batch` for the scripter: the tally at the end (each seat's net, the lines by outcome)
//! wherever `--summary` puts it, the CSV columns a spreadsheet sorts and sums, a `kind` on
//! every JSON record, the same fields for one file or several, and the line's comment as its
//! tag.

mod common;

use common::*;
use serde_json::Value;

/// Two legal wins (32, -16, -16 each), one below the minimum, a waiting hand, a hand no tile
/// completes and a bad line, under `korean`; the comments are tags.
const NIGHT: &str = "# a night of korean
123p456m999s EEE ww tsumo  # hand 1
[EEE] 456m 789m 234p 99m ron seat=S round=S  # hand 2: below the minimum

123p456m999s EEE ww tsumo
123p456m99s EEE ww  # waiting: 9s or w
1239p45p19s EEwgr
123x  # a typo
";

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The counts and net every format's tally gives for [`NIGHT`].
fn assert_night_tally(tally: &Value) {
    assert_eq!(tally["kind"], "tally");
    assert_eq!(tally["ruleset"], "korean");
    assert_eq!(tally["lines"], 6);
    assert_eq!(tally["verdicts"]["win"], 2);
    assert_eq!(tally["verdicts"]["below-minimum"], 1);
    assert_eq!(tally["verdicts"]["no-yaku"], 0, "every kind is listed");
    assert_eq!(tally["waiting"], 1);
    assert_eq!(tally["unready"], 1);
    assert_eq!(tally["bad_lines"], 1);
    assert_eq!(tally["unreadable_files"], 0);
    assert_eq!(tally["inputs_cut"], 0);
    // The two legal wins only: the waiting hand and the hand below the minimum add nothing.
    assert_eq!(
        tally["net"],
        serde_json::json!({"East": 64, "South": -32, "West": -32})
    );
}

#[test]
fn tables_end_with_the_tally_on_stdout() {
    let output = run(&["batch", "--color", "never"], NIGHT);
    assert_eq!(output.status.code(), Some(2));
    let out = stdout(&output);
    let at = out.find("Tally: 6 lines read under korean").expect(&out);
    let tally = &out[at..];
    for row in [
        "│ legal win                     ┆     2 │",
        "│ below the minimum             ┆     1 │",
        "│ waiting hand (not in the net) ┆     1 │",
        "│ no winning shape              ┆     1 │",
        "│ bad line                      ┆     1 │",
        "│ East  ┆ +64 │",
        "│ South ┆ -32 │",
        "│ West  ┆ -32 │",
    ] {
        assert!(tally.contains(row), "{row:?} not in\n{tally}");
    }
    // Outcomes that did not occur are left out of the table.
    assert!(!tally.contains("no yaku"), "{tally}");
    // The tally is said once: not again on stderr.
    assert!(
        !stderr(&output).contains("mj3 batch:"),
        "{}",
        stderr(&output)
    );
    let none = run(&["batch", "--summary", "none"], NIGHT);
    assert!(!stdout(&none).contains("Tally"));
    assert!(!stderr(&none).contains("mj3 batch:"));
}

#[test]
fn the_tally_table_is_ascii_with_ascii_and_fits_the_terminal() {
    let output = mj3()
        .env("COLUMNS", "40")
        .args(["batch", "--ascii"])
        .write_stdin(NIGHT)
        .output()
        .expect("runs");
    let out = stdout(&output);
    let tally = &out[out.find("Tally:").expect(&out)..];
    assert!(tally.is_ascii(), "{tally}");
    assert!(widest(tally) <= 40, "{tally}");
    assert!(tally.contains("| East  | +64 |"), "{tally}");
}

#[test]
fn summary_json_is_the_last_record_of_json_lines() {
    let output = run(&["batch", "--json", "--summary", "json"], NIGHT);
    assert_eq!(output.status.code(), Some(2));
    let records = json_lines(&output);
    let kinds: Vec<&str> = records.iter().filter_map(|r| r["kind"].as_str()).collect();
    assert_eq!(
        kinds,
        [
            "complete", "complete", "complete", "waiting", "waiting", "error", "tally"
        ],
        "every record has a kind"
    );
    assert_night_tally(records.last().expect("a tally"));
    assert!(
        !stderr(&output).contains("mj3 batch:"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn with_csv_summary_json_goes_to_stderr_and_stdout_stays_csv() {
    let output = run(&["batch", "--csv", "--summary", "json"], NIGHT);
    let out = stdout(&output);
    let mut reader = csv::ReaderBuilder::new().from_reader(out.as_bytes());
    let header = reader.headers().expect("a header").len();
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a row")).collect();
    assert_eq!(
        rows.len(),
        7,
        "a row per hand, per wait, and the error:\n{out}"
    );
    assert!(rows.iter().all(|row| row.len() == header), "{out}");
    let said = stderr(&output);
    let last = said.lines().last().expect("stderr ends with the tally");
    assert_night_tally(&serde_json::from_str(last).expect(last));
}

#[test]
fn with_json_or_csv_the_text_summary_is_one_line_on_stderr() {
    for format in ["--json", "--csv"] {
        let output = run(&["batch", format], NIGHT);
        assert!(
            stderr(&output).ends_with(
                "mj3 batch: 4 hands scored (1 not a win), 1 unready hand analysed, 1 bad line\n"
            ),
            "{}",
            stderr(&output)
        );
        assert!(!stdout(&output).contains("tally"), "{format}");
    }
}

#[test]
fn a_record_has_the_same_fields_for_one_file_or_several() {
    let first = temp_file("tally-one.txt", "123p456m999s EEE ww tsumo  # a\n123x\n");
    let second = temp_file("tally-two.txt", "123p456m999s EEE ww tsumo\n");
    let keys = |args: &[&str]| -> Vec<Vec<String>> {
        json_lines(&run(args, ""))
            .iter()
            .map(|r| r.as_object().expect("an object").keys().cloned().collect())
            .collect()
    };
    let one = keys(&["batch", "--json", &first]);
    let several = keys(&["batch", "--json", &first, &second]);
    assert_eq!(one[..], several[..2]);
    for record in &one {
        for field in ["file", "line", "tag", "kind"] {
            assert!(record.iter().any(|k| k == field), "{field} in {record:?}");
        }
    }
    let records = json_lines(&run(
        &["batch", "--json", "-"],
        "123p456m999s EEE ww tsumo\n",
    ));
    assert_eq!(records[0]["file"], "<stdin>");
}

#[test]
fn a_line_comment_is_its_tag_in_json_csv_and_the_table_heading() {
    let input =
        "123p456m999s EEE ww tsumo   #  game 3, hand 2 \n123x # =typo\n123p456m999s EEE ww ron=S\n";
    let records = json_lines(&run(&["batch", "--json"], input));
    assert_eq!(records[0]["tag"], "game 3, hand 2");
    assert_eq!(records[0]["input"], "123p456m999s EEE ww tsumo");
    assert_eq!(records[1]["tag"], "=typo");
    assert_eq!(records[1]["kind"], "error");
    assert!(records[2]["tag"].is_null(), "{}", records[2]);
    let output = run(&["batch", "--csv"], input);
    let mut reader = csv::Reader::from_reader(output.stdout.as_slice());
    let tag = reader
        .headers()
        .expect("a header")
        .iter()
        .position(|h| h == "tag")
        .expect("a tag column");
    let tags: Vec<String> = reader
        .records()
        .map(|r| r.expect("a row")[tag].to_string())
        .collect();
    // A tag a spreadsheet would run as a formula is led by a quote, as any text cell.
    assert_eq!(tags, ["game 3, hand 2", "'=typo", ""]);
    let output = run(&["batch", "--color", "never"], input);
    let out = stdout(&output);
    assert!(out.starts_with("Line 1  # game 3, hand 2\n"), "{out}");
    assert!(out.contains("\nLine 3\n"), "{out}");
}

/// The CSV cells `han`, `fu`, `points`, `limit` and `elements` of `hand`'s one row under
/// `ruleset`, and its `ruleset` cell.
fn score_columns(ruleset: &str, hand: &str) -> Vec<String> {
    let output = run(&["batch", "--csv", "-r", ruleset], format!("{hand}\n"));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let mut reader = csv::Reader::from_reader(output.stdout.as_slice());
    let header = reader.headers().expect("a header").clone();
    let row = reader.records().next().expect("a row").expect("a row");
    ["ruleset", "han", "fu", "points", "limit", "elements"]
        .iter()
        .map(|column| {
            let at = header.iter().position(|h| h == *column).expect(column);
            row[at].to_string()
        })
        .collect()
}

#[test]
fn csv_has_each_system_s_totals_in_columns_of_their_own() {
    // han-fu: han, fu, base points, limit; the element keys with their counts.
    assert_eq!(
        score_columns("sanma", "234p567p678s99s234s riichi tsumo dora=3s,1s"),
        [
            "sanma",
            "5",
            "20",
            "2000",
            "mangan",
            "pinfu;riichi;menzen-tsumo;dora*2"
        ]
    );
    assert_eq!(
        score_columns("sanma", "234p567p678s99s234s riichi tsumo"),
        ["sanma", "3", "20", "640", "", "pinfu;riichi;menzen-tsumo"]
    );
    // han-table: han and the payment table's row.
    assert_eq!(
        score_columns("sanma-honshu", "234p567p678s99s234s riichi tsumo"),
        ["sanma-honshu", "4", "", "", "4", "pinfu;riichi;bazoro"]
    );
    // fan: the fan counted (capped) and the points.
    assert_eq!(
        score_columns("malaysian", "123p456p789p EEE 99p tsumo"),
        [
            "malaysian",
            "10",
            "",
            "300",
            "",
            "own-wind-pung;east-pung;one-suit-with-honours;no-bonus-tiles"
        ]
    );
    // points: hand-points and bonus-points added up, or the limit's points.
    assert_eq!(
        score_columns("korean", "[www] [ggg] 123p 789p 99s ron=S")[3..5],
        ["6", ""]
    );
    assert_eq!(
        score_columns("korean", "123p rrr ggg ww 999s tsumo")[3..5],
        ["20", "half"]
    );
}

#[test]
fn a_line_that_is_not_utf8_is_told_what_is_read() {
    let output = run(&["batch"], b"123p \xff 456p\n".to_vec());
    assert_eq!(output.status.code(), Some(2));
    let said = stderr(&output);
    assert!(
        said.contains(
            "<stdin>:1:6: the line is not valid UTF-8 text: a hand is written in ASCII notation \
             (123p EEE ww) or with the tile characters U+1F000-U+1F02A, saved as UTF-8"
        ),
        "{said}"
    );
    // The tile characters are read.
    let output = run(
        &["batch", "--json", "--summary", "json"],
        "🀙🀚🀛🀇🀈🀉🀡🀡🀡🀀🀀🀀🀆🀆 tsumo\n",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let records = json_lines(&output);
    assert_eq!(records[1]["verdicts"]["win"], 1);
}

#[test]
fn score_json_records_have_a_kind_and_no_batch_fields() {
    let scored = json_of(&run(&["score", "--json", "123p456m999s EEE ww tsumo"], ""));
    assert_eq!(scored["kind"], "complete");
    let bad = run(&["score", "--json", "123x"], "");
    assert_eq!(bad.status.code(), Some(2));
    let bad = json_of(&bad);
    assert_eq!(bad["kind"], "error");
    for record in [&scored, &bad] {
        for field in ["file", "line", "tag"] {
            assert!(record.get(field).is_none(), "{field} in {record}");
        }
    }
}

#[test]
fn a_waiting_hand_is_counted_but_adds_nothing_to_the_net() {
    let output = run(
        &["batch", "--json", "--summary", "json"],
        "123p456m99s EEE ww\n123p456m999s EEE ww ron=W\n",
    );
    let records = json_lines(&output);
    let tally = records.last().expect("a tally");
    assert_eq!(tally["waiting"], 1);
    assert_eq!(tally["verdicts"]["win"], 1);
    // The 14-tile line alone: the ron from West.
    let won = &records[1]["score"]["payments"]["seats"];
    assert_eq!(tally["net"]["East"], won[0]["amount"]);
    assert_eq!(tally["net"]["West"], won[2]["amount"]);
}

#[test]
fn a_file_that_cannot_be_read_is_counted_and_named_in_the_tally_table() {
    let good = temp_file("tally-good.txt", "123p456m999s EEE ww tsumo\n");
    let output = run(
        &[
            "batch",
            "--json",
            "--summary",
            "json",
            "no/such/file.txt",
            &good,
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(4));
    let records = json_lines(&output);
    let tally = records.last().expect("a tally");
    assert_eq!(
        (&tally["unreadable_files"], &tally["lines"]),
        (&1.into(), &1.into())
    );
    let output = run(
        &["batch", "--color", "never", "no/such/file.txt", &good],
        "",
    );
    let out = stdout(&output);
    assert!(out.contains("│ unreadable file ┆     1 │"), "{out}");
}
