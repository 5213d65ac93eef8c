//! `mj3 criteria [QUERY]`: the listing of a ruleset's criteria fitted to the terminal, or
//! the criteria matching a query as a short list and cards.

use std::io::Write;

use clap::Args;

use super::output::terminal_width;
use mj3::reference::card;
use mj3::reference::lookup;
use mj3::reference::search::{self, Lookup};
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

impl CriteriaArgs {
    /// The text as written: ASCII only with `--ascii`.
    fn shown(&self, text: String) -> String {
        if self.ascii {
            render::ascii_only(&text)
        } else {
            text
        }
    }

    fn rulesets(&self) -> Result<Vec<Ruleset>, RulesError> {
        match &self.rules {
            Some(name) => Ok(vec![rules::load_with(name, &self.overrides)?]),
            None => rules::shipped_names()
                .into_iter()
                .map(|name| rules::load_with(name, &self.overrides))
                .collect(),
        }
    }

    /// Runs the command and returns the exit code.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<u8> {
        let width = usize::from(terminal_width());
        if self.query.is_empty() {
            let name = self.rules.as_deref().unwrap_or(rules::DEFAULT_RULESET);
            let rules = rules::load_with(name, &self.overrides)?;
            if self.json {
                writeln!(out, "{}", render::criteria_json(&rules))?;
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
                super::output::write_error(&super::output::escape_control(&message))?;
                return Ok(EXIT_NO_MATCH);
            }
        };
        if self.json {
            writeln!(out, "{}", lookup::json(&query, &concepts, self.all))?;
            return Ok(0);
        }
        let shown = lookup::shown(&concepts, self.all);
        let card_width = width;
        if concepts.len() > 1 {
            write!(
                out,
                "{}",
                self.shown(text::short_list(&query, &concepts, card_width))
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
