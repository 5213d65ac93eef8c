//! The events within a hand that do not end it, and the chombo that does: riichi
//! declarations (the stick on the table), kongs and full bonus sets paid on the spot
//! (000 §Malaysia), corrections between hands, and a chombo's penalty.

use super::happened::{HandEvent, KongPayment};
use super::play::{Declared, Game, Pending};
use super::player::{ByPlayer, Player};
use super::record::{KongMade, Line, Word};
use super::sheet::HandKind;
use super::state::PLAYERS;
use super::{GameError, Reason};
use crate::diagnostic::Span;
use crate::rules::{PromotedKongPayer, System, ThreeReady};
use crate::tile::{BonusSet, Tile};

impl Game<'_> {
    /// A riichi declaration: the stick goes on the table (han systems).
    pub(super) fn riichi(
        &mut self,
        line: &Line,
        player: &Word,
        left: Option<(u32, Span)>,
        pending: &mut Pending,
    ) -> Result<(), GameError> {
        let who = self.player(line, player)?;
        let name = self.names[who].clone();
        if !self.rules.system.declares() {
            return Err(self.refuse(
                line,
                player.span,
                Reason::new(format!(
                    "{} has no riichi or declaration of ready",
                    self.rules.name
                ))
                .source("000 §Malaysia names none"),
            ));
        }
        if pending.declared.iter().any(|d| d.player == who) {
            return Err(self.error(
                line,
                player.span,
                format!("{name} has already declared this hand"),
            ));
        }
        if let Some((left, span)) = left {
            let least = self.rules.game.riichi_tiles_left;
            if self.rules.system.counts_han() && left < least {
                return Err(self.refuse(
                    line,
                    span,
                    Reason::new(format!(
                        "riichi needs at least {least} tiles left in the wall"
                    ))
                    .setting("game.riichi-tiles-left")
                    .source("003 §9.4 says three, the Riichi entry of 003 §12 four"),
                ));
            }
        }
        let stick = self.stick;
        if stick > 0 && self.table.scores[who] < stick {
            return Err(self.refuse(
                line,
                player.span,
                Reason::new(format!(
                    "{name} has {} points: a riichi needs the {} of its stick",
                    crate::amount::written(self.table.scores[who]),
                    crate::amount::written(stick)
                ))
                .source("003 §12 Riichi"),
            ));
        }
        if stick > 0 {
            let mut change = ByPlayer::all(0);
            change[who] = -stick;
            self.move_points(change, 1);
            pending.events.push(HandEvent::Riichi {
                player: name,
                stick,
            });
        } else {
            pending
                .events
                .push(HandEvent::DeclaresReady { player: name });
        }
        pending.declared.push(Declared {
            player: who,
            line: line.number,
            stick: stick > 0,
        });
        if pending.declared.len() == PLAYERS
            && self.rules.system == System::Points
            && self.rules.game.three_declared_ready != ThreeReady::NoRule
        {
            pending
                .events
                .push(match self.rules.game.three_declared_ready {
                    ThreeReady::Draw => HandEvent::ThreeReadyDraw,
                    _ => HandEvent::ThreeReadyHandPoints,
                });
        }
        Ok(())
    }

    /// A kong paid on the spot (000 §Malaysia: "Kongs immediately score").
    pub(super) fn kong(
        &mut self,
        line: &Line,
        player: &Word,
        tile: (Tile, Span),
        made: &KongMade,
        pending: &mut Pending,
    ) -> Result<(), GameError> {
        let who = self.player(line, player)?;
        self.on_the_spot_rule(line, player.span)?;
        let copies = self.rules.tiles.copies(tile.0);
        if copies < 4 {
            return Err(self.error(
                line,
                tile.1,
                match copies {
                    0 => format!("{} plays without {}", self.rules.name, tile.0.name()),
                    n => format!(
                        "{} has only {n} of {}: no kong of it",
                        self.rules.name,
                        tile.0.name()
                    ),
                },
            ));
        }
        let fan = self.rules.fan;
        let others: Vec<Player> = who.others().collect();
        let name = self.names[who].clone();
        let paid = match made {
            KongMade::Concealed => {
                for &p in &others {
                    self.pay(p, who, i64::from(fan.concealed_kong));
                }
                KongPayment::Concealed {
                    each: fan.concealed_kong,
                }
            }
            KongMade::From(from) | KongMade::Promoted(Some(from)) => {
                let feeder = self.player(line, from)?;
                if feeder == who {
                    return Err(self.error(
                        line,
                        from.span,
                        format!("{name} cannot feed his own kong"),
                    ));
                }
                let promoted = matches!(made, KongMade::Promoted(_));
                if promoted && self.rules.game.promoted_kong_payer == PromotedKongPayer::Each {
                    for &p in &others {
                        self.pay(p, who, i64::from(fan.open_kong));
                    }
                    KongPayment::PromotedEach {
                        each: fan.open_kong,
                    }
                } else {
                    let amount = 2 * i64::from(fan.open_kong);
                    self.pay(feeder, who, amount);
                    KongPayment::Fed {
                        promoted,
                        amount,
                        feeder: self.names[feeder].clone(),
                    }
                }
            }
            KongMade::Promoted(None) => {
                if self.rules.game.promoted_kong_payer == PromotedKongPayer::PongFeeder {
                    return Err(self.error(line, tile.1, "game.promoted-kong-payer is \"pong-feeder\": name who fed the pong, `promoted fed-by NAME`"));
                }
                for &p in &others {
                    self.pay(p, who, i64::from(fan.open_kong));
                }
                KongPayment::Promoted {
                    each: fan.open_kong,
                }
            }
        };
        pending.kongs.push((who, tile.0));
        pending.events.push(HandEvent::Kong {
            player: name,
            tile: tile.0,
            paid,
        });
        Ok(())
    }

    /// A full bonus set paid on the spot (000 §Malaysia).
    pub(super) fn bonus_set(
        &mut self,
        line: &Line,
        player: &Word,
        set: (BonusSet, Span),
        dealt: bool,
        pending: &mut Pending,
    ) -> Result<(), GameError> {
        let who = self.player(line, player)?;
        self.on_the_spot_rule(line, player.span)?;
        if self.rules.tiles.bonus_set_size(set.0) == 0 {
            return Err(self.error(
                line,
                set.1,
                format!("{} plays without {}", self.rules.name, set.0.name()),
            ));
        }
        let amount = if dealt {
            self.rules.fan.full_set_dealt
        } else {
            self.rules.fan.full_set_drawn
        };
        for p in who.others() {
            self.pay(p, who, i64::from(amount));
        }
        pending.bonus_sets.push((who, set.0));
        pending.events.push(HandEvent::BonusSet {
            player: self.names[who].clone(),
            set: set.0,
            dealt,
            each: amount,
        });
        Ok(())
    }

    /// On-the-spot payments are the fan system's (000 §Malaysia).
    fn on_the_spot_rule(&self, line: &Line, span: Span) -> Result<(), GameError> {
        if self.rules.system == System::Fan {
            return Ok(());
        }
        Err(self.refuse(
            line,
            span,
            Reason::new(format!(
                "{} pays nothing on the spot: kongs and bonus sets are paid with the hand",
                self.rules.name
            ))
            .source("on-the-spot payments are 000 §Malaysia's"),
        ))
    }

    /// A correction between hands: points moved, adding up to zero.
    pub(super) fn correct(
        &mut self,
        line: &Line,
        moves: &[(Word, i64)],
        pending: &mut Pending,
    ) -> Result<(), GameError> {
        let mut change = ByPlayer::all(0i64);
        for (word, amount) in moves {
            let who = self.player(line, word)?;
            change[who] += amount;
        }
        let sum: i64 = change.iter().sum();
        if sum != 0 {
            return Err(self.error(
                line,
                Span::new(0, line.text.len()),
                format!(
                    "a correction moves points between players: these add up to {}, not 0",
                    crate::amount::signed(sum)
                ),
            ));
        }
        self.move_points(change, 0);
        let moves = Player::ALL
            .into_iter()
            .filter(|&p| change[p] != 0)
            .map(|p| (self.names[p].clone(), change[p]))
            .collect();
        pending.events.push(HandEvent::Correction { moves });
        let start = pending.start.take().unwrap_or_else(|| self.table.clone());
        let record = self.record(
            line,
            &start,
            HandKind::Correction,
            std::mem::take(&mut pending.events),
            Vec::new(),
        );
        self.write(record);
        Ok(())
    }

    /// A chombo: the offender pays each other player (`[game]` chombo amounts) and the
    /// riichi sticks of the hand are handed back.
    pub(super) fn chombo(
        &mut self,
        line: &Line,
        player: &Word,
        pending: &mut Pending,
    ) -> Result<(), GameError> {
        let who = self.player(line, player)?;
        let game = &self.rules.game;
        let dealer = self.table.dealer;
        let amounts: Vec<(Player, i64)> = who
            .others()
            .map(|p| {
                let amount = if who == dealer {
                    game.chombo_by_dealer
                } else if p == dealer {
                    game.chombo_to_dealer
                } else {
                    game.chombo_to_non_dealer
                };
                (p, i64::from(amount))
            })
            .collect();
        for &(p, amount) in &amounts {
            self.pay(who, p, amount);
        }
        pending.events.push(HandEvent::Chombo {
            player: self.names[who].clone(),
            pays: amounts
                .iter()
                .map(|&(p, a)| (a, self.names[p].clone()))
                .collect(),
        });
        if self.rules.game.chombo_replays {
            self.hand_back_sticks(pending);
        }
        Ok(())
    }

    /// The riichi sticks declared this hand go back to their owners.
    pub(super) fn hand_back_sticks(&mut self, pending: &mut Pending) {
        for d in pending.declared.iter_mut().filter(|d| d.stick) {
            let mut change = ByPlayer::all(0);
            change[d.player] = self.stick;
            self.move_points(change, -1);
            d.stick = false;
            pending.events.push(HandEvent::StickHandedBack {
                player: self.names[d.player].clone(),
            });
        }
    }
}
