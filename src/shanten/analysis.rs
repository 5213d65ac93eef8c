//! What mj3 gives for a hand with no winning shape: how far it is from ready, the draws
//! that bring it closer (each with the copies still unseen), and for 14 tiles every discard
//! ranked, a discard that leaves the hand ready shown with its waits and what each scores.

use serde::Serialize;

use super::{Count, Counter, Shanten, WinningShapes, caps, unseen};
use crate::evaluate::{Evaluation, Wait, waits};
use crate::hand::{Hand, ValidHand, WaitingHand};
use crate::results::{Score, Verdict};
use crate::rules::Ruleset;
use crate::tile::{TILE_KINDS, Tile, TileCounts};

/// A draw that lowers the shanten, and how many of its copies are still unseen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Draw {
    /// The tile, in notation.
    pub tile: String,
    /// Its copies not held, declared, set aside, turned over as an indicator or discarded.
    pub unseen: u8,
}

/// One discard from a 14-tile hand with no winning shape.
#[derive(Debug, Clone, Serialize)]
pub struct Discard {
    /// The tile discarded, in notation.
    pub tile: String,
    /// The shanten of the 13 tiles left (`0`: ready); `None` when no winning shape can be
    /// reached from them.
    pub shanten: Option<Shanten>,
    /// The draws that lower it (for a ready hand: the tiles that complete it).
    pub useful: Vec<Draw>,
    /// The unseen copies of those draws, added up.
    pub useful_count: u32,
    /// For a ready hand: each tile that completes it, with the score it would give (the
    /// discard counted among the player's own discards).
    pub waits: Vec<Wait>,
    /// For a ready hand: the most the winner collects on a wait that is a legal win.
    pub best_received: Option<i64>,
}

/// How far a hand with no winning shape is from ready, and what brings it closer.
#[derive(Debug, Clone, Serialize)]
pub struct Unready {
    /// 13 (the hand waits for a draw) or 14 (the hand discards first), kongs as three.
    pub tiles: u8,
    /// The winning shapes counted, in words.
    pub shapes: String,
    /// 13 tiles: the hand's shanten; 14 tiles: the shanten after the best discard. `None`
    /// when no winning shape can be reached at all.
    pub shanten: Option<Shanten>,
    /// 13 tiles: the draws that lower the shanten, in tile order (empty for 14 tiles).
    pub useful: Vec<Draw>,
    /// 13 tiles: the unseen copies of those draws, added up.
    pub useful_count: u32,
    /// 14 tiles: every distinct discard, best first (lowest shanten, then most useful
    /// copies, then the most a ready hand collects, then tile order); empty for 13 tiles.
    pub discards: Vec<Discard>,
}

/// The analysis of a hand the evaluation found no winning shape in: a complete hand that is
/// not a winning shape, or a waiting hand that no tile completes. `None` for any other.
pub fn analyse(hand: &ValidHand, evaluation: &Evaluation, rules: &Ruleset) -> Option<Unready> {
    // A shape the ruleset does not play (seven pairs switched off) is no winning shape.
    let unplayed = |score: &Score| matches!(score.verdict, Verdict::NoWinningShape { .. });
    let unready = match evaluation {
        Evaluation::Complete { score } => score.as_ref().is_none_or(unplayed),
        Evaluation::Waiting { waits } => waits.iter().all(|wait| unplayed(&wait.score)),
    };
    unready.then(|| analyse_hand(hand, rules))
}

/// The analysis of any hand, whatever its evaluation.
pub fn analyse_hand(hand: &ValidHand, rules: &Ruleset) -> Unready {
    match hand {
        ValidHand::Waiting(waiting) => draws_for(&waiting.base, rules),
        ValidHand::Complete(hand) => discards_for(hand, rules),
    }
}

/// The shanten of a 13-tile hand and its useful draws.
fn draws_for(hand: &Hand, rules: &Ruleset) -> Unready {
    let unseen = unseen(hand, rules);
    let cap = caps(&hand.concealed, &unseen);
    let count = Counter::new(hand, rules).count(&hand.concealed, &cap);
    let useful = useful_draws(count, &unseen);
    Unready {
        tiles: 13,
        shapes: WinningShapes::of(rules).describe(),
        shanten: count.map(|c| c.shanten),
        useful_count: total(&useful),
        useful,
        discards: Vec::new(),
    }
}

/// Every distinct discard of a 14-tile hand, analysed and ranked.
fn discards_for(hand: &Hand, rules: &Ruleset) -> Unready {
    let unseen = unseen(hand, rules);
    let cap = caps(&hand.concealed, &unseen);
    let mut counter = Counter::new(hand, rules);
    let mut discards: Vec<(Tile, Discard)> = Vec::new();
    for (tile, _) in hand.concealed.iter() {
        let mut left = hand.concealed;
        left.remove(tile, 1);
        // The discard lies among the player's own: one copy fewer for the hand to hold.
        let mut cap_left = cap;
        cap_left[tile.index()] = cap_left[tile.index()].saturating_sub(1);
        let count = counter.count(&left, &cap_left);
        let shanten = count.map(|c| c.shanten);
        let useful = useful_draws(count, &unseen);
        let ready_waits = if shanten == Some(0) {
            waits(&after_discard(hand, tile, left), rules)
        } else {
            Vec::new()
        };
        let best_received = ready_waits
            .iter()
            .filter(|w| w.score.verdict.is_win())
            .map(|w| w.score.received())
            .max();
        discards.push((
            tile,
            Discard {
                tile: tile.to_string(),
                shanten,
                useful_count: total(&useful),
                useful,
                waits: ready_waits,
                best_received,
            },
        ));
    }
    discards.sort_by_key(|(tile, d)| {
        (
            d.shanten.map_or(Shanten::MAX, |s| s),
            std::cmp::Reverse(d.useful_count),
            std::cmp::Reverse(d.best_received),
            *tile,
        )
    });
    Unready {
        tiles: 14,
        shapes: WinningShapes::of(rules).describe(),
        shanten: discards.iter().filter_map(|(_, d)| d.shanten).min(),
        useful: Vec::new(),
        useful_count: 0,
        discards: discards.into_iter().map(|(_, d)| d).collect(),
    }
}

/// The 13 tiles left after discarding `tile`, with the discard among the player's own.
fn after_discard(hand: &Hand, tile: Tile, left: TileCounts) -> WaitingHand {
    let mut base = hand.clone();
    base.concealed = left;
    if base.concealed_red.iter().any(|&n| n > 0)
        && let Some(suit) = tile.suit()
        && tile.number() == Some(5)
        && left.get(tile) < base.concealed_red[suit as usize]
    {
        // The red five went out when no plain five of its suit was left to discard.
        base.concealed_red[suit as usize] = left.get(tile);
    }
    base.context.discards.push(tile);
    WaitingHand { base }
}

/// The draws that lower the shanten of `count`, each with its copies unseen.
fn useful_draws(count: Option<Count>, unseen: &[u8; TILE_KINDS]) -> Vec<Draw> {
    count
        .into_iter()
        .flat_map(Count::useful_tiles)
        .map(|tile| Draw {
            tile: tile.to_string(),
            unseen: unseen[tile.index()],
        })
        .collect()
}

/// The unseen copies of `draws`, added up.
fn total(draws: &[Draw]) -> u32 {
    draws.iter().map(|d| u32::from(d.unseen)).sum()
}
