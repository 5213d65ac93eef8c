//! The `[game]` table: how a whole game flows around its wins — starting points, the dealer's
//! rotation, counters, riichi sticks and noten payments, two wins on one discard, liability
//! (pao), chombo, on-the-spot payments, goulash, and the end of the game. The file form
//! (every key optional), the values with their defaults ([`GameRules`]), and which scoring
//! systems read each key. `docs/game.md` explains every key and the rule texts behind it.

use serde::{Deserialize, Serialize};

use super::error::{KeyError, KeyPath};
use super::system::System;
use crate::check::Check;

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

/// The `[game]` table as written: every key optional.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GameFile {
    /// Points each player starts with.
    pub starting_points: Option<u32>,
    /// Wind rounds in a game (East, South, West, East, …); 0: no fixed end.
    pub rounds: Option<u32>,
    /// Who deals the next hand.
    pub dealer: Option<DealerRule>,
    /// Whether the dealer keeps the seat after an exhaustive draw.
    pub dealer_at_draw: Option<DealerAtDraw>,
    /// How the counters change at an exhaustive draw.
    pub counters_at_draw: Option<CountersAtDraw>,
    /// What a noten player pays each tenpai player at an exhaustive draw.
    pub noten_payment: Option<u32>,
    /// Two players claim one discard for a win.
    pub multiple_ron: Option<MultipleRon>,
    /// The order claims are ranked in.
    pub claim_order: Option<ClaimOrder>,
    /// Who of two winners on one discard takes the riichi sticks.
    pub double_ron_sticks: Option<SticksTo>,
    /// Which of two winners on one discard is paid the counters.
    pub double_ron_counters: Option<DoubleRonCounters>,
    /// The counters after a double ron the dealer is one of the winners of.
    pub dealer_double_ron: Option<DealerDoubleRon>,
    /// A ron on a riichi declaration tile.
    pub declaration_tile_ron: Option<DeclarationTileRon>,
    /// The fewest tiles left in the wall to declare riichi (checked when `left=` is given).
    pub riichi_tiles_left: Option<u32>,
    /// Points each player must return at the end (the oka is what the others' starting points
    /// above it come to); 0: none.
    pub target_points: Option<u32>,
    /// Nobody at the target after the last round: the next wind round is played, and the game
    /// ends as soon as somebody reaches it.
    pub extension: Option<bool>,
    /// In the extra round a dealer who keeps the deal by a win or a tenpai draw, and is not
    /// first at the target, plays on though another player reached it.
    pub extension_repeat: Option<bool>,
    /// Whether a player below zero ends the game.
    pub bust: Option<Bust>,
    /// In the game's last hand the dealer in first place at the target ends it by a win or a
    /// tenpai draw.
    pub last_dealer_stops: Option<bool>,
    /// Riichi sticks left on the table at the end.
    pub leftover_sticks: Option<LeftoverSticks>,
    /// Points added to first, second and third place at the end.
    pub uma: Option<Vec<i64>>,
    /// A non-dealer's chombo: what he pays the dealer.
    pub chombo_to_dealer: Option<u32>,
    /// A non-dealer's chombo: what he pays the other non-dealer.
    pub chombo_to_non_dealer: Option<u32>,
    /// The dealer's chombo: what he pays each other player.
    pub chombo_by_dealer: Option<u32>,
    /// After a chombo the hand is played again: same dealer, same counters, riichi sticks of
    /// the hand handed back.
    pub chombo_replays: Option<bool>,
    /// The criteria (by detector) whose last set makes its feeder liable.
    pub pao: Option<Vec<Check>>,
    /// What the liable player pays on a ron.
    pub pao_ron: Option<PaoRon>,
    /// Who pays the counters of a ron the liable player shares with the discarder.
    pub pao_ron_counters: Option<PaoRonCounters>,
    /// A hand at a draw whose only waits are tiles the player holds every copy of.
    pub own_tiles_wait: Option<OwnTilesWait>,
    /// A player whose discards were all terminals and honours, none claimed, is paid a
    /// mangan by self-draw at an exhaustive draw (nagashi mangan).
    pub nagashi_mangan: Option<bool>,
    /// Most drawn hands the goulash counts (0: no cap).
    pub goulash_cap: Option<u32>,
    /// A goulash still pending after the last hand.
    pub goulash_at_end: Option<GoulashAtEnd>,
    /// All three players declared ready.
    pub three_declared_ready: Option<ThreeReady>,
    /// A player who declared ready counts as waiting (`waiting=`).
    pub declared_ready_is_waiting: Option<bool>,
    /// Who pays for a promoted kong on the spot.
    pub promoted_kong_payer: Option<PromotedKongPayer>,
    /// Whether a limit hand also collects its bonus-points.
    pub limit_hand_bonus: Option<LimitHandBonus>,
    /// Two non-winners both below the minimum: what passes between them.
    pub non_winners_both_below: Option<BothBelow>,
    /// A non-winner's hand of exactly the minimum: whether it reaches it.
    pub non_winners_at_minimum: Option<AtMinimum>,
    /// Whose fly tiles earn the fly bonus.
    pub fly_bonus_to: Option<FlyBonusTo>,
    /// The abortive draws played: the hand ends with no payment, the dealer stays and one
    /// counter is added.
    pub abortive_draws: Option<Vec<AbortiveDraw>>,
}

/// The `[game]` rules with their defaults applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct GameRules {
    /// See [`GameFile::starting_points`].
    pub starting_points: u32,
    /// See [`GameFile::rounds`].
    pub rounds: u32,
    /// See [`GameFile::dealer`].
    pub dealer: DealerRule,
    /// See [`GameFile::dealer_at_draw`].
    pub dealer_at_draw: DealerAtDraw,
    /// See [`GameFile::counters_at_draw`].
    pub counters_at_draw: CountersAtDraw,
    /// See [`GameFile::noten_payment`].
    pub noten_payment: u32,
    /// See [`GameFile::multiple_ron`].
    pub multiple_ron: MultipleRon,
    /// See [`GameFile::claim_order`].
    pub claim_order: ClaimOrder,
    /// See [`GameFile::double_ron_sticks`].
    pub double_ron_sticks: SticksTo,
    /// See [`GameFile::double_ron_counters`].
    pub double_ron_counters: DoubleRonCounters,
    /// See [`GameFile::dealer_double_ron`].
    pub dealer_double_ron: DealerDoubleRon,
    /// See [`GameFile::declaration_tile_ron`].
    pub declaration_tile_ron: DeclarationTileRon,
    /// See [`GameFile::riichi_tiles_left`].
    pub riichi_tiles_left: u32,
    /// See [`GameFile::target_points`].
    pub target_points: u32,
    /// See [`GameFile::extension`].
    pub extension: bool,
    /// See [`GameFile::extension_repeat`].
    pub extension_repeat: bool,
    /// See [`GameFile::bust`].
    pub bust: Bust,
    /// See [`GameFile::last_dealer_stops`].
    pub last_dealer_stops: bool,
    /// See [`GameFile::leftover_sticks`].
    pub leftover_sticks: LeftoverSticks,
    /// See [`GameFile::uma`]: first, second, third.
    pub uma: [i64; 3],
    /// See [`GameFile::chombo_to_dealer`].
    pub chombo_to_dealer: u32,
    /// See [`GameFile::chombo_to_non_dealer`].
    pub chombo_to_non_dealer: u32,
    /// See [`GameFile::chombo_by_dealer`].
    pub chombo_by_dealer: u32,
    /// See [`GameFile::chombo_replays`].
    pub chombo_replays: bool,
    /// See [`GameFile::pao`].
    pub pao: Vec<Check>,
    /// See [`GameFile::pao_ron`].
    pub pao_ron: PaoRon,
    /// See [`GameFile::pao_ron_counters`].
    pub pao_ron_counters: PaoRonCounters,
    /// See [`GameFile::own_tiles_wait`].
    pub own_tiles_wait: OwnTilesWait,
    /// See [`GameFile::nagashi_mangan`].
    pub nagashi_mangan: bool,
    /// See [`GameFile::goulash_cap`].
    pub goulash_cap: u32,
    /// See [`GameFile::goulash_at_end`].
    pub goulash_at_end: GoulashAtEnd,
    /// See [`GameFile::three_declared_ready`].
    pub three_declared_ready: ThreeReady,
    /// See [`GameFile::declared_ready_is_waiting`].
    pub declared_ready_is_waiting: bool,
    /// See [`GameFile::promoted_kong_payer`].
    pub promoted_kong_payer: PromotedKongPayer,
    /// See [`GameFile::limit_hand_bonus`].
    pub limit_hand_bonus: LimitHandBonus,
    /// See [`GameFile::non_winners_both_below`].
    pub non_winners_both_below: BothBelow,
    /// See [`GameFile::non_winners_at_minimum`].
    pub non_winners_at_minimum: AtMinimum,
    /// See [`GameFile::fly_bonus_to`].
    pub fly_bonus_to: FlyBonusTo,
    /// See [`GameFile::abortive_draws`].
    pub abortive_draws: Vec<AbortiveDraw>,
}

impl GameRules {
    /// `file` with the defaults of `system` filled in: the flow of the system's base text
    /// (003 for the han systems, 000's Korean rules for points, 000 §Malaysia for fan).
    pub(super) fn resolve(file: &GameFile, system: System) -> Result<GameRules, KeyError> {
        if let Some(uma) = &file.uma
            && uma.len() != 3
        {
            return Err(KeyError::new(
                KeyPath::new(["game", "uma"]),
                format!(
                    "`game.uma` has {} values; it takes three: first, second and third place",
                    uma.len()
                ),
            ));
        }
        let han = system.counts_han();
        let fan = system == System::Fan;
        let (dealer, dealer_at_draw, rounds, starting) = match system {
            System::HanFu | System::HanTable => {
                (DealerRule::StaysOnWin, DealerAtDraw::EastStrict, 3, 35_000)
            }
            System::Points => (DealerRule::PassesEveryHand, DealerAtDraw::Passes, 3, 0),
            System::Fan => (DealerRule::WinnerDeals, DealerAtDraw::Stays, 0, 0),
        };
        let uma = file.uma.as_deref().unwrap_or(&[0, 0, 0]);
        let place = |i: usize| uma.get(i).copied().unwrap_or(0);
        Ok(GameRules {
            starting_points: file.starting_points.unwrap_or(starting),
            rounds: file.rounds.unwrap_or(rounds),
            dealer: file.dealer.unwrap_or(dealer),
            dealer_at_draw: file.dealer_at_draw.unwrap_or(dealer_at_draw),
            counters_at_draw: file.counters_at_draw.unwrap_or(CountersAtDraw::AddOne),
            noten_payment: file.noten_payment.unwrap_or(if han { 1000 } else { 0 }),
            multiple_ron: file.multiple_ron.unwrap_or(match system {
                System::Points => MultipleRon::Priority,
                System::Fan => MultipleRon::FirstInTurn,
                _ => MultipleRon::AllWin,
            }),
            claim_order: file.claim_order.unwrap_or(ClaimOrder::Anticlockwise),
            double_ron_sticks: file.double_ron_sticks.unwrap_or(SticksTo::FirstFromDealer),
            double_ron_counters: file
                .double_ron_counters
                .unwrap_or(DoubleRonCounters::WithSticks),
            dealer_double_ron: file.dealer_double_ron.unwrap_or(DealerDoubleRon::AddOne),
            declaration_tile_ron: file
                .declaration_tile_ron
                .unwrap_or(DeclarationTileRon::NoStick),
            riichi_tiles_left: file.riichi_tiles_left.unwrap_or(3),
            target_points: file.target_points.unwrap_or(0),
            extension: file.extension.unwrap_or(false),
            extension_repeat: file.extension_repeat.unwrap_or(false),
            bust: file
                .bust
                .unwrap_or(if han { Bust::BelowZero } else { Bust::Never }),
            last_dealer_stops: file.last_dealer_stops.unwrap_or(false),
            leftover_sticks: file.leftover_sticks.unwrap_or(LeftoverSticks::ToFirst),
            uma: [place(0), place(1), place(2)],
            chombo_to_dealer: file.chombo_to_dealer.unwrap_or(0),
            chombo_to_non_dealer: file.chombo_to_non_dealer.unwrap_or(0),
            chombo_by_dealer: file.chombo_by_dealer.unwrap_or(0),
            chombo_replays: file.chombo_replays.unwrap_or(true),
            pao: file.pao.clone().unwrap_or_default(),
            pao_ron: file
                .pao_ron
                .unwrap_or(if fan { PaoRon::All } else { PaoRon::Half }),
            pao_ron_counters: file.pao_ron_counters.unwrap_or(PaoRonCounters::Split),
            own_tiles_wait: file.own_tiles_wait.unwrap_or(OwnTilesWait::NotTenpai),
            nagashi_mangan: file.nagashi_mangan.unwrap_or(false),
            goulash_cap: file.goulash_cap.unwrap_or(0),
            goulash_at_end: file.goulash_at_end.unwrap_or(GoulashAtEnd::Lapses),
            three_declared_ready: file.three_declared_ready.unwrap_or(ThreeReady::NoRule),
            declared_ready_is_waiting: file.declared_ready_is_waiting.unwrap_or(false),
            promoted_kong_payer: file.promoted_kong_payer.unwrap_or(PromotedKongPayer::Each),
            limit_hand_bonus: file.limit_hand_bonus.unwrap_or(LimitHandBonus::LimitAlone),
            non_winners_both_below: file.non_winners_both_below.unwrap_or(BothBelow::Nothing),
            non_winners_at_minimum: file.non_winners_at_minimum.unwrap_or(AtMinimum::Reaches),
            fly_bonus_to: file.fly_bonus_to.unwrap_or(FlyBonusTo::EveryPlayer),
            abortive_draws: file.abortive_draws.clone().unwrap_or_default(),
        })
    }
}

impl GameRules {
    /// Each key the ruleset's `system` reads, as written in `[game]`, with its value
    /// (`rounds`, `3`; `dealer`, `stays-on-win`), in the table's order.
    pub fn settings(&self, system: System) -> Vec<(String, String)> {
        self.settings_read_by(&[system])
    }

    /// Each key one of `systems` reads, as written in `[game]`, with its value, in the
    /// table's order (two rulesets compared: the keys either reads).
    pub fn settings_read_by(&self, systems: &[System]) -> Vec<(String, String)> {
        self.values_read_by(systems)
            .into_iter()
            .map(|(key, value)| {
                let shown = match value {
                    toml::Value::String(text) => text,
                    other => other.to_string(),
                };
                (key, shown)
            })
            .collect()
    }

    /// Each key the ruleset's `system` reads, with its value as TOML holds it (a number, a
    /// word, a boolean, a list), in the table's order.
    pub fn values(&self, system: System) -> Vec<(String, toml::Value)> {
        self.values_read_by(&[system])
    }

    /// Each key one of `systems` reads, with its value as TOML holds it, in the table's order
    /// (two rulesets compared: the keys either reads).
    pub fn values_read_by(&self, systems: &[System]) -> Vec<(String, toml::Value)> {
        let Ok(toml::Value::Table(table)) = toml::Value::try_from(self) else {
            return Vec::new();
        };
        table
            .into_iter()
            .filter(|(key, _)| game_key_read_by(key).iter().any(|s| systems.contains(s)))
            .collect()
    }
}

/// The words a `[game]` key takes, as the TOML spells them, when it takes one of a few (an
/// enum, or a list of one); `None` for numbers, booleans and lists of criteria. Read from the
/// serde types themselves, so the list cannot drift from what a house file may write.
pub fn game_choices(key: &str) -> Option<&'static [&'static str]> {
    match key {
        "dealer" => variants::<DealerRule>(),
        "dealer-at-draw" => variants::<DealerAtDraw>(),
        "counters-at-draw" => variants::<CountersAtDraw>(),
        "multiple-ron" => variants::<MultipleRon>(),
        "claim-order" => variants::<ClaimOrder>(),
        "double-ron-sticks" => variants::<SticksTo>(),
        "double-ron-counters" => variants::<DoubleRonCounters>(),
        "dealer-double-ron" => variants::<DealerDoubleRon>(),
        "declaration-tile-ron" => variants::<DeclarationTileRon>(),
        "bust" => variants::<Bust>(),
        "leftover-sticks" => variants::<LeftoverSticks>(),
        "pao-ron" => variants::<PaoRon>(),
        "pao-ron-counters" => variants::<PaoRonCounters>(),
        "own-tiles-wait" => variants::<OwnTilesWait>(),
        "goulash-at-end" => variants::<GoulashAtEnd>(),
        "three-declared-ready" => variants::<ThreeReady>(),
        "promoted-kong-payer" => variants::<PromotedKongPayer>(),
        "limit-hand-bonus" => variants::<LimitHandBonus>(),
        "non-winners-both-below" => variants::<BothBelow>(),
        "non-winners-at-minimum" => variants::<AtMinimum>(),
        "fly-bonus-to" => variants::<FlyBonusTo>(),
        "abortive-draws" => variants::<AbortiveDraw>(),
        _ => None,
    }
}

/// The variant names serde's derive hands a deserializer for `T`, if `T` is an enum.
fn variants<T: serde::de::DeserializeOwned>() -> Option<&'static [&'static str]> {
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

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct identifier
        ignored_any
    }
}

const ALL: &[System] = System::ALL;
const HAN: &[System] = &[System::HanFu, System::HanTable];
const HAN_FU: &[System] = &[System::HanFu];
const POINTS: &[System] = &[System::Points];
const FAN: &[System] = &[System::Fan];
const CLAIMS: &[System] = &[System::Points, System::Fan];

/// The systems that read `game.key`.
pub(super) fn game_key_read_by(key: &str) -> &'static [System] {
    match key {
        "counters-at-draw"
        | "noten-payment"
        | "double-ron-sticks"
        | "double-ron-counters"
        | "dealer-double-ron"
        | "declaration-tile-ron"
        | "riichi-tiles-left"
        | "pao-ron-counters"
        | "own-tiles-wait"
        | "abortive-draws" => HAN,
        "nagashi-mangan" => HAN_FU,
        "claim-order" => CLAIMS,
        "goulash-cap"
        | "goulash-at-end"
        | "three-declared-ready"
        | "declared-ready-is-waiting"
        | "limit-hand-bonus" => POINTS,
        "promoted-kong-payer"
        | "non-winners-both-below"
        | "non-winners-at-minimum"
        | "fly-bonus-to" => FAN,
        _ => ALL,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_setting_of_every_shipped_ruleset_has_its_choices_and_holds_one() {
        for name in crate::rules::shipped_names() {
            let rules = crate::rules::load(name).expect("a shipped ruleset loads");
            for (key, value) in rules.game.values(rules.system) {
                let words: Vec<&str> = match &value {
                    toml::Value::String(word) => vec![word.as_str()],
                    toml::Value::Array(items) if items.iter().all(toml::Value::is_str) => {
                        items.iter().filter_map(toml::Value::as_str).collect()
                    }
                    _ => continue,
                };
                if key == "pao" {
                    continue; // criteria's keys, not a closed set of words
                }
                let choices = game_choices(&key).unwrap_or_else(|| panic!("{name}: {key}"));
                for word in words {
                    assert!(choices.contains(&word), "{name}: {key} = {word}");
                }
            }
        }
        // Near-misses: a number and an unknown key have none.
        assert_eq!(game_choices("rounds"), None);
        assert_eq!(game_choices("no-such-key"), None);
    }
}
