//! The context vocabulary: every context word and `key=value` the notation knows, in one
//! table. The parser reads a name through it, the errors take their suggestions and
//! examples from it, and validation and evaluation ask it which scoring systems read what
//! was written.

use crate::diagnostic::nearest_name;
use crate::tile::{Dragon, Tile, Wind};

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
    /// `robbed_kita`.
    RobbedKita,
    /// `robbed_concealed`.
    RobbedConcealed,
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
    /// The entry's name for people, as a control on the page says it (`Riichi`, `Last tile`,
    /// `Riichi sticks`).
    pub fn label(&self) -> &'static str {
        match self.name {
            "tsumo" => "Tsumo",
            "ron" => "Ron",
            "riichi" => "Riichi",
            "double-riichi" => "Double riichi",
            "ippatsu" => "Ippatsu",
            "last" => "Last tile",
            "replacement" => "Replacement tile",
            "robbed" => "Robbed kong",
            "first" => "First turn",
            "double-replacement" => "Double replacement",
            "seat" => "Seat",
            "round" => "Round",
            "dora" => "Dora indicators",
            "ura" => "Ura indicators",
            "waiting" => "Also waiting",
            "draws" => "Draws before",
            "honba" => "Honba",
            "discards" => "Your discards",
            "win" => "Winning tile",
            "kong-from" => "Kong from",
            "dealt" => "Whole sets dealt",
            "others-fan" => "The others' fan",
            "sticks" => "Riichi sticks",
            "others-fly" => "The others' fly",
            "robbed-kita" => "Robbed a kita North",
            "robbed-concealed" => "Robbed a concealed kong",
            other => other,
        }
    }

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

/// Every context word and key, words in the order the errors list them, then keys, then the
/// rare robbing words.
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
    // Rare words last, so that the lookups of the common ones stay short.
    read_by(word("robbed-kita", &[], Slot::RobbedKita), EVERY),
    read_by(word("robbed-concealed", &[], Slot::RobbedConcealed), EVERY),
];

/// How many entries of [`CONTEXT`] are refused when unread.
const REFUSED_UNREAD_COUNT: usize = {
    let mut count = 0;
    let mut i = 0;
    while i < CONTEXT.len() {
        if CONTEXT[i].refused_unread {
            count += 1;
        }
        i += 1;
    }
    count
};

/// The entries of [`CONTEXT`] refused when unread ([`ContextKey::refused_unread`]), in the
/// table's order: picked out when the program is compiled, so that checking a hand looks at
/// these few and not along the whole table.
pub const REFUSED_UNREAD: [&ContextKey; REFUSED_UNREAD_COUNT] = {
    let mut out = [&CONTEXT[0]; REFUSED_UNREAD_COUNT];
    let mut i = 0;
    let mut j = 0;
    while i < CONTEXT.len() {
        if CONTEXT[i].refused_unread {
            out[j] = &CONTEXT[i];
            j += 1;
        }
        i += 1;
    }
    out
};

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

/// What a word or key the notation does not know most likely meant, in the notation's own
/// words (`self-draw` → `tsumo`, `kita=2` → `+NN`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Guess {
    /// The notation meant.
    pub meant: String,
    /// Why it is written so, when the notation writes it another way than the guess.
    pub because: Option<&'static str>,
}

impl Guess {
    fn plain(meant: impl Into<String>) -> Guess {
        Guess {
            meant: meant.into(),
            because: None,
        }
    }

    fn because(meant: impl Into<String>, because: &'static str) -> Guess {
        Guess {
            meant: meant.into(),
            because: Some(because),
        }
    }
}

/// Words of play and of other notations, and what this notation writes for them.
const GUESSED_WORDS: &[(&[&str], &str, &str)] = &[
    (
        &["self-draw", "self-drawn", "selfdraw", "zimo"],
        "tsumo",
        "a win by self-draw is written tsumo",
    ),
    (
        &["discard", "deal-in", "dianpao"],
        "ron",
        "a win on a discard is written ron",
    ),
    (
        &["reach"],
        "riichi",
        "a declared ready hand is written riichi",
    ),
    (
        &["haitei", "houtei"],
        "last",
        "a win on the last tile is written last",
    ),
    (
        &["tenhou", "chiihou", "renhou"],
        "first",
        "a win in the first go-round is written first",
    ),
    (&["kita", "nuki", "pei"], "+N", KITA),
    (&["flower", "flowers"], "+f1", FLOWERS),
    (&["dealer", "oya"], "seat=E", "the dealer sits East"),
];

const KITA: &str = "kita tiles are set aside after +, one N each";
const FLOWERS: &str = "flowers are set aside after +, each by its number, f1-f4";

/// What an unknown word most likely meant: a word of play or of another notation
/// (`self-draw` for `tsumo`, `kita` for `+N`), honour letters in the wrong case (`eee` for
/// `EEE`, `GG` for `gg`) or a context word misspelt or capitalised (`Tsumo`, `tsumoo`).
pub fn word_guess(word: &str) -> Option<Guess> {
    let lower = word.to_ascii_lowercase();
    if let Some((_, meant, because)) = GUESSED_WORDS
        .iter()
        .find(|(written, _, _)| written.contains(&lower.as_str()))
    {
        return Some(Guess::because(*meant, because));
    }
    let recased: String = word
        .chars()
        .map(|c| match c {
            'e' | 's' | 'n' => c.to_ascii_uppercase(),
            'G' | 'R' => c.to_ascii_lowercase(),
            _ => c,
        })
        .collect();
    if recased != word && recased.chars().all(|c| honour_tile(c).is_some()) {
        return Some(Guess::plain(recased));
    }
    nearest_name(word, words()).map(Guess::plain)
}

/// What an unknown `key=value` most likely meant: bonus tiles counted as a key (`kita=2` for
/// `+NN`), a key of play's words (`wind=S` for `seat=S`, `uradora=5p` for `ura=5p`), or a
/// key misspelt (`draw=1` for `draws=1`).
pub fn key_guess(key: &str, value: &str) -> Option<Guess> {
    let count = value.parse::<usize>().ok().filter(|n| (1..=4).contains(n));
    let winds = || wind_letters(value).unwrap_or_else(|| value.to_string());
    let guess = match key.to_ascii_lowercase().as_str() {
        "kita" | "nuki" | "pei" | "north" => {
            Guess::because(format!("+{}", "N".repeat(count.unwrap_or(1))), KITA)
        }
        "flower" | "flowers" => {
            let flowers: String = (1..=count.unwrap_or(1)).map(|n| format!("f{n}")).collect();
            Guess::because(format!("+{flowers}"), FLOWERS)
        }
        "wind" | "seat-wind" | "seatwind" | "own-wind" | "jikaze" => {
            Guess::plain(format!("seat={}", winds()))
        }
        "prevailing" | "prevailing-wind" | "round-wind" | "roundwind" | "bakaze" => {
            Guess::plain(format!("round={}", winds()))
        }
        "uradora" | "ura-dora" => Guess::plain(format!("ura={value}")),
        "indicator" | "indicators" | "dora-indicator" | "dora-indicators" => {
            Guess::plain(format!("dora={value}"))
        }
        _ => Guess::plain(format!("{}=", nearest_name(key, keys())?)),
    };
    Some(guess)
}

/// Winds written as words or lower-case letters (`south`, `s,w`) as the notation writes them
/// (`S`, `S,W`); `None` when an item is no wind of a seat or the value is already so written.
pub fn wind_letters(value: &str) -> Option<String> {
    let letters: Option<Vec<&str>> = value
        .split(',')
        .map(|item| match item.to_ascii_lowercase().as_str() {
            "e" | "east" => Some("E"),
            "s" | "south" => Some("S"),
            "w" | "west" => Some("W"),
            _ => None,
        })
        .collect();
    Some(letters?.join(",")).filter(|letters| letters != value)
}

/// The honour tile written with `letter`.
pub(super) fn honour_tile(letter: char) -> Option<Tile> {
    if let Some(wind) = Wind::from_letter(letter) {
        return Some(wind.tile());
    }
    match letter {
        'w' => Some(Dragon::White.tile()),
        'g' => Some(Dragon::Green.tile()),
        'r' => Some(Dragon::Red.tile()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_context_entry_has_a_label_of_its_own() {
        for entry in CONTEXT {
            assert_ne!(entry.label(), entry.name, "{}", entry.name);
        }
        let labels: std::collections::BTreeSet<&str> = CONTEXT.iter().map(|e| e.label()).collect();
        assert_eq!(labels.len(), CONTEXT.len());
    }

    #[test]
    fn the_entries_refused_unread_are_those_the_table_marks_in_its_order() {
        let marked: Vec<&str> = CONTEXT
            .iter()
            .filter(|e| e.refused_unread)
            .map(|e| e.name)
            .collect();
        let picked: Vec<&str> = REFUSED_UNREAD.iter().map(|e| e.name).collect();
        assert_eq!(picked, marked);
        // The near-miss: an entry not marked is not picked.
        assert!(!picked.contains(&"dora"));
    }

    #[test]
    fn words_and_keys_are_listed_in_the_order_the_errors_show_them() {
        assert_eq!(
            words().collect::<Vec<_>>().join(" "),
            "tsumo ron riichi ready double-riichi ippatsu last replacement rinshan robbed \
             chankan first double-replacement robbed-kita robbed-concealed"
        );
        assert_eq!(
            keys().collect::<Vec<_>>().join(" "),
            "ron seat round dora ura waiting draws honba discards win kong-from dealt \
             others-fan sticks others-fly"
        );
    }

    #[test]
    fn guesses_use_the_notations_own_words() {
        let meant = |guess: Option<Guess>| guess.map(|g| g.meant);
        assert_eq!(meant(word_guess("self-draw")).as_deref(), Some("tsumo"));
        assert_eq!(meant(word_guess("Self-Draw")).as_deref(), Some("tsumo"));
        assert_eq!(meant(word_guess("eee")).as_deref(), Some("EEE"));
        assert_eq!(meant(word_guess("tsumoo")).as_deref(), Some("tsumo"));
        assert_eq!(meant(word_guess("xyz")), None);
        assert_eq!(meant(key_guess("kita", "2")).as_deref(), Some("+NN"));
        assert_eq!(meant(key_guess("kita", "x")).as_deref(), Some("+N"));
        assert_eq!(meant(key_guess("flowers", "2")).as_deref(), Some("+f1f2"));
        assert_eq!(meant(key_guess("wind", "south")).as_deref(), Some("seat=S"));
        assert_eq!(meant(key_guess("draw", "1")).as_deref(), Some("draws="));
        assert_eq!(meant(key_guess("xyz", "1")), None);
        assert_eq!(wind_letters("south,w").as_deref(), Some("S,W"));
        assert_eq!(wind_letters("S"), None);
        assert_eq!(wind_letters("north"), None);
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
