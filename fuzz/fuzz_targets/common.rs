//! What the fuzz targets share: the shipped rulesets, loaded once, and the check that text
//! shown to a terminal holds no character it would act on.

use std::sync::OnceLock;

use mj3::diagnostic::LinePlace;
use mj3::escape::needs_escape;
use mj3::rules::{self, Ruleset};

/// Every shipped ruleset, loaded once.
#[allow(dead_code)] // not every target scores under every ruleset
pub fn rulesets() -> &'static [Ruleset] {
    static RULESETS: OnceLock<Vec<Ruleset>> = OnceLock::new();
    RULESETS.get_or_init(|| {
        rules::shipped_names()
            .into_iter()
            .map(|name| rules::load(name).expect("a shipped ruleset loads"))
            .collect()
    })
}

/// No line of `text` holds a character a terminal would act on.
pub fn assert_inert(text: &str) {
    if let Some(line) = text.split('\n').find(|line| needs_escape(line)) {
        panic!("a raw control or format character in {line:?}");
    }
}

/// The place of a fuzzed line, as a batch file's first line, so that the records' head with
/// a file and a line number is written too.
#[allow(dead_code)] // not every target writes a record
pub fn first_line() -> Option<LinePlace<'static>> {
    Some(LinePlace {
        file: "-",
        line: 1,
        tag: None,
    })
}
