//! The criterion-key ↔ detector registry: which `Check` a `[criteria.ID]` table selects, the
//! detector names a ruleset may write.

use crate::check::Check;

/// The detector a criterion uses: its `check`, else the detector named like its key.
pub fn detector_for(id: &str, check: Option<Check>) -> Option<Check> {
    check.or_else(|| Check::from_key(id))
}

/// Every detector key a ruleset may write in `check = "…"`, comma-separated.
pub fn detector_names() -> String {
    Check::names().join(", ")
}
