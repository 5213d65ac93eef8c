//! Hands scored live for the rules reference: a card's example and near-miss are scored
//! under the ruleset each time the card is shown, so what the card says can never go stale.

use serde::Serialize;

use super::{card, near_miss};
use crate::criteria::requirements::applies_to_every_win;
use crate::evaluate::Evaluation;
use crate::results::{Element, Limit, Score, Totals};
use crate::rules::{Class, Criterion, Ruleset};
use crate::{rules, score_line};

/// A criterion's example hand and what it scores.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Example {
    /// The hand in notation.
    pub hand: String,
    /// The ruleset values set to score it (`options.red-dora=true`): what switches the
    /// criterion on when the ruleset has it off.
    pub settings: Vec<String>,
    /// The criterion's element in this hand (`Tanyao: 1 han`), or `None` when it does not
    /// count (a ruleset error the tests catch).
    pub element: Option<String>,
    /// The hand's total and verdict (`2 han 30 fu; the winner receives 2000`), or why the
    /// hand could not be scored.
    pub total: String,
}

/// A hand that just misses the criterion, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NearMiss {
    /// The hand in notation.
    pub hand: String,
    /// The ruleset values set to score it, as `--set` takes them.
    pub settings: Vec<String>,
    /// Why the criterion does not count.
    pub reason: String,
    /// The hand's total and verdict.
    pub total: String,
}

/// The scores of a line: one for a complete hand, one per winning tile of a waiting hand.
fn scores(evaluation: &Evaluation) -> Vec<&Score> {
    match evaluation {
        Evaluation::Complete { score } => score.iter().collect(),
        Evaluation::Waiting { waits } => waits.iter().map(|w| &w.score).collect(),
    }
}

/// The element of `key` in `score`, counted or superseded by a limit.
pub fn element_of<'s>(score: &'s Score, key: &str) -> Option<&'s Element> {
    score
        .elements
        .iter()
        .chain(&score.superseded)
        .find(|e| *e.id == *key)
}

/// What an element is worth, in the words of its class: `2 han`, `1 hand-point`, `limit`.
pub fn element_value(element: &Element) -> String {
    let plural = |n: u32, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    match element.class {
        Class::HandPoint => plural(element.points, "hand-point"),
        Class::BonusPoint => plural(element.points, "bonus-point"),
        Class::Limit => "limit".to_string(),
        Class::HalfLimit => "half limit".to_string(),
        Class::Fan => format!("{} fan", element.points),
        Class::Yaku | Class::Dora => format!("{} han", element.points),
        Class::Yakuman => format!("{}× yakuman", element.count.max(1) * element.value.max(1)),
    }
}

/// The totals and verdict of a score in one line.
pub fn summary(score: &Score) -> String {
    let totals = match &score.totals {
        Totals::Points(t) => match t.limit {
            Some(Limit::Full) => format!("full limit, {} points", t.limit_points),
            Some(Limit::Half) => format!("half limit, {} points", t.limit_points),
            None => format!(
                "{} hand-points + {} bonus-points",
                t.hand_points, t.bonus_points
            ),
        },
        Totals::Fan(t) => format!("{} fan, {} points", t.counted, t.points),
        Totals::HanFu(t) if t.yakuman > 0 => format!("{}× yakuman", t.yakuman),
        Totals::HanFu(t) => match t.limit {
            Some(limit) => format!("{} han {} fu, {}", t.han, t.fu, limit.name()),
            None => format!("{} han {} fu", t.han, t.fu),
        },
        Totals::HanTable(t) if t.yakuman > 0 => format!("{}× yakuman ({})", t.yakuman, t.row),
        Totals::HanTable(t) => format!("{} han ({})", t.han, t.row),
    };
    if score.verdict.is_win() {
        format!("{totals}; the winner receives {}", score.received())
    } else {
        format!("{totals}; {}", score.verdict.explain())
    }
}

/// `rules` with `settings` (as `--set` takes them) applied, when there are any: only a
/// shipped ruleset can be reloaded with them.
fn with_settings(rules: &Ruleset, settings: &[String]) -> Option<Ruleset> {
    if settings.is_empty() {
        return Some(rules.clone());
    }
    if !rules::shipped_names().contains(&rules.name.as_str()) {
        return None;
    }
    rules::load_with(&rules.name, settings).ok()
}

/// Whether `rules` scores `key` (lists it switched on).
fn scores_key(rules: &Ruleset, key: &str) -> bool {
    rules.criteria.iter().any(|c| *c.id == *key)
}

/// The settings that switch `criterion` on in `rules` (none when it is on).
fn switch_on(rules: &Ruleset, criterion: &Criterion) -> Vec<String> {
    if scores_key(rules, &criterion.id) {
        return Vec::new();
    }
    card::switched_off_of(rules, criterion)
        .switch_on
        .iter()
        .map(|s| s.trim_start_matches("--set ").to_string())
        .collect()
}

/// Scores `criterion`'s example under `rules` (switched on first, when it is off).
pub fn example(rules: &Ruleset, criterion: &Criterion) -> Example {
    let hand = criterion.example.to_string();
    let settings = switch_on(rules, criterion);
    let failed = |total: String| Example {
        hand: hand.clone(),
        settings: settings.clone(),
        element: None,
        total,
    };
    let Some(on) = with_settings(rules, &settings) else {
        return failed(format!(
            "not scored: {} is off and {} is not a shipped ruleset",
            criterion.id, rules.name
        ));
    };
    match score_line(&hand, &on) {
        Err(err) => failed(format!("cannot be scored: {err}")),
        Ok((_, evaluation)) => {
            let all = scores(&evaluation);
            let hit = all
                .iter()
                .find_map(|s| element_of(s, &criterion.id).map(|e| (*s, e)));
            match (hit, all.first()) {
                (Some((score, element)), _) => Example {
                    hand: hand.clone(),
                    settings: settings.clone(),
                    element: Some(format!("{}: {}", element.name, element_value(element))),
                    total: summary(score),
                },
                (None, Some(score)) => failed(summary(score)),
                (None, None) => failed("no winning shape".to_string()),
            }
        }
    }
}

/// A near-miss hand for `criterion` under `rules`: the first case line that expects it not
/// to count and, scored now with the criterion switched on, indeed does not give it.
/// `None` for a criterion every win scores ([`applies_to_every_win`]).
pub fn near_miss(rules: &Ruleset, criterion: &Criterion) -> Option<NearMiss> {
    if applies_to_every_win(criterion.check) {
        return None;
    }
    near_miss::candidates(&rules.name, &criterion.id)
        .into_iter()
        .find_map(|candidate| {
            // The criterion switched on (when the ruleset has it off), then the line's own.
            let mut settings = switch_on(rules, criterion);
            settings.extend(candidate.settings.iter().map(|s| s.to_string()));
            let on = with_settings(rules, &settings)?;
            if !scores_key(&on, &criterion.id) {
                return None;
            }
            let (hand, evaluation) = score_line(&candidate.hand, &on).ok()?;
            let all = scores(&evaluation);
            if all.iter().any(|s| element_of(s, &criterion.id).is_some()) {
                return None;
            }
            let on_criterion = on.criteria.iter().find(|c| c.id == criterion.id)?;
            let reason = super::why::missing_reason(&on, on_criterion, &hand)
                .or_else(|| candidate.comment.map(String::from))
                .unwrap_or_else(|| format!("the hand does not have {}", criterion.name));
            Some(NearMiss {
                hand: candidate.hand.clone(),
                settings,
                reason,
                total: all
                    .first()
                    .map_or_else(|| "no winning shape".to_string(), |s| summary(s)),
            })
        })
}
