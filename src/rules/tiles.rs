//! The tile set a ruleset plays with: which kinds exist, how many copies of each, the bonus
//! tiles, and the dora dragon order, built from `[tiles]` and the options that change it.

use super::error::{KeyError, KeyPath};
use super::options::Options;
use super::schema::TilesFile;
use crate::tile::{BonusSet, Dragon, Suit, TILE_KINDS, Tile, Wind};

/// The tiles a ruleset plays with: which kinds exist and how many copies of each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileSet {
    copies: [u8; TILE_KINDS],
    pair_only: [bool; TILE_KINDS],
    /// Suits that have a red five, one entry per red tile.
    pub red_fives: Vec<Suit>,
    /// Number of flowers.
    pub flowers: u8,
    /// Number of seasons.
    pub seasons: u8,
    /// Number of face tiles.
    pub faces: u8,
    /// Number of animal tiles.
    pub animals: u8,
    /// Number of jokers.
    pub jokers: u8,
    /// Chows may be declared.
    pub melded_chows: bool,
    /// North winds may be set aside as kita (`+N`).
    pub kita: bool,
    /// Source file and section of the tile set (`tiles.source`, else the ruleset's source).
    pub source: String,
    /// Source file and section of the melded-chow rule (`tiles.melded-chows-source`, else
    /// the tile set's source).
    pub melded_chows_source: String,
}

impl TileSet {
    /// How many tiles of the bonus set `set` are in play (0: none).
    pub fn bonus_set_size(&self, set: BonusSet) -> u8 {
        match set {
            BonusSet::Flowers => self.flowers,
            BonusSet::Seasons => self.seasons,
            BonusSet::Faces => self.faces,
            BonusSet::Animals => self.animals,
        }
    }

    /// How many copies of `tile` are in the set (0 if removed).
    pub fn copies(&self, tile: Tile) -> u8 {
        self.copies[tile.index()]
    }

    /// The tile exists in this set.
    pub fn has(&self, tile: Tile) -> bool {
        self.copies(tile) > 0
    }

    /// The tile may only be used as a pair (or kong where the rules say so).
    pub fn pair_only(&self, tile: Tile) -> bool {
        self.pair_only[tile.index()]
    }

    /// Every tile kind in the set.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        Tile::all().filter(|&t| self.has(t))
    }
}

/// The tile set `tiles` describes once `options` have removed or added tiles; `source` is the
/// ruleset's source, cited when `tiles.source` is absent.
pub(super) fn build_tile_set(
    tiles: &TilesFile,
    options: &Options,
    source: &str,
) -> Result<TileSet, KeyError> {
    let mut copies = [0u8; TILE_KINDS];
    let mut pair_only = [false; TILE_KINDS];
    let suits = [
        (Suit::Characters, &tiles.characters, "characters"),
        (Suit::Circles, &tiles.circles, "circles"),
        (Suit::Bamboo, &tiles.bamboo, "bamboo"),
    ];
    for (suit, numbers, key) in suits {
        if suit == Suit::Bamboo && options.no_bamboo {
            continue;
        }
        for &n in numbers.iter().flatten() {
            let tile = Tile::numbered(suit, n).ok_or_else(|| {
                KeyError::new(
                    KeyPath::new(["tiles", key]),
                    format!("`tiles.{key}` holds {n}; numbers run 1 to 9"),
                )
            })?;
            copies[tile.index()] = 4;
        }
    }
    for &letter in tiles.winds.iter().flatten() {
        let wind = Wind::from_letter(letter).ok_or_else(|| {
            KeyError::new(
                KeyPath::new(["tiles", "winds"]),
                format!("`tiles.winds` holds '{letter}'; expected E, S, W or N"),
            )
        })?;
        copies[wind.tile().index()] = 4;
    }
    for &letter in tiles.dragons.iter().flatten() {
        let dragon = dragon_letter(letter).ok_or_else(|| {
            KeyError::new(
                KeyPath::new(["tiles", "dragons"]),
                format!("`tiles.dragons` holds '{letter}'; expected w, g or r"),
            )
        })?;
        copies[dragon.tile().index()] = 4;
    }
    let north = Wind::North.tile().index();
    if options.north_as_normal && copies[north] == 0 {
        copies[north] = 4;
        pair_only[north] = true;
    }
    if options.five_bamboo_pair
        && !options.no_bamboo
        && let Some(five) = Tile::numbered(Suit::Bamboo, 5)
        && copies[five.index()] == 0
    {
        copies[five.index()] = 2;
        pair_only[five.index()] = true;
    }
    let red_fives = if let (true, Some(letters)) = (options.red_dora, &tiles.red_fives) {
        let mut suits = Vec::with_capacity(letters.len());
        for &letter in letters {
            let suit = Suit::from_letter(letter).ok_or_else(|| {
                KeyError::new(
                    KeyPath::new(["tiles", "red-fives"]),
                    format!("`tiles.red-fives` holds '{letter}'; expected m, p or s"),
                )
            })?;
            // A suit whose 5 an option removed has no red five.
            if Tile::numbered(suit, 5).is_some_and(|t| copies[t.index()] > 0) {
                suits.push(suit);
            }
        }
        suits
    } else if options.red_dora {
        [Suit::Characters, Suit::Circles]
            .into_iter()
            .filter(|&s| Tile::numbered(s, 5).is_some_and(|t| copies[t.index()] == 4))
            .collect()
    } else {
        Vec::new()
    };
    let source = tiles.source.clone().unwrap_or_else(|| source.to_string());
    Ok(TileSet {
        melded_chows_source: tiles
            .melded_chows_source
            .clone()
            .unwrap_or_else(|| source.clone()),
        source,
        copies,
        pair_only,
        red_fives,
        flowers: tiles.flowers.unwrap_or(0),
        seasons: tiles.seasons.unwrap_or(0),
        faces: tiles.faces.unwrap_or(0),
        animals: tiles.animals.unwrap_or(0),
        jokers: tiles.jokers.unwrap_or(0),
        melded_chows: tiles.melded_chows.unwrap_or(false),
        kita: tiles.kita.unwrap_or(false),
    })
}

/// The order in which a dora indicator dragon points to the next (`tiles.dora-dragon-order`,
/// default white, green, red).
pub(super) fn dragon_cycle(tiles: &TilesFile) -> Result<Vec<Dragon>, KeyError> {
    let Some(order) = &tiles.dora_dragon_order else {
        return Ok(Dragon::ALL.to_vec());
    };
    order
        .iter()
        .map(|&letter| {
            dragon_letter(letter).ok_or_else(|| {
                KeyError::new(
                    KeyPath::new(["tiles", "dora-dragon-order"]),
                    format!("`tiles.dora-dragon-order` holds '{letter}'; expected w, g or r"),
                )
            })
        })
        .collect()
}

fn dragon_letter(letter: char) -> Option<Dragon> {
    match letter {
        'w' => Some(Dragon::White),
        'g' => Some(Dragon::Green),
        'r' => Some(Dragon::Red),
        _ => None,
    }
}
