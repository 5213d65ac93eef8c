//! Tiles: the 34 kinds of playing tile, bonus tiles set aside, and per-kind counts; their
//! characters in the Unicode Mahjong Tiles block are read and written in `tile/glyph.rs`,
//! and the three seats of the table ([`Seat`], [`BySeat`]) are in `tile/seat.rs`.

mod glyph;
mod seat;

use std::fmt;

pub use glyph::{Glyph, notation_as_glyphs};
pub use seat::{BySeat, Seat};

/// A suit of numbered tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Characters (man), written `m`.
    Characters,
    /// Circles or dots (pin), written `p`.
    Circles,
    /// Bamboo (sou), written `s`.
    Bamboo,
}

impl Suit {
    /// All three suits in index order.
    pub const ALL: [Suit; 3] = [Suit::Characters, Suit::Circles, Suit::Bamboo];

    /// The notation letter of this suit.
    pub fn letter(self) -> char {
        match self {
            Suit::Characters => 'm',
            Suit::Circles => 'p',
            Suit::Bamboo => 's',
        }
    }

    /// The suit written with `letter`, if any.
    pub fn from_letter(letter: char) -> Option<Suit> {
        match letter {
            'm' => Some(Suit::Characters),
            'p' => Some(Suit::Circles),
            's' => Some(Suit::Bamboo),
            _ => None,
        }
    }

    /// English name of one tile's suit: `character`, `circle`, `bamboo`.
    pub fn singular(self) -> &'static str {
        match self {
            Suit::Characters => "character",
            Suit::Circles => "circle",
            Suit::Bamboo => "bamboo",
        }
    }

    /// The suit's red five in notation: `0m`, `0p`, `0s`.
    pub fn red_five(self) -> &'static str {
        match self {
            Suit::Characters => "0m",
            Suit::Circles => "0p",
            Suit::Bamboo => "0s",
        }
    }

    /// The suit's red five by name: `red 5 circles`.
    pub fn red_five_name(self) -> String {
        format!("red 5 {}", self.name())
    }

    /// English name of the suit.
    pub fn name(self) -> &'static str {
        match self {
            Suit::Characters => "characters",
            Suit::Circles => "circles",
            Suit::Bamboo => "bamboo",
        }
    }

    fn base(self) -> u8 {
        match self {
            Suit::Characters => 0,
            Suit::Circles => 9,
            Suit::Bamboo => 18,
        }
    }
}

/// A wind, as a tile or as a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Wind {
    /// East, the dealer's seat.
    East,
    /// South.
    South,
    /// West.
    West,
    /// North (removed or set aside in most three-player rules).
    North,
}

impl Wind {
    /// The four winds in seat order.
    pub const ALL: [Wind; 4] = [Wind::East, Wind::South, Wind::West, Wind::North];

    /// The notation letter of this wind.
    pub fn letter(self) -> char {
        match self {
            Wind::East => 'E',
            Wind::South => 'S',
            Wind::West => 'W',
            Wind::North => 'N',
        }
    }

    /// The wind written with `letter`, if any.
    pub fn from_letter(letter: char) -> Option<Wind> {
        match letter {
            'E' => Some(Wind::East),
            'S' => Some(Wind::South),
            'W' => Some(Wind::West),
            'N' => Some(Wind::North),
            _ => None,
        }
    }

    /// English name of the wind.
    pub fn name(self) -> &'static str {
        match self {
            Wind::East => "East",
            Wind::South => "South",
            Wind::West => "West",
            Wind::North => "North",
        }
    }

    /// The tile of this wind.
    pub fn tile(self) -> Tile {
        Tile(27 + self as u8)
    }
}

/// A dragon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dragon {
    /// White dragon, written `w`.
    White,
    /// Green dragon, written `g`.
    Green,
    /// Red dragon, written `r`.
    Red,
}

impl Dragon {
    /// The three dragons in tile order.
    pub const ALL: [Dragon; 3] = [Dragon::White, Dragon::Green, Dragon::Red];

    /// The tile of this dragon.
    pub fn tile(self) -> Tile {
        Tile(31 + self as u8)
    }

    /// English name of the dragon.
    pub fn name(self) -> &'static str {
        match self {
            Dragon::White => "white dragon",
            Dragon::Green => "green dragon",
            Dragon::Red => "red dragon",
        }
    }
}

/// One of the 34 kinds of playing tile.
///
/// Indices: 0–8 characters 1–9, 9–17 circles, 18–26 bamboo, 27–30 winds E S W N,
/// 31–33 dragons white, green, red.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(u8);

/// Number of tile kinds.
pub const TILE_KINDS: usize = 34;

impl Tile {
    /// The tile with index `index` (0–33).
    pub fn from_index(index: usize) -> Option<Tile> {
        (index < TILE_KINDS).then_some(Tile(index as u8))
    }

    /// Every tile kind in index order.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..TILE_KINDS as u8).map(Tile)
    }

    /// A numbered tile; `number` must be 1–9.
    pub fn numbered(suit: Suit, number: u8) -> Option<Tile> {
        (1..=9)
            .contains(&number)
            .then(|| Tile(suit.base() + number - 1))
    }

    /// The index of this tile (0–33).
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The suit of a numbered tile.
    pub fn suit(self) -> Option<Suit> {
        match self.0 {
            0..=8 => Some(Suit::Characters),
            9..=17 => Some(Suit::Circles),
            18..=26 => Some(Suit::Bamboo),
            _ => None,
        }
    }

    /// The number (1–9) of a numbered tile.
    pub fn number(self) -> Option<u8> {
        (self.0 < 27).then_some(self.0 % 9 + 1)
    }

    /// The wind of a wind tile.
    pub fn wind(self) -> Option<Wind> {
        match self.0 {
            27 => Some(Wind::East),
            28 => Some(Wind::South),
            29 => Some(Wind::West),
            30 => Some(Wind::North),
            _ => None,
        }
    }

    /// The dragon of a dragon tile.
    pub fn dragon(self) -> Option<Dragon> {
        match self.0 {
            31 => Some(Dragon::White),
            32 => Some(Dragon::Green),
            33 => Some(Dragon::Red),
            _ => None,
        }
    }

    /// Winds and dragons.
    pub fn is_honour(self) -> bool {
        self.0 >= 27
    }

    /// A 1 or a 9 of a suit.
    pub fn is_terminal(self) -> bool {
        matches!(self.number(), Some(1 | 9))
    }

    /// A terminal or an honour.
    pub fn is_terminal_or_honour(self) -> bool {
        self.is_honour() || self.is_terminal()
    }

    /// The next tile in the same suit with the given offset, if it exists.
    pub fn offset(self, by: u8) -> Option<Tile> {
        let number = self.number()?;
        let suit = self.suit()?;
        Tile::numbered(suit, number + by)
    }

    /// A human name such as "5 circles" or "East wind".
    pub fn name(self) -> String {
        if let (Some(suit), Some(number)) = (self.suit(), self.number()) {
            crate::plural::counted(number, suit.singular(), suit.name())
        } else if let Some(wind) = self.wind() {
            format!("{} wind", wind.name())
        } else if let Some(dragon) = self.dragon() {
            dragon.name().to_string()
        } else {
            unreachable!("every tile index is a suit, wind or dragon")
        }
    }
}

/// Every tile kind's notation, by index: `1m`…`9s`, `E S W N`, `w g r`.
const TILE_NAMES: [&str; TILE_KINDS] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p",
    "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S", "W", "N", "w", "g",
    "r",
];

impl Tile {
    /// The tile in notation (`5p`, `E`, `r`), as [`fmt::Display`] writes it.
    pub fn notation(self) -> &'static str {
        TILE_NAMES[self.index()]
    }

    /// The tile [`Tile::notation`] writes as `word` (`5p`, `E`, `r`).
    pub fn from_notation(word: &str) -> Option<Tile> {
        Tile::all().find(|t| t.notation() == word)
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A bonus tile set aside beside the hand rather than used in sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BonusTile {
    /// Flower 1–4 (`f1`–`f4`).
    Flower(u8),
    /// Season 1–4 (`x1`–`x4`).
    Season(u8),
    /// Malaysian face tile 1–4 (`h1`–`h4`).
    Face(u8),
    /// Malaysian animal tile 1–4 (`a1`–`a4`).
    Animal(u8),
    /// A North wind set aside as kita (`N`).
    Kita,
    /// A West wind set aside as a bonus tile (`W`), where the ruleset allows it
    /// (`korean-lite` with `options.west-set-aside`).
    West,
}

impl BonusTile {
    /// The full set of four this tile belongs to (none for kita or a set-aside West).
    pub fn set(self) -> Option<BonusSet> {
        match self {
            BonusTile::Flower(_) => Some(BonusSet::Flowers),
            BonusTile::Season(_) => Some(BonusSet::Seasons),
            BonusTile::Face(_) => Some(BonusSet::Faces),
            BonusTile::Animal(_) => Some(BonusSet::Animals),
            BonusTile::Kita | BonusTile::West => None,
        }
    }

    /// A human name: `flower 2`, `season 1`, `face 3`, `animal 4`, `North wind set aside
    /// (kita)`, `West wind set aside`.
    pub fn name(self) -> String {
        match self {
            BonusTile::Flower(n)
            | BonusTile::Season(n)
            | BonusTile::Face(n)
            | BonusTile::Animal(n) => {
                let set = self.set().map_or("", BonusSet::singular);
                format!("{set} {n}")
            }
            BonusTile::Kita => "North wind set aside (kita)".to_string(),
            BonusTile::West => "West wind set aside".to_string(),
        }
    }
}

/// A full set of four bonus tiles of one kind.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum BonusSet {
    /// Flowers `f1`–`f4`.
    Flowers,
    /// Seasons `x1`–`x4`.
    Seasons,
    /// Faces `h1`–`h4`.
    Faces,
    /// Animals `a1`–`a4`.
    Animals,
}

impl BonusSet {
    /// The four kinds of bonus set.
    pub const ALL: [BonusSet; 4] = [
        BonusSet::Flowers,
        BonusSet::Seasons,
        BonusSet::Faces,
        BonusSet::Animals,
    ];

    /// The notation letter (`f`, `x`, `h`, `a`).
    pub fn letter(self) -> char {
        match self {
            BonusSet::Flowers => 'f',
            BonusSet::Seasons => 'x',
            BonusSet::Faces => 'h',
            BonusSet::Animals => 'a',
        }
    }

    /// The set written with `letter`.
    pub fn from_letter(letter: char) -> Option<BonusSet> {
        BonusSet::ALL.into_iter().find(|s| s.letter() == letter)
    }

    /// English name of one of its tiles: `flower`, `season`, `face`, `animal`.
    pub fn singular(self) -> &'static str {
        match self {
            BonusSet::Flowers => "flower",
            BonusSet::Seasons => "season",
            BonusSet::Faces => "face",
            BonusSet::Animals => "animal",
        }
    }

    /// English name, plural.
    pub fn name(self) -> &'static str {
        match self {
            BonusSet::Flowers => "flowers",
            BonusSet::Seasons => "seasons",
            BonusSet::Faces => "faces",
            BonusSet::Animals => "animals",
        }
    }
}

impl fmt::Display for BonusTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BonusTile::Flower(n) => write!(f, "f{n}"),
            BonusTile::Season(n) => write!(f, "x{n}"),
            BonusTile::Face(n) => write!(f, "h{n}"),
            BonusTile::Animal(n) => write!(f, "a{n}"),
            BonusTile::Kita => write!(f, "N"),
            BonusTile::West => write!(f, "W"),
        }
    }
}

/// How many of each tile kind a group of tiles holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TileCounts([u8; TILE_KINDS]);

impl Default for TileCounts {
    fn default() -> Self {
        TileCounts([0; TILE_KINDS])
    }
}

impl TileCounts {
    /// Counts of nothing.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many copies of `tile`.
    pub fn get(&self, tile: Tile) -> u8 {
        self.0[tile.index()]
    }

    /// Adds `n` copies of `tile`.
    pub fn add(&mut self, tile: Tile, n: u8) {
        self.0[tile.index()] += n;
    }

    /// Removes `n` copies of `tile`; returns false (and changes nothing) if there are fewer.
    pub fn remove(&mut self, tile: Tile, n: u8) -> bool {
        let slot = &mut self.0[tile.index()];
        if *slot < n {
            return false;
        }
        *slot -= n;
        true
    }

    /// Total number of tiles.
    pub fn total(&self) -> usize {
        self.0.iter().map(|&n| n as usize).sum()
    }

    /// The tiles counted, in tile order and each as many times as counted, as
    /// [`write_tiles`] writes them (`111m99p`). A plain loop over the counts into a string
    /// allocated once: every scored criterion writes its tiles this way, and the chain of
    /// iterators it replaced cost about twice as much (issue 12).
    pub fn written(&self) -> String {
        let total = self.total();
        if total == 0 {
            return String::new();
        }
        // A byte per tile, plus a suit letter per suit (three at most); honours are one byte.
        let mut out = String::with_capacity(total + 3);
        let mut writer = TileWriter::default();
        for (index, &n) in (0u8..).zip(self.0.iter()) {
            for _ in 0..n {
                writer.push(&mut out, Tile(index));
            }
        }
        writer.finish(&mut out);
        out
    }

    /// The tiles present, each once, with their counts.
    pub fn iter(&self) -> impl Iterator<Item = (Tile, u8)> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(i, &n)| (Tile(i as u8), n))
    }

    /// The first tile present, in index order.
    pub fn first(&self) -> Option<Tile> {
        self.0.iter().position(|&n| n > 0).map(|i| Tile(i as u8))
    }
}

impl fmt::Debug for TileCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.written())
    }
}

/// Writes tiles compactly in canonical notation, grouping numbered tiles by suit
/// (`123p99s EEE`).
pub fn write_tiles(tiles: impl IntoIterator<Item = Tile>) -> String {
    let mut out = String::new();
    push_tiles(&mut out, tiles);
    out
}

/// Appends tiles to `out` as [`write_tiles`] writes them.
pub fn push_tiles(out: &mut String, tiles: impl IntoIterator<Item = Tile>) {
    let mut writer = TileWriter::default();
    for tile in tiles {
        writer.push(out, tile);
    }
    writer.finish(out);
}

/// Appends tiles as [`write_tiles`] writes them, each a red five where its flag says so
/// (written `0`: `406p`).
pub fn push_tiles_red(out: &mut String, tiles: impl IntoIterator<Item = (Tile, bool)>) {
    let mut writer = TileWriter::default();
    for (tile, red) in tiles {
        match tile.suit() {
            Some(suit) if red => writer.push_digit(out, suit, b'0'),
            _ => writer.push(out, tile),
        }
    }
    writer.finish(out);
}

/// Writes tiles one at a time as [`write_tiles`] does: a numbered tile's suit letter waits
/// until the run of its suit ends.
#[derive(Default)]
struct TileWriter {
    /// The suit of the digits written last, whose letter is still to come.
    pending_suit: Option<Suit>,
}

impl TileWriter {
    /// Appends `tile`. Always inlined: called once per tile written, it is a few
    /// instructions around a byte pushed; left out of line (as LLVM chose even when asked
    /// with a plain `#[inline]`) the call cost more than its work (issue 12).
    #[inline(always)]
    fn push(&mut self, out: &mut String, tile: Tile) {
        match (tile.suit(), tile.number()) {
            (Some(suit), Some(number)) => self.push_digit(out, suit, b'0' + number),
            _ => {
                if let Some(prev) = self.pending_suit.take() {
                    out.push(prev.letter());
                }
                out.push_str(tile.notation());
            }
        }
    }

    /// Appends the digit of a numbered tile of `suit`, closing the run before it when that
    /// was of another suit.
    #[inline(always)]
    fn push_digit(&mut self, out: &mut String, suit: Suit, digit: u8) {
        if let Some(prev) = self.pending_suit
            && prev != suit
        {
            out.push(prev.letter());
        }
        self.pending_suit = Some(suit);
        out.push(char::from(digit));
    }

    /// Ends the last run.
    fn finish(self, out: &mut String) {
        if let Some(prev) = self.pending_suit {
            out.push(prev.letter());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tile_has_one_name() {
        let name = |suit, n| Tile::numbered(suit, n).map(Tile::name);
        assert_eq!(name(Suit::Circles, 1).as_deref(), Some("1 circle"));
        assert_eq!(name(Suit::Bamboo, 5).as_deref(), Some("5 bamboo"));
        assert_eq!(Wind::East.tile().name(), "East wind");
        assert_eq!(Dragon::Green.tile().name(), "green dragon");
        assert_eq!(Suit::Circles.red_five(), "0p");
        assert_eq!(Suit::Characters.red_five_name(), "red 5 characters");
        assert_eq!(BonusTile::Season(3).name(), "season 3");
        assert_eq!(BonusTile::Season(3).to_string(), "x3");
        assert_eq!(BonusTile::Kita.name(), "North wind set aside (kita)");
    }

    #[test]
    fn indices_round_trip_through_names() {
        assert_eq!(
            Tile::numbered(Suit::Circles, 5).map(|t| t.to_string()),
            Some("5p".into())
        );
        assert_eq!(Wind::North.tile().to_string(), "N");
        assert_eq!(Dragon::Red.tile().to_string(), "r");
        assert_eq!(
            Tile::numbered(Suit::Bamboo, 9).map(Tile::is_terminal),
            Some(true)
        );
        assert_eq!(Tile::numbered(Suit::Bamboo, 10), None);
    }

    #[test]
    fn writes_compact_runs() {
        let tiles = [
            Tile::numbered(Suit::Circles, 1),
            Tile::numbered(Suit::Circles, 2),
            Tile::numbered(Suit::Bamboo, 9),
            Some(Wind::East.tile()),
        ];
        assert_eq!(write_tiles(tiles.into_iter().flatten()), "12p9sE");
    }
}
