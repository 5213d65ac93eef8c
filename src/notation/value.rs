//! A win stated by its value in place of tiles: `3 han 40 fu`, `5 han`, `6 fan`,
//! `5 hand-points 8 bonus-points`, or a limit by name (`mangan`, `half-limit`), read into
//! [`ValueInput`]. Which values a ruleset can produce is checked by [`crate::hand`].

use super::ast::{HandInput, LimitName, Spanned, ValueInput};
use super::context::MAX_COUNT;
use super::error::NotationErrorKind;
use super::parser::{Res, fail};
use crate::diagnostic::Span;

/// A word that follows a number in a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unit {
    Han,
    Fu,
    Fan,
    HandPoints,
    BonusPoints,
}

impl Unit {
    fn from_word(word: &str) -> Option<Unit> {
        Some(match word {
            "han" => Unit::Han,
            "fu" => Unit::Fu,
            "fan" => Unit::Fan,
            "hand-point" | "hand-points" => Unit::HandPoints,
            "bonus-point" | "bonus-points" => Unit::BonusPoints,
            _ => return None,
        })
    }
}

/// A number and its unit word, as written.
struct Amount<'a> {
    number: Spanned<u32>,
    unit: Option<Unit>,
    /// The unit word as written (for errors).
    word: &'a str,
    /// Where the number starts.
    at: &'a str,
    /// What follows the unit word.
    rest: &'a str,
}

/// `input` starts with digits, whitespace and a lower-case word: a value, not a tile run
/// (whose digits are followed by their suit letter).
pub(super) fn starts_value(input: &str) -> bool {
    let after_digits = input.trim_start_matches(|c: char| c.is_ascii_digit());
    after_digits.len() < input.len()
        && after_digits.starts_with([' ', '\t'])
        && after_digits
            .trim_start_matches([' ', '\t'])
            .starts_with(|c: char| c.is_ascii_lowercase())
}

/// The number and word at the start of `input`, if it is digits, whitespace and a word.
fn amount<'a>(input: &'a str, span_of: impl Fn(&str, &str) -> Span) -> Option<Amount<'a>> {
    if !starts_value(input) {
        return None;
    }
    let digits_len = input.bytes().take_while(u8::is_ascii_digit).count();
    let (digits, after) = input.split_at(digits_len);
    // The number's span covers its unit word too (`3 han`).
    let word_at = after.trim_start_matches([' ', '\t']);
    let word_len = word_at
        .bytes()
        .take_while(|&b| b.is_ascii_alphabetic() || b == b'-')
        .count();
    let (word, rest) = word_at.split_at(word_len);
    // Too many digits for a u32 reads as past the limit, which is refused below.
    let value = digits.parse::<u32>().unwrap_or(u32::MAX);
    Some(Amount {
        number: Spanned {
            value,
            span: span_of(input, rest),
        },
        unit: Unit::from_word(word),
        word,
        at: input,
        rest,
    })
}

/// A value's number over [`MAX_COUNT`], or a unit word that is none.
fn checked<'a>(amount: &Amount<'a>) -> Res<'a, ()> {
    if amount.unit.is_none() {
        let at = amount.at.len() - amount.rest.len() - amount.word.len();
        return fail(
            &amount.at[at..],
            amount.word.len().max(1),
            NotationErrorKind::ValueUnit(amount.word.to_string()),
        );
    }
    if amount.number.value > MAX_COUNT {
        let digits = amount.at.bytes().take_while(u8::is_ascii_digit).count();
        return fail(
            amount.at,
            digits,
            NotationErrorKind::Value("a value's number is a whole number up to 1000"),
        );
    }
    Ok((amount.rest, ()))
}

/// A value starting with a number (`3 han 40 fu`), the caller having seen
/// [`starts_value`].
pub(super) fn numbered_value<'a>(
    input: &'a str,
    span_of: impl Fn(&str, &str) -> Span + Copy,
    hand: &mut HandInput,
) -> Res<'a, ()> {
    let Some(first) = amount(input, span_of) else {
        return fail(input, 1, NotationErrorKind::BadSuit(None));
    };
    if hand.value.is_some() {
        return repeated(input, input.len() - first.rest.len());
    }
    checked(&first)?;
    let (value, second_unit) = match first.unit {
        Some(Unit::Han) => (
            ValueInput::Han {
                han: first.number,
                fu: None,
            },
            Some(Unit::Fu),
        ),
        Some(Unit::Fan) => (ValueInput::Fan(first.number), None),
        Some(Unit::HandPoints) => (
            ValueInput::Points {
                hand: first.number,
                bonus: None,
            },
            Some(Unit::BonusPoints),
        ),
        Some(Unit::Fu) => {
            return fail(
                input,
                first.at.len() - first.rest.len(),
                NotationErrorKind::Value(
                    "the fu follow the han: write the han first, such as 3 han 40 fu",
                ),
            );
        }
        Some(Unit::BonusPoints) | None => {
            return fail(
                input,
                first.at.len() - first.rest.len(),
                NotationErrorKind::Value(
                    "bonus-points follow the hand-points or a limit, such as 5 hand-points 8 bonus-points",
                ),
            );
        }
    };
    second(first.rest, value, second_unit, span_of, hand)
}

/// A limit named in place of a value (`mangan`, `half-limit 8 bonus-points`); `after` is what
/// follows its word.
pub(super) fn limit_value<'a>(
    input: &'a str,
    limit: Spanned<LimitName>,
    after: &'a str,
    span_of: impl Fn(&str, &str) -> Span + Copy,
    hand: &mut HandInput,
) -> Res<'a, ()> {
    if hand.value.is_some() {
        return repeated(input, input.len() - after.len());
    }
    let value = ValueInput::Limit { limit, bonus: None };
    second(after, value, Some(Unit::BonusPoints), span_of, hand)
}

/// Reads the second part a value may have (`40 fu` after `3 han`, `8 bonus-points` after
/// hand-points or a limit), then keeps the value.
fn second<'a>(
    rest: &'a str,
    mut value: ValueInput,
    unit: Option<Unit>,
    span_of: impl Fn(&str, &str) -> Span + Copy,
    hand: &mut HandInput,
) -> Res<'a, ()> {
    let next = rest.trim_start_matches([' ', '\t']);
    let mut rest = rest;
    if let Some(amount) = amount(next, span_of) {
        checked(&amount)?;
        let number = Some(amount.number);
        match (&mut value, amount.unit) {
            (ValueInput::Han { fu, .. }, Some(Unit::Fu)) => *fu = number,
            (
                ValueInput::Points { bonus, .. } | ValueInput::Limit { bonus, .. },
                Some(Unit::BonusPoints),
            ) => *bonus = number,
            _ => {
                let expected = match unit {
                    Some(Unit::Fu) => "after the han come their fu, such as 3 han 40 fu",
                    Some(_) => {
                        "after the hand-points or a limit come the bonus-points, such as 5 hand-points 8 bonus-points"
                    }
                    None => "a value is one amount, such as 6 fan",
                };
                let len = next.len() - amount.rest.len();
                return fail(next, len, NotationErrorKind::Value(expected));
            }
        }
        rest = amount.rest;
    }
    hand.value = Some(value);
    Ok((rest, ()))
}

/// A second value in one line.
fn repeated(at: &str, len: usize) -> Res<'_, ()> {
    fail(
        at,
        len,
        NotationErrorKind::Repeated(
            "the value is already given (a win is stated by one value)".into(),
        ),
    )
}
