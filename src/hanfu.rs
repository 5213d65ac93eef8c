//! The Japanese riichi han-and-fu system (`system = "han-fu"`): yaku han (closed and open
//! values), dora-type han, fu counted line by line, base points `fu × 2^(han+2)` with the
//! mangan and higher limits, and three-player payments (dealer ×1.5, ron paid by the
//! discarder, tsumo split between the two others with or without the absent player's share).

use crate::check::{HeldShape, ValueSet};
use crate::criteria::{Check, Hit};
use crate::decompose::{Arrangement, GroupKind, Shape, for_each_arrangement};
use crate::evaluate::{detect, discarded, sacred_discard};
use crate::hand::{Hand, SEATS, Win};
use crate::payment::role;
use crate::results::{
    Element, FuLine, HanFuTotals, HanLimit, Payments, Role, SeatPayment, SystemScore, Totals,
    Verdict, element,
};
use crate::rules::{Class, Ruleset};
use crate::tile::{Tile, Wind};

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
    pub notes: Vec<String>,
}

/// The han a criterion is worth here: its closed value, or its open value in an open hand
/// (with the kuitan and open situational-yaku options).
fn han_value(hand: &Hand, rules: &Ruleset, index: usize) -> u32 {
    let criterion = &rules.criteria[index];
    if hand.is_concealed() {
        return criterion.value;
    }
    let facts = criterion.check.facts();
    if (facts.kuitan && rules.options.kuitan)
        || (facts.situational && rules.options.open_situational_yaku)
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
    check.facts().family.unwrap_or(check)
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

/// Counts yaku, dora and yakuman among `hits`.
pub fn count_han(hand: &Hand, hits: &[(usize, Hit)], rules: &Ruleset) -> HanCount {
    let mut count = HanCount {
        elements: Vec::with_capacity(hits.len()),
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
        let value = han_value(hand, rules, i);
        if value == 0 {
            count
                .notes
                .push(format!("{} does not count in an open hand", criterion.name));
            continue;
        }
        let points = value.saturating_mul(hit.count);
        let mut row = element(hand, criterion, &hit, points);
        row.value = value;
        match criterion.class {
            Class::Yakuman => {
                count.yakuman = count.yakuman.saturating_add(points);
                count.yakuman_needs_no_yaku |= !criterion.check.facts().needs_yaku_by_option
                    || !rules.options.paarenchan_needs_yaku;
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
    if ctx.ippatsu && !ctx.riichi {
        count
            .notes
            .push("`ippatsu` without `riichi` is not counted: ippatsu needs a riichi".into());
    }
    if count.yakuman > 0 && !count.yakuman_needs_no_yaku && count.yaku_han == 0 {
        count.notes.push(
            "paarenchan needs a yaku like any other win (paarenchan-needs-yaku option)".into(),
        );
    }
    if ctx.last && (ctx.replacement || ctx.robbed) {
        count.notes.push(
            "`last` is not counted with `replacement` or `robbed`: haitei needs the last tile of the live wall, houtei the last discard"
                .into(),
        );
    }
    if !ctx.ura.is_empty() && !ctx.riichi {
        count
            .notes
            .push("`ura=` is not counted without `riichi`: ura-dora are a riichi privilege".into());
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
    if let Some(refused) = sacred_discard(hand) {
        return refused;
    }
    if count.yakuman_needs_no_yaku {
        return Verdict::Win;
    }
    if count.yaku_han == 0 {
        return Verdict::NoYaku;
    }
    let ryanshi = rules.han.ryanshi_honba;
    if ryanshi > 0 && ctx.honba >= ryanshi && count.yaku_han < 2 {
        return Verdict::TooFewYaku {
            have: count.yaku_han,
            need: 2,
            honba: ctx.honba,
        };
    }
    Verdict::Win
}

/// What the hand could have won on: the hand without its winning tile, completed by each
/// tile in turn (same context).
struct WaitInfo {
    /// Every tile that completes it.
    tiles: Vec<Tile>,
    /// A waiting tile that gives no yaku (a yakuhai set it completes aside).
    without_yaku: Option<Tile>,
    /// A waiting tile that gives fewer than two han of yaku.
    below_two: Option<Tile>,
    /// The wait-dependent yaku ([`crate::check::Facts::wait_dependent`]) that every waiting
    /// tile gives.
    everywhere: Vec<Check>,
}

/// The concealed tiles before the winning tile already hold the yaku's sets (three chows of a
/// straight, two identical chows), so the winning tile did not make it.
fn held_before_win(shape: HeldShape, before: &crate::tile::TileCounts) -> bool {
    let suits = [
        crate::tile::Suit::Circles,
        crate::tile::Suit::Bamboo,
        crate::tile::Suit::Characters,
    ];
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

/// Han of yakuhai sets that the winning tile itself completed in `arrangement`.
fn yakuhai_by_winning_tile(
    hand: &Hand,
    arrangement: &Arrangement,
    hits: &[(usize, Hit)],
    rules: &Ruleset,
) -> u32 {
    let Some(group) = arrangement.win_group().filter(|g| g.is_pong_or_kong()) else {
        return 0;
    };
    let ctx = &hand.context;
    hits.iter()
        .filter(|&&(i, _)| match rules.criteria[i].check.facts().yakuhai {
            Some(ValueSet::Dragon) => group.tile.dragon().is_some(),
            Some(ValueSet::SeatWind) => group.tile == ctx.seat.tile(),
            Some(ValueSet::RoundWind) => group.tile == ctx.round.tile(),
            None => false,
        })
        .map(|&(i, _)| han_value(hand, rules, i))
        .fold(0, u32::saturating_add)
}

fn wait_info(hand: &Hand, rules: &Ruleset) -> WaitInfo {
    let mut before = hand.clone();
    before.concealed.remove(hand.win_tile, 1);
    let held = before.all_tiles();
    let mut info = WaitInfo {
        tiles: Vec::new(),
        without_yaku: None,
        below_two: None,
        everywhere: rules
            .criteria
            .iter()
            .map(|c| c.check)
            .filter(|c| c.facts().wait_dependent.is_some())
            .collect(),
    };
    for tile in rules.tiles.tiles() {
        let kita = if tile == Wind::North.tile() {
            hand.kita() as u8
        } else {
            0
        };
        if held.get(tile) + kita >= rules.tiles.copies(tile) {
            continue;
        }
        let mut done = before.clone();
        done.concealed.add(tile, 1);
        done.win_tile = tile;
        let mut completes = false;
        let (mut has_yaku, mut two_han) = (false, false);
        let mut present: Vec<Check> = Vec::new();
        for_each_arrangement(&done, &rules.tiles, |arrangement| {
            completes = true;
            let hits = detect(&done, arrangement, rules);
            let count = count_han(&done, &hits, rules);
            let own = count.yaku_han.saturating_sub(yakuhai_by_winning_tile(
                &done,
                arrangement,
                &hits,
                rules,
            ));
            has_yaku |= count.yakuman_needs_no_yaku || own > 0;
            two_han |= count.yakuman_needs_no_yaku || count.yaku_han >= 2;
            present.extend(hits.iter().filter_map(|&(i, _)| {
                let check = rules.criteria[i].check;
                (check.facts().wait_dependent.is_some() && han_value(&done, rules, i) > 0)
                    .then_some(check)
            }));
        });
        if !completes {
            continue;
        }
        info.tiles.push(tile);
        if !has_yaku && info.without_yaku.is_none() {
            info.without_yaku = Some(tile);
        }
        if !two_han && info.below_two.is_none() {
            info.below_two = Some(tile);
        }
        info.everywhere.retain(|check| present.contains(check));
    }
    info
}

/// Counts the han of an arrangement and decides whether the win is legal, with the rules
/// that look at every tile the hand waited on (atozuke, wait-dependent yaku, furiten on any
/// wait, ryanshi for open hands) when the ruleset's options ask for them.
pub fn judge(hand: &Hand, hits: &[(usize, Hit)], rules: &Ruleset) -> (HanCount, Verdict) {
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
    let check_atozuke = ron && options.atozuke && !ctx.riichi && !count.yakuman_needs_no_yaku;
    let check_furiten =
        ron && options.furiten_any_wait && (!ctx.discards.is_empty() || hand.kita() > 0);
    if !(check_dependent || check_atozuke || check_furiten || ryanshi_open) {
        let verdict = verdict(hand, &count, rules);
        return (count, verdict);
    }
    let waits = wait_info(hand, rules);
    if check_dependent {
        let mut dropped = Vec::new();
        count.elements.retain(|e| match dependent(e) {
            Some(check) if !waits.everywhere.contains(&check) => {
                dropped.push((e.name.clone(), e.points));
                false
            }
            _ => true,
        });
        for (name, han) in dropped {
            count.yaku_han = count.yaku_han.saturating_sub(han);
            count.notes.push(format!(
                "{name} is not counted: the hand could also have won on a tile without it (wait-dependent-yaku option)"
            ));
        }
    }
    let mut verdict = verdict(hand, &count, rules);
    if !verdict.is_win() {
        return (count, verdict);
    }
    if check_furiten && let Some(&tile) = waits.tiles.iter().find(|&&t| discarded(hand, t)) {
        count.notes.push(format!(
            "furiten: the hand waited on {tile}, which is among the winner's discards (furiten-any-wait option)"
        ));
        verdict = Verdict::SacredDiscard {
            tile: tile.to_string(),
        };
    } else if check_atozuke && let Some(tile) = waits.without_yaku {
        verdict = Verdict::NoYakuOnEveryWait {
            tile: tile.to_string(),
        };
    } else if ryanshi_open
        && !count.yakuman_needs_no_yaku
        && let Some(tile) = waits.below_two
    {
        count.notes.push(format!(
            "ryanshi with an open hand: every finish must give two han of yaku, and {tile} would not"
        ));
        verdict = Verdict::TooFewYaku {
            have: count.yaku_han,
            need: 2,
            honba: ctx.honba,
        };
    }
    (count, verdict)
}

fn line(id: &'static str, label: impl Into<String>, fu: u32) -> FuLine {
    FuLine {
        id,
        label: label.into(),
        fu,
    }
}

/// The fu of an arrangement, line by line, and the rounded total.
///
/// Every fu value here is common riichi practice, NOT IN SOURCES (003 has no fu table), except
/// pinfu's "base 30 on a discard or 20 on self-draw" (003 §12 Pinfu); docs/rulesets/sanma.md
/// ("How a hand is scored", item 5) lists them.
pub fn count_fu(
    hand: &Hand,
    arrangement: &Arrangement,
    pinfu: bool,
    rules: &Ruleset,
) -> (Vec<FuLine>, u32) {
    let ctx = &hand.context;
    let tsumo = ctx.win == Win::Tsumo;
    let concealed = hand.is_concealed();
    match arrangement.shape {
        Shape::SevenPairs => return (vec![line("seven-pairs", "seven pairs", 25)], 25),
        Shape::ThirteenOrphans => return (Vec::new(), 0),
        Shape::Standard => {}
    }
    if pinfu && tsumo {
        return (vec![line("pinfu", "pinfu by self-draw", 20)], 20);
    }
    let mut lines = vec![line("base", "base (fuutei)", 20)];
    if concealed && !tsumo {
        lines.push(line("closed-ron", "concealed hand won on a discard", 10));
    }
    if tsumo && !pinfu {
        lines.push(line("tsumo", "self-draw", 2));
    }
    for group in arrangement.groups() {
        let base = match group.kind {
            GroupKind::Pong => 2,
            GroupKind::Kong => 8,
            GroupKind::Chow | GroupKind::Pair => continue,
        };
        let honour = group.tile.is_terminal_or_honour();
        let fu = base * if group.concealed { 2 } else { 1 } * if honour { 2 } else { 1 };
        lines.push(line(
            "set",
            format!(
                "{} {} of {} {group}",
                if group.concealed { "concealed" } else { "open" },
                if group.kind == GroupKind::Kong {
                    "kong"
                } else {
                    "pong"
                },
                if honour {
                    "terminals/honours"
                } else {
                    "simples"
                },
            ),
            fu,
        ));
    }
    if let Some(pair) = arrangement.pair() {
        if pair.dragon().is_some() {
            lines.push(line("pair", format!("pair of dragons {pair}{pair}"), 2));
        }
        if pair == ctx.seat.tile() {
            lines.push(line(
                "pair",
                format!("pair of the seat wind {pair}{pair}"),
                2,
            ));
        }
        let double_wind = pair == ctx.seat.tile() && pair == ctx.round.tile();
        if pair == ctx.round.tile() && (!double_wind || rules.options.double_wind_pair_counts_twice)
        {
            lines.push(line(
                "pair",
                format!("pair of the round wind {pair}{pair}"),
                2,
            ));
        }
    }
    if let Some(group) = arrangement.win_group() {
        let win = hand.win_tile.number();
        let wait = match (group.kind, group.tile.number()) {
            (GroupKind::Pair, _) => Some("single wait (tanki)"),
            (GroupKind::Chow, Some(low)) if win == Some(low + 1) => Some("closed wait (kanchan)"),
            (GroupKind::Chow, Some(1)) if win == Some(3) => Some("edge wait (penchan)"),
            (GroupKind::Chow, Some(7)) if win == Some(7) => Some("edge wait (penchan)"),
            _ => None,
        };
        if let Some(label) = wait {
            lines.push(line("wait", label, 2));
        }
    }
    let raw: u32 = lines.iter().map(|l| l.fu).sum();
    let rounded = raw.div_ceil(10) * 10;
    if rounded > raw {
        lines.push(line("rounding", format!("{raw} rounded up"), rounded - raw));
    }
    let mut fu = rounded;
    if fu < 30 {
        lines.push(line(
            "open-minimum",
            "an open hand scores at least 30 fu",
            30 - fu,
        ));
        fu = 30;
    }
    (lines, fu)
}

/// Base points and the limit reached for `han` and `fu` (or `yakuman` multiples).
///
/// The formula and the limits are common riichi practice, NOT IN SOURCES (003 has no points
/// table; docs/rulesets/sanma.md, "How a hand is scored", item 6).
pub fn base_points(han: u32, fu: u32, yakuman: u32, rules: &Ruleset) -> (u32, Option<HanLimit>) {
    if yakuman > 0 {
        return (yakuman.saturating_mul(8000), Some(HanLimit::Yakuman));
    }
    let options = &rules.options;
    match han {
        h if h >= 13 && options.kazoe_yakuman => (8000, Some(HanLimit::KazoeYakuman)),
        h if h >= 11 => (6000, Some(HanLimit::Sanbaiman)),
        8..=10 => (4000, Some(HanLimit::Baiman)),
        6 | 7 => (3000, Some(HanLimit::Haneman)),
        5 => (2000, Some(HanLimit::Mangan)),
        _ => {
            let base = fu << (han + 2);
            let kiriage =
                options.kiriage_mangan && ((han == 4 && fu == 30) || (han == 3 && fu == 60));
            if base >= 2000 || kiriage {
                (2000, Some(HanLimit::Mangan))
            } else {
                (base, None)
            }
        }
    }
}

/// `base × num / den` rounded up to the next 100.
fn round_up_100(base: u32, num: u32, den: u32) -> i64 {
    let value = u64::from(base) * u64::from(num);
    let step = 100 * u64::from(den);
    (value.div_ceil(step) * 100) as i64
}

/// Scores one arrangement whose criteria `hits` are known.
pub fn score(
    hand: &Hand,
    arrangement: &Arrangement,
    hits: &[(usize, Hit)],
    rules: &Ruleset,
) -> SystemScore {
    let (count, verdict) = judge(hand, hits, rules);
    let (fu_lines, fu) = count_fu(hand, arrangement, count.pinfu, rules);
    let han = count.yaku_han.saturating_add(count.dora_han);
    let (base, limit) = base_points(han, fu, count.yakuman, rules);
    let payments = verdict.is_win().then(|| settle(hand, rules, base));
    let mut notes = count.notes;
    if count.yakuman > 0 {
        notes.push("a yakuman is paid as such; other han are not totalled".into());
    }
    SystemScore {
        elements: count.elements,
        superseded: count.superseded,
        totals: Totals::HanFu(Box::new(HanFuTotals {
            yaku_han: count.yaku_han,
            dora_han: count.dora_han,
            han,
            yakuman: count.yakuman,
            fu_lines,
            fu,
            base_points: base,
            limit,
        })),
        verdict,
        payments,
        notes,
    }
}

/// Three-player payments from base points: ron 4× (dealer 6×) from the discarder; tsumo
/// 1× from the other non-dealer and 2× from the dealer (dealer winning: 2× each), plus the
/// absent fourth player's share split between the payers when `tsumo-split` is on.
/// The dealer's ×1.5 is 003 §3.2's "50% Bonus" and the discarder alone pays a ron (003 §9.2);
/// the multipliers themselves and the rounding to 100 are common riichi practice, NOT IN
/// SOURCES (docs/rulesets/sanma.md, "How a hand is scored", item 7).
/// Honba and riichi sticks are added as the ruleset's `[han]` table says.
pub fn settle(hand: &Hand, rules: &Ruleset, base: u32) -> Payments {
    let ctx = &hand.context;
    let dealer = ctx.seat == Wind::East;
    let split = rules.options.tsumo_split;
    settle_with(hand, rules, |payer| match ctx.win {
        Win::Ron(_) => {
            let times = if dealer { 6 } else { 4 };
            (
                round_up_100(base, times, 1),
                format!("{times}×{base} base, rounded up to 100"),
            )
        }
        Win::Tsumo => {
            let (num, den) = match (dealer, payer == Wind::East, split) {
                (true, _, false) | (false, true, false) => (2, 1),
                (false, false, false) => (1, 1),
                (true, _, true) => (3, 1),
                (false, true, true) => (5, 2),
                (false, false, true) => (3, 2),
            };
            let times = if den == 1 {
                num.to_string()
            } else {
                format!("{num}/{den}")
            };
            let how = if split {
                "absent player's share split"
            } else {
                "tsumo loss"
            };
            (
                round_up_100(base, num, den),
                format!("{times}×{base} base ({how}), rounded up to 100"),
            )
        }
    })
}

/// Builds the payment table: `owed(payer)` gives a payer's amount and how it is made up;
/// honba and riichi sticks are added here.
pub fn settle_with(hand: &Hand, rules: &Ruleset, owed: impl Fn(Wind) -> (i64, String)) -> Payments {
    let ctx = &hand.context;
    let mut seats = Vec::with_capacity(3);
    let mut total = 0;
    for &seat in &SEATS {
        let role = role(hand, seat);
        if role == Role::Winner || (role == Role::Other && ctx.win != Win::Tsumo) {
            if role == Role::Other {
                seats.push(SeatPayment {
                    seat,
                    role,
                    waiting: false,
                    amount: 0,
                    breakdown: "nothing".into(),
                });
            }
            continue;
        }
        let (mut amount, mut breakdown) = owed(seat);
        let per_counter = if ctx.win == Win::Tsumo {
            rules.han.honba_tsumo
        } else {
            rules.han.honba_ron
        };
        let honba = i64::from(ctx.honba) * i64::from(per_counter);
        if honba > 0 {
            amount += honba;
            breakdown.push_str(&format!(" + {}×{per_counter} honba", ctx.honba));
        }
        total += amount;
        seats.push(SeatPayment {
            seat,
            role,
            waiting: false,
            amount: -amount,
            breakdown,
        });
    }
    let sticks = i64::from(ctx.sticks) * i64::from(rules.han.riichi_stick);
    let breakdown = if sticks > 0 {
        format!(
            "collects, with {} riichi stick{} ({sticks}) from the table",
            ctx.sticks,
            if ctx.sticks == 1 { "" } else { "s" }
        )
    } else {
        String::new()
    };
    Payments::with_winner(seats, ctx.seat, total + sticks, breakdown)
}
