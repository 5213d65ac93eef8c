//! Replaying a record: the header read and the ruleset loaded, then the events of each hand
//! gathered until the win, draw or chombo that ends it, each hand settled and the table moved
//! on, and each hand handed out as it is settled. The lines are read one at a time and no
//! hand is kept, so a replay's memory does not grow with the record. The first bad line
//! stops the replay.

use std::path::Path;

use super::happened::{Deal, Dealership, GameEnd, HandEvent};
use super::header::{self, Header, House, Lines, at, unread};
use super::play::{Claim, Game, Pending, Tenpai};
use super::player::{ByPlayer, Player};
use super::record::{self, Item, Line, WinLine};
use super::sheet::{HandKind, HandRecord, Sheet, WinRecord};
use super::state::{Outcome, PLAYERS, Table};
use super::{Failure, GameError, claim, draw};
use crate::diagnostic::Span;
use crate::rules::{self, LeftoverSticks, Ruleset};

/// The most lines one hand may have (its events and the line that ends it).
pub const MAX_HAND_LINES: usize = 64;

/// Replays a game record under the ruleset its `ruleset` line names (a shipped ruleset: a
/// house file needs the record's folder, [`replay_each`]), with its `set` lines and then
/// `overrides` laid over it. The sheet holds every hand.
pub fn replay(text: &str, overrides: &[String]) -> Result<Sheet, Box<Failure>> {
    collect(|on_hand| replay_each(text, overrides, None, on_hand))
}

/// Replays a game record whose `ruleset` line names a house file (`ruleset house.toml`)
/// under that file's text, `house`, given rather than read (a page has no files): the same
/// replay as [`replay_each`] with the file beside the record, but nothing is read from disk
/// (the house file's `extends` may name only a shipped ruleset). The sheet holds every hand.
pub fn replay_house(text: &str, house: &str, overrides: &[String]) -> Result<Sheet, Box<Failure>> {
    collect(|on_hand| replay_from(text, overrides, House::Text(house), on_hand))
}

/// Replays a game record under `rules`, already loaded: the record's `ruleset` line, if any,
/// must name it, and it may have no `set` lines. The sheet holds every hand.
pub fn replay_with(text: &str, rules: &Ruleset) -> Result<Sheet, Box<Failure>> {
    collect(|on_hand| {
        let mut lines = lines(text);
        let header = Header::read(&mut lines)?;
        if let Some((line, word)) = header.sets.first() {
            let message =
                "a `set` line needs the ruleset loaded from the record (mj3::game::replay)";
            return Err(at(line, word.span, message));
        }
        if let Some((line, word)) = &header.ruleset
            && word.text != rules.name
        {
            let message = format!(
                "the record names the ruleset `{}`, but it is replayed under `{}`",
                word.text, rules.name
            );
            return Err(at(line, word.span, message));
        }
        run(&mut lines, &header, rules, on_hand)
    })
}

/// Replays a game record, handing each hand to `on_hand` (with the sheet's header) as soon
/// as it is settled; the sheet returned holds no hands. A `ruleset` line that names no
/// shipped ruleset names a house file in `folder` (the record's), which is then read.
pub fn replay_each(
    text: &str,
    overrides: &[String],
    folder: Option<&Path>,
    on_hand: &mut dyn FnMut(&Sheet, HandRecord),
) -> Result<Sheet, Box<Failure>> {
    let house = folder.map_or(House::None, House::Folder);
    replay_from(text, overrides, house, on_hand)
}

/// [`replay_each`], the house file found as `house` says.
fn replay_from(
    text: &str,
    overrides: &[String],
    house: House,
    on_hand: &mut dyn FnMut(&Sheet, HandRecord),
) -> Result<Sheet, Box<Failure>> {
    if let Some(error) = oversized(text, record::MAX_RECORD_BYTES) {
        return Err(header::failure(error));
    }
    let mut lines = lines(text);
    let header = Header::read(&mut lines)?;
    let rules = header.load(overrides, house)?;
    run(&mut lines, &header, &rules, on_hand)
}

/// The error refusing a record longer than `limit` bytes, before any of its lines is read
/// (`mj3 game` takes [`record::MAX_RECORD_BYTES`]; the phone page a smaller limit).
pub fn oversized(text: &str, limit: usize) -> Option<GameError> {
    (text.len() > limit).then(|| GameError {
        line: 0,
        text: String::new(),
        span: Span::new(0, 1),
        message: format!(
            "the record is larger than {limit} bytes ({} bytes)",
            text.len()
        ),
        state: None,
        reason: None,
    })
}

/// The sheet of a replay with its hands gathered in it.
fn collect(
    replay: impl FnOnce(&mut dyn FnMut(&Sheet, HandRecord)) -> Result<Sheet, Box<Failure>>,
) -> Result<Sheet, Box<Failure>> {
    let mut hands = Vec::new();
    match replay(&mut |_, hand| hands.push(hand)) {
        Ok(mut sheet) => {
            sheet.hands = hands;
            Ok(sheet)
        }
        Err(mut failure) => {
            if let Some(sheet) = failure.sheet.as_mut() {
                sheet.hands = hands;
            }
            Err(failure)
        }
    }
}

/// The record's lines, read as they are asked for.
fn lines(text: &str) -> Lines<'_> {
    let lines: Box<dyn Iterator<Item = _>> = Box::new(record::lines(text));
    lines.peekable()
}

fn run(
    lines: &mut Lines,
    header: &Header,
    rules: &Ruleset,
    on_hand: &mut dyn FnMut(&Sheet, HandRecord),
) -> Result<Sheet, Box<Failure>> {
    let listed: Vec<String> = header.players.1.iter().map(|w| w.text.clone()).collect();
    let Some(names) = ByPlayer::from_vec(listed.clone()) else {
        let (line, words) = &header.players;
        let span = words
            .first()
            .map_or(Span::new(0, line.text.len()), |w| w.span);
        return Err(at(line, span, "expected three players"));
    };
    let first_dealer = match &header.first_dealer {
        None => Player::First,
        Some((line, word)) => names.position(|n| *n == word.text).ok_or_else(|| {
            let message = format!(
                "`{}` is not a player: the players are {}",
                word.text,
                listed.join(", ")
            );
            at(line, word.span, message)
        })?,
    };
    let table = Table::new(&rules.game, rules.system.keeps_counters(), first_dealer);
    let stick = if rules.system.counts_han() {
        i64::from(rules.han.riichi_stick)
    } else {
        0
    };
    let mut game = Game {
        rules,
        names: names.clone(),
        sheet: Sheet {
            ruleset: rules.label(),
            ruleset_name: rules.name.clone(),
            ruleset_table_name: rules.table_name(),
            players: listed,
            starting_points: i64::from(rules.game.starting_points),
            riichi_stick: stick,
            hands: Vec::new(),
            sticks_left: 0,
            end: None,
            standings: Vec::new(),
            in_play: None,
            dealer_choice: false,
            settlement: None,
            open_claims: 0,
            system: rules.system,
            game: rules.game.clone(),
            value_choices: crate::hand::stated::value_choices(rules),
        },
        table,
        stick,
        written: 0,
        last_line: 0,
        settled: Vec::new(),
    };
    if let Some((line, start)) = &header.start {
        game.start_partway(line, start, header.first_dealer.is_some())?;
    }
    let result = game.events(lines, on_hand);
    let mut leftover = None;
    if let Ok(pending) = &result {
        leftover = game.finish();
        if game.table.over.is_none() {
            game.sheet.in_play = Some(game.in_play(pending));
        }
        game.sheet.dealer_choice = game.table.may_stop && pending.start.is_none();
    }
    for hand in std::mem::take(&mut game.settled) {
        on_hand(&game.sheet, hand);
    }
    game.sheet.standings = game.standings();
    game.sheet.sticks_left = game.table.sticks;
    game.sheet.end = game.table.over;
    if let (Some(_), Ok(_)) = (game.table.over, &result) {
        let (sticks, to) = leftover.unwrap_or((game.table.sticks, None));
        game.sheet.settlement = Some(game.settlement(sticks, to, &game.sheet.standings));
    }
    match result {
        Ok(_) => Ok(game.sheet),
        Err(error) => Err(Box::new(Failure {
            error,
            sheet: Some(game.sheet),
            bad_ruleset: false,
        })),
    }
}

impl Game<'_> {
    /// Replays the event lines, and answers with the hand in play where they stop (empty
    /// when they stop between hands). At a bad line the table goes back to where it was
    /// when the hand of that line started: no part of a failed hand is kept.
    fn events(
        &mut self,
        lines: &mut Lines,
        on_hand: &mut dyn FnMut(&Sheet, HandRecord),
    ) -> Result<Pending, GameError> {
        let mut pending = Pending::default();
        match self.play(lines, &mut pending, on_hand) {
            Ok(()) => Ok(pending),
            Err(error) => {
                if let Some(start) = pending.start.take() {
                    self.table = start;
                }
                Err(error)
            }
        }
    }

    /// The next line, or the error of a line that cannot be read, with the game there.
    fn next_line(&self, lines: &mut Lines) -> Option<Result<Line, GameError>> {
        Some(lines.next()?.map_err(|e| GameError {
            state: Some(self.state_said()),
            ..unread(e)
        }))
    }

    /// Replays the event lines, `pending` the hand in play, each hand handed to `on_hand`
    /// as it is settled.
    fn play(
        &mut self,
        lines: &mut Lines,
        pending: &mut Pending,
        on_hand: &mut dyn FnMut(&Sheet, HandRecord),
    ) -> Result<(), GameError> {
        while let Some(line) = self.next_line(lines) {
            let line = &line?;
            self.sheet.open_claims = 0;
            if let Item::DealerChoice(stops, _) = line.item
                && pending.start.is_none()
                && self.table.may_stop
            {
                self.dealer_choice(stops);
                continue;
            }
            if let Item::End(span) = line.item {
                self.end_here(line, span, pending)?;
                continue;
            }
            for hand in std::mem::take(&mut self.settled) {
                on_hand(&self.sheet, hand);
            }
            if let Some(reason) = &self.table.over {
                let message = format!(
                    "the game is over: {reason} (after hand {}); this line comes after its end",
                    self.written
                );
                return Err(self.error(line, Span::new(0, line.text.len()), message));
            }
            if pending.start.is_none() {
                pending.start = Some(self.table.clone());
            }
            pending.lines += 1;
            if pending.lines > MAX_HAND_LINES {
                let message = format!(
                    "a hand has at most {MAX_HAND_LINES} lines: this hand has no win, draw or chombo within them"
                );
                return Err(self.error(line, Span::new(0, line.text.len()), message));
            }
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
                Item::Start(start) => {
                    return Err(self.error(
                        line,
                        start.at.1,
                        "a `start` line comes right after the players, before the first event",
                    ));
                }
                Item::DealerChoice(_, span) => {
                    let message = "`dealer-stops` and `dealer-plays-on` come right after the all-last hand whose dealer, first at the target, kept the deal";
                    return Err(self.error(line, *span, message));
                }
                Item::End(_) => unreachable!("an `end` line is taken before the hand's lines"),
                Item::FirstDealer(w) => {
                    return Err(self.error(
                        line,
                        w.span,
                        "the first dealer is named before the first event",
                    ));
                }
                Item::Riichi { player, left } => self.riichi(line, player, *left, pending)?,
                Item::Tenpai { player, hand, .. } => {
                    let who = self.player(line, player)?;
                    pending.tenpai.push(Tenpai {
                        player: who,
                        line: Some(line.clone()),
                        hand: *hand,
                        span: player.span,
                    });
                }
                Item::Nagashi(player) => {
                    let who = self.player(line, player)?;
                    pending.nagashi.push((who, line.clone(), player.span));
                }
                Item::Kong { player, tile, made } => {
                    self.kong(line, player, *tile, made, pending)?;
                }
                Item::BonusSet { player, set, dealt } => {
                    self.bonus_set(line, player, *set, *dealt, pending)?;
                }
                Item::Correct(moves) => {
                    if pending.lines > 1 {
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
                    let mut seconds: Vec<Line> = Vec::new();
                    while let Some(Ok(next)) = lines.peek()
                        && let Item::Win(also) = &next.item
                        && also.also
                    {
                        if let Some(Ok(next)) = lines.next() {
                            seconds.push(next);
                        }
                    }
                    if let Some(Err(_)) = lines.peek()
                        && let Some(Err(error)) = self.next_line(lines)
                    {
                        return Err(error);
                    }
                    let mut claims = vec![(line, first)];
                    for next in &seconds {
                        if let Item::Win(also) = &next.item {
                            claims.push((next, also));
                        }
                    }
                    let closing = claims.last().map_or(line, |c| c.0);
                    let (wins, outcome) = self.wins(&claims, pending)?;
                    if first.from.is_some() {
                        self.sheet.open_claims = (PLAYERS - 1).saturating_sub(claims.len());
                    }
                    self.close(
                        closing,
                        std::mem::take(pending),
                        HandKind::Win,
                        wins,
                        outcome,
                    );
                }
                Item::Draw(named) => {
                    let outcome = draw::settle(self, line, named, pending)?;
                    self.close(
                        line,
                        std::mem::take(pending),
                        HandKind::Draw,
                        Vec::new(),
                        outcome,
                    );
                }
                Item::Abort { kind, player } => {
                    let said = draw::abort(self, line, *kind, player.as_ref(), pending)?;
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
        let (deal, stayed) = self.table.advance(outcome, game);
        let deal = if self.table.dealer != dealer && game.dealer == rules::DealerRule::WinnerDeals {
            Deal::ToWinner
        } else {
            deal
        };
        pending.events.push(HandEvent::Deal(Dealership {
            deal,
            dealer: self.names[self.table.dealer].clone(),
        }));
        if self.table.check_end(game, was_all_last, stayed) {
            pending.events.push(HandEvent::RepeatPlaysOn);
        }
        if let Some(end) = self.table.over {
            pending.events.push(HandEvent::GameEnds { end });
        }
        let start = pending.start.take().unwrap_or_else(|| self.table.clone());
        let record = self.record(line, &start, kind, pending.events, wins);
        self.write(record);
    }

    /// The all-last dealer's choice, on the line after his hand: stop the game there, or
    /// play on (whatever `last-dealer-stops` says).
    fn dealer_choice(&mut self, stops: bool) {
        self.table.may_stop = false;
        let said = if stops {
            let end = GameEnd::DealerStops;
            self.table.over = Some(end);
            HandEvent::GameEnds { end }
        } else {
            self.table.over = None;
            HandEvent::DealerPlaysOn
        };
        if let Some(last) = self.settled.last_mut() {
            let ends = last
                .happened
                .iter()
                .position(|e| matches!(e, HandEvent::GameEnds { .. }));
            if let Some(at) = ends {
                last.happened.remove(at);
                last.events.remove(at);
                last.said.remove(at);
            }
            last.events.push(said.to_string());
            last.said.push(said.said());
            last.happened.push(said);
        }
    }

    /// `end`: the game ends after its last complete hand, cut short; refused inside a hand,
    /// before the first hand and after the game's end.
    fn end_here(&mut self, line: &Line, span: Span, pending: &Pending) -> Result<(), GameError> {
        if let Some(reason) = &self.table.over {
            let message = format!(
                "the game is over: {reason} (after hand {}); `end` ends a game that is not over yet",
                self.written
            );
            return Err(self.error(line, span, message));
        }
        if pending.start.is_some() {
            let message = "`end` ends the game between hands: this hand has events but no win, draw or chombo yet (end the hand first, or take its lines out)";
            return Err(self.error(line, span, message));
        }
        let Some(last) = self.settled.last_mut() else {
            let message = "`end` ends the game after its last hand: no hand has been played yet";
            return Err(self.error(line, span, message));
        };
        let end = GameEnd::EndedEarly;
        let said = HandEvent::GameEnds { end };
        last.events.push(said.to_string());
        last.said.push(said.said());
        last.happened.push(said);
        self.table.over = Some(end);
        self.table.may_stop = false;
        Ok(())
    }

    /// The end of the record: the sticks left on the table when the game is over go as
    /// `leftover-sticks` says; answers how many went to whom, when they went.
    fn finish(&mut self) -> Option<(u32, Option<Player>)> {
        self.sheet.end = self.table.over;
        if self.table.over.is_some()
            && self.table.sticks > 0
            && self.rules.game.leftover_sticks == LeftoverSticks::ToFirst
            && let Some(first) = self.order().first().copied()
        {
            let start = self.table.clone();
            let amount = i64::from(self.table.sticks) * self.stick;
            let mut change = ByPlayer::all(0);
            change[first] = amount;
            self.move_points(change, -i64::from(start.sticks));
            let event = HandEvent::SticksToFirst {
                sticks: start.sticks,
                player: self.names[first].clone(),
                amount,
            };
            let number = self.last_line;
            let line = Line {
                number,
                text: String::new(),
                item: Item::Draw(Vec::new()),
            };
            let record = self.record(&line, &start, HandKind::Correction, vec![event], Vec::new());
            self.write(record);
            return Some((start.sticks, Some(first)));
        }
        None
    }
}
