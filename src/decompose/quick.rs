//! The quick test of [`super::has_arrangement`]: whether a hand makes a winning shape, and
//! which, from its tile counts alone.

use super::{Shape, is_thirteen_orphans};
use crate::hand::Hand;
use crate::rules::TileSet;
use crate::tile::{TILE_KINDS, Tile, TileCounts};

/// The winning shape the hand makes, if any (four sets and an eye first), from its counts
/// alone, without building an arrangement: each suit splits into sets, or sets and the one
/// eye, by taking its lowest tile's count modulo three as chows; honours are pongs and at
/// most one eye. `None` (ask the full search) when a held tile is pair-only or the hand has
/// more than four sets declared.
pub(super) fn quick_shape(hand: &Hand, tiles: &TileSet) -> Option<Option<Shape>> {
    let needed = 4usize.checked_sub(hand.melds.len())?;
    let counts = concealed_counts(&hand.concealed, tiles)?;
    let total: usize = counts.iter().map(|&n| usize::from(n)).sum();
    if total != 2 + 3 * needed {
        return Some(None);
    }
    let standard = (0..GROUPS)
        .map(|group| group_eyes(&counts, group))
        .try_fold(0u8, |eyes, group| Some(eyes + group?))
        == Some(1);
    if standard {
        return Some(Some(Shape::Standard));
    }
    Some(special_shape(hand, &counts, tiles))
}

/// The concealed counts by tile index; `None` when a held tile is pair-only.
fn concealed_counts(concealed: &TileCounts, tiles: &TileSet) -> Option<[u8; TILE_KINDS]> {
    let mut counts = [0u8; TILE_KINDS];
    for (slot, tile) in counts.iter_mut().zip(Tile::all()) {
        let n = concealed.get(tile);
        if n > 0 && tiles.pair_only(tile) {
            return None;
        }
        *slot = n;
    }
    Some(counts)
}

/// The groups of tile indices a set never crosses: the three suits' numbers 1 to 9 in turn,
/// then the honours.
const GROUPS: usize = 4;

/// The group of a tile index ([`GROUPS`]).
fn group_of(index: usize) -> usize {
    (index / 9).min(GROUPS - 1)
}

/// How many eyes group `group` of `counts` holds when it splits into sets and eyes (a suit
/// into sets and at most one eye, honours into pongs and any number of eyes); `None` when
/// it does not split.
fn group_eyes(counts: &[u8; TILE_KINDS], group: usize) -> Option<u8> {
    if group == GROUPS - 1 {
        let mut eyes = 0;
        for &n in &counts[27..] {
            match n % 3 {
                0 => {}
                2 => eyes += 1,
                _ => return None,
            }
        }
        return Some(eyes);
    }
    let mut numbers = [0u8; 9];
    numbers.copy_from_slice(&counts[9 * group..9 * group + 9]);
    suit_eyes(numbers)
}

/// How many eyes (0 or 1) one suit's numbers 1 to 9 hold when they split into sets and at
/// most one eye; `None` when they do not.
fn suit_eyes(numbers: [u8; 9]) -> Option<u8> {
    let (mut total, mut weight) = (0usize, 0usize);
    for (i, &n) in numbers.iter().enumerate() {
        total += usize::from(n);
        weight += i * usize::from(n);
    }
    match total % 3 {
        0 => all_sets(numbers).then_some(0),
        // Every set adds a multiple of three to the weighted sum, the eye 2 × its number:
        // the eye's number is 2 × the sum, modulo three.
        2 => (2 * weight % 3..9)
            .step_by(3)
            .any(|eye| {
                let mut rest = numbers;
                rest[eye] >= 2 && {
                    rest[eye] -= 2;
                    all_sets(rest)
                }
            })
            .then_some(1),
        _ => None,
    }
}

/// Seven pairs or thirteen orphans, for a hand with nothing declared whose concealed
/// `counts` make no four sets and an eye.
fn special_shape(hand: &Hand, counts: &[u8; TILE_KINDS], tiles: &TileSet) -> Option<Shape> {
    if !hand.melds.is_empty() {
        return None;
    }
    // Seven pairs: seven kinds, two of each; thirteen orphans: no simple (2 to 8).
    let pairs = counts.iter().filter(|&&n| n == 2).count();
    if pairs == 7 && counts.iter().filter(|&&n| n > 0).count() == 7 {
        return Some(Shape::SevenPairs);
    }
    (!has_simple(counts) && is_thirteen_orphans(&hand.concealed, tiles))
        .then_some(Shape::ThirteenOrphans)
}

/// `counts` hold a simple (2 to 8).
fn has_simple(counts: &[u8; TILE_KINDS]) -> bool {
    counts[..27]
        .chunks_exact(9)
        .any(|suit| suit[1..8].iter().any(|&n| n > 0))
}

/// A hand one tile short (its winning tile taken out), read once so that [`quick_shape`] of
/// the hand with each tile added is asked of that tile's group only: the other groups do
/// not change.
pub(super) struct OneShort {
    /// The concealed tiles.
    before: TileCounts,
    counts: [u8; TILE_KINDS],
    /// For each group, the eyes of all the other groups as they stand ([`group_eyes`]);
    /// `None` when one of them does not split. A tile added to a group may make four sets
    /// and an eye only when this is 0 or 1.
    others_eyes: [Option<u8>; GROUPS],
    /// The concealed tiles number one less than sets and an eye need.
    fits: bool,
    /// Nothing is declared and the tiles are six pairs and this single: the tile that makes
    /// seven pairs.
    seventh_pair: Option<Tile>,
    /// Nothing is declared, no tile is a simple (2 to 8) and every terminal and honour in
    /// play but one is held: one more may make thirteen orphans.
    orphans: bool,
}

impl OneShort {
    /// `None` where [`quick_shape`] does not answer: a held tile is pair-only, or more than
    /// four sets are declared.
    pub(super) fn new(hand: &Hand, tiles: &TileSet) -> Option<OneShort> {
        let needed = 4usize.checked_sub(hand.melds.len())?;
        let mut before = hand.concealed;
        before.remove(hand.win_tile, 1);
        let counts = concealed_counts(&before, tiles)?;
        let total: usize = counts.iter().map(|&n| usize::from(n)).sum();
        let closed = hand.melds.is_empty();
        let kinds = |held: u8| counts.iter().filter(|&&n| n == held).count();
        let six_pairs = closed && total == 13 && kinds(2) == 6 && kinds(1) == 1;
        let single = counts.iter().position(|&n| n == 1);
        let eyes: [Option<u8>; GROUPS] = std::array::from_fn(|group| group_eyes(&counts, group));
        let others_eyes = std::array::from_fn(|changed| {
            (0..GROUPS)
                .filter(|&group| group != changed)
                .try_fold(0u8, |sum, group| Some(sum + eyes[group]?))
        });
        Some(OneShort {
            before,
            others_eyes,
            fits: total + 1 == 2 + 3 * needed,
            seventh_pair: single.filter(|_| six_pairs).and_then(Tile::from_index),
            orphans: closed && !has_simple(&counts) && {
                let held = counts.iter().filter(|&&n| n > 0).count();
                held + 1 >= tiles.tiles().filter(|t| t.is_terminal_or_honour()).count()
            },
            counts,
        })
    }

    /// Whether `tile`, not pair-only, may finish the hand: `false` when [`OneShort::shape`]
    /// surely answers no shape, from what was read once.
    pub(super) fn may_finish(&self, tile: Tile) -> bool {
        self.fits
            && (self.open(group_of(tile.index()))
                || self.seventh_pair == Some(tile)
                || (self.orphans && tile.is_terminal_or_honour()))
    }

    /// [`quick_shape`] of the hand read by [`OneShort::new`] finished by `tile`; `None`
    /// (ask the full search) when that tile is pair-only.
    pub(super) fn shape(&self, tile: Tile, tiles: &TileSet) -> Option<Option<Shape>> {
        if tiles.pair_only(tile) {
            return None;
        }
        if !self.fits {
            return Some(None);
        }
        if self.standard_with(tile) {
            return Some(Some(Shape::Standard));
        }
        if self.seventh_pair == Some(tile) {
            return Some(Some(Shape::SevenPairs));
        }
        let orphans = self.orphans && tile.is_terminal_or_honour() && {
            let mut done = self.before;
            done.add(tile, 1);
            is_thirteen_orphans(&done, tiles)
        };
        Some(orphans.then_some(Shape::ThirteenOrphans))
    }

    /// The tiles with `tile` added split into sets and one eye: the other groups as they
    /// stand, `tile`'s group worked out again.
    fn standard_with(&self, tile: Tile) -> bool {
        let changed = group_of(tile.index());
        let Some(others) = self.others_eyes[changed].filter(|&eyes| eyes <= 1) else {
            return false;
        };
        let mut counts = self.counts;
        counts[tile.index()] += 1;
        group_eyes(&counts, changed).is_some_and(|eyes| others + eyes == 1)
    }

    /// A tile added to `group` may make four sets and an eye: every other group splits,
    /// with at most one eye among them.
    fn open(&self, group: usize) -> bool {
        self.others_eyes[group].is_some_and(|eyes| eyes <= 1)
    }
}

/// Whether the counts of one suit's numbers 1 to 9 split into pongs and chows: the lowest
/// number's count modulo three must start chows (three equal chows are three pongs).
fn all_sets(mut numbers: [u8; 9]) -> bool {
    for i in 0..9 {
        let chows = numbers[i] % 3;
        if chows == 0 {
            continue;
        }
        if i + 2 >= 9 || numbers[i + 1] < chows || numbers[i + 2] < chows {
            return false;
        }
        numbers[i + 1] -= chows;
        numbers[i + 2] -= chows;
    }
    true
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::search;
    use super::*;
    use crate::hand::{self, ValidHand};
    use crate::{notation, rules};
    use std::ops::ControlFlow;

    /// A small deterministic generator (xorshift), so the tests need no seed from outside.
    pub(crate) struct Xorshift(pub(crate) u64);

    impl Xorshift {
        /// The next number below `n`.
        pub(crate) fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    fn complete(line: &str, rules: &rules::Ruleset) -> Hand {
        let input = notation::parse_hand(line).expect("parses");
        match hand::validate(&input, rules).expect("valid") {
            ValidHand::Complete(hand) => hand,
            ValidHand::Waiting(_) => panic!("complete hands only"),
        }
    }

    /// A hand like `base` whose concealed tiles are random sets and an eye, random pairs, or
    /// the orphans and random orphans, one tile changed one time in three.
    fn random_hand(base: &Hand, kinds: &[Tile], random: &mut Xorshift) -> Hand {
        let sets = 4 - base.melds.len();
        let mut hand = base.clone();
        hand.concealed = TileCounts::new();
        let add = |t: Tile, counts: &mut TileCounts| counts.add(t, 1);
        for _ in 0..sets {
            let low = kinds[random.below(kinds.len())];
            let chow = random.below(2) == 0;
            for i in 0..3 {
                let t = if chow {
                    low.offset(i).unwrap_or(low)
                } else {
                    low
                };
                add(t, &mut hand.concealed);
            }
        }
        let eye = kinds[random.below(kinds.len())];
        hand.concealed.add(eye, 2);
        let orphans: Vec<Tile> = kinds
            .iter()
            .copied()
            .filter(|t| t.is_terminal_or_honour())
            .collect();
        match random.below(6) {
            0 if sets == 4 => {
                hand.concealed = TileCounts::new();
                for _ in 0..7 {
                    hand.concealed.add(kinds[random.below(kinds.len())], 2);
                }
            }
            1 if sets == 4 => {
                hand.concealed = TileCounts::new();
                for &t in &orphans {
                    hand.concealed.add(t, 1);
                }
                for _ in orphans.len()..14 {
                    hand.concealed.add(orphans[random.below(orphans.len())], 1);
                }
            }
            _ => {}
        }
        if random.below(3) == 0 {
            let out = hand.concealed.iter().map(|(t, _)| t).next();
            if let Some(out) = out {
                hand.concealed.remove(out, 1);
                hand.concealed.add(kinds[random.below(kinds.len())], 1);
            }
        }
        hand.win_tile = hand.concealed.first().expect("tiles");
        hand
    }

    /// The count test agrees with the full search on hands made of random sets and an eye,
    /// random pairs, or the orphans and random orphans, some with a tile changed, open and
    /// concealed.
    #[test]
    fn quick_shape_agrees_with_the_search() {
        let mut random = Xorshift(0x9e37_79b9_7f4a_7c15);
        for (name, line) in [
            ("sanma", "234p567p678s99s234s tsumo"),
            ("sanma", "[EEE] 567p678s99s234s ron"),
            ("korean", "123p456m99s EEE www tsumo"),
            ("malaysian", "123p456p789p EEE ww tsumo"),
        ] {
            let rules = rules::load(name).expect("loads");
            let base = complete(line, &rules);
            let kinds: Vec<Tile> = rules.tiles.tiles().collect();
            let (mut winning, mut checked) = (0, 0);
            for _ in 0..3000 {
                let hand = random_hand(&base, &kinds, &mut random);
                let Some(quick) = quick_shape(&hand, &rules.tiles) else {
                    continue;
                };
                let mut found = None;
                let _ = search(
                    &hand,
                    &rules.tiles,
                    |_| true,
                    |a| {
                        found = Some(a.shape);
                        ControlFlow::Break(())
                    },
                );
                let (quick, full) = (quick.is_some(), found.is_some());
                assert_eq!(quick, full, "{name}: {:?}", hand.concealed);
                checked += 1;
                winning += usize::from(full);
            }
            assert!(
                checked > 1000 && winning > 300 && checked - winning > 300,
                "{name}"
            );
        }
    }

    /// A hand one tile short, read once, answers as the full search does for each tile added
    /// (the tiles it waits on and the near-misses), in sanma, with seven pairs switched off,
    /// with declared sets, and where a tile is pair-only (the 5 bamboo, the North), in malaysian.
    #[test]
    fn one_tile_short_agrees_with_the_search() {
        let mut random = Xorshift(0x2545_f491_4f6c_dd1d);
        let mut special = std::collections::HashMap::new();
        let off = |key: &str| vec![format!("{key}=false")];
        let on = |key: &str| vec![format!("{key}=true")];
        for (name, overrides, line) in [
            ("sanma", vec![], "234p567p678s99s234s tsumo"),
            (
                "sanma",
                off("criteria.chiitoitsu.enabled"),
                "234p567p678s99s234s tsumo",
            ),
            ("sanma", vec![], "[EEE] 567p678s99s234s ron"),
            (
                "korean",
                on("options.five-bamboo-pair"),
                "123p456m99s EEE www tsumo",
            ),
            (
                "korean",
                on("options.north-as-normal"),
                "123p456m99s EEE www tsumo",
            ),
            ("malaysian", vec![], "123p456p789p EEE ww tsumo"),
        ] {
            let rules = rules::load_with(name, &overrides).expect("loads");
            let base = complete(line, &rules);
            let kinds: Vec<Tile> = rules.tiles.tiles().collect();
            let pair_only = kinds.iter().any(|&t| rules.tiles.pair_only(t));
            assert_eq!(pair_only, name == "korean", "{name} {overrides:?}");
            let mut shapes = std::collections::HashMap::new();
            for _ in 0..1500 {
                let mut hand = random_hand(&base, &kinds, &mut random);
                let held: Vec<Tile> = hand.concealed.iter().map(|(t, _)| t).collect();
                hand.win_tile = held[random.below(held.len())];
                let short = super::super::OneTileShort::new(&hand, &rules);
                let mut before = hand.clone();
                before.concealed.remove(hand.win_tile, 1);
                for &tile in &kinds {
                    let mut done = before.clone();
                    done.concealed.add(tile, 1);
                    done.win_tile = tile;
                    let mut found = None;
                    let _ = super::super::try_for_each_arrangement(&done, &rules, |a| {
                        found = Some(a.shape);
                        ControlFlow::Break(())
                    });
                    assert!(
                        short.may_finish(tile) || found.is_none(),
                        "{name} {overrides:?}: {:?} + {tile} may finish",
                        before.concealed
                    );
                    assert_eq!(
                        short.finished_by(&hand, tile),
                        found.is_some(),
                        "{name} {overrides:?}: {:?} + {tile}",
                        before.concealed
                    );
                    *shapes.entry(found).or_insert(0) += 1;
                    *special.entry(found).or_insert(0) += 1;
                }
            }
            let seen = |shape| shapes.get(&shape).copied().unwrap_or(0);
            assert!(
                seen(Some(Shape::Standard)) > 300 && seen(None) > 3000,
                "{name} {overrides:?}: {shapes:?}"
            );
        }
        let seen = |shape| special.get(&Some(shape)).copied().unwrap_or(0);
        assert!(
            seen(Shape::SevenPairs) > 20 && seen(Shape::ThirteenOrphans) > 20,
            "{special:?}"
        );
    }
}
