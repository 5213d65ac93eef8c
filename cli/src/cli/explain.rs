//! `mj3 score HAND --why KEY` and `mj3 score HAND --all`: why a criterion did or did not
//! count, and every reading of the hand with the rule that picked the one scored.

use std::io::Write;

use super::output::{escape_control, terminal_width};
use mj3::InputError;
use mj3::evaluate::picking_rule;
use mj3::hand::ValidHand;
use mj3::reference::criterion::element_value;
use mj3::reference::readings::{self, TileReadings};
use mj3::reference::why;
use mj3::render::{Style, wrap_lines};
use mj3::rules::{self, Ruleset};

/// Parses and validates one line; `Err` is the error as `score` shows it.
fn validate(line: &str, rules: &Ruleset) -> Result<ValidHand, String> {
    mj3::validate_line(line, rules).map_err(|err| input_error(&err, line))
}

/// The shipped rulesets, for saying which have a criterion this one lacks.
fn shipped() -> Vec<Ruleset> {
    rules::shipped_names()
        .into_iter()
        .filter_map(|name| rules::load(name).ok())
        .collect()
}

/// What `score` was asked to explain.
#[derive(Debug, Clone, Copy)]
pub enum Request<'a> {
    /// `--why KEY…`.
    Why(&'a [String]),
    /// `--all`.
    All,
}

/// Explains the hand on `line` as asked, ASCII only with `--ascii`, and returns the exit
/// code: 0, or 2 (with the error on stderr) for a line that does not read or a `--why` key
/// nothing answers to (with the nearest names; the other keys are still answered).
pub fn run(
    line: &str,
    rules: &Ruleset,
    request: Request<'_>,
    json: bool,
    style: Style,
    out: &mut impl Write,
) -> anyhow::Result<u8> {
    let mut text = Vec::new();
    let answered = match validate(line, rules) {
        Err(message) => Err(message),
        Ok(hand) => match request {
            Request::Why(keys) => why(line, rules, &hand, keys, json, &mut text)?,
            Request::All => all(line, rules, &hand, json, &mut text)?,
        },
    };
    let text = String::from_utf8_lossy(&text);
    if style.ascii {
        write!(out, "{}", mj3::render::ascii_only(&text))?;
    } else {
        write!(out, "{text}")?;
    }
    match answered {
        Ok(()) => Ok(super::EXIT_OK),
        Err(message) => {
            let shown: Vec<String> = message.lines().map(escape_control).collect();
            super::output::write_error(&shown.join("\n"));
            Ok(super::EXIT_BAD_INPUT)
        }
    }
}

/// Answers every `--why` key for the hand; a key nothing answers to is the error (with its
/// nearest names), the other keys still answered.
fn why(
    line: &str,
    rules: &Ruleset,
    hand: &ValidHand,
    keys: &[String],
    json: bool,
    out: &mut impl Write,
) -> anyhow::Result<Result<(), String>> {
    let answers = why::answer_each(rules, hand, keys, &shipped());
    if json {
        writeln!(out, "{}", why::json(line, rules, &answers)?)?;
    } else {
        let width = usize::from(terminal_width());
        for answer in answers.iter().filter(|a| a.unknown().is_none()) {
            let line = match &answer.tile {
                Some(tile) => format!("on {tile}: {}", answer.sentence),
                None => answer.sentence.clone(),
            };
            for (i, part) in wrap_lines(&line, width.saturating_sub(2))
                .iter()
                .enumerate()
            {
                let indent = if i == 0 { "" } else { "  " };
                writeln!(out, "{indent}{part}")?;
            }
        }
    }
    let unknown: Vec<String> = answers
        .iter()
        .filter(|a| a.unknown().is_some())
        .map(|a| format!("--why {}", a.sentence))
        .collect();
    if unknown.is_empty() {
        Ok(Ok(()))
    } else {
        Ok(Err(unknown.join("\n")))
    }
}

/// Prints every reading of the hand (per winning tile for a waiting hand).
fn all(
    line: &str,
    rules: &Ruleset,
    hand: &ValidHand,
    json: bool,
    out: &mut impl Write,
) -> anyhow::Result<Result<(), String>> {
    let groups = readings::every_reading_of(hand, rules);
    if json {
        writeln!(out, "{}", readings::json(line, rules, &groups)?)?;
        return Ok(Ok(()));
    }
    if groups.is_empty() {
        writeln!(
            out,
            "{}: no reading makes a winning shape under {}",
            escape_control(line),
            rules.name
        )?;
    }
    let width = usize::from(terminal_width());
    for TileReadings { tile, readings } in &groups {
        match tile {
            Some(tile) => writeln!(out, "On {tile}: {} readings", readings.len())?,
            None => writeln!(out, "{} readings under {}", readings.len(), rules.name)?,
        }
        for (i, reading) in readings.iter().enumerate() {
            let score = &reading.score;
            let mark = if reading.chosen { "  ← scored" } else { "" };
            let jokers = if score.jokers.is_empty() {
                String::new()
            } else {
                format!(" (J as {})", score.jokers.join(" "))
            };
            writeln!(out, "{}. {}{jokers}{mark}", i + 1, score.arrangement)?;
            writeln!(out, "   {}", score.summary())?;
            let elements: Vec<String> = score
                .elements
                .iter()
                .map(|e| format!("{} {}", e.name, element_value(e)))
                .collect();
            if !elements.is_empty() {
                for part in wrap_lines(&elements.join(", "), width.saturating_sub(3)) {
                    writeln!(out, "   {part}")?;
                }
            }
        }
        for part in wrap_lines(&format!("Picked by: {}.", picking_rule(rules)), width) {
            writeln!(out, "{part}")?;
        }
    }
    Ok(Ok(()))
}

/// A line's error as `score` shows it: the message fitted to the width after `error: `, then
/// the line with a caret.
fn input_error(err: &InputError, line: &str) -> String {
    let message = mj3::render::fit_lines(
        &err.to_string(),
        usize::from(terminal_width()).saturating_sub("error: ".len()),
    );
    format!("{message}\n{}", super::output::snippet(line, err.span()))
}
