//! Why a line of notation did not parse, and the text that says so.

use std::fmt;

use super::vocabulary::{key_example, keys, word_suggestion, words};
use crate::diagnostic::{Span, nearest_name};

/// What went wrong while reading notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotationErrorKind {
    /// A character that starts nothing.
    UnexpectedChar(char),
    /// Digits not followed by a suit letter.
    BadSuit(Option<char>),
    /// A digit that the suit does not have (`8z`, `0z`).
    BadNumber {
        /// The digit written.
        digit: char,
        /// The suit letter after it.
        suit: char,
    },
    /// A word that is neither a tile nor a context word.
    UnknownWord(String),
    /// A `key=` that is not a context key.
    UnknownKey(String),
    /// A word that takes no value was given one.
    UnexpectedValue(String),
    /// A key was written without a value.
    MissingValue(String),
    /// A value that does not fit its key.
    BadValue {
        /// The key.
        key: String,
        /// What the key takes.
        expected: &'static str,
    },
    /// The same context given twice or contradicted.
    Repeated(String),
    /// A bracket that was not closed.
    Unclosed(char),
    /// Brackets with tiles that are not one set.
    NotASet(String),
    /// Parentheses around something other than a kong.
    ConcealedNotKong,
    /// `+` followed by something that is not a bonus tile.
    BadBonus,
    /// A joker (`J`) written inside `[ ]` or `( )`.
    JokerInDeclaredSet,
    /// The back of a tile (U+1F02B), which is no tile.
    TileBack,
}

/// A notation error with the span it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationError {
    /// Where the problem starts and ends.
    pub span: Span,
    /// What the problem is.
    pub kind: NotationErrorKind,
}

impl fmt::Display for NotationErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use NotationErrorKind::*;
        match self {
            UnexpectedChar('=') => write!(
                f,
                "unexpected '=' (write a key and its value with no space around '=', such as ron=S)"
            ),
            UnexpectedChar(c) => write!(
                f,
                "unexpected '{c}'{} (expected a tile, a set in [ ] or ( ), bonus tiles after +, or a context word)",
                if c.is_ascii_graphic() {
                    String::new()
                } else {
                    format!(" (U+{:04X})", u32::from(*c))
                }
            ),
            BadSuit(Some(c @ ('M' | 'P' | 'S' | 'Z'))) => write!(
                f,
                "'{c}' is not a suit letter (expected m, p, s or z): suit letters are lower-case, did you mean '{}'?",
                c.to_ascii_lowercase()
            ),
            BadSuit(Some(c)) => write!(f, "'{c}' is not a suit letter (expected m, p, s or z)"),
            BadSuit(None) => write!(f, "the digits need a suit letter after them (m, p, s or z)"),
            BadNumber { digit, suit: 'z' } => {
                write!(
                    f,
                    "'{digit}z' is not an honour (expected 1z-7z: E S W N white green red)"
                )
            }
            BadNumber { digit, suit } => write!(f, "'{digit}{suit}' is not a tile"),
            UnknownWord(w) => write!(
                f,
                "unknown word '{w}'{} (expected tiles or one of: {})",
                word_suggestion(w).map_or(String::new(), |s| format!("; did you mean '{s}'?")),
                words().collect::<Vec<_>>().join(", ")
            ),
            UnknownKey(k) => write!(
                f,
                "unknown key '{k}='{} (expected one of: {})",
                nearest_name(k, keys())
                    .map_or(String::new(), |s| format!("; did you mean '{s}='?")),
                keys()
                    .map(|k| format!("{k}="))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            UnexpectedValue(w) => write!(f, "'{w}' takes no value"),
            MissingValue(k) => write!(f, "'{k}=' needs a value, such as {}", key_example(k)),
            BadValue { key, expected } => write!(f, "bad value for '{key}=' (expected {expected})"),
            Repeated(what) => write!(f, "{what}"),
            Unclosed(c) => write!(
                f,
                "'{c}' is not closed (expected '{}' after the set's tiles, such as {})",
                if *c == '(' { ')' } else { ']' },
                if *c == '(' { "(rrrr)" } else { "[555p]" }
            ),
            JokerInDeclaredSet => write!(
                f,
                "a joker (J) cannot be in a declared set (the source gives no rule for it): write the set's real tiles, and jokers only among the concealed tiles"
            ),
            TileBack => write!(
                f,
                "'\u{1F02B}' is the back of a tile, not a tile: write the tile's face (a letter or its own character, U+1F000-U+1F02A)"
            ),
            NotASet(tiles) => write!(
                f,
                "'{tiles}' is not a set (expected a pong, a kong or a chow of one suit)"
            ),
            ConcealedNotKong => write!(
                f,
                "only a kong is declared in ( ); write a concealed pong among the hand tiles"
            ),
            BadBonus => write!(
                f,
                "expected bonus tiles after '+' (f1-f4 flowers, x1-x4 seasons, h1-h4 faces, a1-a4 animals, N kita, W set-aside West)"
            ),
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.fmt(f)
    }
}

impl std::error::Error for NotationError {}
