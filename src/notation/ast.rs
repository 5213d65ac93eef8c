//! What a line of notation says, before any ruleset has looked at it: the tiles, sets and
//! bonus tiles as written and the context words and keys, each with its [`Span`].

use super::vocabulary::Slot;
use crate::diagnostic::Span;
use crate::tile::{BonusSet, BonusTile, Tile, Wind};

/// One written tile with where it was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileToken {
    /// The tile.
    pub tile: Tile,
    /// Written as a red five (`0p`).
    pub red: bool,
    /// Where it was written.
    pub span: Span,
}

/// How a declared set was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Declared {
    /// `[...]`: claimed from a discard, face up.
    Exposed,
    /// `(...)`: a concealed kong, declared.
    Concealed,
}

/// A set written in brackets or parentheses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeclaredInput {
    /// Brackets or parentheses.
    pub declared: Declared,
    /// The tiles inside.
    pub tiles: Vec<TileToken>,
    /// The whole set including its brackets.
    pub span: Span,
}

/// A bonus tile written after `+`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BonusToken {
    /// The tile.
    pub tile: BonusTile,
    /// Where it was written.
    pub span: Span,
}

/// How the hand was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinMethod {
    /// Self-drawn from the wall.
    Tsumo,
    /// On a discard; `None` is the seat that plays just before the winner.
    Ron(Option<Wind>),
}

/// A value with where it was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub span: Span,
}

/// Where the winner's exposed kong came from (`kong-from=5p:S` or `kong-from=5p:self`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KongSource {
    /// Claimed from this seat's discard.
    Claimed(Wind),
    /// Promoted from the winner's own exposed pong.
    Promoted,
}

/// One `kong-from=` entry: the kong's tile and where it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KongFrom {
    /// The kong's tile.
    pub tile: TileToken,
    /// Claimed from a seat, or promoted.
    pub source: KongSource,
    /// Where the whole entry was written.
    pub span: Span,
}

/// Context words and keys as written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContextInput {
    /// `tsumo`, `ron`, `ron=S`.
    pub win_method: Option<Spanned<WinMethod>>,
    /// `seat=`.
    pub seat: Option<Spanned<Wind>>,
    /// `round=`.
    pub round: Option<Spanned<Wind>>,
    /// `riichi` / `ready`.
    pub riichi: Option<Span>,
    /// `double-riichi`.
    pub double_riichi: Option<Span>,
    /// `ippatsu`.
    pub ippatsu: Option<Span>,
    /// `last`.
    pub last: Option<Span>,
    /// `replacement` / `rinshan`.
    pub replacement: Option<Span>,
    /// `robbed` / `chankan`.
    pub robbed: Option<Span>,
    /// `robbed-kita`: won on a North another player set aside as kita.
    pub robbed_kita: Option<Span>,
    /// `robbed-concealed`: thirteen orphans robbing a concealed kong.
    pub robbed_concealed: Option<Span>,
    /// `first`.
    pub first: Option<Span>,
    /// `dora=`.
    pub dora: Vec<TileToken>,
    /// Flowers among the `dora=` indicators (`dora=f2`): a flower turned over in the dead
    /// wall.
    pub dora_flowers: Vec<BonusToken>,
    /// `ura=`.
    pub ura: Vec<TileToken>,
    /// `waiting=`.
    pub waiting: Vec<Spanned<Wind>>,
    /// `draws=`.
    pub draws: Option<Spanned<u32>>,
    /// `honba=`.
    pub honba: Option<Spanned<u32>>,
    /// `sticks=`: riichi sticks on the table.
    pub sticks: Option<Spanned<u32>>,
    /// `discards=`.
    pub discards: Vec<TileToken>,
    /// `win=`.
    pub win: Option<TileToken>,
    /// `double-replacement`: won on a kong replacement tile after two kongs in a row.
    pub double_replacement: Option<Span>,
    /// `kong-from=5p:S,E:self`: where the winner's exposed kongs came from.
    pub kong_from: Vec<KongFrom>,
    /// `dealt=f,x`: full sets of bonus tiles that were in the starting hand.
    pub dealt: Vec<Spanned<BonusSet>>,
    /// `others-fan=S:6,W:3`: the fan the non-winners' hands would score.
    pub others_fan: Vec<(Spanned<Wind>, u32)>,
    /// `others-fly=S:1,W:0`: the fly tiles (jokers) each non-winner held at the end.
    pub others_fly: Vec<(Spanned<Wind>, u32)>,
}

impl ContextInput {
    /// Where the context kept at `slot` was first written, if it was.
    pub fn given(&self, slot: Slot) -> Option<Span> {
        fn first<T>(list: &[T], span: impl Fn(&T) -> Span) -> Option<Span> {
            list.first().map(span)
        }
        let value = |s: &Option<Spanned<Wind>>| s.map(|s| s.span);
        let count = |s: &Option<Spanned<u32>>| s.map(|s| s.span);
        match slot {
            Slot::WinMethod => self.win_method.map(|m| m.span),
            Slot::Seat => value(&self.seat),
            Slot::Round => value(&self.round),
            Slot::Riichi => self.riichi,
            Slot::DoubleRiichi => self.double_riichi,
            Slot::Ippatsu => self.ippatsu,
            Slot::Last => self.last,
            Slot::Replacement => self.replacement,
            Slot::Robbed => self.robbed,
            Slot::RobbedKita => self.robbed_kita,
            Slot::RobbedConcealed => self.robbed_concealed,
            Slot::First => self.first,
            Slot::DoubleReplacement => self.double_replacement,
            Slot::Dora => first(&self.dora, |t| t.span).or(first(&self.dora_flowers, |t| t.span)),
            Slot::Ura => first(&self.ura, |t| t.span),
            Slot::Waiting => first(&self.waiting, |w| w.span),
            Slot::Draws => count(&self.draws),
            Slot::Honba => count(&self.honba),
            Slot::Sticks => count(&self.sticks),
            Slot::Discards => first(&self.discards, |t| t.span),
            Slot::Win => self.win.map(|t| t.span),
            Slot::KongFrom => first(&self.kong_from, |k| k.span),
            Slot::Dealt => first(&self.dealt, |d| d.span),
            Slot::OthersFan => first(&self.others_fan, |o| o.0.span),
            Slot::OthersFly => first(&self.others_fly, |o| o.0.span),
        }
    }
}

/// A limit named in place of a value (`mangan`, `double-yakuman`, `half-limit`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitName {
    /// `mangan`.
    Mangan,
    /// `haneman`.
    Haneman,
    /// `baiman`.
    Baiman,
    /// `sanbaiman`.
    Sanbaiman,
    /// `yakuman`.
    Yakuman,
    /// `double-yakuman`.
    DoubleYakuman,
    /// `triple-yakuman`.
    TripleYakuman,
    /// `half-limit` (points system).
    HalfLimit,
    /// `full-limit` (points system).
    FullLimit,
}

impl LimitName {
    /// Every limit name, in order of value within its system.
    pub const ALL: [LimitName; 9] = [
        LimitName::Mangan,
        LimitName::Haneman,
        LimitName::Baiman,
        LimitName::Sanbaiman,
        LimitName::Yakuman,
        LimitName::DoubleYakuman,
        LimitName::TripleYakuman,
        LimitName::HalfLimit,
        LimitName::FullLimit,
    ];

    /// The word as written.
    pub fn word(self) -> &'static str {
        match self {
            LimitName::Mangan => "mangan",
            LimitName::Haneman => "haneman",
            LimitName::Baiman => "baiman",
            LimitName::Sanbaiman => "sanbaiman",
            LimitName::Yakuman => "yakuman",
            LimitName::DoubleYakuman => "double-yakuman",
            LimitName::TripleYakuman => "triple-yakuman",
            LimitName::HalfLimit => "half-limit",
            LimitName::FullLimit => "full-limit",
        }
    }

    /// The limit as a table names it, as the score says what it reached (`mangan`, `2×
    /// yakuman`, `full limit`; `results::Limit::name` is this one's, `rules::Class::worth`
    /// writes the yakuman counts alike, a test holds them together).
    pub fn name(self) -> &'static str {
        match self {
            LimitName::DoubleYakuman => "2× yakuman",
            LimitName::TripleYakuman => "3× yakuman",
            LimitName::HalfLimit => "half limit",
            LimitName::FullLimit => "full limit",
            other => other.word(),
        }
    }

    /// The limit `word` names.
    pub fn from_word(word: &str) -> Option<LimitName> {
        LimitName::ALL.into_iter().find(|l| l.word() == word)
    }

    /// How many yakuman the name is (0: not a yakuman).
    pub fn yakuman(self) -> u32 {
        match self {
            LimitName::Yakuman => 1,
            LimitName::DoubleYakuman => 2,
            LimitName::TripleYakuman => 3,
            _ => 0,
        }
    }
}

/// A win stated by its value in place of tiles, as written (`3 han 40 fu`, `mangan`,
/// `6 fan`, `5 hand-points 8 bonus-points`); which values a ruleset takes is checked later.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueInput {
    /// `N han`, `N han M fu`.
    Han {
        /// The han.
        han: Spanned<u32>,
        /// The fu, when given.
        fu: Option<Spanned<u32>>,
    },
    /// `N fan`.
    Fan(Spanned<u32>),
    /// `N hand-points`, `N hand-points M bonus-points`.
    Points {
        /// The hand-points.
        hand: Spanned<u32>,
        /// The bonus-points, when given.
        bonus: Option<Spanned<u32>>,
    },
    /// A limit by name, with bonus-points after a points-system limit.
    Limit {
        /// The limit.
        limit: Spanned<LimitName>,
        /// The bonus-points, when given.
        bonus: Option<Spanned<u32>>,
    },
}

impl ValueInput {
    /// Where the whole value was written.
    pub fn span(&self) -> Span {
        let (first, second) = match self {
            ValueInput::Han { han, fu } => (han.span, fu.map(|f| f.span)),
            ValueInput::Fan(fan) => (fan.span, None),
            ValueInput::Points { hand, bonus } => (hand.span, bonus.map(|b| b.span)),
            ValueInput::Limit { limit, bonus } => (limit.span, bonus.map(|b| b.span)),
        };
        Span::new(first.start, second.unwrap_or(first).end)
    }
}

/// A parsed but not yet validated hand.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HandInput {
    /// Concealed tiles in the order written.
    pub concealed: Vec<TileToken>,
    /// Jokers (`J`) among the concealed tiles.
    pub jokers: Vec<Span>,
    /// Declared sets.
    pub declared: Vec<DeclaredInput>,
    /// Bonus tiles set aside.
    pub bonus: Vec<BonusToken>,
    /// Context words and keys.
    pub context: ContextInput,
    /// The value the win is stated by, in place of tiles (`3 han 40 fu`).
    pub value: Option<ValueInput>,
}

#[cfg(test)]
mod tests {
    use crate::notation::{CONTEXT, parse_hand};

    #[test]
    fn every_context_entry_is_kept_where_its_slot_says() {
        for entry in CONTEXT {
            let written = entry.example.unwrap_or(entry.name);
            let hand = parse_hand(&format!("123p {written}")).expect("the example parses");
            assert!(hand.context.given(entry.slot).is_some(), "{written}");
            for alias in entry.aliases {
                let hand = parse_hand(&format!("123p {alias}")).expect("the alias parses");
                assert!(hand.context.given(entry.slot).is_some(), "{alias}");
            }
        }
    }
}
