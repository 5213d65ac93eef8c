//! Validation: a parsed [`HandInput`] checked step by step against a ruleset's tile set,
//! copies, declared sets, bonus tiles, size and context.

use super::context::{
    replacement_has_cause, resolve_context, tiles_source, unread_context_refused,
};
use super::error::{HandError, HandErrorKind, err};
use super::model::{Hand, Meld, SetKind, ValidHand, WaitingHand};
use super::situations::{refuse_impossible, robbed_tile_held};
use crate::diagnostic::Span;
use crate::notation::{Declared, HandInput, TileToken};
use crate::rules::Ruleset;
use crate::tile::{BonusTile, Suit, Tile, TileCounts, Wind};

/// Checks a parsed hand against `rules`.
pub fn validate(input: &HandInput, rules: &Ruleset) -> Result<ValidHand, HandError> {
    if let Some(value) = &input.value {
        return super::stated::validate(input, value, rules);
    }
    let mut copies = Copies::new(rules);
    check_jokers(input, &copies)?;
    copies.count_hand_tiles(input)?;
    let (concealed, concealed_red) = concealed_tiles(input, rules);
    let melds = declared_melds(input, &copies)?;
    let bonus = bonus_tiles(input, &mut copies)?;
    let size = input.concealed.len() + input.jokers.len() + 3 * input.declared.len();
    let last_concealed_end = input
        .concealed
        .iter()
        .map(|t| t.span.end)
        .chain(input.jokers.iter().map(|s| s.end))
        .max();
    let whole = Span::new(0, last_concealed_end.unwrap_or(0));
    if size == 0 {
        return err(whole, HandErrorKind::NoHand);
    }
    let context = resolve_context(input, rules)?;
    copies.count_indicators(input, &bonus)?;
    let complete = match size {
        14 => true,
        13 => false,
        found => return err(whole, HandErrorKind::TileCount { found }),
    };
    let win_tile = winning_tile(input, &concealed, complete, size, whole)?;
    let hand = Hand {
        concealed,
        melds,
        win_tile,
        concealed_red,
        bonus,
        jokers: input.jokers.len() as u8,
        context,
        stated: None,
    };
    super::robbing::check(input, &hand, complete, rules)?;
    context_fits_hand(input, &hand, complete, whole, rules)?;
    Ok(if complete {
        ValidHand::Complete(hand)
    } else {
        ValidHand::Waiting(WaitingHand { base: hand })
    })
}

/// The copies of each tile seen so far (in the hand, set aside, turned over as an
/// indicator or discarded), refused once there are more than the ruleset's set holds.
struct Copies<'r> {
    rules: &'r Ruleset,
    counts: TileCounts,
    /// Fives seen of each suit, by suit index: written plain (`5p`), written red (`0p`).
    fives: [(u8, u8); 3],
}

impl<'r> Copies<'r> {
    fn new(rules: &'r Ruleset) -> Copies<'r> {
        Copies {
            rules,
            counts: TileCounts::new(),
            fives: [(0, 0); 3],
        }
    }

    /// Counts a five written plain or red against the set's fives of its suit: where the set
    /// plays red fives of the suit (`tiles.red-fives`), no more red ones than it holds and no
    /// more plain ones than the others; where it plays none, one `0` is still read as a plain
    /// five (a second is refused).
    ///
    /// Inlined, so that the test for a five costs no call for the other tiles.
    #[inline(always)]
    fn add_five(&mut self, token: &TileToken) -> Result<(), HandError> {
        match (token.tile.suit(), token.tile.number()) {
            (Some(suit), Some(5)) => self.count_five(suit, token),
            _ => Ok(()),
        }
    }

    /// [`Copies::add_five`] for a five of `suit`.
    fn count_five(&mut self, suit: Suit, token: &TileToken) -> Result<(), HandError> {
        let rules = self.rules;
        let exist = rules.tiles.red_fives.iter().filter(|&&s| s == suit).count();
        let (plain, red) = &mut self.fives[suit as usize];
        if token.red {
            *red += 1;
            if usize::from(*red) > exist.max(1) {
                return err(
                    token.span,
                    HandErrorKind::TooManyRed {
                        suit,
                        exist,
                        ruleset: rules.name.clone(),
                    },
                );
            }
            return Ok(());
        }
        *plain += 1;
        let copies = usize::from(rules.tiles.copies(token.tile));
        if exist > 0 && usize::from(*plain) > copies.saturating_sub(exist) {
            return err(
                token.span,
                HandErrorKind::TooManyPlainFives {
                    tile: token.tile,
                    found: *plain,
                    red: exist,
                    ruleset: rules.name.clone(),
                },
            );
        }
        Ok(())
    }

    /// Counts one more copy of `tile`, written at `span`.
    fn add(&mut self, tile: Tile, span: Span) -> Result<(), HandError> {
        let tiles = &self.rules.tiles;
        self.counts.add(tile, 1);
        if self.counts.get(tile) > tiles.copies(tile) {
            return err(
                span,
                HandErrorKind::TooManyCopies {
                    tile,
                    found: self.counts.get(tile),
                    exist: tiles.copies(tile),
                    ruleset: self.rules.name.clone(),
                    source: tiles_source(self.rules),
                },
            );
        }
        Ok(())
    }

    /// `tile` is not in the ruleset's set.
    fn removed(&self, tile: Tile, span: Span) -> HandError {
        HandError {
            span,
            kind: HandErrorKind::RemovedTile {
                tile,
                ruleset: self.rules.name.clone(),
                source: tiles_source(self.rules),
            },
        }
    }

    /// The bonus tile `tile` is not in the ruleset's set.
    fn no_such_bonus(&self, tile: BonusTile, span: Span) -> HandError {
        HandError {
            span,
            kind: HandErrorKind::NoSuchBonus {
                tile,
                ruleset: self.rules.name.clone(),
                source: tiles_source(self.rules),
            },
        }
    }

    /// Every concealed and declared tile: in the set, not more copies than it holds, and
    /// no more red or plain fives of a suit than it holds.
    fn count_hand_tiles(&mut self, input: &HandInput) -> Result<(), HandError> {
        let rules = self.rules;
        let every_tile = input
            .concealed
            .iter()
            .chain(input.declared.iter().flat_map(|d| d.tiles.iter()));
        for token in every_tile {
            if !rules.tiles.has(token.tile) {
                return Err(self.removed(token.tile, token.span));
            }
            self.add(token.tile, token.span)?;
            self.add_five(token)?;
        }
        Ok(())
    }

    /// The indicators turned over and the winner's own discards are copies of the same
    /// set, their fives red or plain; flowers turned over as dora indicators (`dora=f2`) are in the set, each once,
    /// and not also set aside in the hand (`bonus`).
    fn count_indicators(
        &mut self,
        input: &HandInput,
        bonus: &[BonusTile],
    ) -> Result<(), HandError> {
        let ctx = &input.context;
        for token in ctx.dora.iter().chain(&ctx.ura).chain(&ctx.discards) {
            self.add(token.tile, token.span)?;
            self.add_five(token)?;
        }
        for (i, token) in ctx.dora_flowers.iter().enumerate() {
            if ctx.dora_flowers[..i].iter().any(|t| t.tile == token.tile) {
                return err(token.span, HandErrorKind::RepeatedBonus(token.tile));
            }
            if matches!(token.tile, BonusTile::Flower(n) if n > self.rules.tiles.flowers) {
                return Err(self.no_such_bonus(token.tile, token.span));
            }
            if bonus.contains(&token.tile) {
                return err(token.span, HandErrorKind::IndicatorInHand(token.tile));
            }
        }
        Ok(())
    }
}

/// Jokers only where the set has them, and no more than it holds.
fn check_jokers(input: &HandInput, copies: &Copies) -> Result<(), HandError> {
    let rules = copies.rules;
    let jokers = rules.tiles.jokers;
    if let Some(&span) = input.jokers.first()
        && jokers == 0
    {
        return err(
            span,
            HandErrorKind::NoJokers {
                ruleset: rules.name.clone(),
                source: tiles_source(rules),
            },
        );
    }
    if input.jokers.len() > usize::from(jokers) {
        let span = input.jokers[usize::from(jokers)];
        return err(
            span,
            HandErrorKind::TooManyJokers {
                found: input.jokers.len(),
                exist: jokers,
                ruleset: rules.name.clone(),
                source: tiles_source(rules),
            },
        );
    }
    Ok(())
}

/// The concealed tiles, and their red fives by suit where the ruleset scores them.
fn concealed_tiles(input: &HandInput, rules: &Ruleset) -> (TileCounts, [u8; 3]) {
    let mut concealed = TileCounts::new();
    let mut concealed_red = [0u8; 3];
    for token in &input.concealed {
        concealed.add(token.tile, 1);
        if token.red
            && let Some(suit) = token.tile.suit()
            && rules.tiles.red_fives.contains(&suit)
        {
            concealed_red[suit as usize] += 1;
        }
    }
    (concealed, concealed_red)
}

/// The declared sets as melds: melded chows only where allowed, no pong of a pair-only tile.
fn declared_melds(input: &HandInput, copies: &Copies) -> Result<Vec<Meld>, HandError> {
    let rules = copies.rules;
    let tiles = &rules.tiles;
    let mut melds = Vec::with_capacity(input.declared.len());
    for set in &input.declared {
        let lowest = set.tiles.iter().map(|t| t.tile).min();
        let Some(tile) = lowest else {
            unreachable!("the parser only accepts sets of three or four tiles")
        };
        let same = set.tiles.iter().all(|t| t.tile == tile);
        let kind = match (set.tiles.len(), same) {
            (4, _) => SetKind::Kong,
            (_, true) => SetKind::Pong,
            _ => SetKind::Chow,
        };
        if kind == SetKind::Chow && !tiles.melded_chows {
            let source = rules.tiles.melded_chows_source.clone();
            return err(
                set.span,
                HandErrorKind::MeldedChow {
                    ruleset: rules.name.clone(),
                    source,
                },
            );
        }
        if kind == SetKind::Pong && tiles.pair_only(tile) {
            return err(set.span, HandErrorKind::PairOnly(tile));
        }
        let red_in_set = set
            .tiles
            .iter()
            .filter(|t| {
                t.red
                    && t.tile
                        .suit()
                        .is_some_and(|s| rules.tiles.red_fives.contains(&s))
            })
            .count() as u8;
        melds.push(Meld {
            kind,
            tile,
            concealed: set.declared == Declared::Concealed,
            red: red_in_set,
        });
    }
    Ok(melds)
}

/// The bonus tiles set aside: each in the ruleset's set and written once; a West or North
/// set aside is a copy of the wind, counted with those in the hand.
fn bonus_tiles(input: &HandInput, copies: &mut Copies) -> Result<Vec<BonusTile>, HandError> {
    let rules = copies.rules;
    let tiles = &rules.tiles;
    let mut bonus = Vec::with_capacity(input.bonus.len());
    for token in &input.bonus {
        if token.tile == BonusTile::Kita && !tiles.has(Wind::North.tile()) {
            // `+N` where North is removed: the North itself is not in play.
            return Err(copies.removed(Wind::North.tile(), token.span));
        }
        let allowed = match token.tile {
            BonusTile::Flower(n) => n <= tiles.flowers,
            BonusTile::Season(n) => n <= tiles.seasons,
            BonusTile::West => rules.options.west_set_aside && tiles.has(Wind::West.tile()),
            BonusTile::Face(n) => n <= tiles.faces,
            BonusTile::Animal(n) => n <= tiles.animals,
            BonusTile::Kita => tiles.kita,
        };
        if !allowed {
            return Err(copies.no_such_bonus(token.tile, token.span));
        }
        let wind = match token.tile {
            BonusTile::West => Some(Wind::West.tile()),
            BonusTile::Kita => Some(Wind::North.tile()),
            _ => None,
        };
        if let Some(wind) = wind {
            copies.add(wind, token.span)?;
        } else if bonus.contains(&token.tile) {
            return err(token.span, HandErrorKind::RepeatedBonus(token.tile));
        }
        bonus.push(token.tile);
    }
    Ok(bonus)
}

/// The winning tile: the one `win=` names (a concealed tile of a complete hand), else the
/// last concealed tile written.
fn winning_tile(
    input: &HandInput,
    concealed: &TileCounts,
    complete: bool,
    size: usize,
    whole: Span,
) -> Result<Tile, HandError> {
    let Some(win) = input.context.win else {
        return if let Some(last) = input.concealed.last() {
            Ok(last.tile)
        } else if let Some(&joker) = input.jokers.first() {
            err(joker, HandErrorKind::OnlyJokers)
        } else {
            // Only declared sets: 12 or 16 tiles, never 13 or 14.
            err(whole, HandErrorKind::TileCount { found: size })
        };
    };
    if !complete {
        return err(win.span, HandErrorKind::WinOnWaitingHand);
    }
    if concealed.get(win.tile) == 0 {
        let declared = input
            .declared
            .iter()
            .any(|d| d.tiles.iter().any(|t: &TileToken| t.tile == win.tile));
        let kind = if declared {
            HandErrorKind::WinTileDeclared(win.tile)
        } else {
            HandErrorKind::WinTileMissing(win.tile)
        };
        return err(win.span, kind);
    }
    if win.red && !input.concealed.iter().any(|t| t.red && t.tile == win.tile) {
        return err(win.span, HandErrorKind::WinRedNotInHand(win.tile));
    }
    Ok(win.tile)
}

/// The context checked against the hand's tiles: keys the system reads, a cause for a
/// replacement tile, fly tiles within the set, a robbed tile the winner may rob, dealt
/// bonus sets held whole, and `kong-from=` naming exposed kongs.
fn context_fits_hand(
    input: &HandInput,
    hand: &Hand,
    complete: bool,
    whole: Span,
    rules: &Ruleset,
) -> Result<(), HandError> {
    let tiles = &rules.tiles;
    unread_context_refused(input, rules)?;
    replacement_has_cause(input, hand)?;
    refuse_impossible(input, hand, rules)?;
    let fly: u32 =
        u32::from(hand.jokers) + hand.context.others_fly.iter().map(|o| o.1).sum::<u32>();
    if fly > u32::from(tiles.jokers) {
        let span = input.context.others_fly.first().map_or(whole, |o| o.0.span);
        return err(
            span,
            HandErrorKind::TooManyFly {
                found: fly,
                exist: tiles.jokers,
            },
        );
    }
    if complete && robbed_tile_held(hand, hand.seen_copies().get(hand.win_tile)) {
        let span = input.context.robbed.unwrap_or(whole);
        return err(span, HandErrorKind::RobbedTileHeld(hand.win_tile));
    }
    for (i, dealt) in input.context.dealt.iter().enumerate() {
        if input.context.dealt[..i]
            .iter()
            .any(|d| d.value == dealt.value)
        {
            return err(dealt.span, HandErrorKind::DealtRepeated(dealt.value));
        }
        if !hand.holds_full_set(dealt.value, tiles) {
            return err(dealt.span, HandErrorKind::DealtNotComplete(dealt.value));
        }
    }
    for entry in &input.context.kong_from {
        let tile = entry.tile.tile;
        let exposed_kong = hand
            .melds
            .iter()
            .any(|m| m.kind == SetKind::Kong && !m.concealed && m.tile == tile);
        if !exposed_kong {
            return err(entry.span, HandErrorKind::KongFromNotAKong(tile));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(line: &str, ruleset: &str) -> HandErrorKind {
        let rules = crate::rules::load(ruleset).expect("shipped ruleset");
        let input = crate::notation::parse_hand(line).expect("parses");
        validate(&input, &rules).expect_err("refused").kind
    }

    #[test]
    fn the_example_of_a_hand_with_no_tiles_is_a_hand_under_every_shipped_ruleset() {
        use crate::hand::error::NO_HAND_EXAMPLE;
        assert!(matches!(refusal("tsumo", "sanma"), HandErrorKind::NoHand));
        for name in crate::rules::shipped_names() {
            let rules = crate::rules::load(name).expect("shipped ruleset");
            let input = crate::notation::parse_hand(NO_HAND_EXAMPLE).expect("parses");
            assert!(
                validate(&input, &rules).is_ok(),
                "{name}: {NO_HAND_EXAMPLE}"
            );
        }
    }

    #[test]
    fn seats_named_by_context_lists_are_other_seats_at_the_table_named_once() {
        use HandErrorKind::*;
        use Wind::{North as N, South as S, West as W};
        let base = "123p456p789p EEE ww +f2 tsumo";
        for (context, ruleset, kind) in [
            ("waiting=E", "korean", WaitingIsWinner),
            ("waiting=S,S", "korean", WaitingRepeated(S)),
            ("waiting=N", "korean", NoSuchSeat(N)),
            ("others-fan=E:1", "malaysian", OthersFanIsWinner),
            ("others-fan=W:1,W:2", "malaysian", OthersFanRepeated(W)),
            ("others-fan=N:1", "malaysian", NoSuchSeat(N)),
            ("others-fly=E:1", "malaysian", OthersFlyIsWinner),
            ("others-fly=S:0,S:1", "malaysian", OthersFlyRepeated(S)),
            ("others-fly=N:1", "malaysian", NoSuchSeat(N)),
        ] {
            let line = format!("{base} {context}");
            assert_eq!(refusal(&line, ruleset), kind, "{line}");
        }
    }

    #[test]
    fn kita_set_aside_counts_with_the_norths_turned_over() {
        let kind = refusal("234p567p678s99s N 11p +NNN tsumo dora=N", "sanma");
        assert!(
            matches!(
                kind,
                HandErrorKind::TooManyCopies {
                    found: 5,
                    exist: 4,
                    ..
                }
            ),
            "{kind:?}"
        );
    }

    #[test]
    fn a_flower_indicator_is_in_the_set_once_and_not_in_the_hand() {
        let kind = refusal("234p567p678s99s 234s tsumo dora=f1", "sanma");
        assert!(
            matches!(kind, HandErrorKind::NoSuchBonus { .. }),
            "{kind:?}"
        );
        let base = "123p456m999s EEE ww tsumo";
        let kind = refusal(&format!("{base} +f2 dora=f1,f1"), "korean");
        assert_eq!(kind, HandErrorKind::RepeatedBonus(BonusTile::Flower(1)));
        let kind = refusal(&format!("{base} +f2 dora=f2"), "korean");
        assert_eq!(kind, HandErrorKind::IndicatorInHand(BonusTile::Flower(2)));
    }

    #[test]
    fn a_robbed_tile_seen_elsewhere_is_refused_as_a_win_and_as_a_wait() {
        let kind = refusal(
            "123p456m999s EEE ww robbed ron=S discards=3p win=3p",
            "korean",
        );
        assert_eq!(
            kind,
            HandErrorKind::RobbedTileHeld(Tile::numbered(Suit::Circles, 3).expect("a tile"))
        );
        let rules = crate::rules::load("korean").expect("shipped ruleset");
        let waits = |line: &str| {
            let input = crate::notation::parse_hand(line).expect("parses");
            let Ok(ValidHand::Waiting(hand)) = validate(&input, &rules) else {
                panic!("{line} waits");
            };
            let three = Tile::numbered(Suit::Circles, 3).expect("a tile");
            hand.completed_by(three, &rules).is_some()
        };
        assert!(waits("12p456m999s EEE ww robbed ron=S"));
        assert!(!waits("12p456m999s EEE ww robbed ron=S discards=3p"));
    }
}
