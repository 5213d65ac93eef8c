//! What each criterion requires, said about one hand: the first requirement the hand fails,
//! naming the tiles or sets (`only 2–8 tiles: 123p holds 1p`). `mj3 score --why` uses it
//! when a criterion's detector finds nothing in any reading of the hand.
//!
//! Every detector belongs to one [`Family`] (named in its row of the `checks!` table in
//! `src/check.rs`, so a new detector must be placed); each family has one explanation.

use crate::check::Check;
use crate::decompose::{Arrangement, Group, GroupKind, Shape};
use crate::hand::{Hand, Win};
use crate::tile::{Tile, TileCounts, write_tiles};

/// Detectors that fail for the same kind of reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// Only simples (2–8).
    Simples,
    /// No winds or dragons.
    NoHonours,
    /// One numbered suit, honours allowed.
    OneSuitWithHonours,
    /// One numbered suit, no honours.
    OneSuit,
    /// Only honours.
    HonoursOnly,
    /// Only terminals.
    TerminalsOnly,
    /// Only terminals and honours.
    TerminalsAndHonours,
    /// A terminal or an honour in every set and the eye.
    TerminalInEverySet,
    /// Four chows (and a pair and wait that qualify).
    AllChows,
    /// Only pongs and kongs.
    AllPongs,
    /// Particular pongs or kongs (of dragons, winds, terminals…).
    Pongs,
    /// Kongs.
    Kongs,
    /// Chows in a pattern (identical, straight, shifted).
    ChowPattern,
    /// A special shape or a tile pattern of a limit hand.
    Shape,
    /// The eye (pair) of a particular tile.
    Pair,
    /// A concealed hand.
    Concealed,
    /// How or when the hand was won (self-draw, riichi, last tile, first turn…).
    WinContext,
    /// Bonus tiles set aside (flowers, seasons, faces, animals, Wests).
    BonusTiles,
    /// Tiles that dora indicators point at.
    Dora,
    /// Red fives.
    RedFives,
    /// North winds set aside as kita.
    Kita,
    /// Other copies of the winning tile.
    PremiumTile,
}

/// The groups of `arrangement` in notation, joined by spaces.
fn groups_text<'g>(groups: impl Iterator<Item = &'g Group>) -> String {
    let shown: Vec<String> = groups.map(Group::to_string).collect();
    if shown.is_empty() {
        "none".to_string()
    } else {
        shown.join(" ")
    }
}

/// `123p holds 1p`, or `the hand holds 1p` when no group of the reading holds it.
fn holder(arrangement: Option<&Arrangement>, tile: Tile) -> String {
    arrangement
        .and_then(|a| a.groups().iter().find(|g| g.contains(tile)))
        .map_or_else(
            || format!("the hand holds {tile}"),
            |g| format!("{g} holds {tile}"),
        )
}

/// The first tile of `all` that `bad` picks, and where it sits.
fn first_bad(
    all: &TileCounts,
    arrangement: Option<&Arrangement>,
    bad: impl Fn(Tile) -> bool,
) -> Option<String> {
    all.iter()
        .map(|(t, _)| t)
        .find(|&t| bad(t))
        .map(|t| holder(arrangement, t))
}

/// The numbered suits of the hand, named, with a tile of each.
fn suits_held(all: &TileCounts) -> Vec<String> {
    let mut seen: Vec<(crate::tile::Suit, Tile)> = Vec::new();
    for (tile, _) in all.iter() {
        if let Some(suit) = tile.suit()
            && !seen.iter().any(|(s, _)| *s == suit)
        {
            seen.push((suit, tile));
        }
    }
    seen.iter()
        .map(|(suit, tile)| format!("{} ({tile})", suit.name()))
        .collect()
}

/// The first requirement of a criterion that a hand fails.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// What the criterion needs (`only 2–8 tiles`), or `None` when the family can only say
    /// it loosely and the criterion's own description says it better.
    pub needs: Option<String>,
    /// What the hand has instead, naming its tiles or sets (`123p holds 1p`).
    pub found: String,
}

impl Failure {
    /// `needs: found`, with the criterion's `description` where the family's words are loose.
    pub fn sentence(&self, description: &str) -> String {
        match &self.needs {
            Some(needs) => format!("it needs {needs}: {}", self.found),
            None => format!("it requires: {} Here {}", description.trim(), self.found),
        }
    }
}

impl Family {
    /// Whether the family's requirement is only loosely worded (particular pongs, a
    /// particular way of winning…): the criterion's description says it instead.
    pub fn is_loose(self) -> bool {
        match self {
            Family::Pongs
            | Family::Kongs
            | Family::ChowPattern
            | Family::Shape
            | Family::Pair
            | Family::WinContext
            | Family::BonusTiles
            | Family::Dora => true,
            Family::RedFives | Family::Kita | Family::PremiumTile => false,
            Family::Simples
            | Family::NoHonours
            | Family::OneSuitWithHonours
            | Family::OneSuit
            | Family::HonoursOnly
            | Family::TerminalsOnly
            | Family::TerminalsAndHonours
            | Family::TerminalInEverySet
            | Family::AllChows
            | Family::AllPongs
            | Family::Concealed => false,
        }
    }
}

/// What the hand lacks for a criterion of this detector: the requirement, and the first
/// thing in the hand that breaks it, naming its tiles or sets. `arrangement` is the reading
/// the hand was scored as (`None` when it has no winning shape).
pub fn first_failure(check: Check, hand: &Hand, arrangement: Option<&Arrangement>) -> Failure {
    let text = failure_text(check, hand, arrangement);
    let (needs, found) = text.split_once(": ").unwrap_or(("", text.as_str()));
    Failure {
        needs: (!check.family().is_loose() && !needs.is_empty()).then(|| needs.to_string()),
        found: found.to_string(),
    }
}

/// The requirement and the hand's failing of it, as `needs: found`.
fn failure_text(check: Check, hand: &Hand, arrangement: Option<&Arrangement>) -> String {
    let all = hand.all_tiles();
    let standard = arrangement.filter(|a| a.shape == Shape::Standard);
    let sets = || standard.into_iter().flat_map(Arrangement::sets);
    let or_else = |found: Option<String>, fallback: &str| found.unwrap_or_else(|| fallback.into());
    match check.family() {
        Family::Simples => format!(
            "only 2–8 tiles: {}",
            or_else(
                first_bad(&all, arrangement, Tile::is_terminal_or_honour),
                "the hand has none of 1, 9 or honours; the reading does not qualify"
            )
        ),
        Family::NoHonours => format!(
            "no winds or dragons: {}",
            or_else(
                first_bad(&all, arrangement, Tile::is_honour),
                "the hand has none; the reading does not qualify"
            )
        ),
        Family::OneSuitWithHonours => {
            let suits = suits_held(&all);
            format!(
                "one numbered suit (honours allowed): the hand holds {}",
                suits.join(" and ")
            )
        }
        Family::OneSuit => {
            let suits = suits_held(&all);
            let honour = first_bad(&all, arrangement, Tile::is_honour);
            match (suits.len(), honour) {
                (1, Some(h)) => format!("one numbered suit and no honours: {h}"),
                _ => format!(
                    "one numbered suit only: the hand holds {}",
                    suits.join(" and ")
                ),
            }
        }
        Family::HonoursOnly => format!(
            "only honours: {}",
            or_else(
                first_bad(&all, arrangement, |t| !t.is_honour()),
                "the pattern of honours does not qualify"
            )
        ),
        Family::TerminalsOnly => format!(
            "only 1s and 9s: {}",
            or_else(
                first_bad(&all, arrangement, |t| !t.is_terminal()),
                "the reading does not qualify"
            )
        ),
        Family::TerminalsAndHonours => format!(
            "only 1s, 9s and honours: {}",
            or_else(
                first_bad(&all, arrangement, |t| !t.is_terminal_or_honour()),
                "the hand is not all pongs"
            )
        ),
        Family::TerminalInEverySet => {
            let bare = standard.and_then(|a| {
                a.groups()
                    .iter()
                    .find(|g| !g.has_terminal_or_honour())
                    .map(|g| format!("{g} holds no 1, 9 or honour"))
            });
            match (standard, bare) {
                (None, _) => "four sets and an eye: the hand is not read that way".to_string(),
                (Some(_), Some(bare)) => {
                    format!("a 1, 9 or honour in every set and the eye: {bare}")
                }
                (Some(_), None) => {
                    "at least one chow among sets of 1s, 9s and honours: the hand has none"
                        .to_string()
                }
            }
        }
        Family::AllChows => {
            let pong = sets().find(|g| g.kind != GroupKind::Chow);
            match (standard, pong) {
                (None, _) => "four chows and an eye: the hand is not read that way".to_string(),
                (Some(_), Some(g)) => format!("four chows: {g} is not a chow"),
                (Some(a), None) => match a.win_group() {
                    Some(g) => format!(
                        "a plain pair and a two-sided wait: the winning tile {} completed {g}, and the pair is {}",
                        hand.win_tile,
                        a.pair()
                            .map_or_else(|| "missing".to_string(), |p| format!("{p}{p}"))
                    ),
                    None => "a two-sided wait".to_string(),
                },
            }
        }
        Family::AllPongs => match sets().find(|g| g.kind == GroupKind::Chow) {
            Some(g) => format!("only pongs and kongs: {g} is a chow"),
            None => format!(
                "concealed pongs: the hand's pongs and kongs are {}",
                groups_text(sets())
            ),
        },
        Family::Pongs => format!(
            "particular pongs or kongs: the hand's pongs and kongs are {}",
            groups_text(sets().filter(|g| g.is_pong_or_kong()))
        ),
        Family::Kongs => format!(
            "kongs: the hand's kongs are {}",
            groups_text(sets().filter(|g| g.kind == GroupKind::Kong))
        ),
        Family::ChowPattern => format!(
            "chows in a pattern: the hand's chows are {}",
            groups_text(sets().filter(|g| g.kind == GroupKind::Chow))
        ),
        Family::Shape => format!(
            "a special shape or tile pattern: the hand reads as {}",
            arrangement.map_or_else(|| "no winning shape".to_string(), Arrangement::to_string)
        ),
        Family::Pair => format!(
            "an eye of a particular tile: the eye is {}",
            standard
                .and_then(Arrangement::pair)
                .map_or_else(|| "missing".to_string(), |p| write_tiles([p, p]))
        ),
        Family::Concealed => {
            let melded: Vec<String> = hand
                .melds
                .iter()
                .filter(|m| !m.concealed)
                .map(|m| write_tiles(std::iter::repeat_n(m.tile, 3)))
                .collect();
            either_listed(
                &melded,
                ", ",
                || {
                    format!(
                        "a concealed hand won in a particular way: it was won by {}",
                        win_words(hand)
                    )
                },
                |sets| format!("a concealed hand: {sets} was claimed from a discard"),
            )
        }
        Family::WinContext => format!(
            "a particular way or moment of winning: the hand was won by {}{}",
            win_words(hand),
            context_words(hand)
        ),
        Family::BonusTiles => {
            let bonus: Vec<String> = hand.bonus.iter().map(ToString::to_string).collect();
            either_listed(
                &bonus,
                " ",
                || "bonus tiles set aside: the hand sets aside none".to_string(),
                |tiles| format!("particular bonus tiles: the hand sets aside {tiles}"),
            )
        }
        Family::Dora => {
            let ctx = &hand.context;
            let indicators: Vec<String> = ctx
                .dora
                .iter()
                .chain(&ctx.ura)
                .map(Tile::to_string)
                .collect();
            either_listed(
                &indicators,
                ", ",
                || "dora: no indicator is given (dora=…, ura=…)".to_string(),
                |tiles| format!("dora: the indicators {tiles} point at no tile of the hand's sets"),
            )
        }
        Family::RedFives => format!(
            "red fives (0m, 0p, 0s): the hand has {}",
            match hand.red_fives() {
                0 => "none".to_string(),
                n => n.to_string(),
            }
        ),
        Family::Kita => "North winds set aside as kita (+N): the hand sets aside none".to_string(),
        Family::PremiumTile => format!(
            "other copies of the winning tile: the hand holds no other {}",
            hand.win_tile
        ),
    }
}

fn win_words(hand: &Hand) -> String {
    match hand.context.win {
        Win::Tsumo => "self-draw (tsumo)".to_string(),
        Win::Ron(seat) => format!("a discard (ron) from {}", seat.name()),
    }
}

fn context_words(hand: &Hand) -> String {
    let ctx = &hand.context;
    let flags = [
        (ctx.riichi, "riichi"),
        (ctx.ippatsu, "ippatsu"),
        (ctx.last, "last tile"),
        (ctx.replacement, "replacement tile"),
        (ctx.robbed, "robbed kong"),
        (ctx.first, "first go-around"),
    ];
    let given: Vec<&str> = flags
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, w)| *w)
        .collect();
    either_listed(
        &given,
        ", ",
        || ", with no riichi, last-tile, replacement or first-turn word".to_string(),
        |words| format!(", with {words}"),
    )
}

/// `none()` when `items` is empty, else `some` of the items joined by `separator`.
fn either_listed<S: AsRef<str>>(
    items: &[S],
    separator: &str,
    none: impl FnOnce() -> String,
    some: impl FnOnce(String) -> String,
) -> String {
    if items.is_empty() {
        none()
    } else {
        some(
            items
                .iter()
                .map(AsRef::as_ref)
                .collect::<Vec<_>>()
                .join(separator),
        )
    }
}

/// Whether every winning hand scores the criterion (the winning bonus), so that no hand
/// just misses it.
pub fn applies_to_every_win(check: Check) -> bool {
    matches!(check, Check::WinningBonus)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decompose::for_each_arrangement;
    use crate::hand::ValidHand;
    use crate::rules;

    /// The failure of `check` for `line` under `ruleset`, on the hand's first reading.
    fn failure(ruleset: &str, line: &str, check: Check) -> Failure {
        let rules = rules::load(ruleset).expect("shipped");
        let input = crate::notation::parse_hand(line).expect("parses");
        let Ok(ValidHand::Complete(hand)) = crate::hand::validate(&input, &rules) else {
            panic!("{line}: not a complete hand");
        };
        let mut first = None;
        for_each_arrangement(&hand, &rules, |a| {
            first.get_or_insert(*a);
        });
        first_failure(check, &hand, first.as_ref())
    }

    #[test]
    fn tile_families_name_the_set_and_the_tile() {
        let tanyao = failure("sanma", "123p567p678s99s234s ron", Check::AllSimples);
        assert_eq!(tanyao.needs.as_deref(), Some("only 2–8 tiles"));
        assert_eq!(tanyao.found, "123p holds 1p");
        let flush = failure("sanma", "123p567p678s99s234s ron", Check::FullFlush);
        assert!(flush.found.contains("circles") && flush.found.contains("bamboo"));
        let pongs = failure("korean", "123p456m999s EEE ww tsumo", Check::AllPongs);
        assert!(pongs.found.ends_with("is a chow"), "{pongs:?}");
    }

    #[test]
    fn loose_families_quote_the_description() {
        let dragon = failure("korean", "123p456m999s EEE ww tsumo", Check::DragonPong);
        assert_eq!(dragon.needs, None);
        let sentence = dragon.sentence("A pong or kong of any dragon.");
        assert!(sentence.starts_with("it requires: A pong or kong of any dragon."));
        assert!(sentence.contains("999s EEE"), "{sentence}");
    }
}
