//! The criterion detectors a ruleset can select (`Check`), by TOML key, and what the rest of
//! the program needs to know about each one (its [`Facts`]): the evaluator and the scoring
//! systems ask these facts instead of naming variants, so a criterion lives in one place.
//!
//! Every criterion is declared once, as a row of the `checks!` table: its key, its detector,
//! its `--why` family and its facts. This module makes [`Check`] and its facts of the rows;
//! `criteria` makes `Check::detect` and `Check::family` of the same rows.
//!
//! A leaf module: it imports nothing from the crate but [`crate::tile`]. The detectors and
//! families the rows name are words to it, resolved only where `criteria` expands them.

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
    pub higher_form_of: Option<Check>,
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
    /// The detector of which this one is another ruleset's reading of the same hand (sanma's
    /// riichi of korean's declared ready, honitsu of the clean hand): the rules reference
    /// shows them side by side as one concept. Detectors that ask for another hand are not
    /// alike, whatever they are called: korean's all simples allows terminals, tanyao does not.
    pub alike: Option<Check>,
    /// The criteria every hand it scores also scores, which it adds to (000's "extra" rows:
    /// a seat wind pong one point on top of the wind pong): the rules reference shows the
    /// total they reach together.
    pub on_top_of: &'static [Check],
    /// The context words of the notation it reads (`dora=` for tile indicators, `dora=f` for
    /// flower indicators, `last ron` where the last tile may be a discard).
    pub reads: &'static [&'static str],
}

impl Facts {
    /// A criterion with no special facts.
    pub const PLAIN: Facts = Facts {
        situational: false,
        kuitan: false,
        higher_form_of: None,
        needs_yaku_by_option: false,
        open_reduction: false,
        held_before_ron: false,
        pinfu: false,
        wait_dependent: None,
        yakuhai: None,
        pao: false,
        shows: None,
        alike: None,
        on_top_of: &[],
        reads: &[],
    };
}

/// Every scoring criterion, one row each, handed to the macro `$then`:
///
/// `Variant = "key" | "alias" => module::detector, Family { facts },`
///
/// - the key a ruleset selects it by (`[criteria.<id>] check = "key"`), and any alias keys;
/// - its detector, `fn(&Situation) -> Hit` in `criteria/<module>.rs`;
/// - its `criteria::requirements::Family`: what `--why` says it needs;
/// - the [`Facts`] that differ from [`Facts::PLAIN`].
///
/// `check` expands the rows into [`Check`], its keys and its facts (`declare_checks!`);
/// `criteria` expands the same rows into `Check::detect` and `Check::family`. The detector
/// and the family are only words here, resolved where `criteria` expands them, so `check`
/// imports nothing from `criteria`, and every `match` on a `Check` stays exhaustive.
macro_rules! checks {
    ($then:ident) => {
        $then! {
            DragonPong = "dragon-pong" => honours::dragon_pong, Pongs { yakuhai: Some(ValueSet::Dragon) },
            TwoDragonPongs = "two-dragon-pongs" => honours::two_dragon_pongs, Pongs { on_top_of: &[Check::DragonPong] },
            WindPong = "wind-pong" => honours::wind_pong, Pongs,
            SeatWindPong = "seat-wind-pong" => honours::seat_wind_pong, Pongs { yakuhai: Some(ValueSet::SeatWind), on_top_of: &[Check::WindPong] },
            RoundWindPong = "round-wind-pong" => honours::round_wind_pong, Pongs { yakuhai: Some(ValueSet::RoundWind), on_top_of: &[Check::WindPong] },
            Kong = "kong" => sets::kong, Kongs,
            ThreeKongs = "three-kongs" => sets::three_kongs, Kongs { open_reduction: true, held_before_ron: true, on_top_of: &[Check::Kong] },
            BambooTerminalPong = "bamboo-terminal-pong" => suits::bamboo_terminal_pong, Pongs,
            BothBambooTerminalPongs = "both-bamboo-terminal-pongs" => suits::both_bamboo_terminal_pongs, Pongs { on_top_of: &[Check::BambooTerminalPong] },
            IdenticalChows = "identical-chows" => sets::identical_chows, ChowPattern,
            ThreeConcealedPongs = "three-concealed-pongs" => sets::three_concealed_pongs, AllPongs { held_before_ron: true },
            AllPongs = "all-pongs" => sets::all_pongs, AllPongs,
            AllPongsTerminalsHonours = "all-pongs-terminals-honours" => suits::all_pongs_terminals_honours, TerminalsAndHonours { on_top_of: &[Check::AllPongs] },
            CleanHand = "clean-hand" => suits::clean_hand, OneSuitWithHonours { alike: Some(Check::OneSuitWithHonours) },
            PureHand = "pure-hand" => suits::pure_hand, OneSuit { on_top_of: &[Check::CleanHand, Check::OneSuitAndHonours], alike: Some(Check::OneSuitOnly) },
            SevenPairs = "seven-pairs" => sets::seven_pairs, Shape,
            FullStraight = "full-straight" => sets::full_straight, ChowPattern,
            NoHonours = "no-honours" => suits::no_honours, NoHonours,
            AllChowsSimplePair = "all-chows-simple-pair" => sets::all_chows_simple_pair, AllChows { on_top_of: &[Check::NoHonours] },
            ConcealedHand = "concealed-hand" => situational::concealed_hand, Concealed,
            ConcealedSelfDrawn = "concealed-self-drawn" => situational::concealed_self_drawn, Concealed { on_top_of: &[Check::ConcealedHand] },
            NorthPair = "north-pair" => honours::north_pair, Pair,
            NorthKong = "north-kong" => honours::north_kong, Kongs { on_top_of: &[Check::Kong] },
            WinningBonus = "winning-bonus" => situational::winning_bonus, WinContext,
            SelfDraw = "self-draw" => situational::self_draw, WinContext,
            LastTileDraw = "last-tile-draw" => situational::last_tile_draw, WinContext { situational: true, reads: &["last"] },
            ReplacementWin = "replacement-win" => situational::replacement_win, WinContext { situational: true, reads: &["replacement"] },
            RobbingKong = "robbing-kong" => situational::robbing_kong, WinContext { situational: true, reads: &["robbed"] },
            PremiumTile = "premium-tile" => situational::premium_tile, PremiumTile,
            Flower = "flower" => bonus::flower, BonusTiles { shows: Some(BonusShown::Flowers) },
            AllFlowers = "all-flowers" => bonus::all_flowers, BonusTiles { shows: Some(BonusShown::Flowers), on_top_of: &[Check::Flower] },
            FlowerDora = "flower-dora" => dora::flower_dora, BonusTiles { shows: Some(BonusShown::Flowers), reads: &["dora=f"], on_top_of: &[Check::Flower] },
            AllRemainingFlowers = "all-remaining-flowers" => bonus::all_remaining_flowers, BonusTiles { shows: Some(BonusShown::Flowers), reads: &["dora=f"], on_top_of: &[Check::Flower, Check::FlowerDora] },
            Ready = "ready" => situational::ready, WinContext { reads: &["riichi"] },
            ReadySelfDrawn = "ready-self-drawn" => situational::ready_self_drawn, WinContext { reads: &["riichi"], on_top_of: &[Check::Ready] },
            NorthWin = "north-win" => situational::north_win, WinContext,
            Dora = "dora" => dora::dora, Dora { reads: &["dora="] },
            DoraPair = "dora-pair" => dora::dora_pair, Dora { reads: &["dora="], on_top_of: &[Check::Dora] },
            DoraPong = "dora-pong" => dora::dora_pong, Dora { reads: &["dora="], on_top_of: &[Check::Dora] },
            DoraKong = "dora-kong" => dora::dora_kong, Dora { reads: &["dora="], on_top_of: &[Check::Dora] },
            RedDora = "red-dora" => dora::red_dora, RedFives,
            BothRedDora = "both-red-dora" => dora::both_red_dora, RedFives { on_top_of: &[Check::RedDora] },
            LittleThreeDragons = "little-three-dragons" => honours::little_three_dragons, Pongs { open_reduction: true },
            LittleThreeWinds = "little-three-winds" => honours::little_three_winds, Pongs,
            BambooAndHonours = "bamboo-and-honours" => suits::bamboo_and_honours, OneSuitWithHonours,
            TerminalOrHonourInEverySet = "terminal-or-honour-in-every-set" => suits::terminal_or_honour_in_every_set, TerminalInEverySet { wait_dependent: Some(WaitDependent { on_tsumo: false, held_before: None }) },
            CleanHandSeatPong = "clean-hand-seat-pong" => suits::clean_hand_seat_pong, OneSuitWithHonours,
            FourConcealedPongs = "four-concealed-pongs" => sets::four_concealed_pongs, AllPongs,
            ThreeKongsHonourPair = "three-kongs-honour-pair" => sets::three_kongs_honour_pair, Kongs,
            LittleJadeDragon = "little-jade-dragon" => limits::little_jade_dragon, Shape,
            ThreeConcealedKongs = "three-concealed-kongs" => sets::three_concealed_kongs, Kongs,
            FourKongs = "four-kongs" => sets::four_kongs, Kongs,
            AllTerminalsHonours = "all-terminals-honours" => suits::all_terminals_honours, TerminalsAndHonours { open_reduction: true },
            GreatDragons = "great-dragons" => honours::great_dragons, Pongs { pao: true },
            GreatWinds = "great-winds" => honours::great_winds, Pongs,
            BambooTerminalPongsFivePair = "bamboo-terminal-pongs-five-pair" => limits::bamboo_terminal_pongs_five_pair, Pongs,
            FourConcealedKongs = "four-concealed-kongs" => limits::four_concealed_kongs, Kongs,
            ThirteenOrphans = "thirteen-orphans" => limits::thirteen_orphans, Shape,
            NineGates = "nine-gates" => limits::nine_gates, Shape,
            PearlDragon = "pearl-dragon" => limits::pearl_dragon, Shape,
            RubyDragon = "ruby-dragon" => limits::ruby_dragon, Shape,
            GreatJadeDragon = "great-jade-dragon" => limits::great_jade_dragon, Shape,
            DragonOrWindPong = "dragon-or-wind-pong" => honours::dragon_or_wind_pong, Pongs,
            SeatOrRoundWindPong = "seat-or-round-wind-pong" => honours::seat_or_round_wind_pong, Pongs { on_top_of: &[Check::DragonOrWindPong] },
            SeatDragonPong = "seat-dragon-pong" => honours::seat_dragon_pong, Pongs { on_top_of: &[Check::DragonOrWindPong] },
            TwoConcealedKongs = "two-concealed-kongs" => sets::two_concealed_kongs, Kongs { on_top_of: &[Check::Kong] },
            ConcealedWonByDiscard = "concealed-won-by-discard" => situational::concealed_won_by_discard, Concealed,
            OneSuitAndHonours = "one-suit-and-honours" => suits::one_suit_and_honours, OneSuitWithHonours { alike: Some(Check::OneSuitWithHonours) },
            WestBonusTile = "west-bonus-tile" => honours::west_bonus_tile, BonusTiles,
            WestEye = "west-eye" => honours::west_eye, Pair,
            WestPairInSevenPairs = "west-pair-in-seven-pairs" => honours::west_pair_in_seven_pairs, Shape,
            FaceOrAnimal = "face-or-animal" => bonus::face_or_animal, BonusTiles { shows: Some(BonusShown::FacesAndAnimals) },
            FourFacesOrAnimals = "four-faces-or-animals" => bonus::four_faces_or_animals, BonusTiles { shows: Some(BonusShown::FacesAndAnimals), on_top_of: &[Check::FaceOrAnimal] },
            FourFlowersOrSeasons = "four-flowers-or-seasons" => bonus::four_flowers_or_seasons, BonusTiles { shows: Some(BonusShown::FlowersAndSeasons) },
            OwnFlowerOrSeason = "own-flower-or-season" => bonus::own_flower_or_season, BonusTiles { shows: Some(BonusShown::OwnFlowerOrSeason) },
            BambooFlowerOrWinter = "bamboo-flower-or-winter" => bonus::bamboo_flower_or_winter, BonusTiles { shows: Some(BonusShown::FourthFlowerOrSeason) },
            NorthPong = "north-pong" => honours::north_pong, Pongs,
            EastPong = "east-pong" => honours::east_pong, Pongs,
            OneSuitWithHonours = "one-suit-with-honours" => suits::one_suit_with_honours, OneSuitWithHonours,
            OneSuitOnly = "one-suit-only" => suits::one_suit_only, OneSuit,
            NineGatesSelfDrawn = "nine-gates-self-drawn" => limits::nine_gates_self_drawn, Shape { alike: Some(Check::NineGates) },
            NoBonusTiles = "no-bonus-tiles" => bonus::no_bonus_tiles, BonusTiles,
            DoubleReplacementWin = "double-replacement-win" => situational::double_replacement_win, WinContext { reads: &["replacement", "double-replacement"] },
            FourConcealedPongsSelfDrawn = "four-concealed-pongs-self-drawn" => sets::four_concealed_pongs_self_drawn, AllPongs { alike: Some(Check::FourConcealedPongs) },
            FourFly = "four-fly" => bonus::four_fly, BonusTiles { shows: Some(BonusShown::Jokers) },
            FirstOrLastTile = "first-or-last-tile" => situational::first_or_last_tile, WinContext { reads: &["first", "last", "last ron"] },
            AllBonusTiles = "all-bonus-tiles" => bonus::all_bonus_tiles, BonusTiles { shows: Some(BonusShown::EverySet) },
            // Japanese riichi / sanma (crate::system::hanfu, crate::system::han_table).
            Riichi = "riichi" => situational::riichi, WinContext { reads: &["riichi"], alike: Some(Check::Ready) },
            DoubleRiichi = "double-riichi" => situational::double_riichi, WinContext { reads: &["double-riichi"] },
            Ippatsu = "ippatsu" => situational::ippatsu, WinContext { reads: &["ippatsu", "riichi"] },
            LastDiscard = "last-discard" => situational::last_discard, WinContext { situational: true, reads: &["last", "last ron"] },
            Pinfu = "pinfu" => sets::pinfu, AllChows { pinfu: true, alike: Some(Check::AllChowsSimplePair) },
            AllSimples = "all-simples" => suits::all_simples, Simples { kuitan: true },
            Iipeikou = "iipeikou" => sets::iipeikou, ChowPattern { wait_dependent: Some(WaitDependent { on_tsumo: false, held_before: Some(HeldShape::IdenticalChows) }), alike: Some(Check::IdenticalChows) },
            Ryanpeikou = "ryanpeikou" => sets::ryanpeikou, ChowPattern,
            PureStraight = "pure-straight" => sets::pure_straight, ChowPattern { wait_dependent: Some(WaitDependent { on_tsumo: true, held_before: Some(HeldShape::Straight) }), alike: Some(Check::FullStraight) },
            ThreeIdenticalChows = "three-identical-chows" => sets::three_identical_chows, ChowPattern { alike: Some(Check::Sanrenkoh) },
            ThreeSequentialPongs = "three-sequential-pongs" => sets::three_sequential_pongs, Pongs,
            // Three identical chows, or three sequential pongs under `sanrenkoh-sequential-pongs`.
            Sanrenkoh = "sanrenkoh" => sets::sanrenkoh, ChowPattern { open_reduction: true },
            // Sanshoku doukou: pongs of one number in the three suits.
            ThreeColourPongs = "three-colour-pongs" => sets::three_colour_pongs, Pongs,
            TerminalInEverySet = "terminal-in-every-set" => suits::terminal_in_every_set, TerminalInEverySet,
            // The detector of one-suit-with-honours, under its Japanese key.
            HalfFlush = "half-flush" => suits::one_suit_with_honours, OneSuitWithHonours { alike: Some(Check::OneSuitWithHonours) },
            // The detector of one-suit-only, under its Japanese key.
            FullFlush = "full-flush" => suits::one_suit_only, OneSuit { alike: Some(Check::OneSuitOnly) },
            AllTerminals = "all-terminals" => suits::all_terminals, TerminalsOnly,
            AllGreen = "all-green" => limits::all_green, Shape,
            BigWheels = "big-wheels" => limits::big_wheels, HonoursOnly,
            ThirteenOrphansNoDiscards = "thirteen-orphans-no-discards" => limits::thirteen_orphans_no_discards, Shape { higher_form_of: Some(Check::ThirteenOrphans), reads: &["discards="] },
            FourConcealedPongsPairWait = "four-concealed-pongs-pair-wait" => sets::four_concealed_pongs_pair_wait, AllPongs { higher_form_of: Some(Check::FourConcealedPongs) },
            ThirteenOrphansThirteenWait = "thirteen-orphans-thirteen-wait" => limits::thirteen_orphans_thirteen_wait, Shape { higher_form_of: Some(Check::ThirteenOrphans) },
            BigFourWinds = "big-four-winds" => honours::big_four_winds, Pongs { higher_form_of: Some(Check::FourWinds) },
            NineGatesNoDiscards = "nine-gates-no-discards" => limits::nine_gates_no_discards, Shape { higher_form_of: Some(Check::NineGates), reads: &["discards="] },
            BlessingOfHeaven = "blessing-of-heaven" => situational::blessing_of_heaven, WinContext { reads: &["first"] },
            BlessingOfEarth = "blessing-of-earth" => situational::blessing_of_earth, WinContext { reads: &["first"] },
            BlessingOfMan = "blessing-of-man" => situational::blessing_of_man, WinContext { reads: &["first"] },
            EightConsecutiveDealerWins = "eight-consecutive-dealer-wins" => situational::eight_consecutive_dealer_wins, WinContext { needs_yaku_by_option: true, reads: &["honba="] },
            UraDora = "ura-dora" => dora::ura_dora, Dora { reads: &["ura=", "riichi"] },
            Kita = "kita" => bonus::kita, Kita,
            KitaDora = "kita-dora" => dora::kita_dora, Dora { reads: &["dora="] },
            // Shared by the Malaysian and Japanese lists.
            AllHonours = "all-honours" => honours::all_honours, HonoursOnly { pao: true },
            FourWinds = "four-winds" => honours::four_winds, Pongs { pao: true },
            // Korean nine gates: the winning tile is the extra one (000 §Full limit).
            NineGatesOnExtraTile = "nine-gates-extra-tile" => limits::nine_gates_on_extra_tile, Shape { higher_form_of: Some(Check::NineGates) },
            // Every set and the eye hold a terminal or an honour, at least one chow; honours optional.
            OutsideHand = "outside-hand" => suits::outside_hand, TerminalInEverySet,
            // One per copy of the winning tile, the winning tile itself included (002 read literally).
        }
    };
}

pub(crate) use checks;

/// Expands the rows of [`checks!`] into [`Check`]: its keys and its facts.
macro_rules! declare_checks {
    ($($variant:ident = $key:literal $(| $alias:literal)* => $detector:path, $family:ident $({ $($field:ident : $value:expr),* $(,)? })?,)*) => {
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

checks!(declare_checks);

impl Check {
    /// The concept this detector's criterion belongs to: the detector it is alike
    /// ([`Facts::alike`]), or itself.
    pub fn concept(self) -> Check {
        self.facts().alike.unwrap_or(self)
    }
}
