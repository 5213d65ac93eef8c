//! Rulesets: the TOML schema (`schema`), the optional rules and the systems that read them
//! (`options`, `scope`), the shipped rulesets embedded in the binary (as TOML text and in the
//! compact form build.rs writes, each laid over the shipped rulesets it `extends`,
//! `embedded`), reading a house file's `extends` chain within its limits (`chain`), laying
//! one layer over another field by field (`merge`), loading and placing errors at the layer
//! that wrote the key (`load`), resolving defaults and range checks (`resolve`), the tile set
//! (`tiles`), the criterion-key ↔ detector registry (`registry`) and errors with the key and
//! where it is written (`error`).

mod bounds;
mod chain;
mod embedded;
mod embedded_tags;
mod error;
mod game;
mod load;
mod merge;
mod names;
mod options;
mod registry;
mod resolve;
mod schema;
mod scope;
mod system;
mod text;
mod tiles;

use serde::Serialize;

pub use chain::{MAX_HOUSE_BYTES, MAX_HOUSE_FILES};
pub use error::{KeyPath, Location, RulesError};
pub use game::{
    AbortiveDraw, AtMinimum, BothBelow, Bust, ClaimOrder, CountersAtDraw, DealerAtDraw,
    DealerDoubleRon, DealerRule, DeclarationTileRon, DoubleRonCounters, FlyBonusTo, GameFile,
    GameRules, GameSetting, GoulashAtEnd, Kind as SettingKind, LeftoverSticks, LimitHandBonus,
    MultipleRon, OwnTilesWait, PaoRon, PaoRonCounters, PromotedKongPayer,
    SETTINGS as GAME_SETTINGS, SticksTo, ThreeReady, Unit as SettingUnit, setting as game_setting,
};
pub use load::{load, load_for_record, load_text, load_with};
pub use names::shipped_names;
pub use options::{OptionName, Options, OptionsFile};
pub use registry::{detector_for, detector_names};
pub use schema::{
    CriterionFile, DiscardBonus, FanFile, HanFile, HanTableRow, PaymentFile, PaymentMode,
    RulesetFile, ScoringFile, TilesFile,
};
pub use scope::value_read_by;
pub use system::{Class, System};
pub use text::Text;
pub use tiles::TileSet;

use crate::check::Check;
use crate::tile::Dragon;
use embedded::Embedded;

/// Declares [`SHIPPED`] and [`SHIPPED_EMBEDDED`] from one list of names (`rules/NAME.toml`).
macro_rules! shipped {
    ($($name:literal),* $(,)?) => {
        /// The rulesets shipped inside the binary: name and TOML text.
        pub const SHIPPED: &[(&str, &str)] = &[
            $(($name, include_str!(concat!("../../rules/", $name, ".toml")))),*
        ];
        /// The same rulesets, each laid over the shipped rulesets it `extends`, in the
        /// compact form build.rs writes from the TOML: what loading reads, with no text to
        /// scan and no layers to merge.
        pub(crate) static SHIPPED_EMBEDDED: &[(&str, Embedded)] = &[
            $(($name, Embedded {
                layers: &include!(concat!(env!("OUT_DIR"), "/rules/", $name, ".layers")),
                words: &include!(concat!(env!("OUT_DIR"), "/rules/", $name, ".words")),
                text: include_str!(concat!(env!("OUT_DIR"), "/rules/", $name, ".txt")),
            })),*
        ];
    };
}

names::with_shipped_names!(shipped);

/// The ruleset used when none is named.
pub const DEFAULT_RULESET: &str = "korean";

/// A complete ruleset, every layer merged and every value present.
#[derive(Debug, Clone)]
pub struct Ruleset {
    /// Short name.
    pub name: String,
    /// One-line title.
    pub title: String,
    /// The rule source.
    pub source: String,
    /// Tile set after options.
    pub tiles: TileSet,
    /// Scoring system.
    pub system: System,
    /// Minimum to win: hand-points (points system) or fan (fan system).
    pub minimum: u32,
    /// Points-system parameters (`[scoring]` limits, `[payment]`).
    pub points: PointsParams,
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
    /// How a whole game flows (`[game]`) with defaults applied.
    pub game: GameRules,
    /// The house files and `--set` items this run laid over the shipped ruleset.
    pub changes: Changes,
}

/// What a run laid over the shipped ruleset it starts from, named in every header and JSON
/// record so that a changed verdict is never credited to the shipped ruleset.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Changes {
    /// The shipped ruleset at the bottom of the `extends` chain.
    pub base: String,
    /// The house files, bottom first (the last is the one `--rules` named).
    pub files: Vec<String>,
    /// A game record's own `set KEY=VALUE` lines, in order (laid before the overrides);
    /// named in the game's label, never in a scored hand's JSON (a hand has no record).
    #[serde(skip)]
    pub record_sets: Vec<String>,
    /// The `--set KEY=VALUE` items, in order.
    pub overrides: Vec<String>,
}

impl Changes {
    /// Nothing was laid over the shipped ruleset.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty() && self.record_sets.is_empty() && self.overrides.is_empty()
    }
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
    /// See [`HanFile::goulash_per_draw`] (0: off).
    pub goulash_per_draw: u32,
    /// See [`HanFile::table`].
    pub table: Vec<HanTableRow>,
}

/// One scoring criterion ready for evaluation.
#[derive(Debug, Clone)]
pub struct Criterion {
    /// Key in the ruleset (shared with the elements that score it).
    pub id: Text,
    /// The detector.
    pub check: Check,
    /// Hand-point, bonus-point, half limit or limit.
    pub class: Class,
    /// Points each time it applies (0 for limit hands).
    pub value: u32,
    /// Display name (shared with the elements that score it).
    pub name: Text,
    /// Other names.
    pub aliases: Vec<Text>,
    /// What the hand needs.
    pub description: Text,
    /// A hand that scores it.
    pub example: Text,
    /// Source file and section (shared with the elements that score it).
    pub source: Text,
    /// For limit hands: must the hand be concealed?
    pub concealed_only: bool,
    /// Options that must be on for it to count.
    pub when: Vec<OptionName>,
    /// Counts only when the other criteria give at least this many hand-points (0: always).
    pub needs_hand_points: u32,
    /// Han-based systems: the value in an open hand (0: not counted when open).
    pub open_value: u32,
}

/// Points-system parameters with defaults applied: the limits of `[scoring]` and how
/// `[payment]` settles a win.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointsParams {
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

impl Ruleset {
    /// What criterion `c` is worth here, in its class's unit ([`Class::worth`]), a limit
    /// with the points it pays: `2 han`, `3 hand-points`, `limit (40 points)`.
    pub fn worth(&self, c: &Criterion) -> String {
        let limit = match c.class {
            Class::Limit => self.points.limit,
            Class::HalfLimit => self.points.half_limit,
            class => return class.worth(c.value),
        };
        format!(
            "{} ({} points)",
            c.class.label(),
            crate::amount::written(limit.into())
        )
    }

    /// The ruleset as headers name it: `korean`, or with what was laid over it,
    /// `my-table from my-table.toml on korean with --set scoring.minimum=1`; a game record's
    /// own lines as it writes them, `with set game.rounds=2`.
    pub fn label(&self) -> String {
        let mut label = self.name.clone();
        match (self.changes.files.last(), self.changes.base.as_str()) {
            (Some(file), "") => label.push_str(&format!(" from {file}")),
            (Some(file), base) => label.push_str(&format!(" from {file} on {base}")),
            (None, _) => {}
        }
        let sets = self.changes.record_sets.iter().map(|item| ("set", item));
        let overrides = self.changes.overrides.iter().map(|item| ("--set", item));
        for (i, (word, item)) in sets.chain(overrides).enumerate() {
            let joint = if i == 0 { " with" } else { "," };
            label.push_str(&format!("{joint} {word} {item}"));
        }
        label
    }

    /// The ruleset as a table names it: its title's head and its name (`Mahjong Soul
    /// three-player riichi (sanma-mahjongsoul)`), a house file's name and what it is laid on
    /// (`our-table, house rules on sanma`), and how many settings a game record's own lines
    /// change (`, 2 settings changed`); no file, key or command line named.
    pub fn table_name(&self) -> String {
        let head = self
            .title
            .split_once(": ")
            .map_or(self.title.as_str(), |(head, _)| head)
            .trim();
        let mut said = if !self.changes.files.is_empty() {
            match self.changes.base.as_str() {
                "" => format!("{}, house rules", self.name),
                base => format!("{}, house rules on {base}", self.name),
            }
        } else if head.is_empty() || head == self.name {
            self.name.clone()
        } else if head.contains(&format!("({})", self.name)) {
            head.to_string()
        } else {
            format!("{head} ({})", self.name)
        };
        let changed = self.changes.record_sets.len() + self.changes.overrides.len();
        if changed > 0 {
            said.push_str(&format!(
                ", {} changed",
                crate::plural::counted(changed as u64, "setting", "settings")
            ));
        }
        said
    }

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

#[cfg(test)]
mod table_name_tests {
    use super::load::{load, load_text, load_with};

    #[test]
    fn a_table_names_a_ruleset_by_its_title_never_by_a_key_or_a_file() {
        let named = |r: &str| load(r).expect("shipped").table_name();
        assert_eq!(
            named("sanma-mahjongsoul"),
            "Mahjong Soul three-player riichi (sanma-mahjongsoul)"
        );
        // A title that names the ruleset already is not given the name twice.
        assert_eq!(named("sanma"), "Japanese three-player riichi (sanma)");
        let set =
            load_with("sanma", &["game.uma=[15000, 0, -15000]".to_string()]).expect("an override");
        assert_eq!(
            set.table_name(),
            "Japanese three-player riichi (sanma), 1 setting changed"
        );
        assert!(!set.table_name().contains("--set"));
        let house = load_text(
            "house.toml",
            "name = \"our-table\"\nextends = \"sanma\"\n",
            &[],
        )
        .expect("a house file");
        assert_eq!(house.table_name(), "our-table, house rules on sanma");
    }
}
