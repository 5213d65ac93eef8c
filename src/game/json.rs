//! The records `mj3 game --json` writes for a replay, in order: one per hand (and correction)
//! as each is settled, then the end record (also after the hands before a bad line). The
//! command line and the Python package both answer through [`replay_json`].

use std::path::Path;

use super::{Failure, HandRecord, Sheet, replay_each, replay_house};

/// Where the house file a record's `ruleset` line may name is found.
#[derive(Debug, Clone, Copy)]
pub enum HouseFile<'a> {
    /// Read from this folder (the record's).
    Folder(&'a Path),
    /// Given as its text: nothing is read from disk.
    Text(&'a str),
    /// None: the record must name a shipped ruleset.
    None,
}

/// Replays `text` with `overrides` laid over its ruleset and hands `emit` each JSON record
/// `mj3 game --json` writes, one line's text at a time, in order. A bad line stops the
/// replay: the records of the hands before it have been emitted (with the end record when
/// there was a hand), and the failure is returned.
pub fn replay_json(
    text: &str,
    overrides: &[String],
    house: HouseFile<'_>,
    emit: &mut dyn FnMut(String),
) -> Result<(), Box<Failure>> {
    let mut hands = 0usize;
    let mut on_hand = |_: &Sheet, hand: HandRecord| {
        hands += 1;
        emit(hand_json(&hand));
    };
    let result = match house {
        HouseFile::Text(house) => replay_house(text, house, overrides).map(|mut sheet| {
            for hand in std::mem::take(&mut sheet.hands) {
                on_hand(&sheet, hand);
            }
            sheet
        }),
        HouseFile::Folder(folder) => replay_each(text, overrides, Some(folder), &mut on_hand),
        HouseFile::None => replay_each(text, overrides, None, &mut on_hand),
    };
    let result = result.map_err(|mut failure| {
        // A house given as text is replayed whole: the hands before the bad line are in
        // the failure's sheet.
        if let Some(sheet) = failure.sheet.as_mut() {
            for hand in std::mem::take(&mut sheet.hands) {
                hands += 1;
                emit(hand_json(&hand));
            }
        }
        failure
    });
    match result {
        Ok(sheet) => {
            emit(end_json(&sheet));
            Ok(())
        }
        Err(failure) => {
            if let Some(sheet) = &failure.sheet
                && hands > 0
            {
                emit(end_json(sheet));
            }
            Err(failure)
        }
    }
}

/// One hand's record.
fn hand_json(hand: &HandRecord) -> String {
    crate::json::to_string(hand).unwrap_or_else(|e| unreachable!("plain data serializes: {e}"))
}

/// The end record: the ruleset, the players, how the game ended and the standings.
fn end_json(sheet: &Sheet) -> String {
    crate::json::to_string(&sheet.end_record())
        .unwrap_or_else(|e| unreachable!("plain data serializes: {e}"))
}
