//! Property tests of the game replay: random valid games under every shipped ruleset replay
//! without a panic and conserve their points after every hand; mangled records never panic
//! and every error points into its line.

#[path = "common/games.rs"]
mod games;
#[path = "common/random_game.rs"]
mod random_game;

use mj3::game;
use proptest::prelude::*;
use random_game::{RULESETS, record};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_valid_games_replay_and_conserve_points(
        ruleset in prop::sample::select(&RULESETS[..]),
        hands in 1usize..48,
        seed in any::<u64>(),
    ) {
        let text = record(ruleset, hands, seed);
        let sheet = match game::replay(&text, &[]) {
            Ok(sheet) => sheet,
            Err(failure) => {
                return Err(TestCaseError::fail(format!("{}\n{text}", failure.error.render())));
            }
        };
        games::conserved(&sheet);
        let last = sheet.hands.last().map(|h| h.players.iter().map(|p| p.total).sum::<i64>());
        let sticks = sheet.hands.last().map_or(0, |h| i64::from(h.sticks_after));
        let all = sheet.starting_points * 3;
        prop_assert_eq!(last.unwrap_or(all) + sticks * sheet.riichi_stick, all);
    }

    #[test]
    fn mangled_records_never_panic(
        ruleset in prop::sample::select(&RULESETS[..]),
        seed in any::<u64>(),
        line in 0usize..40,
        at in 0usize..60,
        insert in "\\PC{0,6}",
        cut in 0usize..8,
    ) {
        let text = record(ruleset, 12, seed);
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let index = line % lines.len();
        let target = &mut lines[index];
        let at = target.floor_char_boundary(at.min(target.len()));
        let end = target.floor_char_boundary((at + cut).min(target.len()));
        target.replace_range(at..end, &insert);
        let mangled = lines.join("\n");
        if let Err(failure) = game::replay(&mangled, &[]) {
            let error = &failure.error;
            prop_assert!(error.line <= lines.len());
            prop_assert!(error.span.start <= error.span.end);
            prop_assert!(error.span.start <= error.text.len(), "{:?}", error);
            prop_assert!(!error.render().is_empty());
        }
    }
}
