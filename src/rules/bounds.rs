//! The largest value each bounded key of a ruleset may take, so that no payment can overflow:
//! read by the checks and by the errors that state a key's range (a `[game]` key's from the
//! kind its row in the game table gives it).

use super::game::{GameSetting, Kind, Unit, setting};

/// Largest point amount a ruleset may set (`scoring.limit`, `fan.base-points`,
/// `han.riichi-stick`, a `[[han.table]]` payment, …).
pub(super) const MAX_POINTS: u32 = 1_000_000;
/// Largest criterion value or open value, `fan.cap`, or han or yakuman of a table row.
pub(super) const MAX_COUNT: u32 = 100;
/// Largest `fan.*-multiplier`.
pub(super) const MAX_MULTIPLIER: u32 = 10;
/// Most jokers a tile set may hold: the joker search grows with the number of jokers (four,
/// the Malaysian set, score in under a millisecond; twelve took seconds).
pub(super) const MAX_JOKERS: u32 = 8;

/// The largest value the key of `parts` (`["fan", "cap"]`) may take, for the keys the
/// loader's range check bounds (a `[[han.table]]` row's index is not read); `None` for the
/// rest, which only their type bounds.
pub(super) fn bound_of(parts: &[String]) -> Option<u32> {
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    match parts.as_slice() {
        ["criteria", _, "value" | "open-value"]
        | ["fan", "cap"]
        | ["han", "table", _, "han" | "yakuman"] => Some(MAX_COUNT),
        ["fan", multiplier] if multiplier.ends_with("-multiplier") => Some(MAX_MULTIPLIER),
        ["tiles", "jokers"] => Some(MAX_JOKERS),
        ["game", key] => Some(setting(key).map_or(MAX_POINTS, game_bound)),
        ["scoring", "limit" | "half-limit"]
        | ["payment", "goulash-per-draw" | "waiting-discount"]
        | ["fan", _]
        | [
            "han",
            "honba-ron" | "honba-tsumo" | "riichi-stick" | "goulash-per-draw",
        ]
        | ["han", "table", _, _] => Some(MAX_POINTS),
        _ => None,
    }
}

/// The most wind rounds a game may have.
pub(super) const MAX_ROUNDS: u32 = 12;

/// The largest value a `[game]` setting may take: a number of wind rounds `MAX_ROUNDS`, any
/// other number (or an uma's place, either side of zero) an amount of points.
pub(super) fn game_bound(setting: &GameSetting) -> u32 {
    match setting.kind {
        Kind::Number(Unit::WindRounds) => MAX_ROUNDS,
        _ => MAX_POINTS,
    }
}
