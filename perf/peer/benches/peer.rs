//! mj3 against the agari crate, in process, on the same riichi sanma hands.
//!
//! Both engines score every hand of `perf/hands/sanma-2000.txt` (parse, validate, every
//! arrangement, best score; no output). The passes alternate (mj3, agari, mj3 with JSON, then
//! the next round in the other order) and the report is the median pass of each, per hand,
//! and mj3's time as a multiple of agari's. `PEER_ROUNDS` sets the number of rounds.
//!
//! Run from `perf/peer`: `cargo bench` (see `docs/performance.md`).

use std::hint::black_box;
use std::time::{Duration, Instant};

use agari::context::{GameContext, WinType};
use agari::hand::{decompose_hand, decompose_hand_with_melds};
use agari::parse::{parse_hand_with_aka, to_counts, validate_hand_with_context};
use agari::rules::Rules;
use agari::scoring::calculate_score;
use agari::tile::{Honor, Suit, Tile};
use agari::yaku::detect_yaku_with_context;
use mj3::{Evaluation, Ruleset, score_line};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../hands/sanma-2000.txt");
const DEFAULT_ROUNDS: usize = 31;

/// One hand in agari's terms: its hand string and the context the notation line gave.
struct AgariHand {
    hand: String,
    win: Tile,
    tsumo: bool,
    riichi: bool,
    ippatsu: bool,
    seat: Honor,
    round: Honor,
    dora_indicators: Vec<Tile>,
    kita: u8,
}

fn honor_of(letter: char) -> Option<Honor> {
    Some(match letter {
        'E' => Honor::East,
        'S' => Honor::South,
        'W' => Honor::West,
        'N' => Honor::North,
        'w' => Honor::White,
        'g' => Honor::Green,
        'r' => Honor::Red,
        _ => return None,
    })
}

fn suit_of(letter: char) -> Option<Suit> {
    Some(match letter {
        'm' => Suit::Man,
        'p' => Suit::Pin,
        's' => Suit::Sou,
        _ => return None,
    })
}

/// One tile in mj3 notation (`7p`, `E`, `w`).
fn tile_of(text: &str) -> Result<Tile, String> {
    let mut chars = text.chars();
    match (chars.next(), chars.next(), chars.next()) {
        (Some(letter), None, None) => honor_of(letter).map(Tile::honor),
        (Some(digit), Some(suit), None) => digit
            .to_digit(10)
            .zip(suit_of(suit))
            .map(|(value, suit)| Tile::suited(suit, value as u8)),
        _ => None,
    }
    .ok_or_else(|| format!("not a tile: `{text}`"))
}

/// Tiles in mj3 notation (`123p789sEEr`) rewritten for agari (`123p789s117z`).
fn agari_tiles(text: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut honors = String::new();
    for letter in text.chars() {
        if let Some(honor) = honor_of(letter) {
            honors.push(char::from(b'1' + honor as u8));
            continue;
        }
        if !(letter.is_ascii_digit() || suit_of(letter).is_some()) {
            return Err(format!("not a tile letter: `{letter}` in `{text}`"));
        }
        if !honors.is_empty() {
            out.push_str(&honors);
            out.push('z');
            honors.clear();
        }
        out.push(letter);
    }
    if !honors.is_empty() {
        out.push_str(&honors);
        out.push('z');
    }
    Ok(out)
}

/// A generated sanma line in mj3 notation, in agari's terms. The brackets swap: mj3 writes an
/// open set `[555p]` and a concealed kong `(5555p)`, agari `(555p)` and `[5555p]`.
fn to_agari(line: &str) -> Result<AgariHand, String> {
    let mut hand = String::new();
    let (mut win, mut tsumo, mut riichi, mut ippatsu) = (None, false, false, false);
    let (mut seat, mut round) = (Honor::East, Honor::East);
    let mut dora_indicators = Vec::new();
    let mut kita = 0;
    let wind = |text: &str| match tile_of(text)? {
        Tile::Honor(honor) => Ok(honor),
        Tile::Suited { .. } => Err(format!("not a wind: `{text}`")),
    };
    for word in line.split_whitespace() {
        if let Some(inner) = word.strip_prefix('[').and_then(|w| w.strip_suffix(']')) {
            hand.push_str(&format!("({})", agari_tiles(inner)?));
        } else if let Some(inner) = word.strip_prefix('(').and_then(|w| w.strip_suffix(')')) {
            hand.push_str(&format!("[{}]", agari_tiles(inner)?));
        } else if let Some(norths) = word.strip_prefix('+') {
            kita += norths.len() as u8;
        } else if let Some(tile) = word.strip_prefix("win=") {
            win = Some(tile_of(tile)?);
        } else if let Some(tile) = word.strip_prefix("seat=") {
            seat = wind(tile)?;
        } else if let Some(tile) = word.strip_prefix("round=") {
            round = wind(tile)?;
        } else if let Some(tiles) = word.strip_prefix("dora=") {
            for tile in tiles.split(',') {
                dora_indicators.push(tile_of(tile)?);
            }
        } else {
            match word {
                "tsumo" => tsumo = true,
                "ron" => tsumo = false,
                "riichi" => riichi = true,
                "ippatsu" => ippatsu = true,
                concealed => hand.insert_str(0, &agari_tiles(concealed)?),
            }
        }
    }
    Ok(AgariHand {
        hand,
        win: win.ok_or("no win= tile")?,
        tsumo,
        riichi,
        ippatsu,
        seat,
        round,
        dora_indicators,
        kita,
    })
}

/// What agari makes of a hand: the best reading's points, han and fu, and whether it has a
/// yaku; `None` when agari rejects the hand. The steps of agari's own command line, without
/// the printing.
fn agari_score(h: &AgariHand) -> Option<(u32, u8, u8, bool)> {
    let parsed = parse_hand_with_aka(&h.hand).ok()?;
    let win_type = if h.tsumo {
        WinType::Tsumo
    } else {
        WinType::Ron
    };
    let mut context = GameContext::new(win_type, h.round, h.seat)
        .with_dora(h.dora_indicators.clone())
        .with_aka(parsed.aka_count)
        .with_nukidora(h.kita)
        .with_rules(Rules::sanma())
        .with_winning_tile(h.win);
    if parsed.called_melds.iter().any(|m| m.meld.is_open()) {
        context = context.open();
    }
    if h.riichi {
        context = context.riichi();
    }
    if h.ippatsu {
        context = context.ippatsu();
    }
    validate_hand_with_context(&parsed, &context).ok()?;
    let counts = to_counts(&parsed.tiles);
    let mut all_tiles = parsed.tiles.clone();
    for called in &parsed.called_melds {
        all_tiles.extend(&called.tiles);
    }
    let all_counts = to_counts(&all_tiles);
    let structures = if parsed.called_melds.is_empty() {
        decompose_hand(&counts)
    } else {
        let melds: Vec<_> = parsed.called_melds.iter().map(|m| m.meld.clone()).collect();
        decompose_hand_with_melds(&counts, &melds)
    };
    structures
        .iter()
        .map(|structure| {
            let yaku = detect_yaku_with_context(structure, &all_counts, &context);
            let score = calculate_score(structure, &yaku, &context);
            (
                score.payment.total,
                score.han,
                score.fu.total,
                !yaku.yaku_list.is_empty(),
            )
        })
        .max_by(|a, b| (a.0, a.1, b.2).cmp(&(b.0, b.1, a.2)))
}

/// What mj3 makes of a line: `None` when it rejects it, else whether it is a legal win.
fn mj3_verdict(line: &str, rules: &Ruleset) -> Option<bool> {
    match score_line(line, rules) {
        Ok((_, Evaluation::Complete { score })) => Some(score.is_some_and(|s| s.verdict.is_win())),
        Ok((_, Evaluation::Waiting { .. })) => Some(false),
        Err(_) => None,
    }
}

/// One timed pass over every hand.
fn pass(run: impl Fn()) -> Duration {
    let start = Instant::now();
    run();
    start.elapsed()
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    // `cargo bench -- <filter>` passes arguments; `--list` and friends expect no output.
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let text = std::fs::read_to_string(CORPUS).expect("the hand corpus is readable");
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let rules = mj3::rules::load("sanma").expect("the shipped sanma ruleset loads");
    let converted: Vec<AgariHand> = lines
        .iter()
        .map(|line| to_agari(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect();

    let mj3_verdicts: Vec<_> = lines.iter().map(|l| mj3_verdict(l, &rules)).collect();
    let mj3_scored = mj3_verdicts.iter().flatten().count();
    let mj3_wins = mj3_verdicts.iter().flatten().filter(|&&win| win).count();
    let agari_results: Vec<_> = converted.iter().map(agari_score).collect();
    let agari_scored = agari_results.iter().flatten().count();
    let agari_with_yaku = agari_results.iter().flatten().filter(|r| r.3).count();
    println!("corpus: {} hands ({CORPUS})", lines.len());
    println!("mj3 scores {mj3_scored} ({mj3_wins} legal wins under its sanma rules)");
    for (line, verdict) in lines.iter().zip(&mj3_verdicts) {
        if verdict.is_none() {
            println!("  mj3 rejects: {line}");
        }
    }
    println!("agari scores {agari_scored} ({agari_with_yaku} with a yaku)");
    for (line, result) in lines.iter().zip(&agari_results) {
        if result.is_none_or(|r| !r.3) {
            println!("  agari rejects or finds no yaku: {line}");
        }
    }

    let rounds = std::env::var("PEER_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(DEFAULT_ROUNDS);
    let run_mj3 = || {
        for line in &lines {
            let _ = black_box(score_line(black_box(line), &rules));
        }
    };
    let run_mj3_json = || {
        for line in &lines {
            if let Ok((hand, evaluation)) = score_line(black_box(line), &rules) {
                black_box(mj3::render::json(None, None, line, &rules, &hand, &evaluation));
            }
        }
    };
    let run_agari = || {
        for hand in &converted {
            black_box(agari_score(black_box(hand)));
        }
    };
    // Warm up caches and the allocator before timing.
    run_mj3();
    run_mj3_json();
    run_agari();
    let (mut mj3, mut mj3_json, mut agari) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds {
        if round % 2 == 0 {
            mj3.push(pass(run_mj3));
            agari.push(pass(run_agari));
            mj3_json.push(pass(run_mj3_json));
        } else {
            mj3_json.push(pass(run_mj3_json));
            agari.push(pass(run_agari));
            mj3.push(pass(run_mj3));
        }
    }
    let per_hand = |d: Duration| d.as_secs_f64() * 1e6 / lines.len() as f64;
    let (mj3, mj3_json, agari) = (median(&mut mj3), median(&mut mj3_json), median(&mut agari));
    println!("medians of {rounds} alternating passes, per hand:");
    println!("  agari        {:8.2} µs", per_hand(agari));
    println!(
        "  mj3          {:8.2} µs   {:.2}× agari",
        per_hand(mj3),
        mj3.as_secs_f64() / agari.as_secs_f64()
    );
    println!(
        "  mj3 + JSON   {:8.2} µs   {:.2}× agari",
        per_hand(mj3_json),
        mj3_json.as_secs_f64() / agari.as_secs_f64()
    );
}
