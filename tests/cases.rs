//! Runs the table-driven scoring cases in `tests/cases/*.txt`.
//!
//! Each file starts with `ruleset: NAME` (a later `ruleset:` line switches ruleset for the
//! lines after it). Every other non-blank, non-comment line is `HAND | EXPECTATIONS`, where
//! EXPECTATIONS are space-separated checks:
//!
//! - `+id` the criterion applies; `+id=N` it applies for N points in all
//! - `-id` the criterion does not apply
//! - `hand=N`, `bonus=N` hand-point and bonus-point totals
//! - `limit=half|full|none`
//! - `verdict=win|below-minimum|sacred-discard|no-win|no-winning-shape` (`no-win`: no
//!   arrangement at all; `no-winning-shape`: only a shape the ruleset does not play)
//! - `E=N`, `S=N`, `W=N` what the seat receives (positive) or pays (negative)
//! - `waits=9s,w` the exact winning tiles of a 13-tile hand; `TILE:CHECK` applies CHECK to
//!   the score of that wait
//! - `error=TEXT` the line is refused with a message containing TEXT (no spaces: use `_`)
//! - `@KEY=VALUE` overrides a ruleset value for this line (as `--set` does)
//! - fan system: `fan=N` fan counted (after the cap), `rawfan=N` fan before the cap,
//!   `points=N` the hand's points (base + per-fan × fan)
//! - `note=TEXT` some note of the score contains TEXT (no spaces: use `_`); `nonote=TEXT` no
//!   note does
//! - `jokers=5p,E` the tiles the jokers were taken as (sorted, as the score lists them);
//!   `jokers=` with nothing: no jokers
//!
//! Han-based rulesets (`han-fu`, `han-table`) also take:
//!
//! - `han=N` all han, `yaku-han=N`, `dora-han=N` (han-table: bonus han), `yakuman=N`
//! - `fu=N` fu after rounding; `fu:LINE=N` the fu of every line with that key summed
//!   (`base`, `closed-ron`, `tsumo`, `set`, `pair`, `wait`, `pinfu`, `seven-pairs`,
//!   `rounding`, `open-minimum`; 0 when absent)
//! - `base=N` base points; `limit=none|mangan|haneman|baiman|sanbaiman|kazoe-yakuman|yakuman`
//! - `row=NAME` the payment-table row used (spaces as `_`)
//! - `verdict=no-yaku|too-few-yaku|no-yaku-on-every-wait` as well as the verdicts above
//!
//! A `#` starts a comment (cases name their source section there).

use std::collections::{BTreeMap, BTreeSet};

#[path = "common/case_files.rs"]
mod case_files;
use case_files::case_lines;

use mj3::evaluate::Evaluation;
use mj3::results::{
    FanTotals, HanFuTotals, HanTableTotals, Limit, PointsTotals, Score, Totals, Verdict,
};
use mj3::rules;
use mj3::tile::Seat;

fn check_score(score: &Score, check: &str) -> Result<(), String> {
    let all_elements = || score.elements.iter().chain(score.superseded.iter());
    let (key, value) = check.split_once('=').unwrap_or((check, ""));
    let want_u32 = || {
        value
            .parse::<u32>()
            .map_err(|_| format!("`{check}`: not a number"))
    };
    match key {
        k if k.starts_with('+') => {
            let id = &k[1..];
            let found: Vec<_> = all_elements().filter(|e| *e.id == *id).collect();
            if found.is_empty() {
                return Err(format!("expected `{id}` to apply"));
            }
            if !value.is_empty() {
                let points: u32 = found.iter().map(|e| e.points).sum();
                if points != want_u32()? {
                    return Err(format!("`{id}` scored {points}, expected {value}"));
                }
            }
        }
        k if k.starts_with('-') => {
            let id = &k[1..];
            if all_elements().any(|e| *e.id == *id) {
                return Err(format!("expected `{id}` NOT to apply"));
            }
        }
        "verdict" | "E" | "S" | "W" => check_common(score, check, key, value)?,
        "hand" | "bonus" | "limit" | "han" | "yaku-han" | "dora-han" | "yakuman" | "fu"
        | "base" | "row" => match &score.totals {
            Totals::Points(totals) => check_points(totals, key, value)?,
            Totals::HanFu(totals) => check_hanfu(totals, key, value)?,
            Totals::HanTable(totals) => check_han_table(totals, key, value)?,
            Totals::Fan(_) => return Err(format!("`{check}`: not a points- or han-system score")),
        },
        k if k.starts_with("fu:") => match &score.totals {
            Totals::HanFu(totals) => check_hanfu(totals, key, value)?,
            _ => return Err(format!("`{check}` needs a han-fu ruleset")),
        },
        "fan" | "rawfan" | "points" => match &score.totals {
            Totals::Fan(totals) => check_fan(totals, key, value)?,
            _ => return Err(format!("`{check}`: not a fan-system score")),
        },
        "note" => {
            let wanted = value.replace('_', " ");
            if !score.notes.iter().any(|n| n.contains(&wanted)) {
                return Err(format!(
                    "no note contains `{wanted}`; notes: {:?}",
                    score.notes
                ));
            }
        }
        "nonote" => {
            let unwanted = value.replace('_', " ");
            if let Some(note) = score.notes.iter().find(|n| n.contains(&unwanted)) {
                return Err(format!("a note contains `{unwanted}`: {note:?}"));
            }
        }
        "jokers" => {
            let got = score.jokers.join(",");
            if got != value {
                return Err(format!("jokers taken as `{got}`, expected `{value}`"));
            }
        }
        _ => return Err(format!("unknown check `{check}`")),
    }
    Ok(())
}

/// The number a check's `value` gives, or why it is not one.
fn number(key: &str, value: &str) -> Result<u32, String> {
    value
        .parse()
        .map_err(|_| format!("`{key}={value}`: not a number"))
}

/// `Ok` when `got` is `want`; otherwise what `what` was and what was expected.
fn agree<T: PartialEq + std::fmt::Display>(what: &str, got: T, want: T) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what} {got}, expected {want}"))
    }
}

fn check_points(totals: &PointsTotals, key: &str, value: &str) -> Result<(), String> {
    match key {
        "hand" => agree("hand-points", totals.hand_points, number(key, value)?),
        "bonus" => agree("bonus-points", totals.bonus_points, number(key, value)?),
        "limit" => {
            let got = match totals.limit {
                None => "none",
                Some(Limit::Half) => "half",
                Some(Limit::Full) => "full",
            };
            agree("limit", got, value)
        }
        _ => Ok(()),
    }
}

fn check_fan(totals: &FanTotals, key: &str, value: &str) -> Result<(), String> {
    let want = number(key, value)?;
    let got = match key {
        "fan" => totals.counted,
        "rawfan" => totals.fan,
        _ => totals.points,
    };
    agree(key, got, want)
}

fn check_hanfu(totals: &HanFuTotals, key: &str, value: &str) -> Result<(), String> {
    let (got, name) = match key {
        "han" => (totals.han, "han"),
        "yaku-han" => (totals.yaku_han, "yaku han"),
        "dora-han" => (totals.dora_han, "dora han"),
        "yakuman" => (totals.yakuman, "yakuman"),
        "fu" => (totals.fu, "fu"),
        "base" => (totals.base_points, "base points"),
        "limit" => return agree("limit", totals.limit.map_or("none", |l| l.name()), value),
        k => match k.strip_prefix("fu:") {
            Some(id) => (
                totals
                    .fu_lines
                    .iter()
                    .filter(|l| l.id == id)
                    .map(|l| l.fu)
                    .sum(),
                key,
            ),
            None => return Err(format!("`{key}` does not apply to a han-fu score")),
        },
    };
    agree(name, got, number(key, value)?)
}

fn check_han_table(totals: &HanTableTotals, key: &str, value: &str) -> Result<(), String> {
    let got = match key {
        "han" => totals.han,
        "yaku-han" => totals.yaku_han,
        "dora-han" => totals.bonus_han,
        "yakuman" => totals.yakuman,
        "row" => return agree("row", totals.row.as_str(), &value.replace('_', " ")),
        _ => return Err(format!("`{key}` does not apply to a han-table score")),
    };
    agree(key, got, number(key, value)?)
}

fn check_common(score: &Score, check: &str, key: &str, value: &str) -> Result<(), String> {
    match key {
        "verdict" => {
            let got = match score.verdict {
                Verdict::Win => "win",
                Verdict::BelowMinimum { .. } | Verdict::BelowFanMinimum { .. } => "below-minimum",
                Verdict::SacredDiscard { .. } => "sacred-discard",
                Verdict::NoYaku => "no-yaku",
                Verdict::NoYakuOnEveryWait { .. } => "no-yaku-on-every-wait",
                Verdict::TooFewYaku { .. } => "too-few-yaku",
                Verdict::NoWinningShape { .. } => "no-winning-shape",
            };
            if got != value {
                return Err(format!("verdict {got}, expected {value}"));
            }
        }
        "E" | "S" | "W" => {
            let seat = match key {
                "E" => Seat::East,
                "S" => Seat::South,
                _ => Seat::West,
            };
            let want: i64 = value
                .parse()
                .map_err(|_| format!("`{check}`: not a number"))?;
            let got = score.payments.amount(seat);
            if got != want {
                let table: Vec<String> = score
                    .payments
                    .seats
                    .iter()
                    .map(|s| format!("{}={} ({})", s.seat.letter(), s.amount, s.breakdown))
                    .collect();
                return Err(format!(
                    "{key} gets {got}, expected {want}; table: {}",
                    table.join("; ")
                ));
            }
        }
        _ => return Err(format!("unknown check `{check}`")),
    }
    Ok(())
}

fn describe(score: &Score) -> String {
    let elements: Vec<String> = score
        .elements
        .iter()
        .map(|e| format!("{}={}", e.id, e.points))
        .collect();
    format!(
        "[{}] totals={:?} verdict={:?} arrangement={}",
        elements.join(" "),
        score.totals,
        score.verdict,
        score.arrangement
    )
}

/// Runs one case under `rules`, the ruleset with the case's `@KEY=VALUE` overrides applied.
fn run_case(
    rules: &Result<rules::Ruleset, rules::RulesError>,
    hand: &str,
    checks: &[&str],
) -> Result<(), String> {
    let rules = rules.as_ref().map_err(|e| format!("ruleset: {e}"))?;
    let checks: Vec<&str> = checks
        .iter()
        .copied()
        .filter(|c| !c.starts_with('@'))
        .collect();
    if checks.is_empty() {
        return Err("a case must check something".into());
    }
    let result = mj3::score_line(hand, rules);
    if let Some(expected) = checks.iter().find_map(|c| c.strip_prefix("error=")) {
        let expected = expected.replace('_', " ");
        return match result {
            Err(err) if err.to_string().contains(&expected) => Ok(()),
            Err(err) => Err(format!("error `{err}` does not contain `{expected}`")),
            Ok(_) => Err(format!("expected an error containing `{expected}`")),
        };
    }
    let (_, evaluation) = result.map_err(|e| format!("input error: {}", e.render(hand)))?;
    let mut failures = Vec::new();
    match &evaluation {
        Evaluation::Complete { score: None } => {
            if !checks.contains(&"verdict=no-win") {
                return Err("no winning arrangement".into());
            }
            // Nothing scores on a hand that does not win, so `+id` could never be checked.
            if let Some(hit) = checks.iter().find(|c| c.starts_with('+')) {
                return Err(format!("`{hit}` on a hand that does not win"));
            }
        }
        Evaluation::Complete { score: Some(score) } => {
            for check in &checks {
                if let Err(e) = check_score(score, check) {
                    failures.push(e);
                }
            }
            if !failures.is_empty() {
                failures.push(format!("got {}", describe(score)));
            }
        }
        Evaluation::Waiting { waits } => {
            let by_tile: BTreeMap<&str, &Score> =
                waits.iter().map(|w| (w.tile.as_str(), &w.score)).collect();
            for check in &checks {
                if let Some(list) = check.strip_prefix("waits=") {
                    let got: Vec<&str> = waits.iter().map(|w| w.tile.as_str()).collect();
                    let want: Vec<&str> = if list.is_empty() {
                        vec![]
                    } else {
                        list.split(',').collect()
                    };
                    if got != want {
                        failures.push(format!("waits {got:?}, expected {want:?}"));
                    }
                } else if let Some((tile, inner)) = check.split_once(':') {
                    match by_tile.get(tile) {
                        Some(score) => {
                            if let Err(e) = check_score(score, inner) {
                                failures.push(format!("on {tile}: {e}; got {}", describe(score)));
                            }
                        }
                        None => failures.push(format!("no wait on {tile}")),
                    }
                } else {
                    failures.push(format!("`{check}` needs a TILE: prefix on a waiting hand"));
                }
            }
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n      "))
    }
}

/// Criteria that apply to every winning hand, so no near-miss exists: the winning bonus is
/// paid less by a waiting opponent instead, which the payment cases check.
/// `bazoro` (sanma-honshu) is the same: "2 bonus han for winning".
const ALWAYS_APPLIES: &[&str] = &["winning-bonus", "bazoro"];

/// Every case file line, and a check that every criterion of every ruleset with a case file
/// of its own (`NAME.txt`) has a case that scores it (`+id`) and a near-miss that does not
/// (`-id`), counting the lines of every file. A file named after no ruleset (`refused.txt`)
/// may use any ruleset without being held to that.
#[test]
fn scoring_cases() {
    let mut failures = Vec::new();
    let mut cases = 0;
    let mut coverage: BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)> = BTreeMap::new();
    let mut own_file: BTreeSet<String> = BTreeSet::new();
    for case in case_lines() {
        let (name, number, line) = (&case.file, case.number, case.text.as_str());
        if let Some(ruleset) = &case.ruleset
            && *name == format!("{ruleset}.txt")
        {
            own_file.insert(ruleset.clone());
        }
        let Some(ruleset) = &case.ruleset else {
            failures.push(format!(
                "{name}:{}: no `ruleset:` line before cases",
                number
            ));
            continue;
        };
        let Some((hand, checks)) = line.split_once(" | ") else {
            failures.push(format!("{name}:{}: expected `HAND | CHECKS`", number));
            continue;
        };
        cases += 1;
        // `@KEY=VALUE` overrides may stand with the hand or with the checks.
        let (overrides, hand_words): (Vec<&str>, Vec<&str>) =
            hand.split_whitespace().partition(|w| w.starts_with('@'));
        let hand = hand_words.join(" ");
        let checks: Vec<&str> = overrides
            .into_iter()
            .chain(checks.split_whitespace())
            .collect();
        // A case counts toward a criterion's coverage only where that criterion is
        // switched on: `-renhou` with renhou off exercises no detector.
        let loaded = rules::load_with(
            ruleset,
            &checks
                .iter()
                .filter_map(|c| c.strip_prefix('@'))
                .map(str::to_string)
                .collect::<Vec<_>>(),
        );
        let switched_on: BTreeSet<&str> = loaded
            .iter()
            .flat_map(|rules| rules.criteria.iter().map(|c| &*c.id))
            .collect();
        let (hits, misses) = coverage.entry(ruleset.clone()).or_default();
        for word in checks.iter().filter(|w| !w.starts_with('@')) {
            let id = word.split(['=', ':']).next().unwrap_or("");
            let id = word
                .split_once(':')
                .map_or(id, |(_, inner)| inner.split('=').next().unwrap_or(""));
            if let Some(id) = id.strip_prefix('+').filter(|id| switched_on.contains(*id)) {
                hits.insert(id.to_string());
            } else if let Some(id) = id.strip_prefix('-').filter(|id| switched_on.contains(*id)) {
                misses.insert(id.to_string());
            }
        }
        if let Err(e) = run_case(&loaded, &hand, &checks) {
            failures.push(format!("{name}:{}: {hand}\n      {e}", number));
        }
    }
    assert!(cases > 0, "no cases found");
    for (ruleset, (hits, misses)) in coverage.iter().filter(|(r, _)| own_file.contains(*r)) {
        // Every criterion the ruleset lists, switched on or not (by `enabled = false` or an
        // option in `when`): a house file or `--set` can switch any of them on.
        let rules = rules::load(ruleset).expect("ruleset loads");
        for criterion in rules.criteria.iter().chain(&rules.switched_off) {
            if !hits.contains(&*criterion.id) {
                failures.push(format!(
                    "{ruleset}: no case scores `{}` (+{})",
                    criterion.id, criterion.id
                ));
            }
            if !misses.contains(&*criterion.id) && !ALWAYS_APPLIES.contains(&&*criterion.id) {
                failures.push(format!(
                    "{ruleset}: no near-miss case for `{}` (-{})",
                    criterion.id, criterion.id
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {cases} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
