//! The reference as text: the criteria listing fitted to a width, the short list of matches
//! and the cards. Keys are never split: they are what a user types into `--set criteria.KEY`.

use std::fmt::Write;

use comfy_table::ColumnConstraint;

use super::card::{Card, CardEntry};
use super::search::Concept;
use crate::render::{draw, table, wrap_lines};
use crate::rules::{Class, Criterion, Ruleset};
use crate::sources;

/// Width the note under an unfitted listing is wrapped to.
const NOTE_WIDTH: usize = 100;
/// Narrowest width anything is fitted to.
const MIN_WIDTH: usize = 40;
/// Width of a card's field labels (`Near miss:` and a space).
const LABEL: usize = 12;

/// A criterion's value as the listing shows it: `2 han (closed only)`, `40 (limit)`.
pub fn value_label(rules: &Ruleset, c: &Criterion) -> String {
    match c.class {
        Class::Limit => format!("{} (limit)", rules.points.limit),
        Class::HalfLimit => format!("{} (half limit)", rules.points.half_limit),
        Class::Yaku | Class::Yakuman | Class::Dora => {
            let unit = c.class.worth(c.value);
            match c.open_value {
                v if v == c.value => unit,
                0 => format!("{unit} (closed only)"),
                v => format!("{unit} (open {v})"),
            }
        }
        Class::Fan => c.class.worth(c.value),
        Class::HandPoint | Class::BonusPoint if c.needs_hand_points > 0 => format!(
            "{} (only with {})",
            c.value,
            Class::HandPoint.worth(c.needs_hand_points)
        ),
        Class::HandPoint | Class::BonusPoint => c.value.to_string(),
    }
}

/// Why a listed criterion is not scored: `off: needs options.red-dora`,
/// `off: needs criteria.flower.enabled=true and tiles.flowers=4`.
fn why_off(rules: &Ruleset, c: &Criterion) -> String {
    format!(
        "off: needs {}",
        super::criterion::needs(rules, c).join(" and ")
    )
}

/// The columns the listing shows at a width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Columns {
    /// Key, name, class, value, source.
    All,
    /// Key, name, value, source.
    NoClass,
    /// Key, name, value (sources on the cards).
    NoSource,
    /// Key and value.
    KeyValue,
}

impl Columns {
    fn for_width(width: Option<usize>) -> Columns {
        match width {
            None => Columns::All,
            Some(w) if w >= 160 => Columns::All,
            Some(w) if w >= 120 => Columns::NoClass,
            Some(w) if w >= 64 => Columns::NoSource,
            Some(_) => Columns::KeyValue,
        }
    }
}

/// The criteria of a ruleset (switched on, then off), fitted to `width` columns (`None`: as
/// wide as the content): columns are dropped as the width shrinks, and the key column is
/// always as wide as the longest key.
pub fn listing(rules: &Ruleset, width: Option<usize>) -> String {
    let columns = Columns::for_width(width);
    let mut table = table(width);
    let header: &[&str] = match columns {
        Columns::All => &["Key", "Name", "Class", "Value", "Source"],
        Columns::NoClass => &["Key", "Name", "Value", "Source"],
        Columns::NoSource => &["Key", "Name", "Value"],
        Columns::KeyValue => &["Key", "Value"],
    };
    table.set_header(header.to_vec());
    let listed = rules.criteria.iter().map(|c| (c, None)).chain(
        rules
            .switched_off
            .iter()
            .map(|c| (c, Some(why_off(rules, c)))),
    );
    for (c, off) in listed {
        let value = match off {
            Some(why) => format!("{} ({why})", value_label(rules, c)),
            None => value_label(rules, c),
        };
        let source = sources::cite(&c.source);
        let row: Vec<String> = match columns {
            Columns::All => vec![
                c.id.to_string(),
                c.name.to_string(),
                c.class.label().into(),
                value,
                source,
            ],
            Columns::NoClass => vec![c.id.to_string(), c.name.to_string(), value, source],
            Columns::NoSource => vec![c.id.to_string(), c.name.to_string(), value],
            Columns::KeyValue => vec![c.id.to_string(), value],
        };
        table.add_row(row);
    }
    if let Some(column) = table.column_mut(0) {
        column.set_constraint(ColumnConstraint::ContentWidth);
    }
    let heading = format!("{} — {}", rules.name, rules.title);
    let mut out = match width {
        Some(width) => wrap(&heading, width),
        None => format!("{heading}\n"),
    };
    let _ = writeln!(out, "{}", draw(&mut table));
    let game: Vec<String> = rules
        .game
        .settings(rules.system)
        .into_iter()
        .map(|(key, value)| format!("{key} = {value}"))
        .collect();
    out.push_str(&wrap(
        &format!(
            "The game around the wins (`[game]`, docs/game.md): {}.",
            game.join(" · ")
        ),
        width.unwrap_or(NOTE_WIDTH),
    ));
    if matches!(columns, Columns::NoSource | Columns::KeyValue) {
        out.push_str(&wrap(
            "Sources, requirements and examples: `mj3 criteria KEY` shows a criterion's card.",
            width.unwrap_or(NOTE_WIDTH),
        ));
    }
    out
}

/// [`wrap_lines`] joined, ending in a newline.
fn wrap(text: &str, width: usize) -> String {
    let mut out = wrap_lines(text, width).join("\n");
    out.push('\n');
    out
}

/// `label` then `text` wrapped under it, indented `indent` + [`LABEL`].
fn field(out: &mut String, indent: usize, label: &str, text: &str, width: usize) {
    let lead = " ".repeat(indent);
    let pad = " ".repeat(indent + LABEL);
    for (i, line) in wrap_lines(text, width.saturating_sub(indent + LABEL))
        .iter()
        .enumerate()
    {
        if i == 0 {
            let _ = writeln!(out, "{lead}{label:<LABEL$}{line}");
        } else {
            let _ = writeln!(out, "{pad}{line}");
        }
    }
}

/// The short list of several matches: one line per concept with the rulesets and keys.
pub fn short_list(query: &str, concepts: &[Concept<'_>], width: usize) -> String {
    let mut out = format!("{} criteria match \"{query}\":\n", concepts.len());
    for (i, concept) in concepts.iter().enumerate() {
        let whereabouts: Vec<String> = concept
            .matches
            .iter()
            .map(|m| format!("{} ({})", m.ruleset.name, m.criterion.id))
            .collect();
        let line = format!("{}. {} — {}", i + 1, concept.name, whereabouts.join(", "));
        for (j, part) in wrap_lines(&line, width.saturating_sub(5))
            .iter()
            .enumerate()
        {
            let indent = if j == 0 { "  " } else { "     " };
            let _ = writeln!(out, "{indent}{part}");
        }
    }
    out
}

/// The value of an entry in one cell: `1 han; open: not counted`.
fn entry_value(entry: &CardEntry) -> String {
    let mut value = entry.worth.value.clone();
    if let Some(reached) = &entry.evidence.example.reaches {
        let _ = write!(
            value,
            " ({} with {})",
            reached.total,
            reached.with.join(" and ")
        );
    }
    if let Some(open) = &entry.worth.open_value {
        let _ = write!(value, "; open: {open}");
    }
    if entry.worth.switched_off.is_some() {
        value.push_str("; off by default");
    }
    value
}

/// A card as text, fitted to `width`: its names, its value in every ruleset, then its entry
/// in each.
pub fn card(card: &Card, width: usize) -> String {
    let width = width.max(MIN_WIDTH);
    let mut out = card_head(card, width);
    for entry in &card.entries {
        out.push('\n');
        card_entry(&mut out, entry, width);
    }
    out
}

/// A card as text with only the entry of `ruleset` (its names and its value in every
/// ruleset first), fitted to `width`; `None` when `ruleset` has no entry.
pub fn card_in(card: &Card, ruleset: &str, width: usize) -> Option<String> {
    let width = width.max(MIN_WIDTH);
    let entry = card
        .entries
        .iter()
        .find(|e| e.criterion.ruleset == ruleset)?;
    let mut out = card_head(card, width);
    out.push('\n');
    card_entry(&mut out, entry, width);
    Some(out)
}

/// A card's rule, name, other names and the table of its value in every ruleset.
pub fn card_head(card: &Card, width: usize) -> String {
    let width = width.max(MIN_WIDTH);
    let mut out = String::new();
    let rule = "═".repeat(width.min(80));
    let _ = writeln!(out, "{rule}");
    out.push_str(&wrap(&card.name, width));
    field(&mut out, 0, "Also:", &card.aliases.join(", "), width);
    let mut values = table(Some(width));
    values.set_header(vec!["Ruleset", "Key", "Value", "Conditions"]);
    for entry in &card.entries {
        let conditions = if entry.worth.conditions.is_empty() {
            "—".to_string()
        } else {
            entry.worth.conditions.join("; ")
        };
        values.add_row(vec![
            entry.criterion.ruleset.clone(),
            entry.criterion.key.clone(),
            entry_value(entry),
            conditions,
        ]);
    }
    for column in 0..2 {
        if let Some(column) = values.column_mut(column) {
            column.set_constraint(ColumnConstraint::ContentWidth);
        }
    }
    let _ = writeln!(out, "{}", draw(&mut values));
    out
}

/// One ruleset's entry of a card: what it requires, its example and near miss scored live,
/// its source, and the house-file lines that change it.
fn card_entry(out: &mut String, entry: &CardEntry, width: usize) {
    out.push_str(&wrap(
        &format!(
            "{} › {} — {}",
            entry.criterion.ruleset, entry.criterion.key, entry.criterion.name
        ),
        width,
    ));
    field(out, 2, "Requires:", &entry.criterion.requires, width);
    field(
        out,
        2,
        "Example:",
        &with_settings(
            &entry.evidence.example.hand,
            &entry.evidence.example.settings,
        ),
        width,
    );
    let scored = match &entry.evidence.example.element {
        Some(element) => format!("→ {element}; {}", entry.evidence.example.total),
        None => format!("→ does not score it: {}", entry.evidence.example.total),
    };
    field(out, 2, "", &scored, width);
    if let Some(reached) = &entry.evidence.example.reaches {
        let with = format!(
            "→ on top of {}: {} in all",
            reached.with.join(" and "),
            reached.total
        );
        field(out, 2, "", &with, width);
    }
    match &entry.evidence.near_miss {
        Some(miss) => {
            field(
                out,
                2,
                "Near miss:",
                &with_settings(&miss.hand, &miss.settings),
                width,
            );
            field(out, 2, "", &format!("→ no: {}", miss.reason), width);
        }
        None => field(
            out,
            2,
            "Near miss:",
            "none: every winning hand scores it",
            width,
        ),
    }
    field(out, 2, "Source:", &entry.evidence.source, width);
    if let Some(off) = &entry.worth.switched_off {
        let text = format!(
            "off by default ({}); switch it on with {}",
            off.why,
            off.switch_on.join(" ")
        );
        field(out, 2, "Off:", &text, width);
    }
    for (i, line) in entry.evidence.house_lines.iter().enumerate() {
        let label = if i == 0 { "House file:" } else { "" };
        field(out, 2, label, line, width);
    }
}

/// A hand and the `--set` values it is scored with.
fn with_settings(hand: &str, settings: &[String]) -> String {
    let sets: Vec<String> = settings.iter().map(|s| format!("--set {s}")).collect();
    if sets.is_empty() {
        hand.to_string()
    } else {
        format!("{hand} (with {})", sets.join(" "))
    }
}
