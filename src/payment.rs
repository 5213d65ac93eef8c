//! Payments: what each seat pays or receives for a win.

use serde::Serialize;

use crate::hand::{Hand, SEATS, Win};
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

    /// The table from the two payers' rows: adds the winner's row collecting `total`
    /// (`breakdown` says how, `collects` when empty) and puts the seats in order.
    pub fn with_winner(
        mut seats: Vec<SeatPayment>,
        winner: Wind,
        total: i64,
        breakdown: String,
    ) -> Payments {
        seats.push(SeatPayment {
            seat: winner,
            role: Role::Winner,
            waiting: false,
            amount: total,
            breakdown: if breakdown.is_empty() {
                "collects".into()
            } else {
                breakdown
            },
        });
        seats.sort_by_key(|s| s.seat);
        Payments { seats }
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

/// The part `seat` plays in the hand.
pub fn role(hand: &Hand, seat: Wind) -> Role {
    if seat == hand.context.seat {
        Role::Winner
    } else if hand.context.win == Win::Ron(seat) {
        Role::Discarder
    } else {
        Role::Other
    }
}
