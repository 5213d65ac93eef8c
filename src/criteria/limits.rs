//! Detectors of limit hands (yakuman and full limits) with shapes of their own, and the
//! double forms that a dealer's first-draw win takes under Mahjong Soul's ruling.

use super::*;

/// The double yakuman forms that depend on the winning tile (the 13-sided wait of thirteen
/// orphans, the pair wait of four concealed pongs, the nine-sided wait of nine gates).
pub const TENHOU_DOUBLE_FORMS: [Check; 3] = [
    Check::ThirteenOrphansThirteenWait,
    Check::FourConcealedPongsPairWait,
    Check::NineGatesOnExtraTile,
];

/// The hand is the dealer's first-draw win (tenhou) and the ruleset's
/// `tenhou-double-forms` option counts its limit hands as their double forms: with fourteen
/// tiles dealt, no tile is the winning tile (Mahjong Soul's ruling).
pub fn tenhou_upgrades(hand: &Hand, rules: &Ruleset) -> bool {
    let ctx = &hand.context;
    rules.options.tenhou_double_forms
        && ctx.first
        && ctx.win == Win::Tsumo
        && ctx.seat == Seat::East
        && hand.melds.is_empty()
}

/// Why a double form counted on a tenhou, for the notes and `--why`.
pub fn tenhou_upgrade_reason(name: &str) -> String {
    format!(
        "{name} counts on this tenhou whatever tile was drawn last: the dealer's fourteen tiles have no winning tile, so kokushi, suuankou and chuuren count as their double forms (options.tenhou-double-forms: Mahjong Soul's ruling, InjusticeJudge issue 19; RiichiEnv yaku_3p.rs, \"correct yakuman scoring for special hands\")"
    )
}

/// `little-jade-dragon`.
pub(super) fn little_jade_dragon(s: &Situation) -> Hit {
    Hit::once_if(s.arrangement.pair() == Some(bamboo(5)) && pong_of(s, Dragon::Green.tile()))
}

/// `bamboo-terminal-pongs-five-pair`.
pub(super) fn bamboo_terminal_pongs_five_pair(s: &Situation) -> Hit {
    Hit::once_if(
        pong_of(s, bamboo(1)) && pong_of(s, bamboo(9)) && s.arrangement.pair() == Some(bamboo(5)),
    )
}

/// `four-concealed-kongs`.
pub(super) fn four_concealed_kongs(s: &Situation) -> Hit {
    Hit::once_if(s.kongs(true) == 4)
}

/// `thirteen-orphans`.
pub(super) fn thirteen_orphans(s: &Situation) -> Hit {
    Hit::once_if(s.arrangement.shape == Shape::ThirteenOrphans)
}

/// `nine-gates`.
pub(super) fn nine_gates(s: &Situation) -> Hit {
    Hit::once_if(concealed_nine_gates(s))
}

/// `nine-gates-extra-tile`.
pub(super) fn nine_gates_on_extra_tile(s: &Situation) -> Hit {
    let all = &s.all;
    Hit::once_if(
        s.hand.melds.is_empty()
            && s.single_suit().is_some()
            && !s.has_honours()
            && (is_nine_gates_before(all, s.hand.win_tile)
                || (tenhou_upgrades(s.hand, s.rules) && is_nine_gates(all))),
    )
}

/// A standard hand with a pong of `dragon` and otherwise only tiles of `suit`.
fn dragon_with_suit(s: &Situation, dragon: Dragon, suit: Suit) -> Hit {
    Hit::once_if(
        s.standard()
            && pong_of(s, dragon.tile())
            && s.all
                .iter()
                .all(|(t, _)| t == dragon.tile() || t.suit() == Some(suit)),
    )
}

/// `pearl-dragon`: white dragons and circles.
pub(super) fn pearl_dragon(s: &Situation) -> Hit {
    dragon_with_suit(s, Dragon::White, Suit::Circles)
}

/// `ruby-dragon`: red dragons and characters.
pub(super) fn ruby_dragon(s: &Situation) -> Hit {
    dragon_with_suit(s, Dragon::Red, Suit::Characters)
}

/// `great-jade-dragon`.
pub(super) fn great_jade_dragon(s: &Situation) -> Hit {
    Hit::once_if(pong_of(s, bamboo(1)) && pong_of(s, bamboo(9)) && pong_of(s, Dragon::Green.tile()))
}

/// A hand with no melds that is nine gates (1112345678999 of one suit and one more of it).
fn concealed_nine_gates(s: &Situation) -> bool {
    // The one suit and no honour first: is_nine_gates asks them again, at more cost.
    s.hand.melds.is_empty()
        && s.single_suit().is_some()
        && !s.has_honours()
        && is_nine_gates(&s.all)
}

/// `nine-gates-self-drawn`.
pub(super) fn nine_gates_self_drawn(s: &Situation) -> Hit {
    let options = &s.rules.options;
    Hit::once_if(concealed_nine_gates(s) && (s.tsumo() || !options.nine_gates_self_draw_only))
}

/// `all-green`.
pub(super) fn all_green(s: &Situation) -> Hit {
    let all = &s.all;
    Hit::once_if(all.iter().all(|(t, _)| {
        t == Dragon::Green.tile()
            || (t.suit() == Some(Suit::Bamboo) && matches!(t.number(), Some(2 | 3 | 4 | 6 | 8)))
    }))
}

/// `big-wheels`.
pub(super) fn big_wheels(s: &Situation) -> Hit {
    let all = &s.all;
    Hit::once_if(
        s.hand.melds.is_empty()
            && [Suit::Circles, Suit::Bamboo, Suit::Characters]
                .into_iter()
                .any(|suit| {
                    all.total() == 14
                        && (2..=8).all(|n| Tile::numbered(suit, n).is_some_and(|t| all.get(t) == 2))
                }),
    )
}

/// `thirteen-orphans-no-discards`.
pub(super) fn thirteen_orphans_no_discards(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    Hit::once_if(
        s.arrangement.shape == Shape::ThirteenOrphans
            && s.hand.kita() == 0
            && !ctx.discards.iter().any(|t| t.is_terminal_or_honour()),
    )
}

/// `thirteen-orphans-thirteen-wait`: thirteen orphans whose thirteen tiles before the win
/// were thirteen different orphans (the 13-sided wait, kokushi juusanmen).
pub(super) fn thirteen_orphans_thirteen_wait(s: &Situation) -> Hit {
    let mut before = s.hand.concealed;
    before.remove(s.hand.win_tile, 1);
    Hit::once_if(
        s.arrangement.shape == Shape::ThirteenOrphans
            && (before.iter().all(|(_, n)| n == 1) || tenhou_upgrades(s.hand, s.rules)),
    )
}

/// `nine-gates-no-discards`.
pub(super) fn nine_gates_no_discards(s: &Situation) -> Hit {
    let all = &s.all;
    let ctx = &s.hand.context;
    Hit::once_if(
        concealed_nine_gates(s)
            && single_suit(all)
                .is_some_and(|suit| !ctx.discards.iter().any(|t| t.suit() == Some(suit))),
    )
}
