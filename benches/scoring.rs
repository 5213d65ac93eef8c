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

criterion_group!(benches, scoring, parsing, loading);
criterion_main!(benches);
