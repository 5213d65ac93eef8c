//! The command line: arguments, reading input, choosing output, and exit codes.

use std::ffi::OsString;
use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::Context as _;
use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::evaluate::Evaluation;
use crate::notation::Span;
use crate::render::{self, Style};
use crate::rules::{self, RulesError, Ruleset};
use crate::{InputError, score_line};

/// Exit code: every hand scored is a legal win (or waits on at least one tile).
pub const EXIT_OK: u8 = 0;
/// Exit code: a hand was read but is not a legal win.
pub const EXIT_NOT_A_WIN: u8 = 1;
/// Exit code: bad input (notation, a hand that breaks the ruleset, or bad arguments).
pub const EXIT_BAD_INPUT: u8 = 2;
/// Exit code: the ruleset could not be loaded.
pub const EXIT_BAD_RULESET: u8 = 3;
/// Exit code: a file could not be read or output could not be written.
pub const EXIT_IO: u8 = 4;

/// mj3: hand evaluator and rules reference for three-player mahjong.
#[derive(Debug, Parser)]
#[command(name = "mj3", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Score one hand: every element, totals, the limit, the verdict and each seat's payment.
    Score {
        /// The hand in mj3 notation, e.g. "123p456m99s EEE ww +f2 tsumo"; quote it, since the
        /// shell reads [ ] and ( ) itself (separate words are joined with spaces).
        #[arg(required = true, num_args = 1..)]
        hand: Vec<String>,
        #[command(flatten)]
        common: Common,
    },
    /// Score a file of hands, one a line (`-` or nothing reads standard input).
    Batch {
        /// The file to read; `-` or nothing reads standard input.
        file: Option<String>,
        #[command(flatten)]
        common: Common,
    },
    /// List the shipped rulesets.
    Rulesets {
        /// Print JSON instead of a list.
        #[arg(long)]
        json: bool,
    },
    /// List the criteria of a ruleset with their values and sources.
    Criteria {
        #[command(flatten)]
        common: Common,
    },
}

#[derive(Debug, Args)]
struct Common {
    /// A shipped ruleset name or a path to a TOML file.
    #[arg(long, short, default_value = rules::DEFAULT_RULESET)]
    rules: String,
    /// Override one ruleset value, e.g. `options.red-dora=true` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    overrides: Vec<String>,
    /// Print JSON instead of tables.
    #[arg(long)]
    json: bool,
    /// When to use colour; NO_COLOR set to a non-empty value turns it off.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

impl Common {
    fn ruleset(&self) -> Result<Ruleset, RulesError> {
        rules::load_with(&self.rules, &self.overrides)
    }

    fn style(&self) -> Style {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let color = !no_color
            && match self.color {
                ColorChoice::Always => true,
                ColorChoice::Never => false,
                ColorChoice::Auto => io::stdout().is_terminal(),
            };
        Style { color }
    }
}

/// Runs the command line and returns the exit code.
pub fn run(args: impl IntoIterator<Item = OsString>) -> anyhow::Result<ExitCode> {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => {
            let code = if err.use_stderr() {
                EXIT_BAD_INPUT
            } else {
                EXIT_OK
            };
            err.print()?;
            return Ok(ExitCode::from(code));
        }
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match cli.command {
        Command::Score { hand, common } => {
            let rules = common.ruleset()?;
            let line = hand.join(" ");
            let code = score_one(&line, &rules, &common, &mut out)?;
            Ok(ExitCode::from(code))
        }
        Command::Batch { file, common } => {
            let rules = common.ruleset()?;
            let code = match file.as_deref() {
                None | Some("-") => batch(
                    io::stdin().lock(),
                    "standard input",
                    &rules,
                    &common,
                    &mut out,
                )?,
                Some(path) => {
                    let reader = std::fs::File::open(path)
                        .map(io::BufReader::new)
                        .with_context(|| format!("could not read `{path}`"))?;
                    batch(reader, &format!("`{path}`"), &rules, &common, &mut out)?
                }
            };
            Ok(ExitCode::from(code))
        }
        Command::Rulesets { json } => {
            let mut records = Vec::new();
            for name in rules::shipped_names() {
                let ruleset = rules::load(name)?;
                if json {
                    records.push(serde_json::json!({
                        "name": name,
                        "title": ruleset.title,
                        "system": ruleset.system,
                        "source": ruleset.source,
                    }));
                } else {
                    writeln!(out, "{name:14} {}", ruleset.title)?;
                }
            }
            if json {
                writeln!(out, "{}", serde_json::Value::Array(records))?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Criteria { common } => {
            let rules = common.ruleset()?;
            if common.json {
                writeln!(out, "{}", render::criteria_json(&rules))?;
            } else {
                write!(out, "{}", render::criteria_table(&rules))?;
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn outcome_code(evaluation: &Evaluation) -> u8 {
    let legal = match evaluation {
        Evaluation::Complete { score } => score.as_ref().is_some_and(|s| s.verdict.is_win()),
        Evaluation::Waiting { waits } => waits.iter().any(|w| w.score.verdict.is_win()),
    };
    if legal { EXIT_OK } else { EXIT_NOT_A_WIN }
}

fn score_one(
    line: &str,
    rules: &Ruleset,
    common: &Common,
    out: &mut impl Write,
) -> anyhow::Result<u8> {
    match score_line(line, rules) {
        Ok((hand, evaluation)) => {
            if common.json {
                writeln!(
                    out,
                    "{}",
                    render::json(None, line, rules, &hand, &evaluation)
                )?;
            } else {
                write!(
                    out,
                    "{}",
                    render::text(line, rules, &hand, &evaluation, common.style())
                )?;
            }
            Ok(outcome_code(&evaluation))
        }
        Err(err) => {
            report_bad_line(None, line, &err, common.json, out)?;
            Ok(EXIT_BAD_INPUT)
        }
    }
}

fn batch(
    reader: impl BufRead,
    source: &str,
    rules: &Ruleset,
    common: &Common,
    out: &mut impl Write,
) -> anyhow::Result<u8> {
    let style = common.style();
    let mut bad_lines = 0usize;
    let mut reader = reader;
    let mut bytes = Vec::new();
    let mut number = 0usize;
    loop {
        bytes.clear();
        let read = reader
            .read_until(b'\n', &mut bytes)
            .with_context(|| format!("could not read {source}, line {}", number + 1))?;
        if read == 0 {
            break;
        }
        let mut chunk = bytes.as_slice();
        chunk = chunk.strip_suffix(b"\n").unwrap_or(chunk);
        chunk = chunk.strip_suffix(b"\r").unwrap_or(chunk);
        // A lone CR ends a line too (old Mac files), so no line is merged into another.
        for line in chunk.split(|&b| b == b'\r') {
            number += 1;
            if !batch_line(number, line, rules, common, style, out)? {
                bad_lines += 1;
            }
        }
    }
    Ok(if bad_lines > 0 {
        EXIT_BAD_INPUT
    } else {
        EXIT_OK
    })
}

/// Scores or reports one batch line; `false` when the line was bad.
fn batch_line(
    number: usize,
    bytes: &[u8],
    rules: &Ruleset,
    common: &Common,
    style: Style,
    out: &mut impl Write,
) -> anyhow::Result<bool> {
    let line = match std::str::from_utf8(bytes) {
        Ok(line) => line,
        Err(err) => {
            // A line that is not text is a bad line like any other: reported, then on.
            let lossy = String::from_utf8_lossy(bytes);
            let shown = lossy.trim();
            let column = String::from_utf8_lossy(&bytes[..err.valid_up_to()])
                .trim_start()
                .chars()
                .count()
                + 1;
            let message = "the line is not valid UTF-8 text (hand notation is plain ASCII)";
            let at = shown
                .char_indices()
                .nth(column - 1)
                .map_or(shown.len(), |(i, _)| i);
            let snippet = crate::notation::caret_snippet(shown, Span::new(at, at + 1));
            eprintln!("error: line {number}: {message}\n{snippet}");
            if common.json {
                writeln!(
                    out,
                    "{}",
                    error_record(Some(number), shown, message, column)
                )?;
            }
            return Ok(false);
        }
    };
    // A byte-order mark some editors put at the start of a file is not part of the hand.
    let line = if number == 1 {
        line.strip_prefix('\u{feff}').unwrap_or(line)
    } else {
        line
    };
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return Ok(true);
    }
    match score_line(trimmed, rules) {
        Ok((hand, evaluation)) => {
            if common.json {
                let record = render::json(Some(number), trimmed, rules, &hand, &evaluation);
                writeln!(out, "{record}")?;
            } else {
                writeln!(out, "{}", style_line_heading(style, number))?;
                write!(
                    out,
                    "{}",
                    render::text(trimmed, rules, &hand, &evaluation, style)
                )?;
                writeln!(out)?;
            }
            Ok(true)
        }
        Err(err) => {
            report_bad_line(Some(number), trimmed, &err, common.json, out)?;
            Ok(false)
        }
    }
}

/// Reports a line that could not be scored on stderr and, with `--json`, as a record on
/// stdout too, so that scripts reading stdout see every line (`number` in batch mode).
fn report_bad_line(
    number: Option<usize>,
    line: &str,
    err: &InputError,
    json: bool,
    out: &mut impl Write,
) -> io::Result<()> {
    let at = number.map_or_else(String::new, |n| format!("line {n}: "));
    eprintln!("error: {at}{}", err.render(line));
    if json {
        let column = column_of(line, err.span().start);
        writeln!(
            out,
            "{}",
            error_record(number, line, &err.to_string(), column)
        )?;
    }
    Ok(())
}

/// The JSON record of a bad line, fields in the documented order (`line` in batch mode,
/// `input`, `error`) like the scored lines, which also start with `line` and `input`.
fn error_record(number: Option<usize>, input: &str, message: &str, column: usize) -> String {
    let text = |s: &str| serde_json::Value::from(s).to_string();
    let line = number.map_or_else(String::new, |n| format!("\"line\":{n},"));
    format!(
        "{{{line}\"input\":{},\"error\":{{\"message\":{},\"column\":{column}}}}}",
        text(input),
        text(message)
    )
}

fn style_line_heading(style: Style, number: usize) -> String {
    let text = format!("Line {number}");
    if style.color {
        use owo_colors::OwoColorize;
        text.bold().underline().to_string()
    } else {
        text
    }
}

/// A write to a closed pipe (`mj3 … | head`): exit quietly.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// An output error: a bare I/O error (reading errors carry a "could not read" context).
pub fn is_write_error(err: &anyhow::Error) -> bool {
    err.chain().count() == 1 && err.downcast_ref::<io::Error>().is_some()
}

/// The exit code for an error that ended the run.
pub fn exit_code_for(err: &anyhow::Error) -> ExitCode {
    let code = if err.downcast_ref::<RulesError>().is_some() {
        EXIT_BAD_RULESET
    } else {
        EXIT_IO
    };
    ExitCode::from(code)
}

/// The 1-based character column of byte offset `at` in `line`.
fn column_of(line: &str, at: usize) -> usize {
    line[..line.floor_char_boundary(at.min(line.len()))]
        .chars()
        .count()
        + 1
}
