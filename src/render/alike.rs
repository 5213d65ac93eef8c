//! The winning tiles of a waiting hand whose results are alike, so that each result is shown
//! once with all its tiles. Two waits are alike when their scores differ only by the winning
//! tile: the same elements (key, class, value, count, points), the same totals, verdict,
//! notes, jokers and payments, and the same arrangement and element tiles once one copy of
//! each one's winning tile is taken out of them (`11m* 9m` on 1m and `1m 99m*` on 9m both
//! leave `1m 9m`; `123p*` on 1p and `234p*` on 4p both leave `23p`). A set the winning tile
//! completes differently (a pair on one tile, a run on another) keeps the two apart.

use crate::evaluate::Wait;
use crate::results::{Element, Score};

/// `waits` in groups of alike results, each group in wait order and the groups in the order
/// of their first wait.
pub fn alike(waits: &[Wait]) -> Vec<Vec<&Wait>> {
    let mut groups: Vec<Vec<&Wait>> = Vec::new();
    for wait in waits {
        match groups
            .iter_mut()
            .find(|group| group.first().is_some_and(|first| same_result(first, wait)))
        {
            Some(group) => group.push(wait),
            None => groups.push(vec![wait]),
        }
    }
    groups
}

/// Whether two waits' scores differ only by their winning tiles.
fn same_result(a: &Wait, b: &Wait) -> bool {
    let (x, y) = (&a.score, &b.score);
    x.totals == y.totals
        && x.verdict == y.verdict
        && x.notes == y.notes
        && x.jokers == y.jokers
        && x.payments == y.payments
        && same_elements(&x.elements, a, &y.elements, b)
        && same_elements(&x.superseded, a, &y.superseded, b)
        && same_arrangement(x, &a.tile, y, &b.tile)
}

fn same_elements(xs: &[Element], a: &Wait, ys: &[Element], b: &Wait) -> bool {
    xs.len() == ys.len()
        && xs.iter().zip(ys).all(|(x, y)| {
            x.id == y.id
                && x.class == y.class
                && x.value == y.value
                && x.count == y.count
                && x.points == y.points
                && same_but_tile(&x.tiles, &a.tile, &y.tiles, &b.tile)
        })
}

/// Whether the arrangements are the same but for the winning tile in the set marked `*`.
fn same_arrangement(x: &Score, x_tile: &str, y: &Score, y_tile: &str) -> bool {
    let reduced = |score: &Score, tile: &str| -> Option<Vec<String>> {
        let mut groups: Vec<String> = score.arrangement.split(' ').map(String::from).collect();
        let marked = groups.iter_mut().find(|g| g.ends_with('*'))?;
        *marked = without_one(marked.trim_end_matches('*'), tile)?;
        groups.sort();
        Some(groups)
    };
    x.arrangement == y.arrangement
        || matches!((reduced(x, x_tile), reduced(y, y_tile)), (Some(p), Some(q)) if p == q)
}

/// Whether two tile texts are equal, or equal once one copy of each one's winning tile is
/// taken out of it.
fn same_but_tile(x: &str, x_tile: &str, y: &str, y_tile: &str) -> bool {
    x == y
        || matches!(
            (without_one(x, x_tile), without_one(y, y_tile)),
            (Some(p), Some(q)) if p == q
        )
}

/// `text` (tiles in notation: `345p 678s EEE`) without its first copy of `tile` (a suited
/// tile `4p` or an honour `E`); `None` when it holds none, or `tile` is neither.
fn without_one(text: &str, tile: &str) -> Option<String> {
    let mut chars: Vec<char> = text.chars().collect();
    match tile.chars().collect::<Vec<char>>()[..] {
        [digit, suit] if digit.is_ascii_digit() => {
            // The first `digit` in a run of digits that the suit letter ends.
            let at = (0..chars.len()).find(|&i| {
                chars.get(i) == Some(&digit)
                    && chars
                        .iter()
                        .skip(i)
                        .find(|c| !c.is_ascii_digit())
                        .is_some_and(|&c| c == suit)
            })?;
            chars.remove(at);
            // A suit letter left with no digit before it goes too: `4p` less `4p` is empty.
            let digit_before = at
                .checked_sub(1)
                .and_then(|before| chars.get(before))
                .is_some_and(char::is_ascii_digit);
            if !digit_before && chars.get(at) == Some(&suit) {
                chars.remove(at);
            }
        }
        [honour] if honour.is_ascii_alphabetic() => {
            let at = chars.iter().position(|&c| c == honour)?;
            chars.remove(at);
        }
        _ => return None,
    }
    Some(chars.into_iter().collect::<String>().trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::without_one;

    #[test]
    fn one_copy_of_the_winning_tile_is_taken_out() {
        assert_eq!(without_one("11m", "1m").as_deref(), Some("1m"));
        assert_eq!(without_one("99m", "9m").as_deref(), Some("9m"));
        assert_eq!(without_one("123p", "1p").as_deref(), Some("23p"));
        assert_eq!(without_one("234p", "4p").as_deref(), Some("23p"));
        assert_eq!(without_one("345p678s", "6s").as_deref(), Some("345p78s"));
        assert_eq!(without_one("4p 5s", "4p").as_deref(), Some("5s"));
        assert_eq!(without_one("EEE", "E").as_deref(), Some("EE"));
        assert_eq!(without_one("123s", "1p"), None);
        assert_eq!(without_one("123p", "J"), None);
    }
}
