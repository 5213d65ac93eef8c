//! The Korean/Japanese points system (`system = "points"`): hand-points and bonus-points,
//! a minimum of hand-points, half-limit and full-limit hands, and payments point for point.

use crate::criteria::Hit;
use crate::hand::{Hand, Win};
use crate::results::{
    Element, Limit, Note, Payments, PointsTotals, Role, SeatPayment, SystemScore, Totals, Verdict,
    element,
};
use crate::rules::{Class, DiscardBonus, LimitHandBonus, PaymentMode, Ruleset};
use crate::system::sacred_discard;
use crate::tile::Seat;

/// Scores one arrangement whose criteria `hits` (criterion index and hit) are known.
pub fn score(hand: &Hand, hits: &[(usize, Hit)], rules: &Ruleset) -> SystemScore {
    let mut hand_points = 0;
    let mut bonus_points = 0;
    let mut limit = None;
    let mut counted = Vec::with_capacity(hits.len());
    // Hand-points of the criteria that need none, for those that need some (`needs-hand-points`).
    let ungated_hand_points: u32 = hits
        .iter()
        .map(|&(i, hit)| (&rules.criteria[i], hit))
        .filter(|(c, _)| c.needs_hand_points == 0 && c.class == Class::HandPoint)
        .map(|(c, hit)| c.value.saturating_mul(hit.count))
        .fold(0, u32::saturating_add);
    let mut gate_notes = Vec::new();
    for &(i, hit) in hits {
        let criterion = &rules.criteria[i];
        if criterion.needs_hand_points > ungated_hand_points {
            gate_notes.push(format!(
                "{} is not counted: it needs {} and the hand has {}",
                criterion.name,
                Class::HandPoint.worth(criterion.needs_hand_points),
                ungated_hand_points
            ));
            continue;
        }
        match criterion.class {
            Class::HandPoint => {
                hand_points =
                    u32::saturating_add(hand_points, criterion.value.saturating_mul(hit.count));
            }
            Class::BonusPoint => {
                bonus_points =
                    u32::saturating_add(bonus_points, criterion.value.saturating_mul(hit.count));
            }
            Class::Fan => continue,
            // Han-based classes belong to other systems and are not scored here.
            Class::Yaku | Class::Yakuman | Class::Dora => continue,
            Class::HalfLimit | Class::Limit => {
                if criterion.concealed_only && !hand.is_concealed() {
                    continue;
                }
                let level = if criterion.class == Class::Limit {
                    Limit::Full
                } else {
                    Limit::Half
                };
                limit = limit.max(Some(level));
            }
        }
        counted.push((i, hit));
    }
    let plus_bonus = rules.game.limit_hand_bonus == LimitHandBonus::LimitPlusBonus;
    let limit_points = match limit {
        Some(Limit::Full) => rules.points.limit,
        Some(Limit::Half) => rules.points.half_limit,
        None => 0,
    };
    let (elements, superseded): (Vec<Element>, Vec<Element>) = counted
        .iter()
        .map(|&(i, hit)| {
            let criterion = &rules.criteria[i];
            let points = if criterion.class.is_limit() {
                0
            } else {
                criterion.value.saturating_mul(hit.count)
            };
            element(hand, criterion, &hit, points)
        })
        .partition(|e| match limit {
            None => !e.class.is_limit(),
            Some(_) => e.class.is_limit() || (plus_bonus && e.class == Class::BonusPoint),
        });
    let verdict = if let Some(refused) = sacred_discard(hand, rules) {
        refused
    } else if limit.is_none() && hand_points < rules.minimum {
        Verdict::BelowMinimum {
            have: hand_points,
            need: rules.minimum,
        }
    } else {
        Verdict::Win
    };
    let payments = verdict
        .is_win()
        .then(|| settle(hand, rules, hand_points, bonus_points, limit_points));
    let mut notes = gate_notes;
    if limit.is_some() {
        notes.push(if plus_bonus {
            "a limit hand scores the limit in place of the hand-points, and its bonus-points (game.limit-hand-bonus)".into()
        } else {
            "a limit hand scores the limit; other points are not totalled".into()
        });
    }
    let (hand_points, bonus_points) = match limit {
        None => (hand_points, bonus_points),
        Some(_) if plus_bonus => (0, bonus_points),
        Some(_) => (0, 0),
    };
    SystemScore {
        elements,
        superseded,
        totals: Totals::Points(PointsTotals {
            hand_points,
            bonus_points,
            minimum: rules.minimum,
            limit,
            limit_points,
        }),
        verdict,
        payments,
        notes: notes.into_iter().map(Note::from).collect(),
    }
}

/// Settles a legal win: `hand_points` and `bonus_points` (or `limit_points` when non-zero,
/// with the bonus-points too under `game.limit-hand-bonus = "limit-plus-bonus"`) under the
/// ruleset's payment rules.
pub fn settle(
    hand: &Hand,
    rules: &Ruleset,
    hand_points: u32,
    bonus_points: u32,
    limit_points: u32,
) -> Payments {
    let ctx = &hand.context;
    let limit_alone = rules.game.limit_hand_bonus == LimitHandBonus::LimitAlone;
    let goulash = i64::from(ctx.draws) * i64::from(rules.points.goulash_per_draw);
    let tsumo = ctx.win == Win::Tsumo;
    let other_waiting = Seat::ALL
        .into_iter()
        .any(|s| s != ctx.seat && ctx.win != Win::Ron(s) && ctx.waiting.contains(&s));
    let bonus_owed = |waiting: bool| {
        let discount = if waiting {
            rules.points.waiting_discount
        } else {
            0
        };
        i64::from(bonus_points.saturating_sub(discount))
    };
    let payer = |seat, role| {
        let waiting = ctx.waiting.contains(&seat);
        let mut parts: Vec<String> = Vec::new();
        let mut amount = 0i64;
        let mut add = |points: i64, label: String| {
            if points != 0 {
                amount += points;
                parts.push(label);
            }
        };
        let mut hand = i64::from(hand_points);
        if rules.points.payment_mode == PaymentMode::DiscarderPaysDouble {
            let (score, what) = if limit_points > 0 && limit_alone {
                (i64::from(limit_points), "limit")
            } else if limit_points > 0 {
                (
                    i64::from(limit_points) + i64::from(bonus_points),
                    "limit and bonus",
                )
            } else {
                (hand + i64::from(bonus_points), "final score")
            };
            match (tsumo, role) {
                (true, _) => add(score, format!("{score} {what}")),
                (false, Role::Discarder) => add(
                    2 * score,
                    format!("2×{score} {what} (discarder pays double)"),
                ),
                (false, _) => {}
            }
        } else if limit_points > 0 && limit_alone {
            add_limit(limit_points, role, &mut add);
        } else {
            // A limit hand with its bonus (000 §Limit hand: each pays the limit, a discarder
            // double): the limit in place of the hand-points, the bonus-points as for any hand.
            if limit_points > 0 {
                add_limit(limit_points, role, &mut add);
                hand = 0;
            }
            let own_bonus = bonus_owed(waiting);
            let discount_note = if waiting && rules.points.waiting_discount > 0 {
                format!(" (waiting: {} less)", rules.points.waiting_discount)
            } else {
                String::new()
            };
            match (tsumo, role, rules.points.discard_bonus) {
                (true, _, _) => {
                    add(hand, format!("{hand} hand"));
                    add(own_bonus, format!("{own_bonus} bonus{discount_note}"));
                }
                (false, Role::Discarder, DiscardBonus::BothPay) => {
                    add(2 * hand, format!("2×{hand} hand (discarder pays double)"));
                    add(own_bonus, format!("{own_bonus} bonus{discount_note}"));
                }
                (false, Role::Discarder, DiscardBonus::DiscarderPays) => {
                    add(2 * hand, format!("2×{hand} hand (discarder pays double)"));
                    add(own_bonus, format!("{own_bonus} bonus{discount_note}"));
                    if !other_waiting {
                        let other_bonus = bonus_owed(false);
                        add(
                            other_bonus,
                            format!("{other_bonus} bonus for the other player"),
                        );
                    }
                }
                (false, Role::Discarder, DiscardBonus::OtherPaysHandPoints) => {
                    add(hand, format!("{hand} hand"));
                    add(own_bonus, format!("{own_bonus} bonus{discount_note}"));
                    let other_bonus = bonus_owed(other_waiting);
                    add(
                        other_bonus,
                        format!("{other_bonus} bonus for the other player"),
                    );
                }
                (false, _, DiscardBonus::BothPay) => {
                    add(own_bonus, format!("{own_bonus} bonus{discount_note}"));
                }
                // A waiting other player pays its own bonus-points (000 §Recap).
                (false, _, DiscardBonus::DiscarderPays) => {
                    if waiting {
                        add(
                            own_bonus,
                            format!(
                                "{own_bonus} bonus{discount_note} (ready to win: pays its own)"
                            ),
                        );
                    }
                }
                (false, _, DiscardBonus::OtherPaysHandPoints) => {
                    add(
                        hand,
                        format!("{hand} hand (the other player pays only hand-points)"),
                    );
                }
            }
        }
        add(
            goulash,
            format!(
                "{goulash} goulash ({})",
                crate::plural::counted(ctx.draws, "drawn hand", "drawn hands")
            ),
        );
        SeatPayment {
            seat,
            role,
            waiting,
            amount: -amount,
            breakdown: if parts.is_empty() {
                "nothing".into()
            } else {
                parts.join(" + ").into()
            },
        }
    };
    Payments::for_win(hand, payer, 0, String::new())
}

/// A limit hand's limit, from `role` (000 §Limit hand: "both players pay the winner ...
/// either the limit or half of the limit ... if he/she wins on a discard, the player who
/// discards pays double").
fn add_limit(limit_points: u32, role: Role, add: &mut impl FnMut(i64, String)) {
    let limit = i64::from(limit_points);
    if role == Role::Discarder {
        add(
            2 * limit,
            format!("2×{limit} limit (discarder pays double)"),
        );
    } else {
        add(limit, format!("{limit} limit"));
    }
}

#[cfg(test)]
mod tests {
    use crate::Evaluation;
    use crate::rules;

    /// `riichi` under a points ruleset that scores no ready criterion is named, as under the
    /// other systems (`evaluate::unused_context`), not silently dropped.
    #[test]
    fn riichi_without_a_ready_criterion_is_named() {
        let overrides = [
            "criteria.ready.enabled=false".to_string(),
            "criteria.ready-self-drawn.enabled=false".to_string(),
        ];
        let rules = rules::load_with("korean", &overrides).expect("loads");
        let (_, evaluation) =
            crate::score_line("123p456m999s rrr EE ron=S riichi", &rules).expect("parses");
        let Evaluation::Complete { score: Some(score) } = evaluation else {
            panic!("a complete hand");
        };
        assert!(
            score
                .notes
                .iter()
                .any(|n| n.text == "riichi is not scored under korean"),
            "{:?}",
            score.notes
        );
    }
}
