//! `mj3 rulesets --diff A B`: the settings on which two rulesets differ
//! ([`mj3::reference::rulesets::differences`]) as a table or JSON.

use std::io::{self, Write};

use comfy_table::{ContentArrangement, Table, presets};

use mj3::reference::rulesets::{diff_json, differences};
use mj3::rules::Ruleset;

/// Prints the differences of `a` and `b` as a table (or JSON: `{first, second, differences}`).
pub fn print(out: &mut impl Write, a: &Ruleset, b: &Ruleset, json: bool) -> io::Result<()> {
    let rows = differences(a, b);
    if json {
        return writeln!(out, "{}", diff_json(a, b, &rows));
    }
    if rows.is_empty() {
        return writeln!(out, "{} and {} agree on every setting", a.name, b.name);
    }
    let mut table = Table::new();
    table
        .load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_header(vec!["Setting", a.name.as_str(), b.name.as_str()]);
    // Fitted to the terminal, not to `COLUMNS`: as comfy-table fitted it when it read the
    // terminal's width itself.
    if let Some(width) = super::output::stdout_terminal_width() {
        table.set_width(width);
    }
    for row in &rows {
        table.add_row(vec![&row.key, &row.first, &row.second]);
    }
    writeln!(out, "{table}")?;
    writeln!(
        out,
        "{} setting{} differ",
        rows.len(),
        if rows.len() == 1 { "" } else { "s" }
    )
}
