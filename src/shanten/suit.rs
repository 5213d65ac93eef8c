//! One suit (or the honours) on its own: for every number of sets, with or without the pair,
//! the fewest tiles the suit still lacks over every target the tile limits allow, and the
//! kinds some cheapest target lacks.
//!
//! A target is a choice of sets (pongs, chows) and at most one pair made of this suit's
//! kinds. It lacks, of each kind, the copies it holds beyond the hand's (`miss`); it may
//! hold no more copies than the hand's plus those still unseen (`cap`), except that a joker
//! may stand for a copy no draw can bring (`over`, up to the jokers held, and never beyond
//! `room`). The search walks the kinds in order, carrying the chows started on the two
//! kinds before, so that every target is counted exactly.
//!
//! Each cost comes with the kinds that some target of that cost lacks and a draw can bring:
//! minimum and union over the targets, which two suits join in the same way. A draw of one
//! of those kinds lowers the cost by one, and a draw of any other kind does not.

/// Most sets a hand makes, plus one.
pub(super) const SETS: usize = 5;
/// Most jokers counted, plus one.
pub(super) const JOKERS: usize = 5;
/// A cost no target reaches.
pub(super) const UNREACHABLE: u8 = u8::MAX;

/// The fewest tiles lacking, and the kinds (bit = tile index) some target of that cost lacks
/// and can draw, by jokers used for copies no draw can bring (fewer than `E`), sets made
/// and pairs made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Table<M, const E: usize> {
    cost: [[[u8; 2]; SETS]; E],
    lacks: [[[M; 2]; SETS]; E],
}

/// The kinds a target lacks, one bit per kind.
pub(super) trait Mask:
    Copy + Default + std::ops::BitOr<Output = Self> + std::ops::BitOrAssign
{
}
impl Mask for u16 {}
impl Mask for u64 {}

/// A table as the counter keeps it: any number of jokers, each kind's bit its tile index.
pub(super) type Costs = Table<u64, JOKERS>;

impl<M: Mask, const E: usize> Table<M, E> {
    /// Nothing reachable.
    pub(super) fn none() -> Table<M, E> {
        Table {
            cost: [[[UNREACHABLE; 2]; SETS]; E],
            lacks: [[[M::default(); 2]; SETS]; E],
        }
    }

    /// The cost of `sets` sets and `pairs` pairs with `jokers` jokers standing for copies no
    /// draw can bring, and the kinds its cheapest targets lack.
    pub(super) fn get(&self, jokers: usize, sets: usize, pairs: usize) -> (u8, M) {
        let at = |e: usize| -> Option<(u8, M)> {
            Some((
                *self.cost.get(e)?.get(sets)?.get(pairs)?,
                *self.lacks.get(e)?.get(sets)?.get(pairs)?,
            ))
        };
        at(jokers).unwrap_or((UNREACHABLE, M::default()))
    }

    /// Lowers entry `(e, m, p)` to `cost` (its targets lacking `lacks`), or adds `lacks` to
    /// it when `cost` is its cost.
    #[inline]
    fn lower(&mut self, (e, m, p): (usize, usize, usize), cost: u8, lacks: M) {
        let slot = &mut self.cost[e][m][p];
        if cost < *slot {
            *slot = cost;
            self.lacks[e][m][p] = lacks;
        } else if cost == *slot && cost != UNREACHABLE {
            self.lacks[e][m][p] |= lacks;
        }
    }

    /// The two groups together: every way to split sets, the pair and the jokers between
    /// them; `jokers` is the most jokers counted.
    pub(super) fn join(&self, other: &Table<M, E>, jokers: usize) -> Table<M, E> {
        let mut out = Table::none();
        let layers = E.min(jokers + 1);
        for e1 in 0..layers {
            for m1 in 0..SETS {
                for p1 in 0..2 {
                    let a = self.cost[e1][m1][p1];
                    if a == UNREACHABLE {
                        continue;
                    }
                    for e2 in 0..layers - e1 {
                        for m2 in 0..SETS - m1 {
                            for p2 in 0..2 - p1 {
                                let b = other.cost[e2][m2][p2];
                                if b != UNREACHABLE {
                                    out.lower(
                                        (e1 + e2, m1 + m2, p1 + p2),
                                        a.saturating_add(b),
                                        self.lacks[e1][m1][p1] | other.lacks[e2][m2][p2],
                                    );
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

impl<const E: usize> Table<u16, E> {
    /// The table with each kind's bit moved to its tile index (`start` the group's first),
    /// with room for any number of jokers.
    fn placed(&self, start: usize) -> Costs {
        let mut out = Costs::none();
        for e in 0..E.min(JOKERS) {
            out.cost[e] = self.cost[e];
            for m in 0..SETS {
                for p in 0..2 {
                    out.lacks[e][m][p] = u64::from(self.lacks[e][m][p]) << start;
                }
            }
        }
        out
    }
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

/// What one choice at one kind adds.
#[derive(Clone, Copy)]
struct Step {
    /// Jokers standing for copies no draw can bring.
    over: usize,
    sets: usize,
    pairs: usize,
    /// Tiles lacking.
    miss: u8,
    /// The kind's bit, when the target lacks a copy a draw can bring.
    lacks: u16,
}

/// `from` moved by `step` and lowered into `into`; `jokers` is the most jokers counted.
#[inline]
fn step_into<const E: usize>(
    from: &Table<u16, E>,
    into: &mut Table<u16, E>,
    step: Step,
    jokers: usize,
) {
    for e in 0..E.min(jokers + 1).saturating_sub(step.over) {
        for m in 0..SETS.saturating_sub(step.sets) {
            for p in 0..2usize.saturating_sub(step.pairs) {
                let cost = from.cost[e][m][p];
                if cost != UNREACHABLE {
                    into.lower(
                        (e + step.over, m + step.sets, p + step.pairs),
                        cost.saturating_add(step.miss),
                        from.lacks[e][m][p] | step.lacks,
                    );
                }
            }
        }
    }
}

/// The cost table of a run of at most 16 kinds (a suit's nine, or the honours, which start
/// no chow) whose first is tile index `start`, with up to `jokers` jokers standing for
/// copies no draw brings.
pub(super) fn table(kinds: &[Kind], jokers: u8, start: usize) -> Costs {
    if jokers == 0 {
        walk::<1>(kinds, 0).placed(start)
    } else {
        walk::<JOKERS>(kinds, jokers).placed(start)
    }
}

/// The walk over the kinds, counting fewer than `E` jokers; bit `i` of each entry's kinds
/// is `kinds[i]`.
fn walk<const E: usize>(kinds: &[Kind], jokers: u8) -> Table<u16, E> {
    let jokers = usize::from(jokers).min(E - 1);
    // Two layers, the kind's and the next one's, swapped by reference; by chows started on
    // the kind before last (`a`) and on the last kind (`b`).
    let mut layers = [[[Table::<u16, E>::none(); SETS]; SETS]; 2];
    let (first, second) = layers.split_at_mut(1);
    let (mut states, mut next) = (&mut first[0], &mut second[0]);
    let mut alive = [[false; SETS]; SETS];
    let mut next_alive = alive;
    states[0][0].cost[0][0][0] = 0;
    alive[0][0] = true;
    for (i, kind) in kinds.iter().enumerate() {
        let bit = 1u16 << i;
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
                        let held = usize::from(kind.held);
                        let drawable = copies > held && kind.cap > kind.held;
                        let step = Step {
                            over,
                            sets: c + pong,
                            pairs: pair,
                            miss: copies.saturating_sub(held) as u8,
                            lacks: if drawable { bit } else { 0 },
                        };
                        if !next_alive[b][c] {
                            next[b][c] = Table::none();
                            next_alive[b][c] = true;
                        }
                        step_into(&states[a][b], &mut next[b][c], step, jokers);
                    }
                }
            }
        }
        std::mem::swap(&mut states, &mut next);
        alive = next_alive;
        next_alive = [[false; SETS]; SETS];
    }
    if alive[0][0] {
        states[0][0]
    } else {
        Table::none()
    }
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
        let t = table(&kinds([3, 1, 1, 1, 1, 1, 1, 1, 1]), 0, 0);
        assert_eq!(t.get(0, 3, 1), (0, 0));
        assert_eq!(t.get(0, 4, 1).0, 3);
        // 1111: a pong and one tile; the pair beside the pong would be a fifth copy.
        let t = table(&kinds([4, 0, 0, 0, 0, 0, 0, 0, 0]), 0, 0);
        assert_eq!(t.get(0, 1, 0), (0, 0));
        assert_eq!(t.get(0, 1, 1).0, 2);
        // A joker may stand for it when its room allows.
        let mut four = kinds([4, 0, 0, 0, 0, 0, 0, 0, 0]);
        four[0].room = 5;
        assert_eq!(table(&four, 1, 0).get(1, 1, 1).0, 1);
    }

    #[test]
    fn the_kinds_lacked_are_those_of_every_cheapest_target() {
        // 1 2 4 5: one set lacks 3 (123, 234 or 345) or 6 (456).
        let t = table(&kinds([1, 1, 0, 1, 1, 0, 0, 0, 0]), 0, 0);
        assert_eq!(t.get(0, 1, 0), (1, 1 << 2 | 1 << 5));
        // A kind with no copy left to draw is never lacked.
        let mut none_left = kinds([1, 1, 0, 1, 1, 0, 0, 0, 0]);
        none_left[2].cap = 0;
        assert_eq!(table(&none_left, 0, 0).get(0, 1, 0), (1, 1 << 5));
        // Placed as the circles, the bits are the circles' tile indices.
        let circles = table(&kinds([1, 1, 0, 1, 1, 0, 0, 0, 0]), 0, 9);
        assert_eq!(circles.get(0, 1, 0), (1, 1 << 11 | 1 << 14));
    }

    #[test]
    fn joining_splits_sets_and_the_pair() {
        let a = table(&kinds([1, 1, 1, 0, 0, 0, 0, 0, 0]), 0, 0);
        let b = table(&kinds([2, 0, 0, 0, 0, 0, 0, 0, 0]), 0, 9);
        let both = a.join(&b, 0);
        assert_eq!(both.get(0, 1, 1), (0, 0));
        // Eight tiles from five held: three lack.
        assert_eq!(both.get(0, 2, 1).0, 3);
    }
}
