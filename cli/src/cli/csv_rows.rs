//! `batch --csv`: one row per scored outcome, its columns written from the typed evaluation,
//! each meaning what the JSON field of the same name means (docs/json.md). Every text cell is
//! escaped as an echoed line is, and neutralised where a spreadsheet would evaluate it; the
//! numbers stay numbers.

use std::fmt::Write as _;
use std::io::{self, Write};

use serde::Serialize;

use super::batch::Place;
use super::output::escape_control;
use mj3::escape::needs_escape;
use mj3::evaluate::Evaluation;
use mj3::results::{FuLine, Score, Totals};
use mj3::shanten::Unready;
use mj3::tile::Seat;

/// The CSV columns, one row per scored outcome: a complete hand is one row; a waiting hand
/// one row per winning tile (`wait`), or one `no-wait` row when nothing completes it. New
/// columns are only ever added at the end (README, "Batch", describes each).
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
fn text_cell(text: &str) -> String {
    let shown = match needs_escape(text) {
        true => escape_control(text),
        false => text.to_string(),
    };
    if shown.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{shown}")
    } else {
        shown
    }
}

/// The CSV row of a line that could not be scored: its input and what is wrong.
pub(super) fn error_row(place: &Place, input: &str, ruleset: &str, message: &str) -> Vec<String> {
    let mut row = vec![
        text_cell(place.name),
        place.number.to_string(),
        text_cell(input),
        String::new(),
        "error".to_string(),
    ];
    row.extend(std::iter::repeat_n(String::new(), 4));
    row.push(text_cell(message));
    row.push(text_cell(ruleset));
    row.push(place.tag.map(text_cell).unwrap_or_default());
    row.extend(std::iter::repeat_n(String::new(), SCORE_COLUMNS));
    row
}

/// The CSV rows of a scored line (see [`CSV_HEADER`]); a hand with no winning shape has
/// its analysis in `totals` (`shanten=2 useful=40`, or for 14 tiles the best discard's
/// `shanten=1 discard=9s useful=20`).
pub(super) fn csv_rows(
    place: &Place,
    input: &str,
    ruleset: &str,
    evaluation: &Evaluation,
    unready: Option<&Unready>,
) -> Vec<Vec<String>> {
    let row = |wait: &str, score: Result<&Score, &str>| {
        let mut row = Vec::with_capacity(CSV_HEADER.len());
        row.extend([
            text_cell(place.name),
            place.number.to_string(),
            text_cell(input),
            text_cell(wait),
        ]);
        let mut score_cells = vec![String::new(); SCORE_COLUMNS];
        match score {
            Ok(score) => {
                row.push(text_cell(&serde_name(&score.verdict)));
                row.push(text_cell(&totals_text(&score.totals)));
                for seat in Seat::ALL {
                    row.push(score.payments.amount(seat).to_string());
                }
                score_cells = score_cells_of(score);
            }
            Err(verdict) => {
                row.push(text_cell(verdict));
                row.push(unready.map(unready_text).unwrap_or_default());
                row.extend(std::iter::repeat_n(String::new(), 3));
            }
        }
        row.push(String::new());
        row.push(text_cell(ruleset));
        row.push(place.tag.map(text_cell).unwrap_or_default());
        row.extend(score_cells);
        row
    };
    match evaluation {
        Evaluation::Waiting { waits } if waits.is_empty() => vec![row("", Err("no-wait"))],
        Evaluation::Waiting { waits } => waits
            .iter()
            .map(|wait| row(&wait.tile, Ok(&wait.score)))
            .collect(),
        Evaluation::Complete { score: Some(score) } => vec![row("", Ok(score))],
        Evaluation::Complete { score: None } => vec![row("", Err("no-winning-shape"))],
    }
}

/// The name serde gives a value in JSON: a unit variant's (`mangan`, `half`), or an
/// internally tagged enum's tag (the verdict's `kind`, the totals' `system`).
fn serde_name(value: &impl Serialize) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(name)) => name,
        Ok(serde_json::Value::Object(fields)) => match fields.get("kind") {
            Some(serde_json::Value::String(name)) => name.clone(),
            _ => String::new(),
        },
        _ => String::new(),
    }
}

/// The `han`, `fu`, `points`, `limit`, `elements` and `stated` cells of a score: each
/// system's totals in the columns that fit them (README, "Batch"), the element keys, `*N`
/// after one that counts N times, and the value a win was stated by.
fn score_cells_of(score: &Score) -> Vec<String> {
    let none = String::new;
    let [han, fu, points, limit] = match &score.totals {
        Totals::HanFu(t) => [
            t.han.to_string(),
            t.fu.to_string(),
            t.base_points.to_string(),
            t.limit
                .map(|limit| text_cell(limit.name()))
                .unwrap_or_default(),
        ],
        Totals::HanTable(t) => [t.han.to_string(), none(), none(), text_cell(&t.row)],
        Totals::Fan(t) => [t.counted.to_string(), none(), t.points.to_string(), none()],
        // The final score the payments start from: the limit's points, or hand-points and
        // bonus-points added up.
        Totals::Points(t) => match t.limit {
            Some(limit) => [
                none(),
                none(),
                t.limit_points.to_string(),
                text_cell(&serde_name(&limit)),
            ],
            None => [
                none(),
                none(),
                t.hand_points.saturating_add(t.bonus_points).to_string(),
                none(),
            ],
        },
    };
    let mut elements = String::new();
    for element in &score.elements {
        if !elements.is_empty() {
            elements.push(';');
        }
        elements.push_str(&element.id);
        if element.count != 1 {
            elements.push('*');
            elements.push_str(&element.count.to_string());
        }
    }
    let stated = score.stated.as_deref().map(text_cell).unwrap_or_default();
    vec![han, fu, points, limit, text_cell(&elements), stated]
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

/// The totals as `key=value` pairs in their JSON order (docs/json.md; the system name and
/// empty values left out): numbers as they are, text unquoted, the fu lines as a JSON array.
fn totals_text(totals: &Totals) -> String {
    let mut text = String::new();
    let mut pair = |key: &str, value: &dyn std::fmt::Display| {
        let space = if text.is_empty() { "" } else { " " };
        let _ = write!(text, "{space}{key}={value}");
    };
    match totals {
        Totals::Points(t) => {
            pair("hand_points", &t.hand_points);
            pair("bonus_points", &t.bonus_points);
            pair("minimum", &t.minimum);
            if let Some(limit) = t.limit {
                pair("limit", &serde_name(&limit));
            }
            pair("limit_points", &t.limit_points);
        }
        Totals::Fan(t) => {
            pair("fan", &t.fan);
            pair("counted", &t.counted);
            pair("cap", &t.cap);
            pair("minimum", &t.minimum);
            pair("points", &t.points);
        }
        Totals::HanFu(t) => {
            pair("yaku_han", &t.yaku_han);
            pair("dora_han", &t.dora_han);
            pair("han", &t.han);
            pair("yakuman", &t.yakuman);
            pair("fu_lines", &fu_lines_json(&t.fu_lines));
            pair("fu", &t.fu);
            pair("base_points", &t.base_points);
            if let Some(limit) = t.limit {
                pair("limit", &limit.name());
            }
        }
        Totals::HanTable(t) => {
            pair("yaku_han", &t.yaku_han);
            pair("bonus_han", &t.bonus_han);
            pair("han", &t.han);
            pair("yakuman", &t.yakuman);
            pair("row", &t.row);
        }
    }
    text
}

/// The fu lines as the `totals` cell writes them: a JSON array of objects, keys in name order.
fn fu_lines_json(lines: &[FuLine]) -> String {
    let cells: Vec<FuLineCell> = lines
        .iter()
        .map(|line| FuLineCell {
            fu: line.fu,
            id: line.id,
            label: &line.label,
        })
        .collect();
    mj3::json::to_string(&cells).unwrap_or_else(|e| unreachable!("plain data serializes: {e}"))
}

/// Writes one CSV row (quoted where RFC 4180 needs it, by the `csv` crate).
pub(super) fn write_csv<S: AsRef<[u8]>>(out: &mut impl Write, row: &[S]) -> io::Result<()> {
    let mut bytes = Vec::new();
    push_csv(&mut bytes, &[row]);
    out.write_all(&bytes)
}

/// Appends CSV rows to `out` (writing to memory cannot fail).
pub(super) fn push_csv<S: AsRef<[u8]>>(out: &mut Vec<u8>, rows: &[impl AsRef<[S]>]) {
    // A row is a few hundred bytes: a small buffer, not the 8 KiB zeroed for every line.
    let mut writer = csv::WriterBuilder::new()
        .buffer_capacity(1024)
        .from_writer(out);
    rows.iter()
        .try_for_each(|row| writer.write_record(row.as_ref()))
        .and_then(|()| writer.flush().map_err(csv::Error::from))
        .unwrap_or_else(|e| unreachable!("a CSV row is written to memory: {e}"));
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

    #[test]
    fn the_totals_cell_is_the_json_totals_as_pairs_in_every_system() {
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
                    assert_eq!(
                        totals_text(&score.totals),
                        pairs_of_the_json(&score.totals),
                        "{name}: {line}"
                    );
                    compared += 1;
                    limits += usize::from(totals_text(&score.totals).contains("limit="));
                }
            }
        }
        assert!(compared > 700, "{compared} scores compared");
        assert!(limits > 10, "{limits} with a limit");
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
            ("123p456m999s EEE ww tsumo", "123p456m999s EEE ww tsumo"),
        ] {
            assert_eq!(text_cell(text), shown);
        }
    }
}
