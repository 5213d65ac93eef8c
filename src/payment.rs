//! Payments: what each seat pays or receives for a win.

use serde::Serialize;

use crate::hand::{Hand, SEATS, Win};
use crate::rules::{DiscardBonus, Ruleset};
use crate::tile::Wind;

/// A seat's part in the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// Won the hand.
    Winner,
    /// Discarded the winning tile.
    Discarder,
    /// Neither.
    Other,
}

/// What one seat pays (negative) or receives (positive), and how it adds up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatPayment {
    /// The seat.
    pub seat: Wind,
    /// Its part.
    pub role: Role,
    /// Was this opponent waiting (`waiting=`)?
    pub waiting: bool,
    /// Points received (positive) or paid (negative).
    pub amount: i64,
    /// How the amount is made up, e.g. `2×8 hand + 10 bonus`.
    pub breakdown: String,
}

/// The payment table for the three seats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Payments {
    /// East, South, West.
    pub seats: Vec<SeatPayment>,
}

impl Payments {
    /// Nobody pays: the hand is not a legal win.
    pub fn none(hand: &Hand) -> Payments {
        Payments {
            seats: SEATS
                .iter()
                .map(|&seat| SeatPayment {
                    seat,
                    role: role(hand, seat),
                    waiting: hand.context.waiting.contains(&seat),
                    amount: 0,
                    breakdown: String::new(),
                })
                .collect(),
        }
    }

    /// What the winner collects in all.
    pub fn received(&self) -> i64 {
        self.seats
            .iter()
            .filter(|s| s.role == Role::Winner)
            .map(|s| s.amount)
            .sum()
    }

    /// The amount for `seat`.
    pub fn amount(&self, seat: Wind) -> i64 {
        self.seats
            .iter()
            .find(|s| s.seat == seat)
            .map_or(0, |s| s.amount)
    }
}

fn role(hand: &Hand, seat: Wind) -> Role {
    if seat == hand.context.seat {
        Role::Winner
    } else if hand.context.win == Win::Ron(seat) {
        Role::Discarder
    } else {
        Role::Other
    }
}

/// Settles a legal win: `hand_points` and `bonus_points` (or `limit_points` when non-zero)
/// under the ruleset's payment rules.
pub fn settle(
    hand: &Hand,
    rules: &Ruleset,
    hand_points: u32,
    bonus_points: u32,
    limit_points: u32,
) -> Payments {
    let ctx = &hand.context;
    let goulash = i64::from(ctx.draws) * i64::from(rules.goulash_per_draw);
    let tsumo = ctx.win == Win::Tsumo;
    let other_waiting = SEATS
        .iter()
        .any(|&s| s != ctx.seat && ctx.win != Win::Ron(s) && ctx.waiting.contains(&s));
    let bonus_owed = |waiting: bool| {
        let discount = if waiting { rules.waiting_discount } else { 0 };
        i64::from(bonus_points.saturating_sub(discount))
    };
    let mut seats = Vec::with_capacity(3);
    let mut total = 0;
    for &seat in &SEATS {
        let role = role(hand, seat);
        let waiting = ctx.waiting.contains(&seat);
        if role == Role::Winner {
            continue;
        }
        let mut parts: Vec<String> = Vec::new();
        let mut amount = 0i64;
        let mut add = |points: i64, label: String| {
            if points != 0 {
                amount += points;
                parts.push(label);
            }
        };
        let hand = i64::from(hand_points);
        if limit_points > 0 {
            let limit = i64::from(limit_points);
            if role == Role::Discarder {
                add(2 * limit, format!("2×{limit} limit (discarder pays double)"));
            } else {
                add(limit, format!("{limit} limit"));
            }
        } else {
            let own_bonus = bonus_owed(waiting);
            let discount_note = if waiting && rules.waiting_discount > 0 {
                format!(" (waiting: {} less)", rules.waiting_discount)
            } else {
                String::new()
            };
            match (tsumo, role, rules.discard_bonus) {
                (true, _, _) => {
                    add(hand, format!("{hand} hand"));
                    add(own_bonus, format!("{own_bonus} bonus{discount_note}"));
                }
                (false, Role::Discarder, DiscardBonus::BothPay) => {
                    add(2 * hand, format!("2×{hand} hand (discarder pays double)"));
                    add(own_bonus, format!("{own_bonus} bonus{discount_note}"));
                }
                (false, Role::Discarder, DiscardBonus::DiscarderPays) => {
                    add(2 * hand, format!("2×{hand} hand (discarder pays double)"));
                    add(own_bonus, format!("{own_bonus} bonus{discount_note}"));
                    let other_bonus = bonus_owed(other_waiting);
                    add(other_bonus, format!("{other_bonus} bonus for the other player"));
                }
                (false, _, DiscardBonus::BothPay) => {
                    add(own_bonus, format!("{own_bonus} bonus{discount_note}"));
                }
                (false, _, DiscardBonus::DiscarderPays) => {}
            }
        }
        add(goulash, format!("{goulash} goulash ({} drawn hand{})", ctx.draws, if ctx.draws == 1 { "" } else { "s" }));
        total += amount;
        seats.push(SeatPayment {
            seat,
            role,
            waiting,
            amount: -amount,
            breakdown: if parts.is_empty() { "nothing".into() } else { parts.join(" + ") },
        });
    }
    seats.push(SeatPayment {
        seat: ctx.seat,
        role: Role::Winner,
        waiting: false,
        amount: total,
        breakdown: "collects".into(),
    });
    seats.sort_by_key(|s| s.seat);
    Payments { seats }
}
