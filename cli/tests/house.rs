//! House files and `--set`: what they change, and the errors they get.

mod common;

use common::*;
use predicates::prelude::*;

#[test]
fn house_rules_file_extends_korean() {
    let path = temp_file(
        "house.toml",
        "extends = \"korean\"\nname = \"house\"\n[scoring]\nminimum = 9\n",
    );
    exits_with(
        &["score", "123p456m999s EEE ww tsumo", "--rules", &path],
        1,
        &["ruleset house", "minimum 9: not met"],
        &[],
    );
}

#[test]
fn set_overrides_a_ruleset_value() {
    stdout_shows(
        &[
            "score",
            "123p406m999s EEE ww tsumo",
            "--set",
            "options.red-dora=true",
        ],
        &["Red five"],
    );
}

#[test]
fn overrides_and_the_house_file_are_named_in_the_header_and_json() {
    let hand = "[111p] 234p 567p 789p 99m ron=S";
    stdout_shows(
        &["score", hand, "--set", "scoring.minimum=1"],
        &["ruleset korean with --set scoring.minimum=1)"],
    );
    let path = temp_file("house-1.toml", "extends = \"korean\"\nname = \"house\"\n");
    let output = run(
        &[
            "score",
            hand,
            "--json",
            "--set",
            "scoring.minimum=1",
            "--rules",
            &path,
        ],
        "",
    );
    let record = json_of(&output);
    assert_eq!(record["ruleset"], "house");
    assert_eq!(record["ruleset_changes"]["base"], "korean");
    assert_eq!(record["ruleset_changes"]["files"][0], path.as_str());
    assert_eq!(
        record["ruleset_changes"]["overrides"][0],
        "scoring.minimum=1"
    );
    mj3()
        .args(["score", hand, "--rules", &path])
        .assert()
        .stdout(predicate::str::contains(format!(
            "ruleset house from {} on korean)",
            path
        )));
    // The shipped ruleset alone: the field is left out.
    let output = run(&["score", hand, "--json"], "");
    let record = json_of(&output);
    assert!(record.get("ruleset_changes").is_none());
}

#[test]
fn a_bonus_criterion_switched_off_names_every_switch_it_needs() {
    let output = mj3()
        .env("COLUMNS", "400")
        .args(["criteria", "--rules", "sanma"])
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let row = stdout
        .lines()
        .find(|l| l.contains("Flower (extra dora)"))
        .expect("the flower row");
    assert!(
        row.contains("off: needs criteria.flower.enabled=true and tiles.flowers=4"),
        "{row}"
    );
    // Flowers in play with nothing to score them: an error that says what to switch on.
    let flowers = [
        "score",
        "123p456p789s 99s EEE +f1 tsumo",
        "--rules",
        "sanma",
        "--set",
        "tiles.flowers=4",
    ];
    exits_with(
        &flowers,
        3,
        &[],
        &[
            "--set tiles.flowers=4: `tiles.flowers` puts flowers in play, but no criterion that is on scores them",
            "--set criteria.flower.enabled=true",
        ],
    );
    let switched_on = [&flowers[..], &["--set", "criteria.flower.enabled=true"]].concat();
    stdout_shows(&switched_on, &["Flower (extra dora)"]);
}

#[test]
fn an_empty_house_file_is_told_to_extend_a_ruleset() {
    let path = temp_file("empty.toml", "");
    exits_with(
        &["score", "123p456m999s EEE ww tsumo", "--rules", &path],
        3,
        &[],
        &["`scoring.system` is missing: a house file starts with `extends = \"korean\"`"],
    );
}

#[test]
fn numbers_out_of_range_are_said_in_plain_words() {
    let hand = "123p456m999s EEE ww tsumo";
    for (set, said) in [
        (
            "scoring.minimum=-1",
            "`-1` is not a whole number from 0 to 4294967295",
        ),
        (
            "scoring.minimum=99999999999999999999999",
            "`99999999999999999999999` is not a whole number from 0 to 4294967295",
        ),
        (
            "criteria.dragon-pong.value=-1",
            "`-1` is not a whole number from 0 to 100",
        ),
        (
            "scoring.limit=1.5",
            "`1.5` is not a whole number from 0 to 1000000",
        ),
    ] {
        let output = run(&["score", hand, "--set", set], "");
        assert_eq!(output.status.code(), Some(3), "{set}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(said), "{set}: {stderr}");
        assert!(
            !stderr.contains("u32") && !stderr.contains("i128"),
            "{stderr}"
        );
    }
    let path = temp_file(
        "house-3.toml",
        "extends = \"korean\"\n[criteria.dragon-pong]\nvalue = -3\n",
    );
    exits_with(
        &["score", hand, "--rules", &path],
        3,
        &[],
        &[
            "line 3, column 9",
            "`-3` is not a whole number from 0 to 100",
        ],
    );
}

/// `game.uma` is signed: a value beyond its range is said as written, sign and all (it was
/// said as 4294967295, or without its sign, under the ruleset's name), at the `--set` that
/// set it or the line and column of the house file's key.
#[test]
fn an_uma_out_of_range_is_said_as_written_where_it_is_set() {
    let hand = "123p456p789p11s rrr tsumo";
    for (set, said) in [
        (
            "game.uma=[1000000000000,0,0]",
            "--set game.uma=[1000000000000,0,0]: `game.uma` gives first place 1000000000000; an uma may be from -1000000 to 1000000",
        ),
        (
            "game.uma=[0,-1000000000000,0]",
            "--set game.uma=[0,-1000000000000,0]: `game.uma` gives second place -1000000000000",
        ),
        (
            "game.uma=[-99999999999999999999999,0,0]",
            "`-99999999999999999999999` is not a whole number from -1000000 to 1000000",
        ),
        (
            "game.uma=[1.5,0,0]",
            "`1.5` is not a whole number from -1000000 to 1000000",
        ),
    ] {
        let output = run(&["score", hand, "--rules", "sanma", "--set", set], "");
        assert_eq!(output.status.code(), Some(3), "{set}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(said), "{set}: {stderr}");
        assert!(
            !stderr.contains("4294967295") && !stderr.contains("i128") && !stderr.contains("i64"),
            "{stderr}"
        );
    }
    let path = temp_file(
        "house-uma.toml",
        "extends = \"sanma\"\n[game]\numa = [15000, 0, -2000000]\n",
    );
    exits_with(
        &["score", hand, "--rules", &path],
        3,
        &[],
        &["line 3, column 1: `game.uma` gives third place -2000000"],
    );
}

#[test]
fn an_extends_cycle_shows_the_chain_with_file_and_line() {
    let dir = std::env::temp_dir().join(format!("mj3-cli-cycle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("a.toml"), "extends = \"b.toml\"\n").expect("write");
    std::fs::write(dir.join("b.toml"), "name = \"b\"\nextends = \"a.toml\"\n").expect("write");
    let a = dir.join("a.toml").display().to_string();
    let b = dir.join("b.toml").display().to_string();
    exits_with(
        &["score", "123p456m999s EEE ww tsumo", "--rules", &a],
        3,
        &[],
        &[&format!(
            "`extends` goes round in a circle: {a}:1 → {b}:2 → {a}"
        )],
    );
}

#[test]
fn set_errors_quote_what_was_typed() {
    exits_with(
        &[
            "score",
            "123p456m999s EEE ww tsumo",
            "--set",
            "scoring.minimum",
        ],
        3,
        &[],
        &["--set scoring.minimum: expected one KEY=VALUE"],
    );
    let output = run(
        &[
            "score",
            "123p456m999s EEE ww tsumo",
            "--set",
            "options.red-dora=yes",
        ],
        "",
    );
    assert_out(
        &output,
        3,
        &[],
        &["--set options.red-dora=yes: ", "true or false"],
    );
    assert!(!String::from_utf8_lossy(&output.stderr).contains("line 2"));
}

/// Issue 9: an option the ruleset's scoring system never reads is refused, not ignored.
#[test]
fn an_option_the_scoring_system_does_not_read_is_an_error() {
    exits_with(
        &[
            "score",
            "123p456p789p EEE 99s tsumo",
            "--rules",
            "korean",
            "--set",
            "options.kuitan=true",
        ],
        3,
        &[],
        &["--set options.kuitan=true: the points system has no option `kuitan`"],
    );
}

#[test]
fn a_misspelt_criterion_in_a_house_file_names_file_line_and_the_nearest_id() {
    let path = temp_file(
        "typo.toml",
        "extends = \"korean\"\nname = \"typo\"\n\n[criteria.full-straigt]\nvalue = 4\n",
    );
    exits_with(
        &["score", "123p456m999s EEE ww tsumo", "--rules", &path],
        3,
        &[],
        &[
            "typo.toml: line 4, column 11: `korean` has no criterion `full-straigt` (did you mean `full-straight`?)",
        ],
    );
    exits_with(
        &[
            "score",
            "123p456m999s EEE ww tsumo",
            "--set",
            "criteria.full-straigt.value=4",
        ],
        3,
        &[],
        &["did you mean `full-straight`?"],
    );
}

#[test]
fn an_unreadable_ruleset_file_says_why_once() {
    let output = run(
        &[
            "score",
            "123p456m999s EEE ww tsumo",
            "--rules",
            "no/such/file.toml",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("could not read ruleset `no/such/file.toml`: "),
        "{stderr}"
    );
    assert_eq!(stderr.matches("os error 2").count(), 1, "{stderr}");
}

#[test]
fn a_bad_value_in_a_house_file_names_the_file_line_and_column() {
    let path = temp_file(
        "limits.toml",
        "extends = \"korean\"\nname = \"limits\"\n\n[scoring]\n  half-limit = 50\n",
    );
    exits_with(
        &["score", "123p456m999s EEE ww tsumo", "--rules", &path],
        3,
        &[],
        &["limits.toml: line 5, column 3: `scoring.half-limit` (50) is above `scoring.limit` (40)"],
    );
}

#[test]
fn a_shipped_name_written_as_a_file_says_how_to_name_it() {
    mj3()
        .current_dir(std::env::temp_dir())
        .args([
            "score",
            "123p456m999s EEE ww tsumo",
            "--rules",
            "sanma.toml",
        ])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("`--rules sanma`"));
}

#[test]
fn a_house_ruleset_name_is_echoed_escaped() {
    let path = temp_file(
        "odd-name.toml",
        b"extends = \"korean\"\nname = \"odd\\u001b[2Jname\"\n",
    );
    let output = run(
        &["score", "--rules", &path, "123p456m999s EEE ww tsumo"],
        "",
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("ruleset odd\\x1b[2Jname"), "{stdout}");
    assert!(!stdout.contains('\u{1b}'), "{stdout}");
}

#[test]
fn a_ruleset_error_keeps_its_lines_while_control_characters_are_escaped() {
    let path = temp_file(
        "unclosed.toml",
        b"extends = \"korean\"\n[scoring\nminimum = 4\n",
    );
    let output = run(&["score", "--rules", &path, "123p"], "");
    assert_eq!(output.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("\n2 | [scoring\n"), "{stderr}");
    assert!(!stderr.contains("\\x0a"), "{stderr}");
}

#[test]
fn a_house_file_without_seven_pairs_makes_seven_pairs_no_winning_shape() {
    let dir = std::env::temp_dir().join(format!("mj3-shapes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let house = dir.join("my-table.toml");
    // The guide's house file (docs/guide.md, "House rules"), as printed there.
    let readme = include_str!("../../docs/guide.md");
    let start = readme
        .find("# my-table.toml")
        .expect("the guide's house file");
    let text = &readme[start..];
    let text = &text[..text.find("```").expect("the end of the block")];
    assert!(
        text.contains("[criteria.seven-pairs]\nenabled = false"),
        "{text}"
    );
    std::fs::write(&house, text).expect("writes");
    let house = house.to_string_lossy().into_owned();
    exits_with(
        &[
            "score",
            "--rules",
            &house,
            "11m 99m 11p 22p 11s 99s ww tsumo",
        ],
        1,
        &[
            "no winning shape",
            "seven pairs",
            "criteria.seven-pairs.enabled",
        ],
        &[],
    );
    stdout_shows(
        &[
            "score",
            "--rules",
            "korean",
            "11m 99m 11p 22p 11s 99s ww tsumo",
        ],
        &["legal win", "+30"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_ruleset_error_is_fitted_to_the_terminal_but_its_quoted_line_is_not() {
    let output = mj3()
        .env("COLUMNS", "80")
        .args(["score", "-r", "sanmaa", "123p456p789p11s EEE ron"])
        .output()
        .expect("runs");
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("did you mean `sanma`?"), "{said}");
    assert!(
        said.lines().all(|line| line.chars().count() <= 80),
        "{said}"
    );
    let long = "a value of many words ".repeat(6);
    let file = temp_file(
        "long-value.toml",
        format!("name = \"x\"\nextends = \"sanma\"\n[criteria.tanyao]\nvalue = \"{long}\"\n"),
    );
    let output = mj3()
        .env("COLUMNS", "80")
        .args(["score", "-r", &file, "123p456p789p11s EEE ron"])
        .output()
        .expect("runs");
    let said = String::from_utf8_lossy(&output.stderr);
    // The quoted line and its caret keep their columns; the message around them is fitted.
    assert!(said.contains(&format!("4 | value = \"{long}\"")), "{said}");
    assert!(
        said.lines()
            .any(|line| line.trim_start().starts_with("| ") && line.contains("^^^")),
        "{said}"
    );
    let message: Vec<&str> = said
        .lines()
        .filter(|l| !l.contains(" |") && !l.trim_start().starts_with('|'))
        .collect();
    assert!(
        message.iter().all(|line| line.chars().count() <= 80),
        "{said}"
    );
}
