//! Replaying a record: the header read and the ruleset loaded, then the events of each hand
//! gathered until the win, draw or chombo that ends it, each hand settled and the table moved
//! on, and the sheet written as it goes. The first bad line stops the replay.

use super::play::{Claim, Game, Pending, Tenpai, is_han};
use super::record::{self, Item, Line, WinLine, Word};
use super::sheet::{HandKind, Sheet, WinRecord, points};
use super::state::{Outcome, PLAYERS, Table};
use super::{Failure, GameError, claim, draw};
use crate::diagnostic::Span;
use crate::rules::{self, LeftoverSticks, Ruleset};

/// Replays a game record under the ruleset its `ruleset` line names (with its `set` lines
/// and then `overrides` laid over it).
pub fn replay(text: &str, overrides: &[String]) -> Result<Sheet, Box<Failure>> {
    let lines = read(text)?;
    let header = Header::of(&lines)?;
    let Some(ruleset) = &header.ruleset else {
        return Err(failure(header_error(
            &lines,
            "the record names no ruleset: start it with `ruleset NAME` (docs/game.md)",
        )));
    };
    let mut sets: Vec<String> = header.sets.iter().map(|w| w.1.text.clone()).collect();
    sets.extend(overrides.iter().cloned());
    let rules = rules::load_with(&ruleset.1.text, &sets).map_err(|e| {
        let (line, word) = match header
            .sets
            .iter()
            .find(|w| e.to_string().contains(&w.1.text))
        {
            Some(set) => set,
            None => ruleset,
        };
        Box::new(Failure {
            bad_ruleset: true,
            ..*failure(GameError {
                line: line.number,
                text: line.text.clone(),
                span: word.span,
                message: format!("the ruleset cannot be loaded: {e}"),
                state: None,
            })
        })
    })?;
    run(&lines, &header, &rules)
}

/// Replays a game record under `rules`, already loaded: the record's `ruleset` line, if any,
/// must name it, and it may have no `set` lines.
pub fn replay_with(text: &str, rules: &Ruleset) -> Result<Sheet, Box<Failure>> {
    let lines = read(text)?;
    let header = Header::of(&lines)?;
    let refused = |line: &Line, word: &Word, message: String| {
        failure(GameError {
            line: line.number,
            text: line.text.clone(),
            span: word.span,
            message,
            state: None,
        })
    };
    if let Some((line, word)) = header.sets.first() {
        let message = "a `set` line needs the ruleset loaded from the record (mj3::game::replay)";
        return Err(refused(line, word, message.into()));
    }
    if let Some((line, word)) = &header.ruleset
        && word.text != rules.name
    {
        let message = format!(
            "the record names the ruleset `{}`, but it is replayed under `{}`",
            word.text, rules.name
        );
        return Err(refused(line, word, message));
    }
    run(&lines, &header, rules)
}

fn failure(error: GameError) -> Box<Failure> {
    Box::new(Failure {
        error,
        sheet: None,
        bad_ruleset: false,
    })
}

fn read(text: &str) -> Result<Vec<Line>, Box<Failure>> {
    record::read(text).map_err(|e| {
        failure(GameError {
            line: e.number,
            text: e.text,
            span: e.span,
            message: e.message,
            state: None,
        })
    })
}

/// An error about the record's header, at its first line.
fn header_error(lines: &[Line], message: &str) -> GameError {
    let first = lines.first();
    GameError {
        line: first.map_or(0, |l| l.number),
        text: first.map_or_else(String::new, |l| l.text.clone()),
        span: Span::new(0, first.map_or(1, |l| l.text.len().max(1))),
        message: message.into(),
        state: None,
    }
}

/// The header lines: the ruleset, the players, the first dealer and the `set` lines, each
/// with its line.
struct Header<'l> {
    ruleset: Option<(&'l Line, Word)>,
    players: (&'l Line, Vec<Word>),
    first_dealer: Option<(&'l Line, Word)>,
    sets: Vec<(&'l Line, Word)>,
    /// The index of the first event line.
    events: usize,
}

impl<'l> Header<'l> {
    fn of(lines: &'l [Line]) -> Result<Header<'l>, Box<Failure>> {
        let mut ruleset = None;
        let mut players = None;
        let mut first_dealer = None;
        let mut sets = Vec::new();
        let mut events = lines.len();
        for (index, line) in lines.iter().enumerate() {
            let repeated = |what: &str, word: &Word| {
                failure(GameError {
                    line: line.number,
                    text: line.text.clone(),
                    span: word.span,
                    message: format!("the {what} are named twice"),
                    state: None,
                })
            };
            match &line.item {
                Item::Ruleset(word) if ruleset.is_none() => ruleset = Some((line, word.clone())),
                Item::Ruleset(word) => return Err(repeated("ruleset", word)),
                Item::Players(names) if players.is_none() => players = Some((line, names.clone())),
                Item::Players(names) => return Err(repeated("players", &names[0])),
                Item::FirstDealer(word) if first_dealer.is_none() => {
                    first_dealer = Some((line, word.clone()));
                }
                Item::FirstDealer(word) => {
                    return Err(failure(GameError {
                        line: line.number,
                        text: line.text.clone(),
                        span: word.span,
                        message: "the first dealer is named twice".into(),
                        state: None,
                    }));
                }
                Item::Set(word) => sets.push((line, word.clone())),
                _ => {
                    events = index;
                    break;
                }
            }
        }
        let Some(players) = players else {
            return Err(failure(header_error(
                lines,
                "the record names no players: `players A B C` in turn order, the first dealer first (docs/game.md)",
            )));
        };
        Ok(Header {
            ruleset,
            players,
            first_dealer,
            sets,
            events,
        })
    }
}

fn run(lines: &[Line], header: &Header, rules: &Ruleset) -> Result<Sheet, Box<Failure>> {
    let names: Vec<String> = header.players.1.iter().map(|w| w.text.clone()).collect();
    let first_dealer = match &header.first_dealer {
        None => 0,
        Some((line, word)) => names.iter().position(|n| *n == word.text).ok_or_else(|| {
            failure(GameError {
                line: line.number,
                text: line.text.clone(),
                span: word.span,
                message: format!(
                    "`{}` is not a player: the players are {}",
                    word.text,
                    names.join(", ")
                ),
                state: None,
            })
        })?,
    };
    let table = Table::new(&rules.game, is_han(rules), first_dealer);
    let mut game = Game {
        rules,
        names: names.clone(),
        sheet: Sheet {
            ruleset: rules.label(),
            players: names,
            starting_points: i64::from(rules.game.starting_points),
            riichi_stick: if is_han(rules) {
                i64::from(rules.han.riichi_stick)
            } else {
                0
            },
            hands: Vec::new(),
            end: None,
            standings: Vec::new(),
        },
        table,
        stick: if is_han(rules) {
            i64::from(rules.han.riichi_stick)
        } else {
            0
        },
    };
    match game.events(lines, header.events) {
        Ok(()) => {
            game.finish();
            Ok(game.sheet)
        }
        Err(error) => {
            game.sheet.standings = game.standings();
            Err(Box::new(Failure {
                error,
                sheet: Some(game.sheet),
                bad_ruleset: false,
            }))
        }
    }
}

impl Game<'_> {
    /// Replays the event lines from `from`. At a bad line the table goes back to where it
    /// was when the hand of that line started: no part of a failed hand is kept.
    fn events(&mut self, lines: &[Line], from: usize) -> Result<(), GameError> {
        let mut pending = Pending::default();
        let result = self.play(lines, from, &mut pending);
        if result.is_err()
            && let Some(start) = pending.start.take()
        {
            self.table = start;
        }
        result
    }

    /// Replays the event lines from `from`, `pending` the hand in play.
    fn play(
        &mut self,
        lines: &[Line],
        from: usize,
        pending: &mut Pending,
    ) -> Result<(), GameError> {
        let mut index = from;
        while let Some(line) = lines.get(index) {
            if let Some(reason) = &self.table.over {
                let message = format!(
                    "the game is over ({reason}) after hand {}: this line comes after its end",
                    self.sheet.hands.len()
                );
                return Err(self.error(line, Span::new(0, line.text.len()), message));
            }
            if pending.start.is_none() {
                pending.start = Some(self.table.clone());
                pending.first = Some(index);
            }
            index += 1;
            match &line.item {
                Item::Ruleset(w) | Item::Set(w) => {
                    return Err(self.error(
                        line,
                        w.span,
                        "the ruleset and `set` lines come before the first event",
                    ));
                }
                Item::Players(w) => {
                    return Err(self.error(
                        line,
                        w[0].span,
                        "the players are named before the first event",
                    ));
                }
                Item::FirstDealer(w) => {
                    return Err(self.error(
                        line,
                        w.span,
                        "the first dealer is named before the first event",
                    ));
                }
                Item::Riichi { player, left } => self.riichi(line, player, *left, pending)?,
                Item::Tenpai { player, hand } => {
                    let who = self.player(line, player)?;
                    pending.tenpai.push(Tenpai {
                        player: who,
                        line: index - 1,
                        hand: *hand,
                        span: player.span,
                    });
                }
                Item::Nagashi(player) => {
                    let who = self.player(line, player)?;
                    pending.nagashi.push((who, index - 1, player.span));
                }
                Item::Kong { player, tile, made } => {
                    self.kong(line, player, *tile, made, pending)?;
                }
                Item::BonusSet { player, set, dealt } => {
                    self.bonus_set(line, player, *set, *dealt, pending)?;
                }
                Item::Correct(moves) => {
                    if pending.first != Some(index - 1) {
                        return Err(self.error(line, Span::new(0, line.text.len()), "a correction goes between hands: this hand has events but no win, draw or chombo yet"));
                    }
                    self.correct(line, moves, pending)?;
                    *pending = Pending::default();
                }
                Item::Win(win) if win.also => {
                    return Err(self.error(
                        line,
                        win.winner.span,
                        "`and` names a second winner on the discard of the ron just before it",
                    ));
                }
                Item::Win(first) => {
                    let mut claims = vec![(line, first)];
                    while let Some(next) = lines.get(index)
                        && let Item::Win(also) = &next.item
                        && also.also
                    {
                        claims.push((next, also));
                        index += 1;
                    }
                    let closing = claims.last().map_or(line, |c| c.0);
                    let (wins, outcome) = self.wins(&claims, pending)?;
                    self.close(
                        closing,
                        std::mem::take(pending),
                        HandKind::Win,
                        wins,
                        outcome,
                    );
                }
                Item::Draw(named) => {
                    let outcome = draw::settle(self, line, named, lines, pending)?;
                    self.close(
                        line,
                        std::mem::take(pending),
                        HandKind::Draw,
                        Vec::new(),
                        outcome,
                    );
                }
                Item::Abort { kind, player } => {
                    let said = draw::abort(self, line, *kind, player.as_ref(), lines, pending)?;
                    pending.events.push(said);
                    let kind = HandKind::Draw;
                    let taken = std::mem::take(pending);
                    self.close(line, taken, kind, Vec::new(), Outcome::Abort);
                }
                Item::Chombo(player) => {
                    self.chombo(line, player, pending)?;
                    self.close(
                        line,
                        std::mem::take(pending),
                        HandKind::Chombo,
                        Vec::new(),
                        Outcome::Chombo,
                    );
                }
            }
        }
        if let Some(first) = pending.first
            && let Some(line) = lines.get(first)
        {
            return Err(self.error(
                line,
                Span::new(0, line.text.len()),
                "the record ends in the middle of a hand: this hand has no win, draw or chombo",
            ));
        }
        Ok(())
    }

    /// Settles the win lines of one discard (or one tsumo).
    fn wins(
        &mut self,
        claims: &[(&Line, &WinLine)],
        pending: &mut Pending,
    ) -> Result<(Vec<WinRecord>, Outcome), GameError> {
        let mut resolved = Vec::with_capacity(claims.len());
        for &(line, win) in claims {
            resolved.push(Claim::resolve(self, line, win)?);
        }
        claim::settle(self, &resolved, pending)
    }

    /// Ends the hand: the table moves on, the game may end, and the hand goes on the sheet.
    fn close(
        &mut self,
        line: &Line,
        mut pending: Pending,
        kind: HandKind,
        wins: Vec<WinRecord>,
        outcome: Outcome,
    ) {
        let game = &self.rules.game;
        let was_all_last = self.table.all_last(game);
        let dealer = self.table.dealer;
        let (said, stayed) = self.table.advance(outcome, game);
        let next = &self.names[self.table.dealer];
        pending.events.push(if self.table.dealer == dealer {
            said
        } else if game.dealer == rules::DealerRule::WinnerDeals {
            format!("{next}, the winner, deals")
        } else {
            format!("{said} to {next}")
        });
        self.table.check_end(game, was_all_last, stayed);
        if let Some(reason) = &self.table.over {
            pending.events.push(format!("the game ends: {reason}"));
        }
        let start = pending.start.take().unwrap_or_else(|| self.table.clone());
        let record = self.record(line, &start, kind, pending.events, wins);
        self.sheet.hands.push(record);
    }

    /// The end of the record: sticks left on the table and the standings.
    fn finish(&mut self) {
        self.sheet.end = self.table.over.clone();
        if self.table.over.is_some()
            && self.table.sticks > 0
            && self.rules.game.leftover_sticks == LeftoverSticks::ToFirst
            && let Some(first) = self.order().first().copied()
        {
            let start = self.table.clone();
            let amount = i64::from(self.table.sticks) * self.stick;
            let mut change = [0; PLAYERS];
            change[first] = amount;
            self.move_points(change, -i64::from(start.sticks));
            let event = format!(
                "the {} left on the table {} to {}, first ({})",
                crate::plural::counted(start.sticks, "riichi stick", "riichi sticks"),
                crate::plural::pick(start.sticks, "goes", "go"),
                self.names[first],
                points(amount, false)
            );
            let number = self.sheet.hands.last().map_or(0, |h| h.line);
            let line = Line {
                number,
                text: String::new(),
                item: Item::Draw(Vec::new()),
            };
            let record = self.record(&line, &start, HandKind::Correction, vec![event], Vec::new());
            self.sheet.hands.push(record);
        }
        self.sheet.standings = self.standings();
    }
}
