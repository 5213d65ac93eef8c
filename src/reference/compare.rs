//! One hand under several rulesets side by side (`mj3 compare`): the verdict, totals, limit
//! and payments of each, why a ruleset cannot take the hand, and the elements that differ.

use serde::Serialize;

use super::criterion::element_value;
use super::search::Index;
use crate::evaluate::Evaluation;
use crate::results::Score;
use crate::rules::Ruleset;
use crate::shanten::{self, Shanten, Unready};
use crate::{score_line, sources};

/// The hand under one ruleset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Column {
    /// The ruleset's name.
    pub ruleset: String,
    /// Why the ruleset cannot take the hand (the tiles not in play, a rule it breaks), or
    /// `None` when it was scored.
    pub error: Option<String>,
    /// The best score's outcome; empty when the ruleset cannot take the hand.
    #[serde(flatten)]
    pub outcome: Outcome,
    /// The elements that count.
    pub elements: Vec<Counted>,
    /// A hand with no winning shape under this ruleset: how far it is from ready.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unready: Option<NotReady>,
}

/// How far a hand with no winning shape is from ready under one ruleset (the whole
/// analysis is `mj3 score`'s).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NotReady {
    /// The shanten: of the 13 tiles, or after the best discard of 14 (`None`: no winning
    /// shape can be reached).
    pub shanten: Option<Shanten>,
    /// For 14 tiles, the best discard.
    pub discard: Option<String>,
    /// The unseen copies of the draws that lower the shanten (after that discard).
    pub useful_count: u32,
}

/// What the hand comes to under one ruleset: verdict, totals, limit and payments.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// `win`, or why the hand is not a legal win.
    pub verdict: String,
    /// The totals in the ruleset's terms (`2 han 30 fu`), without the verdict.
    pub totals: String,
    /// The limit reached, or `none`.
    pub limit: String,
    /// What each seat receives (positive) or pays (negative), East, South, West.
    pub payments: Vec<SeatAmount>,
    /// The winning tile of a waiting hand whose best score is shown.
    pub wait: Option<String>,
}

/// What one seat receives (positive) or pays (negative).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatAmount {
    /// `East`, `South` or `West`.
    pub seat: String,
    /// The amount.
    pub amount: i64,
    /// The seat's letter (`E`).
    pub letter: char,
    /// The amount as every text writes it, signed and grouped (`+8,000`, `-4,000`, `0`).
    pub written: String,
}

/// One element of a column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Counted {
    /// The criterion's key in the column's ruleset.
    pub key: String,
    /// Its display name.
    pub name: String,
    /// What it gives (`2 han`, `3 hand-points`).
    pub value: String,
}

/// One scoring concept and what it gives under each ruleset (`None`: not counted there).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// The concept's name.
    pub name: String,
    /// One value per column, in column order.
    pub values: Vec<Option<String>>,
    /// The element's name in each column's ruleset, in column order (`None`: not counted
    /// there).
    pub names: Vec<Option<String>>,
}

/// The comparison.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Comparison {
    /// The hand as given.
    pub hand: String,
    /// One column per ruleset.
    pub columns: Vec<Column>,
    /// The elements that are not the same under every ruleset that took the hand.
    pub differences: Vec<Difference>,
    /// The elements that are the same under every ruleset that took the hand.
    pub same: Vec<Difference>,
}

impl Comparison {
    /// Whether no ruleset could take the hand.
    pub fn none_accepted(&self) -> bool {
        self.columns.iter().all(|c| c.error.is_some())
    }
}

/// The best score of an evaluation (the wait that pays most, for a waiting hand).
fn best(evaluation: &Evaluation) -> Option<(Option<String>, &Score)> {
    match evaluation {
        Evaluation::Complete { score } => score.as_ref().map(|s| (None, s)),
        Evaluation::Waiting { waits } => waits
            .iter()
            .max_by_key(|w| (w.score.verdict.is_win(), w.score.received()))
            .map(|w| (Some(w.tile.clone()), &w.score)),
    }
}

fn column(line: &str, rules: &Ruleset) -> Column {
    let empty = |error: String| Column {
        ruleset: rules.name.clone(),
        error: Some(error),
        outcome: Outcome::default(),
        elements: Vec::new(),
        unready: None,
    };
    let (hand, evaluation) = match score_line(line, rules) {
        Ok(scored) => scored,
        Err(err) => return empty(sources::cite(&err.to_string())),
    };
    let Some((wait, score)) = best(&evaluation) else {
        let unready = shanten::analyse_hand(&hand, rules);
        let best = unready.discards.first();
        return Column {
            ruleset: rules.name.clone(),
            error: None,
            outcome: Outcome {
                verdict: format!("no winning shape: {}", unready_verdict(&unready)),
                ..Outcome::default()
            },
            elements: Vec::new(),
            unready: Some(NotReady {
                shanten: unready.shanten,
                discard: best.map(|d| d.tile.clone()),
                useful_count: best.map_or(unready.useful_count, |d| d.useful_count),
            }),
        };
    };
    let verdict = if score.verdict.is_win() {
        "win".to_string()
    } else {
        score.verdict.explain()
    };
    Column {
        ruleset: rules.name.clone(),
        error: None,
        outcome: Outcome {
            verdict,
            totals: score.totals_line().to_string(),
            limit: score
                .totals
                .limit_reached()
                .unwrap_or_else(|| "none".to_string()),
            payments: score
                .payments
                .seats
                .iter()
                .map(|p| SeatAmount {
                    seat: p.seat.name().to_string(),
                    amount: p.amount,
                    letter: p.seat.letter(),
                    written: crate::amount::signed(p.amount),
                })
                .collect(),
            wait,
        },
        elements: score
            .elements
            .iter()
            .map(|e| Counted {
                key: e.id.to_string(),
                name: e.name.to_string(),
                value: element_value(e),
            })
            .collect(),
        unready: None,
    }
}

/// How far a hand with no winning shape is from ready, short: `2 tiles from ready
/// (2-shanten)`, or for 14 tiles `discard 9s: ready`.
fn unready_verdict(unready: &Unready) -> String {
    match unready.discards.first() {
        Some(best) => format!("discard {}: {}", best.tile, shanten::distance(best.shanten)),
        None => shanten::distance(unready.shanten),
    }
}

/// Scores `line` under each of `rulesets`.
pub fn compare(line: &str, rulesets: &[Ruleset]) -> Comparison {
    let columns: Vec<Column> = rulesets.iter().map(|r| column(line, r)).collect();
    let index = Index::new(rulesets);
    // Rows by concept: an element joins the row whose concept (found by its key) lists it.
    let mut differences: Vec<Difference> = Vec::new();
    let mut members: Vec<Vec<(String, String)>> = Vec::new();
    for (i, column) in columns.iter().enumerate() {
        for Counted { key, name, value } in &column.elements {
            let me = (column.ruleset.clone(), key.clone());
            let at = match members.iter().position(|m| m.contains(&me)) {
                Some(at) => at,
                None => {
                    let concept = index.search(key).into_iter().find(|c| {
                        c.matches
                            .iter()
                            .any(|m| m.ruleset.name == me.0 && *m.criterion.id == *me.1)
                    });
                    let (concept_name, mut listed) = match concept {
                        Some(c) => (
                            c.name.clone(),
                            c.matches
                                .iter()
                                .map(|m| (m.ruleset.name.clone(), m.criterion.id.to_string()))
                                .collect(),
                        ),
                        None => (name.clone(), Vec::new()),
                    };
                    listed.push(me.clone());
                    members.push(listed);
                    differences.push(Difference {
                        name: concept_name,
                        values: vec![None; columns.len()],
                        names: vec![None; columns.len()],
                    });
                    differences.len() - 1
                }
            };
            if let Some(difference) = differences.get_mut(at) {
                if let Some(slot) = difference.values.get_mut(i) {
                    *slot = Some(value.clone());
                }
                if let Some(slot) = difference.names.get_mut(i) {
                    *slot = Some(name.clone());
                }
            }
        }
    }
    let scored: Vec<usize> = columns
        .iter()
        .enumerate()
        .filter(|(_, c)| c.error.is_none())
        .map(|(i, _)| i)
        .collect();
    let value = |d: &Difference, i: usize| d.values.get(i).cloned().flatten();
    let (same, differences): (Vec<Difference>, Vec<Difference>) =
        differences.into_iter().partition(|d| {
            let first = scored.first().and_then(|&i| value(d, i));
            scored.iter().all(|&i| value(d, i) == first)
        });
    Comparison {
        hand: line.to_string(),
        columns,
        differences,
        same,
    }
}
