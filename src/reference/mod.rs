//! The rules reference: find criteria by any name across rulesets.
//!
//! [`search`] finds criteria by any name and groups them by concept; [`card`] gathers what
//! a card shows. Both are built only on the public fields of [`crate::rules::Ruleset`] and
//! [`crate::rules::Criterion`].

pub mod card;
pub mod compare;
pub mod live;
pub mod lookup;
pub mod near_miss;
pub mod readings;
pub mod rulesets;
pub mod search;
pub mod text;
pub mod why;

use serde::Serialize;

/// `value` as JSON with every object's keys in alphabetical order (written through
/// `serde_json::Value`), as the reference's records have always been written.
pub fn sorted_json<T: Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .unwrap_or_else(|e| unreachable!("plain data serializes: {e}"))
        .to_string()
}
