//! Context words and `key=value` pairs, read into [`ContextInput`] at the slot the
//! vocabulary names for them.

use nom::{
    Parser,
    character::complete::{char, digit1, satisfy},
    combinator::opt,
};

use super::ast::{BonusToken, ContextInput, KongFrom, KongSource, Spanned, TileToken, WinMethod};
use super::error::NotationErrorKind;
use super::fail::{Fail, Res, fail};
use super::tiles::single_tile;
use super::vocabulary::{ContextKey, Slot, wind_letters};
use crate::diagnostic::Span;
use crate::tile::{BonusSet, BonusTile, Wind};

/// What a second `tsumo`/`ron` says.
const WIN_GIVEN_TWICE: &str = "how the hand was won is already given (tsumo or ron, once)";

/// A context word without a value, written as `name` (the entry's name or an alias).
pub(super) fn flag_word<'a>(
    input: &'a str,
    entry: &ContextKey,
    name: &str,
    span: Span,
    ctx: &mut ContextInput,
) -> Res<'a, ()> {
    let repeated = |what: String| fail(input, name.len(), NotationErrorKind::Repeated(what));
    let slot = match entry.slot {
        Slot::WinMethod => {
            if ctx.win_method.is_some() {
                return repeated(WIN_GIVEN_TWICE.into());
            }
            let value = if name == "tsumo" {
                WinMethod::Tsumo
            } else {
                WinMethod::Ron(None)
            };
            ctx.win_method = Some(Spanned { value, span });
            return Ok((input, ()));
        }
        Slot::Riichi => &mut ctx.riichi,
        Slot::DoubleRiichi => &mut ctx.double_riichi,
        Slot::Ippatsu => &mut ctx.ippatsu,
        Slot::Last => &mut ctx.last,
        Slot::Replacement => &mut ctx.replacement,
        Slot::Robbed => &mut ctx.robbed,
        Slot::RobbedKita => &mut ctx.robbed_kita,
        Slot::RobbedConcealed => &mut ctx.robbed_concealed,
        Slot::First => &mut ctx.first,
        Slot::DoubleReplacement => &mut ctx.double_replacement,
        other => unreachable!("{other:?} is a key, not a word"),
    };
    if slot.replace(span).is_some() {
        let same = match entry.aliases {
            [alias, ..] => format!(" ('{}' and '{alias}' are the same word)", entry.name),
            [] => String::new(),
        };
        return repeated(format!("'{name}' is given twice{same}"));
    }
    Ok((input, ()))
}

/// How a value's tokens are placed in the line.
type SpanOf<'s> = &'s dyn Fn(&str, &str) -> Span;

/// One `key=value` being read.
struct KeyValue<'a, 's> {
    /// The key.
    key: &'static str,
    /// Where the key was written.
    key_span: Span,
    /// The value and the rest of the line after it.
    value: &'a str,
    /// Places a token of the value in the line.
    span_of: SpanOf<'s>,
}

impl<'a> KeyValue<'a, '_> {
    /// The value does not fit the key.
    fn bad(&self, expected: &'static str) -> Res<'a, ()> {
        self.bad_meaning(expected, None)
    }

    /// The value does not fit the key, and `meant` was most likely meant.
    fn bad_meaning(&self, expected: &'static str, meant: Option<String>) -> Res<'a, ()> {
        let len = self.value.split_whitespace().next().map_or(1, str::len);
        let key = self.key.to_string();
        let kind = NotationErrorKind::BadValue {
            key,
            expected,
            meant,
        };
        fail(self.value, len, kind)
    }

    /// The value does not fit a key of seat winds; winds written as words (`south`) or in
    /// lower case are given back as the key takes them (`seat=S`).
    fn bad_winds(&self, expected: &'static str) -> Res<'a, ()> {
        let written = self.value.split_whitespace().next().unwrap_or_default();
        let meant = wind_letters(written).map(|winds| format!("{}={winds}", self.key));
        self.bad_meaning(expected, meant)
    }

    /// The key was given before.
    fn repeated(&self) -> Res<'a, ()> {
        let what = format!("'{}=' is given twice", self.key);
        fail(self.value, 1, NotationErrorKind::Repeated(what))
    }
}

/// `key=value` for the context keys.
pub(super) fn key_value<'a>(
    entry: &ContextKey,
    key_span: Span,
    value: &'a str,
    span_of: impl Fn(&str, &str) -> Span + Copy,
    ctx: &mut ContextInput,
) -> Res<'a, ()> {
    let kv = KeyValue {
        key: entry.name,
        key_span,
        value,
        span_of: &span_of,
    };
    match entry.slot {
        Slot::WinMethod | Slot::Seat | Slot::Round => seat_wind(&kv, entry.slot, ctx),
        Slot::Waiting => waiting_seats(&kv, ctx),
        Slot::Draws => count(&kv, &mut ctx.draws),
        Slot::Honba => count(&kv, &mut ctx.honba),
        Slot::Sticks => count(&kv, &mut ctx.sticks),
        Slot::Win => win_tile(&kv, ctx),
        Slot::Dora => dora_indicators(&kv, ctx),
        Slot::Ura => tile_list(&kv, &mut ctx.ura),
        Slot::Discards => tile_list(&kv, &mut ctx.discards),
        Slot::KongFrom => kong_sources(&kv, ctx),
        Slot::Dealt => dealt_sets(&kv, ctx),
        Slot::OthersFan => seat_counts(
            &kv,
            &mut ctx.others_fan,
            "SEAT:FAN (up to 1000) separated by commas, such as S:6,W:3",
        ),
        Slot::OthersFly => seat_counts(
            &kv,
            &mut ctx.others_fly,
            "SEAT:FLY-TILES (up to 1000) separated by commas, such as S:1,W:0",
        ),
        other => unreachable!("{other:?} is a word, not a key"),
    }
}

/// `ron=S`, `seat=S`, `round=S`.
fn seat_wind<'a>(kv: &KeyValue<'a, '_>, slot: Slot, ctx: &mut ContextInput) -> Res<'a, ()> {
    const EXPECTED: &str = "a seat wind: E, S or W";
    let Ok((after, wind)) = wind_value(kv.value) else {
        return kv.bad_winds(EXPECTED);
    };
    if !ends_value(after) {
        return kv.bad_winds(EXPECTED);
    }
    let spanned = Spanned {
        value: wind,
        span: (kv.span_of)(kv.value, after),
    };
    let taken = match slot {
        Slot::WinMethod => {
            if ctx.win_method.is_some() {
                return fail(
                    kv.value,
                    1,
                    NotationErrorKind::Repeated(WIN_GIVEN_TWICE.into()),
                );
            }
            ctx.win_method = Some(Spanned {
                value: WinMethod::Ron(Some(wind)),
                span: Span::new(kv.key_span.start, spanned.span.end),
            });
            false
        }
        Slot::Seat => ctx.seat.replace(spanned).is_some(),
        _ => ctx.round.replace(spanned).is_some(),
    };
    if taken {
        return kv.repeated();
    }
    Ok((kv.value, ()))
}

/// `waiting=S,W`.
fn waiting_seats<'a>(kv: &KeyValue<'a, '_>, ctx: &mut ContextInput) -> Res<'a, ()> {
    let expected = "seat winds separated by commas, such as S,W";
    let written = kv.value.split_whitespace().next().unwrap_or_default();
    if wind_letters(written).is_some() {
        return kv.bad_winds(expected);
    }
    listed(kv, &mut ctx.waiting, expected, |rest| {
        let (after, wind) = wind_value(rest).ok()?;
        let span = (kv.span_of)(rest, after);
        Some((after, Spanned { value: wind, span }))
    })
}

/// Items separated by commas, each read by `item` (returning what follows it), into
/// `list`, which the key must not have filled before.
fn listed<'a, T>(
    kv: &KeyValue<'a, '_>,
    list: &mut Vec<T>,
    expected: &'static str,
    mut item: impl FnMut(&'a str) -> Option<(&'a str, T)>,
) -> Res<'a, ()> {
    if !list.is_empty() {
        return kv.repeated();
    }
    let read = comma_list(kv.value, |rest| {
        let (after, value) = item(rest)?;
        list.push(value);
        Some(after)
    });
    if !read {
        return kv.bad(expected);
    }
    Ok((kv.value, ()))
}

/// `draws=`, `honba=`, `sticks=`: a count up to [`MAX_COUNT`].
fn count<'a>(kv: &KeyValue<'a, '_>, slot: &mut Option<Spanned<u32>>) -> Res<'a, ()> {
    let Ok((after, digits)) = digit1::<_, Fail>(kv.value) else {
        return kv.bad("a whole number");
    };
    let number = digits.parse::<u32>().ok().filter(|&n| n <= MAX_COUNT);
    let (Some(number), true) = (number, ends_value(after)) else {
        return kv.bad("a whole number up to 1000");
    };
    if slot.is_some() {
        return kv.repeated();
    }
    *slot = Some(Spanned {
        value: number,
        span: (kv.span_of)(kv.value, after),
    });
    Ok((kv.value, ()))
}

/// `win=9s`.
fn win_tile<'a>(kv: &KeyValue<'a, '_>, ctx: &mut ContextInput) -> Res<'a, ()> {
    const EXPECTED: &str = "one tile, such as 9s or E";
    if ctx.win.is_some() {
        return kv.repeated();
    }
    let Ok((after, tile)) = single_tile(kv.value, kv.span_of) else {
        return kv.bad(EXPECTED);
    };
    if !ends_value(after) {
        return kv.bad(EXPECTED);
    }
    ctx.win = Some(tile);
    Ok((kv.value, ()))
}

/// `dora=3p,N`: tiles, and flowers turned over in the dead wall (`dora=f2`).
fn dora_indicators<'a>(kv: &KeyValue<'a, '_>, ctx: &mut ContextInput) -> Res<'a, ()> {
    if !ctx.dora.is_empty() || !ctx.dora_flowers.is_empty() {
        return kv.repeated();
    }
    let mut flowers = Vec::new();
    let read = tiles_and(kv, &mut ctx.dora, |rest| {
        let (after, (_, n)) = (char::<_, Fail>('f'), satisfy(|c| ('1'..='4').contains(&c)))
            .parse(rest)
            .ok()?;
        flowers.push(BonusToken {
            tile: BonusTile::Flower(n as u8 - b'0'),
            span: (kv.span_of)(rest, after),
        });
        Some(after)
    });
    ctx.dora_flowers.extend(flowers);
    read
}

/// `ura=`, `discards=`: tiles separated by commas.
fn tile_list<'a>(kv: &KeyValue<'a, '_>, list: &mut Vec<TileToken>) -> Res<'a, ()> {
    if !list.is_empty() {
        return kv.repeated();
    }
    tiles_and(kv, list, |_| None)
}

/// Tiles separated by commas into `list`, where `other` may read an item that is not a
/// tile first (returning what follows it).
fn tiles_and<'a>(
    kv: &KeyValue<'a, '_>,
    list: &mut Vec<TileToken>,
    mut other: impl FnMut(&'a str) -> Option<&'a str>,
) -> Res<'a, ()> {
    let mut rest = kv.value;
    loop {
        let (after, expected) = if let Some(after) = other(rest) {
            (after, "tiles separated by commas, such as 3p,N or f2")
        } else {
            let (after, tile) = match single_tile(rest, kv.span_of) {
                Ok(ok) => ok,
                Err(nom::Err::Failure(f)) if f.kind.is_some() => {
                    return Err(nom::Err::Failure(f));
                }
                Err(_) => return kv.bad("tiles separated by commas, such as 3p,N"),
            };
            list.push(tile);
            (after, "tiles separated by commas, such as 3p,N")
        };
        let (after, comma) = opt(char::<_, Fail>(',')).parse(after)?;
        if comma.is_some() {
            rest = after;
        } else if ends_value(after) {
            return Ok((kv.value, ()));
        } else {
            return kv.bad(expected);
        }
    }
}

/// `kong-from=5p:S,E:self`.
fn kong_sources<'a>(kv: &KeyValue<'a, '_>, ctx: &mut ContextInput) -> Res<'a, ()> {
    let expected = "kongs as TILE:SEAT or TILE:self separated by commas, such as 5p:S,E:self";
    listed(kv, &mut ctx.kong_from, expected, |rest| {
        let (after, tile) = single_tile(rest, kv.span_of).ok()?;
        let after = after.strip_prefix(':')?;
        let (after, source) = if let Some(next) = after.strip_prefix("self") {
            (next, KongSource::Promoted)
        } else {
            let (next, wind) = wind_value(after).ok()?;
            (next, KongSource::Claimed(wind))
        };
        let span = (kv.span_of)(rest, after);
        Some((after, KongFrom { tile, source, span }))
    })
}

/// `dealt=f,x`.
fn dealt_sets<'a>(kv: &KeyValue<'a, '_>, ctx: &mut ContextInput) -> Res<'a, ()> {
    let expected = "full bonus sets separated by commas: f flowers, x seasons, h faces, a animals";
    listed(kv, &mut ctx.dealt, expected, |rest| {
        let letter = rest.chars().next()?;
        let set = BonusSet::from_letter(letter)?;
        let after = &rest[letter.len_utf8()..];
        let span = (kv.span_of)(rest, after);
        Some((after, Spanned { value: set, span }))
    })
}

/// `others-fan=S:6,W:3`, `others-fly=S:1,W:0`: a count per seat.
fn seat_counts<'a>(
    kv: &KeyValue<'a, '_>,
    list: &mut Vec<(Spanned<Wind>, u32)>,
    expected: &'static str,
) -> Res<'a, ()> {
    listed(kv, list, expected, |rest| {
        let (after, wind) = wind_value(rest).ok()?;
        let span = (kv.span_of)(rest, after);
        let after = after.strip_prefix(':')?;
        let (after, digits) = digit1::<_, Fail>(after).ok()?;
        let number = digits.parse::<u32>().ok().filter(|&n| n <= MAX_COUNT)?;
        Some((after, (Spanned { value: wind, span }, number)))
    })
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
pub const MAX_COUNT: u32 = 1000;

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
