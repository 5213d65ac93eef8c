//! A win stated by its value in place of tiles: `3 han 40 fu`, `5 han`, `6 fan`,
//! `5 hand-points 8 bonus-points`, or a limit by name (`mangan`, `half-limit`), read into
//! [`ValueInput`]. Which values a ruleset can produce is checked by [`crate::hand`].

use super::ast::{HandInput, LimitName, Spanned, ValueInput};
use super::context::MAX_COUNT;
use super::error::NotationErrorKind;
use super::fail::{Res, fail};
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
    // By bytes: a tile run (`123p`) is told apart at the byte after its digits.
    let bytes = input.as_bytes();
    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || !matches!(bytes.get(digits), Some(b' ' | b'\t')) {
        return false;
    }
    bytes[digits..]
        .iter()
        .find(|&&b| b != b' ' && b != b'\t')
        .is_some_and(u8::is_ascii_lowercase)
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
            (_, Some(Unit::Han | Unit::Fan | Unit::HandPoints)) => {
                return repeated(next, next.len() - amount.rest.len());
            }
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

#[cfg(test)]
mod tests {
    use crate::diagnostic::Span;
    use crate::notation::{LimitName, NotationErrorKind, ValueInput, parse_hand};

    fn value(line: &str) -> ValueInput {
        parse_hand(line).expect("parses").value.expect("a value")
    }

    #[test]
    fn reads_each_kind_of_value_and_its_place() {
        let ValueInput::Han { han, fu } = value("3 han 40 fu ron=S") else {
            panic!("han");
        };
        assert_eq!((han.value, han.span), (3, Span::new(0, 5)));
        assert_eq!(fu.map(|f| (f.value, f.span)), Some((40, Span::new(6, 11))));
        assert!(matches!(
            value("5 han tsumo"),
            ValueInput::Han { fu: None, .. }
        ));
        assert!(matches!(value("6 fan"), ValueInput::Fan(f) if f.value == 6));
        let ValueInput::Points { hand, bonus } = value("1 hand-point 1 bonus-point") else {
            panic!("points");
        };
        assert_eq!((hand.value, bonus.map(|b| b.value)), (1, Some(1)));
        let ValueInput::Limit { limit, bonus } = value("half-limit 8 bonus-points") else {
            panic!("limit");
        };
        assert_eq!(
            (limit.value, bonus.map(|b| b.value)),
            (LimitName::HalfLimit, Some(8))
        );
        assert!(matches!(
            value("double-yakuman"),
            ValueInput::Limit { limit, .. } if limit.value == LimitName::DoubleYakuman
        ));
    }

    #[test]
    fn the_value_may_follow_context_words_and_the_tiles_read_as_ever() {
        let hand = parse_hand("ron=S seat=W 3 han 40 fu").expect("parses");
        assert!(hand.value.is_some() && hand.context.seat.is_some());
        let tiles = parse_hand("123p 456p").expect("tiles");
        assert!(tiles.value.is_none());
        assert_eq!(tiles.concealed.len(), 6);
    }

    #[test]
    fn a_value_with_tiles_or_twice_or_out_of_order_is_refused_where_written() {
        let err = |line: &str| parse_hand(line).expect_err(line);
        let with_tiles = err("3 han 40 fu 123p");
        assert_eq!(with_tiles.kind, NotationErrorKind::ValueWithTiles);
        assert_eq!(with_tiles.span, Span::new(12, 13));
        assert!(matches!(
            err("mangan 3 han 40 fu").kind,
            NotationErrorKind::Repeated(_)
        ));
        assert!(matches!(
            err("3 hans").kind,
            NotationErrorKind::ValueUnit(_)
        ));
        assert!(matches!(
            err("40 fu 3 han").kind,
            NotationErrorKind::Value(_)
        ));
        assert!(matches!(
            err("3 han 8 bonus-points").kind,
            NotationErrorKind::Value(_)
        ));
        assert!(matches!(err("1001 han").kind, NotationErrorKind::Value(_)));
        assert!(matches!(
            err("99999999999 fan").kind,
            NotationErrorKind::Value(_)
        ));
    }
}
