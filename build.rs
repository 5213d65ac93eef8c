//! Embeds the scoring cases of `tests/cases/*.txt` for the rules reference: the near-miss
//! hand a criterion's card shows is taken from them (`src/reference/near_miss.rs`).

use std::{env, fs, path::Path};

fn main() {
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
