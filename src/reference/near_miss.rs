//! Near-miss hands for the cards, taken from the scoring cases (`tests/cases/*.txt`,
//! embedded at build time by `build.rs`).
//!
//! The case runner requires a near-miss (`-KEY`) for every criterion of every ruleset it
//! sees, so every shipped criterion has at least one. A line qualifies when it changes no
//! ruleset value (`@KEY=VALUE`) and expects no error; its `#` comment, when it has one, says
//! why the hand misses. The card scores the hand live and shows it only when the criterion
//! really does not count ([`super::live`]).

include!(concat!(env!("OUT_DIR"), "/case_files.rs"));

/// A case line that expects a criterion not to count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    /// The hand in notation.
    pub hand: &'static str,
    /// The line's comment: why it misses, or the section it tests.
    pub comment: Option<&'static str>,
}

/// The ruleset a case file is written for (its `ruleset: NAME` line).
fn ruleset_of(text: &str) -> Option<&str> {
    text.lines()
        .find_map(|line| line.strip_prefix("ruleset:"))
        .map(str::trim)
}

/// The near-miss lines for criterion `key`: those of `ruleset`'s own case file first (lines
/// with a comment before lines without), then those of the other files.
pub fn candidates(ruleset: &str, key: &str) -> Vec<Candidate> {
    let wanted = format!("-{key}");
    let mut found: Vec<(bool, bool, Candidate)> = Vec::new();
    for (_, text) in CASE_FILES {
        let own = ruleset_of(text) == Some(ruleset);
        for raw in text.lines() {
            let (line, comment) = match raw.split_once(" #") {
                Some((line, comment)) => (line, Some(comment.trim()).filter(|c| !c.is_empty())),
                None => (raw, None),
            };
            let Some((hand, checks)) = line.trim().split_once(" | ") else {
                continue;
            };
            if line.trim_start().starts_with('#')
                || hand.split_whitespace().any(|w| w.starts_with('@'))
            {
                continue;
            }
            let mut words = checks.split_whitespace();
            let changes_rules = checks
                .split_whitespace()
                .any(|w| w.starts_with('@') || w.starts_with("error="));
            if changes_rules || !words.any(|w| w == wanted) {
                continue;
            }
            found.push((
                !own,
                comment.is_none(),
                Candidate {
                    hand: hand.trim(),
                    comment,
                },
            ));
        }
    }
    found.sort_by_key(|(other, bare, _)| (*other, *bare));
    found.into_iter().map(|(_, _, c)| c).collect()
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
