//! Tiles as written: digit runs with a suit letter, honour letters, declared sets in
//! brackets and bonus tiles after `+`.

use nom::{
    Parser,
    bytes::complete::take_while1,
    character::complete::{char, satisfy},
};

use super::ast::{BonusToken, Declared, DeclaredInput, HandInput, TileToken};
use super::error::NotationErrorKind;
use super::fail::{Fail, Res, fail};
use super::vocabulary::honour_tile;
use crate::diagnostic::Span;
use crate::tile::{BonusTile, Dragon, Glyph, Suit, Tile, Wind};

/// Digits followed by a suit letter: `123p`, `0s`, `567z`; each tile is handed to `each` in
/// the order written (a tile run goes straight into the list that keeps it, without a `Vec`
/// of its own: issue 12).
pub(super) fn numbered_run<'a>(
    input: &'a str,
    span_of: impl Fn(&str, &str) -> Span,
    mut each: impl FnMut(TileToken),
) -> Res<'a, ()> {
    // The digits, as nom's `digit1` reads them (and failing as it does), by a plain scan of
    // the bytes: `digit1` cost more than the rest of a short run.
    let digits_len = input.bytes().take_while(u8::is_ascii_digit).count();
    if digits_len == 0 {
        return Err(nom::Err::Error(Fail {
            at: input,
            len: 1,
            kind: None,
        }));
    }
    let (digits, after_digits) = input.split_at(digits_len);
    let Some(letter) = after_digits.chars().next() else {
        return fail(after_digits, 1, NotationErrorKind::BadSuit(None));
    };
    if !matches!(letter, 'm' | 'p' | 's' | 'z') {
        let kind = NotationErrorKind::BadSuit(Some(letter).filter(|c| !c.is_whitespace()));
        return fail(after_digits, letter.len_utf8(), kind);
    }
    let rest = &after_digits[1..];
    for (i, digit) in digits.char_indices() {
        let at = &input[i..];
        let span = span_of(at, &at[1..]);
        let token = match numbered_tile(digit, letter) {
            Ok((tile, red)) => TileToken { tile, red, span },
            Err(kind) => return fail(at, 1, kind),
        };
        each(token);
    }
    Ok((rest, ()))
}

/// The tile a digit makes with a suit letter (`m`, `p`, `s` or `z`, checked by the caller),
/// and whether it is a red five (`0`).
fn numbered_tile(digit: char, letter: char) -> Result<(Tile, bool), NotationErrorKind> {
    let value = digit as u8 - b'0';
    match letter {
        'z' => {
            let tile = match value {
                1..=4 => Wind::ALL[value as usize - 1].tile(),
                5 => Dragon::White.tile(),
                6 => Dragon::Green.tile(),
                7 => Dragon::Red.tile(),
                _ => return Err(NotationErrorKind::BadNumber { digit, suit: 'z' }),
            };
            Ok((tile, false))
        }
        suit_letter => {
            let suit = Suit::from_letter(suit_letter)
                .unwrap_or_else(|| unreachable!("checked to be m, p or s"));
            let number = if value == 0 { 5 } else { value };
            let tile = Tile::numbered(suit, number)
                .unwrap_or_else(|| unreachable!("1-9 is always a tile"));
            Ok((tile, value == 0))
        }
    }
}

/// A single tile as used in context values: `5p`, `0s`, `E`, `w`, `3z`.
pub(super) fn single_tile<'a>(
    input: &'a str,
    span_of: impl Fn(&str, &str) -> Span,
) -> Res<'a, TileToken> {
    // The usual tile, a digit and its suit letter (`7p`), read directly: the same tile,
    // span and error as the general reading below gives it, without its run cut out of
    // the line and mapped back (issue 12).
    if let [
        digit @ b'0'..=b'9',
        letter @ (b'm' | b'p' | b's' | b'z'),
        ..,
    ] = *input.as_bytes()
    {
        let (digit_text, rest) = input.split_at(1);
        return match numbered_tile(char::from(digit), char::from(letter)) {
            Ok((tile, red)) => Ok((
                &rest[1..],
                TileToken {
                    tile,
                    red,
                    span: span_of(input, rest),
                },
            )),
            Err(kind) => fail(input, digit_text.len(), kind),
        };
    }
    if input.starts_with(|c: char| c.is_ascii_digit()) {
        let (rest, _digit) = satisfy(|c| c.is_ascii_digit()).parse(input)?;
        let run =
            &input[..input.len() - rest.len() + rest.chars().next().map_or(0, char::len_utf8)];
        // `run` is cut short of the line, and spans and error positions are counted from the
        // line's end, so each suffix of `run` is read as the same place in `input`.
        let within = |s: &str| -> &'a str { &input[run.len() - s.len()..] };
        // `run` holds one digit, so a run read without error gives exactly one tile.
        let mut first = None;
        numbered_run(
            run,
            |s, e| span_of(within(s), within(e)),
            |token| {
                first.get_or_insert(token);
            },
        )
        .map_err(|e| {
            e.map(|f| Fail {
                at: within(f.at),
                ..f
            })
        })?;
        let after = &input[run.len()..];
        let tile = first.unwrap_or_else(|| unreachable!("a run read without error has a tile"));
        Ok((after, tile))
    } else {
        let (rest, tile) = match glyph_tile(input) {
            Some((tile, rest)) => (rest, tile),
            None => {
                let (rest, letter) = satisfy(|c| honour_tile(c).is_some()).parse(input)?;
                let tile =
                    honour_tile(letter).unwrap_or_else(|| unreachable!("checked by satisfy"));
                (rest, tile)
            }
        };
        let span = span_of(input, rest);
        Ok((
            rest,
            TileToken {
                tile,
                red: false,
                span,
            },
        ))
    }
}

/// A tile written as its character of the Mahjong Tiles block at the start of `input`, and
/// what follows it.
fn glyph_tile(input: &str) -> Option<(Tile, &str)> {
    let c = input.chars().next()?;
    match Glyph::from_char(c)? {
        Glyph::Tile(tile) => Some((tile, &input[c.len_utf8()..])),
        _ => None,
    }
}

/// A run of tiles written as characters of the Mahjong Tiles block (U+1F000–U+1F02B): tiles
/// go among the concealed tiles, the joker among the jokers, flowers and seasons among the
/// bonus tiles (they are set aside without a `+`, since their character says what they are).
pub(super) fn glyph_run<'a>(
    input: &'a str,
    span_of: impl Fn(&str, &str) -> Span,
    hand: &mut HandInput,
) -> Res<'a, ()> {
    let (rest, run) = take_while1(|c| Glyph::from_char(c).is_some()).parse(input)?;
    for (i, c) in run.char_indices() {
        let at = &input[i..];
        let span = span_of(at, &at[c.len_utf8()..]);
        match Glyph::from_char(c) {
            Some(Glyph::Tile(tile)) => hand.concealed.push(TileToken {
                tile,
                red: false,
                span,
            }),
            Some(Glyph::Bonus(tile)) => hand.bonus.push(BonusToken { tile, span }),
            Some(Glyph::Joker) => hand.jokers.push(span),
            Some(Glyph::Back) | None => {
                return fail(at, c.len_utf8(), NotationErrorKind::TileBack);
            }
        }
    }
    Ok((rest, ()))
}

/// `+f1f3`, `+NN`, `+a2`, `+WW`, each tile pushed onto `tiles` (the hand's list, without a
/// `Vec` of the group's own).
pub(super) fn bonus_group<'a>(
    input: &'a str,
    span_of: impl Fn(&str, &str) -> Span,
    tiles: &mut Vec<BonusToken>,
) -> Res<'a, ()> {
    let (mut rest, _) = char('+').parse(input)?;
    let before = tiles.len();
    loop {
        let start = rest;
        let glyph = rest.chars().next().and_then(Glyph::from_char);
        let tile = if let Some(tile) = glyph.and_then(set_aside_glyph) {
            rest = &rest[rest.chars().next().map_or(0, char::len_utf8)..];
            tile
        } else if let Ok((next, _)) = char::<_, Fail>('N').parse(rest) {
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
    if tiles.len() == before {
        return fail(rest, 1, NotationErrorKind::BadBonus);
    }
    // A bonus group ends at a space, another item, or the end of the line.
    if let Some(c) = rest.chars().next()
        && !(c.is_whitespace() || matches!(c, '+' | '[' | '('))
    {
        return fail(rest, c.len_utf8(), NotationErrorKind::BadBonus);
    }
    Ok((rest, ()))
}

/// A character of the Mahjong Tiles block after `+`: a flower or season, or a North or West
/// wind set aside.
fn set_aside_glyph(glyph: Glyph) -> Option<BonusTile> {
    match glyph {
        Glyph::Bonus(tile) => Some(tile),
        Glyph::Tile(tile) if tile == Wind::North.tile() => Some(BonusTile::Kita),
        Glyph::Tile(tile) if tile == Wind::West.tile() => Some(BonusTile::West),
        _ => None,
    }
}

/// `[555p]`, `[5555p]`, `(rrrr)`, `[123p]`.
pub(super) fn declared_set<'a>(
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
    // A set holds three or four tiles: one allocation, never grown.
    let mut tiles = Vec::with_capacity(4);
    // A space was passed inside the brackets: what cannot go on the set after it most
    // likely follows a set whose closing bracket was left out.
    let mut spaced = false;
    let unclosed = || fail(input, 1, NotationErrorKind::Unclosed(open));
    loop {
        let c = rest.chars().next();
        match c {
            Some(c) if c == close => {
                rest = &rest[1..];
                break;
            }
            Some('0'..='9') => {
                let (next, ()) = numbered_run(rest, span_of, |token| tiles.push(token))?;
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
            Some(' ') => {
                spaced = true;
                rest = &rest[1..];
            }
            Some(c) if Glyph::from_char(c).is_some() => {
                let (tile, next) = match Glyph::from_char(c) {
                    Some(Glyph::Tile(tile)) => (tile, &rest[c.len_utf8()..]),
                    Some(Glyph::Joker) => {
                        return fail(rest, c.len_utf8(), NotationErrorKind::JokerInDeclaredSet);
                    }
                    Some(Glyph::Back) => {
                        return fail(rest, c.len_utf8(), NotationErrorKind::TileBack);
                    }
                    _ => return fail(rest, c.len_utf8(), NotationErrorKind::UnexpectedChar(c)),
                };
                tiles.push(TileToken {
                    tile,
                    red: false,
                    span: span_of(rest, next),
                });
                rest = next;
            }
            Some('J') => return fail(rest, 1, NotationErrorKind::JokerInDeclaredSet),
            Some(']' | ')' | '[' | '(' | '+') | None => return unclosed(),
            Some(_) if spaced => return unclosed(),
            Some(c) => return fail(rest, c.len_utf8(), NotationErrorKind::UnexpectedChar(c)),
        }
    }
    let span = span_of(input, rest);
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
        _ => {
            let written = input[..len].to_string();
            return fail(input, len, NotationErrorKind::NotASet(written));
        }
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
pub(super) fn is_chow(tiles: &[TileToken]) -> bool {
    let mut sorted: Vec<Tile> = tiles.iter().map(|t| t.tile).collect();
    sorted.sort();
    sorted.len() == 3
        && sorted[0].suit().is_some()
        && sorted[0].offset(1) == Some(sorted[1])
        && sorted[0].offset(2) == Some(sorted[2])
}
