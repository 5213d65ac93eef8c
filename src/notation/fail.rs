//! The parser's result and failure (nom's error type for it): shared by the parser and the
//! readers of tiles, context and values, which import it here rather than from each other.

use nom::IResult;

use super::error::NotationErrorKind;

/// The result of one of this parser's steps.
pub(super) type Res<'a, T> = IResult<&'a str, T, Fail<'a>>;

/// nom's error type for this parser: where it failed and, once known, why.
#[derive(Debug)]
pub(super) struct Fail<'a> {
    pub(super) at: &'a str,
    pub(super) len: usize,
    /// Boxed, so that the results every step returns stay small: a failure is rare.
    pub(super) kind: Option<Box<NotationErrorKind>>,
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

/// Stops the parse at `at` (`len` bytes) for `kind`.
pub(super) fn fail<T>(at: &str, len: usize, kind: NotationErrorKind) -> Res<'_, T> {
    Err(nom::Err::Failure(Fail {
        at,
        len,
        kind: Some(Box::new(kind)),
    }))
}
