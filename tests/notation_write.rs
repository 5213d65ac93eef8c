//! The hand-line writer against the parser: every hand of the case files
//! (`tests/cases/*.txt`) that parses is written back to a line the parser reads as the same
//! hand, and writing that line again gives the same text.

#[path = "common/case_files.rs"]
mod case_files;
use case_files::case_lines;

use mj3::notation::{parse_hand, write_hand};

/// `text` with every `Span { start: …, end: … }` of a `Debug` rendering taken out: where a
/// thing was written differs between two spellings of one hand, what was written does not.
fn without_spans(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("Span {") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let end = after.find('}').map_or(after.len(), |i| i + 1);
        out.push_str("Span");
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

#[test]
fn every_case_file_hand_is_written_back_to_the_same_hand() {
    let mut written = 0;
    for case in case_lines() {
        let hand_text = case.text.split('|').next().unwrap_or_default();
        // `@KEY=VALUE` overrides the ruleset for the case; it is no notation.
        let line: Vec<&str> = hand_text
            .split_whitespace()
            .filter(|word| !word.starts_with('@'))
            .collect();
        let line = line.join(" ");
        let Ok(hand) = parse_hand(&line) else {
            continue;
        };
        let text = write_hand(&hand);
        let ruleset = case.ruleset.as_deref().unwrap_or("no ruleset");
        let again = parse_hand(&text).unwrap_or_else(|e| {
            panic!(
                "{}:{} ({ruleset}): `{line}` was written `{text}`, which does not parse: {e}",
                case.file, case.number
            )
        });
        assert_eq!(
            without_spans(&format!("{again:?}")),
            without_spans(&format!("{hand:?}")),
            "{}:{} ({ruleset}): `{line}` was written `{text}`, which reads as another hand",
            case.file,
            case.number
        );
        assert_eq!(write_hand(&again), text, "{}:{}", case.file, case.number);
        written += 1;
    }
    eprintln!("{written} case hands written back");
    assert!(written > 500, "only {written} case hands were written");
}
