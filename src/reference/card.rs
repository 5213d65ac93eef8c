//! The data of a criterion's card: what it requires and what it is worth in each ruleset.
//!
//! A card gathers one [`Concept`] found by [`super::search`]: its names, then one
//! [`CardEntry`] per ruleset with the value (closed and open, or the limit), the
//! conditions, whether it is switched off and how to switch it on, the example hand, the
//! source by document title, and the house-file lines that change it. The example and the
//! near-miss are scored live ([`super::live`]) each time a card is built.

use serde::Serialize;

use super::criterion::{BONUS_SET_SIZE, missing_bonus_sets, missing_options};
use super::criterion::{SwitchedOff, option_key, switched_off_of};
use super::live::{self, Example, NearMiss};
use super::search::{Concept, Match};
use crate::decompose::Shape;
use crate::rules::{Class, Criterion, Ruleset, Text};
use crate::sources;
use crate::system::han::open_han;

/// One concept across the rulesets that have it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Card {
    /// Every name it answers to in any of the rulesets: keys, display names and aliases.
    pub aliases: Vec<String>,
    /// One entry per ruleset, in the order the rulesets were searched.
    pub entries: Vec<CardEntry>,
    /// The concept's name (the display name of its best match).
    pub name: String,
}

/// The concept in one ruleset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardEntry {
    /// Which criterion it is.
    #[serde(flatten)]
    pub criterion: Identity,
    /// What it is worth.
    #[serde(flatten)]
    pub worth: Worth,
    /// The hands and texts that show it.
    #[serde(flatten)]
    pub evidence: Evidence,
}

/// Which criterion an entry is: its ruleset, key, name and what it needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Identity {
    /// The ruleset's short name.
    pub ruleset: String,
    /// The criterion's key (what `--set criteria.KEY…` takes).
    pub key: String,
    /// The criterion's display name in this ruleset.
    pub name: String,
    /// What the hand needs, in plain words.
    pub requires: String,
}

/// What a criterion is worth in one ruleset, and whether it is scored at all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Worth {
    /// Hand-point, bonus-point, limit, fan, yaku, yakuman or bonus han.
    pub class: String,
    /// Its value: `2`, `2 han`, `yakuman`, `3 fan`, `limit (40 points)`.
    pub value: String,
    /// The value in an open hand where it differs (`1 han`, or `not counted` when it needs a
    /// closed hand); `None` when the same or not a han-based criterion.
    pub open_value: Option<String>,
    /// Further conditions: closed hand only, options it needs, hand-points it needs.
    pub conditions: Vec<String>,
    /// Present when the ruleset lists it but does not score it.
    pub switched_off: Option<SwitchedOff>,
}

/// What shows a criterion: hands scored live, its source and the house-file lines.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Evidence {
    /// A hand that scores it, scored live: the element and the total it gives.
    pub example: Example,
    /// A hand that just misses it, scored live, and why it misses.
    pub near_miss: Option<NearMiss>,
    /// The source, with the document named by its title.
    pub source: String,
    /// House-file lines that switch it off or on, and change its value.
    pub house_lines: Vec<String>,
}

/// The card of one concept.
pub fn card(concept: &Concept<'_>) -> Card {
    let mut aliases: Vec<String> = Vec::new();
    for m in &concept.matches {
        let c = m.criterion;
        for name in [&*c.id, &*c.name]
            .into_iter()
            .chain(c.aliases.iter().map(Text::as_str))
        {
            let folded = fold(name);
            if !aliases.iter().any(|a| fold(a) == folded) {
                aliases.push(name.to_string());
            }
        }
    }
    Card {
        name: concept.name.clone(),
        aliases,
        entries: concept.matches.iter().map(entry).collect(),
    }
}

/// The entry of one match.
pub fn entry(found: &Match<'_>) -> CardEntry {
    let (ruleset, c) = (found.ruleset, found.criterion);
    let switched_off = found.switched_off.then(|| switched_off_of(ruleset, c));
    let house_lines = house_lines(ruleset, c, switched_off.is_some());
    CardEntry {
        criterion: Identity {
            ruleset: ruleset.name.clone(),
            key: c.id.to_string(),
            name: c.name.to_string(),
            requires: c.description.to_string(),
        },
        worth: Worth {
            class: c.class.label().to_string(),
            value: ruleset.worth(c),
            open_value: open_value_label(ruleset, c),
            conditions: conditions(ruleset, c),
            switched_off,
        },
        evidence: Evidence {
            example: live::example(ruleset, c),
            near_miss: live::near_miss(ruleset, c),
            source: sources::cite(&c.source),
            house_lines,
        },
    }
}

/// Case, spaces and punctuation folded away, for telling names apart.
fn fold(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// What the criterion is worth in an open hand, where that differs from its value (the
/// ruleset's options applied, as scoring applies them).
fn open_value_label(ruleset: &Ruleset, c: &Criterion) -> Option<String> {
    let open = open_han(c, ruleset);
    if !c.class.counts_han() || open == c.value {
        return None;
    }
    Some(match (open, c.class) {
        (0, _) => "not counted".to_string(),
        (v, class) => class.worth(v),
    })
}

/// The conditions of `c` in `ruleset`: closed hand only (and the option that lets it count
/// open), options and hand-points it needs, how it stands with other criteria (a limit or
/// yakuman replaces the rest, a yakuman's higher form replaces it) and the wait rule.
fn conditions(ruleset: &Ruleset, c: &Criterion) -> Vec<String> {
    let mut out = Vec::new();
    let facts = c.check.facts();
    let (limit_concealed, han) = (
        c.class.is_limit() && (c.concealed_only || ruleset.points.limit_hands_concealed_only),
        c.class.counts_han(),
    );
    if limit_concealed || (han && open_han(c, ruleset) == 0) {
        let unless = match (han, facts.kuitan, facts.situational) {
            (true, true, _) => " (open too with option `kuitan`)",
            (true, _, true) => " (open too with option `open-situational-yaku`)",
            _ => "",
        };
        out.push(format!("closed (concealed) hand only{unless}"));
    }
    for &option in &c.when {
        out.push(format!("needs option `{}`", option_key(option)));
    }
    if c.needs_hand_points > 0 {
        out.push(format!(
            "counts only with {} from other criteria",
            Class::HandPoint.worth(c.needs_hand_points)
        ));
    }
    if c.class.is_limit() {
        out.push("a limit: paid instead of the other criteria's points".to_string());
    }
    if c.class == Class::Yakuman {
        out.push("yakuman: replaces the han of every other criterion".to_string());
    }
    let named = |check| {
        ruleset
            .criteria
            .iter()
            .chain(&ruleset.switched_off)
            .filter(move |other| other.check == check && other.id != c.id)
            .map(|other| other.name.to_string())
    };
    if let Some(lower) = facts.higher_form_of {
        for name in named(lower) {
            out.push(format!(
                "a higher form of {name}: counted on top of it, as one hand"
            ));
        }
    }
    let higher: Vec<String> = ruleset
        .criteria
        .iter()
        .chain(&ruleset.switched_off)
        .filter(|other| other.check.facts().higher_form_of == Some(c.check) && other.id != c.id)
        .map(|other| other.name.to_string())
        .collect();
    if !higher.is_empty() {
        out.push(format!(
            "its higher form adds to it, as one hand: {}",
            higher.join(", ")
        ));
    }
    if facts.wait_dependent.is_some() && ruleset.options.wait_dependent_yaku {
        out.push(
            "wait-dependent: counts on a discard only if every waiting tile gives it".to_string(),
        );
    }
    out
}

/// A house file's lines: `extends` the ruleset, the tiles and options it waits for switched
/// on, then its own table with `enabled` flipped (unless only options kept it off) and its
/// value as it stands.
fn house_lines(ruleset: &Ruleset, c: &Criterion, off: bool) -> Vec<String> {
    let missing = missing_options(ruleset, c);
    let mut lines = vec![format!("extends = \"{}\"", ruleset.name)];
    if let Some(set) = missing_bonus_sets(ruleset, c).first() {
        lines.push("[tiles]".to_string());
        lines.push(format!("{} = {BONUS_SET_SIZE}", set.name()));
    }
    if !missing.is_empty() {
        lines.push("[options]".to_string());
        lines.extend(missing.iter().map(|o| format!("{o} = true")));
    }
    lines.push(format!("[criteria.{}]", c.id));
    if !off || missing.is_empty() {
        // A criterion that is a winning shape takes the shape with it.
        let shape = [Shape::SevenPairs, Shape::ThirteenOrphans]
            .into_iter()
            .find(|shape| shape.criterion() == Some(c.check))
            .filter(|_| !off);
        lines.push(match shape {
            Some(shape) => format!(
                "enabled = {off}  # {} is then no winning shape either",
                shape.name()
            ),
            None => format!("enabled = {off}"),
        });
    }
    if !c.class.is_limit() {
        lines.push(format!("value = {}", c.value));
    }
    if c.class.counts_han() {
        lines.push(format!("open-value = {}", c.open_value));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::search;
    use crate::rules;

    fn first_card(query: &str, names: &[&str]) -> Card {
        let rulesets: Vec<Ruleset> = names
            .iter()
            .map(|n| rules::load(n).expect("shipped"))
            .collect();
        let found = search::search(query, &rulesets);
        card(found.first().expect("found"))
    }

    #[test]
    fn a_card_shows_each_ruleset_value_and_source_by_title() {
        let card = first_card("chinitsu", &["korean", "sanma"]);
        let rulesets: Vec<&str> = card
            .entries
            .iter()
            .map(|e| e.criterion.ruleset.as_str())
            .collect();
        assert_eq!(rulesets, ["korean", "sanma"]);
        assert_eq!(card.entries[0].worth.value, "3 hand-points");
        assert_eq!(card.entries[1].worth.value, "6 han");
        assert_eq!(card.entries[1].worth.open_value.as_deref(), Some("5 han"));
        let card = first_card("tanyao", &["korean", "sanma"]);
        let sanma = &card.entries[0];
        assert_eq!(sanma.criterion.ruleset, "sanma");
        assert_eq!(sanma.worth.value, "1 han");
        assert_eq!(sanma.worth.open_value.as_deref(), Some("not counted"));
        assert!(sanma.worth.conditions.iter().any(|c| c.contains("closed")));
        assert!(
            sanma
                .evidence
                .source
                .starts_with("Sanma Japanese MJ Rule Book (003) §12")
        );
        assert!(card.aliases.iter().any(|a| a == "all simples"));
        assert!(!sources::names_a_file(
            &crate::json::to_string(&card).expect("json")
        ));
    }

    #[test]
    fn a_card_holds_one_rule_korean_all_simples_is_not_tanyao() {
        let rulesets: Vec<Ruleset> = ["korean", "korean-lite", "sanma"]
            .iter()
            .map(|n| rules::load(n).expect("shipped"))
            .collect();
        let found = search::search("tanyao", &rulesets);
        let keys: Vec<Vec<String>> = found
            .iter()
            .map(|concept| {
                concept
                    .matches
                    .iter()
                    .map(|m| format!("{}:{}", m.ruleset.name, m.criterion.id))
                    .collect()
            })
            .collect();
        assert!(keys.contains(&vec!["sanma:tanyao".to_string()]), "{keys:?}");
        assert!(
            keys.contains(&vec![
                "korean:no-honours".to_string(),
                "korean-lite:all-simples".to_string()
            ]),
            "{keys:?}"
        );
        let card = first_card("tanyao", &["korean"]);
        assert_eq!(card.entries[0].worth.value, "1 hand-point");
    }

    #[test]
    fn a_switched_off_criterion_says_how_to_switch_it_on() {
        let card = first_card("red fives", &["korean", "sanma"]);
        for entry in &card.entries {
            let off = entry
                .worth
                .switched_off
                .as_ref()
                .expect("red fives are off by default");
            assert!(
                off.switch_on
                    .iter()
                    .any(|s| s.contains("options.red-dora=true")),
                "{off:?}"
            );
            assert!(
                entry
                    .evidence
                    .house_lines
                    .contains(&"red-dora = true".to_string())
            );
        }
    }

    #[test]
    fn limits_show_the_ruleset_limit() {
        let card = first_card("thirteen orphans", &["korean"]);
        assert_eq!(card.entries[0].worth.value, "limit (40 points)");
        assert!(
            card.entries[0]
                .worth
                .conditions
                .iter()
                .any(|c| c.contains("closed"))
        );
    }
}
