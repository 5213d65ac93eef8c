//! Replaying a game record in a test: the sheet (checked to conserve its points) or the
//! error, and each hand's totals and changes.

#![allow(dead_code)]

use mj3::game::{self, GameError, HandRecord, Sheet};

/// The sheet of `record`, which must replay and conserve its points.
pub fn play(record: &str) -> Sheet {
    let sheet = game::replay(record, &[]).unwrap_or_else(|f| panic!("{}", f.error.render()));
    conserved(&sheet);
    sheet
}

/// The error that stops `record`.
pub fn fails(record: &str) -> GameError {
    game::replay(record, &[])
        .expect_err("the record is refused")
        .error
}

/// Each player's total after the hand.
pub fn totals(hand: &HandRecord) -> Vec<i64> {
    hand.players.iter().map(|p| p.total).collect()
}

/// Each player's change in the hand.
pub fn changes(hand: &HandRecord) -> Vec<i64> {
    hand.players.iter().map(|p| p.change).collect()
}

/// What the winners gain is what the others and the table lose, hand by hand, and the
/// totals follow from the start (the first hand's, for a record that starts partway).
pub fn conserved(sheet: &Sheet) {
    let mut running: Vec<i64> = match sheet.hands.first() {
        Some(first) => first.players.iter().map(|p| p.total - p.change).collect(),
        None => vec![sheet.starting_points; 3],
    };
    for hand in &sheet.hands {
        let sum: i64 = changes(hand).iter().sum();
        assert_eq!(
            sum + hand.table_change,
            0,
            "hand {} is not conserved: {hand:?}",
            hand.number
        );
        for (total, change) in running.iter_mut().zip(changes(hand)) {
            *total += change;
        }
        assert_eq!(running, totals(hand), "hand {}: totals", hand.number);
    }
}

/// The example record `docs/examples/NAME-game.txt`.
pub fn example(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/docs/examples/{name}-game.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("readable")
}

/// Asserts that one of the hand's sentences says `words`.
pub fn says(hand: &HandRecord, words: &str) {
    assert!(
        hand.events.iter().any(|e| e.contains(words)),
        "no sentence says {words:?}: {:?}",
        hand.events
    );
}
