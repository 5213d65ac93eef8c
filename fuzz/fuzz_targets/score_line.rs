//! A line parsed, scored and rendered (the table in several styles and the JSON) under every
//! shipped ruleset. Fails on a panic, on JSON that does not read back, and on a table (of
//! the line escaped as the binary escapes it) that holds a control or format character.

#![no_main]

#[path = "common.rs"]
mod common;

use common::{assert_inert, rulesets};
use libfuzzer_sys::fuzz_target;
use mj3::escape::escape_control;
use mj3::render::{self, Style};

/// The styles the tables are drawn in: fitted or not, ASCII, tile characters, colour.
const STYLES: [Style; 3] = [
    Style {
        color: false,
        width: Some(80),
        glyphs: false,
        ascii: false,
    },
    Style {
        color: false,
        width: Some(40),
        glyphs: false,
        ascii: true,
    },
    Style {
        color: true,
        width: None,
        glyphs: true,
        ascii: false,
    },
];

fuzz_target!(|data: &[u8]| {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    let shown = escape_control(line);
    assert_inert(&shown);
    for rules in rulesets() {
        match mj3::score_line(line, rules) {
            Ok((hand, evaluation)) => {
                for style in STYLES {
                    let table = render::text(&shown, rules, &hand, &evaluation, style);
                    if !style.color {
                        assert_inert(&table);
                    }
                }
                let json = render::json(common::first_line(), line, rules, &hand, &evaluation)
                    .expect("a report serializes");
                let record: serde_json::Value =
                    serde_json::from_str(&json).expect("the JSON record reads back");
                assert_eq!(record["input"].as_str(), Some(line));
            }
            Err(err) => {
                let _ = err.render(line);
            }
        }
    }
});
