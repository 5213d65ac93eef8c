//! `mj3 game` treats a record as untrusted input (docs/limits.md, "Game records"): its size,
//! its lines and its hands are bounded, its `ruleset` line reaches only a shipped ruleset
//! or a house file beside the record, and nothing it names is quoted unless it is a ruleset.

use std::path::PathBuf;

use assert_cmd::Command;

fn mj3() -> Command {
    let mut cmd = Command::cargo_bin("mj3").expect("binary builds");
    cmd.env_remove("NO_COLOR").env("COLUMNS", "100");
    cmd
}

/// `mj3 game -` on `stdin`: the exit code, standard output and standard error.
fn game(stdin: impl Into<Vec<u8>>) -> (Option<i32>, String, String) {
    let output = mj3()
        .args(["game", "-"])
        .write_stdin(stdin.into())
        .output()
        .expect("runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A fresh folder of its own for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mj3-game-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

#[test]
fn a_record_larger_than_16_mib_is_refused_before_it_is_replayed() {
    let mut record = String::from("ruleset korean\nplayers A B C\n");
    while record.len() <= 16 << 20 {
        record.push_str("draw\n");
    }
    let (code, stdout, stderr) = game(record);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stdout.is_empty());
    assert!(stderr.contains("is larger than 16777216 bytes"), "{stderr}");
}

#[test]
fn a_line_longer_than_64_kib_is_an_error_that_does_not_echo_it() {
    let long = "x".repeat((64 << 10) + 1);
    let (code, _, stderr) = game(format!("ruleset sanma\nplayers A B C\ndraw\n{long}\n"));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("line 4: the line is longer than 65536 bytes"),
        "{stderr}"
    );
    assert!(stderr.len() < 2000, "{} bytes on stderr", stderr.len());
}

#[test]
fn a_hand_of_more_than_64_lines_is_an_error() {
    let record = format!(
        "ruleset malaysian\nplayers A B C\n{}draw\n",
        "kong A 5p concealed\n".repeat(70)
    );
    let (code, _, stderr) = game(record);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("a hand has at most 64 lines"), "{stderr}");
}

#[test]
fn more_than_64_set_lines_are_an_error() {
    let record = format!(
        "ruleset sanma\n{}players A B C\ndraw\n",
        "set game.rounds=1\n".repeat(65)
    );
    let (code, _, stderr) = game(record);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("at most 64 `set` lines"), "{stderr}");
}

#[test]
fn a_set_line_whose_list_names_an_entry_twice_is_refused_at_its_line_and_not_echoed_whole() {
    // A hostile record: thousands of one liable hand, and of one abortive draw, in a line.
    for (key, entry) in [("pao", "great-dragons"), ("abortive-draws", "four-kans")] {
        let list = vec![format!("\"{entry}\""); 4000].join(",");
        let item = format!("game.{key}=[{list}]");
        let (code, stdout, stderr) =
            game(format!("ruleset sanma\nplayers A B C\nset {item}\ndraw\n"));
        assert_eq!(code, Some(3), "{stderr}");
        assert!(stdout.is_empty(), "{stdout}");
        let said = format!("`game.{key}` names `{entry}` twice; a list names each entry once");
        assert!(
            stderr.starts_with("error: line 3: the ruleset cannot be loaded: set game."),
            "{stderr}"
        );
        assert!(stderr.contains(&format!("…: {said}\n")), "{stderr}");
        // The line with its caret, cut; the item not echoed whole.
        assert!(stderr.contains("\n  set game."), "{stderr}");
        assert!(stderr.contains("\n      ^^^^"), "{stderr}");
        assert!(stderr.len() < 1000, "{} bytes on stderr", stderr.len());
    }
    // Twice is as wrong as 4,000 times; near-miss: each once is played.
    let (code, _, stderr) = game(
        "ruleset sanma\nplayers A B C\nset game.pao=[\"great-dragons\",\"big-four-winds\",\"great-dragons\"]\ndraw\n",
    );
    assert_eq!(code, Some(3), "{stderr}");
    assert!(stderr.contains("set game.pao=[\"great-dragons\",\"big-four-winds\",\"great-dragons\"]: `game.pao` names `great-dragons` twice"), "{stderr}");
    let (code, _, stderr) = game(
        "ruleset sanma\nplayers A B C\nset game.pao=[\"great-dragons\",\"big-four-winds\"]\nset game.abortive-draws=[\"four-kans\",\"nine-terminals\"]\ndraw\n",
    );
    assert_eq!(code, Some(0), "{stderr}");
}

#[test]
fn a_lone_cr_ends_a_record_line_as_it_ends_a_batch_line() {
    let (code, stdout, stderr) = game("ruleset sanma\rplayers A B C\r\rdraw\rdraw tenpai A\r\n");
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("draw: A tenpai"), "{stdout}");
    let (_, _, stderr) = game("ruleset sanma\rplayers A B C\rdraw\rA wins\r");
    assert!(stderr.contains("line 4:"), "{stderr}");
}

#[test]
fn unquoted_text_in_a_set_line_says_text_values_are_quoted() {
    let (code, _, stderr) = game("ruleset sanma\nset game.bust=never\nplayers A B C\ndraw\n");
    assert_eq!(code, Some(3), "{stderr}");
    // Named by the record's own word, `set`, not the command line's `--set`.
    assert!(
        stderr.contains(r#"line 2: the ruleset cannot be loaded: set game.bust=never: text values are quoted: game.bust="never""#),
        "{stderr}"
    );
    let (code, _, stderr) = game("ruleset sanma\nset game.bust=\"never\"\nplayers A B C\ndraw\n");
    assert_eq!(code, Some(0), "{stderr}");
}

/// A value out of range, in a record's `set` line or a `--set` argument, and what it is said to
/// be: the value as written, sign and all (not cut to a narrower number first).
const OUT_OF_RANGE: [(&str, &str); 12] = [
    (
        "game.uma=[1000000000000,0,0]",
        "`game.uma` gives first place 1000000000000; an uma may be from -1000000 to 1000000",
    ),
    (
        "game.uma=[0,0,-1000000000000]",
        "`game.uma` gives third place -1000000000000; an uma may be from -1000000 to 1000000",
    ),
    (
        "game.uma=[15000,-1000001,0]",
        "`game.uma` gives second place -1000001; an uma may be from -1000000 to 1000000",
    ),
    (
        "game.uma=[99999999999999999999999,0,0]",
        "`99999999999999999999999` is not a whole number from -1000000 to 1000000",
    ),
    (
        "game.uma=[0,-99999999999999999999999,0]",
        "`-99999999999999999999999` is not a whole number from -1000000 to 1000000",
    ),
    (
        "game.starting-points=-5",
        "`-5` is not a whole number from 0 to 1000000",
    ),
    (
        "game.starting-points=2000000",
        "`game.starting-points` is 2000000; it may be at most 1000000",
    ),
    (
        "game.noten-payment=4294967296",
        "`4294967296` is not a whole number from 0 to 1000000",
    ),
    (
        "game.riichi-tiles-left=-4294967296",
        "`-4294967296` is not a whole number from 0 to 1000000",
    ),
    (
        "game.rounds=13",
        "`game.rounds` is 13; it may be at most 12",
    ),
    (
        "game.target-points=1000001",
        "`game.target-points` is 1000001; it may be at most 1000000",
    ),
    (
        "han.riichi-stick=5000000000",
        "`5000000000` is not a whole number from 0 to 1000000",
    ),
];

#[test]
fn a_value_out_of_range_in_a_set_line_is_said_as_written_at_that_line() {
    for (item, said) in OUT_OF_RANGE {
        let (code, _, stderr) = game(format!(
            "ruleset sanma\nset game.rounds=2\nset {item}\nplayers A B C\ndraw\n"
        ));
        assert_eq!(code, Some(3), "{stderr}");
        // The record's own word, its line, and a caret under the item.
        let caret = "^".repeat(item.len());
        let shown = format!("error: line 3: the ruleset cannot be loaded: set {item}: {said}");
        assert!(stderr.starts_with(&shown), "{stderr}");
        assert!(
            stderr.contains(&format!("\n  set {item}\n      {caret}\n")),
            "{stderr}"
        );
        assert!(!stderr.contains("--set"), "{stderr}");
        assert!(!stderr.contains("4294967295"), "{stderr}");
    }
    // Of two set lines of one key, the one whose value is out of range is shown, though the
    // other's text begins its text.
    let (code, _, stderr) = game(
        "ruleset sanma\nset game.target-points=1\nset game.target-points=10000000\nplayers A B C\ndraw\n",
    );
    assert_eq!(code, Some(3), "{stderr}");
    assert!(
        stderr.starts_with("error: line 3: the ruleset cannot be loaded: set game.target-points=10000000: `game.target-points` is 10000000"),
        "{stderr}"
    );
}

#[test]
fn a_value_out_of_range_in_a_set_argument_is_said_as_written_at_the_argument() {
    for (item, said) in OUT_OF_RANGE {
        let output = mj3()
            .args(["game", "--set", "game.rounds=2", "--set", item, "-"])
            .write_stdin("ruleset sanma\nset game.rounds=1\nplayers A B C\ndraw\n")
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(3), "{stderr}");
        // The command line's word, and the argument with a caret under the item, not a line
        // of the record.
        let caret = "^".repeat(item.len());
        assert_eq!(
            stderr,
            format!(
                "error: the ruleset cannot be loaded: --set {item}: {said}{}\n  --set {item}\n        {caret}\n",
                if said.contains("whole number") {
                    " (KEY is a dotted ruleset key such as scoring.minimum; VALUE is TOML: a number, true or false, or a \"quoted string\")"
                } else {
                    ""
                }
            )
        );
    }
    // The same item as a set line of the record and an argument: the argument holds, and is
    // the one shown.
    let output = mj3()
        .args(["game", "--set", "game.rounds=13", "-"])
        .write_stdin("ruleset sanma\nset game.rounds=13\nplayers A B C\ndraw\n")
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with(
            "error: the ruleset cannot be loaded: --set game.rounds=13: `game.rounds` is 13"
        ),
        "{stderr}"
    );
}

#[test]
fn the_ruleset_line_reaches_no_absolute_path_no_dotdot_and_no_system_file() {
    for name in [
        "/proc/self/environ",
        "/proc/kmsg",
        "/etc/passwd",
        "../x.toml",
        "a/../../x.toml",
    ] {
        let (code, _, stderr) = game(format!("ruleset {name}\nplayers A B C\ndraw\n"));
        assert_eq!(code, Some(3), "{name}: {stderr}");
        assert!(stderr.contains("without `..`"), "{name}: {stderr}");
        assert!(!stderr.contains("PATH="), "{name}: {stderr}");
    }
    // On standard input a house file is looked for in the current folder: no symbolic link
    // from there may lead into /proc.
    let dir = folder("proc-link");
    std::os::unix::fs::symlink("/proc/self/environ", dir.join("env.toml")).expect("link");
    let output = mj3()
        .current_dir(&dir)
        .env("MJ3_SECRET", "hunter2")
        .args(["game", "-"])
        .write_stdin("ruleset env.toml\nplayers A B C\ndraw\n")
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("system file"), "{stderr}");
    assert!(!stderr.contains("hunter2"), "{stderr}");
}

#[test]
fn a_house_file_beside_the_record_is_found_from_any_folder() {
    let dir = folder("house");
    std::fs::create_dir_all(dir.join("rules")).expect("folder");
    std::fs::write(
        dir.join("rules/short.toml"),
        "extends = \"sanma\"\nname = \"short\"\n[game]\nrounds = 1\n",
    )
    .expect("house file");
    let record = dir.join("game.txt");
    std::fs::write(&record, "ruleset rules/short.toml\nplayers A B C\ndraw\n").expect("record");
    let output = mj3()
        .current_dir(std::env::temp_dir())
        .args(["game", record.to_str().expect("utf-8 path")])
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("Game under short"), "{stdout}");
}

#[test]
fn a_file_beside_the_record_that_is_no_ruleset_is_not_quoted() {
    let dir = folder("not-ruleset");
    std::fs::write(dir.join("notes.toml"), "password: hunter2\n").expect("file");
    std::fs::write(dir.join("keys.toml"), "password = \"hunter2\"\n").expect("file");
    for name in ["notes.toml", "keys.toml"] {
        let record = dir.join("game.txt");
        std::fs::write(&record, format!("ruleset {name}\nplayers A B C\ndraw\n")).expect("record");
        let output = mj3()
            .args(["game", record.to_str().expect("utf-8 path")])
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(3), "{stderr}");
        assert!(stderr.contains("does not read as a ruleset"), "{stderr}");
        assert!(!stderr.contains("hunter2"), "{stderr}");
    }
}

#[test]
fn a_fifo_beside_the_record_is_refused_without_waiting_on_it() {
    let dir = folder("fifo");
    let fifo = dir.join("pipe.toml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let record = dir.join("game.txt");
    std::fs::write(&record, "ruleset pipe.toml\nplayers A B C\ndraw\n").expect("record");
    let output = mj3()
        .args(["game", record.to_str().expect("utf-8 path")])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("FIFO"), "{stderr}");
}

#[test]
fn a_long_player_name_is_drawn_as_records_inside_no_border() {
    // comfy-table's word splitting took seconds for an 80 KB name; the one table drawer
    // shows a table too narrow for its words as records, in time linear in the text.
    let name = "N".repeat(60_000);
    let (code, stdout, stderr) = game(format!("ruleset sanma\nplayers {name} B C\ndraw\ndraw\n"));
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains(&format!("Game under sanma: {name}, B, C")));
    // The column heading is cut; the hands' table keeps its borders.
    assert!(
        stdout.contains("┆ NNNNNNNNNNNNNNN… ┆"),
        "{}",
        &stdout[..2000]
    );
    let (code, stdout, stderr) = game(format!(
        "ruleset sanma\nplayers {name} B C\ndraw tenpai {name}\n"
    ));
    assert_eq!(code, Some(0), "{stderr}");
    // A hand whose events hold the name is drawn as records, the name on a line of its own.
    assert!(
        stdout.contains(&format!("\n                  {name}\n")),
        "records"
    );
}
