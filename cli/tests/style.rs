//! One style everywhere: amounts grouped alike, "rounded up" only when something was, a Tiles
//! cell's sets apart, keys never cut inside a table cell, glyph tiles aligned by their width,
//! `compare` naming each element as each ruleset does, and no line wider than the terminal.

use assert_cmd::Command;
use mj3::render::display_width;

/// The widths a test runs at: a pipe (no `COLUMNS`: 80), then 80 and 120 columns.
const WIDTHS: [Option<usize>; 3] = [None, Some(80), Some(120)];

/// Runs `mj3 args` (no colour) at `width` (`None`: a pipe without `COLUMNS`); returns stdout.
fn at(width: Option<usize>, args: &[&str]) -> String {
    let mut cmd = Command::cargo_bin("mj3").expect("binary builds");
    cmd.env_remove("NO_COLOR").env_remove("COLUMNS");
    if let Some(width) = width {
        cmd.env("COLUMNS", width.to_string());
    }
    let out = cmd
        .args(args)
        .args(["--color", "never"])
        .output()
        .expect("runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Hands that reach every view: limits, waits, a refusal, no yaku, no winning shape, jokers.
const HANDS: [(&str, &str); 8] = [
    ("sanma-mahjongsoul", "19m19p19sESWNwgr tsumo seat=S"),
    ("sanma", "234p567p678s99s234s riichi tsumo"),
    ("sanma", "123p456p789s99s EEE ron seat=S round=S"),
    ("sanma", "1239p45p19s EEwgr5p"),
    ("sanma", "(1111p) (9999s) (SSSS) 234p 55s tsumo"),
    ("korean", "123p456p789p11s EEE ron"),
    ("korean", "[111p] 234p 567p 789p 99m ron=S"),
    ("malaysian", "[EEE] SSS www NN 1p JJ +f2 tsumo"),
];

/// The commands whose every line must fit the terminal.
fn commands() -> Vec<Vec<String>> {
    let mut commands = Vec::new();
    for (ruleset, hand) in HANDS {
        for extra in [&[][..], &["--brief"], &["--glyphs"], &["--ascii"]] {
            let mut args = vec!["score", "-r", ruleset, hand];
            args.extend(extra);
            commands.push(args);
        }
        commands.push(vec!["compare", hand]);
        commands.push(vec!["compare", "--brief", hand]);
    }
    commands.push(vec!["criteria", "-r", "sanma"]);
    commands.push(vec!["criteria", "triplets"]);
    commands.push(vec!["criteria", "--all", "triplets"]);
    commands.push(vec!["rulesets", "--diff", "korean", "sanma"]);
    commands.push(vec!["rulesets"]);
    commands
        .into_iter()
        .map(|args| args.into_iter().map(String::from).collect())
        .collect()
}

#[test]
fn no_line_is_wider_than_the_terminal() {
    for args in commands() {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        for width in WIDTHS {
            let text = at(width, &args);
            let columns = width.unwrap_or(80);
            // `--brief` written to a pipe is one line per result, never wrapped (brief.rs).
            if args.contains(&"--brief") {
                continue;
            }
            for line in text.lines() {
                assert!(
                    display_width(line) <= columns,
                    "mj3 {args:?} at {width:?}: a line of {} columns:\n{line}\n\n{text}",
                    display_width(line)
                );
            }
        }
    }
}

#[test]
fn every_row_of_a_glyph_table_lines_up() {
    for (ruleset, hand) in HANDS {
        for width in [Some(80), Some(120)] {
            let text = at(width, &["score", "--glyphs", "-r", ruleset, hand]);
            let mut table: Option<usize> = None;
            for line in text.lines() {
                let bordered = line.starts_with(['┌', '│', '╞', '├', '└']);
                match (bordered, table) {
                    (true, None) => table = Some(display_width(line)),
                    (true, Some(columns)) => assert_eq!(
                        display_width(line),
                        columns,
                        "{hand} at {width:?}: a row out of line:\n{line}\n\n{text}"
                    ),
                    (false, _) => table = None,
                }
                if line.starts_with('└') {
                    table = None;
                }
            }
        }
    }
}

/// Runs of four or more digits that are not tiles (a tile run ends in its suit letter).
fn ungrouped(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut run = String::new();
    for c in text.chars().chain([' ']) {
        if c.is_ascii_digit() {
            run.push(c);
            continue;
        }
        if run.len() >= 4 && !matches!(c, 'm' | 'p' | 's') {
            found.push(run.clone());
        }
        run.clear();
    }
    found
}

#[test]
fn amounts_are_grouped_alike_in_every_view() {
    for (ruleset, hand) in HANDS {
        for args in [
            vec!["score", "-r", ruleset, hand],
            vec!["score", "--brief", "-r", ruleset, hand],
            vec!["compare", hand],
            vec!["compare", "--brief", hand],
        ] {
            let text = at(Some(120), &args);
            assert!(
                ungrouped(&text).is_empty(),
                "{args:?}: {:?}\n{text}",
                ungrouped(&text)
            );
        }
    }
    let text = at(None, &["score", "-r", "sanma-mahjongsoul", HANDS[0].1]);
    for amount in [
        "-32,000",
        "+48,000",
        "-16,000",
        "base points 16,000",
        "collects 48,000",
    ] {
        assert!(text.contains(amount), "{amount}:\n{text}");
    }
    let text = at(
        None,
        &[
            "compare",
            "-r",
            "sanma,sanma-honshu",
            "123p456p789p11s EEE ron seat=S",
        ],
    );
    assert!(text.contains("-5,200") && text.contains("+4,000"), "{text}");
    // A seat that pays nothing shows 0, not +0.
    assert!(!text.contains("+0 "), "{text}");
}

#[test]
fn a_payment_is_rounded_up_only_when_it_was() {
    // 2×16,000 base is paid exactly.
    let text = at(None, &["score", "-r", "sanma-mahjongsoul", HANDS[0].1]);
    assert!(text.contains("2×16,000 base (tsumo loss) │"), "{text}");
    assert!(!text.contains("rounded up to 100"), "{text}");
    // 2×640 base is 1,280, paid as 1,300.
    let text = at(Some(120), &["score", "-r", "sanma", HANDS[1].1]);
    assert!(
        text.contains("2×640 base (tsumo loss), rounded up to 100"),
        "{text}"
    );
}

#[test]
fn a_tiles_cell_keeps_its_sets_apart() {
    let text = at(
        None,
        &[
            "score",
            "-r",
            "sanma",
            "(1111p) (9999s) (SSSS) 234p 55s tsumo",
        ],
    );
    assert!(text.contains("┆ 1111p 9999s SSSS │"), "{text}");
    let text = at(None, &["score", "[www] [ggg] 123p 789p 99s ron=S"]);
    assert!(text.contains("┆ www ggg │"), "{text}");
}

#[test]
fn keys_and_set_items_are_never_cut_inside_a_cell() {
    let text = at(Some(80), &["criteria", "-r", "sanma"]);
    for whole in [
        "criteria.suuankou-tanki.enabled=true",
        "criteria.chuuren-triple.enabled=true",
        "yakuhai-round-wind",
    ] {
        assert!(text.contains(whole), "{whole} is cut:\n{text}");
    }
}

/// The key-like words of `wide` (a key, an option, a `--set` item, `hand-points`: a word with
/// `-`, `.`, `_` or a backtick) that `narrow`, the same output at a narrower width, cuts
/// between two lines of a table cell: a word that ends one line of a column and the word that
/// starts its next line, joined, are part of such a word (and hold a letter: `2` above `2`
/// is no cut `2×2`).
fn cut_keys(wide: &str, narrow: &str) -> Vec<String> {
    let keys: Vec<&str> = wide
        .split_whitespace()
        .filter(|word| word.contains(['-', '.', '_', '`']))
        .collect();
    let cells = |line: &str| -> Option<Vec<String>> {
        let inner = line.strip_prefix('│')?.strip_suffix('│')?;
        Some(
            inner
                .split('┆')
                .map(|cell| cell.trim().to_string())
                .collect(),
        )
    };
    let lines: Vec<&str> = narrow.lines().collect();
    let mut cut = Vec::new();
    for pair in lines.windows(2) {
        let (Some(above), Some(below)) = (cells(pair[0]), cells(pair[1])) else {
            continue;
        };
        for (a, b) in above.iter().zip(&below) {
            if let (Some(end), Some(start)) =
                (a.split_whitespace().last(), b.split_whitespace().next())
            {
                let joined = format!("{end}{start}");
                let wordy = joined.chars().any(|c| c.is_ascii_alphabetic());
                if wordy && keys.iter().any(|key| key.contains(&joined)) {
                    cut.push(format!("{end} | {start}"));
                }
            }
        }
    }
    cut
}

#[test]
fn no_key_is_cut_in_any_criterion_card_at_80_or_60_columns() {
    let mut keys = std::collections::BTreeSet::new();
    for ruleset in mj3::rules::shipped_names() {
        let listed: serde_json::Value =
            serde_json::from_str(&at(None, &["criteria", "-r", ruleset, "--json"])).expect("JSON");
        for criterion in listed.as_array().expect("a list") {
            keys.insert(criterion["id"].as_str().expect("an id").to_string());
        }
    }
    let keys: Vec<String> = keys.into_iter().collect();
    // Each criterion's card holds the side-by-side table of every ruleset that has it.
    let check = |keys: &[String]| -> Vec<String> {
        let mut cut = Vec::new();
        for key in keys {
            let wide = at(Some(1000), &["criteria", key]);
            for width in [80, 60] {
                for word in cut_keys(&wide, &at(Some(width), &["criteria", key])) {
                    cut.push(format!("criteria {key} at {width}: {word}"));
                }
            }
        }
        cut
    };
    let half = keys.len() / 2;
    let cut: Vec<String> = std::thread::scope(|scope| {
        let first = scope.spawn(|| check(&keys[..half]));
        let mut cut = check(&keys[half..]);
        cut.extend(first.join().expect("the first half runs"));
        cut
    });
    assert!(keys.len() > 100, "{} keys", keys.len());
    assert!(
        cut.is_empty(),
        "keys cut inside a cell:\n{}",
        cut.join("\n")
    );
    // `criteria --all triplets` at 80 columns cut `open-situational-yaku` before it was drawn
    // as records.
    let args = ["criteria", "--all", "triplets"];
    assert_eq!(
        cut_keys(&at(Some(1000), &args), &at(Some(80), &args)),
        Vec::<String>::new()
    );
}

#[test]
fn no_key_is_cut_in_any_table_at_80_columns() {
    for args in commands() {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let cut = cut_keys(&at(Some(1000), &args), &at(Some(80), &args));
        assert!(cut.is_empty(), "mj3 {args:?}: {cut:?}");
    }
}

#[test]
fn compare_names_each_element_as_each_ruleset_does() {
    let text = at(
        Some(120),
        &[
            "compare",
            "-r",
            "korean,sanma",
            "123p456p789p11s EEE ron seat=S",
        ],
    );
    assert!(
        text.contains("Elements that differ, each by its ruleset's own name:"),
        "{text}"
    );
    assert!(text.contains("Full straight: 3 hand-points"), "{text}");
    assert!(text.contains("Ittsuu (Pure Straight): 2 han"), "{text}");
    assert!(
        text.contains("Yakuhai: round wind (Bakaze): 1 han"),
        "{text}"
    );
}
