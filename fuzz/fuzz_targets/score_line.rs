//! A line parsed, scored and rendered (the table in several styles and the JSON) under every
//! shipped ruleset. Fails on a panic, on JSON that does not read back, and on a table (of
//! the line escaped as the binary escapes it) that holds a control or format character.

#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use mj3::escape::{escape_control, needs_escape};
use mj3::render::{self, Style};
use mj3::rules::{self, Ruleset};

/// Every shipped ruleset, loaded once.
fn rulesets() -> &'static [Ruleset] {
    static RULESETS: OnceLock<Vec<Ruleset>> = OnceLock::new();
    RULESETS.get_or_init(|| {
        rules::shipped_names()
            .into_iter()
            .map(|name| rules::load(name).expect("a shipped ruleset loads"))
            .collect()
    })
}

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

/// No line of `text` holds a character a terminal would act on.
fn assert_inert(text: &str) {
    if let Some(line) = text.split('\n').find(|line| needs_escape(line)) {
        panic!("a raw control or format character in {line:?}");
    }
}

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
                let json = render::json(None, Some(1), line, rules, &hand, &evaluation)
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
