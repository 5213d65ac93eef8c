//! The sanma rulesets: every yaku can be found by its romaji key, its display name and each
//! alias, in any case and with spaces or hyphens; the han systems render and serialize.

use mj3::rules;

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
                .chain([&criterion.name, &criterion.id])
            {
                let found = ruleset.find(alias).map(|c| c.id.as_str());
                assert!(found.is_some(), "{name}: `{alias}` finds nothing");
            }
        }
    }
    let sanma = rules::load("sanma").expect("loads");
    assert_eq!(
        sanma.find("all-simples").map(|c| c.id.as_str()),
        Some("tanyao")
    );
    assert_eq!(
        sanma.find("Pure Straight").map(|c| c.id.as_str()),
        Some("ittsuu")
    );
}

#[test]
fn han_totals_render_as_table_and_json() {
    let sanma = rules::load("sanma").expect("loads");
    let line = "234p567p678s99s243s riichi ron";
    let (hand, evaluation) = mj3::score_line(line, &sanma).expect("scores");
    let text = mj3::render::text(line, &sanma, &hand, &evaluation, Default::default());
    assert!(text.contains("closed wait (kanchan)"), "{text}");
    assert!(text.contains("40 fu"), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&mj3::render::json(None, line, &sanma, &hand, &evaluation))
            .expect("json");
    let totals = &json["score"]["totals"];
    assert_eq!(totals["system"], "han-fu");
    assert_eq!(totals["fu"], 40);
    assert_eq!(totals["han"], 1);
    assert_eq!(totals["fu_lines"][2]["id"], "wait");

    let honshu = rules::load("sanma-honshu").expect("loads");
    let line = "234p567p678s99s234s ron seat=S";
    let (hand, evaluation) = mj3::score_line(line, &honshu).expect("scores");
    let json: serde_json::Value =
        serde_json::from_str(&mj3::render::json(None, line, &honshu, &hand, &evaluation))
            .expect("json");
    assert_eq!(json["score"]["totals"]["system"], "han-table");
    assert_eq!(json["score"]["totals"]["row"], "3");
    let text = mj3::render::text(line, &honshu, &hand, &evaluation, Default::default());
    assert!(text.contains("table row 3"), "{text}");
}
