//! `mj3 game FILE`: a game record replayed under its ruleset, printed as a score sheet (each
//! hand with what happened, every player's change and running total, the sticks on the
//! table, and the standings) or as JSON, one record per hand.

use std::io::{self, IsTerminal, Read, Write};
use std::path::Path;

use anyhow::Context;
use clap::Args;
use comfy_table::{Cell, CellAlignment, ColumnConstraint, Width};

use super::output::{self, escape_control};
use super::{EXIT_BAD_INPUT, EXIT_BAD_RULESET, EXIT_OK};
use mj3::game::json::HouseFile;
use mj3::game::{self, HandKind, HandRecord, Settlement, Sheet, record};
use mj3::{plural, render};

// The arguments of `mj3 game`.
// No doc comment: clap would show it as the subcommand's help, in place of the variant's.
#[derive(Debug, Args)]
#[group(skip)]
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
            Err(bad) => {
                output::write_error(&bad);
                return Ok(EXIT_BAD_INPUT);
            }
        };
        let folder = record_folder(&self.file);
        if self.json {
            return self.json(&text, folder.as_deref(), out);
        }
        let mut writer: Option<SheetWriter> = None;
        let mut written: io::Result<()> = Ok(());
        let result = game::replay_each(
            &text,
            &self.overrides,
            folder.as_deref(),
            &mut |sheet, hand| {
                if written.is_ok() {
                    let writer = writer.get_or_insert_with(|| {
                        SheetWriter::new(sheet, usize::from(output::terminal_width()))
                    });
                    written = self.hand(writer, sheet, &hand, out);
                }
            },
        );
        written?;
        match result {
            Ok(sheet) => {
                self.end(writer, &sheet, out)?;
                Ok(EXIT_OK)
            }
            Err(failure) => {
                if let Some(sheet) = &failure.sheet
                    && writer.is_some()
                {
                    self.end(writer, sheet, out)?;
                }
                fail(&failure, out)
            }
        }
    }

    /// `--json`: the records the library writes for the replay, one a line.
    fn json(&self, text: &str, folder: Option<&Path>, out: &mut impl Write) -> anyhow::Result<u8> {
        let house = folder.map_or(HouseFile::None, HouseFile::Folder);
        let mut written: io::Result<()> = Ok(());
        let result = game::json::replay_json(text, &self.overrides, house, &mut |record| {
            if written.is_ok() {
                written = writeln!(out, "{record}");
            }
        });
        written?;
        match result {
            Ok(()) => Ok(EXIT_OK),
            Err(failure) => fail(&failure, out),
        }
    }

    /// The record's text (see [`read_record`]).
    fn read(&self) -> anyhow::Result<Result<String, String>> {
        read_record(&self.file)
    }

    /// One hand as it is settled: its rows of the sheet (after the sheet's first line,
    /// before the first hand).
    fn hand(
        &self,
        writer: &mut SheetWriter,
        sheet: &Sheet,
        hand: &HandRecord,
        out: &mut impl Write,
    ) -> io::Result<()> {
        let mut text = if writer.started {
            String::new()
        } else {
            header(sheet)
        };
        text.push_str(&writer.hand(hand));
        self.write_text(&text, out)
    }

    /// The end of the sheet: the standings.
    fn end(
        &self,
        writer: Option<SheetWriter>,
        sheet: &Sheet,
        out: &mut impl Write,
    ) -> anyhow::Result<()> {
        let mut text = String::new();
        let mut writer = writer.unwrap_or_else(|| {
            text = header(sheet);
            SheetWriter::new(sheet, usize::from(output::terminal_width()))
        });
        text.push_str(&writer.end(sheet));
        self.write_text(&text, out)?;
        Ok(())
    }

    fn write_text(&self, text: &str, out: &mut impl Write) -> io::Result<()> {
        if self.ascii {
            write!(out, "{}", render::ascii_only(text))
        } else {
            write!(out, "{text}")
        }
    }
}

/// The text of the record in `file` (`-`: standard input), at most
/// [`record::MAX_RECORD_BYTES`]; `Err` inside when it is larger or not UTF-8 (bad input, said
/// why).
pub(super) fn read_record(file: &str) -> anyhow::Result<Result<String, String>> {
    let mut text = Vec::new();
    let limit = record::MAX_RECORD_BYTES as u64 + 1;
    if file == "-" {
        let stdin = io::stdin();
        if stdin.is_terminal() {
            output::write_note("mj3: reading a game record from the terminal; end with Ctrl-D");
        }
        stdin
            .lock()
            .take(limit)
            .read_to_end(&mut text)
            .context("could not read the game record from standard input")?;
    } else {
        std::fs::File::open(file)
            .and_then(|file| file.take(limit).read_to_end(&mut text))
            .with_context(|| format!("could not read `{}`", escape_control(file)))?;
    }
    let what = match file {
        "-" => "the game record on standard input".to_string(),
        file => format!("`{}`", escape_control(file)),
    };
    if text.len() > record::MAX_RECORD_BYTES {
        return Ok(Err(format!(
            "{what} is larger than {} bytes: a record is at most that long (docs/limits.md)",
            record::MAX_RECORD_BYTES
        )));
    }
    Ok(String::from_utf8(text).map_err(|err| {
        let (line, column) = mj3::utf8::first_bad_byte(err.as_bytes()).unwrap_or((1, 1));
        mj3::utf8::not_utf8(&what, line, column, mj3::utf8::GAME_TEXT)
    }))
}

/// The folder a house file the record in `file` names is read from: the record's own, the
/// current folder for standard input.
pub(super) fn record_folder(file: &str) -> Option<std::path::PathBuf> {
    match file {
        "-" => std::env::current_dir().ok(),
        file => Some(
            Path::new(file)
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(Path::new("."))
                .to_path_buf(),
        ),
    }
}

/// Reports the line that stopped a replay on stderr (after what is written) and returns the
/// exit code.
fn fail(failure: &game::Failure, out: &mut impl Write) -> anyhow::Result<u8> {
    out.flush()?;
    let shown: Vec<String> = failure.error.render().lines().map(escape_control).collect();
    output::write_error(&shown.join("\n"));
    Ok(if failure.bad_ruleset {
        EXIT_BAD_RULESET
    } else {
        EXIT_BAD_INPUT
    })
}

/// The first line of the sheet: the ruleset, the players and their starting points.
fn header(sheet: &Sheet) -> String {
    let players: Vec<String> = sheet.players.iter().map(|p| escape_control(p)).collect();
    format!(
        "Game under {}: {} (starting with {} each)\n\n",
        escape_control(&sheet.ruleset),
        players.join(", "),
        mj3::amount::written(sheet.starting_points)
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
        let name_width = |n: &String| render::display_width(&heading(n));
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
        head.extend(self.names.iter().map(|n| heading(n)));
        // The header is drawn over the first hand only (and over every hand drawn as records).
        let first = !self.started;
        if first {
            table.set_header(head.clone());
        }
        let mut label = format!("{}. {}", hand.number, hand.label);
        if hand.kind != HandKind::Correction {
            label.push_str(&format!(
                "\ndealer {}",
                heading(&escape_control(&hand.dealer))
            ));
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
        let events: Vec<String> = hand
            .events
            .iter()
            .map(|e| escape_control(&e.to_string()))
            .collect();
        let mut row = vec![Cell::new(label), Cell::new(events.join("\n"))];
        for (player, seat) in hand.players.iter().zip(&hand.seats) {
            let change = if player.change == 0 {
                "·".to_string()
            } else {
                mj3::amount::signed(player.change)
            };
            let shown = if hand.kind == HandKind::Correction {
                format!("{change}\n{}", mj3::amount::written(player.total))
            } else {
                format!(
                    "{} {change}\n{}",
                    seat.seat.letter(),
                    mj3::amount::written(player.total)
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
        let mut drawn = render::draw(&mut table);
        if !drawn.starts_with('┌') && !first {
            table.set_header(head);
            drawn = render::draw(&mut table);
        }
        self.started = true;
        if !drawn.starts_with('┌') {
            // Records: a blank line between hands.
            return format!("{}{drawn}\n", if first { "" } else { "\n" });
        }
        let mut lines: Vec<&str> = drawn.lines().collect();
        let bottom = lines.pop().map(str::to_string);
        // After the first hand, the rows alone: no top border.
        let body = if first {
            &lines[..]
        } else {
            lines.get(1..).unwrap_or(&[])
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
        if sheet.riichi_stick > 0 && sheet.sticks_left > 0 {
            out.push_str(&format!(
                "{} on the table.\n",
                plural::counted(sheet.sticks_left, "riichi stick", "riichi sticks")
            ));
        }
        out.push('\n');
        out.push_str(&standings(sheet, self.width));
        out
    }
}

/// The most columns a player's name takes as a column heading.
const HEADING_WIDTH: usize = 16;

/// A player's name as a column heading: cut to [`HEADING_WIDTH`] columns with `…` when
/// longer (the sheet's first line and the standings give it whole).
fn heading(name: &str) -> String {
    if render::display_width(name) <= HEADING_WIDTH {
        return name.to_string();
    }
    let mut cut = String::new();
    for c in name.chars() {
        let mut next = cut.clone();
        next.push(c);
        if render::display_width(&next) >= HEADING_WIDTH {
            break;
        }
        cut = next;
    }
    cut.push('…');
    cut
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
            Cell::new(mj3::amount::written(s.points)).set_alignment(CellAlignment::Right),
            Cell::new(mj3::amount::signed(s.net)).set_alignment(CellAlignment::Right),
        ];
        if shows_result {
            row.push(Cell::new(mj3::amount::signed(s.result)).set_alignment(CellAlignment::Right));
        }
        table.add_row(row);
    }
    let end = match &sheet.end {
        Some(reason) => format!("The game is over: {reason}."),
        None => match &sheet.in_play {
            Some(hand) if !hand.events.is_empty() => {
                let events: Vec<String> = hand
                    .events
                    .iter()
                    .map(|e| escape_control(&e.to_string()))
                    .collect();
                format!(
                    "The record stops inside {}, dealer {}: {}; the game is not over.",
                    hand.label,
                    escape_control(&hand.dealer),
                    events.join("; ")
                )
            }
            _ => "The record stops here; the game is not over.".into(),
        },
    };
    let mut out = format!("{end}\n{}\n", render::draw(&mut table));
    if let Some(said) = sheet.settlement.as_ref().and_then(Settlement::said) {
        out.push_str(&format!("Settled: {}.\n", escape_control(&said)));
    }
    out
}
