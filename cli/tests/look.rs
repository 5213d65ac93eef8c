//! How output looks: colour, width, ASCII, tile glyphs, help, completions, the man page and
//! the README's and the guide's examples.

mod common;

use common::*;

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
fn an_empty_no_color_is_not_set_and_errors_follow_the_colour_choice() {
    // no-color.org: NO_COLOR counts when set to a non-empty value (docs/guide.md, "Commands").
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
fn help_says_to_quote_the_hand_and_how_no_color_works() {
    stdout_shows(&["score", "--help"], &["quote it", "NO_COLOR"]);
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

/// The example blocks of the README and the guide (docs/guide.md) that start with `$ mj3 …`
/// (or the design-card block, which shows the output of the README's first command) are the
/// binary's real output at `COLUMNS=80`, run from the repository's root (`mj3 game
/// docs/examples/…`), and fit 80 columns: whole, or cut only where a line `…` says so.
#[test]
fn readme_examples_are_real_output() {
    assert!(
        examples_checked("README.md") >= 3,
        "README.md's example blocks"
    );
}

#[test]
fn guide_examples_are_real_output() {
    assert!(
        examples_checked("docs/guide.md") >= 15,
        "docs/guide.md's example blocks"
    );
}

/// Checks the example blocks of `file` (from the repository's root) against the binary's
/// output, and answers how many it checked.
fn examples_checked(file: &str) -> usize {
    let path = format!("{}/../{file}", env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(&path).expect(file);
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
    // how wide the terminal is; but `--brief` off a terminal is one line a result, however
    // long (issue 32).
    for block in blocks
        .iter()
        .filter(|b| !b.lines().next().is_some_and(|l| l.contains("--brief")))
    {
        for line in block.lines() {
            assert!(
                line.chars().count() <= 80,
                "{file}: line over 80 columns: {line:?}"
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
        // `--brief` is one line a hand off a terminal, however long (issue 32).
        assert!(
            widest(&actual) <= 80 || command.contains("--brief"),
            "{file}: `{command}` is wider than 80 columns"
        );
        // A block is the whole output, or parts of it with a line `…` wherever lines are
        // left out: each part is whole lines, in order, the first at the start and the last
        // at the end unless a `…` stands before or after it.
        let actual: Vec<&str> = actual.lines().collect();
        let expected: Vec<&str> = expected.lines().collect();
        let parts: Vec<&[&str]> = expected.split(|line| *line == "…").collect();
        let mut at = 0;
        for (i, part) in parts.iter().enumerate() {
            let last = i + 1 == parts.len();
            let found = (at..=actual.len().saturating_sub(part.len())).find(|&start| {
                actual.get(start..start + part.len()) == Some(part)
                    && (i > 0 || start == 0)
                    && (!last || start + part.len() == actual.len())
            });
            let start = found.unwrap_or_else(|| {
                panic!(
                    "{file}: `{command}`: lines not in the output as shown (a cut is marked \
                     with a line `…`):\n{}\n\nthe output:\n{}",
                    part.join("\n"),
                    actual.join("\n")
                )
            });
            at = start + part.len();
        }
        checked += 1;
    }
    checked
}
