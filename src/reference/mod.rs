//! The rules reference: find criteria by any name across rulesets.
//!
//! [`search`] finds criteria by any name and groups them by concept; [`card`] gathers what
//! a card shows. Both are built only on the public fields of [`crate::rules::Ruleset`] and
//! [`crate::rules::Criterion`].

pub mod card;
pub mod compare;
pub mod criterion;
pub mod diff;
pub mod limits;
pub mod live;
pub mod lookup;
pub mod near_miss;
pub mod readings;
pub mod rulesets;
pub mod search;
pub mod text;
pub mod why;
