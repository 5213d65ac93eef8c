//! The tally of many scored lines (`mj3 batch`): how many ended each way, and each seat's net
//! from the legal wins; as tables for people and as one JSON object for scripts
//! (docs/json.md, "The tally").

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::page::Page;
use super::style::Style;
use crate::amount::signed;
use crate::evaluate::Evaluation;
use crate::plural::counted;
use crate::results::Verdict;
use crate::tile::Seat;

/// How one line counts in a tally.
#[derive(Debug, Clone, Default)]
pub enum Counted {
    /// A blank or comment line: not counted.
    #[default]
    Nothing,
    /// A complete hand with a winning shape: its verdict, and what each seat received
    /// (East, South, West; all zero unless it is a legal win).
    Complete {
        /// The verdict.
        verdict: Verdict,
        /// Each seat's amount, in seat order.
        amounts: [i64; 3],
    },
    /// A 13-tile hand that some tile completes; `legal` when one of them gives a legal win.
    Waiting {
        /// Some winning tile gives a legal win.
        legal: bool,
    },
    /// No winning shape: the tiles make none (or only a special shape the ruleset does not
    /// play), or no tile completes a 13-tile hand; the same hands `shanten::analyse` analyses.
    Unready,
    /// A line that could not be scored.
    Bad,
}

impl Counted {
    /// How a scored line counts.
    pub fn of(evaluation: &Evaluation) -> Self {
        let unplayed = |verdict: &Verdict| matches!(verdict, Verdict::NoWinningShape { .. });
        match evaluation {
            Evaluation::Complete { score: Some(score) } if !unplayed(&score.verdict) => {
                let mut amounts = [0; 3];
                for (amount, seat) in amounts.iter_mut().zip(&score.payments.seats) {
                    *amount = seat.amount;
                }
                Counted::Complete {
                    verdict: score.verdict.clone(),
                    amounts,
                }
            }
            Evaluation::Complete { .. } => Counted::Unready,
            Evaluation::Waiting { waits } if waits.iter().all(|w| unplayed(&w.score.verdict)) => {
                Counted::Unready
            }
            Evaluation::Waiting { waits } => Counted::Waiting {
                legal: waits.iter().any(|w| w.score.verdict.is_win()),
            },
        }
    }
}

/// The complete hands with a winning shape, by verdict (the JSON `verdict.kind`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct VerdictCounts {
    /// Legal wins.
    pub win: u64,
    /// Below the hand-point minimum.
    pub below_minimum: u64,
    /// Won on a sacred discard.
    pub sacred_discard: u64,
    /// Below the fan minimum.
    pub below_fan_minimum: u64,
    /// No yaku.
    pub no_yaku: u64,
    /// A discard win while another wait gives no yaku.
    pub no_yaku_on_every_wait: u64,
    /// Fewer yaku han than the counters require.
    pub too_few_yaku: u64,
}

impl VerdictCounts {
    /// The count of `verdict`'s kind; `None` for a shape the ruleset does not play, which a
    /// tally counts as unready.
    fn of(&mut self, verdict: &Verdict) -> Option<&mut u64> {
        Some(match verdict {
            Verdict::Win => &mut self.win,
            Verdict::BelowMinimum { .. } => &mut self.below_minimum,
            Verdict::SacredDiscard { .. } => &mut self.sacred_discard,
            Verdict::BelowFanMinimum { .. } => &mut self.below_fan_minimum,
            Verdict::NoYaku => &mut self.no_yaku,
            Verdict::NoYakuOnEveryWait { .. } => &mut self.no_yaku_on_every_wait,
            Verdict::TooFewYaku { .. } => &mut self.too_few_yaku,
            Verdict::NoWinningShape { .. } => return None,
        })
    }

    /// Every count with what it counts, in words.
    fn rows(&self) -> [(&'static str, u64); 7] {
        [
            ("legal win", self.win),
            ("below the minimum", self.below_minimum),
            ("sacred discard", self.sacred_discard),
            ("below the fan minimum", self.below_fan_minimum),
            ("no yaku", self.no_yaku),
            ("no yaku on every wait", self.no_yaku_on_every_wait),
            ("too few yaku", self.too_few_yaku),
        ]
    }

    fn total(&self) -> u64 {
        self.rows()
            .iter()
            .fold(0, |sum, (_, count)| sum.saturating_add(*count))
    }
}

/// Each seat's net: what it received from the legal wins, less what it paid.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Net {
    /// East's net.
    #[serde(rename = "East")]
    pub east: i64,
    /// South's net.
    #[serde(rename = "South")]
    pub south: i64,
    /// West's net.
    #[serde(rename = "West")]
    pub west: i64,
}

/// The tally of a run: one JSON object of kind `tally` (docs/json.md is the schema), read
/// back from it to add up the tallies of runs made apart ([`Tally::merge`]).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Tally<'a> {
    /// Always `tally`.
    #[serde(skip_deserializing, default = "tally_kind")]
    kind: &'static str,
    /// The ruleset's name.
    #[serde(borrow)]
    pub ruleset: &'a str,
    /// Lines with a hand or an error (blank and comment lines are not counted).
    pub lines: u64,
    /// Complete hands with a winning shape, by verdict.
    pub verdicts: VerdictCounts,
    /// 13-tile hands that some tile completes: not settled, so not in the net.
    pub waiting: u64,
    /// The waiting hands none of whose winning tiles gives a legal win.
    #[serde(skip)]
    pub waiting_without_win: u64,
    /// Hands with no winning shape.
    pub unready: u64,
    /// Lines that could not be scored.
    pub bad_lines: u64,
    /// Files that could not be opened or read.
    pub unreadable_files: u64,
    /// Inputs not read to their end (a line with no end in sight).
    pub inputs_cut: u64,
    /// Each seat's net from the legal wins.
    pub net: Net,
}

/// The `kind` of a tally read back.
fn tally_kind() -> &'static str {
    "tally"
}

impl<'a> Tally<'a> {
    /// An empty tally under the ruleset named `ruleset`.
    pub fn new(ruleset: &'a str) -> Self {
        Tally {
            kind: "tally",
            ruleset,
            lines: 0,
            verdicts: VerdictCounts::default(),
            waiting: 0,
            waiting_without_win: 0,
            unready: 0,
            bad_lines: 0,
            unreadable_files: 0,
            inputs_cut: 0,
            net: Net::default(),
        }
    }

    /// Counts one line.
    pub fn add(&mut self, counted: &Counted) {
        let add = |count: &mut u64| *count = count.saturating_add(1);
        match counted {
            Counted::Nothing => return,
            Counted::Complete { verdict, amounts } => match self.verdicts.of(verdict) {
                Some(count) => {
                    add(count);
                    if verdict.is_win() {
                        let [east, south, west] = *amounts;
                        let net = &mut self.net;
                        net.east = net.east.saturating_add(east);
                        net.south = net.south.saturating_add(south);
                        net.west = net.west.saturating_add(west);
                    }
                }
                None => add(&mut self.unready),
            },
            Counted::Waiting { legal } => {
                add(&mut self.waiting);
                if !legal {
                    add(&mut self.waiting_without_win);
                }
            }
            Counted::Unready => add(&mut self.unready),
            Counted::Bad => add(&mut self.bad_lines),
        }
        add(&mut self.lines);
    }

    /// Adds the lines counted in `other` (a run over other lines) to this tally.
    pub fn merge(&mut self, other: &Tally<'_>) {
        let add = |count: &mut u64, more: u64| *count = count.saturating_add(more);
        let (v, w) = (&mut self.verdicts, &other.verdicts);
        add(&mut v.win, w.win);
        add(&mut v.below_minimum, w.below_minimum);
        add(&mut v.sacred_discard, w.sacred_discard);
        add(&mut v.below_fan_minimum, w.below_fan_minimum);
        add(&mut v.no_yaku, w.no_yaku);
        add(&mut v.no_yaku_on_every_wait, w.no_yaku_on_every_wait);
        add(&mut v.too_few_yaku, w.too_few_yaku);
        add(&mut self.lines, other.lines);
        add(&mut self.waiting, other.waiting);
        add(&mut self.waiting_without_win, other.waiting_without_win);
        add(&mut self.unready, other.unready);
        add(&mut self.bad_lines, other.bad_lines);
        add(&mut self.unreadable_files, other.unreadable_files);
        add(&mut self.inputs_cut, other.inputs_cut);
        let net = &mut self.net;
        net.east = net.east.saturating_add(other.net.east);
        net.south = net.south.saturating_add(other.net.south);
        net.west = net.west.saturating_add(other.net.west);
    }

    /// Hands scored: the complete hands with a winning shape and the waiting hands.
    pub fn scored(&self) -> u64 {
        self.verdicts.total().saturating_add(self.waiting)
    }

    /// Hands scored that are not a legal win (a waiting hand: on none of its tiles).
    pub fn not_a_win(&self) -> u64 {
        let complete = self.verdicts.total().saturating_sub(self.verdicts.win);
        complete.saturating_add(self.waiting_without_win)
    }

    /// Each outcome that occurred with its count, in words (legal wins always).
    fn outcomes(&self) -> Vec<(&'static str, u64)> {
        let rest = [
            ("waiting hand (not in the net)", self.waiting),
            ("no winning shape", self.unready),
            ("bad line", self.bad_lines),
            ("unreadable file", self.unreadable_files),
            ("input not read to its end", self.inputs_cut),
        ];
        self.verdicts
            .rows()
            .into_iter()
            .chain(rest)
            .filter(|(what, count)| *count > 0 || *what == "legal win")
            .collect()
    }

    /// The tally in one line, as `--brief` ends a run: `Tally: 3 lines · legal win 1 · bad
    /// line 1 · net E -5,200 S +5,200 W 0`.
    pub fn brief(&self) -> String {
        let mut parts = vec![format!("Tally: {}", counted(self.lines, "line", "lines"))];
        parts.extend(
            self.outcomes()
                .into_iter()
                .map(|(what, count)| format!("{what} {count}")),
        );
        let Net { east, south, west } = self.net;
        parts.push(format!(
            "net E {} S {} W {}",
            signed(east),
            signed(south),
            signed(west)
        ));
        parts.join(" · ")
    }

    /// The tally as tables: the count of each outcome that occurred, then each seat's net.
    pub fn text(&self, style: Style) -> String {
        let mut page = Page::new(style);
        let _ = writeln!(
            page,
            "{} {} read under {}",
            style.heading("Tally:"),
            counted(self.lines, "line", "lines"),
            self.ruleset
        );
        let mut counts = page.table();
        counts.set_header(["Outcome", "Count"]);
        counts.align_right(1);
        for (what, count) in self.outcomes() {
            counts.add_row([what.to_string(), count.to_string()]);
        }
        page.put(&mut counts);
        let _ = writeln!(
            page,
            "{} each seat's payments from the legal wins added up",
            style.heading("Net:")
        );
        let mut net = page.table();
        net.set_header(["Seat", "Net"]);
        net.align_right(1);
        let Net { east, south, west } = self.net;
        for (seat, amount) in Seat::ALL.into_iter().zip([east, south, west]) {
            net.add_row([seat.name().to_string(), signed(amount)]);
        }
        page.put(&mut net);
        page.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each verdict is counted under the key its JSON `kind` names.
    #[test]
    fn each_verdict_is_counted_under_its_json_kind() {
        let verdicts = [
            Verdict::Win,
            Verdict::BelowMinimum { have: 1, need: 3 },
            Verdict::SacredDiscard { tile: "9s".into() },
            Verdict::BelowFanMinimum { have: 1, need: 5 },
            Verdict::NoYaku,
            Verdict::NoYakuOnEveryWait { tile: "9s".into() },
            Verdict::TooFewYaku {
                have: 1,
                need: 2,
                honba: 5,
            },
        ];
        for verdict in verdicts {
            let mut counts = VerdictCounts::default();
            *counts.of(&verdict).expect("counted") += 1;
            let json = serde_json::to_value(counts).expect("serializes");
            let kind = serde_json::to_value(&verdict).expect("serializes")["kind"].clone();
            let key = kind.as_str().expect("a kind");
            assert_eq!(json[key], 1, "{verdict:?}");
        }
        let unplayed = Verdict::NoWinningShape {
            shape: "seven pairs".into(),
            criterion: None,
        };
        assert!(VerdictCounts::default().of(&unplayed).is_none());
    }

    #[test]
    fn the_net_adds_up_legal_wins_only() {
        let mut tally = Tally::new("korean");
        let win = Counted::Complete {
            verdict: Verdict::Win,
            amounts: [32, -16, -16],
        };
        tally.add(&win);
        tally.add(&win);
        tally.add(&Counted::Complete {
            verdict: Verdict::NoYaku,
            amounts: [0, 0, 0],
        });
        tally.add(&Counted::Waiting { legal: false });
        tally.add(&Counted::Nothing);
        assert_eq!(
            tally.net,
            Net {
                east: 64,
                south: -32,
                west: -32
            }
        );
        assert_eq!((tally.lines, tally.scored(), tally.not_a_win()), (4, 4, 2));
    }
}
