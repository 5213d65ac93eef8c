//! The totals lines of a score, in the terms of its scoring system: hand- and bonus-points
//! or the limit (points), fan and points (fan), the fu table and han (han-fu), han and the
//! payment-table row (han-table), or the yakuman.

use std::fmt::{self, Write as _};

use super::page::Page;
use super::style::Style;
use crate::amount::written;
use crate::results::{FanTotals, HanFuTotals, HanTableTotals, Limit, PointsTotals, Totals};
use crate::rules::Class;

/// Writes the totals lines of a score (`stated`: the win was stated by its value, so its
/// han are not split into yaku and dora and it has no fu lines).
pub(super) fn write_totals(out: &mut Page, totals: &Totals, stated: bool, style: Style) {
    match totals {
        Totals::Points(totals) => write_points_totals(out, totals, style),
        Totals::Fan(totals) => write_fan_totals(out, totals, style),
        Totals::HanFu(totals) if stated => write_stated_hanfu_totals(out, totals, style),
        Totals::HanFu(totals) => write_hanfu_totals(out, totals, style),
        Totals::HanTable(totals) if stated => {
            let _ = writeln!(out, "{} {}", style.heading("Table row:"), totals.row);
        }
        Totals::HanTable(totals) => write_han_table_totals(out, totals, style),
    }
}

/// The han-fu totals of a win stated by its value: its base points and limit.
fn write_stated_hanfu_totals(out: &mut Page, totals: &HanFuTotals, style: Style) {
    let base = written(i64::from(totals.base_points));
    let limit = totals
        .limit
        .map_or_else(String::new, |l| format!(" — {}", l.name()));
    let _ = writeln!(out, "{} {base}{limit}", style.heading("Base points:"));
}

fn write_points_totals(out: &mut Page, totals: &PointsTotals, style: Style) {
    match totals.limit {
        Some(limit) => {
            let name = match limit {
                Limit::Full => "Full limit",
                Limit::Half => "Half limit",
            };
            let _ = writeln!(
                out,
                "{} {} points",
                style.heading(format_args!("{name}:")),
                written(i64::from(totals.limit_points))
            );
        }
        None => {
            let met = totals.hand_points >= totals.minimum;
            let check = format!(
                "(minimum {}: {})",
                totals.minimum,
                if met { "met" } else { "not met" }
            );
            let _ = writeln!(
                out,
                "{} {}  {}",
                style.heading("Hand-points:"),
                totals.hand_points,
                style.outcome(met, &check)
            );
            let _ = writeln!(
                out,
                "{} {}",
                style.heading("Bonus-points:"),
                totals.bonus_points
            );
        }
    }
}

fn write_fan_totals(out: &mut Page, totals: &FanTotals, style: Style) {
    let met = totals.counted >= totals.minimum;
    let check = format!(
        "(minimum {}: {}; cap {})",
        totals.minimum,
        if met { "met" } else { "not met" },
        totals.cap
    );
    let fan = if totals.fan > totals.cap {
        format!("{} (of {})", totals.counted, totals.fan)
    } else {
        totals.counted.to_string()
    };
    let _ = writeln!(
        out,
        "{} {fan}  {}",
        style.heading("Fan:"),
        style.outcome(met, &check)
    );
    let _ = writeln!(
        out,
        "{} {}",
        style.heading("Points:"),
        written(i64::from(totals.points))
    );
}

/// Writes the yakuman line (`… — {what}`) and returns true when the hand is a yakuman.
fn wrote_yakuman(out: &mut Page, yakuman: u32, what: fmt::Arguments, style: Style) -> bool {
    if yakuman == 0 {
        return false;
    }
    let _ = writeln!(
        out,
        "{} {} — {what}",
        style.heading("Yakuman:"),
        Class::Yakuman.worth(yakuman)
    );
    true
}

fn write_hanfu_totals(out: &mut Page, totals: &HanFuTotals, style: Style) {
    let base = written(i64::from(totals.base_points));
    if wrote_yakuman(
        out,
        totals.yakuman,
        format_args!("base points {base}"),
        style,
    ) {
        return;
    }
    let mut fu = out.table();
    fu.set_header(["Fu", "Rule"]);
    fu.align_right(0);
    for line in &totals.fu_lines {
        fu.add_row([format!("+{}", line.fu), line.label.to_string()]);
    }
    fu.add_row([totals.fu.to_string(), "total fu".to_string()]);
    out.put(&mut fu);
    let limit = totals
        .limit
        .map_or_else(String::new, |l| format!(" — {}", l.name()));
    let _ = writeln!(
        out,
        "{} {} ({} yaku + {} dora), {} fu — base points {}{limit}",
        style.heading("Han:"),
        totals.han,
        totals.yaku_han,
        totals.dora_han,
        totals.fu,
        base
    );
}

fn write_han_table_totals(out: &mut Page, totals: &HanTableTotals, style: Style) {
    let row = &totals.row;
    if wrote_yakuman(out, totals.yakuman, format_args!("table row {row}"), style) {
        return;
    }
    let _ = writeln!(
        out,
        "{} {} ({} yaku + {} bonus) — table row {}",
        style.heading("Han:"),
        totals.han,
        totals.yaku_han,
        totals.bonus_han,
        totals.row
    );
}
