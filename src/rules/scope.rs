//! Which scoring system reads which value: an `[options]` key, a `[scoring]` or `[payment]`
//! points value, a `[fan]` or a `[han]` value. A layer that sets one its ruleset's system
//! never reads is an error naming the system, so that `--rules korean --set
//! options.kuitan=true` is refused rather than ignored. The options declare their readers in
//! the `optional_rules!` table (`options.rs`); the tables' values are declared here.

use serde::Serialize;

use super::error::KeyPath;
use super::schema::RulesetFile;
use super::system::System;

const POINTS: &[System] = &[System::Points];
const POINTS_AND_FAN: &[System] = &[System::Points, System::Fan];
const FAN: &[System] = &[System::Fan];
const HAN: &[System] = &[System::HanFu, System::HanTable];
const HAN_TABLE: &[System] = &[System::HanTable];

/// The systems that read `table.key` of the value tables; `None` for a key every system
/// reads (`scoring.system`) or a table that is not scoped (`[tiles]`, `[criteria.ID]`).
pub fn value_read_by(table: &str, key: &str) -> Option<&'static [System]> {
    match (table, key) {
        ("scoring", "system") => None,
        // The fan system's minimum is counted in fan (000 §Malaysia: "must be worth 5 fan").
        ("scoring", "minimum") => Some(POINTS_AND_FAN),
        ("scoring" | "payment", _) => Some(POINTS),
        ("fan", _) => Some(FAN),
        ("han", "table") => Some(HAN_TABLE),
        ("han", _) => Some(HAN),
        ("game", key) => Some(super::game::setting(key).map_or(System::ALL, |s| s.read_by)),
        _ => None,
    }
}

/// Every scoped key a layer sets, with the systems that read it: its options, the values of
/// its `[scoring]`, `[payment]`, `[fan]` and `[han]` tables, and each option a criterion's
/// `when` names (key `criteria.ID.when.OPTION`).
pub(super) fn scoped_keys(file: &RulesetFile) -> Vec<(KeyPath, &'static [System])> {
    let mut keys = Vec::new();
    for option in file.options.iter().flat_map(|o| o.named()) {
        keys.push((KeyPath::new(["options", &option.key()]), option.read_by()));
    }
    let tables = [
        ("scoring", table_keys(&file.scoring)),
        ("payment", table_keys(&file.payment)),
        ("fan", table_keys(&file.fan)),
        ("han", table_keys(&file.han)),
        ("game", table_keys(&file.game)),
    ];
    for (table, names) in tables {
        for key in names {
            if let Some(read_by) = value_read_by(table, &key) {
                keys.push((KeyPath::new([table, &key]), read_by));
            }
        }
    }
    for (id, criterion) in &file.criteria {
        for option in criterion.when.iter().flatten() {
            let path = KeyPath::new(["criteria", id, "when", &option.key()]);
            keys.push((path, option.read_by()));
        }
    }
    keys
}

/// The keys a table sets (its `None` fields are left out when serialised).
fn table_keys<T: Serialize>(table: &Option<T>) -> Vec<String> {
    let Some(table) = table else {
        return Vec::new();
    };
    match toml::Table::try_from(table) {
        Ok(table) => table.keys().cloned().collect(),
        Err(_) => Vec::new(),
    }
}
