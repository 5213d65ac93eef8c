//! Readings of the texts re-checked for the game (issue 29, point 3), each test quoting the
//! line it follows, and what a failed line leaves behind.

#[path = "common/games.rs"]
mod games;

use games::{changes, fails, play, says};
use mj3::game;

/// Riichi alone, 1 han 40 fu on a ron: non-dealer 1,300, dealer 2,000; wins on 9s.
const RIICHI_ONLY: &str = "345p678p345s567s99s";

fn sanma(events: &str) -> String {
    format!("ruleset sanma\nplayers Ann Ben Cat\n{events}")
}

fn korean(events: &str) -> String {
    format!("ruleset korean\nplayers Ann Ben Cat\n{events}")
}

/// 000 §Bonus points: "2 points for winning from each player who was not waiting to win.
/// Waiting means waiting for one tile from the wall or a discard that would give a legal hand
/// meeting the minimum required hand-points." A player who claimed the discard for a win and
/// lost it on priority (000 §Priority of stealing tiles) was waiting on it, so pays as a
/// waiting player: the same as a win that says `waiting=` for that seat.
#[test]
fn a_claim_lost_on_priority_pays_as_waiting() {
    let both = play(&korean(
        "Ann ron Ben: 123p456m999s rrr EE\nand Cat ron Ben: 123p123p456m rrr EE\n",
    ));
    let stated = play(&korean("Cat ron Ben: 123p123p456m rrr EE waiting=E\n"));
    let alone = play(&korean("Cat ron Ben: 123p123p456m rrr EE\n"));
    assert_eq!(both.hands[0].wins[0].winner, "Cat");
    assert_eq!(changes(&both.hands[0]), changes(&stated.hands[0]));
    assert_ne!(changes(&both.hands[0]), changes(&alone.hands[0]));
    says(&both.hands[0], "Ann was waiting on the discard");
}

/// 003 §9.7 "Two Players Go Ron on the Same Discarded Tile": one tile, so two hands that win
/// on different tiles cannot both have claimed it.
#[test]
fn two_wins_on_one_discard_on_different_tiles_are_refused() {
    let error = fails(&sanma(&format!(
        "riichi Ben\nriichi Cat\nBen ron Ann: {RIICHI_ONLY}\nand Cat ron Ann: 22p456p789p678s345s\n"
    )));
    assert_eq!(error.line, 6);
    assert!(
        error
            .message
            .contains("the first hand wins on 9s, this one on 5s"),
        "{}",
        error.message
    );
    let error = fails(&korean(
        "Ann ron Ben: 123p456m999s rrr EE\nand Cat ron Ben: 111p222p333p EEE rr\n",
    ));
    assert!(error.message.contains("one tile"), "{}", error.message);
}

/// The end of a game is said one way: the error for a line after it, the sheet's `end`, and
/// `mj3 game --json`'s `end` (cli/tests/game.rs) all give the same reason.
#[test]
fn the_end_of_the_game_is_said_one_way() {
    let record = sanma("set game.starting-points=1000\ncorrect Ann +2000 Ben -2000\ndraw\ndraw\n");
    let failure = game::replay(&record, &[]).expect_err("a line after the end");
    let sheet = failure.sheet.expect("the sheet before it");
    assert_eq!(sheet.end, Some(mj3::game::GameEnd::Bust));
    assert!(
        failure
            .error
            .message
            .starts_with("the game is over: a player went below zero (after hand 2)"),
        "{}",
        failure.error.message
    );
}

/// docs/game.md: "The first line the game cannot take — one it cannot read, or one it cannot
/// play — stops the replay ... the sheet of the hands before it is printed": a line that
/// cannot be read gives the sheet up to it and the state of the game there.
#[test]
fn a_line_that_cannot_be_read_keeps_the_sheet_before_it_and_the_state() {
    let failure =
        game::replay(&sanma("draw tenpai Ann\nAnn wins: 123p\n"), &[]).expect_err("bad line");
    assert_eq!(failure.error.line, 4);
    assert!(failure.error.message.contains("starts no event"));
    let state = failure.error.state.expect("the game there");
    assert!(
        state.starts_with("East 1, dealer Ann, 1 counter"),
        "{state}"
    );
    let sheet = failure.sheet.expect("the sheet");
    assert_eq!(sheet.hands.len(), 1);
    assert_eq!(sheet.standings[0].points, 37_000);
}

/// A failed second claim of a double ron leaves nothing of its hand: not the first ron, not
/// the riichi sticks put out in it.
#[test]
fn standings_after_a_failed_hand_hold_nothing_of_it() {
    let failure = game::replay(
        &sanma(&format!(
            "draw\nriichi Ben\nriichi Cat\nBen ron Ann: {RIICHI_ONLY}\nand Cat ron Ann: 345p678p345s567s9s9s tsumo\n"
        )),
        &[],
    )
    .expect_err("the second claim says tsumo");
    assert_eq!(failure.error.line, 7);
    let sheet = failure.sheet.expect("the sheet");
    assert_eq!(sheet.hands.len(), 1);
    let points: Vec<i64> = sheet.standings.iter().map(|s| s.points).collect();
    assert_eq!(points, [35_000, 35_000, 35_000]);
    assert_eq!(sheet.sticks_left, 0);
}

/// What a winner collects is itemised: 000 §Hands, rounds, and matches' goulash ("the next
/// winner takes ... extra") shows on the sheet as it does in `mj3 score`'s payment table.
#[test]
fn the_sheet_itemises_what_a_winner_collects() {
    let sheet = play(&korean("draw\ndraw\nAnn tsumo: 123p123p456m rrr EE\n"));
    let summary = &sheet.hands[2].wins[0].summary;
    assert!(
        summary.contains("+ 10 goulash (2 drawn hands)"),
        "{summary}"
    );
    let sheet = play(&sanma(&format!("riichi Ben\nBen ron Cat: {RIICHI_ONLY}\n")));
    let summary = &sheet.hands[0].wins[0].summary;
    assert!(
        summary.contains("collects 2,300: Cat 1,300 (")
            && summary.contains("1 riichi stick from the table (1,000)"),
        "{summary}"
    );
}
