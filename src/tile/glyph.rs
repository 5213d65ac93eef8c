//! The Unicode Mahjong Tiles block (U+1F000–U+1F02B): a character read as a tile, a tile
//! written as its character, and notation written in characters (`--glyphs`).

use super::{BonusTile, Dragon, Suit, Tile, Wind};

/// A character of the Unicode Mahjong Tiles block (U+1F000–U+1F02B) read as a tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Glyph {
    /// One of the 34 kinds.
    Tile(Tile),
    /// A flower or a season.
    Bonus(BonusTile),
    /// The joker, U+1F02A.
    Joker,
    /// The back of a tile, U+1F02B: no tile at all.
    Back,
}

/// The first character of the block: East wind.
const GLYPH_EAST: u32 = 0x1F000;
/// One characters, one bamboo and one circles; the nine of a suit follow in order.
const GLYPH_SUITS: [(u32, Suit); 3] = [
    (0x1F007, Suit::Characters),
    (0x1F010, Suit::Bamboo),
    (0x1F019, Suit::Circles),
];
/// Plum, orchid, bamboo, chrysanthemum (flowers 1–4), then spring to winter (seasons 1–4).
const GLYPH_FLOWER_ONE: u32 = 0x1F022;
const GLYPH_SEASON_ONE: u32 = 0x1F026;
const GLYPH_JOKER: u32 = 0x1F02A;
const GLYPH_BACK: u32 = 0x1F02B;
/// Red, green and white dragon, in the block's order.
const GLYPH_DRAGONS: [Dragon; 3] = [Dragon::Red, Dragon::Green, Dragon::White];

impl Glyph {
    /// The tile a character of the Mahjong Tiles block stands for, or `None` for any other
    /// character.
    pub fn from_char(c: char) -> Option<Glyph> {
        let code = u32::from(c);
        let offset = code.checked_sub(GLYPH_EAST)?;
        let small = |base: u32| u8::try_from(code - base).ok();
        Some(match code {
            _ if offset < 4 => Glyph::Tile(Wind::ALL.get(offset as usize)?.tile()),
            _ if offset < 7 => Glyph::Tile(GLYPH_DRAGONS.get(offset as usize - 4)?.tile()),
            GLYPH_JOKER => Glyph::Joker,
            GLYPH_BACK => Glyph::Back,
            _ if (GLYPH_SEASON_ONE..GLYPH_JOKER).contains(&code) => {
                Glyph::Bonus(BonusTile::Season(small(GLYPH_SEASON_ONE)? + 1))
            }
            _ if (GLYPH_FLOWER_ONE..GLYPH_SEASON_ONE).contains(&code) => {
                Glyph::Bonus(BonusTile::Flower(small(GLYPH_FLOWER_ONE)? + 1))
            }
            _ => {
                let (base, suit) = GLYPH_SUITS
                    .iter()
                    .copied()
                    .find(|&(base, _)| (base..base + 9).contains(&code))?;
                Glyph::Tile(Tile::numbered(suit, small(base)? + 1)?)
            }
        })
    }
}

impl Tile {
    /// The tile's character in the Unicode Mahjong Tiles block (`--glyphs`).
    pub fn glyph(self) -> char {
        let code = match (self.suit(), self.number(), self.wind(), self.dragon()) {
            (Some(suit), Some(number), _, _) => {
                let base = GLYPH_SUITS
                    .iter()
                    .find(|(_, s)| *s == suit)
                    .map_or(GLYPH_EAST, |(base, _)| *base);
                base + u32::from(number) - 1
            }
            (_, _, Some(wind), _) => {
                GLYPH_EAST + Wind::ALL.iter().position(|w| *w == wind).unwrap_or(0) as u32
            }
            (_, _, _, Some(dragon)) => {
                GLYPH_EAST + 4 + GLYPH_DRAGONS.iter().position(|d| *d == dragon).unwrap_or(0) as u32
            }
            _ => GLYPH_BACK,
        };
        char::from_u32(code).unwrap_or('?')
    }
}

impl BonusTile {
    /// The tile's character in the Mahjong Tiles block, for flowers and seasons (the block
    /// has none for the Malaysian faces and animals; kita and West are wind tiles).
    pub fn glyph(self) -> Option<char> {
        match self {
            BonusTile::Flower(n @ 1..=4) => char::from_u32(GLYPH_FLOWER_ONE + u32::from(n) - 1),
            BonusTile::Season(n @ 1..=4) => char::from_u32(GLYPH_SEASON_ONE + u32::from(n) - 1),
            BonusTile::Kita => Some(Wind::North.tile().glyph()),
            BonusTile::West => Some(Wind::West.tile().glyph()),
            _ => None,
        }
    }
}

/// Text in mj3's notation with every tile written as its character of the Mahjong Tiles
/// block (`--glyphs`): `456m [EEE]* +f1` becomes `🀌🀍🀎 [🀀🀀🀀]* +🀢`. A red five (`0`) becomes
/// the five; bonus tiles the block lacks (faces, animals) and everything that is not a tile
/// (brackets, `*`, spaces) stay as written.
pub fn notation_as_glyphs(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 4);
    let mut digits = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            let suit = Suit::from_letter(c);
            for digit in std::mem::take(&mut digits).bytes() {
                let number = match digit - b'0' {
                    0 => 5,
                    n => n,
                };
                match suit.and_then(|suit| Tile::numbered(suit, number)) {
                    Some(tile) => out.push(tile.glyph()),
                    None => out.push(char::from(digit)),
                }
            }
            if suit.is_some() {
                continue;
            }
        }
        let bonus = match (c, chars.peek().and_then(|d| d.to_digit(10))) {
            ('f', Some(n @ 1..=4)) => Some(BonusTile::Flower(n as u8)),
            ('x', Some(n @ 1..=4)) => Some(BonusTile::Season(n as u8)),
            _ => None,
        };
        if let Some(glyph) = bonus.and_then(BonusTile::glyph) {
            chars.next();
            out.push(glyph);
            continue;
        }
        let honour = Wind::from_letter(c).map(Wind::tile).or(match c {
            'w' => Some(Dragon::White.tile()),
            'g' => Some(Dragon::Green.tile()),
            'r' => Some(Dragon::Red.tile()),
            _ => None,
        });
        match (honour, c) {
            (Some(tile), _) => out.push(tile.glyph()),
            (None, 'J') => out.push(char::from_u32(GLYPH_JOKER).unwrap_or('J')),
            (None, c) => out.push(c),
        }
    }
    out.push_str(&digits);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_glyph_reads_back_as_its_tile() {
        for tile in Tile::all() {
            assert_eq!(
                Glyph::from_char(tile.glyph()),
                Some(Glyph::Tile(tile)),
                "{tile}"
            );
        }
        assert_eq!(
            Glyph::from_char('\u{1F000}'),
            Some(Glyph::Tile(Wind::East.tile()))
        );
        assert_eq!(
            Glyph::from_char('\u{1F004}'),
            Some(Glyph::Tile(Dragon::Red.tile()))
        );
        assert_eq!(
            Glyph::from_char('\u{1F007}'),
            Tile::numbered(Suit::Characters, 1).map(Glyph::Tile)
        );
        assert_eq!(
            Glyph::from_char('\u{1F021}'),
            Tile::numbered(Suit::Circles, 9).map(Glyph::Tile)
        );
        assert_eq!(
            Glyph::from_char('\u{1F025}'),
            Some(Glyph::Bonus(BonusTile::Flower(4)))
        );
        assert_eq!(
            Glyph::from_char('\u{1F026}'),
            Some(Glyph::Bonus(BonusTile::Season(1)))
        );
        assert_eq!(Glyph::from_char('\u{1F02A}'), Some(Glyph::Joker));
        assert_eq!(Glyph::from_char('\u{1F02B}'), Some(Glyph::Back));
        assert_eq!(Glyph::from_char('\u{1F02C}'), None);
        assert_eq!(Glyph::from_char('E'), None);
        for n in 1..=4 {
            let flower = BonusTile::Flower(n).glyph().map(Glyph::from_char);
            assert_eq!(flower, Some(Some(Glyph::Bonus(BonusTile::Flower(n)))));
        }
    }

    #[test]
    fn notation_is_written_in_glyphs() {
        assert_eq!(
            notation_as_glyphs("406m [EEE]* ww +f1 J h2"),
            "\u{1F00A}\u{1F00B}\u{1F00C} [\u{1F000}\u{1F000}\u{1F000}]* \u{1F006}\u{1F006} +\u{1F022} \u{1F02A} h2"
        );
    }
}
