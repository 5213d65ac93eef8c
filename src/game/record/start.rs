//! The `start` line: a record that starts partway through a game.

use super::words::{Res, fail, name, number, skip_spaces, word};
use super::{Item, StartAt, StartLine};
use crate::diagnostic::Span;
use crate::tile::Seat;

/// `start East 2 dealer NAME [counters N] [sticks N] [draws N] points NAME N NAME N NAME N`
/// (or `start hand 5 …` when the winner deals).
pub(super) fn start<'a>(line: &'a str, rest: &'a str) -> Res<'a, Item> {
    let at = skip_spaces(rest);
    let (rest, round) = word(line, rest, "the round (`East`, `South`, `West`) or `hand`")?;
    let wind = Seat::ALL.into_iter().find(|s| s.name() == round.text);
    if wind.is_none() && round.text != "hand" {
        return fail(at, "expected the round (`East`, `South`, `West`) or `hand`");
    }
    let (rest, (n, n_span)) = number(line, rest, "the hand's number")?;
    let start_at = match wind {
        Some(_) if !(1..=3).contains(&n) => {
            return fail(&line[n_span.start..], "a round has hands 1 to 3");
        }
        Some(wind) => StartAt::Round(wind, n),
        None if n == 0 => return fail(&line[n_span.start..], "hands are numbered from 1"),
        None => StartAt::Hand(n),
    };
    let span = Span::new(round.span.start, n_span.end);
    let at = skip_spaces(rest);
    let (rest, marker) = word(line, rest, "`dealer NAME`")?;
    if marker.text != "dealer" {
        return fail(at, "expected `dealer NAME`");
    }
    let (mut rest, dealer) = name(line, rest, "the name of the dealer")?;
    let mut counts = [None; 3];
    let keys = ["counters", "sticks", "draws"];
    loop {
        let at = skip_spaces(rest);
        let (next, key) = word(
            line,
            rest,
            "`counters N`, `sticks N`, `draws N` or `points`",
        )?;
        if key.text == "points" {
            rest = next;
            break;
        }
        let Some(i) = keys
            .iter()
            .position(|k| *k == key.text)
            .filter(|&i| counts[i].is_none())
        else {
            return fail(
                at,
                "expected `counters N`, `sticks N`, `draws N` (each once) or `points`",
            );
        };
        let (next, value) = number(line, next, &format!("the number of {}", key.text))?;
        counts[i] = Some(value);
        rest = next;
    }
    let points_at = line.len() - skip_spaces(rest).len();
    let mut points = Vec::new();
    while !skip_spaces(rest).is_empty() {
        let (next, player) = name(line, rest, "a player's name")?;
        let at = skip_spaces(next);
        let (next, amount) = word(line, next, "the player's points")?;
        let Some(value) = amount
            .text
            .parse::<i64>()
            .ok()
            .filter(|v| v.unsigned_abs() <= 100 * u64::from(super::MAX_AMOUNT))
        else {
            return fail(at, "expected the player's points (`35000`, `-1200`)");
        };
        points.push((player, value));
        rest = next;
    }
    if points.len() != 3 {
        return fail(
            skip_spaces(rest),
            format!(
                "expected each of the three players' points; found {}",
                points.len()
            ),
        );
    }
    let none = |i: usize| counts[i].unwrap_or((0, Span::new(points_at, points_at)));
    Ok((
        rest,
        Item::Start(Box::new(StartLine {
            at: (start_at, span),
            dealer,
            counters: none(0),
            sticks: none(1),
            draws: none(2),
            points,
            points_span: Span::new(points_at, line.len()),
        })),
    ))
}
