//! Runs the `mj3` binary as a user would.

use assert_cmd::Command;
use predicates::prelude::*;

fn mj3() -> Command {
    let mut cmd = Command::cargo_bin("mj3").expect("binary builds");
    // Wide enough that no line is wrapped, unless a test asks for a width.
    cmd.env_remove("NO_COLOR").env("COLUMNS", "400");
    cmd
}

/// Runs `mj3 args` with `stdin` as its input and returns what it wrote and how it ended.
fn run(args: &[&str], stdin: impl Into<Vec<u8>>) -> std::process::Output {
    mj3().args(args).write_stdin(stdin).output().expect("runs")
}

/// `output`'s stdout, read as one JSON value.
fn json_of(output: &std::process::Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}

/// Each line of `output`'s stdout, read as one JSON record.
fn json_lines(output: &std::process::Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect()
}

/// Asserts that `output` ended with exit code `code` and that its stdout and stderr hold every
/// one of `stdout` and `stderr`.
fn assert_out(output: &std::process::Output, code: i32, stdout: &[&str], stderr: &[&str]) {
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
fn exits_with(args: &[&str], code: i32, stdout: &[&str], stderr: &[&str]) {
    assert_out(&run(args, ""), code, stdout, stderr);
}

/// Asserts that `mj3 args` succeeds and its stdout holds every one of `needles`.
fn stdout_shows(args: &[&str], needles: &[&str]) {
    exits_with(args, 0, needles, &[]);
}

#[test]
fn scores_a_complete_hand_with_a_table() {
    stdout_shows(
        &["score", "123p456m999s EEE ww tsumo"],
        &[
            "Wind pong",
            "Hand-points: 8",
            "Bonus-points: 8",
            "legal win",
            "+32",
        ],
    );
}

#[test]
fn the_hand_may_be_given_as_several_words() {
    stdout_shows(&["score", "123p456m999s", "EEE", "ww", "tsumo"], &["+32"]);
}

#[test]
fn ron_payment_table_shows_discarder_and_other() {
    stdout_shows(
        &["score", "123p456m999s EEE ww ron=S waiting=W"],
        &["discarder", "-17", "other, waiting", "-3", "+20"],
    );
}

#[test]
fn tsumo_payment_table_charges_both() {
    stdout_shows(
        &["score", "123p456m999s EEE ww tsumo draws=1"],
        &["8 hand + 8 bonus + 5 goulash (1 drawn hand)", "+42"],
    );
}

#[test]
fn json_has_the_same_facts() {
    let output = run(&["score", "--json", "123p456m999s EEE ww ron=S"], "");
    assert!(output.status.success());
    let value = json_of(&output);
    assert_eq!(value["kind"], "complete");
    assert_eq!(value["ruleset"], "korean");
    assert_eq!(value["context"]["win"], "ron");
    assert_eq!(value["context"]["discarder"], "South");
    let score = &value["score"];
    assert_eq!(score["totals"]["system"], "points");
    assert_eq!(score["totals"]["hand_points"], 6);
    assert_eq!(score["totals"]["bonus_points"], 5);
    assert_eq!(score["verdict"]["kind"], "win");
    let seats = score["payments"]["seats"].as_array().expect("seats");
    let south = seats.iter().find(|s| s["seat"] == "South").expect("south");
    assert_eq!(south["amount"], -17);
    assert_eq!(south["role"], "discarder");
    assert!(
        score["elements"]
            .as_array()
            .is_some_and(|e| e.iter().any(|e| e["id"] == "wind-pong"))
    );
}

#[test]
fn below_minimum_is_not_a_legal_win() {
    exits_with(
        &["score", "[EEE] 456m 789m 234p 99m ron seat=S round=S"],
        1,
        &["below the minimum of 3", "1 hand-point"],
        &[],
    );
}

#[test]
fn sacred_discard_is_refused_plainly() {
    exits_with(
        &["score", "123p456m999s EEE ww ron discards=w"],
        1,
        &["sacred discard"],
        &[],
    );
}

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
fn thirteen_orphans_shows_its_tiles_and_marks_the_winning_tile() {
    stdout_shows(
        &[
            "score",
            "119m19p1sESWNwgr 9s ron=E seat=S",
            "--rules",
            "sanma",
        ],
        &["Arrangement: 11m 9m 1p 9p 1s 9s* E S W N w g r  (winning tile 9s"],
    );
}

#[test]
fn counts_agree_with_their_nouns_and_verbs() {
    let hand = "[www] [ggg] 123p 789p 99s ron=S";
    exits_with(
        &["score", hand, "--set", "scoring.minimum=5"],
        1,
        &["3 hand-points are below the minimum of 5"],
        &[],
    );
    exits_with(
        &["score", "[111p] 234p 567p 789p 99m ron=S"],
        1,
        &["1 hand-point is below the minimum of 3"],
        &[],
    );
    exits_with(
        &["score", "1m", "--rules", "malaysian"],
        2,
        &[],
        &["1m (1 character) is not in play"],
    );
}

#[test]
fn a_double_yakuman_reads_as_one_more_on_top() {
    stdout_shows(
        &[
            "score",
            "19m19p19sESWNwgr 1m tsumo",
            "--rules",
            "sanma-honshu",
        ],
        &[
            "Kokushi Musou, double (extra yakuman)",
            "Yakuman: 2× yakuman",
        ],
    );
}

#[test]
fn red_fives_are_shown_as_written_and_in_the_red_dora_row() {
    let output = run(
        &[
            "score",
            "123p406m999s EEE ww tsumo",
            "--set",
            "options.red-dora=true",
        ],
        "",
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("Arrangement: 406m 123p"), "{stdout}");
    let row = stdout
        .lines()
        .find(|l| l.contains("Red five"))
        .expect("a red five row");
    assert!(row.contains("0m"), "{row}");
    let output = run(
        &[
            "score",
            "[505s] 406p 789p 22p EEE ron=W seat=S",
            "--rules",
            "sanma",
            "--set",
            "options.red-dora=true",
            "--json",
        ],
        "",
    );
    let record = json_of(&output);
    assert_eq!(record["score"]["arrangement"], "406p 789p EEE* [055s] 22p");
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

/// Hands that fill each ruleset's tables: elements, fu lines, jokers, notes and payments.
const WIDE_HANDS: [(&str, &str); 5] = [
    ("korean", "123p456m99s EEE ww +f2 tsumo"),
    ("korean-lite", "[www] [ggg] 123p 789p 99s ron=S"),
    ("sanma", "222333444p678s99s riichi ron win=4p seat=S"),
    ("sanma-honshu", "19m19p19sESWNwgr 1m tsumo"),
    ("malaysian", "[EEE] SSS www NN 1p JJ +f2 tsumo"),
];

#[test]
fn ascii_output_has_ascii_borders_and_nothing_beyond_ascii() {
    for (rules, hand) in WIDE_HANDS {
        let compare = vec!["compare", hand, "--rules", "korean,sanma"];
        for args in [vec!["score", hand], vec!["criteria"], compare] {
            let output = mj3()
                .args(&args)
                .args(["--rules", rules, "--ascii"])
                .output()
                .expect("runs");
            let stdout = String::from_utf8_lossy(&output.stdout);
            assert!(stdout.contains("+==="), "{rules} {args:?}: {stdout}");
            assert!(
                stdout.is_ascii(),
                "{rules} {args:?}: {:?}",
                stdout.chars().find(|c| !c.is_ascii())
            );
        }
    }
}

#[test]
fn every_line_fits_the_width_columns_gives() {
    for columns in ["60", "80", "100"] {
        let width: usize = columns.parse().expect("a number");
        for (rules, hand) in WIDE_HANDS {
            let compare = vec!["compare", hand, "--rules", "korean,sanma"];
            for args in [vec!["score", hand], vec!["criteria"], compare] {
                let output = mj3()
                    .env("COLUMNS", columns)
                    .args(&args)
                    .args(["--rules", rules])
                    .output()
                    .expect("runs");
                for line in String::from_utf8_lossy(&output.stdout).lines() {
                    assert!(
                        line.chars().count() <= width,
                        "{rules} {args:?} at {columns}: {line:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn glyphs_show_tiles_as_their_characters_and_are_read_back() {
    stdout_shows(
        &["score", "[www] [ggg] 123p 789p 99s ron=S", "--glyphs"],
        &["Arrangement: 🀙🀚🀛 🀟🀠🀡 [🀆🀆🀆] [🀅🀅🀅] 🀘🀘*"],
    );
    // The same hand typed in tile characters scores the same.
    let typed = run(&["score", "[🀆🀆🀆] [🀅🀅🀅] 🀙🀚🀛 🀟🀠🀡 🀘🀘 ron=S", "--json"], "");
    let record = json_of(&typed);
    assert_eq!(record["score"]["arrangement"], "123p 789p [www] [ggg] 99s*");
    assert_eq!(record["score"]["payments"]["seats"][0]["amount"], 12);
    exits_with(&["score", "123p 🀫"], 2, &[], &["is the back of a tile"]);
}

#[test]
fn waiting_hand_lists_each_winning_tile() {
    stdout_shows(
        &["score", "123p456m99s EEE ww +f2 tsumo"],
        &[
            "Waiting on: 9s, w",
            "on 9s ─ collects 36",
            "on w ─ collects 36",
        ],
    );
}

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
fn colour_only_when_asked_and_never_with_no_color() {
    let plain = run(&["score", "123p456m999s EEE ww tsumo"], "");
    assert!(
        !String::from_utf8_lossy(&plain.stdout).contains('\u{1b}'),
        "no colour off a terminal"
    );
    let forced = run(
        &["score", "--color", "always", "123p456m999s EEE ww tsumo"],
        "",
    );
    assert!(
        String::from_utf8_lossy(&forced.stdout).contains('\u{1b}'),
        "colour when forced"
    );
    let no_color = mj3()
        .env("NO_COLOR", "1")
        .args(["score", "--color", "always", "123p456m999s EEE ww tsumo"])
        .output()
        .expect("runs");
    assert!(
        !String::from_utf8_lossy(&no_color.stdout).contains('\u{1b}'),
        "NO_COLOR wins"
    );
}

#[test]
fn design_card_example_lists_its_waits() {
    let output = run(&["score", "--json", "123p456m99s EEE ww +f2 tsumo"], "");
    let value = json_of(&output);
    assert_eq!(value["kind"], "waiting");
    let waits = value["waits"].as_array().expect("waits");
    let tiles: Vec<&str> = waits.iter().filter_map(|w| w["tile"].as_str()).collect();
    assert_eq!(tiles, ["9s", "w"]);
    for wait in waits {
        assert_eq!(wait["score"]["totals"]["hand_points"], 8);
        assert_eq!(wait["score"]["totals"]["bonus_points"], 10);
        assert_eq!(wait["score"]["payments"]["seats"][0]["amount"], 36);
    }
}

#[test]
fn korean_lite_discarder_pays_double_the_final_score() {
    // 002 §Outline: the discarder pays double, the other pays nothing.
    stdout_shows(
        &[
            "score",
            "123p rrr ggg 999s WW ron=S",
            "--rules",
            "korean-lite",
        ],
        &[
            "Sacred Pair",
            "Hand-points: 9",
            "Bonus-points: 7",
            "2×16 final score (discarder pays double)",
            "+32",
        ],
    );
}

#[test]
fn korean_lite_self_draw_each_pays_the_final_score() {
    // 002 §Outline: "Each player pays the winner the winner's final score".
    stdout_shows(
        &[
            "score",
            "123p456m999s EEE ww tsumo",
            "--rules",
            "korean-lite",
        ],
        &["9 final score", "+18"],
    );
}

#[test]
fn korean_lite_criteria_show_the_six_point_condition() {
    stdout_shows(
        &["criteria", "--rules", "korean-lite", "--color", "never"],
        &["Sacred Pair", "only with 6 hand-points"],
    );
}

#[test]
fn korean_lite_set_aside_west_needs_the_option() {
    mj3()
        .args([
            "score",
            "123p456m999s EEE ww +W tsumo",
            "--rules",
            "korean-lite",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("options.west-set-aside"));
    stdout_shows(
        &[
            "score",
            "123p456m999s EEE ww +W tsumo",
            "--rules",
            "korean-lite",
            "--set",
            "options.west-set-aside=true",
        ],
        &["West Wind Tile"],
    );
}

/// The README's example blocks that start with `$ mj3 …` (or the design-card block, which
/// shows the output of the README's first command) are the binary's real output at
/// `COLUMNS=80`, run from the repository's root (`mj3 game docs/examples/…`), and fit 80
/// columns.
#[test]
fn readme_examples_are_real_output() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README.md");
    let mut blocks = Vec::new();
    let mut open: Option<String> = None;
    for line in readme.lines() {
        match (&mut open, line.starts_with("```")) {
            (None, true) => open = Some(String::new()),
            (Some(_), true) => blocks.extend(open.take()),
            (Some(block), false) => {
                block.push_str(line);
                block.push('\n');
            }
            (None, false) => {}
        }
    }
    // Every example fits an 80-column terminal, as mj3 fits its output when nothing says
    // how wide the terminal is.
    for block in &blocks {
        for line in block.lines() {
            assert!(
                line.chars().count() <= 80,
                "README line over 80 columns: {line:?}"
            );
        }
    }
    let mut checked = 0;
    for block in &blocks {
        let (command, expected) = match block.split_once('\n') {
            Some((first, rest))
                if first.starts_with("$ mj3 ")
                    && !first.contains('|')
                    && !first.ends_with('\\') =>
            {
                (first.trim_start_matches("$ mj3 ").to_string(), rest)
            }
            Some((first, _)) if first.starts_with("Hand: 123p456m99s EEE ww +f2 tsumo ") => (
                "score \"123p456m99s EEE ww +f2 tsumo\"".to_string(),
                block.as_str(),
            ),
            _ => continue,
        };
        let args: Vec<String> = command
            .split('"')
            .enumerate()
            .flat_map(|(i, part)| {
                if i % 2 == 1 {
                    vec![part.to_string()]
                } else {
                    part.split_whitespace().map(String::from).collect()
                }
            })
            .collect();
        let output = mj3()
            .env_remove("COLUMNS")
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
            .args(&args)
            .args(["--color", "never"])
            .output()
            .expect("runs");
        let actual = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            widest(&actual) <= 80,
            "README `{command}` is wider than 80 columns"
        );
        // Blocks shortened with `…` list lines that must all appear in order.
        if expected.contains('…') {
            let mut rest = actual.as_str();
            for line in expected.lines().filter(|l| *l != "…") {
                let at = rest
                    .find(line)
                    .unwrap_or_else(|| panic!("README `{command}`: missing line {line:?}"));
                rest = &rest[at + line.len()..];
            }
        } else {
            assert_eq!(actual, expected, "README `{command}`");
        }
        checked += 1;
    }
    assert!(checked >= 4, "README example blocks checked: {checked}");
}

#[test]
fn malaysian_hand_shows_fan_points_and_the_joker_assignment() {
    stdout_shows(
        &[
            "score",
            "[EEE] SSS www NN 1p JJ +f2 tsumo",
            "--rules",
            "malaysian",
            "--color",
            "never",
        ],
        &[
            "Jokers: J→1p J→N",
            "Pung of North",
            "Fan: 7  (minimum 5: met; cap 10)",
            "Points: 240",
            "2×240 hand (self-draw)",
            "2×240 hand (self-draw) + 2×50 fly",
            "+1160",
        ],
    );
}

#[test]
fn malaysian_json_names_the_jokers_and_fan_totals() {
    let output = run(
        &[
            "score",
            "123p456p789p EE ww J +f1 +h1 +h2 tsumo",
            "--rules",
            "malaysian",
            "--json",
        ],
        "",
    );
    assert!(output.status.success());
    let json = json_of(&output);
    assert_eq!(json["score"]["jokers"], serde_json::json!(["E"]));
    assert_eq!(json["score"]["totals"]["system"], "fan");
    assert_eq!(json["score"]["totals"]["counted"], 6);
    assert_eq!(json["score"]["totals"]["points"], 220);
}

#[test]
fn malaysian_below_five_fan_is_refused() {
    exits_with(
        &[
            "score",
            "123p456p789p EEE ww +f2 +h1 tsumo",
            "--rules",
            "malaysian",
            "--color",
            "never",
        ],
        1,
        &["4 fan is below the minimum of 5 fan"],
        &[],
    );
}

#[test]
fn criteria_lists_switched_off_criteria_and_why() {
    stdout_shows(
        &["criteria", "--color", "never"],
        &["dora-kong", "off: needs options.dead-wall-dora"],
    );
    let output = run(
        &["criteria", "--json", "--set", "options.dead-wall-dora=true"],
        "",
    );
    let listed = json_of(&output);
    let dora = listed
        .as_array()
        .and_then(|all| all.iter().find(|c| c["id"] == "dora"))
        .expect("dora is listed");
    assert_eq!(dora["active"], true);
    let red = listed
        .as_array()
        .and_then(|all| all.iter().find(|c| c["id"] == "red-dora"))
        .expect("red-dora is listed");
    assert_eq!(red["active"], false);
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
fn rulesets_json_lists_every_shipped_ruleset() {
    let output = run(&["rulesets", "--json"], "");
    assert!(output.status.success());
    let value = json_of(&output);
    let names: Vec<_> = value
        .as_array()
        .expect("an array")
        .iter()
        .map(|r| r["name"].as_str().expect("name").to_string())
        .collect();
    // Every shipped ruleset, in the library's order (seven: five rule texts, two platforms).
    assert_eq!(names, mj3::rules::shipped_names());
    assert_eq!(names.len(), 7);
    assert_eq!(value[3]["system"], "han-fu");
    assert!(value[0]["title"].as_str().is_some_and(|t| !t.is_empty()));
}

#[test]
fn an_empty_no_color_is_not_set_and_errors_follow_the_colour_choice() {
    // no-color.org: NO_COLOR counts when set to a non-empty value (README §Commands).
    let forced = mj3()
        .env("NO_COLOR", "")
        .args(["score", "--color", "always", "123p456m999s EEE ww tsumo"])
        .output()
        .expect("runs");
    assert!(String::from_utf8_lossy(&forced.stdout).contains('\u{1b}'));
    let bad = run(&["score", "--color", "always", "123x"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains('\u{1b}'));
    let plain = run(&["score", "123x"], "");
    assert!(!String::from_utf8_lossy(&plain.stderr).contains('\u{1b}'));
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

#[test]
fn batch_error_records_start_with_line_and_input_as_documented() {
    let output = run(&["batch", "--json"], "123x\n");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "{\"line\":1,\"input\":\"123x\",\"error\":{\"message\":\"'x' is not a suit letter (expected m, p, s or z)\",\"column\":4}}\n"
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
fn help_says_to_quote_the_hand_and_how_no_color_works() {
    stdout_shows(&["score", "--help"], &["quote it", "NO_COLOR"]);
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

// ---- the edge between mj3 and its streams (issue 13) ----

/// A temporary file holding `text`, removed by the caller's directory clean-up.
fn temp_file(name: &str, text: impl AsRef<[u8]>) -> String {
    let dir = std::env::temp_dir().join(format!("mj3-cli-edge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("temp file");
    path.display().to_string()
}

fn bin() -> std::process::Command {
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("mj3"));
    cmd.env_remove("NO_COLOR");
    cmd
}

#[cfg(target_os = "linux")]
#[test]
fn a_closed_stdout_is_exit_code_4() {
    let path = temp_file("one.txt", b"123p456m999s EEE ww tsumo\n");
    let output = std::process::Command::new("sh")
        .args(["-c", "exec \"$0\" batch \"$1\" >&-"])
        .arg(assert_cmd::cargo::cargo_bin("mj3"))
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(4));
    assert!(String::from_utf8_lossy(&output.stderr).contains("could not write the output"));
    // `>/dev/null` is a place to write to, not a closed stream.
    bin()
        .args(["batch"])
        .arg(&path)
        .stdout(std::process::Stdio::null())
        .status()
        .map(|status| assert_eq!(status.code(), Some(0)))
        .expect("runs");
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
fn batch_json_records_name_the_file_when_several_are_read() {
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
    // One file: no `file` field.
    let output = run(&["batch", "--json", &first], "");
    let record = json_of(&output);
    assert!(record.get("file").is_none());
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
fn one_colour_choice_covers_help_errors_and_tables() {
    let has_escape = |args: &[&str], no_color: &str| {
        let output = mj3()
            .env("NO_COLOR", no_color)
            .args(args)
            .output()
            .expect("runs");
        let all = [output.stdout, output.stderr].concat();
        String::from_utf8_lossy(&all).contains('\u{1b}')
    };
    assert!(!has_escape(&["--color", "never", "--help"], ""));
    assert!(has_escape(&["--color", "always", "--help"], ""));
    assert!(has_escape(&["score", "--color=always", "--bogus"], ""));
    assert!(!has_escape(&["--help"], ""), "auto: not a terminal");
    assert!(!has_escape(&["score", "123x"], ""), "auto: not a terminal");
    assert!(!has_escape(&["--color", "always", "--help"], "1"));
    assert!(!has_escape(&["score", "--color", "always", "123x"], "1"));
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
        "file,line,input,wait,verdict,totals,East,South,West,error"
    );
    assert_eq!(
        rows[1],
        "<stdin>,1,123p456m999s EEE ww tsumo,,win,hand_points=8 bonus_points=8 minimum=3 limit_points=0,32,-16,-16,"
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
fn completions_are_printed_for_a_shell() {
    stdout_shows(&["completions", "bash"], &["_mj3()", "batch"]);
}

#[test]
fn the_committed_man_page_is_the_generated_one() {
    let committed = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/man/mj3.1"))
        .expect("docs/man/mj3.1 (regenerate: cargo run -- man > docs/man/mj3.1)");
    let generated = run(&["man"], "");
    assert_eq!(generated.status.code(), Some(0));
    assert!(
        generated.stdout == committed,
        "docs/man/mj3.1 is stale: cargo run -- man > docs/man/mj3.1"
    );
}

#[test]
fn large_amounts_are_grouped_by_thousands_in_tables() {
    let output = run(
        &[
            "score",
            "--set",
            "criteria.dragon-pong.value=100",
            "--set",
            "payment.goulash-per-draw=1000000",
            "123p456m999s rrr EE ron=S draws=1000 waiting=W",
        ],
        "",
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let amounts: Vec<&str> = stdout
        .lines()
        .filter_map(|line| line.split('┆').nth(2))
        .map(str::trim)
        .filter(|cell| cell.starts_with(['+', '-']))
        .collect();
    assert_eq!(amounts.len(), 3, "{stdout}");
    for amount in amounts {
        let digits = amount.trim_start_matches(['+', '-']);
        assert!(digits.len() > 5 && digits.contains(','), "{amount}");
        assert!(
            digits.split(',').skip(1).all(|group| group.len() == 3),
            "{amount}"
        );
    }
    // Four digits stay as they are (README: +1160).
    assert!(
        !String::from_utf8_lossy(&run(&["score", "123p456m99s EEE ww +f2 tsumo"], "").stdout)
            .contains("+1,")
    );
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

/// The widest line of `text`, in characters.
fn widest(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

/// Runs mj3 with `COLUMNS=80` and returns its stdout, which must fit 80 columns.
fn at_80_columns(args: &[&str]) -> String {
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

#[test]
fn criteria_listings_cards_and_compare_fit_80_columns() {
    for ruleset in mj3::rules::shipped_names() {
        let listing = at_80_columns(&["criteria", "-r", ruleset]);
        // Keys are never split: every key of the ruleset appears whole.
        let json = run(&["criteria", "-r", ruleset, "--json"], "");
        let criteria = json_of(&json);
        for criterion in criteria.as_array().expect("array") {
            let key = criterion["id"].as_str().expect("id");
            assert!(
                listing.lines().any(|l| l.contains(&format!(" {key} "))),
                "{ruleset}: key {key} is split or missing"
            );
        }
    }
    for query in [
        "tanyao",
        "13 orphans",
        "seven pairs",
        "flowers",
        "dora",
        "riichi",
    ] {
        at_80_columns(&["criteria", query, "--all"]);
    }
    at_80_columns(&["compare", "123p456p789p EEE 99p tsumo"]);
    at_80_columns(&["compare", "234p567p678s99s234s ron"]);
}

#[test]
fn a_criteria_query_shows_a_card_with_live_example_and_near_miss() {
    let card = at_80_columns(&["criteria", "tanyao", "-r", "sanma"]);
    for wanted in [
        "Tanyao (All Simples)",
        "Example:",
        "→ Tanyao (All Simples): 1 han;",
        "Near miss:",
        "→ no: it needs only 2–8 tiles:",
        "Sanma Japanese MJ Rule Book (003) §12",
        "[criteria.tanyao]",
    ] {
        assert!(card.contains(wanted), "missing {wanted:?} in\n{card}");
    }
    let output = run(&["criteria", "tanyao", "--json"], "");
    assert_out(
        &output,
        0,
        &["\"near_miss\"", "\"house_lines\"", "\"element\""],
        &[],
    );
    assert!(!String::from_utf8_lossy(&output.stdout).contains(".txt"));
}

#[test]
fn a_criteria_query_with_no_match_exits_1_with_the_nearest_names() {
    let output = run(&["criteria", "xyzzy"], "");
    assert_out(&output, 1, &[], &["nearest:"]);
    assert!(output.stdout.is_empty());
}

#[test]
fn compare_names_why_a_ruleset_cannot_take_the_hand() {
    let out = at_80_columns(&["compare", "123m456m789m111m99m"]);
    assert!(out.contains("cannot take it: 2m"), "{out}");
    assert!(out.contains("Elements that differ"), "{out}");
    stdout_shows(
        &[
            "compare",
            "123m456m789m111m99m",
            "--rules",
            "korean,sanma",
            "--json",
        ],
        &["\"ruleset\":\"sanma\"", "not in play"],
    );
}

#[test]
fn compare_refuses_an_unknown_ruleset_naming_the_shipped_ones() {
    exits_with(
        &["compare", "123p456m999s EEE ww", "--rules", "korean,nosuch"],
        3,
        &[],
        &["nosuch", "korean-lite"],
    );
}

#[test]
fn compare_of_a_hand_no_ruleset_takes_is_an_error() {
    exits_with(
        &[
            "compare",
            "123p456m999s EEE ww",
            "--rules",
            "sanma,sanma-honshu",
        ],
        2,
        &[],
        &["no ruleset takes this hand", "sanma-honshu:"],
    );
}

#[test]
fn why_answers_counted_missing_removed_and_absent() {
    // (ruleset, hand, --why key, what the answer says)
    let cases: &[(&str, &str, &str, &[&str])] = &[
        // Counted.
        (
            "sanma",
            "234p567p678s99s234s ron",
            "pinfu",
            &["Pinfu (All Chows, No Fu): counted, 1 han"],
        ),
        // Missing: the first requirement, naming the set and the tile.
        (
            "sanma",
            "123p567p678s99s234s ron",
            "tanyao",
            &["not counted: it needs only 2–8 tiles: 123p holds 1p"],
        ),
        // Removed by a rule: closed only.
        (
            "sanma",
            "[222p] 345p567p678s88s ron seat=S",
            "tanyao",
            &["not counted although the hand has it", "closed hand"],
        ),
        // Absent from this ruleset, and where it is.
        (
            "malaysian",
            "123p456p789p EEE 99p tsumo",
            "riichi",
            &["malaysian has no such criterion", "sanma (riichi)"],
        ),
        // Switched off, and how to switch it on.
        (
            "sanma",
            "234p567p678s99s234s ron",
            "red fives",
            &["--set options.red-dora=true"],
        ),
    ];
    for (ruleset, hand, key, wanted) in cases {
        let output = mj3()
            .env("COLUMNS", "200")
            .args(["score", "-r", ruleset, hand, "--why", key])
            .output()
            .expect("runs");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{hand} --why {key}: {text}");
        for part in *wanted {
            assert!(text.contains(part), "{hand} --why {key}: {text}");
        }
    }
}

#[test]
fn why_with_an_unknown_key_suggests_names() {
    let output = run(&["score", "123p456m999s EEE ww", "--why", "xyzzy"], "");
    assert_out(&output, 2, &[], &["--why xyzzy", "nearest:"]);
    assert!(output.stdout.is_empty());
}

#[test]
fn all_lists_every_reading_and_the_rule_that_picked_one() {
    let out = run(
        &[
            "score",
            "-r",
            "sanma",
            "222333444p678s99s riichi ron win=4p seat=S",
            "--all",
        ],
        "",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("← scored"), "{text}");
    assert!(text.contains("222p 333p 444p"), "{text}");
    assert!(text.contains("234p* 234p 234p"), "{text}");
    assert!(text.contains("Picked by: a legal win first"), "{text}");
}

#[test]
fn rulesets_diff_lists_the_settings_two_rulesets_differ_on() {
    let output = run(&["rulesets", "--diff", "sanma", "sanma-mahjongsoul"], "");
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    for rule in [
        "kuitan: ",
        "kita-furiten: ",
        "Sanrenkoh (Three Identical Chows): 2 han",
        "Kokushi Musou, 13-sided wait (extra yakuman)",
        "Counter (honba) on a ron",
    ] {
        assert!(text.contains(rule), "{rule} missing:\n{text}");
    }
    assert!(!text.contains("pinfu-tsumo"), "equal values are not listed");
    let output = run(
        &[
            "rulesets",
            "--diff",
            "sanma-tenhou",
            "sanma-mahjongsoul",
            "--json",
        ],
        "",
    );
    let value = json_of(&output);
    let keys: Vec<&str> = value["differences"]
        .as_array()
        .expect("an array")
        .iter()
        .map(|d| d["key"].as_str().expect("key"))
        .collect();
    assert_eq!(
        keys,
        [
            "options.tenhou-double-forms",
            "criteria.suuankou-tanki.enabled",
            "criteria.kokushi-juusanmen.enabled",
            "criteria.daisuushi-double.enabled",
            "criteria.junsei-chuuren.enabled"
        ]
    );
    let missing = run(&["rulesets", "--diff", "sanma", "no-such-ruleset"], "");
    assert!(!missing.status.success());
}

// --- Situations the game cannot produce, Mahjong Soul's tenhou ruling, shapes a house file
// switches off.

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

#[test]
fn mahjong_soul_pays_a_tenhou_kokushi_as_three_yakuman_and_says_why() {
    let line = "19m19p19sESWNwgrr win=g tsumo first";
    stdout_shows(
        &["score", "-r", "sanma-mahjongsoul", line],
        &["+96,000", "counts on this tenhou"],
    );
    stdout_shows(
        &[
            "score",
            "-r",
            "sanma-mahjongsoul",
            line,
            "--why",
            "kokushi-juusanmen",
        ],
        &["counted", "tenhou-double-forms"],
    );
    stdout_shows(&["score", "-r", "sanma-tenhou", line], &["+64,000"]);
    stdout_shows(
        &["rulesets", "--diff", "sanma-tenhou", "sanma-mahjongsoul"],
        &["tenhou-double-forms"],
    );
}

#[test]
fn a_house_file_without_seven_pairs_makes_seven_pairs_no_winning_shape() {
    let dir = std::env::temp_dir().join(format!("mj3-shapes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let house = dir.join("my-table.toml");
    // The README's house file (README.md, "House rules"), as printed there.
    let readme = include_str!("../../README.md");
    let start = readme
        .find("# my-table.toml")
        .expect("the README's house file");
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
