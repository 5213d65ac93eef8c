//! Why a line of notation did not parse, and the text that says so.

use std::fmt;

use super::vocabulary::{CONTEXT, ContextKey, Guess, key_example, key_guess, word_guess};
use crate::diagnostic::Span;

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
    UnknownKey {
        /// The key as written.
        key: String,
        /// Its value as written.
        value: String,
    },
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
        /// What was most likely meant (`seat=S` for `seat=south`).
        meant: Option<String>,
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
    /// A word after a value's number that is no unit (`3 hans`).
    ValueUnit(String),
    /// A value written out of order or out of range: what is expected.
    Value(&'static str),
    /// Tiles (or sets, bonus tiles, jokers) in a line whose win is stated by its value.
    ValueWithTiles,
}

/// A notation error with the span it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationError {
    /// Where the problem starts and ends.
    pub span: Span,
    /// What the problem is.
    pub kind: NotationErrorKind,
    /// The ruleset whose context words and keys an unknown word or key is listed against
    /// (`None`: every word and key of the notation).
    pub known: Option<Box<Known>>,
}

/// The context words and keys one ruleset reads, as an error about an unknown one lists them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Known {
    /// The ruleset's name.
    pub ruleset: String,
    /// The entries it reads, in the vocabulary's order.
    pub entries: Vec<&'static ContextKey>,
}

impl NotationError {
    /// The error listing, for an unknown word or key, only the words and keys that
    /// `ruleset` reads.
    pub fn known_to(self, ruleset: &str, reads: impl Fn(&ContextKey) -> bool) -> NotationError {
        let entries = CONTEXT.iter().filter(|entry| reads(entry)).collect();
        NotationError {
            known: Some(Box::new(Known {
                ruleset: ruleset.to_string(),
                entries,
            })),
            ..self
        }
    }
}

/// `; did you mean 'X'?` and, when it says why, the reason before `rest` in the brackets
/// that follow.
fn write_guess(
    f: &mut fmt::Formatter<'_>,
    guess: Option<Guess>,
    rest: fmt::Arguments<'_>,
) -> fmt::Result {
    match guess {
        Some(Guess {
            meant,
            because: Some(because),
        }) => write!(f, "; did you mean '{meant}'? ({because}; {rest})"),
        Some(Guess {
            meant,
            because: None,
        }) => write!(f, "; did you mean '{meant}'? ({rest})"),
        None => write!(f, " ({rest})"),
    }
}

/// The message of an unknown word, listing the words `known` reads (every word without it).
fn unknown_word(f: &mut fmt::Formatter<'_>, word: &str, known: Option<&Known>) -> fmt::Result {
    write!(f, "unknown word '{word}'")?;
    let listed = |entries: &mut dyn Iterator<Item = &ContextKey>| {
        let names: Vec<&str> = entries
            .filter(|entry| entry.word)
            .flat_map(|entry| std::iter::once(entry.name).chain(entry.aliases.iter().copied()))
            .collect();
        names.join(", ")
    };
    match known {
        Some(known) => write_guess(
            f,
            word_guess(word),
            format_args!(
                "expected tiles or a word {} reads: {}",
                known.ruleset,
                listed(&mut known.entries.iter().copied())
            ),
        ),
        None => write_guess(
            f,
            word_guess(word),
            format_args!("expected tiles or one of: {}", listed(&mut CONTEXT.iter())),
        ),
    }
}

/// The message of an unknown `key=value`, listing the keys `known` reads (every key without
/// it).
fn unknown_key(
    f: &mut fmt::Formatter<'_>,
    key: &str,
    value: &str,
    known: Option<&Known>,
) -> fmt::Result {
    write!(f, "unknown key '{key}='")?;
    let listed = |entries: &mut dyn Iterator<Item = &ContextKey>| {
        let names: Vec<String> = entries
            .filter(|entry| entry.example.is_some())
            .map(|entry| format!("{}=", entry.name))
            .collect();
        names.join(", ")
    };
    match known {
        Some(known) => write_guess(
            f,
            key_guess(key, value),
            format_args!(
                "expected a key {} reads: {}",
                known.ruleset,
                listed(&mut known.entries.iter().copied())
            ),
        ),
        None => write_guess(
            f,
            key_guess(key, value),
            format_args!("expected one of: {}", listed(&mut CONTEXT.iter())),
        ),
    }
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
            BadSuit(Some(c @ ('b' | 'B'))) => write!(
                f,
                "'{c}' is not a suit letter (expected m, p, s or z); did you mean 's'? (bamboo is s)"
            ),
            BadSuit(Some(c @ ('d' | 'D'))) => write!(
                f,
                "'{c}' is not a suit letter (expected m, p, s or z); did you mean 'p'? (dots, or circles, are p)"
            ),
            BadSuit(Some(c @ ('c' | 'C'))) => write!(
                f,
                "'{c}' is not a suit letter (expected m, p, s or z): circles are p, characters m"
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
            UnknownWord(w) => unknown_word(f, w, None),
            UnknownKey { key, value } => unknown_key(f, key, value, None),
            UnexpectedValue(w) => write!(f, "'{w}' takes no value"),
            MissingValue(k) => write!(f, "'{k}=' needs a value, such as {}", key_example(k)),
            BadValue {
                key,
                expected,
                meant: None,
            } => write!(f, "bad value for '{key}=' (expected {expected})"),
            BadValue {
                key,
                expected,
                meant: Some(meant),
            } => write!(
                f,
                "bad value for '{key}='; did you mean '{meant}'? (expected {expected})"
            ),
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
            ValueUnit(word) => write!(
                f,
                "'{word}' is not a unit of value (expected han, fu, fan, hand-points or bonus-points after the number, such as 3 han 40 fu)"
            ),
            Value(expected) => write!(f, "bad value ({expected})"),
            ValueWithTiles => write!(
                f,
                "a win stated by its value takes no tiles: write the tiles or the value (such as 3 han 40 fu), not both"
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
        match &self.kind {
            NotationErrorKind::UnknownWord(word) => unknown_word(f, word, self.known.as_deref()),
            NotationErrorKind::UnknownKey { key, value } => {
                unknown_key(f, key, value, self.known.as_deref())
            }
            kind => kind.fmt(f),
        }
    }
}

impl std::error::Error for NotationError {}
