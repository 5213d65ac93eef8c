//! One win scored: the hand read and checked against what the game holds, then scored by
//! the evaluator with the seat, round, counters, sticks and drawn hands of the game (so
//! `mj3 score` and the game pay by the same code), liability laid over its payments.

use super::happened::Said;
use super::pao::{Liability, pao};
use super::play::{Claim, Game, Pending, counts_draws};
use super::player::ByPlayer;
use super::record::Line;
use super::sheet::{PlayerRow, WinRecord, elements_named, elements_said};
use super::state::PLAYERS;
use super::{GameError, Reason};
use crate::diagnostic::Span;
use crate::evaluate::score_hand;
use crate::hand::{self, HandError, SetKind, ValidHand};
use crate::notation::{self, Spanned, WinMethod};
use crate::results::Totals;
use crate::rules::{System, ThreeReady};
use crate::tile::BonusSet;

/// A claim scored.
pub(super) struct Scored {
    pub record: WinRecord,
    pub by_player: ByPlayer<i64>,
    pub hand_points: u32,
    pub bonus_points: u32,
    /// The winning tile (`None`: a win stated by its value, which shows none).
    pub win_tile: Option<crate::tile::Tile>,
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

/// The hand of a win line refused: its message as `mj3 score` says it, and as a table reads
/// it, the rule books' sections and the settings it names apart ([`HandError::said`]).
fn refused_hand(game: &Game, line: &Line, at: usize, e: &HandError) -> GameError {
    let said = e.said();
    let reason = Reason {
        source: said.source,
        ..Reason::new(said.text)
    };
    GameError {
        reason: Some(Box::new(reason)),
        ..hand_error(game, line, at, e.span, e.to_string())
    }
}

/// Scores one claim paid `honba` counters, `sticks` riichi sticks and the goulash of `draws`
/// drawn hands (the counters on the table still decide ryanshi and paarenchan).
pub(super) fn score(
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
    let han = rules.system.counts_han();
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
        return Err(game.refuse(
            line,
            Span::new(span.start + at, span.end + at),
            Reason::new(format!("{name} did not declare riichi this hand"))
                .hint(format!("write `riichi {name}` on a line before the win")),
        ));
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
    let valid =
        hand::validate(&input, rules).map_err(|e: HandError| refused_hand(game, line, at, &e))?;
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
    // A player who claimed the same discard for a win and lost it on priority was waiting
    // on it (000 §Bonus points: "Waiting means waiting for one tile ... that would give a
    // legal hand").
    if system == System::Points {
        for &p in &pending.lost_claims {
            let s = table.seat(p);
            if p != claim.winner && !ctx.waiting.contains(&s) {
                ctx.waiting.push(s);
            }
        }
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
        score.notes.push(crate::results::Note::sourced(
            "all three declared ready: the hand-points only",
            "000 §Three declared ready",
        ));
    }
    let mut by_player = ByPlayer::from_fn(|p| score.payments.amount(table.seat(p)));
    // What each player pays the winner, before liability moves it (settlements between the
    // non-winners left out).
    let mut to_winner = super::pao::to_winner(game, claim, &hand, by_player);
    let mut liability = None;
    if let Some(liable) = claim.pao {
        let (paid, liable) = pao(game, claim, liable, &hand, &score, by_player, to_winner)?;
        by_player = paid;
        liability = Some(liable);
    }
    let received = by_player[claim.winner];
    let how = match claim.from {
        Some(f) if hand.context.robbed_kita => format!("ron {} on the kita", game.names[f]),
        Some(f) if hand.context.robbed_concealed => {
            format!("ron {} robbing a concealed kong", game.names[f])
        }
        Some(f) if hand.context.robbed => format!("ron {} robbing a kong", game.names[f]),
        Some(f) => format!("ron {}", game.names[f]),
        None => "tsumo".into(),
    };
    // What the winner collects, item by item: each payer's part as the single win's payment
    // table makes it up (as liability moved it, when a player is liable), and the sticks
    // from the table.
    if claim.pao.is_some() {
        to_winner = by_player.map(|amount| -amount);
    }
    // Each payer's part, and the sums of its payment table's breakdown apart (the table's
    // words leave them to a tap).
    let mut items: Vec<String> = Vec::new();
    let mut plain_items: Vec<String> = Vec::new();
    let mut sums: Vec<String> = Vec::new();
    for p in claim.winner.others() {
        let seat = score.payments.seats.get(table.seat(p));
        let paid = to_winner[p];
        if paid <= 0 {
            continue;
        }
        let part = format!("{} {}", game.names[p], crate::amount::written(paid));
        // The payment table's breakdown, when it is this payment's alone.
        if paid == -seat.amount {
            items.push(format!("{part} ({})", seat.breakdown));
            sums.push(format!("{part}: {}", seat.breakdown));
        } else {
            items.push(part.clone());
        }
        plain_items.push(part);
    }
    if han && sticks > 0 {
        let from_table = format!(
            "{} from the table ({})",
            crate::plural::counted(sticks, "riichi stick", "riichi sticks"),
            crate::amount::written(i64::from(sticks) * game.stick)
        );
        items.push(from_table.clone());
        plain_items.push(from_table);
    }
    let (value, plain_value) = match &score.stated {
        Some(stated) => {
            let value = format!("{stated} (stated by value)");
            (value.clone(), value)
        }
        None => (
            format!("{} — {}", elements_said(&score), score.totals),
            format!("{} — {}", elements_named(&score), score.totals),
        ),
    };
    let summary = format!(
        "{name} {how}: {value}; collects {}: {}{}",
        crate::amount::written(received),
        items.join(", "),
        liability
            .as_ref()
            .map(Liability::printed)
            .unwrap_or_default()
    );
    // The setting that decides the liable player's share goes with the sums, behind the tap.
    sums.extend(liability.as_ref().and_then(Liability::source));
    let said = Said {
        text: format!(
            "{name} {how}: {plain_value}; collects {}: {}{}",
            crate::amount::written(received),
            plain_items.join(", "),
            liability.as_ref().map(Liability::plain).unwrap_or_default()
        ),
        source: (!sums.is_empty()).then(|| sums.join("; ")),
    };
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
        paid: ByPlayer::from_fn(|p| PlayerRow {
            player: game.names[p].clone(),
            change: by_player[p],
            total: table.scores[p] + by_player[p],
        }),
        summary,
        said,
    };
    Ok(Scored {
        record,
        by_player,
        hand_points,
        bonus_points,
        win_tile: hand.stated.is_none().then_some(hand.win_tile),
    })
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
            return Err(game.refuse(
                claim.line,
                whole,
                Reason::new(format!(
                    "{name}'s kong of {} was not paid on the spot",
                    meld.tile.name()
                ))
                .hint(format!(
                    "write `kong {name} {} concealed` (or `from NAME`, `promoted`) on a line before the win",
                    meld.tile
                ))
                .source("000 §Malaysia: \"Kongs immediately score\""),
            ));
        }
    }
    for set in BonusSet::ALL {
        if hand.holds_full_set(set, &game.rules.tiles)
            && !pending.bonus_sets.contains(&(claim.winner, set))
        {
            return Err(game.refuse(
                claim.line,
                whole,
                Reason::new(format!(
                    "{name}'s full set of {} was not paid on the spot",
                    set.name()
                ))
                .hint(format!(
                    "write `bonus-set {name} {} dealt` (or `drawn`) on a line before the win",
                    set.name()
                ))
                .source("000 §Malaysia"),
            ));
        }
    }
    Ok(())
}
