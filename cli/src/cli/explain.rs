//! `mj3 score HAND --why KEY` and `mj3 score HAND --all`: why a criterion did or did not
//! count, and every reading of the hand with the rule that picked the one scored.

use std::io::Write;

use super::output::{escape_control, terminal_width};
use mj3::evaluate::{Reading, every_reading, picking_rule};
use mj3::hand::ValidHand;
use mj3::reference::live::element_value;
use mj3::reference::why::{self, Resolved, Why};
use mj3::render::{Style, wrap_lines};
use mj3::rules::{self, Ruleset};
use mj3::tile::Tile;
use mj3::{InputError, hand, notation};

/// Parses and validates one line; `Err` is the error as `score` shows it.
fn validate(line: &str, rules: &Ruleset) -> Result<ValidHand, String> {
    notation::parse_hand(line)
        .map_err(|err| mj3::notation_error(err, rules))
        .and_then(|input| hand::validate(&input, rules).map_err(InputError::Hand))
        .map_err(|err| input_error(&err, line))
}

/// The shipped rulesets, for saying which have a criterion this one lacks.
fn shipped() -> Vec<Ruleset> {
    rules::shipped_names()
        .into_iter()
        .filter_map(|name| rules::load(name).ok())
        .collect()
}

/// One answer of `--why`.
#[derive(serde::Serialize)]
struct Answer {
    query: String,
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    tile: Option<String>,
    sentence: String,
    #[serde(flatten)]
    why: Why,
}

/// `mj3 score --why KEY --json`: the hand, the ruleset and one answer per key (per winning
/// tile of a waiting hand).
#[derive(serde::Serialize)]
struct WhyRecord<'a> {
    input: &'a str,
    ruleset: &'a str,
    why: Vec<Answer>,
}

/// `mj3 score --all --json`: the hand, the rule that picks a reading, and every reading per
/// winning tile (one entry, `tile` null, for a complete hand).
#[derive(serde::Serialize)]
struct ReadingsRecord<'a> {
    input: &'a str,
    #[serde(rename = "picked-by")]
    picked_by: &'static str,
    ruleset: &'a str,
    waits: Vec<WaitReadings<'a>>,
}

/// The readings of the hand completed by one tile.
#[derive(serde::Serialize)]
struct WaitReadings<'a> {
    readings: &'a [Reading],
    tile: Option<String>,
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
/// nothing answers to (with the nearest names).
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

/// Answers every `--why` key for the hand.
fn why(
    line: &str,
    rules: &Ruleset,
    hand: &ValidHand,
    keys: &[String],
    json: bool,
    out: &mut impl Write,
) -> anyhow::Result<Result<(), String>> {
    let shipped = shipped();
    let mut answers = Vec::new();
    for key in keys {
        match why::resolve(key, rules, &shipped) {
            Err(nearest) => {
                let hint = if nearest.is_empty() {
                    String::new()
                } else {
                    format!("; nearest: {}", nearest.join(", "))
                };
                return Ok(Err(format!(
                    "--why {key}: no criterion of {} or any shipped ruleset answers to that name{hint}",
                    rules.name
                )));
            }
            Ok(Resolved::Scored(criterion)) => {
                for (tile, answer) in why::explain_valid(rules, criterion, hand) {
                    answers.push(answer_of(key, &criterion.name, tile, answer, &rules.name));
                }
            }
            Ok(Resolved::Off(criterion)) => {
                let entry = mj3::reference::card::switched_off_of(rules, criterion);
                let answer = Why::SwitchedOff {
                    key: criterion.id.to_string(),
                    why: entry.why,
                    switch_on: entry.switch_on,
                };
                answers.push(answer_of(key, &criterion.name, None, answer, &rules.name));
            }
            Ok(Resolved::Elsewhere { name, rulesets }) => {
                let answer = Why::Absent {
                    elsewhere: rulesets,
                };
                answers.push(answer_of(key, &name, None, answer, &rules.name));
            }
        }
    }
    if json {
        let record = WhyRecord {
            input: line,
            ruleset: &rules.name,
            why: answers,
        };
        writeln!(out, "{}", serde_json::to_string(&record)?)?;
    } else {
        let width = usize::from(terminal_width());
        for answer in &answers {
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
    Ok(Ok(()))
}

fn answer_of(query: &str, name: &str, tile: Option<Tile>, why: Why, ruleset: &str) -> Answer {
    Answer {
        query: query.to_string(),
        name: name.to_string(),
        tile: tile.map(|t| t.to_string()),
        sentence: why.sentence(name, ruleset),
        why,
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
    let hands: Vec<(Option<Tile>, mj3::hand::Hand)> = match hand {
        ValidHand::Complete(hand) => vec![(None, hand.clone())],
        ValidHand::Waiting(waiting) => rules
            .tiles
            .tiles()
            .filter_map(|tile| Some((Some(tile), waiting.completed_by(tile, rules)?)))
            .collect(),
    };
    let groups: Vec<(Option<Tile>, Vec<Reading>)> = hands
        .iter()
        .map(|(tile, hand)| (*tile, every_reading(hand, rules)))
        .filter(|(_, readings)| !readings.is_empty())
        .collect();
    if json {
        let record = ReadingsRecord {
            input: line,
            picked_by: picking_rule(rules),
            ruleset: &rules.name,
            waits: groups
                .iter()
                .map(|(tile, readings)| WaitReadings {
                    readings,
                    tile: tile.map(|t| t.to_string()),
                })
                .collect(),
        };
        writeln!(out, "{}", serde_json::to_string(&record)?)?;
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
    for (tile, readings) in &groups {
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
