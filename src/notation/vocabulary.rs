//! The context vocabulary: every context word and `key=value` the notation knows, in one
//! table. The parser reads a name through it, the errors take their suggestions and
//! examples from it, and validation and evaluation ask it which scoring systems read what
//! was written.

use super::tiles::honour_tile;
use crate::diagnostic::nearest_name;

/// A scoring system family that reads a context entry itself (criteria that read it aside).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    /// The han-counting systems (han-fu and the han table).
    Han,
    /// The points system, through its payments.
    Points,
    /// The fan system.
    Fan,
}

/// Where a context entry's value is kept in [`super::ContextInput`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// `win_method`: `tsumo`, `ron`, `ron=S`.
    WinMethod,
    /// `seat`.
    Seat,
    /// `round`.
    Round,
    /// `riichi`.
    Riichi,
    /// `double_riichi`.
    DoubleRiichi,
    /// `ippatsu`.
    Ippatsu,
    /// `last`.
    Last,
    /// `replacement`.
    Replacement,
    /// `robbed`.
    Robbed,
    /// `first`.
    First,
    /// `double_replacement`.
    DoubleReplacement,
    /// `dora` (and `dora_flowers`).
    Dora,
    /// `ura`.
    Ura,
    /// `waiting`.
    Waiting,
    /// `draws`.
    Draws,
    /// `honba`.
    Honba,
    /// `sticks`.
    Sticks,
    /// `discards`.
    Discards,
    /// `win`.
    Win,
    /// `kong_from`.
    KongFrom,
    /// `dealt`.
    Dealt,
    /// `others_fan`.
    OthersFan,
    /// `others_fly`.
    OthersFly,
}

/// One context word or key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContextKey {
    /// The name as written.
    pub name: &'static str,
    /// Other names for the same thing (`ready` for `riichi`).
    pub aliases: &'static [&'static str],
    /// Written alone, as a word without a value.
    pub word: bool,
    /// Written `key=value`: an example for errors; `None` for a word only.
    pub example: Option<&'static str>,
    /// Where the parser keeps it.
    pub slot: Slot,
    /// The systems that read it themselves; a criterion may read it too.
    pub read_by: &'static [Reader],
    /// Given under a system that does not read it, the hand is refused rather than noted
    /// (no criterion of another system could use it).
    pub refused_unread: bool,
}

impl ContextKey {
    /// The entry as written in messages: `riichi`, `draws=`.
    pub fn shown(&self) -> String {
        if self.word {
            self.name.to_string()
        } else {
            format!("{}=", self.name)
        }
    }
}

const EVERY: &[Reader] = &[Reader::Han, Reader::Points, Reader::Fan];
const HAN: &[Reader] = &[Reader::Han];
const FAN: &[Reader] = &[Reader::Fan];

const fn word(name: &'static str, aliases: &'static [&'static str], slot: Slot) -> ContextKey {
    ContextKey {
        name,
        aliases,
        word: true,
        example: None,
        slot,
        read_by: HAN,
        refused_unread: false,
    }
}

const fn key(name: &'static str, example: &'static str, slot: Slot) -> ContextKey {
    ContextKey {
        name,
        aliases: &[],
        word: false,
        example: Some(example),
        slot,
        read_by: HAN,
        refused_unread: false,
    }
}

const fn read_by(entry: ContextKey, read_by: &'static [Reader]) -> ContextKey {
    ContextKey { read_by, ..entry }
}

const fn fan_only(entry: ContextKey) -> ContextKey {
    ContextKey {
        read_by: FAN,
        refused_unread: true,
        ..entry
    }
}

/// Every context word and key, words in the order the errors list them, then keys.
pub const CONTEXT: &[ContextKey] = &[
    read_by(word("tsumo", &[], Slot::WinMethod), EVERY),
    ContextKey {
        example: Some("ron=S"),
        ..read_by(word("ron", &[], Slot::WinMethod), EVERY)
    },
    word("riichi", &["ready"], Slot::Riichi),
    word("double-riichi", &[], Slot::DoubleRiichi),
    word("ippatsu", &[], Slot::Ippatsu),
    word("last", &[], Slot::Last),
    word("replacement", &["rinshan"], Slot::Replacement),
    read_by(word("robbed", &["chankan"], Slot::Robbed), EVERY),
    word("first", &[], Slot::First),
    fan_only(word("double-replacement", &[], Slot::DoubleReplacement)),
    read_by(key("seat", "seat=S", Slot::Seat), EVERY),
    read_by(key("round", "round=S", Slot::Round), EVERY),
    key("dora", "dora=3p,N", Slot::Dora),
    key("ura", "ura=7s", Slot::Ura),
    read_by(
        key("waiting", "waiting=S,W", Slot::Waiting),
        &[Reader::Points, Reader::Fan],
    ),
    read_by(key("draws", "draws=1", Slot::Draws), &[Reader::Points]),
    key("honba", "honba=1", Slot::Honba),
    read_by(key("discards", "discards=5p,E", Slot::Discards), EVERY),
    read_by(key("win", "win=9s", Slot::Win), EVERY),
    fan_only(key("kong-from", "kong-from=5p:S", Slot::KongFrom)),
    fan_only(key("dealt", "dealt=f", Slot::Dealt)),
    fan_only(key("others-fan", "others-fan=S:6,W:3", Slot::OthersFan)),
    key("sticks", "sticks=1", Slot::Sticks),
    fan_only(key("others-fly", "others-fly=S:1,W:0", Slot::OthersFly)),
];

/// Whether `written` is `name`. Every word of a line is looked up along the whole table, so
/// the first letters are compared before the lengths and bytes: most entries differ there,
/// and a full comparison of strings costs a call per entry (issue 12).
fn is_named(name: &str, written: &str) -> bool {
    name.as_bytes().first() == written.as_bytes().first() && name == written
}

/// The entry named `name` (or one of its aliases).
pub fn context_key(name: &str) -> Option<&'static ContextKey> {
    CONTEXT
        .iter()
        .find(|k| is_named(k.name, name) || k.aliases.iter().any(|alias| is_named(alias, name)))
}

/// The entry a word without a value names.
pub fn word_entry(name: &str) -> Option<&'static ContextKey> {
    context_key(name).filter(|k| k.word)
}

/// The entry a `key=` names.
pub fn key_entry(name: &str) -> Option<&'static ContextKey> {
    CONTEXT
        .iter()
        .find(|k| is_named(k.name, name) && k.example.is_some())
}

/// The context words that take no value, aliases after their word.
pub fn words() -> impl Iterator<Item = &'static str> {
    CONTEXT
        .iter()
        .filter(|k| k.word)
        .flat_map(|k| std::iter::once(k.name).chain(k.aliases.iter().copied()))
}

/// The context keys written `key=value`.
pub fn keys() -> impl Iterator<Item = &'static str> {
    CONTEXT
        .iter()
        .filter(|k| k.example.is_some())
        .map(|k| k.name)
}

/// A written example of a context key, for errors.
pub fn key_example(key: &str) -> &'static str {
    key_entry(key)
        .and_then(|k| k.example)
        .unwrap_or("KEY=VALUE")
}

/// What an unknown word most likely meant: honour letters in the wrong case (`eee` for
/// `EEE`, `GG` for `gg`) or a context word misspelt or capitalised (`Tsumo`, `tsumoo`).
pub fn word_suggestion(word: &str) -> Option<String> {
    let recased: String = word
        .chars()
        .map(|c| match c {
            'e' | 's' | 'n' => c.to_ascii_uppercase(),
            'G' | 'R' => c.to_ascii_lowercase(),
            _ => c,
        })
        .collect();
    if recased != word && recased.chars().all(|c| honour_tile(c).is_some()) {
        return Some(recased);
    }
    nearest_name(word, words()).map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_keys_are_listed_in_the_order_the_errors_show_them() {
        assert_eq!(
            words().collect::<Vec<_>>().join(" "),
            "tsumo ron riichi ready double-riichi ippatsu last replacement rinshan robbed \
             chankan first double-replacement"
        );
        assert_eq!(
            keys().collect::<Vec<_>>().join(" "),
            "ron seat round dora ura waiting draws honba discards win kong-from dealt \
             others-fan sticks others-fly"
        );
    }

    #[test]
    fn every_key_example_starts_with_its_key() {
        for entry in CONTEXT {
            if let Some(example) = entry.example {
                assert!(
                    example.starts_with(&format!("{}=", entry.name)),
                    "{example}"
                );
            }
        }
    }
}
