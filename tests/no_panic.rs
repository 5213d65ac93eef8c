//! Property tests: no input line, however mangled, makes the library panic, and every
//! error points inside the line.

mod common;

use common::{PIECES, RULESETS};
use mj3::Ruleset;
use proptest::prelude::*;

fn line() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..24).prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn scoring_never_panics_and_errors_point_into_the_line(line in line()) {
        for ruleset in RULESETS.iter() {
            if let Err(err) = mj3::score_line(&line, ruleset) {
                let span = err.span();
                // A span may sit just past the end: "expected a suit letter here".
                prop_assert!(span.start <= span.end && span.start <= line.len(),
                    "{}: span {span:?} outside {line:?}", ruleset.name);
                prop_assert!(!err.to_string().is_empty());
                let _ = err.render(&line);
            }
        }
    }

    #[test]
    fn arbitrary_text_never_panics(line in "\\PC{0,40}") {
        for ruleset in RULESETS.iter() {
            let _ = mj3::score_line(&line, ruleset);
        }
    }
}

/// 13 or 14 tiles drawn from `ruleset`'s tile set, at most four of a kind, and a context.
fn random_hand(ruleset: &'static Ruleset) -> impl Strategy<Value = String> {
    let contexts = vec!["tsumo", "ron=S", "ron=W seat=S", "tsumo riichi"];
    common::random_tiles(ruleset, contexts)
        .prop_filter("at most four of a kind", |(tiles, _)| {
            tiles
                .iter()
                .all(|t| tiles.iter().filter(|u| *u == t).count() <= 4)
        })
        .prop_map(common::hand_line)
}

/// Payments always balance: what the winner receives, the others pay.
fn assert_balanced(score: &mj3::results::Score, line: &str) -> Result<(), TestCaseError> {
    let sum: i64 = score.payments.seats.iter().map(|s| s.amount).sum();
    prop_assert_eq!(sum, 0, "payments do not balance for {}", line);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_hands_score_without_panics_and_payments_balance(
        (index, line) in (0..RULESETS.len()).prop_flat_map(|i| (Just(i), random_hand(&RULESETS[i])))
    ) {
        let ruleset = &RULESETS[index];
        match mj3::score_line(&line, ruleset) {
            Ok((_, mj3::Evaluation::Complete { score: Some(score) })) => {
                assert_balanced(&score, &line)?
            }
            Ok((_, mj3::Evaluation::Waiting { waits })) => {
                for wait in &waits {
                    assert_balanced(&wait.score, &line)?;
                }
            }
            Ok(_) | Err(_) => {}
        }
    }
}
