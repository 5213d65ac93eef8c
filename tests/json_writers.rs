//! The project's own records written through both JSON writers: every case-file line
//! (`tests/cases/*.txt`) and every example game (`docs/examples/*-game.txt`) gives the same
//! bytes through `mj3::json` as through `serde_json`.

#[path = "common/case_files.rs"]
mod case_files;

use mj3::render::Report;
use mj3::rules;
use serde::Serialize;

/// `value`'s JSON by both writers, or where they differ.
fn same_bytes<T: Serialize + ?Sized>(what: &str, value: &T) -> Result<usize, String> {
    let ours = mj3::json::to_string(value).map_err(|e| format!("{what}: mj3::json: {e}"))?;
    let theirs = serde_json::to_string(value).map_err(|e| format!("{what}: serde_json: {e}"))?;
    if ours == theirs {
        Ok(ours.len())
    } else {
        let at = ours
            .bytes()
            .zip(theirs.bytes())
            .position(|(a, b)| a != b)
            .unwrap_or(ours.len().min(theirs.len()));
        Err(format!(
            "{what}: the writers differ from byte {at}:\n  mj3::json  {}\n  serde_json {}",
            &ours[at.saturating_sub(40)..],
            &theirs[at.saturating_sub(40)..]
        ))
    }
}

#[test]
fn every_case_line_writes_the_same_json_through_both_writers() {
    let mut failures = Vec::new();
    let (mut scored, mut refused) = (0, 0);
    for case in case_files::case_lines() {
        let what = format!("{}:{}", case.file, case.number);
        let Some(ruleset) = &case.ruleset else {
            continue;
        };
        let hand = case.text.split(" | ").next().unwrap_or("");
        // `@KEY=VALUE` overrides may stand with the hand or with the checks.
        let overrides: Vec<String> = case
            .text
            .split_whitespace()
            .filter_map(|w| w.strip_prefix('@'))
            .map(str::to_string)
            .collect();
        let line = hand
            .split_whitespace()
            .filter(|w| !w.starts_with('@'))
            .collect::<Vec<_>>()
            .join(" ");
        let Ok(rules) = rules::load_with(ruleset, &overrides) else {
            continue;
        };
        let result = match mj3::score_line(&line, &rules) {
            Ok((hand, evaluation)) => {
                scored += 1;
                let place = mj3::diagnostic::LinePlace {
                    file: &case.file,
                    line: case.number,
                    tag: None,
                };
                let report = Report::new(Some(place), &line, &rules, &hand, &evaluation);
                same_bytes(&what, &report)
            }
            Err(err) => {
                refused += 1;
                same_bytes(&what, &err.to_string())
            }
        };
        failures.extend(result.err());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Near-miss guard: the case files were read, and most of their lines score.
    assert!(
        scored > 800 && refused > 100,
        "scored {scored}, refused {refused}"
    );
}

#[test]
fn every_example_game_writes_the_same_json_through_both_writers() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/examples");
    let mut games = 0;
    let mut failures = Vec::new();
    for entry in std::fs::read_dir(dir).expect("docs/examples") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        let Some(name) = name.filter(|n| n.ends_with("-game.txt")) else {
            continue;
        };
        let record = std::fs::read_to_string(&path).expect("readable");
        let sheet = mj3::game::replay(&record, &[])
            .unwrap_or_else(|f| panic!("{name}: {}", f.error.render()));
        games += 1;
        assert!(!sheet.hands.is_empty(), "{name} has hands");
        for hand in &sheet.hands {
            failures.extend(same_bytes(&format!("{name} hand {}", hand.number), hand).err());
        }
        failures.extend(same_bytes(&format!("{name} end"), &sheet.end_record()).err());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(games >= 10, "example games: {games}");
}
