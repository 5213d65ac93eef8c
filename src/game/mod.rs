//! A whole game at the table: a game record (docs/game.md: the players and the ruleset at the
//! top, then one event a line, the hands in mj3's notation) replayed under its ruleset into a
//! score sheet. The seat, round, counters, sticks and drawn hands of every win come from the
//! game, and each win is paid by the same system code as `mj3 score`; the flow around the
//! wins (dealer, counters, sticks, noten payments, double ron, pao, chombo, on-the-spot
//! payments, goulash, the end) follows the ruleset's `[game]` table.
//!
//! Players are [`Player`]s and one value per player a [`ByPlayer`] (never an index).
//!
//! The layers, each using only those below it: [`record`] reads the lines; [`state`] keeps
//! the table between hands and `play` the game in play (the players by seat, the hand in
//! play, and the one function through which points move); `win` scores one win, `pao` lays
//! liability over it, `claim` settles the claims of one discard, `draw` an exhaustive or
//! abortive draw, `events` the events within a hand; `replay` only drives; [`sheet`] is
//! what comes out, [`happened`] what it says happened (each sentence one variant of
//! [`HandEvent`] with its facts; [`GameEnd`], [`Dealership`]).

mod claim;
mod draw;
pub mod evening;
mod events;
pub mod happened;
mod header;
pub mod json;
mod pao;
mod play;
pub mod player;
pub mod record;
mod replay;
pub mod sheet;
pub mod state;
mod win;

use std::fmt;

use crate::diagnostic::{Span, caret_snippet};

pub use happened::{Deal, Dealership, GameEnd, HandEvent, Said};
pub use header::MAX_SET_LINES;
pub use player::{ByPlayer, Player};
pub use replay::{MAX_HAND_LINES, oversized, replay, replay_each, replay_house, replay_with};
pub use sheet::{
    BonusSetPaid, Declaration, HandInPlay, HandKind, HandRecord, KongPaid, PlayerRow, PlayerSeat,
    Settlement, Sheet, Standing, WinRecord,
};

/// A line of the record the game cannot take, and the state of the game there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameError {
    /// Line number, from 1 (0: the record as a whole, or the `--set` argument in `text`).
    pub line: usize,
    /// The line as written (line 0: the `--set` argument, or nothing).
    pub text: String,
    /// Where in it.
    pub span: Span,
    /// What is wrong, and what is right.
    pub message: String,
    /// The game at that line: the hand, dealer, counters, sticks and scores.
    pub state: Option<String>,
    /// The message's parts, where it names more than its words (a `[game]` setting, a rule
    /// book's section, the record line to write): `message` is [`Reason`]'s `Display`, but
    /// for a win's hand refused, which cites its sources where they apply, as `mj3 score`.
    pub reason: Option<Box<Reason>>,
}

/// Why a line is refused, its parts apart: the words a table reads, and the advice, the
/// `[game]` setting and the rule book's section that `mj3 game` prints after them:
/// `riichi needs at least 4 tiles left in the wall (game.riichi-tiles-left; 003 §9.4 …)`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Reason {
    /// What is wrong, in words: `riichi needs at least 4 tiles left in the wall`.
    pub plain: String,
    /// What to write in the record instead (`write \`kong Ann 5p concealed\` … on a line
    /// before the win`): the record's reader's advice, which the page, offering its own
    /// controls, leaves out.
    pub hint: Option<String>,
    /// The `[game]` setting that decides it, as written: `game.riichi-tiles-left`,
    /// `game.three-declared-ready = "draw"`.
    pub setting: Option<String>,
    /// Where the rule comes from: `003 §12 Riichi`.
    pub source: Option<String>,
}

impl Reason {
    /// A reason in `plain` words.
    pub fn new(plain: impl Into<String>) -> Self {
        Reason {
            plain: plain.into(),
            ..Reason::default()
        }
    }

    /// With the record line to write (the CLI's advice).
    pub fn hint(self, hint: impl Into<String>) -> Self {
        Reason {
            hint: Some(hint.into()),
            ..self
        }
    }

    /// With the `[game]` setting that decides it.
    pub fn setting(self, setting: impl Into<String>) -> Self {
        Reason {
            setting: Some(setting.into()),
            ..self
        }
    }

    /// With the rule's source.
    pub fn source(self, source: impl Into<String>) -> Self {
        Reason {
            source: Some(source.into()),
            ..self
        }
    }

    /// The reason as a table reads it: the plain words, the setting and source apart (the
    /// record's advice left out).
    pub fn said(&self) -> Said {
        let named: Vec<&str> = [&self.setting, &self.source]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect();
        Said {
            text: self.plain.clone(),
            source: (!named.is_empty()).then(|| named.join("; ")),
        }
    }
}

/// As `mj3 game` says it: the words, `: ` and the advice, then the setting and the source in
/// brackets.
impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.plain)?;
        if let Some(hint) = &self.hint {
            write!(f, ": {hint}")?;
        }
        match self.said().source {
            Some(named) => write!(f, " ({named})"),
            None => Ok(()),
        }
    }
}

impl GameError {
    /// The message as a table reads it: its plain words, the setting and source apart, no
    /// record line to write (a message with no parts as it is).
    pub fn said(&self) -> Said {
        match &self.reason {
            Some(reason) => reason.said(),
            None => Said {
                text: self.message.clone(),
                source: None,
            },
        }
    }

    /// The message, the line (or `--set` argument) with a caret under the problem, and the
    /// game there.
    pub fn render(&self) -> String {
        let mut out = if self.line == 0 && self.text.is_empty() {
            self.message.clone()
        } else if self.line == 0 {
            format!("{}\n{}", self.message, caret_snippet(&self.text, self.span))
        } else {
            format!(
                "line {}: {}\n{}",
                self.line,
                self.message,
                caret_snippet(&self.text, self.span)
            )
        };
        if let Some(state) = &self.state {
            out.push_str("\nthe game at this line: ");
            out.push_str(state);
        }
        out
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for GameError {}

/// A replay that stopped at a bad line: the error, and the sheet of the hands before it.
#[derive(Debug, Clone)]
pub struct Failure {
    /// What stopped it.
    pub error: GameError,
    /// The hands settled before the bad line (`None` when the header could not be read).
    pub sheet: Option<Sheet>,
    /// The ruleset the record names could not be loaded.
    pub bad_ruleset: bool,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.fmt(f)
    }
}

impl std::error::Error for Failure {}
