//! Why a criterion did or did not count for a hand (`mj3 score HAND --why KEY`).
//!
//! The answer is one of: it counted (with its value and tiles); the hand fails one of its
//! requirements (the first, naming the tiles or sets, from
//! [`crate::criteria::requirements`]); a rule removed it although the hand has it (closed
//! only, a limit, hand-points it needs, or the reading that pays more); the ruleset lists it
//! but has it switched off; or the ruleset has no such criterion (and which rulesets do).

use serde::Serialize;

use super::criterion::{element_of, element_value, switched_off_of};
use super::limits::{self, Level};
use super::search::{self, Index};
use crate::criteria::requirements::first_failure;
use crate::criteria::{Situation, TENHOU_DOUBLE_FORMS, tenhou_upgrade_reason, tenhou_upgrades};
use crate::decompose::{Arrangement, for_each_arrangement};
use crate::evaluate::score_hand;
use crate::hand::{Hand, ValidHand};
use crate::results::Score;
use crate::rules::{Class, Criterion, Ruleset};
use crate::system::han::open_han;
use crate::tile::Tile;

/// The answer for one criterion and one complete hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "answer", rename_all = "kebab-case")]
pub enum Why {
    /// The criterion counted.
    Counted {
        /// Its key.
        key: String,
        /// What it is worth here (`1 han`, `limit`).
        value: String,
        /// The tiles that earn it.
        tiles: String,
        /// Set when the hand is not a legal win all the same.
        verdict: Option<String>,
        /// The rule that gave it where the tiles alone would not (a double form on a
        /// tenhou under `tenhou-double-forms`).
        #[serde(skip_serializing_if = "Option::is_none")]
        because: Option<String>,
    },
    /// The hand fails a requirement.
    Missing {
        /// Its key.
        key: String,
        /// The first requirement the hand fails and what the hand has instead, naming its
        /// tiles or sets (`it needs only 2–8 tiles: 123p holds 1p`).
        requirement: String,
    },
    /// The hand has it, but a rule removed it.
    Removed {
        /// Its key.
        key: String,
        /// The rule that removed it.
        rule: String,
    },
    /// The ruleset lists it but has it switched off.
    SwitchedOff {
        /// Its key.
        key: String,
        /// `enabled = false`, or the options it waits for.
        why: String,
        /// The settings that switch it on.
        switch_on: Vec<String>,
    },
    /// The ruleset has no such criterion.
    Absent {
        /// The rulesets that have it, as `ruleset (key)`.
        elsewhere: Vec<String>,
    },
    /// The key names a limit (`haneman`, `half limit`): whether the hand reached it.
    Limit {
        /// The limit.
        limit: Level,
        /// Whether the hand reached it.
        reached: bool,
        /// What the hand reached (`5 han 30 fu: mangan`).
        hand: String,
        /// What reaches the limit under this ruleset, or why nothing does.
        needs: String,
        /// Whether the ruleset has this limit at all.
        applies: bool,
    },
    /// Nothing in the ruleset or any shipped ruleset answers to the key.
    Unknown {
        /// The names nearest the key, nearest first.
        nearest: Vec<String>,
    },
}

impl Why {
    /// The answer in one sentence, naming the criterion `name`.
    pub fn sentence(&self, name: &str, ruleset: &str) -> String {
        match self {
            Why::Counted {
                value,
                tiles,
                verdict,
                because,
                ..
            } => {
                let on = if tiles.is_empty() {
                    String::new()
                } else {
                    format!(" ({tiles})")
                };
                let by = because
                    .as_ref()
                    .map_or_else(String::new, |b| format!(": {b}"));
                match verdict {
                    None => format!("{name}: counted, {value}{on}{by}"),
                    Some(v) => format!("{name}: counted, {value}{on}{by}; but {v}"),
                }
            }
            Why::Missing { requirement, .. } => {
                format!("{name}: not counted: {requirement}")
            }
            Why::Removed { rule, .. } => {
                format!("{name}: not counted although the hand has it: {rule}")
            }
            Why::SwitchedOff { why, switch_on, .. } => format!(
                "{name}: switched off under {ruleset} ({why}); switch it on with {}",
                switch_on.join(" ")
            ),
            Why::Absent { elsewhere } if elsewhere.is_empty() => {
                format!("{name}: {ruleset} has no such criterion, nor does any shipped ruleset")
            }
            Why::Absent { elsewhere } => format!(
                "{name}: {ruleset} has no such criterion; it is in {}",
                elsewhere.join(", ")
            ),
            Why::Limit {
                applies: false,
                needs,
                ..
            } => format!("{name}: {ruleset} has no such limit: {needs}"),
            Why::Limit {
                reached: true,
                hand,
                needs,
                ..
            } => format!("{name}: reached: {hand} ({needs})"),
            Why::Limit {
                reached: false,
                hand,
                needs,
                ..
            } => format!("{name}: not reached: {hand}; it needs {needs}"),
            Why::Unknown { nearest } => format!(
                "{name}: no criterion of {ruleset} or any shipped ruleset answers to that name{}",
                nearest_hint(nearest)
            ),
        }
    }
}

/// What a `--why` key names in one ruleset.
#[derive(Debug, Clone)]
pub enum Resolved<'r> {
    /// A criterion the ruleset scores.
    Scored(&'r Criterion),
    /// A criterion the ruleset lists but has switched off.
    Off(&'r Criterion),
    /// Not in this ruleset; the concept's display name and where it is.
    Elsewhere {
        /// The name of the concept found in other rulesets.
        name: String,
        /// `ruleset (key)` for each ruleset that has it.
        rulesets: Vec<String>,
    },
}

/// Resolves `query` in `rules`, looking in `shipped` when the ruleset has nothing by that
/// name; `Err` holds the nearest names when nothing anywhere answers to it.
pub fn resolve<'r>(
    query: &str,
    rules: &'r Ruleset,
    shipped: &[Ruleset],
) -> Result<Resolved<'r>, Vec<String>> {
    let own = Index::new(std::slice::from_ref(rules));
    if let Some(found) = own
        .search(query)
        .into_iter()
        .next()
        .filter(|c| c.score > search::DESCRIPTION)
        .and_then(|c| c.matches.into_iter().next())
    {
        return Ok(if found.switched_off {
            Resolved::Off(found.criterion)
        } else {
            Resolved::Scored(found.criterion)
        });
    }
    let everywhere = Index::new(shipped);
    match everywhere
        .search(query)
        .into_iter()
        .next()
        .filter(|c| c.score > search::DESCRIPTION)
    {
        Some(concept) => Ok(Resolved::Elsewhere {
            name: concept.name.clone(),
            rulesets: concept
                .matches
                .iter()
                .map(|m| format!("{} ({})", m.ruleset.name, m.criterion.id))
                .collect(),
        }),
        None => {
            let mut nearest = own.nearest_names(query, search::NEAREST);
            for name in everywhere.nearest_names(query, search::NEAREST) {
                if !nearest.contains(&name) && nearest.len() < search::NEAREST {
                    nearest.push(name);
                }
            }
            Err(nearest)
        }
    }
}

/// One answer of `--why`: the key asked, the criterion's name, the winning tile it is for
/// (a waiting hand is answered per tile), the answer in a sentence and in fields.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// The key as asked.
    pub query: String,
    /// The criterion's display name.
    pub name: String,
    /// The winning tile of a waiting hand this answer is for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tile: Option<String>,
    /// The answer in one sentence.
    pub sentence: String,
    /// The answer.
    #[serde(flatten)]
    pub why: Why,
}

/// A `--why` key that names no criterion of the ruleset or of any shipped ruleset.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{key}: no criterion of {ruleset} or any shipped ruleset answers to that name{}",
    nearest_hint(nearest)
)]
pub struct UnknownKey {
    /// The key as asked.
    pub key: String,
    /// The ruleset's name.
    pub ruleset: String,
    /// The names nearest the key.
    pub nearest: Vec<String>,
}

fn nearest_hint(nearest: &[String]) -> String {
    if nearest.is_empty() {
        String::new()
    } else {
        format!("; nearest: {}", nearest.join(", "))
    }
}

/// Answers every key in `keys` for `hand` under `rules` (looking in `shipped` for a criterion
/// the ruleset lacks), in order; the first key nothing answers to is the error (see
/// [`answer_each`] for an answer per key, unknown ones included).
pub fn answers(
    rules: &Ruleset,
    hand: &ValidHand,
    keys: &[String],
    shipped: &[Ruleset],
) -> Result<Vec<Answer>, UnknownKey> {
    let answers = answer_each(rules, hand, keys, shipped);
    match answers.iter().find_map(Answer::unknown) {
        Some(unknown) => Err(UnknownKey {
            ruleset: rules.name.clone(),
            ..unknown
        }),
        None => Ok(answers),
    }
}

/// Answers every key in `keys` for `hand` under `rules` (looking in `shipped` for a criterion
/// the ruleset lacks), in order: a key nothing answers to is answered [`Why::Unknown`] with
/// its nearest names, and the keys after it are still answered.
pub fn answer_each(
    rules: &Ruleset,
    hand: &ValidHand,
    keys: &[String],
    shipped: &[Ruleset],
) -> Vec<Answer> {
    let answer = |query: &str, name: &str, tile: Option<Tile>, why: Why| Answer {
        query: query.to_string(),
        name: name.to_string(),
        tile: tile.map(|t| t.to_string()),
        sentence: why.sentence(name, &rules.name),
        why,
    };
    let mut answers = Vec::new();
    for key in keys {
        if let Some(level) = Level::find(key) {
            for (tile, why) in explain_limit(rules, level, hand) {
                answers.push(answer(key, level.name(), tile, why));
            }
            continue;
        }
        match resolve(key, rules, shipped) {
            Err(nearest) => answers.push(answer(key, key, None, Why::Unknown { nearest })),
            Ok(Resolved::Scored(criterion)) => {
                for (tile, why) in explain_valid(rules, criterion, hand) {
                    answers.push(answer(key, &criterion.name, tile, why));
                }
            }
            Ok(Resolved::Off(criterion)) => {
                let entry = switched_off_of(rules, criterion);
                let why = Why::SwitchedOff {
                    key: criterion.id.to_string(),
                    why: entry.why,
                    switch_on: entry.switch_on,
                };
                answers.push(answer(key, &criterion.name, None, why));
            }
            Ok(Resolved::Elsewhere { name, rulesets }) => {
                let why = Why::Absent {
                    elsewhere: rulesets,
                };
                answers.push(answer(key, &name, None, why));
            }
        }
    }
    answers
}

impl Answer {
    /// The key nothing answers to, when this is the answer to one (its ruleset left empty).
    pub fn unknown(&self) -> Option<UnknownKey> {
        match &self.why {
            Why::Unknown { nearest } => Some(UnknownKey {
                key: self.query.clone(),
                ruleset: String::new(),
                nearest: nearest.clone(),
            }),
            _ => None,
        }
    }
}

/// The JSON of `mj3 score HAND --why KEY --json`: the input, the ruleset and the answers.
pub fn json(input: &str, rules: &Ruleset, answers: &[Answer]) -> serde_json::Result<String> {
    #[derive(Serialize)]
    struct Record<'a> {
        input: &'a str,
        ruleset: &'a str,
        why: &'a [Answer],
    }
    crate::json::to_string(&Record {
        input,
        ruleset: &rules.name,
        why: answers,
    })
}

/// The hand with its jokers replaced by the tiles the score took them as.
fn concrete(hand: &Hand, score: &Score) -> Hand {
    let mut concrete = hand.clone();
    for shown in &score.jokers {
        if let Some(tile) = Tile::all().find(|t| t.to_string() == *shown) {
            concrete.concealed.add(tile, 1);
            concrete.jokers = concrete.jokers.saturating_sub(1);
        }
    }
    concrete
}

/// Why `criterion` (switched on in `rules`) did or did not count for the complete `hand`.
pub fn explain(rules: &Ruleset, criterion: &Criterion, hand: &Hand) -> Why {
    let key = criterion.id.to_string();
    if let Some(stated) = &hand.stated {
        return Why::Missing {
            key,
            requirement: format!(
                "the win was stated by its value ({}), without tiles, so no criterion is checked",
                stated.written
            ),
        };
    }
    let score = score_hand(hand, rules);
    if let Some(score) = &score {
        if let Some(element) = score.elements.iter().find(|e| *e.id == *key) {
            let reduced = !hand.is_concealed()
                && criterion.class.counts_han()
                && element.value < criterion.value;
            let value = if reduced {
                format!(
                    "{} (open hand: {} instead of {} closed)",
                    element_value(element),
                    element.value,
                    criterion.value
                )
            } else {
                element_value(element)
            };
            let because = (TENHOU_DOUBLE_FORMS.contains(&criterion.check)
                && tenhou_upgrades(hand, rules))
            .then(|| tenhou_upgrade_reason(&criterion.name));
            return Why::Counted {
                key,
                value,
                tiles: element.tiles.clone(),
                verdict: (!score.verdict.is_win()).then(|| score.verdict.explain()),
                because,
            };
        }
        if element_of(score, &key).is_some() {
            let limit: Vec<&str> = score.elements.iter().map(|e| &*e.name).collect();
            return Why::Removed {
                key,
                rule: format!("a limit applies and replaces it ({})", limit.join(", ")),
            };
        }
    }
    let hand = score
        .as_ref()
        .map_or_else(|| hand.clone(), |s| concrete(hand, s));
    let mut chosen: Option<Arrangement> = None;
    let mut giving: Option<Arrangement> = None;
    let mut first: Option<Arrangement> = None;
    for_each_arrangement(&hand, rules, |arrangement| {
        first.get_or_insert(*arrangement);
        let shown = arrangement.to_string();
        if score.as_ref().is_some_and(|s| *s.arrangement == *shown) && chosen.is_none() {
            chosen = Some(*arrangement);
        }
        if giving.is_none() {
            let situation = Situation::new(&hand, arrangement, rules);
            if criterion.check.detect(&situation).count > 0 {
                giving = Some(*arrangement);
            }
        }
    });
    let chosen = chosen.or(first);
    let Some(giving) = giving else {
        return Why::Missing {
            key,
            requirement: first_failure(criterion.check, &hand, chosen.as_ref())
                .sentence(&criterion.description),
        };
    };
    let rule = removing_rule(
        rules,
        criterion,
        &hand,
        score.as_ref(),
        chosen.as_ref(),
        &giving,
    );
    Why::Removed { key, rule }
}

/// The rule that removed a criterion the arrangement `giving` has.
fn removing_rule(
    rules: &Ruleset,
    criterion: &Criterion,
    hand: &Hand,
    score: Option<&Score>,
    chosen: Option<&Arrangement>,
    giving: &Arrangement,
) -> String {
    let open = !hand.is_concealed();
    let facts = criterion.check.facts();
    if open && criterion.class.counts_han() && open_han(criterion, rules) == 0 {
        let unless = if facts.kuitan {
            " (option kuitan lets it count open)"
        } else if facts.situational {
            " (option open-situational-yaku lets it count open)"
        } else {
            ""
        };
        return format!(
            "it counts only in a closed hand{unless}, and this hand has a set claimed from a discard"
        );
    }
    if facts.wait_dependent.is_some() && rules.options.wait_dependent_yaku {
        return "it is wait-dependent: it counts only if every tile the hand waited on gives it (option wait-dependent-yaku), and another waiting tile does not".to_string();
    }
    if open
        && criterion.class.is_limit()
        && (criterion.concealed_only || rules.points.limit_hands_concealed_only)
    {
        return "this limit hand must be concealed, and this hand has a set claimed from a discard"
            .to_string();
    }
    if criterion.needs_hand_points > 0 {
        return format!(
            "it counts only when the other criteria give {}",
            Class::HandPoint.worth(criterion.needs_hand_points)
        );
    }
    let shown = score.map(|s| s.arrangement.clone()).unwrap_or_default();
    if chosen.is_some_and(|c| c == giving) {
        let counted: Vec<&str> = score
            .map(|s| s.elements.iter().map(|e| &*e.name).collect())
            .unwrap_or_default();
        return format!(
            "the {} system leaves it out of this reading ({shown}): {} count instead",
            rules.system.name(),
            if counted.is_empty() {
                "no criteria".to_string()
            } else {
                counted.join(", ")
            }
        );
    }
    format!(
        "only the reading {giving} gives it (it depends on how the sets and the winning tile are read); the hand was scored as {shown}, the reading that pays the winner most (then the ruleset's tie-break)"
    )
}

/// [`explain`] for a complete hand, or for each winning tile of a waiting hand (with the tile).
pub fn explain_valid(
    rules: &Ruleset,
    criterion: &Criterion,
    hand: &ValidHand,
) -> Vec<(Option<Tile>, Why)> {
    match hand {
        ValidHand::Complete(hand) => vec![(None, explain(rules, criterion, hand))],
        ValidHand::Waiting(waiting) => rules
            .tiles
            .tiles()
            .filter_map(|tile| {
                let hand = waiting.completed_by(tile, rules)?;
                score_hand(&hand, rules)?;
                Some((Some(tile), explain(rules, criterion, &hand)))
            })
            .collect(),
    }
}

/// Whether the hand (each completed hand of a waiting one) reached `level` under `rules`.
pub fn explain_limit(rules: &Ruleset, level: Level, hand: &ValidHand) -> Vec<(Option<Tile>, Why)> {
    let level_in = limits::level_in(level, rules);
    let applies = level_in.worth.is_some();
    let needs = level_in.reaches;
    let why = |score: Option<Score>| {
        let (reached, what) = score.as_ref().map_or_else(
            || (false, "no winning reading".to_string()),
            |s| limits::reached(level, s),
        );
        Why::Limit {
            limit: level,
            reached,
            hand: what,
            needs: needs.clone(),
            applies,
        }
    };
    match hand {
        ValidHand::Complete(hand) => vec![(None, why(score_hand(hand, rules)))],
        ValidHand::Waiting(waiting) => rules
            .tiles
            .tiles()
            .filter_map(|tile| {
                let hand = waiting.completed_by(tile, rules)?;
                let score = score_hand(&hand, rules)?;
                Some((Some(tile), why(Some(score))))
            })
            .collect(),
    }
}

/// Why `criterion` does not count for `hand`, in words, or `None` when it does count.
pub fn missing_reason(rules: &Ruleset, criterion: &Criterion, hand: &ValidHand) -> Option<String> {
    explain_valid(rules, criterion, hand)
        .into_iter()
        .find_map(|(_, why)| match why {
            Why::Missing { requirement, .. } => Some(requirement),
            Why::Removed { rule, .. } => Some(rule),
            _ => None,
        })
}
