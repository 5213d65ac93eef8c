//! The `extends` chain of a house file: each file read in turn (only a regular file) down to
//! the shipped ruleset at its bottom, in a loop that reads at most [`MAX_HOUSE_FILES`] files
//! holding at most [`MAX_HOUSE_BYTES`] together, so that whatever a shared house file holds,
//! loading it takes bounded time and memory; a file met a second time, by its canonical path
//! however the `extends` spells it, is a cycle.

use std::io::Read;
use std::path::{Path, PathBuf};

use super::error::{KeyPath, Location, RulesError, ruleset_guess};
use super::schema::RulesetFile;
use super::{SHIPPED, SHIPPED_EMBEDDED};

/// The most bytes the house files of one `extends` chain may hold together (1 MiB), and so
/// one house file.
pub const MAX_HOUSE_BYTES: u64 = 1 << 20;

/// The most house files one `extends` chain may hold, the one `--rules` names included (the
/// shipped rulesets at its bottom are not counted).
pub const MAX_HOUSE_FILES: usize = 32;

/// A house file of a chain, as read.
pub(super) struct HouseFile {
    /// The path it was reached by: as `--rules` gave it, or the `extends` of the file above
    /// joined to that file's folder.
    pub label: String,
    /// Its TOML text.
    pub text: String,
    /// Its TOML read.
    pub file: RulesetFile,
}

/// The files of one `extends` chain.
pub(super) struct Chain {
    /// The house files, top first (the first is the one `--rules` named).
    pub files: Vec<HouseFile>,
    /// The shipped ruleset at the bottom, when the chain ends at one.
    pub shipped: Option<&'static str>,
}

/// A name with a `/`, a `\` or a `.toml` ending is a path; any other names a shipped ruleset.
pub(super) fn is_path(name: &str) -> bool {
    name.contains('/') || name.contains('\\') || name.ends_with(".toml")
}

/// Reads `name_or_path` and every file below it by `extends`, down to a shipped ruleset or a
/// file that extends nothing.
pub(super) fn read_chain(name_or_path: &str, given: Option<&str>) -> Result<Chain, RulesError> {
    // The top file's text when it is given rather than read (a page has no files).
    let mut given = given;
    let mut files: Vec<HouseFile> = Vec::new();
    // The canonical path of each file in `files`.
    let mut canonical: Vec<PathBuf> = Vec::new();
    let mut next = name_or_path.to_string();
    // The bytes the files still to read may hold.
    let mut left = MAX_HOUSE_BYTES;
    loop {
        if !is_path(&next) {
            let shipped = SHIPPED_EMBEDDED
                .iter()
                .map(|(name, _)| *name)
                .find(|name| *name == next);
            return match (shipped, files.last()) {
                (Some(name), _) => Ok(Chain {
                    files,
                    shipped: Some(name),
                }),
                (None, None) => Err(RulesError::Unknown(next)),
                (None, Some(above)) => Err(RulesError::Invalid {
                    file: above.label.clone(),
                    key: KeyPath::new(["extends"]),
                    at: extends_location(&above.text),
                    message: format!(
                        "`extends = \"{next}\"` names no shipped ruleset{} (shipped: {}) and no file",
                        ruleset_guess(&next),
                        shipped_list()
                    ),
                }),
            };
        }
        if files.len() == MAX_HOUSE_FILES {
            return Err(RulesError::TooDeep {
                chain: chain_text(&files, &next),
                most: MAX_HOUSE_FILES,
            });
        }
        let was_given = given.is_some();
        let (path, text) = match given.take() {
            Some(text) => (PathBuf::from(&next), given_text(text, &next)?),
            None => {
                let path =
                    std::fs::canonicalize(&next).map_err(|source| unreadable(&next, source))?;
                let text = read_ruleset_file(&path, &next, left)?;
                (path, text)
            }
        };
        if let Some(first) = canonical.iter().position(|seen| *seen == path) {
            let circle = files.get(first..).unwrap_or_default();
            return Err(RulesError::Cycle(chain_text(circle, &next)));
        }
        left = left.saturating_sub(u64::try_from(text.len()).unwrap_or(u64::MAX));
        let file: RulesetFile =
            toml::from_str(&text).map_err(|err| RulesError::from_toml(&next, &text, &err))?;
        let below = file.extends.as_deref().map(|base| relative_to(&next, base));
        // A file given as text (a page's, a record's) reads no file from disk.
        if was_given && below.as_deref().is_some_and(is_path) {
            return Err(RulesError::Invalid {
                file: next,
                key: KeyPath::new(["extends"]),
                at: extends_location(&text),
                message: format!(
                    "a house file given as text extends only a shipped ruleset ({}): no file is read for it",
                    shipped_list()
                ),
            });
        }
        canonical.push(path);
        files.push(HouseFile {
            label: next,
            text,
            file,
        });
        match below {
            Some(below) => next = below,
            None => {
                return Ok(Chain {
                    files,
                    shipped: None,
                });
            }
        }
    }
}

/// What `extends = "base"` in the file at `label` names: a relative path is taken from the
/// file's folder.
fn relative_to(label: &str, base: &str) -> String {
    if !is_path(base) || Path::new(base).is_absolute() {
        return base.to_string();
    }
    Path::new(label)
        .parent()
        .map_or(base.to_string(), |dir| dir.join(base).display().to_string())
}

/// The shipped ruleset names, comma-separated.
fn shipped_list() -> String {
    let names: Vec<&str> = SHIPPED.iter().map(|(name, _)| *name).collect();
    names.join(", ")
}

/// Where `extends` is written in `text` (looked up only for an error).
fn extends_location(text: &str) -> Option<Location> {
    Location::of_key(text, &KeyPath::new(["extends"]))
}

/// `a.toml:1 → b.toml:2 → next`: each file with the line of its `extends`.
fn chain_text(files: &[HouseFile], next: &str) -> String {
    let mut chain: Vec<String> = files
        .iter()
        .map(|house| {
            let line = extends_location(&house.text).map_or(1, |at| at.line);
            format!("{}:{line}", house.label)
        })
        .collect();
    chain.push(next.to_string());
    chain.join(" → ")
}

/// The error for a file that could not be opened: `--rules sanma.toml` where no such file
/// exists meant the shipped ruleset.
fn unreadable(label: &str, source: std::io::Error) -> RulesError {
    let stem = Path::new(label)
        .file_stem()
        .and_then(|s| s.to_str())
        .filter(|stem| SHIPPED.iter().any(|(name, _)| name == stem));
    match stem {
        Some(stem) if source.kind() == std::io::ErrorKind::NotFound => RulesError::Invalid {
            file: label.to_string(),
            key: KeyPath(Vec::new()),
            at: None,
            message: format!(
                "no such file; the shipped ruleset is named without a path or .toml: `--rules {stem}`"
            ),
        },
        _ => RulesError::Io {
            file: label.to_string(),
            source,
        },
    }
}

/// A house file's text given rather than read, held to the same size bound.
fn given_text(text: &str, label: &str) -> Result<String, RulesError> {
    match u64::try_from(text.len()) {
        Ok(size) if size <= MAX_HOUSE_BYTES => Ok(text.to_string()),
        _ => Err(RulesError::TooLarge {
            file: label.to_string(),
            above: 0,
            most: MAX_HOUSE_BYTES,
        }),
    }
}

/// The text of the ruleset file at `path` (reached as `label`): only a regular file (a
/// device, a FIFO or a folder is refused before it is opened, so that none is waited on or
/// read without end), checked again on the opened file, and at most `left` bytes, what the
/// files above it left of [`MAX_HOUSE_BYTES`].
fn read_ruleset_file(path: &Path, label: &str, left: u64) -> Result<String, RulesError> {
    let io = |source| RulesError::Io {
        file: label.to_string(),
        source,
    };
    let regular = |kind: std::fs::FileType| match kind.is_file() {
        true => Ok(()),
        false => Err(RulesError::NotAFile {
            file: label.to_string(),
            kind: kind_name(kind),
        }),
    };
    regular(std::fs::metadata(path).map_err(io)?.file_type())?;
    let file = std::fs::File::open(path).map_err(io)?;
    let metadata = file.metadata().map_err(io)?;
    regular(metadata.file_type())?;
    let too_large = || RulesError::TooLarge {
        file: label.to_string(),
        above: MAX_HOUSE_BYTES.saturating_sub(left),
        most: MAX_HOUSE_BYTES,
    };
    if metadata.len() > left {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(left.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    match u64::try_from(bytes.len()) {
        Ok(read) if read <= left => String::from_utf8(bytes).map_err(|err| {
            let (line, column) = crate::utf8::first_bad_byte(err.as_bytes()).unwrap_or((1, 1));
            RulesError::NotUtf8 {
                file: label.to_string(),
                line,
                column,
            }
        }),
        _ => Err(too_large()),
    }
}

/// What a file that is not a regular file is.
fn kind_name(kind: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else {
        "a special file"
    }
}
