//! mj3: a hand evaluator and rules reference for three-player mahjong.
//!
//! The data flow is the module layout: [`tile`] → [`notation`] (parse) → [`hand`]
//! (validate against a ruleset) → [`decompose`] (arrangements) → [`criteria`] (one detector
//! per scoring criterion; what else is known of each lives in [`check`]) → [`system`] (the
//! scoring systems and payments, speaking the vocabulary of [`results`]) → [`evaluate`](mod@evaluate)
//! (the best arrangement) → [`shanten`] (how far a hand with no winning shape is from ready)
//! → [`render`]; [`rules`] loads the TOML rulesets; [`escape`] makes text read from outside
//! safe to show on a terminal; [`game`] replays a whole game record hand by hand through the
//! same evaluation. The `mj3` binary
//! (the `cli/` crate of the workspace) drives it all from the command line.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod amount;
pub mod batch;
pub mod bytes;
pub mod check;
pub mod criteria;
pub mod decompose;
pub mod diagnostic;
pub mod escape;
pub mod evaluate;
pub mod game;
pub mod hand;
pub mod jokers;
pub mod json;
pub mod notation;
pub mod plural;
pub mod reference;
pub mod render;
pub mod results;
pub mod rules;
pub mod shanten;
pub mod sources;
pub mod system;
pub mod tile;
pub mod utf8;

use std::fmt;

pub use evaluate::{Evaluation, evaluate};
pub use hand::ValidHand;
pub use rules::Ruleset;

/// Why a line of input could not be scored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputError {
    /// The notation did not parse.
    Notation(notation::NotationError),
    /// The hand parsed but breaks the ruleset.
    Hand(hand::HandError),
}

impl InputError {
    /// Where in the line the problem is.
    pub fn span(&self) -> diagnostic::Span {
        match self {
            InputError::Notation(e) => e.span,
            InputError::Hand(e) => e.span,
        }
    }

    /// The message followed by the line with a caret under the problem.
    pub fn render(&self, line: &str) -> String {
        format!("{self}\n{}", diagnostic::caret_snippet(line, self.span()))
    }

    /// The JSON record of `line` given alone that does not read, as `mj3 score --json`
    /// writes it.
    pub fn record(&self, line: &str) -> String {
        let column = diagnostic::column_of(line, self.span().start);
        diagnostic::error_record(None, line, &self.to_string(), column)
    }

    /// The same record with the message as a table reads it (`error.said`), as `mj3 score
    /// --json --words` writes it.
    pub fn record_with_words(&self, line: &str) -> String {
        let column = diagnostic::column_of(line, self.span().start);
        let (message, said) = (self.to_string(), self.said());
        let record = diagnostic::ErrorRecord::new(None, line, &message, column).said(Some(&said));
        json::to_string(&record).unwrap_or_else(|e| unreachable!("plain data serializes: {e}"))
    }

    /// The message as a table reads it: a hand's refusal with the rule books' sections and
    /// the settings it names apart ([`hand::HandError::said`]); a line that does not read
    /// as its message says it.
    pub fn said(&self) -> results::Said {
        match self {
            InputError::Notation(e) => results::Said {
                text: e.to_string(),
                source: None,
            },
            InputError::Hand(e) => e.said(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Notation(e) => e.fmt(f),
            InputError::Hand(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for InputError {}

/// A notation error under `rules`: an unknown word or key is listed against the words and
/// keys that `rules` reads.
pub fn notation_error(err: notation::NotationError, rules: &Ruleset) -> InputError {
    InputError::Notation(err.known_to(&rules.name, |entry| hand::ruleset_reads(rules, entry)))
}

/// Parses and validates one line of notation under `rules`: the hand [`score_line`] would
/// evaluate, or the error it would give. Inlined (docs/performance.md): the hand is
/// validated where it is evaluated, not moved out of here first.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
pub fn validate_line(line: &str, rules: &Ruleset) -> Result<ValidHand, InputError> {
    let input = notation::parse_hand(line).map_err(|err| notation_error(err, rules))?;
    hand::validate(&input, rules).map_err(InputError::Hand)
}

/// Parses, validates and evaluates one line of notation.
pub fn score_line(line: &str, rules: &Ruleset) -> Result<(ValidHand, Evaluation), InputError> {
    let hand = validate_line(line, rules)?;
    let evaluation = evaluate(&hand, rules);
    Ok((hand, evaluation))
}
