//! The words a record line is made of, for the nom parsers: nom's error with what was
//! expected, a word, a player's name, a number, the end of the line.

use nom::bytes::complete::{take_till1, take_while};
use nom::{IResult, Parser};

use super::{KEYWORDS, Word};
use crate::diagnostic::Span;

pub(super) type Res<'a, T> = IResult<&'a str, T, Fail<'a>>;

/// nom's error for the record: where it failed and, once known, what was expected.
#[derive(Debug)]
pub(super) struct Fail<'a> {
    pub at: &'a str,
    pub message: Option<String>,
}

impl<'a> nom::error::ParseError<&'a str> for Fail<'a> {
    fn from_error_kind(input: &'a str, _kind: nom::error::ErrorKind) -> Self {
        Fail {
            at: input,
            message: None,
        }
    }

    fn append(_input: &'a str, _kind: nom::error::ErrorKind, other: Self) -> Self {
        other
    }
}

pub(super) fn fail<'a, T>(at: &'a str, message: impl Into<String>) -> Res<'a, T> {
    Err(nom::Err::Failure(Fail {
        at,
        message: Some(message.into()),
    }))
}

/// The next word (up to a space or a colon), spaces before it skipped.
pub(super) fn token(input: &str) -> Res<'_, &str> {
    let (input, _) = take_while(char::is_whitespace).parse(input)?;
    take_till1(|c: char| c.is_whitespace() || c == ':').parse(input)
}

/// `input` with its leading spaces skipped.
pub(super) fn skip_spaces(input: &str) -> &str {
    input.trim_start()
}

/// The next word as a [`Word`] of `line`, or a failure saying `what` was expected.
pub(super) fn word<'a>(line: &'a str, input: &'a str, what: &str) -> Res<'a, Word> {
    match token(input) {
        Ok((rest, text)) => {
            let start = line.len() - skip_spaces(input).len();
            Ok((
                rest,
                Word {
                    text: text.to_string(),
                    span: Span::new(start, start + text.len()),
                },
            ))
        }
        Err(_) => fail(skip_spaces(input), format!("expected {what}")),
    }
}

/// A player's name: a word that is no keyword, or a name in double quotes (`"Ah Meng"`):
/// words separated by single spaces, without `:`, `#` or `"`.
pub(super) fn name<'a>(line: &'a str, input: &'a str, what: &str) -> Res<'a, Word> {
    let at = skip_spaces(input);
    let (rest, found) = match at.strip_prefix('"') {
        Some(inner) => quoted(line, at, inner)?,
        None => word(line, input, what)?,
    };
    if KEYWORDS.contains(&found.text.as_str()) {
        return fail(
            skip_spaces(input),
            format!("expected {what}, found the keyword `{}`", found.text),
        );
    }
    Ok((rest, found))
}

/// A quoted name, `at` its opening quote and `inner` what follows it.
fn quoted<'a>(line: &'a str, at: &'a str, inner: &'a str) -> Res<'a, Word> {
    let Some(close) = inner.find('"') else {
        return fail(at, "expected the closing `\"` of the quoted name");
    };
    let text = &inner[..close];
    if !is_quotable_name(text) {
        return fail(
            at,
            "a quoted name is words separated by single spaces, without `:` or `#`",
        );
    }
    let rest = &inner[close + 1..];
    if rest.starts_with(|c: char| !c.is_whitespace() && c != ':') {
        return fail(rest, "expected a space after the quoted name");
    }
    let start = line.len() - at.len();
    Ok((
        rest,
        Word {
            text: text.to_string(),
            span: Span::new(start, start + close + 2),
        },
    ))
}

/// Whether `text` is a name the record writes in quotes: words separated by single spaces
/// (no other space, none at either end), without `:`, `#` or `"`.
pub(super) fn is_quotable_name(text: &str) -> bool {
    text.split(' ').all(|word| {
        !word.is_empty()
            && !word.contains(|c: char| c.is_whitespace() || matches!(c, ':' | '#' | '"'))
    })
}

/// The end of the line: nothing but spaces may follow.
pub(super) fn end<'a>(input: &'a str, what: &str) -> Res<'a, ()> {
    let rest = skip_spaces(input);
    if rest.is_empty() {
        Ok((rest, ()))
    } else {
        fail(rest, format!("unexpected text after {what}"))
    }
}

/// A number word of `line` (`what` says what it counts).
pub(super) fn number<'a>(line: &'a str, input: &'a str, what: &str) -> Res<'a, (u32, Span)> {
    let at = skip_spaces(input);
    let (rest, written) = word(line, input, what)?;
    match written.text.parse::<u32>() {
        Ok(n) if n <= super::MAX_AMOUNT => Ok((rest, (n, written.span))),
        _ => fail(at, format!("expected {what}")),
    }
}
