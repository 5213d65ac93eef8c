//! The validated hand: its tiles, declared sets, bonus tiles and resolved context.

use crate::notation::LimitName;
use crate::rules::TileSet;
use crate::tile::{BonusSet, BonusTile, Seat, Tile, TileCounts, Wind};

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
    Ron(Seat),
}

/// Where one of the winner's exposed kongs came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KongSource {
    /// Claimed from this seat's discard.
    Claimed(Seat),
    /// Promoted from the winner's own exposed pong.
    Promoted,
}

/// The context of a win, resolved and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Context {
    /// Tsumo or ron.
    pub win: Win,
    /// No `tsumo`/`ron` was written and a discard win was assumed.
    pub win_assumed: bool,
    /// Winner's seat.
    pub seat: Seat,
    /// Prevailing wind.
    pub round: Seat,
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
    /// Robbed a kong: won on the tile another player added to a pong (`robbed`, chankan).
    pub robbed: bool,
    /// Won on a North another player set aside as kita (`robbed-kita`): no chankan.
    pub robbed_kita: bool,
    /// Thirteen orphans robbing a concealed kong (`robbed-concealed`).
    pub robbed_concealed: bool,
    /// First go-around.
    pub first: bool,
    /// Dora indicators.
    pub dora: Vec<Tile>,
    /// Flowers turned over as dora indicators (`dora=f2`), by number.
    pub dora_flowers: Vec<u8>,
    /// Ura-dora indicators.
    pub ura: Vec<Tile>,
    /// Opponents who were waiting.
    pub waiting: Vec<Seat>,
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
    pub others_fan: Vec<(Seat, u32)>,
    /// The fly tiles (jokers) each non-winner held at the end (`others-fly=`).
    pub others_fly: Vec<(Seat, u32)>,
    /// Counters this win is paid (`honba` unless a game replay pays them to the other winner
    /// of a double ron, `game.double-ron-counters`); `honba` still decides ryanshi.
    pub paid_honba: u32,
    /// Set by a game replay: the counters on the table are not all the dealer's own streak
    /// (inherited, or a chombo or a noten draw in his term), so paarenchan cannot be scored.
    pub streak_broken: bool,
    /// Set by a game replay: kongs and full bonus sets were paid on the spot when made, so
    /// the win does not pay them again.
    pub paid_on_the_spot: bool,
}

/// A hand of 14 tiles (kongs counted as three) ready to be scored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    /// Concealed tiles, the winning tile included.
    pub concealed: TileCounts,
    /// Declared sets.
    pub melds: Vec<Meld>,
    /// The winning tile (for a win stated by its value, East: no tile was given; see
    /// `stated`).
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
    /// The value the win was stated by, in place of tiles (`3 han 40 fu`): the hand then
    /// holds no tiles, and is paid that value.
    pub stated: Option<Stated>,
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

/// A validated hand: complete, or waiting for one tile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValidHand {
    /// 14 tiles.
    Complete(Hand),
    /// 13 tiles.
    Waiting(WaitingHand),
}

/// A win stated by its value, checked: what the system pays it as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stated {
    /// The value as the notation writes it (`3 han 40 fu`, `mangan`).
    pub written: String,
    /// The value in the system's terms.
    pub value: StatedValue,
}

/// A stated value in the terms of the ruleset's system.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatedValue {
    /// Han (han-fu, han-table) and fu (0: not given; han-fu needs them below 5 han).
    Han {
        /// The han.
        han: u32,
        /// The fu (0 when not given).
        fu: u32,
    },
    /// A limit by name (a han limit, a yakuman multiple, a table row or a points limit),
    /// with the bonus-points a points-system limit hand keeps under `limit-plus-bonus`.
    Limit {
        /// The limit.
        limit: LimitName,
        /// Bonus-points (points system).
        bonus_points: u32,
    },
    /// Hand-points and bonus-points (points system).
    Points {
        /// Hand-points.
        hand_points: u32,
        /// Bonus-points.
        bonus_points: u32,
    },
    /// Fan (fan system).
    Fan(u32),
}
