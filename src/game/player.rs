//! The three players of a game, by their place in turn order (the record's `players` line),
//! and one value per player ([`ByPlayer`], on the model of [`crate::tile::BySeat`]): a
//! player is never an index that could be out of range.

use std::ops::{Index, IndexMut};

use serde::Serialize;

/// A player of the game, by place in turn order: the first named on the `players` line, the
/// second or the third.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The first named.
    First,
    /// The second.
    Second,
    /// The third.
    Third,
}

impl Player {
    /// The three players in turn order.
    pub const ALL: [Player; 3] = [Player::First, Player::Second, Player::Third];

    /// The player's place in turn order, from 0.
    pub fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
            Player::Third => 2,
        }
    }

    /// The player at place `index` of turn order, counted round the table (3 is the first
    /// again).
    pub fn at(index: usize) -> Player {
        Player::ALL[index % 3]
    }

    /// The player after this one in turn order (after the third, the first).
    pub fn next(self) -> Player {
        Player::at(self.index() + 1)
    }

    /// How many places after `from` this player sits in turn order (0–2).
    pub fn after(self, from: Player) -> usize {
        (self.index() + 3 - from.index()) % 3
    }

    /// The two other players, in turn order.
    pub fn others(self) -> impl Iterator<Item = Player> {
        Player::ALL.into_iter().filter(move |&p| p != self)
    }
}

/// One value per player, read by [`Player`]: every player has one, so [`ByPlayer::get`]
/// cannot fail. It serializes as the list of the three values in turn order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(transparent)]
pub struct ByPlayer<T>([T; 3]);

impl<T> ByPlayer<T> {
    /// One value per player, `value(player)` for each in turn order.
    pub fn from_fn(value: impl FnMut(Player) -> T) -> Self {
        ByPlayer(Player::ALL.map(value))
    }

    /// The value of `player`.
    pub fn get(&self, player: Player) -> &T {
        let [first, second, third] = &self.0;
        match player {
            Player::First => first,
            Player::Second => second,
            Player::Third => third,
        }
    }

    /// The value of `player`, to change.
    pub fn get_mut(&mut self, player: Player) -> &mut T {
        let [first, second, third] = &mut self.0;
        match player {
            Player::First => first,
            Player::Second => second,
            Player::Third => third,
        }
    }

    /// Each value changed by `f`, in turn order.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByPlayer<U> {
        ByPlayer(self.0.map(f))
    }

    /// The values in turn order.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    /// The values in turn order, to change.
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.0.iter_mut()
    }

    /// Each player with his value, in turn order.
    pub fn players(&self) -> impl Iterator<Item = (Player, &T)> {
        Player::ALL.into_iter().zip(self.0.iter())
    }

    /// The player whose value `found` accepts first, in turn order.
    pub fn position(&self, mut found: impl FnMut(&T) -> bool) -> Option<Player> {
        self.players().find(|(_, v)| found(v)).map(|(p, _)| p)
    }
}

impl<T> ByPlayer<T> {
    /// The three values of `values`, in turn order; `None` unless there are three.
    pub fn from_vec(values: Vec<T>) -> Option<Self> {
        <[T; 3]>::try_from(values).ok().map(ByPlayer)
    }
}

impl<T: Clone> ByPlayer<T> {
    /// The same value for every player.
    pub fn all(value: T) -> Self {
        ByPlayer::from_fn(|_| value.clone())
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;

    fn index(&self, player: Player) -> &T {
        self.get(player)
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    fn index_mut(&mut self, player: Player) -> &mut T {
        self.get_mut(player)
    }
}

impl<'a, T> IntoIterator for &'a ByPlayer<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<T> IntoIterator for ByPlayer<T> {
    type Item = T;
    type IntoIter = std::array::IntoIter<T, 3>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_per_player_in_turn_order() {
        let mut points = ByPlayer::all(0i64);
        points[Player::Second] += 1_000;
        *points.get_mut(Player::Third) -= 1_000;
        assert_eq!(
            points.iter().copied().collect::<Vec<_>>(),
            [0, 1_000, -1_000]
        );
        assert_eq!(points.position(|&p| p < 0), Some(Player::Third));
        assert_eq!(Player::Third.next(), Player::First);
        assert_eq!(Player::First.after(Player::Second), 2);
        assert_eq!(
            Player::Second.others().collect::<Vec<_>>(),
            [Player::First, Player::Third]
        );
        assert_eq!(
            crate::json::to_string(&points).ok().as_deref(),
            Some("[0,1000,-1000]")
        );
    }
}
