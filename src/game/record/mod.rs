//! The game record as written: one event a line (docs/game.md), read by a nom parser
//! (`parse`) into [`Line`]s with byte spans, before any ruleset or game state has looked at
//! them.

mod form;
mod parse;
mod start;
mod words;
mod write;

pub use write::{Unwritable, write};

use crate::diagnostic::Span;
use crate::rules::AbortiveDraw;
use crate::tile::{BonusSet, Tile};

/// A word of a line and where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// The word.
    pub text: String,
    /// Where it was written in its line.
    pub span: Span,
}

impl Word {
    /// A word not read from a line (one to write: [`write`]).
    pub fn new(text: impl Into<String>) -> Word {
        Word {
            text: text.into(),
            span: Span::new(0, 0),
        }
    }
}

/// How a kong paid on the spot was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KongMade {
    /// Concealed: four drawn tiles.
    Concealed,
    /// Claimed from this player's discard.
    From(Word),
    /// A fourth tile added to an exposed pong, fed by this player when named.
    Promoted(Option<Word>),
}

/// A win: `NAME tsumo: HAND` or `NAME ron FROM: HAND`, or `and …` for a second winner on the
/// same discard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinLine {
    /// Written after `and`: a second claim on the discard of the win just before.
    pub also: bool,
    /// The winner.
    pub winner: Word,
    /// The discarder; `None` for a tsumo.
    pub from: Option<Word>,
    /// `riichi-discard`: the winning tile was the discarder's riichi declaration tile.
    pub riichi_discard: Option<Span>,
    /// `pao NAME`: the player liable for the hand.
    pub pao: Option<Word>,
    /// Where the hand (mj3 notation) starts in the line.
    pub hand: usize,
    /// The hand as written (mj3 notation, or a value), its comment cut off.
    pub hand_text: String,
}

/// The round of a `start` line: a wind round and the hand in it, or (when the winner
/// deals) the hand's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartAt {
    /// `East 2`: the round's wind and the hand's place in it (1–3).
    Round(crate::tile::Seat, u32),
    /// `hand 5`: the game's fifth hand.
    Hand(u32),
}

/// `start ROUND N dealer NAME [counters N] [sticks N] [draws N] points NAME N NAME N NAME
/// N`: a record that starts partway through a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartLine {
    /// The hand the record starts at.
    pub at: (StartAt, Span),
    /// Its dealer.
    pub dealer: Word,
    /// Counters on the table.
    pub counters: (u32, Span),
    /// Riichi sticks on the table.
    pub sticks: (u32, Span),
    /// Drawn hands in a row just before (goulash).
    pub draws: (u32, Span),
    /// Each player's points.
    pub points: Vec<(Word, i64)>,
    /// Where the points start.
    pub points_span: Span,
}

/// What one line says. Read from a line by [`read`]; deserialized (serde) from the form a
/// page sends, `{"kind": "riichi", "player": "Ann"}` (docs/game.md, "In the library").
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(try_from = "form::Form")]
pub enum Item {
    /// `ruleset NAME`: a shipped ruleset or a path.
    Ruleset(Word),
    /// `players A B C`: the seating in turn order; the first deals first unless
    /// `first-dealer` names another.
    Players(Vec<Word>),
    /// `first-dealer NAME`: who deals the first hand.
    FirstDealer(Word),
    /// `set KEY=VALUE`: a ruleset value for this game.
    Set(Word),
    /// `riichi NAME [left=N]`: a declaration (declared ready, in the points system).
    Riichi {
        /// Who declares.
        player: Word,
        /// `left=N`: tiles left in the wall.
        left: Option<(u32, Span)>,
    },
    /// `tenpai NAME[: HAND]`: tenpai at the coming exhaustive draw, with the 13 tiles shown.
    Tenpai {
        /// Who.
        player: Word,
        /// Where the hand starts in the line, when shown.
        hand: Option<usize>,
        /// The hand as written, when shown.
        hand_text: Option<String>,
    },
    /// `nagashi NAME`: a nagashi mangan at the coming exhaustive draw.
    Nagashi(Word),
    /// `draw [tenpai NAME…]`: an exhaustive draw.
    Draw(Vec<Word>),
    /// A win.
    Win(WinLine),
    /// `chombo NAME`.
    Chombo(Word),
    /// `abort KIND [NAME]`: an abortive draw, NAME declaring it (nine terminals).
    Abort {
        /// Which.
        kind: (AbortiveDraw, Span),
        /// Who declared it.
        player: Option<Word>,
    },
    /// `kong NAME TILE concealed | from NAME | promoted [fed-by NAME]`: paid on the spot.
    Kong {
        /// Who made it.
        player: Word,
        /// Its tile.
        tile: (Tile, Span),
        /// How.
        made: KongMade,
    },
    /// `bonus-set NAME SET dealt|drawn`: a full set of bonus tiles, paid on the spot.
    BonusSet {
        /// Who holds it.
        player: Word,
        /// Which set.
        set: (BonusSet, Span),
        /// In the starting hand.
        dealt: bool,
    },
    /// `correct NAME ±N …`: points moved between players, adding up to zero.
    Correct(Vec<(Word, i64)>),
    /// `start …`: the record starts partway through a game.
    Start(Box<StartLine>),
    /// `dealer-stops` (`true`) or `dealer-plays-on`, right after the all-last hand that lets
    /// its dealer, first, choose.
    DealerChoice(bool, Span),
    /// `end`: the game ends here, after its last complete hand (a game cut short), settled
    /// as any game at its end.
    End(Span),
}

/// One line of the record that says something.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Line number, from 1.
    pub number: usize,
    /// The line as written (without its end of line).
    pub text: String,
    /// What it says.
    pub item: Item,
}

/// A line that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// Line number, from 1.
    pub number: usize,
    /// The line.
    pub text: String,
    /// Where in it.
    pub span: Span,
    /// What is wrong.
    pub message: String,
}

/// The words the record gives a meaning to, which no player may be called.
pub const KEYWORDS: &[&str] = &[
    "ruleset",
    "players",
    "first-dealer",
    "set",
    "riichi",
    "tenpai",
    "nagashi",
    "draw",
    "chombo",
    "abort",
    "kong",
    "bonus-set",
    "correct",
    "start",
    "dealer-stops",
    "dealer-plays-on",
    "end",
    "and",
    "tsumo",
    "ron",
    "pao",
];

/// The longest record `mj3 game` reads, in bytes (16 MiB: a million hands of `draw`).
pub const MAX_RECORD_BYTES: usize = 16 << 20;

/// The longest line of a record, in bytes (64 KiB), end of line not counted.
pub const MAX_LINE_BYTES: usize = 64 << 10;

/// The most points one correction line may move (a `start` line's points may be a hundred
/// times it).
pub const MAX_AMOUNT: u32 = 1_000_000;

/// Reads every line of a record; the first line that cannot be read is the error.
pub fn read(text: &str) -> Result<Vec<Line>, ReadError> {
    lines(text).collect()
}

/// The lines of a record that say something, read one at a time as they are asked for: a
/// line ends with LF, CRLF or a lone CR (as a batch line does).
pub fn lines(text: &str) -> impl Iterator<Item = Result<Line, ReadError>> + '_ {
    raw_lines(text)
        .enumerate()
        .filter_map(|(index, raw)| one(index + 1, raw).transpose())
}

/// The text split into lines at LF, CRLF or a lone CR, the ends taken off.
fn raw_lines(text: &str) -> impl Iterator<Item = &str> + '_ {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let now = rest?;
        match now.find(['\n', '\r']) {
            Some(at) => {
                let after = match &now.as_bytes()[at..] {
                    [b'\r', b'\n', ..] => at + 2,
                    _ => at + 1,
                };
                rest = Some(&now[after..]).filter(|r| !r.is_empty());
                Some(&now[..at])
            }
            None => {
                rest = None;
                Some(now).filter(|n| !n.is_empty())
            }
        }
    })
}

/// Line `number`, `raw` as written: `None` when it says nothing (blank or a comment).
fn one(number: usize, raw: &str) -> Result<Option<Line>, ReadError> {
    if raw.len() > MAX_LINE_BYTES {
        let mut cut = 80;
        while !raw.is_char_boundary(cut) {
            cut -= 1;
        }
        return Err(ReadError {
            number,
            text: format!("{}…", &raw[..cut]),
            span: Span::new(0, cut),
            message: format!(
                "the line is longer than {MAX_LINE_BYTES} bytes ({} bytes): a record line is one event",
                raw.len()
            ),
        });
    }
    let code = raw.split('#').next().unwrap_or("").trim_end();
    if code.trim_start().is_empty() {
        return Ok(None);
    }
    match parse::item(code) {
        Ok(item) => Ok(Some(Line {
            number,
            text: raw.to_string(),
            item,
        })),
        Err((start, width, message)) => Err(ReadError {
            number,
            text: raw.to_string(),
            span: Span::new(start, start + width),
            message,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(line: &str) -> Item {
        read(line).expect("reads").remove(0).item
    }

    fn error(line: &str) -> ReadError {
        read(line).expect_err("an error")
    }

    #[test]
    fn reads_every_event() {
        assert!(matches!(one("players Ann Ben Cat"), Item::Players(p) if p.len() == 3));
        assert!(matches!(one("ruleset sanma"), Item::Ruleset(w) if w.text == "sanma"));
        let Item::Win(win) = one("Ann ron Ben pao Cat: 123p rrr ggg www 99s") else {
            panic!("a win")
        };
        assert_eq!(win.from.map(|w| w.text).as_deref(), Some("Ben"));
        assert_eq!(win.pao.map(|w| w.text).as_deref(), Some("Cat"));
        assert_eq!(win.hand, "Ann ron Ben pao Cat: ".len());
        assert!(
            matches!(one("and Cat ron Ben riichi-discard: 11p"), Item::Win(w) if w.also && w.riichi_discard.is_some())
        );
        assert!(matches!(one("draw tenpai Ann Cat"), Item::Draw(t) if t.len() == 2));
        assert!(matches!(one("draw # nobody"), Item::Draw(t) if t.is_empty()));
        assert!(matches!(
            one("riichi Ann left=5"),
            Item::Riichi {
                left: Some((5, _)),
                ..
            }
        ));
        assert!(matches!(
            one("kong Ann 5p from Ben"),
            Item::Kong {
                made: KongMade::From(_),
                ..
            }
        ));
        assert!(matches!(
            one("kong Ann r promoted fed-by Cat"),
            Item::Kong {
                made: KongMade::Promoted(Some(_)),
                ..
            }
        ));
        assert!(matches!(
            one("bonus-set Ann flowers dealt"),
            Item::BonusSet { dealt: true, .. }
        ));
        assert!(matches!(one("correct Ann +1000 Ben -1000"), Item::Correct(m) if m.len() == 2));
        assert!(matches!(
            one("tenpai Ann: 123p456p789p11s23s"),
            Item::Tenpai { hand: Some(_), .. }
        ));
    }

    #[test]
    fn errors_point_at_the_word() {
        let e = error("players Ann Ben");
        assert!(e.message.contains("three players"), "{}", e.message);
        let e = error("Ann wins: 123p");
        assert!(e.message.contains("starts no event"), "{}", e.message);
        let e = error("Ann ron: 123p");
        assert_eq!(e.span.start, "Ann ron".len());
        let e = error("kong Ann 5x concealed");
        assert_eq!(e.span, Span::new(9, 11));
        let e = error("\n\ncorrect Ann 1000");
        assert_eq!(e.number, 3);
        assert!(e.message.contains("signed"), "{}", e.message);
        let e = error("players Ann tsumo Cat");
        assert!(e.message.contains("keyword"), "{}", e.message);
    }
}
