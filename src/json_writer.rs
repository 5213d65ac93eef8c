//! The per-hand JSON report written straight into a `String` (the line's own fields by
//! `render`, the evaluation here): the same bytes as
//! `serde_json::to_string` of the derived `Serialize` forms (compact, fields in declaration
//! order, the same skip rules and tags), without serde's per-field calls. Object keys are
//! constant ASCII, written as literals with their quotes, colon and comma; text values go
//! through [`push_str_escaped`], which escapes exactly what serde_json escapes; integers are
//! written by `itoa`, the formatter serde_json itself uses. A test compares this writer with
//! serde_json on every case line and on generated hands, so that the two cannot drift.

use crate::evaluate::{Evaluation, Wait};
use crate::results::{
    Element, FanTotals, FuLine, HanFuTotals, HanLimit, HanTableTotals, Limit, Payments,
    PointsTotals, Role, Score, SeatPayment, Totals, Verdict,
};
use crate::rules::{Changes, Class};
use crate::shared_text::SharedText;
use crate::tile::Seat;

/// A value that writes its own JSON form, byte for byte what serde_json writes for its
/// derived `Serialize` impl.
pub trait WriteJson {
    /// Appends the JSON form of `self` to `out`.
    fn write_json(&self, out: &mut String);
}

/// The hex digits of a `\u00XX` escape, lower case as serde_json writes them.
const HEX: &[u8; 16] = b"0123456789abcdef";

/// For each byte, what follows the backslash when serde_json escapes it inside a string:
/// `"` and `\` themselves, the short forms `b t n f r`, `u` (for `\u00XX`) for the other
/// control bytes below 0x20, and 0 for every byte written as it is (DEL and all of UTF-8
/// included).
static ESCAPES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut byte = 0;
    while byte < 0x20 {
        table[byte] = b'u';
        byte += 1;
    }
    table[0x08] = b'b';
    table[b'\t' as usize] = b't';
    table[b'\n' as usize] = b'n';
    table[0x0c] = b'f';
    table[b'\r' as usize] = b'r';
    table[b'"' as usize] = b'"';
    table[b'\\' as usize] = b'\\';
    table
};

/// Eight copies of a byte value in one word.
const fn repeated(byte: u8) -> u64 {
    u64::from_ne_bytes([byte; 8])
}

/// Whether any of the eight bytes of `word` needs an escape: a byte below 0x20, a quote or
/// a backslash. Each test is exact about whether some byte matches (the borrow of `x - 1`
/// can only spread upward from a byte that does), which is all that is asked here.
fn word_needs_escape(word: u64) -> bool {
    const ONES: u64 = repeated(1);
    const HIGH: u64 = repeated(0x80);
    let below_space = word.wrapping_sub(repeated(0x20)) & !word;
    let quote = word ^ repeated(b'"');
    let backslash = word ^ repeated(b'\\');
    let zero_quote = quote.wrapping_sub(ONES) & !quote;
    let zero_backslash = backslash.wrapping_sub(ONES) & !backslash;
    (below_space | zero_quote | zero_backslash) & HIGH != 0
}

/// How many bytes at the start of `bytes` need no escape: eight at a time while none does
/// (the last eight, overlapping, at once), then byte by byte from the first word that has one.
fn clean_prefix_len(bytes: &[u8]) -> usize {
    let word_at = |at: usize| {
        bytes
            .get(at..at + 8)
            .and_then(|chunk| <[u8; 8]>::try_from(chunk).ok())
            .map(u64::from_ne_bytes)
    };
    let mut clean = 0;
    if bytes.len() >= 8 {
        while clean + 8 <= bytes.len() {
            if word_at(clean).is_none_or(word_needs_escape) {
                break;
            }
            clean += 8;
        }
        let last = bytes.len() - 8;
        if clean + 8 > bytes.len() && word_at(last).is_some_and(|word| !word_needs_escape(word)) {
            return bytes.len();
        }
    }
    let rest = bytes.get(clean..).unwrap_or_default();
    clean
        + rest
            .iter()
            .position(|&byte| ESCAPES[usize::from(byte)] != 0)
            .unwrap_or(rest.len())
}

/// Appends `text` as a JSON string: in quotes, escaped as serde_json escapes it. Runs of
/// bytes that need no escape (all of a usual text) are copied at once.
pub fn push_str_escaped(out: &mut String, text: &str) {
    out.reserve(text.len() + 2);
    out.push('"');
    let mut rest = text;
    loop {
        let clean = clean_prefix_len(rest.as_bytes());
        if clean == rest.len() {
            out.push_str(rest);
            break;
        }
        // The byte after a clean run is ASCII, so both halves are text.
        let Some((run, tail)) = rest.split_at_checked(clean) else {
            break;
        };
        out.push_str(run);
        let Some(&byte) = tail.as_bytes().first() else {
            break;
        };
        out.push('\\');
        let letter = ESCAPES[usize::from(byte)];
        out.push(char::from(letter));
        if letter == b'u' {
            out.push_str("00");
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 0xf)]));
        }
        rest = tail.get(1..).unwrap_or_default();
    }
    out.push('"');
}

/// Appends an integer as serde_json writes it; a single digit (most counts, values and
/// han) directly.
pub fn push_int<T: itoa::Integer + TryInto<u8> + Copy>(out: &mut String, value: T) {
    match value.try_into() {
        Ok(digit @ 0..=9) => out.push(char::from(b'0' + digit)),
        _ => out.push_str(itoa::Buffer::new().format(value)),
    }
}

/// Appends `true` or `false`.
fn push_bool(out: &mut String, value: bool) {
    out.push_str(if value { "true" } else { "false" });
}

/// Appends a JSON array of `items`.
fn push_array<T: WriteJson>(out: &mut String, items: &[T]) {
    out.push('[');
    for (index, item) in items.iter().enumerate() {
        if index > 0 {
            out.push(',');
        }
        item.write_json(out);
    }
    out.push(']');
}

impl WriteJson for str {
    fn write_json(&self, out: &mut String) {
        push_str_escaped(out, self);
    }
}

impl WriteJson for String {
    fn write_json(&self, out: &mut String) {
        push_str_escaped(out, self);
    }
}

impl WriteJson for SharedText {
    fn write_json(&self, out: &mut String) {
        out.push_str(self.escaped());
    }
}

impl WriteJson for Changes {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"base\":");
        push_str_escaped(out, &self.base);
        out.push_str(",\"files\":");
        push_array(out, &self.files);
        out.push_str(",\"overrides\":");
        push_array(out, &self.overrides);
        out.push('}');
    }
}

impl WriteJson for Evaluation {
    fn write_json(&self, out: &mut String) {
        out.push('{');
        write_evaluation_fields(self, out);
        out.push('}');
    }
}

/// The fields of an evaluation without the braces (the line's report flattens them into its
/// own): `"kind"`, then the variant's fields.
pub fn write_evaluation_fields(evaluation: &Evaluation, out: &mut String) {
    match evaluation {
        Evaluation::Complete { score } => {
            out.push_str("\"kind\":\"complete\",\"score\":");
            match score {
                Some(score) => score.write_json(out),
                None => out.push_str("null"),
            }
        }
        Evaluation::Waiting { waits } => {
            out.push_str("\"kind\":\"waiting\",\"waits\":");
            push_array(out, waits);
        }
    }
}

impl WriteJson for Wait {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"tile\":");
        push_str_escaped(out, &self.tile);
        out.push_str(",\"score\":");
        self.score.write_json(out);
        out.push('}');
    }
}

impl WriteJson for Score {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"arrangement\":");
        push_str_escaped(out, &self.arrangement);
        out.push_str(",\"win_tile\":");
        push_str_escaped(out, &self.win_tile);
        out.push_str(",\"elements\":");
        push_array(out, &self.elements);
        out.push_str(",\"superseded\":");
        push_array(out, &self.superseded);
        out.push_str(",\"totals\":");
        self.totals.write_json(out);
        out.push_str(",\"verdict\":");
        self.verdict.write_json(out);
        out.push_str(",\"payments\":");
        self.payments.write_json(out);
        out.push_str(",\"notes\":");
        push_array(out, &self.notes);
        if !self.jokers.is_empty() {
            out.push_str(",\"jokers\":");
            push_array(out, &self.jokers);
        }
        out.push('}');
    }
}

impl WriteJson for Element {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"id\":");
        self.id.write_json(out);
        out.push_str(",\"name\":");
        self.name.write_json(out);
        out.push_str(",\"class\":");
        self.class.write_json(out);
        out.push_str(",\"value\":");
        push_int(out, self.value);
        out.push_str(",\"count\":");
        push_int(out, self.count);
        out.push_str(",\"points\":");
        push_int(out, self.points);
        out.push_str(",\"tiles\":");
        push_str_escaped(out, &self.tiles);
        out.push_str(",\"source\":");
        self.source.write_json(out);
        out.push('}');
    }
}

impl WriteJson for Class {
    fn write_json(&self, out: &mut String) {
        out.push_str(match self {
            Class::HandPoint => "\"hand-point\"",
            Class::BonusPoint => "\"bonus-point\"",
            Class::HalfLimit => "\"half-limit\"",
            Class::Limit => "\"limit\"",
            Class::Fan => "\"fan\"",
            Class::Yaku => "\"yaku\"",
            Class::Yakuman => "\"yakuman\"",
            Class::Dora => "\"dora\"",
        });
    }
}

impl WriteJson for Verdict {
    fn write_json(&self, out: &mut String) {
        match self {
            Verdict::Win => out.push_str("{\"kind\":\"win\"}"),
            Verdict::BelowMinimum { have, need } => {
                out.push_str("{\"kind\":\"below-minimum\",\"have\":");
                push_int(out, *have);
                out.push_str(",\"need\":");
                push_int(out, *need);
                out.push('}');
            }
            Verdict::SacredDiscard { tile } => {
                out.push_str("{\"kind\":\"sacred-discard\",\"tile\":");
                push_str_escaped(out, tile);
                out.push('}');
            }
            Verdict::BelowFanMinimum { have, need } => {
                out.push_str("{\"kind\":\"below-fan-minimum\",\"have\":");
                push_int(out, *have);
                out.push_str(",\"need\":");
                push_int(out, *need);
                out.push('}');
            }
            Verdict::NoYaku => out.push_str("{\"kind\":\"no-yaku\"}"),
            Verdict::NoYakuOnEveryWait { tile } => {
                out.push_str("{\"kind\":\"no-yaku-on-every-wait\",\"tile\":");
                push_str_escaped(out, tile);
                out.push('}');
            }
            Verdict::TooFewYaku { have, need, honba } => {
                out.push_str("{\"kind\":\"too-few-yaku\",\"have\":");
                push_int(out, *have);
                out.push_str(",\"need\":");
                push_int(out, *need);
                out.push_str(",\"honba\":");
                push_int(out, *honba);
                out.push('}');
            }
            Verdict::NoWinningShape { shape, criterion } => {
                out.push_str("{\"kind\":\"no-winning-shape\",\"shape\":");
                push_str_escaped(out, shape);
                out.push_str(",\"criterion\":");
                match criterion {
                    Some(id) => push_str_escaped(out, id),
                    None => out.push_str("null"),
                }
                out.push('}');
            }
        }
    }
}

/// The totals, tagged with `"system"` ahead of the fields of its shape.
impl WriteJson for Totals {
    fn write_json(&self, out: &mut String) {
        match self {
            Totals::Points(totals) => {
                out.push_str("{\"system\":\"points\",");
                totals.write_fields(out);
            }
            Totals::Fan(totals) => {
                out.push_str("{\"system\":\"fan\",");
                totals.write_fields(out);
            }
            Totals::HanFu(totals) => {
                out.push_str("{\"system\":\"han-fu\",");
                totals.write_fields(out);
            }
            Totals::HanTable(totals) => {
                out.push_str("{\"system\":\"han-table\",");
                totals.write_fields(out);
            }
        }
        out.push('}');
    }
}

/// A struct whose fields can be written without its braces, as a tagged enum holding it
/// writes them after its tag.
trait WriteFields {
    /// Appends `"key":value` for each field, comma separated, without braces.
    fn write_fields(&self, out: &mut String);
}

impl WriteFields for PointsTotals {
    fn write_fields(&self, out: &mut String) {
        out.push_str("\"hand_points\":");
        push_int(out, self.hand_points);
        out.push_str(",\"bonus_points\":");
        push_int(out, self.bonus_points);
        out.push_str(",\"minimum\":");
        push_int(out, self.minimum);
        out.push_str(",\"limit\":");
        match self.limit {
            Some(Limit::Half) => out.push_str("\"half\""),
            Some(Limit::Full) => out.push_str("\"full\""),
            None => out.push_str("null"),
        }
        out.push_str(",\"limit_points\":");
        push_int(out, self.limit_points);
    }
}

impl WriteFields for FanTotals {
    fn write_fields(&self, out: &mut String) {
        out.push_str("\"fan\":");
        push_int(out, self.fan);
        out.push_str(",\"counted\":");
        push_int(out, self.counted);
        out.push_str(",\"cap\":");
        push_int(out, self.cap);
        out.push_str(",\"minimum\":");
        push_int(out, self.minimum);
        out.push_str(",\"points\":");
        push_int(out, self.points);
    }
}

impl WriteFields for HanFuTotals {
    fn write_fields(&self, out: &mut String) {
        out.push_str("\"yaku_han\":");
        push_int(out, self.yaku_han);
        out.push_str(",\"dora_han\":");
        push_int(out, self.dora_han);
        out.push_str(",\"han\":");
        push_int(out, self.han);
        out.push_str(",\"yakuman\":");
        push_int(out, self.yakuman);
        out.push_str(",\"fu_lines\":");
        push_array(out, &self.fu_lines);
        out.push_str(",\"fu\":");
        push_int(out, self.fu);
        out.push_str(",\"base_points\":");
        push_int(out, self.base_points);
        out.push_str(",\"limit\":");
        match self.limit {
            Some(limit) => limit.write_json(out),
            None => out.push_str("null"),
        }
    }
}

impl WriteFields for HanTableTotals {
    fn write_fields(&self, out: &mut String) {
        out.push_str("\"yaku_han\":");
        push_int(out, self.yaku_han);
        out.push_str(",\"bonus_han\":");
        push_int(out, self.bonus_han);
        out.push_str(",\"han\":");
        push_int(out, self.han);
        out.push_str(",\"yakuman\":");
        push_int(out, self.yakuman);
        out.push_str(",\"row\":");
        push_str_escaped(out, &self.row);
    }
}

impl WriteJson for FuLine {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"id\":");
        push_str_escaped(out, self.id);
        out.push_str(",\"label\":");
        push_str_escaped(out, &self.label);
        out.push_str(",\"fu\":");
        push_int(out, self.fu);
        out.push('}');
    }
}

impl WriteJson for HanLimit {
    fn write_json(&self, out: &mut String) {
        out.push_str(match self {
            HanLimit::Mangan => "\"mangan\"",
            HanLimit::Haneman => "\"haneman\"",
            HanLimit::Baiman => "\"baiman\"",
            HanLimit::Sanbaiman => "\"sanbaiman\"",
            HanLimit::KazoeYakuman => "\"kazoe-yakuman\"",
            HanLimit::Yakuman => "\"yakuman\"",
        });
    }
}

impl WriteJson for Payments {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"seats\":[");
        for (index, seat) in self.seats.iter().enumerate() {
            if index > 0 {
                out.push(',');
            }
            seat.write_json(out);
        }
        out.push_str("]}");
    }
}

impl WriteJson for SeatPayment {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"seat\":");
        self.seat.write_json(out);
        out.push_str(",\"role\":");
        out.push_str(match self.role {
            Role::Winner => "\"winner\"",
            Role::Discarder => "\"discarder\"",
            Role::Other => "\"other\"",
        });
        out.push_str(",\"waiting\":");
        push_bool(out, self.waiting);
        out.push_str(",\"amount\":");
        push_int(out, self.amount);
        out.push_str(",\"breakdown\":");
        push_str_escaped(out, &self.breakdown);
        out.push('}');
    }
}

/// A seat as its variant name (`East`).
impl WriteJson for Seat {
    fn write_json(&self, out: &mut String) {
        out.push_str(match self {
            Seat::East => "\"East\"",
            Seat::South => "\"South\"",
            Seat::West => "\"West\"",
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn escaped(text: &str) -> String {
        let mut out = String::new();
        push_str_escaped(&mut out, text);
        out
    }

    #[test]
    fn every_byte_below_0x80_and_some_beyond_escape_as_serde_json_does() {
        let mut text: String = (0u8..0x80).map(char::from).collect();
        text.push_str("§ × — ś 🀄 end");
        assert_eq!(
            escaped(&text),
            serde_json::to_string(&text).expect("a string serializes")
        );
        for c in (0u8..0x80).map(char::from) {
            let alone = c.to_string();
            let mixed = format!("a{c}b{c}");
            for text in [alone, mixed] {
                assert_eq!(
                    escaped(&text),
                    serde_json::to_string(&text).expect("a string serializes"),
                    "{text:?}"
                );
            }
        }
        assert_eq!(escaped(""), "\"\"");
    }

    #[test]
    fn a_byte_needing_an_escape_is_found_at_any_place_in_a_long_text() {
        let plain = "base (fuutei) — § 12 › Yaku ×2";
        for c in (0u8..0x80).map(char::from) {
            for cut in plain.char_indices().map(|(at, _)| at) {
                let text = format!("{}{c}{}", &plain[..cut], &plain[cut..]);
                assert_eq!(
                    escaped(&text),
                    serde_json::to_string(&text).expect("a string serializes"),
                    "{text:?}"
                );
            }
        }
    }

    #[test]
    fn integers_are_written_as_serde_json_writes_them() {
        for value in [0i64, 7, -1, 2900, -2900, i64::MIN, i64::MAX] {
            let mut out = String::new();
            push_int(&mut out, value);
            assert_eq!(out, serde_json::to_string(&value).expect("json"));
        }
        for value in (0u32..=12).chain([99, 100, 480, u32::MAX]) {
            let mut out = String::new();
            push_int(&mut out, value);
            assert_eq!(out, serde_json::to_string(&value).expect("json"));
        }
    }
}
