//! Building payment tables ([`Payments`]): what each seat pays or receives for a win.

use crate::hand::{Hand, SEATS, Win};
use crate::results::{Payments, Role, SeatPayment};
use crate::tile::Wind;

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
