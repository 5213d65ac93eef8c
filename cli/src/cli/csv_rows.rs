//! `batch --csv`: one row per scored outcome, its columns written from the typed evaluation,
//! each meaning what the JSON field of the same name means (docs/json.md). Every text read
//! from outside (a line, a file name, a tag, a ruleset's texts) is escaped as an echoed line
//! is, every text cell neutralised where a spreadsheet would evaluate it; the numbers stay
//! numbers.

use std::cell::RefCell;

use serde::{Serialize, Serializer};

use super::csv_field::Fields;
pub(super) use super::csv_field::write_csv;
use super::output::escape_control;
use mj3::diagnostic::LinePlace;
use mj3::escape::needs_escape;
use mj3::evaluate::Evaluation;
use mj3::results::{FuLine, Score, Totals};
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

/// The CSV rows of one line (see [`CSV_HEADER`]), written field by field ([`Fields`]) into
/// the line's output.
pub(super) struct Rows<'a> {
    out: &'a mut Vec<u8>,
    place: LinePlace<'a>,
    input: &'a str,
    ruleset: &'a str,
}

thread_local! {
    /// This thread's buffer for a cell being composed (the totals, the elements), kept from
    /// line to line so that a line allocates none.
    static COMPOSED: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// The cells of one line's rows, column by column.
struct Cells<'w, 'a> {
    fields: Fields<'w>,
    /// The buffer a cell is composed in.
    composed: &'w mut Vec<u8>,
    line: &'w Rows<'a>,
}

impl<'a> Rows<'a> {
    /// The rows of the line at `place`, whose hand is `input`, scored by `ruleset`.
    pub(super) fn new(
        out: &'a mut Vec<u8>,
        place: LinePlace<'a>,
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
            cells.fields.library_text(b"error");
            cells.fields.empty(4);
            cells.fields.outside_text(message);
            cells.tail();
            cells.fields.empty(SCORE_COLUMNS);
            cells.fields.end_row();
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

    /// Appends to the line's output the rows `rows` writes with this thread's buffer.
    fn write(self, rows: impl FnOnce(&mut Cells)) {
        let mut out = std::mem::take(self.out);
        COMPOSED.with_borrow_mut(|composed| {
            rows(&mut Cells {
                fields: Fields::new(&mut out, CSV_HEADER.len()),
                composed,
                line: &self,
            });
        });
        *self.out = out;
    }
}

impl Cells<'_, '_> {
    /// The row of one scored outcome.
    fn score(&mut self, wait: &str, score: &Score) {
        self.head(wait);
        self.fields.library_text(score.verdict.kind().as_bytes());
        self.compose(
            |text| totals_text(text, &score.totals),
            |fields, text| fields.library_text(text),
        );
        for seat in Seat::ALL {
            self.fields.number(score.payments.amount(seat));
        }
        self.fields.empty(1);
        self.tail();
        self.score_cells(score);
        self.fields.end_row();
    }

    /// The row of an outcome with no score: its verdict, and the analysis of a hand with no
    /// winning shape.
    fn unscored(&mut self, wait: &str, verdict: &str, unready: Option<&Unready>) {
        self.head(wait);
        self.fields.library_text(verdict.as_bytes());
        match unready {
            Some(unready) => self.fields.library_text(unready_text(unready).as_bytes()),
            None => self.fields.empty(1),
        }
        self.fields.empty(4);
        self.tail();
        self.fields.empty(SCORE_COLUMNS);
        self.fields.end_row();
    }

    /// `file`, `line`, `input` and `wait`.
    fn head(&mut self, wait: &str) {
        self.fields.outside_text(self.line.place.file);
        self.fields.number(self.line.place.line);
        self.fields.outside_text(self.line.input);
        self.fields.library_text(wait.as_bytes());
    }

    /// `ruleset` and `tag`.
    fn tail(&mut self) {
        self.fields.outside_text(self.line.ruleset);
        match self.line.place.tag {
            Some(tag) => self.fields.outside_text(tag),
            None => self.fields.empty(1),
        }
    }

    /// The `han`, `fu`, `points`, `limit`, `elements` and `stated` cells of a score: each
    /// system's totals in the columns that fit them (docs/guide.md, "Batch"), the element
    /// keys, `*N` after one that counts N times, and the value a win was stated by.
    fn score_cells(&mut self, score: &Score) {
        let fields = &mut self.fields;
        match &score.totals {
            Totals::HanFu(t) => {
                fields.number(t.han);
                fields.number(t.fu);
                fields.number(t.base_points);
                match t.limit {
                    Some(limit) => fields.library_text(limit.name().as_bytes()),
                    None => fields.empty(1),
                }
            }
            Totals::HanTable(t) => {
                fields.number(t.han);
                fields.empty(2);
                fields.outside_text(&t.row);
            }
            Totals::Fan(t) => {
                fields.number(t.counted);
                fields.empty(1);
                fields.number(t.points);
                fields.empty(1);
            }
            // The final score the payments start from: the limit's points, or hand-points and
            // bonus-points added up.
            Totals::Points(t) => {
                fields.empty(2);
                match t.limit {
                    Some(limit) => {
                        fields.number(t.limit_points);
                        fields.library_text(limit.key().as_bytes());
                    }
                    None => {
                        fields.number(t.hand_points.saturating_add(t.bonus_points));
                        fields.empty(1);
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
            |fields, text| fields.outside_text(text),
        );
        match score.stated.as_deref() {
            Some(stated) => self.fields.outside_text(stated),
            None => self.fields.empty(1),
        }
    }

    /// A cell composed by `write` into the buffer kept from cell to cell and line to line,
    /// then written by `field`: [`Fields::outside_text`] for text read from outside,
    /// [`Fields::library_text`] for the library's own (text read from outside that `write`
    /// puts in it escaped).
    fn compose(
        &mut self,
        write: impl FnOnce(&mut Vec<u8>),
        field: impl FnOnce(&mut Fields, &[u8]),
    ) {
        self.composed.clear();
        write(self.composed);
        field(&mut self.fields, self.composed);
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
                text.extend_from_slice(limit.key().as_bytes());
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

#[cfg(test)]
mod tests {
    use super::super::csv_field::text_cell;
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
                    // Written as the library's own text (`Fields::library_text`): nothing to escape.
                    assert!(!needs_escape(&text), "{name}: {line}");
                    assert_eq!(text, pairs_of_the_json(&score.totals), "{name}: {line}");
                    compared += 1;
                    limits += usize::from(text.contains("limit="));
                    let kind = kind_of_the_json(&score.verdict);
                    assert_eq!(score.verdict.kind(), kind, "{name}: {line}");
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
}
