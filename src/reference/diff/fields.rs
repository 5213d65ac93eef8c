//! Every field on which two rulesets differ (`mj3 rulesets --diff A B --json`): the scoring
//! system, tiles, options, the `[han]`, `[game]` and limit values, and each criterion's switch,
//! detector, class, value and open value, keyed as a ruleset file or `--set` writes them.

use serde::Serialize;

use super::ABSENT;
use super::settings::{red_fives, word};
use crate::rules::{Criterion, OptionName, Ruleset};

/// One setting that two rulesets give different values (`—`: the ruleset does not have it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// The value in the first ruleset.
    pub first: String,
    /// The key as a ruleset file or `--set` writes it (`options.kuitan`,
    /// `criteria.sanrenkoh.enabled`).
    pub key: String,
    /// The value in the second ruleset.
    pub second: String,
}

/// The JSON of `mj3 rulesets --diff A B --json`.
#[derive(Debug, Clone, Serialize)]
pub struct Diff<'a> {
    /// Every setting on which they differ.
    pub differences: &'a [Difference],
    /// The first ruleset's name.
    pub first: &'a str,
    /// The second ruleset's name.
    pub second: &'a str,
}

/// The JSON of `mj3 rulesets --diff A B --json` for `a`, `b` and their `differences`.
pub fn diff_json(
    a: &Ruleset,
    b: &Ruleset,
    differences: &[Difference],
) -> serde_json::Result<String> {
    crate::json::to_string(&Diff {
        differences,
        first: &a.name,
        second: &b.name,
    })
}

/// Every setting on which `a` and `b` differ: the scoring system, tiles, options (those either
/// ruleset's system reads), the `[han]` and limit values, and each criterion's switch, detector,
/// class, value and open value.
pub fn differences(a: &Ruleset, b: &Ruleset) -> Vec<Difference> {
    let mut rows = Vec::new();
    let mut compare = |key: String, first: String, second: String| {
        if first != second {
            rows.push(Difference { key, first, second });
        }
    };
    let settings = |r: &Ruleset| -> Vec<(String, String)> {
        let mut values = vec![
            ("scoring.system".into(), word(&r.system)),
            ("scoring.minimum".into(), r.minimum.to_string()),
            ("tiles.red-fives".into(), red_fives(r)),
            ("tiles.kita".into(), r.tiles.kita.to_string()),
            ("tiles.flowers".into(), r.tiles.flowers.to_string()),
            ("tiles.seasons".into(), r.tiles.seasons.to_string()),
            (
                "tiles.melded-chows".into(),
                r.tiles.melded_chows.to_string(),
            ),
            ("han.honba-ron".into(), r.han.honba_ron.to_string()),
            ("han.honba-tsumo".into(), r.han.honba_tsumo.to_string()),
            ("han.riichi-stick".into(), r.han.riichi_stick.to_string()),
            ("han.ryanshi-honba".into(), r.han.ryanshi_honba.to_string()),
            (
                "han.paarenchan-honba".into(),
                r.han.paarenchan_honba.to_string(),
            ),
            (
                "han.goulash-per-draw".into(),
                r.han.goulash_per_draw.to_string(),
            ),
            ("scoring.limit".into(), r.points.limit.to_string()),
            ("scoring.half-limit".into(), r.points.half_limit.to_string()),
        ];
        for &option in OptionName::ALL {
            if option.read_by().contains(&a.system) || option.read_by().contains(&b.system) {
                let on = r.options.is_on(option);
                values.push((format!("options.{}", option.key()), on.to_string()));
            }
        }
        values
    };
    for ((key, first), (_, second)) in settings(a).into_iter().zip(settings(b)) {
        compare(key, first, second);
    }
    for row in super::settings::game(a, b) {
        compare(row.label, row.first, row.second);
    }
    let mut ids: Vec<&str> = all_criteria(a).map(|c| &*c.id).collect();
    for c in all_criteria(b) {
        if !ids.contains(&&*c.id) {
            ids.push(&c.id);
        }
    }
    for id in ids {
        let (first, second) = (criterion_fields(a, id), criterion_fields(b, id));
        for ((field, x), (_, y)) in first.into_iter().zip(second) {
            compare(format!("criteria.{id}.{field}"), x, y);
        }
    }
    rows
}

fn all_criteria(r: &Ruleset) -> impl Iterator<Item = &Criterion> {
    r.criteria.iter().chain(&r.switched_off)
}

/// A criterion's settings by field, each `—` when the ruleset does not list it.
fn criterion_fields(r: &Ruleset, id: &str) -> [(&'static str, String); 5] {
    let enabled = r.criteria.iter().any(|c| *c.id == *id);
    let found = all_criteria(r).find(|c| *c.id == *id);
    let field = |f: &dyn Fn(&Criterion) -> String| found.map_or_else(|| ABSENT.to_string(), f);
    [
        ("enabled", field(&|_| enabled.to_string())),
        ("check", field(&|c| c.check.key().to_string())),
        ("class", field(&|c| word(&c.class))),
        ("value", field(&|c| c.value.to_string())),
        ("open-value", field(&|c| c.open_value.to_string())),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules;

    #[test]
    fn a_han_goulash_is_a_difference() {
        let plain = rules::load("sanma-honshu").expect("shipped");
        let set = ["han.goulash-per-draw=100".to_string()];
        let goulash = rules::load_with("sanma-honshu", &set).expect("loads");
        let found = differences(&plain, &goulash);
        let expected = Difference {
            first: "0".into(),
            key: "han.goulash-per-draw".into(),
            second: "100".into(),
        };
        assert_eq!(found, vec![expected]);
    }
}
