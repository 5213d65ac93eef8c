//! The score view of one line: the hand and its context, then for the score (or each winning
//! tile's): the arrangement, the elements table, the totals, the verdict, the notes and the
//! payments table.

use std::borrow::Cow;
use std::fmt::Write as _;

use super::alike::alike;
use super::page::Page;
use super::report::context_of;
use super::style::Style;
use super::totals::write_totals;
use crate::amount::{signed, written};
use crate::evaluate::Evaluation;
use crate::hand::{Context, ValidHand, Win};
use crate::results::{Score, Totals};
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
        Evaluation::Complete { score: Some(score) } => write_score(&mut out, score, false, style),
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
            let groups = alike(waits);
            let how = if groups.len() < waits.len() {
                "each result is scored below with the winning tiles that give it"
            } else {
                "each winning tile is scored below"
            };
            let _ = writeln!(
                out,
                "{} {} — 13 tiles; {how}.",
                style.heading("Waiting on:"),
                tiles.join(", ")
            );
            for group in groups {
                let Some(first) = group.first() else {
                    continue;
                };
                let on: Vec<Cow<str>> = group.iter().map(|w| style.tiles(&w.tile)).collect();
                let outcome = if first.score.verdict.is_win() {
                    format!("collects {}", written(first.score.received()))
                } else {
                    "pays nothing".to_string()
                };
                let _ = writeln!(out);
                let _ = writeln!(
                    out,
                    "{}",
                    style.heading(format_args!("── on {} ─ {outcome}", on.join(" ")))
                );
                write_score(&mut out, &first.score, group.len() > 1, style);
            }
        }
    }
    out.finish()
}

fn describe_context(ctx: &Context) -> String {
    let how = match ctx.win {
        Win::Tsumo => "won by self-draw".to_string(),
        Win::Ron(seat) if ctx.robbed_kita => {
            format!("won on the North {} set aside (kita)", seat.name())
        }
        Win::Ron(seat) if ctx.robbed_concealed => {
            format!("won robbing {}'s concealed kong", seat.name())
        }
        Win::Ron(seat) if ctx.robbed => format!("won robbing {}'s added kong", seat.name()),
        Win::Ron(seat) => format!("won on a discard from {}", seat.name()),
    };
    format!(
        "seat {}, round {}, {how}",
        ctx.seat.name(),
        ctx.round.name()
    )
}

/// Writes one score; `shared` when other winning tiles give the same result (their
/// arrangement differs from the one shown only by the winning tile).
fn write_score(out: &mut Page, score: &Score, shared: bool, style: Style) {
    if let Some(value) = &score.stated {
        let _ = writeln!(
            out,
            "{} {value}  {}",
            style.heading("Value:"),
            style.dim("(stated by value, without tiles: no arrangement, no elements)")
        );
    } else {
        let shown_for = if shared {
            format!(
                "(shown on {}; each winning tile completes the set marked *)",
                style.tiles(score.win_tile)
            )
        } else {
            format!(
                "(winning tile {} completes the set marked *)",
                style.tiles(score.win_tile)
            )
        };
        let _ = writeln!(
            out,
            "{} {}  {}",
            style.heading("Arrangement:"),
            style.tiles(&score.arrangement),
            style.dim(shown_for)
        );
    }
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
    if !score.elements.is_empty() {
        write_elements(out, score, style);
    }
    write_totals(out, &score.totals, score.stated.is_some(), style);
    if !score.superseded.is_empty() {
        let names: Vec<&str> = score.superseded.iter().map(|e| &*e.name).collect();
        let _ = writeln!(
            out,
            "{} {}",
            style.dim("Not counted (limit hand):"),
            names.join(", ")
        );
    }
    // A hand that pays nothing says why in one line, without a table of zeros.
    let why = score.verdict.why();
    let head = score.verdict.head();
    let _ = match &why {
        Some(why) => writeln!(
            out,
            "{} {}",
            style.heading("Verdict:"),
            style.bad(format_args!("{head}, pays nothing: {why}"))
        ),
        None => writeln!(out, "{} {}", style.heading("Verdict:"), style.good(head)),
    };
    for note in &score.notes {
        let _ = writeln!(out, "{} {}", style.dim("Note:"), note);
    }
    if why.is_none() {
        write_payments(out, score, style);
    }
}

/// The elements table: each element's name, class, value and tiles.
fn write_elements(out: &mut Page, score: &Score, style: Style) {
    let value_header = match score.totals {
        Totals::Fan(_) => "Fan",
        Totals::Points(_) => "Points",
        Totals::HanFu(_) | Totals::HanTable(_) => "Han",
    };
    let mut elements = out.table();
    elements.set_header(["Element", "Class", value_header, "Tiles"]);
    elements.align_right(2);
    for element in &score.elements {
        let value = if element.class.is_limit() {
            "—".to_string()
        } else if element.class == Class::Yakuman {
            // Yakuman are counted in yakuman, not han.
            element.class.worth(element.points)
        } else if element.count > 1 {
            format!("{}×{} = {}", element.count, element.value, element.points)
        } else {
            element.points.to_string()
        };
        elements.add_row([
            element.name.to_string(),
            element.class.label().to_string(),
            value,
            style.tiles(&sets_spaced(&element.tiles)).into_owned(),
        ]);
    }
    out.put(&mut elements);
}

/// The payments table of a legal win: what each seat receives or pays, and how.
fn write_payments(out: &mut Page, score: &Score, style: Style) {
    let mut payments = out.table();
    payments.set_header(["Seat", "Role", "Receives / pays", "How"]);
    payments.align_right(2);
    for seat in &score.payments.seats {
        payments.add_row([
            seat.seat.name().to_string(),
            seat.role_words().into_owned(),
            signed(seat.amount),
            seat.breakdown.to_string(),
        ]);
    }
    let _ = writeln!(out, "{}", style.heading("Payments:"));
    out.put(&mut payments);
}

/// Tiles in notation with a space between suits and between honours of different kinds,
/// so that the sets of a Tiles cell stand apart (`1111p 9999s SSSS`, not `1111p9999sSSSS`).
fn sets_spaced(tiles: &str) -> Cow<'_, str> {
    const HONOURS: &str = "ESWNwgr";
    let mut out = String::with_capacity(tiles.len() + 4);
    let mut chars = tiles.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        let Some(&next) = chars.peek() else { break };
        let suit_ends =
            matches!(c, 'm' | 'p' | 's') && (next.is_ascii_digit() || HONOURS.contains(next));
        let honours_change =
            HONOURS.contains(c) && next != c && (next.is_ascii_digit() || HONOURS.contains(next));
        if suit_ends || honours_change {
            out.push(' ');
        }
    }
    if out.len() == tiles.len() {
        Cow::Borrowed(tiles)
    } else {
        Cow::Owned(out)
    }
}

#[cfg(test)]
mod tests {
    use super::sets_spaced;

    #[test]
    fn the_sets_of_a_tiles_cell_stand_apart() {
        assert_eq!(sets_spaced("1111p9999sSSSS"), "1111p 9999s SSSS");
        assert_eq!(sets_spaced("123456789p"), "123456789p");
        assert_eq!(sets_spaced("EEEwww"), "EEE www");
        assert_eq!(sets_spaced("0m 00p"), "0m 00p");
        assert_eq!(sets_spaced("f1 x1"), "f1 x1");
        assert_eq!(sets_spaced(""), "");
    }
}
