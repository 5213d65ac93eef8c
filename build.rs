//! Build-time inputs: the scoring cases of `tests/cases/*.txt` for the rules reference (the
//! near-miss hand a criterion's card shows is taken from them, `src/reference/near_miss.rs`),
//! and every shipped ruleset (`rules/*.toml`) converted to compact JSON, which the binary reads
//! several times faster than the TOML, so that one `mj3 score` starts quickly (the TOML text
//! stays in the binary for error locations and `sources` checks).

use std::{env, fs, path::Path};

fn main() {
    embed_case_files();
    shipped_rulesets_as_json();
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

/// Writes `rules/NAME.json` for every `rules/NAME.toml`.
fn shipped_rulesets_as_json() {
    println!("cargo::rerun-if-changed=rules");
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("rules");
    fs::create_dir_all(&out).expect("OUT_DIR is writable");
    let entries = fs::read_dir("rules").expect("the rules/ folder is readable");
    for entry in entries {
        let path = entry.expect("rules/ lists").path();
        if path.extension().is_none_or(|ext| ext != "toml") {
            continue;
        }
        println!("cargo::rerun-if-changed={}", path.display());
        let text = fs::read_to_string(&path).expect("a shipped ruleset is readable");
        // A ruleset that is not TOML is left to the TOML loader's own error (tests load
        // every shipped ruleset); here it becomes an empty document.
        let table: toml::Table = text.parse().unwrap_or_default();
        let json = serde_json::to_string(&table).expect("a TOML table converts to JSON");
        let name = path.file_stem().expect("a file name");
        fs::write(out.join(name).with_extension("json"), json).expect("OUT_DIR is writable");
    }
}
