//! Bad input: the line, a caret at the column and what was expected; exit codes.

mod common;

use common::*;

fn bad_input(hand: &str, message: &str, caret_line: &str) {
    let output = run(&["score", hand], "");
    assert_out(
        &output,
        2,
        &[],
        &[message, &format!("  {hand}\n{caret_line}\n")],
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn bad_tile_points_at_the_suit_letter() {
    bad_input("123x456p", "'x' is not a suit letter", "     ^");
}

#[test]
fn fifth_copy_is_refused() {
    bad_input("11111p 456m 999s EE", "5 copies of 1p", "      ^");
}

#[test]
fn removed_tile_names_the_rule() {
    bad_input(
        "123p456m 345s EEE ww",
        "3s (3 bamboo) is not in play under `korean` (Three-player mahjong (encyclopedia article, newest copy; 000) §Tiles)",
        "           ^",
    );
}

#[test]
fn melded_chow_is_refused() {
    bad_input(
        "[123p] 456m 999s EEE ww",
        "a chow cannot be melded from a discard under `korean` (Three-player mahjong (encyclopedia article, newest copy; 000) §Stealing chows)",
        "  ^^^^^^",
    );
}

#[test]
fn unknown_word_is_refused() {
    bad_input(
        "123p456m999s EEE ww tsumoo",
        "unknown word 'tsumoo'",
        "                      ^^^^^^",
    );
}

#[test]
fn wrong_tile_count_states_the_count() {
    bad_input(
        "123p456m999s EEE",
        "the hand has 12 tiles",
        "  ^^^^^^^^^^^^^^^^",
    );
}

#[test]
fn unknown_ruleset_is_a_ruleset_error() {
    exits_with(
        &["score", "123p456m999s EEE ww", "--rules", "koreen"],
        3,
        &[],
        &["no ruleset named `koreen`"],
    );
}

#[test]
fn io_errors_say_what_could_not_be_read() {
    let dir = std::env::temp_dir().display().to_string();
    exits_with(&["batch", &dir], 4, &[], &["could not read `", ", line 1"]);
}

#[test]
fn an_output_that_cannot_be_written_is_exit_code_4() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // not Linux: no device that refuses writes
    };
    let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("mj3"))
        .args(["score", "123p456m999s EEE ww tsumo"])
        .env_remove("NO_COLOR")
        .stdout(full)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(4));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("could not write the output"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// `/dev/null` opened read-write (Python's `subprocess.DEVNULL`, the shell's `1<>/dev/null`)
/// is a place to write to: the exit code is the work's. A closed standard output (`>&-`) is
/// reopened by the Rust runtime as exactly that, so it answers the same (docs/guide.md, "Exit codes").
#[cfg(unix)]
#[test]
fn dev_null_read_write_is_written_to_and_a_closed_stdout_reads_as_it() {
    let path = temp_file("one.txt", b"123p456m999s EEE ww tsumo\n");
    for redirect in ["1<>/dev/null", ">/dev/null", ">&-"] {
        let output = std::process::Command::new("sh")
            .args(["-c", &format!("exec \"$0\" batch \"$1\" {redirect}")])
            .arg(assert_cmd::cargo::cargo_bin("mj3"))
            .arg(&path)
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(0), "{redirect}");
        assert!(output.stderr.is_empty(), "{redirect}");
    }
    let read_write = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/null")
        .expect("/dev/null opens");
    let status = bin()
        .args(["score", "123p456p789p11s EEE ron"])
        .stdout(read_write)
        .status()
        .expect("runs");
    assert_eq!(status.code(), Some(0));
}

#[test]
fn control_characters_are_echoed_escaped() {
    let output = run(&["batch"], "ron=\u{1b}[2J\n123p\u{0}x\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains('\u{1b}') && !stderr.contains('\u{0}'),
        "{stderr:?}"
    );
    assert!(stderr.contains("  ron=\\x1b[2J\n"), "{stderr}");
    // The caret is still under the NUL, now shown as `\0`.
    assert!(stderr.contains("  123p\\0x\n      ^"), "{stderr}");
    let score = run(&["score", "123p\u{7f}"], "");
    let stderr = String::from_utf8_lossy(&score.stderr);
    assert!(
        stderr.contains("123p\\x7f") && !stderr.contains('\u{7f}'),
        "{stderr}"
    );
}

#[test]
fn score_json_bad_input_also_emits_an_error_record_on_stdout() {
    let output = run(&["score", "--json", "123x456p"], "");
    assert_eq!(output.status.code(), Some(2));
    let record = json_of(&output);
    assert_eq!(record["input"], "123x456p");
    assert_eq!(record["error"]["column"], 4);
    assert!(
        record["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("not a suit letter"))
    );
    assert!(String::from_utf8_lossy(&output.stderr).contains("     ^"));
}

#[test]
fn an_impossible_situation_exits_2_and_names_both_things_and_the_rule() {
    for ruleset in ["sanma-tenhou", "sanma-mahjongsoul"] {
        exits_with(
            &[
                "score",
                "-r",
                ruleset,
                "234p567p678s99s234s win=4s tsumo rinshan riichi ippatsu seat=S +N",
            ],
            2,
            &[],
            &["`ippatsu` with `rinshan`", "§12 Ippatsu", "[T1]"],
        );
    }
    stdout_shows(
        &[
            "score",
            "-r",
            "sanma-tenhou",
            "234p567p678s99s234s win=4s tsumo rinshan riichi seat=S +N",
        ],
        &["Rinshan", "legal win"],
    );
}

/// What a hand is written in: the one wording for every input that is not UTF-8.
const HAND_TEXT: &str = "a hand is written in ASCII notation (123p EEE ww) or with the tile \
    characters U+1F000-U+1F02A, saved as UTF-8";

#[test]
fn input_that_is_not_utf8_says_what_is_read_instead_everywhere() {
    // A batch line.
    let batch = run(&["batch"], b"123p\xff\n".to_vec());
    assert_out(
        &batch,
        2,
        &[],
        &["<stdin>:1:5: the line is not valid UTF-8 text", HAND_TEXT],
    );
    // A game record: where its first bad byte is.
    let record = temp_file(
        "bad-utf8-game.txt",
        b"players Ann Ben Cat\nruleset sanma\nriichi An\xffn\n",
    );
    // Bad input (exit 2), as a bad line of a readable record is.
    let game = run(&["game", &record], "");
    assert_out(
        &game,
        2,
        &[],
        &[
            "is not UTF-8 text (line 3, column 10: the first byte that is not)",
            "a game record is UTF-8 text, its hands in ASCII notation (123p EEE ww) or with the tile characters U+1F000-U+1F02A",
        ],
    );
    let game = run(&["game", "-"], b"players Ann\n\xe9".to_vec());
    assert_out(
        &game,
        2,
        &[],
        &["the game record on standard input is not UTF-8 text (line 2, column 1"],
    );
    // A house ruleset file.
    let house = temp_file("bad-utf8.toml", b"extends = \"korean\"\n# caf\xe9\n");
    let score = run(&["score", "-r", &house, "123p456m99s EEE ww +f2 tsumo"], "");
    assert_out(
        &score,
        3,
        &[],
        &[
            "bad-utf8.toml` is not UTF-8 text (line 2, column 6: the first byte that is not); a ruleset file is UTF-8 TOML",
        ],
    );
}

#[cfg(unix)]
#[test]
fn a_hand_argument_that_is_not_utf8_says_what_a_hand_is_written_in() {
    use std::os::unix::ffi::OsStrExt;
    let word = std::ffi::OsStr::from_bytes(b"123p\xff");
    for command in ["score", "compare"] {
        let output = bin().arg(command).arg(word).output().expect("runs");
        assert_out(&output, 2, &[], &["not UTF-8 text; ", HAND_TEXT]);
    }
}
