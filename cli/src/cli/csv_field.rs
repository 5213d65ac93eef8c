//! The CSV field writer: one row's fields appended to a byte buffer as RFC 4180 writes them
//! (byte for byte what the `csv` crate's writer makes of them), text read from outside
//! escaped as an echoed line is and neutralised where a spreadsheet would evaluate it.
//! Which column holds what is `csv_rows`'s.

use std::borrow::Cow;
use std::io::{self, Write};

use super::output::escape_control;
use mj3::bytes::every_byte;
use mj3::escape::{needs_escape, printable_ascii, printable_byte};

/// The fields of the rows being written into `out`.
pub(super) struct Fields<'a> {
    out: &'a mut Vec<u8>,
    /// Fields written in the row so far.
    written: usize,
    /// Fields every row has.
    width: usize,
}

impl<'a> Fields<'a> {
    /// Rows of `width` fields each, appended to `out`.
    pub(super) fn new(out: &'a mut Vec<u8>, width: usize) -> Self {
        Fields {
            out,
            written: 0,
            width,
        }
    }

    /// A field of text read from outside (a line, a file name, a tag, a ruleset's text):
    /// see [`text_cell`]. One that is already plain (nearly every one) is copied after a
    /// single test of its bytes.
    pub(super) fn outside_text(&mut self, text: impl AsRef<[u8]>) {
        let text = text.as_ref();
        if plain_cell(text) && !formula_lead(text) {
            self.separate();
            self.out.extend_from_slice(text);
            return;
        }
        let cell = text_cell(text);
        self.quoted(&cell);
    }

    /// A field of the library's own text, which has nothing to escape (numbers, and keys,
    /// names and labels fixed in the code; a fu line's label holds tiles as the library
    /// writes them): only led by a quote where a spreadsheet would read it as a formula.
    pub(super) fn library_text(&mut self, text: &[u8]) {
        match formula_lead(text) {
            true => self.outside_text(text),
            false => self.quoted(text),
        }
    }

    /// A number: digits and a sign, nothing to quote.
    pub(super) fn number(&mut self, number: impl itoa::Integer) {
        self.separate();
        self.out
            .extend_from_slice(itoa::Buffer::new().format(number).as_bytes());
    }

    /// `count` empty fields.
    pub(super) fn empty(&mut self, count: usize) {
        for _ in 0..count {
            self.separate();
        }
    }

    /// Ends the row, which has every field.
    pub(super) fn end_row(&mut self) {
        debug_assert_eq!(self.written, self.width, "a CSV row's fields");
        self.out.push(b'\n');
        self.written = 0;
    }

    /// A field as it is, quoted where it must be (see [`push_field`]).
    fn quoted(&mut self, cell: &[u8]) {
        self.separate();
        push_field(self.out, cell);
    }

    /// The comma before a field, unless it is the row's first.
    fn separate(&mut self) {
        if self.written > 0 {
            self.out.push(b',');
        }
        self.written += 1;
    }
}

/// Writes one CSV row of `row`'s fields as they are (see [`push_field`]).
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

/// A text cell: escaped as an echoed line is, and, when it starts with a character that
/// makes a spreadsheet read it as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return),
/// led by a single quote, which the spreadsheet takes as "text" (OWASP's CSV injection
/// advice). Numbers are written as they are, not through this.
/// The cell is text (UTF-8), given as bytes so that a cell composed in a byte buffer is not
/// read back as text to be checked: printable ASCII, nearly every cell, needs no escape.
pub(super) fn text_cell(text: &[u8]) -> Cow<'_, [u8]> {
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
            row(&["file line input wait verdict totals East South West error ruleset tag"]),
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

    /// A text cell as [`Fields::outside_text`] writes it, after a first cell.
    fn text_cell_written(text: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut fields = Fields::new(&mut out, 2);
        fields.empty(1);
        fields.outside_text(text);
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

    #[test]
    fn a_row_ends_with_every_field() {
        let mut out = Vec::new();
        let mut fields = Fields::new(&mut out, 3);
        fields.number(1);
        fields.outside_text("a,b");
        fields.library_text(b"-1");
        fields.end_row();
        assert_eq!(out, b"1,\"a,b\",'-1\n");
    }

    /// Near miss: a row short of a field is a bug, caught where debug assertions are on.
    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "a CSV row's fields")]
    fn a_row_short_of_a_field_is_caught() {
        let mut out = Vec::new();
        let mut fields = Fields::new(&mut out, 3);
        fields.empty(2);
        fields.end_row();
    }
}
