//! Hand-worked shanten cases for the winning shapes of the Korean, Honshū and Malaysian
//! rulesets, each checked against the rule text it comes from (`../shared/seeds/`), and the
//! analysis of a hand with no winning shape through the library's public API.

use mj3::hand::ValidHand;
use mj3::rules::{self, Ruleset};
use mj3::shanten::{self, Shanten, Unready};
use mj3::{Evaluation, score_line};

fn load(name: &str) -> Ruleset {
    rules::load(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn scored(line: &str, rules: &Ruleset) -> (ValidHand, Evaluation) {
    score_line(line, rules).unwrap_or_else(|e| panic!("{line}: {e}"))
}

fn hand_shanten(line: &str, rules: &Ruleset) -> Option<Shanten> {
    let (hand, _) = scored(line, rules);
    let hand = match &hand {
        ValidHand::Complete(hand) => hand,
        ValidHand::Waiting(waiting) => &waiting.base,
    };
    shanten::shanten(hand, rules)
}

fn analysis(line: &str, rules: &Ruleset) -> Unready {
    let (hand, evaluation) = scored(line, rules);
    shanten::analyse(&hand, &evaluation, rules).unwrap_or_else(|| panic!("{line} is unready"))
}

fn tiles(draws: &[shanten::Draw]) -> Vec<&str> {
    draws.iter().map(|d| d.tile.as_str()).collect()
}

/// 000 §Full limit: "Thirteen orphans (1 and 9 of each suit, one of each dragon, one of each
/// wind and a pong of any one of these elements)" — with North removed (000 §Tiles), twelve
/// kinds and a pong of one of them.
#[test]
fn korean_thirteen_orphans_is_twelve_kinds_and_a_pong() {
    let korean = load("korean");
    // Twelve kinds, 1m twice: the third 1m completes it.
    assert_eq!(hand_shanten("119m19p19s ESWwgr", &korean), Some(0));
    let (hand, evaluation) = scored("119m19p19s ESWwgr", &korean);
    let Evaluation::Waiting { waits } = &evaluation else {
        panic!("13 tiles wait")
    };
    assert_eq!(
        waits.iter().map(|w| w.tile.as_str()).collect::<Vec<_>>(),
        ["1m"]
    );
    assert!(shanten::analyse(&hand, &evaluation, &korean).is_none());
    // Twelve singles and a 5p: any orphan drawn makes the pair that becomes the pong.
    let unready = analysis("19m19p19s ESWwgr 5p", &korean);
    assert_eq!(unready.shanten, Some(1));
    assert_eq!(
        tiles(&unready.useful),
        [
            "1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "w", "g", "r"
        ]
    );
    assert_eq!(unready.useful_count, 36);
    // 002 (korean-lite) scores no thirteen orphans, so the shape is not there: seven pairs
    // from thirteen singles is six tiles away.
    assert_eq!(
        hand_shanten("19m19p19s ESWwgr 5p", &load("korean-lite")),
        Some(6)
    );
}

/// 000 §Hand-points based on the complete hand: "3 points for having 7 pairs (special hand
/// consisting of seven different pairs)"; four of a kind is not two of them.
#[test]
fn korean_seven_pairs_are_different_pairs() {
    let korean = load("korean");
    assert_eq!(hand_shanten("1199m1199p EEww g", &korean), Some(0));
    // Without seven pairs the same tiles are four pongs away from a pong each.
    let off =
        rules::load_with("korean", &["criteria.seven-pairs.enabled=false".into()]).expect("loads");
    assert_eq!(hand_shanten("1199m1199p EEww g", &off), Some(3));
    // 1111p counts once: five pairs, g, and a seventh kind still to find (two pairs would
    // make it ready).
    assert_eq!(hand_shanten("1111p99m EEwwg 11s", &korean), Some(2));
}

/// 000 §Honshū: "Tiles 2 through 8 are removed from the character suit"; "Kokushi musou
/// (Thirteen orphans)"; "The North wind also acts as a dora (Pei-dora) when it is exposed and
/// set aside".
#[test]
fn honshu_thirteen_orphans_waits_on_what_is_left_of_each_kind() {
    let honshu = load("sanma-honshu");
    // Thirteen different orphans: ready on all thirteen, three copies of each unseen.
    let (hand, _) = scored("19m19p19s ESWNwgr", &honshu);
    let ValidHand::Waiting(_) = hand else {
        panic!("13 tiles")
    };
    assert_eq!(hand_shanten("19m19p19s ESWNwgr", &honshu), Some(0));
    // A North set aside as kita is not in the hand: the North is what is lacking.
    assert_eq!(hand_shanten("19m19p19s ESWwgr 1m +N", &honshu), Some(0));
    // Every North set aside: no thirteen orphans any more; seven pairs needs six more tiles.
    let unready = analysis("19m19p19s ESWwgr 1m +NNNN", &honshu);
    assert_eq!(unready.shanten, Some(5));
    assert!(unready.useful.iter().all(|d| d.tile != "N"));
    // 1m and 9m form no run: 11m 9m and 1s beside three runs are one tile from ready, and
    // no 2m to 8m is ever a useful draw.
    let unready = analysis("119m123456789p1s", &honshu);
    assert_eq!(unready.shanten, Some(1));
    assert_eq!(
        tiles(&unready.useful),
        ["1m", "9m", "1s", "2s", "3s"],
        "a pong of 1m or a pair of 9m or 1s, or a run from 1s"
    );
}

/// 000 §Malaysia: "played with only circles and honours, ... and jokers ("fly" (飛)
/// tiles)"; "Seven pairs: 1". A joker stands for any tile in play (never a fifth copy unless
/// `jokers-beyond-copies`).
#[test]
fn malaysian_jokers_fill_sets_and_pairs() {
    let malaysian = load("malaysian");
    // Five pairs, two singles and a joker: the joker pairs one single, a draw the other.
    assert_eq!(hand_shanten("1199p EEwwSS g r J", &malaysian), Some(0));
    assert_eq!(hand_shanten("1199p EEwwSS g 5p J", &malaysian), Some(0));
    // Without the joker, two singles: one from ready.
    let unready = analysis("1199p EEwwSS g 5p 7p", &malaysian);
    assert_eq!(unready.shanten, Some(1));
    // No thirteen orphans: 1p, 9p and seven honours are nine kinds, and the shape is not
    // scored (000 §Malaysia lists none).
    assert_eq!(unready.shapes, "four sets and an eye, seven pairs");
    // 123456p, four Easts, ww and a joker: the joker may not be a fifth East.
    assert_eq!(hand_shanten("123456p EEEE ww J", &malaysian), Some(1));
}

#[test]
fn fourteen_tiles_list_every_discard_best_first_with_its_waits() {
    let sanma = load("sanma");
    let unready = analysis("1111333p999m7s SSS", &sanma);
    assert_eq!(unready.tiles, 14);
    assert_eq!(unready.shanten, Some(0));
    let order: Vec<&str> = unready.discards.iter().map(|d| d.tile.as_str()).collect();
    assert_eq!(order, ["7s", "1p", "9m", "S", "3p"]);
    let first = &unready.discards[0];
    assert_eq!((first.useful_count, first.waits.len()), (4, 1));
    // Discarding 1p leaves a wait on 7s for four concealed pongs: the discard worth most.
    let suuankou = &unready.discards[1];
    assert_eq!(suuankou.best_received, Some(48000));
    assert!(unready.discards[2].waits.is_empty());
}

mod never_panics {
    use mj3::render::{Style, unready};
    use mj3::{rules, score_line, shanten};
    use proptest::prelude::*;

    /// Tiles (a joker among them), declared sets, and what changes the copies seen: kita,
    /// indicators, discards; so that many lines are unready and a few see every copy of a
    /// kind.
    const TILES: &[&str] = &[
        "1m", "9m", "1p", "2p", "3p", "5p", "7p", "9p", "1s", "4s", "5s", "9s", "E", "S", "W", "N",
        "w", "g", "r", "J",
    ];
    const SETS: &[&str] = &["[EEE]", "[9999p]", "(1111s)", "[123p]", "[555p]"];
    const EXTRAS: &[&str] = &["+N", "+NN", "discards=5p,5p", "dora=9s", "tsumo", "ron=S"];

    fn line() -> impl Strategy<Value = String> {
        (0..=2usize, 13..=14usize)
            .prop_flat_map(|(sets, size)| {
                (
                    prop::collection::vec(prop::sample::select(SETS), sets),
                    prop::collection::vec(prop::sample::select(TILES), size - 3 * sets),
                    prop::collection::vec(prop::sample::select(EXTRAS), 0..3),
                )
            })
            .prop_map(|(sets, tiles, extras)| {
                format!("{} {} {}", tiles.concat(), sets.join(" "), extras.join(" "))
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1500))]

        /// Whatever the line, an unready hand's analysis and its text and JSON are made
        /// without a panic, and a 14-tile hand lists each distinct concealed tile once.
        #[test]
        fn analysing_never_panics(line in line()) {
            for name in ["sanma", "korean", "malaysian", "sanma-honshu"] {
                let rules = rules::load(name).expect("shipped");
                let Ok((hand, evaluation)) = score_line(&line, &rules) else { continue };
                let Some(analysis) = shanten::analyse(&hand, &evaluation, &rules) else {
                    continue;
                };
                let style = Style { width: Some(60), ..Style::default() };
                prop_assert!(!unready::text(&analysis, style).is_empty());
                let json = unready::record(None, &line, &rules, &hand, &evaluation)?;
                prop_assert!(json.contains("\"unready\""));
                let mut tiles: Vec<&str> = analysis.discards.iter().map(|d| d.tile.as_str()).collect();
                let listed = tiles.len();
                tiles.sort_unstable();
                tiles.dedup();
                prop_assert_eq!(tiles.len(), listed);
            }
        }
    }
}
