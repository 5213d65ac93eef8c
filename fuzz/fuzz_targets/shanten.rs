//! The analysis of a hand with no winning shape (shanten, useful draws, ranked discards) of a
//! line under every shipped ruleset. Fails on a panic, on JSON or text that does not hold,
//! and on an analysis that contradicts itself: a 13-tile hand's useful draws are exactly the
//! unseen tiles that lower its shanten by one, their copies add up, and a 14-tile hand's
//! shanten is that of its best discard, the discards ranked best first.

#![no_main]

#[path = "common.rs"]
mod common;

use common::{assert_inert, rulesets};
use libfuzzer_sys::fuzz_target;
use mj3::hand::{Hand, ValidHand};
use mj3::render::{Style, unready};
use mj3::rules::Ruleset;
use mj3::shanten::{Shanten, Unready, analyse_hand, shanten, unseen};
use mj3::tile::Tile;

/// A shanten ranked as the analysis ranks it: no reachable shape last.
fn rank(shanten: Option<Shanten>) -> i16 {
    shanten.map_or(i16::MAX, i16::from)
}

/// The tile a draw or discard names, in notation.
fn tile(notation: &str) -> Tile {
    Tile::all()
        .find(|tile| tile.notation() == notation)
        .unwrap_or_else(|| panic!("the analysis names no tile: {notation:?}"))
}

/// A 13-tile hand: every unseen tile lowers the shanten by one exactly when it is listed.
fn check_draws(base: &Hand, analysis: &Unready, rules: &Ruleset) {
    assert!(
        analysis.discards.is_empty(),
        "a 13-tile hand lists discards"
    );
    let listed: u32 = analysis.useful.iter().map(|d| u32::from(d.unseen)).sum();
    assert_eq!(listed, analysis.useful_count, "useful copies do not add up");
    let Some(now) = analysis.shanten else {
        assert!(
            analysis.useful.is_empty(),
            "draws listed for an unreachable shape"
        );
        return;
    };
    let unseen = unseen(base, rules);
    for candidate in Tile::all() {
        let copies = unseen[candidate.index()];
        if copies == 0 {
            continue;
        }
        let useful = analysis.useful.iter().find(|d| tile(&d.tile) == candidate);
        let mut drawn = base.clone();
        drawn.concealed.add(candidate, 1);
        let after = shanten(&drawn, rules);
        match useful {
            Some(draw) => {
                assert_eq!(draw.unseen, copies, "{candidate}: unseen copies");
                assert_eq!(
                    after,
                    Some(now - 1),
                    "{candidate} is listed but does not help"
                );
            }
            None => assert_eq!(after, Some(now), "{candidate} helps but is not listed"),
        }
    }
}

/// A 14-tile hand: its shanten is the best discard's, and the discards are ranked.
fn check_discards(analysis: &Unready) {
    assert!(analysis.useful.is_empty(), "a 14-tile hand lists draws");
    let ranks: Vec<i16> = analysis.discards.iter().map(|d| rank(d.shanten)).collect();
    assert!(
        ranks.windows(2).all(|w| w[0] <= w[1]),
        "discards not ranked"
    );
    if let Some(best) = ranks.first() {
        assert_eq!(
            *best,
            rank(analysis.shanten),
            "not the best discard's shanten"
        );
    }
    for discard in &analysis.discards {
        let listed: u32 = discard.useful.iter().map(|d| u32::from(d.unseen)).sum();
        assert_eq!(listed, discard.useful_count, "{}: copies", discard.tile);
        // A ready discard may still list no wait: the line's context can rule each out
        // (`robbed` with the winning tile's other copies seen).
        assert!(
            discard.waits.is_empty() || discard.shanten == Some(0),
            "{}: waits listed for a discard that is not ready",
            discard.tile
        );
    }
}

const STYLE: Style = Style {
    color: false,
    width: Some(60),
    glyphs: false,
    ascii: false,
};

fuzz_target!(|data: &[u8]| {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    for rules in rulesets() {
        let Ok((hand, evaluation)) = mj3::score_line(line, rules) else {
            continue;
        };
        let analysis = analyse_hand(&hand, rules);
        match &hand {
            ValidHand::Waiting(waiting) => check_draws(&waiting.base, &analysis, rules),
            ValidHand::Complete(_) => check_discards(&analysis),
        }
        let text = unready::text(&analysis, STYLE);
        assert_inert(&text);
        let json = unready::record(common::first_line(), line, rules, &hand, &evaluation)
            .expect("a record serializes");
        let record: serde_json::Value =
            serde_json::from_str(&json).expect("the JSON record reads back");
        assert_eq!(record["input"].as_str(), Some(line));
    }
});
