//! Building payment tables ([`Payments`]): what each seat pays or receives for a win.

use crate::hand::{Hand, Win};
use crate::results::{BySeat, Payments, Role, SeatPayment};
use crate::tile::Wind;

impl Payments {
    /// Nobody pays: the hand is not a legal win.
    pub fn none(hand: &Hand) -> Payments {
        Payments {
            seats: BySeat::from_fn(|seat| SeatPayment {
                seat,
                role: role(hand, seat),
                waiting: hand.context.waiting.contains(&seat),
                amount: 0,
                breakdown: String::new(),
            }),
        }
    }

    /// The table from the two payers' rows: adds the winner's row collecting `total`
    /// (`breakdown` says how, `collects` when empty) and puts the seats in order; a seat
    /// with no row (none when the systems pass both payers) pays nothing.
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
        Payments {
            seats: BySeat::from_fn(|seat| match seats.iter().position(|s| s.seat == seat) {
                Some(at) => seats.swap_remove(at),
                None => SeatPayment {
                    seat,
                    role: Role::Other,
                    waiting: false,
                    amount: 0,
                    breakdown: "nothing".into(),
                },
            }),
        }
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
