//! The parser's inverse: a hand ([`HandInput`]) as one line of notation, which
//! [`super::parse_hand`] reads back to the same hand. The page and any other caller write a
//! line through it rather than composing the notation themselves.
//!
//! The line holds a win's value where one stands in place of tiles (`3 han 40 fu`), the
//! concealed tiles in the order they were written (so the last one is still the winning
//! tile), the jokers, the declared sets, the bonus tiles, then the context,
//! each entry under its own name (not an alias) in the vocabulary's order.

use std::fmt::{self, Write as _};

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use super::ast::{ContextInput, HandInput, KongSource, Spanned, TileToken, ValueInput, WinMethod};
use super::error::NotationError;
use super::parser::parse_hand;
use super::vocabulary::{CONTEXT, Slot, context_key};
use crate::plural::counted;
use crate::tile::{Wind, push_tiles_red};

/// A tile as written: `5p`, `0p` for a red five, `E`.
impl fmt::Display for TileToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.tile.suit() {
            Some(suit) if self.red => f.write_str(suit.red_five()),
            _ => f.write_str(self.tile.notation()),
        }
    }
}

/// `hand` as one line of notation: `123p456m99s J [555s] +f1 ron=S seat=W dora=3p`.
pub fn write_hand(hand: &HandInput) -> String {
    let mut out = String::with_capacity(64);
    let item = |out: &mut String| {
        if !out.is_empty() {
            out.push(' ');
        }
    };
    if let Some(value) = &hand.value {
        write_value(&mut out, value);
    }
    if !hand.concealed.is_empty() {
        item(&mut out);
        // The last tile (the winning one) stands apart when it sorts before the one written
        // just before it, so that it reads as the winning tile: `2367899s 4s`, not `23678994s`.
        let apart = match hand.concealed.as_slice() {
            [.., before, last] if last.tile < before.tile => 1,
            _ => 0,
        };
        let (head, tail) = hand.concealed.split_at(hand.concealed.len() - apart);
        push_tiles_red(&mut out, head.iter().map(|t| (t.tile, t.red)));
        if !tail.is_empty() {
            out.push(' ');
            push_tiles_red(&mut out, tail.iter().map(|t| (t.tile, t.red)));
        }
    }
    if !hand.jokers.is_empty() {
        item(&mut out);
        out.extend(hand.jokers.iter().map(|_| 'J'));
    }
    for set in &hand.declared {
        item(&mut out);
        let (open, close) = match set.declared {
            super::Declared::Exposed => ('[', ']'),
            super::Declared::Concealed => ('(', ')'),
        };
        out.push(open);
        push_tiles_red(&mut out, set.tiles.iter().map(|t| (t.tile, t.red)));
        out.push(close);
    }
    if !hand.bonus.is_empty() {
        item(&mut out);
        out.push('+');
        for bonus in &hand.bonus {
            let _ = write!(out, "{}", bonus.tile);
        }
    }
    for (name, value) in &context_parts(&hand.context) {
        item(&mut out);
        write_entry(&mut out, name, value);
    }
    out
}

/// A win's value in place of tiles: `3 han 40 fu`, `5 han`, `6 fan`, `5 hand-points 8
/// bonus-points`, `mangan`, `full-limit 3 bonus-points`.
fn write_value(out: &mut String, value: &ValueInput) {
    let bonus = |out: &mut String, bonus: Option<Spanned<u32>>| {
        if let Some(bonus) = bonus {
            let _ = write!(
                out,
                " {}",
                counted(bonus.value, "bonus-point", "bonus-points")
            );
        }
    };
    match *value {
        ValueInput::Han { han, fu } => {
            let _ = write!(out, "{} han", han.value);
            if let Some(fu) = fu {
                let _ = write!(out, " {} fu", fu.value);
            }
        }
        ValueInput::Fan(fan) => {
            let _ = write!(out, "{} fan", fan.value);
        }
        ValueInput::Points { hand, bonus: more } => {
            out.push_str(&counted(hand.value, "hand-point", "hand-points"));
            bonus(out, more);
        }
        ValueInput::Limit { limit, bonus: more } => {
            out.push_str(limit.value.word());
            bonus(out, more);
        }
    }
}

/// A win's value as the notation writes it in place of tiles (`3 han 40 fu`, `mangan`).
impl fmt::Display for ValueInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        write_value(&mut out, self);
        f.write_str(&out)
    }
}

/// A hand's context by the vocabulary's names, in its order.
pub type ContextParts = IndexMap<&'static str, ContextValue>;

/// The hand's context as typed values by the vocabulary's names, in its order, each entry
/// under its own name (not an alias): what [`write_parts`] takes and the page keeps.
pub fn context_parts(ctx: &ContextInput) -> ContextParts {
    let mut parts = IndexMap::new();
    let mut done: Vec<Slot> = Vec::new();
    for entry in CONTEXT {
        if done.contains(&entry.slot) {
            continue;
        }
        done.push(entry.slot);
        if let Some((name, value)) = context_value(ctx, entry.slot) {
            parts.insert(name, value);
        }
    }
    parts
}

/// The context kept at `slot`, if the hand gives any: its name and typed value.
fn context_value(ctx: &ContextInput, slot: Slot) -> Option<(&'static str, ContextValue)> {
    let wind = |w: Wind| w.letter().to_string();
    let word = |given: bool, name| given.then_some((name, ContextValue::Word(true)));
    let count = |n: Option<Spanned<u32>>, name| n.map(|n| (name, ContextValue::Count(n.value)));
    let listed =
        |items: Vec<String>, name| (!items.is_empty()).then_some((name, ContextValue::List(items)));
    let by_seat = |items: &[(Spanned<Wind>, u32)], name| {
        let pairs: Vec<(String, PairValue)> = items
            .iter()
            .map(|(seat, n)| (wind(seat.value), PairValue::Count(*n)))
            .collect();
        (!pairs.is_empty()).then_some((name, ContextValue::Pairs(Pairs(pairs))))
    };
    match slot {
        Slot::WinMethod => match ctx.win_method.map(|m| m.value)? {
            WinMethod::Tsumo => Some(("tsumo", ContextValue::Word(true))),
            WinMethod::Ron(None) => Some(("ron", ContextValue::Word(true))),
            WinMethod::Ron(Some(from)) => Some(("ron", ContextValue::One(wind(from)))),
        },
        Slot::Seat => ctx.seat.map(|s| ("seat", ContextValue::One(wind(s.value)))),
        Slot::Round => ctx
            .round
            .map(|r| ("round", ContextValue::One(wind(r.value)))),
        Slot::Riichi => word(ctx.riichi.is_some(), "riichi"),
        Slot::DoubleRiichi => word(ctx.double_riichi.is_some(), "double-riichi"),
        Slot::Ippatsu => word(ctx.ippatsu.is_some(), "ippatsu"),
        Slot::Last => word(ctx.last.is_some(), "last"),
        Slot::Replacement => word(ctx.replacement.is_some(), "replacement"),
        Slot::Robbed => word(ctx.robbed.is_some(), "robbed"),
        Slot::RobbedKita => word(ctx.robbed_kita.is_some(), "robbed-kita"),
        Slot::RobbedConcealed => word(ctx.robbed_concealed.is_some(), "robbed-concealed"),
        Slot::First => word(ctx.first.is_some(), "first"),
        Slot::DoubleReplacement => word(ctx.double_replacement.is_some(), "double-replacement"),
        Slot::Dora => {
            let tiles = ctx.dora.iter().map(ToString::to_string);
            let flowers = ctx.dora_flowers.iter().map(|f| f.tile.to_string());
            listed(tiles.chain(flowers).collect(), "dora")
        }
        Slot::Ura => listed(ctx.ura.iter().map(ToString::to_string).collect(), "ura"),
        Slot::Waiting => listed(
            ctx.waiting.iter().map(|w| wind(w.value)).collect(),
            "waiting",
        ),
        Slot::Draws => count(ctx.draws, "draws"),
        Slot::Honba => count(ctx.honba, "honba"),
        Slot::Sticks => count(ctx.sticks, "sticks"),
        Slot::Discards => listed(
            ctx.discards.iter().map(ToString::to_string).collect(),
            "discards",
        ),
        Slot::Win => ctx
            .win
            .map(|win| ("win", ContextValue::One(win.to_string()))),
        Slot::KongFrom => {
            let pairs: Vec<(String, PairValue)> = ctx
                .kong_from
                .iter()
                .map(|k| {
                    let from = match k.source {
                        KongSource::Claimed(from) => wind(from),
                        KongSource::Promoted => "self".to_string(),
                    };
                    (k.tile.to_string(), PairValue::One(from))
                })
                .collect();
            (!pairs.is_empty()).then_some(("kong-from", ContextValue::Pairs(Pairs(pairs))))
        }
        Slot::Dealt => listed(
            ctx.dealt
                .iter()
                .map(|d| d.value.letter().to_string())
                .collect(),
            "dealt",
        ),
        Slot::OthersFan => by_seat(&ctx.others_fan, "others-fan"),
        Slot::OthersFly => by_seat(&ctx.others_fly, "others-fly"),
    }
}

/// One context entry as the notation writes it: `riichi`, `honba=2`, `ron=S`, `dora=3p,N`,
/// `others-fan=S:6,W:3`; nothing for a word not given or an empty list.
fn write_entry(out: &mut String, name: &str, value: &ContextValue) {
    let _ = match value {
        ContextValue::Word(false) => Ok(()),
        ContextValue::Word(true) => write!(out, "{name}"),
        ContextValue::Count(n) => write!(out, "{name}={n}"),
        ContextValue::One(value) => write!(out, "{name}={value}"),
        ContextValue::List(values) if values.is_empty() => Ok(()),
        ContextValue::List(values) => write!(out, "{name}={}", values.join(",")),
        ContextValue::Pairs(pairs) if pairs.0.is_empty() => Ok(()),
        ContextValue::Pairs(pairs) => {
            let _ = write!(out, "{name}=");
            for (i, (key, value)) in pairs.0.iter().enumerate() {
                let comma = if i == 0 { "" } else { "," };
                let _ = match value {
                    PairValue::Count(n) => write!(out, "{comma}{key}:{n}"),
                    PairValue::One(v) => write!(out, "{comma}{key}:{v}"),
                };
            }
            Ok(())
        }
    };
}

/// A hand by its parts, as a caller that keeps no notation holds it (the page's tile pad):
/// each tile in notation (`5p`, `0p` a red five, `E`, `J` a joker; bonus tiles `f1`, `N`),
/// the context by the vocabulary's names. [`write_parts`] makes the line of it.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandParts {
    /// The concealed tiles, the winning tile last (or named by `win` in the context).
    #[serde(default)]
    pub concealed: Vec<String>,
    /// The declared sets.
    #[serde(default)]
    pub declared: Vec<SetParts>,
    /// The bonus tiles set aside.
    #[serde(default)]
    pub bonus: Vec<String>,
    /// Context by name, in any order: `true` for a word given (`riichi`), a count
    /// (`honba: 2`), one value (`seat: "W"`, `ron: "S"`, `win: "9s"`), a list (`dora:
    /// ["3p", "N"]`) or a value for each seat or tile (`others-fan: {"S": 6}`, `kong-from:
    /// {"5p": "S"}`).
    #[serde(default)]
    pub context: IndexMap<String, ContextValue>,
}

/// A declared set by its parts.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetParts {
    /// `exposed` (claimed, `[…]`) or `concealed` (a concealed kong, `(…)`).
    pub kind: SetKind,
    /// Its tiles.
    pub tiles: Vec<String>,
}

/// How a set was declared.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SetKind {
    /// Claimed from a discard: `[…]`.
    Exposed,
    /// A concealed kong: `(…)`.
    Concealed,
}

/// The value of one context entry of [`HandParts`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ContextValue {
    /// A word: given (`true`) or not.
    Word(bool),
    /// A count: `honba=2`.
    Count(u32),
    /// One value: `seat=W`.
    One(String),
    /// Values separated by commas: `dora=3p,N`.
    List(Vec<String>),
    /// A value for each of some seats or tiles: `others-fan` `{"S": 6, "W": 3}`,
    /// `kong-from` `{"5p": "S", "E": "self"}`.
    Pairs(Pairs),
}

/// Values by seat or tile, in the order written; a JSON object. (A list rather than a map, so
/// that a line naming a seat twice, which validation refuses, is written back as it was.)
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pairs(pub Vec<(String, PairValue)>);

impl Serialize for Pairs {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(key, value)| (key, value)))
    }
}

impl<'de> Deserialize<'de> for Pairs {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let map = IndexMap::<String, PairValue>::deserialize(deserializer)?;
        Ok(Pairs(map.into_iter().collect()))
    }
}

/// The value given for one seat or tile in [`ContextValue::Pairs`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PairValue {
    /// A count: the `6` of `S:6`.
    Count(u32),
    /// One value: the `S` of `5p:S`.
    One(String),
}

/// Why [`write_parts`] cannot make a line of the parts.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PartsError {
    /// A tile that is not one tile in notation.
    #[error("`{0}` is not a tile in notation (such as 5p, 0p, E, w, J; bonus tiles f1, x2, N)")]
    NotATile(String),
    /// A context name the notation does not know.
    #[error("`{0}` is not a context word or key of the notation")]
    UnknownContext(String),
    /// A context value that is empty or holds a space or comma of its own.
    #[error("`{name}`: `{value}` is not a value (one word, no spaces or commas)")]
    BadValue {
        /// The entry.
        name: String,
        /// What was given.
        value: String,
    },
    /// The line made of the parts does not read.
    #[error("{0}")]
    Notation(Box<NotationError>),
}

/// Whether `tile` is one playing tile, joker or bonus tile as the notation writes it.
fn is_one_tile(tile: &str) -> bool {
    match tile.as_bytes() {
        [b'0'..=b'9', b'm' | b'p' | b's' | b'z'] => true,
        [b'f' | b'x' | b'h' | b'a', b'1'..=b'4'] => true,
        [letter] => b"ESWNwgrJ".contains(letter),
        _ => false,
    }
}

/// The line of notation that says `parts`, as [`write_hand`] writes it (so the context in the
/// vocabulary's order, under its own names); an error names the part that is not notation.
pub fn write_parts(parts: &HandParts) -> Result<String, PartsError> {
    let tiles = |tiles: &[String]| -> Result<String, PartsError> {
        match tiles.iter().find(|t| !is_one_tile(t)) {
            Some(bad) => Err(PartsError::NotATile(bad.clone())),
            None => Ok(tiles.join(" ")),
        }
    };
    let mut line = tiles(&parts.concealed)?;
    for set in &parts.declared {
        let (open, close) = match set.kind {
            SetKind::Exposed => ('[', ']'),
            SetKind::Concealed => ('(', ')'),
        };
        let _ = write!(
            line,
            " {open}{}{close}",
            tiles(&set.tiles)?.replace(' ', "")
        );
    }
    if !parts.bonus.is_empty() {
        let _ = write!(line, " +{}", tiles(&parts.bonus)?.replace(' ', ""));
    }
    for (name, value) in &parts.context {
        if context_key(name).is_none() {
            return Err(PartsError::UnknownContext(name.clone()));
        }
        let one = |value: &String| {
            let bad = |c: char| c.is_whitespace() || c == ',' || c == ':';
            if value.is_empty() || value.contains(bad) {
                Err(PartsError::BadValue {
                    name: name.clone(),
                    value: value.clone(),
                })
            } else {
                Ok(())
            }
        };
        match value {
            ContextValue::Word(_) | ContextValue::Count(_) => {}
            ContextValue::One(value) => one(value)?,
            ContextValue::List(values) => values.iter().try_for_each(one)?,
            ContextValue::Pairs(pairs) => {
                for (key, value) in &pairs.0 {
                    one(key)?;
                    if let PairValue::One(value) = value {
                        one(value)?;
                    }
                }
            }
        }
        let start = line.len();
        line.push(' ');
        write_entry(&mut line, name, value);
        if line.len() == start + 1 {
            line.truncate(start);
        }
    }
    let hand = parse_hand(&line).map_err(|e| PartsError::Notation(Box::new(e)))?;
    Ok(write_hand(&hand))
}

#[cfg(test)]
mod tests {
    use super::{HandParts, PartsError, context_parts, write_hand, write_parts};
    use crate::notation::parse_hand;

    /// The line the writer makes of `line`'s hand.
    fn rewritten(line: &str) -> String {
        write_hand(&parse_hand(line).expect("the line parses"))
    }

    #[test]
    fn a_hand_is_written_in_the_notations_own_words() {
        assert_eq!(
            rewritten("123p 406p  [555s] EE ww chankan ready ron=S seat=W dora=f2,0p +NN"),
            "123406pEEww [555s] +NN ron=S riichi robbed seat=W dora=0p,f2"
        );
        assert_eq!(
            rewritten("(5555m) 123pJJ 9s tsumo kong-from=5m:self others-fan=S:6,W:3"),
            "123p9s JJ (5555m) tsumo kong-from=5m:self others-fan=S:6,W:3"
        );
        assert_eq!(rewritten("🀐🀑🀒 win=🀐"), "123s win=1s");
        assert_eq!(rewritten("2367899s4s tsumo"), "2367899s 4s tsumo");
        assert_eq!(rewritten("23s4s"), "234s");
        assert_eq!(rewritten(""), "");
        assert_eq!(
            rewritten("ron=S 3 han 40 fu seat=W"),
            "3 han 40 fu ron=S seat=W"
        );
        assert_eq!(
            rewritten("5 hand-points 1 bonus-point tsumo"),
            "5 hand-points 1 bonus-point tsumo"
        );
        assert_eq!(rewritten("mangan ron"), "mangan ron");
    }

    fn parts(json: &str) -> Result<String, PartsError> {
        let parts: HandParts = serde_json::from_str(json).expect("parts read");
        write_parts(&parts)
    }

    #[test]
    fn a_hand_given_by_its_parts_is_written_as_one_line() {
        assert_eq!(
            parts(
                r#"{"concealed": ["1p","2p","3p","0p","J","E","E","9s"],
                    "declared": [{"kind": "exposed", "tiles": ["5s","5s","5s"]},
                                 {"kind": "concealed", "tiles": ["E","E","E","E"]}],
                    "bonus": ["f1","N"],
                    "context": {"dora": ["3p","N"], "riichi": true, "ippatsu": false,
                                "honba": 2, "ron": "S", "seat": "W"}}"#
            )
            .as_deref(),
            Ok("1230pEE 9s J [555s] (EEEE) +f1N ron=S riichi seat=W dora=3p,N honba=2")
        );
        assert_eq!(
            parts(r#"{"context": {"tsumo": true}}"#).as_deref(),
            Ok("tsumo")
        );
    }

    #[test]
    fn parts_that_are_no_notation_are_refused_by_name() {
        assert_eq!(
            parts(r#"{"concealed": ["1p ron"]}"#),
            Err(PartsError::NotATile("1p ron".into()))
        );
        assert_eq!(
            parts(r#"{"context": {"richi": true}}"#),
            Err(PartsError::UnknownContext("richi".into()))
        );
        assert!(matches!(
            parts(r#"{"context": {"dora": ["3p riichi"]}}"#),
            Err(PartsError::BadValue { .. })
        ));
        assert!(matches!(
            parts(r#"{"context": {"seat": "X"}}"#),
            Err(PartsError::Notation(_))
        ));
    }

    #[test]
    fn a_value_for_each_seat_or_tile_is_written_as_pairs() {
        assert_eq!(
            parts(
                r#"{"concealed": ["1p","2p","3p","9s"],
                    "declared": [{"kind": "exposed", "tiles": ["5p","5p","5p","5p"]},
                                 {"kind": "exposed", "tiles": ["E","E","E","E"]}],
                    "context": {"tsumo": true, "others-fan": {"S": 6, "W": 3},
                                "others-fly": {"S": 1, "W": 0},
                                "kong-from": {"5p": "S", "E": "self"},
                                "dealt": ["f"], "waiting": ["S", "W"]}}"#
            )
            .as_deref(),
            Ok(
                "123p9s [5555p] [EEEE] tsumo waiting=S,W kong-from=5p:S,E:self dealt=f \
                others-fan=S:6,W:3 others-fly=S:1,W:0"
            )
        );
        assert!(matches!(
            parts(r#"{"context": {"others-fan": {"S:1": 6}}}"#),
            Err(PartsError::BadValue { .. })
        ));
        assert_eq!(
            parts(r#"{"context": {"others-fan": {}, "dora": [], "riichi": false}}"#).as_deref(),
            Ok("")
        );
    }

    #[test]
    fn a_hands_context_read_as_parts_writes_the_same_line() {
        for line in [
            "123p406p789p EEE 9s ron=S riichi seat=W round=S dora=3p,N ura=7s honba=2 sticks=1 \
             discards=5p,E win=9s",
            "123p9s [5555p] [EEEE] tsumo waiting=S,W kong-from=5p:S,E:self dealt=f,x \
             others-fan=S:6,W:3 others-fly=S:1,W:0 draws=1",
            "123p456p789p EEE 99s ron robbed first double-replacement last replacement",
        ] {
            let hand = parse_hand(line).expect("the line parses");
            let mut parts = HandParts::default();
            let json = crate::json::to_string(&context_parts(&hand.context)).expect("JSON");
            parts.context = serde_json::from_str(&json).expect("parts read back");
            parts.concealed = hand.concealed.iter().map(ToString::to_string).collect();
            parts
                .concealed
                .extend(hand.jokers.iter().map(|_| "J".to_string()));
            parts.declared = hand
                .declared
                .iter()
                .map(|set| super::SetParts {
                    kind: match set.declared {
                        crate::notation::Declared::Exposed => super::SetKind::Exposed,
                        crate::notation::Declared::Concealed => super::SetKind::Concealed,
                    },
                    tiles: set.tiles.iter().map(ToString::to_string).collect(),
                })
                .collect();
            assert_eq!(
                write_parts(&parts).as_deref(),
                Ok(write_hand(&hand).as_str()),
                "{json}"
            );
        }
    }
}
