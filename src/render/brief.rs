//! The short answer (`--brief`): one line per result, for people and as a compact JSON
//! record. A scored hand gives its verdict, the limit it reached (or its totals when it
//! reached none) and its payments, winner first (`legal win · mangan · S +8,000 (E -4,000,
//! W -4,000)`); a waiting hand one such line per result, headed by the winning tiles that
//! give it (`3p 6p: …`); a hand with no winning shape its shanten in one line.

use crate::diagnostic::{LineHead, LinePlace};
use std::fmt::Write as _;

use serde::Serialize;

use super::page::Page;
use super::style::Style;
use crate::amount::signed;
use crate::evaluate::Evaluation;
use crate::plural::counted;
use crate::results::Score;
use crate::rules::Ruleset;
use crate::shanten::{Shanten, Unready, distance};
use crate::tile::Seat;

/// The short answer for one line, as its JSON record writes it (docs/json.md, "A brief
/// answer").
#[derive(Debug, Clone, Serialize)]
pub struct Brief<'a> {
    /// Where the line is and what it said (`file`, `line` and `tag` in `mj3 batch` only).
    #[serde(flatten)]
    pub head: LineHead<'a>,
    /// Always `brief`.
    pub kind: &'static str,
    /// The ruleset's name.
    pub ruleset: &'a str,
    /// One result per line of the text: one for a complete hand, one per group of winning
    /// tiles with the same result for a waiting hand, none for a hand with no winning shape.
    pub results: Vec<BriefResult>,
    /// A hand with no winning shape: how far it is from ready.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unready: Option<BriefUnready>,
    /// `mj3 compare`: why the ruleset cannot take the hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Whether the line was a waiting hand (each result's line names its winning tiles).
    #[serde(skip)]
    pub waiting: bool,
}

/// One result of a short answer.
#[derive(Debug, Clone, Serialize)]
pub struct BriefResult {
    /// The winning tiles that give it (a complete hand: its winning tile).
    pub tiles: Vec<String>,
    /// Whether it is a legal win.
    pub win: bool,
    /// `legal win`, or the verdict and why in a few words (`not a legal win: no yaku`).
    pub verdict: String,
    /// The limit reached (`mangan`, `full limit`), or the totals when none was
    /// (`3 han 40 fu`, `7 hand-points + 6 bonus-points`).
    pub reached: String,
    /// What each seat receives (positive) or pays (negative), East, South, West.
    pub payments: Vec<BriefPayment>,
}

/// What one seat receives or pays.
#[derive(Debug, Clone, Serialize)]
pub struct BriefPayment {
    /// The seat.
    pub seat: Seat,
    /// The amount: positive received, negative paid.
    pub amount: i64,
}

/// How far a hand with no winning shape is from ready.
#[derive(Debug, Clone, Serialize)]
pub struct BriefUnready {
    /// The shanten: of 13 tiles, or after the best discard of 14; `null` when no winning
    /// shape can be reached.
    pub shanten: Option<Shanten>,
    /// For 14 tiles, the best discard.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discard: Option<String>,
    /// The unseen copies of the draws that lower the shanten (after that discard).
    pub useful: u32,
}

impl<'a> Brief<'a> {
    /// The short answer for one scored line (`place` as [`super::json`] takes it; `unready`
    /// the analysis of a hand with no winning shape).
    pub fn new(
        place: Option<LinePlace<'a>>,
        input: &'a str,
        rules: &'a Ruleset,
        evaluation: &Evaluation,
        unready: Option<&Unready>,
    ) -> Self {
        let (results, unready) = match unready {
            Some(unready) => (Vec::new(), Some(brief_unready(unready))),
            None => (results(evaluation), None),
        };
        Brief {
            head: LineHead::at(place, input),
            kind: "brief",
            ruleset: &rules.name,
            results,
            unready,
            error: None,
            waiting: matches!(evaluation, Evaluation::Waiting { .. }),
        }
    }

    /// The answer of a ruleset that cannot take the hand (`mj3 compare`): why.
    pub fn refused(input: &'a str, rules: &'a Ruleset, error: String) -> Self {
        Brief {
            head: LineHead::at(None, input),
            kind: "brief",
            ruleset: &rules.name,
            results: Vec::new(),
            unready: None,
            error: Some(error),
            waiting: false,
        }
    }

    /// The JSON record, one line.
    pub fn json(&self) -> String {
        crate::json::to_string(self).unwrap_or_else(|e| unreachable!("plain data serializes: {e}"))
    }

    /// The answer as text, each line after `prefix` (`12: `, `sanma: `), fitted to the style's
    /// width.
    pub fn text(&self, prefix: &str, style: Style) -> String {
        let mut out = Page::new(style);
        for result in &self.results {
            let tiles = if self.waiting {
                let tiles: Vec<String> = result
                    .tiles
                    .iter()
                    .map(|t| style.tiles(t).into_owned())
                    .collect();
                format!("{}: ", tiles.join(" "))
            } else {
                String::new()
            };
            let verdict = style.outcome(result.win, &result.verdict);
            let _ = writeln!(
                out,
                "{prefix}{tiles}{verdict} · {} · {}",
                result.reached,
                payments_text(result)
            );
        }
        if let Some(unready) = &self.unready {
            let _ = writeln!(out, "{prefix}{}", unready_text(unready, style));
        }
        if let Some(error) = &self.error {
            let _ = writeln!(
                out,
                "{prefix}{}",
                style.bad(format_args!("cannot take it: {error}"))
            );
        } else if self.results.is_empty() && self.unready.is_none() {
            let _ = writeln!(out, "{prefix}{}", style.bad("no tile completes this hand"));
        }
        out.finish()
    }
}

/// The results of an evaluation: one for a complete hand; for a waiting hand one per
/// result, with every winning tile that gives it (the line shows no arrangement, so waits
/// whose verdict, limit or totals and payments are the same share a line).
fn results(evaluation: &Evaluation) -> Vec<BriefResult> {
    match evaluation {
        Evaluation::Complete { score: None } => Vec::new(),
        Evaluation::Complete { score: Some(score) } => {
            vec![result(vec![score.win_tile.to_string()], score)]
        }
        Evaluation::Waiting { waits } => {
            let mut results: Vec<BriefResult> = Vec::new();
            for wait in waits {
                let next = result(vec![wait.tile.clone()], &wait.score);
                match results.iter_mut().find(|r| r.same_as(&next)) {
                    Some(same) => same.tiles.push(wait.tile.clone()),
                    None => results.push(next),
                }
            }
            results
        }
    }
}

impl BriefResult {
    /// Whether two results say the same but for their tiles.
    fn same_as(&self, other: &BriefResult) -> bool {
        self.win == other.win
            && self.verdict == other.verdict
            && self.reached == other.reached
            && self.payments.len() == other.payments.len()
            && self
                .payments
                .iter()
                .zip(&other.payments)
                .all(|(a, b)| a.seat == b.seat && a.amount == b.amount)
    }
}

fn result(tiles: Vec<String>, score: &Score) -> BriefResult {
    BriefResult {
        tiles,
        win: score.verdict.is_win(),
        verdict: score.verdict.brief(),
        reached: score.reached(),
        payments: score
            .payments
            .seats
            .iter()
            .map(|p| BriefPayment {
                seat: p.seat,
                amount: p.amount,
            })
            .collect(),
    }
}

/// The payments in one line, the winner first and then each seat that pays or receives
/// (`S +8,000 (E -4,000, W -4,000)`); `pays nothing` when nobody does.
fn payments_text(result: &BriefResult) -> String {
    if result.payments.iter().all(|p| p.amount == 0) {
        return "pays nothing".to_string();
    }
    // A no-break space keeps a seat with its amount when the line is wrapped.
    let letter = |p: &BriefPayment| format!("{}\u{a0}{}", p.seat.letter(), signed(p.amount));
    // The winner collects most; the others follow in seat order, a non-winner who receives
    // in a settlement among them.
    let winner = result
        .payments
        .iter()
        .filter(|p| p.amount > 0)
        .max_by_key(|p| p.amount);
    let rest: Vec<String> = result
        .payments
        .iter()
        .filter(|p| p.amount != 0 && Some(p.seat) != winner.map(|w| w.seat))
        .map(letter)
        .collect();
    match winner {
        Some(winner) if rest.is_empty() => letter(winner),
        Some(winner) => format!("{} ({})", letter(winner), rest.join(", ")),
        None => rest.join(", "),
    }
}

/// The one line `--brief` gives a hand with no winning shape, without colour
/// (`no winning shape: discard 9s, ready, 8 useful tiles unseen`).
pub fn unready_line(unready: &Unready) -> String {
    let rest = unready_rest(&brief_unready(unready), str::to_string);
    format!("{NO_WINNING_SHAPE} {rest}")
}

fn brief_unready(unready: &Unready) -> BriefUnready {
    let best = unready.discards.first();
    BriefUnready {
        shanten: best.map_or(unready.shanten, |d| d.shanten),
        discard: best.map(|d| d.tile.clone()),
        useful: best.map_or(unready.useful_count, |d| d.useful_count),
    }
}

/// How the line of a hand with no winning shape begins.
const NO_WINNING_SHAPE: &str = "no winning shape:";

/// `no winning shape: 2 tiles from ready (2-shanten), 24 useful tiles unseen`, or for 14
/// tiles `no winning shape: discard 9s, ready, 8 useful tiles unseen`.
fn unready_text(unready: &BriefUnready, style: Style) -> String {
    let rest = unready_rest(unready, |tile| style.tiles(tile).into_owned());
    format!("{} {rest}", style.bad(NO_WINNING_SHAPE))
}

/// The line after its head (`discard 9s, ready, 8 useful tiles unseen`), the discard written
/// by `tile`. (The page's line takes no style: no colour, no glyph code in its WebAssembly.)
fn unready_rest(unready: &BriefUnready, tile: impl Fn(&str) -> String) -> String {
    let discard = unready
        .discard
        .as_ref()
        .map_or_else(String::new, |d| format!("discard {}, ", tile(d)));
    let useful = match unready.shanten {
        Some(_) => format!(
            ", {}",
            counted(unready.useful, "useful tile unseen", "useful tiles unseen")
        ),
        None => String::new(),
    };
    format!("{discard}{}{useful}", distance(unready.shanten))
}
