//! The per-hand JSON written by `render::json` (directly, by `json_writer`) is byte for byte
//! what serde_json writes for the derived `render::Report`: on every case line of
//! `tests/cases/*.txt` under its ruleset (with its `@KEY=VALUE` overrides) and on generated
//! winning and waiting hands of every shipped ruleset, with and without jokers; and so is
//! the evaluation alone (`batch --csv` reads it back).

#[path = "common/case_files.rs"]
mod case_files;
use case_files::case_lines;
use mj3::json_writer::WriteJson as _;
use mj3::render::{Report, json};
use mj3::{Ruleset, rules, score_line};

/// File names for the `file` field, one needing escapes.
const FILES: [Option<&str>; 3] = [None, Some("hands.txt"), Some("odd \"name\"\\\t\u{1}§.txt")];

/// Scores `line` and compares the two writers with a few `file` and `line` fields; returns
/// the JSON written, or `None` when the line is refused (errors are not reports).
fn same_bytes(line: &str, rules: &Ruleset, number: usize) -> Option<String> {
    let (hand, evaluation) = score_line(line, rules).ok()?;
    for file in FILES {
        for at in [None, Some(number)] {
            let report = Report::new(file, at, line, rules, &hand, &evaluation);
            let by_serde = serde_json::to_string(&report).expect("a report serializes");
            let direct = json(file, at, line, rules, &hand, &evaluation);
            assert_eq!(direct, by_serde, "{} line {number}: {line}", rules.name);
        }
    }
    let mut alone = String::new();
    evaluation.write_json(&mut alone);
    let by_serde = serde_json::to_string(&evaluation).expect("an evaluation serializes");
    assert_eq!(alone, by_serde, "{}: {line}", rules.name);
    Some(json(None, None, line, rules, &hand, &evaluation))
}

/// The shapes a report can take that the generated lines must reach, as they appear in it.
const SHAPES: &[&str] = &[
    "\"kind\":\"complete\",\"score\":{",
    "\"kind\":\"complete\",\"score\":null",
    "\"kind\":\"waiting\"",
    "\"jokers\":[",
    "\"discarder\":null",
    "\"ruleset_changes\":",
    "\"system\":\"points\"",
    "\"system\":\"fan\"",
    "\"system\":\"han-fu\"",
    "\"system\":\"han-table\"",
    "\"verdict\":{\"kind\":\"win\"}",
    "\"verdict\":{\"kind\":\"below-minimum\"",
    "\"verdict\":{\"kind\":\"no-yaku\"}",
    "\"limit\":\"",
    "\"superseded\":[{",
];

#[test]
fn every_case_line_writes_the_same_json_as_serde() {
    let mut scored = 0;
    for case in case_lines() {
        let (Some(ruleset), Some((hand, checks))) = (&case.ruleset, case.text.split_once(" | "))
        else {
            continue;
        };
        // `@KEY=VALUE` overrides may stand with the hand or with the checks.
        let overrides: Vec<String> = hand
            .split_whitespace()
            .chain(checks.split_whitespace())
            .filter_map(|w| w.strip_prefix('@'))
            .map(str::to_string)
            .collect();
        let hand_words: Vec<&str> = hand
            .split_whitespace()
            .filter(|w| !w.starts_with('@'))
            .collect();
        let hand = hand_words.join(" ");
        let Ok(rules) = rules::load_with(ruleset, &overrides) else {
            continue;
        };
        scored += usize::from(same_bytes(&hand, &rules, case.number).is_some());
    }
    assert!(scored > 100, "only {scored} case lines scored");
}

/// A small deterministic generator (xorshift), so the generated lines are the same each run.
struct Draw(u64);

impl Draw {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[self.below(from.len())]
    }
}

/// `copies` of `tile` in compact notation: `555p`, `EEE`.
fn spelled(tile: &str, copies: usize) -> String {
    match tile.split_at_checked(1) {
        Some((number, suit)) if !suit.is_empty() => format!("{}{suit}", number.repeat(copies)),
        _ => tile.repeat(copies),
    }
}

/// A random hand line for `ruleset`: four sets and a pair (some declared), sometimes seven
/// pairs, sometimes one tile short (waiting), with jokers under `malaysian`, and context words.
fn generated_line(ruleset: &str, draw: &mut Draw) -> String {
    let sanma = ruleset.starts_with("sanma");
    let suits: &[char] = match ruleset {
        "malaysian" => &['p'],
        r if r.starts_with("korean") => &['m', 'p'],
        _ => &['p', 's'],
    };
    let honours = if ruleset.starts_with("korean") {
        "ESWwgr"
    } else {
        "ESWNwgr"
    };
    let mut tiles: Vec<String> = suits
        .iter()
        .flat_map(|s| (1..=9).map(move |n| format!("{n}{s}")))
        .collect();
    tiles.extend(honours.chars().map(String::from));
    let tile = |draw: &mut Draw| tiles[draw.below(tiles.len())].clone();
    let mut groups: Vec<String> = Vec::new();
    for _ in 0..4 {
        let kind = draw.below(10);
        if kind < 4 {
            let suit = suits[draw.below(suits.len())];
            let low = 1 + draw.below(7);
            let chow = format!("{}{}{}{suit}", low, low + 1, low + 2);
            let declared = !sanma && draw.chance(20);
            groups.push(if declared { format!("[{chow}]") } else { chow });
        } else {
            let t = tile(draw);
            let copies = if kind == 9 { 4 } else { 3 };
            let set = spelled(&t, copies);
            groups.push(match (copies, draw.below(3)) {
                (4, 0) => format!("({set})"),
                (_, 0) => format!("[{set}]"),
                _ => set,
            });
        }
    }
    groups.push(spelled(&tile(draw), 2));
    if draw.chance(5) {
        groups = (0..7).map(|_| spelled(&tile(draw), 2)).collect();
    }
    let concealed: Vec<usize> = (0..groups.len())
        .filter(|&i| !groups[i].starts_with(['[', '(']))
        .collect();
    let mut jokers = 0;
    if ruleset == "malaysian" && draw.chance(40) && !concealed.is_empty() {
        jokers = 1 + draw.below(2);
        for _ in 0..jokers {
            let at = concealed[draw.below(concealed.len())];
            if let Some(cut) = groups[at].find(|c: char| c.is_ascii_digit() || honours.contains(c))
            {
                groups[at].remove(cut);
                groups[at].push('J');
            }
        }
    }
    // One tile short: a waiting hand (fewer with jokers, whose waits multiply the work).
    if draw.chance(if jokers > 0 { 10 } else { 25 }) && !concealed.is_empty() {
        let at = concealed[draw.below(concealed.len())];
        if let Some(cut) = groups[at].find(|c: char| c.is_ascii_digit() || honours.contains(c)) {
            groups[at].remove(cut);
        }
    }
    let mut words = groups;
    words.push(
        draw.pick(&["tsumo", "ron", "ron=S", "ron=W", ""])
            .to_string(),
    );
    for (word, percent) in [("riichi", 30), ("last", 5), ("first", 3)] {
        if draw.chance(percent) {
            words.push(word.to_string());
        }
    }
    if draw.chance(50) {
        words.push(format!("seat={}", draw.pick(&["E", "S", "W"])));
    }
    if draw.chance(30) {
        words.push(format!("round={}", draw.pick(&["E", "S", "W", "N"])));
    }
    if sanma {
        if draw.chance(40) {
            words.push(format!("dora={}", tile(draw)));
        }
        if draw.chance(25) {
            words.push(format!("+{}", "N".repeat(1 + draw.below(3))));
        }
        if draw.chance(10) {
            words.push(format!("honba={}", draw.below(5)));
        }
    }
    if ruleset == "malaysian" && draw.chance(50) {
        words.push(format!("+{}", draw.pick(&["f1", "f2h1", "a3", "f4a1h2"])));
    }
    if ruleset.starts_with("korean") && draw.chance(20) {
        words.push(format!("+f{}", 1 + draw.below(4)));
    }
    words.retain(|w| !w.is_empty());
    words.join(" ")
}

#[test]
fn generated_lines_write_the_same_json_as_serde() {
    let mut draw = Draw(0x9e37_79b9_7f4a_7c15);
    let mut unseen = SHAPES.to_vec();
    for name in rules::shipped_names() {
        let rules = rules::load(name).expect("a shipped ruleset loads");
        let changed = rules::load_with(name, &["title=\"a \\\"quoted\\\" title\"".to_string()])
            .expect("a title can be set");
        let mut scored = 0;
        for number in 1..=120 {
            let line = generated_line(name, &mut draw);
            let reports = [
                same_bytes(&line, &rules, number),
                same_bytes(&line, &changed, number),
            ];
            scored += usize::from(reports[0].is_some());
            for report in reports.iter().flatten() {
                unseen.retain(|shape| !report.contains(shape));
            }
        }
        assert!(scored > 30, "{name}: only {scored} generated lines scored");
    }
    assert!(unseen.is_empty(), "no generated line gives {unseen:?}");
}
