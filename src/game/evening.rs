//! The evening: the games of one night added up per player (players matched by name across
//! the games), each game's final result as `mj3 game` settles it, the running totals after
//! each game, per player the wins, deal-ins, riichi (or ready) declarations and the average
//! win, an optional value per 1,000 points (per point under the points and fan systems),
//! and who pays whom in the fewest payments.

use std::fmt;

use serde::{Serialize, Serializer};

use super::happened::HandEvent;
use super::json::HouseFile;
use super::sheet::{HandRecord, Sheet};
use super::{Failure, replay, replay_each, replay_house};
use crate::amount;
use crate::rules::System;

/// The most games one evening adds up.
pub const MAX_EVENING_GAMES: usize = 32;

/// The most bytes the records of one evening hold together (64 MiB; each record is also
/// bounded by itself, `record::MAX_RECORD_BYTES`).
pub const MAX_EVENING_BYTES: usize = 64 << 20;

/// The most players with a balance for whom the fewest payments are searched exactly; more
/// are settled by the greedy rule (the most owed paid by who owes most), which may use more.
pub const EXACT_PAYMENT_PLAYERS: usize = 16;

/// The most decimal places a value per unit may have.
pub const RATE_DECIMALS: u32 = 4;

/// The largest value per unit.
pub const MAX_RATE: u64 = 1_000_000;

/// One game of the evening as given: a name to call it by (its file name), the record's
/// text and where a house file its `ruleset` line names is found.
#[derive(Debug, Clone, Copy)]
pub struct GameText<'a> {
    /// What the game is called (the file's name).
    pub name: &'a str,
    /// The record.
    pub text: &'a str,
    /// Where a house file is found.
    pub house: HouseFile<'a>,
}

/// What the points of an evening are counted in, and so what a value is given per.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Unit {
    /// The han systems (`sanma` and its presets, `sanma-honshu`): a value per 1,000 points.
    Thousand,
    /// The points and fan systems (`korean`, `korean-lite`, `malaysian`): a value per point.
    Point,
}

impl Unit {
    /// The unit the points of a game under `system` are valued in.
    pub fn of(system: System) -> Unit {
        if system.counts_han() {
            Unit::Thousand
        } else {
            Unit::Point
        }
    }

    /// Points in one unit: 1,000 or 1.
    pub fn points(self) -> i64 {
        match self {
            Unit::Thousand => 1_000,
            Unit::Point => 1,
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unit::Thousand => "per 1,000 points",
            Unit::Point => "per point",
        })
    }
}

/// A value per unit (money, or anything counted in decimals), exact to [`RATE_DECIMALS`]
/// places: `0.5`, `10`, `2.25`. Serialized as its decimal text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    /// The value in units of 10^-[`RATE_DECIMALS`].
    scaled: u64,
}

impl Rate {
    /// Reads a value per unit: digits with at most [`RATE_DECIMALS`] decimals, from 0 to
    /// [`MAX_RATE`].
    pub fn parse(text: &str) -> Result<Rate, EveningError> {
        let bad = |why: &str| EveningError::BadRate {
            text: text.to_string(),
            why: why.to_string(),
        };
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() || !digits(whole) || !digits(fraction) || (text.ends_with('.')) {
            return Err(bad("expected a number such as 0.5, 10 or 2.25"));
        }
        if fraction.len() > RATE_DECIMALS as usize {
            return Err(bad(&format!(
                "at most {RATE_DECIMALS} decimal places are taken"
            )));
        }
        let whole: u64 = whole
            .parse()
            .ok()
            .filter(|w| *w <= MAX_RATE)
            .ok_or_else(|| bad(&format!("a value is at most {MAX_RATE}")))?;
        let mut scaled = whole * 10u64.pow(RATE_DECIMALS);
        for (i, b) in fraction.bytes().enumerate() {
            scaled += u64::from(b - b'0') * 10u64.pow(RATE_DECIMALS - 1 - i as u32);
        }
        if scaled > MAX_RATE * 10u64.pow(RATE_DECIMALS) {
            return Err(bad(&format!("a value is at most {MAX_RATE}")));
        }
        Ok(Rate { scaled })
    }

    /// The value of `points` at this rate per `unit`, exact.
    pub fn value(self, points: i64, unit: Unit) -> Money {
        Money {
            scaled: i128::from(points) * i128::from(self.scaled),
            decimals: RATE_DECIMALS + if unit == Unit::Thousand { 3 } else { 0 },
        }
    }
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_decimal(f, i128::from(self.scaled), RATE_DECIMALS, false)
    }
}

impl Serialize for Rate {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A value of points at a rate, exact: `-96.9`. Serialized as its decimal text (no float
/// rounding); `signed` writes it as the tables do (`+96.9`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Money {
    /// The value in units of 10^-`decimals`.
    scaled: i128,
    decimals: u32,
}

impl Money {
    /// With `+` for a gain.
    pub fn signed(self) -> String {
        let mut out = String::new();
        if self.scaled > 0 {
            out.push('+');
        }
        out.push_str(&self.to_string());
        out
    }
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_decimal(f, self.scaled, self.decimals, true)
    }
}

impl Serialize for Money {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// `scaled` × 10^-`decimals` in decimals, trailing zeros cut (`12.5`, `-3`), the whole part
/// grouped by three when `grouped`.
fn write_decimal(
    f: &mut fmt::Formatter<'_>,
    scaled: i128,
    decimals: u32,
    grouped: bool,
) -> fmt::Result {
    let ten = 10u128.pow(decimals);
    let magnitude = scaled.unsigned_abs();
    let (whole, fraction) = (magnitude / ten, magnitude % ten);
    if scaled < 0 {
        f.write_str("-")?;
    }
    let whole = whole.to_string();
    if grouped {
        for (i, c) in whole.chars().enumerate() {
            if i > 0 && (whole.len() - i) % 3 == 0 {
                f.write_str(",")?;
            }
            write!(f, "{c}")?;
        }
    } else {
        f.write_str(&whole)?;
    }
    if fraction > 0 {
        let digits = format!("{fraction:0width$}", width = decimals as usize);
        write!(f, ".{}", digits.trim_end_matches('0'))?;
    }
    Ok(())
}

/// The evening added up.
#[derive(Debug, Clone, Serialize)]
pub struct Evening {
    /// What the points are valued per: 1,000 points (the han systems) or a point.
    pub unit: Unit,
    /// What the declarations each player's `riichi` counts are called, as a column heads
    /// them (`System::declaration`): `Riichi`, `Ready`; `None` where the games' system
    /// declares nothing (`fan`), and no column counts them.
    pub declared: Option<&'static str>,
    /// The value per unit given, if any.
    pub rate: Option<Rate>,
    /// Every player, in the order they first appear (each game's `players` line, game by
    /// game).
    pub players: Vec<EveningPlayer>,
    /// Each game, in the order given.
    pub games: Vec<EveningGame>,
    /// Who pays whom, payer by payer in the players' order: the fewest payments that
    /// settle every total.
    pub payments: Vec<Payment>,
    /// The payments are the fewest possible (searched exactly: at most
    /// [`EXACT_PAYMENT_PLAYERS`] players with a balance); `false`: settled by the greedy rule,
    /// which may take more.
    pub fewest: bool,
}

/// One player's evening.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EveningPlayer {
    /// The name, as the records write it.
    pub player: String,
    /// Games played.
    pub games: u32,
    /// The final results of the games played, added up (they add up to zero over the
    /// players).
    pub total: i64,
    /// Its value at the rate; `None` without one.
    pub value: Option<Money>,
    /// The same with its sign, as the tables write a gain or a loss (`+9.75`, `-32.1`, `0`).
    pub signed_value: Option<String>,
    /// Hands won (each win of a double ron counts).
    pub wins: u32,
    /// Hands dealt in: hands won on this player's discard (a double ron counts once).
    pub deal_ins: u32,
    /// Riichi declarations (declarations of ready under the points system).
    pub riichi: u32,
    /// What the wins collected, added up: the hand with its counters, goulash and pao
    /// shares, without the riichi sticks taken from the table.
    pub won: i64,
    /// `won` per win, rounded to the nearest point (a half away from zero); `None` without a
    /// win.
    pub average_win: Option<i64>,
}

/// One game of the evening.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EveningGame {
    /// The name it was given (its file name).
    pub name: String,
    /// The ruleset, as headers name it.
    pub ruleset: String,
    /// Why it ended (`last-round-over`, `ended-early`, …).
    pub end: super::GameEnd,
    /// Its final result per player, in its turn order.
    pub results: Vec<GameResult>,
    /// Each player's running total after it, in the evening's players' order (0 for a
    /// player yet to play).
    pub running: Vec<i64>,
}

/// A player's final result in one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameResult {
    /// The player.
    pub player: String,
    /// Place, 1 to 3.
    pub place: usize,
    /// The result (`Standing::result`).
    pub result: i64,
}

/// One payment settling the evening.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Payment {
    /// Who pays.
    pub from: String,
    /// To whom.
    pub to: String,
    /// How many points.
    pub points: i64,
    /// Their value at the rate; `None` without one.
    pub value: Option<Money>,
}

/// Why an evening cannot be added up.
#[derive(Debug, Clone, thiserror::Error)]
pub enum EveningError {
    /// No game was given.
    #[error("an evening needs at least one game record")]
    NoGames,
    /// More games than [`MAX_EVENING_GAMES`].
    #[error("an evening adds up at most {max} games; {count} were given")]
    TooManyGames {
        /// Games given.
        count: usize,
        /// The most taken.
        max: usize,
    },
    /// The records hold more than [`MAX_EVENING_BYTES`] together.
    #[error("the records of an evening hold at most {max} bytes together; these hold {bytes}")]
    TooLarge {
        /// Bytes given.
        bytes: usize,
        /// The most taken.
        max: usize,
    },
    /// A value per unit that cannot be read.
    #[error("`{}` is no value per unit: {why}", .text.escape_debug())]
    BadRate {
        /// As given.
        text: String,
        /// What is wrong.
        why: String,
    },
    /// A game's record could not be replayed.
    #[error("{name}: {failure}")]
    Record {
        /// The game's name.
        name: String,
        /// The replay's failure (line, caret, the game there).
        failure: Box<Failure>,
    },
    /// A game is not over: its result is not final.
    #[error(
        "{}; add an `end` line after its last complete hand to end it there (docs/game.md)",
        not_over(.name, .where_)
    )]
    NotOver {
        /// The game's name.
        name: String,
        /// Where its record stops.
        where_: String,
    },
    /// A game's results do not add up to zero.
    #[error(
        "{name}: the results add up to {}, not zero ({settlement}): an evening settles only games whose results add up to zero",
        amount::signed(*.total)
    )]
    DoesNotAddUp {
        /// The game's name.
        name: String,
        /// What they add up to.
        total: i64,
        /// How the game was settled (the reason is in it).
        settlement: String,
    },
    /// Two games count their points in different systems.
    #[error(
        "{name} is played under the {system} system and {first} under the {first_system} system: an evening adds up games of one system (the han systems together)"
    )]
    MixedSystems {
        /// The first game.
        first: String,
        /// Its system.
        first_system: &'static str,
        /// The game that differs.
        name: String,
        /// Its system.
        system: &'static str,
    },
    /// The payments found do not settle the totals (a defect, said rather than hidden).
    #[error("the payments found do not settle the totals: {0}")]
    Unsettled(String),
}

/// A game not over, in words: `B is not over (East 3): its result is not final`.
fn not_over(name: &str, where_: &str) -> String {
    format!("{name} is not over ({where_}): its result is not final")
}

impl EveningError {
    /// The message, with a record's line and caret and the game there for a record that
    /// could not be replayed.
    pub fn render(&self) -> String {
        match self {
            EveningError::Record { name, failure } => {
                format!("{name}: {}", failure.error.render())
            }
            other => other.to_string(),
        }
    }

    /// The message as the page says it: as [`render`](Self::render), but a game not over
    /// without the record line to write (the page ends a game with a tap).
    pub fn said(&self) -> String {
        match self {
            EveningError::NotOver { name, where_ } => not_over(name, where_),
            other => other.render(),
        }
    }
}

/// Adds up the games of one evening, each replayed with `overrides` laid over its ruleset,
/// valued at `rate` per unit when given.
pub fn evening(
    games: &[GameText<'_>],
    overrides: &[String],
    rate: Option<Rate>,
) -> Result<Evening, EveningError> {
    if games.is_empty() {
        return Err(EveningError::NoGames);
    }
    if games.len() > MAX_EVENING_GAMES {
        return Err(EveningError::TooManyGames {
            count: games.len(),
            max: MAX_EVENING_GAMES,
        });
    }
    let bytes: usize = games.iter().map(|g| g.text.len()).sum();
    if bytes > MAX_EVENING_BYTES {
        return Err(EveningError::TooLarge {
            bytes,
            max: MAX_EVENING_BYTES,
        });
    }
    let mut players: Vec<EveningPlayer> = Vec::new();
    let mut played: Vec<EveningGame> = Vec::with_capacity(games.len());
    let mut first_system: Option<(&str, System)> = None;
    for game in games {
        let mut tally = Tally::default();
        let sheet = replayed(game, overrides, &mut tally)?;
        match first_system {
            None => first_system = Some((game.name, sheet.system)),
            Some((first, system)) if family(system) != family(sheet.system) => {
                return Err(EveningError::MixedSystems {
                    first: first.to_string(),
                    first_system: system.name(),
                    name: game.name.to_string(),
                    system: sheet.system.name(),
                });
            }
            Some(_) => {}
        }
        let (Some(end), Some(settlement)) = (sheet.end, &sheet.settlement) else {
            let where_ = match &sheet.in_play {
                _ if sheet.dealer_choice => "the all-last dealer, first, has yet to stop or play on: `dealer-stops` or `dealer-plays-on` comes next".to_string(),
                Some(hand) if !hand.events.is_empty() => format!("it stops inside {}", hand.label),
                Some(hand) => format!("it stops before {}", hand.label),
                None => "it stops before its end".to_string(),
            };
            return Err(EveningError::NotOver {
                name: game.name.to_string(),
                where_,
            });
        };
        if settlement.total != 0 {
            return Err(EveningError::DoesNotAddUp {
                name: game.name.to_string(),
                total: settlement.total,
                settlement: settlement.to_string(),
            });
        }
        let mut results = Vec::with_capacity(sheet.players.len());
        for name in &sheet.players {
            let Some(standing) = sheet.standings.iter().find(|s| &s.player == name) else {
                continue;
            };
            let at = match players.iter().position(|p| &p.player == name) {
                Some(at) => at,
                None => {
                    players.push(EveningPlayer {
                        player: name.clone(),
                        games: 0,
                        total: 0,
                        value: None,
                        signed_value: None,
                        wins: 0,
                        deal_ins: 0,
                        riichi: 0,
                        won: 0,
                        average_win: None,
                    });
                    players.len() - 1
                }
            };
            let player = &mut players[at];
            player.games += 1;
            player.total += standing.result;
            let counted = tally.of(name);
            player.wins += counted.wins;
            player.deal_ins += counted.deal_ins;
            player.riichi += counted.riichi;
            player.won += counted.won;
            results.push(GameResult {
                player: name.clone(),
                place: standing.place,
                result: standing.result,
            });
        }
        played.push(EveningGame {
            name: game.name.to_string(),
            ruleset: sheet.ruleset.clone(),
            end,
            results,
            running: players.iter().map(|p| p.total).collect(),
        });
    }
    let system = first_system.map_or(System::HanFu, |(_, s)| s);
    let unit = Unit::of(system);
    let running_len = players.len();
    for game in &mut played {
        game.running.resize(running_len, 0);
    }
    for player in &mut players {
        player.value = rate.map(|r| r.value(player.total, unit));
        player.signed_value = player.value.map(Money::signed);
        player.average_win = average(player.won, player.wins);
    }
    let balances: Vec<i64> = players.iter().map(|p| p.total).collect();
    let (transfers, fewest) = settle(&balances)?;
    let payments = transfers
        .into_iter()
        .map(|(from, to, points)| Payment {
            from: players[from].player.clone(),
            to: players[to].player.clone(),
            points,
            value: rate.map(|r| r.value(points, unit)),
        })
        .collect();
    Ok(Evening {
        unit,
        declared: system.declaration(),
        rate,
        players,
        games: played,
        payments,
        fewest,
    })
}

/// The systems whose points add up together: the two han systems, or one other system.
fn family(system: System) -> u8 {
    match system {
        System::HanFu | System::HanTable => 0,
        System::Points => 1,
        System::Fan => 2,
    }
}

/// `won / wins` rounded to the nearest point, a half away from zero.
fn average(won: i64, wins: u32) -> Option<i64> {
    if wins == 0 {
        return None;
    }
    let wins = i64::from(wins);
    let half = if won < 0 { -wins / 2 } else { wins / 2 };
    Some((won + half) / wins)
}

/// A game replayed, its hands counted into `tally` as they are settled.
fn replayed(
    game: &GameText<'_>,
    overrides: &[String],
    tally: &mut Tally,
) -> Result<Sheet, EveningError> {
    let failed = |failure: Box<Failure>| EveningError::Record {
        name: game.name.to_string(),
        failure,
    };
    match game.house {
        HouseFile::Folder(folder) => {
            replay_each(game.text, overrides, Some(folder), &mut |sheet, hand| {
                tally.hand(sheet, &hand)
            })
            .map_err(failed)
        }
        HouseFile::Text(house) => {
            let sheet = replay_house(game.text, house, overrides).map_err(failed)?;
            for hand in &sheet.hands {
                tally.hand(&sheet, hand);
            }
            Ok(sheet)
        }
        HouseFile::None => {
            let sheet = replay(game.text, overrides).map_err(failed)?;
            for hand in &sheet.hands {
                tally.hand(&sheet, hand);
            }
            Ok(sheet)
        }
    }
}

/// What one game's hands counted, per player name.
#[derive(Debug, Default)]
struct Tally {
    counts: Vec<(String, Counted)>,
}

/// One player's counts in one game.
#[derive(Debug, Default, Clone, Copy)]
struct Counted {
    wins: u32,
    deal_ins: u32,
    riichi: u32,
    won: i64,
}

impl Tally {
    fn entry(&mut self, name: &str) -> &mut Counted {
        let at = match self.counts.iter().position(|(n, _)| n == name) {
            Some(at) => at,
            None => {
                self.counts.push((name.to_string(), Counted::default()));
                self.counts.len() - 1
            }
        };
        &mut self.counts[at].1
    }

    fn of(&self, name: &str) -> Counted {
        self.counts
            .iter()
            .find(|(n, _)| n == name)
            .map_or_else(Counted::default, |(_, c)| *c)
    }

    /// Counts one hand: its wins, the discarders dealt in, the declarations.
    fn hand(&mut self, sheet: &Sheet, hand: &HandRecord) {
        let mut dealt_in: Vec<&str> = Vec::new();
        for win in &hand.wins {
            let collected = win
                .paid
                .iter()
                .find(|row| row.player == win.winner)
                .map_or(0, |row| row.change);
            let sticks = i64::from(win.sticks) * sheet.riichi_stick;
            let counted = self.entry(&win.winner);
            counted.wins += 1;
            counted.won += collected - sticks;
            if let Some(from) = &win.from
                && !dealt_in.contains(&from.as_str())
            {
                dealt_in.push(from);
            }
        }
        for from in dealt_in {
            self.entry(from).deal_ins += 1;
        }
        for event in &hand.happened {
            if let HandEvent::Riichi { player, .. } | HandEvent::DeclaresReady { player } = event {
                self.entry(player).riichi += 1;
            }
        }
    }
}

/// One payment between balances: who pays and to whom (indices of the balances), and how
/// many points.
pub type Transfer = (usize, usize, i64);

/// Who pays whom (`from`, `to`, points, as indices of `balances`) so that every balance is
/// settled, payer by payer in index order, and whether they are proven the fewest.
///
/// The fewest payments: `n` players with a balance, split into the most groups that each
/// add up to zero, settle in `n − groups` payments (a group of `k` needs `k − 1`, and no
/// settlement does better). The most groups are found exactly over the subsets (for each
/// set of players, the most zero groups its players can be ordered into), for at most
/// [`EXACT_PAYMENT_PLAYERS`] players; within a group the one who owes most pays the one
/// owed most (the earlier player on a tie) until all are settled, each payment settling
/// at least one of the two. More players: the same greedy rule over everyone.
pub fn settle(balances: &[i64]) -> Result<(Vec<Transfer>, bool), EveningError> {
    let open: Vec<usize> = (0..balances.len()).filter(|&i| balances[i] != 0).collect();
    let sum: i64 = balances.iter().sum();
    if sum != 0 {
        return Err(EveningError::Unsettled(format!(
            "the totals add up to {}, not zero",
            amount::signed(sum)
        )));
    }
    let (groups, fewest) = if open.len() <= EXACT_PAYMENT_PLAYERS {
        (zero_groups(&open, balances), true)
    } else {
        (vec![open.clone()], false)
    };
    let mut payments = Vec::new();
    for group in groups {
        greedy(&group, balances, &mut payments);
    }
    payments.sort_by_key(|&(from, to, _)| (from, to));
    let mut left = balances.to_vec();
    for &(from, to, points) in &payments {
        left[from] += points;
        left[to] -= points;
    }
    if left.iter().any(|&b| b != 0) {
        return Err(EveningError::Unsettled(format!(
            "{left:?} left after {payments:?}"
        )));
    }
    Ok((payments, fewest))
}

/// `open` (indices of `balances`, all non-zero, adding up to zero) split into the most
/// groups that each add up to zero, found over every subset.
fn zero_groups(open: &[usize], balances: &[i64]) -> Vec<Vec<usize>> {
    let n = open.len();
    if n == 0 {
        return Vec::new();
    }
    let full = (1usize << n) - 1;
    let mut sums = vec![0i64; full + 1];
    let mut most = vec![0u8; full + 1];
    for mask in 1..=full {
        let low = mask.trailing_zeros() as usize;
        sums[mask] = sums[mask & (mask - 1)] + balances[open[low]];
        let best = (0..n)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| most[mask ^ (1 << i)])
            .max()
            .unwrap_or(0);
        most[mask] = best + u8::from(sums[mask] == 0);
    }
    // Take the players off one at a time along a best path: read backwards, the order puts
    // each zero group's players together, a group ending where the order's sum is zero.
    let mut order = Vec::with_capacity(n);
    let mut mask = full;
    while mask != 0 {
        let zero = u8::from(sums[mask] == 0);
        let Some(i) =
            (0..n).find(|&i| mask & (1 << i) != 0 && most[mask ^ (1 << i)] + zero == most[mask])
        else {
            break;
        };
        order.push(i);
        mask ^= 1 << i;
    }
    order.reverse();
    let mut groups = Vec::new();
    let mut group = Vec::new();
    let mut running = 0i64;
    for i in order {
        group.push(open[i]);
        running += balances[open[i]];
        if running == 0 {
            group.sort_unstable();
            groups.push(std::mem::take(&mut group));
        }
    }
    if !group.is_empty() {
        groups.push(group);
    }
    groups
}

/// Settles `group` (adding up to zero): the one who owes most pays the one owed most, the
/// earlier on a tie, until every balance is settled.
fn greedy(group: &[usize], balances: &[i64], payments: &mut Vec<Transfer>) {
    let mut left: Vec<(usize, i64)> = group.iter().map(|&i| (i, balances[i])).collect();
    loop {
        let debtor = left
            .iter()
            .enumerate()
            .filter(|(_, (_, b))| *b < 0)
            .min_by_key(|(_, (i, b))| (*b, *i))
            .map(|(at, _)| at);
        let creditor = left
            .iter()
            .enumerate()
            .filter(|(_, (_, b))| *b > 0)
            .min_by_key(|(_, (i, b))| (std::cmp::Reverse(*b), *i))
            .map(|(at, _)| at);
        let (Some(d), Some(c)) = (debtor, creditor) else {
            return;
        };
        let points = left[c].1.min(-left[d].1);
        payments.push((left[d].0, left[c].0, points));
        left[d].1 += points;
        left[c].1 -= points;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payments(balances: &[i64]) -> Vec<Transfer> {
        settle(balances).expect("settles").0
    }

    #[test]
    fn the_fewest_payments_use_the_groups_that_add_up_to_zero() {
        // Two pairs: two payments.
        assert_eq!(payments(&[-5, -3, 3, 5]), [(0, 3, 5), (1, 2, 3)]);
        // Three players: at most two payments.
        assert_eq!(payments(&[30, -10, -20]), [(1, 0, 10), (2, 0, 20)]);
        assert_eq!(payments(&[0, 0, 0]), []);
        // No zero group inside: n − 1.
        assert_eq!(payments(&[-7, 2, 2, 3]).len(), 3);
        // The greedy rule alone (the most owed paid by who owes most) takes four here; the
        // groups {5, −5} and {4, 3, −7} take three.
        assert_eq!(
            payments(&[5, 4, 3, -5, -7]),
            [(3, 0, 5), (4, 1, 4), (4, 2, 3)]
        );
        let mut greedy_alone = Vec::new();
        greedy(&[0, 1, 2, 3, 4], &[5, 4, 3, -5, -7], &mut greedy_alone);
        assert_eq!(greedy_alone.len(), 4);
    }

    /// The most groups adding up to zero that `items` (adding up to zero) split into, tried
    /// over every partition.
    fn most_groups(items: &[i64]) -> usize {
        let Some((&first, rest)) = items.split_first() else {
            return 0;
        };
        let mut best = 0;
        for mask in 0..(1usize << rest.len()) {
            let chosen: i64 = (0..rest.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| rest[i])
                .sum();
            if first + chosen == 0 {
                let left: Vec<i64> = (0..rest.len())
                    .filter(|i| mask & (1 << i) == 0)
                    .map(|i| rest[i])
                    .collect();
                best = best.max(1 + most_groups(&left));
            }
        }
        best
    }

    #[test]
    fn the_fewest_are_found_for_every_small_table() {
        // Every table of five players with balances from −3 to 3 adding up to zero: as many
        // payments as players with a balance less the most zero groups, tried every way.
        let mut tables = 0;
        for code in 0..7usize.pow(4) {
            let mut balances: Vec<i64> = (0..4)
                .map(|k| (code / 7usize.pow(k)) as i64 % 7 - 3)
                .collect();
            balances.push(-balances.iter().sum::<i64>());
            let open: Vec<i64> = balances.iter().copied().filter(|&b| b != 0).collect();
            let found = payments(&balances);
            assert_eq!(
                found.len(),
                open.len() - most_groups(&open),
                "{balances:?}: {found:?}"
            );
            tables += 1;
        }
        assert_eq!(tables, 2401);
        // Near-miss: totals that do not add up to zero are an error, not a payment short.
        assert!(settle(&[5, -4]).is_err());
    }

    #[test]
    fn a_rate_is_read_exactly_and_values_points_exactly() {
        let rate = Rate::parse("0.5").expect("reads");
        assert_eq!(rate.to_string(), "0.5");
        assert_eq!(rate.value(-40_400, Unit::Thousand).to_string(), "-20.2");
        assert_eq!(rate.value(57_200, Unit::Thousand).signed(), "+28.6");
        assert_eq!(
            Rate::parse("10")
                .expect("reads")
                .value(123, Unit::Point)
                .to_string(),
            "1,230"
        );
        assert_eq!(
            Rate::parse("0.0001")
                .expect("reads")
                .value(1, Unit::Thousand)
                .to_string(),
            "0.0000001"
        );
        for bad in [
            "", "-1", "1.", ".5", "1.23456", "abc", "1e3", "1000001", "0x10",
        ] {
            assert!(Rate::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn an_average_rounds_half_away_from_zero() {
        assert_eq!(average(0, 0), None);
        assert_eq!(average(7, 2), Some(4));
        assert_eq!(average(-7, 2), Some(-4));
        assert_eq!(average(8_000, 3), Some(2_667));
    }
}
