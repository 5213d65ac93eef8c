//! The ruleset file as written: every TOML table and value, each optional so that a file can
//! `extends` another and change one value. Nothing here applies defaults or checks ranges
//! (`resolve` does).

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use super::game::GameFile;
use super::options::{OptionName, OptionsFile};
use super::system::{Class, System};
use super::text::Text;
use crate::check::Check;

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
    /// Goulash: what each other player pays the next winner per drawn hand in a row before
    /// (`draws=`); 0: none.
    pub goulash_per_draw: Option<u32>,
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
    pub name: Option<Text>,
    /// Other names it is known by.
    pub aliases: Option<Vec<Text>>,
    /// What the hand needs.
    pub description: Option<Text>,
    /// A hand in notation that scores it.
    pub example: Option<Text>,
    /// Source file and section.
    pub source: Option<Text>,
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
    /// How a whole game flows around its wins.
    pub game: Option<GameFile>,
    /// Scoring criteria in display order.
    #[serde(default)]
    pub criteria: IndexMap<Text, CriterionFile, foldhash::fast::RandomState>,
}
