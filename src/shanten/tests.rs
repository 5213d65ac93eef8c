//! The shanten count checked against the decomposition itself: a 14-tile hand is `-1`
//! exactly when it has an arrangement, a 13-tile hand `0` exactly when a tile with a copy
//! unseen gives it one, and every other count is one more than the best draw's (13 tiles)
//! or the best discard's (14 tiles), on random hands of every shipped ruleset.

use super::*;
use crate::decompose::Xorshift;
use crate::decompose::has_arrangement;
use crate::hand::{self, ValidHand};
use crate::tile::Wind;
use crate::{notation, rules};

fn valid(line: &str, rules: &Ruleset) -> ValidHand {
    let input = notation::parse_hand(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    hand::validate(&input, rules).unwrap_or_else(|e| panic!("{line}: {e}"))
}

fn base(hand: &ValidHand) -> &Hand {
    match hand {
        ValidHand::Complete(hand) => hand,
        ValidHand::Waiting(waiting) => &waiting.base,
    }
}

fn shanten_of(line: &str, ruleset: &str) -> Option<Shanten> {
    let rules = rules::load(ruleset).expect("shipped");
    shanten(base(&valid(line, &rules)), &rules)
}

#[test]
fn four_of_a_kind_held_is_a_set_and_one_tile() {
    // 444p 444s SSS and 2p 4p 4s S: no pair can be made of the fourth copies.
    assert_eq!(shanten_of("24444p4444s SSSS", "sanma"), Some(2));
    assert_eq!(shanten_of("1239p45p19s EEwgr", "sanma"), Some(4));
    // 123p 456p 789p 1111s: ready on nothing (the fifth 1s), so one from ready.
    assert_eq!(shanten_of("123456789p1111s", "sanma"), Some(1));
    // Ready on 9s when a copy is unseen; not when every other copy is discarded.
    assert_eq!(shanten_of("123456789p111s9s", "sanma"), Some(0));
    assert_eq!(
        shanten_of("123456789p111s9s discards=9s,9s,9s", "sanma"),
        Some(1)
    );
}

#[test]
fn declared_sets_and_kita_are_taken_as_given() {
    // Two declared pongs: two sets and a pair from the eight tiles left.
    assert_eq!(shanten_of("[EEE] [www] 12345p99s", "sanma"), Some(0));
    // The pair of North is one wait; with three Norths set aside only one is left.
    assert_eq!(shanten_of("123456789p123s N +NN", "sanma"), Some(0));
    assert_eq!(shanten_of("123456789p123s N +NNN", "sanma"), Some(1));
    // A declared pong holds three 9p: the pair wait on the fourth is gone.
    assert_eq!(shanten_of("[999p] 123456p123s 9p", "sanma"), Some(1));
    assert_eq!(shanten_of("[999p] 123456p123s 8p", "sanma"), Some(0));
}

#[test]
fn seven_pairs_and_thirteen_orphans_follow_the_ruleset() {
    // Six pairs and a single: seven pairs is ready where the ruleset scores it.
    assert_eq!(shanten_of("1199m1199p11s EE w", "sanma"), Some(0));
    // Four of a kind is not two pairs.
    assert_eq!(shanten_of("1111m99p11s EEww g", "sanma"), Some(2));
    // Thirteen orphans with North removed: twelve kinds and one of them three times (000
    // §Full limit): korean scores it, korean-lite does not.
    assert_eq!(shanten_of("119m19p19s ESWwgr", "korean"), Some(0));
    assert_eq!(shanten_of("119m19p19s ESWwgr", "korean-lite"), Some(5));
    let rules = rules::load("sanma").expect("shipped");
    let off =
        rules::load_with("sanma", &["criteria.chiitoitsu.enabled=false".into()]).expect("loads");
    let line = "1199m1199p11s EE w";
    assert_eq!(shanten(base(&valid(line, &rules)), &rules), Some(0));
    assert_eq!(shanten(base(&valid(line, &off)), &off), Some(3));
}

#[test]
fn jokers_stand_for_any_tile_within_the_copies() {
    // 123p 456p 789p, EEE and two jokers as the pair.
    assert_eq!(shanten_of("123456789p EEE JJ", "malaysian"), Some(-1));
    // Two jokers and any draw make the fourth set.
    assert_eq!(shanten_of("123456789p EE JJ", "malaysian"), Some(0));
    assert_eq!(shanten_of("123456789p Ewg J", "malaysian"), Some(1));
    // The joker may not be a fifth East unless jokers-beyond-copies says so.
    assert_eq!(shanten_of("123456p EEEE ww J", "malaysian"), Some(1));
    let beyond = rules::load_with("malaysian", &["options.jokers-beyond-copies=true".into()])
        .expect("loads");
    let line = "123456p EEEE ww J";
    assert_eq!(shanten(base(&valid(line, &beyond)), &beyond), Some(0));
}

/// Random hands of `ruleset`: `count` lines of 13 or 14 tiles (kongs as three), some with
/// declared sets, kita and indicators, all within the set's copies.
fn random_lines(ruleset: &Ruleset, seed: u64, count: usize) -> Vec<String> {
    let mut random = Xorshift(seed);
    let kinds: Vec<Tile> = ruleset.tiles.tiles().collect();
    let mut lines = Vec::with_capacity(count);
    while lines.len() < count {
        let mut used = TileCounts::new();
        let take = |t: Tile, n: u8, used: &mut TileCounts| {
            let ok = used.get(t) + n <= ruleset.tiles.copies(t);
            if ok {
                used.add(t, n);
            }
            ok
        };
        let mut words = Vec::new();
        let melds = match random.below(4) {
            0 => 1 + random.below(2),
            _ => 0,
        };
        for _ in 0..melds {
            let t = kinds[random.below(kinds.len())];
            if !ruleset.tiles.pair_only(t) && take(t, 3, &mut used) {
                words.push(format!("[{t}{t}{t}]"));
            }
        }
        let size = 13 + random.below(2) - 3 * words.len();
        // Sets and a pair first (some hands stop there), then clustered tiles, so that
        // many hands are complete, ready or near ready.
        let mut concealed = TileCounts::new();
        if random.below(3) == 0 {
            let eye = kinds[random.below(kinds.len())];
            if take(eye, 2, &mut used) {
                concealed.add(eye, 2);
            }
            for _ in 0..8 {
                let low = kinds[random.below(kinds.len())];
                let set: Vec<Tile> = match random.below(2) {
                    0 => vec![low; 3],
                    _ => (0..3).filter_map(|k| low.offset(k)).collect(),
                };
                let fits = set.len() == 3
                    && concealed.total() + 3 <= size
                    && set
                        .iter()
                        .all(|t| ruleset.tiles.has(*t) && !ruleset.tiles.pair_only(*t))
                    && set
                        .iter()
                        .all(|t| used.get(*t) + 3 <= ruleset.tiles.copies(*t));
                if fits {
                    for &t in &set {
                        take(t, 1, &mut used);
                        concealed.add(t, 1);
                    }
                }
            }
        }
        while concealed.total() < size {
            let t = kinds[random.below(kinds.len())];
            let n = 1 + random.below(3) as u8;
            for k in 0..n {
                let tile = t.offset(k).filter(|x| ruleset.tiles.has(*x)).unwrap_or(t);
                if concealed.total() < size && take(tile, 1, &mut used) {
                    concealed.add(tile, 1);
                }
            }
        }
        words.insert(0, concealed.written());
        let north = Wind::North.tile();
        if ruleset.tiles.kita && random.below(3) == 0 {
            let n = 1 + random.below(2) as u8;
            if take(north, n, &mut used) {
                words.push(format!("+{}", "N".repeat(usize::from(n))));
            }
        }
        if random.below(3) == 0 {
            let t = kinds[random.below(kinds.len())];
            if take(t, 1, &mut used) {
                words.push(format!("discards={t}"));
            }
        }
        lines.push(words.join(" "));
    }
    lines
}

/// Whether the hand with `concealed` makes a shape the decomposition reads.
fn makes_shape(hand: &Hand, concealed: &TileCounts, rules: &Ruleset) -> bool {
    let mut trial = hand.clone();
    trial.concealed = *concealed;
    trial.win_tile = concealed.first().unwrap_or(trial.win_tile);
    has_arrangement(&trial, rules)
}

#[test]
fn counts_agree_with_the_decomposition_and_with_each_other() {
    for (name, seed) in [
        ("sanma", 11),
        ("korean", 12),
        ("korean-lite", 13),
        ("sanma-honshu", 14),
        ("malaysian", 15),
    ] {
        let rules = rules::load(name).expect("shipped");
        let (mut ready, mut complete, mut far) = (0, 0, 0);
        for line in random_lines(&rules, seed, 500) {
            let valid = valid(&line, &rules);
            let hand = base(&valid);
            // The decomposition reads every shape, whatever the ruleset scores.
            let mut counter = Counter::with_shapes(hand, &rules, WinningShapes::ALL);
            let unseen = unseen(hand, &rules);
            let cap = caps(&hand.concealed, &unseen);
            let got = counter.shanten(&hand.concealed, &cap);
            let size = hand.concealed.total() + 3 * hand.melds.len();
            if size == 14 {
                let shape = makes_shape(hand, &hand.concealed, &rules);
                assert_eq!(got == Some(-1), shape, "{name}: {line}");
                complete += usize::from(shape);
                if shape {
                    continue;
                }
                // The best discard, the discard among the player's own.
                let best = hand
                    .concealed
                    .iter()
                    .filter_map(|(t, _)| {
                        let mut left = hand.concealed;
                        left.remove(t, 1);
                        let mut cap = cap;
                        cap[t.index()] -= 1;
                        counter.shanten(&left, &cap)
                    })
                    .min();
                assert_eq!(got, best, "{name}: {line}");
            } else {
                // Ready: some draw with a copy unseen makes a shape.
                let draws: Vec<Tile> = rules
                    .tiles
                    .tiles()
                    .filter(|t| unseen[t.index()] > 0)
                    .collect();
                let completes = draws.iter().any(|&t| {
                    let mut drawn = hand.concealed;
                    drawn.add(t, 1);
                    makes_shape(hand, &drawn, &rules)
                });
                assert_eq!(got == Some(0), completes, "{name}: {line}");
                ready += usize::from(completes);
                // Otherwise one more than after the best draw, and the useful draws are
                // exactly those that lower it.
                let after: Vec<(Tile, Option<Shanten>)> = draws
                    .iter()
                    .map(|&t| {
                        let mut drawn = hand.concealed;
                        drawn.add(t, 1);
                        (t, counter.shanten(&drawn, &cap))
                    })
                    .collect();
                let best = after.iter().filter_map(|&(_, s)| s).min();
                assert_eq!(got, best.map(|s| s + 1), "{name}: {line}");
                let lowering: Vec<Tile> = after
                    .iter()
                    .filter(|&&(_, s)| s.is_some() && s < got)
                    .map(|&(t, _)| t)
                    .collect();
                let useful: Vec<Tile> = counter
                    .count(&hand.concealed, &cap)
                    .into_iter()
                    .flat_map(Count::useful_tiles)
                    .collect();
                assert_eq!(useful, lowering, "{name}: {line}");
                far += usize::from(got.is_some_and(|s| s >= 2));
            }
        }
        assert!(
            ready > 10 && complete > 5 && far > 20,
            "{name}: {ready} {complete} {far}"
        );
    }
}

#[test]
fn joker_counts_agree_with_the_evaluator() {
    use crate::evaluate::{score_hand, waits};
    for beyond in [false, true] {
        let setting = format!("options.jokers-beyond-copies={beyond}");
        let rules = rules::load_with("malaysian", &[setting]).expect("loads");
        let mut random = Xorshift(0x5eed + u64::from(beyond));
        let (mut complete, mut ready) = (0, 0);
        for line in random_lines(&rules, 21 + u64::from(beyond), 300) {
            // Up to three of the concealed tiles become jokers.
            let jokers = 1 + random.below(3);
            let mut valid_line = None;
            let words: Vec<&str> = line.split(' ').collect();
            let input = notation::parse_hand(&line).expect("parses");
            let mut counts = TileCounts::new();
            for token in &input.concealed {
                counts.add(token.tile, 1);
            }
            for _ in 0..jokers {
                let pick = counts.iter().map(|(t, _)| t).nth(random.below(3));
                if let Some(t) = pick {
                    counts.remove(t, 1);
                }
            }
            let lost = input.concealed.len() - counts.total();
            if lost > 0 {
                let mut rest = vec![counts.written(), "J".repeat(lost)];
                rest.extend(words.iter().skip(1).map(|w| w.to_string()));
                valid_line = Some(rest.join(" "));
            }
            let Some(line) = valid_line else { continue };
            let valid = valid(&line, &rules);
            let hand = base(&valid);
            let mut counter = Counter::new(hand, &rules);
            let unseen = unseen(hand, &rules);
            let cap = caps(&hand.concealed, &unseen);
            let got = counter.count(&hand.concealed, &cap);
            match &valid {
                ValidHand::Complete(hand) => {
                    let shape = score_hand(hand, &rules).is_some();
                    assert_eq!(got.map(|c| c.shanten) == Some(-1), shape, "{line}");
                    complete += usize::from(shape);
                }
                ValidHand::Waiting(waiting) => {
                    let waits = waits(waiting, &rules);
                    assert_eq!(
                        got.map(|c| c.shanten) == Some(0),
                        !waits.is_empty(),
                        "{line}"
                    );
                    ready += usize::from(!waits.is_empty());
                    // The useful draws are exactly those that lower the count.
                    let lowering: Vec<Tile> = rules
                        .tiles
                        .tiles()
                        .filter(|t| unseen[t.index()] > 0)
                        .filter(|&t| {
                            let mut drawn = hand.concealed;
                            drawn.add(t, 1);
                            let after = counter.shanten(&drawn, &cap);
                            after.is_some() && after < got.map(|c| c.shanten)
                        })
                        .collect();
                    let useful: Vec<Tile> = got.into_iter().flat_map(Count::useful_tiles).collect();
                    assert_eq!(useful, lowering, "{line}");
                }
            }
        }
        assert!(complete > 10 && ready > 10, "{complete} {ready}");
    }
}
