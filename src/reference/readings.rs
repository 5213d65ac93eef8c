//! Every reading of a hand (`mj3 score HAND --all`): each arrangement and joker assignment
//! that makes a winning shape, scored, with the one the ruleset picks marked; for a waiting
//! hand, per winning tile.

use serde::Serialize;

use crate::evaluate::{Reading, every_reading, picking_rule};
use crate::hand::ValidHand;
use crate::rules::Ruleset;
use crate::tile::Tile;

/// The readings of the hand completed by one tile (`None`: the hand was complete).
#[derive(Debug, Clone, Serialize)]
pub struct TileReadings {
    /// Its readings.
    pub readings: Vec<Reading>,
    /// The winning tile of a waiting hand, as notation writes it.
    pub tile: Option<String>,
}

/// Every reading of `hand`: one group for a complete hand, one per winning tile for a
/// waiting hand; a tile no reading completes has no group.
pub fn every_reading_of(hand: &ValidHand, rules: &Ruleset) -> Vec<TileReadings> {
    let hands: Vec<(Option<Tile>, crate::hand::Hand)> = match hand {
        ValidHand::Complete(hand) => vec![(None, hand.clone())],
        ValidHand::Waiting(waiting) => rules
            .tiles
            .tiles()
            .filter_map(|tile| Some((Some(tile), waiting.completed_by(tile, rules)?)))
            .collect(),
    };
    hands
        .iter()
        .map(|(tile, hand)| TileReadings {
            tile: tile.map(|t| t.to_string()),
            readings: every_reading(hand, rules),
        })
        .filter(|group| !group.readings.is_empty())
        .collect()
}

/// The JSON of `mj3 score HAND --all --json`: the input, the ruleset, the rule that picks a
/// reading, and the groups as `waits`.
pub fn json(input: &str, rules: &Ruleset, groups: &[TileReadings]) -> serde_json::Result<String> {
    #[derive(Serialize)]
    struct Record<'a> {
        input: &'a str,
        #[serde(rename = "picked-by")]
        picked_by: &'static str,
        ruleset: &'a str,
        waits: &'a [TileReadings],
    }
    crate::json::to_string(&Record {
        input,
        picked_by: picking_rule(rules),
        ruleset: &rules.name,
        waits: groups,
    })
}
