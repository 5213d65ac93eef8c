//! The answer to a criteria lookup (`mj3 criteria QUERY`): the concepts that match, the
//! ones whose cards are shown, and the JSON of both.

use serde::Serialize;

use super::card::{self, Card};
use super::search::Concept;
use super::sorted_json;

/// The concepts whose cards are shown: the best-scoring ones, or every one with `all`.
pub fn shown<'c, 'r>(concepts: &'c [Concept<'r>], all: bool) -> Vec<&'c Concept<'r>> {
    let best = concepts.first().map_or(0, |c| c.score);
    concepts.iter().filter(|c| all || c.score == best).collect()
}

/// The JSON of `mj3 criteria QUERY --json`: the query, every matching concept with its key
/// in each ruleset, and the cards of those [`shown`] with `all`.
pub fn json(query: &str, concepts: &[Concept<'_>], all: bool) -> String {
    let cards: Vec<Card> = shown(concepts, all)
        .into_iter()
        .map(|c| card::card(c))
        .collect();
    let matches: Vec<Matched> = concepts
        .iter()
        .map(|c| Matched {
            name: &c.name,
            keys: c
                .matches
                .iter()
                .map(|m| Key {
                    ruleset: &m.ruleset.name,
                    key: &m.criterion.id,
                })
                .collect(),
        })
        .collect();
    sorted_json(&Record {
        query,
        matches,
        cards,
    })
}

/// The whole answer.
#[derive(Serialize)]
struct Record<'a> {
    query: &'a str,
    matches: Vec<Matched<'a>>,
    cards: Vec<Card>,
}

/// A matching concept and its key in each ruleset that has it.
#[derive(Serialize)]
struct Matched<'a> {
    name: &'a str,
    keys: Vec<Key<'a>>,
}

#[derive(Serialize)]
struct Key<'a> {
    ruleset: &'a str,
    key: &'a str,
}
