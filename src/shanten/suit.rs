//! One suit (or the honours) on its own: for every number of sets, with or without the pair,
//! the fewest tiles the suit still lacks, over every target the tile limits allow.
//!
//! A target is a choice of sets (pongs, chows) and at most one pair made of this suit's
//! kinds. It lacks, of each kind, the copies it holds beyond the hand's (`miss`); it may
//! hold no more copies than the hand's plus those still unseen (`cap`), except that a joker
//! may stand for a copy no draw can bring (`over`, up to the jokers held, and never beyond
//! `room`). The search walks the kinds in order, carrying the chows started on the two
//! kinds before, so that every target is counted exactly.

/// Most sets a hand makes.
pub(super) const SETS: usize = 5;
/// Most jokers counted (the jokers a hand may hold, plus one).
pub(super) const JOKERS: usize = 5;
/// A cost no target reaches: the suit cannot make that many sets.
pub(super) const UNREACHABLE: u8 = u8::MAX;

/// The fewest tiles lacking, by jokers used for copies no draw can bring, sets made and
/// pairs made (0 or 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Table {
    cost: [[[u8; 2]; SETS]; JOKERS],
}

impl Table {
    /// Nothing reachable.
    pub(super) const NONE: Table = Table {
        cost: [[[UNREACHABLE; 2]; SETS]; JOKERS],
    };

    /// Only the empty target, lacking nothing.
    pub(super) fn empty() -> Table {
        let mut table = Table::NONE;
        table.cost[0][0][0] = 0;
        table
    }

    /// The cost of `sets` sets and `pairs` pairs with `jokers` jokers standing for copies no
    /// draw can bring.
    pub(super) fn get(&self, jokers: usize, sets: usize, pairs: usize) -> u8 {
        self.cost
            .get(jokers)
            .and_then(|by_sets| by_sets.get(sets))
            .and_then(|by_pairs| by_pairs.get(pairs))
            .copied()
            .unwrap_or(UNREACHABLE)
    }

    /// Lowers the entry at `(jokers, sets, pairs)` to `cost` if that is lower.
    fn lower(&mut self, jokers: usize, sets: usize, pairs: usize, cost: u8) {
        if let Some(slot) = self
            .cost
            .get_mut(jokers)
            .and_then(|by_sets| by_sets.get_mut(sets))
            .and_then(|by_pairs| by_pairs.get_mut(pairs))
            && cost < *slot
        {
            *slot = cost;
        }
    }

    /// Every entry of `self` moved by `over` jokers, `sets` sets and `pairs` pairs, with
    /// `miss` added, lowered into `into`; `jokers` is the most jokers counted.
    fn step_into(&self, into: &mut Table, step: Step, jokers: usize) {
        for e in 0..=jokers.saturating_sub(step.over) {
            for m in 0..SETS.saturating_sub(step.sets) {
                for p in 0..2usize.saturating_sub(step.pairs) {
                    let cost = self.cost[e][m][p];
                    if cost != UNREACHABLE {
                        into.lower(
                            e + step.over,
                            m + step.sets,
                            p + step.pairs,
                            cost.saturating_add(step.miss),
                        );
                    }
                }
            }
        }
    }

    /// The two suits together: every way to split sets, the pair and the jokers between
    /// them; `jokers` is the most jokers counted.
    pub(super) fn join(&self, other: &Table, jokers: usize) -> Table {
        let mut out = Table::NONE;
        for e1 in 0..=jokers {
            for m1 in 0..SETS {
                for p1 in 0..2 {
                    let a = self.cost[e1][m1][p1];
                    if a == UNREACHABLE {
                        continue;
                    }
                    for e2 in 0..=jokers - e1 {
                        for m2 in 0..SETS - m1 {
                            for p2 in 0..2 - p1 {
                                let b = other.cost[e2][m2][p2];
                                if b != UNREACHABLE {
                                    out.lower(e1 + e2, m1 + m2, p1 + p2, a.saturating_add(b));
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }
}

/// What one choice at one kind adds: jokers for copies no draw brings, sets, pairs, and
/// tiles lacking.
#[derive(Clone, Copy)]
struct Step {
    over: usize,
    sets: usize,
    pairs: usize,
    miss: u8,
}

/// One kind of the suit as the search sees it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Kind {
    /// Copies the hand holds.
    pub held: u8,
    /// Copies a target may hold without a joker: held plus unseen.
    pub cap: u8,
    /// Copies a target may hold at all, jokers included.
    pub room: u8,
    /// A chow may start here (this kind and the next two are in play and may form sets).
    pub chow: bool,
    /// The kind may form a pong (it is in play and not pair-only).
    pub pong: bool,
}

/// The cost table of a run of kinds (a suit's nine, or the honours, which start no chow),
/// with up to `jokers` jokers standing for copies no draw brings.
pub(super) fn table(kinds: &[Kind], jokers: u8) -> Table {
    let jokers = usize::from(jokers).min(JOKERS - 1);
    // By chows started on the kind before last (`a`) and on the last kind (`b`).
    let mut states = [[Table::NONE; SETS]; SETS];
    let mut alive = [[false; SETS]; SETS];
    states[0][0] = Table::empty();
    alive[0][0] = true;
    for kind in kinds {
        let mut next = [[Table::NONE; SETS]; SETS];
        let mut next_alive = [[false; SETS]; SETS];
        for a in 0..SETS {
            for b in 0..SETS - a {
                if !alive[a][b] {
                    continue;
                }
                let most_chows = if kind.chow { SETS - 1 - a - b } else { 0 };
                for c in 0..=most_chows {
                    for (pong, pair) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                        if pong == 1 && !kind.pong {
                            continue;
                        }
                        let copies = a + b + c + 3 * pong + 2 * pair;
                        if copies > usize::from(kind.room) {
                            continue;
                        }
                        let over = copies.saturating_sub(usize::from(kind.cap));
                        if over > jokers {
                            continue;
                        }
                        let miss = copies.saturating_sub(usize::from(kind.held)) as u8;
                        let step = Step {
                            over,
                            sets: c + pong,
                            pairs: pair,
                            miss,
                        };
                        states[a][b].step_into(&mut next[b][c], step, jokers);
                        next_alive[b][c] = true;
                    }
                }
            }
        }
        states = next;
        alive = next_alive;
    }
    states[0][0]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(held: [u8; 9]) -> [Kind; 9] {
        let mut kinds = [Kind::default(); 9];
        for (i, kind) in kinds.iter_mut().enumerate() {
            *kind = Kind {
                held: held[i],
                cap: 4,
                room: 4,
                chow: i < 7,
                pong: true,
            };
        }
        kinds
    }

    #[test]
    fn held_sets_cost_nothing_and_a_fifth_copy_is_never_used() {
        // 123 456 789 and 11: three sets and the pair are held.
        let t = table(&kinds([3, 1, 1, 1, 1, 1, 1, 1, 1]), 0);
        assert_eq!(t.get(0, 3, 1), 0);
        assert_eq!(t.get(0, 4, 1), 3);
        // 1111: a pong and one tile; the pair beside the pong would be a fifth copy.
        let t = table(&kinds([4, 0, 0, 0, 0, 0, 0, 0, 0]), 0);
        assert_eq!(t.get(0, 1, 0), 0);
        assert_eq!(t.get(0, 1, 1), 2);
        // A joker may stand for it when its room allows.
        let mut four = kinds([4, 0, 0, 0, 0, 0, 0, 0, 0]);
        four[0].room = 5;
        assert_eq!(table(&four, 1).get(1, 1, 1), 1);
    }

    #[test]
    fn joining_splits_sets_and_the_pair() {
        let a = table(&kinds([1, 1, 1, 0, 0, 0, 0, 0, 0]), 0);
        let b = table(&kinds([2, 0, 0, 0, 0, 0, 0, 0, 0]), 0);
        let both = a.join(&b, 0);
        assert_eq!(both.get(0, 1, 1), 0);
        // Eight tiles from five held: three lack.
        assert_eq!(both.get(0, 2, 1), 3);
    }
}
