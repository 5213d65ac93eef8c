//! `mj3 rulesets --diff A B`: two rulesets compared rule by rule for people
//! ([`mj3::reference::diff`]), or with `--json` every option, value and criterion field on
//! which they differ, so that a table can agree on its house rules before the game.

use std::io::{self, Write};

use mj3::reference::diff::RuleDiff;
use mj3::reference::diff::fields::{diff_json, differences};
use mj3::rules::Ruleset;

/// Prints `a` and `b` compared rule by rule, fitted to `width` columns, or with `json` the
/// fields on which they differ (`{first, second, differences}`).
pub fn print(
    out: &mut impl Write,
    a: &Ruleset,
    b: &Ruleset,
    json: bool,
    width: usize,
) -> io::Result<()> {
    if json {
        let json = diff_json(a, b, &differences(a, b)).map_err(io::Error::other)?;
        return writeln!(out, "{json}");
    }
    write!(out, "{}", RuleDiff::new(a, b).text(width))
}
