//! Detectors that read honour sets and pairs: dragons, winds, value tiles.

use super::*;

/// `dragon-pong`.
pub(super) fn dragon_pong(s: &Situation) -> Hit {
    Hit::per_group(s.sets(), is_dragon_pong)
}

/// `two-dragon-pongs`.
pub(super) fn two_dragon_pongs(s: &Situation) -> Hit {
    Hit::once_if(s.sets().filter(|g| is_dragon_pong(g)).count() >= 2)
}

/// `wind-pong`.
pub(super) fn wind_pong(s: &Situation) -> Hit {
    Hit::per_group(s.sets(), is_wind_pong)
}

/// `seat-wind-pong`.
pub(super) fn seat_wind_pong(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    Hit::per_group(s.sets(), |g| {
        g.is_pong_or_kong() && g.tile == ctx.seat.tile()
    })
}

/// `round-wind-pong`.
pub(super) fn round_wind_pong(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    Hit::per_group(s.sets(), |g| {
        g.is_pong_or_kong() && g.tile == ctx.round.tile()
    })
}

/// `north-pair`.
pub(super) fn north_pair(s: &Situation) -> Hit {
    let all = &s.all;
    let north = Wind::North.tile();
    let pair = s.arrangement.pair() == Some(north)
        || (s.arrangement.shape == Shape::SevenPairs && all.get(north) == 2);
    Hit::once_with(pair, tiles_of(all, |t| t == north))
}

/// `north-kong`.
pub(super) fn north_kong(s: &Situation) -> Hit {
    Hit::per_group(s.sets(), |g| {
        g.kind == GroupKind::Kong && g.tile == Wind::North.tile()
    })
}

/// `little-three-dragons`.
pub(super) fn little_three_dragons(s: &Situation) -> Hit {
    Hit::once_if(
        s.standard()
            && s.sets().filter(|g| is_dragon_pong(g)).count() == 2
            && s.arrangement.pair().is_some_and(|p| p.dragon().is_some()),
    )
}

/// `little-three-winds`.
pub(super) fn little_three_winds(s: &Situation) -> Hit {
    Hit::once_if(
        s.standard()
            && s.sets().filter(|g| is_wind_pong(g)).count() == 2
            && s.arrangement.pair().is_some_and(is_seat_wind_tile),
    )
}

/// `great-dragons`.
pub(super) fn great_dragons(s: &Situation) -> Hit {
    Hit::once_if(s.sets().filter(|g| is_dragon_pong(g)).count() == 3)
}

/// `great-winds`.
pub(super) fn great_winds(s: &Situation) -> Hit {
    Hit::once_if(s.sets().filter(|g| is_wind_pong(g)).count() == 3)
}

/// `dragon-or-wind-pong`.
pub(super) fn dragon_or_wind_pong(s: &Situation) -> Hit {
    Hit::per_group(s.sets(), |g| g.is_pong_or_kong() && g.tile.is_honour())
}

/// `seat-or-round-wind-pong`.
pub(super) fn seat_or_round_wind_pong(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    let (seat, round) = (ctx.seat.tile(), ctx.round.tile());
    let both_count = s.rules.options.seat_and_round_wind_both_count;
    let mut hit = Hit::default();
    for group in s.pongs() {
        let matches = u32::from(group.tile == seat) + u32::from(group.tile == round);
        let times = if both_count { matches } else { matches.min(1) };
        if times > 0 {
            hit.count += times;
            group.add_to(&mut hit.tiles);
        }
    }
    hit
}

/// `seat-dragon-pong`.
pub(super) fn seat_dragon_pong(s: &Situation) -> Hit {
    let dragon = s.seat_dragon().tile();
    Hit::per_group(s.sets(), |g| g.is_pong_or_kong() && g.tile == dragon)
}

/// `west-bonus-tile`.
pub(super) fn west_bonus_tile(s: &Situation) -> Hit {
    let all = &s.all;
    let west = Wind::West.tile();
    if s.rules.options.west_set_aside {
        let set_aside = s.hand.set_aside_wests();
        let mut tiles = TileCounts::new();
        tiles.add(west, set_aside as u8);
        Hit {
            count: set_aside,
            tiles,
        }
    } else {
        Hit {
            count: u32::from(all.get(west)),
            tiles: tiles_of(all, |t| t == west),
        }
    }
}

/// `all-honours`.
pub(super) fn all_honours(s: &Situation) -> Hit {
    Hit::once_if(s.has_honours() && s.suits.suits == 0)
}

/// `four-winds`.
pub(super) fn four_winds(s: &Situation) -> Hit {
    // Big four winds (four wind sets) or little four winds (three and the pair).
    let wind_sets = s.pongs().filter(|g| g.tile.wind().is_some()).count();
    let wind_pair = s.arrangement.pair().is_some_and(|p| p.wind().is_some());
    Hit::once_if(s.standard() && (wind_sets == 4 || (wind_sets == 3 && wind_pair)))
}

/// `big-four-winds`: four wind sets (daisuushi), not three and the pair.
pub(super) fn big_four_winds(s: &Situation) -> Hit {
    Hit::once_if(s.standard() && s.pongs().filter(|g| g.tile.wind().is_some()).count() == 4)
}

/// `north-pong`.
pub(super) fn north_pong(s: &Situation) -> Hit {
    Hit::per_group(s.sets(), |g| {
        g.is_pong_or_kong() && g.tile == Wind::North.tile()
    })
}

/// `east-pong`.
pub(super) fn east_pong(s: &Situation) -> Hit {
    Hit::per_group(s.sets(), |g| {
        g.is_pong_or_kong() && g.tile == Wind::East.tile()
    })
}

/// `west-eye`: the pair of a standard hand.
pub(super) fn west_eye(s: &Situation) -> Hit {
    west_pair(s, false)
}

/// `west-pair-in-seven-pairs`.
pub(super) fn west_pair_in_seven_pairs(s: &Situation) -> Hit {
    west_pair(s, true)
}

/// `west-eye` (a standard hand's pair) or, with `seven_pairs`, `west-pair-in-seven-pairs`.
fn west_pair(s: &Situation, seven_pairs: bool) -> Hit {
    let all = &s.all;
    let west = Wind::West.tile();
    let mut tiles = TileCounts::new();
    tiles.add(west, 2);
    let shape = if seven_pairs {
        s.arrangement.shape == Shape::SevenPairs && all.get(west) == 2
    } else {
        s.standard() && s.arrangement.pair() == Some(west)
    };
    let won_on_west = s.hand.win_tile == west || !s.rules.options.sacred_pair_needs_west_win;
    Hit::once_with(shape && won_on_west, tiles)
}
