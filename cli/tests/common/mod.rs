//! What the CLI tests share: running `mj3` as a user would, and reading what it wrote.

#![allow(dead_code)]

use assert_cmd::Command;

pub fn mj3() -> Command {
    let mut cmd = Command::cargo_bin("mj3").expect("binary builds");
    // Wide enough that no line is wrapped, unless a test asks for a width.
    cmd.env_remove("NO_COLOR").env("COLUMNS", "400");
    cmd
}

/// Runs `mj3 args` with `stdin` as its input and returns what it wrote and how it ended.
pub fn run(args: &[&str], stdin: impl Into<Vec<u8>>) -> std::process::Output {
    mj3().args(args).write_stdin(stdin).output().expect("runs")
}

/// The example game record `docs/examples/NAME-game.txt`.
pub fn example(name: &str) -> String {
    format!(
        "{}/../docs/examples/{name}-game.txt",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// `bytes` as text (what a terminal would show).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `output`'s stdout, read as one JSON value.
pub fn json_of(output: &std::process::Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}

/// Each line of `output`'s stdout, read as one JSON record.
pub fn json_lines(output: &std::process::Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect()
}

/// Asserts that `output` ended with exit code `code` and that its stdout and stderr hold every
/// one of `stdout` and `stderr`.
pub fn assert_out(output: &std::process::Output, code: i32, stdout: &[&str], stderr: &[&str]) {
    let written = String::from_utf8_lossy(&output.stdout);
    let said = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(code),
        "stdout:\n{written}\nstderr:\n{said}"
    );
    for needle in stdout {
        assert!(
            written.contains(needle),
            "stdout lacks {needle:?}:\n{written}"
        );
    }
    for needle in stderr {
        assert!(said.contains(needle), "stderr lacks {needle:?}:\n{said}");
    }
}

/// Asserts that `mj3 args` exits with `code` and writes every one of `stdout` and `stderr`.
pub fn exits_with(args: &[&str], code: i32, stdout: &[&str], stderr: &[&str]) {
    assert_out(&run(args, ""), code, stdout, stderr);
}

/// Asserts that `mj3 args` succeeds and its stdout holds every one of `needles`.
pub fn stdout_shows(args: &[&str], needles: &[&str]) {
    exits_with(args, 0, needles, &[]);
}

/// A temporary file holding `text`, removed by the caller's directory clean-up.
pub fn temp_file(name: &str, text: impl AsRef<[u8]>) -> String {
    let dir = std::env::temp_dir().join(format!("mj3-cli-edge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("temp file");
    path.display().to_string()
}

pub fn bin() -> std::process::Command {
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("mj3"));
    cmd.env_remove("NO_COLOR");
    cmd
}

/// The widest line of `text`, in characters.
pub fn widest(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

/// Runs mj3 with `COLUMNS=80` and returns its stdout, which must fit 80 columns.
pub fn at_80_columns(args: &[&str]) -> String {
    let output = mj3()
        .env("COLUMNS", "80")
        .args(args)
        .args(["--color", "never"])
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        widest(&stdout) <= 80,
        "`{}` is wider than 80:\n{stdout}",
        args.join(" ")
    );
    stdout
}
