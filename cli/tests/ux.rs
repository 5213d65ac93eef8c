//! What a new user meets first: help fitted to the terminal, a rules diff by rule, a criteria
//! lookup that answers one question, and hints where the notation is guessed.

use assert_cmd::Command;

/// `mj3` with no colour and no width of its own: each test says the width it runs at.
fn mj3() -> Command {
    let mut cmd = Command::cargo_bin("mj3").expect("binary builds");
    cmd.env_remove("NO_COLOR").env_remove("COLUMNS");
    cmd
}

/// The widths a test runs at: a pipe (no `COLUMNS`: 80), then 80 and 120 columns.
const WIDTHS: [Option<usize>; 3] = [None, Some(80), Some(120)];

/// Runs `mj3 args` at `width` (`None`: a pipe without `COLUMNS`) and returns its output.
fn run_at(width: Option<usize>, args: &[&str]) -> std::process::Output {
    let mut cmd = mj3();
    if let Some(width) = width {
        cmd.env("COLUMNS", width.to_string());
    }
    cmd.args(args).output().expect("runs")
}

/// stdout and stderr of `output` as text.
fn texts(output: &std::process::Output) -> (String, String) {
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Runs `mj3 args` at `width`, asserts the exit code, and returns stdout and stderr.
fn run_ok(width: Option<usize>, args: &[&str], code: i32) -> (String, String) {
    let output = run_at(width, args);
    let (stdout, stderr) = texts(&output);
    assert_eq!(
        output.status.code(),
        Some(code),
        "mj3 {args:?}\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    (stdout, stderr)
}

/// Asserts that no line of `text` is wider than `width` columns (every character the
/// commands under test print is one column wide).
fn fits(text: &str, width: usize, what: &str) {
    for line in text.lines() {
        assert!(
            line.chars().count() <= width,
            "{what}: a line of {} columns at {width}:\n{line}\n\n{text}",
            line.chars().count()
        );
    }
}

/// Asserts that `mj3 args` fits the terminal at every width of [`WIDTHS`], stdout and stderr.
fn fits_every_width(args: &[&str], code: i32) {
    for width in WIDTHS {
        let (stdout, stderr) = run_ok(width, args, code);
        let columns = width.unwrap_or(80);
        fits(&stdout, columns, &format!("mj3 {args:?} at {width:?}"));
        fits(
            &stderr,
            columns,
            &format!("mj3 {args:?} (stderr) at {width:?}"),
        );
    }
}

#[test]
fn help_is_wrapped_to_the_terminal() {
    let commands: [&[&str]; 8] = [
        &["--help"],
        &["score", "--help"],
        &["batch", "--help"],
        &["rulesets", "--help"],
        &["criteria", "--help"],
        &["compare", "--help"],
        &["completions", "--help"],
        &["man", "--help"],
    ];
    for args in commands {
        fits_every_width(args, 0);
    }
    // Wrapped, not cut: every word of a long option help is still there.
    let (help, _) = run_ok(Some(80), &["score", "--help"], 0);
    let words: Vec<&str> = help.split_whitespace().collect();
    assert!(
        words
            .windows(3)
            .any(|w| w == ["the", "rule", "that"] || w == ["rule", "that", "picked"]),
        "{help}"
    );
}

/// The error `mj3 score LINE` (with `args` before it) writes, at 400 columns so that it is
/// one line, and asserts it exits 2.
fn score_error(args: &[&str], line: &str) -> String {
    let mut all = vec!["score"];
    all.extend_from_slice(args);
    all.push(line);
    let (_, stderr) = run_ok(Some(400), &all, 2);
    stderr
}

#[test]
fn a_set_left_open_is_named_with_a_caret_under_its_bracket() {
    for (line, open, close) in [
        ("123p456m99s [EEE ww tsumo", '[', ']'),
        ("123p456m99s (EEEE ww tsumo", '(', ')'),
    ] {
        let stderr = score_error(&[], line);
        assert!(
            stderr.contains(&format!("'{open}' is not closed (expected '{close}'")),
            "{stderr}"
        );
        let caret = stderr.lines().last().expect("a caret line");
        assert_eq!(
            caret.trim_end(),
            format!("  {}^", " ".repeat(12)),
            "{stderr}"
        );
    }
}

#[test]
fn guessed_notation_gets_the_notations_own_word() {
    let cases = [
        ("123p456m99s EEE ww tsumo kita=2", "did you mean '+NN'?"),
        (
            "123p456m99s EEE ww tsumo 123b",
            "did you mean 's'? (bamboo is s)",
        ),
        ("123p456m999s EEE ww self-draw", "did you mean 'tsumo'?"),
        (
            "123p456m99s EEE ww tsumo seat=south",
            "did you mean 'seat=S'?",
        ),
    ];
    for (line, hint) in cases {
        let stderr = score_error(&["-r", "sanma"], line);
        assert!(stderr.contains(hint), "{line}: {stderr}");
    }
}

#[test]
fn the_known_words_are_those_the_ruleset_reads() {
    let korean = score_error(&[], "123p456m999s EEE ww tsumo foo");
    assert!(
        korean.contains("expected tiles or a word korean reads: tsumo, ron, riichi"),
        "{korean}"
    );
    assert!(!korean.contains("ippatsu"), "{korean}");
    let sanma = score_error(&["-r", "sanma"], "123p456m999s EEE ww tsumo foo");
    assert!(sanma.contains("a word sanma reads:"), "{sanma}");
    assert!(sanma.contains("ippatsu"), "{sanma}");
    assert!(!sanma.contains("double-replacement"), "{sanma}");
    let keys = score_error(&[], "123p456m999s EEE ww tsumo foo=1");
    assert!(keys.contains("a key korean reads: ron=, seat="), "{keys}");
    assert!(!keys.contains("ura="), "{keys}");
    // An option that switches on a criterion that reads a key lists the key.
    let dora = score_error(
        &["--set", "options.dead-wall-dora=true"],
        "123p456m999s EEE ww tsumo foo=1",
    );
    assert!(dora.contains("dora="), "{dora}");
}

/// A folder of its own for one test's house files, removed when dropped.
struct Folder(std::path::PathBuf);

impl Folder {
    fn new(test: &str) -> Folder {
        let dir = std::env::temp_dir().join(format!("mj3-ux-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        Folder(dir)
    }

    /// Writes `text` to the file `name` in the folder and returns its path.
    fn file(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("a house file");
        path.to_string_lossy().into_owned()
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn unknown_house_file_fields_and_ruleset_names_get_did_you_mean() {
    let folder = Folder::new("did-you-mean");
    let hand = "123p456m999s EEE ww tsumo";
    let cases = [
        (
            folder.file(
                "table.toml",
                "extends = \"korean\"\n[optons]\nkuitan = true\n",
            ),
            "unknown field `optons` (did you mean `options`?)",
        ),
        (
            folder.file(
                "option.toml",
                "extends = \"korean\"\n[options]\nred-dra = true\n",
            ),
            "unknown field `red-dra` (did you mean `red-dora`?)",
        ),
        (
            folder.file(
                "value.toml",
                "extends = \"korean\"\n[criteria.kong]\nvaleu = 2\n",
            ),
            "unknown field `valeu` (did you mean `value`?)",
        ),
        (
            folder.file("base.toml", "extends = \"korea\"\n"),
            "names no shipped ruleset (did you mean `korean`?)",
        ),
        (
            "koreann".to_string(),
            "no ruleset named `koreann` (did you mean `korean`?)",
        ),
        (
            "tenhou".to_string(),
            "no ruleset named `tenhou` (did you mean `sanma-tenhou`?)",
        ),
    ];
    for (rules, said) in cases {
        let (_, stderr) = run_ok(Some(400), &["score", "-r", &rules, hand], 3);
        assert!(stderr.contains(said), "{rules}: {stderr}");
    }
    let (_, stderr) = run_ok(
        Some(400),
        &["score", "--set", "options.red-dra=true", hand],
        3,
    );
    assert!(stderr.contains("(did you mean `red-dora`?)"), "{stderr}");
}

#[test]
fn a_house_file_without_a_name_is_called_by_its_stem() {
    let folder = Folder::new("stem");
    let house = folder.file(
        "friday-night.toml",
        "extends = \"korean\"\n[criteria.kong]\nvalue = 2\n",
    );
    let (table, _) = run_ok(
        Some(400),
        &["score", "-r", &house, "123p456m999s EEE ww tsumo"],
        0,
    );
    assert!(
        table.contains(&format!("ruleset friday-night from {house} on korean")),
        "{table}"
    );
    let (json, _) = run_ok(
        Some(400),
        &["score", "--json", "-r", &house, "123p456m999s EEE ww tsumo"],
        0,
    );
    assert!(json.contains("\"ruleset\":\"friday-night\""), "{json}");
    // A name written in the file is kept.
    let named = folder.file(
        "named.toml",
        "extends = \"korean\"\nname = \"ours\"\n[criteria.kong]\nvalue = 2\n",
    );
    let (table, _) = run_ok(
        Some(400),
        &["score", "-r", &named, "123p456m999s EEE ww tsumo"],
        0,
    );
    assert!(table.contains("ruleset ours from"), "{table}");
}

#[test]
fn the_rules_diff_is_by_rule_and_fits_the_terminal() {
    fits_every_width(&["rulesets", "--diff", "korean", "sanma"], 0);
    fits_every_width(&["rulesets", "--diff", "sanma", "sanma-tenhou"], 0);
    let (text, _) = run_ok(None, &["rulesets", "--diff", "korean", "sanma"], 0);
    for said in [
        "Scoring: korean counts hand-points and bonus-points (points system); sanma",
        "Criteria in both",
        "All pongs: 3 hand-points",
        "Toitoi (All Pongs): 2 han",
        "Only in korean",
        "Only in sanma",
        "Tanyao (All Simples)",
        "Minimum to win",
    ] {
        assert!(text.contains(said), "{said}:\n{text}");
    }
    assert!(!text.contains("criteria.dragon-pong.check"), "{text}");
    assert!(text.lines().count() < 250, "{} lines", text.lines().count());
    // Within one system only what differs, options included.
    let (text, _) = run_ok(None, &["rulesets", "--diff", "sanma", "sanma-tenhou"], 0);
    for said in [
        "Options that differ",
        "kuitan: All simples (tanyao) counts in an open hand",
        "Criteria valued differently",
        "Tanyao (All Simples): 1 han, closed",
    ] {
        assert!(text.contains(said), "{said}:\n{text}");
    }
    assert!(!text.contains("Scoring:"), "{text}");
    // The raw field diff is the JSON.
    let (json, _) = run_ok(
        None,
        &["rulesets", "--diff", "korean", "sanma", "--json"],
        0,
    );
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let keys: Vec<&str> = value["differences"]
        .as_array()
        .expect("differences")
        .iter()
        .filter_map(|d| d["key"].as_str())
        .collect();
    assert!(keys.contains(&"criteria.dragon-pong.check"), "{keys:?}");
}

#[test]
fn a_house_file_is_diffed_by_its_name_against_its_base() {
    let folder = Folder::new("diff");
    let house = folder.file(
        "friday.toml",
        "extends = \"korean\"\n[criteria.kong]\nvalue = 2\n[criteria.seven-pairs]\nenabled = false\n",
    );
    let (text, _) = run_ok(Some(80), &["rulesets", "--diff", "korean", &house], 0);
    for said in [
        "Criteria valued differently (2):",
        "Kong: 1 hand-point",
        "Kong: 2 hand-points",
        "Seven pairs: 3 hand-points (off)",
        "0 settings, 0 game rules and 0 options differ; criteria: 2 valued",
    ] {
        assert!(text.contains(said), "{said}:\n{text}");
    }
    let (same, _) = run_ok(Some(80), &["rulesets", "--diff", "korean", "korean"], 0);
    assert!(
        same.contains("korean and korean agree on every rule"),
        "{same}"
    );
}

/// The entry lines of the cards a `criteria` answer shows (`RULESET › KEY — NAME`).
fn entries(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| !l.starts_with(' ') && l.contains(" › "))
        .collect()
}

#[test]
fn criteria_answers_one_question_first() {
    for query in ["triplets", "yakuhai", "tanyao", "13 orphans"] {
        fits_every_width(&["criteria", query], 0);
    }
    let (text, _) = run_ok(None, &["criteria", "triplets"], 0);
    assert_eq!(entries(&text), ["korean › all-pongs — All pongs"], "{text}");
    // The value in every ruleset side by side.
    for ruleset in ["korean-lite", "malaysian", "sanma-mahjongsoul"] {
        assert!(
            text.contains(&format!("│ {ruleset} ")),
            "{ruleset}:\n{text}"
        );
    }
    assert!(
        text.contains("Also matching \"triplets\": Dragon pong;"),
        "{text}"
    );
    assert!(
        text.lines().count() < 60,
        "{} lines:\n{text}",
        text.lines().count()
    );
    let (yakuhai, _) = run_ok(None, &["criteria", "yakuhai"], 0);
    assert_eq!(entries(&yakuhai).len(), 1, "{yakuhai}");
    assert!(yakuhai.lines().count() < 60, "{yakuhai}");
    // Every card of every match in every ruleset.
    let (all, _) = run_ok(None, &["criteria", "yakuhai", "--all"], 0);
    assert!(entries(&all).len() > 10, "{all}");
    // One ruleset's card with -r; the default ruleset's else, or the first that has it.
    let (sanma, _) = run_ok(None, &["criteria", "triplets", "-r", "sanma"], 0);
    assert_eq!(
        entries(&sanma),
        ["sanma › toitoi — Toitoi (All Pongs)"],
        "{sanma}"
    );
    let (tanyao, _) = run_ok(None, &["criteria", "tanyao"], 0);
    assert_eq!(
        entries(&tanyao),
        ["sanma › tanyao — Tanyao (All Simples)"],
        "{tanyao}"
    );
}

#[test]
fn the_side_by_side_table_compares_like_with_like() {
    // Korean's all simples allows terminals: not in tanyao's table, but named after it.
    let (tanyao, _) = run_ok(None, &["criteria", "tanyao"], 0);
    assert!(!tanyao.contains("│ korean "), "{tanyao}");
    assert!(
        tanyao.contains("Also matching \"tanyao\": All simples (no honours)"),
        "{tanyao}"
    );
    let (korean, _) = run_ok(None, &["criteria", "tanyao", "-r", "korean"], 0);
    assert_eq!(
        entries(&korean),
        ["korean › no-honours — All simples (no honours)"],
        "{korean}"
    );
    assert!(!korean.contains("│ sanma "), "{korean}");
    // An extra shows the total it reaches with what it adds to.
    let (extra, _) = run_ok(Some(120), &["criteria", "seat wind pong"], 0);
    assert!(
        extra.contains("1 hand-point (2 hand-points with Wind pong)"),
        "{extra}"
    );
    assert!(
        extra.contains("→ on top of Wind pong: 2 hand-points in all"),
        "{extra}"
    );
}

#[test]
fn a_criterion_missing_from_the_ruleset_names_the_rulesets_that_have_it() {
    let (text, _) = run_ok(Some(400), &["criteria", "ippatsu", "-r", "korean"], 1);
    assert!(
        text.starts_with(
            "Ippatsu (One Shot): korean has no such criterion; it is in sanma (ippatsu), \
             sanma-honshu (ippatsu)"
        ),
        "{text}"
    );
    assert!(text.contains("│ sanma-tenhou "), "{text}");
    assert!(entries(&text).is_empty(), "{text}");
    let (_, stderr) = run_ok(None, &["criteria", "xyzzy", "-r", "korean"], 1);
    assert!(
        stderr.contains("no criterion of ruleset korean or any"),
        "{stderr}"
    );
}
