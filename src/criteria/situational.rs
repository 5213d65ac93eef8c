//! Detectors that read how and when the hand was won (the context words), not its tiles.

use super::*;

/// `concealed-hand`.
pub(super) fn concealed_hand(s: &Situation) -> Hit {
    Hit::once_if(s.hand.is_concealed())
}

/// `concealed-self-drawn`.
pub(super) fn concealed_self_drawn(s: &Situation) -> Hit {
    Hit::once_if(s.hand.is_concealed() && s.tsumo())
}

/// `winning-bonus`.
pub(super) fn winning_bonus(_s: &Situation) -> Hit {
    Hit::times(1)
}

/// `self-draw`.
pub(super) fn self_draw(s: &Situation) -> Hit {
    Hit::once_if(s.tsumo())
}

/// `last-tile-draw`: won by self-draw on the last tile of the wall. Under the han systems
/// that tile is never a replacement tile (validation refuses `last` with one: the dead wall
/// keeps fourteen tiles); under 000's Korean rules a replacement tile comes "from the wall"
/// and may be its last.
pub(super) fn last_tile_draw(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    Hit::once_if(ctx.last && s.tsumo())
}

/// `replacement-win`.
pub(super) fn replacement_win(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    Hit::once_if(ctx.replacement)
}

/// `robbing-kong`.
pub(super) fn robbing_kong(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    Hit::once_if(ctx.robbed)
}

/// `premium-tile`: one per other copy of the winning tile in the hand (000 §Bonus-points:
/// "every extra tile"); with option `premium-tile-counts-winning-tile`, one per copy, the
/// winning tile too (002 §Scoring Table: "The winning tile and any other identical tiles").
pub(super) fn premium_tile(s: &Situation) -> Hit {
    let all = &s.all;
    let win = s.hand.win_tile;
    let copies = u32::from(all.get(win));
    let count = if s.rules.options.premium_tile_counts_winning_tile {
        copies
    } else {
        copies.saturating_sub(1)
    };
    Hit {
        count,
        tiles: tiles_of(all, |t| t == win),
    }
}

/// `ready`:
/// 000 §Declare ready: "A player with a concealed hand may declare ready".
pub(super) fn ready(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    Hit::once_if(ctx.riichi && s.hand.is_concealed())
}

/// `ready-self-drawn`.
pub(super) fn ready_self_drawn(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    Hit::once_if(ctx.riichi && s.hand.is_concealed() && s.tsumo())
}

/// `north-win`.
pub(super) fn north_win(s: &Situation) -> Hit {
    Hit::once_if(s.hand.win_tile == Wind::North.tile())
}

/// `concealed-won-by-discard`.
pub(super) fn concealed_won_by_discard(s: &Situation) -> Hit {
    Hit::once_if(s.hand.is_concealed() && (!s.tsumo() || s.rules.options.concealed_hand_stacks))
}

/// `double-replacement-win`.
pub(super) fn double_replacement_win(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    Hit::once_if(ctx.double_replacement)
}

/// `first-or-last-tile`.
pub(super) fn first_or_last_tile(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    Hit::once_if(ctx.first || ctx.last)
}

/// `riichi`.
pub(super) fn riichi(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    Hit::once_if(ctx.riichi && !ctx.double_riichi)
}

/// `double-riichi`.
pub(super) fn double_riichi(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    Hit::once_if(ctx.double_riichi)
}

/// `ippatsu`.
pub(super) fn ippatsu(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    Hit::once_if(ctx.ippatsu && ctx.riichi)
}

/// `last-discard`: houtei, won on the last discard (validation refuses `last` with a
/// robbed kong: a robbed tile is no discard).
pub(super) fn last_discard(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    Hit::once_if(ctx.last && !s.tsumo())
}

/// `blessing-of-heaven`.
pub(super) fn blessing_of_heaven(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    Hit::once_if(ctx.first && s.tsumo() && ctx.seat == Seat::East && !has_kong(s))
}

/// `blessing-of-earth`.
pub(super) fn blessing_of_earth(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    Hit::once_if(ctx.first && s.tsumo() && ctx.seat != Seat::East && !has_kong(s))
}

/// `blessing-of-man`.
pub(super) fn blessing_of_man(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    Hit::once_if(ctx.first && !s.tsumo() && ctx.seat != Seat::East)
}

/// `eight-consecutive-dealer-wins`.
pub(super) fn eight_consecutive_dealer_wins(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    Hit::once_if(
        ctx.seat == Seat::East
            && s.rules.han.paarenchan_honba > 0
            && ctx.honba == s.rules.han.paarenchan_honba
            && !ctx.streak_broken,
    )
}
