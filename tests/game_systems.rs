//! Whole games under the rulesets other than `sanma`: the Korean/Japanese flow of 000 (the
//! deal passing every hand, goulash, claims on one discard, the match), the Malaysian flow of
//! 000 §Malaysia (the winner deals, kongs and bonus sets paid on the spot, pao), the Honshū
//! table, and Tenhou's preset (head bump, nagashi mangan, the extra round, the last dealer).

#[path = "common/games.rs"]
mod games;

use games::{changes, fails, play, totals};
use mj3::game;
use mj3::results::Totals;

/// 6 hand-points and 8 bonus-points by self-draw (14 from each); on a discard 4 + 5 (the
/// discarder 13, the other 5).
const KOREAN: &str = "123p456m999s rrr EE";
/// Four concealed pongs: a half limit, 20 points (000 §Half limit).
const KOREAN_LIMIT: &str = "111p222p333p rrr EE";

fn korean(events: &str) -> String {
    format!("ruleset korean\nplayers Ann Ben Cat\n{events}")
}

/// 000 §Hands, rounds, and matches: "Whether the dealer wins or not, or if there is a winner
/// or not, dealership changes each hand"; "Three hands make up a round".
#[test]
fn korean_deal_passes_after_every_hand() {
    let sheet = play(&korean(&format!("Ann tsumo: {KOREAN}\ndraw\ndraw\ndraw\n")));
    let dealt: Vec<(&str, &str)> = sheet
        .hands
        .iter()
        .map(|h| (h.label.as_str(), h.dealer.as_str()))
        .collect();
    assert_eq!(
        dealt,
        [
            ("East 1", "Ann"),
            ("East 2", "Ben"),
            ("East 3", "Cat"),
            ("South 1", "Ann")
        ]
    );
    assert_eq!(changes(&sheet.hands[0]), [28, -14, -14]);
    assert!(
        sheet.hands.iter().all(|h| h.honba == 0),
        "no counters under the points system"
    );
}

/// 000 §Hands, rounds, and matches: after a drawn hand "the winner of the next hand first
/// receives the usual points from his opponents and then an extra 5 points from each
/// opponent. If, instead, there is a second draw ... 10 points"; 000 §Recap: "one point"
/// (`payment.goulash-per-draw = 1`); the optional cap (`game.goulash-cap`).
#[test]
fn korean_goulash_after_drawn_hands() {
    let record = format!("draw\ndraw\nBen tsumo: {KOREAN}\nCat tsumo: {KOREAN}\n");
    let sheet = play(&korean(&record));
    assert_eq!(sheet.hands[2].draws, 2);
    assert_eq!(
        changes(&sheet.hands[2]),
        [-24, 48, -24],
        "14 + 2 × 5 from each"
    );
    assert_eq!(
        changes(&sheet.hands[3]),
        [-14, -14, 28],
        "the goulash is paid once"
    );
    let recap = play(&korean(&format!(
        "set payment.goulash-per-draw=1\n{record}"
    )));
    assert_eq!(changes(&recap.hands[2]), [-16, 32, -16]);
    let capped = play(&korean(&format!("set game.goulash-cap=1\n{record}")));
    assert_eq!(changes(&capped.hands[2]), [-19, 38, -19]);
}

/// 000 §Priority of stealing tiles: "the player who can form the hand with the most
/// hand-points takes it ... If this is also equal, then the first player anticlockwise to the
/// player who discarded"; 004: "the player first clockwise".
#[test]
fn korean_two_claims_on_one_discard() {
    let limit = play(&korean(&format!(
        "Ann ron Ben: {KOREAN}\nand Cat ron Ben: {KOREAN_LIMIT}\n"
    )));
    let hand = &limit.hands[0];
    assert_eq!(hand.wins.len(), 1);
    assert_eq!(hand.wins[0].winner, "Cat");
    assert_eq!(
        changes(hand),
        [-20, -40, 60],
        "a half limit: the discarder pays double"
    );
    let tie = format!("Ann ron Ben: {KOREAN}\nand Cat ron Ben: {KOREAN}\n");
    assert_eq!(
        play(&korean(&tie)).hands[0].wins[0].winner,
        "Cat",
        "Cat plays right after Ben"
    );
    let clockwise = play(&korean(&format!(
        "set game.claim-order=\"clockwise\"\n{tie}"
    )));
    assert_eq!(clockwise.hands[0].wins[0].winner, "Ann");
}

/// 000 §Hands, rounds, and matches: "Three rounds make up a match. Thus, the entire match is
/// 9 hands"; "Players may choose to continue playing a second match" (`game.rounds = 6`).
#[test]
fn korean_match_is_nine_hands() {
    let nine = "draw\n".repeat(8) + &format!("Ann tsumo: {KOREAN}\n");
    let sheet = play(&korean(&nine));
    assert_eq!(sheet.hands.len(), 9);
    assert_eq!(sheet.end, Some(mj3::game::GameEnd::LastRoundOver));
    let error = fails(&korean(&format!("{nine}draw\n")));
    assert_eq!(error.line, 12);
    assert!(
        error.message.contains("the game is over"),
        "{}",
        error.message
    );
    let double = play(&korean(&format!("set game.rounds=6\n{nine}draw\n")));
    assert_eq!(double.hands.len(), 10);
    assert!(double.end.is_none());
}

/// 000 §Three declared ready: "either that particular game is considered a draw, or the
/// winner only wins his hand-points"; declaring ready puts out no stick.
#[test]
fn korean_three_declared_ready() {
    let three = format!("riichi Ann\nriichi Ben\nriichi Cat\nBen ron Cat: {KOREAN}\n");
    let plain = play(&korean(&three));
    assert_eq!(plain.hands[0].table_change, 0, "no sticks");
    let draw = fails(&korean(&format!(
        "set game.three-declared-ready=\"draw\"\n{three}"
    )));
    assert!(
        draw.message.contains("the hand is a draw"),
        "{}",
        draw.message
    );
    let hand_points = play(&korean(&format!(
        "set game.three-declared-ready=\"hand-points-only\"\n{three}"
    )));
    assert_eq!(
        changes(&hand_points.hands[0]),
        [0, 8, -8],
        "2 × 4 hand-points, no bonus-points"
    );
}

/// 000 §Optional rules: a winner collects from each player "unless a player was declared
/// ready"; read (`declared-ready-is-waiting`) as the waiting player's 2 bonus-points less
/// (000 §Points: "If a player was waiting for one tile to win, they pay two bonus points less").
#[test]
fn korean_declared_ready_pays_as_waiting() {
    let record = format!("riichi Ann\nBen ron Cat: {KOREAN}\n");
    assert_eq!(changes(&play(&korean(&record)).hands[0]), [-5, 18, -13]);
    let waiting = play(&korean(&format!(
        "set game.declared-ready-is-waiting=true\n{record}"
    )));
    assert_eq!(changes(&waiting.hands[0]), [-3, 16, -13]);
}

/// A chombo under korean (000 §Mistakes: "seriously punished"; the amount NOT IN SOURCES):
/// the limit to each, the deal does not move; tenpai has no meaning in a drawn hand.
#[test]
fn korean_chombo_and_draws() {
    let sheet = play(&korean("chombo Ben\ndraw\n"));
    assert_eq!(changes(&sheet.hands[0]), [40, -80, 40]);
    assert_eq!(sheet.hands[1].dealer, "Ann");
    let error = fails(&korean("draw tenpai Ann\n"));
    assert!(
        error.message.contains("pays nothing at an exhaustive draw"),
        "{}",
        error.message
    );
}

/// 002 §Outline: "Win by a discarded tile: The player who discards the winning tile pays the
/// winner double, the other pays nothing"; 002 names no goulash.
#[test]
fn korean_lite_discarder_pays_double_and_no_goulash() {
    let sheet = play(&format!(
        "ruleset korean-lite\nplayers Ann Ben Cat\ndraw\nCat ron Ann: {KOREAN}\n"
    ));
    let win = &sheet.hands[1];
    assert_eq!(win.draws, 0);
    let Totals::Points(t) = &win.wins[0].score.totals else {
        panic!("points totals")
    };
    let score = i64::from(t.hand_points + t.bonus_points);
    assert_eq!(changes(win), [-2 * score, 0, 2 * score]);
}

// ----- malaysian (000 §Malaysia) -------------------------------------------------------

/// No bonus tiles: 10 fan, capped, 300 points (000 §Malaysia: "No flowers / seasons / faces /
/// animals: 10").
const MALAYSIAN: &str = "123p456p789p EEE ww";

fn malaysian(events: &str) -> String {
    format!("ruleset malaysian\nplayers Ann Ben Cat\n{events}")
}

/// 000 §Malaysia: "the dealer is the winner of the previous round"; after a drawn hand the
/// dealer deals again (NOT IN SOURCES, `dealer-at-draw = "stays"`).
#[test]
fn malaysian_winner_deals() {
    let sheet = play(&malaysian(&format!(
        "Ben tsumo: {MALAYSIAN}\ndraw\nCat ron Ben: {MALAYSIAN}\ndraw\n"
    )));
    let dealers: Vec<&str> = sheet.hands.iter().map(|h| h.dealer.as_str()).collect();
    assert_eq!(dealers, ["Ann", "Ben", "Ben", "Cat"]);
    assert_eq!(
        changes(&sheet.hands[0]),
        [-600, 1_200, -600],
        "self-draw: both pay double"
    );
    assert_eq!(
        changes(&sheet.hands[2]),
        [-300, -600, 900],
        "the discarder double, the other the value"
    );
    assert!(sheet.end.is_none(), "\"There is no fixed game length\"");
}

/// 000 §Malaysia: "Kongs immediately score from the other players 100 points if concealed
/// and 50 if open / promoted (open kong points are paid by the discarder for both players)";
/// the win does not pay them again; a kong of the winner that was not paid is an error.
#[test]
fn malaysian_kongs_paid_on_the_spot() {
    let concealed = play(&malaysian("kong Ben 5p concealed\ndraw\n"));
    assert_eq!(changes(&concealed.hands[0]), [-100, 200, -100]);
    // The sentence names the tile by its name, not its notation.
    assert_eq!(
        concealed.hands[0].events[0],
        "Ben: concealed kong of 5 circles, 100 from each"
    );
    let claimed = play(&malaysian("kong Ben 5p from Cat\ndraw\n"));
    assert_eq!(changes(&claimed.hands[0]), [0, 100, -100]);
    let promoted = play(&malaysian("kong Ben 5p promoted\ndraw\n"));
    assert_eq!(changes(&promoted.hands[0]), [-50, 100, -50]);
    let feeder = play(&malaysian(
        "set game.promoted-kong-payer=\"pong-feeder\"\nkong Ben 5p promoted fed-by Ann\ndraw\n",
    ));
    assert_eq!(changes(&feeder.hands[0]), [-100, 100, 0]);
    let win = play(&malaysian(
        "kong Ben 5p concealed\nBen tsumo: 123p789p (5555p) EEE ww\n",
    ));
    assert_eq!(
        changes(&win.hands[0]),
        [-700, 1_400, -700],
        "100 on the spot + 600 for the hand, once"
    );
    let unpaid = fails(&malaysian("Ben tsumo: 123p789p (5555p) EEE ww\n"));
    assert!(
        unpaid.message.contains("was not paid on the spot"),
        "{}",
        unpaid.message
    );
    let absent = fails(&malaysian("kong Ben 1m concealed\ndraw\n"));
    assert_eq!(
        absent.message, "malaysian plays without 1 character",
        "000 §Malaysia: \"played with only circles and honours\""
    );
    let elsewhere = fails("ruleset sanma\nplayers Ann Ben Cat\nkong Ben 5p concealed\n");
    assert!(
        elsewhere.message.contains("pays nothing on the spot"),
        "{}",
        elsewhere.message
    );
}

/// What the page offers for a kong or a bonus set paid on the spot is exactly what the game
/// takes: every tile and set offered replays, every other is refused, under every shipped
/// ruleset and a house file that adds characters to malaysian.
#[test]
fn the_spot_choices_are_what_the_game_takes() {
    let mut rulesets: Vec<(String, String)> = mj3::rules::shipped_names()
        .iter()
        .map(|name| {
            (
                name.to_string(),
                format!("ruleset {name}\nplayers Ann Ben Cat\n"),
            )
        })
        .collect();
    rulesets.push((
        "malaysian with characters".into(),
        "ruleset malaysian\nplayers Ann Ben Cat\nset tiles.characters=[1,2,3,4,5,6,7,8,9]\n".into(),
    ));
    for (name, header) in rulesets {
        let choices = play(&format!("{header}draw\n")).value_choices;
        let taken = |line: &str| game::replay(&format!("{header}{line}\ndraw\n"), &[]).is_ok();
        for tile in mj3::tile::Tile::all() {
            let notation = tile.notation();
            assert_eq!(
                choices.kong_tiles.contains(&notation),
                taken(&format!("kong Ben {notation} concealed")),
                "{name}: a kong of {notation}"
            );
        }
        for set in mj3::tile::BonusSet::ALL {
            assert_eq!(
                choices.bonus_sets.iter().any(|c| c.set == set),
                taken(&format!("bonus-set Ben {} dealt", set.name())),
                "{name}: a full set of {}",
                set.name()
            );
        }
    }
}

/// 000 §Malaysia: "A full set of bonus tiles in one's starting hand also earns an immediate
/// 100 points, or 50 if drawn later".
#[test]
fn malaysian_bonus_sets_paid_on_the_spot() {
    let dealt = play(&malaysian("bonus-set Cat flowers dealt\ndraw\n"));
    assert_eq!(changes(&dealt.hands[0]), [-100, -100, 200]);
    let drawn = play(&malaysian("bonus-set Cat seasons drawn\ndraw\n"));
    assert_eq!(changes(&drawn.hands[0]), [-50, -50, 100]);
    let unpaid = fails(&malaysian(&format!("Cat tsumo: {MALAYSIAN} +f1f2f3f4\n")));
    assert!(
        unpaid.message.contains("full set of flowers was not paid"),
        "{}",
        unpaid.message
    );
}

/// 000 §Malaysia: "Big three dragons: 10 (note: "pao" rule applies)"; the liable player pays
/// the whole hand (NOT IN SOURCES: `pao-ron = "all"`). No riichi in the fan system.
#[test]
fn malaysian_pao_and_no_riichi() {
    let sheet = play(&malaysian(
        "Ann ron Ben pao Cat: [www] [ggg] [rrr] 123p 55p\n",
    ));
    assert_eq!(changes(&sheet.hands[0]), [900, 0, -900]);
    let tsumo = play(&malaysian(
        "Ann tsumo pao Cat: [www] [ggg] [rrr] 123p 55p\n",
    ));
    assert_eq!(changes(&tsumo.hands[0]), [1_200, 0, -1_200]);
    let error = fails(&malaysian("riichi Ann\n"));
    assert!(error.message.contains("no riichi"), "{}", error.message);
}

// ----- sanma-honshu (000 §Honshū) ------------------------------------------------------

/// 000 §Honshū Scoring Table: the dealer's ron is the "Ron (payment to oya)" column (row 5:
/// 6,000), a counter adds 300 (NOT IN SOURCES, `[han]`); the dealer stays on his win (000
/// §Honshū's paarenchan: "staying the dealer"); `dealer = "passes-every-hand"` is the other
/// reading (000 §Recap).
#[test]
fn honshu_table_in_a_game() {
    let record = "ruleset sanma-honshu\nplayers Ann Ben Cat\nAnn ron Ben: 123p456p789p11s rrr\nAnn ron Ben: 123p456p789p11s rrr\n";
    let sheet = play(record);
    assert_eq!(changes(&sheet.hands[0]), [6_000, -6_000, 0]);
    assert_eq!(changes(&sheet.hands[1]), [6_300, -6_300, 0]);
    let passing =
        play(&record.replace("players", "set game.dealer=\"passes-every-hand\"\nplayers"));
    assert_eq!(passing.hands[1].dealer, "Ben");
}

// ----- sanma-tenhou ([T1]–[T7] of docs/rulesets/sanma-tenhou.md) ------------------------

fn tenhou(events: &str) -> String {
    format!("ruleset sanma-tenhou\nplayers Ann Ben Cat\n{events}")
}

/// [T3] "Double rons allowed. Repeats and deposits go to the next closest player"; 003 §9.7
/// gives them to the winner next after the dealer instead.
#[test]
fn tenhou_double_ron_head_bump() {
    let events = "riichi Ann\nriichi Cat\nAnn ron Ben: 345p678p345s567s99s\nand Cat ron Ben: 345p678p345s567s99s\n";
    let head_bump = play(&tenhou(events));
    assert_eq!(
        head_bump.hands[0]
            .wins
            .iter()
            .map(|w| w.sticks)
            .collect::<Vec<_>>(),
        [0, 2],
        "Cat plays right after Ben"
    );
    // 003 §9.7 read literally, "next in sequence (anticlockwise) to the Oya": Ben after Ann
    // discarded, so Cat; `dealer-first` gives them to Ann, the dealer.
    for (set, sticks) in [
        ("", [0, 2]),
        ("set game.double-ron-sticks=\"dealer-first\"\n", [2, 0]),
    ] {
        let sanma = play(&format!(
            "ruleset sanma\nplayers Ann Ben Cat\n{set}{events}"
        ));
        assert_eq!(
            sanma.hands[0]
                .wins
                .iter()
                .map(|w| w.sticks)
                .collect::<Vec<_>>(),
            sticks,
            "{set}"
        );
    }
}

/// [T3] "Nagashi mangan allowed. Tenpai payments are replaced by the mangan payment"; 003
/// names none (`nagashi-mangan` off under sanma).
#[test]
fn tenhou_nagashi_mangan() {
    let sheet = play(&tenhou("tenpai Ann\nnagashi Ben\ndraw\ndraw\n"));
    assert_eq!(
        changes(&sheet.hands[0]),
        [-4_000, 6_000, -2_000],
        "a non-dealer's mangan by self-draw, tsumo loss"
    );
    assert_eq!(
        sheet.hands[1].dealer, "Ann",
        "the dealer was tenpai: he stays"
    );
    let error = fails("ruleset sanma\nplayers Ann Ben Cat\nnagashi Ben\ndraw\n");
    assert!(
        error.message.contains("no nagashi mangan"),
        "{}",
        error.message
    );
}

/// [T3] "Sudden death brings the game into the next wind. As soon as someone attains [the
/// return], the game ends"; [T1] 40,000 to return.
#[test]
fn tenhou_extra_round_until_someone_reaches_the_target() {
    let round = "riichi Ben\nBen ron Cat: 345p678p345s567s99s\nriichi Cat\nCat ron Ann: 345p678p345s567s99s\nriichi Ann\nAnn ron Ben: 345p678p345s567s99s\n";
    let sheet = play(&tenhou(&format!(
        "{round}{round}riichi Ben\nBen ron Cat: 345p678p345s567s99s\n"
    )));
    assert!(
        sheet.end.is_none(),
        "nobody at 40,000 after South 3: the West round is played"
    );
    assert_eq!(sheet.hands[6].label, "West 1");
    let big = format!("{round}{round}Ben ron Cat: [www] [ggg] [rrr] 123p 55s\n");
    let ended = play(&tenhou(&big));
    assert_eq!(
        ended.end.map(|end| end.to_string()).as_deref(),
        Some("a player reached the target in the extra round")
    );
    let result: Vec<i64> = ended.standings.iter().map(|s| s.result).collect();
    assert_eq!(
        result.iter().sum::<i64>(),
        0,
        "target, uma and oka add up to zero"
    );
    assert_eq!(
        totals(ended.hands.last().expect("a hand"))
            .iter()
            .sum::<i64>(),
        105_000
    );
}

/// [T3] "At the end of the game, riichi deposits go to 1st place".
#[test]
fn tenhou_leftover_sticks_go_to_first() {
    let record = tenhou(
        "set game.rounds=1\nset game.extension=false\nriichi Ben\nBen ron Cat: 345p678p345s567s99s\nriichi Cat\nCat ron Ann: 345p678p345s567s99s\nriichi Ann\ndraw\n",
    );
    let sheet = play(&record);
    let last = sheet.hands.last().expect("the end row");
    assert_eq!(
        last.events[0],
        "the 1 riichi stick left on the table goes to Ben, first (1,000)"
    );
    assert_eq!((last.table_change, last.sticks_after), (-1_000, 0));
}

/// What the table counts is said as far as it counts anything: a count of zero is not said
/// (korean's drawn hands before, the han systems' counters and sticks); near-miss: one drawn
/// hand, one counter and one stick are.
#[test]
fn a_count_of_zero_is_not_said_on_the_table() {
    let korean = |events: &str| {
        let sheet = play(&format!("ruleset korean\nplayers Ann Ben Cat\n{events}"));
        sheet.in_play.expect("in play").on_the_table
    };
    assert!(korean("").is_empty());
    assert_eq!(korean("draw\n"), ["1 drawn hand before"]);
    let sanma = |events: &str| {
        let sheet = play(&format!("ruleset sanma\nplayers Ann Ben Cat\n{events}"));
        sheet.in_play.expect("in play").on_the_table
    };
    assert!(sanma("").is_empty());
    assert_eq!(
        sanma("riichi Ann\ndraw tenpai Ann\n"),
        ["1 counter", "1 riichi stick on the table"]
    );
    // Malaysian hands are named as the others are, capitalised: `Hand 1`.
    let malaysian = play("ruleset malaysian\nplayers Ann Ben Cat\ndraw\n");
    assert_eq!(malaysian.hands[0].label, "Hand 1");
}

/// A refused line says what is wrong in words a table reads, with the `[game]` setting, the
/// rule book's section and the record line to write kept apart (the page shows the words, the
/// source behind a tap); `mj3 game` prints them together as before.
#[test]
fn a_refusal_keeps_its_setting_source_and_advice_apart() {
    let three = format!(
        "set game.three-declared-ready=\"draw\"\nriichi Ann\nriichi Ben\nriichi Cat\nBen ron Cat: {KOREAN}\n"
    );
    let cases = [
        (
            korean(&three),
            "all three declared ready: the hand is a draw (game.three-declared-ready = \"draw\"; 000 §Three declared ready)",
            "all three declared ready: the hand is a draw",
            Some("game.three-declared-ready = \"draw\"; 000 §Three declared ready"),
        ),
        (
            malaysian("Ben tsumo: 123p789p (5555p) EEE ww\n"),
            "Ben's kong of 5 circles was not paid on the spot: write `kong Ben 5p concealed` (or `from NAME`, `promoted`) on a line before the win (000 §Malaysia: \"Kongs immediately score\")",
            "Ben's kong of 5 circles was not paid on the spot",
            Some("000 §Malaysia: \"Kongs immediately score\""),
        ),
        (
            "ruleset sanma\nplayers Ann Ben Cat\nkong Ben 5p concealed\n".to_string(),
            "sanma pays nothing on the spot: kongs and bonus sets are paid with the hand (on-the-spot payments are 000 §Malaysia's)",
            "sanma pays nothing on the spot: kongs and bonus sets are paid with the hand",
            Some("on-the-spot payments are 000 §Malaysia's"),
        ),
        (
            "ruleset sanma\nplayers Ann Ben Cat\nriichi Ann left=2\n".to_string(),
            "riichi needs at least 3 tiles left in the wall (game.riichi-tiles-left; 003 §9.4 says three, the Riichi entry of 003 §12 four)",
            "riichi needs at least 3 tiles left in the wall",
            Some("game.riichi-tiles-left; 003 §9.4 says three, the Riichi entry of 003 §12 four"),
        ),
        (
            malaysian("riichi Ann\n"),
            "malaysian has no riichi or declaration of ready (000 §Malaysia names none)",
            "malaysian has no riichi or declaration of ready",
            Some("000 §Malaysia names none"),
        ),
        (
            "ruleset sanma\nplayers Ann Ben Cat\nAnn tsumo: 234p567p678s99s234s riichi\n"
                .to_string(),
            "Ann did not declare riichi this hand: write `riichi Ann` on a line before the win",
            "Ann did not declare riichi this hand",
            None,
        ),
        (
            // A win's hand the ruleset refuses: its rule book apart, as `mj3 score` has it.
            "ruleset sanma\nplayers Ann Ben Cat\nAnn tsumo: 123p456p789p EE 3m NN\n".to_string(),
            "3m (3 characters) is not in play under `sanma` (Sanma Japanese MJ Rule Book (003) §2.1 Tiles for the Three-Player Game)",
            "3m (3 characters) is not in play under `sanma`",
            Some("Sanma Japanese MJ Rule Book (003) §2.1 Tiles for the Three-Player Game"),
        ),
    ];
    for (record, message, plain, source) in cases {
        let error = fails(&record);
        assert_eq!(error.message, message);
        let said = error.said();
        assert_eq!(said.text, plain);
        assert_eq!(said.source.as_deref(), source);
    }
    // A message with no parts is said as it is.
    let plain = fails(&korean("Dan tsumo: 123p456m999s rrr EE\n"));
    assert!(plain.reason.is_none());
    assert_eq!(plain.said().text, plain.message);
}
