//! A win stated by its value (`3 han 40 fu`, `mangan`, `6 fan`, `5 hand-points 8
//! bonus-points`) pays what a hand of tiles of that value pays: every winning case line of
//! `tests/cases/*.txt`, under every shipped ruleset of its system, as written and with the
//! winner moved, the way it won changed and counters, sticks and drawn hands added, is
//! scored, its value written out, and the value scored with the same context; the payments
//! must agree seat by seat.

use std::collections::BTreeMap;

#[path = "common/case_files.rs"]
#[allow(dead_code)] // the line numbers are for the case runner
mod case_files;
use case_files::case_lines;

use mj3::evaluate::Evaluation;
use mj3::hand::{Context, Hand, SetKind, ValidHand, Win};
use mj3::results::{HanLimit, Limit, Score, Totals};
use mj3::rules::{self, Ruleset, System};

/// The value of a scored hand in the notation, every way it may be written (`4 han 40 fu`
/// and `mangan` for a mangan of 4 han).
fn values(score: &Score) -> Vec<String> {
    let yakuman = |n: u32| match n {
        1 => Some("yakuman".to_string()),
        2 => Some("double-yakuman".to_string()),
        3 => Some("triple-yakuman".to_string()),
        _ => None,
    };
    match &score.totals {
        Totals::HanFu(t) if t.yakuman > 0 => yakuman(t.yakuman).into_iter().collect(),
        Totals::HanFu(t) if t.limit == Some(HanLimit::KazoeYakuman) => {
            yakuman(t.base_points / 8000).into_iter().collect()
        }
        Totals::HanFu(t) => {
            let mut written = vec![if t.han < 5 {
                format!("{} han {} fu", t.han, t.fu)
            } else {
                format!("{} han", t.han)
            }];
            if let Some(limit) = t.limit {
                written.push(limit.name().to_string());
            }
            written
        }
        Totals::HanTable(t) if t.yakuman > 0 => yakuman(t.yakuman).into_iter().collect(),
        Totals::HanTable(t) => vec![format!("{} han", t.han)],
        Totals::Points(t) => {
            let bonus = if t.bonus_points > 0 {
                format!(" {} bonus-points", t.bonus_points)
            } else {
                String::new()
            };
            vec![match t.limit {
                Some(Limit::Full) => format!("full-limit{bonus}"),
                Some(Limit::Half) => format!("half-limit{bonus}"),
                None => format!(
                    "{} hand-points {} bonus-points",
                    t.hand_points, t.bonus_points
                ),
            }]
        }
        Totals::Fan(t) => vec![format!("{} fan", t.counted)],
    }
}

/// The context of a hand as the words a value takes.
fn context_words(ctx: &Context) -> String {
    let mut words = vec![
        format!("seat={}", ctx.seat.wind().letter()),
        format!("round={}", ctx.round.wind().letter()),
        match ctx.win {
            Win::Tsumo => "tsumo".to_string(),
            Win::Ron(from) => format!("ron={}", from.wind().letter()),
        },
    ];
    for (key, count) in [
        ("honba", ctx.honba),
        ("sticks", ctx.sticks),
        ("draws", ctx.draws),
    ] {
        if count > 0 {
            words.push(format!("{key}={count}"));
        }
    }
    let seats = |list: &mut dyn Iterator<Item = String>| list.collect::<Vec<_>>().join(",");
    if !ctx.waiting.is_empty() {
        let listed = seats(&mut ctx.waiting.iter().map(|s| s.wind().letter().to_string()));
        words.push(format!("waiting={listed}"));
    }
    for (key, list) in [
        ("others-fan", &ctx.others_fan),
        ("others-fly", &ctx.others_fly),
    ] {
        if !list.is_empty() {
            let listed = seats(
                &mut list
                    .iter()
                    .map(|(s, n)| format!("{}:{n}", s.wind().letter())),
            );
            words.push(format!("{key}={listed}"));
        }
    }
    words.join(" ")
}

/// A fan-system hand whose payments come from its tiles too (kongs, bonus sets, fly tiles):
/// a value alone does not pay those.
fn paid_by_tiles(hand: &Hand, rules: &Ruleset) -> bool {
    rules.system == System::Fan
        && (hand.jokers > 0
            || mj3::tile::BonusSet::ALL
                .iter()
                .any(|&set| hand.holds_full_set(set, &rules.tiles))
            || hand.melds.iter().any(|m| m.kind == SetKind::Kong))
}

fn amounts(score: &Score) -> Vec<i64> {
    score.payments.seats.iter().map(|s| s.amount).collect()
}

#[test]
fn a_value_pays_what_a_hand_of_that_value_pays() {
    let shipped = rules::shipped_names();
    let mut compared: BTreeMap<String, [usize; 4]> = BTreeMap::new();
    let mut failures = Vec::new();
    let lines = case_lines();
    for &name in &shipped {
        let rules = rules::load(name).expect("a shipped ruleset");
        for case in &lines {
            let Some(case_ruleset) = &case.ruleset else {
                continue;
            };
            let case_rules = rules::load(case_ruleset).expect("a shipped ruleset");
            let hand_text = case.text.split('|').next().unwrap_or("").trim();
            if case_rules.system != rules.system || hand_text.contains('@') {
                continue;
            }
            let changed = [
                String::new(),
                " seat=S".into(),
                " honba=2 sticks=1".into(),
                " draws=2".into(),
                " seat=W honba=1 sticks=3 draws=1".into(),
            ];
            for extra in changed {
                let line = format!("{hand_text}{extra}");
                let Ok((ValidHand::Complete(hand), Evaluation::Complete { score: Some(score) })) =
                    mj3::score_line(&line, &rules)
                else {
                    continue;
                };
                if !score.verdict.is_win() || paid_by_tiles(&hand, &rules) || hand.stated.is_some()
                {
                    continue;
                }
                for value in values(&score) {
                    let stated = format!("{value} {}", context_words(&hand.context));
                    match mj3::score_line(&stated, &rules) {
                        Ok((
                            _,
                            Evaluation::Complete {
                                score: Some(by_value),
                            },
                        )) => {
                            if amounts(&by_value) != amounts(&score)
                                || by_value.stated.is_none()
                                || !by_value.elements.is_empty()
                            {
                                failures.push(format!(
                                    "{name}: `{line}` pays {:?}, `{stated}` pays {:?}",
                                    amounts(&score),
                                    amounts(&by_value)
                                ));
                            }
                            let counts = compared.entry(name.to_string()).or_default();
                            let dealer = hand.context.seat == mj3::tile::Seat::East;
                            let tsumo = hand.context.win == Win::Tsumo;
                            counts[usize::from(dealer) * 2 + usize::from(tsumo)] += 1;
                        }
                        Ok(_) => failures.push(format!("{name}: `{stated}` gave no score")),
                        Err(e) => failures.push(format!(
                            "{name}: `{line}` is worth `{stated}`, which is refused: {e}"
                        )),
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    for name in &shipped {
        let counts = compared.get(*name).copied().unwrap_or_default();
        assert!(
            counts.iter().all(|&n| n >= 3),
            "{name}: too few comparisons of each kind (non-dealer ron, non-dealer tsumo, dealer ron, dealer tsumo): {counts:?}"
        );
    }
}

/// The context words of a hand line that a value takes too (the rest are tiles or need them).
fn value_context(hand_line: &str) -> Vec<&str> {
    const WORDS: [&str; 4] = ["tsumo", "ron", "riichi", "double-riichi"];
    const KEYS: [&str; 9] = [
        "ron=",
        "seat=",
        "round=",
        "honba=",
        "sticks=",
        "draws=",
        "waiting=",
        "others-fan=",
        "others-fly=",
    ];
    hand_line
        .split_whitespace()
        .filter(|word| WORDS.contains(word) || KEYS.iter().any(|k| word.starts_with(k)))
        .collect()
}

/// A game record whose wins are written as their values replays to the same sheet, hand by
/// hand, as the record written with tiles: every example game of docs/examples.
#[test]
fn a_game_of_values_replays_as_the_game_of_hands() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut replayed = Vec::new();
    for entry in std::fs::read_dir(format!("{root}/docs/examples")).expect("examples") {
        let path = entry.expect("entry").path();
        let record = std::fs::read_to_string(&path).expect("readable");
        let Ok(sheet) = mj3::game::replay(&record, &[]) else {
            continue;
        };
        // Each win's hand, in record order, replaced by its value and the context it keeps.
        let mut by_values = String::with_capacity(record.len());
        let mut rest = record.as_str();
        let mut fly = false;
        let mut pao = false;
        for win in sheet.hands.iter().flat_map(|h| &h.wins) {
            fly |= win.hand.contains('J');
            pao |= win.pao.is_some();
            let value = values(&win.score).remove(0);
            let mut stated = vec![value.as_str()];
            stated.extend(value_context(&win.hand));
            let at = rest.find(&win.hand).expect("the hand is in the record");
            by_values.push_str(&rest[..at]);
            by_values.push_str(&stated.join(" "));
            rest = &rest[at + win.hand.len()..];
        }
        by_values.push_str(rest);
        if fly || pao {
            // The winner's fly tiles (jokers) are paid from the tiles, and the game checks a
            // liable player against the hand's elements: a value has neither.
            continue;
        }
        let again = mj3::game::replay(&by_values, &[])
            .unwrap_or_else(|f| panic!("{}: {}\n{by_values}", path.display(), f.error.render()));
        let points = |s: &mj3::game::Sheet| -> Vec<Vec<i64>> {
            s.hands
                .iter()
                .map(|h| h.players.iter().map(|p| p.total).collect())
                .collect()
        };
        assert_eq!(points(&again), points(&sheet), "{}", path.display());
        assert_eq!(again.standings, sheet.standings, "{}", path.display());
        assert_eq!(again.end, sheet.end, "{}", path.display());
        replayed.push(path.file_name().map(|n| n.to_string_lossy().into_owned()));
    }
    replayed.sort();
    // The sanma and Malaysian examples have a liable player (pao), which the game checks
    // against the hand's elements, and the Malaysian one fly tiles: a value carries neither.
    let want = [
        "korean-game.txt",
        "korean-lite-game.txt",
        "sanma-honshu-game.txt",
        "sanma-tenhou-game.txt",
    ];
    let got: Vec<&str> = replayed.iter().flatten().map(String::as_str).collect();
    assert!(
        want.iter().all(|w| got.contains(w)),
        "replayed by value: {got:?}"
    );
}

/// The value pad's limits carry their names as a table reads them, and each is what the
/// score of a win stated by that limit says it reached (`2× yakuman`, not `double-yakuman`).
#[test]
fn the_value_pads_limits_are_named_as_the_score_says_them() {
    for name in mj3::rules::shipped_names() {
        let rules = mj3::rules::load(name).expect("shipped ruleset");
        let choices = mj3::hand::stated::value_choices(&rules);
        assert_eq!(choices.limits.len(), choices.limit_names.len(), "{name}");
        for (word, said) in choices.limits.iter().zip(&choices.limit_names) {
            assert!(!said.contains('-'), "{name}: {said}");
            let scored = ["", " tsumo"].iter().find_map(|how| {
                let (_, evaluation) = mj3::score_line(&format!("{word}{how}"), &rules).ok()?;
                match evaluation {
                    mj3::evaluate::Evaluation::Complete { score: Some(score) } => Some(score),
                    _ => None,
                }
            });
            let score = scored.unwrap_or_else(|| panic!("{name}: {word} scores"));
            let reached = score
                .totals
                .limit_reached()
                .unwrap_or_else(|| score.reached());
            assert!(
                reached.starts_with(said),
                "{name}: {word} reached {reached}, named {said}"
            );
        }
    }
}
