//! The rules reference: find criteria by any name across rulesets.
//!
//! Built only on the public fields of [`crate::rules::Ruleset`] and
//! [`crate::rules::Criterion`].

pub mod search;
