//! Detectors that read the bonus tiles set aside: flowers, seasons, faces, animals, jokers, kita.

use super::*;
use crate::check::BonusShown;

/// `flower`.
pub(super) fn flower(s: &Situation) -> Hit {
    Hit::times(s.hand.flowers())
}

/// `all-flowers`.
pub(super) fn all_flowers(s: &Situation) -> Hit {
    Hit::once_if(s.rules.tiles.flowers > 0 && s.hand.flowers() == u32::from(s.rules.tiles.flowers))
}

/// `all-remaining-flowers`:
/// Every flower that is not in the dead wall (three with one turned over).
pub(super) fn all_remaining_flowers(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    let in_play = u32::from(s.rules.tiles.flowers);
    let indicated = ctx.dora_flowers.len() as u32;
    Hit::once_if(indicated > 0 && indicated < in_play && s.hand.flowers() == in_play - indicated)
}

/// `face-or-animal`.
pub(super) fn face_or_animal(s: &Situation) -> Hit {
    let options = &s.rules.options;
    let n = s.hand.bonus_count(BonusSet::Faces) + s.hand.bonus_count(BonusSet::Animals);
    if options.face_animal_per_tile {
        Hit::times(n)
    } else {
        Hit::once_if(n > 0)
    }
}

/// `four-faces-or-animals`.
pub(super) fn four_faces_or_animals(s: &Situation) -> Hit {
    Hit::times(complete_sets(s, &[BonusSet::Faces, BonusSet::Animals]))
}

/// `four-flowers-or-seasons`.
pub(super) fn four_flowers_or_seasons(s: &Situation) -> Hit {
    Hit::times(complete_sets(s, &[BonusSet::Flowers, BonusSet::Seasons]))
}

/// `own-flower-or-season`.
pub(super) fn own_flower_or_season(s: &Situation) -> Hit {
    let seat = s.hand.context.seat;
    Hit::times(
        s.hand
            .bonus
            .iter()
            .filter(|&&b| BonusShown::OwnFlowerOrSeason.keeps(b, seat))
            .count() as u32,
    )
}

/// `bamboo-flower-or-winter`.
pub(super) fn bamboo_flower_or_winter(s: &Situation) -> Hit {
    Hit::times(
        s.hand
            .bonus
            .iter()
            .filter(|&&b| b == BonusTile::Flower(4) || b == BonusTile::Season(4))
            .count() as u32,
    )
}

/// `no-bonus-tiles`.
pub(super) fn no_bonus_tiles(s: &Situation) -> Hit {
    Hit::once_if(
        BonusSet::ALL
            .iter()
            .all(|&set| s.hand.bonus_count(set) == 0),
    )
}

/// `four-fly`.
pub(super) fn four_fly(s: &Situation) -> Hit {
    Hit::once_if(s.hand.jokers >= 4)
}

/// `all-bonus-tiles`.
pub(super) fn all_bonus_tiles(s: &Situation) -> Hit {
    let in_set: u32 = BonusSet::ALL
        .iter()
        .map(|&set| u32::from(s.rules.tiles.bonus_set_size(set)))
        .sum();
    let held: u32 = BonusSet::ALL
        .iter()
        .map(|&set| s.hand.bonus_count(set))
        .sum();
    Hit::once_if(in_set > 0 && held == in_set)
}

/// `kita`.
pub(super) fn kita(s: &Situation) -> Hit {
    let n = s.hand.kita();
    let mut tiles = TileCounts::new();
    tiles.add(Wind::North.tile(), n as u8);
    Hit { count: n, tiles }
}
