//! The score view of one line: the hand and its context, then for the score (or each winning
//! tile's): the arrangement, the elements table, the totals, the verdict, the notes and the
//! payments table.

use std::borrow::Cow;
use std::fmt::Write as _;

use super::page::Page;
use super::report::context_of;
use super::style::Style;
use super::table::align_right;
use super::totals::write_totals;
use crate::amount::{signed, written};
use crate::evaluate::Evaluation;
use crate::hand::{Context, ValidHand, Win};
use crate::results::{Role, Score, Totals, Verdict};
use crate::rules::{Class, Ruleset};

/// The table view of one line.
pub fn text(
    input: &str,
    rules: &Ruleset,
    hand: &ValidHand,
    evaluation: &Evaluation,
    style: Style,
) -> String {
    let mut out = Page::new(style);
    let ctx = context_of(hand);
    let _ = writeln!(
        out,
        "{} {}  {}",
        style.heading("Hand:"),
        input.trim(),
        style.dim(format_args!(
            "({}; ruleset {})",
            describe_context(ctx),
            rules.label()
        ))
    );
    match evaluation {
        Evaluation::Complete { score: Some(score) } => write_score(&mut out, score, style),
        Evaluation::Complete { score: None } => {
            let _ = writeln!(
                out,
                "{}",
                style.bad("Not a winning hand: the tiles make no four sets and an eye, seven pairs or other winning shape under this ruleset.")
            );
        }
        Evaluation::Waiting { waits } if waits.is_empty() => {
            let _ = writeln!(
                out,
                "{}",
                style.bad("13 tiles, but no tile in play completes this hand.")
            );
        }
        Evaluation::Waiting { waits } => {
            let tiles: Vec<Cow<str>> = waits.iter().map(|w| style.tiles(&w.tile)).collect();
            let _ = writeln!(
                out,
                "{} {} — 13 tiles; each winning tile is scored below.",
                style.heading("Waiting on:"),
                tiles.join(", ")
            );
            for wait in waits {
                let _ = writeln!(out);
                let _ = writeln!(
                    out,
                    "{}",
                    style.heading(format_args!(
                        "── on {} ─ collects {}",
                        style.tiles(&wait.tile),
                        written(wait.score.received())
                    ))
                );
                write_score(&mut out, &wait.score, style);
            }
        }
    }
    out.finish()
}

fn describe_context(ctx: &Context) -> String {
    let how = match ctx.win {
        Win::Tsumo => "won by self-draw".to_string(),
        Win::Ron(seat) => format!("won on a discard from {}", seat.name()),
    };
    format!(
        "seat {}, round {}, {how}",
        ctx.seat.name(),
        ctx.round.name()
    )
}

fn write_score(out: &mut Page, score: &Score, style: Style) {
    let _ = writeln!(
        out,
        "{} {}  {}",
        style.heading("Arrangement:"),
        style.tiles(&score.arrangement),
        style.dim(format_args!(
            "(winning tile {} completes the set marked *)",
            style.tiles(&score.win_tile)
        ))
    );
    if !score.jokers.is_empty() {
        let taken: Vec<String> = score
            .jokers
            .iter()
            .map(|t| format!("{}→{}", style.tiles("J"), style.tiles(t)))
            .collect();
        let _ = writeln!(
            out,
            "{} {}  {}",
            style.heading("Jokers:"),
            taken.join(" "),
            style.dim("(the assignment that scores best)")
        );
    }
    let value_header = match score.totals {
        Totals::Fan(_) => "Fan",
        Totals::Points(_) => "Points",
        Totals::HanFu(_) | Totals::HanTable(_) => "Han",
    };
    let mut elements = out.table();
    elements.set_header(["Element", "Class", value_header, "Tiles"]);
    align_right(&mut elements, 2);
    for element in &score.elements {
        let value = if element.class.is_limit() {
            "—".to_string()
        } else if element.class == Class::Yakuman {
            // Yakuman are counted in yakuman, not han.
            format!("{}× yakuman", element.points)
        } else if element.count > 1 {
            format!("{}×{} = {}", element.count, element.value, element.points)
        } else {
            element.points.to_string()
        };
        elements.add_row([
            &*element.name,
            element.class.label(),
            &value,
            &style.tiles(&element.tiles),
        ]);
    }
    out.put(&elements);
    write_totals(out, &score.totals, style);
    if !score.superseded.is_empty() {
        let names: Vec<&str> = score.superseded.iter().map(|e| &*e.name).collect();
        let _ = writeln!(
            out,
            "{} {}",
            style.dim("Not counted (limit hand):"),
            names.join(", ")
        );
    }
    let verdict = score.verdict.explain();
    let _ = writeln!(
        out,
        "{} {}",
        style.heading("Verdict:"),
        if score.verdict == Verdict::Win {
            style.good(&verdict)
        } else {
            style.bad(&verdict)
        }
    );
    for note in &score.notes {
        let _ = writeln!(out, "{} {}", style.dim("Note:"), note);
    }
    let mut payments = out.table();
    payments.set_header(["Seat", "Role", "Receives / pays", "How"]);
    align_right(&mut payments, 2);
    for seat in &score.payments.seats {
        let role = match seat.role {
            Role::Winner => "winner",
            Role::Discarder => "discarder",
            Role::Other => "other",
        };
        let role = if seat.waiting {
            format!("{role}, waiting")
        } else {
            role.to_string()
        };
        let amount = signed(seat.amount);
        payments.add_row([seat.seat.name(), &role, &amount, &seat.breakdown]);
    }
    let _ = writeln!(out, "{}", style.heading("Payments:"));
    out.put(&payments);
}
