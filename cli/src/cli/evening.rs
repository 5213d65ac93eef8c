//! `mj3 evening A.txt B.txt …`: the games of one night added up per player (the library's
//! `game::evening`), printed as tables (each game's results and the running totals; per
//! player the total, its value, the wins, deal-ins, riichi and average win; who pays whom)
//! or as one JSON object.

use std::io::Write;

use clap::Args;
use comfy_table::{Cell, CellAlignment};

use super::game::{read_record, record_folder};
use super::output::{self, escape_control};
use super::{EXIT_BAD_INPUT, EXIT_BAD_RULESET, EXIT_OK};
use mj3::game::evening::{self, Evening, EveningError, GameText, Rate};
use mj3::game::json::HouseFile;
use mj3::{amount, plural, render};

// The arguments of `mj3 evening`.
// No doc comment: clap would show it as the subcommand's help, in place of the variant's.
#[derive(Debug, Args)]
#[group(skip)]
pub struct EveningArgs {
    /// The game records of the evening, in the order played (`-` once: standard input).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<String>,
    /// The value of 1,000 points (han systems) or of one point (korean, korean-lite,
    /// malaysian), e.g. `0.5`: each total and payment is also given in it.
    #[arg(long, value_name = "VALUE")]
    rate: Option<String>,
    /// Override one ruleset value for every game, e.g. `game.uma=[15000,0,-15000]`
    /// (repeatable; after each record's own `set` lines).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    overrides: Vec<String>,
    /// One JSON object: the players, the games, the payments.
    #[arg(long)]
    json: bool,
    /// ASCII only: +-| borders and no other characters beyond ASCII.
    #[arg(long)]
    ascii: bool,
}

impl EveningArgs {
    /// Adds up the evening and prints it; returns the exit code.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<u8> {
        let rate = match self.rate.as_deref().map(Rate::parse).transpose() {
            Ok(rate) => rate,
            Err(error) => return Ok(refuse(&error)),
        };
        if self.files.iter().filter(|f| *f == "-").count() > 1 {
            output::write_error("standard input (`-`) holds one record: name it once");
            return Ok(EXIT_BAD_INPUT);
        }
        if self.files.len() > evening::MAX_EVENING_GAMES {
            return Ok(refuse(&EveningError::TooManyGames {
                count: self.files.len(),
                max: evening::MAX_EVENING_GAMES,
            }));
        }
        let mut texts = Vec::with_capacity(self.files.len());
        let mut bytes = 0usize;
        for file in &self.files {
            match read_record(file)? {
                Ok(text) => {
                    bytes += text.len();
                    if bytes > evening::MAX_EVENING_BYTES {
                        return Ok(refuse(&EveningError::TooLarge {
                            bytes,
                            max: evening::MAX_EVENING_BYTES,
                        }));
                    }
                    texts.push(text);
                }
                Err(bad) => {
                    output::write_error(&bad);
                    return Ok(EXIT_BAD_INPUT);
                }
            }
        }
        let folders: Vec<_> = self.files.iter().map(|f| record_folder(f)).collect();
        let names: Vec<String> = self.files.iter().map(|f| escape_control(f)).collect();
        let games: Vec<GameText> = texts
            .iter()
            .zip(&folders)
            .zip(&names)
            .map(|((text, folder), name)| GameText {
                name,
                text,
                house: folder.as_deref().map_or(HouseFile::None, HouseFile::Folder),
            })
            .collect();
        let evening = match evening::evening(&games, &self.overrides, rate) {
            Ok(evening) => evening,
            Err(error) => return Ok(refuse(&error)),
        };
        if self.json {
            let json = mj3::json::to_string(&evening)?;
            writeln!(out, "{json}")?;
            return Ok(EXIT_OK);
        }
        let text = shown(&evening, usize::from(output::terminal_width()));
        if self.ascii {
            write!(out, "{}", render::ascii_only(&text))?;
        } else {
            write!(out, "{text}")?;
        }
        Ok(EXIT_OK)
    }
}

/// Reports why the evening cannot be added up and returns the exit code.
fn refuse(error: &EveningError) -> u8 {
    let shown: Vec<String> = error.render().lines().map(escape_control).collect();
    output::write_error(&shown.join("\n"));
    match error {
        EveningError::Record { failure, .. } if failure.bad_ruleset => EXIT_BAD_RULESET,
        _ => EXIT_BAD_INPUT,
    }
}

/// The evening as text: a line, the games, the players, the payments.
fn shown(evening: &Evening, width: usize) -> String {
    let names: Vec<String> = evening
        .players
        .iter()
        .map(|p| escape_control(&p.player))
        .collect();
    let mut out = format!(
        "An evening of {}: {}",
        plural::counted(evening.games.len() as u64, "game", "games"),
        names.join(", ")
    );
    if let Some(rate) = evening.rate {
        out.push_str(&format!(", valued at {rate} {}", evening.unit));
    }
    out.push('.');
    let mut out = render::wrap_lines(&out, width).join("\n");
    out.push('\n');

    let mut games = render::table(Some(width));
    let mut head = vec!["Game".to_string()];
    head.extend(names.iter().cloned());
    games.set_header(head);
    for (number, game) in evening.games.iter().enumerate() {
        let mut row = vec![Cell::new(format!(
            "{}. {}\n{}",
            number + 1,
            escape_control(&game.name),
            escape_control(&game.ruleset)
        ))];
        for (player, running) in evening.players.iter().zip(&game.running) {
            let result = game
                .results
                .iter()
                .find(|r| r.player == player.player)
                .map_or_else(|| "·".to_string(), |r| amount::signed(r.result));
            row.push(
                Cell::new(format!("{result}\n{}", amount::signed(*running)))
                    .set_alignment(CellAlignment::Right),
            );
        }
        games.add_row(row);
    }
    out.push_str("\nEach game's result, and the running total below it:\n");
    out.push_str(&render::draw(&mut games));
    out.push('\n');

    let mut players = render::table(Some(width));
    let mut head = vec!["Player", "Games", "Total"];
    if evening.rate.is_some() {
        head.push("Value");
    }
    head.extend(["Wins", "Deal-ins"]);
    // A column for the declarations only where the system has them.
    head.extend(evening.declared);
    head.push("Average win");
    players.set_header(head);
    for player in &evening.players {
        let right = |text: String| Cell::new(text).set_alignment(CellAlignment::Right);
        let mut row = vec![
            Cell::new(escape_control(&player.player)),
            right(player.games.to_string()),
            right(amount::signed(player.total)),
        ];
        if let Some(value) = player.value {
            row.push(right(value.signed()));
        }
        row.extend([
            right(player.wins.to_string()),
            right(player.deal_ins.to_string()),
        ]);
        if evening.declared.is_some() {
            row.push(right(player.riichi.to_string()));
        }
        row.push(right(
            player.average_win.map_or("·".to_string(), amount::written),
        ));
        players.add_row(row);
    }
    out.push_str("\nThe evening per player:\n");
    out.push_str(&render::draw(&mut players));
    out.push('\n');

    if evening.payments.is_empty() {
        out.push_str("\nNobody pays: every total is zero.\n");
        return out;
    }
    let mut payments = render::table(Some(width));
    let mut head = vec!["Pays", "To", "Points"];
    if evening.rate.is_some() {
        head.push("Value");
    }
    payments.set_header(head);
    for payment in &evening.payments {
        let mut row = vec![
            Cell::new(escape_control(&payment.from)),
            Cell::new(escape_control(&payment.to)),
            Cell::new(amount::written(payment.points)).set_alignment(CellAlignment::Right),
        ];
        if let Some(value) = payment.value {
            row.push(Cell::new(value.to_string()).set_alignment(CellAlignment::Right));
        }
        payments.add_row(row);
    }
    let count = plural::counted(evening.payments.len() as u64, "payment", "payments");
    out.push_str(&if evening.fewest {
        format!("\nWho pays whom ({count}, the fewest that settle it):\n")
    } else {
        format!("\nWho pays whom ({count}; too many players to prove them the fewest):\n")
    });
    out.push_str(&render::draw(&mut payments));
    out.push('\n');
    out
}
