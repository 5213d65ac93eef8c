//! The shipped rulesets as `mj3 rulesets` lists them: each one's name, title, system and
//! source.

use serde::Serialize;

use crate::rules::{self, RulesError, System};
use crate::sources;

/// One shipped ruleset as `mj3 rulesets --json` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// The name `--rules` takes.
    pub name: String,
    /// Its source, naming the document by title.
    pub source: String,
    /// Its scoring system.
    pub system: System,
    /// Its title.
    pub title: String,
}

/// Every shipped ruleset, in the order [`rules::shipped_names`] gives.
pub fn summaries() -> Result<Vec<Summary>, RulesError> {
    rules::shipped_names()
        .into_iter()
        .map(|name| {
            let ruleset = rules::load(name)?;
            Ok(Summary {
                name: name.to_string(),
                title: ruleset.title,
                system: ruleset.system,
                source: sources::cite(&ruleset.source),
            })
        })
        .collect()
}

/// The JSON of `mj3 rulesets --json`: an array of [`Summary`].
pub fn summaries_json(summaries: &[Summary]) -> serde_json::Result<String> {
    crate::json::to_string(summaries)
}
