//! Replaying a whole game: a 10,000-hand random sanma record (`tests/common/random_game.rs`,
//! a fixed seed, no liable players) through `mj3::game::replay`, and as its floor the scoring
//! alone of as many wins with `score_line`.
//!
//! Run with `cargo bench --bench game`; figures are recorded in `docs/performance.md`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use mj3::{game, rules, score_line};

#[path = "../tests/common/random_game.rs"]
mod random_game;

/// Hands in the benchmarked game.
const HANDS: usize = 10_000;

fn replay(c: &mut Criterion) {
    let record = random_game::record_with("sanma", HANDS, 24, false);
    let sheet = game::replay(&record, &[]).unwrap_or_else(|f| panic!("{}", f.error.render()));
    let wins: usize = sheet.hands.iter().map(|h| h.wins.len()).sum();
    let mut group = c.benchmark_group("game");
    group.sample_size(10);
    group.bench_function("replay-10000-hands", |b| {
        b.iter(|| game::replay(black_box(&record), &[]))
    });
    let sanma = rules::load("sanma").expect("the shipped sanma ruleset loads");
    let hand = "234p567p678s88s234s riichi ron seat=S honba=1 sticks=1";
    score_line(hand, &sanma).unwrap_or_else(|e| panic!("{e}"));
    group.bench_function(format!("score_line-x{wins}"), |b| {
        b.iter(|| {
            for _ in 0..wins {
                black_box(score_line(black_box(hand), &sanma).is_ok());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
