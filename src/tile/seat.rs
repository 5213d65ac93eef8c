//! The three seats of a three-player table and one value per seat.

use serde::{Deserialize, Serialize};

use super::{Tile, Wind};

/// A seat at the three-player table, in turn order; also a prevailing wind (a round).
/// Serialized by name (`"East"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    /// East, the dealer.
    East,
    /// South.
    South,
    /// West.
    West,
}

impl Seat {
    /// The three seats in turn order.
    pub const ALL: [Seat; 3] = [Seat::East, Seat::South, Seat::West];

    /// The seat of `wind`; `None` for North, which is not a seat.
    pub fn from_wind(wind: Wind) -> Option<Seat> {
        match wind {
            Wind::East => Some(Seat::East),
            Wind::South => Some(Seat::South),
            Wind::West => Some(Seat::West),
            Wind::North => None,
        }
    }

    /// The wind of this seat.
    pub fn wind(self) -> Wind {
        match self {
            Seat::East => Wind::East,
            Seat::South => Wind::South,
            Seat::West => Wind::West,
        }
    }

    /// The tile of this seat's wind.
    pub fn tile(self) -> Tile {
        self.wind().tile()
    }

    /// The notation letter of this seat's wind.
    pub fn letter(self) -> char {
        self.wind().letter()
    }

    /// English name of the seat.
    pub fn name(self) -> &'static str {
        self.wind().name()
    }

    /// The seat that plays just before this one (the winner's left, who discards to it).
    pub fn before(self) -> Seat {
        match self {
            Seat::East => Seat::West,
            Seat::South => Seat::East,
            Seat::West => Seat::South,
        }
    }
}

/// One value per seat (East, South, West), read by [`Seat`]: every seat has one, so
/// [`BySeat::get`] cannot fail. It serializes as the list of the three values in seat order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(transparent)]
pub struct BySeat<T>([T; 3]);

impl<T> BySeat<T> {
    /// One value per seat, `value(seat)` for each in seat order.
    pub fn from_fn(value: impl FnMut(Seat) -> T) -> Self {
        BySeat(Seat::ALL.map(value))
    }

    /// The value of `seat`.
    pub fn get(&self, seat: Seat) -> &T {
        let [east, south, west] = &self.0;
        match seat {
            Seat::East => east,
            Seat::South => south,
            Seat::West => west,
        }
    }

    /// The value of `seat`, to change.
    pub fn get_mut(&mut self, seat: Seat) -> &mut T {
        let [east, south, west] = &mut self.0;
        match seat {
            Seat::East => east,
            Seat::South => south,
            Seat::West => west,
        }
    }

    /// Each value changed by `f`, in seat order.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySeat<U> {
        BySeat(self.0.map(f))
    }

    /// The values in seat order.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }
}

impl<'a, T> IntoIterator for &'a BySeat<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_the_winds_but_north() {
        for seat in Seat::ALL {
            assert_eq!(Seat::from_wind(seat.wind()), Some(seat));
        }
        assert_eq!(Seat::from_wind(Wind::North), None);
        assert_eq!(
            Seat::ALL.map(Seat::before),
            [Seat::West, Seat::East, Seat::South]
        );
    }

    #[test]
    fn a_value_per_seat_in_seat_order() {
        let mut letters = BySeat::from_fn(Seat::letter);
        assert_eq!(*letters.get(Seat::South), 'S');
        *letters.get_mut(Seat::West) = 'w';
        let lower = letters.map(|c| c.to_ascii_lowercase());
        assert_eq!(lower.iter().collect::<String>(), "esw");
        assert_eq!(
            crate::json::to_string(&letters).ok().as_deref(),
            Some(r#"["E","S","w"]"#)
        );
    }
}
