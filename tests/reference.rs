//! The rules reference finds every criterion by the names a player would type.

use mj3::reference::search::{self, Lookup};
use mj3::rules::{self, Criterion, Ruleset};

fn shipped() -> Vec<Ruleset> {
    rules::shipped_names()
        .into_iter()
        .map(|name| rules::load(name).unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect()
}

/// Calls `check` with a search index over each shipped ruleset alone, that ruleset, and each
/// id, name and alias of each of its criteria (switched-off ones too).
fn for_every_name(mut check: impl FnMut(&search::Index, &Ruleset, &Criterion, &str)) {
    for ruleset in shipped() {
        let one = [ruleset.clone()];
        let index = search::Index::new(&one);
        for criterion in ruleset.criteria.iter().chain(&ruleset.switched_off) {
            let names = [&*criterion.id, &*criterion.name]
                .into_iter()
                .chain(criterion.aliases.iter().map(mj3::rules::Text::as_str));
            for name in names {
                check(&index, &ruleset, criterion, name);
            }
        }
    }
}

/// The key of the best match of `query` in the ruleset `name`, alone.
fn best_key(rulesets: &[Ruleset], name: &str, query: &str) -> Option<String> {
    let one: Vec<Ruleset> = rulesets
        .iter()
        .filter(|r| r.name == name)
        .cloned()
        .collect();
    search::search(query, &one)
        .first()
        .and_then(|concept| concept.matches.first())
        .map(|m| m.criterion.id.to_string())
}

/// The issue's queries and, per ruleset that has the concept, the criterion they must find.
const EXPECTED: &[(&str, &[(&str, &str)])] = &[
    (
        "tanyao",
        &[
            ("korean", "no-honours"),
            ("korean-lite", "all-simples"),
            ("sanma", "tanyao"),
            ("sanma-honshu", "tanyao"),
            ("sanma-tenhou", "tanyao"),
            ("sanma-mahjongsoul", "tanyao"),
        ],
    ),
    (
        "pinfu",
        &[
            ("korean", "all-chows-simple-pair"),
            ("korean-lite", "all-chows"),
            ("malaysian", "all-chows-circle-pair"),
            ("sanma", "pinfu"),
            ("sanma-honshu", "pinfu"),
            ("sanma-tenhou", "pinfu"),
            ("sanma-mahjongsoul", "pinfu"),
        ],
    ),
    (
        "kokushi",
        &[
            ("korean", "thirteen-orphans"),
            ("sanma", "kokushi"),
            ("sanma-honshu", "kokushi"),
            ("sanma-tenhou", "kokushi"),
            ("sanma-mahjongsoul", "kokushi"),
        ],
    ),
    (
        "seven pairs",
        &[
            ("korean", "seven-pairs"),
            ("korean-lite", "seven-pairs"),
            ("malaysian", "seven-pairs"),
            ("sanma", "chiitoitsu"),
            ("sanma-honshu", "chiitoitsu"),
            ("sanma-tenhou", "chiitoitsu"),
            ("sanma-mahjongsoul", "chiitoitsu"),
        ],
    ),
    (
        "flowers",
        &[
            ("korean", "flower"),
            ("korean-lite", "flower"),
            ("sanma", "flower"),
            ("sanma-tenhou", "flower"),
            ("sanma-mahjongsoul", "flower"),
        ],
    ),
    (
        "dora",
        &[
            ("korean", "dora"),
            ("sanma", "dora"),
            ("sanma-honshu", "dora"),
            ("sanma-tenhou", "dora"),
            ("sanma-mahjongsoul", "dora"),
        ],
    ),
    (
        "riichi",
        &[
            ("korean", "ready"),
            ("korean-lite", "ready"),
            ("sanma", "riichi"),
            ("sanma-honshu", "riichi"),
            ("sanma-tenhou", "riichi"),
            ("sanma-mahjongsoul", "riichi"),
        ],
    ),
    (
        "pure straight",
        &[
            ("korean", "full-straight"),
            ("sanma", "ittsuu"),
            ("sanma-honshu", "ittsuu"),
            ("sanma-tenhou", "ittsuu"),
            ("sanma-mahjongsoul", "ittsuu"),
        ],
    ),
];

/// Other ways of writing the same queries: word order, numbers, typos, case.
const SAME_AS: &[(&str, &str)] = &[
    ("all simples", "tanyao"),
    ("tanyo", "tanyao"),
    ("Tanyao", "tanyao"),
    ("13 orphans", "kokushi"),
    ("thirteen orphans", "kokushi"),
    ("orphans thirteen", "kokushi"),
    ("kokushi musou", "kokushi"),
    ("chiitoitsu", "seven pairs"),
    ("7 pairs", "seven pairs"),
    ("sevn pairs", "seven pairs"),
    ("ittsuu", "pure straight"),
    ("full straight", "pure straight"),
    ("flower", "flowers"),
    ("pinfo", "pinfu"),
];

#[test]
fn the_issue_queries_find_the_criterion_in_every_ruleset_that_has_it() {
    let rulesets = shipped();
    let queries = EXPECTED
        .iter()
        .map(|(q, expected)| (*q, *expected))
        .chain(SAME_AS.iter().map(|(q, same)| {
            let expected = EXPECTED
                .iter()
                .find(|(e, _)| e == same)
                .map(|(_, x)| *x)
                .expect("known query");
            (*q, expected)
        }));
    for (query, expected) in queries {
        for (ruleset, key) in expected {
            assert_eq!(
                best_key(&rulesets, ruleset, query).as_deref(),
                Some(*key),
                "`{query}` under {ruleset}"
            );
        }
    }
}

#[test]
fn every_key_name_and_alias_finds_its_criterion_first() {
    for_every_name(|index, ruleset, criterion, name| {
        let found = index.search(name);
        let best = found.first().and_then(|c| c.matches.first());
        assert_eq!(
            best.map(|m| (&*m.criterion.id, m.score)),
            Some((&*criterion.id, search::EXACT)),
            "`{name}` under {}",
            ruleset.name
        );
    });
}

#[test]
fn one_concept_groups_the_rulesets_that_have_it() {
    let rulesets = shipped();
    for query in ["13 orphans", "seven pairs", "riichi", "dora"] {
        let found = search::search(query, &rulesets);
        let best = found.first().expect("found");
        let (_, expected) = EXPECTED
            .iter()
            .find(|(q, _)| best_key(&rulesets, "sanma", q) == best_key(&rulesets, "sanma", query))
            .expect("an expected query for the same criterion");
        let got: Vec<(&str, &str)> = best
            .matches
            .iter()
            .map(|m| (m.ruleset.name.as_str(), &*m.criterion.id))
            .collect();
        assert_eq!(got, expected.to_vec(), "`{query}`");
    }
}

/// Korean's all simples allows terminals: it shares the name `tanyao` but is another rule, so
/// another concept.
#[test]
fn a_concept_is_one_rule_korean_all_simples_is_not_tanyao() {
    let rulesets = shipped();
    let found = search::search("tanyao", &rulesets);
    let concepts: Vec<Vec<(&str, &str)>> = found
        .iter()
        .map(|c| {
            c.matches
                .iter()
                .map(|m| (m.ruleset.name.as_str(), &*m.criterion.id))
                .collect()
        })
        .collect();
    assert_eq!(
        concepts.first().map(Vec::as_slice),
        Some(
            &[
                ("sanma", "tanyao"),
                ("sanma-honshu", "tanyao"),
                ("sanma-tenhou", "tanyao"),
                ("sanma-mahjongsoul", "tanyao")
            ][..]
        )
    );
    assert!(
        concepts.contains(&vec![
            ("korean", "no-honours"),
            ("korean-lite", "all-simples")
        ]),
        "{concepts:?}"
    );
}

#[test]
fn switched_off_criteria_are_found_and_flagged() {
    let rulesets = shipped();
    let found = search::search("flowers", &rulesets);
    let sanma_flower = found
        .iter()
        .flat_map(|c| &c.matches)
        .find(|m| m.ruleset.name == "sanma" && &*m.criterion.id == "flower")
        .expect("sanma's flower is found");
    assert!(sanma_flower.switched_off);
}

#[test]
fn no_match_offers_the_nearest_names() {
    let rulesets = shipped();
    match search::lookup("xyzzy", &rulesets) {
        Lookup::NotFound { nearest } => assert_eq!(nearest.len(), search::NEAREST),
        Lookup::Found(found) => panic!("`xyzzy` found {}", found[0].name),
    }
    let nearest = search::nearest_names("kokshu musu", &rulesets, 3);
    assert!(
        nearest.iter().any(|n| n.to_lowercase().contains("kokushi")),
        "{nearest:?}"
    );
    for odd in ["", "   ", "§§§", &"ü".repeat(500), &"13 ".repeat(1000)] {
        match search::lookup(odd, &rulesets) {
            Lookup::NotFound { nearest } => assert!(nearest.len() <= search::NEAREST),
            Lookup::Found(_) => {}
        }
    }
}

/// `name` with the letter in the middle left out: `tanyao` → `tanao`.
fn one_letter_missing(name: &str) -> String {
    let middle = name.chars().count() / 2;
    name.chars()
        .enumerate()
        .filter(|(i, _)| *i != middle)
        .map(|(_, c)| c)
        .collect()
}

#[test]
fn a_one_letter_typo_of_any_name_still_finds_the_criterion() {
    for_every_name(|index, ruleset, criterion, name| {
        if name.chars().count() < 6 {
            return;
        }
        let typo = one_letter_missing(name);
        let found = index.search(&typo);
        let best = found.first().map_or(0, |c| c.score);
        // Among the best: a typo may be as near another name (`sanrnkou` is one
        // letter from both sanrenkou and sanankou).
        let among_best = found
            .iter()
            .filter(|c| c.score == best)
            .flat_map(|c| &c.matches)
            .any(|m| m.criterion.id == criterion.id && m.score == best);
        assert!(among_best, "`{typo}` (for `{name}`) under {}", ruleset.name);
    });
}

#[test]
fn every_cards_example_scores_it_live_and_its_near_miss_does_not() {
    use mj3::reference::{criterion, live};
    let mut problems = Vec::new();
    for ruleset in shipped() {
        for criterion in ruleset.criteria.iter().chain(&ruleset.switched_off) {
            let example = live::example(&ruleset, criterion);
            if example.element.is_none() {
                problems.push(format!(
                    "{} {}: example `{}` does not score it ({})",
                    ruleset.name, criterion.id, example.hand, example.total
                ));
            }
            let every_win = mj3::criteria::requirements::applies_to_every_win(criterion.check);
            let on = match example.settings.as_slice() {
                [] => ruleset.clone(),
                settings => rules::load_with(&ruleset.name, settings).expect("switches on"),
            };
            // Scored again here, not through the card: the example gives the criterion.
            if let Ok((_, evaluation)) = mj3::score_line(&example.hand, &on) {
                let scored = match &evaluation {
                    mj3::Evaluation::Complete { score } => score.iter().collect::<Vec<_>>(),
                    mj3::Evaluation::Waiting { waits } => waits.iter().map(|w| &w.score).collect(),
                };
                if !scored
                    .iter()
                    .any(|s| criterion::element_of(s, &criterion.id).is_some())
                {
                    problems.push(format!(
                        "{} {}: example misses it",
                        ruleset.name, criterion.id
                    ));
                }
            }
            match live::near_miss(&ruleset, criterion) {
                None if every_win => {}
                None => problems.push(format!("{} {}: no near-miss", ruleset.name, criterion.id)),
                Some(miss) => {
                    let with = rules::load_with(&ruleset.name, &miss.settings).expect("loads");
                    assert!(with.criteria.iter().any(|c| c.id == criterion.id));
                    let (_, evaluation) = mj3::score_line(&miss.hand, &with).expect("scores");
                    let scores: Vec<&mj3::results::Score> = match &evaluation {
                        mj3::Evaluation::Complete { score } => score.iter().collect(),
                        mj3::Evaluation::Waiting { waits } => {
                            waits.iter().map(|w| &w.score).collect()
                        }
                    };
                    if scores
                        .iter()
                        .any(|s| criterion::element_of(s, &criterion.id).is_some())
                    {
                        problems.push(format!(
                            "{} {}: near-miss `{}` scores it",
                            ruleset.name, criterion.id, miss.hand
                        ));
                    }
                    if miss.reason.trim().is_empty() {
                        problems.push(format!(
                            "{} {}: near-miss without a reason",
                            ruleset.name, criterion.id
                        ));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_cards_house_lines_load_and_flip_the_criterion() {
    let dir = std::env::temp_dir().join(format!("mj3-house-lines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for ruleset in shipped() {
        let one = [ruleset.clone()];
        for criterion in ruleset.criteria.iter().chain(&ruleset.switched_off) {
            let found = search::search(&criterion.id, &one);
            let concept = found.first().expect("found by key");
            let card = mj3::reference::card::card(concept);
            let entry = card.entries.first().expect("one entry");
            assert_eq!(*entry.criterion.key, *criterion.id);
            let path = dir.join(format!("{}-{}.toml", ruleset.name, criterion.id));
            std::fs::write(&path, entry.evidence.house_lines.join("\n")).expect("writes");
            let house = rules::load(path.to_str().expect("utf-8 path"))
                .unwrap_or_else(|e| panic!("{} {}: {e}", ruleset.name, criterion.id));
            let was_on = ruleset.criteria.iter().any(|c| c.id == criterion.id);
            let is_on = house.criteria.iter().any(|c| c.id == criterion.id);
            assert_ne!(was_on, is_on, "{} {}", ruleset.name, criterion.id);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The key of the first criterion `query` finds in the ruleset `name`.
fn found_in(rulesets: &[Ruleset], name: &str, query: &str) -> Option<String> {
    best_key(rulesets, name, query)
}

/// Names in the players' own scripts find the criterion the romaji or English name finds:
/// kanji as Tenhou and Mahjong Soul print them, kana (hiragana read as katakana, half-width
/// katakana and full-width letters by NFKC, the repeat mark written out), and the Hong Kong
/// names of the Malaysian fan in traditional and simplified characters.
#[test]
fn names_in_kanji_kana_traditional_and_simplified_find_the_criterion() {
    let rulesets = shipped();
    let cases: &[(&str, &str, &str)] = &[
        // Kanji (Tenhou's log names, riichi.wiki).
        ("立直", "sanma", "riichi"),
        ("対々和", "sanma", "toitoi"),
        ("断么九", "sanma", "tanyao"),
        ("断幺九", "sanma-honshu", "tanyao"),
        ("役牌 白", "sanma", "yakuhai-dragon"),
        ("役牌 中", "sanma-tenhou", "yakuhai-dragon"),
        ("自風 南", "sanma", "yakuhai-seat-wind"),
        ("役牌:場風牌", "sanma-mahjongsoul", "yakuhai-round-wind"),
        ("門前清自摸和", "sanma", "menzen-tsumo"),
        ("国士無双", "sanma", "kokushi"),
        // Variants: the repeat mark written out, full-width digits.
        ("対対和", "sanma", "toitoi"),
        ("国士無双13面", "sanma-mahjongsoul", "kokushi-juusanmen"),
        // Kana: katakana, hiragana, half-width katakana, full-width Latin.
        ("リーチ", "sanma", "riichi"),
        ("りーち", "sanma", "riichi"),
        ("ﾘｰﾁ", "sanma", "riichi"),
        ("たんやお", "sanma", "tanyao"),
        ("ＲＩＩＣＨＩ", "sanma", "riichi"),
        // Traditional and simplified Chinese (the Hong Kong fan names Malaysian tables use).
        ("對對糊", "malaysian", "all-pungs"),
        ("对对糊", "malaysian", "all-pungs"),
        ("清一色", "malaysian", "one-suit-only"),
        ("平糊", "malaysian", "all-chows-circle-pair"),
        ("槓上開花", "malaysian", "replacement-win"),
        ("杠上开花", "malaysian", "replacement-win"),
        ("無花", "malaysian", "no-bonus-tiles"),
        ("无花", "malaysian", "no-bonus-tiles"),
    ];
    for (query, ruleset, key) in cases {
        assert_eq!(
            found_in(&rulesets, ruleset, query).as_deref(),
            Some(*key),
            "`{query}` under {ruleset}"
        );
    }
    // `立直` is the concept `riichi` is, across the rulesets that have it.
    let keys = |query: &str| -> Vec<(String, String)> {
        search::search(query, &rulesets)
            .first()
            .map(|c| {
                c.matches
                    .iter()
                    .map(|m| (m.ruleset.name.clone(), m.criterion.id.to_string()))
                    .collect()
            })
            .unwrap_or_default()
    };
    assert_eq!(keys("立直"), keys("Riichi (Ready)"));
}

/// A query in a script that matches nothing gets the nearest names in that script, never
/// names in Latin letters.
#[test]
fn a_query_that_matches_nothing_gets_nearest_names_in_its_script() {
    let rulesets = shipped();
    let in_scripts = |name: &str, scripts: &[std::ops::RangeInclusive<char>]| {
        name.chars()
            .any(|c| scripts.iter().any(|range| range.contains(&c)))
    };
    let han_or_kana = ['\u{3040}'..='\u{30FF}', '\u{4E00}'..='\u{9FFF}'];
    for query in ["立直金", "ぽんぽんぽん", "對對對對糊糊"] {
        match search::lookup(query, &rulesets) {
            Lookup::NotFound { nearest } => {
                assert!(!nearest.is_empty(), "`{query}`");
                for name in &nearest {
                    assert!(in_scripts(name, &han_or_kana), "`{query}`: {nearest:?}");
                    assert!(!name.is_ascii(), "`{query}`: {nearest:?}");
                }
            }
            Lookup::Found(found) => panic!("`{query}` found {}", found[0].name),
        }
    }
    // Hangul: no shipped name is written in it (the Korean texts give none), so no English
    // name is offered either.
    match search::lookup("리치", &rulesets) {
        Lookup::NotFound { nearest } => assert!(nearest.is_empty(), "{nearest:?}"),
        Lookup::Found(found) => panic!("`리치` found {}", found[0].name),
    }
}

/// Every limit can be asked about: what it is worth under each ruleset and what reaches it,
/// from the same functions that score; a ruleset without it says why.
#[test]
fn every_limit_says_its_worth_and_what_reaches_it_per_ruleset() {
    use mj3::reference::limits::{self, Level};
    use mj3::results::{HanLimit, Limit};
    let rulesets = shipped();
    let under = |level: Level, name: &str| {
        let ruleset = rulesets.iter().find(|r| r.name == name).expect("shipped");
        limits::level_in(level, ruleset)
    };
    // (level, its names in romaji or English and kanji, ruleset, worth holds, reaches holds)
    let cases: &[(Level, &[&str], &str, &str, &str)] = &[
        (
            Level::Han(HanLimit::Mangan),
            &["mangan", "満貫"],
            "sanma",
            "base points 2,000: ron 8,000",
            "5 han; 4 han from 40 fu; 3 han from 70 fu",
        ),
        (
            Level::Han(HanLimit::Haneman),
            &["haneman", "跳満"],
            "sanma",
            "ron 12,000 (dealer 18,000)",
            "6–7 han",
        ),
        (
            Level::Han(HanLimit::Baiman),
            &["baiman", "倍満"],
            "sanma-tenhou",
            "ron 16,000",
            "8–10 han",
        ),
        (
            Level::Han(HanLimit::Sanbaiman),
            &["sanbaiman", "三倍満"],
            "sanma-tenhou",
            "ron 24,000",
            "11–12 han",
        ),
        (
            Level::Han(HanLimit::KazoeYakuman),
            &["kazoe", "数え役満"],
            "sanma-mahjongsoul",
            "ron 32,000",
            "13 or more han",
        ),
        (
            Level::Han(HanLimit::Yakuman),
            &["yakuman", "役満"],
            "sanma",
            "ron 32,000",
            "a yakuman criterion",
        ),
        (
            Level::Han(HanLimit::Yakuman),
            &["yakuman"],
            "sanma-honshu",
            "Yakuman row",
            "a yakuman criterion",
        ),
        (
            Level::Points(Limit::Half),
            &["half limit"],
            "korean",
            "20 points",
            "Little dragons",
        ),
        (
            Level::Points(Limit::Full),
            &["limit", "full limit"],
            "korean",
            "40 points",
            "Thirteen orphans",
        ),
        (
            Level::FanCap,
            &["fan cap"],
            "malaysian",
            "300 points",
            "10 fan or more",
        ),
    ];
    for (level, names, ruleset, worth, reaches) in cases {
        for name in *names {
            assert_eq!(Level::find(name), Some(*level), "`{name}`");
        }
        let found = under(*level, ruleset);
        let shown = found.worth.clone().unwrap_or_default();
        assert!(shown.contains(worth), "{level:?} under {ruleset}: {shown}");
        assert!(
            found.reaches.contains(reaches),
            "{level:?} under {ruleset}: {}",
            found.reaches
        );
    }
    // Rulesets without the level say why, with no worth.
    for (level, ruleset, why) in [
        (
            Level::Han(HanLimit::Mangan),
            "korean",
            "not a level of the points system",
        ),
        (
            Level::Han(HanLimit::KazoeYakuman),
            "sanma",
            "kazoe-yakuman is off",
        ),
        (
            Level::Han(HanLimit::Haneman),
            "sanma-honshu",
            "names no such limit",
        ),
        (
            Level::Points(Limit::Half),
            "korean-lite",
            "no such limit hand",
        ),
        (Level::FanCap, "sanma", "not a level"),
    ] {
        let found = under(level, ruleset);
        assert_eq!(found.worth, None, "{level:?} under {ruleset}");
        assert!(
            found.reaches.contains(why),
            "{level:?} under {ruleset}: {}",
            found.reaches
        );
    }
    // Kiriage mangan moves the line: 4 han 30 fu reach mangan.
    let kiriage =
        rules::load_with("sanma", &["options.kiriage-mangan=true".into()]).expect("loads");
    assert!(
        limits::level_in(Level::Han(HanLimit::Mangan), &kiriage)
            .reaches
            .contains("4 han from 30 fu")
    );
}

/// `--why` on a limit: whether this hand reached it and what it reached instead.
#[test]
fn why_says_whether_a_hand_reached_a_limit() {
    use mj3::reference::why::{self, Why};
    let rulesets = shipped();
    let sanma = rulesets.iter().find(|r| r.name == "sanma").expect("sanma");
    let korean = rulesets
        .iter()
        .find(|r| r.name == "korean")
        .expect("korean");
    let answer = |rules: &Ruleset, line: &str, key: &str| {
        let input = mj3::notation::parse_hand(line).expect("reads");
        let hand = mj3::hand::validate(&input, rules).expect("valid");
        why::answer_each(rules, &hand, &[key.to_string()], &rulesets)
            .into_iter()
            .next()
            .expect("an answer")
    };
    let chinitsu = answer(sanma, "111234555678p99p ron", "haneman");
    assert!(
        matches!(chinitsu.why, Why::Limit { reached: true, .. }),
        "{}",
        chinitsu.sentence
    );
    assert!(chinitsu.sentence.contains("6 han"), "{}", chinitsu.sentence);
    let mangan = answer(sanma, "222333444p678s99s riichi tsumo", "跳満");
    assert!(
        matches!(mangan.why, Why::Limit { reached: false, .. }),
        "{}",
        mangan.sentence
    );
    assert!(
        mangan.sentence.contains("mangan; it needs 6–7 han"),
        "{}",
        mangan.sentence
    );
    let absent = answer(korean, "123p456p789p11s EEE ron", "haneman");
    assert!(
        matches!(absent.why, Why::Limit { applies: false, .. }),
        "{}",
        absent.sentence
    );
}

/// A switched-off criterion says why and what switches it on in words a table reads (the
/// page shows them; the `--set` form stays for the command line).
#[test]
fn a_switched_off_criterion_is_said_without_settings_syntax() {
    let mut seen = 0;
    for ruleset in shipped() {
        for criterion in &ruleset.switched_off {
            let off = mj3::reference::criterion::switched_off_of(&ruleset, criterion);
            seen += 1;
            assert!(!off.switch_on.is_empty(), "{}", criterion.id);
            for syntax in ["--set", "=", "criteria.", "options.", "tiles."] {
                assert!(!off.said.contains(syntax), "{}: {}", criterion.id, off.said);
            }
        }
    }
    assert!(seen > 0);
}
