//! The answers the page gets that no command writes: a line split for the pad, a ruleset's
//! tiles and words; and the library's answers for the house ruleset and for bad input.

use mj3_web::api::{self, Rules};
use serde_json::Value;

fn json(answer: Result<String, String>) -> Value {
    serde_json::from_str(&answer.expect("an answer")).expect("JSON")
}

fn shipped(name: &str) -> Rules<'_> {
    Rules {
        name,
        house: "",
        sets: &[],
    }
}

#[test]
fn a_line_is_split_into_tiles_sets_bonus_tiles_and_typed_context() {
    let parsed = json(api::parse(
        "406p [EEE] (9999s) 11m +f1N riichi ron=S dora=3p,N honba=2 win=0p others-fan=S:6",
    ));
    assert_eq!(
        parsed["concealed"],
        serde_json::json!(["4p", "0p", "6p", "1m", "1m"])
    );
    assert_eq!(parsed["declared"][0]["kind"], "exposed");
    assert_eq!(parsed["declared"][1]["kind"], "concealed");
    assert_eq!(parsed["declared"][1]["tiles"][0], "9s");
    assert_eq!(parsed["bonus"], serde_json::json!(["f1", "N"]));
    assert_eq!(
        parsed["context"],
        serde_json::json!({"ron": "S", "riichi": true, "dora": ["3p", "N"], "honba": 2,
                           "win": "0p", "others-fan": {"S": 6}})
    );
}

#[test]
fn an_alias_is_kept_under_its_entry_and_tsumo_is_not_ron() {
    let parsed = json(api::parse("123p456p789p EEE ww ready tsumo"));
    assert_eq!(
        parsed["context"],
        serde_json::json!({"tsumo": true, "riichi": true})
    );
}

#[test]
fn parse_and_write_are_each_others_inverse() {
    let line = "123p9s [5555p] [EEEE] tsumo waiting=S,W kong-from=5p:S,E:self dealt=f others-fan=S:6,W:3 others-fly=S:1,W:0";
    let parsed = json(api::parse(line));
    let parts = serde_json::json!({
        "concealed": parsed["concealed"],
        "declared": parsed["declared"],
        "context": parsed["context"],
    });
    let written = json(api::write(&parts.to_string()));
    assert_eq!(written["line"], line);
}

#[test]
fn a_line_that_does_not_parse_gets_the_error_record() {
    let record = json(api::parse("123x456p"));
    assert_eq!(record["error"]["column"], 4);
}

/// A hand the ruleset refuses is said as a table reads it: the words, the rule book apart
/// (the page shows it behind a tap); the message keeps both, as `mj3 score` prints it.
#[test]
fn a_refused_hand_is_said_with_its_source_apart() {
    let record = json(api::score(
        "123p456p789p EEE NN ippatsu tsumo",
        shipped("sanma"),
    ));
    let said = &record["error"]["said"];
    assert_eq!(
        said["text"],
        "`ippatsu` without `riichi`: ippatsu is a win within one go-around after declaring riichi, so there is none without it; write riichi or double-riichi too"
    );
    let source = said["source"].as_str().expect("a source");
    assert!(source.starts_with("Sanma Japanese MJ Rule Book (003) §12 Ippatsu"));
    let message = record["error"]["message"].as_str().expect("a message");
    assert!(
        message.contains(&format!("it ({source}); write")),
        "{message}"
    );
    let unread = json(api::score("123p456p789p EEE NN xx", shipped("sanma")));
    assert_eq!(unread["error"]["said"]["source"], Value::Null);
    assert_eq!(unread["error"]["said"]["text"], unread["error"]["message"]);
}

#[test]
fn the_pad_of_sanma_holds_only_its_tiles() {
    let info = json(api::ruleset_info(shipped("sanma")));
    let tiles: Vec<&str> = info["tiles"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|t| t["tile"].as_str())
        .collect();
    assert!(tiles.contains(&"1m") && tiles.contains(&"9m") && !tiles.contains(&"5m"));
    assert_eq!(tiles.len(), 27);
    let bonus: Vec<&str> = info["bonus"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|t| t["tile"].as_str())
        .collect();
    assert_eq!(bonus, ["N"]);
    let words: Vec<&str> = info["context"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert!(words.contains(&"riichi") && words.contains(&"honba") && !words.contains(&"draws"));
    assert!(words.contains(&"robbed-kita") && words.contains(&"robbed-concealed"));
}

#[test]
fn a_robbing_word_the_rulesets_options_refuse_is_not_offered() {
    let words = |name: &str| -> Vec<String> {
        json(api::ruleset_info(shipped(name)))["context"]
            .as_array()
            .expect("a list")
            .iter()
            .filter_map(|c| c["name"].as_str().map(String::from))
            .collect()
    };
    let tenhou = words("sanma-tenhou");
    assert!(tenhou.contains(&"robbed-kita".into()) && !tenhou.contains(&"robbed-concealed".into()));
    for name in ["korean", "korean-lite", "malaysian"] {
        let offered = words(name);
        assert!(
            !offered.contains(&"robbed-kita".into())
                && !offered.contains(&"robbed-concealed".into()),
            "{name}: {offered:?}"
        );
        // Its own robbing word stays.
        assert!(offered.contains(&"robbed".into()), "{name}: {offered:?}");
    }
}

#[test]
fn red_fives_and_jokers_are_on_the_pad_only_where_the_ruleset_has_them() {
    let sets = ["options.red-dora=true".to_string()];
    let red = json(api::ruleset_info(Rules {
        name: "sanma",
        house: "",
        sets: &sets,
    }));
    let reds: Vec<&str> = red["red_fives"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|r| r["tile"].as_str())
        .collect();
    assert!(!reds.is_empty() && reds.iter().all(|r| r.starts_with('0')));
    assert_eq!(red["red_fives"][0]["name"], "red 5 circles", "{red}");
    let korean = json(api::ruleset_info(shipped("korean")));
    assert_eq!(korean["bonus"][0]["tile"], "f1", "{korean}");
    assert_eq!(korean["bonus"][0]["name"], "flower 1", "{korean}");
    assert_eq!(
        json(api::ruleset_info(shipped("sanma")))["red_fives"],
        serde_json::json!([])
    );
    assert!(json(api::ruleset_info(shipped("malaysian")))["jokers"].as_u64() > Some(0));
    assert_eq!(json(api::ruleset_info(shipped("korean")))["jokers"], 0);
}

#[test]
fn a_house_ruleset_with_a_mistake_names_its_file_line_and_column() {
    let house = "extends = \"sanma\"\n\n[options]\nkuitan = maybe\n";
    let err = api::score(
        "234p567p678s99s234s tsumo",
        Rules {
            name: "",
            house,
            sets: &[],
        },
    )
    .expect_err("refused");
    assert!(err.starts_with("house.toml: "), "{err}");
    assert!(err.contains("line 4, column"), "{err}");
}

#[test]
fn a_path_is_no_ruleset_in_the_page() {
    let err =
        api::score("234p567p678s99s234s tsumo", shipped("my/house.toml")).expect_err("refused");
    assert!(err.contains("is no shipped ruleset"), "{err}");
}

#[test]
fn an_unready_hand_is_answered_with_its_shanten_and_discards() {
    let thirteen = json(api::score("1239p45p19s EEwgr", shipped("sanma")));
    assert_eq!(thirteen["unready"]["tiles"], 13);
    assert_eq!(thirteen["unready"]["shanten"], 4);
    assert!(thirteen["unready"]["useful_count"].as_u64().unwrap_or(0) > 0);
    let fourteen = json(api::score("1239p45p19s EEwgr5p", shipped("sanma")));
    assert_eq!(fourteen["unready"]["tiles"], 14);
    assert!(
        !fourteen["unready"]["discards"]
            .as_array()
            .expect("discards")
            .is_empty()
    );
    // A winning hand has no analysis.
    let win = json(api::score("123p456p789p EEE 99s tsumo", shipped("sanma")));
    assert!(win.get("unready").is_none());
}

#[test]
fn the_pads_hand_is_written_as_a_line_by_the_library() {
    let parts = r#"{"concealed": ["2p","3p","4p","0p","6p","7p","E","E","E","w","w","9s","9s","9s"],
                    "context": {"ron": "S", "riichi": true, "dora": ["3p"], "seat": "W"}}"#;
    let written = json(api::write(parts));
    assert_eq!(
        written["line"], "234067pEEEww999s ron=S riichi seat=W dora=3p",
        "{written}"
    );
    // The line scores as the command line scores it.
    let line = written["line"].as_str().expect("a line");
    assert!(api::score(line, shipped("sanma")).is_ok());
    let err =
        api::write(r#"{"concealed": ["1p"], "context": {"nope": true}}"#).expect_err("refused");
    assert!(err.contains("`nope`"), "{err}");
}

#[test]
fn the_part_of_the_hand_at_a_column_is_named() {
    let line = "123p456p789p EEE 99s [555s] +N tsumo dora=3p,N riichi";
    let part = |column: usize| json(api::part_at(line, column));
    assert_eq!(part(1), serde_json::json!({"part": "concealed"}));
    assert_eq!(part(22), serde_json::json!({"part": "declared"}));
    assert_eq!(part(30), serde_json::json!({"part": "bonus"}));
    assert_eq!(
        part(32),
        serde_json::json!({"part": "context", "name": "tsumo", "label": "Tsumo"})
    );
    assert_eq!(
        part(45),
        serde_json::json!({"part": "context", "name": "dora", "label": "Dora indicators"})
    );
    assert_eq!(
        part(50),
        serde_json::json!({"part": "context", "name": "riichi", "label": "Riichi"})
    );
    assert_eq!(part(200), serde_json::json!({"part": "none"}));
    assert_eq!(
        json(api::part_at("3 han 40 fu ron", 1)),
        serde_json::json!({"part": "value"})
    );
}

#[test]
fn each_game_setting_comes_with_its_value_and_the_words_it_may_take() {
    let info = json(api::ruleset_info(shipped("sanma")));
    let game = info["game"].as_array().expect("a list of settings");
    let find = |key: &str| {
        game.iter()
            .find(|s| s["key"] == key)
            .unwrap_or_else(|| panic!("{key} in {game:?}"))
    };
    let bust = find("bust");
    assert!(bust["value"].is_string());
    let words: Vec<&str> = bust["choices"]
        .as_array()
        .expect("a word's choices")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(words, ["below-zero", "never"]);
    assert!(find("rounds")["value"].is_number());
    assert!(find("rounds")["choices"].is_null());
    let draws = find("abortive-draws");
    assert!(draws["value"].is_array());
    assert!(
        draws["choices"]
            .as_array()
            .expect("a list of words has its choices")
            .iter()
            .any(|w| w == "four-kans")
    );
}

#[test]
fn all_and_why_give_the_error_record_score_gives() {
    // An unknown word: the record lists the words the ruleset reads, as `score`'s does.
    let line = "123p456p789p EEE 99s tsumo kazoo";
    let scored = api::score(line, shipped("sanma")).expect("a record");
    assert!(scored.contains("a word sanma reads"), "{scored}");
    let all = api::all(line, shipped("sanma")).expect("a record");
    let why = api::why(line, &["riichi".to_string()], shipped("sanma")).expect("a record");
    assert_eq!(all, scored);
    assert_eq!(why, scored);
}
