//! The scoring cases of `tests/cases/*.txt`, read line by line for the case runner
//! (`cases.rs`).

/// One case line of a case file.
pub struct CaseLine {
    /// The file's name (`sanma.txt`), for failure messages.
    #[allow(dead_code)] // each test crate compiles this file; not all of them name the file
    pub file: String,
    /// The 1-based line number.
    pub number: usize,
    /// The `ruleset:` in force, if one came before.
    pub ruleset: Option<String>,
    /// The line without its ` #` comment and surrounding spaces.
    pub text: String,
}

/// Every line of every case file that is not blank, a comment or a `ruleset:` line, the
/// files in name order.
pub fn case_lines() -> Vec<CaseLine> {
    let mut paths: Vec<_> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cases"))
        .expect("tests/cases exists")
        .map(|entry| entry.expect("readable entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    let mut lines = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("readable case file");
        let file = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut ruleset = None;
        for (index, raw) in text.lines().enumerate() {
            let line = raw.split(" #").next().unwrap_or("").trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(name) = line.strip_prefix("ruleset:") {
                ruleset = Some(name.trim().to_string());
                continue;
            }
            lines.push(CaseLine {
                file: file.clone(),
                number: index + 1,
                ruleset: ruleset.clone(),
                text: line.to_string(),
            });
        }
    }
    lines
}
