//! The evening (docs/game.md, "An evening"): the games of one night added up per player,
//! their values at a rate, who pays whom in the fewest payments, and the counts per player.

#[path = "common/games.rs"]
mod games;

use games::{example, play};
use mj3::game::evening::{self, EveningError, GameText, Rate, Unit};
use mj3::game::json::HouseFile;

const NIGHT: [&str; 3] = ["sanma", "sanma-tenhou", "sanma-dealer-stops"];

fn texts(names: &[&str]) -> Vec<(String, String)> {
    names
        .iter()
        .map(|n| (format!("{n}-game.txt"), example(n)))
        .collect()
}

fn night(
    records: &[(String, String)],
    rate: Option<&str>,
) -> Result<evening::Evening, EveningError> {
    let games: Vec<GameText> = records
        .iter()
        .map(|(name, text)| GameText {
            name,
            text,
            house: HouseFile::None,
        })
        .collect();
    let rate = rate.map(|r| Rate::parse(r).expect("a rate"));
    evening::evening(&games, &[], rate)
}

/// The three example games of docs/examples as one evening: each player's total is the sum
/// of the results `mj3 game` gives, the totals and the payments add up to zero, and the
/// payments are the fewest (three players: at most two).
#[test]
fn three_example_games_are_one_evening() {
    let records = texts(&NIGHT);
    let evening = night(&records, Some("0.5")).expect("adds up");
    assert_eq!(evening.unit, Unit::Thousand);
    let mut expected = std::collections::BTreeMap::new();
    for (_, text) in &records {
        for standing in play(text).standings {
            *expected.entry(standing.player).or_insert(0i64) += standing.result;
        }
    }
    let totals: std::collections::BTreeMap<String, i64> = evening
        .players
        .iter()
        .map(|p| (p.player.clone(), p.total))
        .collect();
    assert_eq!(totals, expected);
    // sanma: Ben +39,300 Cat -15,500 Ann -23,800; sanma-tenhou: Cat +57,200 Ben -16,800
    // Ann -40,400; dealer-stops: Cat +10,000 Ben -3,000 Ann -7,000.
    let by_name = |name: &str| {
        evening
            .players
            .iter()
            .find(|p| p.player == name)
            .expect("a player")
    };
    assert_eq!(by_name("Ann").total, -71_200);
    assert_eq!(by_name("Ben").total, 19_500);
    assert_eq!(by_name("Cat").total, 51_700);
    assert_eq!(evening.players.iter().map(|p| p.total).sum::<i64>(), 0);
    assert_eq!(
        by_name("Ann").value.map(|v| v.to_string()).as_deref(),
        Some("-35.6")
    );
    // Each value with its sign, as the tables (and the page) write a gain or a loss.
    assert_eq!(by_name("Ann").signed_value.as_deref(), Some("-35.6"));
    assert_eq!(by_name("Ben").signed_value.as_deref(), Some("+9.75"));
    // Who pays whom: Ann pays both, two payments, which settle every total.
    let payments: Vec<(&str, &str, i64)> = evening
        .payments
        .iter()
        .map(|p| (p.from.as_str(), p.to.as_str(), p.points))
        .collect();
    assert_eq!(payments, [("Ann", "Ben", 19_500), ("Ann", "Cat", 51_700)]);
    assert!(evening.fewest);
    assert_eq!(
        evening.payments[1].value.map(|v| v.to_string()).as_deref(),
        Some("25.85")
    );
    // The running totals after each game, in the players' order (Ann, Ben, Cat).
    let running: Vec<Vec<i64>> = evening.games.iter().map(|g| g.running.clone()).collect();
    assert_eq!(
        running,
        [
            vec![-23_800, 39_300, -15_500],
            vec![-64_200, 22_500, 41_700],
            vec![-71_200, 19_500, 51_700]
        ]
    );
    // The counts: every win of the three sheets is someone's, and every riichi line.
    let mut wins = 0;
    let mut riichi = 0;
    for (_, text) in &records {
        let sheet = play(text);
        wins += sheet.hands.iter().map(|h| h.wins.len()).sum::<usize>();
        riichi += text.lines().filter(|l| l.starts_with("riichi ")).count();
    }
    assert_eq!(
        evening
            .players
            .iter()
            .map(|p| p.wins as usize)
            .sum::<usize>(),
        wins
    );
    assert_eq!(
        evening
            .players
            .iter()
            .map(|p| p.riichi as usize)
            .sum::<usize>(),
        riichi
    );
    for player in &evening.players {
        match player.wins {
            0 => assert_eq!(player.average_win, None),
            n => assert_eq!(
                player.average_win,
                Some((player.won + i64::from(n) / 2) / i64::from(n))
            ),
        }
    }
}

/// Four players over three games (one sits out each game): matched by name, the one who
/// sits out keeps his running total, and the payments are still the fewest.
#[test]
fn players_are_matched_by_name_across_games() {
    let a = example("sanma");
    let b = example("sanma")
        .replace("players Ann Ben Cat", "players Ann Ben Dan")
        .replace("Cat", "Dan");
    let records = vec![("a".to_string(), a), ("b".to_string(), b)];
    let evening = night(&records, None).expect("adds up");
    let names: Vec<&str> = evening.players.iter().map(|p| p.player.as_str()).collect();
    assert_eq!(names, ["Ann", "Ben", "Cat", "Dan"]);
    let games: Vec<u32> = evening.players.iter().map(|p| p.games).collect();
    assert_eq!(games, [2, 2, 1, 1]);
    assert_eq!(evening.games[0].running, [-23_800, 39_300, -15_500, 0]);
    assert_eq!(
        evening.games[1].running,
        [-47_600, 78_600, -15_500, -15_500]
    );
    assert!(evening.players.iter().all(|p| p.value.is_none()));
    assert_eq!(evening.payments.len(), 3);
}

/// Near-misses, each an error that says why: a game not over (with the `end` line to end
/// it), sticks left unclaimed (results not adding up to zero), systems mixed, a bad line
/// (its game, line and caret), no game, too many.
#[test]
fn an_evening_that_cannot_add_up_is_refused_with_the_reason() {
    let not_over = texts(&["sanma", "sanma-mahjongsoul-robbing"]);
    let error = night(&not_over, None).expect_err("not over");
    assert!(matches!(error, EveningError::NotOver { .. }), "{error}");
    assert!(
        error
            .to_string()
            .contains("sanma-mahjongsoul-robbing-game.txt is not over"),
        "{error}"
    );
    assert!(error.to_string().contains("`end`"), "{error}");
    // The page's words: the same reason without the record line (it ends a game by a tap).
    let said = error.said();
    assert!(
        said.starts_with("sanma-mahjongsoul-robbing-game.txt is not over (")
            && said.ends_with("): its result is not final"),
        "{said}"
    );
    assert!(!said.contains("`end`"), "{said}");
    // Ended with `end`, it adds up.
    let mut ended = not_over.clone();
    ended[1].1.push_str("end\n");
    let evening = night(&ended, None).expect("ended");
    assert_eq!(evening.games[1].end, mj3::game::GameEnd::EndedEarly);
    assert_eq!(evening.players.iter().map(|p| p.total).sum::<i64>(), 0);

    // The all-last dealer's choice still open: the error says which line comes next.
    let open = example("sanma-dealer-stops").replace("dealer-stops\n", "");
    let error = night(&[("open.txt".into(), open)], None).expect_err("the choice is open");
    assert!(
        error
            .to_string()
            .contains("`dealer-stops` or `dealer-plays-on` comes next"),
        "{error}"
    );

    let stay = example("sanma-mahjongsoul-leftover").replace(
        "ruleset sanma-mahjongsoul\n",
        "ruleset sanma-mahjongsoul\nset game.leftover-sticks=\"stay\"\n",
    );
    let error = night(&[("stay.txt".into(), stay)], None).expect_err("sticks stay");
    assert!(
        error.to_string().contains("add up to -1,000, not zero"),
        "{error}"
    );
    assert!(error.to_string().contains("stays unclaimed"), "{error}");

    let mixed = texts(&["sanma", "korean"]);
    let error = night(&mixed, None).expect_err("mixed");
    assert!(error.to_string().contains("one system"), "{error}");
    // Near-miss: the two han systems add up together.
    let mut han = texts(&["sanma"]);
    han.push(("honshu.txt".into(), example("sanma-honshu") + "end\n"));
    assert!(night(&han, None).is_ok());

    let bad = vec![(
        "bad.txt".to_string(),
        "ruleset sanma\nplayers A B C\nA wins: 1\n".to_string(),
    )];
    let error = night(&bad, None).expect_err("a bad line");
    let shown = error.render();
    assert!(shown.starts_with("bad.txt: line 3: "), "{shown}");
    assert!(shown.contains('^'), "{shown}");

    assert!(matches!(night(&[], None), Err(EveningError::NoGames)));
    let many = vec![("a".to_string(), example("sanma")); evening::MAX_EVENING_GAMES + 1];
    assert!(matches!(
        night(&many, None),
        Err(EveningError::TooManyGames { .. })
    ));
}

/// The points and fan systems value per point.
#[test]
fn korean_and_malaysian_evenings_value_per_point() {
    for name in ["korean", "malaysian"] {
        let mut records = texts(&[name]);
        if play(&records[0].1).end.is_none() {
            records[0].1.push_str("end\n");
        }
        let evening = night(&records, Some("2")).expect("adds up");
        assert_eq!(evening.unit, Unit::Point, "{name}");
        // Declarations are counted where the system has them: ready under korean, none
        // under malaysian (which declares nothing).
        let declared = if name == "korean" {
            Some("Ready")
        } else {
            None
        };
        assert_eq!(evening.declared, declared, "{name}");
        for player in &evening.players {
            assert_eq!(
                player.value.map(|v| v.to_string()),
                Some(mj3::amount::written(2 * player.total)),
                "{name}"
            );
        }
    }
}
