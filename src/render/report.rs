//! The JSON of one scored line: the line, the ruleset and what was laid over it, the
//! context, and the evaluation (docs/json.md, "A scored line").

use serde::Serialize;
use serde::ser::SerializeStruct;

use super::words::Words;
use crate::diagnostic::{LineHead, LinePlace};
use crate::evaluate::Evaluation;
use crate::hand::{Context, ValidHand, Win};
use crate::rules::{Changes, Ruleset};
use crate::shanten::Unready;
use crate::tile::Seat;

/// One scored line of input, as its JSON describes it (docs/json.md is the schema): its
/// fields in this order, the head's and the evaluation's among them.
#[derive(Debug, Clone)]
pub struct Report<'a> {
    /// Where the line is and what it said: `file` (`<stdin>` for standard input), `line`
    /// and `tag` in `mj3 batch`, absent for `mj3 score`; the `input`.
    pub head: LineHead<'a>,
    /// Ruleset name.
    pub ruleset: &'a str,
    /// The house files and `--set` items laid over the shipped ruleset, when there are any.
    pub ruleset_changes: &'a Changes,
    /// Seat, round and how the hand was won.
    pub context: ContextReport,
    /// The evaluation: `kind` and `score` or `waits`.
    pub evaluation: &'a Evaluation,
    /// A hand with no winning shape: how far it is from ready, and what brings it closer.
    pub unready: Option<&'a Unready>,
    /// The line's words (`--words`): written last, only when asked for (boxed: a report
    /// without them stays small).
    pub words: Option<Box<Words>>,
}

/// Written as one record with the head's and the evaluation's fields in it (serde's
/// `flatten` would write it as a map, key by key).
impl Serialize for Report<'_> {
    fn serialize<S: serde::Serializer>(&self, to: S) -> Result<S::Ok, S::Error> {
        let changes = !self.ruleset_changes.is_empty();
        let fields = self.head.field_count()
            + 4
            + usize::from(changes)
            + usize::from(self.unready.is_some())
            + usize::from(self.words.is_some());
        let mut record = to.serialize_struct("Report", fields)?;
        self.head.serialize_fields(&mut record)?;
        record.serialize_field("ruleset", self.ruleset)?;
        if changes {
            record.serialize_field("ruleset_changes", self.ruleset_changes)?;
        }
        record.serialize_field("context", &self.context)?;
        self.evaluation.serialize_fields(&mut record)?;
        if let Some(unready) = self.unready {
            record.serialize_field("unready", unready)?;
        }
        if let Some(words) = &self.words {
            record.serialize_field("words", words)?;
        }
        record.end()
    }
}

impl<'a> Report<'a> {
    /// The report of one scored line (`place` as [`json`] takes it).
    pub fn new(
        place: Option<LinePlace<'a>>,
        input: &'a str,
        rules: &'a Ruleset,
        hand: &ValidHand,
        evaluation: &'a Evaluation,
    ) -> Self {
        Report {
            head: LineHead::at(place, input),
            ruleset: &rules.name,
            ruleset_changes: &rules.changes,
            context: ContextReport::new(context_of(hand)),
            evaluation,
            unready: None,
            words: None,
        }
    }

    /// The report with the analysis of a hand with no winning shape, and with the line's
    /// words when `words` is set (`--words`). Inlined: a report is built in place, not
    /// moved into this and out again for each line.
    #[inline]
    pub fn analysed(mut self, unready: Option<&'a Unready>, words: bool) -> Self {
        self.unready = unready;
        if words {
            self.words = Some(Box::new(Words::of(self.evaluation, unready)));
        }
        self
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

/// The JSON of one line (a [`Report`]): `place` where it is in a batch (`None`: a line
/// given alone).
pub fn json(
    place: Option<LinePlace<'_>>,
    input: &str,
    rules: &Ruleset,
    hand: &ValidHand,
    evaluation: &Evaluation,
) -> serde_json::Result<String> {
    crate::json::to_string(&Report::new(place, input, rules, hand, evaluation))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Where each key first appears in `json` (so that their order can be compared).
    fn at(json: &str, key: &str) -> usize {
        json.find(&format!("\"{key}\":"))
            .unwrap_or_else(|| panic!("no {key} in {json}"))
    }

    #[test]
    fn a_record_holds_the_head_and_the_evaluation_among_its_own_fields_in_order() {
        let rules = crate::rules::load("sanma").expect("shipped");
        let line = "123p456p789p11s222s win=2s tsumo seat=E round=E";
        let (hand, evaluation) = crate::score_line(line, &rules).expect("scores");
        let mut report = Report::new(
            Some(LinePlace {
                file: "a.txt",
                line: 3,
                tag: None,
            }),
            line,
            &rules,
            &hand,
            &evaluation,
        );
        report.head.tag = Some(Some("#x"));
        let json = crate::json::to_string(&report).expect("writes");
        let keys = [
            "file", "line", "input", "tag", "ruleset", "context", "kind", "score",
        ];
        let places: Vec<usize> = keys.iter().map(|key| at(&json, key)).collect();
        assert!(places.is_sorted(), "{json}");
        assert!(
            json.starts_with("{\"file\":\"a.txt\",\"line\":3,"),
            "{json}"
        );
        assert!(json.contains("\"kind\":\"complete\",\"score\":{"), "{json}");
        assert!(!json.contains("ruleset_changes") && !json.contains("unready"));

        // Near-miss: one line alone (`mj3 score`) has no file, line or tag; a waiting hand
        // carries `waits`, not `score`.
        let waiting = "123p456p789p11s23s seat=E round=E";
        let (hand, evaluation) = crate::score_line(waiting, &rules).expect("scores");
        let report = Report::new(None, waiting, &rules, &hand, &evaluation);
        let json = crate::json::to_string(&report).expect("writes");
        assert!(json.starts_with("{\"input\":"), "{json}");
        assert!(json.contains("\"kind\":\"waiting\",\"waits\":["), "{json}");
        assert!(
            !json.contains("\"file\"") && !json.contains("\"tag\""),
            "{json}"
        );
        // The same fields as serde_json writes for the evaluation alone.
        let alone = serde_json::to_value(&evaluation).expect("writes");
        assert_eq!(alone["kind"], "waiting");
        assert!(alone["waits"].is_array());
    }
}
