//! The words a `[game]` key takes: one enum per worded setting, each variant a word as the
//! TOML spells it (kebab-case), documented with the rule text behind it; and the probe that
//! reads an enum's words from its serde derive, so the choices cannot drift from what a
//! house file may write.

use serde::{Deserialize, Serialize};

/// Who deals the next hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DealerRule {
    /// The dealer keeps the seat on his own win; a non-dealer's win passes it to the right
    /// (003 §3.5). A draw is settled by [`DealerAtDraw`].
    StaysOnWin,
    /// The dealership passes to the right after every hand, won or drawn (000 §Hands, rounds,
    /// and matches).
    PassesEveryHand,
    /// The winner deals the next hand (000 §Malaysia); a draw is settled by [`DealerAtDraw`].
    WinnerDeals,
}

/// Whether the dealer keeps the seat after an exhaustive draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DealerAtDraw {
    /// East round: only if the dealer is tenpai or nobody is; later rounds: always (003 §3.5).
    EastStrict,
    /// Only if the dealer is tenpai.
    IfTenpai,
    /// Always.
    Stays,
    /// Never.
    Passes,
}

/// How the counters change at an exhaustive draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CountersAtDraw {
    /// One counter more at every draw, whoever deals next.
    AddOne,
    /// One more when the dealer keeps the seat; a new dealer takes the same number.
    DealerStays,
}

/// Two players claim one discard for a win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MultipleRon {
    /// Both win; the discarder pays both (003 §9.7).
    AllWin,
    /// One wins: the hand with more hand-points, then more bonus-points, then the first in
    /// claim order from the discarder (000 §Priority of stealing tiles).
    Priority,
    /// One wins: the first in claim order from the discarder.
    FirstInTurn,
}

/// The order in which claims are ranked, counted from the discarder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimOrder {
    /// The player to the discarder's right first, as play goes (000, 001 §Priority).
    Anticlockwise,
    /// The player to the discarder's left first (004 §Priority of stealing tiles).
    Clockwise,
}

/// Who of two winners on one discard takes the riichi sticks on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SticksTo {
    /// The first winner in turn order after the dealer, the dealer himself last (003 §9.7
    /// read literally: "the player who is next in sequence (anticlockwise) to the Oya").
    FirstFromDealer,
    /// The first winner in turn order counting from the dealer, the dealer first (003 §9.7
    /// read as counting from the Oya's own seat).
    DealerFirst,
    /// The first winner in turn order after the discarder (head bump).
    FirstFromDiscarder,
}

/// Which of two winners on one discard is paid the counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DoubleRonCounters {
    /// Only the winner who takes the sticks.
    WithSticks,
    /// Each winner.
    Each,
}

/// The counters after a double ron that the dealer is one of the winners of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DealerDoubleRon {
    /// One more, as after any dealer win.
    AddOne,
    /// Removed, as after a non-dealer's win.
    Clear,
}

/// A ron on the tile a player discarded declaring riichi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeclarationTileRon {
    /// The declaration stands void: no stick is put out (003 §12 Riichi).
    NoStick,
    /// The stick was put out before the discard and stays (003 §9.4).
    StickPaid,
}

/// Whether a player below zero ends the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Bust {
    /// The game ends after a hand that leaves a player below zero.
    BelowZero,
    /// The game goes on.
    Never,
}

/// Riichi sticks still on the table when the game ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LeftoverSticks {
    /// To the player in first place.
    ToFirst,
    /// They stay on the table: nobody is paid them.
    Stay,
}

/// All three players declared ready in one hand (000 §Three declared ready).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ThreeReady {
    /// No special rule.
    NoRule,
    /// The hand is a draw.
    Draw,
    /// The winner wins only the hand-points.
    HandPointsOnly,
}

/// A goulash still pending when the last hand was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GoulashAtEnd {
    /// The game ends; nobody collects it.
    Lapses,
    /// Hands are played on until one is won.
    PlayOn,
}

/// Who pays for a promoted kong on the spot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PromotedKongPayer {
    /// Each other player pays the open-kong amount.
    Each,
    /// The player who fed the pong pays for both.
    PongFeeder,
}

/// What the liable player pays on a ron.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PaoRon {
    /// Half; the discarder the other half.
    Half,
    /// All of it.
    All,
}

/// Who pays the counters (honba) of a ron the liable player shares with the discarder
/// (`pao-ron = "half"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PaoRonCounters {
    /// Halved with the rest of the payment (003 §12 Daisangen: "split the payment").
    Split,
    /// All of them the liable player (Tenhou, Mahjong Soul; riichi.wiki "Sekinin barai").
    Liable,
    /// All of them the discarder (older riichi.wiki "Sekinin barai"; Ron2).
    Discarder,
}

/// A hand at an exhaustive draw whose only waits are tiles the player holds every copy of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum OwnTilesWait {
    /// Not tenpai, wherever the copies are: a wait on a tile that cannot come.
    NotTenpai,
    /// Tenpai unless all the copies are among his concealed tiles: copies in his own pongs
    /// and kongs leave the shape tenpai (Tenhou, Mahjong Soul; riichi.wiki "Karaten").
    TenpaiUnlessConcealed,
}

/// Whether a limit hand also collects its bonus-points (points system).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LimitHandBonus {
    /// The limit alone: "there is no need to total the other points" (000 §Limit hand).
    LimitAlone,
    /// The limit in place of the hand-points, and the bonus-points paid on top as for any
    /// hand, a waiting player's less the waiting discount.
    LimitPlusBonus,
}

/// The settlement between two non-winners whose hands are both below the minimum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BothBelow {
    /// Nothing is paid between them.
    Nothing,
    /// The weaker pays the stronger the stronger hand's points, as a hand below the minimum
    /// pays one that reaches it.
    WeakerPaysStronger,
    /// The weaker pays the difference, as between two hands that reach the minimum.
    Difference,
}

/// A non-winner's hand worth exactly the minimum, in the settlement between the non-winners.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum AtMinimum {
    /// It reaches the minimum ("more than 5" read as "5 or more").
    Reaches,
    /// It is below it ("more than 5" read strictly).
    Below,
}

/// Whose fly tiles (jokers) earn the fly bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FlyBonusTo {
    /// Every player's, each paid by each other player (`others-fly=` gives the non-winners').
    EveryPlayer,
    /// The winner's only, paid by each opponent.
    WinnerOnly,
}

/// An abortive draw: a hand ended before the wall ran out, no winner (none in the sources).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum AbortiveDraw {
    /// Kyuushu kyuuhai: a player declares nine different terminals and honours on his first
    /// draw, before any call.
    NineTerminals,
    /// Suukaikan: the fourth kong of the hand, the four not all one player's.
    FourKans,
}

impl AbortiveDraw {
    /// The word of the record and the `[game]` table (`nine-terminals`).
    pub fn word(self) -> &'static str {
        match self {
            AbortiveDraw::NineTerminals => "nine-terminals",
            AbortiveDraw::FourKans => "four-kans",
        }
    }
}

/// The variant names serde's derive hands a deserializer for `T`, if `T` is an enum or a
/// list of one; `None` for any other type.
pub(super) fn variants<T: serde::de::DeserializeOwned>() -> Option<&'static [&'static str]> {
    match T::deserialize(VariantProbe) {
        Err(Variants(Some(names))) => Some(names),
        _ => None,
    }
}

/// A deserializer that reads nothing: asked for an enum, it answers with the enum's variants.
struct VariantProbe;

/// The probe's answer, carried as its error: the variants, or none when `T` is no enum.
#[derive(Debug)]
struct Variants(Option<&'static [&'static str]>);

impl std::fmt::Display for Variants {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not an enum")
    }
}

impl std::error::Error for Variants {}

impl serde::de::Error for Variants {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Variants(None)
    }
}

impl<'de> serde::Deserializer<'de> for VariantProbe {
    type Error = Variants;

    fn deserialize_any<V: serde::de::Visitor<'de>>(self, _: V) -> Result<V::Value, Variants> {
        Err(Variants(None))
    }

    fn deserialize_enum<V: serde::de::Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Variants> {
        Err(Variants(Some(variants)))
    }

    /// A list: the words of its items' type, asked of its first item.
    fn deserialize_seq<V: serde::de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, Variants> {
        visitor.visit_seq(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct tuple tuple_struct map struct identifier
        ignored_any
    }
}

impl<'de> serde::de::SeqAccess<'de> for VariantProbe {
    type Error = Variants;

    fn next_element_seed<T: serde::de::DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Variants> {
        seed.deserialize(VariantProbe).map(Some)
    }
}
