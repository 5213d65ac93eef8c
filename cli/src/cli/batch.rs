//! `mj3 batch`: hands read one a line from files or standard input, each line bounded in
//! length, every bad line reported with its file, line and column, and a tally at the end.
//! The memory a run holds is bounded in bytes per job: the lines read ahead, and the output
//! scored ahead of what standard output has taken.

use std::io::{self, BufRead, IsTerminal, Write};
use std::sync::{Mutex, MutexGuard, PoisonError};

use anyhow::Context as _;

use super::csv_rows::{CSV_HEADER, Rows, write_csv};
use super::lines::{LineReader, MAX_ENDLESS_BYTES, MAX_LINE_BYTES, MAX_SKIP_BYTES, Next};
use super::output::{self, escape_control};
use super::queue::{Queue, Weighed};
use super::{Common, EXIT_BAD_INPUT, EXIT_INPUT_CUT, EXIT_IO, EXIT_OK, Format};
use mj3::diagnostic::{ErrorRecord, LinePlace, column_of};
use mj3::notation::Span;
use mj3::plural::counted;
use mj3::render::tally::{Counted, Tally};
use mj3::render::{self, Style};
use mj3::results::Said;
use mj3::rules::Ruleset;
use mj3::score_line;

/// The name standard input goes by in error locations and CSV rows.
pub const STDIN_NAME: &str = "<stdin>";

/// How the tally at the end of a run is written (`--summary`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Summary {
    /// For people: tables at the end of stdout; with --json or --csv, one line on stderr
    Text,
    /// For scripts: one JSON object of kind `tally`, the last record on stdout with --json,
    /// else the last line of stderr
    Json,
    /// No tally
    None,
}

/// The size of the buffer in front of standard output (64 KiB).
pub const OUTPUT_BUFFER_BYTES: usize = 64 << 10;

/// Lines read ahead and scored together, per job.
const LINES_PER_JOB: usize = 256;

/// Bytes of input lines read ahead, per job (a chunk holds at least one line, and a line is
/// at most [`MAX_LINE_BYTES`]).
const INPUT_BYTES_PER_JOB: usize = 256 << 10;

/// Bytes of output scored ahead of what has been written, per job: a job scores no further
/// line while the others' output waiting for its turn is more than this, so that a ruleset
/// whose every line writes megabytes holds a few lines' output per job, not a chunk's.
const OUTPUT_BYTES_PER_JOB: usize = 1 << 20;

/// The number of threads `batch` uses by default: one per core.
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// One run of `mj3 batch` over its sources.
pub struct Batch<'a> {
    scorer: Scorer<'a>,
    jobs: usize,
    summary: Summary,
    tally: Tally<'a>,
}

/// What scoring one line needs; shared by the threads.
struct Scorer<'a> {
    rules: &'a Ruleset,
    common: &'a Common,
    style: Style,
    several: bool,
    /// Output buffers written out and kept for the lines after.
    spare: Spare,
}

/// The most output buffers kept for reuse, and the largest kept (a line that wrote more
/// gives its buffer back to the allocator).
const SPARE_BUFFERS: usize = 64;
const SPARE_CAPACITY: usize = 16 << 10;

/// Output buffers written out and emptied, kept for the lines after, so that a line's
/// output is not allocated and freed anew each time: a usual line's few kilobytes are
/// above what the allocator's per-thread cache keeps, and cost it a search each time.
#[derive(Default)]
struct Spare(Mutex<Vec<Vec<u8>>>);

impl Spare {
    /// An empty buffer, one written before when there is one.
    fn take(&self) -> Vec<u8> {
        self.lock().pop().unwrap_or_default()
    }

    /// Keeps `buffer` for a line after, emptied, unless enough are kept or it is large.
    fn give(&self, mut buffer: Vec<u8>) {
        if buffer.capacity() == 0 || buffer.capacity() > SPARE_CAPACITY {
            return;
        }
        buffer.clear();
        let mut spare = self.lock();
        if spare.len() < SPARE_BUFFERS {
            spare.push(buffer);
        }
    }

    fn lock(&self) -> MutexGuard<'_, Vec<Vec<u8>>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A line as read: its text (a range of the chunk's bytes), too long to hold, or with no
/// end in sight (the last read from its source).
#[derive(Clone)]
enum Read {
    Line(std::ops::Range<usize>),
    TooLong,
    Endless,
}

/// What one line gives: bytes for standard output, maybe an error for standard error, and
/// how it counts in the tally.
#[derive(Default)]
struct Outcome {
    out: Vec<u8>,
    error: Option<String>,
    counted: Counted,
}

impl Weighed for Outcome {
    /// The memory it holds (a buffer kept from an earlier line may be larger than its text).
    fn bytes(&self) -> usize {
        self.out.capacity() + self.error.as_ref().map_or(0, String::len)
    }
}

/// Lines read from one source, scored together.
#[derive(Default)]
struct Chunk {
    bytes: Vec<u8>,
    lines: Vec<(usize, Read)>,
}

impl<'a> Batch<'a> {
    /// A run with the given ruleset and options; `several` when more than one source is read
    /// (the table headings then name the file); `jobs` threads score the lines; the tally
    /// is written at the end as `summary` says.
    pub fn new(
        rules: &'a Ruleset,
        common: &'a Common,
        style: Style,
        several: bool,
        jobs: usize,
        summary: Summary,
    ) -> Self {
        Batch {
            scorer: Scorer {
                rules,
                common,
                style,
                several,
                spare: Spare::default(),
            },
            jobs: jobs.max(1),
            summary,
            tally: Tally::new(&rules.name),
        }
    }

    /// Reads every source in turn (`-` is standard input); a source that cannot be read is
    /// reported and the others are still read. Returns the exit code, the highest that
    /// applies: 5 when a source was not read to its end, 4 when one could not be read, 2 when
    /// a line was bad, else 0.
    pub fn run(mut self, sources: &[String], out: &mut impl Write) -> anyhow::Result<u8> {
        if self.scorer.common.format() == Format::Csv {
            write_csv(out, &CSV_HEADER)?;
        }
        let stdin = [String::from("-")];
        let sources = if sources.is_empty() {
            &stdin[..]
        } else {
            sources
        };
        for source in sources {
            if let Err(err) = self.source(source, out) {
                if super::is_write_error(&err) {
                    return Err(err);
                }
                out.flush()?;
                output::write_error(&format!("{err:#}"));
                self.tally.unreadable_files += 1;
            }
        }
        self.write_summary(out)?;
        out.flush()?;
        Ok(if self.tally.inputs_cut > 0 {
            EXIT_INPUT_CUT
        } else if self.tally.unreadable_files > 0 {
            EXIT_IO
        } else if self.tally.bad_lines > 0 {
            EXIT_BAD_INPUT
        } else {
            EXIT_OK
        })
    }

    fn source(&mut self, source: &str, out: &mut impl Write) -> anyhow::Result<()> {
        if source == "-" {
            let stdin = io::stdin();
            if stdin.is_terminal() {
                out.flush()?;
                output::write_note("mj3: reading hands from the terminal; end with Ctrl-D");
                // One line at a time, so that each answer comes as its line is typed.
                return self.lines(STDIN_NAME, stdin.lock(), out, 1);
            }
            return self.lines(STDIN_NAME, stdin.lock(), out, LINES_PER_JOB * self.jobs);
        }
        let file = std::fs::File::open(source)
            .with_context(|| format!("could not read `{}`", escape_control(source)))?;
        let chunk = LINES_PER_JOB * self.jobs;
        self.lines(source, io::BufReader::new(file), out, chunk)
    }

    /// Reads the lines of one source in chunks of at most `chunk` lines (and
    /// [`INPUT_BYTES_PER_JOB`] bytes per job) and scores each chunk on `jobs` threads (this
    /// one and the jobs spawned for the source), writing what each line gives in input
    /// order, as soon as it and those before it are scored.
    fn lines(
        &mut self,
        name: &str,
        reader: impl BufRead,
        out: &mut impl Write,
        chunk: usize,
    ) -> anyhow::Result<()> {
        let jobs = self.jobs;
        let scorer = &self.scorer;
        let tally = &mut self.tally;
        let queue = Queue::new(OUTPUT_BYTES_PER_JOB * jobs);
        let score = |lines: &Chunk, at: usize| scorer.outcome(name, lines, at);
        std::thread::scope(|scope| {
            for _ in 1..jobs {
                scope.spawn(|| queue.work(score));
            }
            let mut round = |lines: &mut Chunk, tally: &mut Tally<'_>| {
                let lines = std::mem::take(lines);
                let len = lines.lines.len();
                queue.round(lines, len, score, |outcome| {
                    emit(tally, outcome, out, &scorer.spare)
                })
            };
            let read = read_chunks(name, reader, chunk, jobs, tally, &mut round);
            match read {
                // The jobs stop too when standard output fails.
                Err(_) => queue.stop(),
                Ok(()) => queue.close(),
            }
            read
        })
    }

    /// Writes the tally as `--summary` asks: for people, tables on standard output (or with
    /// `--json` or `--csv`, one line on standard error); for scripts, one JSON object on
    /// standard output with `--json`, else on standard error.
    fn write_summary(&self, out: &mut impl Write) -> anyhow::Result<()> {
        let format = self.scorer.common.format();
        match (self.summary, format) {
            (Summary::None, _) => {}
            (Summary::Text, Format::Table) if self.scorer.common.brief.brief => {
                writeln!(out, "{}", self.tally.brief())?;
            }
            (Summary::Text, Format::Table) => {
                out.write_all(self.tally.text(self.scorer.style).as_bytes())?;
            }
            (Summary::Text, Format::Json | Format::Csv) => {
                out.flush()?;
                output::write_note(&self.note());
            }
            (Summary::Json, _) => {
                let json = mj3::json::to_string(&self.tally)
                    .unwrap_or_else(|e| unreachable!("plain data serializes: {e}"));
                if format == Format::Json {
                    writeln!(out, "{json}")?;
                } else {
                    out.flush()?;
                    output::write_note(&json);
                }
            }
        }
        Ok(())
    }

    /// The tally in one line, for standard error.
    fn note(&self) -> String {
        let tally = &self.tally;
        let mut summary = format!(
            "mj3 batch: {} scored ({} not a win), ",
            counted(tally.scored(), "hand", "hands"),
            tally.not_a_win()
        );
        if tally.unready > 0 {
            summary.push_str(&counted(tally.unready, "unready hand", "unready hands"));
            summary.push_str(" analysed, ");
        }
        summary.push_str(&counted(tally.bad_lines, "bad line", "bad lines"));
        if tally.unreadable_files > 0 {
            summary.push_str(&format!(
                ", {}",
                counted(
                    tally.unreadable_files,
                    "unreadable file",
                    "unreadable files"
                )
            ));
        }
        if tally.inputs_cut > 0 {
            summary.push_str(&format!(
                ", {} not read to the end",
                counted(tally.inputs_cut, "input", "inputs")
            ));
        }
        summary
    }
}

/// Reads the lines of one source into chunks of at most `chunk` lines (and
/// [`INPUT_BYTES_PER_JOB`] bytes per job), and gives each to `round` to be scored and written.
fn read_chunks<'t>(
    name: &str,
    reader: impl BufRead,
    chunk: usize,
    jobs: usize,
    tally: &mut Tally<'t>,
    round: &mut impl FnMut(&mut Chunk, &mut Tally<'t>) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let chunk_bytes = INPUT_BYTES_PER_JOB * jobs;
    let mut reader = LineReader::new(reader, MAX_LINE_BYTES, MAX_SKIP_BYTES);
    let mut number = 0;
    let mut lines = Chunk::default();
    loop {
        let next = match reader.next() {
            Ok(next) => next,
            Err(err) => {
                round(&mut lines, tally)?;
                let message = format!(
                    "could not read `{}`, line {}",
                    escape_control(name),
                    number + 1
                );
                return Err(anyhow::Error::new(err).context(message));
            }
        };
        number += 1;
        match next {
            Next::End => return round(&mut lines, tally),
            Next::Endless => {
                lines.lines.push((number, Read::Endless));
                tally.inputs_cut += 1;
                return round(&mut lines, tally);
            }
            Next::Line => {
                let start = lines.bytes.len();
                lines.bytes.extend_from_slice(reader.line());
                let range = start..lines.bytes.len();
                lines.lines.push((number, Read::Line(range)));
            }
            Next::TooLong => lines.lines.push((number, Read::TooLong)),
        }
        if lines.lines.len() >= chunk || lines.bytes.len() >= chunk_bytes {
            round(&mut lines, tally)?;
        }
    }
}

/// Writes one line's outcome: its error to stderr (stdout flushed first, so that the two
/// stay in step on a terminal), then its output, and counts it.
/// Its buffer is then kept in `spare` for a line after.
fn emit(
    tally: &mut Tally,
    outcome: Outcome,
    out: &mut impl Write,
    spare: &Spare,
) -> anyhow::Result<()> {
    if let Some(error) = &outcome.error {
        out.flush()?;
        output::write_error(error);
    }
    out.write_all(&outcome.out)?;
    tally.add(&outcome.counted);
    spare.give(outcome.out);
    Ok(())
}

impl Scorer<'_> {
    /// What the line at `at` of a chunk of source `name` gives.
    fn outcome(&self, name: &str, chunk: &Chunk, at: usize) -> Outcome {
        let Some(&(number, ref read)) = chunk.lines.get(at) else {
            return Outcome::default();
        };
        let place = LinePlace {
            file: name,
            line: number,
            tag: None,
        };
        match read {
            Read::Line(range) => {
                let bytes = chunk.bytes.get(range.clone()).unwrap_or_default();
                self.line(&place, bytes)
            }
            Read::TooLong => self.unread(
                &place,
                &format!("the line is longer than {MAX_LINE_BYTES} bytes; skipped"),
            ),
            Read::Endless => self.unread(
                &place,
                &format!(
                    "no line end in {} MiB; the rest of the input is not read",
                    MAX_ENDLESS_BYTES >> 20
                ),
            ),
        }
    }

    fn line(&self, place: &LinePlace, bytes: &[u8]) -> Outcome {
        let line = match std::str::from_utf8(bytes) {
            Ok(line) => line,
            Err(err) => {
                // A line that is not text is a bad line like any other: reported, then on.
                // Up to `valid_up_to` the lossy text is the line's own bytes.
                let lossy = String::from_utf8_lossy(bytes);
                let at = err.valid_up_to();
                let column = column_of(&lossy, at);
                let message = format!("the line is not valid UTF-8 text: {}", mj3::utf8::HAND_TEXT);
                let input = lossy.trim();
                let span = Span::new(at, at + 1);
                let bad = BadLine {
                    line: &lossy,
                    message: &message,
                    said: None,
                    span,
                    column,
                    input,
                };
                return self.bad(place, &bad);
            }
        };
        let Some(read) = mj3::batch::HandLine::read(line, place.line) else {
            return Outcome::default();
        };
        let hand = read.hand;
        let place = &LinePlace {
            tag: read.tag,
            ..*place
        };
        match score_line(hand, self.rules) {
            Ok((valid, evaluation)) => {
                // A hand with no winning shape: how far from ready, and what helps.
                let unready = mj3::shanten::analyse(&valid, &evaluation, self.rules);
                let mut out = self.spare.take();
                match self.common.format() {
                    _ if self.common.brief.brief => {
                        let brief = render::Brief::new(
                            Some(*place),
                            hand,
                            self.rules,
                            &evaluation,
                            unready.as_ref(),
                        );
                        let text = match self.common.format() {
                            Format::Json => format!("{}\n", brief.json()),
                            _ => brief.text(&self.prefix(place), self.style),
                        };
                        out.extend_from_slice(text.as_bytes());
                    }
                    Format::Json => {
                        let report = render::Report::new(
                            Some(*place),
                            hand,
                            self.rules,
                            &valid,
                            &evaluation,
                        )
                        .analysed(unready.as_ref(), self.common.words);
                        mj3::batch::write_report(&mut out, &report);
                    }
                    Format::Csv => {
                        Rows::new(&mut out, *place, hand, &self.rules.name)
                            .scored(&evaluation, unready.as_ref());
                    }
                    Format::Table => {
                        let shown = escape_control(hand);
                        let mut table =
                            render::text(&shown, self.rules, &valid, &evaluation, self.style);
                        if let Some(unready) = &unready {
                            table.push_str(&render::unready::text(unready, self.style));
                        }
                        let heading = self.heading(place);
                        out.reserve(heading.len() + table.len() + 2);
                        out.extend_from_slice(heading.as_bytes());
                        out.push(b'\n');
                        out.extend_from_slice(table.as_bytes());
                        out.push(b'\n');
                    }
                }
                Outcome {
                    out,
                    error: None,
                    counted: Counted::of(&evaluation),
                }
            }
            Err(err) => {
                let (span, column) = read.place_of(&err);
                let message = err.to_string();
                let said = self.common.words.then(|| err.said());
                let bad = BadLine {
                    line: read.line,
                    message: &message,
                    said: said.as_ref(),
                    span,
                    column,
                    input: hand,
                };
                self.bad(place, &bad)
            }
        }
    }

    /// A bad line's report for stderr (`FILE:LINE:COL: message`, the line and a caret) and,
    /// with `--json` or `--csv`, its record for stdout so that scripts see every line.
    fn bad(&self, place: &LinePlace, bad: &BadLine) -> Outcome {
        let BadLine {
            line,
            message,
            said,
            span,
            column,
            input,
        } = *bad;
        let location = format!("{}:{}:{column}", escape_control(place.file), place.line);
        let mut text = format!("{location}: {}", escape_control(message));
        if !line.is_empty() {
            text.push('\n');
            text.push_str(&output::snippet(line, span));
        }
        let mut out = self.spare.take();
        match self.common.format() {
            Format::Json => {
                let record = ErrorRecord::new(Some(*place), input, message, column).said(said);
                mj3::json::to_vec(&mut out, &record)
                    .unwrap_or_else(|e| unreachable!("plain data serializes: {e}"));
                out.push(b'\n');
            }
            Format::Csv => {
                Rows::new(&mut out, *place, input, &self.rules.name).error(message);
            }
            Format::Table => {}
        }
        Outcome {
            out,
            error: Some(text),
            counted: Counted::Bad,
        }
    }

    /// A line that was not read in full: too long, or with no end in sight.
    fn unread(&self, place: &LinePlace, message: &str) -> Outcome {
        let bad = BadLine {
            line: "",
            message,
            said: None,
            span: Span::new(0, 0),
            column: MAX_LINE_BYTES + 1,
            input: "",
        };
        self.bad(place, &bad)
    }

    /// What each `--brief` line starts with: `12: `, or `FILE:12: ` with several files.
    fn prefix(&self, place: &LinePlace) -> String {
        if self.several {
            format!("{}:{}: ", escape_control(place.file), place.line)
        } else {
            format!("{}: ", place.line)
        }
    }

    /// The table heading: the line (and its file when several are read) and its comment.
    fn heading(&self, place: &LinePlace) -> String {
        let mut text = if self.several {
            format!("{}, line {}", escape_control(place.file), place.line)
        } else {
            format!("Line {}", place.line)
        };
        if let Some(tag) = place.tag {
            text.push_str("  # ");
            text.push_str(&escape_control(tag));
        }
        if self.style.color {
            let style = anstyle::Style::new().bold().underline();
            format!("{style}{text}{style:#}")
        } else {
            text
        }
    }
}

/// A line that could not be scored.
#[derive(Clone, Copy)]
struct BadLine<'a> {
    /// The line as read (shown with a caret; empty for a line too long to show).
    line: &'a str,
    /// What is wrong.
    message: &'a str,
    /// The same as a table reads it, with `--words`.
    said: Option<&'a Said>,
    /// Where in `line`.
    span: Span,
    /// The 1-based character column in the file's line.
    column: usize,
    /// The hand as given to the parser (the JSON and CSV `input`).
    input: &'a str,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_buffer_is_kept_emptied_for_a_line_after() {
        let spare = Spare::default();
        let mut buffer = spare.take();
        assert_eq!(buffer.capacity(), 0, "none kept yet");
        buffer.extend_from_slice(b"{\"line\":1}\n");
        let capacity = buffer.capacity();
        spare.give(buffer);
        let again = spare.take();
        assert!(again.is_empty(), "what the last line wrote is gone");
        assert_eq!(again.capacity(), capacity, "its room is kept");
        assert_eq!(spare.take().capacity(), 0, "one buffer, given once");
    }

    #[test]
    fn a_large_buffer_and_one_too_many_go_back_to_the_allocator() {
        let spare = Spare::default();
        spare.give(Vec::with_capacity(SPARE_CAPACITY + 1));
        assert_eq!(spare.take().capacity(), 0, "a large buffer is not kept");
        for _ in 0..SPARE_BUFFERS + 5 {
            spare.give(Vec::with_capacity(16));
        }
        assert_eq!(spare.lock().len(), SPARE_BUFFERS);
    }
}
