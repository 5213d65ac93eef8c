//! The scoring systems: each turns what the criteria found in one arrangement into
//! elements, totals, a verdict and payments. A system reads the hand, the ruleset and the
//! hits; it never calls back into the evaluator.

pub mod fan;
pub mod han;
pub mod han_table;
pub mod hanfu;
pub mod payment;
pub mod points;
pub mod stated;

pub use han::Waits;

use crate::criteria::Hit;
use crate::decompose::Arrangement;
use crate::hand::{Hand, Win};
use crate::results::{SystemScore, Verdict};
use crate::rules::{Ruleset, System};
use crate::tile::{Tile, Wind};

/// One arrangement to score: the hand, the arrangement, what the criteria found in it, the
/// ruleset and the hand's waits (shared by its arrangements).
#[derive(Clone, Copy)]
pub struct Scoring<'a> {
    /// The hand.
    pub hand: &'a Hand,
    /// The arrangement being scored.
    pub arrangement: &'a Arrangement,
    /// What the criteria found (criterion index and hit).
    pub hits: &'a [(usize, Hit)],
    /// The ruleset.
    pub rules: &'a Ruleset,
    /// The hand's waits.
    pub waits: &'a Waits,
}

/// Scores one arrangement whose criteria hits are known, under the ruleset's system.
pub fn score(on: &Scoring) -> SystemScore {
    let Scoring {
        hand,
        hits,
        rules,
        waits,
        ..
    } = *on;
    match rules.system {
        System::Points => points::score(hand, hits, rules),
        System::Fan => fan::score(hand, hits, rules),
        System::HanFu => hanfu::score(on),
        System::HanTable => han_table::score(hand, hits, rules, waits),
    }
}

/// A discard win on a tile the winner discarded earlier is refused (sacred discard).
pub fn sacred_discard(hand: &Hand, rules: &Ruleset) -> Option<Verdict> {
    let tile = hand.win_tile;
    (matches!(hand.context.win, Win::Ron(_)) && discarded(hand, tile, rules)).then(|| {
        Verdict::SacredDiscard {
            tile: tile.to_string(),
        }
    })
}

/// Whether the winner has discarded `tile`: it is among `discards=`, or it is North and a
/// North is set aside as kita under the `kita-furiten` option (003 §4.1: kita count toward
/// the discards).
pub fn discarded(hand: &Hand, tile: Tile, rules: &Ruleset) -> bool {
    hand.context.discards.contains(&tile)
        || (tile == Wind::North.tile() && kita_furiten(hand, rules))
}

/// A North is set aside and the `kita-furiten` option counts it as a discard.
pub fn kita_furiten(hand: &Hand, rules: &Ruleset) -> bool {
    rules.options.kita_furiten && hand.kita() > 0
}
