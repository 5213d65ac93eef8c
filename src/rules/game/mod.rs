//! The `[game]` table: how a whole game flows around its wins — starting points, the dealer's
//! rotation, counters, riichi sticks and noten payments, two wins on one discard, liability
//! (pao), chombo, on-the-spot payments, goulash, and the end of the game. One row per setting
//! below makes the file form ([`GameFile`]), the values with their defaults ([`GameRules`]),
//! the rows ([`SETTINGS`]: key, kind, help, the systems that read it) that the scope check,
//! the range check, `docs/game.md`'s table and the web page's option list are made from.
//! `docs/game.md` explains every key and the rule texts behind it.

mod table;
mod words;

use serde::{Deserialize, Serialize};

use super::system::System;
use crate::check::Check;
pub use table::{GameSetting, Kind, Unit};
use table::{file_type, from_file, game_settings};
use words::variants;
pub use words::{
    AbortiveDraw, AtMinimum, BothBelow, Bust, ClaimOrder, CountersAtDraw, DealerAtDraw,
    DealerDoubleRon, DealerRule, DeclarationTileRon, DoubleRonCounters, FlyBonusTo, GoulashAtEnd,
    LeftoverSticks, LimitHandBonus, MultipleRon, OwnTilesWait, PaoRon, PaoRonCounters,
    PromotedKongPayer, SticksTo, ThreeReady,
};

game_settings! { system;
    /// The points each player starts the game with.
    starting_points "starting-points": u32, Kind::Number(Unit::Points),
        default if system.counts_han() { 35_000 } else { 0 },
        read by [Points, Fan, HanFu, HanTable];
    /// How many wind rounds the game lasts (East, South, West, then East again); 0 plays on
    /// with no fixed end.
    rounds "rounds": u32, Kind::Number(Unit::WindRounds),
        default if system == System::Fan { 0 } else { 3 },
        read by [Points, Fan, HanFu, HanTable];
    /// Who deals the next hand.
    dealer "dealer": DealerRule, Kind::Word,
        default match system {
            System::HanFu | System::HanTable => DealerRule::StaysOnWin,
            System::Points => DealerRule::PassesEveryHand,
            System::Fan => DealerRule::WinnerDeals,
        },
        read by [Points, Fan, HanFu, HanTable];
    /// Whether the dealer deals again after a hand that nobody wins.
    dealer_at_draw "dealer-at-draw": DealerAtDraw, Kind::Word,
        default match system {
            System::HanFu | System::HanTable => DealerAtDraw::EastStrict,
            System::Points => DealerAtDraw::Passes,
            System::Fan => DealerAtDraw::Stays,
        },
        read by [Points, Fan, HanFu, HanTable];
    /// How the counters change after a hand that nobody wins: one more every time, or one more
    /// only when the dealer stays.
    counters_at_draw "counters-at-draw": CountersAtDraw, Kind::Word,
        default CountersAtDraw::AddOne, read by [HanFu, HanTable];
    /// What a player who is not ready pays each ready player when nobody wins.
    noten_payment "noten-payment": u32, Kind::Number(Unit::Points),
        default if system.counts_han() { 1000 } else { 0 }, read by [HanFu, HanTable];
    /// What happens when two players win on the same discard.
    multiple_ron "multiple-ron": MultipleRon, Kind::Word,
        default match system {
            System::Points => MultipleRon::Priority,
            System::Fan => MultipleRon::FirstInTurn,
            System::HanFu | System::HanTable => MultipleRon::AllWin,
        },
        read by [Points, Fan, HanFu, HanTable];
    /// The order in which claims on a discard are ranked, counted from the discarder.
    claim_order "claim-order": ClaimOrder, Kind::Word,
        default ClaimOrder::Anticlockwise, read by [Points, Fan];
    /// Which of two winners on one discard takes the riichi sticks on the table.
    double_ron_sticks "double-ron-sticks": SticksTo, Kind::Word,
        default SticksTo::FirstFromDealer, read by [HanFu, HanTable];
    /// Which of two winners on one discard is paid the counters.
    double_ron_counters "double-ron-counters": DoubleRonCounters, Kind::Word,
        default DoubleRonCounters::WithSticks, read by [HanFu, HanTable];
    /// The counters after two players win on one discard and the dealer is one of them.
    dealer_double_ron "dealer-double-ron": DealerDoubleRon, Kind::Word,
        default DealerDoubleRon::AddOne, read by [HanFu, HanTable];
    /// Whether the riichi stick is still paid when the tile discarded to declare riichi is won
    /// on.
    declaration_tile_ron "declaration-tile-ron": DeclarationTileRon, Kind::Word,
        default DeclarationTileRon::NoStick, read by [HanFu, HanTable];
    /// The fewest tiles that must be left in the wall to declare riichi.
    riichi_tiles_left "riichi-tiles-left": u32, Kind::Number(Unit::Tiles),
        default 3, read by [HanFu, HanTable];
    /// The points each player gives back at the end of the game, what the others started with
    /// above it going to first place; 0: none.
    target_points "target-points": u32, Kind::Number(Unit::Points),
        default 0, read by [Points, Fan, HanFu, HanTable];
    /// When nobody has reached the target after the last round, the next wind round is played,
    /// and the game ends as soon as somebody reaches it.
    extension "extension": bool, Kind::Switch,
        default false, read by [Points, Fan, HanFu, HanTable];
    /// In the extra round, a dealer who keeps the deal by a win or a ready hand, and is not
    /// first at the target, plays on though another player has reached it.
    extension_repeat "extension-repeat": bool, Kind::Switch,
        default false, read by [Points, Fan, HanFu, HanTable];
    /// Whether the game ends when a player's points go below zero.
    bust "bust": Bust, Kind::Word,
        default if system.counts_han() { Bust::BelowZero } else { Bust::Never },
        read by [Points, Fan, HanFu, HanTable];
    /// In the last hand, the dealer in first place at the target ends the game by a win or a
    /// ready hand when nobody wins.
    last_dealer_stops "last-dealer-stops": bool, Kind::Switch,
        default false, read by [Points, Fan, HanFu, HanTable];
    /// Who is paid the riichi sticks still on the table when the game ends.
    leftover_sticks "leftover-sticks": LeftoverSticks, Kind::Word,
        default LeftoverSticks::ToFirst, read by [Points, Fan, HanFu, HanTable];
    /// The points added to first, second and third place at the end of the game.
    uma "uma": [i64; 3] [from Vec<i64>, places], Kind::Places,
        default [0, 0, 0], read by [Points, Fan, HanFu, HanTable];
    /// What a non-dealer who makes a chombo pays the dealer.
    chombo_to_dealer "chombo-to-dealer": u32, Kind::Number(Unit::Points),
        default 0, read by [Points, Fan, HanFu, HanTable];
    /// What a non-dealer who makes a chombo pays the other non-dealer.
    chombo_to_non_dealer "chombo-to-non-dealer": u32, Kind::Number(Unit::Points),
        default 0, read by [Points, Fan, HanFu, HanTable];
    /// What a dealer who makes a chombo pays each other player.
    chombo_by_dealer "chombo-by-dealer": u32, Kind::Number(Unit::Points),
        default 0, read by [Points, Fan, HanFu, HanTable];
    /// After a chombo the hand is played again: the same dealer, the same counters, and the
    /// hand's riichi sticks handed back.
    chombo_replays "chombo-replays": bool, Kind::Switch,
        default true, read by [Points, Fan, HanFu, HanTable];
    /// The hands for which the player who gave the last set is liable for the payment.
    pao "pao": Vec<Check>, Kind::Criteria,
        default Vec::new(), read by [Points, Fan, HanFu, HanTable];
    /// How much of a win on a discard the liable player pays: half, or all of it.
    pao_ron "pao-ron": PaoRon, Kind::Word,
        default if system == System::Fan { PaoRon::All } else { PaoRon::Half },
        read by [Points, Fan, HanFu, HanTable];
    /// Who pays the counters when the liable player and the discarder share a win.
    pao_ron_counters "pao-ron-counters": PaoRonCounters, Kind::Word,
        default PaoRonCounters::Split, read by [HanFu, HanTable];
    /// Whether a hand waiting only on tiles its player holds every copy of counts as ready when
    /// nobody wins.
    own_tiles_wait "own-tiles-wait": OwnTilesWait, Kind::Word,
        default OwnTilesWait::NotTenpai, read by [HanFu, HanTable];
    /// A player whose discards were all terminals and honours, none of them claimed, is paid a
    /// mangan when nobody wins (nagashi mangan).
    nagashi_mangan "nagashi-mangan": bool, Kind::Switch,
        default false, read by [HanFu];
    /// The most drawn hands in a row the goulash counts; 0: no limit.
    goulash_cap "goulash-cap": u32, Kind::Number(Unit::DrawnHands),
        default 0, read by [Points];
    /// What becomes of a goulash still to be paid after the last hand.
    goulash_at_end "goulash-at-end": GoulashAtEnd, Kind::Word,
        default GoulashAtEnd::Lapses, read by [Points];
    /// What happens when all three players declare ready in one hand.
    three_declared_ready "three-declared-ready": ThreeReady, Kind::Word,
        default ThreeReady::NoRule, read by [Points];
    /// A player who declared ready pays as a waiting player.
    declared_ready_is_waiting "declared-ready-is-waiting": bool, Kind::Switch,
        default false, read by [Points];
    /// Who pays on the spot for a pong made into a kong.
    promoted_kong_payer "promoted-kong-payer": PromotedKongPayer, Kind::Word,
        default PromotedKongPayer::Each, read by [Fan];
    /// Whether a limit hand is also paid its bonus-points.
    limit_hand_bonus "limit-hand-bonus": LimitHandBonus, Kind::Word,
        default LimitHandBonus::LimitAlone, read by [Points];
    /// What passes between the two players who did not win when both their hands are below the
    /// minimum.
    non_winners_both_below "non-winners-both-below": BothBelow, Kind::Word,
        default BothBelow::Nothing, read by [Fan];
    /// Whether the hand of a player who did not win, worth exactly the minimum, reaches it.
    non_winners_at_minimum "non-winners-at-minimum": AtMinimum, Kind::Word,
        default AtMinimum::Reaches, read by [Fan];
    /// Whose fly tiles (jokers) earn the fly bonus: every player's, or the winner's only.
    fly_bonus_to "fly-bonus-to": FlyBonusTo, Kind::Word,
        default FlyBonusTo::EveryPlayer, read by [Fan];
    /// The abortive draws played: the hand ends with nothing paid, the dealer deals again and
    /// one counter is added.
    abortive_draws "abortive-draws": Vec<AbortiveDraw>, Kind::Words,
        default Vec::new(), read by [HanFu, HanTable];
}

/// The uma as written, one amount a place: three, or what is wrong with it.
fn places(uma: &[i64]) -> Result<[i64; 3], String> {
    <[i64; 3]>::try_from(uma).map_err(|_| {
        format!(
            "has {} values; it takes three: first, second and third place",
            uma.len()
        )
    })
}

/// The setting written `key` in `[game]`.
pub fn setting(key: &str) -> Option<&'static GameSetting> {
    SETTINGS.iter().find(|setting| setting.key == key)
}

impl GameRules {
    /// Each key the ruleset's `system` reads, as written in `[game]`, with its value
    /// (`rounds`, `3`; `dealer`, `stays-on-win`), in the table's order.
    pub fn settings(&self, system: System) -> Vec<(&'static str, String)> {
        self.settings_read_by(&[system])
    }

    /// Each key one of `systems` reads, as written in `[game]`, with its value, in the
    /// table's order (two rulesets compared: the keys either reads).
    pub fn settings_read_by(&self, systems: &[System]) -> Vec<(&'static str, String)> {
        self.values_read_by(systems)
            .into_iter()
            .map(|(setting, value)| {
                let shown = match value {
                    toml::Value::String(text) => text,
                    other => other.to_string(),
                };
                (setting.key, shown)
            })
            .collect()
    }

    /// Each key the ruleset's `system` reads, with its value as TOML holds it (a number, a
    /// word, a boolean, a list), in the table's order.
    pub fn values(&self, system: System) -> Vec<(&'static GameSetting, toml::Value)> {
        self.values_read_by(&[system])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_setting_of_every_shipped_ruleset_has_its_choices_and_holds_one() {
        for name in crate::rules::shipped_names() {
            let rules = crate::rules::load(name).expect("a shipped ruleset loads");
            for (setting, value) in rules.game.values(rules.system) {
                let words: Vec<&str> = match &value {
                    toml::Value::String(word) => vec![word.as_str()],
                    toml::Value::Array(items) if setting.kind == Kind::Words => {
                        items.iter().filter_map(toml::Value::as_str).collect()
                    }
                    _ => continue,
                };
                let key = setting.key;
                let choices = setting.choices().unwrap_or_else(|| panic!("{name}: {key}"));
                for word in words {
                    assert!(choices.contains(&word), "{name}: {key} = {word}");
                }
            }
        }
    }

    /// A row's kind and its type agree: a worded kind's type has words, and a number is a
    /// `u32`.
    #[test]
    fn every_setting_kind_fits_its_type() {
        let rules = crate::rules::load("sanma").expect("loads");
        let numbers: Vec<&str> = rules.game.each_of::<u32>().map(|(s, _)| s.key).collect();
        for setting in SETTINGS {
            let worded = matches!(setting.kind, Kind::Word | Kind::Words);
            assert_eq!(setting.choices().is_some(), worded, "{}", setting.key);
            let number = matches!(setting.kind, Kind::Number(_));
            assert_eq!(numbers.contains(&setting.key), number, "{}", setting.key);
        }
        assert_eq!(
            setting("abortive-draws").and_then(GameSetting::choices),
            Some(&["nine-terminals", "four-kans"][..])
        );
        assert_eq!(setting("no-such-key").map(|s| s.key), None);
    }

    /// The help is one plain sentence: no rule-book section, no key or TOML syntax.
    #[test]
    fn every_help_is_a_plain_sentence() {
        for setting in SETTINGS {
            let help = setting.help;
            assert!(help.ends_with('.'), "{}: {help}", setting.key);
            assert!(
                !help.contains(['§', '`', '=', '\n']),
                "{}: {help}",
                setting.key
            );
            assert!(help.len() < 200, "{}: {help}", setting.key);
        }
    }
}
