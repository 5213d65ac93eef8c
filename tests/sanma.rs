//! The sanma rulesets: every yaku can be found by its romaji key, its display name and each
//! alias, in any case and with spaces or hyphens; the han systems render and serialize.

use mj3::rules::{self, Ruleset};

/// The id of the criterion `query` finds in `ruleset`.
fn found_id<'r>(ruleset: &'r Ruleset, query: &str) -> Option<&'r str> {
    ruleset.find(query).map(|c| &*c.id)
}

/// `line` scored under `ruleset`, rendered as the table and as JSON.
fn table_and_json(line: &str, ruleset: &Ruleset) -> (String, serde_json::Value) {
    let (hand, evaluation) = mj3::score_line(line, ruleset).expect("scores");
    let text = mj3::render::text(line, ruleset, &hand, &evaluation, Default::default());
    let json = mj3::render::json(None, line, ruleset, &hand, &evaluation).expect("json");
    (text, serde_json::from_str(&json).expect("json"))
}

#[test]
fn yaku_are_found_by_romaji_english_and_aliases() {
    for name in ["sanma", "sanma-honshu"] {
        let ruleset = rules::load(name).expect("loads");
        for query in [
            "tanyao",
            "all simples",
            "All-Simples",
            "pinfu",
            "seven pairs",
            "riichi",
        ] {
            assert!(
                ruleset.find(query).is_some(),
                "{name}: `{query}` finds nothing"
            );
        }
        for criterion in &ruleset.criteria {
            assert!(
                !criterion.aliases.is_empty(),
                "{name}/{}: no aliases",
                criterion.id
            );
            for alias in criterion
                .aliases
                .iter()
                .map(mj3::rules::Text::as_str)
                .chain([&*criterion.name, &*criterion.id])
            {
                let found = found_id(&ruleset, alias);
                assert!(found.is_some(), "{name}: `{alias}` finds nothing");
            }
        }
    }
    let sanma = rules::load("sanma").expect("loads");
    assert_eq!(found_id(&sanma, "all-simples"), Some("tanyao"));
    assert_eq!(found_id(&sanma, "Pure Straight"), Some("ittsuu"));
}

#[test]
fn han_totals_render_as_table_and_json() {
    let sanma = rules::load("sanma").expect("loads");
    let (text, json) = table_and_json("234p567p678s99s243s riichi ron", &sanma);
    assert!(text.contains("closed wait (kanchan)"), "{text}");
    assert!(text.contains("40 fu"), "{text}");
    let totals = &json["score"]["totals"];
    assert_eq!(totals["system"], "han-fu");
    assert_eq!(totals["fu"], 40);
    assert_eq!(totals["han"], 1);
    assert_eq!(totals["fu_lines"][2]["id"], "wait");

    let honshu = rules::load("sanma-honshu").expect("loads");
    let (text, json) = table_and_json("234p567p678s99s234s ron seat=S", &honshu);
    assert_eq!(json["score"]["totals"]["system"], "han-table");
    assert_eq!(json["score"]["totals"]["row"], "3");
    assert!(text.contains("table row 3"), "{text}");
}
