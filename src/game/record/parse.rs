//! The nom parsers of the record's lines.

use super::start::start;
use super::words::{Res, end, fail, name, skip_spaces, word};
use super::{Item, KEYWORDS, KongMade, WinLine, Word};
use crate::rules::AbortiveDraw;
use crate::tile::{BonusSet, Tile};

/// What `code` (a line without its comment) says, or where it fails (start and width in
/// bytes) and what was expected.
pub(super) fn item(code: &str) -> Result<Item, (usize, usize, String)> {
    match line_item(code, code) {
        Ok((_, item)) => Ok(item),
        Err(nom::Err::Failure(f) | nom::Err::Error(f)) => {
            let start = code.len() - f.at.len();
            let width = f.at.split_whitespace().next().map_or(1, str::len).max(1);
            let message = f
                .message
                .unwrap_or_else(|| "this line cannot be read".into());
            Err((start, width, message))
        }
        Err(nom::Err::Incomplete(_)) => Err((0, 1, "this line cannot be read".into())),
    }
}

/// `: HAND`: the offset in `line` where the hand starts.
fn hand_after_colon<'a>(line: &'a str, input: &'a str) -> Res<'a, usize> {
    let rest = skip_spaces(input);
    let Some(hand) = rest.strip_prefix(':') else {
        return fail(rest, "expected `:` and the hand in mj3 notation");
    };
    let hand = skip_spaces(hand);
    if hand.is_empty() {
        return fail(rest, "expected the hand in mj3 notation after `:`");
    }
    Ok(("", line.len() - hand.len()))
}

fn line_item<'a>(line: &'a str, input: &'a str) -> Res<'a, Item> {
    if skip_spaces(input).starts_with('"') {
        let (rest, winner) = name(line, input, "the name of the winner")?;
        return win(line, rest, winner, false);
    }
    let (rest, first) = word(line, input, "an event")?;
    match first.text.as_str() {
        "ruleset" => {
            let (rest, ruleset) = word(line, rest, "a ruleset name or path")?;
            let (rest, ()) = end(rest, "the ruleset")?;
            Ok((rest, Item::Ruleset(ruleset)))
        }
        "players" => players(line, rest),
        "first-dealer" => {
            let (rest, player) = name(line, rest, "the name of the first dealer")?;
            let (rest, ()) = end(rest, "the player")?;
            Ok((rest, Item::FirstDealer(player)))
        }
        "set" => {
            let at = skip_spaces(rest);
            let (rest, item) = word(line, rest, "KEY=VALUE")?;
            if !item.text.contains('=') {
                return fail(at, "expected KEY=VALUE");
            }
            let (rest, ()) = end(rest, "KEY=VALUE")?;
            Ok((rest, Item::Set(item)))
        }
        "riichi" => riichi(line, rest),
        "tenpai" => {
            let (rest, player) = name(line, rest, "the name of the tenpai player")?;
            if skip_spaces(rest).is_empty() {
                let (hand, hand_text) = (None, None);
                return Ok((
                    "",
                    Item::Tenpai {
                        player,
                        hand,
                        hand_text,
                    },
                ));
            }
            let (rest, hand) = hand_after_colon(line, rest)?;
            Ok((
                rest,
                Item::Tenpai {
                    player,
                    hand: Some(hand),
                    hand_text: Some(line[hand..].trim_end().to_string()),
                },
            ))
        }
        "nagashi" => {
            let (rest, player) = name(line, rest, "the name of the player")?;
            let (rest, ()) = end(rest, "the player")?;
            Ok((rest, Item::Nagashi(player)))
        }
        "draw" => draw(line, rest),
        "chombo" => {
            let (rest, player) = name(line, rest, "the name of the offender")?;
            let (rest, ()) = end(rest, "the player")?;
            Ok((rest, Item::Chombo(player)))
        }
        "abort" => abort(line, rest),
        "kong" => kong(line, rest),
        "bonus-set" => bonus_set(line, rest),
        "correct" => correct(line, rest),
        "start" => start(line, rest),
        "dealer-stops" | "dealer-plays-on" => {
            let (rest, ()) = end(rest, &first.text)?;
            Ok((
                rest,
                Item::DealerChoice(first.text == "dealer-stops", first.span),
            ))
        }
        "end" => {
            let (rest, ()) = end(rest, "`end`")?;
            Ok((rest, Item::End(first.span)))
        }
        "and" => {
            let (rest, winner) = name(line, rest, "the name of the second winner")?;
            win(line, rest, winner, true)
        }
        word if KEYWORDS.contains(&word) => fail(
            skip_spaces(input),
            format!("`{word}` cannot start a line (docs/game.md lists the events)"),
        ),
        _ => win(line, rest, first, false),
    }
}

/// `abort nine-terminals NAME` or `abort four-kans`.
fn abort<'a>(line: &'a str, rest: &'a str) -> Res<'a, Item> {
    let at = skip_spaces(rest);
    let (rest, word) = word(line, rest, "nine-terminals or four-kans")?;
    let kind = match word.text.as_str() {
        "nine-terminals" => AbortiveDraw::NineTerminals,
        "four-kans" => AbortiveDraw::FourKans,
        _ => return fail(at, "expected nine-terminals or four-kans"),
    };
    let kind = (kind, word.span);
    if kind.0 == AbortiveDraw::FourKans {
        let (rest, ()) = end(rest, "four-kans")?;
        return Ok((rest, Item::Abort { kind, player: None }));
    }
    let (rest, player) = name(line, rest, "the name of the player who declares it")?;
    let (rest, ()) = end(rest, "the player")?;
    Ok((
        rest,
        Item::Abort {
            kind,
            player: Some(player),
        },
    ))
}

fn players<'a>(line: &'a str, mut rest: &'a str) -> Res<'a, Item> {
    let mut names: Vec<Word> = Vec::with_capacity(3);
    while !skip_spaces(rest).is_empty() {
        let at = skip_spaces(rest);
        let (next, player) = name(line, rest, "a player's name")?;
        if names.iter().any(|n| n.text == player.text) {
            return fail(at, format!("`{}` is named twice", player.text));
        }
        names.push(player);
        rest = next;
    }
    if names.len() != 3 {
        return fail(
            skip_spaces(rest),
            format!(
                "expected three players, in turn order with the first dealer first; found {}",
                names.len()
            ),
        );
    }
    Ok((rest, Item::Players(names)))
}

fn riichi<'a>(line: &'a str, rest: &'a str) -> Res<'a, Item> {
    let (rest, player) = name(line, rest, "the name of the player declaring")?;
    let at = skip_spaces(rest);
    if at.is_empty() {
        return Ok((at, Item::Riichi { player, left: None }));
    }
    let (rest, written) = word(line, rest, "left=N")?;
    let Some(value) = written.text.strip_prefix("left=") else {
        return fail(
            at,
            "expected `left=N` (tiles left in the wall) or the end of the line",
        );
    };
    let Ok(left) = value.parse::<u32>() else {
        return fail(at, "`left=` takes the number of tiles left in the wall");
    };
    let (rest, ()) = end(rest, "left=N")?;
    Ok((
        rest,
        Item::Riichi {
            player,
            left: Some((left, written.span)),
        },
    ))
}

fn draw<'a>(line: &'a str, rest: &'a str) -> Res<'a, Item> {
    let at = skip_spaces(rest);
    if at.is_empty() {
        return Ok((at, Item::Draw(Vec::new())));
    }
    let (mut rest, marker) = word(line, rest, "`tenpai`")?;
    if marker.text != "tenpai" {
        return fail(
            at,
            "expected `tenpai` and the tenpai players, or the end of the line",
        );
    }
    let mut tenpai = Vec::new();
    while !skip_spaces(rest).is_empty() {
        let (next, player) = name(line, rest, "a tenpai player's name")?;
        tenpai.push(player);
        rest = next;
    }
    if tenpai.is_empty() {
        return fail(
            skip_spaces(rest),
            "expected the names of the tenpai players",
        );
    }
    Ok((rest, Item::Draw(tenpai)))
}

fn win<'a>(line: &'a str, rest: &'a str, winner: Word, also: bool) -> Res<'a, Item> {
    let at = skip_spaces(rest);
    let (mut rest, how) = word(line, rest, "`tsumo` or `ron`")?;
    let from = match how.text.as_str() {
        "tsumo" => None,
        "ron" => {
            let (next, from) = name(line, rest, "the name of the discarder")?;
            rest = next;
            Some(from)
        }
        _ if also => return fail(at, "expected `ron` after the second winner's name"),
        _ => {
            return fail(
                skip_spaces(line),
                format!(
                    "`{}` starts no event: a win is `NAME tsumo: HAND` or `NAME ron FROM: HAND` (docs/game.md lists the events)",
                    winner.text
                ),
            );
        }
    };
    if also && from.is_none() {
        return fail(
            at,
            "a second winner wins on the same discard: `and NAME ron FROM: HAND`",
        );
    }
    let mut riichi_discard = None;
    let mut pao = None;
    loop {
        let at = skip_spaces(rest);
        if at.is_empty() || at.starts_with(':') {
            break;
        }
        let (next, flag) = word(line, rest, "`pao`, `riichi-discard` or `:`")?;
        match flag.text.as_str() {
            "pao" if pao.is_none() => {
                let (next, liable) = name(line, next, "the name of the liable player")?;
                pao = Some(liable);
                rest = next;
            }
            "riichi-discard" if from.is_some() && riichi_discard.is_none() => {
                riichi_discard = Some(flag.span);
                rest = next;
            }
            _ => {
                return fail(
                    at,
                    "expected `:` and the hand (or `pao NAME`, or `riichi-discard` on a ron)",
                );
            }
        }
    }
    let (rest, hand) = hand_after_colon(line, rest)?;
    Ok((
        rest,
        Item::Win(WinLine {
            also,
            winner,
            from,
            riichi_discard,
            pao,
            hand,
            hand_text: line[hand..].trim_end().to_string(),
        }),
    ))
}

fn kong<'a>(line: &'a str, rest: &'a str) -> Res<'a, Item> {
    let (rest, player) = name(line, rest, "the name of the player who made the kong")?;
    let at = skip_spaces(rest);
    let (rest, tile_word) = word(line, rest, "the kong's tile (`5p`, `E`, `r`)")?;
    let Some(tile) = Tile::from_notation(&tile_word.text) else {
        return fail(at, "expected the kong's tile in notation (`5p`, `E`, `r`)");
    };
    let at = skip_spaces(rest);
    let (rest, how) = word(line, rest, "`concealed`, `from NAME` or `promoted`")?;
    let (rest, made) = match how.text.as_str() {
        "concealed" => (rest, KongMade::Concealed),
        "from" => {
            let (rest, from) = name(line, rest, "the name of the discarder")?;
            (rest, KongMade::From(from))
        }
        "promoted" => {
            if skip_spaces(rest).is_empty() {
                (rest, KongMade::Promoted(None))
            } else {
                let at = skip_spaces(rest);
                let (rest, marker) = word(line, rest, "`fed-by NAME`")?;
                if marker.text != "fed-by" {
                    return fail(
                        at,
                        "expected `fed-by NAME` (who fed the pong) or the end of the line",
                    );
                }
                let (rest, feeder) = name(line, rest, "the name of the pong's feeder")?;
                (rest, KongMade::Promoted(Some(feeder)))
            }
        }
        _ => return fail(at, "expected `concealed`, `from NAME` or `promoted`"),
    };
    let (rest, ()) = end(rest, "the kong")?;
    Ok((
        rest,
        Item::Kong {
            player,
            tile: (tile, tile_word.span),
            made,
        },
    ))
}

fn bonus_set<'a>(line: &'a str, rest: &'a str) -> Res<'a, Item> {
    let (rest, player) = name(line, rest, "the name of the player")?;
    let at = skip_spaces(rest);
    let (rest, set_word) = word(
        line,
        rest,
        "the set (`flowers`, `seasons`, `faces`, `animals`)",
    )?;
    let Some(set) = BonusSet::ALL.into_iter().find(|s| {
        s.name() == set_word.text || set_word.text.chars().eq(std::iter::once(s.letter()))
    }) else {
        return fail(
            at,
            "expected the set: `flowers`, `seasons`, `faces` or `animals`",
        );
    };
    let at = skip_spaces(rest);
    let (rest, when) = word(line, rest, "`dealt` or `drawn`")?;
    let dealt = match when.text.as_str() {
        "dealt" => true,
        "drawn" => false,
        _ => return fail(at, "expected `dealt` (in the starting hand) or `drawn`"),
    };
    let (rest, ()) = end(rest, "the set")?;
    Ok((
        rest,
        Item::BonusSet {
            player,
            set: (set, set_word.span),
            dealt,
        },
    ))
}

fn correct<'a>(line: &'a str, mut rest: &'a str) -> Res<'a, Item> {
    let mut moves = Vec::new();
    while !skip_spaces(rest).is_empty() {
        let (next, player) = name(line, rest, "a player's name")?;
        let at = skip_spaces(next);
        let (next, amount) = word(line, next, "a signed amount (`+1000`, `-1000`)")?;
        let signed = amount.text.starts_with(['+', '-']);
        let Some(value) = amount.text.parse::<i64>().ok().filter(|_| signed) else {
            return fail(at, "expected a signed amount (`+1000`, `-1000`)");
        };
        if value.unsigned_abs() > u64::from(super::MAX_AMOUNT) {
            return fail(
                at,
                format!("a correction moves at most {} points", super::MAX_AMOUNT),
            );
        }
        moves.push((player, value));
        rest = next;
    }
    if moves.is_empty() {
        return fail(skip_spaces(rest), "expected `NAME +N NAME -N`");
    }
    Ok((rest, Item::Correct(moves)))
}
