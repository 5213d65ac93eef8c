//! The JSON listing of a ruleset's criteria (`mj3 criteria --json`).

use serde::Serialize;

use crate::check::Check;
use crate::rules::{Class, Criterion, OptionName, Ruleset, Text};

/// One criterion as `mj3 criteria --json` lists it: every field of the ruleset's entry, the
/// source naming its document by title, and whether it is scored.
#[derive(Debug, Clone, Serialize)]
pub struct ListedCriterion<'a> {
    /// False for a criterion the ruleset lists but has switched off.
    pub active: bool,
    /// Other names.
    pub aliases: &'a [Text],
    /// The detector.
    pub check: Check,
    /// Its class.
    pub class: Class,
    /// For limit hands: must the hand be concealed?
    pub concealed_only: bool,
    /// What the hand needs.
    pub description: &'a Text,
    /// A hand that scores it.
    pub example: &'a Text,
    /// Key in the ruleset.
    pub id: &'a Text,
    /// Display name.
    pub name: &'a Text,
    /// Counts only when the other criteria give at least this many hand-points (0: always).
    pub needs_hand_points: u32,
    /// Han systems: the value in an open hand (0: closed only).
    pub open_value: u32,
    /// The source, its document named by title.
    pub source: String,
    /// Points, han, yakuman or fan each time it applies.
    pub value: u32,
    /// Options that must be on for it to count.
    pub when: &'a [OptionName],
}

impl<'a> ListedCriterion<'a> {
    /// The listing entry of `criterion`.
    pub fn new(criterion: &'a Criterion, active: bool) -> Self {
        ListedCriterion {
            active,
            aliases: &criterion.aliases,
            check: criterion.check,
            class: criterion.class,
            concealed_only: criterion.concealed_only,
            description: &criterion.description,
            example: &criterion.example,
            id: &criterion.id,
            name: &criterion.name,
            needs_hand_points: criterion.needs_hand_points,
            open_value: criterion.open_value,
            source: crate::sources::cite(&criterion.source),
            value: criterion.value,
            when: &criterion.when,
        }
    }
}

/// The ruleset's criteria as `mj3 criteria --json` lists them: the active ones, then those
/// switched off.
pub fn criteria_listing(rules: &Ruleset) -> Vec<ListedCriterion<'_>> {
    let active = rules.criteria.iter().map(|c| ListedCriterion::new(c, true));
    let off = rules
        .switched_off
        .iter()
        .map(|c| ListedCriterion::new(c, false));
    active.chain(off).collect()
}
