//! Detectors that read dora indicators and red fives; every indicator is followed with [`Situation::dora_tiles`].

use super::*;

/// `flower-dora`:
/// A flower turned over in the dead wall makes every flower held a dora.
pub(super) fn flower_dora(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    Hit::times(s.hand.flowers() * ctx.dora_flowers.len() as u32)
}

/// `red-dora`.
pub(super) fn red_dora(s: &Situation) -> Hit {
    Hit::times(s.hand.red_fives())
}

/// `both-red-dora`.
pub(super) fn both_red_dora(s: &Situation) -> Hit {
    let in_play = s.rules.tiles.red_fives.len() as u32;
    Hit::once_if(in_play >= 2 && s.hand.red_fives() == in_play)
}

/// `kita-dora`.
pub(super) fn kita_dora(s: &Situation) -> Hit {
    let times = u32::from(s.dora().get(Wind::North.tile()));
    let n = s.hand.kita();
    let mut tiles = TileCounts::new();
    if times > 0 {
        tiles.add(Wind::North.tile(), n as u8);
    }
    Hit {
        count: n * times,
        tiles,
    }
}

/// One count per dora tile held times the indicators pointing at it; with `kita_too`, the
/// kita set aside count as North.
fn dora_in_hand(s: &Situation, dora: &TileCounts, kita_too: bool) -> Hit {
    let north = Wind::North.tile();
    let mut hit = Hit::default();
    for (tile, times) in dora.iter() {
        let mut held = s.all.get(tile);
        if kita_too && tile == north {
            held += s.hand.kita() as u8;
        }
        hit.count += u32::from(held) * u32::from(times);
        if held > 0 {
            hit.tiles.add(tile, held);
        }
    }
    hit
}

/// `dora`: one per dora held, per indicator pointing at it.
pub(super) fn dora(s: &Situation) -> Hit {
    dora_in_hand(s, s.dora(), false)
}

/// `ura-dora`: as dora, from the ura indicators, only with riichi; kita count.
pub(super) fn ura_dora(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    if ctx.riichi {
        dora_in_hand(s, &s.dora_tiles(&ctx.ura), true)
    } else {
        Hit::default()
    }
}

/// `dora-pair`.
pub(super) fn dora_pair(s: &Situation) -> Hit {
    dora_group(s, GroupKind::Pair)
}

/// `dora-pong`.
pub(super) fn dora_pong(s: &Situation) -> Hit {
    dora_group(s, GroupKind::Pong)
}

/// `dora-kong`.
pub(super) fn dora_kong(s: &Situation) -> Hit {
    dora_group(s, GroupKind::Kong)
}

/// `dora-pair`, `dora-pong`, `dora-kong`: one per indicator pointing at a group of `kind`.
fn dora_group(s: &Situation, kind: GroupKind) -> Hit {
    let dora = s.dora();
    let mut hit = Hit::default();
    for group in s.arrangement.groups().iter().filter(|g| g.kind == kind) {
        let times = u32::from(dora.get(group.tile));
        if times > 0 {
            hit.count += times;
            group.add_to(&mut hit.tiles);
        }
    }
    hit
}
