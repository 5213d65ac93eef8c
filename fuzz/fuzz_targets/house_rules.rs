//! A house-rules text laid over a shipped ruleset (each in turn, chosen by the input's
//! length), with `--set` items, then loaded, listed, looked up and used to score fixed hands.
//! The input is the file's text after its `extends = "PRESET"` line, then optionally a line
//! `---` and one `--set` item a line.
//! Fails on a panic, on JSON that does not read back, and on a listing, card or table (of
//! the ruleset escaped as the binary escapes it) that holds a control or format character.

#![no_main]

#[path = "common.rs"]
mod common;

use std::path::PathBuf;

use common::assert_inert;
use libfuzzer_sys::fuzz_target;
use mj3::escape;
use mj3::reference::search::{self, Lookup};
use mj3::reference::{card, text};
use mj3::render::{self, Style};
use mj3::rules::{self, Ruleset};

/// Hands of each scoring system: points, fan, han-fu and the han table; complete and waiting.
const HANDS: &[&str] = &[
    "123p456m999s EEE ww tsumo",
    "123p456m99s EEE ww",
    "[www] [ggg] 123p 789p 99s ron=S",
    "234p567p678s99s234s riichi tsumo",
    "1199m22p33p44s66sEE riichi ron",
    "222333444p678s99s riichi ron win=4p seat=S",
    "123p456p789p EEE ww +f2 +h1a3 tsumo",
];

/// This process's house file over `preset`.
fn house_file(preset: &str, body: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mj3-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join(format!("{preset}.toml"));
    std::fs::write(&path, format!("extends = \"{preset}\"\n{body}")).expect("a temporary file");
    path
}

/// Lists, looks up and scores with a ruleset loaded from a house file (`input`: the fuzz
/// input, its text and `--set` items).
fn exercise(rules: &Ruleset, input: &str) {
    let shown = escape::ruleset(rules.clone());
    assert_inert(&text::listing(&shown, Some(100)));
    assert_inert(&text::listing(&shown, None));
    let listed = serde_json::to_value(render::criteria_listing(rules))
        .expect("the criteria listing serializes");
    assert!(listed.is_array());
    // The card (its example and near-miss scored live) of the first criterion the file names:
    // a card costs a ruleset load per near-miss candidate, too slow for every criterion.
    let named = rules
        .criteria
        .iter()
        .chain(&rules.switched_off)
        .position(|c| input.contains(&format!("criteria.{}", c.id)));
    let shown_criterion =
        named.and_then(|at| shown.criteria.iter().chain(&shown.switched_off).nth(at));
    if let Some(criterion) = shown_criterion {
        let shown_rulesets = [shown.clone()];
        if let Lookup::Found(concepts) = search::lookup(&criterion.id, &shown_rulesets) {
            if let Some(concept) = concepts.first() {
                assert_inert(&text::card(&card::card(concept), 80));
            }
        }
    }
    for hand in HANDS {
        if let Ok((valid, evaluation)) = mj3::score_line(hand, &shown) {
            assert_inert(&render::text(
                hand,
                &shown,
                &valid,
                &evaluation,
                Style::default(),
            ));
        }
        if let Ok((valid, evaluation)) = mj3::score_line(hand, rules) {
            let json =
                render::json(None, hand, rules, &valid, &evaluation).expect("a report serializes");
            let _: serde_json::Value = serde_json::from_str(&json).expect("the JSON reads back");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let (body, sets) = input.split_once("\n---\n").unwrap_or((input, ""));
    let sets: Vec<String> = sets.lines().map(str::to_string).collect();
    // One preset per input, chosen by its length, so that every preset is fuzzed over the
    // run at seven times the speed of loading each for every input.
    let presets = rules::shipped_names();
    let Some(preset) = presets.get(input.len() % presets.len().max(1)) else {
        return;
    };
    let path = house_file(preset, body);
    match rules::load_with(&path.to_string_lossy(), &sets) {
        Ok(rules) => exercise(&rules, input),
        Err(err) => {
            let _ = err.to_string();
        }
    }
});
