//! `mj3 batch`: hands read one a line from files or standard input, each line bounded in
//! length, every bad line reported with its file, line and column, and a summary at the end.

use std::io::{self, BufRead, IsTerminal, Write};

use anyhow::Context as _;
use indexmap::IndexMap;
use serde::Deserialize;
use serde_json::Value;

use super::output::{self, escape_control};
use super::{Common, EXIT_BAD_INPUT, EXIT_IO, EXIT_OK, Format};
use crate::notation::Span;
use crate::plural::counted;
use crate::render::{self, Style};
use crate::rules::Ruleset;
use crate::score_line;

/// The longest line `batch` reads, in bytes (1 MiB); a longer line is reported as bad and
/// skipped up to its end without being held in memory.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// How far past [`MAX_LINE_BYTES`] a too-long line is skipped in search of its end (64 MiB);
/// an input with no line end within that (`/dev/zero`, a binary file) is not read further,
/// so that `batch` always ends, in bounded time and memory.
pub const MAX_SKIP_BYTES: usize = 64 << 20;

/// The name standard input goes by in error locations and CSV rows.
pub const STDIN_NAME: &str = "<stdin>";

/// What [`LineReader::next`] found.
#[derive(Debug, PartialEq, Eq)]
enum Next {
    /// A line, in [`LineReader::line`].
    Line,
    /// A line longer than the cap; the rest of it is skipped on the next call.
    TooLong,
    /// The line being skipped ran past the skip cap with no line end: the input is not read
    /// further.
    Endless,
    /// The end of the input.
    End,
}

/// Reads lines ended by LF, CRLF or a lone CR, none longer than `cap` bytes; a longer line
/// is skipped, for at most `skip_cap` more bytes.
struct LineReader<R> {
    inner: R,
    cap: usize,
    skip_cap: usize,
    line: Vec<u8>,
    after_cr: bool,
    skipping: bool,
    skipped: usize,
}

impl<R: BufRead> LineReader<R> {
    fn new(inner: R, cap: usize, skip_cap: usize) -> Self {
        LineReader {
            inner,
            cap,
            skip_cap,
            line: Vec::new(),
            after_cr: false,
            skipping: false,
            skipped: 0,
        }
    }

    /// The line found by the last [`LineReader::next`] that returned [`Next::Line`].
    fn line(&self) -> &[u8] {
        &self.line
    }

    fn next(&mut self) -> io::Result<Next> {
        self.line.clear();
        let mut started = false;
        loop {
            let available = match self.inner.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                self.skipping = false;
                return Ok(if started { Next::Line } else { Next::End });
            }
            if std::mem::take(&mut self.after_cr) && available.first() == Some(&b'\n') {
                self.inner.consume(1);
                continue;
            }
            let end = available.iter().position(|&b| b == b'\n' || b == b'\r');
            let (text, used) = match end {
                Some(at) => (&available[..at], at + 1),
                None => (available, available.len()),
            };
            if self.skipping {
                self.skipped = self.skipped.saturating_add(used);
            } else {
                started = true;
                let room = (self.cap + 1).saturating_sub(self.line.len());
                self.line
                    .extend_from_slice(text.get(..room.min(text.len())).unwrap_or(text));
            }
            if let Some(at) = end {
                self.after_cr = available.get(at) == Some(&b'\r');
            }
            self.inner.consume(used);
            let too_long = !self.skipping && self.line.len() > self.cap;
            match (end.is_some(), too_long) {
                (true, true) => return Ok(Next::TooLong),
                (false, true) => {
                    self.skipping = true;
                    return Ok(Next::TooLong);
                }
                (true, false) if self.skipping => {
                    self.skipping = false;
                    self.skipped = 0;
                    self.line.clear();
                }
                (true, false) => return Ok(Next::Line),
                (false, false) if self.skipping && self.skipped > self.skip_cap => {
                    return Ok(Next::Endless);
                }
                (false, false) => {}
            }
        }
    }
}

/// Counts for the summary.
#[derive(Debug, Default)]
struct Tally {
    scored: usize,
    not_a_win: usize,
    bad: usize,
    unreadable: usize,
}

/// The size of the buffer in front of standard output (64 KiB).
pub const OUTPUT_BUFFER_BYTES: usize = 64 << 10;

/// Lines read and scored together per thread: the memory `batch` holds is bounded by
/// this many lines (and their output) per thread, however long the input.
const LINES_PER_THREAD: usize = 256;

/// Lines a thread takes from the shared chunk at a time.
const LINES_PER_TAKE: usize = 32;

/// The number of threads `batch` uses by default: one per core.
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// One run of `mj3 batch` over its sources.
pub struct Batch<'a> {
    scorer: Scorer<'a>,
    jobs: usize,
    tally: Tally,
}

/// What scoring one line needs; shared by the threads.
struct Scorer<'a> {
    rules: &'a Ruleset,
    common: &'a Common,
    style: Style,
    several: bool,
}

/// A line as read: its text (a range of the chunk's bytes), or too long to hold.
#[derive(Clone)]
enum Read {
    Line(std::ops::Range<usize>),
    TooLong,
}

/// What one line gives: bytes for standard output, maybe an error for standard error, and
/// how it counts in the summary.
#[derive(Default)]
struct Outcome {
    out: Vec<u8>,
    error: Option<String>,
    counts: Counts,
}

/// How a line counts in the summary.
#[derive(Default, Clone, Copy)]
enum Counts {
    /// A blank or comment line.
    #[default]
    Nothing,
    /// Scored; `true` when the verdict is not a win.
    Scored(bool),
    /// Reported as bad.
    Bad,
}

/// Lines read from one source, scored together.
#[derive(Default)]
struct Chunk {
    bytes: Vec<u8>,
    lines: Vec<(usize, Read)>,
}

impl<'a> Batch<'a> {
    /// A run with the given ruleset and options; `several` when more than one source is read
    /// (the table headings then name the file); `jobs` threads score the lines.
    pub fn new(
        rules: &'a Ruleset,
        common: &'a Common,
        style: Style,
        several: bool,
        jobs: usize,
    ) -> Self {
        Batch {
            scorer: Scorer {
                rules,
                common,
                style,
                several,
            },
            jobs: jobs.max(1),
            tally: Tally::default(),
        }
    }

    /// Reads every source in turn (`-` is standard input); a source that cannot be read is
    /// reported and the others are still read. Returns the exit code.
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
                output::write_error(&format!("{err:#}"))?;
                self.tally.unreadable += 1;
            }
        }
        out.flush()?;
        self.write_summary()?;
        Ok(if self.tally.unreadable > 0 {
            EXIT_IO
        } else if self.tally.bad > 0 {
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
                output::write_note("mj3: reading hands from the terminal; end with Ctrl-D")?;
                // One line at a time, so that each answer comes as its line is typed.
                return self.lines(STDIN_NAME, stdin.lock(), out, 1);
            }
            return self.lines(STDIN_NAME, stdin.lock(), out, LINES_PER_THREAD * self.jobs);
        }
        let file = std::fs::File::open(source)
            .with_context(|| format!("could not read `{}`", escape_control(source)))?;
        let chunk = LINES_PER_THREAD * self.jobs;
        self.lines(source, io::BufReader::new(file), out, chunk)
    }

    /// Reads the lines of one source in chunks of `chunk` lines, scores each chunk and
    /// writes what it gives in input order.
    fn lines(
        &mut self,
        name: &str,
        reader: impl BufRead,
        out: &mut impl Write,
        chunk: usize,
    ) -> anyhow::Result<()> {
        let mut reader = LineReader::new(reader, MAX_LINE_BYTES, MAX_SKIP_BYTES);
        let mut number = 0;
        let mut lines = Chunk::default();
        loop {
            let next = match reader.next() {
                Ok(next) => next,
                Err(err) => {
                    self.chunk(name, &lines, out)?;
                    let message = format!(
                        "could not read `{}`, line {}",
                        escape_control(name),
                        number + 1
                    );
                    return Err(anyhow::Error::new(err).context(message));
                }
            };
            if next == Next::Endless {
                // Already counted as a bad line when it passed the cap.
                self.chunk(name, &lines, out)?;
                out.flush()?;
                return Ok(output::write_error(&format!(
                    "{}:{number}: no line end in the next {} MiB; the rest of the input is not read",
                    escape_control(name),
                    MAX_SKIP_BYTES >> 20
                ))?);
            }
            number += 1;
            match next {
                Next::End | Next::Endless => return self.chunk(name, &lines, out),
                Next::Line => {
                    let start = lines.bytes.len();
                    lines.bytes.extend_from_slice(reader.line());
                    let range = start..lines.bytes.len();
                    lines.lines.push((number, Read::Line(range)));
                }
                Next::TooLong => lines.lines.push((number, Read::TooLong)),
            }
            if lines.lines.len() >= chunk {
                self.chunk(name, &lines, out)?;
                lines.bytes.clear();
                lines.lines.clear();
            }
        }
    }

    /// Scores a chunk of lines on `jobs` threads and writes the outcomes in input order.
    fn chunk(&mut self, name: &str, chunk: &Chunk, out: &mut impl Write) -> anyhow::Result<()> {
        let scorer = &self.scorer;
        let tally = &mut self.tally;
        let outcome = |&(number, ref read): &(usize, Read)| {
            let place = Place { name, number };
            match read {
                Read::Line(range) => {
                    let bytes = chunk.bytes.get(range.clone()).unwrap_or_default();
                    scorer.line(&place, bytes)
                }
                Read::TooLong => {
                    let message =
                        format!("the line is longer than {MAX_LINE_BYTES} bytes; skipped");
                    let bad = BadLine {
                        line: "",
                        message: &message,
                        span: Span::new(0, 0),
                        column: MAX_LINE_BYTES + 1,
                        input: "",
                    };
                    scorer.bad(&place, &bad)
                }
            }
        };
        let threads = self.jobs.min(chunk.lines.len().div_ceil(LINES_PER_TAKE));
        if threads <= 1 {
            for line in &chunk.lines {
                let outcome = outcome(line);
                emit(tally, outcome, out)?;
            }
            return Ok(());
        }
        let next = std::sync::atomic::AtomicUsize::new(0);
        let mut pieces: Vec<(usize, Vec<Outcome>)> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut taken = Vec::new();
                        loop {
                            let start = next
                                .fetch_add(LINES_PER_TAKE, std::sync::atomic::Ordering::Relaxed);
                            let Some(lines) = chunk.lines.get(start..) else {
                                return taken;
                            };
                            if lines.is_empty() {
                                return taken;
                            }
                            let lines = lines.get(..LINES_PER_TAKE).unwrap_or(lines);
                            taken.push((start, lines.iter().map(&outcome).collect()));
                        }
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|worker| match worker.join() {
                    Ok(taken) => taken,
                    Err(panic) => std::panic::resume_unwind(panic),
                })
                .collect()
        });
        pieces.sort_unstable_by_key(|(start, _)| *start);
        for (_, outcomes) in pieces {
            for outcome in outcomes {
                emit(tally, outcome, out)?;
            }
        }
        Ok(())
    }

    fn write_summary(&self) -> io::Result<()> {
        let Tally {
            scored,
            not_a_win,
            bad,
            unreadable,
        } = self.tally;
        let mut summary = format!(
            "mj3 batch: {} scored ({not_a_win} not a win), {}",
            counted(scored as u64, "hand", "hands"),
            counted(bad as u64, "bad line", "bad lines")
        );
        if unreadable > 0 {
            summary.push_str(&format!(
                ", {}",
                counted(unreadable as u64, "unreadable file", "unreadable files")
            ));
        }
        output::write_note(&summary)
    }
}

/// Writes one line's outcome: its error to stderr (stdout flushed first, so that the two
/// stay in step on a terminal), then its output, and counts it.
fn emit(tally: &mut Tally, outcome: Outcome, out: &mut impl Write) -> anyhow::Result<()> {
    if let Some(error) = &outcome.error {
        out.flush()?;
        output::write_error(error)?;
    }
    out.write_all(&outcome.out)?;
    match outcome.counts {
        Counts::Nothing => {}
        Counts::Scored(not_a_win) => {
            tally.scored += 1;
            tally.not_a_win += usize::from(not_a_win);
        }
        Counts::Bad => tally.bad += 1,
    }
    Ok(())
}

impl Scorer<'_> {
    fn line(&self, place: &Place, bytes: &[u8]) -> Outcome {
        let line = match std::str::from_utf8(bytes) {
            Ok(line) => line,
            Err(err) => {
                // A line that is not text is a bad line like any other: reported, then on.
                let lossy = String::from_utf8_lossy(bytes);
                let valid = bytes.get(..err.valid_up_to()).unwrap_or_default();
                let at = String::from_utf8_lossy(valid).len();
                let column = String::from_utf8_lossy(valid).chars().count() + 1;
                let message = "the line is not valid UTF-8 text (hand notation is plain ASCII)";
                let input = lossy.trim();
                let span = Span::new(at, at + 1);
                let bad = BadLine {
                    line: &lossy,
                    message,
                    span,
                    column,
                    input,
                };
                return self.bad(place, &bad);
            }
        };
        // A byte-order mark some editors put at the start of a file is not part of the hand.
        let line = match place.number {
            1 => line.strip_prefix('\u{feff}').unwrap_or(line),
            _ => line,
        };
        let uncommented = without_comment(line);
        let hand = uncommented.trim();
        if hand.is_empty() {
            return Outcome::default();
        }
        let offset = uncommented.len() - uncommented.trim_start().len();
        match score_line(hand, self.rules) {
            Ok((valid, evaluation)) => {
                let not_a_win = super::outcome_code(&evaluation) != EXIT_OK;
                let mut out = Vec::new();
                match self.common.format() {
                    Format::Json => {
                        let record = render::json_in_file(
                            self.file_field(place),
                            Some(place.number),
                            hand,
                            self.rules,
                            &valid,
                            &evaluation,
                        );
                        out.extend_from_slice(record.as_bytes());
                        out.push(b'\n');
                    }
                    Format::Csv => {
                        let scored = serde_json::to_string(&evaluation)
                            .and_then(|json| serde_json::from_str::<Scored>(&json))
                            .unwrap_or_else(|e| unreachable!("the JSON form reads back: {e}"));
                        for row in csv_rows(place, hand, &scored) {
                            push_csv(&mut out, &row);
                        }
                    }
                    Format::Table => {
                        let shown = escape_control(hand);
                        let table =
                            render::text(&shown, self.rules, &valid, &evaluation, self.style);
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
                    counts: Counts::Scored(not_a_win),
                }
            }
            Err(err) => {
                let span = err.span();
                let in_line = Span::new(offset + span.start, offset + span.end);
                let column = super::column_of(line, in_line.start);
                let message = err.to_string();
                let bad = BadLine {
                    line,
                    message: &message,
                    span: in_line,
                    column,
                    input: hand,
                };
                self.bad(place, &bad)
            }
        }
    }

    /// A bad line's report for stderr (`FILE:LINE:COL: message`, the line and a caret) and,
    /// with `--json` or `--csv`, its record for stdout so that scripts see every line.
    fn bad(&self, place: &Place, bad: &BadLine) -> Outcome {
        let BadLine {
            line,
            message,
            span,
            column,
            input,
        } = *bad;
        let location = format!("{}:{}:{column}", escape_control(place.name), place.number);
        let mut text = format!("{location}: {}", escape_control(message));
        if !line.is_empty() {
            text.push('\n');
            text.push_str(&output::snippet(line, span));
        }
        let mut out = Vec::new();
        match self.common.format() {
            Format::Json => {
                let at = (self.file_field(place), Some(place.number));
                let record = super::error_record(at, input, message, column);
                out.extend_from_slice(record.as_bytes());
                out.push(b'\n');
            }
            Format::Csv => {
                let row = [
                    place.name.to_string(),
                    place.number.to_string(),
                    escape_control(input),
                    String::new(),
                    "error".to_string(),
                    String::new(),
                    String::new(),
                    String::new(),
                    String::new(),
                    escape_control(message),
                ];
                push_csv(&mut out, &row);
            }
            Format::Table => {}
        }
        Outcome {
            out,
            error: Some(text),
            counts: Counts::Bad,
        }
    }

    /// The JSON `file` field: the source's name when several sources are read (docs/json.md).
    fn file_field<'p>(&self, place: &Place<'p>) -> Option<&'p str> {
        self.several.then_some(place.name)
    }

    fn heading(&self, place: &Place) -> String {
        let text = if self.several {
            format!("{}, line {}", escape_control(place.name), place.number)
        } else {
            format!("Line {}", place.number)
        };
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
    /// Where in `line`.
    span: Span,
    /// The 1-based character column in the file's line.
    column: usize,
    /// The hand as given to the parser (the JSON and CSV `input`).
    input: &'a str,
}

/// Where a line is: the source's name and the 1-based line number.
struct Place<'a> {
    name: &'a str,
    number: usize,
}

/// The line without its trailing comment: `#` starts a comment at the start of the line or
/// after whitespace (the notation itself never uses `#`; a `#` stuck to a tile stays and is
/// reported as bad notation).
fn without_comment(line: &str) -> &str {
    let mut previous_is_space = true;
    for (at, c) in line.char_indices() {
        if c == '#' && previous_is_space {
            return line.get(..at).unwrap_or(line);
        }
        previous_is_space = c.is_whitespace();
    }
    line
}

/// The CSV columns, one row per scored outcome: a complete hand is one row; a waiting hand
/// one row per winning tile (`wait`), or one `no-wait` row when nothing completes it.
const CSV_HEADER: [&str; 10] = [
    "file", "line", "input", "wait", "verdict", "totals", "East", "South", "West", "error",
];

/// A scored line as its JSON form (docs/json.md, the documented contract) gives it, read
/// back for the CSV columns, so that they mean what the JSON fields mean.
#[derive(Deserialize)]
struct Scored {
    #[serde(default)]
    score: Option<ScoreFields>,
    #[serde(default)]
    waits: Option<Vec<WaitFields>>,
}

#[derive(Deserialize)]
struct WaitFields {
    tile: String,
    score: ScoreFields,
}

#[derive(Deserialize)]
struct ScoreFields {
    totals: IndexMap<String, Value>,
    verdict: VerdictFields,
    payments: PaymentFields,
}

#[derive(Deserialize)]
struct VerdictFields {
    kind: String,
}

#[derive(Deserialize)]
struct PaymentFields {
    seats: Vec<SeatFields>,
}

#[derive(Deserialize)]
struct SeatFields {
    seat: String,
    amount: Value,
}

/// The CSV rows of a scored line (see [`CSV_HEADER`]).
fn csv_rows(place: &Place, input: &str, scored: &Scored) -> Vec<Vec<String>> {
    let row = |wait: &str, score: Result<&ScoreFields, &str>| {
        let mut row = vec![
            place.name.to_string(),
            place.number.to_string(),
            escape_control(input),
            wait.to_string(),
        ];
        match score {
            Ok(score) => {
                row.push(score.verdict.kind.clone());
                row.push(totals_text(&score.totals));
                for seat in ["East", "South", "West"] {
                    let amount = score.payments.seats.iter().find(|s| s.seat == seat);
                    row.push(amount.map(|s| s.amount.to_string()).unwrap_or_default());
                }
            }
            Err(verdict) => {
                row.push(verdict.to_string());
                row.extend(std::iter::repeat_n(String::new(), 4));
            }
        }
        row.push(String::new());
        row
    };
    match (&scored.waits, &scored.score) {
        (Some(waits), _) if waits.is_empty() => vec![row("", Err("no-wait"))],
        (Some(waits), _) => waits
            .iter()
            .map(|wait| row(&wait.tile, Ok(&wait.score)))
            .collect(),
        (None, Some(score)) => vec![row("", Ok(score))],
        (None, None) => vec![row("", Err("no-winning-shape"))],
    }
}

/// The totals as `key=value` pairs in their JSON order (the system name and empty values
/// left out).
fn totals_text(totals: &IndexMap<String, Value>) -> String {
    totals
        .iter()
        .filter(|(key, value)| *key != "system" && !value.is_null())
        .map(|(key, value)| match value {
            Value::String(text) => format!("{key}={text}"),
            other => format!("{key}={other}"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Writes one CSV row (quoted where RFC 4180 needs it, by the `csv` crate).
fn write_csv<S: AsRef<[u8]>>(out: &mut impl Write, row: &[S]) -> io::Result<()> {
    let mut bytes = Vec::new();
    push_csv(&mut bytes, row);
    out.write_all(&bytes)
}

/// Appends one CSV row to `out` (writing to memory cannot fail).
fn push_csv<S: AsRef<[u8]>>(out: &mut Vec<u8>, row: &[S]) {
    let mut writer = csv::Writer::from_writer(out);
    writer
        .write_record(row)
        .and_then(|()| writer.flush().map_err(csv::Error::from))
        .unwrap_or_else(|e| unreachable!("a CSV row is written to memory: {e}"));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], cap: usize) -> Vec<Result<String, Next>> {
        let mut reader = LineReader::new(io::BufReader::with_capacity(4, input), cap, 8);
        let mut found = Vec::new();
        loop {
            match reader.next().expect("reads") {
                Next::End => return found,
                Next::Line => found.push(Ok(String::from_utf8_lossy(reader.line()).into())),
                Next::Endless => {
                    found.push(Err(Next::Endless));
                    return found;
                }
                other => found.push(Err(other)),
            }
        }
    }

    #[test]
    fn lf_crlf_and_lone_cr_each_end_a_line() {
        let found = lines(b"ab\r\ncd\ref\n\ngh", 100);
        let expected = ["ab", "cd", "ef", "", "gh"].map(|s| Ok(s.to_string()));
        assert_eq!(found, expected);
        assert_eq!(lines(b"a\r\r\nb\r", 100).len(), 3);
    }

    #[test]
    fn a_line_over_the_cap_is_one_bad_line_and_the_next_is_read() {
        let found = lines(b"123456789012\nok\n1234\n", 5);
        assert_eq!(
            found,
            [
                Err(Next::TooLong),
                Ok("ok".to_string()),
                Ok("1234".to_string())
            ]
        );
        assert_eq!(lines(b"123456", 5), [Err(Next::TooLong)]);
        assert_eq!(lines(b"12345", 5), [Ok("12345".to_string())]);
    }

    #[test]
    fn a_line_with_no_end_in_sight_stops_the_reading() {
        // Cap 5, then at most 8 bytes skipped: 20 bytes with no line end stop the input.
        assert_eq!(lines(&[0; 20], 5), [Err(Next::TooLong), Err(Next::Endless)]);
        // An end within the skip cap: the next line is read.
        let mut input = vec![0; 12];
        input.extend_from_slice(b"\nok\n");
        assert_eq!(lines(&input, 5), [Err(Next::TooLong), Ok("ok".to_string())]);
    }

    #[test]
    fn a_comment_starts_at_a_hash_after_whitespace() {
        assert_eq!(without_comment("123p # a note"), "123p ");
        assert_eq!(without_comment("# all comment"), "");
        assert_eq!(without_comment("123p#x"), "123p#x");
    }
}
