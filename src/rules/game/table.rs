//! The shape of the `[game]` table's rows: [`GameSetting`] (a key, the kind of value it takes,
//! its one-line help, the systems that read it) and the `game_settings!` macro that makes the
//! file form, the resolved rules and the rows of one list of settings (`mod.rs`).

use super::super::system::System;

/// What kind of value a `[game]` key takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A whole number, counted in its unit.
    Number(Unit),
    /// `true` or `false`.
    Switch,
    /// One word of a few ([`GameSetting::choices`]).
    Word,
    /// A list of words, each one of a few ([`GameSetting::choices`]).
    Words,
    /// A list of criteria, by detector key.
    Criteria,
    /// Three signed amounts of points: first, second and third place.
    Places,
}

impl Kind {
    /// The kind as the web page's data names it (`number`, `switch`, `word`, …).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Number(_) => "number",
            Kind::Switch => "switch",
            Kind::Word => "word",
            Kind::Words => "words",
            Kind::Criteria => "criteria",
            Kind::Places => "places",
        }
    }

    /// The unit a number (or each place's amount) is counted in; `None` for the other kinds.
    pub fn unit(self) -> Option<Unit> {
        match self {
            Kind::Number(unit) => Some(unit),
            Kind::Places => Some(Unit::Points),
            _ => None,
        }
    }
}

/// What a number of the `[game]` table counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Points.
    Points,
    /// Wind rounds.
    WindRounds,
    /// Tiles left in the wall.
    Tiles,
    /// Drawn hands in a row.
    DrawnHands,
}

impl Unit {
    /// The unit in words (`points`, `wind rounds`).
    pub fn name(self) -> &'static str {
        match self {
            Unit::Points => "points",
            Unit::WindRounds => "wind rounds",
            Unit::Tiles => "tiles",
            Unit::DrawnHands => "drawn hands",
        }
    }
}

/// One `[game]` setting: a row of the one table every list of the settings is made from.
#[derive(Debug)]
pub struct GameSetting {
    /// The key as written in `[game]` (`dealer-at-draw`).
    pub key: &'static str,
    /// The kind of value it takes.
    pub kind: Kind,
    /// What it decides, in one plain sentence for a player.
    pub help: &'static str,
    /// The scoring systems whose games read it; a layer that sets it under another system is
    /// refused.
    pub read_by: &'static [System],
    /// The words it takes, read from its type's serde derive.
    pub(super) words: fn() -> Option<&'static [&'static str]>,
}

impl GameSetting {
    /// The words the key takes, as the TOML spells them, when it takes one of a few or a list
    /// of them; `None` for numbers, switches, places and criteria.
    pub fn choices(&self) -> Option<&'static [&'static str]> {
        match self.kind {
            Kind::Word | Kind::Words => (self.words)(),
            _ => None,
        }
    }

    /// Whether one of `systems` reads the key.
    pub fn read_by_any(&self, systems: &[System]) -> bool {
        self.read_by.iter().any(|s| systems.contains(s))
    }
}

/// A setting's type in the file form: its own, or the one it is read from.
macro_rules! file_type {
    ($ty:ty) => {
        $ty
    };
    ($file:ty, $ty:ty) => {
        $file
    };
}

/// A value of the file form made the setting's own: a clone, or the conversion the row names,
/// whose error is said under the row's key.
macro_rules! from_file {
    ($value:expr, $key:literal) => {
        $value.clone()
    };
    ($value:expr, $key:literal, $convert:path) => {
        $convert($value).map_err(|m| ($key, m))?
    };
}

/// Declares the `[game]` settings once, one row each: its help (the doc comment), field, key,
/// type (and the type it is read from, with the conversion), kind, default (an expression of
/// the system, named first) and the systems that read it. Generates [`GameFile`] (as written,
/// every key optional) and its `update`, [`GameRules`] (defaults applied) and its `resolve`,
/// [`SETTINGS`] (the rows) and `GameRules::values_read_by`.
macro_rules! game_settings {
    ($system:ident; $(
        $(#[doc = $help:literal])+
        $field:ident $key:literal: $ty:ty $([from $file:ty, $convert:path])?, $kind:expr,
            default $default:expr, read by [$($reader:ident),+];
    )*) => {
        /// The `[game]` table as written: every key optional.
        #[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
        #[serde(deny_unknown_fields)]
        pub struct GameFile {
            $($(#[doc = $help])+ #[serde(rename = $key)] pub $field: Option<file_type!($($file,)? $ty)>,)*
        }

        /// The `[game]` rules with their defaults applied.
        #[derive(Debug, Clone, PartialEq, Eq, Serialize)]
        pub struct GameRules {
            $($(#[doc = $help])+ #[serde(rename = $key)] pub $field: $ty,)*
        }

        /// Every `[game]` setting, in the table's order.
        pub const SETTINGS: &[GameSetting] = &[$(GameSetting {
            key: $key,
            kind: $kind,
            help: concat!($($help),+).trim_ascii(),
            read_by: &[$(System::$reader),+],
            words: variants::<$ty>,
        },)*];

        impl GameFile {
            /// Lays `top` over this table: every key `top` sets replaces this one's.
            pub(in crate::rules) fn update(&mut self, top: GameFile) {
                $(if top.$field.is_some() {
                    self.$field = top.$field;
                })*
            }
        }

        impl GameRules {
            /// `file` with the defaults of the system filled in: the flow of the system's base
            /// text (003 for the han systems, 000's Korean rules for points, 000 §Malaysia for
            /// fan). A value that cannot be converted is an error under its key.
            pub(in crate::rules) fn resolve(
                file: &GameFile,
                $system: System,
            ) -> Result<GameRules, (&'static str, String)> {
                Ok(GameRules {
                    $($field: match &file.$field {
                        Some(value) => from_file!(value, $key $(, $convert)?),
                        None => $default,
                    },)*
                })
            }

            /// Each key one of `systems` reads, with its value as TOML holds it (a number, a
            /// word, a boolean, a list), in the table's order.
            pub fn values_read_by(&self, systems: &[System]) -> Vec<(&'static GameSetting, toml::Value)> {
                let values = [$(toml::Value::try_from(&self.$field),)*];
                SETTINGS
                    .iter()
                    .zip(values)
                    .filter(|(setting, _)| setting.read_by_any(systems))
                    .filter_map(|(setting, value)| Some((setting, value.ok()?)))
                    .collect()
            }

            /// Each setting whose value is a `T`, with the value (the numbers, for the range
            /// check).
            pub(in crate::rules) fn each_of<T: std::any::Any>(
                &self,
            ) -> impl Iterator<Item = (&'static GameSetting, &T)> {
                let values: [&dyn std::any::Any; SETTINGS.len()] = [$(&self.$field,)*];
                SETTINGS
                    .iter()
                    .zip(values)
                    .filter_map(|(setting, value)| Some((setting, value.downcast_ref::<T>()?)))
            }
        }
    };
}

pub(super) use {file_type, from_file, game_settings};
