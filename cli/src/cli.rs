//! The command line: arguments, reading input, choosing output, and exit codes.

use std::ffi::OsString;
use std::io::{self, Write};

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

use mj3::evaluate::Evaluation;
use mj3::render::{self, Style};
use mj3::rules::{self, RulesError, Ruleset};
use mj3::score_line;

mod batch;
mod compare;
mod criteria;
mod csv_field;
mod csv_rows;
mod diff;
mod evening;
mod explain;
mod game;
mod lines;
pub mod output;
mod queue;

use output::escape_control;

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
/// Exit code: `batch` stopped reading an input: a line had no end within 65 MiB.
pub const EXIT_INPUT_CUT: u8 = 5;
/// Exit code: the reader closed standard output before mj3 wrote all it had to write.
pub const EXIT_OUTPUT_CUT: u8 = 6;

/// What `mj3 --help` says mj3 is.
const ABOUT: &str = "mj3: hand evaluator and rules reference for three-player mahjong";

/// The whole command line.
#[derive(Debug, Parser)]
#[command(name = "mj3", version, about = ABOUT, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    globals: Globals,
}

// Every `Args` struct here is `group(skip)`: clap's derive would otherwise make a group of each
// struct's arguments, which no rule names, and record each argument given in it as well.

/// The arguments every subcommand takes.
#[derive(Debug, Args)]
#[group(skip)]
struct Globals {
    /// When to use colour, for tables, errors and help alike; NO_COLOR set to a non-empty
    /// value turns it off.
    #[arg(
        long,
        global = true,
        value_enum,
        default_value_t = ColorChoice::Auto,
        display_order = 100
    )]
    color: ColorChoice,
}

/// Reads a word of a hand on the command line: one that is not UTF-8 is answered with what a
/// hand is written in, as a `batch` line is.
fn hand_word() -> impl clap::builder::TypedValueParser<Value = String> {
    use clap::builder::TypedValueParser as _;
    clap::builder::OsStringValueParser::new().try_map(|word: OsString| {
        word.into_string()
            .map_err(|_| format!("not UTF-8 text; {}", mj3::utf8::HAND_TEXT))
    })
}

// No doc comment: the variant's is the subcommand's help.
#[derive(Debug, Args)]
#[group(skip)]
struct ScoreArgs {
    /// The hand in mj3 notation, e.g. "123p456m99s EEE ww +f2 tsumo"; quote it, since the
    /// shell reads [ ] and ( ) itself (separate words are joined with spaces).
    #[arg(required = true, num_args = 1.., value_parser = hand_word())]
    hand: Vec<String>,
    /// Say whether this criterion counted and, if not, what the hand lacks or which
    /// rule removed it (any name `mj3 criteria` finds, or a limit such as `haneman`;
    /// repeatable; a key nothing answers to is reported, the others still answered).
    #[arg(long, value_name = "KEY", conflicts_with_all = ["brief", "words"])]
    why: Vec<String>,
    /// Show every reading of the hand (arrangement and joker assignment) with its
    /// elements and total, and the rule that picked the one scored.
    #[arg(long, conflicts_with_all = ["why", "brief", "words"])]
    all: bool,
    #[command(flatten)]
    common: Common,
}

// Each subcommand's arguments are built only when it is the one given (clap's `defer`): a run
// builds one subcommand's, not all eight.
#[derive(Debug, Subcommand)]
#[command(defer = true)]
enum Command {
    /// Score one hand: every element, totals, the limit, the verdict and each seat's payment.
    Score(ScoreArgs),
    /// Score files of hands, one a line (`-` or no file reads standard input), and tally them
    /// at the end: the hands by verdict and each seat's net.
    Batch {
        /// The files to read in turn; `-` or none reads standard input.
        files: Vec<String>,
        /// One CSV row per hand (per winning tile of a waiting hand) instead of tables.
        #[arg(long, conflicts_with_all = ["json", "brief"])]
        csv: bool,
        /// How the tally at the end (the hands by verdict, each seat's net) is written.
        #[arg(long, value_enum, value_name = "HOW", default_value_t = batch::Summary::Text)]
        summary: batch::Summary,
        /// How many threads score the lines (default: one per core); the output is the
        /// same, in input order, for any number.
        #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
        jobs: Option<u16>,
        #[command(flatten)]
        common: Common,
    },
    /// List the shipped rulesets, or with `--diff A B` compare two rule by rule.
    Rulesets {
        /// Print JSON instead of a list (with `--diff`: every field on which they differ).
        #[arg(long)]
        json: bool,
        /// Two rulesets (names or files): the scoring system, settings, `[game]` keys,
        /// options and criteria on which they differ, criteria by name in each system's
        /// units.
        #[arg(long, num_args = 2, value_names = ["A", "B"])]
        diff: Option<Vec<String>>,
    },
    /// List a ruleset's criteria, or look criteria up by any name and show their cards.
    Criteria(criteria::CriteriaArgs),
    /// Score one hand under every shipped ruleset (or those named) side by side.
    Compare(compare::CompareArgs),
    /// Replay a game record (docs/game.md; `-` reads standard input): the score sheet, hand by
    /// hand, and the standings.
    Game(game::GameArgs),
    /// Add up the games of one evening (game records, in the order played): each player's
    /// total, its value at `--rate`, who pays whom in the fewest payments, and per player
    /// the wins, deal-ins, riichi and average win.
    Evening(evening::EveningArgs),
    /// Print a shell completion script, e.g. `mj3 completions bash`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), e.g. `mj3 man | man -l -`.
    Man,
}

#[derive(Debug, Args)]
#[group(skip)]
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
    /// With `--json`: add to each scored line's record a `words` object, the verdict,
    /// limit, element values and amounts as mj3 writes them (docs/json.md, "Words").
    #[arg(long, requires = "json", conflicts_with = "brief")]
    words: bool,
    #[command(flatten)]
    brief: Brevity,
    /// ASCII only: +-| borders and no other characters beyond ASCII.
    #[arg(long, conflicts_with = "glyphs")]
    ascii: bool,
    /// Show tiles as their Unicode characters (U+1F000-U+1F02B) in tables.
    #[arg(long)]
    glyphs: bool,
    /// Set by `batch --csv`.
    #[arg(skip)]
    csv: bool,
}

// `--brief`, shared by `score`, `batch` and `compare`.
// No doc comment: clap would show it as the subcommand's help, in place of the variant's.
#[derive(Debug, Clone, Copy, Args)]
#[group(skip)]
pub struct Brevity {
    /// A short answer, one line per result: the verdict, the limit reached (or the totals)
    /// and the payments, winner first (wrapped only on a terminal); with `--json`, a compact
    /// record (docs/json.md).
    #[arg(long)]
    pub brief: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// The output format chosen by `--json` and `--csv`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Table,
    Json,
    Csv,
}

impl Common {
    /// The run's ruleset, kept until the process exits: a run loads one and ends soon after
    /// it is last used, and freeing its thousand-odd allocations one by one costs more than
    /// scoring a hand (issue 12: 5 % of a one-hand `mj3 score`).
    fn ruleset(&self) -> Result<&'static Ruleset, RulesError> {
        self.load_ruleset()
            .map(|rules| &*Box::leak(Box::new(rules)))
    }

    /// The ruleset, its texts escaped for the tables (JSON and CSV keep them as read).
    fn load_ruleset(&self) -> Result<Ruleset, RulesError> {
        let rules = rules::load_with(&self.rules, &self.overrides)?;
        Ok(match self.format() {
            Format::Table => mj3::escape::ruleset(rules),
            Format::Json | Format::Csv => rules,
        })
    }

    /// How tables are written: colour as chosen, fitted to the terminal's width (`--brief`
    /// lines only on a terminal), ASCII or tile characters as asked.
    fn style(&self, color: bool) -> Style {
        let width = if self.brief.brief {
            output::brief_width()
        } else {
            Some(output::terminal_width())
        };
        Style {
            color,
            width,
            glyphs: self.glyphs,
            ascii: self.ascii,
        }
    }

    fn format(&self) -> Format {
        match (self.json, self.csv) {
            (true, _) => Format::Json,
            (false, true) => Format::Csv,
            (false, false) => Format::Table,
        }
    }
}

/// The widest help text is wrapped to, however wide the terminal: longer lines are hard to
/// read.
const MAX_HELP_WIDTH: u16 = 100;

/// The command line, with clap's help and errors coloured by the same choice as the rest and
/// wrapped to the width tables are fitted to (80 for a pipe).
fn command(choice: anstream::ColorChoice) -> clap::Command {
    let color = match choice {
        anstream::ColorChoice::Always | anstream::ColorChoice::AlwaysAnsi => {
            clap::ColorChoice::Always
        }
        anstream::ColorChoice::Never => clap::ColorChoice::Never,
        anstream::ColorChoice::Auto => clap::ColorChoice::Auto,
    };
    let width = output::terminal_width().min(MAX_HELP_WIDTH);
    Cli::command().color(color).term_width(usize::from(width))
}

/// `args` parsed as mj3's command line, each value moved out of clap's matches (not copied).
/// The command tree and the matches are kept until the process exits, as the ruleset is
/// ([`Common::ruleset`]): a run parses once, and freeing them piece by piece cost 3.7 % of a
/// one-hand `mj3 score` (docs/performance.md).
fn parse(args: &[OsString], choice: anstream::ColorChoice) -> clap::error::Result<Cli> {
    let command = Box::leak(Box::new(command(choice)));
    let matches = Box::leak(Box::new(command.try_get_matches_from_mut(args)?));
    Cli::from_arg_matches_mut(matches)
}

/// The man page, as `mj3 man` prints it and `docs/man/mj3.1` holds it.
pub fn man_page() -> io::Result<Vec<u8>> {
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut page)?;
    Ok(page)
}

/// Runs the command line, reports a failure on standard error, and returns the exit code.
pub fn main(args: impl IntoIterator<Item = OsString>) -> u8 {
    run(args).unwrap_or_else(|err| report_failure(&err))
}

/// Runs the command line and returns the exit code.
pub fn run(args: impl IntoIterator<Item = OsString>) -> anyhow::Result<u8> {
    let args: Vec<OsString> = args.into_iter().collect();
    let choice = output::color_choice(&args);
    // anstream's global choice, which clap's help and errors read as well.
    choice.write_global();
    let cli = match parse(&args, choice) {
        Ok(cli) => cli,
        Err(err) => {
            let code = if err.use_stderr() {
                EXIT_BAD_INPUT
            } else {
                EXIT_OK
            };
            // Help goes to stdout, usage errors to stderr, which is never a reason to fail.
            if let Err(failed) = err.print()
                && !err.use_stderr()
            {
                return Err(failed.into());
            }
            return Ok(code);
        }
    };
    let stdout = io::stdout();
    let color = output::colors(&stdout);
    let mut out = stdout.lock();
    match cli.command {
        Command::Score(ScoreArgs {
            hand,
            why,
            all,
            common,
        }) => {
            let rules = common.ruleset()?;
            let line = hand.join(" ");
            let request = if !why.is_empty() {
                Some(explain::Request::Why(&why))
            } else {
                all.then_some(explain::Request::All)
            };
            let style = common.style(color);
            let code = match request {
                Some(request) => explain::run(&line, rules, request, common.json, style, &mut out)?,
                None => score_one(&line, rules, &common, style, &mut out)?,
            };
            Ok(code)
        }
        Command::Batch {
            files,
            csv,
            summary,
            jobs,
            mut common,
        } => {
            common.csv = csv;
            let rules = common.ruleset()?;
            let style = common.style(color);
            let jobs = jobs.map_or_else(batch::all_cores, usize::from);
            let several = files.len() > 1;
            let batch = batch::Batch::new(rules, &common, style, several, jobs, summary);
            // Block-buffered: the batch flushes it before every line it writes to stderr.
            let mut out = io::BufWriter::with_capacity(batch::OUTPUT_BUFFER_BYTES, out);
            let code = batch.run(&files, &mut out)?;
            out.flush()?;
            Ok(code)
        }
        Command::Rulesets {
            json,
            diff: Some(pair),
        } => {
            let (Some(a), Some(b)) = (pair.first(), pair.get(1)) else {
                anyhow::bail!("`--diff` needs two rulesets");
            };
            let load = |name: &str| match json {
                true => rules::load(name),
                false => rules::load(name).map(mj3::escape::ruleset),
            };
            let width = usize::from(output::terminal_width());
            diff::print(&mut out, &load(a)?, &load(b)?, json, width)?;
            Ok(EXIT_OK)
        }
        Command::Rulesets { json, diff: None } => {
            let summaries = mj3::reference::rulesets::summaries()?;
            if json {
                let record = mj3::reference::rulesets::summaries_json(&summaries)?;
                writeln!(out, "{record}")?;
            } else {
                // Each title beside its name, wrapped to the terminal under itself.
                let width = usize::from(output::terminal_width());
                let pad = " ".repeat(19);
                for summary in &summaries {
                    let title = escape_control(&summary.title);
                    let lines = render::wrap_lines(&title, width.saturating_sub(19));
                    for (i, line) in lines.iter().enumerate() {
                        match i {
                            0 => writeln!(out, "{:18} {line}", summary.name)?,
                            _ => writeln!(out, "{pad}{line}")?,
                        }
                    }
                }
            }
            Ok(EXIT_OK)
        }
        Command::Compare(args) => Ok(args.run(&mut out)?),
        Command::Game(args) => Ok(args.run(&mut out)?),
        Command::Evening(args) => Ok(args.run(&mut out)?),
        Command::Criteria(args) => Ok(args.run(&mut out)?),
        Command::Completions { shell } => {
            // Written to memory first: clap_complete panics when its writer fails.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "mj3", &mut script);
            out.write_all(&script)?;
            Ok(EXIT_OK)
        }
        Command::Man => {
            out.write_all(&man_page()?)?;
            Ok(EXIT_OK)
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
    style: Style,
    out: &mut impl Write,
) -> anyhow::Result<u8> {
    match score_line(line, rules) {
        Ok((hand, evaluation)) => {
            if common.brief.brief {
                // A hand with no winning shape: how far from ready, in its one line.
                let unready = mj3::shanten::analyse(&hand, &evaluation, rules);
                let brief = render::Brief::new(None, line, rules, &evaluation, unready.as_ref());
                if common.json {
                    writeln!(out, "{}", brief.json())?;
                } else {
                    write!(out, "{}", brief.text("", style))?;
                }
            } else if common.json {
                let record = render::unready::record_with(
                    None,
                    line,
                    rules,
                    &hand,
                    &evaluation,
                    common.words,
                )?;
                writeln!(out, "{record}")?;
            } else {
                let shown = escape_control(line);
                write!(
                    out,
                    "{}",
                    render::text(&shown, rules, &hand, &evaluation, style)
                )?;
                // A hand with no winning shape: how far from ready, and what helps.
                if let Some(unready) = mj3::shanten::analyse(&hand, &evaluation, rules) {
                    write!(out, "{}", render::unready::text(&unready, style))?;
                }
            }
            Ok(outcome_code(&evaluation))
        }
        Err(err) => {
            let message = err.to_string();
            let snippet = output::snippet(line, err.span());
            // Fitted to the terminal after the `error: ` that goes before it.
            let width = usize::from(style.width.unwrap_or(output::DEFAULT_WIDTH));
            let shown = render::fit_lines(&escape_control(&message), width.saturating_sub(7));
            output::write_error(&format!("{shown}\n{snippet}"));
            if common.json && common.words {
                writeln!(out, "{}", err.record_with_words(line))?;
            } else if common.json {
                writeln!(out, "{}", err.record(line))?;
            }
            Ok(EXIT_BAD_INPUT)
        }
    }
}

/// Reports an error that ended the run on stderr (a closed pipe ends it quietly) and returns
/// the exit code. Never panics, even when stderr itself cannot be written.
pub fn report_failure(err: &anyhow::Error) -> u8 {
    if is_broken_pipe(err) {
        return EXIT_OUTPUT_CUT;
    }
    let message = if is_write_error(err) {
        format!("could not write the output: {err:#}")
    } else {
        format!("{err:#}")
    };
    // Sources by title, not file name; line by line: a ruleset error may quote several
    // lines of its file.
    let message = mj3::sources::cite(&message);
    // Fitted to the terminal after the `error: ` before it; a quoted line of a file and its
    // caret are kept as they are, so that the caret stays under its column.
    let width = usize::from(output::terminal_width()).saturating_sub("error: ".len());
    let shown: Vec<String> = message
        .lines()
        .map(|line| match is_quoted_source(line) {
            true => escape_control(line),
            false => render::fit_lines(&escape_control(line), width),
        })
        .collect();
    output::write_error(&shown.join("\n"));
    exit_code_for(err)
}

/// A line of a located error that quotes its file (`4 | value = …`, ` |`) or points into it
/// (`  ^^^`).
fn is_quoted_source(line: &str) -> bool {
    let rest = line
        .trim_start()
        .trim_start_matches(|c: char| c.is_ascii_digit());
    rest.trim_start().starts_with('|')
        || (!rest.trim().is_empty() && rest.trim().chars().all(|c| c == '^' || c == '~'))
}

/// A write to a closed pipe (`mj3 … | head`): the reader has gone, so nothing is said.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// An output error: a bare I/O error (reading errors carry a "could not read" context).
fn is_write_error(err: &anyhow::Error) -> bool {
    err.chain().count() == 1 && err.downcast_ref::<io::Error>().is_some()
}

/// The exit code for an error that ended the run.
fn exit_code_for(err: &anyhow::Error) -> u8 {
    if err.downcast_ref::<RulesError>().is_some() {
        EXIT_BAD_RULESET
    } else {
        EXIT_IO
    }
}
