//! Hands scored live for the rules reference: a card's example and near-miss are scored
//! under the ruleset each time the card is shown, so what the card says can never go stale.

use serde::Serialize;

use super::criterion::{element_amount, switched_off_of};
use super::criterion::{element_of, element_value};
use super::near_miss;
use crate::criteria::requirements::applies_to_every_win;
use crate::evaluate::Evaluation;
use crate::results::{Element, Score};
use crate::rules::{Criterion, Ruleset};
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
    /// For a criterion that adds to others ([`crate::check::Facts::on_top_of`], or a higher
    /// form of a yakuman): the total they reach together in this hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reaches: Option<Reached>,
}

/// What a criterion and those it adds to are worth together.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reached {
    /// The criteria it adds to, by display name.
    pub with: Vec<String>,
    /// Their total in the words of its class (`2 hand-points`, `2× yakuman`).
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

/// The total `element` reaches in `score` with the elements of the criteria it adds to: those
/// of its class whose detector it sits on top of ([`crate::check::Facts::on_top_of`]) or, for
/// a higher form of a yakuman, the yakuman it is a form of. `None` when it adds to nothing
/// the hand scores.
fn reached(score: &Score, element: &Element) -> Option<Reached> {
    let facts = element.check.facts();
    let below = |e: &&Element| {
        e.class == element.class
            && *e.id != *element.id
            && (facts.on_top_of.contains(&e.check) || facts.higher_form_of == Some(e.check))
    };
    // Among the elements counted, or those a limit superseded when it is one of them.
    let counted = score.elements.iter().any(|e| *e.id == *element.id);
    let list = if counted {
        &score.elements
    } else {
        &score.superseded
    };
    let base: Vec<&Element> = list.iter().filter(below).collect();
    if base.is_empty() {
        return None;
    }
    let mut with: Vec<String> = Vec::new();
    for e in &base {
        if !with.iter().any(|name| *name == *e.name) {
            with.push(e.name.to_string());
        }
    }
    let total = base
        .iter()
        .map(|e| element_amount(e))
        .fold(element_amount(element), u32::saturating_add);
    Some(Reached {
        with,
        total: element.class.worth(total),
    })
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
    switched_off_of(rules, criterion)
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
        reaches: None,
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
                    total: score.summary(),
                    reaches: reached(score, element),
                },
                (None, Some(score)) => failed(score.summary()),
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
            for setting in &candidate.settings {
                if !settings.iter().any(|s| s == setting) {
                    settings.push(setting.to_string());
                }
            }
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
                    .map_or_else(|| "no winning shape".to_string(), |s| s.summary()),
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The total `key`'s example reaches under `ruleset`, with the names it adds to.
    fn reaches(ruleset: &str, key: &str) -> Option<(Vec<String>, String)> {
        let rules = rules::load(ruleset).expect("shipped");
        let criterion = rules
            .criteria
            .iter()
            .chain(&rules.switched_off)
            .find(|c| *c.id == *key)
            .expect("listed");
        example(&rules, criterion)
            .reaches
            .map(|reached| (reached.with, reached.total))
    }

    #[test]
    fn an_extra_shows_the_total_it_reaches_with_what_it_adds_to() {
        let with = |names: &[&str], total: &str| {
            Some((
                names.iter().map(|n| n.to_string()).collect(),
                total.to_string(),
            ))
        };
        assert_eq!(
            reaches("korean", "seat-wind-pong"),
            with(&["Wind pong"], "2 hand-points")
        );
        assert_eq!(
            reaches("korean", "two-dragon-pongs"),
            with(&["Dragon pong"], "3 hand-points")
        );
        assert_eq!(
            reaches("korean", "pure-hand"),
            with(&["Clean hand"], "6 hand-points")
        );
        // Superseded by the half limit its example reaches, still six in total.
        assert_eq!(
            reaches("korean", "both-bamboo-terminal-pongs"),
            with(&["Bamboo pong"], "6 hand-points")
        );
        // Off by default: scored with the options that switch it on.
        assert_eq!(
            reaches("korean", "all-remaining-flowers"),
            with(&["Flower", "Flower dora"], "8 bonus-points")
        );
        assert_eq!(
            reaches("sanma", "kokushi-double"),
            with(&["Kokushi Musou (Thirteen Orphans)"], "2× yakuman")
        );
        // A criterion that adds to nothing the ruleset scores reaches nothing more.
        assert_eq!(reaches("sanma", "yakuhai-seat-wind"), None);
        assert_eq!(reaches("korean", "wind-pong"), None);
        assert_eq!(reaches("malaysian", "own-wind-pung"), None);
    }
}
