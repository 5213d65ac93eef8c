//! Situations the game cannot produce: two things written together (two context words, a
//! word and a declared set, a word and a bonus tile set aside) that no real hand holds at
//! once. Each is refused with the rule that forbids it and its source; a situation that
//! can occur but that a ruleset does not reward is a note of the score instead.

use super::error::{HandError, HandErrorKind, Impossible, err};
use super::model::{Hand, WaitingHand, Win};
use crate::diagnostic::Span;
use crate::notation::{Declared, HandInput};
use crate::rules::{Ruleset, System};
use crate::tile::{BonusTile, Seat, Tile, Wind};

/// Refuses the hand when two things it holds cannot occur together in a game of `rules`.
pub(super) fn refuse_impossible(
    input: &HandInput,
    hand: &Hand,
    rules: &Ruleset,
) -> Result<(), HandError> {
    riichi_words(input, hand, rules)?;
    first_go_around(input, hand)?;
    last_tile(input, hand, rules)?;
    indicators(input, rules)
}

fn impossible<T>(span: Span, what: Impossible) -> Result<T, HandError> {
    err(span, HandErrorKind::Impossible(what))
}

/// A declared set as written: `[555p]`, `(0555p)`, `(EEEE)`.
fn written_set(set: &crate::notation::DeclaredInput) -> String {
    let mut tiles = String::new();
    for token in &set.tiles {
        match token.tile.number() {
            Some(_) if token.red => tiles.push('0'),
            Some(n) => tiles.push(char::from(b'0' + n)),
            None => tiles.push_str(&token.tile.to_string()),
        }
    }
    if let Some(suit) = set.tiles.first().and_then(|t| t.tile.suit()) {
        tiles.push(suit.letter());
    }
    match set.declared {
        Declared::Exposed => format!("[{tiles}]"),
        Declared::Concealed => format!("({tiles})"),
    }
}

/// `riichi`, `double-riichi`, `ippatsu` and `ura=` against each other, the hand's sets and
/// the replacement tile.
fn riichi_words(input: &HandInput, hand: &Hand, rules: &Ruleset) -> Result<(), HandError> {
    let ctx = &input.context;
    if ctx.riichi.or(ctx.double_riichi).is_none() {
        if let Some(span) = ctx.ippatsu {
            return impossible(span, Impossible::IppatsuWithoutRiichi);
        }
        if let Some(token) = ctx.ura.first() {
            return impossible(token.span, Impossible::UraWithoutRiichi);
        }
        return Ok(());
    }
    if let Some(set) = input
        .declared
        .iter()
        .find(|s| s.declared == Declared::Exposed)
    {
        let what = Impossible::RiichiOpenHand {
            set: written_set(set),
        };
        return impossible(set.span, what);
    }
    if let Some(sticks) = ctx.sticks
        && sticks.value == 0
        && rules.system.counts_han()
    {
        return impossible(sticks.span, Impossible::RiichiWithoutStick);
    }
    let Some(replacement) = ctx.replacement.or(ctx.double_replacement) else {
        return Ok(());
    };
    // The replacement tile replaced a kong unless the hand set a tile aside.
    if hand.bonus.is_empty() && !rules.options.riichi_concealed_kong {
        return impossible(replacement, Impossible::RiichiThenKong);
    }
    if let Some(span) = ctx.ippatsu
        && !(hand.kita() > 0 && rules.options.kita_keeps_ippatsu)
    {
        return impossible(span, Impossible::IppatsuOnReplacement);
    }
    Ok(())
}

/// `first`: no call before it (declared sets, kita, a robbed kong's pong), no discard of the
/// winner's before a self-draw or a non-dealer's ron, never the end of the wall.
fn first_go_around(input: &HandInput, hand: &Hand) -> Result<(), HandError> {
    let ctx = &input.context;
    if ctx.first.is_none() {
        return Ok(());
    }
    if let Some(set) = input.declared.first() {
        let what = Impossible::FirstWithCall {
            set: written_set(set),
        };
        return impossible(set.span, what);
    }
    if let Some(kita) = input.bonus.iter().find(|b| b.tile == BonusTile::Kita) {
        return impossible(kita.span, Impossible::FirstWithKita);
    }
    if let Some(span) = ctx.robbed {
        return impossible(span, Impossible::FirstAndRobbed);
    }
    if let Some(span) = ctx.last {
        return impossible(span, Impossible::FirstAndLast);
    }
    let tsumo = hand.context.win == Win::Tsumo;
    let before_own_discard = tsumo || hand.context.seat != Seat::East;
    let needs_discard = [
        (ctx.double_riichi, "double-riichi"),
        (ctx.riichi, "riichi"),
        (ctx.discards.first().map(|t| t.span), "discards="),
    ];
    if before_own_discard
        && let Some((span, word)) = needs_discard
            .into_iter()
            .find_map(|(span, word)| Some((span?, word)))
    {
        return impossible(span, Impossible::FirstBeforeDiscard { word, tsumo });
    }
    if let Some(second) = ctx.discards.get(1) {
        let found = ctx.discards.len();
        return impossible(second.span, Impossible::FirstDealerDiscards { found });
    }
    Ok(())
}

/// `last` with a replacement tile or a robbed kong, where a dead wall of fourteen tiles
/// stays behind the last tile (the han systems).
fn last_tile(input: &HandInput, hand: &Hand, rules: &Ruleset) -> Result<(), HandError> {
    let ctx = &input.context;
    let Some(last) = ctx.last.filter(|_| rules.system.counts_han()) else {
        return Ok(());
    };
    if ctx.replacement.is_some() {
        return impossible(last, Impossible::LastOnReplacement);
    }
    if hand.context.robbed {
        return impossible(last, Impossible::LastOnRobbed);
    }
    Ok(())
}

/// The most dora indicators a ruleset's game turns over: one under the points system
/// (000 §Dead wall); under the han systems one and one per kong (four at most), and under
/// the han table (000 §Honshū) one more once all four Norths are set aside.
fn most_indicators(rules: &Ruleset) -> usize {
    match rules.system {
        System::Points => 1,
        System::HanTable => 6,
        System::HanFu | System::Fan => 5,
    }
}

/// No more dora indicators than the game turns over, and no more ura indicators than dora
/// indicators beneath which they lie.
fn indicators(input: &HandInput, rules: &Ruleset) -> Result<(), HandError> {
    let ctx = &input.context;
    let most = most_indicators(rules);
    let dora = ctx.dora.len() + ctx.dora_flowers.len();
    let reads_dora = rules.system != System::Fan;
    if reads_dora && dora > most {
        let span = ctx
            .dora
            .get(most)
            .map(|t| t.span)
            .or(ctx.dora_flowers.last().map(|t| t.span))
            .unwrap_or_default();
        let what = Impossible::TooManyDora {
            found: dora,
            most,
            system: rules.system,
        };
        return impossible(span, what);
    }
    let ura = ctx.ura.len();
    let beneath = if dora == 0 { most } else { dora.min(most) };
    if ura > beneath
        && let Some(token) = ctx.ura.get(beneath)
    {
        let what = Impossible::TooManyUra {
            found: ura,
            dora: beneath,
        };
        return impossible(token.span, what);
    }
    Ok(())
}

/// The hand robs a kong while holding or having seen another copy of the winning tile:
/// `held` counts every copy seen, the winning tile itself included. A robbed tile is the
/// fourth copy, added to a melded pong (or, for thirteen orphans, the fourth of a concealed
/// kong), so the other three are in that kong.
pub(super) fn robbed_tile_held(hand: &Hand, held: u8) -> bool {
    (hand.context.robbed || hand.context.robbed_concealed) && held > 1
}

impl WaitingHand {
    /// The hand completed by `tile` as its winning tile, if the tile set allows one more.
    pub fn completed_by(&self, tile: Tile, rules: &Ruleset) -> Option<Hand> {
        let all = self.base.seen_copies();
        if !rules.tiles.has(tile) || all.get(tile) >= rules.tiles.copies(tile) {
            return None;
        }
        if robbed_tile_held(&self.base, all.get(tile) + 1) {
            return None;
        }
        let ctx = &self.base.context;
        if ctx.robbed_kita && tile != Wind::North.tile() {
            return None;
        }
        let mut hand = self.base.clone();
        hand.concealed.add(tile, 1);
        hand.win_tile = tile;
        if ctx.robbed_concealed && !super::robbing::thirteen_orphans(&hand, rules) {
            return None;
        }
        Some(hand)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_names_what_conflicts_and_cites_a_section() {
        use Impossible::*;
        let every = [
            IppatsuWithoutRiichi,
            UraWithoutRiichi,
            IppatsuOnReplacement,
            RiichiThenKong,
            RiichiOpenHand {
                set: "[rrr]".into(),
            },
            RiichiWithoutStick,
            FirstWithCall {
                set: "(EEEE)".into(),
            },
            FirstWithKita,
            FirstBeforeDiscard {
                word: "riichi",
                tsumo: true,
            },
            FirstBeforeDiscard {
                word: "discards=",
                tsumo: false,
            },
            FirstDealerDiscards { found: 2 },
            FirstAndLast,
            FirstAndRobbed,
            LastOnReplacement,
            LastOnRobbed,
            TooManyDora {
                found: 2,
                most: 1,
                system: System::Points,
            },
            TooManyDora {
                found: 6,
                most: 5,
                system: System::HanFu,
            },
            TooManyUra { found: 2, dora: 1 },
        ];
        for what in every {
            let text = what.to_string();
            assert!(text.starts_with('`'), "{text}");
            assert!(
                [" with ", " without ", " lists "]
                    .iter()
                    .any(|joint| text.contains(joint)),
                "{text}"
            );
            assert!(text.contains('§'), "{text}");
        }
    }
}
