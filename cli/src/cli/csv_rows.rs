//! `batch --csv`: one row per scored outcome, its columns written from the typed evaluation,
//! each meaning what the JSON field of the same name means (docs/json.md). Every text read
//! from outside (a line, a file name, a tag, a ruleset's texts) is escaped as an echoed line
//! is, every text cell neutralised where a spreadsheet would evaluate it; the numbers stay
//! numbers.

use std::borrow::Cow;
use std::cell::RefCell;
use std::io::{self, Write};
use std::mem::Discriminant;

use serde::{Serialize, Serializer};

use super::batch::Place;
use super::output::escape_control;
use mj3::escape::{every_byte, needs_escape, printable_ascii, printable_byte};
use mj3::evaluate::Evaluation;
use mj3::results::{FuLine, Score, Totals, Verdict};
use mj3::shanten::Unready;
use mj3::tile::Seat;

/// The CSV columns, one row per scored outcome: a complete hand is one row; a waiting hand
/// one row per winning tile (`wait`), or one `no-wait` row when nothing completes it. New
/// columns are only ever added at the end (docs/guide.md, "Batch", describes each).
pub(super) const CSV_HEADER: [&str; 18] = [
    "file", "line", "input", "wait", "verdict", "totals", "East", "South", "West", "error",
    "ruleset", "tag", "han", "fu", "points", "limit", "elements", "stated",
];

/// The columns after `error` that a row without a score leaves empty: `han` to `stated`.
const SCORE_COLUMNS: usize = 6;

/// A text cell: escaped as an echoed line is, and, when it starts with a character that
/// makes a spreadsheet read it as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return),
/// led by a single quote, which the spreadsheet takes as "text" (OWASP's CSV injection
/// advice). Numbers are written as they are, not through this.
/// The cell is text (UTF-8), given as bytes so that a cell composed in a byte buffer is not
/// read back as text to be checked: printable ASCII, nearly every cell, needs no escape.
fn text_cell(text: &[u8]) -> Cow<'_, [u8]> {
    let shown = match printable_ascii(text) {
        true => Cow::Borrowed(text),
        // Every cell is text: read lossily only so as to have it as text.
        false => match String::from_utf8_lossy(text) {
            read if needs_escape(&read) => Cow::Owned(escape_control(&read).into_bytes()),
            _ => Cow::Borrowed(text),
        },
    };
    match formula_lead(&shown) {
        true => Cow::Owned([b"'", &*shown].concat()),
        false => shown,
    }
}

/// Whether a spreadsheet would read a cell starting as `cell` does as a formula.
fn formula_lead(cell: &[u8]) -> bool {
    matches!(
        cell.first(),
        Some(b'=' | b'+' | b'-' | b'@' | b'\t' | b'\r')
    )
}

/// The CSV rows of one line (see [`CSV_HEADER`]), written cell by cell ([`push_field`]) into
/// the line's output.
pub(super) struct Rows<'a> {
    out: &'a mut Vec<u8>,
    place: Place<'a>,
    input: &'a str,
    ruleset: &'a str,
}

thread_local! {
    /// This thread's buffers, kept from line to line so that a line allocates none.
    static WRITER: RefCell<RowWriter> = const {
        RefCell::new(RowWriter {
            composed: Vec::new(),
            verdict_names: Vec::new(),
        })
    };
}

/// The cell being composed (the totals, the elements) and the name of each kind of verdict
/// met so far.
struct RowWriter {
    composed: Vec<u8>,
    verdict_names: Vec<(Discriminant<Verdict>, Vec<u8>)>,
}

/// The cells of one line's rows, appended to its output.
struct Cells<'w, 'a> {
    writer: &'w mut RowWriter,
    out: &'w mut Vec<u8>,
    line: &'w Rows<'a>,
    /// No cell of the row is written yet.
    row_start: bool,
}

impl<'a> Rows<'a> {
    /// The rows of the line at `place`, whose hand is `input`, scored by `ruleset`.
    pub(super) fn new(
        out: &'a mut Vec<u8>,
        place: Place<'a>,
        input: &'a str,
        ruleset: &'a str,
    ) -> Self {
        Rows {
            out,
            place,
            input,
            ruleset,
        }
    }

    /// The row of a line that could not be scored: its input and what is wrong.
    pub(super) fn error(self, message: &str) {
        self.write(|cells| {
            cells.head("");
            cells.text("error");
            cells.empty(4);
            cells.text(message);
            cells.tail();
            cells.empty(SCORE_COLUMNS);
            cells.end_row();
        });
    }

    /// The rows of a scored line; a hand with no winning shape has its analysis in `totals`
    /// (`shanten=2 useful=40`, or for 14 tiles the best discard's
    /// `shanten=1 discard=9s useful=20`).
    pub(super) fn scored(self, evaluation: &Evaluation, unready: Option<&Unready>) {
        self.write(|cells| match evaluation {
            Evaluation::Waiting { waits } if waits.is_empty() => {
                cells.unscored("", "no-wait", unready)
            }
            Evaluation::Waiting { waits } => {
                for wait in waits {
                    cells.score(&wait.tile, &wait.score);
                }
            }
            Evaluation::Complete { score: Some(score) } => cells.score("", score),
            Evaluation::Complete { score: None } => cells.unscored("", "no-winning-shape", unready),
        });
    }

    /// Appends to the line's output the rows `rows` writes with this thread's buffers.
    fn write(self, rows: impl FnOnce(&mut Cells)) {
        let mut out = std::mem::take(self.out);
        WRITER.with_borrow_mut(|writer| {
            rows(&mut Cells {
                writer,
                out: &mut out,
                line: &self,
                row_start: true,
            });
        });
        *self.out = out;
    }
}

impl Cells<'_, '_> {
    /// The row of one scored outcome.
    fn score(&mut self, wait: &str, score: &Score) {
        self.head(wait);
        self.verdict(&score.verdict);
        self.compose(|text| totals_text(text, &score.totals), Self::own_text);
        for seat in Seat::ALL {
            self.number(score.payments.amount(seat));
        }
        self.empty(1);
        self.tail();
        self.score_cells(score);
        self.end_row();
    }

    /// The row of an outcome with no score: its verdict, and the analysis of a hand with no
    /// winning shape.
    fn unscored(&mut self, wait: &str, verdict: &str, unready: Option<&Unready>) {
        self.head(wait);
        self.text(verdict);
        match unready {
            Some(unready) => {
                let analysis = unready_text(unready);
                self.field(&analysis);
            }
            None => self.empty(1),
        }
        self.empty(4);
        self.tail();
        self.empty(SCORE_COLUMNS);
        self.end_row();
    }

    /// The `verdict` cell: the verdict's kind, its name read once for each kind (from its
    /// JSON text, see [`push_serde_name`]).
    fn verdict(&mut self, verdict: &Verdict) {
        let kind = std::mem::discriminant(verdict);
        let mut names = std::mem::take(&mut self.writer.verdict_names);
        let at = match names.iter().position(|(known, _)| *known == kind) {
            Some(at) => at,
            None => {
                let mut name = Vec::new();
                push_serde_name(&mut name, verdict);
                names.push((kind, name));
                names.len() - 1
            }
        };
        // A kebab-case name, the library's own text.
        self.own_text(&names[at].1);
        self.writer.verdict_names = names;
    }

    /// `file`, `line`, `input` and `wait`.
    fn head(&mut self, wait: &str) {
        self.text(self.line.place.name);
        self.number(self.line.place.number);
        self.text(self.line.input);
        self.text(wait);
    }

    /// `ruleset` and `tag`.
    fn tail(&mut self) {
        self.text(self.line.ruleset);
        match self.line.place.tag {
            Some(tag) => self.text(tag),
            None => self.empty(1),
        }
    }

    /// The `han`, `fu`, `points`, `limit`, `elements` and `stated` cells of a score: each
    /// system's totals in the columns that fit them (docs/guide.md, "Batch"), the element keys, `*N`
    /// after one that counts N times, and the value a win was stated by.
    fn score_cells(&mut self, score: &Score) {
        match &score.totals {
            Totals::HanFu(t) => {
                self.number(t.han);
                self.number(t.fu);
                self.number(t.base_points);
                match t.limit {
                    Some(limit) => self.text(limit.name()),
                    None => self.empty(1),
                }
            }
            Totals::HanTable(t) => {
                self.number(t.han);
                self.empty(2);
                self.text(&t.row);
            }
            Totals::Fan(t) => {
                self.number(t.counted);
                self.empty(1);
                self.number(t.points);
                self.empty(1);
            }
            // The final score the payments start from: the limit's points, or hand-points and
            // bonus-points added up.
            Totals::Points(t) => {
                self.empty(2);
                match t.limit {
                    Some(limit) => {
                        self.number(t.limit_points);
                        self.compose(|text| push_serde_name(text, &limit), Self::own_text);
                    }
                    None => {
                        self.number(t.hand_points.saturating_add(t.bonus_points));
                        self.empty(1);
                    }
                }
            }
        }
        // The element keys are read from the ruleset: a house file's may need escaping.
        self.compose(
            |text| {
                for element in &score.elements {
                    if !text.is_empty() {
                        text.push(b';');
                    }
                    text.extend_from_slice(element.id.as_bytes());
                    if element.count != 1 {
                        text.push(b'*');
                        text.extend_from_slice(
                            itoa::Buffer::new().format(element.count).as_bytes(),
                        );
                    }
                }
            },
            |cells, text| cells.text(text),
        );
        match score.stated.as_deref() {
            Some(stated) => self.text(stated),
            None => self.empty(1),
        }
    }

    /// A cell composed by `write` into a buffer kept from cell to cell and line to line, then
    /// written by `cell`: [`Cells::text`] for text read from outside, [`Cells::own_text`]
    /// for the library's own (text read from outside that `write` puts in it escaped).
    fn compose(&mut self, write: impl FnOnce(&mut Vec<u8>), cell: impl FnOnce(&mut Self, &[u8])) {
        let mut text = std::mem::take(&mut self.writer.composed);
        text.clear();
        write(&mut text);
        cell(self, &text);
        self.writer.composed = text;
    }

    /// A text cell of the library's own text, which has nothing to escape (numbers, and keys,
    /// names and labels fixed in the code; a fu line's label holds tiles as the library
    /// writes them): only led by a quote where a spreadsheet would read it as a formula (see
    /// [`text_cell`]).
    fn own_text(&mut self, text: &[u8]) {
        match formula_lead(text) {
            true => self.text(text),
            false => self.field(text),
        }
    }

    /// A text cell (see [`text_cell`]); one that is already plain (nearly every cell) is
    /// copied after a single test of its bytes.
    fn text(&mut self, text: impl AsRef<[u8]>) {
        let text = text.as_ref();
        if plain_cell(text) && !formula_lead(text) {
            self.separate();
            self.out.extend_from_slice(text);
            return;
        }
        let cell = text_cell(text);
        self.field(&cell);
    }

    /// A number cell: digits and a sign, nothing to quote.
    fn number(&mut self, number: impl itoa::Integer) {
        self.separate();
        self.out
            .extend_from_slice(itoa::Buffer::new().format(number).as_bytes());
    }

    /// `count` empty cells.
    fn empty(&mut self, count: usize) {
        for _ in 0..count {
            self.separate();
        }
    }

    /// A cell as it is (see [`push_field`]).
    fn field(&mut self, cell: impl AsRef<[u8]>) {
        self.separate();
        push_field(self.out, cell.as_ref());
    }

    /// The comma before a cell, unless it is the row's first.
    fn separate(&mut self) {
        if !std::mem::replace(&mut self.row_start, false) {
            self.out.push(b',');
        }
    }

    fn end_row(&mut self) {
        self.out.push(b'\n');
        self.row_start = true;
    }
}

/// Appends the name serde gives `value` in JSON: a unit variant's (`half`), or an internally
/// tagged enum's tag (the verdict's `kind`). It is read from the value's JSON text, which is
/// the quoted name, or an object whose first key is the tag (serde writes the tag first);
/// the names are kebab-case words, with nothing to escape.
fn push_serde_name(text: &mut Vec<u8>, value: &impl Serialize) {
    let start = text.len();
    push_json(text, value);
    let json = &text[start..];
    let name = json
        .strip_prefix(b"{\"kind\":\"")
        .or_else(|| json.strip_prefix(b"\""))
        .and_then(|rest| {
            Some((
                json.len() - rest.len(),
                rest.iter().position(|&b| b == b'"')?,
            ))
        });
    match name {
        Some((at, len)) => {
            text.truncate(start + at + len);
            text.drain(start..start + at);
        }
        None => text.truncate(start),
    }
}

/// The analysis of a hand with no winning shape as `key=value` pairs.
fn unready_text(unready: &Unready) -> String {
    let shanten = |s: Option<i8>| s.map_or_else(|| "none".to_string(), |s| s.to_string());
    match unready.discards.first() {
        Some(best) => format!(
            "shanten={} discard={} useful={}",
            shanten(best.shanten),
            best.tile,
            best.useful_count
        ),
        None => format!(
            "shanten={} useful={}",
            shanten(unready.shanten),
            unready.useful_count
        ),
    }
}

/// A fu line as the `totals` cell writes it: a JSON object with its keys in name order.
#[derive(Serialize)]
struct FuLineCell<'a> {
    fu: u32,
    id: &'a str,
    label: &'a str,
}

/// The fu lines as the `totals` cell writes them: a JSON array of [`FuLineCell`]s.
struct FuLineCells<'a>(&'a [FuLine]);

impl Serialize for FuLineCells<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|line| FuLineCell {
            fu: line.fu,
            id: line.id,
            label: &line.label,
        }))
    }
}

/// Appends the totals to `text` as `key=value` pairs in their JSON order (docs/json.md; the
/// system name and empty values left out): numbers as they are, text unquoted, the fu lines
/// as a JSON array. The one text read from outside, a han table's row name, is escaped as
/// an echoed line is.
fn totals_text(text: &mut Vec<u8>, totals: &Totals) {
    let start = text.len();
    match totals {
        Totals::Points(t) => {
            push_number(text, start, "hand_points", t.hand_points);
            push_number(text, start, "bonus_points", t.bonus_points);
            push_number(text, start, "minimum", t.minimum);
            if let Some(limit) = t.limit {
                push_key(text, start, "limit");
                push_serde_name(text, &limit);
            }
            push_number(text, start, "limit_points", t.limit_points);
        }
        Totals::Fan(t) => {
            push_number(text, start, "fan", t.fan);
            push_number(text, start, "counted", t.counted);
            push_number(text, start, "cap", t.cap);
            push_number(text, start, "minimum", t.minimum);
            push_number(text, start, "points", t.points);
        }
        Totals::HanFu(t) => {
            push_number(text, start, "yaku_han", t.yaku_han);
            push_number(text, start, "dora_han", t.dora_han);
            push_number(text, start, "han", t.han);
            push_number(text, start, "yakuman", t.yakuman);
            push_key(text, start, "fu_lines");
            push_json(text, &FuLineCells(&t.fu_lines));
            push_number(text, start, "fu", t.fu);
            push_number(text, start, "base_points", t.base_points);
            if let Some(limit) = t.limit {
                push_key(text, start, "limit");
                text.extend_from_slice(limit.name().as_bytes());
            }
        }
        Totals::HanTable(t) => {
            push_number(text, start, "yaku_han", t.yaku_han);
            push_number(text, start, "bonus_han", t.bonus_han);
            push_number(text, start, "han", t.han);
            push_number(text, start, "yakuman", t.yakuman);
            push_key(text, start, "row");
            match needs_escape(&t.row) {
                true => text.extend_from_slice(escape_control(&t.row).as_bytes()),
                false => text.extend_from_slice(t.row.as_bytes()),
            }
        }
    }
}

/// Appends `key=` to the pairs written from `start`, after a space unless it is the first.
// Inlined, so that the key's length is known where it is copied.
#[inline(always)]
fn push_key(text: &mut Vec<u8>, start: usize, key: &str) {
    if text.len() > start {
        text.push(b' ');
    }
    text.extend_from_slice(key.as_bytes());
    text.push(b'=');
}

/// Appends the pair `key=value` (see [`push_key`]).
#[inline(always)]
fn push_number(text: &mut Vec<u8>, start: usize, key: &str, value: u32) {
    push_key(text, start, key);
    text.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
}

/// Appends `value`'s JSON text to `text`.
fn push_json(text: &mut Vec<u8>, value: &impl Serialize) {
    mj3::json::to_vec(text, value).unwrap_or_else(|e| unreachable!("plain data serializes: {e}"));
}

/// Writes one CSV row (see [`push_field`]).
pub(super) fn write_csv<S: AsRef<[u8]>>(out: &mut impl Write, row: &[S]) -> io::Result<()> {
    let mut text = Vec::new();
    for (i, cell) in row.iter().enumerate() {
        if i > 0 {
            text.push(b',');
        }
        push_field(&mut text, cell.as_ref());
    }
    text.push(b'\n');
    out.write_all(&text)
}

/// Appends `cell` as one CSV field, as RFC 4180 writes it: in double quotes, each quote
/// doubled, when it holds a comma, a quote, a carriage return or a line feed; as it is
/// otherwise. Byte for byte what the `csv` crate's writer makes of it (tested so).
fn push_field(out: &mut Vec<u8>, cell: &[u8]) {
    if !needs_quotes(cell) {
        out.extend_from_slice(cell);
        return;
    }
    out.push(b'"');
    for part in cell.split_inclusive(|&byte| byte == b'"') {
        out.extend_from_slice(part);
        if part.ends_with(b"\"") {
            out.push(b'"');
        }
    }
    out.push(b'"');
}

/// Whether `cell` is printable ASCII or tabs with no comma and no quote: a text cell that
/// neither [`text_cell`] nor [`push_field`] would change (one test instead of their two).
fn plain_cell(cell: &[u8]) -> bool {
    every_byte(cell, |byte| {
        printable_byte(byte) & (byte != b',') & (byte != b'"')
    })
}

/// Whether `cell` holds a comma, a quote, a carriage return or a line feed.
fn needs_quotes(cell: &[u8]) -> bool {
    // Each special byte compared on its own (`matches!` would make a bit test, which the
    // compiler does not vectorise).
    !every_byte(cell, |byte| {
        (byte != b',') & (byte != b'"') & (byte != b'\r') & (byte != b'\n')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The totals as the documented `key=value` pairs of their JSON form, read back from the
    /// JSON text (which keeps the order of the keys).
    fn pairs_of_the_json(totals: &Totals) -> String {
        use serde_json::Value;
        let json = mj3::json::to_string(totals).expect("totals serialize");
        let fields: indexmap::IndexMap<String, Value> =
            serde_json::from_str(&json).expect("totals read back");
        fields
            .iter()
            .filter(|(key, value)| *key != "system" && !value.is_null())
            .map(|(key, value)| match value {
                Value::String(text) => format!("{key}={text}"),
                other => format!("{key}={other}"),
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The verdict's `kind` in its JSON form.
    fn kind_of_the_json(verdict: &mj3::results::Verdict) -> String {
        let json = serde_json::to_value(verdict).expect("a verdict serializes");
        json["kind"]
            .as_str()
            .expect("a verdict has a kind")
            .to_string()
    }

    #[test]
    fn the_totals_and_verdict_cells_are_their_json_in_every_system() {
        let sanma = include_str!("../../../perf/hands/sanma-2000.txt");
        let riichi: Vec<&str> = sanma.lines().take(400).collect();
        let cases: [(&str, &[&str]); 5] = [
            ("sanma", &riichi),
            ("sanma-honshu", &riichi),
            (
                "korean",
                &["123p456m999s EEE ww tsumo", "111999p111999s EE tsumo"],
            ),
            ("korean-lite", &["[www] [ggg] 123p 789p 99s ron=S"]),
            (
                "malaysian",
                &["123p456p789p EEE 99p tsumo", "123456p EEEE ww J r"],
            ),
        ];
        let mut compared = 0;
        let mut limits = 0;
        let mut kinds = std::collections::BTreeSet::new();
        for (name, lines) in cases {
            let rules = mj3::rules::load(name).expect("a shipped ruleset loads");
            for line in lines {
                let Ok((_, evaluation)) = mj3::score_line(line, &rules) else {
                    continue;
                };
                let scores: Vec<&Score> = match &evaluation {
                    Evaluation::Complete { score } => score.iter().collect(),
                    Evaluation::Waiting { waits } => waits.iter().map(|w| &w.score).collect(),
                };
                for score in scores {
                    let mut text = Vec::new();
                    totals_text(&mut text, &score.totals);
                    let text = String::from_utf8(text).expect("the totals are text");
                    // Written as the library's own text (`Cells::own_text`): nothing to escape.
                    assert!(!needs_escape(&text), "{name}: {line}");
                    assert_eq!(text, pairs_of_the_json(&score.totals), "{name}: {line}");
                    compared += 1;
                    limits += usize::from(text.contains("limit="));
                    let mut verdict = b"before ".to_vec();
                    push_serde_name(&mut verdict, &score.verdict);
                    let verdict = String::from_utf8(verdict).expect("a verdict is text");
                    assert!(!needs_escape(&verdict), "{name}: {line}");
                    let kind = kind_of_the_json(&score.verdict);
                    assert_eq!(verdict, format!("before {kind}"), "{name}: {line}");
                    kinds.insert(kind);
                }
            }
        }
        assert!(compared > 700, "{compared} scores compared");
        assert!(limits > 10, "{limits} with a limit");
        assert!(kinds.len() >= 4, "verdicts {kinds:?}");
    }

    #[test]
    fn a_han_table_row_read_from_outside_is_escaped_in_the_totals() {
        let totals = |row: &str| {
            let mut text = Vec::new();
            totals_text(
                &mut text,
                &Totals::HanTable(Box::new(mj3::results::HanTableTotals {
                    yaku_han: 5,
                    bonus_han: 0,
                    han: 5,
                    yakuman: 0,
                    row: row.to_string(),
                })),
            );
            String::from_utf8(text).expect("the totals are text")
        };
        let prefix = "yaku_han=5 bonus_han=0 han=5 yakuman=0 row=";
        assert_eq!(
            totals("mangan\u{1b}]0;x\u{7}\u{202e}"),
            format!("{prefix}mangan\\x1b]0;x\\x07\\u{{202e}}")
        );
        // The same cell as a check of the whole cell writes.
        let raw = format!("{prefix}mangan\u{1b}[2J");
        assert_eq!(
            totals("mangan\u{1b}[2J").as_bytes(),
            &*text_cell(raw.as_bytes())
        );
        // Near misses: a row with nothing to escape is kept.
        assert_eq!(totals("mangan 満貫\t"), format!("{prefix}mangan 満貫\t"));
    }

    /// A row as the `csv` crate's writer writes it.
    fn by_the_csv_crate(row: &[Vec<u8>]) -> Vec<u8> {
        let mut writer = csv::Writer::from_writer(Vec::new());
        writer.write_record(row).expect("written to memory");
        writer.into_inner().expect("flushed")
    }

    fn ours(row: &[Vec<u8>]) -> Vec<u8> {
        let mut out = Vec::new();
        write_csv(&mut out, row).expect("written to memory");
        out
    }

    #[test]
    fn rows_are_quoted_as_the_csv_crate_quotes_them() {
        let row = |cells: &[&str]| {
            cells
                .iter()
                .map(|c| c.as_bytes().to_vec())
                .collect::<Vec<_>>()
        };
        for cells in [
            row(&[
                "plain",
                "with space",
                "",
                "a,b",
                "say \"hi\"",
                "two\nlines",
                "cr\r",
                "\"",
            ]),
            row(&[
                "a 16-byte block,",
                "sixteen bytes ok",
                "x".repeat(40).as_str(),
            ]),
            row(&[&CSV_HEADER.join(" ")]),
        ] {
            assert_eq!(ours(&cells), by_the_csv_crate(&cells));
        }
        // Near misses: what needs no quotes is not quoted, what needs them is.
        assert_eq!(ours(&row(&["a;b", "tab\there"])), b"a;b,tab\there\n");
        assert_eq!(ours(&row(&["a,b"])), b"\"a,b\"\n");
    }

    proptest::proptest! {
        #[test]
        fn any_row_is_written_as_the_csv_crate_writes_it(
            cells in proptest::collection::vec(
                proptest::collection::vec(
                    proptest::prop_oneof![
                        proptest::prelude::any::<u8>(),
                        proptest::sample::select(b",\"\r\n a".to_vec()),
                    ],
                    0..40,
                ),
                2..6,
            )
        ) {
            proptest::prop_assert_eq!(ours(&cells), by_the_csv_crate(&cells));
        }
    }

    /// A text cell as [`Cells::text`] writes it, after a first cell.
    fn text_cell_written(text: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut line_out = Vec::new();
        let place = Place {
            name: "",
            number: 1,
            tag: None,
        };
        let line = Rows::new(&mut line_out, place, "", "");
        let mut writer = RowWriter {
            composed: Vec::new(),
            verdict_names: Vec::new(),
        };
        let mut cells = Cells {
            writer: &mut writer,
            out: &mut out,
            line: &line,
            row_start: false,
        };
        cells.text(text);
        out
    }

    /// The same cell through the full check: escaped, led by a quote, then quoted.
    fn text_cell_checked(text: &[u8]) -> Vec<u8> {
        let mut out = b",".to_vec();
        push_field(&mut out, &text_cell(text));
        out
    }

    #[test]
    fn a_plain_cell_is_copied_as_the_full_check_would_write_it() {
        for text in [
            &b"111123789p789srr win=7p ron seat=W round=E"[..],
            b"/work/hands/sanma 2000.txt",
            b"tab\there and sixteen more bytes",
            b"",
        ] {
            assert!(plain_cell(text), "{text:?}");
            assert_eq!(text_cell_written(text), [b",", text].concat());
        }
        // Near misses, one in the last block and one in a whole block: each is not plain.
        for text in [
            &b"a,b"[..],
            b"say \"hi\"",
            b"sixteen bytes ok,",
            b"two\nlines",
            b"\x7f",
            "東".as_bytes(),
            b"=1",
        ] {
            assert!(!plain_cell(text) || formula_lead(text), "{text:?}");
            assert_eq!(text_cell_written(text), text_cell_checked(text));
        }
    }

    proptest::proptest! {
        #[test]
        fn any_text_cell_is_written_as_the_full_check_writes_it(
            text in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::prelude::any::<u8>(),
                    proptest::sample::select(b",\"\r\n\t=+ a~".to_vec()),
                ],
                0..50,
            )
        ) {
            proptest::prop_assert_eq!(text_cell_written(&text), text_cell_checked(&text));
        }
    }

    #[test]
    fn a_cell_a_spreadsheet_would_evaluate_is_led_by_a_quote() {
        for (text, shown) in [
            ("=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"),
            ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
            ("-2+3", "'-2+3"),
            ("@SUM(1+1)", "'@SUM(1+1)"),
            ("\t=1", "'\t=1"),
            ("\r=1", "\\x0d=1"),
            ("a\u{1b}[31m", "a\\x1b[31m"),
            ("東 \u{202e}x", "東 \\u{202e}x"),
            ("東南西", "東南西"),
            ("-東", "'-東"),
            ("123p456m999s EEE ww tsumo", "123p456m999s EEE ww tsumo"),
        ] {
            assert_eq!(*text_cell(text.as_bytes()), *shown.as_bytes());
        }
    }
}
