//! Building payment tables ([`Payments`]): what each seat pays or receives for a win.

use std::borrow::Cow;

use crate::hand::{Hand, Win};
use crate::results::{Payments, Role, SeatPayment};
use crate::tile::{BySeat, Seat};

impl Payments {
    /// Nobody pays: the hand is not a legal win.
    pub fn none(hand: &Hand) -> Payments {
        Payments {
            seats: BySeat::from_fn(|seat| SeatPayment {
                seat,
                role: role(hand, seat),
                waiting: hand.context.waiting.contains(&seat),
                amount: 0,
                breakdown: Cow::Borrowed(""),
            }),
        }
    }

    /// The table for a win: `payer(seat, role)` gives the row of each seat but the winner
    /// (a negative amount is paid); the winner collects what the others pay plus `extra`
    /// (riichi sticks), `breakdown` saying how (`collects` when empty).
    pub fn for_win(
        hand: &Hand,
        mut payer: impl FnMut(Seat, Role) -> SeatPayment,
        extra: i64,
        breakdown: String,
    ) -> Payments {
        let mut seats = BySeat::from_fn(|seat| match role(hand, seat) {
            Role::Winner => SeatPayment {
                seat,
                role: Role::Winner,
                waiting: false,
                amount: 0,
                breakdown: if breakdown.is_empty() {
                    Cow::Borrowed("collects")
                } else {
                    breakdown.clone().into()
                },
            },
            role => payer(seat, role),
        });
        let paid: i64 = seats.iter().map(|s| s.amount).sum();
        seats.get_mut(hand.context.seat).amount = extra - paid;
        Payments { seats }
    }
}

impl SeatPayment {
    /// The row of a seat that pays nothing.
    pub fn nothing(seat: Seat, role: Role) -> SeatPayment {
        SeatPayment {
            seat,
            role,
            waiting: false,
            amount: 0,
            breakdown: Cow::Borrowed("nothing"),
        }
    }
}

/// The part `seat` plays in the hand.
pub fn role(hand: &Hand, seat: Seat) -> Role {
    if seat == hand.context.seat {
        Role::Winner
    } else if hand.context.win == Win::Ron(seat) {
        Role::Discarder
    } else {
        Role::Other
    }
}
