//! The writer of the record's lines, the inverse of [`super::read`]: each [`Item`] written as
//! the line that reads back to it, one space between words, so that a page or a bot keeping
//! score can write a record mj3 replays.

use super::words::is_quotable_name;
use super::{Item, KongMade, StartAt, StartLine, WinLine, Word};
use crate::rules::AbortiveDraw;

/// An item the writer refuses: its line would not read back as the item (a page or a bot
/// passing on a name it was given).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unwritable {
    /// A word holds a line break, which would write a second line into the record.
    #[error("a word holds a line break, which would write a second line: `{}`", .line.escape_debug())]
    LineBreak {
        /// The line as it would have been written.
        line: String,
    },
    /// A word is not one word of a record: empty, or holding a space, `:` or `#`; or a name
    /// that is a keyword, or holds `"`, `:`, `#`, a space at either end, two spaces in a row
    /// or another kind of space.
    #[error("`{}` is not one word of a record line: a name is words separated by single spaces (written in quotes when there are several), without `:`, `#` or `\"`, and no keyword of the record", .word.escape_debug())]
    NotAWord {
        /// The word.
        word: String,
    },
}

/// The line that says `item` (without its end of line); refused when a word of it holds a
/// line break, or is not one word the record reads back as it.
pub fn write(item: &Item) -> Result<String, Unwritable> {
    let line = line_of(item);
    if line.contains(['\n', '\r']) {
        return Err(Unwritable::LineBreak { line });
    }
    for (word, is_name) in words(item) {
        let text = word.text.as_str();
        let one_word =
            !text.is_empty() && !text.contains(|c: char| c.is_whitespace() || c == ':' || c == '#');
        let name_ok = is_quotable_name(text) && !super::KEYWORDS.contains(&text);
        if (is_name && !name_ok) || (!is_name && !one_word) {
            return Err(Unwritable::NotAWord {
                word: text.to_string(),
            });
        }
    }
    if let Item::Win(win) = item
        && win.hand_text.contains('#')
    {
        return Err(Unwritable::NotAWord {
            word: win.hand_text.clone(),
        });
    }
    Ok(line)
}

/// The words of `item`, each with whether it is a player's name.
fn words(item: &Item) -> Vec<(&Word, bool)> {
    match item {
        Item::Ruleset(w) | Item::Set(w) => vec![(w, false)],
        Item::Players(names) | Item::Draw(names) => names.iter().map(|w| (w, true)).collect(),
        Item::FirstDealer(w) | Item::Nagashi(w) | Item::Chombo(w) => vec![(w, true)],
        Item::Riichi { player, .. }
        | Item::Tenpai { player, .. }
        | Item::BonusSet { player, .. } => vec![(player, true)],
        Item::Abort { player, .. } => player.iter().map(|w| (w, true)).collect(),
        Item::Win(win) => [Some(&win.winner), win.from.as_ref(), win.pao.as_ref()]
            .into_iter()
            .flatten()
            .map(|w| (w, true))
            .collect(),
        Item::Kong { player, made, .. } => {
            let mut found = vec![(player, true)];
            if let KongMade::From(w) | KongMade::Promoted(Some(w)) = made {
                found.push((w, true));
            }
            found
        }
        Item::Correct(moves) => moves.iter().map(|(w, _)| (w, true)).collect(),
        Item::Start(start) => std::iter::once(&start.dealer)
            .chain(start.points.iter().map(|(w, _)| w))
            .map(|w| (w, true))
            .collect(),
        Item::DealerChoice(..) | Item::End(_) => Vec::new(),
    }
}

/// The line that says `item`, whatever its words hold.
fn line_of(item: &Item) -> String {
    match item {
        Item::Ruleset(w) => format!("ruleset {}", w.text),
        Item::Players(names) => format!("players {}", join(names)),
        Item::FirstDealer(w) => format!("first-dealer {}", said(w)),
        Item::Set(w) => format!("set {}", w.text),
        Item::Start(start) => start_line(start),
        Item::Riichi { player, left } => match left {
            Some((n, _)) => format!("riichi {} left={n}", said(player)),
            None => format!("riichi {}", said(player)),
        },
        Item::Tenpai {
            player, hand_text, ..
        } => match hand_text {
            Some(hand) => format!("tenpai {}: {hand}", said(player)),
            None => format!("tenpai {}", said(player)),
        },
        Item::Nagashi(w) => format!("nagashi {}", said(w)),
        Item::Draw(named) if named.is_empty() => "draw".into(),
        Item::Draw(named) => format!("draw tenpai {}", join(named)),
        Item::Win(win) => win_line(win),
        Item::Chombo(w) => format!("chombo {}", said(w)),
        Item::Abort { kind, player } => match (kind.0, player) {
            (AbortiveDraw::NineTerminals, Some(p)) => format!("abort nine-terminals {}", said(p)),
            (kind, _) => format!("abort {}", kind.word()),
        },
        Item::Kong { player, tile, made } => {
            let how = match made {
                KongMade::Concealed => "concealed".to_string(),
                KongMade::From(from) => format!("from {}", said(from)),
                KongMade::Promoted(None) => "promoted".to_string(),
                KongMade::Promoted(Some(feeder)) => format!("promoted fed-by {}", said(feeder)),
            };
            format!("kong {} {} {how}", said(player), tile.0.notation())
        }
        Item::BonusSet { player, set, dealt } => format!(
            "bonus-set {} {} {}",
            said(player),
            set.0.name(),
            if *dealt { "dealt" } else { "drawn" }
        ),
        Item::Correct(moves) => {
            let moves: Vec<String> = moves
                .iter()
                .map(|(w, n)| format!("{} {n:+}", said(w)))
                .collect();
            format!("correct {}", moves.join(" "))
        }
        Item::DealerChoice(true, _) => "dealer-stops".into(),
        Item::DealerChoice(false, _) => "dealer-plays-on".into(),
        Item::End(_) => "end".into(),
    }
}

/// A player's name as the record writes it: in double quotes when it has spaces.
fn said(name: &Word) -> String {
    if name.text.contains(' ') {
        format!("\"{}\"", name.text)
    } else {
        name.text.clone()
    }
}

fn join(names: &[Word]) -> String {
    let texts: Vec<String> = names.iter().map(said).collect();
    texts.join(" ")
}

fn win_line(win: &WinLine) -> String {
    let mut out = String::new();
    if win.also {
        out.push_str("and ");
    }
    out.push_str(&said(&win.winner));
    match &win.from {
        Some(from) => {
            out.push_str(" ron ");
            out.push_str(&said(from));
        }
        None => out.push_str(" tsumo"),
    }
    if let Some(pao) = &win.pao {
        out.push_str(" pao ");
        out.push_str(&said(pao));
    }
    if win.riichi_discard.is_some() {
        out.push_str(" riichi-discard");
    }
    out.push_str(": ");
    out.push_str(&win.hand_text);
    out
}

fn start_line(start: &StartLine) -> String {
    let mut out = match start.at.0 {
        StartAt::Round(wind, n) => format!("start {} {n}", wind.name()),
        StartAt::Hand(n) => format!("start hand {n}"),
    };
    out.push_str(&format!(" dealer {}", said(&start.dealer)));
    for (n, key) in [
        (start.counters.0, "counters"),
        (start.sticks.0, "sticks"),
        (start.draws.0, "draws"),
    ] {
        if n > 0 {
            out.push_str(&format!(" {key} {n}"));
        }
    }
    out.push_str(" points");
    for (w, n) in &start.points {
        out.push_str(&format!(" {} {n}", said(w)));
    }
    out
}
