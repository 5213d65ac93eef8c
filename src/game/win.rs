//! Settling the win lines of a hand: each hand scored by the evaluator with the seat, round,
//! counters, sticks and drawn hands the game holds (so `mj3 score` and the game pay by the
//! same code), two claims on one discard, liability (pao), and a ron on a riichi
//! declaration tile.

use super::GameError;
use super::record::{Line, WinLine, Word};
use super::replay::{Game, Pending, counts_draws, is_han};
use super::sheet::{PlayerRow, WinRecord, elements_said, points, totals_said};
use super::state::{Outcome, PLAYERS};
use crate::check::Check;
use crate::diagnostic::Span;
use crate::evaluate::score_hand;
use crate::hand::{self, HandError, SetKind, ValidHand};
use crate::notation::{self, Spanned, WinMethod};
use crate::results::{Score, Totals};
use crate::rules::{
    ClaimOrder, DeclarationTileRon, DoubleRonCounters, MultipleRon, PaoRon, SticksTo, System,
    ThreeReady,
};
use crate::tile::{BonusSet, Seat};

/// One win line with its players found.
pub(super) struct Claim<'l> {
    line: &'l Line,
    win: &'l WinLine,
    winner: usize,
    from: Option<usize>,
    pao: Option<usize>,
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
        let other = |word: &Option<Word>, why: &str| -> Result<Option<usize>, GameError> {
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

/// A claim scored.
struct Scored {
    record: WinRecord,
    by_player: [i64; PLAYERS],
    hand_points: u32,
    bonus_points: u32,
}

/// `(p - from)` counted in turn order: 1 for the player after `from`, 2 for the one after.
fn after(from: usize, p: usize) -> usize {
    (p + PLAYERS - from) % PLAYERS
}

/// Settles the claims of one discard (or a tsumo): who wins, what each is paid, and the
/// outcome the table moves on by.
pub(super) fn settle(
    game: &mut Game,
    claims: &[Claim],
    pending: &mut Pending,
) -> Result<(Vec<WinRecord>, Outcome), GameError> {
    let Some(first) = claims.first() else {
        unreachable!("a win has at least its own line")
    };
    if let Some(second) = claims.get(1) {
        if second.from != first.from {
            let span = second
                .win
                .from
                .as_ref()
                .map_or(second.win.winner.span, |w| w.span);
            return Err(game.error(
                second.line,
                span,
                "`and` wins on the same discard as the ron before it: name the same discarder",
            ));
        }
        if second.winner == first.winner {
            return Err(game.error(
                second.line,
                second.win.winner.span,
                "the same player cannot win the same discard twice",
            ));
        }
    }
    if claims.len() > 1 && claims.len() >= PLAYERS {
        return Err(game.error(
            claims[PLAYERS - 1].line,
            Span::new(0, 1),
            "a discard has at most two other players to claim it",
        ));
    }
    let ready = pending.declared.len() == PLAYERS
        && game.rules.system == System::Points
        && game.rules.game.three_declared_ready == ThreeReady::Draw;
    if ready {
        return Err(game.error(first.line, first.win.winner.span, "all three declared ready: the hand is a draw (game.three-declared-ready = \"draw\"; 000 §Three declared ready)"));
    }
    declaration_tile(game, claims, pending)?;
    let dealer = game.table.dealer;
    let honba = game.table.honba;
    let sticks = game.table.sticks;
    let draws = goulash_draws(game);
    let rules = &game.rules.game;
    // Who wins: both (003 §9.7), or one by priority or turn.
    let winners: Vec<usize> = match (claims.len(), rules.multiple_ron, first.from) {
        (1, _, _) | (_, MultipleRon::AllWin, _) | (_, _, None) => (0..claims.len()).collect(),
        (_, mode, Some(from)) => {
            let order = |c: &Claim| match rules.claim_order {
                ClaimOrder::Anticlockwise => after(from, c.winner),
                ClaimOrder::Clockwise => after(c.winner, from),
            };
            let mut scored = Vec::new();
            for claim in claims {
                scored.push(score(game, claim, honba, sticks, draws, pending)?);
            }
            let best = (0..claims.len()).max_by_key(|&i| {
                let rank = std::cmp::Reverse(order(&claims[i]));
                match mode {
                    MultipleRon::Priority => (scored[i].hand_points, scored[i].bonus_points, rank),
                    _ => (0, 0, rank),
                }
            });
            let best = best.unwrap_or(0);
            for (i, claim) in claims.iter().enumerate().filter(|&(i, _)| i != best) {
                let why = match mode {
                    MultipleRon::Priority if scored[i].hand_points != scored[best].hand_points => {
                        "fewer hand-points (000 §Priority of stealing tiles)"
                    }
                    MultipleRon::Priority
                        if scored[i].bonus_points != scored[best].bonus_points =>
                    {
                        "as many hand-points, fewer bonus-points (000 §Priority of stealing tiles)"
                    }
                    MultipleRon::Priority => {
                        "as many points: the first in claim order takes it (000 §Priority of stealing tiles)"
                    }
                    _ => "the first in claim order takes it (game.multiple-ron)",
                };
                pending.events.push(format!(
                    "{}'s claim loses to {}'s: {why}",
                    game.names[claim.winner], game.names[claims[best].winner]
                ));
            }
            vec![best]
        }
    };
    // The sticks (and, as the ruleset says, the counters) go to one winner of two; so does the
    // goulash, which "the next winner" collects.
    let takes_sticks = winners
        .iter()
        .copied()
        .min_by_key(|&i| match (rules.double_ron_sticks, claims[i].from) {
            (SticksTo::FirstFromDiscarder, Some(from)) => after(from, claims[i].winner),
            _ => after(dealer, claims[i].winner),
        })
        .unwrap_or(0);
    let double = winners.len() > 1;
    let mut records = Vec::with_capacity(winners.len());
    let mut dealer_won = false;
    for &i in &winners {
        let claim = &claims[i];
        let gets_sticks = i == takes_sticks;
        let gets_honba = gets_sticks || rules.double_ron_counters == DoubleRonCounters::Each;
        let scored = score(
            game,
            claim,
            if gets_honba { honba } else { 0 },
            if gets_sticks { sticks } else { 0 },
            if gets_sticks { draws } else { 0 },
            pending,
        )?;
        for p in 0..PLAYERS {
            game.table.scores[p] += scored.by_player[p];
        }
        if gets_sticks {
            game.table.sticks = 0;
        }
        dealer_won |= claim.winner == dealer;
        pending.events.push(scored.record.summary.clone());
        records.push(scored.record);
    }
    if double {
        pending.events.push(format!(
            "two wins on one discard: {} pays both (003 §9.7)",
            first.from.map_or("?", |f| game.names[f].as_str())
        ));
    }
    let outcome = Outcome::Win {
        dealer_won,
        first: claims[takes_sticks].winner,
        double,
    };
    Ok((records, outcome))
}

/// A ron on the discarder's riichi declaration tile: the discarder must have declared this
/// hand, and under `declaration-tile-ron = "no-stick"` his stick goes back.
fn declaration_tile(
    game: &mut Game,
    claims: &[Claim],
    pending: &mut Pending,
) -> Result<(), GameError> {
    let Some(claim) = claims.iter().find(|c| c.win.riichi_discard.is_some()) else {
        return Ok(());
    };
    let span = claim.win.riichi_discard.unwrap_or_default();
    let Some(from) = claim.from else {
        return Ok(());
    };
    let Some(declared) = pending.declared.iter_mut().find(|d| d.player == from) else {
        return Err(game.error(
            claim.line,
            span,
            format!("{} did not declare riichi this hand", game.names[from]),
        ));
    };
    if !declared.stick || game.rules.game.declaration_tile_ron == DeclarationTileRon::StickPaid {
        pending.events.push(
            "the win is on the riichi declaration tile: the stick stays on the table (003 §9.4)"
                .into(),
        );
        return Ok(());
    }
    declared.stick = false;
    game.table.scores[from] += game.stick;
    game.table.sticks = game.table.sticks.saturating_sub(1);
    pending.events.push(format!(
        "the win is on {}'s riichi declaration tile: no stick is put out (003 §12 Riichi)",
        game.names[from]
    ));
    Ok(())
}

/// The hand text of a win line (its comment cut off).
fn hand_text(line: &Line, at: usize) -> &str {
    let text = line.text.get(at..).unwrap_or("");
    text.split('#').next().unwrap_or("").trim_end()
}

/// A notation or hand error in the hand text, moved to its place in the line.
fn hand_error(game: &Game, line: &Line, at: usize, span: Span, message: String) -> GameError {
    game.error(line, Span::new(span.start + at, span.end + at), message)
}

/// Scores one claim paid `honba` counters, `sticks` riichi sticks and the goulash of `draws`
/// drawn hands (the counters on the table still decide ryanshi and paarenchan).
fn score(
    game: &Game,
    claim: &Claim,
    honba: u32,
    sticks: u32,
    draws: u32,
    pending: &Pending,
) -> Result<Scored, GameError> {
    let rules = game.rules;
    let system = rules.system;
    let table = &game.table;
    let line = claim.line;
    let at = claim.win.hand;
    let text = hand_text(line, at);
    let mut input = notation::parse_hand(text)
        .map_err(|e| hand_error(game, line, at, e.span, e.to_string()))?;
    let seat = table.seat(claim.winner);
    let round = table.round_wind(&rules.game);
    let name = &game.names[claim.winner];
    let han = is_han(rules);
    let counts_draws = counts_draws(rules);
    let ctx = &input.context;
    // What the line states must be what the game holds.
    let stated = |span: Span, message: String| Err(hand_error(game, line, at, span, message));
    if let Some(s) = ctx.seat
        && s.value != seat.wind()
    {
        return stated(
            s.span,
            format!(
                "seat={} but {name} sits {} in this hand",
                s.value.letter(),
                seat.name()
            ),
        );
    }
    if let Some(s) = ctx.round
        && s.value != round.wind()
    {
        return stated(
            s.span,
            format!(
                "round={} but this hand is in the {} round",
                s.value.letter(),
                round.name()
            ),
        );
    }
    let counts = [
        (
            ctx.honba,
            if han { table.honba } else { 0 },
            "honba",
            ("counter on the table", "counters on the table"),
        ),
        (
            ctx.sticks,
            if han { sticks } else { 0 },
            "sticks",
            (
                "riichi stick this win takes from the table",
                "riichi sticks this win takes from the table",
            ),
        ),
        (
            ctx.draws,
            if counts_draws { draws } else { 0 },
            "draws",
            (
                "drawn hand in a row just before this one",
                "drawn hands in a row just before this one",
            ),
        ),
    ];
    for (written, right, key, (one, many)) in counts {
        if let Some(w) = written
            && w.value != right
        {
            return stated(
                w.span,
                format!(
                    "{key}={} but the game has {}",
                    w.value,
                    crate::plural::counted(right, one, many)
                ),
            );
        }
    }
    let from_seat = claim.from.map(|f| table.seat(f));
    if let Some(m) = ctx.win_method {
        match (m.value, from_seat) {
            (WinMethod::Tsumo, Some(_)) => {
                return stated(
                    m.span,
                    "the hand says tsumo, but the line records a ron".into(),
                );
            }
            (WinMethod::Ron(_), None) => {
                return stated(
                    m.span,
                    "the hand says ron, but the line records a tsumo".into(),
                );
            }
            (WinMethod::Ron(Some(w)), Some(f)) if w != f.wind() => {
                return stated(
                    m.span,
                    format!("ron={} but the discarder sits {}", w.letter(), f.name()),
                );
            }
            _ => {}
        }
    }
    let declared = pending.declared.iter().any(|d| d.player == claim.winner);
    if !declared && let Some(span) = ctx.riichi.or(ctx.double_riichi) {
        return stated(
            span,
            format!(
                "{name} did not declare riichi this hand: write `riichi {name}` on a line before the win"
            ),
        );
    }
    // The game's context, put where the line would have written it.
    let here = Span::new(0, 0);
    input.context.seat = Some(Spanned {
        value: seat.wind(),
        span: here,
    });
    input.context.round = Some(Spanned {
        value: round.wind(),
        span: here,
    });
    input.context.win_method = Some(Spanned {
        value: from_seat.map_or(WinMethod::Tsumo, |f| WinMethod::Ron(Some(f.wind()))),
        span: here,
    });
    if declared && input.context.riichi.is_none() && input.context.double_riichi.is_none() {
        input.context.riichi = Some(here);
    }
    let valid = hand::validate(&input, rules)
        .map_err(|e: HandError| hand_error(game, line, at, e.span, e.to_string()))?;
    let ValidHand::Complete(mut hand) = valid else {
        return stated(
            Span::new(0, text.len()),
            "a win needs the whole hand: these are 13 tiles (write the winning tile too)".into(),
        );
    };
    let ctx = &mut hand.context;
    if han {
        ctx.honba = table.honba;
        ctx.paid_honba = honba;
        ctx.sticks = sticks;
    }
    if counts_draws {
        ctx.draws = draws;
    }
    if system == System::Points && rules.game.declared_ready_is_waiting {
        for d in &pending.declared {
            let s = table.seat(d.player);
            if d.player != claim.winner && !ctx.waiting.contains(&s) {
                ctx.waiting.push(s);
            }
        }
    }
    ctx.streak_broken = table.streak_broken;
    ctx.paid_on_the_spot = system == System::Fan;
    if system == System::Fan {
        paid_on_the_spot(game, claim, &hand, pending, text)?;
    }
    let Some(mut score) = score_hand(&hand, rules) else {
        return stated(
            Span::new(0, text.len()),
            "these tiles make no winning hand".into(),
        );
    };
    if !score.verdict.is_win() {
        return stated(
            Span::new(0, text.len()),
            format!("the game cannot pay this win: {}", score.verdict.explain()),
        );
    }
    // A claim's rank (000 §Priority of stealing tiles): hand-points (a limit hand's points),
    // then bonus-points.
    let (hand_points, bonus_points) = match &score.totals {
        Totals::Points(t) if t.limit.is_some() => (t.limit_points, 0),
        Totals::Points(t) => (t.hand_points, t.bonus_points),
        _ => (0, 0),
    };
    if system == System::Points
        && pending.declared.len() == PLAYERS
        && rules.game.three_declared_ready == ThreeReady::HandPointsOnly
        && let Totals::Points(t) = &score.totals
    {
        score.payments = Box::new(crate::system::points::settle(
            &hand,
            rules,
            t.hand_points,
            0,
            t.limit_points,
        ));
        score.notes.push(
            "all three declared ready: the hand-points only (000 §Three declared ready)".into(),
        );
    }
    let mut by_player = [0i64; PLAYERS];
    for (p, amount) in by_player.iter_mut().enumerate() {
        *amount = score.payments.amount(table.seat(p));
    }
    let mut liability = String::new();
    if let Some(liable) = claim.pao {
        by_player = pao(
            game,
            claim,
            liable,
            &hand,
            &score,
            by_player,
            &mut liability,
        )?;
    }
    let received = by_player[claim.winner];
    let how = match claim.from {
        Some(f) => format!("ron {}", game.names[f]),
        None => "tsumo".into(),
    };
    let summary = format!(
        "{name} {how}: {} — {}; collects {}{liability}",
        elements_said(&score),
        totals_said(&score),
        points(received, false)
    );
    let record = WinRecord {
        winner: name.clone(),
        seat,
        from: claim.from.map(|f| game.names[f].clone()),
        pao: claim.pao.map(|p| game.names[p].clone()),
        hand: text.to_string(),
        honba: if han { honba } else { 0 },
        sticks: if han { sticks } else { 0 },
        draws: if counts_draws { draws } else { 0 },
        score,
        paid: (0..PLAYERS)
            .map(|p| PlayerRow {
                player: game.names[p].clone(),
                change: by_player[p],
                total: table.scores[p] + by_player[p],
            })
            .collect(),
        summary,
    };
    Ok(Scored {
        record,
        by_player,
        hand_points,
        bonus_points,
    })
}

/// The drawn hands the goulash counts (capped by `goulash-cap`).
fn goulash_draws(game: &Game) -> u32 {
    let cap = game.rules.game.goulash_cap;
    if cap > 0 {
        game.table.draws.min(cap)
    } else {
        game.table.draws
    }
}

/// The winner's kongs and full bonus sets must have been paid on the spot (000 §Malaysia:
/// "Kongs immediately score").
fn paid_on_the_spot(
    game: &Game,
    claim: &Claim,
    hand: &hand::Hand,
    pending: &Pending,
    text: &str,
) -> Result<(), GameError> {
    let whole = Span::new(claim.win.hand, claim.win.hand + text.len());
    let name = &game.names[claim.winner];
    for meld in hand.melds.iter().filter(|m| m.kind == SetKind::Kong) {
        if !pending.kongs.contains(&(claim.winner, meld.tile)) {
            return Err(game.error(claim.line, whole, format!(
                "{name}'s kong of {} was not paid on the spot: write `kong {name} {} concealed` (or `from NAME`, `promoted`) on a line before the win (000 §Malaysia: \"Kongs immediately score\")",
                meld.tile, meld.tile
            )));
        }
    }
    for set in BonusSet::ALL {
        if hand.holds_full_set(set, &game.rules.tiles)
            && !pending.bonus_sets.contains(&(claim.winner, set))
        {
            return Err(game.error(claim.line, whole, format!(
                "{name}'s full set of {} was not paid on the spot: write `bonus-set {name} {} dealt` (or `drawn`) on a line before the win (000 §Malaysia)",
                set.name(), set.name()
            )));
        }
    }
    Ok(())
}

/// What each non-winner pays the winner in `score` (settlements between the non-winners left
/// out), by player.
fn to_winner(
    game: &Game,
    claim: &Claim,
    hand: &hand::Hand,
    by_player: [i64; PLAYERS],
) -> [i64; PLAYERS] {
    let mut owed = [0i64; PLAYERS];
    let between = game.rules.system == System::Fan
        && (!hand.context.others_fan.is_empty() || !hand.context.others_fly.is_empty());
    let plain = if between {
        let mut alone = hand.clone();
        alone.context.others_fan.clear();
        alone.context.others_fly.clear();
        score_hand(&alone, game.rules).map(|s| s.payments)
    } else {
        None
    };
    for (p, amount) in owed.iter_mut().enumerate() {
        if p == claim.winner {
            continue;
        }
        let paid = match &plain {
            Some(payments) => payments.amount(game.table.seat(p)),
            None => by_player[p],
        };
        *amount = -paid;
    }
    owed
}

/// The hand holds a pong or kong of each of the four winds (daisuushi), whether or not a
/// criterion of the ruleset scores it as such.
fn four_wind_sets(hand: &hand::Hand) -> bool {
    Seat::ALL.iter().all(|wind| {
        let tile = wind.tile();
        let declared = hand
            .melds
            .iter()
            .any(|m| m.tile == tile && m.kind != SetKind::Chow);
        declared || hand.concealed.get(tile) >= 3
    })
}

/// Liability (pao): the liable player pays what the others owe the winner on a self-draw,
/// and on a ron the share `pao-ron` says, the discarder the rest (003 §12 Daisangen).
fn pao(
    game: &Game,
    claim: &Claim,
    liable: usize,
    hand: &hand::Hand,
    score: &Score,
    by_player: [i64; PLAYERS],
    said: &mut String,
) -> Result<[i64; PLAYERS], GameError> {
    let rules = game.rules;
    let span = claim
        .win
        .pao
        .as_ref()
        .map_or(claim.win.winner.span, |w| w.span);
    if rules.game.pao.is_empty() {
        return Err(game.error(
            claim.line,
            span,
            format!("{} names no liability (pao): game.pao is empty", rules.name),
        ));
    }
    let liable_hand = score
        .elements
        .iter()
        .any(|e| rules.game.pao.contains(&e.check))
        || (rules.game.pao.contains(&Check::BigFourWinds) && four_wind_sets(hand));
    if !liable_hand {
        let named: Vec<&str> = rules
            .criteria
            .iter()
            .filter(|c| rules.game.pao.contains(&c.check))
            .map(|c| &*c.id)
            .collect();
        return Err(game.error(claim.line, span, format!(
            "{} is named liable, but the hand scores none of the hands a feeder is liable for under {} ({})",
            game.names[liable], rules.name, named.join(", ")
        )));
    }
    let owed = to_winner(game, claim, hand, by_player);
    let total: i64 = owed.iter().sum();
    let unit = if is_han(rules) { 100 } else { 1 };
    let liable_part = match (claim.from, rules.game.pao_ron) {
        (Some(from), PaoRon::Half) if from != liable => (total / 2 + unit - 1) / unit * unit,
        _ => total,
    };
    let mut out = by_player;
    for p in (0..PLAYERS).filter(|&p| p != claim.winner) {
        // Keep what the player settles with the other non-winner; drop what it owed.
        out[p] += owed[p];
    }
    out[liable] -= liable_part;
    if let Some(from) = claim.from
        && from != liable
    {
        out[from] -= total - liable_part;
    }
    *said = format!(
        "; pao: {} pays {}",
        game.names[liable],
        points(liable_part, false)
    );
    Ok(out)
}
