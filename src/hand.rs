//! Validated hands: a parsed [`HandInput`] checked against a ruleset's tile set, copies,
//! size and context, becoming a complete [`Hand`] or a [`WaitingHand`].

use std::fmt;

use crate::notation::{Declared, HandInput, KongSource, Span, Spanned, TileToken, WinMethod};
use crate::rules::{Ruleset, TileSet};
use crate::tile::{BonusSet, BonusTile, Suit, Tile, TileCounts, Wind};

/// The three seats of a three-player table, in turn order.
pub const SEATS: [Wind; 3] = [Wind::East, Wind::South, Wind::West];

/// The seat that plays just before `seat` (the winner's left, who discards to it).
pub fn seat_before(seat: Wind) -> Wind {
    match seat {
        Wind::East => Wind::West,
        Wind::South => Wind::East,
        _ => Wind::South,
    }
}

/// A declared set's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SetKind {
    /// Three in sequence.
    Chow,
    /// Three of a kind.
    Pong,
    /// Four of a kind.
    Kong,
}

/// A set declared before the win.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Meld {
    /// Chow, pong or kong.
    pub kind: SetKind,
    /// Lowest tile.
    pub tile: Tile,
    /// A concealed kong.
    pub concealed: bool,
    /// Red fives in it.
    pub red: u8,
}

/// How the hand was won, with the discarder resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Win {
    /// Self-drawn.
    Tsumo,
    /// On a discard from this seat.
    Ron(Wind),
}

/// The context of a win, resolved and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Context {
    /// Tsumo or ron.
    pub win: Win,
    /// No `tsumo`/`ron` was written and a discard win was assumed.
    pub win_assumed: bool,
    /// Winner's seat.
    pub seat: Wind,
    /// Prevailing wind.
    pub round: Wind,
    /// Declared ready / riichi.
    pub riichi: bool,
    /// Riichi on the first turn.
    pub double_riichi: bool,
    /// Won within one go-around after riichi.
    pub ippatsu: bool,
    /// Last tile of the wall or last discard.
    pub last: bool,
    /// Replacement tile.
    pub replacement: bool,
    /// Robbed a kong.
    pub robbed: bool,
    /// First go-around.
    pub first: bool,
    /// Dora indicators.
    pub dora: Vec<Tile>,
    /// Flowers turned over as dora indicators (`dora=f2`), by number.
    pub dora_flowers: Vec<u8>,
    /// Ura-dora indicators.
    pub ura: Vec<Tile>,
    /// Opponents who were waiting.
    pub waiting: Vec<Wind>,
    /// Drawn hands in a row just before.
    pub draws: u32,
    /// Counters on the table.
    pub honba: u32,
    /// Riichi sticks on the table (`sticks=`).
    pub sticks: u32,
    /// The winner's own discards.
    pub discards: Vec<Tile>,
    /// Won on a kong replacement tile after two kongs in a row (`double-replacement`).
    pub double_replacement: bool,
    /// Where the winner's exposed kongs came from (`kong-from=`).
    pub kong_from: Vec<(Tile, KongSource)>,
    /// Full bonus sets that were in the starting hand (`dealt=`).
    pub dealt: Vec<BonusSet>,
    /// The fan each non-winner's hand would score (`others-fan=`).
    pub others_fan: Vec<(Wind, u32)>,
    /// The fly tiles (jokers) each non-winner held at the end (`others-fly=`).
    pub others_fly: Vec<(Wind, u32)>,
}

/// A hand of 14 tiles (kongs counted as three) ready to be scored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    /// Concealed tiles, the winning tile included.
    pub concealed: TileCounts,
    /// Declared sets.
    pub melds: Vec<Meld>,
    /// The winning tile.
    pub win_tile: Tile,
    /// Red fives among the concealed tiles, by suit.
    pub concealed_red: [u8; 3],
    /// Bonus tiles set aside.
    pub bonus: Vec<BonusTile>,
    /// Jokers (`J`) among the concealed tiles. `concealed` does not hold them until the
    /// evaluator assigns each a tile; this count stays the same after assignment.
    pub jokers: u8,
    /// The context.
    pub context: Context,
}

impl Hand {
    /// Every tile in the hand, kongs as four.
    pub fn all_tiles(&self) -> TileCounts {
        let mut all = self.concealed;
        for meld in &self.melds {
            add_meld(&mut all, meld);
        }
        all
    }

    /// Every copy of each tile the winner has seen: the hand's tiles (kongs as four), the
    /// Wests (`+W`) and Norths (`+N`) set aside, the dora and ura indicators turned over and
    /// the winner's own discards. `validate` refused more than the tile set holds.
    pub fn seen_copies(&self) -> TileCounts {
        let mut seen = self.all_tiles();
        seen.add(Wind::West.tile(), self.set_aside_wests() as u8);
        seen.add(Wind::North.tile(), self.kita() as u8);
        let ctx = &self.context;
        for &tile in ctx.dora.iter().chain(&ctx.ura).chain(&ctx.discards) {
            seen.add(tile, 1);
        }
        seen
    }

    /// No set was claimed from a discard before the win.
    pub fn is_concealed(&self) -> bool {
        self.melds.iter().all(|m| m.concealed)
    }

    /// Red fives in the whole hand.
    pub fn red_fives(&self) -> u32 {
        let declared: u32 = self.melds.iter().map(|m| u32::from(m.red)).sum();
        declared
            + self
                .concealed_red
                .iter()
                .map(|&n| u32::from(n))
                .sum::<u32>()
    }

    /// Number of flowers set aside.
    pub fn flowers(&self) -> u32 {
        self.bonus
            .iter()
            .filter(|b| matches!(b, BonusTile::Flower(_)))
            .count() as u32
    }

    /// Number of West winds set aside as bonus tiles (`+W`).
    pub fn set_aside_wests(&self) -> u32 {
        self.bonus
            .iter()
            .filter(|b| matches!(b, BonusTile::West))
            .count() as u32
    }

    /// The hand has set aside every tile of `set` that `tiles` holds (and it holds some).
    pub fn holds_full_set(&self, set: BonusSet, tiles: &TileSet) -> bool {
        let size = u32::from(tiles.bonus_set_size(set));
        size > 0 && self.bonus_count(set) == size
    }

    /// How many tiles of the bonus set `set` are set aside.
    pub fn bonus_count(&self, set: BonusSet) -> u32 {
        self.bonus.iter().filter(|b| b.set() == Some(set)).count() as u32
    }

    /// Number of North winds set aside as kita.
    pub fn kita(&self) -> u32 {
        self.bonus
            .iter()
            .filter(|b| matches!(b, BonusTile::Kita))
            .count() as u32
    }
}

fn add_meld(counts: &mut TileCounts, meld: &Meld) {
    match meld.kind {
        SetKind::Chow => {
            for i in 0..3 {
                if let Some(t) = meld.tile.offset(i) {
                    counts.add(t, 1);
                }
            }
        }
        SetKind::Pong => counts.add(meld.tile, 3),
        SetKind::Kong => counts.add(meld.tile, 4),
    }
}

/// A 13-tile hand: the tiles that would complete it are tried one by one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaitingHand {
    /// The hand without its 14th tile; `win_tile` is unset until a tile is tried.
    pub base: Hand,
}

impl WaitingHand {
    /// The hand completed by `tile` as its winning tile, if the tile set allows one more.
    pub fn completed_by(&self, tile: Tile, rules: &Ruleset) -> Option<Hand> {
        let all = self.base.seen_copies();
        if !rules.tiles.has(tile) || all.get(tile) >= rules.tiles.copies(tile) {
            return None;
        }
        if robbed_tile_held(&self.base, all.get(tile) + 1, rules) {
            return None;
        }
        let mut hand = self.base.clone();
        hand.concealed.add(tile, 1);
        hand.win_tile = tile;
        Some(hand)
    }
}

/// A validated hand: complete, or waiting for one tile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValidHand {
    /// 14 tiles.
    Complete(Hand),
    /// 13 tiles.
    Waiting(WaitingHand),
}

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
    /// A context key or word only the fan system uses, under another system.
    FanContextOnly {
        /// The key or word as written.
        key: &'static str,
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
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use HandErrorKind::*;
        match &self.kind {
            RemovedTile {
                tile,
                ruleset,
                source,
            } => write!(
                f,
                "{tile} ({}) is not in play under `{ruleset}` ({source})",
                tile.name()
            ),
            TooManyCopies {
                tile,
                found,
                exist,
                ruleset,
                source,
            } => write!(
                f,
                "{found} copies of {tile} ({}), but the tile set of `{ruleset}` holds only {exist} ({source})",
                tile.name()
            ),
            TooManyRed {
                suit,
                exist: 0,
                ruleset,
            } => write!(
                f,
                "a second red five of {}: `{ruleset}` scores no red fives of that suit (tiles.red-fives, options.red-dora), so write the fives as 5",
                suit.name()
            ),
            TooManyRed {
                suit,
                exist,
                ruleset,
            } => write!(
                f,
                "more red fives of {} than the {exist} `{ruleset}` plays with (tiles.red-fives)",
                suit.name()
            ),
            MeldedChow { ruleset, source } => write!(
                f,
                "a chow cannot be melded from a discard under `{ruleset}` ({source}); write it among the concealed tiles"
            ),
            PairOnly(tile) if *tile == Wind::North.tile() => write!(
                f,
                "a pong of N (North wind) is not a set with options.north-as-normal: North may only be used as a pair or a kong (000_3037644a9b602e62.txt §North Wind as normal piece)"
            ),
            PairOnly(tile) => write!(
                f,
                "{tile} ({}) may only be used as a pair under this ruleset (options.five-bamboo-pair: 000_3037644a9b602e62.txt §Recap)",
                tile.name()
            ),
            TileCount { found } => write!(
                f,
                "the hand has {found} tile{} (kongs counted as three); expected 14 for a complete hand or 13 for a waiting hand",
                if *found == 1 { "" } else { "s" }
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
                "a North wind is not set aside as kita under `{ruleset}` ({source}); write it among the hand tiles"
            ),
            NoSuchBonus {
                tile,
                ruleset,
                source,
            } => write!(
                f,
                "bonus tile {tile} is not in play under `{ruleset}` ({source})"
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
            RobbedOnTsumo => write!(
                f,
                "robbing a kong is a win on another player's tile, not a self-draw: write ron=SEAT for the player who made the kong"
            ),
            RobbedTileHeld(tile) => write!(
                f,
                "robbed: the winner holds another {tile} or has seen one (discards=, dora=, ura=), but a robbed {tile} is the fourth copy added to a melded pong, so the other three are in that kong (000 §Robbing the kong: the robbed tile completes a chow)"
            ),
            IndicatorInHand(tile) => write!(
                f,
                "{tile} is the dora indicator turned over in the dead wall, so it cannot also be in the hand"
            ),
            NoJokers { ruleset, source } => {
                write!(f, "jokers (J) are not in play under `{ruleset}` ({source})")
            }
            TooManyJokers {
                found,
                exist,
                ruleset,
                source,
            } => write!(
                f,
                "{found} jokers (J), but the tile set of `{ruleset}` holds only {exist} ({source})"
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
            NoHand => write!(f, "no tiles: expected a hand such as 123p456m99s EEE ww"),
        }
    }
}

impl std::error::Error for HandError {}

fn err<T>(span: Span, kind: HandErrorKind) -> Result<T, HandError> {
    Err(HandError { span, kind })
}

/// Where the ruleset's tile set is defined, for errors about tiles.
fn tiles_source(rules: &Ruleset) -> String {
    rules.tiles.source.clone()
}

/// Checks a parsed hand against `rules`.
pub fn validate(input: &HandInput, rules: &Ruleset) -> Result<ValidHand, HandError> {
    let tiles = &rules.tiles;
    let tiles_source = tiles_source(rules);
    // Counts one more copy of `tile` (in the hand, set aside, turned over as an indicator or
    // discarded), refused once there are more than the set holds.
    let add_copy = |counts: &mut TileCounts, tile: Tile, span: Span| {
        counts.add(tile, 1);
        if counts.get(tile) > tiles.copies(tile) {
            return err(
                span,
                HandErrorKind::TooManyCopies {
                    tile,
                    found: counts.get(tile),
                    exist: tiles.copies(tile),
                    ruleset: rules.name.clone(),
                    source: tiles_source.clone(),
                },
            );
        }
        Ok(())
    };
    let removed = |token: &TileToken| HandError {
        span: token.span,
        kind: HandErrorKind::RemovedTile {
            tile: token.tile,
            ruleset: rules.name.clone(),
            source: tiles_source.clone(),
        },
    };
    if let Some(&span) = input.jokers.first()
        && tiles.jokers == 0
    {
        return err(
            span,
            HandErrorKind::NoJokers {
                ruleset: rules.name.clone(),
                source: tiles_source.clone(),
            },
        );
    }
    if input.jokers.len() > usize::from(tiles.jokers) {
        let span = input.jokers[usize::from(tiles.jokers)];
        return err(
            span,
            HandErrorKind::TooManyJokers {
                found: input.jokers.len(),
                exist: tiles.jokers,
                ruleset: rules.name.clone(),
                source: tiles_source.clone(),
            },
        );
    }
    let mut counts = TileCounts::new();
    let mut red = [0u8; 3];
    let mut melds = Vec::with_capacity(input.declared.len());
    let every_tile = input
        .concealed
        .iter()
        .chain(input.declared.iter().flat_map(|d| d.tiles.iter()));
    for token in every_tile {
        if !tiles.has(token.tile) {
            return Err(removed(token));
        }
        add_copy(&mut counts, token.tile, token.span)?;
        if token.red
            && let Some(suit) = token.tile.suit()
        {
            red[suit as usize] += 1;
            let exist = rules.tiles.red_fives.iter().filter(|&&s| s == suit).count();
            // Where no red five is scored, one `0` is still read as a plain five.
            if usize::from(red[suit as usize]) > exist.max(1) {
                return err(
                    token.span,
                    HandErrorKind::TooManyRed {
                        suit,
                        exist,
                        ruleset: rules.name.clone(),
                    },
                );
            }
        }
    }
    let mut concealed = TileCounts::new();
    let mut concealed_red = [0u8; 3];
    for token in &input.concealed {
        concealed.add(token.tile, 1);
        if token.red
            && let Some(suit) = token.tile.suit()
            && rules.tiles.red_fives.contains(&suit)
        {
            concealed_red[suit as usize] += 1;
        }
    }
    for set in &input.declared {
        let lowest = set.tiles.iter().map(|t| t.tile).min();
        let Some(tile) = lowest else {
            unreachable!("the parser only accepts sets of three or four tiles")
        };
        let same = set.tiles.iter().all(|t| t.tile == tile);
        let kind = match (set.tiles.len(), same) {
            (4, _) => SetKind::Kong,
            (_, true) => SetKind::Pong,
            _ => SetKind::Chow,
        };
        if kind == SetKind::Chow && !tiles.melded_chows {
            let source = rules.tiles.melded_chows_source.clone();
            return err(
                set.span,
                HandErrorKind::MeldedChow {
                    ruleset: rules.name.clone(),
                    source,
                },
            );
        }
        if kind == SetKind::Pong && tiles.pair_only(tile) {
            return err(set.span, HandErrorKind::PairOnly(tile));
        }
        let red_in_set = set
            .tiles
            .iter()
            .filter(|t| {
                t.red
                    && t.tile
                        .suit()
                        .is_some_and(|s| rules.tiles.red_fives.contains(&s))
            })
            .count() as u8;
        melds.push(Meld {
            kind,
            tile,
            concealed: set.declared == Declared::Concealed,
            red: red_in_set,
        });
    }
    let mut bonus = Vec::with_capacity(input.bonus.len());
    for token in &input.bonus {
        if token.tile == BonusTile::Kita && !tiles.has(Wind::North.tile()) {
            // `+N` where North is removed: the North itself is not in play.
            return err(
                token.span,
                HandErrorKind::RemovedTile {
                    tile: Wind::North.tile(),
                    ruleset: rules.name.clone(),
                    source: tiles_source.clone(),
                },
            );
        }
        let allowed = match token.tile {
            BonusTile::Flower(n) => n <= tiles.flowers,
            BonusTile::Season(n) => n <= tiles.seasons,
            BonusTile::West => rules.options.west_set_aside && tiles.has(Wind::West.tile()),
            BonusTile::Face(n) => n <= tiles.faces,
            BonusTile::Animal(n) => n <= tiles.animals,
            BonusTile::Kita => tiles.kita,
        };
        if !allowed {
            return err(
                token.span,
                HandErrorKind::NoSuchBonus {
                    tile: token.tile,
                    ruleset: rules.name.clone(),
                    source: tiles_source.clone(),
                },
            );
        }
        let wind = match token.tile {
            BonusTile::West => Some(Wind::West.tile()),
            BonusTile::Kita => Some(Wind::North.tile()),
            _ => None,
        };
        if let Some(wind) = wind {
            // A West or North set aside is a copy of the wind, counted with those in the hand.
            add_copy(&mut counts, wind, token.span)?;
        } else if bonus.contains(&token.tile) {
            return err(token.span, HandErrorKind::RepeatedBonus(token.tile));
        }
        bonus.push(token.tile);
    }
    let size = input.concealed.len() + input.jokers.len() + 3 * input.declared.len();
    let last_concealed_end = input
        .concealed
        .iter()
        .map(|t| t.span.end)
        .chain(input.jokers.iter().map(|s| s.end))
        .max();
    let whole = Span::new(0, last_concealed_end.unwrap_or(0));
    if size == 0 {
        return err(whole, HandErrorKind::NoHand);
    }
    let context = resolve_context(input, rules)?;
    // The indicators turned over and the winner's own discards are copies of the same set.
    let ctx = &input.context;
    for token in ctx.dora.iter().chain(&ctx.ura).chain(&ctx.discards) {
        add_copy(&mut counts, token.tile, token.span)?;
    }
    // Flowers turned over as dora indicators (`dora=f2`): in the set, each once, and not
    // also set aside in the hand.
    for (i, token) in ctx.dora_flowers.iter().enumerate() {
        if ctx.dora_flowers[..i].iter().any(|t| t.tile == token.tile) {
            return err(token.span, HandErrorKind::RepeatedBonus(token.tile));
        }
        if matches!(token.tile, BonusTile::Flower(n) if n > tiles.flowers) {
            return err(
                token.span,
                HandErrorKind::NoSuchBonus {
                    tile: token.tile,
                    ruleset: rules.name.clone(),
                    source: tiles_source.clone(),
                },
            );
        }
        if bonus.contains(&token.tile) {
            return err(token.span, HandErrorKind::IndicatorInHand(token.tile));
        }
    }
    let complete = match size {
        14 => true,
        13 => false,
        found => return err(whole, HandErrorKind::TileCount { found }),
    };
    let win_tile = if let Some(win) = input.context.win {
        if !complete {
            return err(win.span, HandErrorKind::WinOnWaitingHand);
        }
        if concealed.get(win.tile) == 0 {
            let declared = input
                .declared
                .iter()
                .any(|d| d.tiles.iter().any(|t| t.tile == win.tile));
            let kind = if declared {
                HandErrorKind::WinTileDeclared(win.tile)
            } else {
                HandErrorKind::WinTileMissing(win.tile)
            };
            return err(win.span, kind);
        }
        if win.red && !input.concealed.iter().any(|t| t.red && t.tile == win.tile) {
            return err(win.span, HandErrorKind::WinRedNotInHand(win.tile));
        }
        win.tile
    } else if let Some(last) = input.concealed.last() {
        last.tile
    } else if let Some(&joker) = input.jokers.first() {
        return err(joker, HandErrorKind::OnlyJokers);
    } else {
        // Only declared sets: 12 or 16 tiles, never 13 or 14.
        return err(whole, HandErrorKind::TileCount { found: size });
    };
    let hand = Hand {
        concealed,
        melds,
        win_tile,
        concealed_red,
        bonus,
        jokers: input.jokers.len() as u8,
        context,
    };
    fan_context_only(input, rules)?;
    replacement_has_cause(input, &hand)?;
    let fly: u32 =
        u32::from(hand.jokers) + hand.context.others_fly.iter().map(|o| o.1).sum::<u32>();
    if fly > u32::from(tiles.jokers) {
        let span = input.context.others_fly.first().map_or(whole, |o| o.0.span);
        return err(
            span,
            HandErrorKind::TooManyFly {
                found: fly,
                exist: tiles.jokers,
            },
        );
    }
    if complete && robbed_tile_held(&hand, hand.seen_copies().get(hand.win_tile), rules) {
        let span = input.context.robbed.unwrap_or(whole);
        return err(span, HandErrorKind::RobbedTileHeld(hand.win_tile));
    }
    for (i, dealt) in input.context.dealt.iter().enumerate() {
        if input.context.dealt[..i]
            .iter()
            .any(|d| d.value == dealt.value)
        {
            return err(dealt.span, HandErrorKind::DealtRepeated(dealt.value));
        }
        if !hand.holds_full_set(dealt.value, tiles) {
            return err(dealt.span, HandErrorKind::DealtNotComplete(dealt.value));
        }
    }
    for entry in &input.context.kong_from {
        let tile = entry.tile.tile;
        let exposed_kong = hand
            .melds
            .iter()
            .any(|m| m.kind == SetKind::Kong && !m.concealed && m.tile == tile);
        if !exposed_kong {
            return err(entry.span, HandErrorKind::KongFromNotAKong(tile));
        }
    }
    Ok(if complete {
        ValidHand::Complete(hand)
    } else {
        ValidHand::Waiting(WaitingHand { base: hand })
    })
}

fn resolve_context(input: &HandInput, rules: &Ruleset) -> Result<Context, HandError> {
    let ctx = &input.context;
    let check_seat = |wind: Wind, span: Span| {
        if SEATS.contains(&wind) {
            Ok(wind)
        } else {
            err(span, HandErrorKind::NoSuchSeat(wind))
        }
    };
    let seat = match ctx.seat {
        Some(s) => check_seat(s.value, s.span)?,
        None => Wind::East,
    };
    let round = match ctx.round {
        Some(s) => check_seat(s.value, s.span)?,
        None => Wind::East,
    };
    let (win, win_assumed) = match ctx.win_method {
        Some(m) => match m.value {
            WinMethod::Tsumo => (Win::Tsumo, false),
            WinMethod::Ron(None) => (Win::Ron(seat_before(seat)), false),
            WinMethod::Ron(Some(from)) => {
                let from = check_seat(from, m.span)?;
                if from == seat {
                    return err(m.span, HandErrorKind::DiscarderIsWinner);
                }
                (Win::Ron(from), false)
            }
        },
        None => (Win::Ron(seat_before(seat)), true),
    };
    if let (Win::Tsumo, Some(span)) = (win, ctx.robbed) {
        return err(span, HandErrorKind::RobbedOnTsumo);
    }
    let waiting = other_seats(
        &ctx.waiting,
        seat,
        HandErrorKind::WaitingIsWinner,
        HandErrorKind::WaitingRepeated,
    )?;
    let tiles_source = tiles_source(rules);
    // Dora and ura indicators and the winner's discards are tiles of the set too.
    let indicator = |token: &TileToken| -> Result<Tile, HandError> {
        if rules.tiles.has(token.tile) {
            Ok(token.tile)
        } else {
            err(
                token.span,
                HandErrorKind::RemovedTile {
                    tile: token.tile,
                    ruleset: rules.name.clone(),
                    source: tiles_source.clone(),
                },
            )
        }
    };
    Ok(Context {
        win,
        win_assumed,
        seat,
        round,
        riichi: ctx.riichi.is_some() || ctx.double_riichi.is_some(),
        double_riichi: ctx.double_riichi.is_some(),
        ippatsu: ctx.ippatsu.is_some(),
        last: ctx.last.is_some(),
        replacement: ctx.replacement.is_some() || ctx.double_replacement.is_some(),
        robbed: ctx.robbed.is_some(),
        first: ctx.first.is_some(),
        dora: ctx.dora.iter().map(indicator).collect::<Result<_, _>>()?,
        dora_flowers: ctx
            .dora_flowers
            .iter()
            .filter_map(|t| match t.tile {
                BonusTile::Flower(n) => Some(n),
                _ => None,
            })
            .collect(),
        ura: ctx.ura.iter().map(indicator).collect::<Result<_, _>>()?,
        waiting,
        draws: ctx.draws.map_or(0, |d| d.value),
        honba: ctx.honba.map_or(0, |d| d.value),
        sticks: ctx.sticks.map_or(0, |d| d.value),
        discards: ctx
            .discards
            .iter()
            .map(indicator)
            .collect::<Result<_, _>>()?,
        double_replacement: ctx.double_replacement.is_some(),
        kong_from: kong_from(ctx, seat)?,
        dealt: ctx.dealt.iter().map(|d| d.value).collect(),
        others_fan: per_other_seat(
            &ctx.others_fan,
            seat,
            HandErrorKind::OthersFanIsWinner,
            HandErrorKind::OthersFanRepeated,
        )?,
        others_fly: per_other_seat(
            &ctx.others_fly,
            seat,
            HandErrorKind::OthersFlyIsWinner,
            HandErrorKind::OthersFlyRepeated,
        )?,
    })
}

/// Under the points system (000, 002), a kong is robbed only when a fourth tile is added to a
/// melded pong, so the winner cannot hold, discard or see turned over another copy of the
/// robbed tile (`held` counts every copy seen, the winning tile itself included).
fn robbed_tile_held(hand: &Hand, held: u8, rules: &Ruleset) -> bool {
    rules.system == crate::rules::System::Points && hand.context.robbed && held > 1
}

/// A replacement tile is drawn (never a discard) after a kong or a bonus tile set aside, and
/// the one after two consecutive kongs needs two kongs.
fn replacement_has_cause(input: &HandInput, hand: &Hand) -> Result<(), HandError> {
    let ctx = &input.context;
    let Some(span) = ctx.double_replacement.or(ctx.replacement) else {
        return Ok(());
    };
    if matches!(hand.context.win, Win::Ron(_)) {
        return err(span, HandErrorKind::ReplacementOnRon);
    }
    let kongs = hand
        .melds
        .iter()
        .filter(|m| m.kind == SetKind::Kong)
        .count();
    if let Some(span) = ctx.double_replacement
        && kongs < 2
    {
        return err(span, HandErrorKind::DoubleReplacementWithoutKongs);
    }
    if kongs == 0 && hand.bonus.is_empty() {
        return err(span, HandErrorKind::ReplacementWithoutCause);
    }
    Ok(())
}

/// The Malaysian payment keys make sense only under the fan system; elsewhere they would be
/// silently ignored, so they are refused.
fn fan_context_only(input: &HandInput, rules: &Ruleset) -> Result<(), HandError> {
    if rules.system == crate::rules::System::Fan {
        return Ok(());
    }
    let ctx = &input.context;
    let used: [(&'static str, Option<Span>); 5] = [
        ("double-replacement", ctx.double_replacement),
        ("kong-from=", ctx.kong_from.first().map(|k| k.span)),
        ("dealt=", ctx.dealt.first().map(|d| d.span)),
        ("others-fan=", ctx.others_fan.first().map(|o| o.0.span)),
        ("others-fly=", ctx.others_fly.first().map(|o| o.0.span)),
    ];
    match used.into_iter().find_map(|(key, span)| Some((key, span?))) {
        Some((key, span)) => err(
            span,
            HandErrorKind::FanContextOnly {
                key,
                ruleset: rules.name.clone(),
            },
        ),
        None => Ok(()),
    }
}

fn kong_from(
    ctx: &crate::notation::ContextInput,
    seat: Wind,
) -> Result<Vec<(Tile, KongSource)>, HandError> {
    let mut out = Vec::with_capacity(ctx.kong_from.len());
    for entry in &ctx.kong_from {
        if let KongSource::Claimed(from) = entry.source {
            if !SEATS.contains(&from) {
                return err(entry.span, HandErrorKind::NoSuchSeat(from));
            }
            if from == seat {
                return err(entry.span, HandErrorKind::KongFromWinner);
            }
        }
        if out.iter().any(|(tile, _)| *tile == entry.tile.tile) {
            return err(entry.span, HandErrorKind::KongFromRepeated(entry.tile.tile));
        }
        out.push((entry.tile.tile, entry.source));
    }
    Ok(out)
}

/// The seats a context list names (`waiting=`, and the seats of `others-fan=` and
/// `others-fly=`): each a seat at the table, not the winner's, and named once.
fn other_seats(
    named: &[Spanned<Wind>],
    seat: Wind,
    is_winner: HandErrorKind,
    repeated: fn(Wind) -> HandErrorKind,
) -> Result<Vec<Wind>, HandError> {
    let mut out = Vec::with_capacity(named.len());
    for wind in named {
        if !SEATS.contains(&wind.value) {
            return err(wind.span, HandErrorKind::NoSuchSeat(wind.value));
        }
        if wind.value == seat {
            return err(wind.span, is_winner);
        }
        if out.contains(&wind.value) {
            return err(wind.span, repeated(wind.value));
        }
        out.push(wind.value);
    }
    Ok(out)
}

/// A number per non-winner (`others-fan=`, `others-fly=`), its seats checked by
/// [`other_seats`].
fn per_other_seat(
    entries: &[(Spanned<Wind>, u32)],
    seat: Wind,
    is_winner: HandErrorKind,
    repeated: fn(Wind) -> HandErrorKind,
) -> Result<Vec<(Wind, u32)>, HandError> {
    let named: Vec<Spanned<Wind>> = entries.iter().map(|e| e.0).collect();
    let seats = other_seats(&named, seat, is_winner, repeated)?;
    Ok(seats.into_iter().zip(entries.iter().map(|e| e.1)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(line: &str, ruleset: &str) -> HandErrorKind {
        let rules = crate::rules::load(ruleset).expect("shipped ruleset");
        let input = crate::notation::parse_hand(line).expect("parses");
        validate(&input, &rules).expect_err("refused").kind
    }

    #[test]
    fn seats_named_by_context_lists_are_other_seats_at_the_table_named_once() {
        let base = "123p456p789p EEE ww +f2 tsumo";
        for (context, ruleset, kind) in [
            ("waiting=E", "korean", HandErrorKind::WaitingIsWinner),
            (
                "waiting=S,S",
                "korean",
                HandErrorKind::WaitingRepeated(Wind::South),
            ),
            (
                "waiting=N",
                "korean",
                HandErrorKind::NoSuchSeat(Wind::North),
            ),
            (
                "others-fan=E:1",
                "malaysian",
                HandErrorKind::OthersFanIsWinner,
            ),
            (
                "others-fan=W:1,W:2",
                "malaysian",
                HandErrorKind::OthersFanRepeated(Wind::West),
            ),
            (
                "others-fan=N:1",
                "malaysian",
                HandErrorKind::NoSuchSeat(Wind::North),
            ),
            (
                "others-fly=E:1",
                "malaysian",
                HandErrorKind::OthersFlyIsWinner,
            ),
            (
                "others-fly=S:0,S:1",
                "malaysian",
                HandErrorKind::OthersFlyRepeated(Wind::South),
            ),
            (
                "others-fly=N:1",
                "malaysian",
                HandErrorKind::NoSuchSeat(Wind::North),
            ),
        ] {
            let line = format!("{base} {context}");
            assert_eq!(refusal(&line, ruleset), kind, "{line}");
        }
    }

    #[test]
    fn kita_set_aside_counts_with_the_norths_turned_over() {
        let kind = refusal("234p567p678s99s N 11p +NNN tsumo dora=N", "sanma");
        assert!(
            matches!(
                kind,
                HandErrorKind::TooManyCopies {
                    found: 5,
                    exist: 4,
                    ..
                }
            ),
            "{kind:?}"
        );
    }

    #[test]
    fn a_flower_indicator_is_in_the_set_once_and_not_in_the_hand() {
        let kind = refusal("234p567p678s99s 234s tsumo dora=f1", "sanma");
        assert!(
            matches!(kind, HandErrorKind::NoSuchBonus { .. }),
            "{kind:?}"
        );
        let base = "123p456m999s EEE ww tsumo";
        let kind = refusal(&format!("{base} +f2 dora=f1,f1"), "korean");
        assert_eq!(kind, HandErrorKind::RepeatedBonus(BonusTile::Flower(1)));
        let kind = refusal(&format!("{base} +f2 dora=f2"), "korean");
        assert_eq!(kind, HandErrorKind::IndicatorInHand(BonusTile::Flower(2)));
    }

    #[test]
    fn a_robbed_tile_seen_elsewhere_is_refused_as_a_win_and_as_a_wait() {
        let kind = refusal(
            "123p456m999s EEE ww robbed ron=S discards=3p win=3p",
            "korean",
        );
        assert_eq!(
            kind,
            HandErrorKind::RobbedTileHeld(Tile::numbered(Suit::Circles, 3).expect("a tile"))
        );
        let rules = crate::rules::load("korean").expect("shipped ruleset");
        let waits = |line: &str| {
            let input = crate::notation::parse_hand(line).expect("parses");
            let Ok(ValidHand::Waiting(hand)) = validate(&input, &rules) else {
                panic!("{line} waits");
            };
            let three = Tile::numbered(Suit::Circles, 3).expect("a tile");
            hand.completed_by(three, &rules).is_some()
        };
        assert!(waits("12p456m999s EEE ww robbed ron=S"));
        assert!(!waits("12p456m999s EEE ww robbed ron=S discards=3p"));
    }
}
