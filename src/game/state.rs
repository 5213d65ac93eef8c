//! The state of the table between hands — scores, the dealer, the round, counters, riichi
//! sticks, drawn hands in a row — and how a hand's outcome moves it on: the dealer's
//! rotation, the counters, and the end of the game, each as the ruleset's `[game]` table says.

use super::happened::{Deal, GameEnd};
use super::player::{ByPlayer, Player};
use crate::rules::{
    Bust, CountersAtDraw, DealerAtDraw, DealerDoubleRon, DealerRule, GameRules, GoulashAtEnd,
};
use crate::tile::Seat;

/// The number of players.
pub const PLAYERS: usize = 3;

/// The winds of the rounds in order; the fourth round is East again.
const ROUND_WINDS: [Seat; 3] = [Seat::East, Seat::South, Seat::West];

/// The table between hands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// Each player's points.
    pub scores: ByPlayer<i64>,
    /// The dealer, by index.
    pub dealer: Player,
    /// The first dealer (003 §3.7's Tachioya), by index: each round starts with him.
    pub first_dealer: Player,
    /// Seat rounds completed (0: the first, East).
    pub round: u32,
    /// Counters (honba) on the table.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub sticks: u32,
    /// Drawn hands in a row just before (goulash).
    pub draws: u32,
    /// The dealer's counters are not all his own streak (paarenchan cannot be scored).
    pub streak_broken: bool,
    /// Hands played (chombo replays included).
    pub hands: u32,
    /// The game is in an extra round (`extension`): it went into one, or a `start` line
    /// opened it there.
    pub extra_round: bool,
    /// The ruleset keeps counters (the han systems).
    pub counters: bool,
    /// Why the game ended, once it has.
    pub over: Option<GameEnd>,
    /// The hand just played was the game's last as scheduled and its dealer, first at the
    /// target, kept the deal: he may stop the game or play on (`dealer-stops`,
    /// `dealer-plays-on`).
    pub may_stop: bool,
}

/// How a hand ended, as the dealer's rotation needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// One or two players won (`winners` by index; the first listed took the sticks).
    Win {
        /// The dealer was among the winners.
        dealer_won: bool,
        /// The winner of the hand (the one who deals next when the winner deals).
        first: Player,
        /// Two players won on one discard.
        double: bool,
    },
    /// An exhaustive draw.
    Draw {
        /// The dealer was tenpai.
        dealer_tenpai: bool,
        /// Nobody was tenpai.
        nobody_tenpai: bool,
    },
    /// A chombo: the hand is replayed or counts as played.
    Chombo,
    /// An abortive draw: the dealer stays, one counter more.
    Abort,
}

impl Table {
    /// The table before the first hand, `first_dealer` (by index) dealing; `counters`: the
    /// ruleset keeps counters (honba).
    pub fn new(rules: &GameRules, counters: bool, first_dealer: Player) -> Table {
        let start = i64::from(rules.starting_points);
        Table {
            scores: ByPlayer::all(start),
            dealer: first_dealer,
            first_dealer,
            round: 0,
            honba: 0,
            sticks: 0,
            draws: 0,
            streak_broken: false,
            hands: 0,
            extra_round: false,
            counters,
            over: None,
            may_stop: false,
        }
    }

    /// The seat `player` sits in this hand: the dealer is East, the player after him South.
    pub fn seat(&self, player: Player) -> Seat {
        Seat::ALL[player.after(self.dealer)]
    }

    /// The player in `seat` this hand.
    pub fn player_in(&self, seat: Seat) -> Player {
        let offset = Seat::ALL.iter().position(|&s| s == seat).unwrap_or(0);
        Player::at(self.dealer.index() + offset)
    }

    /// The prevailing wind.
    pub fn round_wind(&self, rules: &GameRules) -> Seat {
        if rules.dealer == DealerRule::WinnerDeals {
            return Seat::East;
        }
        ROUND_WINDS[(self.round % 3) as usize]
    }

    /// The hand's place in its round (1–3): which dealer of the round deals it.
    pub fn hand_in_round(&self) -> u32 {
        self.dealers_before() as u32 + 1
    }

    /// How many dealers of the round dealt before this one (0–2).
    fn dealers_before(&self) -> usize {
        self.dealer.after(self.first_dealer)
    }

    /// The hand as a sheet names it: `East 2`, or `Hand 5` when the winner deals (a name, as
    /// `East 2` is, capitalised wherever it stands: a heading or mid-sentence).
    pub fn label(&self, rules: &GameRules) -> String {
        if rules.dealer == DealerRule::WinnerDeals {
            return format!("Hand {}", self.hands + 1);
        }
        format!("{} {}", self.round_wind(rules).name(), self.hand_in_round())
    }

    /// The game's last hand as scheduled: the third dealer of the last round.
    pub fn all_last(&self, rules: &GameRules) -> bool {
        rules.dealer != DealerRule::WinnerDeals
            && rules.rounds > 0
            && self.round + 1 >= rules.rounds
            && self.dealers_before() == PLAYERS - 1
    }

    /// Moves the table on after a hand that ended with `outcome`: how the deal moved, and
    /// whether the dealer kept the deal by his own win or a tenpai draw.
    pub fn advance(&mut self, outcome: Outcome, rules: &GameRules) -> (Deal, bool) {
        self.hands += 1;
        let old_dealer = self.dealer;
        let stays = match (rules.dealer, outcome) {
            (_, Outcome::Chombo) if rules.chombo_replays => {
                self.streak_broken = true;
                return (Deal::DealtAgain, false);
            }
            (DealerRule::PassesEveryHand, _) => false,
            (_, Outcome::Abort) => true,
            (DealerRule::WinnerDeals, Outcome::Win { first, .. }) => {
                self.draws = 0;
                self.dealer = first;
                self.honba = 0;
                let kept = first == old_dealer;
                let deal = if kept {
                    Deal::WinnerKeeps
                } else {
                    Deal::ToWinner
                };
                return (deal, kept);
            }
            (_, Outcome::Win { dealer_won, .. }) => dealer_won,
            (_, Outcome::Chombo) => false,
            (
                _,
                Outcome::Draw {
                    dealer_tenpai,
                    nobody_tenpai,
                },
            ) => match rules.dealer_at_draw {
                DealerAtDraw::EastStrict => {
                    self.round_wind(rules) != Seat::East || dealer_tenpai || nobody_tenpai
                }
                DealerAtDraw::IfTenpai => dealer_tenpai,
                DealerAtDraw::Stays => true,
                DealerAtDraw::Passes => false,
            },
        };
        self.counters_after(outcome, stays, rules);
        let by_result = match outcome {
            Outcome::Win { dealer_won, .. } => dealer_won,
            Outcome::Draw { dealer_tenpai, .. } => dealer_tenpai,
            Outcome::Chombo | Outcome::Abort => false,
        };
        if stays {
            return (Deal::Stays, by_result);
        }
        self.dealer = self.dealer.next();
        if self.dealer == self.first_dealer {
            self.round += 1;
        }
        self.streak_broken = self.honba > 0;
        (Deal::Passes, false)
    }

    /// The counters and the goulash count after a hand; the dealer stays when `stays`.
    fn counters_after(&mut self, outcome: Outcome, stays: bool, rules: &GameRules) {
        if !self.counters {
            if let Outcome::Draw { .. } | Outcome::Abort = outcome {
                self.draws = self.draws.saturating_add(1);
            } else if let Outcome::Win { .. } = outcome {
                self.draws = 0;
            }
            return;
        }
        match outcome {
            Outcome::Win {
                dealer_won, double, ..
            } => {
                self.draws = 0;
                self.honba = if !dealer_won
                    || (double && rules.dealer_double_ron == DealerDoubleRon::Clear)
                {
                    0
                } else {
                    self.honba.saturating_add(1)
                };
            }
            Outcome::Draw { dealer_tenpai, .. } => {
                self.draws = self.draws.saturating_add(1);
                let add = match rules.counters_at_draw {
                    CountersAtDraw::AddOne => true,
                    CountersAtDraw::DealerStays => stays,
                };
                if add {
                    self.honba = self.honba.saturating_add(1);
                }
                if stays && !dealer_tenpai {
                    self.streak_broken = true;
                }
            }
            Outcome::Chombo => self.honba = 0,
            // A counter that is no dealer's win nor tenpai draw: paarenchan is off.
            Outcome::Abort => {
                self.draws = self.draws.saturating_add(1);
                self.honba = self.honba.saturating_add(1);
                self.streak_broken = true;
            }
        }
    }

    /// Whether the game ends after this hand, and why (kept in [`Table::over`]).
    /// `was_all_last`: the hand was the game's last as scheduled; `dealer_stayed`: its
    /// dealer kept the deal by a win or a tenpai draw, which in the extra round plays on
    /// where `extension-repeat` says so. Answers whether it did so though a player is at
    /// the target (the game going on only because the dealer's repeat goes first).
    pub fn check_end(
        &mut self,
        rules: &GameRules,
        was_all_last: bool,
        dealer_stayed: bool,
    ) -> bool {
        if rules.bust == Bust::BelowZero && self.scores.iter().any(|&s| s < 0) {
            self.over = Some(GameEnd::Bust);
            return false;
        }
        if rules.rounds == 0 || rules.dealer == DealerRule::WinnerDeals {
            return false;
        }
        let target = i64::from(rules.target_points);
        let at_target = |score: i64| target == 0 || score >= target;
        let dealer = self.scores[self.dealer];
        let dealer_first_at_target =
            at_target(dealer) && self.dealer.others().all(|p| self.scores[p] < dealer);
        self.may_stop = false;
        if was_all_last && dealer_stayed {
            self.may_stop = dealer_first_at_target;
            if self.may_stop && rules.last_dealer_stops {
                self.over = Some(GameEnd::LastDealerStops);
                return false;
            }
        }
        if self.round < rules.rounds {
            return false;
        }
        if self.draws > 0 && rules.goulash_at_end == GoulashAtEnd::PlayOn {
            return false;
        }
        let someone_at_target = self.scores.iter().any(|&s| at_target(s));
        // The dealer's repeat goes first: he plays on unless he himself is first at the
        // target (`extension-repeat`).
        if self.extra_round
            && rules.extension_repeat
            && dealer_stayed
            && !dealer_first_at_target
            && self.round == rules.rounds
        {
            return someone_at_target;
        }
        if rules.extension && !someone_at_target && self.round == rules.rounds {
            self.extra_round = true;
            return false;
        }
        self.over = Some(if !self.extra_round {
            GameEnd::LastRoundOver
        } else if someone_at_target {
            GameEnd::TargetInExtraRound
        } else {
            GameEnd::ExtraRoundOver
        });
        false
    }
}
