//! Shanten: how many tiles a hand is from ready under the ruleset's own winning shapes.
//!
//! A hand's shanten is one less than the fewest tiles it must draw to hold a winning shape
//! (each draw paired with a discard): `0` is ready (one tile completes it), `-1` complete.
//! The shapes are four sets and a pair with the declared sets taken as given, and, where
//! the ruleset scores them and nothing is declared, seven different pairs and thirteen
//! orphans ([`WinningShapes`]). Every other special shape the shipped rulesets score (nine
//! gates, all green, the jade and pearl dragons, …) is four sets and a pair.
//!
//! The count is exact over every target hand: only tile kinds in play, never more copies
//! than the set holds, and a copy that is held, declared, set aside as kita or West, turned
//! over as an indicator or discarded is never drawn. So four of a kind held is a set and
//! one tile, and a wait on a tile whose every copy is seen is no wait. Jokers stand for any
//! tile, within `jokers-beyond-copies`.

pub mod analysis;
mod special;
mod suit;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::decompose::{Shape, plays};
use crate::hand::Hand;
use crate::rules::Ruleset;
use crate::tile::{TILE_KINDS, Tile, TileCounts};

pub use analysis::{Discard, Draw, Unready, analyse, analyse_hand};

/// The shanten number: `-1` a winning shape, `0` ready, `n` that many tiles from ready.
pub type Shanten = i8;

/// The winning shapes a ruleset plays beyond four sets and a pair: each is a shape exactly
/// when a criterion the ruleset scores (switched on) is that shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WinningShapes {
    /// Seven different pairs (criterion `seven-pairs`).
    pub seven_pairs: bool,
    /// Thirteen orphans (criterion `thirteen-orphans` or one of its higher forms).
    pub thirteen_orphans: bool,
}

impl WinningShapes {
    /// Every shape: what the decomposition reads whatever the ruleset.
    pub const ALL: WinningShapes = WinningShapes {
        seven_pairs: true,
        thirteen_orphans: true,
    };

    /// The shapes `rules` scores: a criterion switched off (by `enabled = false` or an
    /// option in its `when`) takes its shape with it.
    pub fn of(rules: &Ruleset) -> WinningShapes {
        WinningShapes {
            seven_pairs: plays(rules, Shape::SevenPairs),
            thirteen_orphans: plays(rules, Shape::ThirteenOrphans),
        }
    }

    /// The shapes in words, named as the verdicts name them: `four sets and an eye, seven
    /// pairs, thirteen orphans`.
    pub fn describe(self) -> String {
        let mut shapes = vec![Shape::Standard.name()];
        if self.seven_pairs {
            shapes.push(Shape::SevenPairs.name());
        }
        if self.thirteen_orphans {
            shapes.push(Shape::ThirteenOrphans.name());
        }
        shapes.join(", ")
    }
}

/// What stays fixed while a hand's tiles change: the declared sets, the jokers, the kinds in
/// play and how they may be used, and the shapes.
#[derive(Debug, Clone)]
pub(crate) struct Limits {
    /// Copies of each kind the concealed tiles may hold at most, jokers included (the set's
    /// copies less the declared ones; a joker may go beyond with `jokers-beyond-copies`).
    room: [u8; TILE_KINDS],
    /// A chow may start on the kind.
    chow: [bool; TILE_KINDS],
    /// The kind may form a pong.
    pong: [bool; TILE_KINDS],
    /// Sets the concealed tiles must make.
    sets_needed: usize,
    /// Jokers held.
    jokers: u8,
    /// Seven pairs is a shape here (the ruleset's, and nothing declared).
    seven_pairs: bool,
    /// Thirteen orphans is a shape here.
    thirteen_orphans: bool,
}

impl Limits {
    fn new(hand: &Hand, rules: &Ruleset, shapes: WinningShapes) -> Limits {
        let tiles = &rules.tiles;
        let declared = hand.all_tiles();
        let mut room = [0u8; TILE_KINDS];
        let mut chow = [false; TILE_KINDS];
        let mut pong = [false; TILE_KINDS];
        let beyond = if rules.options.jokers_beyond_copies {
            hand.jokers
        } else {
            0
        };
        let usable = |t: Tile| tiles.has(t) && !tiles.pair_only(t);
        for tile in Tile::all() {
            let i = tile.index();
            if tiles.has(tile) {
                let in_melds = declared.get(tile).saturating_sub(hand.concealed.get(tile));
                room[i] = tiles.copies(tile).saturating_sub(in_melds) + beyond;
            }
            pong[i] = usable(tile);
            chow[i] = [0, 1, 2]
                .iter()
                .all(|&k| tile.offset(k).is_some_and(usable));
        }
        let open = !hand.melds.is_empty();
        Limits {
            room,
            chow,
            pong,
            sets_needed: 4usize.saturating_sub(hand.melds.len()),
            jokers: hand.jokers,
            seven_pairs: shapes.seven_pairs && !open,
            thirteen_orphans: shapes.thirteen_orphans && !open,
        }
    }
}

/// Copies of each kind the hand has not seen: the set's copies less those held, declared,
/// set aside (kita, Wests), turned over as dora or ura indicators and discarded.
pub fn unseen(hand: &Hand, rules: &Ruleset) -> [u8; TILE_KINDS] {
    let seen = hand.seen_copies();
    let mut unseen = [0u8; TILE_KINDS];
    for tile in Tile::all() {
        unseen[tile.index()] = rules.tiles.copies(tile).saturating_sub(seen.get(tile));
    }
    unseen
}

/// A hasher for the cache's keys, which are already well mixed by a multiplication.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = (key ^ (key >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// The first kind of each group costed on its own and the next group's: the three suits,
/// then the honours.
const GROUPS: [(usize, usize); 4] = [(0, 9), (9, 18), (18, 27), (27, 34)];

/// The cheapest targets of one shape: the tiles they lack (jokers not yet counted), and the
/// kinds (bit = tile index) some of them lack and a draw can bring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cost {
    miss: u8,
    lacks: u64,
}

impl Cost {
    /// The cheaper of two, both kinds' bits when they cost the same.
    fn lower(a: Option<Cost>, b: Option<Cost>) -> Option<Cost> {
        match (a, b) {
            (Some(a), Some(b)) if a.miss == b.miss => Some(Cost {
                miss: a.miss,
                lacks: a.lacks | b.lacks,
            }),
            (Some(a), Some(b)) => Some(if a.miss < b.miss { a } else { b }),
            (a, None) => a,
            (None, b) => b,
        }
    }
}

/// A hand's shanten and the draws that lower it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    /// The shanten number.
    pub shanten: Shanten,
    /// The kinds whose draw lowers it, one bit per tile index (none for a winning shape).
    pub useful: u64,
}

impl Count {
    /// The kinds whose draw lowers the shanten, in tile order.
    pub fn useful_tiles(self) -> impl Iterator<Item = Tile> {
        Tile::all().filter(move |t| self.useful & (1 << t.index()) != 0)
    }
}

/// Counts the shanten of a hand and of the hands a few draws and discards away from it,
/// keeping each suit's cost table for the next count that shares it.
pub struct Counter {
    limits: Limits,
    cache: HashMap<u64, suit::Costs, BuildHasherDefault<KeyHasher>>,
}

impl Counter {
    /// A counter for `hand` (its declared sets and jokers) under `rules`' tile set, options and
    /// winning shapes.
    pub fn new(hand: &Hand, rules: &Ruleset) -> Counter {
        Counter::with_shapes(hand, rules, WinningShapes::of(rules))
    }

    /// A counter that plays `shapes` instead of the ruleset's own.
    pub fn with_shapes(hand: &Hand, rules: &Ruleset, shapes: WinningShapes) -> Counter {
        Counter {
            limits: Limits::new(hand, rules, shapes),
            cache: HashMap::default(),
        }
    }

    /// The shanten of `concealed` (jokers aside) when each kind may hold at most `cap`
    /// copies without a joker (those held plus those unseen); `None` when no winning shape
    /// fits the limits at all.
    pub fn shanten(&mut self, concealed: &TileCounts, cap: &[u8; TILE_KINDS]) -> Option<Shanten> {
        self.count(concealed, cap).map(|count| count.shanten)
    }

    /// [`Counter::shanten`] and the draws that lower it.
    pub fn count(&mut self, concealed: &TileCounts, cap: &[u8; TILE_KINDS]) -> Option<Count> {
        let mut held = [0u8; TILE_KINDS];
        for (tile, n) in concealed.iter() {
            held[tile.index()] = n;
        }
        let mut best = self.standard(&held, cap);
        let limits = &self.limits;
        if limits.seven_pairs {
            best = Cost::lower(best, special::seven_pairs(&held, cap, limits));
        }
        if limits.thirteen_orphans {
            best = Cost::lower(best, special::thirteen_orphans(&held, cap, limits));
        }
        let best = best?;
        let cost = best.miss.saturating_sub(limits.jokers);
        Some(Count {
            shanten: cost as Shanten - 1,
            useful: if cost == 0 { 0 } else { best.lacks },
        })
    }

    /// Four sets and a pair: the cheapest targets.
    fn standard(&mut self, held: &[u8; TILE_KINDS], cap: &[u8; TILE_KINDS]) -> Option<Cost> {
        let jokers = usize::from(self.limits.jokers).min(suit::JOKERS - 1);
        let mut joined: Option<suit::Costs> = None;
        for (group, &(start, end)) in GROUPS.iter().enumerate() {
            let table = self.group_table(group, start, end, held, cap);
            joined = Some(match joined {
                None => table,
                Some(before) => before.join(&table, jokers),
            });
        }
        let joined = joined?;
        (0..=jokers)
            .map(|e| joined.get(e, self.limits.sets_needed, 1))
            .filter(|&(miss, _)| miss != suit::UNREACHABLE)
            .map(|(miss, lacks)| Some(Cost { miss, lacks }))
            .fold(None, Cost::lower)
    }

    /// The cost table of the kinds `start..end` (group `group`), from the cache when this
    /// group has held and capped the same before.
    fn group_table(
        &mut self,
        group: usize,
        start: usize,
        end: usize,
        held: &[u8; TILE_KINDS],
        cap: &[u8; TILE_KINDS],
    ) -> suit::Costs {
        let mut key = group as u64;
        for i in start..end {
            key = (key << 6) | u64::from(held[i].min(7)) << 3 | u64::from(cap[i].min(7));
        }
        let limits = &self.limits;
        *self.cache.entry(key).or_insert_with(|| {
            let mut kinds = [suit::Kind::default(); 9];
            for (kind, i) in kinds.iter_mut().zip(start..end) {
                *kind = suit::Kind {
                    held: held[i],
                    cap: cap[i].min(limits.room[i]),
                    room: limits.room[i],
                    chow: limits.chow[i],
                    pong: limits.pong[i],
                };
            }
            suit::table(&kinds[..end - start], limits.jokers, start)
        })
    }
}

/// How far from ready, in words: `ready`, `1 tile from ready (1-shanten)`.
pub fn distance(shanten: Option<Shanten>) -> String {
    match shanten {
        None => "no winning shape can be reached (too many copies are seen)".to_string(),
        Some(s) if s < 0 => "complete".to_string(),
        Some(0) => "ready".to_string(),
        Some(s) => format!(
            "{} from ready ({s}-shanten)",
            crate::plural::counted(s.unsigned_abs(), "tile", "tiles")
        ),
    }
}

/// The kinds' caps for `hand`: copies held plus copies unseen.
pub fn caps(concealed: &TileCounts, unseen: &[u8; TILE_KINDS]) -> [u8; TILE_KINDS] {
    let mut cap = *unseen;
    for (tile, n) in concealed.iter() {
        cap[tile.index()] = cap[tile.index()].saturating_add(n);
    }
    cap
}

/// The shanten of a hand of 13 or 14 tiles (declared sets and jokers included) under the
/// ruleset's winning shapes; `None` when no winning shape can be reached at all.
pub fn shanten(hand: &Hand, rules: &Ruleset) -> Option<Shanten> {
    let cap = caps(&hand.concealed, &unseen(hand, rules));
    Counter::new(hand, rules).shanten(&hand.concealed, &cap)
}

#[cfg(test)]
mod tests;
