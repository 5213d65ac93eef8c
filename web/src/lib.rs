//! mj3 in the browser: the scoring and the rules reference of the `mj3` library exported to
//! JavaScript through wasm-bindgen. Each export answers with the JSON `mj3 … --json` writes
//! (the calls are in [`api`]), or throws the message the command line would print.
//!
//! A ruleset is named by `ruleset` (a shipped ruleset's name) or given by `house` (a pasted
//! house TOML, loaded as `house.toml`, which names its base with `extends`); `sets` are
//! `--set KEY=VALUE` overrides.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod api;
pub mod game;

use api::{Answer, Rules};
use wasm_bindgen::prelude::wasm_bindgen;

fn rules<'a>(ruleset: &'a str, house: &'a str, sets: &'a [String]) -> Rules<'a> {
    Rules {
        name: ruleset,
        house,
        sets,
    }
}

/// The version of mj3 this page was built from.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// `mj3 score LINE --json --words`: the report with its words, or the error record of a line
/// that does not read.
#[wasm_bindgen]
pub fn score(line: &str, ruleset: &str, house: &str, sets: Vec<String>) -> Answer {
    api::score(line, rules(ruleset, house, &sets))
}

/// `mj3 score LINE --all --json`: every reading of the hand.
#[wasm_bindgen]
pub fn all(line: &str, ruleset: &str, house: &str, sets: Vec<String>) -> Answer {
    api::all(line, rules(ruleset, house, &sets))
}

/// `mj3 score LINE --why KEY… --json`: whether each criterion counted, and why.
#[wasm_bindgen]
pub fn why(line: &str, keys: Vec<String>, ruleset: &str, house: &str, sets: Vec<String>) -> Answer {
    api::why(line, &keys, rules(ruleset, house, &sets))
}

/// `mj3 criteria --json`: the ruleset's criteria.
#[wasm_bindgen]
pub fn criteria(ruleset: &str, house: &str, sets: Vec<String>) -> Answer {
    api::criteria(rules(ruleset, house, &sets))
}

/// `mj3 criteria QUERY --json`: the criteria matching `query` with their cards, in the
/// ruleset given, or in every shipped ruleset when `ruleset` and `house` are empty.
#[wasm_bindgen]
pub fn lookup(query: &str, all: bool, ruleset: &str, house: &str, sets: Vec<String>) -> Answer {
    let given = !ruleset.is_empty() || !house.trim().is_empty();
    api::lookup(query, all, given.then(|| rules(ruleset, house, &sets)))
}

/// `mj3 compare LINE --json`: the hand under the shipped rulesets named (every one when
/// none is) and the house ruleset when given.
#[wasm_bindgen]
pub fn compare(line: &str, rulesets: Vec<String>, house: &str) -> Answer {
    api::compare(line, &rulesets, house)
}

/// `mj3 rulesets --json`: the shipped rulesets.
#[wasm_bindgen]
pub fn rulesets() -> Answer {
    api::rulesets()
}

/// `mj3 rulesets --diff A B --json`; `house.toml` names the house ruleset.
#[wasm_bindgen]
pub fn diff(a: &str, b: &str, house: &str) -> Answer {
    api::diff(a, b, house)
}

/// The tiles in play and the context words of a ruleset, for the tile pad and toggles.
#[wasm_bindgen]
pub fn ruleset_info(ruleset: &str, house: &str, sets: Vec<String>) -> Answer {
    api::ruleset_info(rules(ruleset, house, &sets))
}

/// An amount as every text of mj3 writes it: digits grouped by three (`-4,000`, `35,000`);
/// `n` is a whole number (a JavaScript number).
#[wasm_bindgen]
pub fn written(n: f64) -> String {
    mj3::amount::written(whole(n))
}

/// An amount with its sign, as every text writes a gain or loss (`+8,000`, `-4,000`, `0`).
#[wasm_bindgen]
pub fn signed(n: f64) -> String {
    mj3::amount::signed(whole(n))
}

/// `n` of one of mj3's things, as every text says it (`1 hand`, `3 hands`, `2 fan`, `1 fly
/// tile`): `thing` is `hand`, `game`, `fan`, `fly-tile`, `point` or `tile`; another is an
/// error.
#[wasm_bindgen]
pub fn counted(n: f64, thing: &str) -> Result<String, String> {
    mj3::render::words::Counted::named(thing)
        .map(|t| t.said(whole(n)))
        .ok_or_else(|| format!("mj3 counts no `{thing}`"))
}

/// A JavaScript number as a whole amount (an amount the page holds is always whole).
fn whole(n: f64) -> i64 {
    n.round() as i64
}

/// Every tile the notation writes, with its name (the library's words).
#[wasm_bindgen]
pub fn tile_names() -> Answer {
    api::tile_names()
}

/// A line's tiles, sets, bonus tiles and context words as written.
#[wasm_bindgen]
pub fn parse(line: &str) -> Answer {
    api::parse(line)
}

/// `mj3 game --json` of a record: `{hands, end, error, next, …, rules}` (the hand records,
/// the end record, the line that stopped the replay, the hand in play, and what the game is
/// played under); `house` is the text of the house file its `ruleset` line names, or empty.
#[wasm_bindgen]
pub fn game(record: &str, house: &str) -> Answer {
    game::replay(record, house)
}

/// `mj3 evening --json` of the games of one evening: `{"games": [{"name", "record",
/// "house"}], "rate": "0.5" | null}` added up (totals, values, who pays whom, per player
/// counts, running totals), or the message `mj3 evening` prints.
#[wasm_bindgen]
pub fn evening(games: &str) -> Answer {
    game::evening(games)
}

/// The units an evening's value is given per, with their words (`per 1,000 points`).
#[wasm_bindgen]
pub fn evening_units() -> Answer {
    game::evening_units()
}

/// The page's limits on a game it opens, in bytes: `{"record": …, "house": …}`.
#[wasm_bindgen]
pub fn game_limits() -> Answer {
    game::limits()
}

/// The record line of an event the page tapped (JSON with a `kind`).
#[wasm_bindgen]
pub fn record_line(event: &str) -> Answer {
    game::record_line(event)
}

/// The header of a new game's record: the ruleset (or a house file's name and text), the
/// players, the first dealer, the `[game]` settings (JSON).
#[wasm_bindgen]
pub fn record_start(start: &str) -> Answer {
    game::record_start(start)
}

/// The record (`{"record", "house", "settings": [[KEY, VALUE], …]}`) with the `[game]`
/// settings written into its header as `set` lines, replayed; refused with the replay's
/// message when the game does not take them.
#[wasm_bindgen]
pub fn record_settings(asked: &str) -> Answer {
    game::record_settings(asked)
}

/// The hand on the pad, by its parts, as a line of notation (`{"line": …}`).
#[wasm_bindgen]
pub fn write(parts: &str) -> Answer {
    api::write(parts)
}

/// The part of the hand the word at character `column` of `line` belongs to
/// (`{"part": "bonus"}`, `{"part": "context", "name": "dora"}`), for saying what to change.
#[wasm_bindgen]
pub fn part_at(line: &str, column: usize) -> Answer {
    api::part_at(line, column)
}
