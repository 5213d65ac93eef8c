//! Ruleset loading: shipped rulesets, house files with `extends`, overrides, and errors
//! with file, line and column; plus the source-comment and example rules for `rules/*.toml`.

use std::io::Write;

use mj3::evaluate::Evaluation;
use mj3::rules::{self, RulesError};

fn write_temp(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mj3-rulesets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    let mut file = std::fs::File::create(&path).expect("create temp file");
    file.write_all(text.as_bytes()).expect("write temp file");
    path
}

fn load_text(name: &str, text: &str) -> Result<rules::Ruleset, RulesError> {
    let path = write_temp(name, text);
    rules::load(path.to_str().expect("utf-8 temp path"))
}

/// Asserts that the house file `name` holding `text` fails to load with an error that says
/// every one of `said`, and returns the error.
fn refused(name: &str, text: &str, said: &[&str]) -> RulesError {
    let err = load_text(name, text).expect_err(name);
    let message = err.to_string();
    for part in said {
        assert!(message.contains(part), "{name}: {message}");
    }
    err
}

#[test]
fn every_shipped_ruleset_loads() {
    for name in rules::shipped_names() {
        let ruleset = rules::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(ruleset.name, name);
        assert!(!ruleset.criteria.is_empty(), "{name} has criteria");
    }
}

#[test]
fn house_file_extends_and_changes_values() {
    let house = load_text(
        "house.toml",
        "extends = \"korean\"\nname = \"house\"\n[scoring]\nminimum = 5\n\
         [criteria.seven-pairs]\nvalue = 4\n[criteria.kong]\nenabled = false\n\
         [options]\nred-dora = true\n",
    )
    .expect("house file loads");
    let korean = rules::load("korean").expect("korean loads");
    assert_eq!(house.name, "house");
    assert_eq!(house.minimum, 5);
    assert_eq!(house.find("seven pairs").map(|c| c.value), Some(4));
    assert!(house.find("kong").is_none(), "kong switched off");
    assert!(
        house.find("red-dora").is_some(),
        "option switches its criteria on"
    );
    assert_eq!(house.criteria.len(), korean.criteria.len() - 1 + 2);
    // Untouched values come from the base.
    assert_eq!(house.points.limit, korean.points.limit);
    assert_eq!(house.find("dragon-pong").map(|c| c.value), Some(1));
}

#[test]
fn house_file_can_add_a_criterion_with_a_known_detector() {
    let house = load_text(
        "added.toml",
        "extends = \"korean\"\n[criteria.seven-pairs-bonus]\ncheck = \"seven-pairs\"\n\
         class = \"bonus-point\"\nvalue = 1\nsource = \"house rule\"\n",
    )
    .expect("loads");
    let (_, evaluation) = mj3::score_line("11p22p33m44m99s EE ww tsumo", &house).expect("scores");
    let Evaluation::Complete { score: Some(score) } = evaluation else {
        panic!("complete hand")
    };
    assert!(
        score
            .elements
            .iter()
            .any(|e| &*e.id == "seven-pairs-bonus" && e.points == 1)
    );
}

#[test]
fn unknown_key_names_file_line_and_column() {
    refused(
        "typo.toml",
        "extends = \"korean\"\n\n[scoring]\nminimun = 4\n",
        &["typo.toml", "line 4, column 1", "unknown field `minimun`"],
    );
}

#[test]
fn unknown_criterion_field_and_bad_values_are_errors() {
    refused(
        "field.toml",
        "extends = \"korean\"\n[criteria.kong]\nvalu = 2\n",
        &["line 3, column 1"],
    );
    refused(
        "type.toml",
        "extends = \"korean\"\n[criteria.kong]\nvalue = \"two\"\n",
        &["line 3, column 9"],
    );
    refused(
        "class.toml",
        "extends = \"korean\"\n[criteria.kong]\nclass = \"hand\"\n",
        &["unknown variant `hand`"],
    );
    refused(
        "check.toml",
        "extends = \"korean\"\n[criteria.my-thing]\nclass = \"hand-point\"\nvalue = 1\n",
        &[
            "check.toml: line 2, column 11: `korean` has no criterion `my-thing`",
            "needs `check = ",
        ],
    );
    refused(
        "limits.toml",
        "extends = \"korean\"\n[scoring]\nhalf-limit = 50\n",
        &["half-limit"],
    );
}

#[test]
fn bad_extends_and_cycles_are_errors() {
    refused(
        "koreen.toml",
        "extends = \"koreen\"\n",
        &["koreen.toml", "names no shipped ruleset"],
    );
    write_temp("cycle-b.toml", "extends = \"cycle-a.toml\"\n");
    let err = load_text("cycle-a.toml", "extends = \"cycle-b.toml\"\n").expect_err("cycle");
    assert!(matches!(err, RulesError::Cycle(_)), "{err}");
    let err = rules::load("/nonexistent/house.toml").expect_err("missing file");
    assert!(matches!(err, RulesError::Io { .. }), "{err}");
}

#[test]
fn overrides_set_values() {
    let rules = rules::load_with(
        "korean",
        &["scoring.minimum=6".into(), "options.red-dora=true".into()],
    )
    .expect("overrides apply");
    assert_eq!(rules.minimum, 6);
    assert!(rules.options.red_dora);
    let err = rules::load_with("korean", &["scoring.minimun=6".into()]).expect_err("typo");
    assert!(
        err.to_string()
            .contains("--set scoring.minimun=6: unknown field"),
        "{err}"
    );
}

/// A layer that changes one criterion leaves the display order alone (it used to move the
/// changed criterion to the end and the last one into its place), and every `[tiles]` key of
/// a layer is kept (`melded-chows-source` was dropped).
#[test]
fn overrides_keep_criterion_order_and_every_tiles_key() {
    let korean = rules::load("korean").expect("korean loads");
    let changed = rules::load_with("korean", &["criteria.dragon-pong.value=2".into()])
        .expect("override applies");
    let ids = |r: &rules::Ruleset| r.criteria.iter().map(|c| c.id.clone()).collect::<Vec<_>>();
    assert_eq!(ids(&changed), ids(&korean));
    assert_eq!(changed.find("dragon-pong").map(|c| c.value), Some(2));
    let sourced = rules::load_with(
        "sanma",
        &["tiles.melded-chows-source=\"house rule\"".into()],
    )
    .expect("override applies");
    assert_eq!(sourced.tiles.melded_chows_source, "house rule");
}

/// Amounts the payment arithmetic multiplies or adds are bounded at load, so that
/// `--set fan.points-per-fan=4294967295` is an error naming the key, not an overflow panic.
#[test]
fn values_that_would_overflow_the_payment_arithmetic_are_errors() {
    for (ruleset, item, key) in [
        (
            "malaysian",
            "fan.points-per-fan=4294967295",
            "`fan.points-per-fan` is 4294967295",
        ),
        (
            "malaysian",
            "fan.base-points=4294967295",
            "`fan.base-points`",
        ),
        (
            "malaysian",
            "fan.self-draw-multiplier=11",
            "`fan.self-draw-multiplier` is 11",
        ),
        ("malaysian", "fan.fly-bonus=1000001", "`fan.fly-bonus`"),
        (
            "korean",
            "criteria.dragon-pong.value=4294967295",
            "`criteria.dragon-pong.value`",
        ),
        ("korean", "scoring.limit=4294967295", "`scoring.limit`"),
        ("sanma", "han.riichi-stick=4294967295", "`han.riichi-stick`"),
        ("malaysian", "tiles.jokers=9", "`tiles.jokers` is 9"),
    ] {
        let err = rules::load_with(ruleset, &[item.into()]).expect_err(item);
        assert!(err.to_string().contains(key), "{item}: {err}");
    }
    // The bounds themselves load and score.
    let rules = rules::load_with(
        "malaysian",
        &[
            "fan.points-per-fan=1000000".into(),
            "fan.base-points=1000000".into(),
            "fan.cap=100".into(),
            "fan.self-draw-multiplier=10".into(),
        ],
    )
    .expect("bounds load");
    mj3::score_line("123p456p789p EEE ww +f2 +h1a3 tsumo", &rules).expect("scores");
    // In a user file the error gives the line of the key.
    refused(
        "huge.toml",
        "extends = \"malaysian\"\n[fan]\npoints-per-fan = 4294967295\n",
        &["line 3, column 1"],
    );
}

/// Keys that describe rather than value; every other `key = value` line in a shipped
/// ruleset must carry a comment naming its source.
const DESCRIPTIVE_KEYS: &[&str] = &[
    "name",
    "title",
    "source",
    "description",
    "example",
    "aliases",
    "check",
    "class",
    "when",
];

#[test]
fn every_value_in_shipped_rulesets_names_its_source() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/rules");
    let seeds = [
        "000_3037644a9b602e62.txt",
        "001_34bfd7e29740032d.txt",
        "002_2d704a5784f2d4f8.txt",
        "003_39dfac9db387ff3e.txt",
        "004_4ac3515904bd79ce.txt",
    ];
    let short = ["000", "001", "002", "003", "004"];
    for entry in std::fs::read_dir(dir).expect("rules dir") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("readable");
        // A preset cites its platform sources by the labels its header defines
        // (`#   [M1] riichi.wiki, "Majsoul" rules ...`); a value may name one of those instead.
        let platform_sources: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("#   ["))
            .filter_map(|l| l.split_once(']'))
            .map(|(label, _)| label)
            .collect();
        for (n, line) in text.lines().enumerate() {
            let code = line.split('#').next().unwrap_or("").trim();
            let Some((key, _)) = code.split_once('=') else {
                continue;
            };
            let key = key.trim();
            if DESCRIPTIVE_KEYS.contains(&key) || key == "extends" || key.ends_with("-source") {
                if key.ends_with("source") {
                    assert!(
                        seeds.iter().any(|s| code.contains(s)),
                        "{}:{}: source names no rule source file: {line}",
                        path.display(),
                        n + 1
                    );
                }
                continue;
            }
            let comment = line.split_once('#').map(|(_, c)| c).unwrap_or("");
            let cites_platform = platform_sources
                .iter()
                .any(|label| comment.contains(&format!("[{label}]")));
            assert!(
                (short.iter().any(|s| comment.contains(s)) && comment.contains('§'))
                    || cites_platform,
                "{}:{}: value without a source comment (file and §section, or a platform source the header lists): {line}",
                path.display(),
                n + 1
            );
        }
    }
}

#[test]
fn every_criterion_example_scores_it() {
    for name in rules::shipped_names() {
        // Every criterion that an option switches on, with the options it needs: every option
        // the ruleset's system reads.
        let base = rules::load(name).expect("loads");
        let all_on: Vec<String> = rules::OptionName::ALL
            .iter()
            .filter(|o| o.read_by().contains(&base.system))
            .map(|o| format!("options.{}=true", o.key()))
            .collect();
        let everything = rules::load_with(name, &all_on).expect("loads with every option");
        for criterion in &everything.criteria {
            let overrides: Vec<String> = criterion
                .when
                .iter()
                .map(|o| {
                    format!(
                        "options.{}=true",
                        serde_json::to_value(o)
                            .expect("name")
                            .as_str()
                            .expect("str")
                    )
                })
                .collect();
            let rules = rules::load_with(name, &overrides).expect("loads");
            assert!(
                !criterion.example.is_empty(),
                "{name}/{}: no example",
                criterion.id
            );
            assert!(
                !criterion.source.is_empty(),
                "{name}/{}: no source",
                criterion.id
            );
            let (_, evaluation) = mj3::score_line(&criterion.example, &rules).unwrap_or_else(|e| {
                panic!(
                    "{name}/{}: example `{}`: {e}",
                    criterion.id, criterion.example
                )
            });
            let Evaluation::Complete { score: Some(score) } = evaluation else {
                panic!(
                    "{name}/{}: example `{}` is not a winning hand",
                    criterion.id, criterion.example
                )
            };
            assert!(
                score
                    .elements
                    .iter()
                    .chain(&score.superseded)
                    .any(|e| e.id == criterion.id),
                "{name}/{}: example `{}` does not score it",
                criterion.id,
                criterion.example
            );
        }
    }
}

#[test]
fn every_shipped_ruleset_is_documented_criterion_by_criterion() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).expect("README.md");
    for name in rules::shipped_names() {
        let path = format!("{root}/docs/rulesets/{name}.md");
        let doc = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let ruleset = rules::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        for criterion in &ruleset.criteria {
            assert!(
                doc.contains(&format!("`{}`", criterion.id)),
                "{path} does not document criterion `{}`",
                criterion.id
            );
        }
        assert!(
            readme.contains(&format!("docs/rulesets/{name}.md")),
            "README.md does not link the {name} ruleset docs"
        );
    }
}

#[test]
fn korean_lite_criteria_are_found_by_key_name_and_alias() {
    let rules = rules::load("korean-lite").expect("loads");
    for criterion in &rules.criteria {
        assert!(
            !criterion.aliases.is_empty(),
            "korean-lite/{} has no alias",
            criterion.id
        );
        for query in std::iter::once(&*criterion.name)
            .chain(criterion.aliases.iter().map(mj3::rules::Text::as_str))
        {
            assert_eq!(
                rules.find(query).map(|c| &*c.id),
                Some(&*criterion.id),
                "`{query}` finds korean-lite/{}",
                criterion.id
            );
        }
    }
    assert_eq!(
        rules.find("Sacred Pair").map(|c| c.needs_hand_points),
        Some(6)
    );
}

/// 000 §Malaysia: "only circles and honours, as well as the extra eight flowers ... ("face" and
/// "animal" tiles) and jokers ("fly" (飛) tiles), for a total of 84 tiles".
#[test]
fn malaysian_set_holds_84_tiles() {
    let rules = rules::load("malaysian").expect("loads");
    let tiles = &rules.tiles;
    let playing: u32 = tiles.tiles().map(|t| u32::from(tiles.copies(t))).sum();
    let bonus = u32::from(tiles.flowers + tiles.seasons + tiles.faces + tiles.animals);
    assert_eq!(playing, 36 + 16 + 12, "circles, four winds, three dragons");
    assert_eq!(bonus, 16, "flowers, seasons, faces, animals");
    assert_eq!(u32::from(tiles.jokers), 4, "fly tiles");
    assert_eq!(playing + bonus + u32::from(tiles.jokers), 84);
}

/// The cell of a Markdown table row under the column headed `default` (the header is the last
/// `| … |` line followed by a `|---` line above the row), with `*` and backquotes trimmed.
fn default_cell<'a>(doc: &'a str, row_prefix: &str) -> Vec<&'a str> {
    let lines: Vec<&str> = doc.lines().collect();
    let mut header: Option<usize> = None;
    let mut found = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        if line.starts_with('|') && lines.get(n + 1).is_some_and(|l| l.starts_with("|---")) {
            header = Some(n);
        }
        if !line.starts_with(row_prefix) {
            continue;
        }
        let Some(h) = header else { continue };
        let column = lines[h]
            .split('|')
            .position(|c| c.trim().to_ascii_lowercase().starts_with("default"));
        if let Some(cell) = column.and_then(|i| line.split('|').nth(i)) {
            found.push(cell.trim().trim_matches(|c| c == '*' || c == '`').trim());
        }
    }
    found
}

#[test]
fn every_option_of_a_shipped_ruleset_is_documented_with_its_default() {
    let root = env!("CARGO_MANIFEST_DIR");
    for name in rules::shipped_names() {
        let toml_path = format!("{root}/rules/{name}.toml");
        let text = std::fs::read_to_string(&toml_path).expect("readable ruleset");
        let file: toml::Table = toml::from_str(&text).expect("valid TOML");
        let Some(options) = file.get("options").and_then(|o| o.as_table()) else {
            continue;
        };
        let doc_path = format!("{root}/docs/rulesets/{name}.md");
        let doc = std::fs::read_to_string(&doc_path).expect("ruleset docs");
        for (key, value) in options {
            let default = value
                .as_bool()
                .unwrap_or_else(|| panic!("{toml_path}: options.{key} is not a boolean"));
            let words: &[&str] = if default {
                &["on", "true"]
            } else {
                &["off", "false"]
            };
            let cells = default_cell(&doc, &format!("| `{key}` |"));
            assert!(
                !cells.is_empty(),
                "{doc_path}: no table row `| `{key}` |` with a `default` column for options.{key}"
            );
            for cell in cells {
                assert!(
                    words.contains(&cell),
                    "{doc_path}: options.{key} is documented with default `{cell}`, but \
                     {toml_path} sets it to {default}"
                );
            }
        }
        // And the other way: an options table (first column `option`, a `default` column)
        // names no option the ruleset does not have.
        let lines: Vec<&str> = doc.lines().collect();
        let mut in_options_table = false;
        for (n, line) in lines.iter().enumerate() {
            if line.starts_with('|') && lines.get(n + 1).is_some_and(|l| l.starts_with("|---")) {
                let cells: Vec<&str> = line.split('|').map(str::trim).collect();
                in_options_table = cells.get(1) == Some(&"option")
                    && cells.iter().any(|c| c.starts_with("default"));
                continue;
            }
            if !line.starts_with('|') {
                in_options_table = false;
            }
            if in_options_table && line.starts_with("| `") {
                let key = line.split('`').nth(1).unwrap_or_default();
                assert!(
                    options.contains_key(key),
                    "{doc_path}:{}: documents option `{key}`, which {toml_path} does not have",
                    n + 1
                );
            }
        }
    }
}

/// Issue 9: an option or a value that the ruleset's scoring system never reads is an error at
/// load naming the system, the layer, and (in a file) the line and column.
#[test]
fn options_and_values_the_system_does_not_read_are_errors() {
    for (ruleset, item, expected) in [
        (
            "korean",
            "options.kuitan=true",
            "--set options.kuitan=true: the points system has no option `kuitan` (only the han-fu and han-table systems read it)",
        ),
        (
            "sanma-honshu",
            "options.kiriage-mangan=true",
            "the han-table system has no option `kiriage-mangan` (only the han-fu system reads it)",
        ),
        (
            "malaysian",
            "options.west-set-aside=true",
            "the fan system has no option `west-set-aside`",
        ),
        (
            "korean-lite",
            "options.face-animal-per-tile=false",
            "the points system has no option `face-animal-per-tile`",
        ),
        (
            "malaysian",
            "scoring.limit=50",
            "the fan system has no `scoring.limit` (only the points system reads it)",
        ),
        (
            "sanma",
            "payment.goulash-per-draw=5",
            "the han-fu system has no `payment.goulash-per-draw`",
        ),
        ("sanma", "fan.cap=5", "the han-fu system has no `fan.cap`"),
        (
            "korean",
            "han.riichi-stick=1000",
            "the points system has no `han.riichi-stick`",
        ),
        (
            "sanma",
            "han.table=[]",
            "the han-fu system has no `han.table`",
        ),
    ] {
        let err = rules::load_with(ruleset, &[item.into()]).expect_err(item);
        assert!(matches!(err, RulesError::NotRead { .. }), "{item}: {err}");
        assert!(err.to_string().contains(expected), "{item}: {err}");
    }
    // What the system reads is accepted: the fan system's minimum, the han systems' honba.
    rules::load_with("malaysian", &["scoring.minimum=6".into()]).expect("fan minimum");
    rules::load_with("sanma-honshu", &["han.honba-ron=300".into()]).expect("han-table honba");
    rules::load_with("sanma-honshu", &["options.kuitan=true".into()]).expect("han-table kuitan");
    // In a house file: file, line and column of the key, and the same for an option a
    // criterion's `when` names.
    refused(
        "kuitan.toml",
        "extends = \"korean\"\n\n[options]\nred-dora = true\nkuitan = true\n",
        &["kuitan.toml: line 5, column 1: the points system has no option `kuitan`"],
    );
    refused(
        "when.toml",
        "extends = \"korean\"\n[criteria.kong]\nwhen = [\"atozuke\"]\n",
        &[
            "when.toml: line 3, column 1: the points system has no option `atozuke` named in `criteria.kong.when`",
        ],
    );
}

/// A house file that switches the scoring system is held to the options and values it and the
/// layers above it write, not to those its base wrote for the base's system.
#[test]
fn a_layer_that_switches_system_is_not_held_to_its_base_options() {
    let house = load_text(
        "table.toml",
        "extends = \"sanma\"\nname = \"table\"\n[scoring]\nsystem = \"han-table\"\n\
         [[han.table]]\nname = \"1\"\nhan = 1\nron-ko = 1000\nron-oya = 1500\n\
         tsumo-ko-from-ko = 300\ntsumo-ko-from-oya = 500\ntsumo-oya = 500\n",
    )
    .expect("loads");
    assert_eq!(house.system, rules::System::HanTable);
    refused(
        "table-kiriage.toml",
        "extends = \"sanma\"\n[scoring]\nsystem = \"han-table\"\n[options]\nkiriage-mangan = true\n",
        &["table-kiriage.toml: line 5, column 1: the han-table system"],
    );
}

/// Ruleset errors carry the key and where it is written as data, found from toml's spans; a
/// value written in a base file is reported at that file.
#[test]
fn ruleset_errors_carry_the_key_and_its_location() {
    let err = load_text(
        "spans.toml",
        "extends = \"korean\"\n[scoring]\n   half-limit = 50\n",
    )
    .expect_err("half above full");
    let RulesError::Invalid { file, key, at, .. } = &err else {
        panic!("an invalid value: {err}")
    };
    assert!(file.ends_with("spans.toml"), "{err}");
    assert_eq!(key.to_string(), "scoring.half-limit");
    let at = at.as_ref().expect("located");
    assert_eq!((at.line, at.column), (3, 4));
    let base = write_temp(
        "base-limits.toml",
        "extends = \"korean\"\n[scoring]\nhalf-limit = 60\n",
    );
    refused(
        "top-limits.toml",
        &format!(
            "extends = \"{}\"\nname = \"top\"\n",
            base.file_name().and_then(|n| n.to_str()).expect("name")
        ),
        &["base-limits.toml: line 3, column 1: `scoring.half-limit` (60)"],
    );
    // A row of `[[han.table]]` is found by its index.
    let err = load_text(
        "row.toml",
        "extends = \"sanma-honshu\"\n[[han.table]]\nname = \"1\"\nhan = 1\nron-ko = 1000\n\
         ron-oya = 4294967295\ntsumo-ko-from-ko = 300\ntsumo-ko-from-oya = 500\ntsumo-oya = 500\n",
    )
    .expect_err("row out of range");
    assert!(err.to_string().contains("line 6, column 1"), "{err}");
}

#[test]
fn a_house_ruleset_given_as_text_loads_as_the_same_file_would() {
    let house = "extends = \"sanma\"\nname = \"our-table\"\n\n[options]\nkuitan = false\n";
    let sets = ["options.red-dora=true".to_string()];
    let path = write_temp("house.toml", house);
    let path = path.to_str().expect("utf-8 temp path");
    let from_file = rules::load_with(path, &sets).expect("the file loads");
    let from_text = rules::load_text("house.toml", house, &sets).expect("the text loads");
    assert_eq!(from_text.changes.files, ["house.toml"]);
    assert_eq!(
        format!("{from_text:?}"),
        format!("{from_file:?}").replace(path, "house.toml")
    );

    let mistake = "extends = \"sanma\"\n\n[options]\nkuitan = maybe\n";
    let path = write_temp("house.toml", mistake);
    let path = path.to_str().expect("utf-8 temp path");
    let from_file = rules::load(path).expect_err("the file is refused");
    let from_text = rules::load_text("house.toml", mistake, &[]).expect_err("the text is refused");
    assert!(
        from_text.to_string().starts_with("house.toml: "),
        "{from_text}"
    );
    assert!(
        from_text.to_string().contains("line 4, column"),
        "{from_text}"
    );
    assert_eq!(
        from_text.to_string(),
        from_file.to_string().replace(path, "house.toml")
    );
}

#[test]
fn a_house_ruleset_given_as_text_extends_only_a_shipped_ruleset() {
    // A file of that name exists beside the process: it is not read.
    let base = write_temp("given-base.toml", "extends = \"sanma\"\n");
    let path = base.to_str().expect("utf-8 temp path");
    let text = format!("name = \"ours\"\nextends = \"{path}\"\n");
    let err = rules::load_text("house.toml", &text, &[]).expect_err("a path is refused");
    let message = err.to_string();
    assert!(message.starts_with("house.toml: "), "{message}");
    assert!(message.contains("line 2"), "{message}");
    assert!(
        message.contains("extends only a shipped ruleset"),
        "{message}"
    );
    // The near-miss: the same file read from disk may extend a file.
    let top = write_temp("given-top.toml", &text);
    rules::load(top.to_str().expect("utf-8 temp path")).expect("a file extends a file");
}
