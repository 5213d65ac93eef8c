//! A win stated by its value (`3 han 40 fu`, `mangan`, `6 fan`, `5 hand-points 8
//! bonus-points`), scored: the totals of its system, and the payments each system makes for
//! a hand of that value (counters, sticks, goulash and the rest of the context as for tiles).

use crate::hand::{Hand, Stated, StatedValue, Win};
use crate::notation::LimitName;
use crate::results::{
    FanTotals, HanFuTotals, HanLimit, HanTableTotals, Limit, Note, PointsTotals, SystemScore,
    Totals, Verdict,
};
use crate::rules::{LimitHandBonus, Ruleset, System};
use crate::system::{fan, han_table, hanfu, points};

/// Scores a win stated by its value (`hand` holds no tiles; the value was checked against
/// the ruleset when the hand was validated).
pub fn score(hand: &Hand, stated: &Stated, rules: &Ruleset) -> SystemScore {
    let mut notes: Vec<Note> = Vec::new();
    let (totals, payments) = match rules.system {
        System::HanFu => {
            let (han, fu, yakuman, base, limit) = match stated.value {
                StatedValue::Limit { limit, .. } if limit.yakuman() > 0 => {
                    let (base, reached) = hanfu::base_points(0, 0, limit.yakuman(), rules);
                    (0, 0, limit.yakuman(), base, reached)
                }
                StatedValue::Limit { limit, .. } => {
                    let (reached, base) = match limit {
                        LimitName::Haneman => (HanLimit::Haneman, 3000),
                        LimitName::Baiman => (HanLimit::Baiman, 4000),
                        LimitName::Sanbaiman => (HanLimit::Sanbaiman, 6000),
                        _ => (HanLimit::Mangan, 2000),
                    };
                    (0, 0, 0, base, Some(reached))
                }
                StatedValue::Han { han, fu } => {
                    let (base, reached) = hanfu::base_points(han, fu, 0, rules);
                    (han, fu, 0, base, reached)
                }
                StatedValue::Points { .. } | StatedValue::Fan(_) => (0, 0, 0, 0, None),
            };
            let totals = Totals::HanFu(Box::new(HanFuTotals {
                yaku_han: 0,
                dora_han: 0,
                han,
                yakuman,
                fu_lines: Vec::new(),
                fu,
                base_points: base,
                limit,
            }));
            (totals, hanfu::settle(hand, rules, base))
        }
        System::HanTable => {
            let (han, yakuman) = match stated.value {
                StatedValue::Limit { limit, .. } => {
                    let row = crate::hand::stated::table_row(&rules.han.table, limit);
                    (
                        row.and_then(|r| r.han).unwrap_or(0),
                        row.and_then(|r| r.yakuman).unwrap_or(0),
                    )
                }
                StatedValue::Han { han, .. } => (han, 0),
                StatedValue::Points { .. } | StatedValue::Fan(_) => (0, 0),
            };
            let (row, row_notes) = han_table::row_of(rules, han, yakuman);
            notes.extend(row_notes.into_iter().map(Note::from));
            if rules.options.tsumo_split && hand.context.win == Win::Tsumo {
                notes.push(han_table::TSUMO_SPLIT_NOTE.into());
            }
            let totals = Totals::HanTable(Box::new(HanTableTotals {
                yaku_han: 0,
                bonus_han: 0,
                han,
                yakuman,
                row: row.map_or_else(String::new, |r| r.name.clone()),
            }));
            let payments = row.map_or_else(
                || crate::results::Payments::none(hand),
                |row| han_table::settle(hand, rules, row),
            );
            (totals, payments)
        }
        System::Points => {
            let (hand_points, bonus_points, limit) = match stated.value {
                StatedValue::Points {
                    hand_points,
                    bonus_points,
                } => (hand_points, bonus_points, None),
                StatedValue::Limit {
                    limit,
                    bonus_points,
                } => {
                    let level = if limit == LimitName::HalfLimit {
                        Limit::Half
                    } else {
                        Limit::Full
                    };
                    (0, bonus_points, Some(level))
                }
                StatedValue::Han { .. } | StatedValue::Fan(_) => (0, 0, None),
            };
            let limit_points = match limit {
                Some(Limit::Full) => rules.points.limit,
                Some(Limit::Half) => rules.points.half_limit,
                None => 0,
            };
            if limit.is_some() {
                notes.push(
                    if rules.game.limit_hand_bonus == LimitHandBonus::LimitPlusBonus {
                        "a limit hand scores the limit in place of the hand-points, and its bonus-points (game.limit-hand-bonus)"
                    } else {
                        "a limit hand scores the limit; other points are not totalled"
                    }
                    .into(),
                );
            }
            let payments = points::settle(hand, rules, hand_points, bonus_points, limit_points);
            let totals = Totals::Points(PointsTotals {
                hand_points,
                bonus_points,
                minimum: rules.minimum,
                limit,
                limit_points,
            });
            (totals, payments)
        }
        System::Fan => {
            let counted = match stated.value {
                StatedValue::Fan(fan) => fan,
                _ => 0,
            };
            let value = fan::hand_points(counted, &rules.fan);
            let payments = fan::settle(hand, rules, counted, value, false, &mut notes);
            let totals = Totals::Fan(FanTotals {
                fan: counted,
                counted,
                cap: rules.fan.cap,
                minimum: rules.minimum,
                points: value,
            });
            (totals, payments)
        }
    };
    SystemScore {
        elements: Vec::new(),
        superseded: Vec::new(),
        totals,
        verdict: Verdict::Win,
        payments: Some(payments),
        notes,
    }
}
