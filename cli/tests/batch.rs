//! `mj3 batch`: every line scored or reported with its number, in every format.

mod common;

use common::*;

#[test]
fn batch_reports_bad_lines_and_scores_the_rest() {
    let input = "# a comment\n123p456m999s EEE ww tsumo\n123x\n\n123p456m999s EEE ww ron=S\n";
    let output = run(&["batch", "--json"], input);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("error: <stdin>:3:4: 'x' is not a suit letter"),
        "{stderr}"
    );
    assert!(stderr.contains("  123x\n     ^"), "{stderr}");
    let lines: Vec<serde_json::Value> = json_lines(&output);
    assert_eq!(lines.len(), 3, "two scored lines and one error record");
    assert_eq!(lines[0]["line"], 2);
    assert_eq!(lines[1]["line"], 3);
    assert!(lines[1]["error"]["message"].is_string());
    assert_eq!(lines[2]["line"], 5);
    assert_eq!(lines[2]["score"]["payments"]["seats"][0]["amount"], 22);
}

#[test]
fn batch_reports_a_line_that_is_not_utf8_and_scores_the_rest() {
    // CRLF endings, a comment, trailing spaces, a line of bytes that are not UTF-8 and no final
    // newline: every hand line is either scored or reported.
    let input: &[u8] =
        b"123p456m999s EEE ww tsumo\r\n# note\r\n123p \xff\xfe 456p\r\n123p456m999s EEE ww ron=S   ";
    let output = run(&["batch", "--json", "-"], input);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("error: <stdin>:3:6: the line is not valid UTF-8"),
        "{stderr}"
    );
    let lines: Vec<serde_json::Value> = json_lines(&output);
    let numbers: Vec<_> = lines.iter().map(|l| l["line"].clone()).collect();
    assert_eq!(numbers, [1, 3, 4]);
    assert_eq!(lines[1]["error"]["column"], 6);
    assert_eq!(lines[2]["input"], "123p456m999s EEE ww ron=S");
}

#[test]
fn batch_error_records_start_with_file_line_and_input_as_documented() {
    let output = run(&["batch", "--json"], "123x\n");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "{\"file\":\"<stdin>\",\"line\":1,\"input\":\"123x\",\"tag\":null,\"kind\":\"error\",\"error\":{\"message\":\"'x' is not a suit letter (expected m, p, s or z)\",\"column\":4}}\n"
    );
}

#[test]
fn batch_ignores_a_byte_order_mark_and_names_invisible_characters() {
    let output = run(
        &["batch", "--json"],
        "\u{feff}123p456m999s EEE ww tsumo\n123p\u{200b}456m\n",
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines[0]["kind"], "complete", "{stdout}");
    assert!(
        lines[1]["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("(U+200B)")),
        "{stdout}"
    );
}

#[test]
fn batch_reads_lone_cr_line_endings_as_lines() {
    let output = run(
        &["batch", "--json"],
        "123p456m999s EEE ww tsumo\r# note\r123x\r123p456m999s EEE ww ron=S\r",
    );
    assert_eq!(output.status.code(), Some(2));
    let numbers: Vec<serde_json::Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON")["line"].clone())
        .collect();
    assert_eq!(numbers, [1, 3, 4]);
}

#[test]
fn a_line_over_one_mebibyte_is_a_bad_line_and_the_rest_is_scored() {
    let mut input = vec![b'1'; 3 << 20];
    input.extend_from_slice(b"\n123p456m999s EEE ww tsumo\n");
    let output = run(&["batch", "--json"], input);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("<stdin>:1:1048577: the line is longer than 1048576 bytes"),
        "{stderr}"
    );
    let lines: Vec<serde_json::Value> = json_lines(&output);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(lines[1]["kind"], "complete");
}

#[test]
fn batch_json_records_name_the_file_however_many_are_read() {
    let first = temp_file("several-a.txt", "123p456m999s EEE ww tsumo  # a note\n");
    let second = temp_file("several-b.txt", "\n  bad x\n");
    let output = run(&["batch", "--json", &first, &second], "");
    let records: Vec<serde_json::Value> = json_lines(&output);
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["file"], first.as_str());
    assert_eq!(records[0]["input"], "123p456m999s EEE ww tsumo");
    assert_eq!(records[1]["file"], second.as_str());
    assert_eq!(records[1]["line"], 2);
    assert_eq!(records[1]["error"]["column"], 3);
    // One file: the same fields.
    let output = run(&["batch", "--json", &first], "");
    let record = json_of(&output);
    assert_eq!(record["file"], first.as_str());
}

#[test]
fn batch_names_file_line_and_column_allows_comments_and_reads_several_files() {
    let first = temp_file(
        "first.txt",
        b"123p456m999s EEE ww tsumo  # a comment\n  12x3p\n",
    );
    let second = temp_file("second.txt", b"[111p] 234p 567p 789p 99m ron=S\n");
    let output = run(&["batch", "--json", &first, &second], "");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!("error: {}:2:5: 'x' is not a suit letter", first)),
        "{stderr}"
    );
    assert!(stderr.contains("\n    12x3p\n      ^"), "{stderr}");
    assert!(
        stderr.ends_with("mj3 batch: 2 hands scored (1 not a win), 1 bad line\n"),
        "{stderr}"
    );
    let lines: Vec<serde_json::Value> = json_lines(&output);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["input"], "123p456m999s EEE ww tsumo");
    assert_eq!(lines[1]["error"]["column"], 5, "counted in the file's line");
    assert_eq!(lines[2]["line"], 1);
}

#[test]
fn batch_goes_on_after_a_file_that_cannot_be_read() {
    let good = temp_file("good.txt", b"123p456m999s EEE ww tsumo\n");
    let output = run(&["batch", "no/such/file.txt", &good], "");
    assert_eq!(output.status.code(), Some(4));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("could not read `no/such/file.txt`"),
        "{stderr}"
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("Hand-points: 8"));
}

#[test]
fn batch_csv_has_one_quoted_row_per_hand() {
    let output = run(
        &["batch", "--csv"],
        "123p456m999s EEE ww tsumo\n123x, \"quoted\"\n123p456m99s EEE ww\n",
    );
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let rows: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        rows[0],
        "file,line,input,wait,verdict,totals,East,South,West,error,\
         ruleset,tag,han,fu,points,limit,elements,stated"
    );
    assert_eq!(
        rows[1],
        "<stdin>,1,123p456m999s EEE ww tsumo,,win,hand_points=8 bonus_points=8 minimum=3 limit_points=0,32,-16,-16,,\
         korean,,,,16,,wind-pong;seat-wind-pong;round-wind-pong;bamboo-terminal-pong;concealed-hand;\
         concealed-self-drawn;winning-bonus;self-draw;premium-tile;concealed-bonus;fully-concealed-bonus,"
    );
    assert!(
        rows[2].starts_with("<stdin>,2,\"123x, \"\"quoted\"\"\",,error,,,,,"),
        "{}",
        rows[2]
    );
    assert!(
        rows[3].starts_with("<stdin>,3,123p456m99s EEE ww,9s,win,"),
        "{}",
        rows[3]
    );
}

#[test]
fn batch_writes_one_error_record_for_an_impossible_situation_and_scores_the_rest() {
    let input = "234p567p678s99s234s win=4s tsumo first seat=S +N
                 234p567p678s99s234s win=4s tsumo first seat=S
";
    let output = run(&["batch", "-r", "sanma-tenhou", "--json"], input);
    assert_eq!(output.status.code(), Some(2));
    let lines = json_lines(&output);
    assert_eq!(lines.len(), 2, "one error record and one score");
    assert_eq!(lines[0]["line"], 1);
    let message = lines[0]["error"]["message"].as_str().expect("a message");
    assert!(
        message.contains("`first` with a North set aside"),
        "{message}"
    );
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(lines[1]["score"]["verdict"]["kind"], "win");
}
