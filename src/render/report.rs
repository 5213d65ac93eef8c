//! The JSON of one scored line: the line, the ruleset and what was laid over it, the
//! context, and the evaluation (docs/json.md, "A scored line").

use serde::Serialize;

use crate::diagnostic::LineHead;
use crate::evaluate::Evaluation;
use crate::hand::{Context, ValidHand, Win};
use crate::rules::{Changes, Ruleset};
use crate::shanten::Unready;
use crate::tile::Seat;

/// One scored line of input, as its JSON describes it (docs/json.md is the schema).
#[derive(Debug, Clone, Serialize)]
pub struct Report<'a> {
    /// Where the line is and what it said: `file` (`<stdin>` for standard input), `line`
    /// and `tag` in `mj3 batch`, absent for `mj3 score`; the `input`.
    #[serde(flatten)]
    pub head: LineHead<'a>,
    /// Ruleset name.
    pub ruleset: &'a str,
    /// The house files and `--set` items laid over the shipped ruleset, when there are any.
    #[serde(skip_serializing_if = "Changes::is_empty")]
    pub ruleset_changes: &'a Changes,
    /// Seat, round and how the hand was won.
    pub context: ContextReport,
    /// The evaluation.
    #[serde(flatten)]
    pub evaluation: &'a Evaluation,
    /// A hand with no winning shape: how far it is from ready, and what brings it closer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unready: Option<&'a Unready>,
}

impl<'a> Report<'a> {
    /// The report of one scored line (`file` and `line` as [`json`] takes them).
    pub fn new(
        file: Option<&'a str>,
        line: Option<usize>,
        input: &'a str,
        rules: &'a Ruleset,
        hand: &ValidHand,
        evaluation: &'a Evaluation,
    ) -> Self {
        Report {
            head: LineHead {
                file,
                line,
                input,
                tag: None,
            },
            ruleset: &rules.name,
            ruleset_changes: &rules.changes,
            context: ContextReport::new(context_of(hand)),
            evaluation,
            unready: None,
        }
    }
}

/// The resolved context, for JSON (a wind as its name: `East`).
#[derive(Debug, Clone, Copy, Serialize)]
pub struct ContextReport {
    /// Winner's seat.
    pub seat: Seat,
    /// Prevailing wind.
    pub round: Seat,
    /// `tsumo` or `ron`.
    pub win: &'static str,
    /// The discarder on a ron.
    pub discarder: Option<Seat>,
}

impl ContextReport {
    /// From a hand's context.
    pub fn new(ctx: &Context) -> Self {
        ContextReport {
            seat: ctx.seat,
            round: ctx.round,
            win: match ctx.win {
                Win::Tsumo => "tsumo",
                Win::Ron(_) => "ron",
            },
            discarder: match ctx.win {
                Win::Ron(seat) => Some(seat),
                Win::Tsumo => None,
            },
        }
    }
}

/// The context of a validated hand.
pub fn context_of(hand: &ValidHand) -> &Context {
    match hand {
        ValidHand::Complete(h) => &h.context,
        ValidHand::Waiting(w) => &w.base.context,
    }
}

/// The JSON of one line (a [`Report`]): `file` names its file and `line` its number
/// (`batch`).
pub fn json(
    file: Option<&str>,
    line: Option<usize>,
    input: &str,
    rules: &Ruleset,
    hand: &ValidHand,
    evaluation: &Evaluation,
) -> serde_json::Result<String> {
    crate::json::to_string(&Report::new(file, line, input, rules, hand, evaluation))
}

/// Room for one line's JSON, so that the buffer it is written to seldom grows: room for a
/// usual score per winning tile, and for the line and its context.
pub fn json_capacity(evaluation: &Evaluation) -> usize {
    const PER_SCORE: usize = 2048;
    match evaluation {
        Evaluation::Complete { .. } => 512 + PER_SCORE,
        Evaluation::Waiting { waits } => 512 + PER_SCORE * waits.len(),
    }
}
