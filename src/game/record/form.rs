//! The serde form of a record line: an [`Item`] as a page or a bot sends it (JSON, its
//! `kind` naming the event), read into the same `Item` the parser reads from text, its
//! words with no span (they were not written in a line). `record::write` then writes its
//! line.

use serde::Deserialize;

use super::{Item, KongMade, WinLine, Word};
use crate::diagnostic::Span;
use crate::notation::{LimitName, Spanned, ValueInput};
use crate::rules::AbortiveDraw;
use crate::tile::{BonusSet, Tile};

/// An event as sent: `{"kind": "riichi", "player": "Ann"}`.
#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub(super) enum Form {
    /// A win: by self-draw (`from` none) or on `from`'s discard; `also` for the second claim
    /// on the same discard; `pao` the liable player.
    Win {
        winner: String,
        from: Option<String>,
        #[serde(default)]
        also: bool,
        #[serde(default)]
        pao: Option<String>,
        #[serde(default)]
        riichi_discard: bool,
        /// The hand in notation (its tiles and the context the game cannot know).
        #[serde(default)]
        hand: Option<String>,
        /// Or the hand's value, agreed at the table.
        #[serde(default)]
        value: Option<Value>,
    },
    /// A riichi (or declared-ready) declaration.
    Riichi { player: String },
    /// An exhaustive draw, the ready players named.
    Draw { tenpai: Vec<String> },
    /// A nagashi mangan at the coming draw.
    Nagashi { player: String },
    /// A chombo.
    Chombo { player: String },
    /// An abortive draw (`nine-terminals` by `player`, or `four-kans`).
    Abort {
        draw: AbortiveDraw,
        #[serde(default)]
        player: Option<String>,
    },
    /// A kong paid on the spot: `made` is `concealed`, `from` (with `from`) or `promoted`
    /// (with `fed_by` when named).
    Kong {
        player: String,
        tile: TileWord,
        made: Made,
        #[serde(default)]
        from: Option<String>,
        #[serde(default)]
        fed_by: Option<String>,
    },
    /// A full set of bonus tiles paid on the spot.
    BonusSet {
        player: String,
        set: BonusSet,
        dealt: bool,
    },
    /// Points moved between players.
    Correct { moves: Vec<(String, i64)> },
    /// The all-last dealer, first, ends the game.
    DealerStops,
    /// The all-last dealer, first, plays on.
    DealerPlaysOn,
    /// The game ends here, cut short.
    End,
}

/// How a kong was made, as sent.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) enum Made {
    Concealed,
    From,
    Promoted,
}

/// A tile in notation (`5p`, `E`, `r`), as sent.
#[derive(Debug, Clone, Copy)]
pub(super) struct TileWord(Tile);

impl<'de> Deserialize<'de> for TileWord {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let word = String::deserialize(deserializer)?;
        Tile::from_notation(&word)
            .map(TileWord)
            .ok_or_else(|| serde::de::Error::custom(format!("`{word}` is no tile in notation")))
    }
}

/// A win's value as the table states it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub(super) enum Value {
    /// Han and fu (fu may be left out from 5 han up).
    HanFu { han: u32, fu: Option<u32> },
    /// Han alone (the han table's systems).
    Han(u32),
    /// A limit by name (`mangan`, `yakuman`, `half-limit`, …).
    Limit(String),
    /// Hand-points and bonus-points (the points systems).
    Points { hand: u32, bonus: u32 },
    /// Fan.
    Fan(u32),
}

impl Value {
    /// The value as the notation writes it (`ValueInput`'s `Display`).
    fn input(&self) -> Result<ValueInput, String> {
        let at = |value: u32| Spanned {
            value,
            span: Span::default(),
        };
        Ok(match self {
            Value::HanFu { han, fu } => ValueInput::Han {
                han: at(*han),
                fu: fu.map(at),
            },
            Value::Han(han) => ValueInput::Han {
                han: at(*han),
                fu: None,
            },
            Value::Limit(name) => ValueInput::Limit {
                limit: Spanned {
                    value: LimitName::from_word(name)
                        .ok_or_else(|| format!("`{name}` is no limit"))?,
                    span: Span::default(),
                },
                bonus: None,
            },
            Value::Points { hand, bonus } => ValueInput::Points {
                hand: at(*hand),
                bonus: Some(at(*bonus)),
            },
            Value::Fan(fan) => ValueInput::Fan(at(*fan)),
        })
    }
}

impl TryFrom<Form> for Item {
    type Error = String;

    fn try_from(form: Form) -> Result<Item, String> {
        let word = |text: &str| Word::new(text);
        Ok(match form {
            Form::Win {
                winner,
                from,
                also,
                pao,
                riichi_discard,
                hand,
                value,
            } => Item::Win(WinLine {
                also,
                winner: word(&winner),
                from: from.as_deref().map(word),
                riichi_discard: riichi_discard.then(Span::default),
                pao: pao.as_deref().map(word),
                hand: 0,
                hand_text: match (hand, value) {
                    (_, Some(value)) => value.input()?.to_string(),
                    (Some(hand), None) => hand.trim().to_string(),
                    (None, None) => String::new(),
                },
            }),
            Form::Riichi { player } => Item::Riichi {
                player: word(&player),
                left: None,
            },
            Form::Draw { tenpai } => Item::Draw(tenpai.iter().map(|t| word(t)).collect()),
            Form::Nagashi { player } => Item::Nagashi(word(&player)),
            Form::Chombo { player } => Item::Chombo(word(&player)),
            Form::Abort { draw, player } => Item::Abort {
                kind: (draw, Span::default()),
                player: player.as_deref().map(word),
            },
            Form::Kong {
                player,
                tile: TileWord(tile),
                made,
                from,
                fed_by,
            } => Item::Kong {
                player: word(&player),
                tile: (tile, Span::default()),
                made: match (made, from) {
                    (Made::Concealed, _) => KongMade::Concealed,
                    (Made::From, Some(from)) => KongMade::From(word(&from)),
                    (Made::From, None) => return Err("a kong `from` names its discarder".into()),
                    (Made::Promoted, _) => KongMade::Promoted(fed_by.as_deref().map(word)),
                },
            },
            Form::BonusSet { player, set, dealt } => Item::BonusSet {
                player: word(&player),
                set: (set, Span::default()),
                dealt,
            },
            Form::Correct { moves } => {
                Item::Correct(moves.iter().map(|(p, n)| (word(p), *n)).collect())
            }
            Form::DealerStops => Item::DealerChoice(true, Span::default()),
            Form::DealerPlaysOn => Item::DealerChoice(false, Span::default()),
            Form::End => Item::End(Span::default()),
        })
    }
}
