//! The settings and limits two rulesets are compared on, each in words and in its own unit,
//! `—` where a ruleset's system has no such value.

use super::{ABSENT, Row};
use crate::plural::counted;
use crate::rules::{Class, Ruleset, System, value_read_by};
use crate::tile::{Suit, Tile};

/// One setting: its label, the table and key a ruleset writes it under (whose systems read
/// it), and its value in words.
type Setting = (
    &'static str,
    &'static str,
    &'static str,
    fn(&Ruleset) -> String,
);

/// The settings compared, in the order they are shown.
const SETTINGS: &[Setting] = &[
    ("Tiles in play", "tiles", "", playing_tiles),
    ("Red fives", "tiles", "", red_fives),
    ("North set aside as kita (+N)", "tiles", "", |r| {
        yes_no(r.tiles.kita)
    }),
    ("Flowers", "tiles", "", |r| r.tiles.flowers.to_string()),
    ("Seasons", "tiles", "", |r| r.tiles.seasons.to_string()),
    ("Faces", "tiles", "", |r| r.tiles.faces.to_string()),
    ("Animals", "tiles", "", |r| r.tiles.animals.to_string()),
    ("Jokers", "tiles", "", |r| r.tiles.jokers.to_string()),
    ("Chows may be melded", "tiles", "", |r| {
        yes_no(r.tiles.melded_chows)
    }),
    ("Minimum to win", "scoring", "minimum", |r| match r.system {
        System::Fan => Class::Fan.worth(r.minimum),
        _ => Class::HandPoint.worth(r.minimum),
    }),
    ("Full limit", "scoring", "limit", |r| {
        counted(r.points.limit, "point", "points")
    }),
    ("Half limit", "scoring", "half-limit", |r| {
        counted(r.points.half_limit, "point", "points")
    }),
    (
        "Limit hands only concealed",
        "scoring",
        "limit-hands-concealed-only",
        |r| yes_no(r.points.limit_hands_concealed_only),
    ),
    ("Payment", "payment", "mode", |r| {
        word(&r.points.payment_mode)
    }),
    (
        "Who pays the bonus on a discard",
        "payment",
        "discard-bonus",
        |r| word(&r.points.discard_bonus),
    ),
    (
        "Paid per drawn hand before (goulash)",
        "payment",
        "goulash-per-draw",
        |r| amount(r.points.goulash_per_draw),
    ),
    (
        "A waiting opponent pays less by",
        "payment",
        "waiting-discount",
        |r| amount(r.points.waiting_discount),
    ),
    ("Most fan counted", "fan", "cap", |r| {
        format!("{} fan", r.fan.cap)
    }),
    ("Points for winning", "fan", "base-points", |r| {
        amount(r.fan.base_points)
    }),
    ("Points per fan", "fan", "points-per-fan", |r| {
        amount(r.fan.points_per_fan)
    }),
    ("Self-draw: each pays", "fan", "self-draw-multiplier", |r| {
        format!("{}×", r.fan.self_draw_multiplier)
    }),
    (
        "Discard: the discarder pays",
        "fan",
        "discarder-multiplier",
        |r| format!("{}×", r.fan.discarder_multiplier),
    ),
    ("Discard: the other pays", "fan", "other-multiplier", |r| {
        format!("{}×", r.fan.other_multiplier)
    }),
    ("Concealed kong: each pays", "fan", "concealed-kong", |r| {
        amount(r.fan.concealed_kong)
    }),
    ("Open kong: each pays", "fan", "open-kong", |r| {
        amount(r.fan.open_kong)
    }),
    (
        "Full bonus set dealt: each pays",
        "fan",
        "full-set-dealt",
        |r| amount(r.fan.full_set_dealt),
    ),
    (
        "Full bonus set drawn: each pays",
        "fan",
        "full-set-drawn",
        |r| amount(r.fan.full_set_drawn),
    ),
    ("Fly tile (joker) bonus", "fan", "fly-bonus", |r| {
        amount(r.fan.fly_bonus)
    }),
    ("Counter (honba) on a ron", "han", "honba-ron", |r| {
        amount(r.han.honba_ron)
    }),
    (
        "Counter (honba) on a tsumo, each",
        "han",
        "honba-tsumo",
        |r| amount(r.han.honba_tsumo),
    ),
    ("Riichi stick", "han", "riichi-stick", |r| {
        amount(r.han.riichi_stick)
    }),
    (
        "Goulash per drawn hand before, each pays",
        "han",
        "goulash-per-draw",
        |r| amount(r.han.goulash_per_draw),
    ),
    (
        "Two yaku needed from counter",
        "han",
        "ryanshi-honba",
        |r| match r.han.ryanshi_honba {
            0 => "never".into(),
            n => n.to_string(),
        },
    ),
    ("Paarenchan at counter", "han", "paarenchan-honba", |r| {
        r.han.paarenchan_honba.to_string()
    }),
    ("Printed payment table", "han", "table", |r| {
        let rows = &r.han.table;
        match (rows.first(), rows.last()) {
            (Some(low), Some(high)) => format!(
                "{} from {} to {} ({} ron by a non-dealer)",
                counted(rows.len() as u64, "row", "rows"),
                low.name,
                high.name,
                high.ron_ko
            ),
            _ => "none".into(),
        }
    }),
];

/// `yes` or `no`.
fn yes_no(on: bool) -> String {
    if on { "yes" } else { "no" }.to_string()
}

/// The red fives in play (`0p 0s`; `none` without the `red-dora` option).
pub(super) fn red_fives(r: &Ruleset) -> String {
    let reds: Vec<&str> = r
        .tiles
        .red_fives
        .iter()
        .map(|suit| suit.red_five())
        .collect();
    if reds.is_empty() {
        "none".into()
    } else {
        reds.join(" ")
    }
}

/// A value as its ruleset word (`double-hand-points`, `han-fu`).
pub(super) fn word<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(word)) => word,
        Ok(other) => other.to_string(),
        Err(_) => ABSENT.to_string(),
    }
}

/// The tiles in play by suit (`characters 1 9, circles 1-9, …, honours ESWNwgr`).
fn playing_tiles(r: &Ruleset) -> String {
    let mut parts: Vec<String> = Vec::new();
    for suit in Suit::ALL {
        let numbers: Vec<u8> = (1..=9)
            .filter(|&n| Tile::numbered(suit, n).is_some_and(|t| r.tiles.copies(t) > 0))
            .collect();
        let shown = match numbers.as_slice() {
            [] => "none".to_string(),
            [first, .., last] if usize::from(last - first) + 1 == numbers.len() => {
                format!("{first}-{last}")
            }
            _ => numbers
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        };
        parts.push(format!("{} {shown}", suit.name()));
    }
    let honours: String = Tile::all()
        .filter(|t| t.is_honour() && r.tiles.copies(*t) > 0)
        .map(|t| t.to_string())
        .collect();
    parts.push(format!(
        "honours {}",
        if honours.is_empty() { "none" } else { &honours }
    ));
    parts.join(", ")
}

/// The settings on which `a` and `b` differ, each `—` where its system has no such value.
pub(super) fn settings(a: &Ruleset, b: &Ruleset) -> Vec<Row> {
    let value = |r: &Ruleset, (_, table, key, get): &Setting| {
        let read = key.is_empty()
            || value_read_by(table, key).is_none_or(|systems| systems.contains(&r.system));
        if read { get(r) } else { ABSENT.to_string() }
    };
    SETTINGS
        .iter()
        .filter_map(|setting| {
            let (first, second) = (value(a, setting), value(b, setting));
            (first != second).then(|| Row {
                label: setting.0.to_string(),
                first,
                second,
            })
        })
        .collect()
}

/// The `[game]` keys on which `a` and `b` differ, each labelled as a ruleset file writes it
/// (`game.pao-ron`), `—` where the ruleset's system does not read the key.
pub(super) fn game(a: &Ruleset, b: &Ruleset) -> Vec<Row> {
    let systems = [a.system, b.system];
    let column = |r: &Ruleset| -> Vec<(&'static str, String)> {
        let read = r.game.settings(r.system);
        r.game
            .settings_read_by(&systems)
            .into_iter()
            .map(|(key, value)| match read.iter().any(|(k, _)| *k == key) {
                true => (key, value),
                false => (key, ABSENT.to_string()),
            })
            .collect()
    };
    column(a)
        .into_iter()
        .zip(column(b))
        .filter(|((_, first), (_, second))| first != second)
        .map(|((key, first), (_, second))| Row {
            label: format!("game.{key}"),
            first,
            second,
        })
        .collect()
}

/// An amount as every view writes it (`1,000`).
fn amount(n: impl Into<i64>) -> String {
    crate::amount::written(n.into())
}
