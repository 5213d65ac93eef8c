//! `batch --csv`: one row per scored outcome, its columns read back from the documented JSON
//! form of the line. Every text cell is escaped as an echoed line is, and neutralised where a
//! spreadsheet would evaluate it; the numbers stay numbers.

use std::io::{self, Write};

use indexmap::IndexMap;
use serde::Deserialize;
use serde_json::Value;

use super::batch::Place;
use super::output::escape_control;
use mj3::shanten::Unready;

/// The CSV columns, one row per scored outcome: a complete hand is one row; a waiting hand
/// one row per winning tile (`wait`), or one `no-wait` row when nothing completes it. New
/// columns are only ever added at the end (README, "Batch", describes each).
pub(super) const CSV_HEADER: [&str; 18] = [
    "file", "line", "input", "wait", "verdict", "totals", "East", "South", "West", "error",
    "ruleset", "tag", "han", "fu", "points", "limit", "elements", "stated",
];

/// The columns after `error` that a row without a score leaves empty: `han` to `stated`.
const SCORE_COLUMNS: usize = 6;

/// A scored line as its JSON form (docs/json.md, the documented contract) gives it, read
/// back for the CSV columns, so that they mean what the JSON fields mean.
#[derive(Deserialize)]
pub(super) struct Scored {
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
    elements: Vec<ElementFields>,
    totals: IndexMap<String, Value>,
    verdict: VerdictFields,
    payments: PaymentFields,
    #[serde(default)]
    stated: Option<String>,
}

#[derive(Deserialize)]
struct ElementFields {
    id: String,
    count: u64,
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

/// A text cell: escaped as an echoed line is, and, when it starts with a character that
/// makes a spreadsheet read it as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return),
/// led by a single quote, which the spreadsheet takes as "text" (OWASP's CSV injection
/// advice). Numbers are written as they are, not through this.
fn text_cell(text: &str) -> String {
    let shown = escape_control(text);
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
    scored: &Scored,
    unready: Option<&Unready>,
) -> Vec<Vec<String>> {
    let row = |wait: &str, score: Result<&ScoreFields, &str>| {
        let mut row = vec![
            text_cell(place.name),
            place.number.to_string(),
            text_cell(input),
            text_cell(wait),
        ];
        let mut score_cells = vec![String::new(); SCORE_COLUMNS];
        match score {
            Ok(score) => {
                row.push(text_cell(&score.verdict.kind));
                row.push(text_cell(&totals_text(&score.totals)));
                for seat in ["East", "South", "West"] {
                    let amount = score.payments.seats.iter().find(|s| s.seat == seat);
                    row.push(amount.map(|s| s.amount.to_string()).unwrap_or_default());
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

/// The `han`, `fu`, `points`, `limit`, `elements` and `stated` cells of a score: each
/// system's totals in the columns that fit them (README, "Batch"), the element keys, `*N`
/// after one that counts N times, and the value a win was stated by.
fn score_cells_of(score: &ScoreFields) -> Vec<String> {
    let totals = &score.totals;
    let get = |key: &str| totals.get(key).filter(|value| !value.is_null());
    let number = |key: &str| get(key).map(Value::to_string).unwrap_or_default();
    let text = |key: &str| {
        get(key)
            .and_then(Value::as_str)
            .map(text_cell)
            .unwrap_or_default()
    };
    let none = String::new;
    let [han, fu, points, limit] = match totals.get("system").and_then(Value::as_str) {
        Some("han-fu") => [
            number("han"),
            number("fu"),
            number("base_points"),
            text("limit"),
        ],
        Some("han-table") => [number("han"), none(), none(), text("row")],
        Some("fan") => [number("counted"), none(), number("points"), none()],
        Some("points") => {
            // The final score the payments start from: the limit's points, or hand-points
            // and bonus-points added up.
            let points = match get("limit") {
                Some(_) => number("limit_points"),
                None => {
                    let value = |key: &str| get(key).and_then(Value::as_u64).unwrap_or(0);
                    value("hand_points")
                        .saturating_add(value("bonus_points"))
                        .to_string()
                }
            };
            [none(), none(), points, text("limit")]
        }
        _ => [none(), none(), none(), none()],
    };
    let elements: Vec<String> = score
        .elements
        .iter()
        .map(|element| match element.count {
            1 => element.id.clone(),
            count => format!("{}*{count}", element.id),
        })
        .collect();
    let stated = score.stated.as_deref().map(text_cell).unwrap_or_default();
    vec![
        han,
        fu,
        points,
        limit,
        text_cell(&elements.join(";")),
        stated,
    ]
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
pub(super) fn write_csv<S: AsRef<[u8]>>(out: &mut impl Write, row: &[S]) -> io::Result<()> {
    let mut bytes = Vec::new();
    push_csv(&mut bytes, row);
    out.write_all(&bytes)
}

/// Appends one CSV row to `out` (writing to memory cannot fail).
pub(super) fn push_csv<S: AsRef<[u8]>>(out: &mut Vec<u8>, row: &[S]) {
    let mut writer = csv::Writer::from_writer(out);
    writer
        .write_record(row)
        .and_then(|()| writer.flush().map_err(csv::Error::from))
        .unwrap_or_else(|e| unreachable!("a CSV row is written to memory: {e}"));
}

#[cfg(test)]
mod tests {
    use super::*;

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
