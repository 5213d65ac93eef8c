//! Detectors that read the sets of an arrangement: pongs, kongs, chows, concealment and shape.

use super::*;

/// `kong`.
pub(super) fn kong(s: &Situation) -> Hit {
    Hit::per_group(s.sets(), |g| g.kind == GroupKind::Kong)
}

/// `three-kongs`.
pub(super) fn three_kongs(s: &Situation) -> Hit {
    Hit::once_if(s.kongs(false) >= 3)
}

/// `three-concealed-pongs`.
pub(super) fn three_concealed_pongs(s: &Situation) -> Hit {
    let hit = Hit::per_group(s.sets(), |g| g.is_pong_or_kong() && g.concealed);
    Hit::once_with(hit.count >= 3, hit.tiles)
}

/// `all-pongs`.
pub(super) fn all_pongs(s: &Situation) -> Hit {
    Hit::once_if(s.standard() && s.sets().all(Group::is_pong_or_kong))
}

/// `seven-pairs`.
pub(super) fn seven_pairs(s: &Situation) -> Hit {
    Hit::once_if(s.arrangement.shape == Shape::SevenPairs)
}

/// `all-chows-simple-pair`.
pub(super) fn all_chows_simple_pair(s: &Situation) -> Hit {
    Hit::once_if(
        s.standard()
            && s.sets().all(|g| g.kind == GroupKind::Chow)
            && s.arrangement.pair().is_some_and(|p| !p.is_honour()),
    )
}

/// `four-concealed-pongs`.
pub(super) fn four_concealed_pongs(s: &Situation) -> Hit {
    Hit::once_if(s.standard() && s.concealed_pongs() == 4)
}

/// `three-kongs-honour-pair`.
pub(super) fn three_kongs_honour_pair(s: &Situation) -> Hit {
    Hit::once_if(s.kongs(false) >= 3 && s.arrangement.pair().is_some_and(Tile::is_honour))
}

/// `three-concealed-kongs`.
pub(super) fn three_concealed_kongs(s: &Situation) -> Hit {
    Hit::once_if(s.kongs(true) >= 3)
}

/// `four-kongs`.
pub(super) fn four_kongs(s: &Situation) -> Hit {
    Hit::once_if(s.kongs(false) == 4)
}

/// `two-concealed-kongs`.
pub(super) fn two_concealed_kongs(s: &Situation) -> Hit {
    let kongs = Hit::per_group(s.sets(), |g| g.kind == GroupKind::Kong && g.concealed);
    Hit::once_with(kongs.count >= 2, kongs.tiles)
}

/// `four-concealed-pongs-self-drawn`.
pub(super) fn four_concealed_pongs_self_drawn(s: &Situation) -> Hit {
    let options = &s.rules.options;
    Hit::once_if(
        s.standard()
            && s.concealed_pongs() == 4
            && (s.tsumo() || !options.four_concealed_self_draw_only),
    )
}

/// `pinfu`.
pub(super) fn pinfu(s: &Situation) -> Hit {
    let standard = s.standard();
    Hit::once_if(
        standard
            && s.hand.is_concealed()
            && s.sets().all(|g| g.kind == GroupKind::Chow)
            && s.arrangement.pair().is_some_and(|p| !is_value_pair(s, p))
            && two_sided_wait(s)
            && (s.rules.options.pinfu_tsumo || !s.tsumo()),
    )
}

/// `three-identical-chows`.
pub(super) fn three_identical_chows(s: &Situation) -> Hit {
    let found = chows(s)
        .find(|g| chows(s).filter(|h| h.tile == g.tile).count() >= 3)
        .map(|g| g.tile);
    let mut tiles = TileCounts::new();
    if let Some(low) = found {
        for i in 0..3 {
            if let Some(t) = low.offset(i) {
                tiles.add(t, 3);
            }
        }
    }
    Hit::once_with(found.is_some(), tiles)
}

/// `three-sequential-pongs`.
pub(super) fn three_sequential_pongs(s: &Situation) -> Hit {
    let found = s.pongs().find(|g| {
        g.tile.suit().is_some() && (1..3).all(|i| g.tile.offset(i).is_some_and(|t| pong_of(s, t)))
    });
    let mut tiles = TileCounts::new();
    if let Some(g) = found {
        for i in 0..3 {
            if let Some(t) = g.tile.offset(i) {
                tiles.add(t, 3);
            }
        }
    }
    Hit::once_with(found.is_some(), tiles)
}

/// `four-concealed-pongs-pair-wait`.
pub(super) fn four_concealed_pongs_pair_wait(s: &Situation) -> Hit {
    let standard = s.standard();
    Hit::once_if(
        standard
            && s.concealed_pongs() == 4
            && s.arrangement
                .win_group()
                .is_some_and(|g| g.kind == GroupKind::Pair),
    )
}

/// Identical chows, each chow used once: how many pairs of them, the tiles of the paired
/// chows, and whether three or more chows are identical.
struct IdenticalChows {
    pairs: u32,
    tiles: TileCounts,
    three_alike: bool,
}

fn identical_chows(s: &Situation) -> IdenticalChows {
    let all: Vec<&Group> = chows(s).collect();
    let mut found = IdenticalChows {
        pairs: 0,
        tiles: TileCounts::new(),
        three_alike: false,
    };
    let mut seen: Vec<Tile> = Vec::new();
    for group in &all {
        if seen.contains(&group.tile) {
            continue;
        }
        seen.push(group.tile);
        let same: Vec<&&Group> = all.iter().filter(|g| g.tile == group.tile).collect();
        found.three_alike |= same.len() >= 3;
        let pairs = same.len() / 2;
        found.pairs += pairs as u32;
        for g in same.iter().take(2 * pairs) {
            g.add_to(&mut found.tiles);
        }
    }
    found
}

/// Pure double chows as the Japanese lists count them: none when three chows are identical
/// (that is three identical chows, not a pure double chow).
fn pure_double_chows(s: &Situation) -> u32 {
    let found = identical_chows(s);
    if found.three_alike { 0 } else { found.pairs }
}

/// `identical-chows`: one per pair of identical chows, each chow used once.
pub(super) fn identical_chows_hit(s: &Situation) -> Hit {
    let found = identical_chows(s);
    Hit {
        count: found.pairs,
        tiles: found.tiles,
    }
}

/// `iipeikou`: two pure double chows are ryanpeikou where the ruleset has it; otherwise
/// they still make (one) iipeikou.
pub(super) fn iipeikou(s: &Situation) -> Hit {
    let pairs = pure_double_chows(s);
    let has_ryanpeikou = s
        .rules
        .criteria
        .iter()
        .any(|c| c.check == Check::Ryanpeikou);
    Hit::once_if(s.standard() && (pairs == 1 || (pairs == 2 && !has_ryanpeikou)))
}

/// `ryanpeikou`.
pub(super) fn ryanpeikou(s: &Situation) -> Hit {
    Hit::once_if(s.standard() && pure_double_chows(s) == 2)
}

/// A straight (123, 456, 789 chows) in one of `suits`, with the suit's tiles.
pub(super) fn straight(s: &Situation, suits: &[Suit]) -> Hit {
    let straight = suits.iter().copied().find(|&suit| {
        [1, 4, 7]
            .iter()
            .all(|&n| chows(s).any(|g| Tile::numbered(suit, n) == Some(g.tile)))
    });
    let mut tiles = TileCounts::new();
    for tile in straight.into_iter().flat_map(suit_tiles) {
        tiles.add(tile, 1);
    }
    Hit::once_with(straight.is_some(), tiles)
}
