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

/// `three-identical-chows`: three equal chows, unless they are four and the ruleset scores
/// those as ryanpeikou (003 §12 Ryanpehkoh: "two sets of double runs").
pub(super) fn three_identical_chows(s: &Situation) -> Hit {
    let found = s
        .identical
        .three_alike
        .filter(|&(_, four)| !(four && has(s, Check::Ryanpeikou)));
    let mut tiles = TileCounts::new();
    if let Some((low, _)) = found {
        for i in 0..3 {
            if let Some(t) = low.offset(i) {
                tiles.add(t, 3);
            }
        }
    }
    Hit::once_with(found.is_some(), tiles)
}

/// `sanrenkoh`: three identical chows (003 §12 Sanrenkoh), or three pongs of consecutive
/// numbers in one suit with the `sanrenkoh-sequential-pongs` option (000 §Honshū).
pub(super) fn sanrenkoh(s: &Situation) -> Hit {
    if s.rules.options.sanrenkoh_sequential_pongs {
        three_sequential_pongs(s)
    } else {
        three_identical_chows(s)
    }
}

/// Whether the ruleset scores (has switched on) a criterion with this detector.
fn has(s: &Situation, check: Check) -> bool {
    s.rules.criteria.iter().any(|c| c.check == check)
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

/// `three-colour-pongs` (sanshoku doukou): pongs or kongs of one number in each of the
/// three suits.
pub(super) fn three_colour_pongs(s: &Situation) -> Hit {
    let suits = [Suit::Characters, Suit::Circles, Suit::Bamboo];
    let number = (1..=9).find(|&n| {
        suits
            .iter()
            .all(|&suit| Tile::numbered(suit, n).is_some_and(|t| pong_of(s, t)))
    });
    let mut tiles = TileCounts::new();
    for tile in number.into_iter().flat_map(|n| {
        suits
            .iter()
            .filter_map(move |&suit| Tile::numbered(suit, n))
    }) {
        tiles.add(tile, 3);
    }
    Hit::once_with(number.is_some(), tiles)
}

/// `four-concealed-pongs-pair-wait`.
pub(super) fn four_concealed_pongs_pair_wait(s: &Situation) -> Hit {
    let standard = s.standard();
    Hit::once_if(
        standard
            && s.concealed_pongs() == 4
            && (s
                .arrangement
                .win_group()
                .is_some_and(|g| g.kind == GroupKind::Pair)
                || super::limits::tenhou_upgrades(s.hand, s.rules)),
    )
}

/// Identical chows, each chow used once: how many pairs of them, the tiles of the paired
/// chows, and the lowest tile of three or more equal chows (with whether they are four).
/// Worked out once per arrangement ([`Situation::new`]).
pub(super) struct IdenticalChows {
    pairs: u32,
    tiles: TileCounts,
    three_alike: Option<(Tile, bool)>,
}

impl IdenticalChows {
    /// The one count of identical chows every list reads: each kind of chow held `n` times
    /// makes `n / 2` pairs (four equal chows are two pairs, three are one and a chow left
    /// over).
    pub(super) fn of(arrangement: &Arrangement) -> IdenticalChows {
        let mut found = IdenticalChows {
            pairs: 0,
            tiles: TileCounts::new(),
            three_alike: None,
        };
        let mut lows = [None; MAX_GROUPS];
        let mut chows = 0;
        for group in arrangement.sets().filter(|g| g.kind == GroupKind::Chow) {
            lows[chows] = Some(group.tile);
            chows += 1;
        }
        let lows = &mut lows[..chows];
        lows.sort_unstable();
        let mut rest = &*lows;
        while let Some(&Some(low)) = rest.first() {
            let same = rest.iter().take_while(|&&t| t == Some(low)).count();
            rest = &rest[same..];
            if same >= 3 {
                found.three_alike = Some((low, same >= 4));
            }
            let pairs = same / 2;
            if pairs == 0 {
                continue;
            }
            found.pairs += pairs as u32;
            for i in 0..3 {
                if let Some(t) = low.offset(i) {
                    found.tiles.add(t, 2 * pairs as u8);
                }
            }
        }
        found
    }

    /// Two or more equal chows.
    fn any(&self) -> bool {
        self.pairs > 0
    }
}

/// Three equal chows that a switched-on sanrenkoh criterion scores: they are sanrenkoh, not
/// an iipeikou with a chow left over.
fn scored_as_sanrenkoh(s: &Situation) -> bool {
    // Three equal chows first: most arrangements have none, and then the ruleset is not read.
    s.identical.three_alike.is_some()
        && s.rules.criteria.iter().any(|c| {
            c.check == Check::ThreeIdenticalChows
                || (c.check == Check::Sanrenkoh && !s.rules.options.sanrenkoh_sequential_pongs)
        })
        && three_identical_chows(s).count > 0
}

/// Pure double chows as the Japanese lists count them: pairs of equal chows (four equal chows
/// are two, 003 §12 Ryanpehkoh), none when three equal chows score as sanrenkoh.
fn pure_double_chows(s: &Situation) -> u32 {
    if !s.identical.any() || scored_as_sanrenkoh(s) {
        return 0;
    }
    s.identical.pairs
}

/// `identical-chows`: one per pair of identical chows, each chow used once.
pub(super) fn identical_chows(s: &Situation) -> Hit {
    Hit {
        count: s.identical.pairs,
        tiles: s.identical.tiles,
    }
}

/// `iipeikou`: two pure double chows are ryanpeikou where the ruleset has it; otherwise
/// they still make (one) iipeikou.
pub(super) fn iipeikou(s: &Situation) -> Hit {
    let pairs = pure_double_chows(s);
    Hit::once_if(s.standard() && (pairs == 1 || (pairs == 2 && !has(s, Check::Ryanpeikou))))
}

/// `ryanpeikou`.
pub(super) fn ryanpeikou(s: &Situation) -> Hit {
    Hit::once_if(s.standard() && pure_double_chows(s) == 2)
}

/// `full-straight`: a straight in characters or circles.
pub(super) fn full_straight(s: &Situation) -> Hit {
    straight(s, &[Suit::Characters, Suit::Circles])
}

/// `pure-straight`: a straight in any suit.
pub(super) fn pure_straight(s: &Situation) -> Hit {
    straight(s, &[Suit::Circles, Suit::Bamboo, Suit::Characters])
}

/// A straight (123, 456, 789 chows) in one of `suits`, with the suit's tiles.
fn straight(s: &Situation, suits: &[Suit]) -> Hit {
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
