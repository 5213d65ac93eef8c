//! Near-miss hands for the cards, taken from the scoring cases (`tests/cases/*.txt`,
//! embedded at build time by `build.rs`).
//!
//! The case runner requires a near-miss (`-KEY`) for every criterion of every ruleset it
//! sees, so every shipped criterion has at least one (but the winning bonus, which every
//! win scores). A line qualifies when it expects no error; the ruleset values it changes
//! (`@KEY=VALUE`) come with it, and its `#` comment, when it has one, says why the hand
//! misses. The card scores the hand live and shows it only when the criterion is switched on
//! and really does not count ([`super::live`]).

include!(concat!(env!("OUT_DIR"), "/case_files.rs"));

/// A case line that expects a criterion not to count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// The hand in notation.
    pub hand: String,
    /// The line's comment: why it misses, or the section it tests.
    pub comment: Option<&'static str>,
    /// The ruleset values the line changes, as `--set` takes them (`options.red-dora=true`).
    pub settings: Vec<&'static str>,
}

/// The ruleset a case file is written for (its `ruleset: NAME` line).
fn ruleset_of(text: &str) -> Option<&str> {
    text.lines()
        .find_map(|line| line.strip_prefix("ruleset:"))
        .map(str::trim)
}

/// The near-miss lines for criterion `key`: those of `ruleset`'s own case file first, lines
/// that change no ruleset value before those that do, lines with a comment before lines
/// without; then those of the other files.
pub fn candidates(ruleset: &str, key: &str) -> Vec<Candidate> {
    let wanted = format!("-{key}");
    let mut found: Vec<((bool, bool, bool), Candidate)> = Vec::new();
    for (_, text) in CASE_FILES {
        let own = ruleset_of(text) == Some(ruleset);
        for raw in text.lines() {
            if raw.trim_start().starts_with('#') {
                continue;
            }
            let (line, comment) = match raw.split_once(" #") {
                Some((line, comment)) => (line, Some(comment.trim()).filter(|c| !c.is_empty())),
                None => (raw, None),
            };
            let Some((hand, checks)) = line.trim().split_once(" | ") else {
                continue;
            };
            let words = hand.split_whitespace().chain(checks.split_whitespace());
            let settings: Vec<&'static str> = words.filter_map(|w| w.strip_prefix('@')).collect();
            let mut checks = checks.split_whitespace();
            if checks.clone().any(|w| w.starts_with("error=")) || !checks.any(|w| w == wanted) {
                continue;
            }
            let shown: Vec<&str> = hand
                .split_whitespace()
                .filter(|w| !w.starts_with('@'))
                .collect();
            let hand = shown.join(" ");
            let order = (!own, !settings.is_empty(), comment.is_none());
            found.push((
                order,
                Candidate {
                    hand,
                    comment,
                    settings,
                },
            ));
        }
    }
    found.sort_by_key(|(order, _)| *order);
    found.into_iter().map(|(_, c)| c).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_case_file_is_embedded_with_its_ruleset() {
        assert!(CASE_FILES.len() >= 5);
        for (name, text) in CASE_FILES {
            assert!(ruleset_of(text).is_some(), "{name}");
        }
    }

    #[test]
    fn own_lines_with_a_comment_come_first() {
        let found = candidates("sanma", "pinfu");
        let first = found.first().expect("sanma has a pinfu near-miss");
        assert!(first.comment.is_some());
    }
}
