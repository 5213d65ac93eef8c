//! The criterion-key ↔ detector registry: which `Check` a `[criteria.ID]` table selects, the
//! detector names a ruleset may write, and the nearest known ID for a misspelt one.

use crate::criteria::Check;

/// The detector a criterion uses: its `check`, else the detector named like its key.
pub fn detector_for(id: &str, check: Option<Check>) -> Option<Check> {
    check.or_else(|| Check::from_key(id))
}

/// Every detector key a ruleset may write in `check = "…"`, comma-separated.
pub fn detector_names() -> String {
    Check::names().join(", ")
}

/// The known ID closest to `id`, if it is within two edits.
pub fn nearest<'a>(id: &str, known: impl Iterator<Item = &'a String>) -> Option<&'a String> {
    known
        .map(|k| (edit_distance(id, k), k))
        .min()
        .filter(|(distance, _)| *distance <= 2)
        .map(|(_, k)| k)
}

/// Levenshtein distance, for suggesting what a misspelt ID, word or key meant.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = previous + usize::from(ca != cb);
            previous = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}
