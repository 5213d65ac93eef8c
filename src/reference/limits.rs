//! The limits as things to ask about (`mj3 criteria mangan`, `mj3 score HAND --why haneman`):
//! what each is worth under a ruleset and what reaches it, worked out by the functions that
//! score (the han-and-fu base points, the tsumo shares, the points and fan parameters), so a
//! card can never say other than a score does.

use serde::Serialize;

use crate::amount::written;
use crate::results::{HanLimit, Limit, Score, Totals};
use crate::rules::{Class, Ruleset, System};
use crate::system::hanfu::{base_points, tsumo_owed};

/// A limit of one scoring system or another: a han-and-fu level (mangan to yakuman), the
/// points system's half or full limit, or the fan system's cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Han systems: mangan, haneman, baiman, sanbaiman, kazoe yakuman, yakuman.
    Han(HanLimit),
    /// Points system: the half limit (`scoring.half-limit`) or the full limit
    /// (`scoring.limit`) of the limit hands.
    Points(Limit),
    /// Fan system: the most fan counted (`fan.cap`).
    FanCap,
}

impl Serialize for Level {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.key())
    }
}

/// Every level with its display name and the names it answers to: the romaji, English and
/// the kanji and katakana riichi.wiki gives on each limit's page (満貫, 跳満, 倍満, 三倍満,
/// 数え役満, 役満).
const LEVELS: [(Level, &str, &[&str]); 9] = [
    (
        Level::Han(HanLimit::Mangan),
        "Mangan",
        &["mangan", "満貫", "マンガン"],
    ),
    (
        Level::Han(HanLimit::Haneman),
        "Haneman",
        &["haneman", "跳満", "ハネマン"],
    ),
    (
        Level::Han(HanLimit::Baiman),
        "Baiman",
        &["baiman", "倍満", "バイマン"],
    ),
    (
        Level::Han(HanLimit::Sanbaiman),
        "Sanbaiman",
        &["sanbaiman", "三倍満", "サンバイマン"],
    ),
    (
        Level::Han(HanLimit::KazoeYakuman),
        "Kazoe yakuman",
        &["kazoe", "kazoe yakuman", "counted yakuman", "数え役満"],
    ),
    (
        Level::Han(HanLimit::Yakuman),
        "Yakuman",
        &["yakuman", "役満", "ヤクマン"],
    ),
    (
        Level::Points(Limit::Half),
        "Half limit",
        &["half limit", "half-limit"],
    ),
    (
        Level::Points(Limit::Full),
        "Limit",
        &["limit", "full limit", "limit hand"],
    ),
    (
        Level::FanCap,
        "Fan cap",
        &["fan cap", "cap", "maximum fan", "fan limit"],
    ),
];

impl Level {
    /// The level a query names (a name above, up to case, spacing and script folding).
    pub fn find(query: &str) -> Option<Level> {
        let wanted = super::search::folded(query);
        if wanted.is_empty() {
            return None;
        }
        LEVELS
            .iter()
            .find(|(_, _, names)| names.iter().any(|n| super::search::folded(n) == wanted))
            .map(|(level, _, _)| *level)
    }

    /// Its display name.
    pub fn name(self) -> &'static str {
        LEVELS
            .iter()
            .find(|(level, _, _)| *level == self)
            .map_or("", |(_, name, _)| name)
    }

    /// The names it answers to.
    pub fn names(self) -> &'static [&'static str] {
        LEVELS
            .iter()
            .find(|(level, _, _)| *level == self)
            .map_or(&[], |(_, _, names)| names)
    }

    /// Its key in JSON (`mangan`, `kazoe-yakuman`, `half-limit`, `full-limit`, `fan-cap`).
    pub fn key(self) -> &'static str {
        match self {
            Level::Han(limit) => limit.name(),
            Level::Points(Limit::Half) => "half-limit",
            Level::Points(Limit::Full) => "full-limit",
            Level::FanCap => "fan-cap",
        }
    }
}

/// A level under one ruleset: what it is worth and what reaches it, or why the ruleset has
/// no such level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LevelIn {
    /// The ruleset's name.
    pub ruleset: String,
    /// What it is worth (`None`: the ruleset has no such level, and `reaches` says why).
    pub worth: Option<String>,
    /// What reaches it, or why nothing does.
    pub reaches: String,
}

/// The han counts (with the fu they need) that reach `level` under a han-and-fu ruleset, and
/// the base points it pays: `5 han; 4 han from 40 fu; 3 han from 70 fu`.
fn han_fu_reach(level: Level, rules: &Ruleset) -> Option<(String, u32)> {
    const MOST_HAN: u32 = 40;
    const FU: [u32; 11] = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110];
    let mut base = None;
    // Per han count: the least fu that reaches the level, and whether every fu does.
    let mut rows: Vec<(u32, u32, bool)> = Vec::new();
    for han in 1..=MOST_HAN {
        let reaching: Vec<u32> = FU
            .iter()
            .copied()
            .filter(|&fu| {
                let (points, limit) = base_points(han, fu, 0, rules);
                let hit = limit.map(Level::Han) == Some(level);
                if hit {
                    base = Some(points);
                }
                hit
            })
            .collect();
        if let Some(&least) = reaching.first() {
            rows.push((han, least, reaching.len() == FU.len()));
        }
    }
    let base = base?;
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while let Some(&(first, least, all)) = rows.get(i) {
        if !all {
            parts.push(format!("{first} han from {least} fu"));
            i += 1;
            continue;
        }
        let mut last = first;
        while rows
            .get(i + 1)
            .is_some_and(|&(han, _, all)| all && han == last + 1)
        {
            i += 1;
            last += 1;
        }
        parts.push(match (first, last) {
            (a, b) if a == b => format!("{a} han"),
            (a, MOST_HAN) => format!("{a} or more han"),
            (a, b) => format!("{a}–{b} han"),
        });
        i += 1;
    }
    parts.reverse();
    Some((parts.join("; "), base))
}

/// What a han-and-fu limit of `base` base points pays in this three-player game.
fn han_fu_worth(base: u32, rules: &Ruleset) -> String {
    let split = rules.options.tsumo_split;
    let ron = |times: u32| written(i64::from(base.saturating_mul(times).div_ceil(100) * 100));
    let from_dealer = tsumo_owed(base, false, true, split).0;
    let from_other = tsumo_owed(base, false, false, split).0;
    let dealer_each = tsumo_owed(base, true, false, split).0;
    format!(
        "base points {}: ron {} (dealer {}); tsumo {} from the dealer + {} (dealer wins: {} each)",
        written(i64::from(base)),
        ron(4),
        ron(6),
        written(from_dealer),
        written(from_other),
        written(dealer_each)
    )
}

/// The names of the criteria of `class` the ruleset scores: the hands that reach a limit.
fn limit_hands(rules: &Ruleset, class: Class) -> Vec<String> {
    rules
        .criteria
        .iter()
        .filter(|c| c.class == class)
        .map(|c| c.name.to_string())
        .collect()
}

/// `level` under `rules`.
pub fn level_in(level: Level, rules: &Ruleset) -> LevelIn {
    let (worth, reaches) = match (rules.system, level) {
        (System::HanFu, Level::Han(HanLimit::Yakuman)) => (
            Some(han_fu_worth(8000, rules)),
            yakuman_hands(rules, "per yakuman"),
        ),
        (System::HanFu, Level::Han(_)) => match han_fu_reach(level, rules) {
            Some((reaches, base)) => (Some(han_fu_worth(base, rules)), reaches),
            None => (
                None,
                "no han count reaches it: option kazoe-yakuman is off (13 or more han score sanbaiman)"
                    .to_string(),
            ),
        },
        (System::HanTable, Level::Han(HanLimit::Yakuman)) => {
            let row = rules.han.table.iter().find(|r| r.yakuman == Some(1));
            (
                row.map(|r| {
                    format!(
                        "the table's {} row: ron {} (dealer {})",
                        r.name,
                        written(i64::from(r.ron_ko)),
                        written(i64::from(r.ron_oya))
                    )
                }),
                yakuman_hands(rules, "one row per yakuman count"),
            )
        }
        (System::HanTable, Level::Han(_)) => (
            None,
            "the printed table pays each han count by its own row; it names no such limit"
                .to_string(),
        ),
        (System::Points, Level::Points(limit)) => {
            let (points, class, called) = if limit == Limit::Half {
                (rules.points.half_limit, Class::HalfLimit, "half-limit")
            } else {
                (rules.points.limit, Class::Limit, "limit")
            };
            let hands = limit_hands(rules, class);
            if hands.is_empty() {
                (None, "the ruleset lists no such limit hand".to_string())
            } else {
                (
                    Some(format!(
                        "{} points in place of the hand-points",
                        written(i64::from(points))
                    )),
                    format!("a {called} hand: {}", hands.join(", ")),
                )
            }
        }
        (System::Fan, Level::FanCap) => {
            let fan = &rules.fan;
            let points = fan
                .base_points
                .saturating_add(fan.points_per_fan.saturating_mul(fan.cap));
            (
                Some(format!(
                    "{} fan counted at most: {} points ({} + {} × {})",
                    fan.cap,
                    written(i64::from(points)),
                    written(i64::from(fan.base_points)),
                    written(i64::from(fan.points_per_fan)),
                    fan.cap
                )),
                format!(
                    "{} fan or more; fan above {} is not counted",
                    fan.cap, fan.cap
                ),
            )
        }
        (system, _) => (
            None,
            format!("not a level of the {} system", system.name()),
        ),
    };
    LevelIn {
        ruleset: rules.name.clone(),
        worth,
        reaches,
    }
}

/// What reaches a yakuman: the yakuman criteria the ruleset scores, and kazoe when on.
fn yakuman_hands(rules: &Ruleset, paid: &str) -> String {
    let hands = limit_hands(rules, Class::Yakuman);
    let kazoe = if rules.system == System::HanFu && rules.options.kazoe_yakuman {
        "; 13 or more han count as one (kazoe yakuman)"
    } else {
        ""
    };
    format!(
        "a yakuman criterion ({} in this ruleset, {paid}){kazoe}",
        hands.len()
    )
}

/// Whether a scored hand reached `level`, and what it reached, in the totals line every text
/// writes (`5 han 30 fu, mangan`, `full limit, 8,000 points`).
pub fn reached(level: Level, score: &Score) -> (bool, String) {
    let hit = match &score.totals {
        Totals::HanFu(t) => t.limit.map(Level::Han) == Some(level),
        Totals::HanTable(t) => level == Level::Han(HanLimit::Yakuman) && t.yakuman > 0,
        Totals::Points(t) => t.limit.map(Level::Points) == Some(level),
        Totals::Fan(t) => level == Level::FanCap && t.fan >= t.cap,
    };
    (hit, score.totals_line().to_string())
}

/// The card of a level (`mj3 criteria mangan`): its names and what it is under each ruleset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LimitCard {
    /// The level.
    pub limit: Level,
    /// Its display name.
    pub name: &'static str,
    /// The names it answers to.
    pub names: &'static [&'static str],
    /// What it is under each ruleset, in the order given.
    pub rulesets: Vec<LevelIn>,
}

/// The card of `level` under `rulesets`.
pub fn card(level: Level, rulesets: &[Ruleset]) -> LimitCard {
    LimitCard {
        limit: level,
        name: level.name(),
        names: level.names(),
        rulesets: rulesets.iter().map(|r| level_in(level, r)).collect(),
    }
}

/// The card as text, its lines wrapped to `width`: the rulesets that have the level, each
/// with its worth and what reaches it, then those that do not and why.
pub fn text(card: &LimitCard, width: usize) -> String {
    // Each line with its indent: `reached by` sits under its ruleset's line.
    let mut lines = vec![
        ("", "═".repeat(width.min(80))),
        ("", format!("{}: a limit, not a criterion", card.name)),
        ("", format!("Also: {}", card.names.join(", "))),
    ];
    for level in card.rulesets.iter().filter(|l| l.worth.is_some()) {
        let worth = level.worth.as_deref().unwrap_or_default();
        lines.push(("", format!("{}: {worth}", level.ruleset)));
        lines.push(("  ", format!("reached by: {}", level.reaches)));
    }
    for level in card.rulesets.iter().filter(|l| l.worth.is_none()) {
        lines.push((
            "",
            format!("Not under {}: {}", level.ruleset, level.reaches),
        ));
    }
    let mut out = String::new();
    // Every continuation two more in.
    for (first, line) in lines {
        for (i, part) in crate::render::wrap_lines(&line, width.saturating_sub(6))
            .iter()
            .enumerate()
        {
            out.push_str(first);
            if i > 0 {
                out.push_str("  ");
            }
            out.push_str(part);
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_found_by_their_names_in_any_script() {
        assert_eq!(Level::find("Mangan"), Some(Level::Han(HanLimit::Mangan)));
        assert_eq!(Level::find("満貫"), Some(Level::Han(HanLimit::Mangan)));
        assert_eq!(Level::find("はねまん"), Some(Level::Han(HanLimit::Haneman)));
        assert_eq!(Level::find("half limit"), Some(Level::Points(Limit::Half)));
        assert_eq!(Level::find("tanyao"), None);
        assert_eq!(Level::find(""), None);
    }
}

/// What `mj3 criteria LIMIT --json` writes: the card, then the query it answers.
#[derive(Serialize)]
struct LimitAnswer<'a> {
    limit: &'a LimitCard,
    query: &'a str,
}

/// The JSON of `card` as the answer to `query` (`mj3 criteria mangan --json`).
pub fn json(query: &str, card: &LimitCard) -> String {
    crate::json::to_string(&LimitAnswer { limit: card, query })
        .unwrap_or_else(|e| unreachable!("plain data serializes: {e}"))
}
