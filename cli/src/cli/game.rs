//! `mj3 game FILE`: a game record replayed under its ruleset, printed as a score sheet (each
//! hand with what happened, every player's change and running total, the sticks on the
//! table, and the standings) or as JSON, one record per hand.

use std::io::{self, IsTerminal, Read, Write};

use anyhow::Context;
use clap::Args;
use comfy_table::{Cell, CellAlignment, ColumnConstraint, Width};

use super::output::{self, escape_control};
use super::{EXIT_BAD_INPUT, EXIT_BAD_RULESET, EXIT_OK};
use mj3::game::sheet::points;
use mj3::game::{self, Failure, HandKind, HandRecord, Sheet};
use mj3::{plural, render};

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
        let mut writer = SheetWriter::new(sheet, usize::from(output::terminal_width()));
        let mut text = header(sheet);
        for hand in &sheet.hands {
            text.push_str(&writer.hand(hand));
        }
        text.push_str(&writer.end(sheet));
        if self.ascii {
            write!(out, "{}", render::ascii_only(&text))?;
        } else {
            write!(out, "{text}")?;
        }
        Ok(())
    }
}

/// The first line of the sheet: the ruleset, the players and their starting points.
fn header(sheet: &Sheet) -> String {
    let players: Vec<String> = sheet.players.iter().map(|p| escape_control(p)).collect();
    format!(
        "Game under {}: {} (starting with {} each)\n\n",
        escape_control(&sheet.ruleset),
        players.join(", "),
        points(sheet.starting_points, false)
    )
}

/// The hands' table written a hand at a time: each hand a table of one row with the same
/// fixed column widths, its top border and header shown only for the first, its bottom
/// border held back until the next hand or the end. A table too narrow for its words is
/// drawn as records (`render::draw`), a blank line between hands.
struct SheetWriter {
    /// The table's width.
    width: usize,
    /// The players' names as shown.
    names: Vec<String>,
    /// The narrowest a player's column is: room for `E +12,000` when the game plays in
    /// thousands, `E +58` when not.
    player_width: usize,
    /// The bottom border of the last table written, held back.
    bottom: Option<String>,
    /// A hand has been written.
    started: bool,
}

impl SheetWriter {
    fn new(sheet: &Sheet, width: usize) -> SheetWriter {
        SheetWriter {
            width,
            names: sheet.players.iter().map(|p| escape_control(p)).collect(),
            player_width: if sheet.starting_points >= 1000 { 9 } else { 6 },
            bottom: None,
            started: false,
        }
    }

    /// The widths of the columns (padding included): the hand, what happened, each player.
    fn widths(&self) -> Vec<usize> {
        let name_width = |n: &String| render::display_width(n);
        let longest = self.names.iter().map(name_width).max().unwrap_or(0);
        let hand = (longest + "dealer ".len()).clamp(14, 24) + 2;
        let players: Vec<usize> = self
            .names
            .iter()
            .map(|n| name_width(n).clamp(self.player_width, 16) + 2)
            .collect();
        let borders = 2 + players.len() + 1;
        let used = hand + players.iter().sum::<usize>() + borders;
        let what = self.width.saturating_sub(used).max(24);
        let mut widths = vec![hand, what];
        widths.extend(players);
        widths
    }

    /// One hand: its table row (and the header before the first).
    fn hand(&mut self, hand: &HandRecord) -> String {
        let mut table = render::table(None);
        let mut head = vec!["Hand".to_string(), "What happened".to_string()];
        head.extend(self.names.iter().cloned());
        table.set_header(head);
        let mut label = format!("{}. {}", hand.number, hand.label);
        if hand.kind != HandKind::Correction {
            label.push_str(&format!("\ndealer {}", escape_control(&hand.dealer)));
            for (n, one, many) in [
                (hand.honba, "counter", "counters"),
                (hand.sticks, "stick", "sticks"),
                (hand.draws, "drawn before", "drawn before"),
            ] {
                if n > 0 {
                    label.push_str(&format!("\n{}", plural::counted(n, one, many)));
                }
            }
        }
        let events: Vec<String> = hand.events.iter().map(|e| escape_control(e)).collect();
        let mut row = vec![Cell::new(label), Cell::new(events.join("\n"))];
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
        let widths = self.widths();
        let total: usize = widths.iter().sum::<usize>() + widths.len() + 1;
        for (column, width) in table.column_iter_mut().zip(&widths) {
            let width = u16::try_from(*width).unwrap_or(u16::MAX);
            column.set_constraint(ColumnConstraint::Absolute(Width::Fixed(width)));
        }
        table.set_width(u16::try_from(total).unwrap_or(u16::MAX));
        let drawn = render::draw(&mut table);
        let first = !std::mem::replace(&mut self.started, true);
        if !drawn.starts_with('┌') {
            // Records: a blank line between hands.
            return format!("{}{drawn}\n", if first { "" } else { "\n" });
        }
        let mut lines: Vec<&str> = drawn.lines().collect();
        let bottom = lines.pop().map(str::to_string);
        let body = if first {
            &lines[..]
        } else {
            let rows = lines
                .iter()
                .position(|l| l.starts_with('╞'))
                .map_or(0, |i| i + 1);
            &lines[rows..]
        };
        let mut out = String::new();
        for line in body {
            out.push_str(line);
            out.push('\n');
        }
        self.bottom = bottom;
        out
    }

    /// The end: the held-back border, the sticks left on the table, the standings.
    fn end(&mut self, sheet: &Sheet) -> String {
        let mut out = String::new();
        if let Some(bottom) = self.bottom.take() {
            out.push_str(&bottom);
            out.push('\n');
        }
        if sheet.riichi_stick > 0
            && let Some(last) = sheet.hands.last()
            && last.sticks_after > 0
        {
            out.push_str(&format!(
                "{} on the table.\n",
                plural::counted(last.sticks_after, "riichi stick", "riichi sticks")
            ));
        }
        out.push('\n');
        out.push_str(&standings(sheet, self.width));
        out
    }
}

fn standings(sheet: &Sheet, width: usize) -> String {
    let mut table = render::table(Some(width));
    let shows_result = sheet.standings.iter().any(|s| s.result != s.net);
    let mut head = vec!["Place", "Player", "Points", "Net"];
    if shows_result {
        head.push("Result (target, uma, oka)");
    }
    table.set_header(head);
    for s in &sheet.standings {
        let mut row = vec![
            Cell::new(s.place).set_alignment(CellAlignment::Right),
            Cell::new(escape_control(&s.player)),
            Cell::new(points(s.points, false)).set_alignment(CellAlignment::Right),
            Cell::new(points(s.net, true)).set_alignment(CellAlignment::Right),
        ];
        if shows_result {
            row.push(Cell::new(points(s.result, true)).set_alignment(CellAlignment::Right));
        }
        table.add_row(row);
    }
    let end = match &sheet.end {
        Some(reason) => format!("The game is over: {}.", escape_control(reason)),
        None => "The record stops here; the game is not over.".into(),
    };
    format!("{end}\n{}\n", render::draw(&mut table))
}
