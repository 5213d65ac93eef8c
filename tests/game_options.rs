//! The options that answer the open points of docs/game.md with no text to decide them: each
//! played at its default and at the other reading, in a game whose sheet changes with it.

#[path = "common/games.rs"]
mod games;

use games::{changes, fails, play};

// ----- korean: a limit hand's bonus (open point 5) ---------------------------------------

/// Four concealed pongs: a half limit (20), with 5 bonus-points on a ron (winning bonus 2,
/// one premium East 1, concealed 2).
const KOREAN_LIMIT: &str = "111p222p333p rrr EE";

/// 000 §Limit hand: "the player scores either the agreed limit ... and there is no need to
/// total the other points" (`game.limit-hand-bonus = "limit-alone"`); both pay the limit, the
/// discarder double (000 §Optional rules). The other reading (`limit-plus-bonus`, NOT IN
/// SOURCES): the bonus-points on top, a waiting player's two less (000 §Points).
#[test]
fn korean_limit_hand_with_or_without_its_bonus() {
    let record = |set: &str| {
        format!("ruleset korean\nplayers Ann Ben Cat\n{set}Ann ron Ben: {KOREAN_LIMIT} waiting=W\n")
    };
    let alone = play(&record(""));
    assert_eq!(changes(&alone.hands[0]), [60, -40, -20], "the limit alone");
    let plus = play(&record("set game.limit-hand-bonus=\"limit-plus-bonus\"\n"));
    assert_eq!(
        changes(&plus.hands[0]),
        [68, -45, -23],
        "the discarder 2×20 + 5, the waiting Cat 20 + 5 − 2"
    );
}

/// `mj3 score` reads the same option (one payment code): a self-drawn half limit.
#[test]
fn korean_limit_hand_bonus_in_a_single_score() {
    let paid = |overrides: &[String]| {
        let rules = mj3::rules::load_with("korean", overrides).expect("loads");
        let (_, evaluation) =
            mj3::score_line(&format!("{KOREAN_LIMIT} tsumo"), &rules).expect("parses");
        let mj3::Evaluation::Complete { score: Some(score) } = evaluation else {
            panic!("a complete hand");
        };
        score.payments.amount(mj3::tile::Seat::South)
    };
    assert_eq!(paid(&[]), -20);
    // Self-drawn: winning bonus 2, self-draw 1, premium 1, concealed 2, completely concealed 2.
    assert_eq!(
        paid(&["game.limit-hand-bonus=\"limit-plus-bonus\"".to_string()]),
        -28
    );
}

// ----- malaysian: who deals first (open point 2) -----------------------------------------

const MALAYSIAN: &str = "123p456p789p EEE ww";

/// 000 §Malaysia does not say who deals first; the record's `first-dealer NAME` does
/// (default: the first of the `players` line, NOT IN SOURCES). Ben dealing first sits East:
/// his East pung is also his own wind, and flower 1 his own flower (000 §Malaysia: "Pung of
/// dragons / own wind / North / East: 1", "Own flower or season: 1").
#[test]
fn malaysian_first_dealer() {
    let record = |first: &str| {
        format!(
            "ruleset malaysian\nplayers Ann Ben Cat\n{first}Ben tsumo: {MALAYSIAN} +f1 +h1 +h2 +a1\n"
        )
    };
    let ann = play(&record(""));
    assert_eq!(ann.hands[0].dealer, "Ann");
    assert_eq!(changes(&ann.hands[0]), [-400, 800, -400], "5 fan as South");
    let ben = play(&record("first-dealer Ben\n"));
    assert_eq!(ben.hands[0].dealer, "Ben");
    assert_eq!(changes(&ben.hands[0]), [-480, 960, -480], "7 fan as East");
}

/// The first dealer opens every round (003 §3.7: "the Tachioya of the East Round will also be
/// the first Oya for the South and the West rounds"): with Cat first the South round starts
/// with Cat again.
#[test]
fn first_dealer_opens_every_round() {
    let sheet =
        play("ruleset korean\nplayers Ann Ben Cat\nfirst-dealer Cat\ndraw\ndraw\ndraw\ndraw\n");
    let dealt: Vec<(&str, &str)> = sheet
        .hands
        .iter()
        .map(|h| (h.label.as_str(), h.dealer.as_str()))
        .collect();
    assert_eq!(
        dealt,
        [
            ("East 1", "Cat"),
            ("East 2", "Ann"),
            ("East 3", "Ben"),
            ("South 1", "Cat")
        ]
    );
    let unknown = fails("ruleset korean\nplayers Ann Ben Cat\nfirst-dealer Dan\ndraw\n");
    assert_eq!(unknown.line, 3);
    assert!(
        unknown.message.contains("not a player"),
        "{}",
        unknown.message
    );
    let late = fails("ruleset korean\nplayers Ann Ben Cat\ndraw\nfirst-dealer Ben\n");
    assert_eq!(late.line, 4);
}

// ----- malaysian: the settlement between the non-winners (open point 3) ------------------

/// East wins 5 fan by self-draw (200 × 2 from each) in every game below; `others-fan=` gives
/// the non-winners' hands, South (Ben) then West (Cat).
fn malaysian_settled(set: &str, others: &str) -> Vec<i64> {
    let sheet = play(&format!(
        "ruleset malaysian\nplayers Ann Ben Cat\n{set}Ann tsumo: {MALAYSIAN} +f2 +h1 +a1 others-fan={others}\n"
    ));
    changes(&sheet.hands[0])
}

/// Both non-winners below 5 fan: 000 §Malaysia names no payment. `nothing` (default, NOT IN
/// SOURCES); `weaker-pays-stronger`: "the non-winner whose hand would have less than 5 fan
/// ... pays the other non-winner the score of the more valuable hand" read for both (4 fan:
/// 180); `difference`: as between two hands of 5 or more (180 − 140).
#[test]
fn malaysian_both_non_winners_below_the_minimum() {
    let below = "S:2,W:4";
    assert_eq!(malaysian_settled("", below), [800, -400, -400]);
    let stronger = "set game.non-winners-both-below=\"weaker-pays-stronger\"\n";
    assert_eq!(malaysian_settled(stronger, below), [800, -580, -220]);
    let difference = "set game.non-winners-both-below=\"difference\"\n";
    assert_eq!(malaysian_settled(difference, below), [800, -440, -360]);
    assert_eq!(
        malaysian_settled(stronger, "S:3,W:3"),
        [800, -400, -400],
        "equal hands: neither is the more valuable"
    );
}

/// A non-winner's hand of exactly 5 fan: "less than 5" and "more than 5" leave it out.
/// `reaches` (default, NOT IN SOURCES): it reaches the minimum, the 7-fan hand is paid the
/// difference (240 − 200); `below`: it pays the 7-fan hand's whole score (240).
#[test]
fn malaysian_non_winner_at_exactly_the_minimum() {
    let at = "S:7,W:5";
    assert_eq!(malaysian_settled("", at), [800, -360, -440]);
    let below = "set game.non-winners-at-minimum=\"below\"\n";
    assert_eq!(malaysian_settled(below, at), [800, -160, -640]);
    assert_eq!(
        malaysian_settled(below, "S:5,W:5"),
        [800, -400, -400],
        "both at 5, read as below: nothing (non-winners-both-below)"
    );
}

// ----- malaysian: the fly bonus (open point 5) -------------------------------------------

/// 000 §Malaysia: "Fly tiles earn 50 points as a final bonus score for all players". Default
/// `every-player`: South's one fly tile is paid 50 by East and by West; `winner-only`: only the
/// winner's fly tiles earn it.
#[test]
fn malaysian_fly_bonus_to() {
    let record = |set: &str| {
        format!(
            "ruleset malaysian\nplayers Ann Ben Cat\n{set}Ann tsumo: {MALAYSIAN} +f2 +h1 +a1 others-fly=S:1\n"
        )
    };
    assert_eq!(changes(&play(&record("")).hands[0]), [750, -300, -450]);
    let winner = play(&record("set game.fly-bonus-to=\"winner-only\"\n"));
    assert_eq!(changes(&winner.hands[0]), [800, -400, -400]);
    let joker = |set: &str| {
        let sheet = play(&format!(
            "ruleset malaysian\nplayers Ann Ben Cat\n{set}Ann tsumo: 123p456p789p EE ww J +f2 +h1 +a1 others-fly=S:1\n"
        ));
        changes(&sheet.hands[0])
    };
    assert_eq!(
        joker(""),
        [850, -350, -500],
        "East's joker paid by each, South's by East and West"
    );
    assert_eq!(
        joker("set game.fly-bonus-to=\"winner-only\"\n"),
        [900, -450, -450],
        "East's joker only"
    );
}

// ----- sanma-honshu: the goulash of 000 §Recap and 004 §Honshu ---------------------------

/// 000 §Recap: "dealer passes to next player in all cases. In the case of a goulash game (no
/// winner) the next winner takes one point from each player extra"; 004 §Honshu: the Honshū
/// game has "the payment system" in common with the Korean/Japanese one. Off by default (000
/// §Honshū defers the game to the Japanese article); `han.goulash-per-draw = 100` is the
/// reading, one point being 100 (the least the table pays in), and `game.dealer =
/// "passes-every-hand"` its dealer. Each other player pays, the non-discarder of a ron too.
#[test]
fn honshu_goulash_after_drawn_hands() {
    let record = |set: &str| {
        format!(
            "ruleset sanma-honshu\nplayers Ann Ben Cat\n{set}draw\ndraw\nCat ron Ben: 123p456p789p11s rrr\n"
        )
    };
    // By default (003's flow) Ann keeps the deal at the draws, nobody tenpai (003 §3.5): Cat
    // wins 5 han as a non-dealer, 4,000, and two counters of 300.
    let plain = play(&record(""));
    assert_eq!(plain.hands[2].dealer, "Ann");
    assert_eq!(changes(&plain.hands[2]), [0, -4_600, 4_600]);
    assert_eq!(plain.hands[2].draws, 0, "no goulash: the sheet counts none");
    let goulash = play(&record(
        "set han.goulash-per-draw=100\nset game.dealer=\"passes-every-hand\"\n",
    ));
    // The deal passed twice: Cat deals and wins 5 han as the dealer, 6,000, with no counter
    // (003 §11: "the new Oya takes the same number"); and 2 × 100 from each player, Ann too.
    assert_eq!(goulash.hands[2].dealer, "Cat");
    assert_eq!(goulash.hands[2].draws, 2);
    assert_eq!(changes(&goulash.hands[2]), [-200, -6_200, 6_400]);
    let next = play(&format!(
        "{}Ann tsumo: 123p456p789p11s rrr\n",
        record("set han.goulash-per-draw=100\nset game.dealer=\"passes-every-hand\"\n")
    ));
    assert_eq!(next.hands[3].draws, 0, "the goulash is paid once");
}

/// Two wins on one discard: "the next winner" collects the goulash once, the winner who takes
/// the sticks (003 §9.7: "the player who is next in sequence (anticlockwise) to the Oya").
#[test]
fn honshu_goulash_on_a_double_ron() {
    let sheet = play(
        "ruleset sanma-honshu\nplayers Ann Ben Cat\nset han.goulash-per-draw=100\ndraw tenpai Ann\nBen ron Cat: 123p456p789p11s rrr\nand Ann ron Cat: 123p456p789p11s rrr\n",
    );
    let hand = &sheet.hands[1];
    assert_eq!(hand.dealer, "Ann");
    let draws: Vec<u32> = hand.wins.iter().map(|w| w.draws).collect();
    let winners: Vec<&str> = hand.wins.iter().map(|w| w.winner.as_str()).collect();
    assert_eq!(winners, ["Ben", "Ann"]);
    assert_eq!(
        draws,
        [1, 0],
        "Ben, next in sequence to the dealer, takes it"
    );
}

/// `mj3 score` pays the same goulash from `draws=` (one payment code): 5 han by self-draw.
#[test]
fn honshu_goulash_in_a_single_score() {
    let paid = |overrides: &[String]| {
        let rules = mj3::rules::load_with("sanma-honshu", overrides).expect("loads");
        let (_, evaluation) =
            mj3::score_line("123p456p789p11s rrr ron=W seat=S draws=2", &rules).expect("parses");
        let mj3::Evaluation::Complete { score: Some(score) } = evaluation else {
            panic!("a complete hand");
        };
        (
            score.payments.amount(mj3::tile::Seat::East),
            score.notes.iter().any(|n| n.contains("draws=")),
        )
    };
    assert_eq!(paid(&[]), (0, true), "off: draws= is named as not scored");
    assert_eq!(
        paid(&["han.goulash-per-draw=100".to_string()]),
        (-200, false),
        "the non-discarder pays the goulash"
    );
}

// ----- abortive draws (no source; the presets as their platforms play) --------------------

/// `game.abortive-draws`: 003 names none, so `sanma` refuses an `abort` line; Tenhou [T3] and
/// Mahjong Soul [M2] play nine terminals and four kans: nothing is paid, the dealer stays, one
/// counter is added and the riichi sticks stay for the next winner.
#[test]
fn abortive_draws_under_the_presets() {
    let events =
        "abort nine-terminals Ben\nriichi Cat\nabort four-kans\nBen ron Ann: 123p456p789p11s rrr\n";
    for preset in ["sanma-tenhou", "sanma-mahjongsoul"] {
        let sheet = play(&format!("ruleset {preset}\nplayers Ann Ben Cat\n{events}"));
        let flow: Vec<(&str, u32, u32)> = sheet
            .hands
            .iter()
            .map(|h| (h.dealer.as_str(), h.honba, h.sticks))
            .collect();
        assert_eq!(
            flow,
            [("Ann", 0, 0), ("Ann", 1, 0), ("Ann", 2, 1)],
            "{preset}"
        );
        assert_eq!(changes(&sheet.hands[0]), [0, 0, 0], "{preset}");
        assert_eq!(
            changes(&sheet.hands[1]),
            [0, 0, -1_000],
            "{preset}: only the riichi stick goes out"
        );
        let win = &sheet.hands[2].wins[0];
        assert_eq!((win.honba, win.sticks), (2, 1), "{preset}");
    }
    // Tenhou: 3 han 40 fu, 5,200 and two counters of 200, and the stick.
    let tenhou = play(&format!(
        "ruleset sanma-tenhou\nplayers Ann Ben Cat\n{events}"
    ));
    assert_eq!(changes(&tenhou.hands[2]), [-5_600, 6_600, 0]);
}

/// Without the option an abortive draw is an error that names it; with it, `sanma` plays the
/// abort, and refuses what cannot go with it.
#[test]
fn abortive_draws_are_an_option() {
    let sanma = "ruleset sanma\nplayers Ann Ben Cat\n";
    let refused = fails(&format!("{sanma}abort four-kans\n"));
    assert!(
        refused.message.contains("game.abortive-draws"),
        "{}",
        refused.message
    );
    let on = format!("{sanma}set game.abortive-draws=[\"nine-terminals\"]\n");
    let sheet = play(&format!("{on}abort nine-terminals Cat\n"));
    assert_eq!(
        (sheet.hands[0].dealer.as_str(), sheet.hands.len()),
        ("Ann", 1)
    );
    let four = fails(&format!("{on}abort four-kans\n"));
    assert_eq!(four.line, 4);
    let riichi = fails(&format!("{on}riichi Cat\nabort nine-terminals Cat\n"));
    assert!(riichi.message.contains("first draw"), "{}", riichi.message);
    let tenpai = fails(&format!("{on}tenpai Ben\nabort nine-terminals Cat\n"));
    assert_eq!(tenpai.line, 4);
    let nameless = fails(&format!("{on}abort nine-terminals\n"));
    assert!(
        nameless.message.contains("expected"),
        "{}",
        nameless.message
    );
    let korean = fails(
        "ruleset korean\nplayers Ann Ben Cat\nset game.abortive-draws=[\"four-kans\"]\ndraw\n",
    );
    assert_eq!(korean.line, 3, "a han-only key: {}", korean.message);
    // The points system cannot play one, and 003 is not its source to cite.
    let points = fails("ruleset korean\nplayers Ann Ben Cat\nabort four-kans\n");
    assert!(
        points.message.contains("the han systems alone") && !points.message.contains("003"),
        "{}",
        points.message
    );
}

/// An abortive draw's counter is no dealer's win or tenpai draw (003 §11 counts only those):
/// a dealer with eight counters, one of them an abort's, has no paarenchan, and a win without
/// a yaku is refused; with eight tenpai draws it is paid as a yakuman.
#[test]
fn an_abortive_draw_ends_a_paarenchan_run() {
    // A concealed ron with no yaku (a pair wait: no pinfu), as in tests/game.rs.
    const NO_YAKU: &str = "123p456p789s234s11s";
    let record = |first: &str| {
        format!(
            "ruleset sanma\nplayers Ann Ben Cat\nset game.abortive-draws=[\"four-kans\"]\n{first}{}Ann ron Ben: {NO_YAKU}\n",
            "draw tenpai Ann\n".repeat(7)
        )
    };
    let run = play(&record("draw tenpai Ann\n"));
    assert!(run.hands[8].wins[0].summary.contains("paarenchan"));
    let broken = fails(&record("abort four-kans\n"));
    assert!(broken.message.contains("no yaku"), "{}", broken.message);
}
