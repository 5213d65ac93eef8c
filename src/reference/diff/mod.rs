//! Two rulesets compared rule by rule, for people (`mj3 rulesets --diff A B`): the scoring
//! system when it differs, the settings and limits that differ, the `[game]` keys and the
//! options that differ, the
//! criteria only one of them has and those both have but value differently, each by its
//! display name and in its own system's units (hand-points, fan, han, yakuman).
//!
//! Criteria are paired like with like: by their detector first, then as a lookup groups them
//! into one concept (readings of the same hand with a shared name: korean's full straight is
//! sanma's ittsuu, but korean's `no-honours`, which allows terminals, is not sanma's
//! `tanyao`), then by key; within one system, a pair whose detectors differ is marked as
//! another rule.

use std::fmt::Write;

pub mod fields;
mod settings;

use super::search::one_concept;
use crate::plural::counted;
use crate::render::{draw, table, wrap_lines};
use crate::rules::{Class, Criterion, OptionName, Ruleset, System};
use crate::system::han::open_han;
use settings::settings;

/// What a ruleset does not have, in a value cell.
const ABSENT: &str = "—";

/// Two rulesets, rule by rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleDiff {
    /// The first ruleset's name.
    pub first: String,
    /// The second ruleset's name.
    pub second: String,
    /// Each ruleset's title.
    pub titles: (String, String),
    /// Each ruleset's scoring system, when they differ.
    pub systems: Option<(System, System)>,
    /// The settings and limits that differ (`—`: the ruleset's system has no such value).
    pub settings: Vec<Row>,
    /// The `[game]` keys that differ (`—`: the ruleset's system does not read the key).
    pub game: Vec<Row>,
    /// The options that differ, among those both systems read.
    pub options: Vec<Row>,
    /// How many options only one of the two systems reads (not compared).
    pub options_unshared: usize,
    /// The criteria both have: every pair when the systems differ (their values are in
    /// different units), else the pairs valued differently.
    pub pairs: Vec<Pair>,
    /// The criteria only the first has.
    pub only_first: Vec<Side>,
    /// The criteria only the second has.
    pub only_second: Vec<Side>,
}

/// One setting or option and its value in each ruleset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// What it is, in words (an option's key and what it does).
    pub label: String,
    /// Its value in the first ruleset.
    pub first: String,
    /// Its value in the second ruleset.
    pub second: String,
}

/// A criterion in one ruleset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    /// Its display name.
    pub name: String,
    /// Its key.
    pub key: String,
    /// What it is worth, in its system's units (`2 han, closed only`, `1 hand-point (off)`).
    pub worth: String,
    /// What the hand needs.
    pub requires: String,
}

/// A criterion of the first ruleset and its counterpart in the second.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pair {
    /// In the first ruleset.
    pub first: Side,
    /// In the second ruleset.
    pub second: Side,
    /// Within one system, each ruleset's detector asks for another hand (the text shows
    /// what each needs).
    pub another_rule: bool,
}

impl RuleDiff {
    /// `a` and `b` compared rule by rule.
    pub fn new(a: &Ruleset, b: &Ruleset) -> RuleDiff {
        let systems = (a.system != b.system).then_some((a.system, b.system));
        let (options, options_unshared) = options(a, b);
        let (pairs, only_first, only_second) = criteria(a, b);
        RuleDiff {
            first: a.name.clone(),
            second: b.name.clone(),
            titles: (a.title.clone(), b.title.clone()),
            systems,
            settings: settings(a, b),
            game: settings::game(a, b),
            options,
            options_unshared,
            pairs,
            only_first,
            only_second,
        }
    }

    /// Nothing differs.
    pub fn is_empty(&self) -> bool {
        self.systems.is_none()
            && self.settings.is_empty()
            && self.game.is_empty()
            && self.options.is_empty()
            && self.pairs.is_empty()
            && self.only_first.is_empty()
            && self.only_second.is_empty()
    }

    /// The comparison as text, every line at most `width` columns.
    pub fn text(&self, width: usize) -> String {
        let (a, b) = (self.first.as_str(), self.second.as_str());
        let mut out = String::new();
        let line = |out: &mut String, text: &str| {
            for part in wrap_lines(text, width) {
                let _ = writeln!(out, "{part}");
            }
        };
        line(&mut out, &format!("{a} — {}", self.titles.0));
        line(&mut out, &format!("{b} — {}", self.titles.1));
        if self.is_empty() {
            line(&mut out, &format!("{a} and {b} agree on every rule."));
            return out;
        }
        if let Some((x, y)) = self.systems {
            out.push('\n');
            line(
                &mut out,
                &format!(
                    "Scoring: {a} counts {} ({} system); {b} counts {} ({} system). Values are in each system's own units.",
                    counts(x),
                    x.name(),
                    counts(y),
                    y.name()
                ),
            );
        }
        let rows = |out: &mut String, title: &str, head: &str, rows: &[Row]| {
            if rows.is_empty() {
                return;
            }
            out.push('\n');
            line(out, title);
            let mut t = table(Some(width));
            t.set_header(vec![head, a, b]);
            for row in rows {
                t.add_row(vec![&row.label, &row.first, &row.second]);
            }
            let _ = writeln!(out, "{}", draw(&mut t));
        };
        rows(&mut out, "Settings that differ:", "Setting", &self.settings);
        // One line a key: a key is one unbreakable word, too wide for a table's column.
        if !self.game.is_empty() {
            out.push('\n');
            line(&mut out, "Game rules that differ (`[game]`, docs/game.md):");
            for row in &self.game {
                let said = format!("{}: {a} {} · {b} {}", row.label, row.first, row.second);
                line(&mut out, &said);
            }
        }
        rows(&mut out, "Options that differ:", "Option", &self.options);
        if self.options_unshared > 0 {
            line(
                &mut out,
                &format!(
                    "({} only one of the two systems reads {} not compared.)",
                    counted(self.options_unshared as u64, "option", "options"),
                    crate::plural::pick(self.options_unshared as u64, "is", "are")
                ),
            );
        }
        if !self.pairs.is_empty() {
            out.push('\n');
            let title = if self.systems.is_some() {
                format!("Criteria in both ({}):", self.pairs.len())
            } else {
                format!("Criteria valued differently ({}):", self.pairs.len())
            };
            line(&mut out, &title);
            let mut t = table(Some(width));
            t.set_header(vec![a, b]);
            for pair in &self.pairs {
                let cell = |side: &Side| {
                    if pair.another_rule {
                        format!("{}: {}\n(needs: {})", side.name, side.worth, side.requires)
                    } else {
                        format!("{}: {}", side.name, side.worth)
                    }
                };
                t.add_row(vec![cell(&pair.first), cell(&pair.second)]);
            }
            let _ = writeln!(out, "{}", draw(&mut t));
        }
        for (name, sides) in [(a, &self.only_first), (b, &self.only_second)] {
            if sides.is_empty() {
                continue;
            }
            out.push('\n');
            line(&mut out, &format!("Only in {name} ({}):", sides.len()));
            let mut t = table(Some(width));
            t.set_header(vec!["Criterion", "Value"]);
            for side in sides {
                t.add_row(vec![&side.name, &side.worth]);
            }
            let _ = writeln!(out, "{}", draw(&mut t));
        }
        out.push('\n');
        line(
            &mut out,
            &format!(
                "{}, {} and {} differ; criteria: {} {}, {} only in {a}, {} only in {b}. `--json` lists every field.",
                counted(self.settings.len() as u64, "setting", "settings"),
                counted(self.game.len() as u64, "game rule", "game rules"),
                counted(self.options.len() as u64, "option", "options"),
                self.pairs.len(),
                if self.systems.is_some() {
                    "in both"
                } else {
                    "valued differently"
                },
                self.only_first.len(),
                self.only_second.len(),
            ),
        );
        out
    }
}

/// What a system counts, in words.
fn counts(system: System) -> &'static str {
    match system {
        System::Points => "hand-points and bonus-points",
        System::Fan => "fan",
        System::HanFu => "han and fu",
        System::HanTable => "han, paid from a printed table",
    }
}

/// The options both systems read on which `a` and `b` differ, and how many only one of
/// the two systems reads.
fn options(a: &Ruleset, b: &Ruleset) -> (Vec<Row>, usize) {
    let mut rows = Vec::new();
    let mut unshared = 0;
    let on_off = |on: bool| if on { "on" } else { "off" }.to_string();
    for &option in OptionName::ALL {
        let reads = |r: &Ruleset| option.read_by().contains(&r.system);
        match (reads(a), reads(b)) {
            (true, true) => {
                let (first, second) = (a.options.is_on(option), b.options.is_on(option));
                if first != second {
                    rows.push(Row {
                        label: format!("{}: {}", option.key(), option.description()),
                        first: on_off(first),
                        second: on_off(second),
                    });
                }
            }
            (false, false) => {}
            _ => unshared += 1,
        }
    }
    (rows, unshared)
}

/// What `c` is worth under `rules`, in its system's units: `3 hand-points`, `2 han, closed
/// only`, `2× yakuman`, `limit (40 points)`; `(off)` when it is listed but not scored.
pub fn worth(rules: &Ruleset, c: &Criterion, off: bool) -> String {
    let mut text = rules.worth(c);
    if c.class == Class::HandPoint && c.needs_hand_points > 0 {
        let _ = write!(
            text,
            " (with {} from others)",
            Class::HandPoint.worth(c.needs_hand_points)
        );
    }
    let limit_closed =
        c.class.is_limit() && (c.concealed_only || rules.points.limit_hands_concealed_only);
    if matches!(c.class, Class::Yaku | Class::Yakuman | Class::Dora) {
        match open_han(c, rules) {
            open if open == c.value => {}
            0 => text.push_str(", closed only"),
            open => {
                let _ = write!(text, ", open {}", c.class.worth(open));
            }
        }
    } else if limit_closed {
        text.push_str(", closed only");
    }
    if off {
        text.push_str(" (off)");
    }
    text
}

/// Every criterion of `r` (scored, then listed but off) with whether it is off.
fn listed(r: &Ruleset) -> Vec<(&Criterion, bool)> {
    let on = r.criteria.iter().map(|c| (c, false));
    on.chain(r.switched_off.iter().map(|c| (c, true))).collect()
}

/// The criteria of `a` and `b` paired like with like, and those only one has.
fn criteria(a: &Ruleset, b: &Ruleset) -> (Vec<Pair>, Vec<Side>, Vec<Side>) {
    let (xs, ys) = (listed(a), listed(b));
    let mut partner: Vec<Option<usize>> = vec![None; xs.len()];
    let mut taken = vec![false; ys.len()];
    // Same detector and key, same detector and class, same detector, one concept (as a
    // lookup groups them: readings of the same hand with a shared name), then the same key.
    type Same = fn(&Criterion, &Criterion) -> bool;
    let passes: [Same; 5] = [
        |x, y| x.check == y.check && x.id == y.id,
        |x, y| x.check == y.check && x.class == y.class,
        |x, y| x.check == y.check,
        one_concept,
        |x, y| x.id == y.id,
    ];
    for same in passes {
        for (i, (x, _)) in xs.iter().enumerate() {
            if partner.get(i).copied().flatten().is_some() {
                continue;
            }
            let found = ys
                .iter()
                .enumerate()
                .find(|(j, (y, _))| !taken.get(*j).copied().unwrap_or(true) && same(x, y));
            if let Some((j, _)) = found
                && let (Some(p), Some(t)) = (partner.get_mut(i), taken.get_mut(j))
            {
                *p = Some(j);
                *t = true;
            }
        }
    }
    let side = |r: &Ruleset, (c, off): (&Criterion, bool)| Side {
        name: c.name.to_string(),
        key: c.id.to_string(),
        worth: worth(r, c, off),
        requires: c.description.to_string(),
    };
    let mut pairs = Vec::new();
    let mut only_first = Vec::new();
    for (&x, p) in xs.iter().zip(&partner) {
        match p.and_then(|j| ys.get(j)) {
            Some(&y) => {
                let pair = Pair {
                    // Across systems detectors differ by nature; within one, a pair that
                    // asks for another hand is shown with what each needs.
                    another_rule: x.0.check != y.0.check && a.system == b.system,
                    first: side(a, x),
                    second: side(b, y),
                };
                if a.system != b.system
                    || pair.another_rule
                    || pair.first.worth != pair.second.worth
                {
                    pairs.push(pair);
                }
            }
            None => only_first.push(side(a, x)),
        }
    }
    let only_second = ys
        .iter()
        .zip(&taken)
        .filter(|(_, taken)| !**taken)
        .map(|(&y, _)| side(b, y))
        .collect();
    (pairs, only_first, only_second)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules;

    fn diff(a: &str, b: &str) -> RuleDiff {
        RuleDiff::new(
            &rules::load(a).expect("shipped"),
            &rules::load(b).expect("shipped"),
        )
    }

    #[test]
    fn a_ruleset_agrees_with_itself() {
        let same = diff("sanma", "sanma");
        assert!(same.is_empty());
        assert!(same.text(80).contains("agree on every rule"));
    }

    #[test]
    fn criteria_are_paired_by_detector_and_valued_in_their_own_units() {
        let d = diff("korean", "sanma");
        assert_eq!(d.systems, Some((System::Points, System::HanFu)));
        let pair = d
            .pairs
            .iter()
            .find(|p| p.first.key == "all-pongs")
            .expect("all pongs in both");
        assert_eq!(pair.second.key, "toitoi");
        assert_eq!(pair.first.worth, "3 hand-points");
        assert_eq!(pair.second.worth, "2 han");
        // Korean's all simples allows terminals: not tanyao.
        assert!(d.only_first.iter().any(|s| s.key == "no-honours"));
        assert!(d.only_second.iter().any(|s| s.key == "tanyao"));
        let tanyao = d.only_second.iter().find(|s| s.key == "tanyao");
        assert_eq!(tanyao.map(|s| s.worth.as_str()), Some("1 han, closed only"));
        // Options only one system reads are not compared; the one both read is
        // (thirteen orphans robbing a concealed kong: off under 000, on under 003).
        let compared: Vec<&str> = d.options.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(compared.len(), 1, "{compared:?}");
        assert!(
            compared[0].starts_with("robbed-concealed-kong"),
            "{compared:?}"
        );
        assert!(d.options_unshared > 0);
        let minimum = d.settings.iter().find(|r| r.label == "Minimum to win");
        assert_eq!(
            minimum.map(|r| (r.first.as_str(), r.second.as_str())),
            Some(("3 hand-points", ABSENT))
        );
    }

    #[test]
    fn within_one_system_only_what_differs_is_shown() {
        let d = diff("sanma", "sanma-tenhou");
        assert!(d.systems.is_none());
        let kuitan = d
            .options
            .iter()
            .find(|r| r.label.starts_with("kuitan: "))
            .expect("kuitan differs");
        assert_eq!(
            (kuitan.first.as_str(), kuitan.second.as_str()),
            ("off", "on")
        );
        // Tanyao is worth the same closed, but kuitan lets it count open under Tenhou.
        let tanyao = d.pairs.iter().find(|p| p.first.key == "tanyao");
        assert_eq!(
            tanyao.map(|p| (p.first.worth.as_str(), p.second.worth.as_str())),
            Some(("1 han, closed only", "1 han"))
        );
        assert!(
            d.pairs
                .iter()
                .all(|p| p.first.worth != p.second.worth || p.another_rule)
        );
    }

    #[test]
    fn a_shared_key_with_another_detector_is_marked_as_another_rule() {
        let d = diff("korean", "korean-lite");
        let clean = d
            .pairs
            .iter()
            .find(|p| p.first.key == "clean-hand" && p.second.key == "clean-hand")
            .expect("clean hand in both");
        assert!(clean.another_rule);
        assert!(d.text(80).contains("(needs: "));
    }

    #[test]
    fn the_text_fits_its_width() {
        for (a, b) in [("korean", "sanma"), ("malaysian", "sanma-honshu")] {
            let d = diff(a, b);
            for width in [40, 80, 120] {
                let text = d.text(width);
                for line in text.lines() {
                    assert!(line.chars().count() <= width, "{a} {b} at {width}:\n{line}");
                }
            }
        }
    }
}
