//! One line of a hands file as `mj3 batch` reads it (a byte-order mark on the first line, a
//! trailing `# comment` as its tag, blank lines skipped) and its JSON record as
//! `mj3 batch --json` writes it: the command line and the Python package both make a line's
//! record through [`ScoredLine`] (or [`json_record`]) and the parts here.

use serde::Serialize;

use crate::diagnostic::{ErrorRecord, LinePlace, column_of};
use crate::evaluate::Evaluation;
use crate::hand::ValidHand;
use crate::render::tally::Counted;
use crate::render::{Brief, Report, json_capacity};
use crate::rules::Ruleset;
use crate::shanten::Unready;
use crate::{InputError, score_line};

/// The line split at its trailing comment: the text before it, and the comment's text
/// trimmed (`None` when there is none, or nothing after the `#`). `#` starts a comment at the
/// start of the line or after whitespace (the notation itself never uses `#`; a `#` stuck to
/// a tile stays and is reported as bad notation).
pub fn split_comment(line: &str) -> (&str, Option<&str>) {
    // Most lines hold no `#` at all: one fast byte search settles them.
    if !line.contains('#') {
        return (line, None);
    }
    let mut previous_is_space = true;
    for (at, c) in line.char_indices() {
        if c == '#' && previous_is_space {
            let comment = line.get(at + 1..).map(str::trim).filter(|c| !c.is_empty());
            return (line.get(..at).unwrap_or(line), comment);
        }
        previous_is_space = c.is_whitespace();
    }
    (line, None)
}

/// The hand on one line of a hands file, as `mj3 batch` reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandLine<'a> {
    /// The line as read (without a first line's byte-order mark).
    pub line: &'a str,
    /// The hand: the line before its comment, trimmed.
    pub hand: &'a str,
    /// The trailing comment.
    pub tag: Option<&'a str>,
    /// Where `hand` starts in `line`, in bytes.
    pub offset: usize,
}

impl<'a> HandLine<'a> {
    /// The hand on line `number` (from 1) of a file; `None` for a blank or comment line.
    pub fn read(line: &'a str, number: usize) -> Option<Self> {
        // A byte-order mark some editors put at the start of a file is not part of the hand.
        let line = match number {
            1 => line.strip_prefix('\u{feff}').unwrap_or(line),
            _ => line,
        };
        let (uncommented, tag) = split_comment(line);
        let hand = uncommented.trim();
        if hand.is_empty() {
            return None;
        }
        let offset = uncommented.len() - uncommented.trim_start().len();
        Some(HandLine {
            line,
            hand,
            tag,
            offset,
        })
    }

    /// Where `err` (found in the hand) is in the line: its span shifted by the offset, and
    /// the 1-based character column of its start.
    pub fn place_of(&self, err: &InputError) -> (crate::diagnostic::Span, usize) {
        let span = err.span();
        let in_line =
            crate::diagnostic::Span::new(self.offset + span.start, self.offset + span.end);
        (in_line, column_of(self.line, in_line.start))
    }
}

/// Appends the JSON record `report` and a line end to `out`, as `mj3 batch --json` writes
/// it (`--words`: a report with its words).
pub fn write_report(out: &mut Vec<u8>, report: &Report<'_>) {
    out.reserve(json_capacity(report.evaluation));
    crate::json::to_vec(out, report).unwrap_or_else(|e| unreachable!("plain data serializes: {e}"));
    out.push(b'\n');
}

/// A line of a hands file scored as `mj3 batch` scores it: what its record is made from,
/// kept (owning its text) so that the record can be made later (the Python package scores a
/// chunk of lines without the GIL, then builds each record as Python objects when asked).
pub struct ScoredLine {
    /// The line's 1-based number.
    number: usize,
    /// The hand: the line before its comment, trimmed.
    hand: Box<str>,
    /// The line's trailing comment.
    tag: Option<Box<str>>,
    outcome: LineOutcome,
}

/// What became of a line's hand.
enum LineOutcome {
    /// Scored (boxed: a scored hand is hundreds of bytes, a bad line's outcome a few words).
    Scored(Box<Scored>),
    /// It does not read: the message and the 1-based column in the line.
    Bad { message: String, column: usize },
}

/// A scored hand: what its record is made from.
struct Scored {
    valid: ValidHand,
    evaluation: Evaluation,
    /// The analysis of a hand with no winning shape.
    unready: Option<Unready>,
}

/// The record of one line as `mj3 batch --json` writes it: the hand's report, its short
/// record (`--brief`), or the error record of a line that does not read. Serialized as the
/// record itself (the variant names nothing).
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum LineRecord<'a> {
    /// A scored hand's full record.
    Report(Report<'a>),
    /// A scored hand's short record.
    Brief(Brief<'a>),
    /// A line that does not read.
    Error(ErrorRecord<'a>),
}

impl ScoredLine {
    /// Line `number` (from 1) of `file` scored under `rules`; `None` for a blank or comment
    /// line.
    pub fn score(number: usize, line: &str, rules: &Ruleset) -> Option<Self> {
        let read = HandLine::read(line, number)?;
        let outcome = match score_line(read.hand, rules) {
            Ok((valid, evaluation)) => {
                let unready = crate::shanten::analyse(&valid, &evaluation, rules);
                LineOutcome::Scored(Box::new(Scored {
                    valid,
                    evaluation,
                    unready,
                }))
            }
            Err(err) => LineOutcome::Bad {
                column: read.place_of(&err).1,
                message: err.to_string(),
            },
        };
        Some(ScoredLine {
            number,
            hand: read.hand.into(),
            tag: read.tag.map(Into::into),
            outcome,
        })
    }

    /// How the line counts in the tally.
    pub fn counted(&self) -> Counted {
        match &self.outcome {
            LineOutcome::Scored(scored) => Counted::of(&scored.evaluation),
            LineOutcome::Bad { .. } => Counted::Bad,
        }
    }

    /// The line's record as a line of `file` under `rules` (those it was scored under);
    /// `brief`: the short one.
    pub fn record<'s>(&'s self, file: &'s str, rules: &'s Ruleset, brief: bool) -> LineRecord<'s> {
        let place = Some(LinePlace {
            file,
            line: self.number,
            tag: self.tag.as_deref(),
        });
        let hand = &*self.hand;
        match &self.outcome {
            LineOutcome::Scored(scored) => {
                let Scored {
                    valid,
                    evaluation,
                    unready,
                } = &**scored;
                if brief {
                    let record = Brief::new(place, hand, rules, evaluation, unready.as_ref());
                    return LineRecord::Brief(record);
                }
                let mut report = Report::new(place, hand, rules, valid, evaluation);
                report.unready = unready.as_ref();
                LineRecord::Report(report)
            }
            LineOutcome::Bad { message, column } => {
                LineRecord::Error(ErrorRecord::new(place, hand, message, *column))
            }
        }
    }

    /// Appends the line's record (as [`ScoredLine::record`]) and a line end to `out`.
    pub fn write_json(&self, file: &str, rules: &Ruleset, brief: bool, out: &mut Vec<u8>) {
        if let LineOutcome::Scored(scored) = &self.outcome {
            out.reserve(json_capacity(&scored.evaluation));
        }
        crate::json::to_vec(out, &self.record(file, rules, brief))
            .unwrap_or_else(|e| unreachable!("plain data serializes: {e}"));
        out.push(b'\n');
    }
}

/// Appends to `out` what `mj3 batch --json` (`brief`: `--brief --json`) writes for line
/// `number` (from 1) of `file`: the hand's record, the error record of a line that does not
/// read, or nothing for a blank or comment line; and returns how the line counts in the tally.
pub fn json_record(
    file: &str,
    number: usize,
    line: &str,
    rules: &Ruleset,
    brief: bool,
    out: &mut Vec<u8>,
) -> Counted {
    match ScoredLine::score(number, line, rules) {
        Some(scored) => {
            scored.write_json(file, rules, brief, out);
            scored.counted()
        }
        None => Counted::Nothing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comment_starts_at_a_hash_after_whitespace() {
        assert_eq!(split_comment("123p # a note "), ("123p ", Some("a note")));
        assert_eq!(split_comment("# all comment"), ("", Some("all comment")));
        assert_eq!(split_comment("123p#x"), ("123p#x", None));
        assert_eq!(split_comment("123p\t#"), ("123p\t", None));
        assert_eq!(split_comment("123p # a # b"), ("123p ", Some("a # b")));
    }

    #[test]
    fn a_hand_line_skips_the_mark_blank_lines_and_comments() {
        let read = HandLine::read("\u{feff}  123p # tag", 1).expect("a hand");
        assert_eq!((read.hand, read.tag, read.offset), ("123p", Some("tag"), 2));
        assert_eq!(HandLine::read("   # only a comment", 3), None);
        assert_eq!(HandLine::read("", 2), None);
        let later = HandLine::read("\u{feff}123p", 2).expect("a line");
        assert_eq!(
            later.hand, "\u{feff}123p",
            "only the first line's mark is dropped"
        );
    }
}
