//! The payment table of a hand: what each seat pays or receives, its part in the hand, and
//! how its amount adds up.

use std::borrow::Cow;

use serde::Serialize;

use crate::tile::{BySeat, Seat};

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
    pub seat: Seat,
    /// Its part.
    pub role: Role,
    /// Was this opponent waiting (`waiting=`)?
    pub waiting: bool,
    /// Points received (positive) or paid (negative).
    pub amount: i64,
    /// How the amount is made up, e.g. `2×8 hand + 10 bonus`.
    pub breakdown: Cow<'static, str>,
}

impl SeatPayment {
    /// The seat's part in words, as the payments table and the page say it: `winner`,
    /// `discarder`, `other`, with `, waiting` for an opponent who was waiting.
    pub fn role_words(&self) -> Cow<'static, str> {
        let role = match self.role {
            Role::Winner => "winner",
            Role::Discarder => "discarder",
            Role::Other => "other",
        };
        if self.waiting {
            Cow::Owned(format!("{role}, waiting"))
        } else {
            Cow::Borrowed(role)
        }
    }
}

/// The payment table for the three seats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Payments {
    /// East, South, West.
    pub seats: BySeat<SeatPayment>,
}

impl Payments {
    /// What the winner collects in all.
    pub fn received(&self) -> i64 {
        self.seats
            .iter()
            .filter(|s| s.role == Role::Winner)
            .map(|s| s.amount)
            .sum()
    }

    /// The amount for `seat`.
    pub fn amount(&self, seat: Seat) -> i64 {
        self.seats.get(seat).amount
    }
}
