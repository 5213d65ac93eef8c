//! `mj3` at the edge of its streams and its untrusted files: every record written whatever
//! happens to stderr, exit codes that say when a run was cut, `batch` memory bounded in bytes,
//! CSV cells a spreadsheet will not evaluate, and a house file's or a line's text shown
//! escaped by every text command.

use std::io::{BufRead as _, Read as _};
use std::process::{Command, Output, Stdio};

/// The `mj3` binary, wide enough that no line is wrapped.
fn mj3() -> Command {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("mj3"));
    cmd.env_remove("NO_COLOR").env("COLUMNS", "400");
    cmd
}

/// Runs `mj3 args` with no input.
fn run(args: &[&str]) -> Output {
    mj3()
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("runs")
}

/// A temporary file holding `text`.
fn temp_file(name: &str, text: impl AsRef<[u8]>) -> String {
    let dir = std::env::temp_dir().join(format!("mj3-streams-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("temp file");
    path.display().to_string()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Each line of `bytes` read as one JSON record.
fn records(bytes: &[u8]) -> Vec<serde_json::Value> {
    text(bytes)
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect()
}

const GOOD: &str = "123p456m999s EEE ww tsumo";

/// `count` lines, every other one bad, the first bad.
fn good_and_bad(count: usize) -> String {
    (0..count)
        .map(|i| {
            if i % 2 == 0 {
                "123x\n"
            } else {
                "123p456m999s EEE ww tsumo\n"
            }
        })
        .collect()
}

// ---- standard error and standard output ----

#[test]
fn a_closed_stderr_does_not_end_batch_and_every_record_is_written() {
    let input = temp_file("half-bad.txt", good_and_bad(2_000));
    let out = temp_file("half-bad.jsonl", "");
    let mut child = mj3()
        .args(["batch", "--json", "--jobs", "2", &input])
        .stdout(std::fs::File::create(&out).expect("output file"))
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    // Read one byte of stderr, then close it: every later write to it fails.
    let mut stderr = child.stderr.take().expect("piped");
    let mut first = [0; 1];
    stderr.read_exact(&mut first).expect("an error comes first");
    drop(stderr);
    let status = child.wait().expect("ends");
    let written = records(&std::fs::read(&out).expect("output"));
    assert_eq!(written.len(), 2_000, "every record is written");
    assert_eq!(
        written.last().map(|r| r["line"].clone()),
        Some(2_000.into())
    );
    assert_eq!(status.code(), Some(2), "bad lines were read: never 0");
}

#[test]
fn a_full_stderr_loses_only_the_messages() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // not Linux: no device that refuses writes
    };
    let clone = full.try_clone().expect("clone");
    let output = mj3()
        .args(["score", "123x"])
        .stderr(full)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2), "the code of the run");
    let input = temp_file("full-stderr.txt", good_and_bad(100));
    let output = mj3()
        .args(["batch", "--json", &input])
        .stderr(clone)
        .output()
        .expect("runs");
    assert_eq!(records(&output.stdout).len(), 100);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_reader_that_stops_early_gets_exit_code_6() {
    let input = temp_file("many.txt", good_and_bad(20_000));
    let mut child = mj3()
        .args(["batch", "--json", &input])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("runs");
    let stdout = child.stdout.take().expect("piped");
    let first = std::io::BufReader::new(stdout).lines().next();
    assert!(first.is_some_and(|line| line.is_ok_and(|l| l.contains("\"error\""))));
    let output = child.wait_with_output().expect("ends");
    assert_eq!(
        output.status.code(),
        Some(6),
        "the output was cut: not 0, and bad lines were among those read"
    );
}

// ---- a line with no end ----

/// `/dev/zero` never ends a line: its one line is one bad record, the input is not read
/// further, the next file is, and the exit code is 5 (in 1 GB of address space).
#[cfg(target_os = "linux")]
#[test]
fn an_input_with_no_line_end_is_a_record_and_exit_code_5() {
    let good = temp_file("after-zero.txt", format!("{GOOD}\n"));
    for (format, check) in [("--json", "\"error\""), ("--csv", ",error,")] {
        let output = Command::new("sh")
            .arg("-c")
            .arg("ulimit -v 1000000; exec \"$0\" batch \"$1\" /dev/zero \"$2\"")
            .arg(assert_cmd::cargo::cargo_bin("mj3"))
            .arg(format)
            .arg(&good)
            .output()
            .expect("runs");
        let stdout = text(&output.stdout);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(5), "{stderr}");
        let zero: Vec<&str> = stdout.lines().filter(|l| l.contains("/dev/zero")).collect();
        assert_eq!(zero.len(), 1, "one record for the one line: {stdout}");
        assert!(zero[0].contains(check), "{stdout}");
        assert!(
            zero[0].contains("no line end in 65 MiB; the rest of the input is not read"),
            "{stdout}"
        );
        assert!(
            stdout.lines().any(|l| l.contains("after-zero.txt")),
            "the next file is read: {stdout}"
        );
        assert!(
            stderr.contains("/dev/zero:1:1048577: no line end in 65 MiB"),
            "{stderr}"
        );
        assert!(stderr.contains("1 input not read to the end"), "{stderr}");
    }
}

// ---- memory ----

/// A house file whose every criterion scores the test hand: one line's table grows with it.
fn house_file_of(criteria: usize) -> String {
    let mut file = String::from("extends = \"korean\"\nname = \"big\"\n");
    for i in 0..criteria {
        file.push_str(&format!(
            "[criteria.c{i}]\ncheck = \"wind-pong\"\nclass = \"hand-point\"\nvalue = 1\n\
             name = \"Criterion number {i}\"\n"
        ));
    }
    file
}

/// The peak resident memory of a run, in KiB, read from /proc while it runs.
#[cfg(target_os = "linux")]
fn peak_kib(mut child: std::process::Child) -> (u64, Option<i32>) {
    let status_path = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    loop {
        if let Ok(status) = std::fs::read_to_string(&status_path) {
            let hwm = status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok());
            peak = peak.max(hwm.unwrap_or(0));
        }
        if let Ok(Some(status)) = child.try_wait() {
            return (peak, status.code());
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// With a ruleset whose every line writes 180 kB, `batch --jobs 4` holds a few lines'
/// output per job, not a chunk of 1,024 lines' (which was 70 MB here).
#[cfg(target_os = "linux")]
#[test]
fn batch_memory_is_bounded_by_bytes_not_lines() {
    let rules = temp_file("big.toml", house_file_of(2_000));
    let hands = temp_file("big-hands.txt", format!("{GOOD}\n").repeat(400));
    let child = mj3()
        .args(["batch", "--jobs", "4", "--rules", &rules, &hands])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("runs");
    let (peak, code) = peak_kib(child);
    assert_eq!(code, Some(0));
    assert!(peak < 40_000, "peak resident memory {peak} KiB");
}

// ---- CSV ----

#[test]
fn csv_cells_a_spreadsheet_would_evaluate_are_led_by_a_quote() {
    let lines = "=HYPERLINK(\"http://x\",\"y\")\n+cmd|' /C calc'!A0\n@SUM(1+1)\n-1+2\n\
                 123p456m999s EEE ww ron=S\n";
    let hands = temp_file("formulas.txt", lines);
    let named = temp_file("named\u{1b}[2J.txt", format!("{GOOD}\n"));
    let output = run(&["batch", "--csv", &hands, &named]);
    let stdout = text(&output.stdout);
    let mut reader = csv::Reader::from_reader(stdout.as_bytes());
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a row")).collect();
    let inputs: Vec<&str> = rows.iter().filter_map(|r| r.get(2)).collect();
    assert_eq!(
        &inputs[..4],
        [
            "'=HYPERLINK(\"http://x\",\"y\")",
            "'+cmd|' /C calc'!A0",
            "'@SUM(1+1)",
            "'-1+2"
        ]
    );
    for row in &rows {
        for cell in row {
            assert!(
                !cell.starts_with(['=', '+', '@', '\t', '\r']) && !cell.contains('\u{1b}'),
                "{row:?}"
            );
        }
    }
    // Amounts are numbers, negative ones too.
    let ron = rows.get(4).expect("the ron row");
    assert_eq!(ron.get(4), Some("win"));
    assert!(
        ron.iter()
            .skip(6)
            .take(3)
            .any(|c| c.starts_with('-') && c[1..].parse::<u32>().is_ok()),
        "{ron:?}"
    );
    // The file column is escaped.
    let last = rows.last().expect("rows");
    assert!(
        last.get(0)
            .is_some_and(|f| f.ends_with("named\\x1b[2J.txt")),
        "{last:?}"
    );
}

// ---- text from a house file and from a line ----

/// A house file whose texts hold a colour, a window title left open, and a bidi override.
const HOSTILE: &str = r#"extends = "korean"
name = "odd\u001b[31m\u202e"
title = "Title\u001b]0;pwned\u0007"

[criteria.wind-pong]
name = "Wind\u001b[31mRED\u001b]0;pwned\u0007 pong"
aliases = ["al\u001b[2Jias"]
description = "desc\u009b2J\u200b"
source = "src\u001b[1m"
"#;

fn assert_escaped(what: &str, output: &Output) {
    for (stream, bytes) in [("stdout", &output.stdout), ("stderr", &output.stderr)] {
        let shown = text(bytes);
        for raw in ['\u{1b}', '\u{7}', '\u{9b}', '\u{202e}', '\u{200b}'] {
            assert!(
                !shown.contains(raw),
                "{what}: {stream} holds {raw:?}:\n{shown}"
            );
        }
    }
}

#[test]
fn a_house_files_texts_are_escaped_in_every_text_command() {
    let rules = temp_file("hostile.toml", HOSTILE);
    let commands: Vec<Vec<&str>> = vec![
        vec!["score", "-r", &rules, GOOD],
        vec!["score", "-r", &rules, GOOD, "--why", "wind-pong"],
        vec!["score", "-r", &rules, GOOD, "--all"],
        vec!["criteria", "-r", &rules],
        vec!["criteria", "-r", &rules, "wind pong"],
        vec!["criteria", "-r", &rules, "wind pong", "--all"],
        vec!["compare", "-r", &rules, GOOD],
        vec!["rulesets", "--diff", "korean", &rules],
    ];
    for args in &commands {
        let output = run(args);
        assert_escaped(&args.join(" "), &output);
        assert!(
            text(&output.stdout).contains("\\x1b"),
            "{args:?}: {}",
            text(&output.stdout)
        );
    }
    let score = text(&run(&["score", "-r", &rules, GOOD]).stdout);
    assert!(
        score.contains("Wind\\x1b[31mRED\\x1b]0;pwned\\x07 pong"),
        "{score}"
    );
    assert!(score.contains("ruleset odd\\x1b[31m\\u{202e}"), "{score}");
    let card = text(&run(&["criteria", "-r", &rules, "wind pong"]).stdout);
    for shown in ["al\\x1b[2Jias", "desc\\x9b2J\\u{200b}"] {
        assert!(card.contains(shown), "{card}");
    }
    let hands = temp_file("hostile-hands.txt", format!("{GOOD}\n123x\n"));
    let batch = mj3()
        .args(["batch", "-r", &rules, &hands])
        .output()
        .expect("runs");
    assert_escaped("batch", &batch);
}

#[test]
fn json_keeps_a_house_files_texts_as_written() {
    let rules = temp_file("hostile-json.toml", HOSTILE);
    let output = run(&["score", "--json", "-r", &rules, GOOD]);
    let record: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(record["ruleset"], "odd\u{1b}[31m\u{202e}");
    let listed = run(&["criteria", "--json", "-r", &rules]);
    assert!(text(&listed.stdout).contains("Wind\\u001b[31mRED"));
}

#[test]
fn format_characters_in_a_line_are_shown_escaped() {
    let output = run(&["score", "123p\u{202e}456m"]);
    assert_eq!(output.status.code(), Some(2));
    assert_escaped("score", &output);
    let stderr = text(&output.stderr);
    assert!(stderr.contains("123p\\u{202e}456m"), "{stderr}");
    let lines = temp_file("bidi.txt", "\u{200b}123p\n123\u{2066}p\n");
    let batch = run(&["batch", &lines]);
    assert_escaped("batch", &batch);
    assert!(text(&batch.stderr).contains("\\u{2066}"));
    let compare = run(&["compare", "123p\u{202e}456m"]);
    assert_escaped("compare", &compare);
}
