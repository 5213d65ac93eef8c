//! `mj3 game FILE`: a game record replayed under its ruleset, printed as a score sheet (each
//! hand with what happened, every player's change and running total, the sticks on the
//! table, and the standings) or as JSON, one record per hand.

use std::io::{self, IsTerminal, Read, Write};

use anyhow::Context;
use clap::Args;
use comfy_table::{Cell, CellAlignment, ContentArrangement, Table, presets};

use super::output::{self, escape_control};
use super::{EXIT_BAD_INPUT, EXIT_BAD_RULESET, EXIT_OK};
use mj3::game::sheet::points;
use mj3::game::{self, Failure, HandKind, Sheet};
use mj3::render;

/// The arguments of `mj3 game`.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// The game record (docs/game.md); `-` reads standard input.
    file: String,
    /// Override one ruleset value for this game, e.g. `game.starting-points=30000`
    /// (repeatable; after the record's own `set` lines).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    overrides: Vec<String>,
    /// One JSON record per hand, with the full evaluation of each win, then the standings.
    #[arg(long)]
    json: bool,
    /// ASCII only: +-| borders and no other characters beyond ASCII.
    #[arg(long)]
    ascii: bool,
}

impl GameArgs {
    /// Replays the record and prints the sheet; returns the exit code.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<u8> {
        let text = match self.read()? {
            Ok(text) => text,
            Err(not_utf8) => {
                output::write_error(&not_utf8);
                return Ok(EXIT_BAD_INPUT);
            }
        };
        match game::replay(&text, &self.overrides) {
            Ok(sheet) => {
                self.print(&sheet, out)?;
                Ok(EXIT_OK)
            }
            Err(failure) => self.fail(&failure, out),
        }
    }

    /// The record's text; `Err` inside when it is not UTF-8 (bad input, said why).
    fn read(&self) -> anyhow::Result<Result<String, String>> {
        let mut text = Vec::new();
        if self.file == "-" {
            let stdin = io::stdin();
            if stdin.is_terminal() {
                output::write_note("mj3: reading a game record from the terminal; end with Ctrl-D");
            }
            stdin
                .lock()
                .read_to_end(&mut text)
                .context("could not read the game record from standard input")?;
        } else {
            text = std::fs::read(&self.file)
                .with_context(|| format!("could not read `{}`", escape_control(&self.file)))?;
        }
        Ok(String::from_utf8(text).map_err(|err| {
            let (line, column) = mj3::utf8::first_bad_byte(err.as_bytes()).unwrap_or((1, 1));
            let what = match self.file.as_str() {
                "-" => "the game record on standard input".to_string(),
                file => format!("`{}`", escape_control(file)),
            };
            mj3::utf8::not_utf8(&what, line, column, mj3::utf8::GAME_TEXT)
        }))
    }

    /// The sheet of the hands before the bad line, then the error with its line, caret and
    /// the game there.
    fn fail(&self, failure: &Failure, out: &mut impl Write) -> anyhow::Result<u8> {
        if let Some(sheet) = failure.sheet.as_ref().filter(|s| !s.hands.is_empty()) {
            self.print(sheet, out)?;
        }
        out.flush()?;
        let shown: Vec<String> = failure.error.render().lines().map(escape_control).collect();
        output::write_error(&shown.join("\n"));
        Ok(if failure.bad_ruleset {
            EXIT_BAD_RULESET
        } else {
            EXIT_BAD_INPUT
        })
    }

    fn print(&self, sheet: &Sheet, out: &mut impl Write) -> anyhow::Result<()> {
        if self.json {
            for hand in &sheet.hands {
                writeln!(out, "{}", serde_json::to_string(hand)?)?;
            }
            let end = serde_json::to_string(&sheet.end_record())?;
            writeln!(out, "{end}")?;
            return Ok(());
        }
        let text = format!("{}\n{}\n{}", header(sheet), hands(sheet), standings(sheet));
        let text: String = text
            .lines()
            .map(|line| escape_control(line) + "\n")
            .collect();
        if self.ascii {
            write!(out, "{}", render::ascii_only(&text))?;
        } else {
            write!(out, "{text}")?;
        }
        Ok(())
    }
}

fn new_table() -> Table {
    let mut table = Table::new();
    table
        .load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic);
    table.set_width(output::terminal_width());
    table
}

fn header(sheet: &Sheet) -> String {
    format!(
        "Game under {}: {} (starting with {} each)\n",
        sheet.ruleset,
        sheet.players.join(", "),
        points(sheet.starting_points, false)
    )
}

/// The hands: one row each. The hand cell holds its number, name, dealer and what was on the
/// table when it started; each player's cell the seat and change, then the total.
fn hands(sheet: &Sheet) -> String {
    let mut table = new_table();
    let mut head = vec![Cell::new("Hand"), Cell::new("What happened")];
    head.extend(sheet.players.iter().map(Cell::new));
    table.set_header(head);
    for hand in &sheet.hands {
        let mut label = format!("{}. {}", hand.number, hand.label);
        if hand.kind != HandKind::Correction {
            label.push_str(&format!("\ndealer {}", hand.dealer));
            for (n, one, many) in [
                (hand.honba, "counter", "counters"),
                (hand.sticks, "stick", "sticks"),
                (hand.draws, "drawn before", "drawn before"),
            ] {
                if n > 0 {
                    label.push_str(&format!("\n{n} {}", if n == 1 { one } else { many }));
                }
            }
        }
        let mut row = vec![Cell::new(label), Cell::new(hand.events.join("\n"))];
        for (player, seat) in hand.players.iter().zip(&hand.seats) {
            let change = if player.change == 0 {
                "·".to_string()
            } else {
                points(player.change, true)
            };
            let shown = if hand.kind == HandKind::Correction {
                format!("{change}\n{}", points(player.total, false))
            } else {
                format!(
                    "{} {change}\n{}",
                    seat.seat.letter(),
                    points(player.total, false)
                )
            };
            row.push(Cell::new(shown).set_alignment(CellAlignment::Right));
        }
        table.add_row(row);
    }
    let mut out = format!("{table}\n");
    if sheet.riichi_stick > 0
        && let Some(last) = sheet.hands.last()
        && last.sticks_after > 0
    {
        out.push_str(&format!(
            "{} riichi stick{} on the table.\n",
            last.sticks_after,
            if last.sticks_after == 1 { "" } else { "s" }
        ));
    }
    out
}

fn standings(sheet: &Sheet) -> String {
    let mut table = new_table();
    let shows_result = sheet.standings.iter().any(|s| s.result != s.net);
    let mut head = vec!["Place", "Player", "Points", "Net"];
    if shows_result {
        head.push("Result (target, uma, oka)");
    }
    table.set_header(head);
    for s in &sheet.standings {
        let mut row = vec![
            Cell::new(s.place).set_alignment(CellAlignment::Right),
            Cell::new(&s.player),
            Cell::new(points(s.points, false)).set_alignment(CellAlignment::Right),
            Cell::new(points(s.net, true)).set_alignment(CellAlignment::Right),
        ];
        if shows_result {
            row.push(Cell::new(points(s.result, true)).set_alignment(CellAlignment::Right));
        }
        table.add_row(row);
    }
    let end = match &sheet.end {
        Some(reason) => format!("The game is over: {reason}."),
        None => "The record stops here; the game is not over.".into(),
    };
    format!("{end}\n{table}\n")
}
