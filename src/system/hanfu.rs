//! The Japanese riichi han-and-fu system (`system = "han-fu"`): yaku han (closed and open
//! values), dora-type han, fu counted line by line, base points `fu × 2^(han+2)` with the
//! mangan and higher limits, and three-player payments (dealer ×1.5, ron paid by the
//! discarder, tsumo split between the two others with or without the absent player's share).

use crate::amount::Grouped;
use crate::decompose::{Arrangement, GroupKind, Shape};
use crate::hand::{Hand, Win};
use crate::results::{FuLine, HanFuTotals, HanLimit, Payments, SystemScore, Totals};
use crate::rules::Ruleset;
use crate::system::Scoring;
use crate::system::han::{judge, settle_with};
use crate::tile::{Seat, Tile};
use std::borrow::Cow;
use std::fmt::Write as _;

fn line(id: &'static str, label: impl Into<Cow<'static, str>>, fu: u32) -> FuLine {
    FuLine {
        id,
        label: label.into(),
        fu,
    }
}

/// `{what} {pair}{pair}`: a pair's fu label.
fn pair_label(what: &str, pair: Tile) -> String {
    let mut label = String::with_capacity(what.len() + 5);
    label.push_str(what);
    label.push(' ');
    label.push_str(pair.notation());
    label.push_str(pair.notation());
    label
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
    let mut lines = Vec::with_capacity(10);
    lines.push(line("base", "base (fuutei)", 20));
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
        let mut label = String::with_capacity(48);
        label.push_str(if group.concealed {
            "concealed "
        } else {
            "open "
        });
        label.push_str(if group.kind == GroupKind::Kong {
            "kong of "
        } else {
            "pong of "
        });
        label.push_str(if honour {
            "terminals/honours "
        } else {
            "simples "
        });
        group.push_to(&mut label);
        lines.push(line("set", label, fu));
    }
    if let Some(pair) = arrangement.pair() {
        if pair.dragon().is_some() {
            lines.push(line("pair", pair_label("pair of dragons", pair), 2));
        }
        if pair == ctx.seat.tile() {
            lines.push(line("pair", pair_label("pair of the seat wind", pair), 2));
        }
        let double_wind = pair == ctx.seat.tile() && pair == ctx.round.tile();
        if pair == ctx.round.tile() && (!double_wind || rules.options.double_wind_pair_counts_twice)
        {
            lines.push(line("pair", pair_label("pair of the round wind", pair), 2));
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
        let mut label = String::with_capacity(16);
        label.push_str(itoa::Buffer::new().format(raw));
        label.push_str(" rounded up");
        lines.push(line("rounding", label, rounded - raw));
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
        h if h >= 26 && options.kazoe_yakuman && options.kazoe_double => {
            (16000, Some(HanLimit::KazoeYakuman))
        }
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

/// Appends `{times}×{base} base` to `how` (`4×8,000 base`).
fn times_base(how: &mut String, times: u64, base: u32) {
    how.push_str(itoa::Buffer::new().format(times));
    how.push('×');
    Grouped(i64::from(base)).push_to(how);
    how.push_str(" base");
}

/// Adds `, rounded up to 100` to a payment's `how` when `raw` is not a multiple of 100
/// (a payment of exactly 2,000 was not rounded).
fn say_rounded(how: &mut String, raw: u64) {
    if !raw.is_multiple_of(100) {
        how.push_str(", rounded up to 100");
    }
}

/// `base × times` rounded up to the next 100.
fn round_up_100(base: u32, times: u32) -> i64 {
    let value = u64::from(base) * u64::from(times);
    (value.div_ceil(100) * 100) as i64
}

/// Scores one arrangement whose criteria hits are known.
pub fn score(on: &Scoring) -> SystemScore {
    let Scoring {
        hand,
        arrangement,
        hits,
        rules,
        waits,
    } = *on;
    let (count, verdict) = judge(hand, hits, rules, waits);
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
/// 1× from the other non-dealer and 2× from the dealer (dealer winning: 2× each), each share
/// rounded up to 100; with `tsumo-split` (north-bisection) each payer adds half the absent
/// fourth player's rounded share, and the sum is rounded up to 100 again.
/// The dealer's ×1.5 is 003 §3.2's "50% Bonus" and the discarder alone pays a ron (003 §9.2);
/// the multipliers themselves and the rounding to 100 are common riichi practice, NOT IN
/// SOURCES (docs/rulesets/sanma.md, "How a hand is scored", item 7).
/// Honba and riichi sticks are added as the ruleset's `[han]` table says.
pub fn settle(hand: &Hand, rules: &Ruleset, base: u32) -> Payments {
    let ctx = &hand.context;
    let dealer = ctx.seat == Seat::East;
    let split = rules.options.tsumo_split;
    settle_with(hand, rules, |payer| match ctx.win {
        Win::Ron(_) => {
            let times = if dealer { 6 } else { 4 };
            let mut how = String::with_capacity(48);
            times_base(&mut how, times.into(), base);
            say_rounded(&mut how, u64::from(base) * u64::from(times));
            (round_up_100(base, times), how)
        }
        Win::Tsumo => tsumo_owed(base, dealer, payer == Seat::East, split),
    })
}

/// What one payer owes on a tsumo worth `base` base points (`dealer`: the winner deals;
/// `payer_deals`: the payer does), and how: the payer's four-player share, 2× base from or to
/// the dealer and 1× otherwise, rounded up to 100; with `split` (north-bisection) plus half
/// the absent fourth player's share, rounded up to 100 again. Also what a nagashi mangan
/// collects (a game replay).
pub fn tsumo_owed(base: u32, dealer: bool, payer_deals: bool, split: bool) -> (i64, String) {
    // Four-player shares: the dealer pays (or, winning, takes from each) 2× base, a
    // non-dealer 1×; North, absent, is a non-dealer.
    let share = |pays_double: bool| round_up_100(base, if pays_double { 2 } else { 1 });
    let own = share(dealer || payer_deals);
    let mut how = String::with_capacity(112);
    if !split {
        let times: u64 = if dealer || payer_deals { 2 } else { 1 };
        times_base(&mut how, times, base);
        how.push_str(" (tsumo loss)");
        say_rounded(&mut how, u64::from(base) * times);
        return (own, how);
    }
    let absent = share(dealer);
    let sum = own + absent / 2;
    let total = (sum + 99) / 100 * 100;
    let _ = write!(
        how,
        "own share {} + half of the absent player's {} (north-bisection)",
        Grouped(own),
        Grouped(absent)
    );
    say_rounded(&mut how, sum.unsigned_abs());
    (total, how)
}
