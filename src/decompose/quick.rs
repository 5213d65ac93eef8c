//! The quick test of [`super::has_arrangement`]: whether a hand makes a winning shape, and
//! which, from its tile counts alone.

use super::{Shape, is_thirteen_orphans};
use crate::hand::Hand;
use crate::rules::TileSet;
use crate::tile::{TILE_KINDS, Tile};

/// The winning shape the hand makes, if any (four sets and an eye first), from its counts
/// alone, without building an arrangement: each suit splits into sets, or sets and the one
/// eye, by taking its lowest tile's count modulo three as chows; honours are pongs and at
/// most one eye. `None` (ask the full search) when a held tile is pair-only or the hand has
/// more than four sets declared.
pub(super) fn quick_shape(hand: &Hand, tiles: &TileSet) -> Option<Option<Shape>> {
    let needed = 4usize.checked_sub(hand.melds.len())?;
    let mut counts = [0u8; TILE_KINDS];
    let mut total = 0usize;
    for (slot, tile) in counts.iter_mut().zip(Tile::all()) {
        let n = hand.concealed.get(tile);
        if n > 0 && tiles.pair_only(tile) {
            return None;
        }
        *slot = n;
        total += usize::from(n);
    }
    if total != 2 + 3 * needed {
        return Some(None);
    }
    // Tile indices: the three suits' numbers 1 to 9 in turn, then the honours.
    let (numbered, honours) = counts.split_at(27);
    let mut eyes = 0;
    let mut standard = true;
    for &n in honours {
        match n % 3 {
            0 => {}
            2 => eyes += 1,
            _ => standard = false,
        }
    }
    for suit in numbered.chunks_exact(9) {
        if !standard {
            break;
        }
        let mut numbers = [0u8; 9];
        numbers.copy_from_slice(suit);
        let (mut total, mut weight) = (0usize, 0usize);
        for (i, &n) in numbers.iter().enumerate() {
            total += usize::from(n);
            weight += i * usize::from(n);
        }
        standard = match total % 3 {
            0 => all_sets(numbers),
            2 => {
                eyes += 1;
                // Every set adds a multiple of three to the weighted sum, the eye 2 × its
                // number: the eye's number is 2 × the sum, modulo three.
                (2 * weight % 3..9).step_by(3).any(|eye| {
                    let mut rest = numbers;
                    rest[eye] >= 2 && {
                        rest[eye] -= 2;
                        all_sets(rest)
                    }
                })
            }
            _ => false,
        };
    }
    if standard && eyes == 1 {
        return Some(Some(Shape::Standard));
    }
    if !hand.melds.is_empty() {
        return Some(None);
    }
    // Seven pairs: seven kinds, two of each; thirteen orphans: no simple (2 to 8).
    let pairs = counts.iter().filter(|&&n| n == 2).count();
    if pairs == 7 && counts.iter().filter(|&&n| n > 0).count() == 7 {
        return Some(Some(Shape::SevenPairs));
    }
    let simple = numbered
        .chunks_exact(9)
        .any(|suit| suit[1..8].iter().any(|&n| n > 0));
    Some((!simple && is_thirteen_orphans(&hand.concealed, tiles)).then_some(Shape::ThirteenOrphans))
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
    use crate::tile::TileCounts;
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
            let sets = 4 - base.melds.len();
            let (mut winning, mut checked) = (0, 0);
            for _ in 0..3000 {
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
}
