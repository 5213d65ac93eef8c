//! Scoring criteria: one detector per criterion, each answering how many times it applies to
//! an arrangement of a hand and which tiles earn it. The detectors live in files by what they
//! read: `sets`, `suits`, `honours`, `bonus` tiles, `dora`, the `situational` context, and
//! `limits` hands.
//!
//! Each criterion is one row of the `checks!` table (`src/check.rs`), naming its key, its detector, its
//! [`Family`] and its facts. `check` makes the [`Check`] enum of the rows; this module
//! expands the same rows into [`Check::detect`] and [`Check::family`], so a new row is a
//! compile error until its detector and its family exist, and no list here names it again.

mod bonus;
mod dora;
mod honours;
mod limits;
pub mod requirements;
mod sets;
mod situational;
mod suits;

pub use limits::{TENHOU_DOUBLE_FORMS, tenhou_upgrade_reason, tenhou_upgrades};
use requirements::Family;

use sets::IdenticalChows;

use std::cell::OnceCell;
use std::ops::ControlFlow;

use crate::check::Check;
use crate::decompose::{Arrangement, Group, GroupKind, MAX_GROUPS, OneTileShort, Shape};
use crate::hand::{Hand, Win};
use crate::rules::Ruleset;

use crate::tile::{BonusSet, BonusTile, Dragon, Seat, Suit, Tile, TileCounts, Wind};

/// Everything a detector may look at: the hand, one arrangement of it, and the ruleset, with
/// what several detectors read worked out once (the suits present, the identical chows, the
/// dora tiles).
pub struct Situation<'a> {
    /// The hand.
    pub hand: &'a Hand,
    /// The arrangement being scored.
    pub arrangement: &'a Arrangement,
    /// The ruleset.
    pub rules: &'a Ruleset,
    /// Every tile of the hand, kongs as four.
    pub all: TileCounts,
    /// The numbered suits among `all` and whether it holds an honour.
    suits: SuitsHeld,
    /// The identical chows of the arrangement.
    identical: IdenticalChows,
    /// The tiles the hand's dora indicators point at, once asked for.
    dora: OnceCell<TileCounts>,
}

impl<'a> Situation<'a> {
    /// Prepares a situation.
    pub fn new(hand: &'a Hand, arrangement: &'a Arrangement, rules: &'a Ruleset) -> Self {
        let all = hand.all_tiles();
        Situation {
            hand,
            arrangement,
            rules,
            suits: SuitsHeld::of(&all),
            identical: IdenticalChows::of(arrangement),
            all,
            dora: OnceCell::new(),
        }
    }

    /// The one numbered suit of the hand, if exactly one suit appears.
    fn single_suit(&self) -> Option<Suit> {
        self.suits.single()
    }

    /// The hand holds an honour.
    fn has_honours(&self) -> bool {
        self.suits.honours
    }

    /// Every tile of the hand is a terminal or an honour.
    fn only_terminals_and_honours(&self) -> bool {
        !self.suits.simples
    }

    /// Every tile of the hand is a simple (2 to 8).
    fn only_simples(&self) -> bool {
        !self.suits.honours && !self.suits.terminals
    }

    /// The tiles the hand's dora indicators (`dora=`) point at.
    fn dora(&self) -> &TileCounts {
        self.dora
            .get_or_init(|| self.dora_tiles(&self.hand.context.dora))
    }

    fn sets(&self) -> impl Iterator<Item = &Group> {
        self.arrangement.sets()
    }

    fn pongs(&self) -> impl Iterator<Item = &Group> {
        self.sets().filter(|g| g.is_pong_or_kong())
    }

    fn standard(&self) -> bool {
        self.arrangement.shape == Shape::Standard
    }

    /// Pongs and kongs formed without a discard.
    fn concealed_pongs(&self) -> usize {
        self.pongs().filter(|g| g.concealed).count()
    }

    /// Kongs in the arrangement; with `concealed_only`, concealed kongs only.
    fn kongs(&self, concealed_only: bool) -> usize {
        self.sets()
            .filter(|g| g.kind == GroupKind::Kong && (g.concealed || !concealed_only))
            .count()
    }

    /// A standard hand with a chow whose every set and pair holds a terminal or an honour.
    fn outside(&self) -> bool {
        self.standard()
            && self
                .arrangement
                .groups()
                .iter()
                .all(Group::has_terminal_or_honour)
            && self.sets().any(|g| g.kind == GroupKind::Chow)
    }

    fn tsumo(&self) -> bool {
        self.hand.context.win == Win::Tsumo
    }

    fn seat_dragon(&self) -> Dragon {
        match self.hand.context.seat {
            Seat::East => Dragon::Green,
            Seat::South => Dragon::Red,
            Seat::West => Dragon::White,
        }
    }

    /// The dora tile each indicator points at, following this ruleset's cycles.
    fn dora_tiles(&self, indicators: &[Tile]) -> TileCounts {
        let mut dora = TileCounts::new();
        for &indicator in indicators {
            if let Some(next) = next_in_cycle(indicator, self.rules) {
                dora.add(next, 1);
            }
        }
        dora
    }
}

/// The tile an indicator points at: the next tile in play in its suit (9 wraps to 1), the
/// next wind in play in compass order, or the next dragon in the ruleset's dragon order.
///
/// A pair-only number tile (the optional 5 bamboo) is not in the suit's cycle: 000 §Revealed
/// Dora Tiles: "If a 1 bamboo is revealed then a 9 bamboo becomes dora"; a revealed pair-only
/// tile points at the next number in the cycle.
pub fn next_in_cycle(indicator: Tile, rules: &Ruleset) -> Option<Tile> {
    let tiles = &rules.tiles;
    if let (Some(suit), Some(number)) = (indicator.suit(), indicator.number()) {
        let in_cycle = |n| Tile::numbered(suit, n).filter(|&t| tiles.has(t) && !tiles.pair_only(t));
        if !tiles.pair_only(indicator) && in_cycle(number).is_none() {
            None
        } else {
            // The next number in the cycle, else the cycle's first.
            (number + 1..=9).chain(1..=number).find_map(in_cycle)
        }
    } else if indicator.wind().is_some() {
        let cycle = Wind::ALL.iter().map(|w| w.tile()).filter(|&t| tiles.has(t));
        next_after(cycle, indicator)
    } else {
        let cycle = rules
            .dragon_cycle
            .iter()
            .map(|d| d.tile())
            .filter(|&t| tiles.has(t));
        next_after(cycle, indicator)
    }
}

/// The tile after `indicator` in `cycle`, the first one after the last; `None` when the
/// cycle does not hold it.
fn next_after(cycle: impl Iterator<Item = Tile> + Clone, indicator: Tile) -> Option<Tile> {
    let mut rest = cycle.clone().skip_while(|&t| t != indicator);
    rest.next()?;
    rest.next().or_else(|| cycle.clone().next())
}

/// Every criterion of `rules` that applies to `arrangement`: its index and what it found.
pub fn detect_all(hand: &Hand, arrangement: &Arrangement, rules: &Ruleset) -> Vec<(usize, Hit)> {
    let situation = Situation::new(hand, arrangement, rules);
    // Room for the usual number of hits, so that the list is not grown several times.
    let mut hits = Vec::with_capacity(rules.criteria.len().min(16));
    hits.extend(
        rules
            .criteria
            .iter()
            .enumerate()
            .filter_map(|(i, criterion)| {
                let hit = criterion.check.detect(&situation);
                (hit.count > 0).then_some((i, hit))
            }),
    );
    hits
}

/// The tiles the hand waited on, in tile order: the hand without its winning tile, completed
/// in turn by each tile in play that the wall can still hold (same context), makes a winning
/// shape with each of them.
pub fn finishing_tiles(hand: &Hand, rules: &Ruleset) -> Vec<Tile> {
    let mut before = hand.concealed;
    before.remove(hand.win_tile, 1);
    let mut held = hand.all_tiles();
    held.remove(hand.win_tile, 1);
    let all_orphans = before.iter().all(|(t, _)| t.is_terminal_or_honour());
    let short = OneTileShort::new(hand, rules);
    let mut finishing = Vec::new();
    for tile in rules.tiles.tiles() {
        if !short.may_finish(tile) {
            continue;
        }
        let kita = if tile == Wind::North.tile() {
            hand.kita() as u8
        } else {
            0
        };
        if held.get(tile) + kita >= rules.tiles.copies(tile)
            || !may_complete(&before, tile, all_orphans)
        {
            continue;
        }
        if short.finished_by(hand, tile) {
            finishing.push(tile);
        }
    }
    finishing
}

/// Calls `visit` with the hand finished by each of `tiles` in turn (the hand without its
/// winning tile, with that tile added as its winning tile, same context), until it breaks.
/// `tiles` are the hand's [`finishing_tiles`].
pub fn for_each_finish(
    hand: &Hand,
    tiles: &[Tile],
    mut visit: impl FnMut(&Hand) -> ControlFlow<()>,
) {
    let mut done = hand.clone();
    done.concealed.remove(hand.win_tile, 1);
    for &tile in tiles {
        done.concealed.add(tile, 1);
        done.win_tile = tile;
        let flow = visit(&done);
        done.concealed.remove(tile, 1);
        if flow.is_break() {
            return;
        }
    }
}

/// Whether `tile` may complete a hand whose concealed tiles are `before`: every winning shape
/// puts the winning tile in a concealed set, a pair or the thirteen orphans, so it matches a
/// held tile, has a held neighbour of its suit at most two apart, or joins tiles that are all
/// terminals and honours. A tile that does none of these makes no winning shape.
fn may_complete(before: &TileCounts, tile: Tile, all_orphans: bool) -> bool {
    if before.get(tile) > 0 || (all_orphans && tile.is_terminal_or_honour()) {
        return true;
    }
    let (Some(suit), Some(number)) = (tile.suit(), tile.number()) else {
        return false;
    };
    [
        number.wrapping_sub(2),
        number.wrapping_sub(1),
        number + 1,
        number + 2,
    ]
    .into_iter()
    .filter_map(|n| Tile::numbered(suit, n))
    .any(|near| before.get(near) > 0)
}

/// What a detector found: how many times the criterion applies and the tiles that earn it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Hit {
    /// Times it applies (0: it does not).
    pub count: u32,
    /// Tiles that earn it.
    pub tiles: TileCounts,
}

impl Hit {
    fn once_if(condition: bool) -> Hit {
        Hit {
            count: u32::from(condition),
            tiles: TileCounts::new(),
        }
    }

    fn once_with(condition: bool, tiles: TileCounts) -> Hit {
        if condition {
            Hit { count: 1, tiles }
        } else {
            Hit::default()
        }
    }

    fn times(count: u32) -> Hit {
        Hit {
            count,
            tiles: TileCounts::new(),
        }
    }

    /// One count per group matching `keep`, with their tiles.
    fn per_group<'g>(
        groups: impl Iterator<Item = &'g Group>,
        keep: impl Fn(&Group) -> bool,
    ) -> Hit {
        let mut hit = Hit::default();
        for group in groups.filter(|g| keep(g)) {
            hit.count += 1;
            group.add_to(&mut hit.tiles);
        }
        hit
    }
}

fn bamboo(n: u8) -> Tile {
    Tile::numbered(Suit::Bamboo, n).unwrap_or_else(|| unreachable!("1-9 are tiles"))
}

fn is_dragon_pong(g: &Group) -> bool {
    g.is_pong_or_kong() && g.tile.dragon().is_some()
}

/// East, South and West: the winds that are seats.
fn is_seat_wind_tile(t: Tile) -> bool {
    t.wind().and_then(Seat::from_wind).is_some()
}

fn is_wind_pong(g: &Group) -> bool {
    g.is_pong_or_kong() && is_seat_wind_tile(g.tile)
}

/// The numbered suits a hand holds (a bit per suit, [`Suit`] order), and whether it holds an
/// honour, a terminal, a simple (2 to 8), from one pass over its tiles.
#[derive(Clone, Copy)]
struct SuitsHeld {
    suits: u8,
    honours: bool,
    terminals: bool,
    simples: bool,
}

impl SuitsHeld {
    fn of(all: &TileCounts) -> SuitsHeld {
        let mut held = SuitsHeld {
            suits: 0,
            honours: false,
            terminals: false,
            simples: false,
        };
        // Suit by suit, the ends and the middle numbers each as one sum of counts: cheaper
        // than the tile and suit of every kind held worked out one by one.
        for suit in Suit::ALL {
            let count =
                |number| Tile::numbered(suit, number).map_or(0, |tile| u32::from(all.get(tile)));
            let ends = count(1) + count(9);
            let middle: u32 = (2..=8).map(count).sum();
            if ends + middle > 0 {
                held.suits |= 1 << suit as u8;
            }
            held.terminals |= ends > 0;
            held.simples |= middle > 0;
        }
        let winds = Wind::ALL.map(Wind::tile);
        let dragons = Dragon::ALL.map(Dragon::tile);
        held.honours = winds.iter().chain(&dragons).any(|&tile| all.get(tile) > 0);
        held
    }

    /// The one numbered suit, if exactly one appears.
    fn single(self) -> Option<Suit> {
        if self.suits.count_ones() != 1 {
            return None;
        }
        Suit::ALL
            .into_iter()
            .find(|&suit| self.suits & (1 << suit as u8) != 0)
    }
}

/// The one numbered suit of the hand, if exactly one suit appears.
fn single_suit(all: &TileCounts) -> Option<Suit> {
    SuitsHeld::of(all).single()
}

fn has_honours(all: &TileCounts) -> bool {
    SuitsHeld::of(all).honours
}

fn tiles_of(all: &TileCounts, keep: impl Fn(Tile) -> bool) -> TileCounts {
    let mut out = TileCounts::new();
    for (t, n) in all.iter().filter(|&(t, _)| keep(t)) {
        out.add(t, n);
    }
    out
}

fn pong_of(s: &Situation, tile: Tile) -> bool {
    s.pongs().any(|g| g.tile == tile)
}

/// Expands the rows of `checks!` (`src/check.rs`) into each criterion's detector and family.
macro_rules! detectors {
    ($($variant:ident = $key:literal $(| $alias:literal)* => $detector:path, $family:ident $({ $($field:ident : $value:expr),* $(,)? })?,)*) => {
        impl Check {
            /// Runs the detector: how many times the criterion applies, and its tiles.
            pub fn detect(self, s: &Situation) -> Hit {
                match self {
                    $(Check::$variant => $detector(s),)*
                }
            }

            /// The family of the detector: what `--why` says the criterion needs.
            pub fn family(self) -> Family {
                match self {
                    $(Check::$variant => Family::$family,)*
                }
            }
        }
    };
}

crate::check::checks!(detectors);

/// How many of `sets` the hand holds complete (every tile the ruleset has of it).
fn complete_sets(s: &Situation, sets: &[BonusSet]) -> u32 {
    sets.iter()
        .filter(|&&set| s.hand.holds_full_set(set, &s.rules.tiles))
        .count() as u32
}

fn chows<'s>(s: &'s Situation) -> impl Iterator<Item = &'s Group> {
    s.sets().filter(|g| g.kind == GroupKind::Chow)
}

/// The winning tile finished a chow from a two-sided (ryanmen) wait.
fn two_sided_wait(s: &Situation) -> bool {
    let Some(group) = s.arrangement.win_group() else {
        return false;
    };
    let (Some(low), win) = (group.tile.number(), s.hand.win_tile.number()) else {
        return false;
    };
    group.kind == GroupKind::Chow
        && ((win == Some(low) && low != 7) || (win == Some(low + 2) && low != 1))
}

/// A pair that is a value tile: a dragon, the seat wind or the round wind.
fn is_value_pair(s: &Situation, tile: Tile) -> bool {
    let ctx = &s.hand.context;
    tile.dragon().is_some() || tile == ctx.seat.tile() || tile == ctx.round.tile()
}

fn suit_tiles(suit: Suit) -> impl Iterator<Item = Tile> {
    (1..=9).filter_map(move |n| Tile::numbered(suit, n))
}

fn has_kong(s: &Situation) -> bool {
    s.sets().any(|g| g.kind == GroupKind::Kong)
}

/// How many of each number, 1 to 9, nine gates holds before its extra tile: 1112345678999.
const NINE_GATES: [u8; 9] = [3, 1, 1, 1, 1, 1, 1, 1, 3];

/// Whether `counts` of `suit` stand to [`NINE_GATES`], number by number, as `fits(held, need)`.
fn nine_gates_shape(counts: &TileCounts, suit: Suit, fits: impl Fn(u8, u8) -> bool) -> bool {
    (1..=9u8)
        .zip(NINE_GATES)
        .all(|(n, need)| Tile::numbered(suit, n).is_some_and(|t| fits(counts.get(t), need)))
}

/// Without the winning tile, exactly 1112345678999 of one suit: the winning tile is the extra
/// one (000 §Full limit: "a concealed hand of 1112345678999 tiles in one suit, and winning on
/// any extra tile of the same suit").
fn is_nine_gates_before(all: &TileCounts, win: Tile) -> bool {
    if !is_nine_gates(all) {
        return false;
    }
    let mut before = *all;
    before.remove(win, 1);
    single_suit(all).is_some_and(|suit| nine_gates_shape(&before, suit, |held, need| held == need))
}

/// 1112345678999 of one suit plus any tile of that suit.
fn is_nine_gates(all: &TileCounts) -> bool {
    let Some(suit) = single_suit(all) else {
        return false;
    };
    !has_honours(all) && all.total() == 14 && nine_gates_shape(all, suit, |held, need| held >= need)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules;

    /// The numbered branch of [`next_in_cycle`] as first written, walking the cycle.
    fn next_numbered_as_written(indicator: Tile, rules: &Ruleset) -> Option<Tile> {
        let tiles = &rules.tiles;
        let (suit, number) = (indicator.suit()?, indicator.number()?);
        let cycle = (1..=9)
            .filter_map(move |n| Tile::numbered(suit, n))
            .filter(|&t| tiles.has(t) && !tiles.pair_only(t));
        if tiles.pair_only(indicator) {
            let first = cycle.clone().next();
            return cycle
                .clone()
                .find(|t| t.number().is_some_and(|n| n > number))
                .or(first);
        }
        next_after(cycle, indicator)
    }

    /// Every numbered indicator points where the cycle walk points, in sets with every
    /// number, with 1 to 9 of a suit only at its ends (sanma's characters), without a suit
    /// (korean-lite's bamboo, if removed) and with a pair-only 5 bamboo.
    #[test]
    fn numbered_indicators_point_as_the_cycle_walk_does() {
        let mut pair_only_seen = false;
        for (name, overrides) in [
            ("sanma", vec![]),
            ("korean", vec!["options.five-bamboo-pair=true".to_string()]),
            ("korean-lite", vec![]),
            ("malaysian", vec![]),
        ] {
            let rules = rules::load_with(name, &overrides).expect("loads");
            for indicator in Tile::all().filter(|t| t.number().is_some()) {
                pair_only_seen |= rules.tiles.pair_only(indicator);
                assert_eq!(
                    next_in_cycle(indicator, &rules),
                    next_numbered_as_written(indicator, &rules),
                    "{name}: {indicator}"
                );
            }
        }
        assert!(pair_only_seen);
        // Sanma holds only 1m and 9m of the characters: each points at the other.
        let sanma = rules::load("sanma").expect("loads");
        let m = |n| Tile::numbered(Suit::Characters, n).expect("a tile");
        assert_eq!(next_in_cycle(m(1), &sanma), Some(m(9)));
        assert_eq!(next_in_cycle(m(9), &sanma), Some(m(1)));
        // Near-miss: a 5m is not in sanma's set, so points at nothing.
        assert_eq!(next_in_cycle(m(5), &sanma), None);
    }
}
