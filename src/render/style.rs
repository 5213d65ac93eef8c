//! How text is written: colour (ANSI), tiles as their Unicode characters, or ASCII only.

use std::borrow::Cow;
use std::fmt;

use unicode_width::UnicodeWidthChar;

/// How output is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    /// Use ANSI colours.
    pub color: bool,
    /// The width tables and lines are fitted to, in columns (`None`: as wide as their
    /// content).
    pub width: Option<u16>,
    /// Tiles written as their Unicode characters (`--glyphs`).
    pub glyphs: bool,
    /// ASCII only: `+-|` borders, `x` for `×`, `-` for dashes (`--ascii`).
    pub ascii: bool,
}

impl Style {
    fn paint<T: fmt::Display>(&self, text: T, style: anstyle::Style) -> Painted<T> {
        Painted {
            text,
            style: self.color.then_some(style),
        }
    }

    /// A heading: bold.
    pub(super) fn heading<T: fmt::Display>(&self, text: T) -> Painted<T> {
        self.paint(text, anstyle::Style::new().bold())
    }

    /// A good outcome: green.
    pub(super) fn good<T: fmt::Display>(&self, text: T) -> Painted<T> {
        self.paint(text, anstyle::AnsiColor::Green.on_default())
    }

    /// A bad outcome: bold red.
    pub(super) fn bad<T: fmt::Display>(&self, text: T) -> Painted<T> {
        self.paint(text, anstyle::AnsiColor::Red.on_default().bold())
    }

    /// An outcome painted as [`good`](Self::good) when `good`, else as [`bad`](Self::bad).
    pub(super) fn outcome<T: fmt::Display>(&self, good: bool, text: T) -> Painted<T> {
        match good {
            true => self.good(text),
            false => self.bad(text),
        }
    }

    /// An aside: dimmed.
    pub(super) fn dim<T: fmt::Display>(&self, text: T) -> Painted<T> {
        self.paint(text, anstyle::Style::new().dimmed())
    }

    /// Tiles written in notation, as this style shows them: as they are, or as characters
    /// of the Mahjong Tiles block with `--glyphs`.
    pub(super) fn tiles<'a>(&self, notation: &'a str) -> Cow<'a, str> {
        if self.glyphs {
            Cow::Owned(crate::tile::notation_as_glyphs(notation))
        } else {
            Cow::Borrowed(notation)
        }
    }
}

/// Text shown in a style when colour is on, as it is otherwise (written where it is used,
/// never built on its own).
pub(super) struct Painted<T> {
    text: T,
    style: Option<anstyle::Style>,
}

impl<T: fmt::Display> fmt::Display for Painted<T> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.style {
            Some(style) => write!(f, "{style}{}{style:#}", self.text),
            None => self.text.fmt(f),
        }
    }
}

/// `text` with every character mj3 writes beyond ASCII replaced by one ASCII character, so
/// that tables keep their columns: box drawing by `+ - = |`, `×` by `x`, dashes and `·` by `-`, a no-break space by a space, `→`
/// by `>`, `§` by `#`, `…` by `.`; letters with accents (`Honshū`) lose them; a character two
/// columns wide becomes `??`, anything else `?`.
pub fn ascii_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let replacement = match c {
            c if c.is_ascii() => {
                out.push(c);
                continue;
            }
            '┌' | '┬' | '┐' | '└' | '┴' | '┘' | '├' | '┼' | '┤' | '╞' | '╪' | '╡' => {
                "+"
            }
            '\u{a0}' => " ",
            '·' => "-",
            '─' | '—' | '–' | '‐' | '−' => "-",
            '═' => "=",
            '│' | '┆' => "|",
            '×' => "x",
            '→' | '›' => ">",
            '‹' => "<",
            '↔' => "=",
            '§' => "#",
            '…' => ".",
            '‘' | '’' => "'",
            '“' | '”' => "\"",
            'ā' | 'á' | 'à' => "a",
            'ē' | 'é' | 'è' => "e",
            'ī' | 'í' => "i",
            'ō' | 'ó' | 'ö' => "o",
            'ū' | 'ú' | 'ü' => "u",
            'Ō' => "O",
            'Ū' => "U",
            // A wide character (CJK, the tile 🀄) takes two columns: two marks keep a table's.
            c if c.width() == Some(2) => "??",
            _ => "?",
        };
        out.push_str(replacement);
    }
    out
}
