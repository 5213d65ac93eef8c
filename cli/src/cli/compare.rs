//! `mj3 compare HAND`: one hand under every shipped ruleset (or those named) side by side.

use std::io::Write;

use clap::Args;
use comfy_table::ColumnConstraint;

use super::output::{brief_width, escape_control, terminal_width};
use mj3::reference::compare::{self, Comparison};
use mj3::render::{Brief, Style, display_width, draw, table, wrap_lines};
use mj3::rules::{self, Ruleset};
use mj3::score_line;

/// Width of the first column and of the narrowest ruleset column, for grouping rulesets.
const LABEL_WIDTH: usize = 12;
const MIN_COLUMN: usize = 16;

// The arguments of `mj3 compare`.
// No doc comment: clap would show it as the subcommand's help, in place of the variant's.
#[derive(Debug, Args)]
#[group(skip)]
pub struct CompareArgs {
    /// The hand in mj3 notation (quote it; separate words are joined with spaces).
    #[arg(required = true, num_args = 1.., value_parser = super::hand_word())]
    hand: Vec<String>,
    /// The rulesets to compare, comma-separated (shipped names or TOML paths); default:
    /// every shipped ruleset.
    #[arg(long, short, value_delimiter = ',')]
    rules: Vec<String>,
    /// Print JSON instead of tables.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    brief: super::Brevity,
    /// ASCII only: +-| borders and no other characters beyond ASCII.
    #[arg(long)]
    ascii: bool,
}

impl CompareArgs {
    fn rulesets(&self) -> Result<Vec<Ruleset>, rules::RulesError> {
        if self.rules.is_empty() {
            rules::shipped_names()
                .into_iter()
                .map(rules::load)
                .collect()
        } else {
            self.rules
                .iter()
                .map(|name| rules::load(name.trim()))
                .collect()
        }
    }

    /// Runs the command and returns the exit code: 0, or 2 when no ruleset takes the hand.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<u8> {
        let line = self.hand.join(" ");
        let rulesets = self.rulesets()?;
        if self.brief.brief {
            return self.brief(&line, &rulesets, out);
        }
        let comparison = compare::compare(&line, &rulesets);
        if self.json {
            writeln!(out, "{}", mj3::json::to_string(&comparison)?)?;
        } else {
            let shown = text(&comparison, Some(usize::from(terminal_width())));
            let shown = if self.ascii {
                mj3::render::ascii_only(&shown)
            } else {
                shown
            };
            write!(out, "{shown}")?;
        }
        if comparison.none_accepted() {
            let reasons: Vec<String> = comparison
                .columns
                .iter()
                .map(|c| format!("{}: {}", c.ruleset, c.error.as_deref().unwrap_or_default()))
                .collect();
            let reasons: Vec<String> = reasons.iter().map(|r| escape_control(r)).collect();
            super::output::write_error(&format!(
                "no ruleset takes this hand\n{}",
                reasons.join("\n")
            ));
            return Ok(super::EXIT_BAD_INPUT);
        }
        Ok(super::EXIT_OK)
    }
}

impl CompareArgs {
    /// `--brief`: each ruleset's short answer, one line per result headed by the ruleset's
    /// name (with `--json`, a list of records). Returns 0, or 2 when no ruleset takes the
    /// hand.
    fn brief(&self, line: &str, rulesets: &[Ruleset], out: &mut impl Write) -> anyhow::Result<u8> {
        let scored: Vec<_> = rulesets
            .iter()
            .map(|rules| {
                score_line(line, rules).map(|(hand, evaluation)| {
                    let unready = mj3::shanten::analyse(&hand, &evaluation, rules);
                    (evaluation, unready)
                })
            })
            .collect();
        let briefs: Vec<Brief> = rulesets
            .iter()
            .zip(&scored)
            .map(|(rules, scored)| match scored {
                Ok((evaluation, unready)) => {
                    Brief::new(None, line, rules, evaluation, unready.as_ref())
                }
                Err(err) => {
                    let error = mj3::sources::cite(&err.to_string());
                    Brief::refused(line, rules, short_error(&error).to_string())
                }
            })
            .collect();
        if self.json {
            writeln!(out, "{}", mj3::json::to_string(&briefs)?)?;
        } else {
            let style = Style {
                color: false,
                width: brief_width(),
                glyphs: false,
                ascii: self.ascii,
            };
            // Names as shown (escaped), padded by the columns they take.
            let names: Vec<String> = briefs.iter().map(|b| escape_control(b.ruleset)).collect();
            let name_width = names.iter().map(|n| display_width(n)).max().unwrap_or(0);
            for (brief, name) in briefs.iter().zip(&names) {
                let pad = " ".repeat(name_width.saturating_sub(display_width(name)));
                let prefix = format!("{name}{pad}  ");
                write!(out, "{}", brief.text(&prefix, style))?;
            }
        }
        if scored.iter().all(Result::is_err) {
            return Ok(super::EXIT_BAD_INPUT);
        }
        Ok(super::EXIT_OK)
    }
}

/// A row of the comparison table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Row {
    /// The winning tile shown, for a waiting hand.
    BestWait,
    Verdict,
    Totals,
    Limit,
    /// What a seat receives or pays.
    Seat(&'static str),
}

const ROWS: [Row; 7] = [
    Row::BestWait,
    Row::Verdict,
    Row::Totals,
    Row::Limit,
    Row::Seat("East"),
    Row::Seat("South"),
    Row::Seat("West"),
];

impl Row {
    fn label(self) -> &'static str {
        match self {
            Row::BestWait => "Best wait",
            Row::Verdict => "Verdict",
            Row::Totals => "Totals",
            Row::Limit => "Limit",
            Row::Seat(seat) => seat,
        }
    }

    fn cell(self, column: &compare::Column) -> String {
        match self {
            Row::BestWait => column.outcome.wait.clone().unwrap_or_default(),
            Row::Verdict => match &column.error {
                Some(e) => format!("cannot take it: {}", short_error(e)),
                None => column.outcome.verdict.clone(),
            },
            Row::Totals => column.outcome.totals.clone(),
            Row::Limit => column.outcome.limit.clone(),
            Row::Seat(seat) => column
                .outcome
                .payments
                .iter()
                .find(|p| p.seat == seat)
                .map(|p| mj3::amount::signed(p.amount))
                .unwrap_or_default(),
        }
    }
}

/// The comparison as tables: rulesets as columns, as many per table as fit `width`; every
/// text that comes from the line or a ruleset file escaped as an echoed line is.
pub fn text(comparison: &Comparison, width: Option<usize>) -> String {
    let per_table = width.map_or(usize::MAX, |w| {
        (w.saturating_sub(LABEL_WIDTH) / MIN_COLUMN).max(1)
    });
    let mut out = format!("{}\n", escape_control(&comparison.hand));
    let columns: Vec<usize> = (0..comparison.columns.len()).collect();
    for group in columns.chunks(per_table.max(1)) {
        let mut t = table(width);
        let mut header = vec![String::new()];
        header.extend(
            group
                .iter()
                .map(|&i| escape_control(&comparison.columns[i].ruleset)),
        );
        t.set_header(header);
        let waiting = group
            .iter()
            .any(|&i| comparison.columns[i].outcome.wait.is_some());
        let rows = ROWS.iter().filter(|row| waiting || **row != Row::BestWait);
        for row in rows {
            let mut cells = vec![row.label().to_string()];
            cells.extend(
                group
                    .iter()
                    .map(|&i| escape_control(&row.cell(&comparison.columns[i]))),
            );
            t.add_row(cells);
        }
        if let Some(column) = t.column_mut(0) {
            column.set_constraint(ColumnConstraint::ContentWidth);
        }
        out.push_str(&format!("{}\n", draw(&mut t)));
        // Only the elements some ruleset of this group counts.
        let differing: Vec<_> = comparison
            .differences
            .iter()
            .filter(|d| {
                group
                    .iter()
                    .any(|&i| d.values.get(i).is_some_and(Option::is_some))
            })
            .collect();
        if !differing.is_empty() {
            // Each ruleset's cell names the element as that ruleset does.
            out.push_str("Elements that differ, each by its ruleset's own name:\n");
            let mut d = table(width);
            d.set_header(
                group
                    .iter()
                    .map(|&i| escape_control(&comparison.columns[i].ruleset)),
            );
            for difference in differing {
                d.add_row(group.iter().map(|&i| {
                    let value = difference.values.get(i).cloned().flatten();
                    let name = difference.names.get(i).cloned().flatten();
                    match (name, value) {
                        (Some(name), Some(value)) => escape_control(&format!("{name}: {value}")),
                        _ => "—".to_string(),
                    }
                }));
            }
            out.push_str(&format!("{}\n", draw(&mut d)));
        }
    }
    if !comparison.same.is_empty() {
        let same: Vec<String> = comparison
            .same
            .iter()
            .map(|d| {
                let value = d
                    .values
                    .iter()
                    .flatten()
                    .next()
                    .cloned()
                    .unwrap_or_default();
                escape_control(&format!("{} {value}", d.name))
            })
            .collect();
        let line = format!(
            "The same under every ruleset that takes the hand: {}.",
            same.join(", ")
        );
        let width = width.unwrap_or(usize::MAX);
        for part in wrap_lines(&line, width) {
            out.push_str(part);
            out.push('\n');
        }
    }
    out
}

/// An error without the ruleset and source it names (the JSON keeps them): the column
/// already names the ruleset.
fn short_error(error: &str) -> &str {
    error.split(" under `").next().unwrap_or(error)
}
