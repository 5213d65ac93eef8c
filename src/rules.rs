//! Rulesets: the TOML schema, the shipped rulesets embedded in the binary, loading a user
//! file, and layering a file over the ruleset it `extends`.

use std::{fmt, path::Path};

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use crate::criteria::Check;
use crate::diagnostic::nearest_name;
use crate::tile::{BonusSet, Dragon, Suit, TILE_KINDS, Tile, Wind};

/// The rulesets shipped inside the binary: name and TOML text.
pub const SHIPPED: &[(&str, &str)] = &[
    ("korean", include_str!("../rules/korean.toml")),
    ("korean-lite", include_str!("../rules/korean-lite.toml")),
    ("malaysian", include_str!("../rules/malaysian.toml")),
    ("sanma", include_str!("../rules/sanma.toml")),
    ("sanma-honshu", include_str!("../rules/sanma-honshu.toml")),
];

/// The ruleset used when none is named.
pub const DEFAULT_RULESET: &str = "korean";

/// How a ruleset turns scoring elements into a score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum System {
    /// Korean/Japanese: hand-points plus bonus-points, limit hands, paid point for point.
    Points,
    /// Malaysian: fan counted to a minimum and a cap, points = base + per-fan × fan.
    Fan,
    /// Japanese riichi: han and fu, base points, mangan and higher limits (`crate::hanfu`).
    HanFu,
    /// Han only, paid from a printed table (`crate::han_table`).
    HanTable,
}

/// What kind of scoring element a criterion is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// Counts toward the minimum and is paid double by a discarder.
    HandPoint,
    /// Added to the score but never toward the minimum.
    BonusPoint,
    /// Makes the hand a half-limit hand.
    HalfLimit,
    /// Makes the hand a full-limit hand.
    Limit,
    /// Fan (Malaysian): counts toward the fan minimum and cap.
    Fan,
    /// A yaku: han that count toward the one-yaku minimum.
    Yaku,
    /// A yakuman: `value` is how many yakuman it is worth.
    Yakuman,
    /// Dora-type bonus han: added to the han, never a yaku.
    Dora,
}

impl Class {
    /// Human label for tables.
    pub fn label(self) -> &'static str {
        match self {
            Class::HandPoint => "hand-point",
            Class::BonusPoint => "bonus-point",
            Class::HalfLimit => "half limit",
            Class::Limit => "limit",
            Class::Fan => "fan",
            Class::Yaku => "yaku",
            Class::Yakuman => "yakuman",
            Class::Dora => "bonus han",
        }
    }

    /// A half-limit or full-limit hand.
    pub fn is_limit(self) -> bool {
        matches!(self, Class::HalfLimit | Class::Limit)
    }
}

/// Who pays the bonus-points when the hand is won on a discard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DiscardBonus {
    /// Both opponents pay the bonus-points; the discarder also pays double the hand-points
    /// ("Discarder pays", "Points").
    BothPay,
    /// The discarder pays double hand-points and both bonus-point shares, except that an other
    /// player who was waiting pays its own bonus-points ("Recap": "Discarder pays the other
    /// player's score and only the bonus points if the player was ready to win").
    DiscarderPays,
    /// The discarder pays its hand-points and bonus-points plus the other player's
    /// bonus-points; the other player pays only the hand-points ("Optional rules and optional
    /// scoring": "that player pays the winner and the bonus points for the other player (the
    /// other player pays the winner only the hand-points)").
    OtherPaysHandPoints,
}

/// How the points of a win are settled between the two opponents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PaymentMode {
    /// Hand-points and bonus-points are paid separately: on a discard the discarder pays
    /// double the hand-points, and the bonus-points as `discard-bonus` says; on a self-draw
    /// each opponent pays hand-points plus bonus-points (the `korean` ruleset).
    DoubleHandPoints,
    /// The final score (hand-points plus bonus-points) is paid as one sum: on a discard the
    /// discarder pays double it and the other opponent nothing; on a self-draw each opponent
    /// pays it (`korean-lite`, 002 §Outline).
    DiscarderPaysDouble,
}

/// Parameters of the tile set a ruleset plays with, as written in TOML.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TilesFile {
    /// Numbers of the characters suit in play.
    pub characters: Option<Vec<u8>>,
    /// Numbers of the circles suit in play.
    pub circles: Option<Vec<u8>>,
    /// Numbers of the bamboo suit in play.
    pub bamboo: Option<Vec<u8>>,
    /// Winds in play, as letters.
    pub winds: Option<Vec<char>>,
    /// Dragons in play, as letters.
    pub dragons: Option<Vec<char>>,
    /// Number of flowers in the set.
    pub flowers: Option<u8>,
    /// Number of seasons in the set.
    pub seasons: Option<u8>,
    /// Number of face tiles (Malaysian set) in the set.
    pub faces: Option<u8>,
    /// Number of animal tiles (Malaysian set) in the set.
    pub animals: Option<u8>,
    /// Number of jokers (`J`, Malaysian "fly" tiles) in the set.
    pub jokers: Option<u8>,
    /// May a chow be claimed and declared?
    pub melded_chows: Option<bool>,
    /// Source file and section of the melded-chow rule.
    pub melded_chows_source: Option<String>,
    /// Order in which a dora indicator dragon points to the next (default w, g, r).
    pub dora_dragon_order: Option<Vec<char>>,
    /// Source file and section of the tile set.
    pub source: Option<String>,
    /// North winds may be set aside as kita (`+N`).
    pub kita: Option<bool>,
    /// Red fives when `options.red-dora` is on: one suit letter per red tile (`["p", "p", "s"]`).
    pub red_fives: Option<Vec<char>>,
}

/// Scoring parameters as written in TOML.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ScoringFile {
    /// The scoring system.
    pub system: Option<System>,
    /// Minimum hand-points to win.
    pub minimum: Option<u32>,
    /// Points of a full-limit hand.
    pub limit: Option<u32>,
    /// Points of a half-limit hand.
    pub half_limit: Option<u32>,
    /// Limit hands count only when the hand is concealed.
    pub limit_hands_concealed_only: Option<bool>,
}

/// Parameters of the han-based systems (`han-fu`, `han-table`), as written in TOML.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct HanFile {
    /// Points the discarder pays per counter (honba) on a ron.
    pub honba_ron: Option<u32>,
    /// Points each payer pays per counter (honba) on a tsumo.
    pub honba_tsumo: Option<u32>,
    /// Points of one riichi stick on the table (`sticks=`).
    pub riichi_stick: Option<u32>,
    /// Counters (honba) from which two yaku are needed (ryanshi); 0 switches it off.
    pub ryanshi_honba: Option<u32>,
    /// Counters at which the dealer's win is paarenchan.
    pub paarenchan_honba: Option<u32>,
    /// The printed payment table (`han-table` system), lowest row first.
    pub table: Option<Vec<HanTableRow>>,
}

/// One row of a printed han payment table.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct HanTableRow {
    /// Row label (`3`, `6-7 (Mangan)`, `Yakuman`).
    pub name: String,
    /// Lowest han of the row (han rows).
    pub han: Option<u32>,
    /// Yakuman multiple of the row (yakuman rows).
    pub yakuman: Option<u32>,
    /// A non-dealer wins by ron: the discarder pays.
    pub ron_ko: u32,
    /// The dealer wins by ron: the discarder pays.
    pub ron_oya: u32,
    /// A non-dealer wins by tsumo: the other non-dealer pays.
    pub tsumo_ko_from_ko: u32,
    /// A non-dealer wins by tsumo: the dealer pays.
    pub tsumo_ko_from_oya: u32,
    /// The dealer wins by tsumo: each non-dealer pays.
    pub tsumo_oya: u32,
}

/// Payment parameters as written in TOML.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PaymentFile {
    /// How the score is split between the opponents (default `double-hand-points`).
    pub mode: Option<PaymentMode>,
    /// Who pays bonus-points on a discard win.
    pub discard_bonus: Option<DiscardBonus>,
    /// Goulash bonus each opponent pays per drawn hand before this one.
    pub goulash_per_draw: Option<u32>,
    /// Bonus-points an opponent who was waiting pays less.
    pub waiting_discount: Option<u32>,
}

/// Declares the optional rules once: each with its doc, field, `OptionName` variant and
/// default. Generates [`OptionsFile`] (as written), [`Options`] (defaults applied),
/// [`OptionName`] (for a criterion's `when`) and [`Options::is_on`].
macro_rules! optional_rules {
    ($($(#[$doc:meta])* $field:ident, $variant:ident = $default:literal;)*) => {
        /// Optional rules as written in TOML.
        #[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
        #[serde(deny_unknown_fields, rename_all = "kebab-case")]
        pub struct OptionsFile {
            $($(#[$doc])* pub $field: Option<bool>,)*
        }

        /// Options with their defaults applied.
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
        #[serde(rename_all = "kebab-case")]
        pub struct Options {
            $($(#[$doc])* pub $field: bool,)*
        }

        /// The name of an optional rule.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum OptionName {
            $($(#[$doc])* $variant,)*
        }

        impl Options {
            /// Whether the named option is on.
            pub fn is_on(&self, name: OptionName) -> bool {
                match name {
                    $(OptionName::$variant => self.$field,)*
                }
            }

            /// The options a file sets, each one it leaves out at its default.
            fn from_file(file: &OptionsFile) -> Options {
                Options {
                    $($field: file.$field.unwrap_or($default),)*
                }
            }
        }
    };
}

optional_rules! {
    /// Dora from indicators (`dora=`).
    dead_wall_dora, DeadWallDora = false;
    /// A dora eye, pong or kong scores extra points on top of one per tile.
    dora_set_extras, DoraSetExtras = true;
    /// Red fives score bonus-points.
    red_dora, RedDora = false;
    /// North is kept in play, usable only as a pair or a kong.
    north_as_normal, NorthAsNormal = false;
    /// All bamboo tiles are removed.
    no_bamboo, NoBamboo = false;
    /// Two 5 bamboo tiles are added, usable only as a pair.
    five_bamboo_pair, FiveBambooPair = false;
    /// West winds score as bonus tiles when set aside (`+W`), not while held in the hand.
    west_set_aside, WestSetAside = false;
    /// A wind pong that is both the seat wind and the round wind scores the seat-or-round
    /// point twice.
    seat_and_round_wind_both_count, SeatAndRoundWindBothCount = false;
    /// A concealed hand scores the concealed-hand points however it is won (self-drawn
    /// too), on top of the fully-concealed points.
    concealed_hand_stacks, ConcealedHandStacks = false;
    /// A clean hand needs at least one honour, so a pure hand is not also clean.
    clean_hand_needs_honours, CleanHandNeedsHonours = false;
    /// The West-eye criteria (sacred pair) need the winning tile to be a West.
    sacred_pair_needs_west_win, SacredPairNeedsWestWin = false;
    /// Fan system: every face or animal tile scores (false: one fan however many).
    face_animal_per_tile, FaceAnimalPerTile = true;
    /// Fan system: nine gates counts only when self-drawn.
    nine_gates_self_draw_only, NineGatesSelfDrawOnly = true;
    /// Fan system: four concealed pongs counts only when self-drawn.
    four_concealed_self_draw_only, FourConcealedSelfDrawOnly = true;
    /// Jokers may stand for a copy beyond the number the set holds (a fifth 5p).
    jokers_beyond_copies, JokersBeyondCopies = false;
    /// All simples (tanyao) counts in an open hand (kuitan).
    kuitan, Kuitan = false;
    /// Haitei, houtei, rinshan and chankan keep their han in an open hand.
    open_situational_yaku, OpenSituationalYaku = false;
    /// Pinfu may be won by self-draw (20 fu).
    pinfu_tsumo, PinfuTsumo = true;
    /// 4 han 30 fu and 3 han 60 fu are rounded up to mangan (kiriage).
    kiriage_mangan, KiriageMangan = false;
    /// 13 or more han without a yakuman are a yakuman (kazoe).
    kazoe_yakuman, KazoeYakuman = false;
    /// On a tsumo the absent fourth player's share is split between the two payers
    /// (off: it is not paid, "tsumo loss").
    tsumo_split, TsumoSplit = false;
    /// A ron needs a yaku on every tile the hand waited on (a yakuhai set made by the
    /// winning tile does not count): atozuke rules.
    atozuke, Atozuke = false;
    /// Iipeikou and chanta won on a discard, and ittsuu, count only if every tile the hand
    /// waited on would give them.
    wait_dependent_yaku, WaitDependentYaku = false;
    /// A ron is refused when any tile the hand waited on is among the winner's discards
    /// (off: only the winning tile itself).
    furiten_any_wait, FuritenAnyWait = false;
    /// Paarenchan is a win only with at least one yaku (off: it needs no yaku).
    paarenchan_needs_yaku, PaarenchanNeedsYaku = false;
    /// Han-fu system: a pair of a wind that is both the seat and the round wind scores
    /// 2 fu twice (4); off: 2 fu once.
    double_wind_pair_counts_twice, DoubleWindPairCountsTwice = true;
    /// Han-based systems: several yakuman in one hand add up (off: only the largest counts;
    /// a named double or triple, such as kokushi with no discards, stays one hand).
    yakuman_stack, YakumanStack = true;
}

/// Fan-system parameters (`[fan]`) as written in TOML.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FanFile {
    /// Most fan counted.
    pub cap: Option<u32>,
    /// Points for winning, before fan.
    pub base_points: Option<u32>,
    /// Points added per fan.
    pub points_per_fan: Option<u32>,
    /// On a self-draw each opponent pays this multiple of the points.
    pub self_draw_multiplier: Option<u32>,
    /// On a discard the discarder pays this multiple of the points.
    pub discarder_multiplier: Option<u32>,
    /// On a discard the other opponent pays this multiple of the points.
    pub other_multiplier: Option<u32>,
    /// Each opponent pays this for a concealed kong.
    pub concealed_kong: Option<u32>,
    /// Each opponent pays this for an open or promoted kong.
    pub open_kong: Option<u32>,
    /// Each opponent pays this for a full set of bonus tiles in the starting hand.
    pub full_set_dealt: Option<u32>,
    /// Each opponent pays this for a full set of bonus tiles drawn later.
    pub full_set_drawn: Option<u32>,
    /// Final bonus per fly tile (joker).
    pub fly_bonus: Option<u32>,
}

/// Fan-system parameters with defaults applied.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct FanParams {
    /// See [`FanFile::cap`].
    pub cap: u32,
    /// See [`FanFile::base_points`].
    pub base_points: u32,
    /// See [`FanFile::points_per_fan`].
    pub points_per_fan: u32,
    /// See [`FanFile::self_draw_multiplier`].
    pub self_draw_multiplier: u32,
    /// See [`FanFile::discarder_multiplier`].
    pub discarder_multiplier: u32,
    /// See [`FanFile::other_multiplier`].
    pub other_multiplier: u32,
    /// See [`FanFile::concealed_kong`].
    pub concealed_kong: u32,
    /// See [`FanFile::open_kong`].
    pub open_kong: u32,
    /// See [`FanFile::full_set_dealt`].
    pub full_set_dealt: u32,
    /// See [`FanFile::full_set_drawn`].
    pub full_set_drawn: u32,
    /// See [`FanFile::fly_bonus`].
    pub fly_bonus: u32,
}

impl FanParams {
    fn from_file(file: &FanFile) -> FanParams {
        FanParams {
            cap: file.cap.unwrap_or(10),
            base_points: file.base_points.unwrap_or(100),
            points_per_fan: file.points_per_fan.unwrap_or(20),
            self_draw_multiplier: file.self_draw_multiplier.unwrap_or(2),
            discarder_multiplier: file.discarder_multiplier.unwrap_or(2),
            other_multiplier: file.other_multiplier.unwrap_or(1),
            concealed_kong: file.concealed_kong.unwrap_or(100),
            open_kong: file.open_kong.unwrap_or(50),
            full_set_dealt: file.full_set_dealt.unwrap_or(100),
            full_set_drawn: file.full_set_drawn.unwrap_or(50),
            fly_bonus: file.fly_bonus.unwrap_or(50),
        }
    }
}

/// One criterion as written in TOML (every field optional so a house file can change one).
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CriterionFile {
    /// The detector; defaults to the criterion's key.
    pub check: Option<Check>,
    /// Hand-point, bonus-point, half limit or limit.
    pub class: Option<Class>,
    /// Points each time it applies (not for limit hands).
    pub value: Option<u32>,
    /// Display name.
    pub name: Option<String>,
    /// Other names it is known by.
    pub aliases: Option<Vec<String>>,
    /// What the hand needs.
    pub description: Option<String>,
    /// A hand in notation that scores it.
    pub example: Option<String>,
    /// Source file and section.
    pub source: Option<String>,
    /// Switched on.
    pub enabled: Option<bool>,
    /// Options that must all be on for it to count.
    pub when: Option<Vec<OptionName>>,
    /// For limit hands: overrides `limit-hands-concealed-only`.
    pub concealed_only: Option<bool>,
    /// Counts only when the hand has at least this many hand-points from the other
    /// criteria (002's "@Requires six game points").
    pub needs_hand_points: Option<u32>,
    /// Han-based systems: the value in an open hand (0: it does not count when open);
    /// absent, the same as `value`.
    pub open_value: Option<u32>,
}

/// A ruleset file as written: every part optional so that it can extend another.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RulesetFile {
    /// The shipped ruleset (or path) this one builds on.
    pub extends: Option<String>,
    /// Short name.
    pub name: Option<String>,
    /// One-line title.
    pub title: Option<String>,
    /// The rule source this ruleset follows.
    pub source: Option<String>,
    /// Tile set.
    pub tiles: Option<TilesFile>,
    /// Scoring parameters.
    pub scoring: Option<ScoringFile>,
    /// Payment parameters.
    pub payment: Option<PaymentFile>,
    /// Optional rules.
    pub options: Option<OptionsFile>,
    /// Fan-system parameters.
    pub fan: Option<FanFile>,
    /// Han-based system parameters.
    pub han: Option<HanFile>,
    /// Scoring criteria in display order.
    #[serde(default)]
    pub criteria: IndexMap<String, CriterionFile>,
}

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

/// A complete ruleset, every layer merged and every value present.
#[derive(Debug, Clone)]
pub struct Ruleset {
    /// Short name.
    pub name: String,
    /// One-line title.
    pub title: String,
    /// The rule source.
    pub source: String,
    /// The merged file, for inspection.
    pub file: RulesetFile,
    /// Tile set after options.
    pub tiles: TileSet,
    /// Scoring system.
    pub system: System,
    /// Minimum hand-points.
    pub minimum: u32,
    /// Full-limit points.
    pub limit: u32,
    /// Half-limit points.
    pub half_limit: u32,
    /// Limit hands must be concealed.
    pub limit_hands_concealed_only: bool,
    /// Who pays the bonus on a discard.
    pub discard_bonus: DiscardBonus,
    /// Goulash bonus per drawn hand.
    pub goulash_per_draw: u32,
    /// Discount for waiting opponents.
    pub waiting_discount: u32,
    /// How the score is split between the opponents.
    pub payment_mode: PaymentMode,
    /// Options after merging.
    pub options: Options,
    /// Criteria that are switched on, in display order.
    pub criteria: Vec<Criterion>,
    /// Criteria the ruleset lists but has switched off (`enabled = false`, or an option in
    /// `when` is off): shown by `mj3 criteria`, never scored.
    pub switched_off: Vec<Criterion>,
    /// Dragon order for dora indicators.
    pub dragon_cycle: Vec<Dragon>,
    /// Fan-system parameters (defaults when `[fan]` is absent).
    pub fan: FanParams,
    /// Han-based system parameters with defaults applied.
    pub han: HanRules,
}

/// Parameters of the han-based systems with their defaults applied.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HanRules {
    /// See [`HanFile::honba_ron`].
    pub honba_ron: u32,
    /// See [`HanFile::honba_tsumo`].
    pub honba_tsumo: u32,
    /// See [`HanFile::riichi_stick`].
    pub riichi_stick: u32,
    /// See [`HanFile::ryanshi_honba`] (0: off).
    pub ryanshi_honba: u32,
    /// See [`HanFile::paarenchan_honba`] (0: off).
    pub paarenchan_honba: u32,
    /// See [`HanFile::table`].
    pub table: Vec<HanTableRow>,
}

/// One scoring criterion ready for evaluation.
#[derive(Debug, Clone, Serialize)]
pub struct Criterion {
    /// Key in the ruleset.
    pub id: String,
    /// The detector.
    pub check: Check,
    /// Hand-point, bonus-point, half limit or limit.
    pub class: Class,
    /// Points each time it applies (0 for limit hands).
    pub value: u32,
    /// Display name.
    pub name: String,
    /// Other names.
    pub aliases: Vec<String>,
    /// What the hand needs.
    pub description: String,
    /// A hand that scores it.
    pub example: String,
    /// Source file and section.
    pub source: String,
    /// For limit hands: must the hand be concealed?
    pub concealed_only: bool,
    /// Options that must be on for it to count.
    pub when: Vec<OptionName>,
    /// Counts only when the other criteria give at least this many hand-points (0: always).
    pub needs_hand_points: u32,
    /// Han-based systems: the value in an open hand (0: not counted when open).
    pub open_value: u32,
}

/// An error while loading a ruleset.
#[derive(Debug, thiserror::Error)]
pub enum RulesError {
    /// The TOML did not parse or did not fit the schema; the message holds line and column.
    #[error("{file}: {message}")]
    Toml {
        /// File name or shipped ruleset name.
        file: String,
        /// toml's message with line, column and snippet.
        message: String,
    },
    /// A value that parsed but makes no sense.
    #[error("{file}: {message}")]
    Invalid {
        /// File name or shipped ruleset name.
        file: String,
        /// What is wrong, naming the key.
        message: String,
    },
    /// The file could not be read.
    #[error("could not read ruleset `{file}`")]
    Io {
        /// The path.
        file: String,
        /// The OS error.
        source: std::io::Error,
    },
    /// `extends` or `--rules` names nothing shipped and no file.
    #[error("no ruleset named `{0}` (shipped: {list})", list = shipped_names().join(", "))]
    Unknown(String),
    /// `extends` chains loop.
    #[error("ruleset `{0}` extends itself through a chain of `extends`")]
    Cycle(String),
}

/// The names of the shipped rulesets.
pub fn shipped_names() -> Vec<&'static str> {
    SHIPPED.iter().map(|(name, _)| *name).collect()
}

fn parse_file(file: &str, text: &str) -> Result<RulesetFile, RulesError> {
    toml::from_str(text).map_err(|err| RulesError::Toml {
        file: file.to_string(),
        message: err.to_string().trim_end().to_string(),
    })
}

/// Loads a shipped ruleset by name, or a user file by path (anything containing `/`,
/// `\` or ending in `.toml`).
pub fn load(name_or_path: &str) -> Result<Ruleset, RulesError> {
    load_with(name_or_path, &[])
}

/// Loads as [`load`] does, then applies `overrides` (`key=value` pairs as a TOML fragment
/// such as `options.red-dora=true`).
pub fn load_with(name_or_path: &str, overrides: &[String]) -> Result<Ruleset, RulesError> {
    let mut layered = load_layers(name_or_path, &mut Vec::new())?;
    for item in overrides {
        let label = format!("--set {item}");
        let well_formed = item
            .split_once('=')
            .is_some_and(|(key, value)| !key.trim().is_empty() && !value.trim().is_empty());
        if !well_formed || item.contains('\n') {
            return Err(RulesError::Invalid {
                file: label,
                message:
                    "expected one KEY=VALUE, such as scoring.minimum=4 or options.red-dora=true"
                        .into(),
            });
        }
        // The TOML snippet toml would show is the generated document, not what was typed:
        // give its message alone, with what a value may be.
        let layer: RulesetFile =
            toml::from_str(&override_toml(item)).map_err(|err| RulesError::Toml {
                file: label.clone(),
                message: format!(
                    "{} (KEY is a dotted ruleset key such as scoring.minimum; VALUE is TOML: a number, true or false, or a \"quoted string\")",
                    err.message().trim_end()
                ),
            })?;
        check_criterion_ids(&label, "", &layer, &layered)?;
        merge(&label, &mut layered, layer)?;
    }
    finish(layered).map_err(|err| locate_in_file(err, name_or_path))
}

/// A value that parsed but makes no sense is reported by the key it names (`` `scoring.limit` ``);
/// for a user file, say which file and, when the key is written there, its line and column.
fn locate_in_file(err: RulesError, name_or_path: &str) -> RulesError {
    let RulesError::Invalid { file, message } = err else {
        return err;
    };
    if !is_path(name_or_path) {
        return RulesError::Invalid { file, message };
    }
    let key = message
        .strip_prefix('`')
        .and_then(|m| m.split_once('`'))
        .and_then(|(key, _)| key.rsplit_once('.'));
    let at = std::fs::read_to_string(name_or_path)
        .ok()
        .zip(key)
        .and_then(|(text, (table, leaf))| locate_key(&text, table, leaf));
    RulesError::Invalid {
        file: name_or_path.to_string(),
        message: match at {
            Some((line, column)) => format!("line {line}, column {column}: {message}"),
            None => message,
        },
    }
}

/// The 1-based line and column of `leaf = …` inside the `[table]` of a TOML text.
fn locate_key(text: &str, table: &str, leaf: &str) -> Option<(usize, usize)> {
    let mut current = "";
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if let Some(header) = trimmed.strip_prefix('[') {
            current = header.split(']').next().unwrap_or("").trim();
            continue;
        }
        if current == table
            && let Some(after) = trimmed.strip_prefix(leaf)
            && after.trim_start().starts_with('=')
        {
            let indent = line.len() - line.trim_start().len();
            let column = line[..indent].chars().count() + 1;
            return Some((n + 1, column));
        }
    }
    None
}

/// `options.red-dora=true` becomes a TOML document with a table header.
fn override_toml(item: &str) -> String {
    let (key, value) = item.split_once('=').unwrap_or((item, "true"));
    let key = key.trim();
    match key.rsplit_once('.') {
        Some((table, leaf)) => format!("[{table}]\n{leaf} = {}\n", value.trim()),
        None => format!("{key} = {}\n", value.trim()),
    }
}

fn is_path(name: &str) -> bool {
    name.contains('/') || name.contains('\\') || name.ends_with(".toml")
}

fn load_layers(name_or_path: &str, seen: &mut Vec<String>) -> Result<RulesetFile, RulesError> {
    if seen.iter().any(|s| s == name_or_path) {
        return Err(RulesError::Cycle(name_or_path.to_string()));
    }
    seen.push(name_or_path.to_string());
    let (label, text) = if is_path(name_or_path) {
        let text = std::fs::read_to_string(name_or_path).map_err(|source| {
            let stem = Path::new(name_or_path)
                .file_stem()
                .and_then(|s| s.to_str())
                .filter(|stem| shipped_names().contains(stem));
            match stem {
                // `--rules sanma.toml` where no such file exists: the shipped one was meant.
                Some(stem) if source.kind() == std::io::ErrorKind::NotFound => {
                    RulesError::Invalid {
                        file: name_or_path.to_string(),
                        message: format!(
                            "no such file; the shipped ruleset is named without a path or .toml: `--rules {stem}`"
                        ),
                    }
                }
                _ => RulesError::Io {
                    file: name_or_path.to_string(),
                    source,
                },
            }
        })?;
        (name_or_path.to_string(), text)
    } else {
        let text = SHIPPED
            .iter()
            .find(|(name, _)| *name == name_or_path)
            .map(|(_, text)| text.to_string())
            .ok_or_else(|| RulesError::Unknown(name_or_path.to_string()))?;
        (format!("rules/{name_or_path}.toml"), text)
    };
    let file = parse_file(&label, &text)?;
    let Some(base) = file.extends.clone() else {
        return Ok(file);
    };
    let base_ref = if is_path(&base) && !Path::new(&base).is_absolute() {
        Path::new(name_or_path)
            .parent()
            .map_or(base.clone(), |dir| dir.join(&base).display().to_string())
    } else {
        base
    };
    let mut layered = load_layers(&base_ref, seen).map_err(|err| match err {
        RulesError::Unknown(name) => RulesError::Invalid {
            file: label.clone(),
            message: format!(
                "`extends = \"{name}\"` names no shipped ruleset (shipped: {}) and no file",
                shipped_names().join(", ")
            ),
        },
        other => other,
    })?;
    check_criterion_ids(&label, &text, &file, &layered)?;
    merge(&label, &mut layered, file)?;
    Ok(layered)
}

/// A `[criteria.ID]` table in a file that extends another changes the base's criterion `ID`
/// or adds a new one with `check = "…"`; an ID that does neither is most likely a misspelling,
/// so it is reported with the file, line and column and the nearest existing ID.
fn check_criterion_ids(
    label: &str,
    text: &str,
    file: &RulesetFile,
    base: &RulesetFile,
) -> Result<(), RulesError> {
    for (id, criterion) in &file.criteria {
        if criterion.check.is_some()
            || base.criteria.contains_key(id)
            || Check::from_key(id).is_some()
        {
            continue;
        }
        let at = text
            .lines()
            .enumerate()
            .find_map(|(n, line)| line.find(&format!("criteria.{id}")).map(|c| (n, c)))
            .map_or(String::new(), |(n, c)| {
                format!("line {}, column {}: ", n + 1, c + "criteria.".len() + 1)
            });
        let nearest = nearest_name(id, base.criteria.keys().map(String::as_str))
            .map_or(String::new(), |known| format!(" (did you mean `{known}`?)"));
        let base_name = base.name.as_deref().unwrap_or("the base ruleset");
        return Err(RulesError::Invalid {
            file: label.to_string(),
            message: format!(
                "{at}`{base_name}` has no criterion `{id}`{nearest}; a new criterion needs `check = \"…\"` (`mj3 criteria --rules {base_name}` lists the IDs)"
            ),
        });
    }
    Ok(())
}

/// Layers `top` over `base`: every value `top` gives replaces the one in `base`; tables
/// (`[tiles]`, `[options]`, `[criteria.ID]`, …) are merged key by key, so every key of every
/// table is layered without a list of fields to keep in step, and a changed criterion keeps
/// its display position (a new one goes last). `extends` stays the base's.
fn merge(label: &str, base: &mut RulesetFile, top: RulesetFile) -> Result<(), RulesError> {
    let failed = |message: String| RulesError::Invalid {
        file: label.to_string(),
        message,
    };
    let extends = base.extends.take();
    let mut merged = toml::Value::try_from(&*base).map_err(|e| failed(e.to_string()))?;
    let top = toml::Value::try_from(top).map_err(|e| failed(e.to_string()))?;
    overlay_value(&mut merged, top);
    *base = merged
        .try_into()
        .map_err(|e: toml::de::Error| failed(e.to_string()))?;
    base.extends = extends;
    Ok(())
}

/// Tables merge key by key; any other value of `top` replaces the base's.
fn overlay_value(base: &mut toml::Value, top: toml::Value) {
    match (base, top) {
        (toml::Value::Table(base), toml::Value::Table(top)) => {
            for (key, value) in top {
                match base.get_mut(&key) {
                    Some(slot) => overlay_value(slot, value),
                    None => {
                        base.insert(key, value);
                    }
                }
            }
        }
        (base, top) => *base = top,
    }
}

fn invalid(file: &RulesetFile, message: impl fmt::Display) -> RulesError {
    RulesError::Invalid {
        file: file.name.clone().unwrap_or_else(|| "ruleset".into()),
        message: message.to_string(),
    }
}

/// Checks the merged layers and fills in defaults.
fn finish(file: RulesetFile) -> Result<Ruleset, RulesError> {
    let tiles_file = file.tiles.clone().unwrap_or_default();
    let scoring = file.scoring.clone().unwrap_or_default();
    let payment = file.payment.clone().unwrap_or_default();
    let options_file = file.options.clone().unwrap_or_default();
    let options = Options::from_file(&options_file);
    let han_file = file.han.clone().unwrap_or_default();
    let han = HanRules {
        honba_ron: han_file.honba_ron.unwrap_or(0),
        honba_tsumo: han_file.honba_tsumo.unwrap_or(0),
        riichi_stick: han_file.riichi_stick.unwrap_or(0),
        ryanshi_honba: han_file.ryanshi_honba.unwrap_or(0),
        paarenchan_honba: han_file.paarenchan_honba.unwrap_or(0),
        table: han_file.table.clone().unwrap_or_default(),
    };
    let tiles = build_tile_set(&file, &tiles_file, &options)?;
    let dragon_cycle = tiles_file
        .dora_dragon_order
        .clone()
        .unwrap_or_else(|| vec!['w', 'g', 'r'])
        .into_iter()
        .map(|letter| {
            dragon_letter(letter).ok_or_else(|| {
                invalid(
                    &file,
                    format!("`tiles.dora-dragon-order` holds '{letter}'; expected w, g or r"),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let Some(system) = scoring.system else {
        return Err(invalid(&file, "`scoring.system` is missing"));
    };
    let mut criteria = Vec::with_capacity(file.criteria.len());
    let mut switched_off = Vec::new();
    for (id, c) in &file.criteria {
        let check = match c.check {
            Some(check) => check,
            None => Check::from_key(id).ok_or_else(|| {
                invalid(
                    &file,
                    format!(
                        "criterion `{id}` names no detector: add `check = \"…\"` (one of: {})",
                        Check::names().join(", ")
                    ),
                )
            })?,
        };
        let class = c
            .class
            .ok_or_else(|| invalid(&file, format!("criterion `{id}` has no `class`")))?;
        if !class.is_limit() && c.value.is_none() {
            return Err(invalid(&file, format!("criterion `{id}` has no `value`")));
        }
        let enabled = c.enabled.unwrap_or(true)
            && c.when.iter().flatten().all(|&option| options.is_on(option));
        let criterion = Criterion {
            id: id.clone(),
            check,
            class,
            value: c.value.unwrap_or(0),
            name: c.name.clone().unwrap_or_else(|| id.replace('-', " ")),
            aliases: c.aliases.clone().unwrap_or_default(),
            description: c.description.clone().unwrap_or_default(),
            example: c.example.clone().unwrap_or_default(),
            source: c.source.clone().unwrap_or_default(),
            concealed_only: c
                .concealed_only
                .unwrap_or(scoring.limit_hands_concealed_only.unwrap_or(true)),
            when: c.when.clone().unwrap_or_default(),
            needs_hand_points: c.needs_hand_points.unwrap_or(0),
            open_value: c.open_value.or(c.value).unwrap_or(0),
        };
        if enabled {
            criteria.push(criterion);
        } else {
            switched_off.push(criterion);
        }
    }
    let limit = scoring.limit.unwrap_or(40);
    let half_limit = scoring.half_limit.unwrap_or(limit / 2);
    if half_limit > limit {
        return Err(invalid(
            &file,
            format!("`scoring.half-limit` ({half_limit}) is above `scoring.limit` ({limit})"),
        ));
    }
    let ruleset = Ruleset {
        name: file.name.clone().unwrap_or_else(|| "custom".into()),
        title: file.title.clone().unwrap_or_default(),
        source: file.source.clone().unwrap_or_default(),
        tiles,
        system,
        minimum: scoring.minimum.unwrap_or(0),
        limit,
        half_limit,
        limit_hands_concealed_only: scoring.limit_hands_concealed_only.unwrap_or(true),
        discard_bonus: payment.discard_bonus.unwrap_or(DiscardBonus::BothPay),
        goulash_per_draw: payment.goulash_per_draw.unwrap_or(0),
        waiting_discount: payment.waiting_discount.unwrap_or(0),
        payment_mode: payment.mode.unwrap_or(PaymentMode::DoubleHandPoints),
        options,
        criteria,
        switched_off,
        dragon_cycle,
        fan: FanParams::from_file(&file.fan.clone().unwrap_or_default()),
        han,
        file,
    };
    check_ranges(&ruleset)?;
    Ok(ruleset)
}

/// Largest point amount a ruleset may set (`scoring.limit`, `fan.base-points`,
/// `han.riichi-stick`, a `[[han.table]]` payment, …).
const MAX_POINTS: u32 = 1_000_000;
/// Largest criterion value or open value, `fan.cap`, or han or yakuman of a table row.
const MAX_COUNT: u32 = 100;
/// Largest `fan.*-multiplier`.
const MAX_MULTIPLIER: u32 = 10;
/// Most jokers a tile set may hold: the joker search grows with the number of jokers (four,
/// the Malaysian set, score in under a millisecond; twelve took seconds).
const MAX_JOKERS: u32 = 8;

/// Every number the scoring multiplies or adds must be in range: with these bounds the largest
/// payment (base + per-fan × cap, times a multiplier) stays far inside `u32`, where
/// `--set fan.points-per-fan=4294967295` used to overflow. Thresholds that are only compared
/// (`scoring.minimum`, `needs-hand-points`, `han.ryanshi-honba`) are not bounded.
fn check_ranges(ruleset: &Ruleset) -> Result<(), RulesError> {
    // The key is only spelt out for an error: loading stays allocation-light.
    let in_range = |value: u32, max: u32, key: &dyn Fn() -> String| {
        if value <= max {
            return Ok(());
        }
        Err(invalid(
            &ruleset.file,
            format!("`{}` is {value}; it may be at most {max}", key()),
        ))
    };
    let fan = &ruleset.fan;
    let han = &ruleset.han;
    for (key, value, max) in [
        ("scoring.limit", ruleset.limit, MAX_POINTS),
        ("scoring.half-limit", ruleset.half_limit, MAX_POINTS),
        (
            "payment.goulash-per-draw",
            ruleset.goulash_per_draw,
            MAX_POINTS,
        ),
        (
            "payment.waiting-discount",
            ruleset.waiting_discount,
            MAX_POINTS,
        ),
        ("fan.cap", fan.cap, MAX_COUNT),
        ("fan.base-points", fan.base_points, MAX_POINTS),
        ("fan.points-per-fan", fan.points_per_fan, MAX_POINTS),
        (
            "fan.self-draw-multiplier",
            fan.self_draw_multiplier,
            MAX_MULTIPLIER,
        ),
        (
            "fan.discarder-multiplier",
            fan.discarder_multiplier,
            MAX_MULTIPLIER,
        ),
        ("fan.other-multiplier", fan.other_multiplier, MAX_MULTIPLIER),
        ("fan.concealed-kong", fan.concealed_kong, MAX_POINTS),
        ("fan.open-kong", fan.open_kong, MAX_POINTS),
        ("fan.full-set-dealt", fan.full_set_dealt, MAX_POINTS),
        ("fan.full-set-drawn", fan.full_set_drawn, MAX_POINTS),
        ("fan.fly-bonus", fan.fly_bonus, MAX_POINTS),
        ("han.honba-ron", han.honba_ron, MAX_POINTS),
        ("han.honba-tsumo", han.honba_tsumo, MAX_POINTS),
        ("han.riichi-stick", han.riichi_stick, MAX_POINTS),
        ("tiles.jokers", u32::from(ruleset.tiles.jokers), MAX_JOKERS),
    ] {
        in_range(value, max, &|| key.to_string())?;
    }
    for c in ruleset.criteria.iter().chain(&ruleset.switched_off) {
        for (field, value) in [("value", c.value), ("open-value", c.open_value)] {
            in_range(value, MAX_COUNT, &|| format!("criteria.{}.{field}", c.id))?;
        }
    }
    for row in &han.table {
        for (column, value, max) in [
            ("han", row.han.unwrap_or(0), MAX_COUNT),
            ("yakuman", row.yakuman.unwrap_or(0), MAX_COUNT),
            ("ron-ko", row.ron_ko, MAX_POINTS),
            ("ron-oya", row.ron_oya, MAX_POINTS),
            ("tsumo-ko-from-ko", row.tsumo_ko_from_ko, MAX_POINTS),
            ("tsumo-ko-from-oya", row.tsumo_ko_from_oya, MAX_POINTS),
            ("tsumo-oya", row.tsumo_oya, MAX_POINTS),
        ] {
            in_range(value, max, &|| {
                format!("han.table.{column}` of row `{}", row.name)
            })?;
        }
    }
    Ok(())
}

fn dragon_letter(letter: char) -> Option<Dragon> {
    match letter {
        'w' => Some(Dragon::White),
        'g' => Some(Dragon::Green),
        'r' => Some(Dragon::Red),
        _ => None,
    }
}

fn build_tile_set(
    file: &RulesetFile,
    tiles: &TilesFile,
    options: &Options,
) -> Result<TileSet, RulesError> {
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
                invalid(file, format!("`tiles.{key}` holds {n}; numbers run 1 to 9"))
            })?;
            copies[tile.index()] = 4;
        }
    }
    for &letter in tiles.winds.iter().flatten() {
        let wind = Wind::from_letter(letter).ok_or_else(|| {
            invalid(
                file,
                format!("`tiles.winds` holds '{letter}'; expected E, S, W or N"),
            )
        })?;
        copies[wind.tile().index()] = 4;
    }
    for &letter in tiles.dragons.iter().flatten() {
        let dragon = dragon_letter(letter).ok_or_else(|| {
            invalid(
                file,
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
                invalid(
                    file,
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
    Ok(TileSet {
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

impl Ruleset {
    /// Finds a criterion by key, display name or alias (case and `-`/space insensitive).
    pub fn find(&self, query: &str) -> Option<&Criterion> {
        let wanted = normalize(query);
        self.criteria.iter().find(|c| {
            normalize(&c.id) == wanted
                || normalize(&c.name) == wanted
                || c.aliases.iter().any(|a| normalize(a) == wanted)
        })
    }
}

fn normalize(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}
