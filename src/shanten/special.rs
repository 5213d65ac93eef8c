//! The two winning shapes that are not four sets and a pair: seven different pairs and
//! thirteen orphans, each costed over every target the tile limits allow, with the kinds
//! some cheapest target lacks and can draw (as [`super::suit`] gives them).

use super::{Cost, Limits};
use crate::tile::{TILE_KINDS, Tile};

/// Most jokers counted.
const JOKERS: usize = super::suit::JOKERS;

/// Whether a target holding `want` copies of a kind lacks one a draw can bring.
fn lacks(want: u8, held: u8, cap: u8) -> bool {
    want > held && cap > held
}

/// Seven different pairs: the fewest tiles lacking (jokers counted as held) and the kinds
/// the cheapest targets lack, or `None` when no seven kinds can each hold a pair.
pub(super) fn seven_pairs(
    held: &[u8; TILE_KINDS],
    cap: &[u8; TILE_KINDS],
    limits: &Limits,
) -> Option<Cost> {
    let jokers = usize::from(limits.jokers).min(JOKERS - 1);
    // The cheapest targets by pairs chosen so far and jokers standing for copies no draw
    // can bring.
    let mut best: [[Option<Cost>; JOKERS]; 8] = [[None; JOKERS]; 8];
    best[0][0] = Some(Cost { miss: 0, lacks: 0 });
    for i in 0..TILE_KINDS {
        if limits.room[i] < 2 {
            continue;
        }
        let miss = 2u8.saturating_sub(held[i]);
        let over = usize::from(2u8.saturating_sub(cap[i]));
        if over > jokers {
            continue;
        }
        let bit = if lacks(2, held[i], cap[i]) {
            1u64 << i
        } else {
            0
        };
        for pairs in (0..7).rev() {
            for e in (0..=jokers - over).rev() {
                if let Some(before) = best[pairs][e] {
                    let step = Cost {
                        miss: before.miss + miss,
                        lacks: before.lacks | bit,
                    };
                    let slot = &mut best[pairs + 1][e + over];
                    *slot = Cost::lower(*slot, Some(step));
                }
            }
        }
    }
    best[7][..=jokers].iter().copied().fold(None, Cost::lower)
}

/// Thirteen orphans (one of each terminal and honour in play, one of them repeated to make
/// fourteen tiles): the fewest tiles lacking and the kinds the cheapest targets lack, or
/// `None` when no such hand fits the limits.
pub(super) fn thirteen_orphans(
    held: &[u8; TILE_KINDS],
    cap: &[u8; TILE_KINDS],
    limits: &Limits,
) -> Option<Cost> {
    let orphans: Vec<usize> = Tile::all()
        .filter(|t| t.is_terminal_or_honour() && limits.room[t.index()] > 0)
        .map(Tile::index)
        .collect();
    let repeated = u8::try_from(15usize.checked_sub(orphans.len())?).ok()?;
    let mut best: Option<Cost> = None;
    for &twice in &orphans {
        let (mut miss, mut over, mut bits) = (0u8, 0u8, 0u64);
        let mut fits = true;
        for &i in &orphans {
            let want = if i == twice { repeated } else { 1 };
            if want > limits.room[i] {
                fits = false;
                break;
            }
            miss += want.saturating_sub(held[i]);
            over += want.saturating_sub(cap[i]);
            if lacks(want, held[i], cap[i]) {
                bits |= 1 << i;
            }
        }
        if fits && over <= limits.jokers {
            best = Cost::lower(best, Some(Cost { miss, lacks: bits }));
        }
    }
    best
}
