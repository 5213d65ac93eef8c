//! Detectors that read the suits and numbers of the tiles: one-suit hands, simples, terminals, outside hands.

use super::*;

/// `bamboo-terminal-pong`.
pub(super) fn bamboo_terminal_pong(s: &Situation) -> Hit {
    Hit::per_group(s.sets(), |g| {
        g.is_pong_or_kong() && g.tile.suit() == Some(Suit::Bamboo) && g.tile.is_terminal()
    })
}

/// `both-bamboo-terminal-pongs`.
pub(super) fn both_bamboo_terminal_pongs(s: &Situation) -> Hit {
    Hit::once_if(pong_of(s, bamboo(1)) && pong_of(s, bamboo(9)))
}

/// `all-pongs-terminals-honours`.
pub(super) fn all_pongs_terminals_honours(s: &Situation) -> Hit {
    Hit::once_if(
        s.standard() && s.sets().all(Group::is_pong_or_kong) && s.only_terminals_and_honours(),
    )
}

/// `clean-hand`.
pub(super) fn clean_hand(s: &Situation) -> Hit {
    Hit::once_if(matches!(
        s.single_suit(),
        Some(Suit::Characters | Suit::Circles)
    ))
}

/// `pure-hand`.
pub(super) fn pure_hand(s: &Situation) -> Hit {
    Hit::once_if(
        matches!(s.single_suit(), Some(Suit::Characters | Suit::Circles)) && !s.has_honours(),
    )
}

/// `no-honours`.
pub(super) fn no_honours(s: &Situation) -> Hit {
    Hit::once_if(!s.has_honours())
}

/// `bamboo-and-honours`.
pub(super) fn bamboo_and_honours(s: &Situation) -> Hit {
    let all = &s.all;
    Hit::once_if(
        all.iter()
            .all(|(t, _)| t.is_honour() || t.suit() == Some(Suit::Bamboo))
            && all.iter().any(|(t, _)| t.suit() == Some(Suit::Bamboo)),
    )
}

/// `terminal-or-honour-in-every-set`.
pub(super) fn terminal_or_honour_in_every_set(s: &Situation) -> Hit {
    Hit::once_if(s.outside() && s.has_honours())
}

/// `clean-hand-seat-pong`.
pub(super) fn clean_hand_seat_pong(s: &Situation) -> Hit {
    let ctx = &s.hand.context;
    let seat_tiles = [ctx.seat.tile(), s.seat_dragon().tile()];
    Hit::once_if(
        matches!(s.single_suit(), Some(Suit::Characters | Suit::Circles))
            && s.pongs().any(|g| seat_tiles.contains(&g.tile)),
    )
}

/// `all-terminals-honours`.
pub(super) fn all_terminals_honours(s: &Situation) -> Hit {
    Hit::once_if(s.arrangement.shape != Shape::ThirteenOrphans && s.only_terminals_and_honours())
}

/// `outside-hand`.
pub(super) fn outside_hand(s: &Situation) -> Hit {
    Hit::once_if(s.outside())
}

/// `one-suit-and-honours`.
pub(super) fn one_suit_and_honours(s: &Situation) -> Hit {
    Hit::once_if(
        s.single_suit().is_some() && (s.has_honours() || !s.rules.options.clean_hand_needs_honours),
    )
}

/// `one-suit-with-honours`.
pub(super) fn one_suit_with_honours(s: &Situation) -> Hit {
    Hit::once_if(s.single_suit().is_some() && s.has_honours())
}

/// `one-suit-only`.
pub(super) fn one_suit_only(s: &Situation) -> Hit {
    Hit::once_if(s.single_suit().is_some() && !s.has_honours())
}

/// `all-simples`.
pub(super) fn all_simples(s: &Situation) -> Hit {
    Hit::once_if(s.only_simples())
}

/// `terminal-in-every-set`.
pub(super) fn terminal_in_every_set(s: &Situation) -> Hit {
    let standard = s.standard();
    Hit::once_if(
        standard
            && s.arrangement
                .groups()
                .iter()
                .all(|g| g.tiles().any(Tile::is_terminal))
            && s.sets().any(|g| g.kind == GroupKind::Chow),
    )
}

/// `all-terminals`.
pub(super) fn all_terminals(s: &Situation) -> Hit {
    Hit::once_if(!s.has_honours() && s.only_terminals_and_honours())
}
