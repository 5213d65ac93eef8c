//! What the reference's views share about one criterion: why a listed one is switched off
//! and the settings that switch it on, and what its element is worth in a score. A leaf of
//! `reference`: the card, its live examples, `--why` and `compare` import it, not each other.

use serde::Serialize;

use crate::results::{Element, Score};
use crate::rules::{Class, Criterion, OptionName, Ruleset};
use crate::tile::BonusSet;

/// Why a listed criterion is not scored, and how to switch it on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SwitchedOff {
    /// `enabled = false`, or the options it waits for.
    pub why: String,
    /// The command-line settings that switch it on (`--set options.red-dora=true`).
    pub switch_on: Vec<String>,
    /// The same in words a table reads, no settings syntax: `switched off in this ruleset`,
    /// `off unless the red-dora option is on`, `…, with 4 flowers in play`.
    pub said: String,
}

/// The name of an option as written in a ruleset (`red-dora`).
pub fn option_key(option: OptionName) -> String {
    serde_json::to_value(option)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default()
}

/// The options in the criterion's `when` that the ruleset has off.
pub(super) fn missing_options(ruleset: &Ruleset, c: &Criterion) -> Vec<String> {
    c.when
        .iter()
        .filter(|&&option| !ruleset.options.is_on(option))
        .map(|&option| option_key(option))
        .collect()
}

/// Why `c` (listed by `ruleset` but not scored) is off, and how to switch it on.
pub fn switched_off_of(ruleset: &Ruleset, c: &Criterion) -> SwitchedOff {
    let missing = missing_options(ruleset, c);
    let set = missing_bonus_sets(ruleset, c).first().copied();
    let mut switch_on: Vec<String> = set
        .map(|set| format!("--set tiles.{}={BONUS_SET_SIZE}", set.name()))
        .into_iter()
        .collect();
    let mut said = match missing.is_empty() {
        true => "switched off in this ruleset".to_string(),
        false if missing.len() == 1 => format!("off unless the {} option is on", missing[0]),
        false => format!("off unless the options {} are on", missing.join(" and ")),
    };
    if let Some(set) = set {
        said.push_str(&format!(", with {BONUS_SET_SIZE} {} in play", set.name()));
    }
    if missing.is_empty() {
        switch_on.push(format!("--set criteria.{}.enabled=true", c.id));
        SwitchedOff {
            why: "enabled = false".to_string(),
            switch_on,
            said,
        }
    } else {
        switch_on.extend(missing.iter().map(|o| format!("--set options.{o}=true")));
        SwitchedOff {
            why: format!("needs options {}", missing.join(", ")),
            switch_on,
            said,
        }
    }
}

/// What a switched-off criterion needs, as the listing shows it: the options (or
/// `criteria.ID.enabled=true`), and the bonus tiles it scores when none are in play
/// (`tiles.flowers=4`, alternatives joined by `or`).
pub fn needs(ruleset: &Ruleset, c: &Criterion) -> Vec<String> {
    let mut needs: Vec<String> = missing_options(ruleset, c)
        .iter()
        .map(|o| format!("options.{o}"))
        .collect();
    if needs.is_empty() {
        needs.push(format!("criteria.{}.enabled=true", c.id));
    }
    let sets: Vec<String> = missing_bonus_sets(ruleset, c)
        .iter()
        .map(|set| format!("tiles.{}={BONUS_SET_SIZE}", set.name()))
        .collect();
    if !sets.is_empty() {
        needs.push(sets.join(" or "));
    }
    needs
}

/// The tiles of a bonus set that has them (one per seat and a fourth).
pub(super) const BONUS_SET_SIZE: u8 = 4;

/// The bonus sets a criterion scores when the ruleset has none of them in play (sanma's
/// `flower`: flowers); empty when it scores no bonus tiles or some are in play.
pub(super) fn missing_bonus_sets(ruleset: &Ruleset, c: &Criterion) -> Vec<BonusSet> {
    let Some(shown) = c.check.facts().shows else {
        return Vec::new();
    };
    let sets: Vec<BonusSet> = BonusSet::ALL
        .into_iter()
        .filter(|&set| shown.covers(set))
        .collect();
    if sets
        .iter()
        .all(|&set| ruleset.tiles.bonus_set_size(set) == 0)
    {
        sets
    } else {
        Vec::new()
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
    element.class.worth(element_amount(element))
}

/// What an element is worth in its class's unit (yakuman for a yakuman).
pub(super) fn element_amount(element: &Element) -> u32 {
    match element.class {
        Class::Yakuman => element.count.max(1).saturating_mul(element.value.max(1)),
        _ => element.points,
    }
}
