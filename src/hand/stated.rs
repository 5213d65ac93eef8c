//! A win stated by its value in place of tiles (`3 han 40 fu`, `mangan`, `6 fan`,
//! `5 hand-points 8 bonus-points`): checked against what the ruleset's system can produce,
//! and its context against what a value without tiles can carry.

use super::context::{resolve_context, unread_context_refused};
use super::error::{HandError, HandErrorKind, Why, err};
use super::model::{Hand, Stated, StatedValue, ValidHand};
use crate::diagnostic::Span;
use crate::notation::{HandInput, LimitName, Slot, Spanned, ValueInput};
use crate::plural::counted;
use crate::rules::{Class, HanTableRow, LimitHandBonus, Ruleset, System};
use crate::tile::{BonusSet, Tile, TileCounts, Wind};
use serde::Serialize;

/// The most fu a hand can have under the fu count (`crate::system::hanfu::count_fu`, common
/// riichi practice, NOT IN SOURCES: docs/rulesets/sanma.md "How a hand is scored", item 5):
/// 20 base, 10 for a concealed hand's discard win (2 for a self-draw), four concealed kongs
/// of terminals or honours at 32 each, a pair of the double wind (4, or 2 when
/// `double-wind-pair-counts-twice` is off) and a single wait (2), rounded up to 10: 170 on a
/// discard, 160 on a self-draw. (Many scoring tables stop at 110; three concealed kongs
/// already make 120.)
pub fn max_fu(tsumo: bool, rules: &Ruleset) -> u32 {
    let won = if tsumo { 2 } else { 10 };
    let pair = if rules.options.double_wind_pair_counts_twice {
        4
    } else {
        2
    };
    (20 + won + 4 * 32 + pair + 2_u32).div_ceil(10) * 10
}

/// Context a value without tiles cannot carry: it needs the tiles, or it is a yaku the
/// value already counts.
const NEEDS_TILES: [(Slot, &str); 8] = [
    (Slot::RobbedKita, "the robbed North is the winning tile"),
    (
        Slot::RobbedConcealed,
        "only thirteen orphans may rob a concealed kong",
    ),
    (Slot::Win, "it names a tile of the hand"),
    (Slot::Dora, "dora are counted from the tiles"),
    (Slot::Ura, "ura-dora are counted from the tiles"),
    (
        Slot::Discards,
        "the sacred-discard check needs the hand's tiles",
    ),
    (Slot::KongFrom, "it names a kong of the hand"),
    (Slot::Dealt, "it names bonus tiles of the hand"),
];

/// Yaku words: the stated value already counts them.
const YAKU_WORDS: [Slot; 6] = [
    Slot::Ippatsu,
    Slot::Last,
    Slot::Replacement,
    Slot::DoubleReplacement,
    Slot::Robbed,
    Slot::First,
];

/// Checks a win stated by `value` (the line holds no tiles) against `rules`.
pub(super) fn validate(
    input: &HandInput,
    value: &ValueInput,
    rules: &Ruleset,
) -> Result<ValidHand, HandError> {
    refuse_context(input)?;
    unread_context_refused(input, rules)?;
    let context = resolve_context(input, rules)?;
    let tsumo = context.win == super::Win::Tsumo;
    let checked = Checker {
        rules,
        tsumo,
        honba: context.honba,
    };
    let value = match rules.system {
        System::HanFu => checked.han_fu(value)?,
        System::HanTable => checked.han_table(value)?,
        System::Points => checked.points(value)?,
        System::Fan => checked.fan(value)?,
    };
    Ok(ValidHand::Complete(Hand {
        concealed: TileCounts::new(),
        melds: Vec::new(),
        win_tile: Wind::East.tile(),
        concealed_red: [0; 3],
        bonus: Vec::new(),
        jokers: 0,
        context,
        stated: Some(Stated {
            written: written(&value),
            value,
        }),
    }))
}

/// The value as the notation writes it.
fn written(value: &StatedValue) -> String {
    match *value {
        StatedValue::Han { han, fu: 0 } => format!("{han} han"),
        StatedValue::Han { han, fu } => format!("{han} han {fu} fu"),
        StatedValue::Limit {
            limit,
            bonus_points: 0,
        } => limit.word().to_string(),
        StatedValue::Limit {
            limit,
            bonus_points,
        } => format!(
            "{} {}",
            limit.word(),
            counted(bonus_points, "bonus-point", "bonus-points")
        ),
        StatedValue::Points {
            hand_points,
            bonus_points,
        } => format!(
            "{} {}",
            counted(hand_points, "hand-point", "hand-points"),
            counted(bonus_points, "bonus-point", "bonus-points")
        ),
        StatedValue::Fan(fan) => format!("{fan} fan"),
    }
}

/// Context that needs the tiles, or a yaku word, refused.
fn refuse_context(input: &HandInput) -> Result<(), HandError> {
    let ctx = &input.context;
    for (slot, why) in NEEDS_TILES {
        if let Some(span) = ctx.given(slot) {
            return refuse(span, format!("{} needs the tiles: {why}", shown(slot)));
        }
    }
    for slot in YAKU_WORDS {
        if let Some(span) = ctx.given(slot) {
            return refuse(
                span,
                format!(
                    "{} is part of the hand's value, which the value stated already counts (write the tiles to have it scored)",
                    shown(slot)
                ),
            );
        }
    }
    Ok(())
}

/// The context entry kept at `slot`, as written (`dora=`, `ippatsu`).
fn shown(slot: Slot) -> String {
    crate::notation::CONTEXT
        .iter()
        .find(|entry| entry.slot == slot)
        .map_or_else(String::new, |entry| entry.shown())
}

fn refuse<T>(span: Span, why: impl Into<Why>) -> Result<T, HandError> {
    err(span, HandErrorKind::StatedValue(why.into()))
}

/// The row of a han table a limit names: the word in a row's brackets (`6-7 (Mangan)`), or
/// its whole name (`Double Yakuman`), in lower case with `-` for spaces.
pub fn table_row(table: &[HanTableRow], limit: LimitName) -> Option<&HanTableRow> {
    table.iter().find(|row| row_word(row) == limit.word())
}

/// The limit word of a table row (`mangan` for `6-7 (Mangan)`).
fn row_word(row: &HanTableRow) -> String {
    let name = match (row.name.find('('), row.name.rfind(')')) {
        (Some(open), Some(close)) if open < close => &row.name[open + 1..close],
        _ => row.name.as_str(),
    };
    name.trim().to_lowercase().replace(' ', "-")
}

/// The values a win may be stated with under a ruleset, as the page's value pad offers them:
/// each is one [`validate`] takes for some way of winning.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ValueChoices {
    /// The ruleset's system: which of the lists below apply.
    pub system: System,
    /// han-fu: the han counts written with their fu (1 to 4; 5 han and more are paid as
    /// a limit).
    pub han_with_fu: Vec<u32>,
    /// han-fu: the fu counts some hand has: 20 (pinfu by self-draw, where scored), 25 (seven
    /// pairs, where played), then every 10 up to [`max_fu`] (170 on a discard), not the
    /// common table's 110. Each han count takes some of them only: `fu_by_han`.
    pub fu: Vec<u32>,
    /// han-fu: for each count of `han_with_fu`, the fu it may be stated with on a discard and
    /// on a self-draw, each one [`validate`] takes (1 han has no 25 fu: seven pairs are 2 han).
    pub fu_by_han: Vec<FuChoices>,
    /// The limit words the ruleset takes: han-fu's mangan to yakuman, with double- and
    /// triple-yakuman where played; the han table's rows by name; the points system's
    /// half-limit and full-limit where a criterion is one.
    pub limits: Vec<&'static str>,
    /// Each of `limits` as a table names it (`2× yakuman` for `double-yakuman`, `full limit`
    /// for `full-limit`): [`LimitName::name`].
    pub limit_names: Vec<&'static str>,
    /// han-table: the han counts, from the fewest a win has to the table's highest han row
    /// (more han pay that row too).
    pub han: Vec<u32>,
    /// fan: the fan counts, from the ruleset's minimum to its cap.
    pub fan: Vec<u32>,
    /// points: the hand-points a win may be stated with, from the ruleset's minimum to the
    /// largest number the notation reads.
    pub hand_points: Option<Bounds>,
    /// points: the bonus-points a win may be stated with, from 0 to the largest number the
    /// notation reads.
    pub bonus_points: Option<Bounds>,
    /// fan (where kongs are paid on the spot): the tiles a kong may be of, those the tile
    /// set holds four of, in notation.
    pub kong_tiles: Vec<&'static str>,
    /// fan: the full bonus sets in play (paid on the spot).
    pub bonus_sets: Vec<SetChoice>,
}

/// A full bonus set in play, with its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SetChoice {
    /// The set, as the record writes it (`flowers`).
    pub set: BonusSet,
    /// Its name in words.
    pub name: &'static str,
}

/// The fewest and the most of a count, both taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Bounds {
    /// The fewest.
    pub least: u32,
    /// The most.
    pub most: u32,
}

/// The fu one han count of the han-fu system may be stated with, by how the hand was won.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FuChoices {
    /// The han count.
    pub han: u32,
    /// The fu on a discard (ron).
    pub ron: Vec<u32>,
    /// The fu on a self-draw (tsumo).
    pub tsumo: Vec<u32>,
}

/// The values a win may be stated with under `rules` (the page's value pad), from the rules
/// [`validate`] checks them by.
pub fn value_choices(rules: &Ruleset) -> ValueChoices {
    let checker = Checker {
        rules,
        tsumo: false,
        honba: 0,
    };
    let mut choices = ValueChoices {
        system: rules.system,
        han_with_fu: Vec::new(),
        fu: Vec::new(),
        fu_by_han: Vec::new(),
        limits: Vec::new(),
        limit_names: Vec::new(),
        han: Vec::new(),
        fan: Vec::new(),
        hand_points: None,
        bonus_points: None,
        kong_tiles: Vec::new(),
        bonus_sets: Vec::new(),
    };
    let mut limits: Vec<LimitName> = Vec::new();
    match rules.system {
        System::HanFu => {
            choices.han_with_fu = (1..5).collect();
            let pinfu_tsumo = rules.options.pinfu_tsumo
                && checker
                    .criterion_value(crate::check::Check::Pinfu)
                    .is_some();
            let seven_pairs = checker
                .criterion_value(crate::check::Check::SevenPairs)
                .is_some();
            let most = max_fu(false, rules).max(max_fu(true, rules));
            choices.fu = [(20, pinfu_tsumo), (25, seven_pairs)]
                .into_iter()
                .filter_map(|(fu, played)| played.then_some(fu))
                .chain((30..=most).step_by(10))
                .collect();
            // Each han count's fu, by the same check a stated value meets (no counters on
            // the table: ryanshi's two han are the hand's context, checked when it is won).
            let taken = |han: u32, tsumo: bool| -> Vec<u32> {
                let checker = Checker {
                    rules,
                    tsumo,
                    honba: 0,
                };
                let at = Span::new(0, 0);
                choices
                    .fu
                    .iter()
                    .copied()
                    .filter(|&fu| {
                        checker
                            .fu(
                                han,
                                Spanned {
                                    value: fu,
                                    span: at,
                                },
                            )
                            .is_ok()
                    })
                    .collect()
            };
            choices.fu_by_han = choices
                .han_with_fu
                .iter()
                .map(|&han| FuChoices {
                    han,
                    ron: taken(han, false),
                    tsumo: taken(han, true),
                })
                .collect();
            limits = LimitName::ALL
                .into_iter()
                .filter(|l| match l.yakuman() {
                    0 => !matches!(l, LimitName::HalfLimit | LimitName::FullLimit),
                    1 => true,
                    n => checker.plays_yakuman(n),
                })
                .collect();
        }
        System::HanTable => {
            let table = &rules.han.table;
            let top = table.iter().filter_map(|row| row.han).max().unwrap_or(0);
            choices.han = (checker.least_han()..=top).collect();
            limits = LimitName::ALL
                .into_iter()
                .filter(|l| table_row(table, *l).is_some())
                .collect();
        }
        System::Points => {
            let most = crate::notation::MAX_COUNT;
            choices.hand_points = Some(Bounds {
                least: rules.minimum,
                most,
            });
            choices.bonus_points = Some(Bounds { least: 0, most });
            limits = [LimitName::HalfLimit, LimitName::FullLimit]
                .into_iter()
                .filter(|l| checker.scores_limit(*l))
                .collect();
        }
        System::Fan => {
            choices.fan = (rules.minimum..=rules.fan.cap).collect();
            choices.kong_tiles = rules
                .tiles
                .tiles()
                .filter(|&tile| rules.tiles.copies(tile) >= 4)
                .map(Tile::notation)
                .collect();
            choices.bonus_sets = BonusSet::ALL
                .into_iter()
                .filter(|&set| rules.tiles.bonus_set_size(set) > 0)
                .map(|set| SetChoice {
                    set,
                    name: set.name(),
                })
                .collect();
        }
    }
    choices.limits = limits.iter().map(|l| l.word()).collect();
    choices.limit_names = limits.iter().map(|l| l.name()).collect();
    choices
}

/// What one stated value is checked with.
struct Checker<'r> {
    rules: &'r Ruleset,
    tsumo: bool,
    honba: u32,
}

impl Checker<'_> {
    /// The value the ruleset's system does not count in, refused with what it counts in.
    fn other_system<T>(&self, value: &ValueInput) -> Result<T, HandError> {
        let rules = self.rules;
        let counts = match rules.system {
            System::HanFu => "han and fu: such as 3 han 40 fu, 5 han or mangan",
            System::HanTable => "han from its table: such as 4 han or a row's name",
            System::Points => {
                "hand-points and bonus-points: such as 5 hand-points 8 bonus-points, half-limit or full-limit"
            }
            System::Fan => "fan: such as 6 fan",
        };
        refuse(value.span(), format!("{} counts {counts}", rules.name))
    }

    /// The value of a criterion whose detector is `check`, if the ruleset scores it.
    fn criterion_value(&self, check: crate::check::Check) -> Option<u32> {
        self.rules
            .criteria
            .iter()
            .find(|c| c.check == check)
            .map(|c| c.value)
    }

    /// A han count of 0, refused.
    fn some_han(&self, han: Spanned<u32>) -> Result<(), HandError> {
        if han.value == 0 {
            return refuse(
                han.span,
                "0 han is no win: a winning hand has at least 1 han",
            );
        }
        Ok(())
    }

    /// Han and fu, or a limit, under the han-fu system.
    fn han_fu(&self, value: &ValueInput) -> Result<StatedValue, HandError> {
        let rules = self.rules;
        match *value {
            ValueInput::Han { han, fu } => {
                self.some_han(han)?;
                let Some(fu) = fu else {
                    if han.value < 5 {
                        return refuse(
                            han.span,
                            format!(
                                "{} han needs its fu (1 to 4 han are paid by their fu), such as {} han 30 fu",
                                han.value, han.value
                            ),
                        );
                    }
                    return Ok(StatedValue::Han {
                        han: han.value,
                        fu: 0,
                    });
                };
                self.fu(han.value, fu)?;
                self.ryanshi(han)?;
                Ok(StatedValue::Han {
                    han: han.value,
                    fu: fu.value,
                })
            }
            ValueInput::Limit { limit, bonus } => {
                if let Some(bonus) = bonus {
                    return refuse(
                        bonus.span,
                        "bonus-points are counted by the points system only",
                    );
                }
                let plays = match limit.value {
                    LimitName::Mangan
                    | LimitName::Haneman
                    | LimitName::Baiman
                    | LimitName::Sanbaiman
                    | LimitName::Yakuman => true,
                    LimitName::DoubleYakuman | LimitName::TripleYakuman => {
                        self.plays_yakuman(limit.value.yakuman())
                    }
                    LimitName::HalfLimit | LimitName::FullLimit => {
                        return self.other_system(value);
                    }
                };
                if !plays {
                    return refuse(
                        limit.span,
                        Why::new(|c| {
                            format!(
                                "{} plays no {}: yakuman do not add up{} and no yakuman of its is worth {}",
                                rules.name,
                                limit.value.word(),
                                c.cite("options.yakuman-stack is off"),
                                limit.value.yakuman()
                            )
                        }),
                    );
                }
                Ok(StatedValue::Limit {
                    limit: limit.value,
                    bonus_points: 0,
                })
            }
            ValueInput::Fan(_) | ValueInput::Points { .. } => self.other_system(value),
        }
    }

    /// Whether a hand can be worth `yakuman` yakuman: yakuman add up, or one is worth that
    /// many.
    fn plays_yakuman(&self, yakuman: u32) -> bool {
        let rules = self.rules;
        rules.options.yakuman_stack
            || rules
                .criteria
                .iter()
                .any(|c| c.class == Class::Yakuman && c.value >= yakuman)
            || (yakuman == 2 && rules.options.kazoe_yakuman && rules.options.kazoe_double)
    }

    /// The fu of a han-fu value: a count some hand of `han` han can have under the ruleset.
    /// The fu rules are docs/rulesets/sanma.md "How a hand is scored", item 5 (common riichi
    /// practice, NOT IN SOURCES but for pinfu's 20 on self-draw, 003 §12 Pinfu).
    fn fu(&self, han: u32, fu: Spanned<u32>) -> Result<(), HandError> {
        let rules = self.rules;
        let at = fu.span;
        let menzen_tsumo = if self.tsumo {
            self.criterion_value(crate::check::Check::ConcealedSelfDrawn)
                .unwrap_or(0)
        } else {
            0
        };
        match fu.value {
            25 => {
                let Some(seven_pairs) = self.criterion_value(crate::check::Check::SevenPairs)
                else {
                    return refuse(
                        at,
                        format!(
                            "25 fu is seven pairs alone, which {} does not play",
                            rules.name
                        ),
                    );
                };
                let need = seven_pairs + menzen_tsumo;
                if han < need {
                    return refuse(
                        at,
                        format!(
                            "25 fu is seven pairs alone, which is {} already{}: {han} han cannot have 25 fu",
                            counted(need, "han", "han"),
                            if menzen_tsumo > 0 {
                                " with menzen tsumo on a self-draw"
                            } else {
                                ""
                            }
                        ),
                    );
                }
            }
            f if !f.is_multiple_of(10) => {
                return refuse(
                    at,
                    format!(
                        "{f} fu is not a count: fu are rounded up to a multiple of 10 (25 fu, seven pairs, alone excepted)"
                    ),
                );
            }
            f if f < 20 => {
                return refuse(
                    at,
                    format!("{f} fu is not a count: every hand has at least 20 fu"),
                );
            }
            20 if !self.tsumo => {
                return refuse(
                    at,
                    "20 fu is pinfu by self-draw: on a discard every hand has at least 30 fu (a concealed one 20 + 10 for the discard, an open one at least 30)",
                );
            }
            20 => {
                let pinfu = self.criterion_value(crate::check::Check::Pinfu);
                let Some(pinfu) = pinfu.filter(|_| rules.options.pinfu_tsumo) else {
                    return refuse(
                        at,
                        Why::new(|c| {
                            format!(
                                "20 fu is pinfu by self-draw, which {} does not score{}: a self-drawn hand has at least 30 fu",
                                rules.name,
                                c.cite("options.pinfu-tsumo, criterion pinfu")
                            )
                        }),
                    );
                };
                let need = pinfu + menzen_tsumo;
                if han < need {
                    return refuse(
                        at,
                        format!(
                            "20 fu is pinfu by self-draw, which is {} already (pinfu and menzen tsumo): {han} han cannot have 20 fu",
                            counted(need, "han", "han")
                        ),
                    );
                }
            }
            f if f > max_fu(self.tsumo, rules) => {
                return refuse(
                    at,
                    format!(
                        "{f} fu is more than a hand can have: the most is {} fu on a {} (four concealed kongs of terminals or honours)",
                        max_fu(self.tsumo, rules),
                        if self.tsumo { "self-draw" } else { "discard" }
                    ),
                );
            }
            _ => {}
        }
        Ok(())
    }

    /// With `ryanshi-honba` counters on the table, a win needs two han of yaku: 1 han cannot
    /// win (003 §11 Ryanshi).
    fn ryanshi(&self, han: Spanned<u32>) -> Result<(), HandError> {
        let need = self.rules.han.ryanshi_honba;
        if need > 0 && self.honba >= need && han.value < 2 {
            return refuse(
                han.span,
                Why::new(|c| {
                    format!(
                        "{} on the table require two han of yaku{}: 1 han cannot win",
                        counted(self.honba, "counter", "counters"),
                        c.cite("ryanshi, 003_39dfac9db387ff3e.txt §11 Ryanshi")
                    )
                }),
            );
        }
        Ok(())
    }

    /// Han, or a row by name, under the han-table system.
    fn han_table(&self, value: &ValueInput) -> Result<StatedValue, HandError> {
        let rules = self.rules;
        let table = &rules.han.table;
        match *value {
            ValueInput::Han { han, fu } => {
                self.some_han(han)?;
                if let Some(fu) = fu {
                    return refuse(
                        fu.span,
                        format!("{} pays by han alone, from its table: no fu", rules.name),
                    );
                }
                let least = self.least_han();
                if han.value < least {
                    return refuse(
                        han.span,
                        format!(
                            "a win under {} has at least {} (a yaku and {} for winning)",
                            rules.name,
                            counted(least, "han", "han"),
                            counted(least - 1, "han", "han")
                        ),
                    );
                }
                Ok(StatedValue::Han {
                    han: han.value,
                    fu: 0,
                })
            }
            ValueInput::Limit { limit, bonus: None } if table_row(table, limit.value).is_some() => {
                Ok(StatedValue::Limit {
                    limit: limit.value,
                    bonus_points: 0,
                })
            }
            ValueInput::Limit { limit, bonus: None } => {
                let rows: Vec<&str> = table.iter().map(|r| r.name.as_str()).collect();
                refuse(
                    limit.span,
                    format!(
                        "{}'s table has no row {}: its rows are {} (write such as 4 han, or a row by the word in its name: {})",
                        rules.name,
                        limit.value.word(),
                        rows.join(", "),
                        table
                            .iter()
                            .map(row_word)
                            .filter(|w| LimitName::from_word(w).is_some())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
            }
            ValueInput::Limit {
                bonus: Some(bonus), ..
            } => refuse(
                bonus.span,
                "bonus-points are counted by the points system only",
            ),
            ValueInput::Fan(_) | ValueInput::Points { .. } => self.other_system(value),
        }
    }

    /// The fewest han a win has under the han-table system: a yaku, and the han every win
    /// earns (bazoro).
    fn least_han(&self) -> u32 {
        1 + self
            .criterion_value(crate::check::Check::WinningBonus)
            .unwrap_or(0)
    }

    /// Whether the ruleset scores a hand of the points system's `limit` (half- or full-).
    fn scores_limit(&self, limit: LimitName) -> bool {
        let class = if limit == LimitName::HalfLimit {
            Class::HalfLimit
        } else {
            Class::Limit
        };
        self.rules.criteria.iter().any(|c| c.class == class)
    }

    /// Hand- and bonus-points, or a limit, under the points system.
    fn points(&self, value: &ValueInput) -> Result<StatedValue, HandError> {
        let rules = self.rules;
        match *value {
            ValueInput::Points { hand, bonus } => {
                if hand.value < rules.minimum {
                    return refuse(
                        hand.span,
                        format!(
                            "{} is below the minimum of {} under {} (bonus-points never count toward it)",
                            counted(hand.value, "hand-point", "hand-points"),
                            rules.minimum,
                            rules.name
                        ),
                    );
                }
                Ok(StatedValue::Points {
                    hand_points: hand.value,
                    bonus_points: bonus.map_or(0, |b| b.value),
                })
            }
            ValueInput::Limit { limit, bonus }
                if matches!(limit.value, LimitName::HalfLimit | LimitName::FullLimit) =>
            {
                if !self.scores_limit(limit.value) {
                    return refuse(
                        limit.span,
                        format!(
                            "{} scores no {} hand (no criterion of its is one)",
                            rules.name,
                            limit.value.word()
                        ),
                    );
                }
                if let Some(bonus) = bonus
                    && rules.game.limit_hand_bonus != LimitHandBonus::LimitPlusBonus
                {
                    return refuse(
                        bonus.span,
                        format!(
                            "a limit hand is paid the limit alone under {}: its bonus-points are not paid (game.limit-hand-bonus)",
                            rules.name
                        ),
                    );
                }
                Ok(StatedValue::Limit {
                    limit: limit.value,
                    bonus_points: bonus.map_or(0, |b| b.value),
                })
            }
            _ => self.other_system(value),
        }
    }

    /// Fan under the fan system: from the minimum to the cap.
    fn fan(&self, value: &ValueInput) -> Result<StatedValue, HandError> {
        let rules = self.rules;
        let ValueInput::Fan(fan) = *value else {
            return self.other_system(value);
        };
        if fan.value < rules.minimum {
            return refuse(
                fan.span,
                format!(
                    "{} fan is below the minimum of {} fan under {}",
                    fan.value, rules.minimum, rules.name
                ),
            );
        }
        if fan.value > rules.fan.cap {
            return refuse(
                fan.span,
                Why::new(|c| {
                    format!(
                        "{} fan is above the cap of {} fan under {}: a hand worth more counts {}{}",
                        fan.value,
                        rules.fan.cap,
                        rules.name,
                        rules.fan.cap,
                        c.cite("000 §Malaysia: \"to a maximum of 10\"")
                    )
                }),
            );
        }
        Ok(StatedValue::Fan(fan.value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_hand;

    /// Whether `rules` take the win `value` (`3 han 40 fu`) for some way of winning.
    fn taken(value: &str, rules: &Ruleset) -> bool {
        ["", " tsumo"]
            .iter()
            .any(|how| taken_as(&format!("{value}{how}"), rules))
    }

    /// Whether `rules` take the win `line` (`3 han 40 fu tsumo`).
    fn taken_as(line: &str, rules: &Ruleset) -> bool {
        parse_hand(line)
            .ok()
            .is_some_and(|input| crate::hand::validate(&input, rules).is_ok())
    }

    #[test]
    fn each_han_count_offers_exactly_the_fu_it_is_taken_with() {
        for name in crate::rules::shipped_names() {
            let rules = crate::rules::load(name).expect("shipped ruleset");
            let choices = value_choices(&rules);
            if rules.system != System::HanFu {
                assert!(choices.fu_by_han.is_empty(), "{name}");
                continue;
            }
            let hans: Vec<u32> = choices.fu_by_han.iter().map(|c| c.han).collect();
            assert_eq!(hans, choices.han_with_fu, "{name}");
            for by_han in &choices.fu_by_han {
                let han = by_han.han;
                for (how, offered) in [("", &by_han.ron), (" tsumo", &by_han.tsumo)] {
                    for fu in 0..=200 {
                        let line = format!("{han} han {fu} fu{how}");
                        assert_eq!(
                            offered.contains(&fu),
                            taken_as(&line, &rules),
                            "{name}: {line} offered is taken, taken is offered"
                        );
                    }
                    assert!(offered.iter().all(|fu| choices.fu.contains(fu)), "{name}");
                }
            }
            // The case issue 42 found: 1 han 25 fu is offered nowhere.
            assert!(!choices.fu_by_han[0].ron.contains(&25), "{name}");
        }
    }

    #[test]
    fn the_points_entries_are_bounded_by_what_is_taken() {
        for name in crate::rules::shipped_names() {
            let rules = crate::rules::load(name).expect("shipped ruleset");
            let choices = value_choices(&rules);
            let (Some(hand), Some(bonus)) = (choices.hand_points, choices.bonus_points) else {
                assert!(rules.system != System::Points, "{name}");
                assert_eq!((choices.hand_points, choices.bonus_points), (None, None));
                continue;
            };
            let line = |h: u32, b: u32| format!("{h} hand-points {b} bonus-points");
            assert!(taken(&line(hand.least, bonus.least), &rules), "{name}");
            assert!(taken(&line(hand.most, bonus.most), &rules), "{name}");
            assert!(taken(&line(13, 0), &rules), "{name}");
            assert!(!taken(&line(hand.least - 1, 0), &rules), "{name}");
            assert!(!taken(&line(hand.most + 1, 0), &rules), "{name}");
            assert!(!taken(&line(hand.least, bonus.most + 1), &rules), "{name}");
        }
    }

    #[test]
    fn every_value_offered_is_taken_and_the_next_beyond_refused() {
        for name in crate::rules::shipped_names() {
            let rules = crate::rules::load(name).expect("shipped ruleset");
            let choices = value_choices(&rules);
            assert_eq!(choices.system, rules.system, "{name}");
            for limit in &choices.limits {
                assert!(taken(limit, &rules), "{name}: {limit}");
            }
            for word in LimitName::ALL.map(LimitName::word) {
                if !choices.limits.contains(&word) {
                    assert!(!taken(word, &rules), "{name}: {word} not offered but taken");
                }
            }
            match rules.system {
                System::HanFu => {
                    assert_eq!(choices.han_with_fu, [1, 2, 3, 4], "{name}");
                    assert!(!taken("0 han 30 fu", &rules), "{name}");
                    for fu in &choices.fu {
                        let some_han = choices
                            .han_with_fu
                            .iter()
                            .any(|han| taken(&format!("{han} han {fu} fu"), &rules));
                        assert!(some_han, "{name}: {fu} fu");
                    }
                    let beyond = choices.fu.last().expect("fu") + 10;
                    assert!(!taken(&format!("4 han {beyond} fu"), &rules), "{name}");
                    assert!(!taken("4 han 15 fu", &rules), "{name}");
                    for (fu, played) in [
                        (20, choices.fu.contains(&20)),
                        (25, choices.fu.contains(&25)),
                    ] {
                        if !played {
                            assert!(!taken(&format!("4 han {fu} fu"), &rules), "{name}: {fu} fu");
                        }
                    }
                }
                System::HanTable => {
                    let (&least, &top) = (
                        choices.han.first().expect("han"),
                        choices.han.last().expect("han"),
                    );
                    for han in &choices.han {
                        assert!(taken(&format!("{han} han"), &rules), "{name}: {han} han");
                    }
                    assert!(!taken(&format!("{} han", least - 1), &rules), "{name}");
                    let rows = rules.han.table.iter().filter_map(|row| row.han);
                    assert_eq!(rows.max(), Some(top), "{name}");
                }
                System::Fan => {
                    for fan in &choices.fan {
                        assert!(taken(&format!("{fan} fan"), &rules), "{name}: {fan} fan");
                    }
                    let (least, most) = (choices.fan[0], choices.fan[choices.fan.len() - 1]);
                    assert!(!taken(&format!("{} fan", least - 1), &rules), "{name}");
                    assert!(!taken(&format!("{} fan", most + 1), &rules), "{name}");
                }
                System::Points => {
                    assert!(choices.fan.is_empty() && choices.han.is_empty(), "{name}");
                }
            }
        }
    }
}
