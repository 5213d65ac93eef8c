//! What the two han systems ([`crate::system::hanfu`] and [`crate::system::han_table`])
//! share: counting han under open and closed values, the legality of the win (yaku, ryanshi,
//! sacred discard), the rules that look at every tile the hand waited on (atozuke,
//! wait-dependent yaku, furiten), and the payment table with honba and riichi sticks.

use crate::check::Check;
use crate::check::{HeldShape, ValueSet};
use std::cell::OnceCell;
use std::ops::ControlFlow;

use crate::criteria::{
    Hit, Situation, TENHOU_DOUBLE_FORMS, finishing_tiles, for_each_finish, tenhou_upgrade_reason,
    tenhou_upgrades,
};
use crate::decompose::try_for_each_arrangement;
use crate::hand::{Hand, Win};
use crate::results::{Element, Note, Payments, Role, SeatPayment, Verdict, element};
use crate::rules::{Class, Criterion, Ruleset};
use crate::system::{discarded, kita_furiten, sacred_discard};
use crate::tile::{Seat, Suit, Tile, TileCounts};
use std::fmt::Write as _;

/// Han of a hand, counted under a ruleset's open and closed values.
pub struct HanCount {
    /// Elements that count.
    pub elements: Vec<Element>,
    /// Elements present but not counted (a yakuman replaces han).
    pub superseded: Vec<Element>,
    /// Han from yaku.
    pub yaku_han: u32,
    /// Han from dora-type elements.
    pub dora_han: u32,
    /// Yakuman multiples.
    pub yakuman: u32,
    /// A yakuman makes the win legal without any yaku (every yakuman except paarenchan
    /// under the `paarenchan-needs-yaku` option).
    pub yakuman_needs_no_yaku: bool,
    /// The hand has pinfu.
    pub pinfu: bool,
    /// Remarks (yaku lost by opening, …).
    pub notes: Vec<Note>,
}

/// The han a criterion is worth here: its closed value, or in an open hand its [`open_han`].
fn han_value(hand: &Hand, rules: &Ruleset, index: usize) -> u32 {
    let criterion = &rules.criteria[index];
    if hand.is_concealed() {
        criterion.value
    } else {
        open_han(criterion, rules)
    }
}

/// The han a criterion is worth in an open hand under the ruleset's options (kuitan, open
/// situational yaku, open reduction, kuisagari); 0 when it does not count open.
pub fn open_han(criterion: &Criterion, rules: &Ruleset) -> u32 {
    let facts = criterion.check.facts();
    let options = &rules.options;
    let reduced = criterion.open_value > 0 && criterion.open_value < criterion.value;
    if (facts.kuitan && options.kuitan)
        || (facts.situational && options.open_situational_yaku)
        || (reduced && facts.open_reduction && !options.open_reduction)
        || (reduced && !facts.open_reduction && !options.kuisagari)
    {
        criterion.value
    } else {
        criterion.open_value
    }
}

/// The yakuman a double or triple form belongs to (000 §Honshū names kokushi with no
/// discards, suuankou on a single wait and chuuren with no discards as higher forms of one
/// hand), so that they are not taken for separate yakuman.
fn yakuman_family(check: Check) -> Check {
    check.facts().higher_form_of.unwrap_or(check)
}

/// With the `yakuman-stack` option off, keeps only the yakuman family worth most: the
/// others move to `superseded` and `yakuman` becomes that family's total.
fn keep_largest_yakuman(count: &mut HanCount) {
    let family_of = |e: &Element| yakuman_family(e.check);
    let total = |elements: &[Element], family| -> u32 {
        elements
            .iter()
            .filter(|e| family_of(e) == family)
            .map(|e| e.points)
            .fold(0, u32::saturating_add)
    };
    let Some(best) = count
        .elements
        .iter()
        .map(family_of)
        .max_by_key(|&family| total(&count.elements, family))
    else {
        return;
    };
    let best_total = total(&count.elements, best);
    if best_total == count.yakuman {
        return;
    }
    let (kept, dropped): (Vec<_>, Vec<_>) =
        count.elements.drain(..).partition(|e| family_of(e) == best);
    count.elements = kept;
    count.superseded.extend(dropped);
    count.yakuman = best_total;
    count
        .notes
        .push("only the largest yakuman counts (yakuman-stack option off)".into());
}

/// A hit's han value here and the han it adds (value × count); `None` when it is worth
/// nothing here (a yaku lost by opening the hand).
fn hit_han(hand: &Hand, rules: &Ruleset, index: usize, hit: &Hit) -> Option<(u32, u32)> {
    let value = han_value(hand, rules, index);
    (value > 0).then(|| (value, value.saturating_mul(hit.count)))
}

/// A yakuman makes the win legal without a yaku, except paarenchan under the
/// `paarenchan-needs-yaku` option.
fn frees_from_yaku(check: Check, rules: &Ruleset) -> bool {
    !check.facts().needs_yaku_by_option || !rules.options.paarenchan_needs_yaku
}

/// Counts yaku, dora and yakuman among `hits`.
pub fn count_han(hand: &Hand, hits: &[(usize, Hit)], rules: &Ruleset) -> HanCount {
    // The yakuman rows; the others gather in `han_elements`, which become the elements
    // when no yakuman hit (nearly every hand): allocated only once a yakuman is pushed.
    let mut count = HanCount {
        elements: Vec::new(),
        superseded: Vec::new(),
        yaku_han: 0,
        dora_han: 0,
        yakuman: 0,
        yakuman_needs_no_yaku: false,
        pinfu: false,
        notes: Vec::new(),
    };
    let mut han_elements = Vec::with_capacity(hits.len());
    for &(i, hit) in hits {
        let criterion = &rules.criteria[i];
        let Some((value, points)) = hit_han(hand, rules, i, &hit) else {
            count
                .notes
                .push(format!("{} does not count in an open hand", criterion.name).into());
            continue;
        };
        let mut row = element(hand, criterion, &hit, points);
        row.value = value;
        match criterion.class {
            Class::Yakuman => {
                count.yakuman = count.yakuman.saturating_add(points);
                count.yakuman_needs_no_yaku |= frees_from_yaku(criterion.check, rules);
                count.elements.push(row);
            }
            Class::Dora => {
                count.dora_han = count.dora_han.saturating_add(points);
                han_elements.push(row);
            }
            _ => {
                if criterion.check.facts().pinfu {
                    count.pinfu = true;
                }
                count.yaku_han = count.yaku_han.saturating_add(points);
                han_elements.push(row);
            }
        }
    }
    let ctx = &hand.context;
    let reads_first = |i: usize| rules.criteria[i].check.facts().reads.contains(&"first");
    if ctx.first
        && (0..rules.criteria.len()).any(reads_first)
        && !hits.iter().any(|&(i, _)| reads_first(i))
    {
        let note = if matches!(ctx.win, Win::Ron(_)) && ctx.seat == Seat::East {
            Note::sourced(
                "`first` is not scored here: a dealer's first-go-around win on a discard is no renhou",
                crate::sources::cite(
                    "003_39dfac9db387ff3e.txt §12 Renhou: \"Only non-dealers may invoke renhou\"",
                ),
            )
        } else {
            Note::from(format!(
                "`first` is not scored here: the criterion that would reward it (renhou, tenhou, chiihou) is switched off under {}",
                rules.name
            ))
        };
        count.notes.push(note);
    }
    if tenhou_upgrades(hand, rules) {
        for element in &count.elements {
            if TENHOU_DOUBLE_FORMS.contains(&element.check) {
                count
                    .notes
                    .push(tenhou_upgrade_reason(&element.name).into());
            }
        }
    }
    if count.yakuman > 0 && !count.yakuman_needs_no_yaku && count.yaku_han == 0 {
        count.notes.push(
            "paarenchan needs a yaku like any other win (paarenchan-needs-yaku option)".into(),
        );
    }
    if count.yakuman > 0 {
        count.superseded = han_elements;
        if !rules.options.yakuman_stack {
            keep_largest_yakuman(&mut count);
        }
    } else {
        count.elements = han_elements;
    }
    count
}

/// Whether the win is legal: sacred discard ([`sacred_discard`]), at least one yaku, and two
/// yaku han once enough counters are on the table (ryanshi).
pub fn verdict(hand: &Hand, count: &HanCount, rules: &Ruleset) -> Verdict {
    let ctx = &hand.context;
    if let Some(refused) = sacred_discard(hand, rules) {
        return refused;
    }
    if count.yakuman_needs_no_yaku {
        return Verdict::Win;
    }
    if count.yaku_han == 0 {
        return Verdict::NoYaku;
    }
    let ryanshi = rules.han.ryanshi_honba;
    let below_two = if rules.options.ryanshi_two_yaku {
        let yaku = count.elements.iter().filter(|e| e.class == Class::Yaku);
        yaku.count() < 2
    } else {
        count.yaku_han < 2
    };
    if ryanshi > 0 && ctx.honba >= ryanshi && below_two {
        return Verdict::TooFewYaku {
            have: count.yaku_han,
            need: 2,
            honba: ctx.honba,
        };
    }
    Verdict::Win
}

/// What the hand could have won on (the hand without its winning tile, completed by each
/// tile in turn, same context), each part worked out on first use and then shared by every
/// arrangement of the same hand: they depend on the hand and the ruleset only. Each part
/// detects only the criteria it reads and stops as soon as its answer is known.
#[derive(Default)]
pub struct Waits {
    /// Every tile that completes it.
    tiles: OnceCell<Vec<Tile>>,
    /// A waiting tile that gives no yaku (a yakuhai set it completes aside).
    without_yaku: OnceCell<Option<Tile>>,
    /// A waiting tile that gives fewer than two han of yaku.
    below_two: OnceCell<Option<Tile>>,
    /// The wait-dependent yaku ([`crate::check::Facts::wait_dependent`]) that every waiting
    /// tile gives.
    everywhere: OnceCell<Vec<Check>>,
}

impl Waits {
    fn tiles(&self, hand: &Hand, rules: &Ruleset) -> &[Tile] {
        self.tiles.get_or_init(|| finishing_tiles(hand, rules))
    }

    fn without_yaku(&self, hand: &Hand, rules: &Ruleset) -> Option<Tile> {
        *self.without_yaku.get_or_init(|| {
            first_finish_without(hand, rules, self.tiles(hand, rules), Need::AnyYaku)
        })
    }

    fn below_two(&self, hand: &Hand, rules: &Ruleset) -> Option<Tile> {
        *self.below_two.get_or_init(|| {
            first_finish_without(hand, rules, self.tiles(hand, rules), Need::TwoHan)
        })
    }

    fn everywhere(&self, hand: &Hand, rules: &Ruleset) -> &[Check] {
        self.everywhere
            .get_or_init(|| everywhere(hand, rules, self.tiles(hand, rules)))
    }
}

/// What a finish must give in one of its arrangements.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Need {
    /// A yaku, or a yakuman that needs none, besides any yakuhai set the winning tile
    /// completed (atozuke).
    AnyYaku,
    /// Two han of yaku, or a yakuman that needs none (ryanshi with an open hand).
    TwoHan,
}

/// The indices of the ruleset's criteria that `keep` accepts, in one allocation.
fn criteria_where(rules: &Ruleset, keep: impl Fn(usize) -> bool) -> Vec<usize> {
    let mut read = Vec::with_capacity(rules.criteria.len());
    read.extend((0..rules.criteria.len()).filter(|&i| keep(i)));
    read
}

/// The first of `tiles` whose finish has no arrangement that gives what is needed, if any.
/// Only the criteria that can count towards yaku are detected (every one but dora that are
/// not value sets), and a hit counts only when worth han here; an arrangement stops at the
/// first hit that settles it and each finish at the first arrangement that gives.
fn first_finish_without(hand: &Hand, rules: &Ruleset, tiles: &[Tile], need: Need) -> Option<Tile> {
    let may_count = |criterion: &Criterion| {
        criterion.class != Class::Dora || criterion.check.facts().yakuhai.is_some()
    };
    // A value set scored as dora would take its han from the yaku without adding any: then
    // only the whole count settles whether there is a yaku.
    let dora_value_sets = rules.criteria.iter().enumerate().any(|(i, criterion)| {
        criterion.class == Class::Dora && may_count(criterion) && han_value(hand, rules, i) > 0
    });
    let mut without = None;
    for_each_finish(hand, tiles, |done| {
        let found = try_for_each_arrangement(done, rules, |arrangement| {
            let situation = Situation::new(done, arrangement, rules);
            let win_pong = arrangement.win_group().filter(|g| g.is_pong_or_kong());
            // The yaku han so far, and the han of the value sets the winning tile completed.
            let (mut yaku_han, mut by_winning_tile) = (0u32, 0u32);
            for (i, criterion) in rules.criteria.iter().enumerate() {
                if !may_count(criterion) {
                    continue;
                }
                let hit = criterion.check.detect(&situation);
                if hit.count == 0 {
                    continue;
                }
                let value = han_value(done, rules, i);
                if value == 0 {
                    continue;
                }
                // A hit that alone settles it: a yakuman that needs no yaku; a yaku that is
                // no value set (no yakuhai the winning tile completed can take it away); two
                // han of yaku so far.
                let settled = match criterion.class {
                    Class::Yakuman => frees_from_yaku(criterion.check, rules),
                    Class::Dora => false,
                    _ => {
                        let han = value.saturating_mul(hit.count);
                        yaku_han = yaku_han.saturating_add(han);
                        match need {
                            Need::AnyYaku => {
                                !dora_value_sets && criterion.check.facts().yakuhai.is_none()
                            }
                            Need::TwoHan => yaku_han >= 2,
                        }
                    }
                };
                if settled {
                    return ControlFlow::Break(());
                }
                if let Some(group) = win_pong
                    && completes_value_set(done, criterion.check, group.tile)
                {
                    by_winning_tile = by_winning_tile.saturating_add(value);
                }
            }
            // No hit settled it: no yakuman that frees the win, fewer than two han of yaku.
            let gives = match need {
                Need::AnyYaku => yaku_han.saturating_sub(by_winning_tile) > 0,
                Need::TwoHan => false,
            };
            if gives {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if found.is_break() {
            return ControlFlow::Continue(());
        }
        without = Some(done.win_tile);
        ControlFlow::Break(())
    });
    without
}

/// The wait-dependent yaku of the ruleset that every finish gives (worth han here); only
/// those criteria are detected, and the search stops once none is left.
fn everywhere(hand: &Hand, rules: &Ruleset, tiles: &[Tile]) -> Vec<Check> {
    let mut everywhere: Vec<Check> = rules
        .criteria
        .iter()
        .map(|c| c.check)
        .filter(|c| c.facts().wait_dependent.is_some())
        .collect();
    let read = criteria_where(rules, |i| {
        rules.criteria[i].check.facts().wait_dependent.is_some() && han_value(hand, rules, i) > 0
    });
    let mut present: Vec<Check> = Vec::with_capacity(read.len());
    for_each_finish(hand, tiles, |done| {
        present.clear();
        let _ = try_for_each_arrangement(done, rules, |arrangement| {
            let situation = Situation::new(done, arrangement, rules);
            for &i in &read {
                let check = rules.criteria[i].check;
                if !present.contains(&check) && check.detect(&situation).count > 0 {
                    present.push(check);
                }
            }
            if everywhere.iter().all(|check| present.contains(check)) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        everywhere.retain(|check| present.contains(check));
        if everywhere.is_empty() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    everywhere
}

/// The concealed tiles before the winning tile already hold the yaku's sets (three chows of a
/// straight, two identical chows), so the winning tile did not make it.
fn held_before_win(shape: HeldShape, before: &TileCounts) -> bool {
    let suits = [Suit::Circles, Suit::Bamboo, Suit::Characters];
    let count = |suit, n| Tile::numbered(suit, n).map_or(0, |t| before.get(t));
    match shape {
        HeldShape::Straight => suits
            .into_iter()
            .any(|suit| (1..=9).all(|n| count(suit, n) >= 1)),
        HeldShape::IdenticalChows => suits
            .into_iter()
            .any(|suit| (1..=7).any(|n| (n..n + 3).all(|m| count(suit, m) >= 2))),
    }
}

/// `check` is a value set (yakuhai) of `tile`, the pong or kong the winning tile completed.
fn completes_value_set(hand: &Hand, check: Check, tile: Tile) -> bool {
    let ctx = &hand.context;
    match check.facts().yakuhai {
        Some(ValueSet::Dragon) => tile.dragon().is_some(),
        Some(ValueSet::SeatWind) => tile == ctx.seat.tile(),
        Some(ValueSet::RoundWind) => tile == ctx.round.tile(),
        None => false,
    }
}

/// Counts the han of an arrangement and decides whether the win is legal, with the rules
/// that look at every tile the hand waited on (atozuke, wait-dependent yaku, furiten on any
/// wait, ryanshi for open hands) when the ruleset's options ask for them; `waits` holds
/// those tiles once worked out for the hand.
pub fn judge(
    hand: &Hand,
    hits: &[(usize, Hit)],
    rules: &Ruleset,
    waits: &Waits,
) -> (HanCount, Verdict) {
    let mut count = count_han(hand, hits, rules);
    let ctx = &hand.context;
    let ron = matches!(ctx.win, Win::Ron(_));
    let options = &rules.options;
    let mut before = hand.concealed;
    before.remove(hand.win_tile, 1);
    let dependent = |e: &Element| {
        let check = e.check;
        let rule = check.facts().wait_dependent?;
        let held = rule
            .held_before
            .is_some_and(|shape| held_before_win(shape, &before));
        ((ron || rule.on_tsumo) && !held).then_some(check)
    };
    let ryanshi = rules.han.ryanshi_honba;
    let ryanshi_open = ryanshi > 0 && ctx.honba >= ryanshi && !hand.is_concealed();
    let check_dependent = options.wait_dependent_yaku
        && count.yakuman == 0
        && count.elements.iter().any(|e| dependent(e).is_some());
    // 003 §9.3: "if the hand already contains a hidden Yaku the player can go Ron any time".
    let held_yaku = count.elements.iter().any(|e| {
        let facts = e.check.facts();
        facts.held_before_ron
            || facts
                .wait_dependent
                .and_then(|rule| rule.held_before)
                .is_some_and(|shape| held_before_win(shape, &before))
    });
    let check_atozuke =
        ron && options.atozuke && !ctx.riichi && !count.yakuman_needs_no_yaku && !held_yaku;
    let check_furiten =
        ron && options.furiten_any_wait && (!ctx.discards.is_empty() || kita_furiten(hand, rules));
    if !(check_dependent || check_atozuke || check_furiten || ryanshi_open) {
        let verdict = verdict(hand, &count, rules);
        return (count, verdict);
    }
    if check_dependent {
        let everywhere = waits.everywhere(hand, rules);
        let mut dropped = Vec::new();
        count.elements.retain(|e| match dependent(e) {
            Some(check) if !everywhere.contains(&check) => {
                dropped.push((e.name.clone(), e.points));
                false
            }
            _ => true,
        });
        for (name, han) in dropped {
            count.yaku_han = count.yaku_han.saturating_sub(han);
            count.notes.push(format!(
                "{name} is not counted: the hand could also have won on a tile without it (wait-dependent-yaku option)"
            ).into());
        }
    }
    let mut verdict = verdict(hand, &count, rules);
    if !verdict.is_win() {
        return (count, verdict);
    }
    if check_furiten
        && let Some(&tile) = waits
            .tiles(hand, rules)
            .iter()
            .find(|&&t| discarded(hand, t, rules))
    {
        count.notes.push(format!(
            "furiten: the hand waited on {tile}, which is among the winner's discards (furiten-any-wait option)"
        ).into());
        verdict = Verdict::SacredDiscard {
            tile: tile.to_string(),
        };
    } else if check_atozuke && let Some(tile) = waits.without_yaku(hand, rules) {
        verdict = Verdict::NoYakuOnEveryWait {
            tile: tile.to_string(),
        };
    } else if ryanshi_open
        && !count.yakuman_needs_no_yaku
        && let Some(tile) = waits.below_two(hand, rules)
    {
        count.notes.push(format!(
            "ryanshi with an open hand: every finish must give two han of yaku, and {tile} would not"
        ).into());
        verdict = Verdict::TooFewYaku {
            have: count.yaku_han,
            need: 2,
            honba: ctx.honba,
        };
    }
    (count, verdict)
}

/// What each payer of `hand`'s win pays for the counters it is paid (`paid_honba`), and the
/// amount a counter: `han.honba-tsumo` on a self-draw, `han.honba-ron` on a discard (003 §11).
pub fn counters_paid(hand: &Hand, rules: &Ruleset) -> (i64, u32) {
    let ctx = &hand.context;
    let per_counter = if ctx.win == Win::Tsumo {
        rules.han.honba_tsumo
    } else {
        rules.han.honba_ron
    };
    (
        i64::from(ctx.paid_honba) * i64::from(per_counter),
        per_counter,
    )
}

/// Builds the payment table: `owed(payer)` gives a payer's amount and how it is made up;
/// honba, the goulash (`han.goulash-per-draw`, from each other player) and riichi sticks are
/// added here.
pub fn settle_with(hand: &Hand, rules: &Ruleset, owed: impl Fn(Seat) -> (i64, String)) -> Payments {
    let ctx = &hand.context;
    let goulash = i64::from(ctx.draws) * i64::from(rules.han.goulash_per_draw);
    let goulash_said = || {
        format!(
            "{} goulash ({})",
            crate::amount::Grouped(goulash),
            crate::plural::counted(ctx.draws, "drawn hand", "drawn hands")
        )
    };
    let payer = |seat, role| {
        if role == Role::Other && ctx.win != Win::Tsumo {
            if goulash == 0 {
                return SeatPayment::nothing(seat, role);
            }
            return SeatPayment {
                seat,
                role,
                waiting: false,
                amount: -goulash,
                breakdown: goulash_said().into(),
            };
        }
        let (mut amount, mut breakdown) = owed(seat);
        if goulash > 0 {
            amount += goulash;
            let _ = write!(breakdown, " + {}", goulash_said());
        }
        let (honba, per_counter) = counters_paid(hand, rules);
        if honba > 0 {
            amount += honba;
            let per_counter = crate::amount::Grouped(i64::from(per_counter));
            let _ = write!(breakdown, " + {}×{per_counter} honba", ctx.paid_honba);
        }
        SeatPayment {
            seat,
            role,
            waiting: false,
            amount: -amount,
            breakdown: breakdown.into(),
        }
    };
    let sticks = i64::from(ctx.sticks) * i64::from(rules.han.riichi_stick);
    let breakdown = if sticks > 0 {
        format!(
            "collects, with {} ({}) from the table",
            crate::plural::counted(ctx.sticks, "riichi stick", "riichi sticks"),
            crate::amount::Grouped(sticks)
        )
    } else {
        String::new()
    };
    Payments::for_win(hand, payer, sticks, breakdown)
}
