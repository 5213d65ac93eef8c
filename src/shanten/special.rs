//! The two winning shapes that are not four sets and a pair: seven different pairs and
//! thirteen orphans, each costed over every target the tile limits allow.

use super::Limits;
use crate::tile::{TILE_KINDS, Tile};

/// Most jokers counted.
const JOKERS: usize = super::suit::JOKERS;

/// The fewest tiles seven different pairs lack (jokers counted as tiles held), or `None`
/// when no seven kinds can each hold a pair.
pub(super) fn seven_pairs(
    held: &[u8; TILE_KINDS],
    cap: &[u8; TILE_KINDS],
    limits: &Limits,
) -> Option<u8> {
    let jokers = usize::from(limits.jokers).min(JOKERS - 1);
    // The fewest tiles lacking by pairs chosen so far and jokers standing for copies no
    // draw can bring.
    let mut best = [[u8::MAX; JOKERS]; 8];
    best[0][0] = 0;
    for i in 0..TILE_KINDS {
        if limits.room[i] < 2 {
            continue;
        }
        let miss = 2u8.saturating_sub(held[i]);
        let over = usize::from(2u8.saturating_sub(cap[i]));
        if over > jokers {
            continue;
        }
        for pairs in (0..7).rev() {
            for e in (0..=jokers - over).rev() {
                let cost = best[pairs][e];
                if cost != u8::MAX {
                    let slot = &mut best[pairs + 1][e + over];
                    *slot = (*slot).min(cost + miss);
                }
            }
        }
    }
    best[7][..=jokers]
        .iter()
        .copied()
        .min()
        .filter(|&miss| miss != u8::MAX)
        .map(|miss| miss.saturating_sub(limits.jokers))
}

/// The fewest tiles thirteen orphans lacks (one of each terminal and honour in play, one of
/// them repeated to make fourteen tiles), or `None` when no such hand fits the limits.
pub(super) fn thirteen_orphans(
    held: &[u8; TILE_KINDS],
    cap: &[u8; TILE_KINDS],
    limits: &Limits,
) -> Option<u8> {
    let orphans: Vec<usize> = Tile::all()
        .filter(|t| t.is_terminal_or_honour() && limits.room[t.index()] > 0)
        .map(Tile::index)
        .collect();
    let repeated = 15usize.checked_sub(orphans.len())?;
    let mut best: Option<u8> = None;
    for &twice in &orphans {
        let (mut miss, mut over) = (0usize, 0usize);
        let mut fits = true;
        for &i in &orphans {
            let want = if i == twice { repeated } else { 1 };
            if want > usize::from(limits.room[i]) {
                fits = false;
                break;
            }
            miss += want.saturating_sub(usize::from(held[i]));
            over += want.saturating_sub(usize::from(cap[i]));
        }
        if fits && over <= usize::from(limits.jokers) {
            let cost = u8::try_from(miss).unwrap_or(u8::MAX);
            best = Some(best.map_or(cost, |b| b.min(cost)));
        }
    }
    best.map(|miss| miss.saturating_sub(limits.jokers))
}
