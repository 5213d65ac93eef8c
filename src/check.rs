//! The criterion detectors a ruleset can select (`Check`), by TOML key, and what the rest of
//! the program needs to know about each one (its [`Facts`]): the evaluator and the scoring
//! systems ask these facts instead of naming variants, so a criterion lives in one place.
//!
//! A leaf module: it imports nothing from the crate but [`crate::tile`].

use serde::{Deserialize, Serialize};

use crate::tile::{BonusSet, BonusTile, Seat};

/// Which kind of set is a value set (yakuhai) for a criterion that scores one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueSet {
    /// A set of dragons.
    Dragon,
    /// A set of the seat wind.
    SeatWind,
    /// A set of the round wind.
    RoundWind,
}

/// Sets already held before the winning tile that make a wait-dependent yaku regardless of
/// the wait.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeldShape {
    /// 1 to 9 of one suit (the three chows of a straight).
    Straight,
    /// Two of each of three consecutive tiles of one suit (two identical chows).
    IdenticalChows,
}

/// A yaku that counts only if every tile the hand waited on would give it (003 §12 notes on
/// Iipehkoh, Chanta and Ittsuu).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WaitDependent {
    /// The rule applies to a self-drawn win too, not only to a win on a discard.
    pub on_tsumo: bool,
    /// Held before the winning tile, these tiles make the yaku whatever the wait.
    pub held_before: Option<HeldShape>,
}

/// Which bonus tiles a criterion shows as the tiles that earn it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BonusShown {
    /// The flowers.
    Flowers,
    /// The faces and the animals.
    FacesAndAnimals,
    /// The flowers and the seasons.
    FlowersAndSeasons,
    /// Every tile of a bonus set.
    EverySet,
    /// The flower and the season of the winner's seat.
    OwnFlowerOrSeason,
    /// Flower 4 and season 4.
    FourthFlowerOrSeason,
    /// The jokers (fly tiles), written `J`.
    Jokers,
}

impl BonusShown {
    /// Whether any tile of `set` is shown (and so scored) for some seat.
    pub fn covers(self, set: BonusSet) -> bool {
        let tile = |n| match set {
            BonusSet::Flowers => BonusTile::Flower(n),
            BonusSet::Seasons => BonusTile::Season(n),
            BonusSet::Faces => BonusTile::Face(n),
            BonusSet::Animals => BonusTile::Animal(n),
        };
        (1..=4).any(|n| Seat::ALL.into_iter().any(|seat| self.keeps(tile(n), seat)))
    }

    /// Whether `tile` is shown for a winner in `seat` (whose own flower and season are
    /// numbered East 1, South 2, West 3); always false for [`BonusShown::Jokers`], which are
    /// not bonus tiles.
    pub fn keeps(self, tile: BonusTile, seat: Seat) -> bool {
        match self {
            BonusShown::Flowers => matches!(tile, BonusTile::Flower(_)),
            BonusShown::FacesAndAnimals => {
                matches!(tile.set(), Some(BonusSet::Faces | BonusSet::Animals))
            }
            BonusShown::FlowersAndSeasons => {
                matches!(tile.set(), Some(BonusSet::Flowers | BonusSet::Seasons))
            }
            BonusShown::EverySet => tile.set().is_some(),
            BonusShown::OwnFlowerOrSeason => {
                let own = match seat {
                    Seat::East => 1,
                    Seat::South => 2,
                    Seat::West => 3,
                };
                tile == BonusTile::Flower(own) || tile == BonusTile::Season(own)
            }
            BonusShown::FourthFlowerOrSeason => {
                tile == BonusTile::Flower(4) || tile == BonusTile::Season(4)
            }
            BonusShown::Jokers => false,
        }
    }
}

/// What the evaluator and the scoring systems need to know about one criterion beyond its
/// detector.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Facts {
    /// Won by a situation rather than by tiles (haitei, houtei, rinshan, chankan): keeps its
    /// closed value in an open hand with the `open-situational-yaku` option.
    pub situational: bool,
    /// Keeps its closed value in an open hand with the `kuitan` option (all simples).
    pub kuitan: bool,
    /// The yakuman this one is a higher form of (000 §Honshū), so that both are not counted
    /// as separate yakuman.
    pub family: Option<Check>,
    /// A yakuman that still needs a yaku under the `paarenchan-needs-yaku` option.
    pub needs_yaku_by_option: bool,
    /// One of the yaku 003 §10 Warning No. 2 reduces by one han in an open hand (honroutou,
    /// sankantsu, shousangen, sanrenkoh): its `open-value` applies only with the
    /// `open-reduction` option.
    pub open_reduction: bool,
    /// Its sets are complete before a ron (concealed pongs, kongs: a discard never completes
    /// them), so the hand held this yaku before the winning tile (003 §9.3).
    pub held_before_ron: bool,
    /// Pinfu: changes the fu count.
    pub pinfu: bool,
    /// Counts only if every waiting tile gives it (`wait-dependent-yaku` option).
    pub wait_dependent: Option<WaitDependent>,
    /// A value set (yakuhai): does not count for atozuke when the winning tile completed it.
    pub yakuhai: Option<ValueSet>,
    /// A hand whose last set a discarder may be liable for (pao, fan system).
    pub pao: bool,
    /// The bonus tiles it shows instead of the playing tiles its detector found.
    pub shows: Option<BonusShown>,
    /// The context words of the notation it reads (`dora=` for tile indicators, `dora=f` for
    /// flower indicators, `last ron` where the last tile may be a discard).
    pub reads: &'static [&'static str],
}

impl Facts {
    /// A criterion with no special facts.
    pub const PLAIN: Facts = Facts {
        situational: false,
        kuitan: false,
        family: None,
        needs_yaku_by_option: false,
        open_reduction: false,
        held_before_ron: false,
        pinfu: false,
        wait_dependent: None,
        yakuhai: None,
        pao: false,
        shows: None,
        reads: &[],
    };
}

macro_rules! checks {
    ($($variant:ident = $key:literal $(| $alias:literal)* $({ $($field:ident : $value:expr),* $(,)? })?,)*) => {
        /// The detectors a ruleset can select, by key.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
        pub enum Check {
            $(
                #[doc = concat!("`", $key, "`")]
                #[serde(rename = $key $(, alias = $alias)*)]
                $variant,
            )*
        }

        impl Check {
            /// Every detector key (aliases last).
            pub fn names() -> Vec<&'static str> {
                let keys = [$($key),*];
                let aliases: &[&'static str] = &[$($($alias,)*)*];
                keys.iter().chain(aliases).copied().collect()
            }

            /// The detector with this key or alias.
            pub fn from_key(key: &str) -> Option<Check> {
                match key {
                    $($key $(| $alias)* => Some(Check::$variant),)*
                    _ => None,
                }
            }

            /// This detector's key.
            pub fn key(self) -> &'static str {
                match self {
                    $(Check::$variant => $key,)*
                }
            }

            /// What the rest of the program needs to know about this criterion (read from
            /// a table, in hot loops of the scoring systems).
            pub fn facts(self) -> &'static Facts {
                /// Every detector's facts, in declaration order (the variants' indices).
                static FACTS: &[Facts] = &[
                    $(Facts { $($($field: $value,)*)? ..Facts::PLAIN },)*
                ];
                &FACTS[self as usize]
            }
        }
    };
}

checks! {
    DragonPong = "dragon-pong" { yakuhai: Some(ValueSet::Dragon) },
    TwoDragonPongs = "two-dragon-pongs",
    WindPong = "wind-pong",
    SeatWindPong = "seat-wind-pong" { yakuhai: Some(ValueSet::SeatWind) },
    RoundWindPong = "round-wind-pong" { yakuhai: Some(ValueSet::RoundWind) },
    Kong = "kong",
    ThreeKongs = "three-kongs" { open_reduction: true, held_before_ron: true },
    BambooTerminalPong = "bamboo-terminal-pong",
    BothBambooTerminalPongs = "both-bamboo-terminal-pongs",
    IdenticalChows = "identical-chows",
    ThreeConcealedPongs = "three-concealed-pongs" { held_before_ron: true },
    AllPongs = "all-pongs",
    AllPongsTerminalsHonours = "all-pongs-terminals-honours",
    CleanHand = "clean-hand",
    PureHand = "pure-hand",
    SevenPairs = "seven-pairs",
    FullStraight = "full-straight",
    NoHonours = "no-honours",
    AllChowsSimplePair = "all-chows-simple-pair",
    ConcealedHand = "concealed-hand",
    ConcealedSelfDrawn = "concealed-self-drawn",
    NorthPair = "north-pair",
    NorthKong = "north-kong",
    WinningBonus = "winning-bonus",
    SelfDraw = "self-draw",
    LastTileDraw = "last-tile-draw" { situational: true, reads: &["last"] },
    ReplacementWin = "replacement-win" { situational: true, reads: &["replacement"] },
    RobbingKong = "robbing-kong" { situational: true, reads: &["robbed"] },
    PremiumTile = "premium-tile",
    Flower = "flower" { shows: Some(BonusShown::Flowers) },
    AllFlowers = "all-flowers" { shows: Some(BonusShown::Flowers) },
    FlowerDora = "flower-dora" { shows: Some(BonusShown::Flowers), reads: &["dora=f"] },
    AllRemainingFlowers = "all-remaining-flowers" { shows: Some(BonusShown::Flowers), reads: &["dora=f"] },
    Ready = "ready" { reads: &["riichi"] },
    ReadySelfDrawn = "ready-self-drawn" { reads: &["riichi"] },
    NorthWin = "north-win",
    Dora = "dora" { reads: &["dora="] },
    DoraPair = "dora-pair" { reads: &["dora="] },
    DoraPong = "dora-pong" { reads: &["dora="] },
    DoraKong = "dora-kong" { reads: &["dora="] },
    RedDora = "red-dora",
    BothRedDora = "both-red-dora",
    LittleThreeDragons = "little-three-dragons" { open_reduction: true },
    LittleThreeWinds = "little-three-winds",
    BambooAndHonours = "bamboo-and-honours",
    TerminalOrHonourInEverySet = "terminal-or-honour-in-every-set" { wait_dependent: Some(WaitDependent { on_tsumo: false, held_before: None }) },
    CleanHandSeatPong = "clean-hand-seat-pong",
    FourConcealedPongs = "four-concealed-pongs",
    ThreeKongsHonourPair = "three-kongs-honour-pair",
    LittleJadeDragon = "little-jade-dragon",
    ThreeConcealedKongs = "three-concealed-kongs",
    FourKongs = "four-kongs",
    AllTerminalsHonours = "all-terminals-honours" { open_reduction: true },
    GreatDragons = "great-dragons" { pao: true },
    GreatWinds = "great-winds",
    BambooTerminalPongsFivePair = "bamboo-terminal-pongs-five-pair",
    FourConcealedKongs = "four-concealed-kongs",
    ThirteenOrphans = "thirteen-orphans",
    NineGates = "nine-gates",
    PearlDragon = "pearl-dragon",
    RubyDragon = "ruby-dragon",
    GreatJadeDragon = "great-jade-dragon",
    DragonOrWindPong = "dragon-or-wind-pong",
    SeatOrRoundWindPong = "seat-or-round-wind-pong",
    SeatDragonPong = "seat-dragon-pong",
    TwoConcealedKongs = "two-concealed-kongs",
    ConcealedWonByDiscard = "concealed-won-by-discard",
    OneSuitAndHonours = "one-suit-and-honours",
    WestBonusTile = "west-bonus-tile",
    WestEye = "west-eye",
    WestPairInSevenPairs = "west-pair-in-seven-pairs",
    FaceOrAnimal = "face-or-animal" { shows: Some(BonusShown::FacesAndAnimals) },
    FourFacesOrAnimals = "four-faces-or-animals" { shows: Some(BonusShown::FacesAndAnimals) },
    FourFlowersOrSeasons = "four-flowers-or-seasons" { shows: Some(BonusShown::FlowersAndSeasons) },
    OwnFlowerOrSeason = "own-flower-or-season" { shows: Some(BonusShown::OwnFlowerOrSeason) },
    BambooFlowerOrWinter = "bamboo-flower-or-winter" { shows: Some(BonusShown::FourthFlowerOrSeason) },
    NorthPong = "north-pong",
    EastPong = "east-pong",
    OneSuitWithHonours = "one-suit-with-honours",
    OneSuitOnly = "one-suit-only",
    NineGatesSelfDrawn = "nine-gates-self-drawn",
    NoBonusTiles = "no-bonus-tiles",
    DoubleReplacementWin = "double-replacement-win" { reads: &["replacement", "double-replacement"] },
    FourConcealedPongsSelfDrawn = "four-concealed-pongs-self-drawn",
    FourFly = "four-fly" { shows: Some(BonusShown::Jokers) },
    FirstOrLastTile = "first-or-last-tile" { reads: &["first", "last", "last ron"] },
    AllBonusTiles = "all-bonus-tiles" { shows: Some(BonusShown::EverySet) },
    // Japanese riichi / sanma (crate::system::hanfu, crate::system::han_table).
    Riichi = "riichi" { reads: &["riichi"] },
    DoubleRiichi = "double-riichi" { reads: &["double-riichi"] },
    Ippatsu = "ippatsu" { reads: &["ippatsu", "riichi"] },
    LastDiscard = "last-discard" { situational: true, reads: &["last", "last ron"] },
    Pinfu = "pinfu" { pinfu: true },
    AllSimples = "all-simples" { kuitan: true },
    Iipeikou = "iipeikou" { wait_dependent: Some(WaitDependent { on_tsumo: false, held_before: Some(HeldShape::IdenticalChows) }) },
    Ryanpeikou = "ryanpeikou",
    PureStraight = "pure-straight" { wait_dependent: Some(WaitDependent { on_tsumo: true, held_before: Some(HeldShape::Straight) }) },
    ThreeIdenticalChows = "three-identical-chows",
    ThreeSequentialPongs = "three-sequential-pongs",
    // Three identical chows, or three sequential pongs under `sanrenkoh-sequential-pongs`.
    Sanrenkoh = "sanrenkoh" { open_reduction: true },
    // Sanshoku doukou: pongs of one number in the three suits.
    ThreeColourPongs = "three-colour-pongs",
    TerminalInEverySet = "terminal-in-every-set",
    // The detector of one-suit-with-honours, under its Japanese key.
    HalfFlush = "half-flush",
    // The detector of one-suit-only, under its Japanese key.
    FullFlush = "full-flush",
    AllTerminals = "all-terminals",
    AllGreen = "all-green",
    BigWheels = "big-wheels",
    ThirteenOrphansNoDiscards = "thirteen-orphans-no-discards" { family: Some(Check::ThirteenOrphans), reads: &["discards="] },
    FourConcealedPongsPairWait = "four-concealed-pongs-pair-wait" { family: Some(Check::FourConcealedPongs) },
    ThirteenOrphansThirteenWait = "thirteen-orphans-thirteen-wait" { family: Some(Check::ThirteenOrphans) },
    BigFourWinds = "big-four-winds" { family: Some(Check::FourWinds) },
    NineGatesNoDiscards = "nine-gates-no-discards" { family: Some(Check::NineGates), reads: &["discards="] },
    BlessingOfHeaven = "blessing-of-heaven" { reads: &["first"] },
    BlessingOfEarth = "blessing-of-earth" { reads: &["first"] },
    BlessingOfMan = "blessing-of-man" { reads: &["first"] },
    EightConsecutiveDealerWins = "eight-consecutive-dealer-wins" { needs_yaku_by_option: true, reads: &["honba="] },
    UraDora = "ura-dora" { reads: &["ura=", "riichi"] },
    Kita = "kita",
    KitaDora = "kita-dora" { reads: &["dora="] },
    // Shared by the Malaysian and Japanese lists.
    AllHonours = "all-honours" { pao: true },
    FourWinds = "four-winds" { pao: true },
    // Korean nine gates: the winning tile is the extra one (000 §Full limit).
    NineGatesOnExtraTile = "nine-gates-extra-tile" { family: Some(Check::NineGates) },
    // Every set and the eye hold a terminal or an honour, at least one chow; honours optional.
    OutsideHand = "outside-hand",
    // One per copy of the winning tile, the winning tile itself included (002 read literally).
    PremiumTileWithWinningTile = "premium-tile-with-winning-tile",
}
