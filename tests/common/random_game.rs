//! Random valid game records, from a seed: riichi declarations, wins by tsumo and ron, two
//! claims on one discard, pao, exhaustive draws with tenpai players and nagashi mangan,
//! chombo, on-the-spot kongs and corrections, with hands that are legal in any seat, round
//! and count of counters. Used by the property tests and the game benchmark.

#![allow(dead_code)]

use std::fmt::Write as _;

/// The players of every random game.
pub const PLAYERS: [&str; 3] = ["Ann", "Ben", "Cat"];

/// The shipped rulesets a random game may be played under.
pub const RULESETS: [&str; 7] = [
    "sanma",
    "sanma-tenhou",
    "sanma-mahjongsoul",
    "sanma-honshu",
    "korean",
    "korean-lite",
    "malaysian",
];

/// A small deterministic generator (xorshift64*).
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (any value).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True once in `n` times.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
}

/// A winning hand legal for any seat and round under `ruleset`, and a big three dragons
/// hand (with its three sets exposed, for pao).
fn hands(ruleset: &str) -> (&'static str, &'static str) {
    match ruleset {
        "korean" | "korean-lite" => ("123p456m999s rrr EE", "[www] [ggg] [rrr] 123p 55p"),
        "malaysian" => ("123p456p789p EEE ww", "[www] [ggg] [rrr] 123p 55p"),
        _ => ("234p567p678s88s234s", "[www] [ggg] [rrr] 123p 55s"),
    }
}

/// A random record of `hands` hands under `ruleset` that never ends by itself (no fixed
/// length, nobody busts) and that every ruleset accepts line by line.
pub fn record(ruleset: &str, hand_count: usize, seed: u64) -> String {
    record_with(ruleset, hand_count, seed, true)
}

/// [`record`], with or without liable players (whose yakuman swing the scores widely: a long
/// game without them keeps every player above the 1,000 points a riichi needs).
pub fn record_with(ruleset: &str, hand_count: usize, seed: u64, with_pao: bool) -> String {
    let mut rng = Rng::new(seed);
    let han = ruleset.starts_with("sanma");
    let fan = ruleset == "malaysian";
    let pao = with_pao
        && matches!(
            ruleset,
            "sanma" | "sanma-tenhou" | "sanma-mahjongsoul" | "malaysian"
        );
    let nagashi = matches!(ruleset, "sanma-tenhou" | "sanma-mahjongsoul");
    let (plain, dragons) = hands(ruleset);
    let mut out = format!(
        "ruleset {ruleset}\nplayers Ann Ben Cat\nset game.rounds=0\nset game.bust=\"never\"\nset game.starting-points=1000000\nset game.target-points=1000000\n"
    );
    let player = |rng: &mut Rng| PLAYERS[rng.below(3)];
    for _ in 0..hand_count {
        if rng.one_in(25) {
            let (a, b) = two(&mut rng);
            let amount = 100 * (1 + rng.below(50));
            let _ = writeln!(out, "correct {a} +{amount} {b} -{amount}");
        }
        // Who declared riichi this hand: such a winner's hand is concealed (a claimed set
        // after riichi is refused, 003 §12 Riichi).
        let mut declared = Vec::new();
        if !fan {
            for name in PLAYERS {
                if rng.one_in(if han { 4 } else { 8 }) {
                    let _ = writeln!(out, "riichi {name}");
                    declared.push(name);
                }
            }
        } else if rng.one_in(5) {
            let tile = ["1p", "5p", "9p", "E", "w"][rng.below(5)];
            let (a, b) = two(&mut rng);
            let how = match rng.below(3) {
                0 => "concealed".to_string(),
                1 => format!("from {b}"),
                _ => "promoted".to_string(),
            };
            let _ = writeln!(out, "kong {a} {tile} {how}");
        }
        match rng.below(100) {
            0..35 => {
                let winner = player(&mut rng);
                let pao = pao && !declared.contains(&winner);
                let (hand, liable) = pick_hand(&mut rng, pao, plain, dragons, winner);
                let _ = writeln!(out, "{winner} tsumo{liable}: {hand}");
            }
            35..65 => {
                let (winner, from) = two(&mut rng);
                let pao = pao && !declared.contains(&winner);
                let (hand, liable) = pick_hand(&mut rng, pao, plain, dragons, winner);
                let _ = writeln!(out, "{winner} ron {from}{liable}: {hand}");
            }
            65..75 => {
                let (winner, from) = two(&mut rng);
                let other = PLAYERS
                    .into_iter()
                    .find(|p| *p != winner && *p != from)
                    .unwrap_or(winner);
                let _ = writeln!(
                    out,
                    "{winner} ron {from}: {plain}\nand {other} ron {from}: {plain}"
                );
            }
            75..90 => {
                let mut line = String::from("draw");
                if han {
                    if nagashi && rng.one_in(8) {
                        let _ = writeln!(out, "nagashi {}", player(&mut rng));
                    }
                    let tenpai: Vec<&str> = PLAYERS.into_iter().filter(|_| rng.one_in(2)).collect();
                    if !tenpai.is_empty() {
                        line.push_str(" tenpai ");
                        line.push_str(&tenpai.join(" "));
                    }
                }
                let _ = writeln!(out, "{line}");
            }
            _ => {
                let _ = writeln!(out, "chombo {}", player(&mut rng));
            }
        }
    }
    out
}

/// Two different players.
fn two(rng: &mut Rng) -> (&'static str, &'static str) {
    let a = rng.below(3);
    let b = (a + 1 + rng.below(2)) % 3;
    (PLAYERS[a], PLAYERS[b])
}

/// The plain hand, or now and then the dragons with a liable player other than the winner.
fn pick_hand(
    rng: &mut Rng,
    pao: bool,
    plain: &'static str,
    dragons: &'static str,
    winner: &str,
) -> (&'static str, String) {
    if pao && rng.one_in(6) {
        let liable = PLAYERS
            .into_iter()
            .filter(|p| *p != winner)
            .nth(rng.below(2))
            .unwrap_or("Ann");
        (dragons, format!(" pao {liable}"))
    } else {
        (plain, String::new())
    }
}
