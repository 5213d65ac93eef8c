//! Rendering: the score as a table for people, or as JSON for machines.

use std::fmt::Write as _;

use comfy_table::{CellAlignment, ContentArrangement, Table, presets};
use owo_colors::OwoColorize;
use serde::Serialize;

use crate::evaluate::Evaluation;
use crate::hand::{Context, ValidHand, Win};
use crate::results::{
    FanTotals, HanFuTotals, HanTableTotals, Limit, PointsTotals, Role, Score, Totals, Verdict,
};
use crate::rules::Ruleset;

/// How output is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    /// Use ANSI colours.
    pub color: bool,
    /// Fit tables to this many columns (`None`: as wide as their content).
    pub width: Option<u16>,
}

impl Style {
    /// Fits `table` to the width, when one is set, by wrapping its cells.
    fn fit(&self, table: &mut Table) {
        if let Some(width) = self.width {
            table
                .set_content_arrangement(ContentArrangement::Dynamic)
                .set_width(width);
        }
    }

    fn heading(&self, text: &str) -> String {
        if self.color {
            text.bold().to_string()
        } else {
            text.to_string()
        }
    }

    fn good(&self, text: &str) -> String {
        if self.color {
            text.green().to_string()
        } else {
            text.to_string()
        }
    }

    fn bad(&self, text: &str) -> String {
        if self.color {
            text.red().bold().to_string()
        } else {
            text.to_string()
        }
    }

    fn dim(&self, text: &str) -> String {
        if self.color {
            text.dimmed().to_string()
        } else {
            text.to_string()
        }
    }
}

/// One scored line of input, as JSON describes it.
#[derive(Debug, Clone, Serialize)]
pub struct Report<'a> {
    /// The 1-based line number in `mj3 batch`; absent for `mj3 score`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The input line.
    pub input: &'a str,
    /// Ruleset name.
    pub ruleset: &'a str,
    /// Seat, round and how the hand was won.
    pub context: ContextReport,
    /// The evaluation.
    #[serde(flatten)]
    pub evaluation: &'a Evaluation,
}

/// The resolved context, for JSON.
#[derive(Debug, Clone, Serialize)]
pub struct ContextReport {
    /// Winner's seat.
    pub seat: String,
    /// Prevailing wind.
    pub round: String,
    /// `tsumo` or `ron`.
    pub win: &'static str,
    /// The discarder on a ron.
    pub discarder: Option<String>,
}

impl ContextReport {
    /// From a hand's context.
    pub fn new(ctx: &Context) -> Self {
        ContextReport {
            seat: ctx.seat.name().into(),
            round: ctx.round.name().into(),
            win: match ctx.win {
                Win::Tsumo => "tsumo",
                Win::Ron(_) => "ron",
            },
            discarder: match ctx.win {
                Win::Ron(seat) => Some(seat.name().into()),
                Win::Tsumo => None,
            },
        }
    }
}

/// The context of a validated hand.
pub fn context_of(hand: &ValidHand) -> &Context {
    match hand {
        ValidHand::Complete(h) => &h.context,
        ValidHand::Waiting(w) => &w.base.context,
    }
}

/// JSON for one line.
pub fn json(
    line: Option<usize>,
    input: &str,
    rules: &Ruleset,
    hand: &ValidHand,
    evaluation: &Evaluation,
) -> String {
    let report = Report {
        line,
        input,
        ruleset: &rules.name,
        context: ContextReport::new(context_of(hand)),
        evaluation,
    };
    serde_json::to_string(&report).unwrap_or_else(|e| unreachable!("plain data serializes: {e}"))
}

fn describe_context(ctx: &Context) -> String {
    let how = match ctx.win {
        Win::Tsumo => "won by self-draw".to_string(),
        Win::Ron(seat) => format!("won on a discard from {}", seat.name()),
    };
    format!(
        "seat {}, round {}, {how}",
        ctx.seat.name(),
        ctx.round.name()
    )
}

/// The table view of one line.
pub fn text(
    input: &str,
    rules: &Ruleset,
    hand: &ValidHand,
    evaluation: &Evaluation,
    style: Style,
) -> String {
    let mut out = String::new();
    let ctx = context_of(hand);
    let _ = writeln!(
        out,
        "{} {}  {}",
        style.heading("Hand:"),
        input.trim(),
        style.dim(&format!(
            "({}; ruleset {})",
            describe_context(ctx),
            rules.name
        ))
    );
    match evaluation {
        Evaluation::Complete { score: Some(score) } => write_score(&mut out, score, style),
        Evaluation::Complete { score: None } => {
            let _ = writeln!(
                out,
                "{}",
                style.bad("Not a winning hand: the tiles make no four sets and an eye, seven pairs or other winning shape under this ruleset.")
            );
        }
        Evaluation::Waiting { waits } if waits.is_empty() => {
            let _ = writeln!(
                out,
                "{}",
                style.bad("13 tiles, but no tile in play completes this hand.")
            );
        }
        Evaluation::Waiting { waits } => {
            let tiles: Vec<&str> = waits.iter().map(|w| w.tile.as_str()).collect();
            let _ = writeln!(
                out,
                "{} {} — 13 tiles; each winning tile is scored below.",
                style.heading("Waiting on:"),
                tiles.join(", ")
            );
            for wait in waits {
                let _ = writeln!(out);
                let _ = writeln!(
                    out,
                    "{}",
                    style.heading(&format!(
                        "── on {} ─ collects {}",
                        wait.tile,
                        wait.score.received()
                    ))
                );
                write_score(&mut out, &wait.score, style);
            }
        }
    }
    out
}

fn write_points_totals(out: &mut String, totals: &PointsTotals, style: Style) {
    match totals.limit {
        Some(limit) => {
            let name = match limit {
                Limit::Full => "Full limit",
                Limit::Half => "Half limit",
            };
            let _ = writeln!(
                out,
                "{} {} points",
                style.heading(&format!("{name}:")),
                totals.limit_points
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
                if met {
                    style.good(&check)
                } else {
                    style.bad(&check)
                }
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

fn write_fan_totals(out: &mut String, totals: &FanTotals, style: Style) {
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
        if met {
            style.good(&check)
        } else {
            style.bad(&check)
        }
    );
    let _ = writeln!(out, "{} {}", style.heading("Points:"), totals.points);
}

fn write_hanfu_totals(out: &mut String, totals: &HanFuTotals, style: Style) {
    if totals.yakuman > 0 {
        let _ = writeln!(
            out,
            "{} {}× yakuman — base points {}",
            style.heading("Yakuman:"),
            totals.yakuman,
            totals.base_points
        );
        return;
    }
    let mut fu = Table::new();
    fu.load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Disabled)
        .set_header(vec!["Fu", "Rule"]);
    style.fit(&mut fu);
    for line in &totals.fu_lines {
        fu.add_row(vec![format!("+{}", line.fu), line.label.clone()]);
    }
    fu.add_row(vec![totals.fu.to_string(), "total fu".to_string()]);
    if let Some(column) = fu.column_mut(0) {
        column.set_cell_alignment(CellAlignment::Right);
    }
    let _ = writeln!(out, "{fu}");
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
        totals.base_points
    );
}

fn write_han_table_totals(out: &mut String, totals: &HanTableTotals, style: Style) {
    if totals.yakuman > 0 {
        let _ = writeln!(
            out,
            "{} {}× yakuman — table row {}",
            style.heading("Yakuman:"),
            totals.yakuman,
            totals.row
        );
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

fn write_score(out: &mut String, score: &Score, style: Style) {
    let _ = writeln!(
        out,
        "{} {}  {}",
        style.heading("Arrangement:"),
        score.arrangement,
        style.dim(&format!(
            "(winning tile {} completes the set marked *)",
            score.win_tile
        ))
    );
    if !score.jokers.is_empty() {
        let taken: Vec<String> = score.jokers.iter().map(|t| format!("J→{t}")).collect();
        let _ = writeln!(
            out,
            "{} {}  {}",
            style.heading("Jokers:"),
            taken.join(" "),
            style.dim("(the assignment that scores best)")
        );
    }
    let value_header = match score.totals {
        Totals::Fan(_) => "Fan",
        Totals::Points(_) => "Points",
        Totals::HanFu(_) | Totals::HanTable(_) => "Han",
    };
    let mut table = Table::new();
    table
        .load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Disabled)
        .set_header(vec!["Element", "Class", value_header, "Tiles"]);
    style.fit(&mut table);
    for element in &score.elements {
        let points = if element.class.is_limit() {
            "—".to_string()
        } else if element.class == crate::rules::Class::Yakuman {
            // Yakuman are counted in yakuman, not han.
            format!("{}× yakuman", element.points)
        } else if element.count > 1 {
            format!("{}×{} = {}", element.count, element.value, element.points)
        } else {
            element.points.to_string()
        };
        table.add_row(vec![
            element.name.clone(),
            element.class.label().to_string(),
            points,
            element.tiles.clone(),
        ]);
    }
    if let Some(column) = table.column_mut(2) {
        column.set_cell_alignment(CellAlignment::Right);
    }
    let _ = writeln!(out, "{table}");
    match &score.totals {
        Totals::Points(totals) => write_points_totals(out, totals, style),
        Totals::Fan(totals) => write_fan_totals(out, totals, style),
        Totals::HanFu(totals) => write_hanfu_totals(out, totals, style),
        Totals::HanTable(totals) => write_han_table_totals(out, totals, style),
    }
    if !score.superseded.is_empty() {
        let names: Vec<&str> = score.superseded.iter().map(|e| e.name.as_str()).collect();
        let _ = writeln!(
            out,
            "{} {}",
            style.dim("Not counted (limit hand):"),
            names.join(", ")
        );
    }
    let verdict = score.verdict.explain();
    let _ = writeln!(
        out,
        "{} {}",
        style.heading("Verdict:"),
        if score.verdict == Verdict::Win {
            style.good(&verdict)
        } else {
            style.bad(&verdict)
        }
    );
    for note in &score.notes {
        let _ = writeln!(out, "{} {}", style.dim("Note:"), note);
    }
    let mut payments = Table::new();
    payments
        .load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Disabled)
        .set_header(vec!["Seat", "Role", "Receives / pays", "How"]);
    style.fit(&mut payments);
    for seat in &score.payments.seats {
        let role = match seat.role {
            Role::Winner => "winner",
            Role::Discarder => "discarder",
            Role::Other => "other",
        };
        let role = if seat.waiting {
            format!("{role}, waiting")
        } else {
            role.to_string()
        };
        let amount = match seat.amount {
            0 => "0".to_string(),
            a if a > 0 => format!("+{}", grouped(a.unsigned_abs())),
            a => format!("-{}", grouped(a.unsigned_abs())),
        };
        payments.add_row(vec![
            seat.seat.name().to_string(),
            role,
            amount,
            seat.breakdown.clone(),
        ]);
    }
    if let Some(column) = payments.column_mut(2) {
        column.set_cell_alignment(CellAlignment::Right);
    }
    let _ = writeln!(out, "{}", style.heading("Payments:"));
    let _ = writeln!(out, "{payments}");
}

/// The ruleset's criteria as a JSON array: every field (the source naming its document by
/// title), and `active` (false for the ones switched off).
pub fn criteria_json(rules: &Ruleset) -> String {
    let listed: Vec<serde_json::Value> = rules
        .criteria
        .iter()
        .map(|c| (c, true))
        .chain(rules.switched_off.iter().map(|c| (c, false)))
        .filter_map(|(c, active)| {
            let mut value = serde_json::to_value(c).ok()?;
            if let Some(object) = value.as_object_mut() {
                object.insert("active".into(), active.into());
                object.insert("source".into(), crate::sources::cite(&c.source).into());
            }
            Some(value)
        })
        .collect();
    serde_json::Value::Array(listed).to_string()
}

/// `amount` in digits, with a comma between groups of three from 10,000 on (`2,000,000,012`;
/// four digits stay as they are: `1160`).
fn grouped(amount: u64) -> String {
    let digits = amount.to_string();
    if amount < 10_000 {
        return digits;
    }
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}
