//! The hand notation parser (`123p456m99s EEE ww +f2 tsumo`), its spans and its errors.
//!
//! Parsing only reads the text; whether the tiles are legal under a ruleset is checked
//! later by [`crate::hand`].

use std::fmt;

use nom::{
    IResult, Parser,
    bytes::complete::{take_while, take_while1},
    character::complete::{char, digit1, satisfy},
    combinator::opt,
};

use crate::tile::{BonusSet, BonusTile, Dragon, Suit, Tile, Wind};

/// A byte range in the input line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
}

/// One written tile with where it was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileToken {
    /// The tile.
    pub tile: Tile,
    /// Written as a red five (`0p`).
    pub red: bool,
    /// Where it was written.
    pub span: Span,
}

/// How a declared set was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Declared {
    /// `[...]`: claimed from a discard, face up.
    Exposed,
    /// `(...)`: a concealed kong, declared.
    Concealed,
}

/// A set written in brackets or parentheses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeclaredInput {
    /// Brackets or parentheses.
    pub declared: Declared,
    /// The tiles inside.
    pub tiles: Vec<TileToken>,
    /// The whole set including its brackets.
    pub span: Span,
}

/// A bonus tile written after `+`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BonusToken {
    /// The tile.
    pub tile: BonusTile,
    /// Where it was written.
    pub span: Span,
}

/// How the hand was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinMethod {
    /// Self-drawn from the wall.
    Tsumo,
    /// On a discard; `None` is the seat that plays just before the winner.
    Ron(Option<Wind>),
}

/// A value with where it was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub span: Span,
}

/// Where the winner's exposed kong came from (`kong-from=5p:S` or `kong-from=5p:self`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KongSource {
    /// Claimed from this seat's discard.
    Claimed(Wind),
    /// Promoted from the winner's own exposed pong.
    Promoted,
}

/// One `kong-from=` entry: the kong's tile and where it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KongFrom {
    /// The kong's tile.
    pub tile: TileToken,
    /// Claimed from a seat, or promoted.
    pub source: KongSource,
    /// Where the whole entry was written.
    pub span: Span,
}

/// Context words and keys as written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContextInput {
    /// `tsumo`, `ron`, `ron=S`.
    pub win_method: Option<Spanned<WinMethod>>,
    /// `seat=`.
    pub seat: Option<Spanned<Wind>>,
    /// `round=`.
    pub round: Option<Spanned<Wind>>,
    /// `riichi` / `ready`.
    pub riichi: Option<Span>,
    /// `double-riichi`.
    pub double_riichi: Option<Span>,
    /// `ippatsu`.
    pub ippatsu: Option<Span>,
    /// `last`.
    pub last: Option<Span>,
    /// `replacement` / `rinshan`.
    pub replacement: Option<Span>,
    /// `robbed` / `chankan`.
    pub robbed: Option<Span>,
    /// `first`.
    pub first: Option<Span>,
    /// `dora=`.
    pub dora: Vec<TileToken>,
    /// Flowers among the `dora=` indicators (`dora=f2`): a flower turned over in the dead
    /// wall.
    pub dora_flowers: Vec<BonusToken>,
    /// `ura=`.
    pub ura: Vec<TileToken>,
    /// `waiting=`.
    pub waiting: Vec<Spanned<Wind>>,
    /// `draws=`.
    pub draws: Option<Spanned<u32>>,
    /// `honba=`.
    pub honba: Option<Spanned<u32>>,
    /// `sticks=`: riichi sticks on the table.
    pub sticks: Option<Spanned<u32>>,
    /// `discards=`.
    pub discards: Vec<TileToken>,
    /// `win=`.
    pub win: Option<TileToken>,
    /// `double-replacement`: won on a kong replacement tile after two kongs in a row.
    pub double_replacement: Option<Span>,
    /// `kong-from=5p:S,E:self`: where the winner's exposed kongs came from.
    pub kong_from: Vec<KongFrom>,
    /// `dealt=f,x`: full sets of bonus tiles that were in the starting hand.
    pub dealt: Vec<Spanned<BonusSet>>,
    /// `others-fan=S:6,W:3`: the fan the non-winners' hands would score.
    pub others_fan: Vec<(Spanned<Wind>, u32)>,
    /// `others-fly=S:1,W:0`: the fly tiles (jokers) each non-winner held at the end.
    pub others_fly: Vec<(Spanned<Wind>, u32)>,
}

/// A parsed but not yet validated hand.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HandInput {
    /// Concealed tiles in the order written.
    pub concealed: Vec<TileToken>,
    /// Jokers (`J`) among the concealed tiles.
    pub jokers: Vec<Span>,
    /// Declared sets.
    pub declared: Vec<DeclaredInput>,
    /// Bonus tiles set aside.
    pub bonus: Vec<BonusToken>,
    /// Context words and keys.
    pub context: ContextInput,
}

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
                WORDS.join(", ")
            ),
            UnknownKey(k) => write!(
                f,
                "unknown key '{k}='{} (expected one of: {})",
                nearest(k, KEYS).map_or(String::new(), |s| format!("; did you mean '{s}='?")),
                KEYS.iter()
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

/// What an unknown word most likely meant: honour letters in the wrong case (`eee` for
/// `EEE`, `GG` for `gg`) or a context word misspelt or capitalised (`Tsumo`, `tsumoo`).
fn word_suggestion(word: &str) -> Option<String> {
    let recased: String = word
        .chars()
        .map(|c| match c {
            'e' | 's' | 'n' => c.to_ascii_uppercase(),
            'G' | 'R' => c.to_ascii_lowercase(),
            _ => c,
        })
        .collect();
    if recased != word && recased.chars().all(|c| honour_tile(c).is_some()) {
        return Some(recased);
    }
    nearest(word, WORDS).map(str::to_string)
}

/// The entry of `known` closest to `written` (ignoring case), if it is a likely misspelling.
fn nearest<'k>(written: &str, known: &[&'k str]) -> Option<&'k str> {
    let lower = written.to_ascii_lowercase();
    known
        .iter()
        .map(|k| (crate::rules::edit_distance(&lower, k), *k))
        .min()
        .filter(|(distance, k)| *distance <= 2 && *distance < k.len() / 2 + 1)
        .map(|(_, k)| k)
}

/// A written example of each context key, for errors.
fn key_example(key: &str) -> &'static str {
    match key {
        "ron" => "ron=S",
        "seat" => "seat=S",
        "round" => "round=S",
        "dora" => "dora=3p,N",
        "ura" => "ura=7s",
        "waiting" => "waiting=S,W",
        "draws" => "draws=1",
        "honba" => "honba=1",
        "sticks" => "sticks=1",
        "discards" => "discards=5p,E",
        "win" => "win=9s",
        "kong-from" => "kong-from=5p:S",
        "dealt" => "dealt=f",
        "others-fan" => "others-fan=S:6,W:3",
        "others-fly" => "others-fly=S:1,W:0",
        _ => "KEY=VALUE",
    }
}

/// The context words that take no value.
pub const WORDS: &[&str] = &[
    "tsumo",
    "ron",
    "riichi",
    "ready",
    "double-riichi",
    "ippatsu",
    "last",
    "replacement",
    "rinshan",
    "robbed",
    "chankan",
    "first",
    "double-replacement",
];

/// The context keys written `key=value`.
pub const KEYS: &[&str] = &[
    "ron",
    "seat",
    "round",
    "dora",
    "ura",
    "waiting",
    "draws",
    "honba",
    "discards",
    "win",
    "kong-from",
    "dealt",
    "others-fan",
    "sticks",
    "others-fly",
];

/// Shows `line` with carets under `span`, indented two spaces, as error output does. A line
/// longer than [`SNIPPET_WIDTH`] characters is cut to a window around the span, marked `…`.
pub fn caret_snippet(line: &str, span: Span) -> String {
    let start = line.floor_char_boundary(span.start.min(line.len()));
    let end = line.ceil_char_boundary(span.end.clamp(start, line.len()));
    let column = line[..start].chars().count();
    let width = line[start..end].chars().count().max(1);
    let total = line.chars().count();
    if total <= SNIPPET_WIDTH {
        // A tab is shown as one space so that the caret stays under its column.
        let shown = line.replace('\t', " ");
        return format!("  {shown}\n  {}{}", " ".repeat(column), "^".repeat(width));
    }
    let from = column.saturating_sub(SNIPPET_WIDTH / 3);
    let to = (from + SNIPPET_WIDTH).min(total);
    let shown: String = line
        .chars()
        .skip(from)
        .take(to - from)
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let (before, after) = (
        if from > 0 { "…" } else { "" },
        if to < total { "…" } else { "" },
    );
    let width = width.min(to.saturating_sub(column)).max(1);
    format!(
        "  {before}{shown}{after}\n  {}{}",
        " ".repeat(column - from + before.chars().count()),
        "^".repeat(width)
    )
}

/// The longest line an error shows whole.
pub const SNIPPET_WIDTH: usize = 120;

type Res<'a, T> = IResult<&'a str, T, Fail<'a>>;

/// nom's error type for this parser: where it failed and, once known, why.
#[derive(Debug)]
struct Fail<'a> {
    at: &'a str,
    len: usize,
    kind: Option<NotationErrorKind>,
}

impl<'a> nom::error::ParseError<&'a str> for Fail<'a> {
    fn from_error_kind(input: &'a str, _kind: nom::error::ErrorKind) -> Self {
        Fail {
            at: input,
            len: 1,
            kind: None,
        }
    }

    fn append(_input: &'a str, _kind: nom::error::ErrorKind, other: Self) -> Self {
        other
    }
}

fn fail<T>(at: &str, len: usize, kind: NotationErrorKind) -> Res<'_, T> {
    Err(nom::Err::Failure(Fail {
        at,
        len,
        kind: Some(kind),
    }))
}

/// Parses one line of hand notation.
pub fn parse_hand(line: &str) -> Result<HandInput, NotationError> {
    let offset = |rest: &str| line.len() - rest.len();
    let mut hand = HandInput::default();
    let mut rest = line;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(hand);
        }
        match item(line, rest, &mut hand) {
            Ok((next, ())) => rest = next,
            Err(nom::Err::Failure(fail) | nom::Err::Error(fail)) => {
                let start = offset(fail.at);
                let kind = fail.kind.unwrap_or_else(|| {
                    NotationErrorKind::UnexpectedChar(fail.at.chars().next().unwrap_or(' '))
                });
                return Err(NotationError {
                    span: Span::new(start, start + fail.len.max(1)),
                    kind,
                });
            }
            Err(nom::Err::Incomplete(_)) => unreachable!("complete parsers never ask for more"),
        }
    }
}

/// One item: a tile run, a declared set, bonus tiles, or context.
fn item<'a>(line: &'a str, input: &'a str, hand: &mut HandInput) -> Res<'a, ()> {
    let span_of =
        |start: &str, end: &str| Span::new(line.len() - start.len(), line.len() - end.len());
    let first = input.chars().next().unwrap_or(' ');
    match first {
        '0'..='9' => {
            let (rest, tiles) = numbered_run(input, span_of)?;
            hand.concealed.extend(tiles);
            Ok((rest, ()))
        }
        '+' => {
            let (rest, bonus) = bonus_group(input, span_of)?;
            hand.bonus.extend(bonus);
            Ok((rest, ()))
        }
        '[' | '(' => {
            let (rest, set) = declared_set(input, span_of)?;
            hand.declared.push(set);
            Ok((rest, ()))
        }
        c if c.is_ascii_alphabetic() => word(input, span_of, hand),
        c => fail(input, c.len_utf8(), NotationErrorKind::UnexpectedChar(c)),
    }
}

/// Digits followed by a suit letter: `123p`, `0s`, `567z`.
fn numbered_run<'a>(
    input: &'a str,
    span_of: impl Fn(&str, &str) -> Span,
) -> Res<'a, Vec<TileToken>> {
    let (after_digits, digits) = digit1(input)?;
    let Some(letter) = after_digits.chars().next() else {
        return fail(after_digits, 1, NotationErrorKind::BadSuit(None));
    };
    if !matches!(letter, 'm' | 'p' | 's' | 'z') {
        let kind = NotationErrorKind::BadSuit(Some(letter).filter(|c| !c.is_whitespace()));
        return fail(after_digits, letter.len_utf8(), kind);
    }
    let rest = &after_digits[1..];
    let mut tiles = Vec::with_capacity(digits.len());
    for (i, digit) in digits.char_indices() {
        let at = &input[i..];
        let span = span_of(at, &at[1..]);
        let value = digit as u8 - b'0';
        let token = match letter {
            'z' => {
                let tile = match value {
                    1..=4 => Wind::ALL[value as usize - 1].tile(),
                    5 => Dragon::White.tile(),
                    6 => Dragon::Green.tile(),
                    7 => Dragon::Red.tile(),
                    _ => return fail(at, 1, NotationErrorKind::BadNumber { digit, suit: 'z' }),
                };
                TileToken {
                    tile,
                    red: false,
                    span,
                }
            }
            suit_letter => {
                let suit = Suit::from_letter(suit_letter)
                    .unwrap_or_else(|| unreachable!("checked to be m, p or s"));
                let number = if value == 0 { 5 } else { value };
                let tile = Tile::numbered(suit, number)
                    .unwrap_or_else(|| unreachable!("1-9 is always a tile"));
                TileToken {
                    tile,
                    red: value == 0,
                    span,
                }
            }
        };
        tiles.push(token);
    }
    Ok((rest, tiles))
}

/// A single tile as used in context values: `5p`, `0s`, `E`, `w`, `3z`.
fn single_tile<'a>(input: &'a str, span_of: impl Fn(&str, &str) -> Span) -> Res<'a, TileToken> {
    if input.starts_with(|c: char| c.is_ascii_digit()) {
        let (rest, _digit) = satisfy(|c| c.is_ascii_digit()).parse(input)?;
        let run =
            &input[..input.len() - rest.len() + rest.chars().next().map_or(0, char::len_utf8)];
        // `run` is cut short of the line, and spans and error positions are counted from the
        // line's end, so each suffix of `run` is read as the same place in `input`.
        let within = |s: &str| -> &'a str { &input[run.len() - s.len()..] };
        let (_, tiles) = numbered_run(run, |s, e| span_of(within(s), within(e))).map_err(|e| {
            e.map(|f| Fail {
                at: within(f.at),
                ..f
            })
        })?;
        let after = &input[run.len()..];
        Ok((after, tiles[0]))
    } else {
        let (rest, letter) = satisfy(|c| honour_tile(c).is_some()).parse(input)?;
        let tile = honour_tile(letter).unwrap_or_else(|| unreachable!("checked by satisfy"));
        Ok((
            rest,
            TileToken {
                tile,
                red: false,
                span: span_of(input, rest),
            },
        ))
    }
}

/// The honour tile written with `letter`.
fn honour_tile(letter: char) -> Option<Tile> {
    if let Some(wind) = Wind::from_letter(letter) {
        return Some(wind.tile());
    }
    match letter {
        'w' => Some(Dragon::White.tile()),
        'g' => Some(Dragon::Green.tile()),
        'r' => Some(Dragon::Red.tile()),
        _ => None,
    }
}

/// `+f1f3`, `+NN`, `+a2`, `+WW`.
fn bonus_group<'a>(
    input: &'a str,
    span_of: impl Fn(&str, &str) -> Span,
) -> Res<'a, Vec<BonusToken>> {
    let (mut rest, _) = char('+').parse(input)?;
    let mut tiles = Vec::new();
    loop {
        let start = rest;
        let tile = if let Ok((next, _)) = char::<_, Fail>('N').parse(rest) {
            rest = next;
            BonusTile::Kita
        } else if let Ok((next, _)) = char::<_, Fail>('W').parse(rest) {
            rest = next;
            BonusTile::West
        } else if let Ok((next, (kind, n))) = (
            satisfy::<_, _, Fail>(|c| matches!(c, 'f' | 'x' | 'h' | 'a')),
            satisfy(|c| ('1'..='4').contains(&c)),
        )
            .parse(rest)
        {
            rest = next;
            let n = n as u8 - b'0';
            match kind {
                'f' => BonusTile::Flower(n),
                'x' => BonusTile::Season(n),
                'h' => BonusTile::Face(n),
                _ => BonusTile::Animal(n),
            }
        } else {
            break;
        };
        tiles.push(BonusToken {
            tile,
            span: span_of(start, rest),
        });
    }
    if tiles.is_empty() {
        return fail(rest, 1, NotationErrorKind::BadBonus);
    }
    // A bonus group ends at a space, another item, or the end of the line.
    if let Some(c) = rest.chars().next()
        && !(c.is_whitespace() || matches!(c, '+' | '[' | '('))
    {
        return fail(rest, c.len_utf8(), NotationErrorKind::BadBonus);
    }
    Ok((rest, tiles))
}

/// `[555p]`, `[5555p]`, `(rrrr)`, `[123p]`.
fn declared_set<'a>(
    input: &'a str,
    span_of: impl Fn(&str, &str) -> Span + Copy,
) -> Res<'a, DeclaredInput> {
    let open = input.chars().next().unwrap_or('[');
    let (close, declared) = if open == '(' {
        (')', Declared::Concealed)
    } else {
        (']', Declared::Exposed)
    };
    let mut rest = &input[1..];
    let mut tiles = Vec::new();
    loop {
        let c = rest.chars().next();
        match c {
            Some(c) if c == close => {
                rest = &rest[1..];
                break;
            }
            Some('0'..='9') => {
                let (next, run) = numbered_run(rest, span_of)?;
                tiles.extend(run);
                rest = next;
            }
            Some(c) if honour_tile(c).is_some() => {
                let (next, letters) =
                    take_while1::<_, _, Fail>(|c| honour_tile(c).is_some()).parse(rest)?;
                for (i, letter) in letters.char_indices() {
                    let at = &letters[i..];
                    tiles.push(TileToken {
                        tile: honour_tile(letter).unwrap_or_else(|| unreachable!("filtered")),
                        red: false,
                        span: span_of(at, &at[1..]),
                    });
                }
                rest = next;
            }
            Some(' ') => rest = &rest[1..],
            Some('J') => return fail(rest, 1, NotationErrorKind::JokerInDeclaredSet),
            Some(c) if c == ']' || c == ')' || c == '[' || c == '(' || c == '+' => {
                return fail(rest, 1, NotationErrorKind::Unclosed(open));
            }
            Some(c) => return fail(rest, c.len_utf8(), NotationErrorKind::UnexpectedChar(c)),
            None => return fail(input, 1, NotationErrorKind::Unclosed(open)),
        }
    }
    let span = span_of(input, rest);
    let written = input[..input.len() - rest.len()].to_string();
    let len = span.end - span.start;
    let same = tiles.windows(2).all(|w| w[0].tile == w[1].tile);
    match (tiles.len(), same, declared) {
        (3, true, Declared::Exposed) | (4, true, _) => {}
        (3, true, Declared::Concealed) => {
            return fail(input, len, NotationErrorKind::ConcealedNotKong);
        }
        (3, false, Declared::Exposed) if is_chow(&tiles) => {}
        (3, false, Declared::Concealed) if is_chow(&tiles) => {
            return fail(input, len, NotationErrorKind::ConcealedNotKong);
        }
        _ => return fail(input, len, NotationErrorKind::NotASet(written)),
    }
    Ok((
        rest,
        DeclaredInput {
            declared,
            tiles,
            span,
        },
    ))
}

/// Three tiles of one suit in sequence, in any written order.
fn is_chow(tiles: &[TileToken]) -> bool {
    let mut sorted: Vec<Tile> = tiles.iter().map(|t| t.tile).collect();
    sorted.sort();
    sorted.len() == 3
        && sorted[0].suit().is_some()
        && sorted[0].offset(1) == Some(sorted[1])
        && sorted[0].offset(2) == Some(sorted[2])
}

/// A word: a context word, a `key=value`, or a run of honour letters (`EEE`, `ww`, `J`).
fn word<'a>(
    input: &'a str,
    span_of: impl Fn(&str, &str) -> Span + Copy,
    hand: &mut HandInput,
) -> Res<'a, ()> {
    let (rest, name) = take_while1(|c: char| c.is_ascii_alphabetic() || c == '-').parse(input)?;
    let name_span = span_of(input, rest);
    let name_len = name.len();
    if let Ok((value_input, _)) = char::<_, Fail>('=').parse(rest) {
        let key = name.to_string();
        if !KEYS.contains(&name) {
            return if WORDS.contains(&name) {
                fail(input, name_len + 1, NotationErrorKind::UnexpectedValue(key))
            } else {
                fail(input, name_len, NotationErrorKind::UnknownKey(key))
            };
        }
        let (value_rest, value) = take_while(|c: char| !c.is_whitespace()).parse(value_input)?;
        if value.is_empty() {
            return fail(input, name_len + 1, NotationErrorKind::MissingValue(key));
        }
        key_value(name, name_span, value_input, span_of, hand)?;
        return Ok((value_rest, ()));
    }
    if WORDS.contains(&name) {
        flag_word(input, name, name_span, hand)?;
        return Ok((rest, ()));
    }
    if name.chars().all(|c| honour_tile(c).is_some() || c == 'J') {
        for (i, letter) in name.char_indices() {
            let at = &input[i..];
            let span = span_of(at, &at[1..]);
            if letter == 'J' {
                hand.jokers.push(span);
            } else {
                hand.concealed.push(TileToken {
                    tile: honour_tile(letter).unwrap_or_else(|| unreachable!("filtered")),
                    red: false,
                    span,
                });
            }
        }
        return Ok((rest, ()));
    }
    fail(
        input,
        name_len,
        NotationErrorKind::UnknownWord(name.to_string()),
    )
}

/// A context word without a value.
fn flag_word<'a>(input: &'a str, name: &str, span: Span, hand: &mut HandInput) -> Res<'a, ()> {
    let ctx = &mut hand.context;
    let slot = match name {
        "tsumo" | "ron" => {
            if ctx.win_method.is_some() {
                return fail(
                    input,
                    name.len(),
                    NotationErrorKind::Repeated(
                        "how the hand was won is already given (tsumo or ron, once)".into(),
                    ),
                );
            }
            let value = if name == "tsumo" {
                WinMethod::Tsumo
            } else {
                WinMethod::Ron(None)
            };
            ctx.win_method = Some(Spanned { value, span });
            return Ok((input, ()));
        }
        "riichi" | "ready" => &mut ctx.riichi,
        "double-riichi" => &mut ctx.double_riichi,
        "ippatsu" => &mut ctx.ippatsu,
        "last" => &mut ctx.last,
        "replacement" | "rinshan" => &mut ctx.replacement,
        "robbed" | "chankan" => &mut ctx.robbed,
        "first" => &mut ctx.first,
        "double-replacement" => &mut ctx.double_replacement,
        _ => unreachable!("only called for WORDS"),
    };
    if slot.replace(span).is_some() {
        let same = match name {
            "riichi" | "ready" => " ('riichi' and 'ready' are the same word)",
            "replacement" | "rinshan" => " ('replacement' and 'rinshan' are the same word)",
            "robbed" | "chankan" => " ('robbed' and 'chankan' are the same word)",
            _ => "",
        };
        return fail(
            input,
            name.len(),
            NotationErrorKind::Repeated(format!("'{name}' is given twice{same}")),
        );
    }
    Ok((input, ()))
}

/// `key=value` for the context keys.
fn key_value<'a>(
    key: &str,
    key_span: Span,
    value: &'a str,
    span_of: impl Fn(&str, &str) -> Span + Copy,
    hand: &mut HandInput,
) -> Res<'a, ()> {
    let bad = |expected: &'static str| {
        let len = value.split_whitespace().next().map_or(1, str::len);
        fail::<()>(
            value,
            len,
            NotationErrorKind::BadValue {
                key: key.to_string(),
                expected,
            },
        )
    };
    let repeated = || {
        fail::<()>(
            value,
            1,
            NotationErrorKind::Repeated(format!("'{key}=' is given twice")),
        )
    };
    let ctx = &mut hand.context;
    match key {
        "ron" | "seat" | "round" => {
            let Ok((after, wind)) = wind_value(value) else {
                return bad("a seat wind: E, S or W");
            };
            if !ends_value(after) {
                return bad("a seat wind: E, S or W");
            }
            let spanned = Spanned {
                value: wind,
                span: span_of(value, after),
            };
            let slot_taken = match key {
                "ron" => {
                    if ctx.win_method.is_some() {
                        return fail(
                            value,
                            1,
                            NotationErrorKind::Repeated(
                                "how the hand was won is already given (tsumo or ron, once)".into(),
                            ),
                        );
                    }
                    ctx.win_method = Some(Spanned {
                        value: WinMethod::Ron(Some(wind)),
                        span: Span::new(key_span.start, spanned.span.end),
                    });
                    false
                }
                "seat" => ctx.seat.replace(spanned).is_some(),
                _ => ctx.round.replace(spanned).is_some(),
            };
            if slot_taken {
                return repeated();
            }
        }
        "waiting" => {
            if !ctx.waiting.is_empty() {
                return repeated();
            }
            let listed = comma_list(value, |rest| {
                let (after, wind) = wind_value(rest).ok()?;
                ctx.waiting.push(Spanned {
                    value: wind,
                    span: span_of(rest, after),
                });
                Some(after)
            });
            if !listed {
                return bad("seat winds separated by commas, such as S,W");
            }
        }
        "draws" | "honba" | "sticks" => {
            let Ok((after, digits)) = digit1::<_, Fail>(value) else {
                return bad("a whole number");
            };
            let number = digits.parse::<u32>().ok().filter(|&n| n <= MAX_COUNT);
            let (Some(number), true) = (number, ends_value(after)) else {
                return bad("a whole number up to 1000");
            };
            let spanned = Some(Spanned {
                value: number,
                span: span_of(value, after),
            });
            let slot = match key {
                "draws" => &mut ctx.draws,
                "sticks" => &mut ctx.sticks,
                _ => &mut ctx.honba,
            };
            if slot.is_some() {
                return repeated();
            }
            *slot = spanned;
        }
        "win" => {
            if ctx.win.is_some() {
                return repeated();
            }
            let Ok((after, tile)) = single_tile(value, span_of) else {
                return bad("one tile, such as 9s or E");
            };
            if !ends_value(after) {
                return bad("one tile, such as 9s or E");
            }
            ctx.win = Some(tile);
        }
        "dora" | "ura" | "discards" => {
            let list = match key {
                "dora" => &mut ctx.dora,
                "ura" => &mut ctx.ura,
                _ => &mut ctx.discards,
            };
            if !list.is_empty() || (key == "dora" && !ctx.dora_flowers.is_empty()) {
                return repeated();
            }
            let mut flowers = Vec::new();
            let mut rest = value;
            loop {
                // A flower can be the tile turned over in the dead wall: `dora=f2`.
                if key == "dora"
                    && let Ok((after, (_, n))) =
                        (char::<_, Fail>('f'), satisfy(|c| ('1'..='4').contains(&c))).parse(rest)
                {
                    flowers.push(BonusToken {
                        tile: BonusTile::Flower(n as u8 - b'0'),
                        span: span_of(rest, after),
                    });
                    let (after, comma) = opt(char::<_, Fail>(',')).parse(after)?;
                    if comma.is_some() {
                        rest = after;
                        continue;
                    } else if ends_value(after) {
                        break;
                    }
                    return bad("tiles separated by commas, such as 3p,N or f2");
                }
                let (after, tile) = match single_tile(rest, span_of) {
                    Ok(ok) => ok,
                    Err(nom::Err::Failure(f)) if f.kind.is_some() => {
                        return Err(nom::Err::Failure(f));
                    }
                    Err(_) => return bad("tiles separated by commas, such as 3p,N"),
                };
                list.push(tile);
                let (after, comma) = opt(char::<_, Fail>(',')).parse(after)?;
                if comma.is_some() {
                    rest = after;
                } else if ends_value(after) {
                    break;
                } else {
                    return bad("tiles separated by commas, such as 3p,N");
                }
            }
            ctx.dora_flowers.extend(flowers);
        }
        "kong-from" => {
            if !ctx.kong_from.is_empty() {
                return repeated();
            }
            const EXPECTED: &str =
                "kongs as TILE:SEAT or TILE:self separated by commas, such as 5p:S,E:self";
            let listed = comma_list(value, |rest| {
                let (after, tile) = single_tile(rest, span_of).ok()?;
                let after = after.strip_prefix(':')?;
                let (after, source) = if let Some(next) = after.strip_prefix("self") {
                    (next, KongSource::Promoted)
                } else {
                    let (next, wind) = wind_value(after).ok()?;
                    (next, KongSource::Claimed(wind))
                };
                ctx.kong_from.push(KongFrom {
                    tile,
                    source,
                    span: span_of(rest, after),
                });
                Some(after)
            });
            if !listed {
                return bad(EXPECTED);
            }
        }
        "dealt" => {
            if !ctx.dealt.is_empty() {
                return repeated();
            }
            const EXPECTED: &str =
                "full bonus sets separated by commas: f flowers, x seasons, h faces, a animals";
            let listed = comma_list(value, |rest| {
                let letter = rest.chars().next()?;
                let set = BonusSet::from_letter(letter)?;
                let after = &rest[letter.len_utf8()..];
                ctx.dealt.push(Spanned {
                    value: set,
                    span: span_of(rest, after),
                });
                Some(after)
            });
            if !listed {
                return bad(EXPECTED);
            }
        }
        "others-fan" | "others-fly" => {
            let list = if key == "others-fan" {
                &mut ctx.others_fan
            } else {
                &mut ctx.others_fly
            };
            if !list.is_empty() {
                return repeated();
            }
            let expected: &str = if key == "others-fan" {
                "SEAT:FAN (up to 1000) separated by commas, such as S:6,W:3"
            } else {
                "SEAT:FLY-TILES (up to 1000) separated by commas, such as S:1,W:0"
            };
            let listed = comma_list(value, |rest| {
                let (after, wind) = wind_value(rest).ok()?;
                let seat_span = span_of(rest, after);
                let after = after.strip_prefix(':')?;
                let (after, digits) = digit1::<_, Fail>(after).ok()?;
                let number = digits.parse::<u32>().ok().filter(|&n| n <= MAX_COUNT)?;
                list.push((
                    Spanned {
                        value: wind,
                        span: seat_span,
                    },
                    number,
                ));
                Some(after)
            });
            if !listed {
                return bad(expected);
            }
        }
        _ => unreachable!("only called for KEYS"),
    }
    Ok((value, ()))
}

/// Reads `value` as items separated by commas up to the end of the value, each read by
/// `item` (which returns what follows it); false if an item or a separator is wrong.
fn comma_list<'a>(value: &'a str, mut item: impl FnMut(&'a str) -> Option<&'a str>) -> bool {
    let mut rest = value;
    loop {
        let Some(after) = item(rest) else {
            return false;
        };
        match after.strip_prefix(',') {
            Some(next) => rest = next,
            None => return ends_value(after),
        }
    }
}

/// The largest count `draws=`, `honba=`, `sticks=`, `others-fan=` and `others-fly=` take (the
/// error messages say it too). Not a rule: no table gets near it, and it keeps the payment
/// arithmetic on these counts far from overflow.
const MAX_COUNT: u32 = 1000;

fn ends_value(rest: &str) -> bool {
    rest.chars().next().is_none_or(char::is_whitespace)
}

fn wind_value(input: &str) -> Res<'_, Wind> {
    let (rest, letter) = satisfy(|c| Wind::from_letter(c).is_some()).parse(input)?;
    Ok((
        rest,
        Wind::from_letter(letter).unwrap_or_else(|| unreachable!("checked by satisfy")),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiles(hand: &HandInput) -> String {
        crate::tile::write_tiles(hand.concealed.iter().map(|t| t.tile))
    }

    #[test]
    fn reads_runs_honours_and_context() {
        let hand = parse_hand("123p456m99s EEE ww +f2 tsumo").expect("valid");
        assert_eq!(tiles(&hand), "123p456m99sEEEww");
        assert_eq!(hand.bonus.len(), 1);
        assert_eq!(
            hand.context.win_method.map(|m| m.value),
            Some(WinMethod::Tsumo)
        );
    }

    #[test]
    fn runs_may_touch() {
        let a = parse_hand("123p456m99sEEEww").expect("valid");
        let b = parse_hand("123p 456m 99s EEE ww").expect("valid");
        assert_eq!(tiles(&a), tiles(&b));
    }

    #[test]
    fn reads_mpsz_honours_and_red_fives() {
        let hand = parse_hand("1234567z 0p").expect("valid");
        assert_eq!(tiles(&hand), "ESWNwgr5p");
        assert!(hand.concealed[7].red);
    }

    #[test]
    fn reads_sets_and_keys() {
        let hand =
            parse_hand("[555p] (rrrr) 11m win=1m ron=S seat=W round=S dora=3p,N waiting=S draws=2")
                .expect("valid");
        assert_eq!(hand.declared.len(), 2);
        assert_eq!(hand.declared[1].declared, Declared::Concealed);
        assert_eq!(
            hand.context.win_method.map(|m| m.value),
            Some(WinMethod::Ron(Some(Wind::South)))
        );
        assert_eq!(hand.context.dora.len(), 2);
        assert_eq!(hand.context.draws.map(|d| d.value), Some(2));
    }

    #[test]
    fn errors_point_at_the_problem() {
        let err = parse_hand("123x456p").expect_err("bad suit");
        assert_eq!(err.span, Span::new(3, 4));
        assert_eq!(
            err.to_string(),
            "'x' is not a suit letter (expected m, p, s or z)"
        );
        let err = parse_hand("123p tsumoo").expect_err("unknown word");
        assert_eq!(err.span, Span::new(5, 11));
        let err = parse_hand("123p foo=1").expect_err("unknown key");
        assert!(matches!(err.kind, NotationErrorKind::UnknownKey(_)));
        let err = parse_hand("[555p").expect_err("unclosed");
        assert!(matches!(err.kind, NotationErrorKind::Unclosed('[')));
        let err = parse_hand("8z").expect_err("bad honour");
        assert!(matches!(err.kind, NotationErrorKind::BadNumber { .. }));
        let err = parse_hand("tsumo ron").expect_err("twice");
        assert!(matches!(err.kind, NotationErrorKind::Repeated(_)));
        let err = parse_hand("[124p]").expect_err("not a set");
        assert!(matches!(err.kind, NotationErrorKind::NotASet(_)));
        let err = parse_hand("(555p)").expect_err("concealed pong");
        assert_eq!(err.kind, NotationErrorKind::ConcealedNotKong);
    }

    #[test]
    fn reads_jokers_and_the_malaysian_keys() {
        let hand = parse_hand(
            "123p EJE +h1a4x2 kong-from=7p:S,E:self dealt=f,h others-fan=S:3,W:6 double-replacement",
        )
        .expect("valid");
        assert_eq!(tiles(&hand), "123pEE");
        assert_eq!(hand.jokers.len(), 1);
        assert_eq!(hand.jokers[0], Span::new(6, 7));
        assert_eq!(
            hand.bonus.iter().map(|b| b.tile).collect::<Vec<_>>(),
            vec![
                BonusTile::Face(1),
                BonusTile::Animal(4),
                BonusTile::Season(2)
            ]
        );
        let ctx = &hand.context;
        assert_eq!(ctx.kong_from.len(), 2);
        assert_eq!(ctx.kong_from[0].source, KongSource::Claimed(Wind::South));
        assert_eq!(ctx.kong_from[1].source, KongSource::Promoted);
        assert_eq!(
            ctx.dealt.iter().map(|d| d.value).collect::<Vec<_>>(),
            vec![BonusSet::Flowers, BonusSet::Faces]
        );
        assert_eq!(
            ctx.others_fan
                .iter()
                .map(|(w, f)| (w.value, *f))
                .collect::<Vec<_>>(),
            vec![(Wind::South, 3), (Wind::West, 6)]
        );
        assert!(ctx.double_replacement.is_some());
        let err = parse_hand("123p dealt=f,q").expect_err("bad set letter");
        assert!(matches!(err.kind, NotationErrorKind::BadValue { .. }));
        let err = parse_hand("123p others-fan=S:1,S").expect_err("no fan");
        assert!(matches!(err.kind, NotationErrorKind::BadValue { .. }));
    }

    #[test]
    fn a_missing_value_or_bracket_shows_what_is_expected() {
        for key in KEYS {
            let err = parse_hand(&format!("123p {key}=")).expect_err("no value");
            assert!(
                err.to_string().contains(&format!("such as {key}=")),
                "{err}"
            );
        }
        let err = parse_hand("[555p 123p").expect_err("unclosed");
        assert_eq!(
            err.to_string(),
            "'[' is not closed (expected ']' after the set's tiles, such as [555p])"
        );
    }

    #[test]
    fn a_space_before_equals_is_pointed_out() {
        let err = parse_hand("123p ron =S").expect_err("space");
        assert!(err.to_string().contains("no space around '='"), "{err}");
        assert_eq!(err.span, Span::new(9, 10));
    }

    #[test]
    fn an_upper_case_suit_letter_is_pointed_out() {
        let err = parse_hand("123p 99S").expect_err("S after digits");
        assert!(err.to_string().contains("did you mean 's'?"), "{err}");
        assert_eq!(err.span, Span::new(7, 8));
    }

    #[test]
    fn a_count_too_large_says_the_limit() {
        for line in [
            "123p draws=1001",
            "123p honba=99999999999999",
            "123p others-fan=S:1001",
            "123p others-fly=S:1,W:99999999999999",
        ] {
            let err = parse_hand(line).expect_err("too large");
            assert!(err.to_string().contains("up to 1000"), "{err}");
        }
    }

    #[test]
    fn an_alias_given_with_its_word_says_they_are_one() {
        let err = parse_hand("123p riichi ready").expect_err("twice");
        assert_eq!(
            err.to_string(),
            "'ready' is given twice ('riichi' and 'ready' are the same word)"
        );
        assert_eq!(err.span, Span::new(12, 17));
    }

    #[test]
    fn unknown_words_and_keys_suggest_what_was_meant() {
        let message = |line: &str| parse_hand(line).expect_err("refused").to_string();
        assert!(message("123p eee").contains("unknown word 'eee'; did you mean 'EEE'?"));
        assert!(message("123p GG").contains("did you mean 'gg'?"));
        assert!(message("123p Tsumo").contains("did you mean 'tsumo'?"));
        assert!(message("123p ipatsu").contains("did you mean 'ippatsu'?"));
        assert!(message("123p Seat=S").contains("unknown key 'Seat='; did you mean 'seat='?"));
        assert!(message("123p draw=1").contains("did you mean 'draws='?"));
        assert!(!message("123p xyz").contains("did you mean"));
    }

    #[test]
    fn a_tile_in_a_context_value_is_placed_where_it_is_written() {
        let hand = parse_hand("11p win=9p dora=1p,E discards=0s tsumo").expect("valid");
        let ctx = &hand.context;
        assert_eq!(ctx.win.map(|t| t.span), Some(Span::new(8, 9)));
        assert_eq!(ctx.dora[0].span, Span::new(16, 17));
        assert_eq!(ctx.discards[0].span, Span::new(30, 31));
        let err = parse_hand("11p dora=8z tsumo").expect_err("no such honour");
        assert_eq!(err.span, Span::new(9, 10));
        let err = parse_hand("11p dora=9x tsumo").expect_err("no such suit");
        assert_eq!(err.span, Span::new(10, 11));
    }

    #[test]
    fn caret_sits_under_the_column() {
        assert_eq!(
            caret_snippet("123x456p", Span::new(3, 4)),
            "  123x456p\n     ^"
        );
    }

    #[test]
    fn a_tab_is_shown_as_a_space_to_keep_the_caret_aligned() {
        assert_eq!(
            caret_snippet("123p\t4x", Span::new(6, 7)),
            "  123p 4x\n        ^"
        );
    }

    #[test]
    fn a_very_long_line_is_shown_around_the_problem() {
        let line = format!("{}x{}", "1p".repeat(500), "9s".repeat(500));
        let snippet = caret_snippet(&line, Span::new(1000, 1001));
        let (text, carets) = snippet.split_once('\n').expect("two lines");
        assert!(text.chars().count() < 130, "{text}");
        assert!(text.starts_with("  …1p") && text.ends_with('…'), "{text}");
        let column = carets.find('^').expect("a caret");
        assert_eq!(text.chars().nth(column), Some('x'), "{snippet}");
        let whole = caret_snippet(&line, Span::new(0, line.len()));
        assert!(whole.lines().all(|l| l.chars().count() < 130), "{whole}");
    }
}
