//! Decomposition: every way to arrange a hand's tiles into four sets and an eye, seven
//! pairs, or thirteen orphans, and every set the winning tile may have completed. Seven
//! pairs and thirteen orphans are winning shapes only where the ruleset scores them: a
//! criterion that is also a shape takes the shape with it when it is switched off.

mod quick;
#[cfg(test)]
pub(crate) use quick::tests::Xorshift;

use std::fmt;
use std::ops::ControlFlow;

use crate::check::Check;
use crate::hand::{Hand, SetKind, Win};
use crate::rules::{Ruleset, TileSet};
use crate::tile::{TILE_KINDS, Tile, TileCounts};
use quick::{OneShort, quick_shape};

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

impl GroupKind {
    /// How many tiles a group of this kind holds, and the step from each to the next (1 for
    /// a chow's run, 0 for copies of one tile).
    pub fn len_and_step(self) -> (u8, u8) {
        match self {
            GroupKind::Chow => (3, 1),
            GroupKind::Pong => (3, 0),
            GroupKind::Kong => (4, 0),
            GroupKind::Pair => (2, 0),
        }
    }
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
        let (len, step) = self.kind.len_and_step();
        (0..len).filter_map(move |i| match step {
            0 => Some(tile),
            _ => tile.offset(i * step),
        })
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
        let (len, step) = self.kind.len_and_step();
        match (self.tile.suit(), self.tile.number()) {
            // A numbered group is its digits and its suit's letter (`123p`, `555s`), the
            // digits cut from a constant run of them.
            (Some(suit), Some(number)) => {
                let (from, digits) = match step {
                    0 => (0, SAME_DIGITS[usize::from(number)]),
                    _ => (usize::from(number), "0123456789"),
                };
                out.push_str(
                    digits
                        .get(from..from + usize::from(len))
                        .unwrap_or_default(),
                );
                out.push(suit.letter());
            }
            _ => crate::tile::push_tiles(out, self.tiles()),
        }
        if let Some((_, close)) = brackets {
            out.push(close);
        }
    }

    /// The length of the group in notation, as [`Group::push_to`] writes it.
    fn written_len(&self) -> usize {
        let brackets = if self.declared { 2 } else { 0 };
        let len = usize::from(self.kind.len_and_step().0);
        brackets
            + match self.tile.number() {
                Some(_) => len + 1,
                None => len * self.tile.notation().len(),
            }
    }

    /// How many of the group's tiles are fives.
    fn fives(&self) -> usize {
        let (len, step) = self.kind.len_and_step();
        match self.tile.number() {
            Some(5) if step == 0 => usize::from(len),
            Some(n) if step > 0 && (n..n + len).contains(&5) => 1,
            _ => 0,
        }
    }
}

/// A digit written four times, by digit: a pong's, kong's or pair's digits are the first
/// three, four or two.
const SAME_DIGITS: [&str; 10] = [
    "0000", "1111", "2222", "3333", "4444", "5555", "6666", "7777", "8888", "9999",
];

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

impl Shape {
    /// The criterion that makes a special shape a winning shape (none for four sets and an
    /// eye, which every ruleset plays).
    pub fn criterion(self) -> Option<Check> {
        match self {
            Shape::Standard => None,
            Shape::SevenPairs => Some(Check::SevenPairs),
            Shape::ThirteenOrphans => Some(Check::ThirteenOrphans),
        }
    }

    /// The shape's name in sentences.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Standard => "four sets and an eye",
            Shape::SevenPairs => "seven pairs",
            Shape::ThirteenOrphans => "thirteen orphans",
        }
    }
}

/// Whether `rules` plays `shape`: four sets and an eye always; a special shape only while a
/// criterion with its detector is switched on.
pub fn plays(rules: &Ruleset, shape: Shape) -> bool {
    shape
        .criterion()
        .is_none_or(|check| rules.criteria.iter().any(|c| c.check == check))
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
        if self.shape != Shape::ThirteenOrphans {
            let (order, len) = self.display_order();
            let spaces_and_mark = len.saturating_sub(1) + usize::from(self.win_group.is_some());
            let written = order[..len]
                .iter()
                .map(|&i| self.groups[i].written_len())
                .sum::<usize>();
            let mut out = String::with_capacity(written + spaces_and_mark);
            self.push_with_red(hand, &order[..len], &mut out);
            return out;
        }
        let mut out = String::with_capacity(48);
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
    fn push_with_red(&self, hand: &Hand, order: &[usize], out: &mut String) {
        let mut concealed_red = hand.concealed_red;
        let mut melds_used = [false; MAX_GROUPS];
        for (n, &i) in order.iter().enumerate() {
            let group = &self.groups[i];
            let fives = group.fives();
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
            // The first `red` fives of the group are written `0`, in place.
            for _ in 0..red {
                if let Some(at) = out.get(start..).and_then(|group| group.find('5')) {
                    out.replace_range(start + at..start + at + 1, "0");
                }
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
        // The eye last, declared sets after concealed ones, then tile order, in one number.
        let key = self.groups.map(|g| {
            let eye = g.kind == GroupKind::Pair && self.shape == Shape::Standard;
            usize::from(eye) << 7 | usize::from(g.declared) << 6 | g.tile.index()
        });
        order[..len].sort_by_key(|&i| key[i]);
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

/// Calls `visit` with every arrangement of `hand` in a shape `rules` plays and every group
/// its winning tile may have completed. Arrangements that differ only in which of two
/// identical groups holds the winning tile are visited once.
pub fn for_each_arrangement(hand: &Hand, rules: &Ruleset, mut visit: impl FnMut(&Arrangement)) {
    let _ = try_for_each_arrangement(hand, rules, |arrangement| {
        visit(arrangement);
        ControlFlow::Continue(())
    });
}

/// Calls `visit` with every arrangement of `hand` in a special shape `rules` does not play
/// (seven pairs where its criterion is switched off): what the hand would have been.
pub fn for_each_unplayed_arrangement(
    hand: &Hand,
    rules: &Ruleset,
    mut visit: impl FnMut(&Arrangement),
) {
    let unplayed = |shape: Shape| shape != Shape::Standard && !plays(rules, shape);
    let _ = search(hand, &rules.tiles, unplayed, |arrangement| {
        visit(arrangement);
        ControlFlow::Continue(())
    });
}

/// Whether the hand's tiles make a shape `rules` plays (some arrangement exists); stops at
/// the first arrangement found.
pub fn has_arrangement(hand: &Hand, rules: &Ruleset) -> bool {
    match quick_shape(hand, &rules.tiles) {
        Some(shape) => shape.is_some_and(|shape| plays(rules, shape)),
        None => try_for_each_arrangement(hand, rules, |_| ControlFlow::Break(())).is_break(),
    }
}

/// A hand without its winning tile, read once to answer [`has_arrangement`] for it finished
/// by each tile in turn.
pub struct OneTileShort<'r> {
    rules: &'r Ruleset,
    quick: Option<OneShort>,
}

impl<'r> OneTileShort<'r> {
    /// Reads `hand` without its winning tile.
    pub fn new(hand: &Hand, rules: &'r Ruleset) -> Self {
        OneTileShort {
            rules,
            quick: OneShort::new(hand, &rules.tiles),
        }
    }

    /// Whether `tile` may finish the hand: `false` only where [`OneTileShort::finished_by`]
    /// surely answers no, from what was read once.
    pub fn may_finish(&self, tile: Tile) -> bool {
        match &self.quick {
            Some(quick) => self.rules.tiles.pair_only(tile) || quick.may_finish(tile),
            None => true,
        }
    }

    /// [`has_arrangement`] of `hand`, the hand read by [`OneTileShort::new`], without its
    /// winning tile and finished by `tile` as its winning tile (same context).
    pub fn finished_by(&self, hand: &Hand, tile: Tile) -> bool {
        match self
            .quick
            .as_ref()
            .and_then(|quick| quick.shape(tile, &self.rules.tiles))
        {
            Some(shape) => shape.is_some_and(|shape| plays(self.rules, shape)),
            None => {
                let mut done = hand.clone();
                done.concealed.remove(hand.win_tile, 1);
                done.concealed.add(tile, 1);
                done.win_tile = tile;
                has_arrangement(&done, self.rules)
            }
        }
    }
}

/// [`for_each_arrangement`], in the same order, stopping as soon as `visit` breaks.
pub fn try_for_each_arrangement(
    hand: &Hand,
    rules: &Ruleset,
    visit: impl FnMut(&Arrangement) -> ControlFlow<()>,
) -> ControlFlow<()> {
    search(hand, &rules.tiles, |shape| plays(rules, shape), visit)
}

/// Every arrangement of `hand` in a shape `wanted` accepts (asked only of the shapes the
/// tiles make), in the order [`for_each_arrangement`] gives.
fn search(
    hand: &Hand,
    tiles: &TileSet,
    wanted: impl Fn(Shape) -> bool,
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
    let standard = wanted(Shape::Standard);
    for (pair, n) in hand.concealed.iter().filter(|_| standard) {
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
        if let Some(seven) = seven_pairs(&hand.concealed)
            && wanted(Shape::SevenPairs)
        {
            emit(&seven)?;
        }
        if is_thirteen_orphans(&hand.concealed, tiles) && wanted(Shape::ThirteenOrphans) {
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

/// Every terminal and honour in play at least once, and nothing else: fourteen tiles, one
/// kind held more than once, as often as the fourteen need (twice with thirteen kinds in
/// play).
fn is_thirteen_orphans(concealed: &TileCounts, tiles: &TileSet) -> bool {
    let (mut total, mut kinds, mut duplicated, mut most) = (0usize, 0usize, 0, 0u8);
    for tile in Tile::all() {
        let n = concealed.get(tile);
        let orphan = tile.is_terminal_or_honour();
        // Nearly every hand lacks an orphan or holds a simple, and stops here.
        if (n > 0 && !orphan) || (n == 0 && orphan && tiles.has(tile)) {
            return false;
        }
        kinds += usize::from(orphan && tiles.has(tile));
        total += usize::from(n);
        if n > 1 {
            duplicated += 1;
            most = n;
        }
    }
    // At most thirteen kinds are terminals and honours, so the duplicated kind is held at
    // least twice.
    total == 14 && kinds <= 13 && duplicated == 1 && usize::from(most) == 15 - kinds
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::{Suit, Wind};

    fn group(kind: GroupKind, tile: Tile, declared: bool, concealed: bool) -> String {
        let group = Group {
            kind,
            tile,
            concealed,
            declared,
        };
        let mut text = String::new();
        group.push_to(&mut text);
        assert_eq!(text, group.to_string());
        text
    }

    #[test]
    fn a_group_is_written_in_notation_each_kind_and_each_bracket() {
        let tile = |n| Tile::numbered(Suit::Circles, n).expect("a tile");
        assert_eq!(group(GroupKind::Chow, tile(7), false, true), "789p");
        assert_eq!(group(GroupKind::Pong, tile(1), false, true), "111p");
        assert_eq!(group(GroupKind::Kong, tile(9), true, true), "(9999p)");
        assert_eq!(group(GroupKind::Chow, tile(1), true, false), "[123p]");
        assert_eq!(group(GroupKind::Pair, tile(5), false, true), "55p");
        let bamboo = Tile::numbered(Suit::Bamboo, 3).expect("a tile");
        assert_eq!(group(GroupKind::Pong, bamboo, true, false), "[333s]");
        // Near-miss: an honour has no digits; its letters are written each time.
        let east = Wind::East.tile();
        assert_eq!(group(GroupKind::Pong, east, false, true), "EEE");
        assert_eq!(group(GroupKind::Kong, east, true, false), "[EEEE]");
        assert_eq!(group(GroupKind::Pair, east, false, true), "EE");
    }

    /// The thirteen orphans test as first written: what the one-pass test must answer.
    fn thirteen_orphans_as_written(concealed: &TileCounts, tiles: &TileSet) -> bool {
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

    /// The one-pass test agrees with the test as first written on random handfuls of
    /// terminals and honours (a simple now and then), with thirteen kinds in play (sanma) and
    /// twelve (korean, no North), winning ones and near-misses.
    #[test]
    fn thirteen_orphans_in_one_pass() {
        let mut random = crate::decompose::Xorshift(0x5851_f42d_4c95_7f2d);
        for name in ["sanma", "korean"] {
            let rules = crate::rules::load(name).expect("loads");
            let orphans: Vec<Tile> = rules
                .tiles
                .tiles()
                .filter(|t| t.is_terminal_or_honour())
                .collect();
            let simple = Tile::numbered(Suit::Circles, 5).expect("a tile");
            let (mut yes, mut no) = (0, 0);
            for _ in 0..20_000 {
                let mut concealed = TileCounts::new();
                for &t in &orphans {
                    if random.below(12) > 0 {
                        concealed.add(t, 1);
                    }
                }
                while concealed.total() < 13 + random.below(3) {
                    let t = orphans[random.below(orphans.len())];
                    if concealed.get(t) < 4 {
                        concealed.add(t, 1);
                    }
                }
                if random.below(20) == 0 {
                    concealed.add(simple, 1);
                }
                let fast = is_thirteen_orphans(&concealed, &rules.tiles);
                let written = thirteen_orphans_as_written(&concealed, &rules.tiles);
                assert_eq!(fast, written, "{name}: {:?}", concealed);
                if fast { yes += 1 } else { no += 1 }
            }
            assert!(yes > 100 && no > 100, "{name}: {yes} {no}");
        }
    }
}
