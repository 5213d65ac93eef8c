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

use std::sync::LazyLock;
use std::sync::atomic::{AtomicU64, Ordering};

use mj3::render::{self, Style};
use mj3::{Ruleset, rules};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// Every shipped ruleset, loaded once.
static RULESETS: LazyLock<Vec<Ruleset>> = LazyLock::new(|| {
    rules::shipped_names()
        .into_iter()
        .map(|name| rules::load(name).expect("shipped ruleset loads"))
        .collect()
});

/// Pieces of notation, so that most lines get past the parser: tiles, sets, bonus tiles,
/// every context word and key, tile characters, and a few troublemakers.
const PIECES: &[&str] = &[
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "0",
    "m",
    "p",
    "s",
    "z",
    "E",
    "S",
    "W",
    "N",
    "w",
    "g",
    "r",
    "J",
    "[",
    "]",
    "(",
    ")",
    "+",
    "f1",
    "f4",
    "x2",
    "h3",
    "a4",
    "N",
    "W",
    " ",
    "=",
    ",",
    "tsumo",
    "ron",
    "ron=S",
    "ron=W",
    "seat=W",
    "seat=S",
    "round=S",
    "riichi",
    "double-riichi",
    "ippatsu",
    "last",
    "first",
    "rinshan",
    "chankan",
    "dora=",
    "ura=",
    "waiting=",
    "draws=",
    "honba=",
    "discards=",
    "win=",
    "kita=",
    "others-fan=",
    "others-fly=",
    "99s",
    "123p",
    "456m",
    "789s",
    "EEE",
    "NNN",
    "ww",
    "ggg",
    "rrr",
    "[EEE]",
    "[555p]",
    "(rrrr)",
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
    "é",
    "\t",
    "\u{1b}",
    "\0",
    "#",
    "999999999999999999999",
];

/// A line: notation pieces, a random hand of one ruleset's tiles with a context, or any text.
fn line() -> impl Strategy<Value = String> {
    let pieces = prop::collection::vec(prop::sample::select(PIECES), 0..28)
        .prop_map(|pieces| pieces.concat());
    let contexts = prop::sample::select(vec![
        "tsumo",
        "ron=S",
        "ron=W seat=S",
        "tsumo riichi",
        "ron=E seat=W riichi ippatsu dora=1p",
        "tsumo +f1",
        "tsumo +N",
        "",
    ]);
    // 13 or 14 tiles of one ruleset's tile set, so that many lines reach the evaluation.
    let hands = (0..RULESETS.len())
        .prop_flat_map(|i| {
            let tiles: Vec<String> = RULESETS[i].tiles.tiles().map(|t| t.to_string()).collect();
            prop::collection::vec(prop::sample::select(tiles), 13..=14)
        })
        .prop_flat_map(move |tiles| (Just(tiles), contexts.clone()))
        .prop_map(|(tiles, context)| format!("{} {context}", tiles.concat()));
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
                let _ = render::json(None, line, ruleset, &hand, &evaluation);
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
