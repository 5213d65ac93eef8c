//! The I/O floor of `mj3 batch`: everything `batch` must do besides scoring.
//!
//! `mj3-floor json|tables REFERENCE INPUT` reads INPUT the way `mj3 batch FILE` does (a
//! `BufReader` over the file, lines ended by `\n`, `\r\n` or a lone `\r`, numbered from 1,
//! checked as UTF-8, a byte-order mark dropped from line 1, trimmed, blank and `#` lines
//! skipped) and writes for each hand line the bytes `mj3 batch` writes for it, through a 64 KiB
//! buffer. Those bytes come from REFERENCE, mj3's own output (`--json` or tables, no colour)
//! for a corpus of which INPUT is the corpus repeated: line `n` of INPUT gets the record of
//! corpus line `(n - 1) % period + 1`, with its line number rewritten to `n` (and a JSON
//! record's `"file"`, when it starts with one, rewritten to INPUT); `period` is the highest line
//! number in REFERENCE, so the corpus must not end in blank or comment lines. REFERENCE is
//! written with no tally (`--summary none`, where mj3 has it).

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::ops::Range;
use std::process::ExitCode;

/// The two output forms of `mj3 batch`.
#[derive(Clone, Copy)]
enum Form {
    /// `--json`: one record a line, starting `{"line":N,` or `{"file":"NAME","line":N,`.
    Json,
    /// Tables: each hand a block headed by a line `Line N`.
    Tables,
}

impl Form {
    /// The bytes before the line number of a record.
    fn prefix(self) -> &'static [u8] {
        match self {
            Form::Json => b"\"line\":",
            Form::Tables => b"Line ",
        }
    }
}

/// A JSON record from its `"line"` on: past `{` and, when the record starts with one, past
/// `"file":"NAME",` (the name's escapes skipped). Any other line is given back whole.
fn after_file(line: &[u8]) -> &[u8] {
    let Some(rest) = line.strip_prefix(b"{") else {
        return line;
    };
    let Some(name) = rest.strip_prefix(b"\"file\":\"") else {
        return rest;
    };
    let mut i = 0;
    while i < name.len() {
        match name[i] {
            b'\\' => i += 2,
            b'"' => return name[i + 1..].strip_prefix(b",").unwrap_or(line),
            _ => i += 1,
        }
    }
    line
}

/// INPUT as a JSON string, as mj3 writes a file's name (`"` and `\` escaped, control
/// characters as `\u00XX`).
fn json_string(text: &str) -> String {
    let mut json = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => json.push_str("\\\""),
            '\\' => json.push_str("\\\\"),
            '\n' => json.push_str("\\n"),
            '\t' => json.push_str("\\t"),
            '\r' => json.push_str("\\r"),
            c if u32::from(c) < 0x20 => json.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => json.push(c),
        }
    }
    json.push('"');
    json
}

/// Where the records of a reference output lie in it, indexed by line number (empty where
/// there is none): each without its prefix and line number (a JSON record keeps the `,` after
/// the number, a table block the line end after `Line N`).
fn records(form: Form, reference: &[u8]) -> Result<Vec<Range<usize>>, String> {
    let mut records: Vec<Range<usize>> = Vec::new();
    let mut current: Option<usize> = None;
    let mut at = 0;
    for line in reference.split_inclusive(|&b| b == b'\n') {
        at += line.len();
        let line = match form {
            Form::Json => after_file(line),
            Form::Tables => line,
        };
        let line_start = at - line.len();
        let numbered = line.strip_prefix(form.prefix()).and_then(|rest| {
            let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
            let number: usize = std::str::from_utf8(&rest[..digits]).ok()?.parse().ok()?;
            let header = match form {
                Form::Json => true,
                Form::Tables => &rest[digits..] == b"\n",
            };
            header.then_some((number, line_start + form.prefix().len() + digits))
        });
        match (numbered, current) {
            (Some((number, tail)), _) => {
                if records.len() <= number {
                    records.resize(number + 1, 0..0);
                }
                records[number] = tail..at;
                current = Some(number);
            }
            (None, Some(number)) if matches!(form, Form::Tables) => records[number].end = at,
            (None, _) => return Err("the reference output has a line with no line number".into()),
        }
    }
    if records.len() < 2 {
        return Err("the reference output has no records".into());
    }
    Ok(records)
}

fn run(form: Form, reference: &str, input: &str) -> Result<(), String> {
    let reference =
        std::fs::read(reference).map_err(|e| format!("could not read `{reference}`: {e}"))?;
    let records = records(form, &reference)?;
    let period = records.len() - 1;
    // What each record starts with, up to its line number.
    let head = match form {
        Form::Json if reference.starts_with(b"{\"file\":") => {
            format!("{{\"file\":{},\"line\":", json_string(input)).into_bytes()
        }
        Form::Json => b"{\"line\":".to_vec(),
        Form::Tables => b"Line ".to_vec(),
    };
    let file = File::open(input).map_err(|e| format!("could not read `{input}`: {e}"))?;
    let mut reader = BufReader::new(file);
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    let write_error = |e: io::Error| format!("could not write: {e}");
    let mut bytes = Vec::new();
    let mut number = 0usize;
    loop {
        bytes.clear();
        let read = reader
            .read_until(b'\n', &mut bytes)
            .map_err(|e| format!("could not read `{input}`: {e}"))?;
        if read == 0 {
            break;
        }
        let mut chunk = bytes.as_slice();
        chunk = chunk.strip_suffix(b"\n").unwrap_or(chunk);
        chunk = chunk.strip_suffix(b"\r").unwrap_or(chunk);
        for line in chunk.split(|&b| b == b'\r') {
            number += 1;
            let Ok(line) = std::str::from_utf8(line) else {
                continue;
            };
            let line = if number == 1 {
                line.strip_prefix('\u{feff}').unwrap_or(line)
            } else {
                line
            };
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let record = &reference[records[(number - 1) % period + 1].clone()];
            if record.is_empty() {
                continue;
            }
            out.write_all(&head).map_err(write_error)?;
            write!(out, "{number}").map_err(write_error)?;
            out.write_all(record).map_err(write_error)?;
        }
    }
    out.flush().map_err(write_error)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let form = match args.first().map(String::as_str) {
        Some("json") => Form::Json,
        Some("tables") => Form::Tables,
        _ => {
            eprintln!("usage: mj3-floor json|tables REFERENCE INPUT");
            return ExitCode::from(2);
        }
    };
    let (Some(reference), Some(input)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: mj3-floor json|tables REFERENCE INPUT");
        return ExitCode::from(2);
    };
    match run(form, reference, input) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
