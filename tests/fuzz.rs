//! The fuzz target: a long property test, ignored by `cargo test`, that feeds generated lines
//! through the whole score path (notation parser, validation, evaluation, the table and the
//! JSON) under every shipped ruleset and requires that nothing panics. Run it with
//!
//! ```sh
//! nice cargo test --release --test fuzz -- --ignored --nocapture
//! ```
//!
//! `MJ3_FUZZ_CASES` sets the number of generated lines (default 1,000,000); each line is
//! scored under every shipped ruleset. The last run is recorded in the README (Development).

mod common;

use std::sync::atomic::{AtomicU64, Ordering};

use common::RULESETS;
use mj3::render::{self, Style};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// Pieces of notation beyond the shared ones, so that most lines get past the parser: every
/// context word and key, tile characters, and a few troublemakers.
const MORE_PIECES: &[&str] = &[
    "4",
    "6",
    "7",
    "8",
    "f4",
    "N",
    "W",
    "ron=W",
    "seat=S",
    "double-riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "kita=",
    "others-fan=",
    "others-fly=",
    "789s",
    "NNN",
    "ggg",
    "rrr",
    "[555p]",
    "(1111m)",
    "19m19p19s",
    "\u{1F000}",
    "\u{1F004}",
    "\u{1F007}",
    "\u{1F019}",
    "\u{1F021}",
    "\u{1F022}",
    "\u{1F02A}",
    "\u{1F02B}",
    "\u{1b}",
    "\0",
    "#",
];

/// A line: notation pieces, a random hand of one ruleset's tiles with a context, or any text.
fn line() -> impl Strategy<Value = String> {
    let pieces: Vec<&str> = common::PIECES.iter().chain(MORE_PIECES).copied().collect();
    let pieces = prop::collection::vec(prop::sample::select(pieces), 0..28)
        .prop_map(|pieces| pieces.concat());
    let contexts = vec![
        "tsumo",
        "ron=S",
        "ron=W seat=S",
        "tsumo riichi",
        "ron=E seat=W riichi ippatsu dora=1p",
        "tsumo +f1",
        "tsumo +N",
        "",
    ];
    // 13 or 14 tiles of one ruleset's tile set, so that many lines reach the evaluation.
    let hands = (0..RULESETS.len())
        .prop_flat_map(move |i| common::random_tiles(&RULESETS[i], contexts.clone()))
        .prop_map(common::hand_line);
    prop_oneof![4 => pieces, 4 => hands, 1 => "\\PC{0,40}"]
}

/// Scores `line` under every ruleset and renders the result both ways; counts the rulesets
/// under which it got as far as an evaluation.
fn score_everywhere(line: &str, evaluated: &AtomicU64) {
    for ruleset in RULESETS.iter() {
        match mj3::score_line(line, ruleset) {
            Ok((hand, evaluation)) => {
                evaluated.fetch_add(1, Ordering::Relaxed);
                let style = Style::default();
                let _ = render::text(line, ruleset, &hand, &evaluation, style);
                assert!(render::json(None, None, line, ruleset, &hand, &evaluation).is_ok());
            }
            Err(err) => {
                let _ = err.render(line);
            }
        }
    }
}

#[test]
#[ignore = "long: run with --release -- --ignored (see the file's doc comment)"]
fn a_million_lines_score_without_a_panic() {
    let cases = std::env::var("MJ3_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000);
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let lines = AtomicU64::new(0);
    let evaluated = AtomicU64::new(0);
    let result = runner.run(&line(), |line| {
        score_everywhere(&line, &evaluated);
        lines.fetch_add(1, Ordering::Relaxed);
        Ok(())
    });
    println!(
        "fuzz: {} lines, each under {} rulesets; {} (line, ruleset) pairs evaluated, the rest bad input",
        lines.into_inner(),
        RULESETS.len(),
        evaluated.into_inner()
    );
    if let Err(failure) = result {
        panic!("{failure}");
    }
}
