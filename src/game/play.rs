//! The game in play: the ruleset, the players by seat and the table between hands
//! ([`Table`]), the hand in play ([`Pending`]), the questions every settlement asks of the
//! ruleset, and [`Game::move_points`], through which every point of the game moves.

use super::happened::{HandEvent, said, texts};
use super::player::{ByPlayer, Player};
use super::record::{Line, WinLine, Word};
use super::sheet::{
    BonusSetPaid, Declaration, HandInPlay, HandKind, HandRecord, KongPaid, PlayerRow, PlayerSeat,
    Settlement, Sheet, Standing, WinRecord,
};
use super::state::{PLAYERS, Table};
use super::{GameError, Reason};
use crate::diagnostic::{Span, nearest_name};
use crate::plural;
use crate::rules::{DealerRule, Ruleset, System};
use crate::tile::{BonusSet, Tile};

/// A riichi (or declared-ready) declaration of the hand in play.
#[derive(Debug, Clone, Copy)]
pub(super) struct Declared {
    /// Who declared.
    pub player: Player,
    /// The line of the declaration.
    pub line: usize,
    /// The declaration put a stick on the table.
    pub stick: bool,
}

/// A tenpai player named before an exhaustive draw.
#[derive(Debug, Clone)]
pub(super) struct Tenpai {
    /// Who.
    pub player: Player,
    /// The line that named them (`None`: the draw line itself).
    pub line: Option<Line>,
    /// Where the hand starts in that line.
    pub hand: Option<usize>,
    /// Where the name was written.
    pub span: Span,
}

/// What happened so far in the hand in play.
#[derive(Debug, Default)]
pub(super) struct Pending {
    /// The table when the hand started.
    pub start: Option<Table>,
    /// The hand's lines so far.
    pub lines: usize,
    /// Riichi declarations.
    pub declared: Vec<Declared>,
    /// Tenpai players named.
    pub tenpai: Vec<Tenpai>,
    /// Nagashi mangan players named (with the line index and span).
    pub nagashi: Vec<(Player, Line, Span)>,
    /// Kongs paid on the spot: who and the tile.
    pub kongs: Vec<(Player, Tile)>,
    /// Full bonus sets paid on the spot.
    pub bonus_sets: Vec<(Player, BonusSet)>,
    /// What happened, for the sheet.
    pub events: Vec<HandEvent>,
    /// Players whose claim on the winning discard lost on priority.
    pub lost_claims: Vec<Player>,
}

/// A game being replayed.
pub(super) struct Game<'r> {
    /// The ruleset.
    pub rules: &'r Ruleset,
    /// The players, in turn order.
    pub names: ByPlayer<String>,
    /// The table between events.
    pub table: Table,
    /// The sheet written so far.
    pub sheet: Sheet,
    /// Points of one riichi stick.
    pub stick: i64,
    /// Hands (and corrections) settled so far.
    pub written: usize,
    /// The line that ended the last of them.
    pub last_line: usize,
    /// Hands settled and not yet handed out.
    pub settled: Vec<HandRecord>,
}

/// What the next winner collects from each player per drawn hand in a row (the goulash):
/// `payment.goulash-per-draw` in the points system, `han.goulash-per-draw` in the han systems.
pub(super) fn goulash_per_draw(rules: &Ruleset) -> u32 {
    match rules.system {
        System::Points => rules.points.goulash_per_draw,
        System::HanFu | System::HanTable => rules.han.goulash_per_draw,
        System::Fan => 0,
    }
}

/// The game keeps the drawn hands in a row for the wins: the points system (`draws=`) always,
/// the han systems when they pay a goulash.
pub(super) fn counts_draws(rules: &Ruleset) -> bool {
    rules.system == System::Points || goulash_per_draw(rules) > 0
}

/// The drawn hands the goulash counts (capped by `goulash-cap`).
pub(super) fn goulash_draws(game: &Game) -> u32 {
    let cap = game.rules.game.goulash_cap;
    if cap > 0 {
        game.table.draws.min(cap)
    } else {
        game.table.draws
    }
}

impl Game<'_> {
    /// Moves points, the one way any point of the game moves: `change[p]` to each player,
    /// and `sticks` riichi sticks onto the table (negative: off it). What the players gain
    /// the others and the table lose.
    pub(super) fn move_points(&mut self, change: ByPlayer<i64>, sticks: i64) {
        debug_assert_eq!(change.iter().sum::<i64>() + sticks * self.stick, 0);
        for (score, change) in self.table.scores.iter_mut().zip(change) {
            *score += change;
        }
        let on_table = i64::from(self.table.sticks).saturating_add(sticks).max(0);
        self.table.sticks = u32::try_from(on_table).unwrap_or(u32::MAX);
    }

    /// Moves `amount` from `payer` to `payee`.
    pub(super) fn pay(&mut self, payer: Player, payee: Player, amount: i64) {
        let mut change = ByPlayer::all(0);
        change[payer] -= amount;
        change[payee] += amount;
        self.move_points(change, 0);
    }

    /// An error at `span` of `line`, with the state of the game there.
    pub(super) fn error(&self, line: &Line, span: Span, message: impl Into<String>) -> GameError {
        GameError {
            line: line.number,
            text: line.text.clone(),
            span,
            message: message.into(),
            state: Some(self.state_said()),
            reason: None,
        }
    }

    /// The error of a line refused for `reason`, its parts kept apart ([`GameError::said`]),
    /// its message as `mj3 game` says it.
    pub(super) fn refuse(&self, line: &Line, span: Span, reason: Reason) -> GameError {
        let message = reason.to_string();
        GameError {
            reason: Some(Box::new(reason)),
            ..self.error(line, span, message)
        }
    }

    /// What the game counts on the table, in words, as far as the system keeps it: the
    /// counters and the riichi sticks (han systems), the drawn hands before (where they
    /// count): `2 counters`, `1 riichi stick on the table`, `1 drawn hand before`. A count
    /// of zero is not said.
    pub(super) fn on_the_table(&self, honba: u32, sticks: u32, draws: u32) -> Vec<String> {
        let mut counted = Vec::new();
        if self.rules.system.counts_han() {
            if honba > 0 {
                counted.push(plural::counted(honba, "counter", "counters"));
            }
            if sticks > 0 {
                let sticks = plural::counted(sticks, "riichi stick", "riichi sticks");
                counted.push(format!("{sticks} on the table"));
            }
        }
        if counts_draws(self.rules) && draws > 0 {
            let draws = plural::counted(draws, "drawn hand", "drawn hands");
            counted.push(format!("{draws} before"));
        }
        counted
    }

    /// The game as an error shows it: the hand, dealer, counters, sticks and scores.
    pub(super) fn state_said(&self) -> String {
        let t = &self.table;
        let game = &self.rules.game;
        let mut said = format!("{}, dealer {}", t.label(game), self.names[t.dealer]);
        for counted in self.on_the_table(t.honba, t.sticks, t.draws) {
            said.push_str(", ");
            said.push_str(&counted);
        }
        let scores: Vec<String> = Player::ALL
            .into_iter()
            .map(|p| {
                format!(
                    "{} ({}) {}",
                    self.names[p],
                    t.seat(p).letter(),
                    crate::amount::written(t.scores[p])
                )
            })
            .collect();
        format!("{said}; {}", scores.join(", "))
    }

    /// The player a word names.
    pub(super) fn player(&self, line: &Line, word: &Word) -> Result<Player, GameError> {
        if let Some(p) = self.names.position(|n| *n == word.text) {
            return Ok(p);
        }
        let guess = nearest_name(&word.text, self.names.iter().map(String::as_str))
            .map(|n| format!(" (did you mean `{n}`?)"))
            .unwrap_or_default();
        Err(self.error(
            line,
            word.span,
            format!(
                "`{}` is not a player: the players are {}{guess}",
                word.text,
                self.sheet.players.join(", ")
            ),
        ))
    }

    /// The sheet's record of a hand that started at `start` and ended at `line`.
    pub(super) fn record(
        &self,
        line: &Line,
        start: &Table,
        kind: HandKind,
        events: Vec<HandEvent>,
        wins: Vec<WinRecord>,
    ) -> HandRecord {
        let game = &self.rules.game;
        HandRecord {
            number: self.written + 1,
            line: line.number,
            kind,
            label: start.label(game),
            round: start.round_wind(game),
            dealer: self.names[start.dealer].clone(),
            seats: self.seats(start),
            honba: start.honba,
            sticks: start.sticks,
            draws: if goulash_per_draw(self.rules) > 0 {
                start.draws
            } else {
                0
            },
            events: texts(&events),
            said: said(&events),
            happened: events,
            wins,
            players: self.rows(&start.scores),
            sticks_after: self.table.sticks,
            table_change: (i64::from(self.table.sticks) - i64::from(start.sticks)) * self.stick,
        }
    }

    /// The hand in play: `pending`'s events on the table it started at (the table now when
    /// the record stops between hands).
    pub(super) fn in_play(&self, pending: &Pending) -> HandInPlay {
        let game = &self.rules.game;
        let start = pending.start.as_ref().unwrap_or(&self.table);
        let name = |p: Player| self.names[p].clone();
        HandInPlay {
            label: start.label(game),
            round: start.round_wind(game),
            hand: if game.dealer == DealerRule::WinnerDeals {
                start.hands + 1
            } else {
                start.hand_in_round()
            },
            dealer: name(start.dealer),
            seats: self.seats(start),
            honba: start.honba,
            sticks: start.sticks,
            sticks_now: self.table.sticks,
            draws: if goulash_per_draw(self.rules) > 0 {
                start.draws
            } else {
                0
            },
            declared: pending
                .declared
                .iter()
                .map(|d| Declaration {
                    player: name(d.player),
                    line: d.line,
                    stick: d.stick,
                })
                .collect(),
            on_the_table: self.on_the_table(start.honba, self.table.sticks, start.draws),
            tenpai: pending.tenpai.iter().map(|t| name(t.player)).collect(),
            nagashi: pending.nagashi.iter().map(|n| name(n.0)).collect(),
            kongs: pending
                .kongs
                .iter()
                .map(|&(p, tile)| KongPaid {
                    player: name(p),
                    tile: tile.notation().to_string(),
                })
                .collect(),
            bonus_sets: pending
                .bonus_sets
                .iter()
                .map(|&(p, set)| BonusSetPaid {
                    player: name(p),
                    set,
                })
                .collect(),
            events: texts(&pending.events),
            said: said(&pending.events),
            happened: pending.events.clone(),
        }
    }

    /// Each player's seat at the table `start`, in turn order.
    fn seats(&self, start: &Table) -> ByPlayer<PlayerSeat> {
        ByPlayer::from_fn(|p| PlayerSeat {
            player: self.names[p].clone(),
            seat: start.seat(p),
        })
    }

    /// A hand settled: it goes on the sheet.
    pub(super) fn write(&mut self, record: HandRecord) {
        self.written += 1;
        self.last_line = record.line;
        self.settled.push(record);
    }

    /// Each player's change since `before` and total.
    fn rows(&self, before: &ByPlayer<i64>) -> ByPlayer<PlayerRow> {
        ByPlayer::from_fn(|p| PlayerRow {
            player: self.names[p].clone(),
            change: self.table.scores[p] - before[p],
            total: self.table.scores[p],
        })
    }

    /// The players from first to third: by points, a tie to the earlier first dealer.
    pub(super) fn order(&self) -> [Player; PLAYERS] {
        let mut order = Player::ALL;
        let first = self.table.first_dealer;
        order.sort_by_key(|&p| (std::cmp::Reverse(self.table.scores[p]), p.after(first)));
        order
    }

    /// What each player returns at the end (the target, or the start without one) and the
    /// oka.
    fn returned_and_oka(&self) -> (i64, i64) {
        let game = &self.rules.game;
        let start = i64::from(game.starting_points);
        let target = i64::from(game.target_points);
        let oka = if target > start {
            (target - start) * PLAYERS as i64
        } else {
            0
        };
        (if target > 0 { target } else { start }, oka)
    }

    /// The standings now.
    pub(super) fn standings(&self) -> Vec<Standing> {
        let game = &self.rules.game;
        let start = i64::from(game.starting_points);
        let (returned, oka) = self.returned_and_oka();
        self.order()
            .into_iter()
            .enumerate()
            .map(|(place, p)| {
                let score = self.table.scores[p];
                let oka = if place == 0 { oka } else { 0 };
                Standing {
                    place: place + 1,
                    player: self.names[p].clone(),
                    points: score,
                    net: score - start,
                    uma: game.uma[place],
                    oka,
                    result: score - returned + game.uma[place] + oka,
                }
            })
            .collect()
    }

    /// The settlement of a game over, `sticks` the riichi sticks on the table at its end and
    /// `to` who took them; `standings` the standings after.
    pub(super) fn settlement(
        &self,
        sticks: u32,
        to: Option<Player>,
        standings: &[Standing],
    ) -> Settlement {
        let (returned, oka) = self.returned_and_oka();
        Settlement {
            returned,
            oka,
            uma: self.rules.game.uma,
            sticks,
            sticks_to: to.map(|p| self.names[p].clone()),
            sticks_points: i64::from(sticks) * self.stick,
            total: standings.iter().map(|s| s.result).sum(),
            adjusts: standings.iter().any(|s| s.result != s.net),
        }
    }
}

/// One win line with its players found.
pub(super) struct Claim<'l> {
    /// The line.
    pub line: &'l Line,
    /// What it says.
    pub win: &'l WinLine,
    /// The winner.
    pub winner: Player,
    /// The discarder; `None` for a tsumo.
    pub from: Option<Player>,
    /// The liable player.
    pub pao: Option<Player>,
}

impl<'l> Claim<'l> {
    /// The players of `win` found and checked against each other.
    pub(super) fn resolve(
        game: &Game,
        line: &'l Line,
        win: &'l WinLine,
    ) -> Result<Claim<'l>, GameError> {
        let winner = game.player(line, &win.winner)?;
        // Another player than the winner, named by `word`; `why` says why it must be.
        let other = |word: &Option<Word>, why: &str| -> Result<Option<Player>, GameError> {
            let Some(word) = word else {
                return Ok(None);
            };
            let player = game.player(line, word)?;
            if player == winner {
                return Err(game.error(line, word.span, why));
            }
            Ok(Some(player))
        };
        let from = other(&win.from, "a player cannot win on his own discard")?;
        let pao = other(&win.pao, "the winner cannot be liable for his own hand")?;
        Ok(Claim {
            line,
            win,
            winner,
            from,
            pao,
        })
    }
}
