//! The scoring systems and the classes of scoring element: a leaf of `rules` that the
//! schema, the loader, the errors and the options all name.

use serde::{Deserialize, Serialize};

use crate::plural::counted;

/// How a ruleset turns scoring elements into a score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum System {
    /// Korean/Japanese: hand-points plus bonus-points, limit hands, paid point for point.
    Points,
    /// Malaysian: fan counted to a minimum and a cap, points = base + per-fan × fan.
    Fan,
    /// Japanese riichi: han and fu, base points, mangan and higher limits (`crate::system::hanfu`).
    HanFu,
    /// Han only, paid from a printed table (`crate::system::han_table`).
    HanTable,
}

impl System {
    /// Every scoring system.
    pub const ALL: &[System] = &[System::Points, System::Fan, System::HanFu, System::HanTable];

    /// The system's name as written in `scoring.system`.
    pub fn name(self) -> &'static str {
        match self {
            System::Points => "points",
            System::Fan => "fan",
            System::HanFu => "han-fu",
            System::HanTable => "han-table",
        }
    }

    /// The system counts han (the Japanese systems, `han-fu` and `han-table`): it plays with
    /// riichi sticks and counters, and its yaku, yakuman and dora count han.
    pub fn counts_han(self) -> bool {
        matches!(self, System::HanFu | System::HanTable)
    }

    /// A player may declare his hand in play: riichi (the han systems) or ready (`points`);
    /// `fan` has neither (000 §Malaysia names none).
    pub fn declares(self) -> bool {
        !matches!(self, System::Fan)
    }

    /// What a declaration is called, as a heading names it: `Riichi` (the han systems),
    /// `Ready` (`points`); `None` where the system declares nothing (`fan`).
    pub fn declaration(self) -> Option<&'static str> {
        match self {
            System::HanFu | System::HanTable => Some("Riichi"),
            System::Points => Some("Ready"),
            System::Fan => None,
        }
    }

    /// The table keeps counters (honba) between hands: the han systems.
    pub fn keeps_counters(self) -> bool {
        self.counts_han()
    }

    /// Who was tenpai at an exhaustive draw is recorded and paid (noten payments): the han
    /// systems; the others pay nothing at an exhaustive draw.
    pub fn pays_tenpai(self) -> bool {
        self.counts_han()
    }
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
    /// The class counts han (yaku, yakuman, dora: the Japanese systems').
    pub fn counts_han(self) -> bool {
        matches!(self, Class::Yaku | Class::Yakuman | Class::Dora)
    }

    /// `n` in the class's unit, as every text writes a value: `2 han`, `1 hand-point`,
    /// `3 bonus-points`, `5 fan`, `yakuman`, `2× yakuman`; a limit class is `limit` or `half limit`
    /// whatever `n` is.
    pub fn worth(self, n: u32) -> String {
        match self {
            Class::HandPoint => counted(n, "hand-point", "hand-points"),
            Class::BonusPoint => counted(n, "bonus-point", "bonus-points"),
            Class::Limit | Class::HalfLimit => self.label().to_string(),
            Class::Fan => format!("{n} fan"),
            Class::Yaku | Class::Dora => format!("{n} han"),
            Class::Yakuman if n == 1 => "yakuman".to_string(),
            Class::Yakuman => format!("{n}× yakuman"),
        }
    }

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
