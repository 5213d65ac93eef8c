//! The score sheet a replay produces: one record per hand (and per correction) with what
//! happened, each player's change and running total and the sticks on the table, and the
//! standings at the end. Serialized by serde for `mj3 game --json`, drawn by the CLI.

use std::fmt;

use serde::Serialize;

use super::happened::{GameEnd, HandEvent, Said};
use super::player::ByPlayer;
use crate::amount::{signed, written};
use crate::plural::{counted, pick};
use crate::results::Score;
use crate::rules::{GameRules, System};
use crate::tile::Seat;

/// A whole game replayed.
#[derive(Debug, Clone, Serialize)]
pub struct Sheet {
    /// The ruleset, as headers name it.
    pub ruleset: String,
    /// The players in turn order; the first dealt first.
    pub players: Vec<String>,
    /// Points each player started with.
    pub starting_points: i64,
    /// Points of a riichi stick (0: the ruleset plays without sticks).
    pub riichi_stick: i64,
    /// Every hand and correction, in order (empty when they were handed out one at a time,
    /// `replay_each`).
    pub hands: Vec<HandRecord>,
    /// Riichi sticks on the table after the last hand.
    pub sticks_left: u32,
    /// Why the game ended; `None` while the record stops before its end.
    pub end: Option<GameEnd>,
    /// The standings after the last hand, first place first.
    pub standings: Vec<Standing>,
    /// The hand in play where the record stops (its events so far, or none when the record
    /// stops between hands); `None` once the game is over.
    pub in_play: Option<HandInPlay>,
    /// The all-last dealer, first at the target, may stop the game or play on now
    /// (`dealer-stops` or `dealer-plays-on` is the next line the record takes).
    pub dealer_choice: bool,
    /// How the game was settled at its end; `None` while it is not over.
    pub settlement: Option<Settlement>,
    /// How many more players may still claim the discard the record's last line won on
    /// (`and NAME ron FROM: …` lines the record takes next): a discard has two other players
    /// to claim it (003 §9.7), whether the ruleset pays both or one by priority
    /// (`multiple-ron`); 0 when the record's last line is no ron.
    #[serde(skip)]
    pub open_claims: usize,
    /// The ruleset's name (a shipped ruleset's, or the house file's own).
    #[serde(skip)]
    pub ruleset_name: String,
    /// The ruleset as a table names it ([`crate::rules::Ruleset::table_name`]).
    #[serde(skip)]
    pub ruleset_table_name: String,
    /// The system of the ruleset the game is played under.
    #[serde(skip)]
    pub system: System,
    /// Its `[game]` rules, the record's `set` lines laid over them: what the game takes.
    #[serde(skip)]
    pub game: GameRules,
    /// The values a win may be stated with under its ruleset (the page's value pad).
    #[serde(skip)]
    pub value_choices: crate::hand::stated::ValueChoices,
}

/// The last record of `mj3 game --json`: the ruleset, the players and how the game ended.
#[derive(Debug, Clone, Serialize)]
pub struct EndRecord<'a> {
    /// Always `end`.
    pub kind: &'static str,
    /// The ruleset, as headers name it.
    pub ruleset: &'a str,
    /// The players in turn order.
    pub players: &'a [String],
    /// Points each player started with.
    #[serde(rename = "starting-points")]
    pub starting_points: i64,
    /// Why the game ended; `null` while the record stops before its end.
    pub end: Option<String>,
    /// The same as the table reads it, its source apart.
    pub end_said: Option<Said>,
    /// The standings after the last hand, first place first.
    pub standings: &'a [Standing],
    /// The hand in play where the record stops; `null` once the game is over.
    pub in_play: Option<&'a HandInPlay>,
    /// The all-last dealer, first at the target, may stop the game or play on now.
    pub dealer_choice: bool,
    /// How the game was settled at its end; `null` while it is not over.
    pub settlement: Option<&'a Settlement>,
}

/// How a game over is settled: what each player returns, the uma and oka, and the riichi
/// sticks left on the table at the end; each player's share is in the standings
/// ([`Standing::uma`], [`Standing::oka`], [`Standing::result`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Settlement {
    /// Points each player gives back before the uma: the target (`target-points`), or the
    /// starting points when the ruleset sets no target.
    pub returned: i64,
    /// The oka, to first place: what the players' starting points fall short of the
    /// target (0 without a target above the start).
    pub oka: i64,
    /// The uma of first, second and third place.
    pub uma: [i64; 3],
    /// Riichi sticks on the table when the game ended.
    pub sticks: u32,
    /// Who took them (first place, `leftover-sticks = "to-first"`); `None`: none were left,
    /// or they stay unclaimed.
    pub sticks_to: Option<String>,
    /// Their points.
    pub sticks_points: i64,
    /// The results added up: 0, unless sticks stay unclaimed (their points less), the uma
    /// does not add up to zero, or the target is below the start.
    pub total: i64,
    /// The settlement changes a result from the change since the start: a return other
    /// than the starting points, an uma or an oka (none under a game that sets neither, as
    /// `korean` and `malaysian` by default); `mj3 game` then shows the result, its uma and oka.
    pub adjusts: bool,
}

impl Settlement {
    /// What `mj3 game` says of the settlement (`Settled: …`): its sentence where it adjusts a
    /// result or riichi sticks were left, `None` where each result is the change since the
    /// start and there is nothing more to say.
    pub fn said(&self) -> Option<String> {
        (self.adjusts || self.sticks > 0).then(|| self.to_string())
    }
}

impl fmt::Display for Settlement {
    /// `each returns 40,000; uma +15,000, 0, -15,000; oka +15,000 to first; 1 riichi stick
    /// left goes to Ann (1,000)`: what differs from counting the change since the start.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = vec![format!("each returns {}", written(self.returned))];
        if self.uma != [0, 0, 0] {
            let uma: Vec<String> = self.uma.iter().map(|u| signed(*u)).collect();
            parts.push(format!("uma {}", uma.join(", ")));
        }
        if self.oka != 0 {
            parts.push(format!("oka {} to first", signed(self.oka)));
        }
        if self.sticks > 0 {
            let sticks = counted(self.sticks, "riichi stick", "riichi sticks");
            parts.push(match &self.sticks_to {
                Some(player) => format!(
                    "{sticks} left {} to {player} ({})",
                    pick(self.sticks, "goes", "go"),
                    written(self.sticks_points)
                ),
                None => format!(
                    "{sticks} left {} unclaimed ({})",
                    pick(self.sticks, "stays", "stay"),
                    written(self.sticks_points)
                ),
            });
        }
        if self.total != 0 {
            parts.push(format!("the results add up to {}", signed(self.total)));
        }
        f.write_str(&parts.join("; "))
    }
}

impl Sheet {
    /// The sheet's [`EndRecord`].
    pub fn end_record(&self) -> EndRecord<'_> {
        EndRecord {
            kind: "end",
            ruleset: &self.ruleset,
            players: &self.players,
            starting_points: self.starting_points,
            end: self.end.map(|end| end.to_string()),
            end_said: self.end.map(|end| end.said()),
            standings: &self.standings,
            in_play: self.in_play.as_ref(),
            dealer_choice: self.dealer_choice,
            settlement: self.settlement.as_ref(),
        }
    }
}

/// What kind of record a row of the sheet is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HandKind {
    /// Won by one player, or two on one discard.
    Win,
    /// An exhaustive draw.
    Draw,
    /// A chombo.
    Chombo,
    /// Points moved by a correction line.
    Correction,
}

/// One player's seat in a hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerSeat {
    /// The player.
    pub player: String,
    /// The seat: East is the dealer.
    pub seat: Seat,
}

/// One player's row in a hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerRow {
    /// The player.
    pub player: String,
    /// Points gained (positive) or lost in the hand.
    pub change: i64,
    /// Points after the hand.
    pub total: i64,
}

/// One hand of the game (or a correction between hands).
#[derive(Debug, Clone, Serialize)]
pub struct HandRecord {
    /// The record's place on the sheet, from 1.
    pub number: usize,
    /// The line of the game record that ended it.
    pub line: usize,
    /// Win, draw, chombo or correction.
    pub kind: HandKind,
    /// The hand as named: `East 2`, or `Hand 5` when the winner deals.
    pub label: String,
    /// The prevailing wind.
    pub round: Seat,
    /// The dealer.
    pub dealer: String,
    /// Each player's seat, in turn order.
    pub seats: ByPlayer<PlayerSeat>,
    /// Counters (honba) on the table when the hand started.
    pub honba: u32,
    /// Riichi sticks on the table when the hand started.
    pub sticks: u32,
    /// Drawn hands in a row just before (goulash).
    pub draws: u32,
    /// What happened, one sentence each, in order.
    pub events: Vec<String>,
    /// The same events as facts, in order (`events[i]` is the sentence of `happened[i]`).
    pub happened: Vec<HandEvent>,
    /// The same sentences as the table reads them, each with its source apart.
    pub said: Vec<Said>,
    /// The wins of the hand with their full evaluation.
    pub wins: Vec<WinRecord>,
    /// Each player's change and total, in turn order.
    pub players: ByPlayer<PlayerRow>,
    /// Riichi sticks on the table after the hand.
    pub sticks_after: u32,
    /// Points the table gained (sticks put out) or gave (sticks collected) in the hand: with
    /// the players' changes it adds up to zero.
    pub table_change: i64,
}

/// The hand being played where a record stops: where it stands (as its hand record will
/// say when it ends) and what happened in it so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HandInPlay {
    /// The hand as named: `East 2`, or `Hand 5` when the winner deals.
    pub label: String,
    /// The prevailing wind.
    pub round: Seat,
    /// The hand's place in its round (1–3), or in the game when the winner deals.
    pub hand: u32,
    /// The dealer.
    pub dealer: String,
    /// Each player's seat, in turn order.
    pub seats: ByPlayer<PlayerSeat>,
    /// Counters (honba) on the table when the hand started.
    pub honba: u32,
    /// Riichi sticks on the table when the hand started.
    pub sticks: u32,
    /// Riichi sticks on the table now (the hand's declarations' sticks added).
    pub sticks_now: u32,
    /// Drawn hands in a row just before (goulash).
    pub draws: u32,
    /// The riichi (or declared-ready) declarations so far, in order.
    pub declared: Vec<Declaration>,
    /// What the game counts on the table now, in words, as far as the system keeps it:
    /// `2 counters`, `1 riichi stick on the table` (han systems), `1 drawn hand before`
    /// (where drawn hands count).
    pub on_the_table: Vec<String>,
    /// The players named tenpai for the coming exhaustive draw.
    pub tenpai: Vec<String>,
    /// The players named for a nagashi mangan at the coming exhaustive draw.
    pub nagashi: Vec<String>,
    /// Kongs paid on the spot.
    pub kongs: Vec<KongPaid>,
    /// Full bonus sets paid on the spot.
    pub bonus_sets: Vec<BonusSetPaid>,
    /// What happened so far, one sentence each, as the hand's record will say it.
    pub events: Vec<String>,
    /// The same events as facts, in order.
    pub happened: Vec<HandEvent>,
    /// The same sentences as the table reads them, each with its source apart.
    pub said: Vec<Said>,
}

/// A riichi (or declared-ready) declaration of the hand in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Declaration {
    /// Who declared.
    pub player: String,
    /// The line of the record that declared.
    pub line: usize,
    /// The declaration put a riichi stick on the table.
    pub stick: bool,
}

/// A kong paid on the spot in the hand in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KongPaid {
    /// Who made it.
    pub player: String,
    /// Its tile, in notation (`5p`, `E`).
    pub tile: String,
}

/// A full set of bonus tiles paid on the spot in the hand in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BonusSetPaid {
    /// Who holds it.
    pub player: String,
    /// Which set.
    pub set: crate::tile::BonusSet,
}

/// A win of a hand.
#[derive(Debug, Clone, Serialize)]
pub struct WinRecord {
    /// The winner.
    pub winner: String,
    /// The winner's seat.
    pub seat: Seat,
    /// The discarder; `None` for a self-draw.
    pub from: Option<String>,
    /// The liable player (pao), if any.
    pub pao: Option<String>,
    /// The hand as written on its line.
    pub hand: String,
    /// Counters the win was paid.
    pub honba: u32,
    /// Riichi sticks the win took from the table.
    pub sticks: u32,
    /// Drawn hands in a row before it (goulash).
    pub draws: u32,
    /// The full evaluation, with the payment table of the single win.
    pub score: Score,
    /// What each player paid or received for it after liability, in turn order.
    pub paid: ByPlayer<PlayerRow>,
    /// A sentence: how the hand scored and what it collected.
    pub summary: String,
    /// The same as the table reads it: the elements by name, what each pays, and apart the
    /// sums of each payment.
    pub said: Said,
}

/// A player's place at the end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Standing {
    /// 1, 2 or 3.
    pub place: usize,
    /// The player.
    pub player: String,
    /// Points.
    pub points: i64,
    /// Points won or lost since the start.
    pub net: i64,
    /// The uma of the place.
    pub uma: i64,
    /// The oka: first place's, 0 for the others.
    pub oka: i64,
    /// Points less the target (or the start, without a target), plus the uma of the place
    /// and the oka for first (equal to `net` when the ruleset sets neither).
    pub result: i64,
}

/// The names of the elements that count, joined: `Riichi, Tanyao (All Simples), Dora ×2`.
pub fn elements_named(score: &Score) -> String {
    score
        .elements
        .iter()
        .map(|e| {
            if e.count > 1 {
                format!("{} ×{}", e.name, e.count)
            } else {
                e.name.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The keys of the elements that count, joined: `riichi, tanyao, dora ×2`.
pub fn elements_said(score: &Score) -> String {
    score
        .elements
        .iter()
        .map(|e| {
            if e.count > 1 {
                format!("{} ×{}", e.id, e.count)
            } else {
                e.id.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}
