//! Scoring throughput: parse, validate, decompose, detect, settle.
//!
//! Run with `cargo bench`; figures are recorded in `docs/performance.md`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use mj3::{notation, rules, score_line};

/// Hands that exercise different parts of the evaluator, named for what they stress.
const HANDS: &[(&str, &str)] = &[
    ("complete-simple", "123p456m99s EEE www +f2 tsumo"),
    ("waiting-design-card", "123p456m99s EEE ww +f2 tsumo"),
    ("many-arrangements", "111222333444p55p ron=S"),
    ("nine-gates-waiting", "1112345678999p"),
    ("seven-pairs", "1199p 2233p 4455p 9m9m tsumo"),
    ("thirteen-orphans", "1119m19p19sESWwgr tsumo"),
    ("melded-kongs", "[1111p] [9999p] [EEEE] 55p www ron=S"),
];

fn scoring(c: &mut Criterion) {
    let korean = rules::load("korean").expect("the shipped korean ruleset loads");
    let mut group = c.benchmark_group("score_line");
    for (name, hand) in HANDS {
        // A benchmark of an error path would measure the wrong thing: check first.
        score_line(hand, &korean).unwrap_or_else(|e| panic!("{name}: {e}"));
        group.bench_function(*name, |b| b.iter(|| score_line(black_box(hand), &korean)));
    }
    group.finish();
}

/// One hand per other shipped ruleset, and the joker search at its widest.
const OTHER_RULESETS: &[(&str, &str, &str)] = &[
    ("korean-lite", "sacred-pair", "123p rrr ggg 999s WW ron=S"),
    (
        "sanma",
        "riichi-pinfu-tsumo",
        "234p567p678s99s234s riichi tsumo seat=S dora=W +N",
    ),
    ("sanma", "waiting-riichi", "234p567p678s99s23s riichi"),
    ("sanma-honshu", "thirteen-orphans", "19m19p19sESWNwgr1m ron"),
    (
        "malaysian",
        "no-jokers",
        "123p456p789p EEE ww +f2 +h1 +a1 ron=S",
    ),
    (
        "malaysian",
        "two-jokers",
        "[EEE] SSS www NN 1p JJ +f2 tsumo",
    ),
    ("malaysian", "four-jokers", "123p456p789p E JJJJ tsumo"),
];

fn other_rulesets(c: &mut Criterion) {
    let mut group = c.benchmark_group("score_line");
    for (ruleset, name, hand) in OTHER_RULESETS {
        let rules = rules::load(ruleset).expect("shipped ruleset loads");
        score_line(hand, &rules).unwrap_or_else(|e| panic!("{ruleset}/{name}: {e}"));
        group.bench_function(format!("{ruleset}/{name}"), |b| {
            b.iter(|| score_line(black_box(hand), &rules))
        });
    }
    group.finish();
}

/// Hands with no winning shape: the analysis `score` adds (shanten, useful draws, and for 14
/// tiles every discard, a ready one with its waits scored).
const UNREADY: &[(&str, &str, &str)] = &[
    ("sanma", "13-tiles", "1239p45p19s EEwgr"),
    ("sanma", "14-tiles", "1239p45p19s EEwgr5p"),
    ("sanma", "14-tiles-two-ready", "1111333p999m7s SSS"),
    ("korean", "14-tiles", "123p456m99s EE ww r 5m"),
    ("malaysian", "14-tiles-joker", "123456p EEEE ww J r"),
];

fn unready(c: &mut Criterion) {
    let mut group = c.benchmark_group("shanten");
    for (ruleset, name, line) in UNREADY {
        let rules = rules::load(ruleset).expect("shipped ruleset loads");
        let (hand, evaluation) =
            score_line(line, &rules).unwrap_or_else(|e| panic!("{ruleset}/{name}: {e}"));
        assert!(
            mj3::shanten::analyse(&hand, &evaluation, &rules).is_some(),
            "{ruleset}/{name} is unready"
        );
        group.bench_function(format!("{ruleset}/{name}"), |b| {
            b.iter(|| mj3::shanten::analyse(black_box(&hand), &evaluation, &rules))
        });
    }
    group.finish();
}

fn parsing(c: &mut Criterion) {
    let line = "123p456m99s EEE ww +f2 tsumo seat=S round=E dora=3p discards=9s,1p";
    c.bench_function("parse_hand", |b| {
        b.iter(|| notation::parse_hand(black_box(line)))
    });
}

fn loading(c: &mut Criterion) {
    c.bench_function("load korean ruleset", |b| {
        b.iter(|| rules::load(black_box("korean")))
    });
}

criterion_group!(benches, scoring, other_rulesets, unready, parsing, loading);
criterion_main!(benches);
