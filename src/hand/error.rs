//! What is wrong with a hand that parsed, and the text that says so.

use std::fmt;

use crate::diagnostic::Span;
use crate::plural::{counted, pick};
use crate::results::Said;
use crate::rules::System;
use crate::tile::{BonusSet, BonusTile, Suit, Tile, Wind};

/// What is wrong with a hand that parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HandErrorKind {
    /// The tile is not in this ruleset's tile set.
    RemovedTile {
        /// The tile.
        tile: Tile,
        /// Ruleset name.
        ruleset: String,
        /// Where the tile set is defined.
        source: String,
    },
    /// More copies than the set holds.
    TooManyCopies {
        /// The tile.
        tile: Tile,
        /// How many the hand has.
        found: u8,
        /// How many exist.
        exist: u8,
        /// Ruleset name.
        ruleset: String,
        /// Where the tile set is defined.
        source: String,
    },
    /// More red fives of a suit than exist.
    TooManyRed {
        /// The suit.
        suit: Suit,
        /// Red fives of the suit the ruleset scores (0: none; one `0` is then read as a 5).
        exist: usize,
        /// Ruleset name.
        ruleset: String,
    },
    /// More plain fives of a suit than the set holds besides its red ones.
    TooManyPlainFives {
        /// The five.
        tile: Tile,
        /// Plain copies in the hand, the indicators and the discards.
        found: u8,
        /// Red fives of the suit in the set.
        red: usize,
        /// Ruleset name.
        ruleset: String,
    },
    /// A declared chow where the ruleset forbids it.
    MeldedChow {
        /// Ruleset name.
        ruleset: String,
        /// Where the rule is.
        source: String,
    },
    /// A tile that may only be used as a pair was declared in a set.
    PairOnly(Tile),
    /// Wrong number of tiles.
    TileCount {
        /// Tiles found, kongs counted as three.
        found: usize,
    },
    /// A bonus tile the ruleset does not have.
    NoSuchBonus {
        /// The tile.
        tile: BonusTile,
        /// Ruleset name.
        ruleset: String,
        /// Where the tile set is defined.
        source: String,
    },
    /// A bonus tile written twice.
    RepeatedBonus(BonusTile),
    /// A flower named as the dead-wall indicator and also set aside in the hand.
    IndicatorInHand(BonusTile),
    /// `robbed` with `tsumo`: robbing a kong is a win on another player's tile.
    RobbedOnTsumo,
    /// A win stated by its value that the ruleset's system cannot produce, or context such a
    /// win cannot carry: why.
    StatedValue(Why),
    /// `robbed-kita` or `robbed-concealed` where the ruleset, the way the hand was won or its
    /// tiles do not allow it: why.
    Robbing(Why),
    /// `robbed` (points system) while the winner holds another copy of the winning tile: the
    /// other three copies are in the pong the tile was added to.
    RobbedTileHeld(Tile),
    /// `replacement` or `double-replacement` with `ron`: a replacement tile is drawn from
    /// the wall.
    ReplacementOnRon,
    /// `replacement` without a kong or a bonus tile to replace.
    ReplacementWithoutCause,
    /// `double-replacement` with fewer than two kongs.
    DoubleReplacementWithoutKongs,
    /// Jokers in a ruleset without them.
    NoJokers {
        /// Ruleset name.
        ruleset: String,
        /// Where the tile set is defined.
        source: String,
    },
    /// More jokers than the set holds.
    TooManyJokers {
        /// Jokers in the hand.
        found: usize,
        /// Jokers in the set.
        exist: u8,
        /// Ruleset name.
        ruleset: String,
        /// Where the tile set is defined.
        source: String,
    },
    /// Every concealed tile is a joker and no `win=` names the winning tile.
    OnlyJokers,
    /// `kong-from=` names a tile that is not one of the hand's exposed kongs.
    KongFromNotAKong(Tile),
    /// `dealt=` names a bonus set the hand does not hold complete.
    DealtNotComplete(BonusSet),
    /// `dealt=` names a bonus set twice.
    DealtRepeated(BonusSet),
    /// A context key or word only the fan system reads, under another system.
    FanContextOnly {
        /// The key or word as written (`dealt=`, `double-replacement`).
        key: String,
        /// Ruleset name.
        ruleset: String,
    },
    /// `win=` names a tile not among the concealed tiles.
    WinTileMissing(Tile),
    /// `win=` names a tile that is only in declared sets.
    WinTileDeclared(Tile),
    /// `win=0p` names a red five, but no red five of it is among the concealed tiles.
    WinRedNotInHand(Tile),
    /// `win=` on a 13-tile hand.
    WinOnWaitingHand,
    /// A seat that does not exist at a three-player table.
    NoSuchSeat(Wind),
    /// `ron=` names the winner.
    DiscarderIsWinner,
    /// `kong-from=` says a kong was claimed from the winner's own discard.
    KongFromWinner,
    /// `kong-from=` names the same kong twice.
    KongFromRepeated(Tile),
    /// `waiting=` names the winner.
    WaitingIsWinner,
    /// `waiting=` names a seat twice.
    WaitingRepeated(Wind),
    /// `others-fan=` names the winner.
    OthersFanIsWinner,
    /// `others-fan=` names a seat twice.
    OthersFanRepeated(Wind),
    /// `others-fly=` names the winner.
    OthersFlyIsWinner,
    /// `others-fly=` names a seat twice.
    OthersFlyRepeated(Wind),
    /// The winner's jokers and `others-fly=` add up to more fly tiles than the set holds.
    TooManyFly {
        /// Fly tiles in all.
        found: u32,
        /// Jokers in the set.
        exist: u8,
    },
    /// No tiles at all.
    NoHand,
    /// Two things the hand holds that the game cannot produce together.
    Impossible(Impossible),
}

/// A hand error with the span it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandError {
    /// Where.
    pub span: Span,
    /// What.
    pub kind: HandErrorKind,
}

impl fmt::Display for HandError {
    /// The message, its sources in brackets where they apply, each source document named by
    /// its title ([`crate::sources::cite`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::new();
        self.write_message(&mut text, &mut Citing::InWords)?;
        f.write_str(&crate::sources::cite(&text))
    }
}

impl HandError {
    /// The message as a table reads it: its words, and apart from them the rule books'
    /// sections and the ruleset's settings it names (`; ` between them), each document by
    /// its title.
    pub fn said(&self) -> Said {
        let mut apart = Citing::Apart(Vec::new());
        let mut text = String::new();
        self.write_message(&mut text, &mut apart)
            .unwrap_or_else(|e| unreachable!("a String takes every write: {e}"));
        Said {
            text: crate::sources::cite(&text),
            source: apart.sources().map(|s| crate::sources::cite(&s)),
        }
    }

    /// The message as written, its sources cited by file name as `citing` says.
    fn write_message(&self, f: &mut impl fmt::Write, c: &mut Citing) -> fmt::Result {
        use HandErrorKind::*;
        match &self.kind {
            RemovedTile {
                tile,
                ruleset,
                source,
            } => write!(
                f,
                "{tile} ({}) is not in play under `{ruleset}`{}",
                tile.name(),
                c.cite(source)
            ),
            TooManyCopies {
                tile,
                found,
                exist,
                ruleset,
                source,
            } => write!(
                f,
                "{found} copies of {tile} ({}), but the tile set of `{ruleset}` holds only {exist}{}",
                tile.name(),
                c.cite(source)
            ),
            TooManyRed {
                suit,
                exist: 0,
                ruleset,
            } => write!(
                f,
                "a second red five of {}: `{ruleset}` scores no red fives of that suit{}, so write the fives as 5",
                suit.name(),
                c.cite("tiles.red-fives, options.red-dora")
            ),
            TooManyRed {
                suit,
                exist,
                ruleset,
            } => write!(
                f,
                "more red fives of {} than the {exist} `{ruleset}` plays with{}",
                suit.name(),
                c.cite("tiles.red-fives")
            ),
            TooManyPlainFives {
                tile,
                found,
                red,
                ruleset,
            } => write!(
                f,
                "{found} plain {tile} ({}), but `{ruleset}` plays {red} of its four {tile} red{}, so its set holds only {} plain: write the red {} as {}{}",
                tile.name(),
                c.cite("tiles.red-fives, options.red-dora"),
                4usize.saturating_sub(*red),
                pick(*red as u64, "one", "ones"),
                tile.suit().map_or("0?", |s| s.red_five()),
                c.cite(format_args!("{BOOK} §1.1: \"remove the equivalent number of standard\" fives")),
            ),
            MeldedChow { ruleset, source } => write!(
                f,
                "a chow cannot be melded from a discard under `{ruleset}`{}; write it among the concealed tiles",
                c.cite(source)
            ),
            PairOnly(tile) if *tile == Wind::North.tile() => write!(
                f,
                "a pong of N (North wind) is not a set with options.north-as-normal: North may only be used as a pair or a kong{}",
                c.cite("000_3037644a9b602e62.txt §North Wind as normal piece")
            ),
            PairOnly(tile) => write!(
                f,
                "{tile} ({}) may only be used as a pair under this ruleset{}",
                tile.name(),
                c.cite("options.five-bamboo-pair: 000_3037644a9b602e62.txt §Recap")
            ),
            TileCount { found } => write!(
                f,
                "the hand has {} (kongs counted as three); expected 14 for a complete hand or 13 for a waiting hand",
                counted(*found as u64, "tile", "tiles")
            ),
            NoSuchBonus {
                tile: BonusTile::West,
                ruleset,
                ..
            } => write!(
                f,
                "a West wind is not set aside as a bonus tile under `{ruleset}` unless options.west-set-aside is on; write it among the hand tiles"
            ),
            NoSuchBonus {
                tile: BonusTile::Kita,
                ruleset,
                source,
            } => write!(
                f,
                "a North wind is not set aside as kita under `{ruleset}`{}; write it among the hand tiles",
                c.cite(source)
            ),
            NoSuchBonus {
                tile,
                ruleset,
                source,
            } => write!(
                f,
                "bonus tile {tile} is not in play under `{ruleset}`{}",
                c.cite(source)
            ),
            RepeatedBonus(tile) => write!(f, "bonus tile {tile} is written twice; the set has one"),
            ReplacementOnRon => write!(
                f,
                "a replacement tile is drawn from the wall after a kong or a bonus tile, so it is a self-draw: write tsumo, not ron"
            ),
            ReplacementWithoutCause => write!(
                f,
                "won on a replacement tile, but the hand has no kong and no bonus tile set aside that it replaced"
            ),
            DoubleReplacementWithoutKongs => write!(
                f,
                "a win on the replacement tile after two consecutive kongs needs two kongs in the hand"
            ),
            StatedValue(why) | Robbing(why) => why.write(f, c),
            RobbedOnTsumo => write!(
                f,
                "robbing a kong is a win on another player's tile, not a self-draw: write ron=SEAT for the player who made the kong"
            ),
            RobbedTileHeld(tile) => write!(
                f,
                "robbed: the winner holds another {tile} or has seen one (discards=, dora=, ura=, +N), but a robbed {tile} is the fourth copy, added to a melded pong to make a kong, so the other three are in that kong{}",
                c.cite(format_args!("{BOOK} §12 Chankan: a win on the tile added \"to upgrade a minkou ... to a shominkan\"; 000_3037644a9b602e62.txt §Robbing the kong"))
            ),
            IndicatorInHand(tile) => write!(
                f,
                "{tile} is the dora indicator turned over in the dead wall, so it cannot also be in the hand"
            ),
            NoJokers { ruleset, source } => {
                write!(f, "jokers (J) are not in play under `{ruleset}`{}", c.cite(source))
            }
            TooManyJokers {
                found,
                exist,
                ruleset,
                source,
            } => write!(
                f,
                "{found} jokers (J), but the tile set of `{ruleset}` holds only {exist}{}",
                c.cite(source)
            ),
            OnlyJokers => write!(
                f,
                "every concealed tile is a joker: write the winning tile among the concealed tiles (a joker cannot be the winning tile)"
            ),
            DealtNotComplete(set) => write!(
                f,
                "dealt= names {}, but the hand does not hold the full set of {}",
                set.letter(),
                set.name()
            ),
            DealtRepeated(set) => write!(
                f,
                "dealt= names {} ({}) twice; each set is dealt once",
                set.letter(),
                set.name()
            ),
            FanContextOnly { key, ruleset } => write!(
                f,
                "{key} is used only by fan-system rulesets (such as malaysian), not by `{ruleset}`"
            ),
            KongFromNotAKong(tile) => write!(
                f,
                "kong-from= names {tile}, but the hand has no exposed kong [{tile}{tile}{tile}{tile}] of it"
            ),
            WinTileMissing(tile) => write!(
                f,
                "the winning tile {tile} ({}) named by win= is not among the concealed tiles",
                tile.name()
            ),
            WinTileDeclared(tile) => write!(
                f,
                "win={tile} names a tile of a declared set, but a set in [ ] or ( ) was declared before the win: the winning tile is one of the concealed tiles (write a set it completes among them)"
            ),
            WinRedNotInHand(tile) => write!(
                f,
                "win= names a red {tile}, but no red {tile} is among the concealed tiles: write it as 0 there too, or write win={tile}"
            ),
            WinOnWaitingHand => write!(
                f,
                "win= names the winning tile of a complete hand, but this hand has 13 tiles"
            ),
            NoSuchSeat(wind) => write!(
                f,
                "there is no {} seat or round at a three-player table (expected E, S or W)",
                wind.name()
            ),
            DiscarderIsWinner => write!(f, "ron= names the winner's own seat"),
            KongFromRepeated(tile) => write!(
                f,
                "kong-from= names {tile} twice; a hand holds one kong of a tile, which came from one place"
            ),
            KongFromWinner => write!(
                f,
                "kong-from= names the winner's own seat: a kong is claimed from another player's discard (write TILE:self for a kong promoted from the winner's own pong)"
            ),
            WaitingIsWinner => write!(f, "waiting= names the winner's own seat"),
            WaitingRepeated(wind) => write!(f, "waiting= names {} twice", wind.name()),
            OthersFanIsWinner => write!(
                f,
                "others-fan= names the winner's own seat (it lists the non-winners' hands)"
            ),
            OthersFanRepeated(wind) => write!(f, "others-fan= names {} twice", wind.name()),
            OthersFlyIsWinner => write!(
                f,
                "others-fly= names the winner's own seat (the winner's fly tiles are the J in the hand)"
            ),
            OthersFlyRepeated(wind) => write!(f, "others-fly= names {} twice", wind.name()),
            TooManyFly { found, exist } => write!(
                f,
                "{found} fly tiles in all (the winner's J and others-fly=), but the set holds only {exist}"
            ),
            NoHand => write!(f, "no tiles: expected a hand such as {NO_HAND_EXAMPLE}"),
            Impossible(what) => what.write(f, c),
        }
    }
}

impl std::error::Error for HandError {}

/// The hand a refusal for no tiles gives as an example: circles and honours, which every
/// system's set holds (sanma and korean play no 2–8 characters, malaysian only circles and
/// honours among the suits), so it reads as a hand under any ruleset.
pub const NO_HAND_EXAMPLE: &str = "123p456p789p EEE ww";

/// How a message names the sources of its rule (a rule book's section, the ruleset's
/// setting): in brackets where the rule applies, as the command line prints it, or kept
/// apart, for [`HandError::said`].
pub(crate) enum Citing {
    /// ` (source)` in the words.
    InWords,
    /// Kept apart, in the order met.
    Apart(Vec<String>),
}

impl Citing {
    /// What the words take where `source` applies: ` (source)`, or nothing, `source` kept.
    pub(crate) fn cite(&mut self, source: impl fmt::Display) -> String {
        match self {
            Citing::InWords => format!(" ({source})"),
            Citing::Apart(kept) => {
                kept.push(source.to_string());
                String::new()
            }
        }
    }

    /// The sources kept apart, `; ` between them; `None` when none was (or while citing in
    /// the words).
    fn sources(&self) -> Option<String> {
        match self {
            Citing::Apart(kept) if !kept.is_empty() => Some(kept.join("; ")),
            _ => None,
        }
    }
}

/// A refusal written where the hand is checked (a value stated, a robbed tile), in both
/// forms [`Citing`] has: its sources in the words and kept apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Why {
    /// The words with their sources in brackets.
    in_words: String,
    /// The words alone.
    plain: String,
    /// The sources, `; ` between them, if any.
    sources: Option<String>,
}

impl Why {
    /// The refusal `write` makes, citing as the [`Citing`] it is given says.
    pub(crate) fn new(write: impl Fn(&mut Citing) -> String) -> Self {
        let mut apart = Citing::Apart(Vec::new());
        let plain = write(&mut apart);
        Why {
            in_words: write(&mut Citing::InWords),
            plain,
            sources: apart.sources(),
        }
    }

    /// Writes the words, citing as `c` says (kept apart, the sources join `c`'s).
    fn write(&self, f: &mut impl fmt::Write, c: &mut Citing) -> fmt::Result {
        match c {
            Citing::InWords => f.write_str(&self.in_words),
            Citing::Apart(_) => {
                if let Some(sources) = &self.sources {
                    c.cite(sources);
                }
                f.write_str(&self.plain)
            }
        }
    }
}

/// A refusal that names no source.
impl From<String> for Why {
    fn from(words: String) -> Self {
        Why {
            in_words: words.clone(),
            plain: words,
            sources: None,
        }
    }
}

/// A refusal that names no source.
impl From<&str> for Why {
    fn from(words: &str) -> Self {
        Why::from(words.to_string())
    }
}

/// The words with their sources in brackets.
impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.in_words)
    }
}

/// Refuses with `kind` at `span`.
pub(super) fn err<T>(span: Span, kind: HandErrorKind) -> Result<T, HandError> {
    Err(HandError { span, kind })
}

/// 003, the rule book every riichi word of the notation is defined by.
const BOOK: &str = "003_39dfac9db387ff3e.txt";

/// Two things a hand holds that the game cannot produce together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Impossible {
    /// `ippatsu` with no riichi declared.
    IppatsuWithoutRiichi,
    /// `ura=` with no riichi declared.
    UraWithoutRiichi,
    /// `ippatsu` on a replacement tile: the kong or kita it replaced ended the go-around.
    IppatsuOnReplacement,
    /// `riichi` and a win on the replacement tile of a kong, where a hand in riichi makes
    /// no kong (`riichi-concealed-kong` off).
    RiichiThenKong,
    /// `riichi` with a set claimed from a discard: riichi needs a closed hand.
    RiichiOpenHand {
        /// The claimed set as written.
        set: String,
    },
    /// `riichi` with `sticks=0`: the winner's own riichi stick is on the table.
    RiichiWithoutStick,
    /// `first` with a declared set.
    FirstWithCall {
        /// The set as written.
        set: String,
    },
    /// `first` with a North set aside.
    FirstWithKita,
    /// `first` with a word that needs a discard of the winner's (`riichi`, `double-riichi`,
    /// `discards=`), where the winner has not discarded yet.
    FirstBeforeDiscard {
        /// The word as written in the notation.
        word: &'static str,
        /// Won by self-draw (else by a non-dealer on a discard).
        tsumo: bool,
    },
    /// `first` with a dealer's ron and more than one discard of the dealer's.
    FirstDealerDiscards {
        /// Discards written.
        found: usize,
    },
    /// `first` with `last`.
    FirstAndLast,
    /// `first` with `robbed`.
    FirstAndRobbed,
    /// `last` with a replacement tile (han systems: the dead wall).
    LastOnReplacement,
    /// `last` with `robbed` (han systems).
    LastOnRobbed,
    /// More dora indicators than can be turned over.
    TooManyDora {
        /// Indicators written.
        found: usize,
        /// The most that can be turned over.
        most: usize,
        /// The ruleset's scoring system (what turns them over).
        system: System,
    },
    /// More ura indicators than dora indicators (or than can be turned over).
    TooManyUra {
        /// Ura indicators written.
        found: usize,
        /// Dora indicators written (or the most there can be).
        dora: usize,
    },
}

/// As the command line says it: the sources in brackets where they apply, by file name.
impl fmt::Display for Impossible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, &mut Citing::InWords)
    }
}

impl Impossible {
    /// The words, citing sources by file name as `c` says.
    fn write(&self, f: &mut impl fmt::Write, c: &mut Citing) -> fmt::Result {
        use Impossible::*;
        match self {
            IppatsuWithoutRiichi => write!(
                f,
                "`ippatsu` without `riichi`: ippatsu is a win within one go-around after declaring riichi, so there is none without it{}; write riichi or double-riichi too",
                c.cite(format_args!("{BOOK} §12 Ippatsu: \"ippatsu requires a riichi declaration to be in effect\""))
            ),
            UraWithoutRiichi => write!(
                f,
                "`ura=` without `riichi`: the tiles beneath the dora indicators are looked at only by a winner who declared riichi{}",
                c.cite(format_args!("{BOOK} §9.6 The Riichi Privilege"))
            ),
            IppatsuOnReplacement => write!(
                f,
                "`ippatsu` with `rinshan` (a replacement tile): the kong or the North set aside that the replacement tile replaced ends the go-around of ippatsu before the replacement draw{}",
                c.cite(format_args!("{BOOK} §12 Ippatsu: the latest chance is \"the player's next drawn tile after the riichi declaration\", and the replacement is drawn after it; {BOOK} §4.1: kita is treated like a call for ippatsu; Tenhou and Mahjong Soul: a kong or kita ends ippatsu, docs/rulesets/sanma-tenhou.md [T1], sanma-mahjongsoul.md [M1]"))
            ),
            RiichiThenKong => write!(
                f,
                "`riichi` with `rinshan` after a kong: a hand in riichi cannot be changed, not even by a concealed kong{}, so the kong and its replacement tile came before riichi",
                c.cite(format_args!("000_3037644a9b602e62.txt §Honshū and other parts of Japan, Riichi: \"the hand cannot be modified (i.e., no concealed kongs)\"; options.riichi-concealed-kong"))
            ),
            RiichiOpenHand { set } => write!(
                f,
                "`riichi` with the claimed set {set}: riichi is declared with a closed hand, and after it the hand may add only a concealed kong{}",
                c.cite(format_args!("{BOOK} §12 Riichi: \"a closed tenpai hand\", §9.5; 000_3037644a9b602e62.txt §Declare ready: \"A player with a concealed hand\""))
            ),
            RiichiWithoutStick => write!(
                f,
                "`riichi` with `sticks=0`: the winner's own riichi stick is on the table, placed once the riichi discard passed{}; write sticks=1 or more",
                c.cite(format_args!("{BOOK} §12 Riichi: the bet is placed \"Unless the first sideways discard is claimed for a win immediately\""))
            ),
            FirstWithCall { set } => write!(
                f,
                "`first` with the declared set {set}: a first-go-around win comes before any call, a concealed kong included{}",
                c.cite(format_args!("{BOOK} §12 Blessing of Heaven, Blessing of Earth: \"Concealed kan is not allowed\"; Renhou: \"before any called tile\""))
            ),
            FirstWithKita => write!(
                f,
                "`first` with a North set aside (+N): setting a North aside counts as a call and ends the first go-around{}",
                c.cite(format_args!("{BOOK} §4.1: kita is put aside \"like an open call\", §12 Chihou: \"the very first un-interrupted set of turns\"; Tenhou and Mahjong Soul: kita ends chiihou and double riichi, docs/rulesets/sanma-tenhou.md [T1], sanma-mahjongsoul.md [M1]"))
            ),
            FirstBeforeDiscard { word, tsumo } => {
                // The words' order, so that their sources are kept in it.
                let needs = match *word {
                    "discards=" => "discards= lists the winner's own discards".to_string(),
                    _ => format!(
                        "{word} is declared with a discard of the winner's{}",
                        c.cite(format_args!("{BOOK} §12 Riichi, Double Riichi"))
                    ),
                };
                let when = if *tsumo {
                    format!(
                        "a first-go-around win by self-draw is on the winner's first draw{}",
                        c.cite(format_args!("{BOOK} §12 Blessing of Heaven, Blessing of Earth"))
                    )
                } else {
                    format!(
                        "a non-dealer's first-go-around win on a discard comes before its first draw{}",
                        c.cite(format_args!("{BOOK} §12 Renhou: \"with a starting hand\""))
                    )
                };
                write!(
                    f,
                    "`first` with `{word}`: {needs}, but {when}, before the winner has discarded"
                )
            }
            FirstDealerDiscards { found } => write!(
                f,
                "`first` with {found} discards of the dealer's: a first-go-around win on a discard comes after the dealer's first discard and before its second{}",
                c.cite(format_args!("{BOOK} §5.1 Commencing Play"))
            ),
            FirstAndLast => write!(
                f,
                "`first` with `last`: the first go-around is never the end of the wall{}",
                c.cite(format_args!("{BOOK} §6: play continues until fourteen tiles remain"))
            ),
            FirstAndRobbed => write!(
                f,
                "`first` with `chankan` (robbed): the robbed tile was added to a pong claimed earlier, and a first-go-around win comes before any call{}",
                c.cite(format_args!("{BOOK} §12 Renhou: \"before any called tile\""))
            ),
            LastOnReplacement => write!(
                f,
                "`last` with `rinshan` (a replacement tile): a replacement tile comes from the dead wall, and once the last tile of the live wall is drawn no kong or kita can be made{}",
                c.cite(format_args!("{BOOK} §12 Haitei raoyue: \"the last drawable tile from the live wall\", \"the dead wall must retain 14-tiles at all times\""))
            ),
            LastOnRobbed => write!(
                f,
                "`last` with `chankan` (robbed): houtei is won on the last discard and a robbed tile is no discard, and once the last tile of the live wall is drawn no kong can be added{}",
                c.cite(format_args!("{BOOK} §12 Haitei raoyue and houtei raoyui: \"the dead wall must retain 14-tiles at all times\""))
            ),
            TooManyDora {
                found,
                most,
                system: System::Points,
            } => write!(
                f,
                "`dora=` lists {found} indicators, but {most} is turned over: \"The dealer turns over one piece\"{}",
                c.cite(format_args!("000_3037644a9b602e62.txt §Dead wall, §Revealed Dora Tiles"))
            ),
            TooManyDora { found, most, .. } => write!(
                f,
                "`dora=` lists {found} indicators, but at most {most} are turned over: one at the start and one for each kong, four kongs at most{}",
                c.cite(format_args!("{BOOK} §4 Mekuri-Pai, §10.2: \"Whenever a Kan is declared another tile is turned over\"; 000_3037644a9b602e62.txt §Honshū: one more once all four Norths are exposed, under sanma-honshu"))
            ),
            TooManyUra { found, dora } => write!(
                f,
                "`ura=` lists {found} indicators, but there are only {dora} dora indicators: each ura indicator is the tile beneath one{}",
                c.cite(format_args!("{BOOK} §9.6: \"the two tiles beneath them\""))
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The refusals of hands that parse, under the ruleset named: each line's error.
    fn refused(ruleset: &str, lines: &[&str]) -> Vec<HandError> {
        let rules = crate::rules::load(ruleset).expect("shipped");
        lines
            .iter()
            .map(|line| match crate::validate_line(line, &rules) {
                Err(crate::InputError::Hand(e)) => e,
                other => panic!("{line}: {other:?}"),
            })
            .collect()
    }

    /// `said` keeps the message's words and moves each source out of them: the words name
    /// no rule book or setting, and put back where the message has them, the sources give
    /// the message as the command line prints it.
    #[test]
    fn said_keeps_the_words_and_sets_the_sources_apart() {
        let mut every = refused(
            "sanma",
            &[
                "123p456p789p EEE NN +N ippatsu riichi rinshan tsumo",
                "123p456p789p EEE NN ippatsu tsumo",
                "123p456p789p EEE NN first last tsumo",
                "123p456p789p EEE NN riichi first tsumo",
                "123p456p789p EEE NN robbed-kita last ron",
                "123p456p789p EEE NN dora=1p,2p,3p,4p,5p,6p tsumo",
                "123p456p789p EE 3m NN tsumo",
                "123p456p789p [EEE] NN first tsumo",
                "123p456p789p EEE NN +N first tsumo",
            ],
        );
        every.extend(refused("korean", &["123p456p789p EEE 99s7s tsumo"]));
        every.extend(refused("sanma", &["1 han 30 fu ron honba=5"]));
        every.extend(refused("malaysian", &["11 fan tsumo"]));
        for error in &every {
            let shown = error.to_string();
            let said = error.said();
            let source = said.source.as_deref().unwrap_or_else(|| panic!("{shown}"));
            for named in ["§", ".txt", "options.", "tiles."] {
                assert!(!said.text.contains(named), "{named} in {said:?}");
            }
            let mut kept = Citing::Apart(Vec::new());
            error
                .write_message(&mut String::new(), &mut kept)
                .expect("written");
            let Citing::Apart(kept) = kept else {
                unreachable!("kept apart")
            };
            assert_eq!(crate::sources::cite(&kept.join("; ")), source);
            let mut put_back = shown.clone();
            for each in &kept {
                put_back = put_back.replacen(&format!(" ({})", crate::sources::cite(each)), "", 1);
            }
            assert_eq!(put_back, said.text, "{shown}");
        }
    }

    /// A refusal that names no source says its words alone.
    #[test]
    fn a_refusal_naming_no_source_is_said_as_it_is() {
        for error in refused(
            "sanma",
            &["123p456p789p EEE NN ron=E", "123p456p789p EEE NN seat=N"],
        ) {
            let said = error.said();
            assert_eq!((said.text, said.source), (error.to_string(), None));
        }
    }
}
