//! Where a problem is and how to show it: byte [`Span`]s, the caret snippet printed under
//! an error, and the "did you mean" guess for a misspelt name. A leaf: it knows nothing of
//! tiles, hands or rulesets.

use serde::ser::SerializeStruct;

/// A byte range in the input line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
}

/// The longest line an error shows whole.
pub const SNIPPET_WIDTH: usize = 120;

/// Shows `line` with carets under `span`, indented two spaces, as error output does. A line
/// longer than [`SNIPPET_WIDTH`] characters is cut to a window around the span, marked `…`.
pub fn caret_snippet(line: &str, span: Span) -> String {
    let start = line.floor_char_boundary(span.start.min(line.len()));
    let end = line.ceil_char_boundary(span.end.clamp(start, line.len()));
    let column = line[..start].chars().count();
    let width = line[start..end].chars().count().max(1);
    let total = line.chars().count();
    if total <= SNIPPET_WIDTH {
        // A tab is shown as one space so that the caret stays under its column.
        let shown = line.replace('\t', " ");
        return format!("  {shown}\n  {}{}", " ".repeat(column), "^".repeat(width));
    }
    let from = column.saturating_sub(SNIPPET_WIDTH / 3);
    let to = (from + SNIPPET_WIDTH).min(total);
    let shown: String = line
        .chars()
        .skip(from)
        .take(to - from)
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let (before, after) = (
        if from > 0 { "…" } else { "" },
        if to < total { "…" } else { "" },
    );
    let width = width.min(to.saturating_sub(column)).max(1);
    format!(
        "  {before}{shown}{after}\n  {}{}",
        " ".repeat(column - from + before.chars().count()),
        "^".repeat(width)
    )
}

/// The 1-based character column of byte offset `at` in `line`.
pub fn column_of(line: &str, at: usize) -> usize {
    line[..line.floor_char_boundary(at.min(line.len()))]
        .chars()
        .count()
        + 1
}

/// The 1-based line and character column of byte offset `at` in the lines of `text`.
pub fn line_and_column(text: &str, at: usize) -> (usize, usize) {
    let before = text.get(..text.floor_char_boundary(at)).unwrap_or(text);
    let line_start = before.rfind('\n').map_or(0, |n| n + 1);
    let line = before.matches('\n').count() + 1;
    let column = before.get(line_start..).unwrap_or_default().chars().count() + 1;
    (line, column)
}

/// The fields every per-line JSON record starts with, in this order: `file`, `line` and `tag`
/// in a batch (absent for one line given alone) and the `input` as given.
#[derive(Debug, Clone, Copy)]
pub struct LineHead<'a> {
    /// The file the line is in, in `mj3 batch`.
    pub file: Option<&'a str>,
    /// The 1-based line number in `mj3 batch`.
    pub line: Option<usize>,
    /// The input line.
    pub input: &'a str,
    /// The line's trailing comment (`Some(None)`, written `null`, when it has none), in
    /// `mj3 batch`.
    pub tag: Option<Option<&'a str>>,
}

impl LineHead<'_> {
    /// How many fields [`LineHead::serialize_fields`] writes.
    pub fn field_count(&self) -> usize {
        1 + usize::from(self.file.is_some())
            + usize::from(self.line.is_some())
            + usize::from(self.tag.is_some())
    }

    /// Writes the head's fields into the record `to` is writing (a record that starts with
    /// them, without serde's `flatten`, which writes the record as a map).
    pub fn serialize_fields<S: SerializeStruct>(&self, to: &mut S) -> Result<(), S::Error> {
        if let Some(file) = self.file {
            to.serialize_field("file", file)?;
        }
        if let Some(line) = self.line {
            to.serialize_field("line", &line)?;
        }
        to.serialize_field("input", self.input)?;
        if let Some(tag) = self.tag {
            to.serialize_field("tag", &tag)?;
        }
        Ok(())
    }
}

impl serde::Serialize for LineHead<'_> {
    fn serialize<S: serde::Serializer>(&self, to: S) -> Result<S::Ok, S::Error> {
        let mut head = to.serialize_struct("LineHead", self.field_count())?;
        self.serialize_fields(&mut head)?;
        head.end()
    }
}

/// The JSON record of a line that could not be read: its [`LineHead`], `kind` (`error`),
/// `error.message` and `error.column`, in the order docs/json.md gives.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ErrorRecord<'a> {
    /// Where the line is and what it said.
    #[serde(flatten)]
    pub head: LineHead<'a>,
    /// Always `error`.
    pub kind: &'static str,
    /// What is wrong and where.
    pub error: ErrorDetail<'a>,
}

/// What is wrong with a line and where.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ErrorDetail<'a> {
    /// The message.
    pub message: &'a str,
    /// The 1-based character column where the problem starts.
    pub column: usize,
    /// The message as a table reads it, its sources apart (`--words` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub said: Option<&'a crate::results::Said>,
}

/// Where a line of a batch came from: its file, its 1-based number, and its trailing comment
/// once the line is read. The JSON record, the CSV row and the text report of the line all
/// say where it is from this; a line given alone has none (`Option<LinePlace>` is `None`).
#[derive(Debug, Clone, Copy)]
pub struct LinePlace<'a> {
    /// The file (or `-`) the line is in.
    pub file: &'a str,
    /// Its 1-based number.
    pub line: usize,
    /// Its trailing comment, if any.
    pub tag: Option<&'a str>,
}

impl<'a> LineHead<'a> {
    /// The head of the record of `input` at `place` (`None`: a line given alone).
    pub fn at(place: Option<LinePlace<'a>>, input: &'a str) -> Self {
        LineHead {
            file: place.map(|place| place.file),
            line: place.map(|place| place.line),
            input,
            tag: place.map(|place| place.tag),
        }
    }
}

impl<'a> ErrorRecord<'a> {
    /// The record of `input` at `place` (`None`: a line given alone): `message`, at the
    /// 1-based character `column`.
    pub fn new(
        place: Option<LinePlace<'a>>,
        input: &'a str,
        message: &'a str,
        column: usize,
    ) -> Self {
        ErrorRecord {
            head: LineHead::at(place, input),
            kind: "error",
            error: ErrorDetail {
                message,
                column,
                said: None,
            },
        }
    }

    /// With the message as a table reads it (`--words`).
    pub fn said(self, said: Option<&'a crate::results::Said>) -> Self {
        ErrorRecord {
            error: ErrorDetail { said, ..self.error },
            ..self
        }
    }
}

/// The [`ErrorRecord`] of `input` at `place` as JSON.
pub fn error_record(
    place: Option<LinePlace<'_>>,
    input: &str,
    message: &str,
    column: usize,
) -> String {
    let record = ErrorRecord::new(place, input, message, column);
    crate::json::to_string(&record).unwrap_or_else(|e| unreachable!("plain data serializes: {e}"))
}

/// The name among `known` that `written` most likely misspells (ignoring case): the one at
/// the smallest Levenshtein distance, at most 2 and under half the name's length, the
/// alphabetically first on a tie. `None` when nothing is that close.
pub fn nearest_name<'k>(
    written: &str,
    known: impl IntoIterator<Item = &'k str>,
) -> Option<&'k str> {
    let lower = written.to_ascii_lowercase();
    known
        .into_iter()
        .map(|name| (strsim::levenshtein(&lower, name), name))
        .min()
        .filter(|&(distance, name)| distance <= 2 && distance < name.len() / 2 + 1)
        .map(|(_, name)| name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_lines_and_characters_from_one() {
        assert_eq!(line_and_column("", 0), (1, 1));
        assert_eq!(line_and_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_and_column("é\nñx", 5), (2, 2));
        // Inside a character: its start; past the end: the end.
        assert_eq!(line_and_column("é", 1), (1, 1));
        assert_eq!(line_and_column("ab", 99), (1, 3));
    }

    #[test]
    fn caret_sits_under_the_column() {
        assert_eq!(
            caret_snippet("123x456p", Span::new(3, 4)),
            "  123x456p\n     ^"
        );
    }

    #[test]
    fn a_tab_is_shown_as_a_space_to_keep_the_caret_aligned() {
        assert_eq!(
            caret_snippet("123p\t4x", Span::new(6, 7)),
            "  123p 4x\n        ^"
        );
    }

    #[test]
    fn a_very_long_line_is_shown_around_the_problem() {
        let line = format!("{}x{}", "1p".repeat(500), "9s".repeat(500));
        let snippet = caret_snippet(&line, Span::new(1000, 1001));
        let (text, carets) = snippet.split_once('\n').expect("two lines");
        assert!(text.chars().count() < 130, "{text}");
        assert!(text.starts_with("  …1p") && text.ends_with('…'), "{text}");
        let column = carets.find('^').expect("a caret");
        assert_eq!(text.chars().nth(column), Some('x'), "{snippet}");
        let whole = caret_snippet(&line, Span::new(0, line.len()));
        assert!(whole.lines().all(|l| l.chars().count() < 130), "{whole}");
    }

    #[test]
    fn the_nearest_name_is_close_and_ties_go_to_the_first_alphabetically() {
        let known = ["draws", "dora", "seat", "sticks"];
        assert_eq!(nearest_name("draw", known), Some("draws"));
        assert_eq!(nearest_name("Seat", known), Some("seat"));
        assert_eq!(nearest_name("dorx", known), Some("dora"));
        assert_eq!(nearest_name("xyz", known), None);
        assert_eq!(nearest_name("sa", ["sb", "sc"]), Some("sb"));
        // Two edits in a two-letter name are too many to be a slip.
        assert_eq!(nearest_name("ab", ["xy"]), None);
    }
}
