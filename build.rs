//! Converts every shipped ruleset (`rules/*.toml`) to compact JSON at build time: the binary
//! reads a shipped ruleset from that form, several times faster than parsing its TOML, so
//! that one `mj3 score` starts quickly. The TOML text stays in the binary for error
//! locations and `sources` checks.

use std::path::Path;

fn main() {
    println!("cargo::rerun-if-changed=rules");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("rules");
    std::fs::create_dir_all(&out).expect("OUT_DIR is writable");
    let entries = std::fs::read_dir("rules").expect("the rules/ folder is readable");
    for entry in entries {
        let path = entry.expect("rules/ lists").path();
        if path.extension().is_none_or(|ext| ext != "toml") {
            continue;
        }
        println!("cargo::rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path).expect("a shipped ruleset is readable");
        // A ruleset that is not TOML is left to the TOML loader's own error (tests load
        // every shipped ruleset); here it becomes an empty document.
        let table: toml::Table = text.parse().unwrap_or_default();
        let json = serde_json::to_string(&table).expect("a TOML table converts to JSON");
        let name = path.file_stem().expect("a file name");
        std::fs::write(out.join(name).with_extension("json"), json).expect("OUT_DIR is writable");
    }
}
