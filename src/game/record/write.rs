//! The writer of the record's lines, the inverse of [`super::read`]: each [`Item`] written as
//! the line that reads back to it, one space between words, so that a page or a bot keeping
//! score can write a record mj3 replays.

use super::{Item, KongMade, StartAt, StartLine, WinLine, Word};
use crate::rules::AbortiveDraw;

/// A word to write holds a line break, which would write a second line into the record (a
/// page or a bot passing on a name it was given).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a word holds a line break, which would write a second line: `{}`", .line.escape_debug())]
pub struct LineBreak {
    /// The line as it would have been written.
    pub line: String,
}

/// The line that says `item` (without its end of line); refused when a word of it holds a
/// line break.
pub fn write(item: &Item) -> Result<String, LineBreak> {
    let line = line_of(item);
    match line.contains(['\n', '\r']) {
        true => Err(LineBreak { line }),
        false => Ok(line),
    }
}

/// The line that says `item`, whatever its words hold.
fn line_of(item: &Item) -> String {
    let name = |w: &Word| w.text.clone();
    match item {
        Item::Ruleset(w) => format!("ruleset {}", w.text),
        Item::Players(names) => format!("players {}", join(names)),
        Item::FirstDealer(w) => format!("first-dealer {}", w.text),
        Item::Set(w) => format!("set {}", w.text),
        Item::Start(start) => start_line(start),
        Item::Riichi { player, left } => match left {
            Some((n, _)) => format!("riichi {} left={n}", player.text),
            None => format!("riichi {}", player.text),
        },
        Item::Tenpai {
            player, hand_text, ..
        } => match hand_text {
            Some(hand) => format!("tenpai {}: {hand}", player.text),
            None => format!("tenpai {}", player.text),
        },
        Item::Nagashi(w) => format!("nagashi {}", w.text),
        Item::Draw(named) if named.is_empty() => "draw".into(),
        Item::Draw(named) => format!("draw tenpai {}", join(named)),
        Item::Win(win) => win_line(win),
        Item::Chombo(w) => format!("chombo {}", w.text),
        Item::Abort { kind, player } => match (kind.0, player) {
            (AbortiveDraw::NineTerminals, Some(p)) => format!("abort nine-terminals {}", p.text),
            (kind, _) => format!("abort {}", kind.word()),
        },
        Item::Kong { player, tile, made } => {
            let how = match made {
                KongMade::Concealed => "concealed".to_string(),
                KongMade::From(from) => format!("from {}", name(from)),
                KongMade::Promoted(None) => "promoted".to_string(),
                KongMade::Promoted(Some(feeder)) => format!("promoted fed-by {}", name(feeder)),
            };
            format!("kong {} {} {how}", player.text, tile.0.notation())
        }
        Item::BonusSet { player, set, dealt } => format!(
            "bonus-set {} {} {}",
            player.text,
            set.0.name(),
            if *dealt { "dealt" } else { "drawn" }
        ),
        Item::Correct(moves) => {
            let moves: Vec<String> = moves
                .iter()
                .map(|(w, n)| format!("{} {n:+}", w.text))
                .collect();
            format!("correct {}", moves.join(" "))
        }
        Item::DealerChoice(true, _) => "dealer-stops".into(),
        Item::DealerChoice(false, _) => "dealer-plays-on".into(),
    }
}

fn join(words: &[Word]) -> String {
    let texts: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
    texts.join(" ")
}

fn win_line(win: &WinLine) -> String {
    let mut out = String::new();
    if win.also {
        out.push_str("and ");
    }
    out.push_str(&win.winner.text);
    match &win.from {
        Some(from) => {
            out.push_str(" ron ");
            out.push_str(&from.text);
        }
        None => out.push_str(" tsumo"),
    }
    if let Some(pao) = &win.pao {
        out.push_str(" pao ");
        out.push_str(&pao.text);
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
    out.push_str(&format!(" dealer {}", start.dealer.text));
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
        out.push_str(&format!(" {} {n}", w.text));
    }
    out
}
