//! A hand with no winning shape, for people and for machines: how far it is from ready, the
//! useful draws with their unseen copies, and for 14 tiles every discard ranked, a ready one
//! with what each of its waits would score.

use std::fmt::Write as _;

use super::{Report, Style, ascii_only, fit_lines, table};
use crate::amount::written;
use crate::evaluate::{Evaluation, Wait};
use crate::hand::ValidHand;
use crate::rules::Ruleset;
use crate::shanten::{Discard, Draw, Shanten, Unready, analyse, distance};

/// The JSON record of any scored line (`place` as [`super::json`] takes it), with
/// the analysis of a hand that has no winning shape.
pub fn record(
    place: Option<crate::diagnostic::LinePlace<'_>>,
    input: &str,
    rules: &Ruleset,
    hand: &ValidHand,
    evaluation: &Evaluation,
) -> serde_json::Result<String> {
    with_report(place, input, rules, hand, evaluation, |report| {
        crate::json::to_string(report)
    })
}

/// [`record`], with the line's [`Words`](super::words::Words) after its fields when
/// `words` is set (`--json --words`, the page).
pub fn record_with(
    place: Option<crate::diagnostic::LinePlace<'_>>,
    input: &str,
    rules: &Ruleset,
    hand: &ValidHand,
    evaluation: &Evaluation,
    words: bool,
) -> serde_json::Result<String> {
    let unready = analyse(hand, evaluation, rules);
    let report =
        Report::new(place, input, rules, hand, evaluation).analysed(unready.as_ref(), words);
    crate::json::to_string(&report)
}

/// What `write` makes of the [`Report`] of any scored line, with the analysis of a hand that
/// has no winning shape: its JSON ([`record`]), or the Python package's objects.
pub fn with_report<T>(
    place: Option<crate::diagnostic::LinePlace<'_>>,
    input: &str,
    rules: &Ruleset,
    hand: &ValidHand,
    evaluation: &Evaluation,
    write: impl FnOnce(&Report<'_>) -> T,
) -> T {
    let unready = analyse(hand, evaluation, rules);
    let mut report = Report::new(place, input, rules, hand, evaluation);
    report.unready = unready.as_ref();
    write(&report)
}

/// The analysis as text, after the hand's own table (`style` as for it).
pub fn text(unready: &Unready, style: Style) -> String {
    let width = style.width.map(usize::from);
    let mut out = String::with_capacity(2048);
    let lead = if unready.tiles == 13 {
        "Not ready:"
    } else {
        "Best discard leaves it:"
    };
    let _ = writeln!(
        out,
        "{} {}, counting {}.",
        style.heading(lead),
        distance(unready.shanten),
        unready.shapes
    );
    if unready.tiles == 13 {
        write_draws(&mut out, unready, width, style);
    } else {
        write_discards(&mut out, &unready.discards, width, style);
    }
    finish(out, style)
}

/// The useful draws of a 13-tile hand: one row per tile, its unseen copies, the total.
fn write_draws(out: &mut String, unready: &Unready, width: Option<usize>, style: Style) {
    if unready.useful.is_empty() {
        let _ = writeln!(out, "No draw lowers it.");
        return;
    }
    let _ = writeln!(
        out,
        "{} the draws that would lower it, with their copies not yet seen (held, declared, set aside, turned over or discarded):",
        style.heading("Useful draws:")
    );
    let mut t = table(width);
    t.set_header(["Draw", "Unseen"]);
    for draw in &unready.useful {
        t.add_row([
            style.tiles(&draw.tile).into_owned(),
            draw.unseen.to_string(),
        ]);
    }
    t.add_row([
        format!("{} kinds", unready.useful.len()),
        unready.useful_count.to_string(),
    ]);
    right_align(&mut t, 1);
    let _ = writeln!(out, "{}", super::draw(&mut t));
}

/// Every discard of a 14-tile hand, best first, and which ready discard is worth most.
fn write_discards(out: &mut String, discards: &[Discard], width: Option<usize>, style: Style) {
    let _ = writeln!(
        out,
        "{} best first: the shanten each leaves, the draws that would lower it (for a ready hand: its waits) and their unseen copies.",
        style.heading("Discards,")
    );
    let ready = discards.iter().any(|d| !d.waits.is_empty());
    let mut t = table(width);
    let mut header = vec!["Discard", "Leaves", "Useful draws", "Unseen"];
    if ready {
        header.push("Each wait scores");
    }
    t.set_header(header);
    for discard in discards {
        let mut row = vec![
            style.tiles(&discard.tile).into_owned(),
            leaves(discard.shanten),
            draws_text(&discard.useful, style),
            discard.useful_count.to_string(),
        ];
        if ready {
            row.push(waits_text(&discard.waits, style));
        }
        t.add_row(row);
    }
    right_align(&mut t, 3);
    let _ = writeln!(out, "{}", super::draw(&mut t));
    let worth_most = discards
        .iter()
        .filter_map(|d| d.best_received.map(|best| (d, best)))
        .max_by_key(|(_, best)| *best);
    if let (Some((discard, best)), Some(first)) = (worth_most, discards.first()) {
        let amount = written(best);
        let also = if discard.tile == first.tile {
            ", the fastest as well"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "{} discard {}: ready, its best wait collects {amount}{also}.",
            style.heading("Worth most:"),
            style.tiles(&discard.tile)
        );
    }
}

/// The shanten a discard leaves, short: `ready`, `1`, `none`.
fn leaves(shanten: Option<Shanten>) -> String {
    match shanten {
        Some(0) => "ready".to_string(),
        Some(s) => format!("{s}-shanten"),
        None => "no shape".to_string(),
    }
}

/// The tiles of `draws`, spaced.
fn draws_text(draws: &[Draw], style: Style) -> String {
    let tiles: Vec<String> = draws
        .iter()
        .map(|d| style.tiles(&d.tile).into_owned())
        .collect();
    tiles.join(" ")
}

/// Each wait and what it scores, one a line: `3p: 2 han 30 fu, collects 2000`.
fn waits_text(waits: &[Wait], style: Style) -> String {
    let lines: Vec<String> = waits
        .iter()
        .map(|wait| {
            let totals = wait.score.totals_line();
            let outcome = if wait.score.verdict.is_win() {
                format!("collects {}", written(wait.score.received()))
            } else {
                "not a legal win".to_string()
            };
            format!("{}: {totals}, {outcome}", style.tiles(&wait.tile))
        })
        .collect();
    lines.join("\n")
}

/// Numbers in column `column` set flush right.
fn right_align(t: &mut comfy_table::Table, column: usize) {
    if let Some(column) = t.column_mut(column) {
        column.set_cell_alignment(comfy_table::CellAlignment::Right);
    }
}

/// The text as the style writes it: ASCII only with `--ascii`; lines outside the tables
/// fitted to the width.
fn finish(text: String, style: Style) -> String {
    let text = if style.ascii { ascii_only(&text) } else { text };
    match style.width {
        Some(width) => fit_lines(&text, usize::from(width)),
        None => text,
    }
}
