//! Build-time inputs: the scoring cases of `tests/cases/*.txt` for the rules reference (the
//! near-miss hand a criterion's card shows is taken from them, `src/reference/near_miss.rs`),
//! and every shipped ruleset (`rules/*.toml`), laid over the shipped rulesets it `extends`,
//! in a compact form the binary deserialises without scanning text, so that one `mj3 score`
//! starts quickly under every shipped ruleset (the TOML text of each file stays in the binary
//! for error locations and `sources` checks).

use std::{collections::BTreeMap, env, fs, path::Path};

fn main() {
    embed_case_files();
    shipped_rulesets_embedded();
}

/// Writes `case_files.rs`: every `tests/cases/*.txt` file, its name and its text.
fn embed_case_files() {
    let dir = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap_or_default()).join("tests/cases");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "txt"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut out = String::from("/// Every `tests/cases/*.txt` file: its name and its text.\n");
    out.push_str("pub const CASE_FILES: &[(&str, &str)] = &[\n");
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        out.push_str(&format!(
            "    ({name:?}, include_str!({:?})),\n",
            path.display().to_string()
        ));
    }
    out.push_str("];\n");
    let target = Path::new(&env::var("OUT_DIR").unwrap_or_default()).join("case_files.rs");
    if let Err(e) = fs::write(&target, out) {
        panic!("could not write {}: {e}", target.display());
    }
}

/// Writes `rules/NAME.words`, `rules/NAME.txt` and `rules/NAME.layers` for every
/// `rules/NAME.toml`: the ruleset with every shipped ruleset it `extends` laid under it (so
/// that a preset loads in one step, as its base does), as a flat array of numbers and its
/// text, in the form `src/rules/embedded.rs` reads (its doc comment describes it), so that
/// the binary loads a shipped ruleset without scanning text and with no pointers in its
/// static data (which a position-independent binary would relocate one by one at every
/// start); and the names of its layers, bottom first, for placing errors in their files.
fn shipped_rulesets_embedded() {
    println!("cargo::rerun-if-changed=rules");
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("rules");
    fs::create_dir_all(&out).expect("OUT_DIR is writable");
    let mut tables = BTreeMap::new();
    for entry in fs::read_dir("rules").expect("the rules/ folder is readable") {
        let path = entry.expect("rules/ lists").path();
        if path.extension().is_none_or(|ext| ext != "toml") {
            continue;
        }
        println!("cargo::rerun-if-changed={}", path.display());
        let text = fs::read_to_string(&path).expect("a shipped ruleset is readable");
        let table: toml::Table = text
            .parse()
            .unwrap_or_else(|err| panic!("{}: {err}", path.display()));
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a file name");
        tables.insert(name.to_string(), table);
    }
    for name in tables.keys() {
        let layers = layers_of(name, &tables);
        let mut merged = toml::Table::new();
        for layer in &layers {
            let mut table = tables[*layer].clone();
            table.remove("extends");
            overlay(&mut merged, table);
        }
        let mut form = Embedded::default();
        form.table(&merged);
        let words: Vec<String> = form.words.iter().map(u32::to_string).collect();
        let words = format!("[{}]", words.join(","));
        let layers = format!("{layers:?}");
        let write = |extension: &str, contents: &str| {
            fs::write(out.join(name).with_extension(extension), contents)
                .expect("OUT_DIR is writable");
        };
        write("words", &words);
        write("txt", &form.text);
        write("layers", &layers);
    }
}

/// `name` and every shipped ruleset below it by `extends`, bottom first. A shipped ruleset
/// extends only another shipped ruleset, by name, and never goes round in a circle.
fn layers_of<'a>(name: &'a str, tables: &'a BTreeMap<String, toml::Table>) -> Vec<&'a str> {
    let mut layers = vec![name];
    let mut top = name;
    while let Some(base) = tables[top].get("extends") {
        let base = base
            .as_str()
            .filter(|base| tables.contains_key(*base))
            .unwrap_or_else(|| panic!("rules/{top}.toml: `extends` names no shipped ruleset"));
        assert!(
            !layers.contains(&base),
            "rules/{name}.toml: `extends` goes round in a circle: {layers:?}"
        );
        layers.push(base);
        top = base;
    }
    layers.reverse();
    layers
}

/// Lays `top` over `base` as loading lays a house file over its base: tables merge key by
/// key (a key new to the base goes last), any other value replaces the base's.
fn overlay(base: &mut toml::Table, top: toml::Table) {
    for (key, value) in top {
        match (base.get_mut(&key), value) {
            (Some(toml::Value::Table(below)), toml::Value::Table(above)) => overlay(below, above),
            (_, value) => {
                base.insert(key, value);
            }
        }
    }
}

/// A TOML document being written in the embedded form.
#[derive(Default)]
struct Embedded {
    words: Vec<u32>,
    text: String,
}

// The tags of the embedded form, shared with `src/rules/embedded.rs`.
#[path = "src/rules/embedded_tags.rs"]
mod embedded_tags;
use embedded_tags::{ARRAY, FALSE, INTEGER, TABLE, TEXT, TRUE};

impl Embedded {
    fn number(&mut self, n: usize) {
        self.words
            .push(u32::try_from(n).expect("a shipped ruleset is under 4 GiB"));
    }

    /// The start and end of `text` in the text.
    fn text(&mut self, text: &str) {
        self.number(self.text.len());
        self.text.push_str(text);
        self.number(self.text.len());
    }

    fn table(&mut self, table: &toml::Table) {
        self.words.push(TABLE);
        self.number(table.len());
        for (key, value) in table {
            self.text(key);
            self.value(value);
        }
    }

    /// A float or a date and time, which no ruleset key takes, is written as its text.
    fn value(&mut self, value: &toml::Value) {
        match value {
            toml::Value::Boolean(flag) => self.words.push(if *flag { TRUE } else { FALSE }),
            toml::Value::Integer(number) => {
                let bits = number.to_le_bytes();
                let (low, high) = bits.split_at(4);
                self.words.push(INTEGER);
                for half in [low, high] {
                    let half: [u8; 4] = half.try_into().expect("four bytes");
                    self.words.push(u32::from_le_bytes(half));
                }
            }
            toml::Value::String(text) => {
                self.words.push(TEXT);
                self.text(text);
            }
            toml::Value::Float(_) | toml::Value::Datetime(_) => {
                self.words.push(TEXT);
                self.text(&value.to_string());
            }
            toml::Value::Array(items) => {
                self.words.push(ARRAY);
                self.number(items.len());
                for item in items {
                    self.value(item);
                }
            }
            toml::Value::Table(table) => self.table(table),
        }
    }
}
