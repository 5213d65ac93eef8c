//! The joker assignments worth scoring: every multiset of tile kinds the hand's jokers (`J`)
//! can stand for that gives the concealed tiles a winning shape (four sets and an eye with
//! the declared sets, seven pairs, thirteen orphans).
//!
//! Trying every multiset (3,876 for four jokers over the 16 Malaysian kinds) finds the same
//! best score, because a multiset that makes no winning shape scores nothing; this module
//! builds the winning ones directly, by taking the lowest concealed tile and every group it
//! can be part of, a joker filling each place no concealed tile fills. It may propose a few
//! assignments that turn out not to be a winning shape (the scorer rejects those); it never
//! misses one that is (checked against the full enumeration in the tests below).

use std::collections::HashSet;

use crate::rules::TileSet;
use crate::tile::{Tile, TileCounts};

/// Every assignment of `jokers` jokers that may complete `concealed` (with `melds` declared
/// sets) into a winning shape, each as the jokers' tiles in ascending order, the list sorted
/// ascending and without repeats (the order of a full enumeration of multisets). Copy limits
/// are not applied here.
pub fn candidate_assignments(
    concealed: &TileCounts,
    melds: usize,
    jokers: u8,
    tiles: &TileSet,
) -> Vec<Vec<Tile>> {
    let mut found = Found::default();
    let kinds: Vec<Tile> = tiles.tiles().collect();
    let mut search = Search {
        tiles,
        kinds: &kinds,
        out: &mut found,
        counts: *concealed,
        assigned: TileCounts::new(),
    };
    let sets = 4usize.saturating_sub(melds);
    search.step(jokers, sets, true);
    if melds == 0 {
        seven_pairs(concealed, jokers, tiles, &mut found);
        thirteen_orphans(concealed, jokers, tiles, &mut found);
    }
    let mut list: Vec<Vec<Tile>> = found
        .unique
        .iter()
        .map(|a| {
            a.iter()
                .flat_map(|(t, n)| std::iter::repeat_n(t, usize::from(n)))
                .collect()
        })
        .collect();
    list.sort();
    list
}

/// The assignments found, each once (the search reaches many of them by several routes).
#[derive(Default)]
struct Found {
    seen: HashSet<TileCounts>,
    unique: Vec<TileCounts>,
}

impl Found {
    fn push(&mut self, assigned: TileCounts) {
        if self.seen.insert(assigned) {
            self.unique.push(assigned);
        }
    }
}

/// The standard-shape search: the concealed tiles not yet covered and the jokers' tiles
/// so far, changed and restored as it goes down and back up.
struct Search<'a> {
    tiles: &'a TileSet,
    /// The tile kinds in play, in tile order.
    kinds: &'a [Tile],
    out: &'a mut Found,
    counts: TileCounts,
    assigned: TileCounts,
}

impl Search<'_> {
    /// Covers the lowest concealed tile left with a group (the pair if `pair` is still
    /// needed, or one of `sets` sets), jokers filling the places concealed tiles do not.
    fn step(&mut self, jokers: u8, sets: usize, pair: bool) {
        let Some(low) = self.counts.first() else {
            self.free_groups(jokers, sets, pair, 0);
            return;
        };
        let held = usize::from(self.counts.get(low));
        let same = [low; 3];
        if pair {
            for used in 1..=held.min(2) {
                let (from_hand, from_jokers) = same[..2].split_at(used);
                self.take(jokers, sets, false, from_hand, from_jokers);
            }
        }
        if sets == 0 || self.tiles.pair_only(low) {
            return;
        }
        for used in 1..=held.min(3) {
            let (from_hand, from_jokers) = same.split_at(used);
            self.take(jokers, sets - 1, pair, from_hand, from_jokers);
        }
        // Chows holding `low`: it is the lowest concealed tile, so a place below it is a
        // joker; a place above it is a concealed tile or a joker.
        let (Some(suit), Some(number)) = (low.suit(), low.number()) else {
            return;
        };
        for start in number.saturating_sub(2).max(1)..=number {
            let (Some(a), Some(b), Some(c)) = (
                Tile::numbered(suit, start),
                Tile::numbered(suit, start + 1),
                Tile::numbered(suit, start + 2),
            ) else {
                continue;
            };
            let run = [a, b, c];
            if run
                .iter()
                .any(|&t| !self.tiles.has(t) || self.tiles.pair_only(t))
            {
                continue;
            }
            // Each place other than `low` is a joker, or a concealed tile if it is above
            // `low` and held (bit i for the i-th such place: a concealed tile).
            let others = run.iter().copied().filter(|&t| t != low);
            let mut places = [low; 2];
            let mut choices = [false; 2];
            for (i, t) in others.enumerate().take(2) {
                places[i] = t;
                choices[i] = t > low && self.counts.get(t) > 0;
            }
            for mask in 0..4u8 {
                if (0..2).any(|i| mask & (1 << i) != 0 && !choices[i]) {
                    continue;
                }
                let mut from_hand = [low; 3];
                let mut from_jokers = [low; 2];
                let (mut hand_len, mut joker_len) = (1, 0);
                for (i, &t) in places.iter().enumerate() {
                    if mask & (1 << i) != 0 {
                        from_hand[hand_len] = t;
                        hand_len += 1;
                    } else {
                        from_jokers[joker_len] = t;
                        joker_len += 1;
                    }
                }
                self.take(
                    jokers,
                    sets - 1,
                    pair,
                    &from_hand[..hand_len],
                    &from_jokers[..joker_len],
                );
            }
        }
    }

    /// Takes one group: `from_hand` out of the concealed tiles, `from_jokers` as jokers.
    fn take(
        &mut self,
        jokers: u8,
        sets: usize,
        pair: bool,
        from_hand: &[Tile],
        from_jokers: &[Tile],
    ) {
        let fill = from_jokers.len() as u8;
        if fill > jokers {
            return;
        }
        for &t in from_hand {
            self.counts.remove(t, 1);
        }
        for &t in from_jokers {
            self.assigned.add(t, 1);
        }
        self.step(jokers - fill, sets, pair);
        for &t in from_jokers {
            self.assigned.remove(t, 1);
        }
        for &t in from_hand {
            self.counts.add(t, 1);
        }
    }

    /// No concealed tile is left: the jokers make the remaining `sets` sets (each from the
    /// set shape numbered `from` on, so each combination is built once) and the pair.
    fn free_groups(&mut self, jokers: u8, sets: usize, pair: bool, from: usize) {
        let need = 3 * sets + 2 * usize::from(pair);
        if usize::from(jokers) != need {
            return;
        }
        if sets == 0 {
            if pair {
                for tile in self.tiles.tiles() {
                    self.assigned.add(tile, 2);
                    self.out.push(self.assigned);
                    self.assigned.remove(tile, 2);
                }
            } else {
                self.out.push(self.assigned);
            }
            return;
        }
        // Set shapes: a pong of every kind (number 2k), a chow from every start (2k + 1).
        for shape in from..2 * self.kinds.len() {
            let tile = self.kinds[shape / 2];
            let run = if shape % 2 == 0 {
                [tile; 3]
            } else {
                match (tile.offset(1), tile.offset(2)) {
                    (Some(b), Some(c)) if self.tiles.has(b) && self.tiles.has(c) => [tile, b, c],
                    _ => continue,
                }
            };
            if run.iter().any(|&t| self.tiles.pair_only(t)) {
                continue;
            }
            for &t in &run {
                self.assigned.add(t, 1);
            }
            self.free_groups(jokers - 3, sets - 1, pair, shape);
            for &t in &run {
                self.assigned.remove(t, 1);
            }
        }
    }
}

/// Seven different pairs: every concealed kind held once or twice, a joker pairing each
/// single, the jokers left making pairs of kinds not held.
fn seven_pairs(concealed: &TileCounts, jokers: u8, tiles: &TileSet, out: &mut Found) {
    if concealed.iter().any(|(_, n)| n > 2) {
        return;
    }
    let mut assigned = TileCounts::new();
    for (tile, n) in concealed.iter() {
        if n == 1 {
            assigned.add(tile, 1);
        }
    }
    let singles = assigned.total() as u8;
    if singles > jokers || !(jokers - singles).is_multiple_of(2) {
        return;
    }
    let extra = usize::from((jokers - singles) / 2);
    if concealed.iter().count() + extra != 7 {
        return;
    }
    let free: Vec<Tile> = tiles.tiles().filter(|&t| concealed.get(t) == 0).collect();
    choose_pairs(&free, 0, extra, &mut assigned, out);
}

fn choose_pairs(
    free: &[Tile],
    from: usize,
    left: usize,
    assigned: &mut TileCounts,
    out: &mut Found,
) {
    if left == 0 {
        out.push(*assigned);
        return;
    }
    for i in from..free.len() {
        assigned.add(free[i], 2);
        choose_pairs(free, i + 1, left - 1, assigned, out);
        assigned.remove(free[i], 2);
    }
}

/// Thirteen orphans: one of every terminal and honour in play, one of them repeated so the
/// hand has 14 tiles; the jokers are whatever the concealed tiles lack.
fn thirteen_orphans(concealed: &TileCounts, jokers: u8, tiles: &TileSet, out: &mut Found) {
    let orphans: Vec<Tile> = tiles
        .tiles()
        .filter(|t| t.is_terminal_or_honour())
        .collect();
    if orphans.is_empty()
        || orphans.len() > 13
        || concealed.iter().any(|(t, _)| !t.is_terminal_or_honour())
    {
        return;
    }
    let repeated = (14 - orphans.len() + 1) as u8;
    for &double in &orphans {
        let mut assigned = TileCounts::new();
        let mut possible = true;
        for &t in &orphans {
            let want = if t == double { repeated } else { 1 };
            match want.checked_sub(concealed.get(t)) {
                Some(n) => assigned.add(t, n),
                None => possible = false,
            }
        }
        if possible && assigned.total() == usize::from(jokers) {
            out.push(assigned);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decompose::for_each_arrangement;
    use crate::hand::{self, ValidHand};
    use crate::{notation, rules};

    /// Every multiset of `left` kinds from `kinds[from..]`, in ascending order.
    fn all_multisets(
        kinds: &[Tile],
        from: usize,
        left: usize,
        acc: &mut Vec<Tile>,
        out: &mut Vec<Vec<Tile>>,
    ) {
        if left == 0 {
            out.push(acc.clone());
            return;
        }
        for i in from..kinds.len() {
            acc.push(kinds[i]);
            all_multisets(kinds, i, left - 1, acc, out);
            acc.pop();
        }
    }

    /// The winning assignments by brute force: every multiset whose hand has an arrangement.
    fn winning_by_enumeration(
        line: &str,
        rules: &rules::Ruleset,
    ) -> (Vec<Vec<Tile>>, Vec<Vec<Tile>>) {
        let input = notation::parse_hand(line).expect("parses");
        let ValidHand::Complete(hand) = hand::validate(&input, rules).expect("valid") else {
            panic!("complete hands only");
        };
        let kinds: Vec<Tile> = rules.tiles.tiles().collect();
        let mut every = Vec::new();
        all_multisets(
            &kinds,
            0,
            usize::from(hand.jokers),
            &mut Vec::new(),
            &mut every,
        );
        let winning = every
            .into_iter()
            .filter(|assignment| {
                let mut concrete = hand.clone();
                for &t in assignment {
                    concrete.concealed.add(t, 1);
                }
                let mut any = false;
                for_each_arrangement(&concrete, rules, |_| any = true);
                any
            })
            .collect();
        let candidates =
            candidate_assignments(&hand.concealed, hand.melds.len(), hand.jokers, &rules.tiles);
        (winning, candidates)
    }

    #[test]
    fn candidates_hold_every_winning_assignment() {
        let rules = rules::load("malaysian").expect("loads");
        let lines = [
            "123p456p789p E JJJJ tsumo",
            "123p456p789p EE JJJ tsumo",
            "[EEE] SSS www NN 1p JJ tsumo",
            "EEE SSS WWW 555p JJ tsumo",
            "11p22p33p44p EE ww r J tsumo",
            "EE SS WW NN rr gg w J tsumo",
            "1p3p5p7p9p E S W N w g r JJ tsumo",
            "1p4p7p EE SS WW N JJJJ tsumo",
            "1112345678p JJJJ tsumo",
            "2p JJJJ [EEE] [SSS] [www] tsumo",
            "JJJJ 2p5p8p E S W N w g r tsumo",
            "135799p 2468p JJJJ tsumo",
            "1p2p3p4p5p6p7p8p9p E S W JJ tsumo",
            "(1111p) [EEEE] [SSSS] 5p JJJJ tsumo",
        ];
        for line in lines {
            let Ok(input) = notation::parse_hand(line) else {
                panic!("{line}: does not parse");
            };
            if hand::validate(&input, &rules).is_err() {
                panic!("{line}: not a valid hand");
            }
            let (winning, candidates) = winning_by_enumeration(line, &rules);
            for assignment in &winning {
                assert!(
                    candidates.contains(assignment),
                    "{line}: misses {assignment:?}"
                );
            }
            let mut sorted = candidates.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted, candidates, "{line}: sorted and unique");
        }
    }

    /// Complete hands made at random (four sets and a pair, or seven pairs), some tiles
    /// replaced by jokers: the candidates hold every winning assignment.
    #[test]
    fn candidates_hold_every_winning_assignment_of_random_hands() {
        let rules = rules::load("malaysian").expect("loads");
        let kinds: Vec<Tile> = rules.tiles.tiles().collect();
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut checked = 0;
        while checked < 120 {
            let mut tiles: Vec<Tile> = Vec::new();
            if next(4) == 0 {
                let mut chosen: Vec<Tile> = Vec::new();
                while chosen.len() < 7 {
                    let t = kinds[next(kinds.len())];
                    if !chosen.contains(&t) {
                        chosen.push(t);
                    }
                }
                for t in chosen {
                    tiles.extend([t, t]);
                }
            } else {
                let pair = kinds[next(kinds.len())];
                tiles.extend([pair, pair]);
                for _ in 0..4 {
                    let t = kinds[next(kinds.len())];
                    match (next(2), t.offset(1), t.offset(2)) {
                        (0, Some(b), Some(c)) => tiles.extend([t, b, c]),
                        _ => tiles.extend([t, t, t]),
                    }
                }
            }
            let mut counts = TileCounts::new();
            for &t in &tiles {
                counts.add(t, 1);
            }
            if counts.iter().any(|(_, n)| n > 4) {
                continue;
            }
            let jokers = 1 + next(4);
            for _ in 0..jokers {
                let t = tiles.remove(next(tiles.len()));
                counts.remove(t, 1);
            }
            tiles.sort();
            let line = format!(
                "{} {} tsumo",
                tiles
                    .iter()
                    .map(Tile::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
                "J".repeat(jokers)
            );
            let (winning, candidates) = winning_by_enumeration(&line, &rules);
            assert!(!winning.is_empty(), "{line}: made from a winning hand");
            for assignment in &winning {
                assert!(
                    candidates.contains(assignment),
                    "{line}: misses {assignment:?}"
                );
            }
            checked += 1;
        }
    }
}
