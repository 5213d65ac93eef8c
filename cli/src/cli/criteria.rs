//! `mj3 criteria [QUERY]`: the listing of a ruleset's criteria fitted to the terminal, or
//! the criteria matching a query as a short list and cards.

use std::io::Write;

use clap::Args;
use serde::Serialize;

use super::output::{escape_control, terminal_width};
use mj3::reference::card;
use mj3::reference::search::{self, Concept, Lookup};
use mj3::reference::text;
use mj3::render;
use mj3::rules::{self, RulesError, Ruleset};

/// Exit code: the query matched no criterion.
pub const EXIT_NO_MATCH: u8 = 1;

/// The arguments of `mj3 criteria`.
#[derive(Debug, Args)]
pub struct CriteriaArgs {
    /// Words to look up: a key, name or alias in any spelling (`tanyao`, `13 orphans`,
    /// `all simples`, `seven pairs`); without it, the criteria of the ruleset are listed.
    query: Vec<String>,
    /// A shipped ruleset name or a path to a TOML file: the ruleset listed (default korean),
    /// or the only one searched (default: every shipped ruleset).
    #[arg(long, short)]
    rules: Option<String>,
    /// Override one ruleset value, e.g. `options.red-dora=true` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    overrides: Vec<String>,
    /// Show the card of every match, not only of the best.
    #[arg(long)]
    all: bool,
    /// Print JSON instead of tables and cards.
    #[arg(long)]
    json: bool,
    /// ASCII only: +-| borders and no other characters beyond ASCII.
    #[arg(long)]
    ascii: bool,
}

/// `mj3 criteria QUERY --json`: the query, every concept it matches and the cards shown.
#[derive(Serialize)]
struct LookupRecord<'a> {
    cards: Vec<card::Card>,
    matches: Vec<ConceptKeys<'a>>,
    query: &'a str,
}

/// A matching concept: its name and its key in each ruleset that has it.
#[derive(Serialize)]
struct ConceptKeys<'a> {
    keys: Vec<RulesetKey<'a>>,
    name: &'a str,
}

/// A criterion's key in one ruleset.
#[derive(Serialize)]
struct RulesetKey<'a> {
    key: &'a str,
    ruleset: &'a str,
}

impl<'a> ConceptKeys<'a> {
    fn new(concept: &'a Concept<'a>) -> Self {
        ConceptKeys {
            keys: concept
                .matches
                .iter()
                .map(|m| RulesetKey {
                    key: &m.criterion.id,
                    ruleset: &m.ruleset.name,
                })
                .collect(),
            name: &concept.name,
        }
    }
}

impl CriteriaArgs {
    /// The text as written: ASCII only with `--ascii`.
    fn shown(&self, text: String) -> String {
        if self.ascii {
            render::ascii_only(&text)
        } else {
            text
        }
    }

    /// A ruleset, its texts escaped for the tables and cards (JSON keeps them as read).
    fn load(&self, name: &str) -> Result<Ruleset, RulesError> {
        let rules = rules::load_with(name, &self.overrides)?;
        Ok(match self.json {
            true => rules,
            false => mj3::escape::ruleset(rules),
        })
    }

    fn rulesets(&self) -> Result<Vec<Ruleset>, RulesError> {
        match &self.rules {
            Some(name) => Ok(vec![self.load(name)?]),
            None => rules::shipped_names()
                .into_iter()
                .map(|name| self.load(name))
                .collect(),
        }
    }

    /// Runs the command and returns the exit code.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<u8> {
        let width = usize::from(terminal_width());
        if self.query.is_empty() {
            let name = self.rules.as_deref().unwrap_or(rules::DEFAULT_RULESET);
            let rules = self.load(name)?;
            if self.json {
                writeln!(
                    out,
                    "{}",
                    serde_json::to_string(&render::criteria_listing(&rules))?
                )?;
            } else {
                write!(out, "{}", self.shown(text::listing(&rules, Some(width))))?;
            }
            return Ok(0);
        }
        let query = self.query.join(" ");
        let rulesets = self.rulesets()?;
        let concepts = match search::lookup(&query, &rulesets) {
            Lookup::Found(concepts) => concepts,
            Lookup::NotFound { nearest } => {
                let searched = match &self.rules {
                    Some(name) => format!("ruleset {name}"),
                    None => "any shipped ruleset".to_string(),
                };
                let message = if nearest.is_empty() {
                    format!("no criterion of {searched} matches \"{query}\"")
                } else {
                    format!(
                        "no criterion of {searched} matches \"{query}\"; nearest: {}",
                        nearest.join(", ")
                    )
                };
                super::output::write_error(&escape_control(&message));
                return Ok(EXIT_NO_MATCH);
            }
        };
        let best = concepts.first().map_or(0, |c| c.score);
        let shown: Vec<_> = concepts
            .iter()
            .filter(|c| self.all || c.score == best)
            .collect();
        if self.json {
            let record = LookupRecord {
                cards: shown.iter().map(|c| card::card(c)).collect(),
                matches: concepts.iter().map(ConceptKeys::new).collect(),
                query: &query,
            };
            writeln!(out, "{}", serde_json::to_string(&record)?)?;
            return Ok(0);
        }
        let card_width = width;
        if concepts.len() > 1 {
            write!(
                out,
                "{}",
                self.shown(text::short_list(
                    &escape_control(&query),
                    &concepts,
                    card_width
                ))
            )?;
            if !self.all && shown.len() < concepts.len() {
                writeln!(
                    out,
                    "(the best match's card follows; --all shows every card)"
                )?;
            }
        }
        for concept in shown {
            write!(
                out,
                "{}",
                self.shown(text::card(&card::card(concept), card_width))
            )?;
        }
        Ok(0)
    }
}
