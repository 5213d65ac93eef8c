//! The answer to a criteria lookup (`mj3 criteria QUERY`): the concepts that match, the
//! ones whose cards are shown, and the JSON of both.

use serde::Serialize;

use super::card::{self, Card};
use super::search::Concept;

/// The concepts whose cards are shown: the best-scoring ones, or every one with `all`.
pub fn shown<'c, 'r>(concepts: &'c [Concept<'r>], all: bool) -> Vec<&'c Concept<'r>> {
    let best = concepts.first().map_or(0, |c| c.score);
    concepts.iter().filter(|c| all || c.score == best).collect()
}

/// The JSON of `mj3 criteria QUERY --json`: the query, every matching concept with its key
/// in each ruleset, and the cards of those [`shown`] with `all`.
pub fn json(query: &str, concepts: &[Concept<'_>], all: bool) -> serde_json::Result<String> {
    let cards: Vec<Card> = shown(concepts, all)
        .into_iter()
        .map(|c| card::card(c))
        .collect();
    let matches: Vec<Matched> = concepts
        .iter()
        .map(|c| Matched {
            keys: c
                .matches
                .iter()
                .map(|m| Key {
                    key: &m.criterion.id,
                    ruleset: &m.ruleset.name,
                })
                .collect(),
            name: &c.name,
        })
        .collect();
    crate::json::to_string(&Record {
        cards,
        matches,
        query,
    })
}

/// The whole answer.
#[derive(Serialize)]
struct Record<'a> {
    cards: Vec<Card>,
    matches: Vec<Matched<'a>>,
    query: &'a str,
}

/// A matching concept and its key in each ruleset that has it.
#[derive(Serialize)]
struct Matched<'a> {
    keys: Vec<Key<'a>>,
    name: &'a str,
}

#[derive(Serialize)]
struct Key<'a> {
    key: &'a str,
    ruleset: &'a str,
}
