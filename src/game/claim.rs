//! The claims of one discard (or a tsumo) settled: two wins on one discard (003 §9.7) or one
//! by priority, who of two winners takes the sticks and counters, and a ron on a riichi
//! declaration tile.

use super::happened::{HandEvent, LostOn};
use super::play::{Claim, Game, Pending, goulash_draws};
use super::player::ByPlayer;
use super::sheet::WinRecord;
use super::state::{Outcome, PLAYERS};
use super::win::{Scored, score};
use super::{GameError, Reason};
use crate::diagnostic::Span;
use crate::rules::{
    ClaimOrder, DeclarationTileRon, DoubleRonCounters, MultipleRon, SticksTo, System, ThreeReady,
};

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
        return Err(game.refuse(
            first.line,
            first.win.winner.span,
            Reason::new("all three declared ready: the hand is a draw")
                .setting("game.three-declared-ready = \"draw\"")
                .source("000 §Three declared ready"),
        ));
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
                ClaimOrder::Anticlockwise => c.winner.after(from),
                ClaimOrder::Clockwise => from.after(c.winner),
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
                let on = match mode {
                    MultipleRon::Priority if scored[i].hand_points != scored[best].hand_points => {
                        LostOn::HandPoints
                    }
                    MultipleRon::Priority
                        if scored[i].bonus_points != scored[best].bonus_points =>
                    {
                        LostOn::BonusPoints
                    }
                    MultipleRon::Priority => LostOn::ClaimOrder,
                    _ => LostOn::MultipleRon,
                };
                pending.events.push(HandEvent::ClaimLoses {
                    loser: game.names[claim.winner].clone(),
                    winner: game.names[claims[best].winner].clone(),
                    on,
                });
                if game.rules.system == System::Points {
                    pending.lost_claims.push(claim.winner);
                    pending.events.push(HandEvent::PaysAsWaiting {
                        player: game.names[claim.winner].clone(),
                    });
                }
            }
            one_tile(game, claims, &scored)?;
            vec![best]
        }
    };
    // The sticks (and, as the ruleset says, the counters) go to one winner of two; so does the
    // goulash, which "the next winner" collects.
    let takes_sticks = winners
        .iter()
        .copied()
        .min_by_key(|&i| match (rules.double_ron_sticks, claims[i].from) {
            (SticksTo::FirstFromDiscarder, Some(from)) => claims[i].winner.after(from),
            (SticksTo::DealerFirst, _) => claims[i].winner.after(dealer),
            // "next in sequence ... to the Oya": the dealer counts last.
            _ => (claims[i].winner.after(dealer) + PLAYERS - 1) % PLAYERS,
        })
        .unwrap_or(0);
    let double = winners.len() > 1;
    // Every win is scored before any point moves: a claim that cannot be paid leaves the
    // table as it was.
    let mut scored = Vec::with_capacity(winners.len());
    for &i in &winners {
        let gets_sticks = i == takes_sticks;
        let gets_honba = gets_sticks || rules.double_ron_counters == DoubleRonCounters::Each;
        scored.push(score(
            game,
            &claims[i],
            if gets_honba { honba } else { 0 },
            if gets_sticks { sticks } else { 0 },
            if gets_sticks { draws } else { 0 },
            pending,
        )?);
    }
    let won: Vec<&Claim> = winners.iter().map(|&i| &claims[i]).collect();
    one_tile(game, &won, &scored)?;
    let mut records = Vec::with_capacity(winners.len());
    let mut dealer_won = false;
    for (&i, mut won) in winners.iter().zip(scored) {
        let taken = if i == takes_sticks { sticks } else { 0 };
        game.move_points(won.by_player, -i64::from(taken));
        for (row, total) in won.record.paid.iter_mut().zip(game.table.scores) {
            row.total = total;
        }
        dealer_won |= claims[i].winner == dealer;
        pending.events.push(HandEvent::Win {
            winner: won.record.winner.clone(),
            summary: won.record.summary.clone(),
            said: won.record.said.clone(),
        });
        records.push(won.record);
    }
    if double {
        pending.events.push(HandEvent::DoubleRon {
            from: first
                .from
                .map_or("?", |f| game.names[f].as_str())
                .to_string(),
        });
    }
    let outcome = Outcome::Win {
        dealer_won,
        first: claims[takes_sticks].winner,
        double,
    };
    Ok((records, outcome))
}

/// Claims on one discard win on one tile: two hands that win on different tiles cannot both
/// have claimed it.
fn one_tile<'c, C: std::borrow::Borrow<Claim<'c>>>(
    game: &Game,
    claims: &[C],
    scored: &[Scored],
) -> Result<(), GameError> {
    let Some(first) = scored.first().and_then(|s| s.win_tile) else {
        return Ok(());
    };
    for (claim, other) in claims.iter().zip(scored).skip(1) {
        let claim = claim.borrow();
        // A win stated by its value shows no tile to compare.
        if let Some(tile) = other.win_tile
            && tile != first
        {
            return Err(game.error(
                claim.line,
                Span::new(claim.win.hand, claim.line.text.len()),
                format!(
                    "two claims on one discard win on one tile: the first hand wins on {first}, this one on {tile}"
                ),
            ));
        }
    }
    Ok(())
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
        pending
            .events
            .push(HandEvent::DeclarationTile { from: None });
        return Ok(());
    }
    declared.stick = false;
    let mut change = ByPlayer::all(0);
    change[from] = game.stick;
    game.move_points(change, -1);
    pending.events.push(HandEvent::DeclarationTile {
        from: Some(game.names[from].clone()),
    });
    Ok(())
}
