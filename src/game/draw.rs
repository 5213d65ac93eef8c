//! An exhaustive draw: who was tenpai (named, declared by riichi, or shown and checked), the
//! noten payments (003 §11), a nagashi mangan where the ruleset plays it, and the goulash
//! count of the points system (000 §Hands, rounds, and matches).

use super::happened::HandEvent;
use super::play::{Game, Pending, Tenpai};
use super::player::{ByPlayer, Player};
use super::record::{Line, Word};
use super::state::{Outcome, PLAYERS};
use super::{GameError, Reason};
use crate::diagnostic::Span;
use crate::evaluate::{score_hand, waits};
use crate::hand::{self, ValidHand, WaitingHand};
use crate::notation::{self, Spanned};
use crate::rules::{AbortiveDraw, OwnTilesWait, Ruleset};
use crate::system::hanfu::tsumo_owed;

/// Base points of a mangan (`han-fu`): what a nagashi mangan is paid as a self-draw.
const MANGAN_BASE: u32 = 2000;

/// Settles the exhaustive draw on `line`, `named` the tenpai players it names.
pub(super) fn settle(
    game: &mut Game,
    line: &Line,
    named: &[Word],
    pending: &mut Pending,
) -> Result<Outcome, GameError> {
    let han = game.rules.system.pays_tenpai();
    for word in named {
        let player = game.player(line, word)?;
        pending.tenpai.push(Tenpai {
            player,
            line: None,
            hand: None,
            span: word.span,
        });
    }
    if !han {
        if let Some(t) = pending.tenpai.first() {
            let at = t.line.as_ref().unwrap_or(line);
            return Err(game.error(
                at,
                t.span,
                format!(
                    "{} pays nothing at an exhaustive draw: tenpai is not recorded",
                    game.rules.name
                ),
            ));
        }
        if let Some((_, at, span)) = pending.nagashi.first() {
            let span = *span;
            return Err(game.error(
                at,
                span,
                format!("{} has no nagashi mangan", game.rules.name),
            ));
        }
        let goulash = super::play::goulash_per_draw(game.rules);
        pending.events.push(HandEvent::ExhaustiveDraw { goulash });
        return Ok(Outcome::Draw {
            dealer_tenpai: false,
            nobody_tenpai: true,
        });
    }
    let mut tenpai = ByPlayer::all(false);
    let mut karaten = Vec::new();
    for t in &pending.tenpai {
        let at = t.line.as_ref().unwrap_or(line);
        if tenpai[t.player] {
            return Err(game.error(
                at,
                t.span,
                format!("{} is named tenpai twice", game.names[t.player]),
            ));
        }
        tenpai[t.player] = true;
        if let Some(hand) = t.hand {
            karaten.extend(check_tenpai(game, at, t.player, hand)?);
        }
    }
    for d in &pending.declared {
        tenpai[d.player] = true;
    }
    let dealer = game.table.dealer;
    let count = tenpai.iter().filter(|&&t| t).count();
    let names = game.names.clone();
    let names_of = |want: bool| -> Vec<String> {
        Player::ALL
            .into_iter()
            .filter(|&p| tenpai[p] == want)
            .map(|p| names[p].clone())
            .collect()
    };
    // Noten payments (003 §11), unless a nagashi mangan replaces them (`game.nagashi-mangan`).
    let noten = i64::from(game.rules.game.noten_payment);
    let pays_noten = pending.nagashi.is_empty() && count > 0 && count < PLAYERS && noten > 0;
    if pays_noten {
        for payer in Player::ALL.into_iter().filter(|&p| !tenpai[p]) {
            for payee in Player::ALL.into_iter().filter(|&p| tenpai[p]) {
                game.pay(payer, payee, noten);
            }
        }
    }
    pending.events.push(HandEvent::Draw {
        tenpai: names_of(true),
        all: count == PLAYERS,
        noten: if pays_noten { noten } else { 0 },
        payers: if pays_noten {
            names_of(false)
        } else {
            Vec::new()
        },
    });
    if !pending.nagashi.is_empty() {
        nagashi(game, pending)?;
    }
    pending.events.extend(karaten);
    Ok(Outcome::Draw {
        dealer_tenpai: tenpai[dealer],
        nobody_tenpai: count == 0,
    })
}

/// An abortive draw `kind` on `line` (declared by `player`, nine terminals): allowed only by
/// `game.abortive-draws` (none in the sources), with no tenpai or nagashi named and nothing
/// paid. What the sheet says of it.
pub(super) fn abort(
    game: &Game,
    line: &Line,
    kind: (AbortiveDraw, Span),
    player: Option<&Word>,
    pending: &Pending,
) -> Result<HandEvent, GameError> {
    let (kind, span) = kind;
    if !game.rules.game.abortive_draws.contains(&kind) {
        // Only the han systems read `game.abortive-draws`: another cannot be given one.
        let why = match game.rules.system.counts_han() {
            true => "game.abortive-draws; NOT IN SOURCES: 003 names none",
            false => "the han systems alone play abortive draws (game.abortive-draws)",
        };
        let message = format!(
            "{} plays no abortive draw `{}` ({why})",
            game.rules.name,
            kind.word()
        );
        return Err(game.error(line, span, message));
    }
    if let Some(t) = pending.tenpai.first() {
        let at = t.line.as_ref().unwrap_or(line);
        let message =
            "an abortive draw has no tenpai payments: name tenpai players only before `draw`";
        return Err(game.error(at, t.span, message));
    }
    if let Some((_, at, span)) = pending.nagashi.first() {
        let span = *span;
        let message = "nagashi mangan is paid only at an exhaustive draw";
        return Err(game.error(at, span, message));
    }
    let shown = match player {
        Some(word) => {
            let who = game.player(line, word)?;
            if pending.declared.iter().any(|d| d.player == who) {
                let message = format!(
                    "{} declared riichi this hand: nine terminals is declared on the first draw, before any discard",
                    game.names[who]
                );
                return Err(game.error(line, word.span, message));
            }
            Some(game.names[who].clone())
        }
        None => None,
    };
    Ok(HandEvent::Abort {
        player: shown,
        sticks: game.table.sticks > 0,
    })
}

/// Nagashi mangan: each player named is paid a mangan as by self-draw, in place of the noten
/// payments.
fn nagashi(game: &mut Game, pending: &mut Pending) -> Result<(), GameError> {
    let nagashi = pending.nagashi.clone();
    for (i, (player, at, span)) in nagashi.iter().enumerate() {
        let (player, span) = (*player, *span);
        if !game.rules.game.nagashi_mangan {
            return Err(game.refuse(
                at,
                span,
                Reason::new(format!("{} has no nagashi mangan", game.rules.name))
                    .setting("game.nagashi-mangan is off"),
            ));
        }
        if nagashi[..i].iter().any(|n| n.0 == player) {
            return Err(game.error(at, span, format!("{} is named twice", game.names[player])));
        }
        let dealer = game.table.dealer;
        let split = game.rules.options.tsumo_split;
        let mut collected = 0;
        for payer in player.others() {
            let (amount, _) = tsumo_owed(MANGAN_BASE, player == dealer, payer == dealer, split);
            game.pay(payer, player, amount);
            collected += amount;
        }
        pending.events.push(HandEvent::Nagashi {
            player: game.names[player].clone(),
            collected,
        });
    }
    Ok(())
}

/// A shown hand must wait on at least one tile; one whose only waits are tiles the player
/// holds every copy of is tenpai as `game.own-tiles-wait` says, and the sheet says so.
fn check_tenpai(
    game: &Game,
    line: &Line,
    player: Player,
    at: usize,
) -> Result<Option<HandEvent>, GameError> {
    let text = line.text.get(at..).unwrap_or("");
    let text = text.split('#').next().unwrap_or("").trim_end();
    let shifted = |span: Span| Span::new(span.start + at, span.end + at);
    let mut input =
        notation::parse_hand(text).map_err(|e| game.error(line, shifted(e.span), e.to_string()))?;
    let here = Span::new(0, 0);
    input.context.seat = Some(Spanned {
        value: game.table.seat(player).wind(),
        span: here,
    });
    input.context.round = Some(Spanned {
        value: game.table.round_wind(&game.rules.game).wind(),
        span: here,
    });
    let valid = hand::validate(&input, game.rules)
        .map_err(|e| game.error(line, shifted(e.span), e.to_string()))?;
    let whole = Span::new(at, at + text.len());
    let ValidHand::Waiting(waiting) = valid else {
        return Err(game.error(
            line,
            whole,
            "a tenpai hand is the 13 tiles before the winning one",
        ));
    };
    if !waits(&waiting, game.rules).is_empty() {
        return Ok(None);
    }
    let name = &game.names[player];
    let own = own_copies_waits(&waiting, game.rules);
    let message = match (own.is_empty(), game.rules.game.own_tiles_wait) {
        (true, _) => Reason::new(format!("{name}'s hand waits on no tile: it is not tenpai")),
        (false, OwnTilesWait::TenpaiUnlessConcealed) => {
            return Ok(Some(HandEvent::OwnTilesTenpai {
                player: name.clone(),
                tiles: own,
            }));
        }
        (false, OwnTilesWait::NotTenpai) => Reason::new(format!(
            "{name}'s hand waits only on {}, whose every copy is his own: it is not tenpai under {}",
            own.join(" "),
            game.rules.name
        ))
        .setting("game.own-tiles-wait = \"not-tenpai\""),
    };
    Err(game.refuse(line, whole, message))
}

/// The tiles that would complete `waiting` but for the copies the player holds himself, in
/// his pongs and kongs (karaten on his own tiles): a tile all of whose copies are among his
/// concealed tiles is never one.
fn own_copies_waits(waiting: &WaitingHand, rules: &Ruleset) -> Vec<String> {
    let base = &waiting.base;
    rules
        .tiles
        .tiles()
        .filter(|&tile| base.concealed.get(tile) < rules.tiles.copies(tile))
        .filter(|&tile| base.seen_copies().get(tile) >= rules.tiles.copies(tile))
        .filter(|&tile| {
            let mut hand = base.clone();
            hand.concealed.add(tile, 1);
            hand.win_tile = tile;
            score_hand(&hand, rules).is_some()
        })
        .map(|tile| tile.to_string())
        .collect()
}
