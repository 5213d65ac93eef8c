//! Shared by the property tests (`no_panic`): the shipped rulesets, pieces of
//! notation and random hands of one ruleset's tiles.

use std::sync::LazyLock;

use mj3::{Ruleset, rules};
use proptest::prelude::*;

/// Every shipped ruleset, loaded once.
pub static RULESETS: LazyLock<Vec<Ruleset>> = LazyLock::new(|| {
    rules::shipped_names()
        .into_iter()
        .map(|name| rules::load(name).expect("shipped ruleset loads"))
        .collect()
});

/// Pieces users actually type, so generated lines get deep into parsing and validation.
pub const PIECES: &[&str] = &[
    "1",
    "2",
    "3",
    "5",
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
    "x2",
    "h3",
    "a4",
    " ",
    "=",
    ",",
    "tsumo",
    "ron",
    "ron=S",
    "seat=W",
    "round=S",
    "riichi",
    "last",
    "first",
    "dora=",
    "ura=",
    "waiting=",
    "draws=",
    "honba=",
    "discards=",
    "win=",
    "99s",
    "123p",
    "456m",
    "EEE",
    "ww",
    "[EEE]",
    "(rrrr)",
    "é",
    "\t",
    "999999999999999999999",
];

/// 13 or 14 tiles drawn from `ruleset`'s tile set, and one of `contexts`.
pub fn random_tiles(
    ruleset: &Ruleset,
    contexts: Vec<&'static str>,
) -> impl Strategy<Value = (Vec<String>, &'static str)> + use<> {
    let tiles: Vec<String> = ruleset.tiles.tiles().map(|t| t.to_string()).collect();
    (
        prop::collection::vec(prop::sample::select(tiles), 13..=14),
        prop::sample::select(contexts),
    )
}

/// The line a hand from [`random_tiles`] is written as: its tiles, then its context.
pub fn hand_line((tiles, context): (Vec<String>, &'static str)) -> String {
    format!("{} {context}", tiles.concat())
}
