//! `mj3 evening`: the games of one night added up, as tables and as JSON, agreeing with
//! `mj3 game` on each game's result; refusals with the reason.

mod common;

use common::{example, json_lines, json_of, run, text};

/// The three example games as one evening: each total is the sum of the `result`s `mj3 game
/// --json` gives, totals and payments add up to zero, two payments (the fewest for three).
#[test]
fn the_evening_of_three_example_games_agrees_with_mj3_game() {
    let files: Vec<String> = ["sanma", "sanma-tenhou", "sanma-dealer-stops"]
        .iter()
        .map(|n| example(n))
        .collect();
    let mut expected = std::collections::BTreeMap::new();
    for file in &files {
        let output = run(&["game", file, "--json"], "");
        let end = json_lines(&output).pop().expect("the end record");
        for standing in end["standings"].as_array().expect("standings") {
            let name = standing["player"].as_str().expect("a name").to_string();
            *expected.entry(name).or_insert(0i64) += standing["result"].as_i64().expect("a result");
        }
    }
    let mut args = vec!["evening", "--json", "--rate", "0.5"];
    args.extend(files.iter().map(String::as_str));
    let output = run(&args, "");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let evening = json_of(&output);
    let totals: std::collections::BTreeMap<String, i64> = evening["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| {
            (
                p["player"].as_str().expect("name").to_string(),
                p["total"].as_i64().expect("total"),
            )
        })
        .collect();
    assert_eq!(totals, expected);
    assert_eq!(totals.values().sum::<i64>(), 0);
    let payments = evening["payments"].as_array().expect("payments");
    assert_eq!(payments.len(), 2);
    let mut settled = totals.clone();
    for payment in payments {
        let points = payment["points"].as_i64().expect("points");
        *settled
            .get_mut(payment["from"].as_str().expect("from"))
            .expect("a player") += points;
        *settled
            .get_mut(payment["to"].as_str().expect("to"))
            .expect("a player") -= points;
    }
    assert!(settled.values().all(|v| *v == 0), "{settled:?}");
    assert_eq!(evening["unit"], "thousand");
    assert_eq!(evening["rate"], "0.5");
    assert_eq!(payments[1]["value"], "25.85");
    assert_eq!(evening["fewest"], true);

    // The tables say the same.
    let mut args = vec!["evening", "--rate", "0.5"];
    args.extend(files.iter().map(String::as_str));
    let output = run(&args, "");
    let shown = text(&output.stdout);
    for words in [
        "An evening of 3 games: Ann, Ben, Cat, valued at 0.5 per 1,000 points.",
        "-71,200",
        "+51,700",
        "+25.85",
        "Who pays whom (2 payments, the fewest that settle it):",
        "│ Ann  ┆ Cat ┆ 51,700 ┆ 25.85 │",
    ] {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
    let ascii = run(&[&args[..], &["--ascii"]].concat(), "");
    assert!(text(&ascii.stdout).is_ascii());
}

/// A game not over is refused with its name and the `end` line to end it; a bad line with
/// the game's name, the line and a caret; a bad rate; `-` twice; a name's control
/// characters escaped.
#[test]
fn an_evening_that_cannot_add_up_says_why() {
    let output = run(
        &[
            "evening",
            &example("sanma"),
            &example("sanma-mahjongsoul-robbing"),
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    let said = text(&output.stderr);
    assert!(
        said.contains("is not over") && said.contains("`end`"),
        "{said}"
    );
    assert!(output.stdout.is_empty());

    let output = run(
        &["evening", &example("sanma"), "-"],
        "ruleset sanma\nplayers A B C\nA wins: 1\n",
    );
    let said = text(&output.stderr);
    assert!(said.contains("-: line 3: "), "{said}");
    assert!(said.contains("  A wins: 1\n  ^"), "{said}");

    let output = run(&["evening", &example("sanma"), "--rate", "1.23456"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("at most 4 decimal places"));

    let output = run(&["evening", "-", "-"], "");
    assert!(text(&output.stderr).contains("name it once"));

    let output = run(
        &["evening", "-"],
        "ruleset sanma\nplayers \"Ah\u{1b}[31m Meng\" Sora Jun\nSora tsumo: 3 han 30 fu\nend\n",
    );
    let shown = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(!shown.contains('\u{1b}'), "{shown}");
    assert!(shown.contains("Ah\\x1b[31m Meng"), "{shown}");

    // Near-miss: the same evening with the game ended by `end` adds up.
    let record =
        std::fs::read_to_string(example("sanma-mahjongsoul-robbing")).expect("reads") + "end\n";
    let output = run(&["evening", &example("sanma"), "-"], record);
    assert!(output.status.success(), "{}", text(&output.stderr));
}

/// The table has a column for the declarations only where the system has them: `Ready` under
/// korean, none under malaysian (which declares nothing); the JSON's `declared` says the same.
#[test]
fn the_declarations_column_is_the_systems() {
    let korean = example("korean");
    let malaysian = std::fs::read_to_string(example("malaysian")).expect("the example");
    let malaysian = common::temp_file("malaysian-over.txt", format!("{malaysian}end\n"));
    for (file, declared) in [(&korean, Some("Ready")), (&malaysian, None)] {
        let output = run(&["evening", file], "");
        assert!(output.status.success(), "{}", text(&output.stderr));
        let shown = text(&output.stdout);
        let heading = shown
            .lines()
            .find(|l| l.contains("Deal-ins"))
            .expect("the per-player table");
        assert_eq!(heading.contains("Ready"), declared.is_some(), "{heading}");
        assert!(!heading.contains("Riichi"), "{heading}");
        let json = json_of(&run(&["evening", file, "--json"], ""));
        assert_eq!(json["declared"].as_str(), declared);
    }
}
