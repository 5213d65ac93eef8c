//! The context of a win resolved against the hand: seats, the discarder, indicators,
//! and the context that must fit the hand's tiles (replacement tiles, keys the ruleset's
//! system does not read).

use super::capabilities::capabilities;
use super::error::{HandError, HandErrorKind, err};
use super::model::{Context, Hand, KongSource, SetKind, Win};
use crate::diagnostic::Span;
use crate::notation::vocabulary::REFUSED_UNREAD;
use crate::notation::{ContextInput, HandInput, Spanned, TileToken, WinMethod};
use crate::rules::Ruleset;
use crate::tile::{BonusTile, Seat, Tile, Wind};

/// Where the ruleset's tile set is defined, for errors about tiles.
pub(super) fn tiles_source(rules: &Ruleset) -> String {
    rules.tiles.source.clone()
}

/// Resolves the written context: seats checked, the discarder found, indicators in the set.
pub(super) fn resolve_context(input: &HandInput, rules: &Ruleset) -> Result<Context, HandError> {
    let ctx = &input.context;
    let check_seat = |wind: Wind, span: Span| match Seat::from_wind(wind) {
        Some(seat) => Ok(seat),
        None => err(span, HandErrorKind::NoSuchSeat(wind)),
    };
    let seat = match ctx.seat {
        Some(s) => check_seat(s.value, s.span)?,
        None => Seat::East,
    };
    let round = match ctx.round {
        Some(s) => check_seat(s.value, s.span)?,
        None => Seat::East,
    };
    let (win, win_assumed) = match ctx.win_method {
        Some(m) => match m.value {
            WinMethod::Tsumo => (Win::Tsumo, false),
            WinMethod::Ron(None) => (Win::Ron(seat.before()), false),
            WinMethod::Ron(Some(from)) => {
                let from = check_seat(from, m.span)?;
                if from == seat {
                    return err(m.span, HandErrorKind::DiscarderIsWinner);
                }
                (Win::Ron(from), false)
            }
        },
        None => (Win::Ron(seat.before()), true),
    };
    if let (Win::Tsumo, Some(span)) = (win, ctx.robbed) {
        return err(span, HandErrorKind::RobbedOnTsumo);
    }
    let waiting = other_seats(
        &ctx.waiting,
        seat,
        HandErrorKind::WaitingIsWinner,
        HandErrorKind::WaitingRepeated,
    )?;
    // Dora and ura indicators and the winner's discards are tiles of the set too.
    let indicator = |token: &TileToken| -> Result<Tile, HandError> {
        if rules.tiles.has(token.tile) {
            Ok(token.tile)
        } else {
            err(
                token.span,
                HandErrorKind::RemovedTile {
                    tile: token.tile,
                    ruleset: rules.name.clone(),
                    source: tiles_source(rules),
                },
            )
        }
    };
    Ok(Context {
        win,
        win_assumed,
        seat,
        round,
        riichi: ctx.riichi.is_some() || ctx.double_riichi.is_some(),
        double_riichi: ctx.double_riichi.is_some(),
        ippatsu: ctx.ippatsu.is_some(),
        last: ctx.last.is_some(),
        replacement: ctx.replacement.is_some() || ctx.double_replacement.is_some(),
        robbed: ctx.robbed.is_some(),
        robbed_kita: ctx.robbed_kita.is_some(),
        robbed_concealed: ctx.robbed_concealed.is_some(),
        first: ctx.first.is_some(),
        dora: ctx.dora.iter().map(indicator).collect::<Result<_, _>>()?,
        dora_flowers: ctx
            .dora_flowers
            .iter()
            .filter_map(|t| match t.tile {
                BonusTile::Flower(n) => Some(n),
                _ => None,
            })
            .collect(),
        ura: ctx.ura.iter().map(indicator).collect::<Result<_, _>>()?,
        waiting,
        draws: ctx.draws.map_or(0, |d| d.value),
        honba: ctx.honba.map_or(0, |d| d.value),
        sticks: ctx.sticks.map_or(0, |d| d.value),
        discards: ctx
            .discards
            .iter()
            .map(indicator)
            .collect::<Result<_, _>>()?,
        double_replacement: ctx.double_replacement.is_some(),
        kong_from: kong_from(ctx, seat)?,
        dealt: ctx.dealt.iter().map(|d| d.value).collect(),
        others_fan: per_other_seat(
            &ctx.others_fan,
            seat,
            HandErrorKind::OthersFanIsWinner,
            HandErrorKind::OthersFanRepeated,
        )?,
        others_fly: per_other_seat(
            &ctx.others_fly,
            seat,
            HandErrorKind::OthersFlyIsWinner,
            HandErrorKind::OthersFlyRepeated,
        )?,
        paid_honba: ctx.honba.map_or(0, |d| d.value),
        streak_broken: false,
        paid_on_the_spot: false,
    })
}
/// A replacement tile is drawn (never a discard) after a kong or a bonus tile set aside, and
/// the one after two consecutive kongs needs two kongs.
pub(super) fn replacement_has_cause(input: &HandInput, hand: &Hand) -> Result<(), HandError> {
    let ctx = &input.context;
    let Some(span) = ctx.double_replacement.or(ctx.replacement) else {
        return Ok(());
    };
    if matches!(hand.context.win, Win::Ron(_)) {
        return err(span, HandErrorKind::ReplacementOnRon);
    }
    let kongs = hand
        .melds
        .iter()
        .filter(|m| m.kind == SetKind::Kong)
        .count();
    if let Some(span) = ctx.double_replacement
        && kongs < 2
    {
        return err(span, HandErrorKind::DoubleReplacementWithoutKongs);
    }
    if kongs == 0 && hand.bonus.is_empty() {
        return err(span, HandErrorKind::ReplacementWithoutCause);
    }
    Ok(())
}

/// Context keys only another scoring system reads (the vocabulary marks them refused when
/// unread) would be silently ignored, so they are refused.
pub(super) fn unread_context_refused(input: &HandInput, rules: &Ruleset) -> Result<(), HandError> {
    let system = capabilities(rules.system);
    let refused = REFUSED_UNREAD
        .iter()
        .filter(|entry| !system.reads(entry))
        .find_map(|&entry| Some((entry, input.context.given(entry.slot)?)));
    match refused {
        Some((entry, span)) => err(
            span,
            HandErrorKind::FanContextOnly {
                key: entry.shown(),
                ruleset: rules.name.clone(),
            },
        ),
        None => Ok(()),
    }
}

fn kong_from(ctx: &ContextInput, seat: Seat) -> Result<Vec<(Tile, KongSource)>, HandError> {
    let mut out = Vec::with_capacity(ctx.kong_from.len());
    for entry in &ctx.kong_from {
        let source = match entry.source {
            crate::notation::KongSource::Claimed(from) => {
                let Some(from_seat) = Seat::from_wind(from) else {
                    return err(entry.span, HandErrorKind::NoSuchSeat(from));
                };
                if from_seat == seat {
                    return err(entry.span, HandErrorKind::KongFromWinner);
                }
                KongSource::Claimed(from_seat)
            }
            crate::notation::KongSource::Promoted => KongSource::Promoted,
        };
        if out.iter().any(|(tile, _)| *tile == entry.tile.tile) {
            return err(entry.span, HandErrorKind::KongFromRepeated(entry.tile.tile));
        }
        out.push((entry.tile.tile, source));
    }
    Ok(out)
}

/// The seats a context list names (`waiting=`, and the seats of `others-fan=` and
/// `others-fly=`): each a seat at the table, not the winner's, and named once.
fn other_seats(
    named: &[Spanned<Wind>],
    seat: Seat,
    is_winner: HandErrorKind,
    repeated: fn(Wind) -> HandErrorKind,
) -> Result<Vec<Seat>, HandError> {
    let mut out = Vec::with_capacity(named.len());
    for wind in named {
        let Some(other) = Seat::from_wind(wind.value) else {
            return err(wind.span, HandErrorKind::NoSuchSeat(wind.value));
        };
        if other == seat {
            return err(wind.span, is_winner);
        }
        if out.contains(&other) {
            return err(wind.span, repeated(wind.value));
        }
        out.push(other);
    }
    Ok(out)
}

/// A number per non-winner (`others-fan=`, `others-fly=`), its seats checked by
/// [`other_seats`].
fn per_other_seat(
    entries: &[(Spanned<Wind>, u32)],
    seat: Seat,
    is_winner: HandErrorKind,
    repeated: fn(Wind) -> HandErrorKind,
) -> Result<Vec<(Seat, u32)>, HandError> {
    let named: Vec<Spanned<Wind>> = entries.iter().map(|e| e.0).collect();
    let seats = other_seats(&named, seat, is_winner, repeated)?;
    Ok(seats.into_iter().zip(entries.iter().map(|e| e.1)).collect())
}
