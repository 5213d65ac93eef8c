//! `mj3 criteria [QUERY]`: the listing of a ruleset's criteria fitted to the terminal, or
//! the criteria matching a query as a short list and cards.

use std::io::Write;

use clap::Args;

use super::output::terminal_width;
use mj3::reference::search::{self, Lookup};
use mj3::reference::text;
use mj3::reference::{card, limits, lookup};
use mj3::render;
use mj3::rules::{self, RulesError, Ruleset};

/// Exit code: the query matched no criterion (of `-r`'s ruleset, when given).
pub const EXIT_NO_MATCH: u8 = 1;

/// How many other matches are named after the answer.
const MORE_LISTED: usize = 12;

// The arguments of `mj3 criteria`.
// No doc comment: clap would show it as the subcommand's help, in place of the variant's.
#[derive(Debug, Args)]
#[group(skip)]
pub struct CriteriaArgs {
    /// Words to look up: a key, name or alias in any spelling or script (`tanyao`, `13
    /// orphans`, `all simples`, `立直`, `對對糊`), or a limit (`mangan`, `half limit`); without
    /// it, the criteria of the ruleset are listed.
    query: Vec<String>,
    /// A shipped ruleset name or a path to a TOML file: the ruleset listed (default korean),
    /// or the one whose card a lookup shows (default korean, else the first that has it;
    /// with --json the only one searched).
    #[arg(long, short)]
    rules: Option<String>,
    /// Override one ruleset value, e.g. `options.red-dora=true` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    overrides: Vec<String>,
    /// Show every card: each match's, in every ruleset (default: the best match's card in
    /// one ruleset and its value in every ruleset).
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
                    mj3::json::to_string(&render::criteria_listing(&rules))?
                )?;
            } else {
                write!(out, "{}", self.shown(text::listing(&rules, Some(width))))?;
            }
            return Ok(0);
        }
        let query = self.query.join(" ");
        if let Some(level) = limits::Level::find(&query) {
            let card = limits::card(level, &self.rulesets()?);
            if self.json {
                writeln!(out, "{}", limits::json(&query, &card))?;
            } else {
                write!(out, "{}", self.shown(limits::text(&card, width)))?;
            }
            return Ok(0);
        }
        if self.json {
            return self.json_lookup(out, &query);
        }
        let (all, chosen) = self.every_ruleset()?;
        let concepts = match search::lookup(&query, &all) {
            Lookup::Found(concepts) => concepts,
            Lookup::NotFound { nearest } => return self.no_match(&query, &nearest, false),
        };
        if self.all {
            self.every_card(out, &query, &concepts, width)?;
            return Ok(0);
        }
        self.answer(out, &query, &concepts, chosen.as_deref(), width)
    }

    /// Says on stderr that nothing matches `query` in the rulesets `searched` (`-r`'s only or
    /// every one), with the `nearest` names.
    fn no_match(&self, query: &str, nearest: &[String], only_r: bool) -> anyhow::Result<u8> {
        let searched = match (&self.rules, only_r) {
            (Some(name), true) => format!("ruleset {name}"),
            (Some(name), false) => format!("ruleset {name} or any shipped ruleset"),
            (None, _) => "any shipped ruleset".to_string(),
        };
        let message = if nearest.is_empty() {
            format!("no criterion of {searched} matches \"{query}\"")
        } else {
            format!(
                "no criterion of {searched} matches \"{query}\"; nearest: {}",
                nearest.join(", ")
            )
        };
        super::output::write_error(&super::output::escape_control(&message));
        Ok(EXIT_NO_MATCH)
    }

    /// The lookup as JSON: the matches in the rulesets searched (`-r`'s only, when given) and
    /// the best match's cards (`--all`: every match's).
    fn json_lookup(&self, out: &mut impl Write, query: &str) -> anyhow::Result<u8> {
        let rulesets = self.rulesets()?;
        let concepts = match search::lookup(query, &rulesets) {
            Lookup::Found(concepts) => concepts,
            Lookup::NotFound { nearest } => return self.no_match(query, &nearest, true),
        };
        writeln!(out, "{}", lookup::json(query, &concepts, self.all)?)?;
        Ok(0)
    }

    /// Today's whole reference for a query: the short list of every match, then every
    /// match's card with its entry in every ruleset searched.
    fn every_card(
        &self,
        out: &mut impl Write,
        query: &str,
        concepts: &[search::Concept<'_>],
        width: usize,
    ) -> anyhow::Result<()> {
        if concepts.len() > 1 {
            write!(
                out,
                "{}",
                self.shown(text::short_list(
                    &mj3::escape::escape_control(query),
                    concepts,
                    width
                ))
            )?;
        }
        for concept in concepts {
            write!(
                out,
                "{}",
                self.shown(text::card(&card::card(concept), width))
            )?;
        }
        Ok(())
    }

    /// Every shipped ruleset, with `-r`'s (and its `--set` values) in place of the shipped
    /// one of its name, or first when it is a house file; and `-r`'s name.
    fn every_ruleset(&self) -> Result<(Vec<Ruleset>, Option<String>), RulesError> {
        let Some(name) = &self.rules else {
            return Ok((self.rulesets()?, None));
        };
        let chosen = self.load(name)?;
        let chosen_name = chosen.name.clone();
        let mut all: Vec<Ruleset> = rules::shipped_names()
            .into_iter()
            .map(rules::load)
            .collect::<Result<_, _>>()?;
        match all.iter_mut().find(|r| r.name == chosen.name) {
            Some(shipped) => *shipped = chosen,
            None => all.insert(0, chosen),
        }
        Ok((all, Some(chosen_name)))
    }

    /// One question answered: the best match's card in one ruleset (`-r`'s, else the
    /// default ruleset's, else the first that has it) with its value in every ruleset, then
    /// the other matches by name. With `-r`, a match that ruleset lacks names the rulesets
    /// that have it.
    fn answer(
        &self,
        out: &mut impl Write,
        query: &str,
        concepts: &[search::Concept<'_>],
        chosen: Option<&str>,
        width: usize,
    ) -> anyhow::Result<u8> {
        let own = |concept: &&search::Concept<'_>, name: &str| {
            concept.score > search::DESCRIPTION
                && concept.matches.iter().any(|m| m.ruleset.name == name)
        };
        let best = match chosen {
            Some(name) => concepts.iter().find(|c| own(c, name)),
            None => concepts.first(),
        };
        let Some(best) = best else {
            // `-r`'s ruleset has no such criterion: where it is instead.
            let Some(elsewhere) = concepts.first() else {
                return Ok(EXIT_NO_MATCH);
            };
            let name = chosen.unwrap_or_default();
            let whereabouts: Vec<String> = elsewhere
                .matches
                .iter()
                .map(|m| format!("{} ({})", m.ruleset.name, m.criterion.id))
                .collect();
            let said = format!(
                "{}: {name} has no such criterion; it is in {}",
                elsewhere.name,
                whereabouts.join(", ")
            );
            writeln!(
                out,
                "{}",
                self.shown(mj3::render::wrap_lines(&said, width).join("\n"))
            )?;
            let head = text::card_head(&card::card(elsewhere), width);
            write!(out, "{}", self.shown(head))?;
            return Ok(EXIT_NO_MATCH);
        };
        let shown_in = chosen
            .filter(|name| best.matches.iter().any(|m| m.ruleset.name == *name))
            .map(str::to_string)
            .or_else(|| {
                best.matches
                    .iter()
                    .find(|m| m.ruleset.name == rules::DEFAULT_RULESET)
                    .or_else(|| best.matches.first())
                    .map(|m| m.ruleset.name.clone())
            })
            .unwrap_or_default();
        let card = card::card(best);
        if let Some(text) = text::card_in(&card, &shown_in, width) {
            write!(out, "{}", self.shown(text))?;
        }
        let mut notes: Vec<String> = Vec::new();
        if card.entries.len() > 1 {
            notes.push(format!(
                "Its card in another ruleset: mj3 criteria \"{query}\" -r NAME; every card of every match: --all."
            ));
        }
        let others: Vec<&str> = concepts
            .iter()
            .filter(|c| !std::ptr::eq(*c, best))
            .map(|c| c.name.as_str())
            .collect();
        if !others.is_empty() {
            let listed: Vec<&str> = others.iter().take(MORE_LISTED).copied().collect();
            let more = others.len().saturating_sub(listed.len());
            let tail = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            notes.push(format!(
                "Also matching \"{query}\": {}{tail} (mj3 criteria \"NAME\" shows one).",
                listed.join("; ")
            ));
        }
        for note in notes {
            writeln!(out)?;
            writeln!(
                out,
                "{}",
                self.shown(mj3::render::wrap_lines(&note, width).join("\n"))
            )?;
        }
        Ok(0)
    }
}
