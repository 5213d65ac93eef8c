//! Ruleset errors: what went wrong, the key it concerns, and where that key is written
//! (found from toml's spanned parse, never from an error's own text).

use std::{fmt, ops::Range};

use super::bounds::bound_of;
use super::names::shipped_names;
use super::system::System;
use crate::diagnostic::nearest_name;

/// A dotted key of a ruleset (`scoring.half-limit`, `criteria.kong.value`); a number indexes
/// an array of tables (`han.table.2.ron-ko`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyPath(pub Vec<String>);

impl KeyPath {
    /// A key from its parts.
    pub fn new<const N: usize>(parts: [&str; N]) -> KeyPath {
        KeyPath(parts.iter().map(|p| p.to_string()).collect())
    }
}

impl fmt::Display for KeyPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.join("."))
    }
}

/// Where a key is written in a ruleset text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// Byte range of the key in the text.
    pub span: Range<usize>,
}

impl Location {
    /// The line and column of byte `span.start` in `text`.
    pub fn in_text(text: &str, span: Range<usize>) -> Location {
        let (line, column) = crate::diagnostic::line_and_column(text, span.start);
        Location { line, column, span }
    }

    /// Where `key` is written in `text`: the span of its last part, or `None` when the text
    /// does not parse or does not hold the key.
    pub fn of_key(text: &str, key: &KeyPath) -> Option<Location> {
        let document = toml::de::DeTable::parse(text).ok()?;
        let mut table = document.get_ref();
        let mut parts = key.0.iter().peekable();
        while let Some(part) = parts.next() {
            let (name, value) = table.iter().find(|(name, _)| name.get_ref() == part)?;
            if parts.peek().is_none() {
                return Some(Location::in_text(text, name.span()));
            }
            let mut value = value.get_ref();
            // An array of tables is indexed by the next part; a part that is no index names
            // an entry of a plain array (`criteria.ID.when.kuitan`): the array's key is shown.
            if let Some(rows) = value.as_array() {
                let Some(index) = parts.next().and_then(|p| p.parse::<usize>().ok()) else {
                    return Some(Location::in_text(text, name.span()));
                };
                value = rows.get(index)?.get_ref();
                // A row itself has no key to show.
                parts.peek()?;
            }
            table = value.as_table()?;
        }
        None
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// The message of [`RulesError::TooLarge`].
fn too_large(file: &str, above: u64, most: u64) -> String {
    match above {
        0 => {
            format!("ruleset `{file}` is larger than {most} bytes, the most a house file may hold")
        }
        _ => format!(
            "ruleset `{file}` is larger than the {} bytes its `extends` chain has left: the house files of one chain hold at most {most} bytes together ({above} in the files above it)",
            most.saturating_sub(above)
        ),
    }
}

/// The shipped ruleset `written` most likely names: the nearest name, else the one name that
/// holds it (`tenhou` for `sanma-tenhou`).
pub(super) fn nearest_ruleset(written: &str) -> Option<&'static str> {
    let names = shipped_names();
    nearest_name(written, names.iter().copied()).or_else(|| {
        let lower = written.to_ascii_lowercase();
        let holding: Vec<&'static str> = names
            .iter()
            .copied()
            .filter(|name| lower.len() >= 3 && name.contains(lower.as_str()))
            .collect();
        match holding.as_slice() {
            [only] => Some(*only),
            _ => None,
        }
    })
}

/// ` (did you mean `korean`?)` for a name that misspells a shipped ruleset, or nothing.
pub(super) fn ruleset_guess(written: &str) -> String {
    nearest_ruleset(written).map_or(String::new(), |name| format!(" (did you mean `{name}`?)"))
}

/// serde's `unknown field `X`, expected one of `a`, `b`` (and `unknown variant`) with the
/// name among those it lists that `X` most likely misspells: `unknown field `optons` (did you
/// mean `options`?), expected one of …`. Other lines are kept.
pub(super) fn with_nearest_name(message: &str) -> String {
    let shown: Vec<String> = message
        .lines()
        .map(|line| nearest_in_line(line).unwrap_or_else(|| line.to_string()))
        .collect();
    shown.join("\n")
}

fn nearest_in_line(line: &str) -> Option<String> {
    let rest = line
        .strip_prefix("unknown field `")
        .or_else(|| line.strip_prefix("unknown variant `"))?;
    let (written, expected) = rest.split_once('`')?;
    // The names listed are every other piece between backquotes.
    let listed = expected.split('`').skip(1).step_by(2);
    let nearest = nearest_name(written, listed)?;
    let head = line.len() - expected.len();
    Some(format!(
        "{} (did you mean `{nearest}`?){expected}",
        line.get(..head)?
    ))
}

/// `line L, column C: ` before a message, or nothing.
fn at_prefix(at: &Option<Location>) -> String {
    at.as_ref().map_or(String::new(), |at| format!("{at}: "))
}

/// `the han-fu and han-table systems`.
fn systems_list(systems: &[System]) -> String {
    let names: Vec<&str> = systems.iter().map(|s| s.name()).collect();
    match names.split_last() {
        Some((last, [])) => format!("the {last} system"),
        Some((last, rest)) => format!("the {} and {last} systems", rest.join(", ")),
        None => "no system".into(),
    }
}

/// `option `kuitan`` for an `[options]` key, `` `fan.cap` `` for any other.
fn what(key: &KeyPath) -> String {
    match key.0.as_slice() {
        [table, option] if table == "options" => format!("option `{option}`"),
        [table, id, field, option] if table == "criteria" && field == "when" => {
            format!("option `{option}` named in `criteria.{id}.when`")
        }
        _ => format!("`{key}`"),
    }
}

/// The longest `set` or `--set` item an error shows whole, in bytes: a longer one (a record's
/// line may hold 64 KiB) is cut, marked `…`; the line's caret shows where it is.
const SHOWN_ITEM_BYTES: usize = 80;

/// A layer as an error names it: a file or shipped ruleset by its name, a `set` or `--set`
/// item as written, cut after [`SHOWN_ITEM_BYTES`].
fn layer(file: &str) -> std::borrow::Cow<'_, str> {
    let item = file.starts_with("set ") || file.starts_with("--set ");
    if !item || file.len() <= SHOWN_ITEM_BYTES {
        return file.into();
    }
    format!("{}…", &file[..file.floor_char_boundary(SHOWN_ITEM_BYTES)]).into()
}

/// An error while loading a ruleset.
#[derive(Debug, thiserror::Error)]
pub enum RulesError {
    /// The TOML did not parse or did not fit the schema; the message holds line and column.
    #[error("{}: {message}", layer(.file))]
    Toml {
        /// File name or shipped ruleset name.
        file: String,
        /// toml's message with line, column and snippet.
        message: String,
        /// Byte range toml points at, when it knows one.
        span: Option<Range<usize>>,
    },
    /// A value that parsed but makes no sense.
    #[error("{}: {}{message}", layer(.file), at_prefix(.at))]
    Invalid {
        /// File name or shipped ruleset name.
        file: String,
        /// The key the error concerns.
        key: KeyPath,
        /// Where the key is written, when it is written in a file.
        at: Option<Location>,
        /// What is wrong, naming the key.
        message: String,
    },
    /// An option or value that the ruleset's scoring system never reads.
    #[error(
        "{}: {}the {} system has no {} (only {} read{} it)",
        layer(.file),
        at_prefix(.at),
        .system.name(),
        what(.key),
        systems_list(.read_by),
        crate::plural::pick(.read_by.len() as u64, "s", "")
    )]
    NotRead {
        /// The layer that sets it: a file, a shipped ruleset or a `--set` item.
        file: String,
        /// The key (`options.kuitan`, `fan.cap`, `criteria.ID.when`).
        key: KeyPath,
        /// Where the key is written, when it is written in a file.
        at: Option<Location>,
        /// The ruleset's scoring system.
        system: System,
        /// The systems that do read it.
        read_by: &'static [System],
    },
    /// The file could not be read.
    #[error("could not read ruleset `{file}`")]
    Io {
        /// The path.
        file: String,
        /// The OS error.
        source: std::io::Error,
    },
    /// The file is not UTF-8 text.
    #[error("{}", crate::utf8::not_utf8(&format!("ruleset `{file}`"), *.line, *.column, crate::utf8::RULESET_TEXT))]
    NotUtf8 {
        /// The path.
        file: String,
        /// The line of the first byte that is not UTF-8, from 1.
        line: usize,
        /// Its column, counted in characters from 1.
        column: usize,
    },
    /// `extends` or `--rules` names nothing shipped and no file.
    #[error("no ruleset named `{0}`{guess} (shipped: {list})", guess = ruleset_guess(.0), list = shipped_names().join(", "))]
    Unknown(String),
    /// `extends` chains loop: the chain, each file with the line of its `extends`.
    #[error(
        "`extends` goes round in a circle: {0} (each FILE:LINE is where that file's `extends` is written)"
    )]
    Cycle(String),
    /// An `extends` chain holds more house files than a chain may.
    #[error(
        "`extends` goes deeper than {most} house files: {chain} (each FILE:LINE is where that file's `extends` is written)"
    )]
    TooDeep {
        /// The chain, each file with the line of its `extends`, and the file it went on to.
        chain: String,
        /// The most house files a chain may hold.
        most: usize,
    },
    /// A house file holds more bytes than the house files of one chain may hold together.
    #[error("{}", too_large(.file, *.above, *.most))]
    TooLarge {
        /// The path.
        file: String,
        /// The bytes of the house files above it in its chain.
        above: u64,
        /// The most bytes the house files of one chain may hold together.
        most: u64,
    },
    /// A ruleset path names a folder, a device, a FIFO or a socket.
    #[error("ruleset `{file}` is {kind}, not a regular file")]
    NotAFile {
        /// The path.
        file: String,
        /// What it is (`a folder`, `a device`, …).
        kind: &'static str,
    },
}

impl RulesError {
    /// The error toml gave for `file` (whose text is `text`), keeping its span; a number that
    /// does not fit its key is said in plain words with the key's range.
    pub(super) fn from_toml(file: &str, text: &str, err: &toml::de::Error) -> RulesError {
        let max = err
            .span()
            .and_then(|span| key_on_line(text, span.start))
            .and_then(|key| bound_of(&key.0));
        RulesError::Toml {
            file: file.to_string(),
            message: with_nearest_name(&plain_number_message(err.to_string().trim_end(), max)),
            span: err.span(),
        }
    }
}

/// The dotted key written on the line of byte `at` (`value = -3` under `[criteria.kong]`:
/// `criteria.kong.value`); a row of an array of tables is given index 0 (only its column
/// matters for a range).
fn key_on_line(text: &str, at: usize) -> Option<KeyPath> {
    let before = text.get(..at)?;
    let line_start = before.rfind('\n').map_or(0, |n| n + 1);
    let line = text.get(line_start..)?.lines().next()?;
    let (leaf, _) = line.split_once('=')?;
    let header = before[..line_start].lines().rev().find_map(|l| {
        let l = l.split('#').next().unwrap_or_default().trim();
        if let Some(rows) = l.strip_prefix("[[").and_then(|r| r.strip_suffix("]]")) {
            return Some(format!("{rows}.0"));
        }
        l.strip_prefix('[')
            .and_then(|r| r.strip_suffix(']'))
            .map(str::to_string)
    });
    let parts = header
        .iter()
        .flat_map(|h| h.split('.'))
        .chain(leaf.split('.'))
        .map(|part| part.trim().trim_matches('"').to_string())
        .collect();
    Some(KeyPath(parts))
}

/// serde's words for a number that does not fit its field (`invalid value: integer `-1`,
/// expected u32`; `invalid type: integer `…` as i128, expected u32`; a float or a string
/// where a count belongs) in plain words: `` `-1` is not a whole number from 0 to 100 ``,
/// `max` being the key's own bound when it has one (a signed field, `game.uma`'s, is said
/// from -max to max). Other lines are kept.
pub(super) fn plain_number_message(message: &str, max: Option<u32>) -> String {
    let shown: Vec<String> = message
        .lines()
        .map(|line| plain_number_line(line, max).unwrap_or_else(|| line.to_string()))
        .collect();
    shown.join("\n")
}

fn plain_number_line(line: &str, max: Option<u32>) -> Option<String> {
    const TYPES: [(&str, u64, bool); 5] = [
        ("u8", u8::MAX as u64, false),
        ("u16", u16::MAX as u64, false),
        ("u32", u32::MAX as u64, false),
        ("u64", u64::MAX, false),
        ("i64", i64::MAX as u64, true),
    ];
    let (found, type_max, signed) = TYPES.iter().find_map(|(name, type_max, signed)| {
        line.strip_suffix(&format!(", expected {name}"))
            .map(|found| (found, *type_max, *signed))
    })?;
    let max = max.map_or(type_max, |max| u64::from(max).min(type_max));
    let min = match (signed, max == type_max) {
        (false, _) => "0".to_string(),
        (true, true) => i64::MIN.to_string(),
        (true, false) => format!("-{max}"),
    };
    let value = found
        .split_once('`')
        .and_then(|(_, rest)| rest.split_once('`'))
        .map(|(value, _)| format!("`{value}`"))
        .or_else(|| found.split_once("string ").map(|(_, s)| s.to_string()))
        .unwrap_or_else(|| "the value".to_string());
    Some(format!("{value} is not a whole number from {min} to {max}"))
}

/// An error about a key, before the layer that wrote the key is known.
#[derive(Debug)]
pub(super) struct KeyError {
    /// The key.
    pub key: KeyPath,
    /// What is wrong, naming the key.
    pub message: String,
}

impl KeyError {
    pub(super) fn new(key: KeyPath, message: impl fmt::Display) -> KeyError {
        KeyError {
            key,
            message: message.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_field_or_variant_names_the_nearest_listed() {
        assert_eq!(
            with_nearest_name(
                "TOML parse error at line 2, column 2\nunknown field `optons`, expected one of `extends`, `options`"
            ),
            "TOML parse error at line 2, column 2\nunknown field `optons` (did you mean `options`?), expected one of `extends`, `options`"
        );
        assert_eq!(
            with_nearest_name("unknown variant `hanfu`, expected `han-fu` or `points`"),
            "unknown variant `hanfu` (did you mean `han-fu`?), expected `han-fu` or `points`"
        );
        let far = "unknown field `xyz`, expected one of `extends`, `options`";
        assert_eq!(with_nearest_name(far), far);
    }

    #[test]
    fn a_ruleset_name_is_guessed_from_a_slip_or_a_part() {
        assert_eq!(nearest_ruleset("koreann"), Some("korean"));
        assert_eq!(nearest_ruleset("Sanma"), Some("sanma"));
        assert_eq!(nearest_ruleset("mahjongsoul"), Some("sanma-mahjongsoul"));
        assert_eq!(nearest_ruleset("honshu"), Some("sanma-honshu"));
        // Neither a slip from a name nor a part of one: no guess.
        assert_eq!(nearest_ruleset("sanma-mj"), None);
        assert_eq!(nearest_ruleset("riichi"), None);
    }
}
