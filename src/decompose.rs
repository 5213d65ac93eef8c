//! Decomposition: every way to arrange a hand's tiles into four sets and an eye, seven
//! pairs, or thirteen orphans, and every set the winning tile may have completed.

use std::fmt;
use std::ops::ControlFlow;

use crate::hand::{Hand, SetKind, Win};
use crate::rules::TileSet;
use crate::tile::{TILE_KINDS, Tile, TileCounts};

/// What a group of tiles in an arrangement is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GroupKind {
    /// Three in sequence.
    Chow,
    /// Three of a kind.
    Pong,
    /// Four of a kind.
    Kong,
    /// Two of a kind: the eye.
    Pair,
}

/// One group of an arrangement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Group {
    /// Chow, pong, kong or pair.
    pub kind: GroupKind,
    /// Lowest tile.
    pub tile: Tile,
    /// Formed without a discard: declared concealed kongs, and concealed sets not
    /// completed by the winning discard.
    pub concealed: bool,
    /// Declared before the win (in `[ ]` or `( )`).
    pub declared: bool,
}

impl Group {
    /// A pong or a kong.
    pub fn is_pong_or_kong(&self) -> bool {
        matches!(self.kind, GroupKind::Pong | GroupKind::Kong)
    }

    /// The group holds `tile`.
    pub fn contains(&self, tile: Tile) -> bool {
        match self.kind {
            GroupKind::Chow => (0..3).any(|i| self.tile.offset(i) == Some(tile)),
            _ => self.tile == tile,
        }
    }

    /// The tiles of the group.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> {
        let tile = self.tile;
        let (n, run) = match self.kind {
            GroupKind::Chow => (3, true),
            GroupKind::Pong => (3, false),
            GroupKind::Kong => (4, false),
            GroupKind::Pair => (2, false),
        };
        (0..n).filter_map(move |i| if run { tile.offset(i) } else { Some(tile) })
    }

    /// The group holds a terminal or an honour.
    pub fn has_terminal_or_honour(&self) -> bool {
        self.tiles().any(Tile::is_terminal_or_honour)
    }

    /// Adds the group's tiles to `counts`.
    pub fn add_to(&self, counts: &mut TileCounts) {
        for t in self.tiles() {
            counts.add(t, 1);
        }
    }
}

impl Group {
    /// Appends the group in notation to `out`: `123p`, a declared open set in `[…]`, a
    /// declared concealed kong in `(…)`.
    pub fn push_to(&self, out: &mut String) {
        // Brackets as characters, and none pushed for a concealed group: pushing an empty
        // `&str` still cost a call to copy nothing, twice per group written (issue 12).
        let brackets = match (self.declared, self.concealed) {
            (true, true) => Some(('(', ')')),
            (true, false) => Some(('[', ']')),
            _ => None,
        };
        if let Some((open, _)) = brackets {
            out.push(open);
        }
        crate::tile::push_tiles(out, self.tiles());
        if let Some((_, close)) = brackets {
            out.push(close);
        }
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::with_capacity(8);
        self.push_to(&mut text);
        f.write_str(&text)
    }
}

/// The overall shape of an arrangement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Four sets and an eye.
    Standard,
    /// Seven different pairs.
    SevenPairs,
    /// One of each terminal and honour in play, the rest of the hand duplicating one.
    ThirteenOrphans,
}

/// The most groups an arrangement holds (seven pairs).
pub const MAX_GROUPS: usize = 7;

/// One way to read the hand.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arrangement {
    /// Standard, seven pairs or thirteen orphans.
    pub shape: Shape,
    groups: [Group; MAX_GROUPS],
    len: u8,
    /// Index of the group the winning tile completed (none for thirteen orphans).
    pub win_group: Option<u8>,
}

impl Arrangement {
    fn new(shape: Shape) -> Self {
        let filler = Group {
            kind: GroupKind::Pair,
            tile: Tile::from_index(0).unwrap_or_else(|| unreachable!("index 0 is a tile")),
            concealed: true,
            declared: false,
        };
        Arrangement {
            shape,
            groups: [filler; MAX_GROUPS],
            len: 0,
            win_group: None,
        }
    }

    fn push(&mut self, group: Group) {
        self.groups[self.len as usize] = group;
        self.len += 1;
    }

    fn pop(&mut self) {
        self.len -= 1;
    }

    /// The groups: sets and pair(s); empty for thirteen orphans.
    pub fn groups(&self) -> &[Group] {
        &self.groups[..self.len as usize]
    }

    /// The sets (chows, pongs, kongs).
    pub fn sets(&self) -> impl Iterator<Item = &Group> {
        self.groups().iter().filter(|g| g.kind != GroupKind::Pair)
    }

    /// The eye of a standard hand.
    pub fn pair(&self) -> Option<Tile> {
        if self.shape != Shape::Standard {
            return None;
        }
        self.groups()
            .iter()
            .find(|g| g.kind == GroupKind::Pair)
            .map(|g| g.tile)
    }

    /// The group completed by the winning tile.
    pub fn win_group(&self) -> Option<&Group> {
        self.win_group.map(|i| &self.groups[i as usize])
    }
}

impl Arrangement {
    /// The arrangement in notation for `hand`, whose tiles it reads: for thirteen orphans
    /// (which holds no groups) every tile of the hand in tile order, the pair written twice
    /// and the winning tile marked `*` (`11m 9m 1p 9p* 1s 9s E S W N w g r`); for any other
    /// shape the groups, as [`fmt::Display`] writes them.
    pub fn text(&self, hand: &Hand) -> String {
        let mut out = String::with_capacity(48);
        if self.shape != Shape::ThirteenOrphans {
            self.push_with_red(hand, &mut out);
            return out;
        }
        for (tile, n) in hand.concealed.iter() {
            if !out.is_empty() {
                out.push(' ');
            }
            crate::tile::push_tiles(&mut out, std::iter::repeat_n(tile, usize::from(n)));
            if tile == hand.win_tile {
                out.push('*');
            }
        }
        out
    }

    /// Appends the groups as [`fmt::Display`] writes them, with the hand's red fives written
    /// `0` as they were typed (`406m`): a declared set's from its meld, the concealed ones
    /// given to the concealed groups in display order.
    fn push_with_red(&self, hand: &Hand, out: &mut String) {
        let mut concealed_red = hand.concealed_red;
        let mut melds_used = [false; MAX_GROUPS];
        let (order, len) = self.display_order();
        for (n, &i) in order[..len].iter().enumerate() {
            let group = &self.groups[i];
            let fives = group.tiles().filter(|t| t.number() == Some(5)).count();
            let red = match group.tile.suit() {
                _ if fives == 0 => 0,
                Some(_) if group.declared => hand
                    .melds
                    .iter()
                    .zip(melds_used.iter_mut())
                    .find(|(meld, used)| !**used && meld.tile == group.tile)
                    .map_or(0, |(meld, used)| {
                        *used = true;
                        usize::from(meld.red)
                    }),
                Some(suit) => {
                    let budget = concealed_red.get_mut(suit as usize);
                    budget.map_or(0, |left| {
                        let red = usize::from(*left).min(fives);
                        *left -= red as u8;
                        red
                    })
                }
                None => 0,
            };
            if n > 0 {
                out.push(' ');
            }
            let start = out.len();
            group.push_to(out);
            if red > 0 {
                // The first `red` fives of the group are written `0`.
                let written = out.split_off(start);
                out.push_str(&written.replacen('5', "0", red));
            }
            if self.win_group == Some(i as u8) {
                out.push('*');
            }
        }
    }

    /// Group indices in display order (the first `len` entries): sets in tile order,
    /// declared sets after concealed ones, the eye last.
    fn display_order(&self) -> ([usize; MAX_GROUPS], usize) {
        let len = usize::from(self.len);
        let mut order = [0, 1, 2, 3, 4, 5, 6];
        order[..len].sort_by_key(|&i| {
            let g = &self.groups[i];
            (
                g.kind == GroupKind::Pair && self.shape == Shape::Standard,
                g.declared,
                g.tile,
            )
        });
        (order, len)
    }
}

impl fmt::Display for Arrangement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.shape == Shape::ThirteenOrphans {
            return f.write_str("thirteen orphans");
        }
        let (order, len) = self.display_order();
        for (n, &i) in order[..len].iter().enumerate() {
            if n > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", self.groups[i])?;
            if self.win_group == Some(i as u8) {
                f.write_str("*")?;
            }
        }
        Ok(())
    }
}

/// Calls `visit` with every arrangement of `hand` and every group its winning tile may have
/// completed. Arrangements that differ only in which of two identical groups holds the
/// winning tile are visited once.
pub fn for_each_arrangement(hand: &Hand, tiles: &TileSet, mut visit: impl FnMut(&Arrangement)) {
    let _ = try_for_each_arrangement(hand, tiles, |arrangement| {
        visit(arrangement);
        ControlFlow::Continue(())
    });
}

/// Whether the hand's tiles make a winning shape (some arrangement exists); stops at the
/// first arrangement found.
pub fn has_arrangement(hand: &Hand, tiles: &TileSet) -> bool {
    quick_shape(hand, tiles).unwrap_or_else(|| {
        try_for_each_arrangement(hand, tiles, |_| ControlFlow::Break(())).is_break()
    })
}

/// Whether the hand makes a winning shape, from its counts alone, without building an
/// arrangement: each suit splits into sets, or sets and the one eye, by taking its lowest
/// tile's count modulo three as chows; honours are pongs and at most one eye. `None` (ask
/// the full search) when a held tile is pair-only or the hand has more than four sets
/// declared.
fn quick_shape(hand: &Hand, tiles: &TileSet) -> Option<bool> {
    let needed = 4usize.checked_sub(hand.melds.len())?;
    let mut counts = [0u8; TILE_KINDS];
    let mut total = 0usize;
    for (slot, tile) in counts.iter_mut().zip(Tile::all()) {
        let n = hand.concealed.get(tile);
        if n > 0 && tiles.pair_only(tile) {
            return None;
        }
        *slot = n;
        total += usize::from(n);
    }
    if total != 2 + 3 * needed {
        return Some(false);
    }
    // Tile indices: the three suits' numbers 1 to 9 in turn, then the honours.
    let (numbered, honours) = counts.split_at(27);
    let mut eyes = 0;
    let mut standard = true;
    for &n in honours {
        match n % 3 {
            0 => {}
            2 => eyes += 1,
            _ => standard = false,
        }
    }
    for suit in numbered.chunks_exact(9) {
        if !standard {
            break;
        }
        let mut numbers = [0u8; 9];
        numbers.copy_from_slice(suit);
        let (mut total, mut weight) = (0usize, 0usize);
        for (i, &n) in numbers.iter().enumerate() {
            total += usize::from(n);
            weight += i * usize::from(n);
        }
        standard = match total % 3 {
            0 => all_sets(numbers),
            2 => {
                eyes += 1;
                // Every set adds a multiple of three to the weighted sum, the eye 2 × its
                // number: the eye's number is 2 × the sum, modulo three.
                (2 * weight % 3..9).step_by(3).any(|eye| {
                    let mut rest = numbers;
                    rest[eye] >= 2 && {
                        rest[eye] -= 2;
                        all_sets(rest)
                    }
                })
            }
            _ => false,
        };
    }
    if standard && eyes == 1 {
        return Some(true);
    }
    if !hand.melds.is_empty() {
        return Some(false);
    }
    // Seven pairs: seven kinds, two of each; thirteen orphans: no simple (2 to 8).
    let pairs = counts.iter().filter(|&&n| n == 2).count();
    if pairs == 7 && counts.iter().filter(|&&n| n > 0).count() == 7 {
        return Some(true);
    }
    let simple = numbered
        .chunks_exact(9)
        .any(|suit| suit[1..8].iter().any(|&n| n > 0));
    Some(!simple && is_thirteen_orphans(&hand.concealed, tiles))
}

/// Whether the counts of one suit's numbers 1 to 9 split into pongs and chows: the lowest
/// number's count modulo three must start chows (three equal chows are three pongs).
fn all_sets(mut numbers: [u8; 9]) -> bool {
    for i in 0..9 {
        let chows = numbers[i] % 3;
        if chows == 0 {
            continue;
        }
        if i + 2 >= 9 || numbers[i + 1] < chows || numbers[i + 2] < chows {
            return false;
        }
        numbers[i + 1] -= chows;
        numbers[i + 2] -= chows;
    }
    true
}

/// [`for_each_arrangement`], in the same order, stopping as soon as `visit` breaks.
pub fn try_for_each_arrangement(
    hand: &Hand,
    tiles: &TileSet,
    mut visit: impl FnMut(&Arrangement) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let ron = matches!(hand.context.win, Win::Ron(_));
    let mut emit = |arrangement: &Arrangement| {
        if arrangement.shape == Shape::ThirteenOrphans {
            return visit(arrangement);
        }
        let groups = arrangement.groups();
        for (i, group) in groups.iter().enumerate() {
            if group.declared || !group.contains(hand.win_tile) {
                continue;
            }
            if groups[..i].iter().any(|g| !g.declared && g == group) {
                continue;
            }
            let mut placed = *arrangement;
            placed.win_group = Some(i as u8);
            if ron {
                placed.groups[i].concealed = false;
            }
            visit(&placed)?;
        }
        ControlFlow::Continue(())
    };

    let mut base = Arrangement::new(Shape::Standard);
    for meld in &hand.melds {
        base.push(Group {
            kind: match meld.kind {
                SetKind::Chow => GroupKind::Chow,
                SetKind::Pong => GroupKind::Pong,
                SetKind::Kong => GroupKind::Kong,
            },
            tile: meld.tile,
            concealed: meld.concealed,
            declared: true,
        });
    }
    let sets_needed = 4usize.saturating_sub(hand.melds.len());
    let mut counts = hand.concealed;
    for (pair, n) in hand.concealed.iter() {
        if n < 2 {
            continue;
        }
        counts.remove(pair, 2);
        base.push(Group {
            kind: GroupKind::Pair,
            tile: pair,
            concealed: true,
            declared: false,
        });
        let found = find_sets(&mut counts, 0, sets_needed, tiles, &mut base, &mut emit);
        base.pop();
        counts.add(pair, 2);
        found?;
    }

    if hand.melds.is_empty() {
        if let Some(seven) = seven_pairs(&hand.concealed) {
            emit(&seven)?;
        }
        if is_thirteen_orphans(&hand.concealed, tiles) {
            emit(&Arrangement::new(Shape::ThirteenOrphans))?;
        }
    }
    ControlFlow::Continue(())
}

/// The first tile present in `counts` at index `from` or later.
fn first_from(counts: &TileCounts, from: usize) -> Option<Tile> {
    (from..TILE_KINDS)
        .filter_map(Tile::from_index)
        .find(|&t| counts.get(t) > 0)
}

/// Removes sets from `counts`, lowest tile first, until `needed` sets are found and no tile
/// is left; no tile below index `from` is left when it is called.
fn find_sets(
    counts: &mut TileCounts,
    from: usize,
    needed: usize,
    tiles: &TileSet,
    acc: &mut Arrangement,
    emit: &mut impl FnMut(&Arrangement) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let Some(tile) = first_from(counts, from) else {
        if needed == 0 {
            return emit(acc);
        }
        return ControlFlow::Continue(());
    };
    if needed == 0 || tiles.pair_only(tile) {
        return ControlFlow::Continue(());
    }
    let at = tile.index();
    if counts.get(tile) >= 3 {
        counts.remove(tile, 3);
        acc.push(Group {
            kind: GroupKind::Pong,
            tile,
            concealed: true,
            declared: false,
        });
        let found = find_sets(counts, at, needed - 1, tiles, acc, emit);
        acc.pop();
        counts.add(tile, 3);
        found?;
    }
    if let (Some(second), Some(third)) = (tile.offset(1), tile.offset(2))
        && counts.get(second) > 0
        && counts.get(third) > 0
        && !tiles.pair_only(second)
        && !tiles.pair_only(third)
    {
        for t in [tile, second, third] {
            counts.remove(t, 1);
        }
        acc.push(Group {
            kind: GroupKind::Chow,
            tile,
            concealed: true,
            declared: false,
        });
        let found = find_sets(counts, at, needed - 1, tiles, acc, emit);
        acc.pop();
        for t in [tile, second, third] {
            counts.add(t, 1);
        }
        found?;
    }
    ControlFlow::Continue(())
}

/// Seven different pairs, if the concealed tiles are exactly that.
fn seven_pairs(concealed: &TileCounts) -> Option<Arrangement> {
    let mut arrangement = Arrangement::new(Shape::SevenPairs);
    for (tile, n) in concealed.iter() {
        if n != 2 {
            return None;
        }
        arrangement.push(Group {
            kind: GroupKind::Pair,
            tile,
            concealed: true,
            declared: false,
        });
    }
    (arrangement.len == 7).then_some(arrangement)
}

/// Every terminal and honour in play at least once, and nothing else.
fn is_thirteen_orphans(concealed: &TileCounts, tiles: &TileSet) -> bool {
    // The cheap test first: nearly every hand holds a simple and is rejected here.
    if concealed.iter().any(|(t, _)| !t.is_terminal_or_honour()) || concealed.total() != 14 {
        return false;
    }
    let orphans = || tiles.tiles().filter(|t| t.is_terminal_or_honour());
    let kinds = orphans().count();
    let every_kind = orphans().all(|t| concealed.get(t) > 0);
    let dup_count = (14 + 1usize).saturating_sub(kinds);
    let one_duplicated = concealed.iter().filter(|&(_, n)| n > 1).count() == 1
        && concealed.iter().any(|(_, n)| n as usize == dup_count);
    every_kind && one_duplicated && kinds <= 14
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::{self, ValidHand};
    use crate::{notation, rules};

    /// A small deterministic generator (xorshift), so the test needs no seed from outside.
    struct Xorshift(u64);

    impl Xorshift {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    fn complete(line: &str, rules: &rules::Ruleset) -> Hand {
        let input = notation::parse_hand(line).expect("parses");
        match hand::validate(&input, rules).expect("valid") {
            ValidHand::Complete(hand) => hand,
            ValidHand::Waiting(_) => panic!("complete hands only"),
        }
    }

    /// The count test agrees with the full search on hands made of random sets and an eye,
    /// random pairs, or the orphans and random orphans, some with a tile changed, open and
    /// concealed.
    #[test]
    fn quick_shape_agrees_with_the_search() {
        let mut random = Xorshift(0x9e37_79b9_7f4a_7c15);
        for (name, line) in [
            ("sanma", "234p567p678s99s234s tsumo"),
            ("sanma", "[EEE] 567p678s99s234s ron"),
            ("korean", "123p456m99s EEE www tsumo"),
            ("malaysian", "123p456p789p EEE ww tsumo"),
        ] {
            let rules = rules::load(name).expect("loads");
            let base = complete(line, &rules);
            let kinds: Vec<Tile> = rules.tiles.tiles().collect();
            let sets = 4 - base.melds.len();
            let (mut winning, mut checked) = (0, 0);
            for _ in 0..3000 {
                let mut hand = base.clone();
                hand.concealed = TileCounts::new();
                let add = |t: Tile, counts: &mut TileCounts| counts.add(t, 1);
                for _ in 0..sets {
                    let low = kinds[random.below(kinds.len())];
                    let chow = random.below(2) == 0;
                    for i in 0..3 {
                        let t = if chow {
                            low.offset(i).unwrap_or(low)
                        } else {
                            low
                        };
                        add(t, &mut hand.concealed);
                    }
                }
                let eye = kinds[random.below(kinds.len())];
                hand.concealed.add(eye, 2);
                let orphans: Vec<Tile> = kinds
                    .iter()
                    .copied()
                    .filter(|t| t.is_terminal_or_honour())
                    .collect();
                match random.below(6) {
                    0 if sets == 4 => {
                        hand.concealed = TileCounts::new();
                        for _ in 0..7 {
                            hand.concealed.add(kinds[random.below(kinds.len())], 2);
                        }
                    }
                    1 if sets == 4 => {
                        hand.concealed = TileCounts::new();
                        for &t in &orphans {
                            hand.concealed.add(t, 1);
                        }
                        for _ in orphans.len()..14 {
                            hand.concealed.add(orphans[random.below(orphans.len())], 1);
                        }
                    }
                    _ => {}
                }
                if random.below(3) == 0 {
                    let out = hand.concealed.iter().map(|(t, _)| t).next();
                    if let Some(out) = out {
                        hand.concealed.remove(out, 1);
                        hand.concealed.add(kinds[random.below(kinds.len())], 1);
                    }
                }
                hand.win_tile = hand.concealed.first().expect("tiles");
                let Some(quick) = quick_shape(&hand, &rules.tiles) else {
                    continue;
                };
                let full =
                    try_for_each_arrangement(&hand, &rules.tiles, |_| ControlFlow::Break(()))
                        .is_break();
                assert_eq!(quick, full, "{name}: {:?}", hand.concealed);
                checked += 1;
                winning += usize::from(full);
            }
            assert!(
                checked > 1000 && winning > 300 && checked - winning > 300,
                "{name}"
            );
        }
    }
}
