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
    assert!(
        stderr.contains(r#"text values are quoted: game.bust="never""#),
        "{stderr}"
    );
    let (code, _, stderr) = game("ruleset sanma\nset game.bust=\"never\"\nplayers A B C\ndraw\n");
    assert_eq!(code, Some(0), "{stderr}");
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
