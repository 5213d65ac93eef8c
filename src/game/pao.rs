//! Liability (pao): the feeder of a limit hand pays for it (003 §12 Daisangen; 000
//! §Malaysia's "pao" notes).

use super::GameError;
use super::play::{Claim, Game};
use super::player::{ByPlayer, Player};
use crate::check::Check;
use crate::evaluate::score_hand;
use crate::hand::{self, SetKind};
use crate::results::Score;
use crate::rules::{PaoRon, PaoRonCounters, System};
use crate::tile::Seat;

/// What each non-winner pays the winner in `score` (settlements between the non-winners left
/// out), by player.
pub(super) fn to_winner(
    game: &Game,
    claim: &Claim,
    hand: &hand::Hand,
    by_player: ByPlayer<i64>,
) -> ByPlayer<i64> {
    let mut owed = ByPlayer::all(0i64);
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
    for p in claim.winner.others() {
        let paid = match &plain {
            Some(payments) => payments.amount(game.table.seat(p)),
            None => by_player[p],
        };
        owed[p] = -paid;
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

/// What the liable player pays, as the win's sentence says it.
pub(super) struct Liability {
    /// The liable player's name.
    liable: String,
    /// What the liable player pays.
    pays: i64,
    /// Whose the counters of a shared ron are, when `pao-ron-counters` does not halve them
    /// with the hand: the words, and the setting's value.
    counters: Option<(&'static str, &'static str)>,
}

impl Liability {
    /// The words a win's sentence ends with, as the table reads them: `; pao: A pays 16,600
    /// (half the hand and all the counters)`.
    pub(super) fn plain(&self) -> String {
        self.said("")
    }

    /// The same as `mj3 game` prints them, the setting named in the bracket: `(half the hand
    /// and all the counters: pao-ron-counters)`.
    pub(super) fn printed(&self) -> String {
        self.said(": pao-ron-counters")
    }

    /// The setting that decides whose the counters are (`game.pao-ron-counters = "liable"`),
    /// when the words say it.
    pub(super) fn source(&self) -> Option<String> {
        self.counters
            .map(|(_, value)| format!("game.pao-ron-counters = \"{value}\""))
    }

    /// `; pao: A pays N`, then whose the counters are with `named` after the words.
    fn said(&self, named: &str) -> String {
        let counters = self
            .counters
            .map(|(words, _)| format!(" ({words}{named})"))
            .unwrap_or_default();
        format!(
            "; pao: {} pays {}{counters}",
            self.liable,
            crate::amount::written(self.pays)
        )
    }
}

/// Liability (pao): the liable player pays what the others owe the winner (`owed`, from
/// [`to_winner`]) on a self-draw, and on a ron the share `pao-ron` says, its counters as
/// `pao-ron-counters` says, the discarder the rest (003 §12 Daisangen).
pub(super) fn pao(
    game: &Game,
    claim: &Claim,
    liable: Player,
    hand: &hand::Hand,
    score: &Score,
    by_player: ByPlayer<i64>,
    owed: ByPlayer<i64>,
) -> Result<(ByPlayer<i64>, Liability), GameError> {
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
    if hand.stated.is_some() {
        return Err(game.error(
            claim.line,
            span,
            format!(
                "liability (pao) is checked on the hand's tiles: a win stated by its value does not show which hand it is; write the tiles to name {} liable",
                game.names[liable]
            ),
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
    let total: i64 = owed.iter().sum();
    let unit = if rules.system.counts_han() { 100 } else { 1 };
    let half_up = |points: i64| (points / 2 + unit - 1) / unit * unit;
    // The counters the discarder of a ron pays in the hand's payment (none outside the han
    // systems), which `pao-ron-counters` may take out of the halves.
    let (counters, _) = crate::system::han::counters_paid(hand, rules);
    let shared =
        matches!(claim.from, Some(from) if from != liable) && rules.game.pao_ron == PaoRon::Half;
    let liable_part = match rules.game.pao_ron_counters {
        _ if !shared => total,
        PaoRonCounters::Split => half_up(total),
        PaoRonCounters::Liable => half_up(total - counters) + counters,
        PaoRonCounters::Discarder => half_up(total - counters),
    };
    let whose_counters = match rules.game.pao_ron_counters {
        _ if !shared || counters == 0 => None,
        PaoRonCounters::Split => None,
        PaoRonCounters::Liable => Some(("half the hand and all the counters", "liable")),
        PaoRonCounters::Discarder => Some((
            "half the hand; the counters are the discarder's",
            "discarder",
        )),
    };
    let mut out = by_player;
    for p in claim.winner.others() {
        // Keep what the player settles with the other non-winner; drop what it owed.
        out[p] += owed[p];
    }
    out[liable] -= liable_part;
    if let Some(from) = claim.from
        && from != liable
    {
        out[from] -= total - liable_part;
    }
    let liability = Liability {
        liable: game.names[liable].clone(),
        pays: liable_part,
        counters: whose_counters,
    };
    Ok((out, liability))
}
