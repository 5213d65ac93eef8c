//! A game record replayed (as `mj3 game` replays it, with no folder to read a house file
//! from). Fails on a panic; on a hand whose points are not conserved (the players' changes and
//! the table's add up to zero) or whose running totals do not follow from the one before; on
//! standings that are not the last totals; and on a hand or end record whose JSON does not
//! read back.

#![no_main]

use std::collections::HashMap;

use libfuzzer_sys::fuzz_target;
use mj3::game::{self, HandRecord, Sheet};

/// The JSON of `value` reads back as JSON.
fn reads_back(value: &impl serde::Serialize) {
    let json = serde_json::to_string(value).expect("a record serializes");
    serde_json::from_str::<serde_json::Value>(&json).expect("the JSON record reads back");
}

/// Each player's total after the hands so far, as the sheet gave them.
#[derive(Default)]
struct Totals(HashMap<String, i64>);

impl Totals {
    /// One hand: conserved, and each total the last one plus the change.
    fn take(&mut self, hand: &HandRecord) {
        let changes: i64 = hand.players.iter().map(|p| p.change).sum();
        assert_eq!(
            changes + hand.table_change,
            0,
            "hand {} (line {}): points not conserved",
            hand.number,
            hand.line
        );
        for row in &hand.players {
            let before = self.0.insert(row.player.clone(), row.total);
            if let Some(before) = before {
                assert_eq!(
                    before + row.change,
                    row.total,
                    "hand {}: {}'s total does not follow",
                    hand.number,
                    row.player
                );
            }
        }
        reads_back(hand);
    }

    /// The standings are the last totals.
    fn check_standings(&self, sheet: &Sheet) {
        reads_back(&sheet.end_record());
        // A hand in play that has moved points already: a declaration's stick is out of the
        // declarer's points, and kongs and bonus sets are paid on the spot (malaysian).
        let moved = sheet.in_play.as_ref().is_some_and(|hand| {
            !hand.declared.is_empty() || !hand.kongs.is_empty() || !hand.bonus_sets.is_empty()
        });
        if self.0.is_empty() || moved {
            return;
        }
        for standing in &sheet.standings {
            assert_eq!(
                self.0.get(&standing.player),
                Some(&standing.points),
                "{}: the standings are not the last total",
                standing.player
            );
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut totals = Totals::default();
    match game::replay_each(text, &[], None, &mut |_, hand| totals.take(&hand)) {
        Ok(sheet) => totals.check_standings(&sheet),
        Err(failure) => {
            let _ = failure.error.render();
            if let Some(sheet) = &failure.sheet {
                totals.check_standings(sheet);
            }
        }
    }
});
