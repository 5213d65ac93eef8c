//! Ruleset values as large as loading accepts (`rules` bounds them: amounts 1,000,000,
//! criterion values and caps 100, multipliers 10; anything larger is an error, tested in
//! `tests/rulesets.rs`) together with the largest counts the notation accepts (1000) must not
//! overflow the scoring arithmetic (a panic in a debug build).

use mj3::evaluate::Evaluation;
use mj3::results::Score;
use mj3::{rules, score_line};

/// Scores `line` under `ruleset` with `overrides`; the complete hand's score.
fn score_of(ruleset: &str, overrides: &[String], line: &str) -> Score {
    let rules = rules::load_with(ruleset, overrides).expect("ruleset loads");
    let (_, evaluation) = score_line(line, &rules).expect("line parses");
    match evaluation {
        Evaluation::Complete { score } => score.expect("a winning shape"),
        Evaluation::Waiting { .. } => panic!("expected a complete hand"),
    }
}

/// `key=N` with N the largest value loading accepts for that key.
fn set(keys: &[&str]) -> Vec<String> {
    keys.iter()
        .map(|key| {
            let largest = if key.ends_with("multiplier") {
                10
            } else if key.ends_with(".value") || *key == "fan.cap" {
                100
            } else {
                1_000_000
            };
            format!("{key}={largest}")
        })
        .collect()
}

#[test]
fn points_system_at_the_largest_values() {
    let score = score_of(
        "korean",
        &set(&[
            "criteria.dragon-pong.value",
            "criteria.seat-wind-pong.value",
            "payment.goulash-per-draw",
        ]),
        "123p456m999s rrr EE ron=S draws=1000 waiting=W",
    );
    assert!(score.verdict.is_win());
    assert!(score.received() > 1_000_000);
}

#[test]
fn fan_system_at_the_largest_values() {
    for key in [
        "fan.points-per-fan",
        "fan.base-points",
        "fan.self-draw-multiplier",
        "fan.discarder-multiplier",
        "fan.other-multiplier",
        "fan.fly-bonus",
        "fan.full-set-drawn",
        "criteria.face-or-animal.value",
    ] {
        for line in [
            "123p456p789p EEE ww +f1f2f3f4 +h1a3 tsumo others-fly=S:1",
            "123p456p789p EEE ww +f2 +h1a3 ron others-fan=S:1000,W:6",
        ] {
            let score = score_of("malaysian", &set(&[key, "fan.cap"]), line);
            assert!(score.verdict.is_win(), "{key}: {line}");
        }
    }
}

#[test]
fn han_systems_at_the_largest_values() {
    for ruleset in ["sanma", "sanma-honshu"] {
        let score = score_of(
            ruleset,
            &set(&[
                "criteria.pinfu.value",
                "criteria.riichi.value",
                "han.honba-ron",
                "han.riichi-stick",
            ]),
            "234p567p678s99s234s riichi ron=W honba=1000 sticks=1000",
        );
        assert!(score.verdict.is_win(), "{ruleset}");
        let score = score_of(
            ruleset,
            &set(&["criteria.chinroutou.value", "han.honba-tsumo"]),
            "111999s111999p11m tsumo honba=1000",
        );
        assert!(score.received() > 0, "{ruleset}");
    }
}
