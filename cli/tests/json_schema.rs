//! docs/json.md is the schema of every JSON mj3 writes: each of its tables lists the fields of
//! one kind of object. This test runs every command that writes JSON over hands that reach
//! every shape (every case line of `tests/cases/*.txt` under its ruleset, waiting hands, bad
//! lines, several files, a changed ruleset; `--why`, `--all`, `compare`, `criteria` and
//! `rulesets`) and holds the fields written to the fields documented, both ways.

use std::collections::{BTreeMap, BTreeSet};

use assert_cmd::Command;
use serde_json::Value;

/// Where a documented object lies inside another: the heading of the outer object's table,
/// the path of the inner one in it (`[]`: each element of an array), the inner one's heading.
const NESTED: &[(&str, &str, &str)] = &[
    ("A scored line", "score", "A score"),
    ("A scored line", "waits[].score", "A score"),
    ("A scored line", "unready", "`unready`"),
    ("A scored line", "words", "Words"),
    ("Words", "score", "Score words"),
    ("Words", "waits[]", "Score words"),
    ("Words", "unready", "Unready words"),
    ("Unready words", "discards[].waits[]", "Score words"),
    ("A game hand", "wins[].score", "A score"),
    ("The end of a game", "in_play", "The hand in play"),
    (
        "The end of a game",
        "settlement",
        "The settlement of a game",
    ),
    ("A game hand", "happened[]", "An event"),
    ("The hand in play", "happened[]", "An event"),
    ("`unready`", "discards[]", "A discard"),
    ("A discard", "waits[].score", "A score"),
    ("A score", "elements[]", "An element"),
    ("A score", "superseded[]", "An element"),
    ("A score", "totals", TOTALS),
    ("A score", "verdict", "A verdict"),
    ("A score", "payments.seats[]", "A seat payment"),
    ("`mj3 criteria QUERY --json`", "cards[]", "A card"),
    ("A card", "entries[]", "A card entry"),
    ("`mj3 score HAND --why KEY --json`", "why[]", "An answer"),
    (
        "`mj3 score HAND --all --json`",
        "waits[].readings[].score",
        "A score",
    ),
];

/// The four `Totals: …` tables (one per scoring system) describe one object.
const TOTALS: &str = "Totals";

/// Fields by object, each field with every path that leads to it (`context.seat` gives
/// `context` too).
type Fields = BTreeMap<String, BTreeSet<String>>;

/// The object a heading of docs/json.md describes.
fn object_of(heading: &str) -> String {
    if heading.starts_with("Totals:") {
        TOTALS.to_string()
    } else {
        heading.to_string()
    }
}

/// The backticked words of `text`.
fn backticked(text: &str) -> impl Iterator<Item = &str> {
    text.split('`').skip(1).step_by(2)
}

/// Adds `path` and the paths leading to it to `fields`.
fn add_path(fields: &mut BTreeSet<String>, path: &str) {
    for (at, _) in path.match_indices('.') {
        fields.insert(path[..at].trim_end_matches("[]").to_string());
    }
    fields.insert(path.trim_end_matches("[]").to_string());
}

/// The fields one table of docs/json.md lists: a `field` table names them in its first
/// column; a table of variants (its first heading a backticked tag such as `kind`) names the
/// tag and, in its second column before any `:` or `(`, the fields of each variant.
fn table_fields(heading: &str, table: &[Vec<String>], fields: &mut BTreeSet<String>) {
    let header = table.first().expect("a table has a header");
    let rows = table.iter().skip(2);
    match header.first().map(String::as_str) {
        Some("field") => {
            for row in rows {
                for path in backticked(&row[0]) {
                    add_path(fields, path);
                }
            }
        }
        Some(tag) if tag.starts_with('`') => {
            add_path(fields, tag.trim_matches('`'));
            for row in rows {
                let listed = row[1].split([':', '(']).next().unwrap_or("");
                for path in backticked(listed) {
                    add_path(fields, path);
                }
            }
        }
        other => panic!("docs/json.md, {heading}: a table headed {other:?} lists no fields"),
    }
}

/// The fields docs/json.md lists, by object.
fn documented() -> Fields {
    let doc = include_str!("../../docs/json.md");
    let mut fields = Fields::new();
    let mut heading = String::new();
    let mut table: Vec<Vec<String>> = Vec::new();
    let mut in_code = false;
    for line in doc.lines().chain([""]) {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        if line.starts_with('|') {
            let cells = line.trim_matches('|').split('|');
            table.push(cells.map(|cell| cell.trim().to_string()).collect());
            continue;
        }
        if !table.is_empty() {
            let listed = fields.entry(object_of(&heading)).or_default();
            table_fields(&heading, &table, listed);
            table.clear();
        }
        if line.starts_with("## The page's own answers") {
            break; // the web crate's answers: held by web/app/test/core.test.mjs
        }
        if line.starts_with('#') {
            heading = line.trim_start_matches('#').trim().to_string();
        }
    }
    fields
}

/// Adds the fields of `value`, an object of kind `object` found at `path` in it, to `written`.
fn walk(value: &Value, object: &str, path: &str, written: &mut Fields) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                let at = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                add_path(written.entry(object.to_string()).or_default(), &at);
                descend(inner, object, &at, written);
            }
        }
        Value::Array(items) => {
            for item in items {
                descend(item, object, &format!("{path}[]"), written);
            }
        }
        _ => {}
    }
}

/// Walks `value` at `path` of `object`: as an object of its own when it is one of [`NESTED`].
fn descend(value: &Value, object: &str, path: &str, written: &mut Fields) {
    let nested = NESTED
        .iter()
        .find(|(outer, at, _)| *outer == object && *at == path);
    match nested {
        Some((_, _, inner)) => walk(value, inner, "", written),
        None => walk(value, object, path, written),
    }
}

/// Runs `mj3 args` and adds the fields of every JSON record it writes to stdout (one a line;
/// an array is a list of records) to `written`, each record of the object `root` gives it.
fn record(args: &[&str], root: impl Fn(&Value) -> &'static str, written: &mut Fields) {
    let output = Command::cargo_bin("mj3")
        .expect("binary builds")
        .env_remove("NO_COLOR")
        .args(args)
        .output()
        .expect("runs");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(!text.trim().is_empty(), "mj3 {args:?} wrote no JSON");
    for line in text.lines() {
        let value: Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("mj3 {args:?}: not JSON ({e}): {line}"));
        match &value {
            Value::Array(records) => records.iter().for_each(|r| walk(r, root(r), "", written)),
            record => walk(record, root(record), "", written),
        }
    }
}

/// A scored line, a bad line's record or the tally, by its `kind`.
fn line_record(record: &Value) -> &'static str {
    match record["kind"].as_str() {
        Some("error") => "A bad line",
        Some("tally") => "The tally",
        _ => "A scored line",
    }
}

/// A `--brief` record, or a bad line's record.
fn brief_record(record: &Value) -> &'static str {
    if record.get("error").is_some_and(Value::is_object) {
        "A bad line"
    } else {
        "`--brief --json`"
    }
}

/// Every case line's hand (its `@KEY=VALUE` overrides left out) by ruleset, in file order.
fn case_hands() -> BTreeMap<String, Vec<String>> {
    let mut hands: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let cases = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/cases");
    let mut paths: Vec<_> = std::fs::read_dir(cases)
        .expect("tests/cases")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("a case file");
        let mut ruleset = String::new();
        for line in text.lines() {
            let line = line.split('#').next().unwrap_or("").trim();
            if let Some(name) = line.strip_prefix("ruleset:") {
                ruleset = name.trim().to_string();
            } else if let Some((hand, _)) = line.split_once('|') {
                let words: Vec<&str> = hand
                    .split_whitespace()
                    .filter(|w| !w.starts_with('@'))
                    .collect();
                hands
                    .entry(ruleset.clone())
                    .or_default()
                    .push(words.join(" "));
            }
        }
    }
    hands
}

/// The fields written by every command that writes JSON, by object.
fn written() -> Fields {
    let mut written = Fields::new();
    let dir = std::env::temp_dir().join(format!("mj3-json-schema-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    for (ruleset, hands) in case_hands() {
        // Two files (so that each record names its file), then one file with a changed ruleset.
        let (first, second) = hands.split_at(hands.len() / 2);
        let files = [dir.join("first.txt"), dir.join("second.txt")];
        for (file, lines) in files.iter().zip([first, second]) {
            std::fs::write(file, lines.join("\n")).expect("written");
        }
        let [a, b] = files.map(|f| f.to_string_lossy().into_owned());
        let batch = ["batch", "--json", "--summary", "json", "--rules", &ruleset];
        record(&[&batch[..], &[&a, &b]].concat(), line_record, &mut written);
        let brief = ["batch", "--json", "--brief", "--rules", &ruleset];
        record(
            &[&brief[..], &[&a, &b]].concat(),
            brief_record,
            &mut written,
        );
        let changed = ["--set", "title=\"changed\"", &a];
        record(&[&batch[..], &changed].concat(), line_record, &mut written);
        record(
            &[&batch[..], &["--words", &a, &b]].concat(),
            line_record,
            &mut written,
        );
        record(
            &["criteria", "--json", "--rules", &ruleset],
            |_| "`mj3 criteria --json`",
            &mut written,
        );
    }
    // Two records that stop inside a hand: a riichi, a tenpai and a nagashi named (`sanma`),
    // a kong and a bonus set paid on the spot (`malaysian`).
    for (name, text) in [
        (
            "sanma-in-play.txt",
            "ruleset sanma\nplayers Ann Ben Cat\nset game.nagashi-mangan=true\nset game.own-tiles-wait=\"tenpai-unless-concealed\"\ntenpai Ben: 12s44466688p [3333s]\ndraw\nriichi Ben\ntenpai Ben\nnagashi Cat\n",
        ),
        (
            "malaysian-in-play.txt",
            "ruleset malaysian\nplayers Ann Ben Cat\ncorrect Ann +100 Ben -100\nkong Cat 5p concealed\nbonus-set Ann flowers dealt\n",
        ),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, text).expect("written");
        record(
            &["game", "--json", &file.to_string_lossy()],
            |r| match r["kind"].as_str() {
                Some("end") => "The end of a game",
                _ => "A game hand",
            },
            &mut written,
        );
    }
    std::fs::remove_dir_all(&dir).expect("removed");
    record(
        &["score", "--json", "123p456m999s EEE wx"],
        line_record,
        &mut written,
    );
    // A hand the ruleset refuses, said with its source apart (`--words`).
    record(
        &[
            "score",
            "--json",
            "--words",
            "-r",
            "sanma",
            "123p456p789p EE 3m NN",
        ],
        line_record,
        &mut written,
    );
    // Every example game of docs/examples (one per system).
    let examples = format!("{}/../docs/examples", env!("CARGO_MANIFEST_DIR"));
    let mut games: Vec<String> = std::fs::read_dir(&examples)
        .expect("docs/examples")
        .map(|entry| entry.expect("an entry").path().display().to_string())
        .filter(|path| path.ends_with("-game.txt"))
        .collect();
    games.sort();
    assert!(games.len() >= 6, "the example games: {games:?}");
    for file in games {
        record(
            &["game", "--json", &file],
            |r| match r["kind"].as_str() {
                Some("end") => "The end of a game",
                _ => "A game hand",
            },
            &mut written,
        );
    }
    let night: Vec<String> = ["sanma", "sanma-tenhou", "sanma-dealer-stops"]
        .iter()
        .map(|n| format!("{examples}/{n}-game.txt"))
        .collect();
    for rate in [None, Some("0.5")] {
        let mut args = vec!["evening", "--json"];
        args.extend(night.iter().map(String::as_str));
        args.extend(rate.map(|r| ["--rate", r]).into_iter().flatten());
        record(&args, |_| "`mj3 evening FILE… --json`", &mut written);
    }
    record(
        &["rulesets", "--json"],
        |_| "`mj3 rulesets --json`",
        &mut written,
    );
    record(
        &[
            "rulesets",
            "--diff",
            "sanma-tenhou",
            "sanma-mahjongsoul",
            "--json",
        ],
        |_| "`mj3 rulesets --diff A B --json`",
        &mut written,
    );
    for query in ["tanyao", "red fives", "winning bonus", "dragon"] {
        record(
            &["criteria", "--all", "--json", query],
            |_| "`mj3 criteria QUERY --json`",
            &mut written,
        );
    }
    // A hand some rulesets refuse, a waiting one and one with no winning shape.
    for hand in [
        "234p567p678s99s234s riichi tsumo",
        "123p456p789p EEE 9p",
        "1239p45p19s EEwgr5p",
    ] {
        record(
            &["compare", "--json", hand],
            |_| "`mj3 compare HAND --json`",
            &mut written,
        );
    }
    // Short answers: a complete hand, a waiting one, one with no winning shape, refused.
    for hand in [
        "234p567p678s99s234s riichi tsumo",
        "123p456p789p EEE 9p",
        "1239p45p19s EEwgr5p",
    ] {
        record(
            &["compare", "--json", "--brief", hand],
            brief_record,
            &mut written,
        );
        record(
            &["score", "--json", "--brief", hand],
            brief_record,
            &mut written,
        );
    }
    // Counted, missing, removed, absent, switched off, unknown, and answers per winning tile.
    let why = [
        ("sanma", "234p567p678s99s234s ron", "xyzzy"),
        ("sanma", "234p567p678s99s234s ron", "haneman"),
        ("sanma", "234p567p678s99s234s ron", "pinfu"),
        ("sanma", "123p567p678s99s234s ron", "tanyao"),
        ("sanma", "[222p] 345p567p678s88s ron seat=S", "tanyao"),
        ("malaysian", "123p456p789p EEE 99p tsumo", "riichi"),
        ("sanma", "234p567p678s99s234s ron", "red fives"),
        ("sanma", "234p567p678s99s23s ron", "pinfu"),
    ];
    for (ruleset, hand, key) in why {
        record(
            &["score", "--json", "--rules", ruleset, hand, "--why", key],
            |_| "`mj3 score HAND --why KEY --json`",
            &mut written,
        );
    }
    for (ruleset, hand) in [
        ("sanma", "222333444p678s99s riichi ron win=4p seat=S"),
        ("sanma", "234p567p678s99s23s ron"),
        ("malaysian", "123p456pJ89p EEE 99p tsumo"),
    ] {
        record(
            &["score", "--json", "--all", "--rules", ruleset, hand],
            |_| "`mj3 score HAND --all --json`",
            &mut written,
        );
    }
    written
}

#[test]
fn the_fields_written_are_the_fields_docs_json_md_lists() {
    let documented = documented();
    let written = written();
    let objects: BTreeSet<&String> = documented.keys().chain(written.keys()).collect();
    let mut wrong = Vec::new();
    for object in objects {
        let listed = documented.get(object).cloned().unwrap_or_default();
        let seen = written.get(object).cloned().unwrap_or_default();
        let unlisted: Vec<&String> = seen.difference(&listed).collect();
        let unseen: Vec<&String> = listed.difference(&seen).collect();
        if !unlisted.is_empty() {
            wrong.push(format!(
                "{object}: written, not in docs/json.md: {unlisted:?}"
            ));
        }
        if !unseen.is_empty() {
            wrong.push(format!(
                "{object}: in docs/json.md, never written: {unseen:?}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
