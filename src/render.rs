//! Rendering: the score as a table for people, or as JSON for machines.

pub mod unready;

use std::borrow::Cow;
use std::fmt::{self, Write as _};

use serde::Serialize;

use crate::evaluate::Evaluation;
use crate::grid::Grid;
use crate::hand::{Context, ValidHand, Win};
use crate::json_writer::{self, WriteJson, push_int};
use crate::results::{
    FanTotals, HanFuTotals, HanTableTotals, Limit, PointsTotals, Role, Score, Totals, Verdict,
};
use crate::rules::{Changes, Ruleset};
use crate::tile::Wind;

/// How output is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    /// Use ANSI colours.
    pub color: bool,
    /// The width tables are fitted to, in columns (`None`: as wide as their content).
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

    fn heading<T: fmt::Display>(&self, text: T) -> Painted<T> {
        self.paint(text, anstyle::Style::new().bold())
    }

    fn good<T: fmt::Display>(&self, text: T) -> Painted<T> {
        self.paint(text, anstyle::AnsiColor::Green.on_default())
    }

    fn bad<T: fmt::Display>(&self, text: T) -> Painted<T> {
        self.paint(text, anstyle::AnsiColor::Red.on_default().bold())
    }

    fn dim<T: fmt::Display>(&self, text: T) -> Painted<T> {
        self.paint(text, anstyle::Style::new().dimmed())
    }

    /// Tiles written in notation, as this style shows them: as they are, or as characters
    /// of the Mahjong Tiles block with `--glyphs`.
    fn tiles<'a>(&self, notation: &'a str) -> Cow<'a, str> {
        if self.glyphs {
            Cow::Owned(crate::tile::notation_as_glyphs(notation))
        } else {
            Cow::Borrowed(notation)
        }
    }

    /// The finished text: ASCII only with `--ascii`, and every line that is not a table's
    /// wrapped at a space to the width (continued two spaces in), so that nothing runs past
    /// the terminal's edge.
    fn finish(&self, mut page: Page) -> String {
        if self.ascii {
            let text = ascii_only(&page.text);
            return match self.width {
                Some(width) => fit_lines(&text, usize::from(width)),
                None => text,
            };
        }
        self.fit_since_last_table(&mut page);
        page.text
    }

    /// Wraps the lines written since the last table (none of them a table's) to the width,
    /// as [`fit_lines`] would wrap them in the whole text; with `--ascii` the whole text is
    /// fitted at the end instead, after its characters are replaced.
    fn fit_since_last_table(&self, page: &mut Page) {
        let (Some(width), false) = (self.width, self.ascii) else {
            return;
        };
        let width = usize::from(width);
        let since = page.text.get(page.fitted..).unwrap_or("");
        // The lines before the first one to wrap stay as they are.
        let mut keep = 0;
        for line in since.split_inclusive('\n') {
            if needs_fitting(line.strip_suffix('\n').unwrap_or(line), width) {
                break;
            }
            keep += line.len();
        }
        if let Some(rest) = since.get(keep..).filter(|rest| !rest.is_empty()) {
            let fitted = fit_lines(rest, width);
            page.text.truncate(page.fitted + keep);
            page.text.push_str(&fitted);
        }
    }

    /// Appends a score table and a newline, fitted to the width (its cells wrapped as
    /// comfy-table wraps them) when it is wider.
    fn put_table(&self, out: &mut Page, grid: Grid) {
        self.fit_since_last_table(out);
        grid.write_to(&mut out.text, self.width.map(usize::from));
        out.text.push('\n');
        out.fitted = out.text.len();
        out.spare = grid;
    }
}

/// Text shown in a style when colour is on, as it is otherwise (written where it is used,
/// never built on its own).
struct Painted<T> {
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

/// The text view being written: the lines before `fitted` are fitted to the width already
/// (tables are drawn fitted), the ones after it not yet.
struct Page {
    text: String,
    fitted: usize,
    /// The last table drawn, kept for its buffers.
    spare: Grid,
}

impl Page {
    /// An empty table with these column headings, made from the buffers of the last one.
    fn table(&mut self, header: &[&str]) -> Grid {
        let mut grid = std::mem::take(&mut self.spare);
        grid.reset(header);
        grid
    }
}

impl fmt::Write for Page {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.text.push_str(text);
        Ok(())
    }
}

/// `text` with every character mj3 writes beyond ASCII replaced by one ASCII character, so
/// that tables keep their columns: box drawing by `+ - = |`, `×` by `x`, dashes by `-`, `→`
/// by `>`, `§` by `#`, `…` by `.`; letters with accents (`Honshū`) lose them; anything else
/// becomes `?`.
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
            c if is_wide(c) => "??",
            _ => "?",
        };
        out.push_str(replacement);
    }
    out
}

/// A character terminals show two columns wide: CJK ideographs, kana, hangul and full-width
/// forms (the common ranges; enough for the names and sources mj3 prints).
fn is_wide(c: char) -> bool {
    matches!(u32::from(c),
        0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x1F004 | 0x1F300..=0x1FAFF
        | 0x20000..=0x3FFFD)
}

/// Every line longer than `width` columns that is not part of a table, wrapped: first
/// before a two-space-and-parenthesis aside (`Hand: …  (seat East, …)`) when what comes
/// before it fits, then at spaces; continuation lines start two spaces in. A word longer
/// than a line stays whole.
pub fn fit_lines(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (line, ""),
        };
        if !needs_fitting(body, width) {
            out.push_str(line);
            continue;
        }
        let aside = body
            .rfind("  (")
            .filter(|&at| at > 0 && display_width(&body[..at]) <= width);
        match aside {
            Some(at) => {
                out.push_str(&body[..at]);
                out.push_str("\n  ");
                wrap_words(&mut out, &body[at + 2..], 2, width);
            }
            None => wrap_words(&mut out, body, 0, width),
        }
        out.push_str(end);
    }
    out
}

/// Whether `line` (without its newline) is wider than `width` columns and not a table's.
fn needs_fitting(line: &str, width: usize) -> bool {
    // A line's width is at most its length in bytes.
    if line.len() <= width {
        return false;
    }
    let is_table = line.starts_with(['┌', '│', '╞', '├', '└', '+', '|']);
    !is_table && display_width(line) > width
}

/// Writes `text` word by word from `column`, starting a new line (two spaces in) before a
/// word that would pass `width`. Words are what lies between single spaces (so there are
/// empty ones between two spaces); each is measured as [`display_width`] measures it.
fn wrap_words(out: &mut String, text: &str, mut column: usize, width: usize) {
    let bytes = text.as_bytes();
    let mut start = 0;
    loop {
        // One word: up to the next space, its width counted on the way.
        let mut end = start;
        let mut word_width = 0;
        let mut in_escape = false;
        while let Some(&byte) = bytes.get(end) {
            match (in_escape, byte) {
                (_, b' ') => break,
                (false, 0x1b) => in_escape = true,
                (true, b'm') => in_escape = false,
                (true, _) => {}
                // A character's first byte (not a UTF-8 continuation byte).
                (false, byte) if byte & 0xc0 != 0x80 => word_width += 1,
                (false, _) => {}
            }
            end += 1;
        }
        let word = text.get(start..end).unwrap_or("");
        if start > 0 && column + 1 + word_width > width && column > 2 {
            out.push_str("\n  ");
            column = 2;
        } else if start > 0 {
            out.push(' ');
            column += 1;
        }
        out.push_str(word);
        column += word_width;
        if end >= bytes.len() {
            break;
        }
        start = end + 1;
    }
}

/// Columns `text` takes on a terminal, ANSI colour codes not counted.
fn display_width(text: &str) -> usize {
    if !text.as_bytes().contains(&0x1b) {
        return text.chars().count();
    }
    let mut width = 0;
    let mut in_escape = false;
    for c in text.chars() {
        match (in_escape, c) {
            (false, '\u{1b}') => in_escape = true,
            (true, 'm') => in_escape = false,
            (true, _) => {}
            (false, _) => width += 1,
        }
    }
    width
}

/// One scored line of input, as JSON describes it. [`json`] writes these bytes without
/// serde (a test holds the two equal); the derived form stays the reference.
#[derive(Debug, Clone, Serialize)]
pub struct Report<'a> {
    /// The file the line is in, in `mj3 batch` with several files; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<&'a str>,
    /// The 1-based line number in `mj3 batch`; absent for `mj3 score`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The input line.
    pub input: &'a str,
    /// Ruleset name.
    pub ruleset: &'a str,
    /// The house files and `--set` items laid over the shipped ruleset, when there are any.
    #[serde(skip_serializing_if = "Changes::is_empty")]
    pub ruleset_changes: &'a Changes,
    /// Seat, round and how the hand was won.
    pub context: ContextReport,
    /// The evaluation.
    #[serde(flatten)]
    pub evaluation: &'a Evaluation,
}

impl<'a> Report<'a> {
    /// The report of one scored line (`file` and `line` as [`json`] takes them).
    pub fn new(
        file: Option<&'a str>,
        line: Option<usize>,
        input: &'a str,
        rules: &'a Ruleset,
        hand: &ValidHand,
        evaluation: &'a Evaluation,
    ) -> Self {
        Report {
            file,
            line,
            input,
            ruleset: &rules.name,
            ruleset_changes: &rules.changes,
            context: ContextReport::new(context_of(hand)),
            evaluation,
        }
    }
}

/// The resolved context, for JSON (a wind as its name: `East`).
#[derive(Debug, Clone, Copy, Serialize)]
pub struct ContextReport {
    /// Winner's seat.
    pub seat: Wind,
    /// Prevailing wind.
    pub round: Wind,
    /// `tsumo` or `ron`.
    pub win: &'static str,
    /// The discarder on a ron.
    pub discarder: Option<Wind>,
}

impl ContextReport {
    /// From a hand's context.
    pub fn new(ctx: &Context) -> Self {
        ContextReport {
            seat: ctx.seat,
            round: ctx.round,
            win: match ctx.win {
                Win::Tsumo => "tsumo",
                Win::Ron(_) => "ron",
            },
            discarder: match ctx.win {
                Win::Ron(seat) => Some(seat),
                Win::Tsumo => None,
            },
        }
    }
}

/// The bytes serde_json writes for the derived form, written directly.
impl WriteJson for Report<'_> {
    fn write_json(&self, out: &mut String) {
        out.push('{');
        if let Some(file) = self.file {
            out.push_str("\"file\":");
            json_writer::push_str_escaped(out, file);
            out.push(',');
        }
        if let Some(line) = self.line {
            out.push_str("\"line\":");
            push_int(out, line);
            out.push(',');
        }
        out.push_str("\"input\":");
        json_writer::push_str_escaped(out, self.input);
        out.push_str(",\"ruleset\":");
        json_writer::push_str_escaped(out, self.ruleset);
        if !self.ruleset_changes.is_empty() {
            out.push_str(",\"ruleset_changes\":");
            self.ruleset_changes.write_json(out);
        }
        out.push_str(",\"context\":");
        self.context.write_json(out);
        out.push(',');
        json_writer::write_evaluation_fields(self.evaluation, out);
        out.push('}');
    }
}

/// The bytes serde_json writes for the derived form, written directly.
impl WriteJson for ContextReport {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"seat\":");
        self.seat.write_json(out);
        out.push_str(",\"round\":");
        self.round.write_json(out);
        out.push_str(",\"win\":");
        json_writer::push_str_escaped(out, self.win);
        out.push_str(",\"discarder\":");
        match self.discarder {
            Some(discarder) => discarder.write_json(out),
            None => out.push_str("null"),
        }
        out.push('}');
    }
}

/// The context of a validated hand.
pub fn context_of(hand: &ValidHand) -> &Context {
    match hand {
        ValidHand::Complete(h) => &h.context,
        ValidHand::Waiting(w) => &w.base.context,
    }
}

/// JSON for one line: `file` names its file (`batch` with several files), `line` its number.
pub fn json(
    file: Option<&str>,
    line: Option<usize>,
    input: &str,
    rules: &Ruleset,
    hand: &ValidHand,
    evaluation: &Evaluation,
) -> String {
    let mut out = String::with_capacity(json_capacity(evaluation));
    write_json(&mut out, file, line, input, rules, hand, evaluation);
    out
}

/// Appends the JSON for one line to `out`: the bytes `serde_json` writes for [`Report`],
/// written directly by [`json_writer`](crate::json_writer).
pub fn write_json(
    out: &mut String,
    file: Option<&str>,
    line: Option<usize>,
    input: &str,
    rules: &Ruleset,
    hand: &ValidHand,
    evaluation: &Evaluation,
) {
    Report::new(file, line, input, rules, hand, evaluation).write_json(out);
}

/// Room for one line's JSON, so that the string seldom grows: a scored hand takes about
/// 1.6 kB (more with many elements), the line and the context a few hundred bytes.
pub fn json_capacity(evaluation: &Evaluation) -> usize {
    const PER_SCORE: usize = 2048;
    match evaluation {
        Evaluation::Complete { .. } => 512 + PER_SCORE,
        Evaluation::Waiting { waits } => 512 + PER_SCORE * waits.len(),
    }
}

fn describe_context(ctx: &Context) -> String {
    let how = match ctx.win {
        Win::Tsumo => "won by self-draw".to_string(),
        Win::Ron(seat) => format!("won on a discard from {}", seat.name()),
    };
    format!(
        "seat {}, round {}, {how}",
        ctx.seat.name(),
        ctx.round.name()
    )
}

/// The table view of one line.
pub fn text(
    input: &str,
    rules: &Ruleset,
    hand: &ValidHand,
    evaluation: &Evaluation,
    style: Style,
) -> String {
    let mut out = Page {
        text: String::with_capacity(4096),
        fitted: 0,
        spare: Grid::default(),
    };
    let ctx = context_of(hand);
    let _ = writeln!(
        out,
        "{} {}  {}",
        style.heading("Hand:"),
        input.trim(),
        style.dim(format_args!(
            "({}; ruleset {})",
            describe_context(ctx),
            rules.label()
        ))
    );
    match evaluation {
        Evaluation::Complete { score: Some(score) } => write_score(&mut out, score, style),
        Evaluation::Complete { score: None } => {
            let _ = writeln!(
                out,
                "{}",
                style.bad("Not a winning hand: the tiles make no four sets and an eye, seven pairs or other winning shape under this ruleset.")
            );
        }
        Evaluation::Waiting { waits } if waits.is_empty() => {
            let _ = writeln!(
                out,
                "{}",
                style.bad("13 tiles, but no tile in play completes this hand.")
            );
        }
        Evaluation::Waiting { waits } => {
            let tiles: Vec<Cow<str>> = waits.iter().map(|w| style.tiles(&w.tile)).collect();
            let _ = writeln!(
                out,
                "{} {} — 13 tiles; each winning tile is scored below.",
                style.heading("Waiting on:"),
                tiles.join(", ")
            );
            for wait in waits {
                let _ = writeln!(out);
                let _ = writeln!(
                    out,
                    "{}",
                    style.heading(format_args!(
                        "── on {} ─ collects {}",
                        style.tiles(&wait.tile),
                        wait.score.received()
                    ))
                );
                write_score(&mut out, &wait.score, style);
            }
        }
    }
    style.finish(out)
}

fn write_points_totals(out: &mut Page, totals: &PointsTotals, style: Style) {
    match totals.limit {
        Some(limit) => {
            let name = match limit {
                Limit::Full => "Full limit",
                Limit::Half => "Half limit",
            };
            let _ = writeln!(
                out,
                "{} {} points",
                style.heading(format_args!("{name}:")),
                totals.limit_points
            );
        }
        None => {
            let met = totals.hand_points >= totals.minimum;
            let check = format!(
                "(minimum {}: {})",
                totals.minimum,
                if met { "met" } else { "not met" }
            );
            let _ = writeln!(
                out,
                "{} {}  {}",
                style.heading("Hand-points:"),
                totals.hand_points,
                if met {
                    style.good(&check)
                } else {
                    style.bad(&check)
                }
            );
            let _ = writeln!(
                out,
                "{} {}",
                style.heading("Bonus-points:"),
                totals.bonus_points
            );
        }
    }
}

fn write_fan_totals(out: &mut Page, totals: &FanTotals, style: Style) {
    let met = totals.counted >= totals.minimum;
    let check = format!(
        "(minimum {}: {}; cap {})",
        totals.minimum,
        if met { "met" } else { "not met" },
        totals.cap
    );
    let fan = if totals.fan > totals.cap {
        format!("{} (of {})", totals.counted, totals.fan)
    } else {
        totals.counted.to_string()
    };
    let _ = writeln!(
        out,
        "{} {fan}  {}",
        style.heading("Fan:"),
        if met {
            style.good(&check)
        } else {
            style.bad(&check)
        }
    );
    let _ = writeln!(out, "{} {}", style.heading("Points:"), totals.points);
}

/// Writes the yakuman line (`… — {what}`) and returns true when the hand is a yakuman.
fn wrote_yakuman(out: &mut Page, yakuman: u32, what: fmt::Arguments, style: Style) -> bool {
    if yakuman == 0 {
        return false;
    }
    let _ = writeln!(
        out,
        "{} {yakuman}× yakuman — {what}",
        style.heading("Yakuman:")
    );
    true
}

fn write_hanfu_totals(out: &mut Page, totals: &HanFuTotals, style: Style) {
    let base = totals.base_points;
    if wrote_yakuman(
        out,
        totals.yakuman,
        format_args!("base points {base}"),
        style,
    ) {
        return;
    }
    let mut fu = out.table(&["Fu", "Rule"]);
    fu.align_right(0);
    for line in &totals.fu_lines {
        fu.cell_with(|text| {
            text.push('+');
            push_int(text, line.fu);
        })
        .cell(&line.label);
    }
    fu.cell_with(|text| push_int(text, totals.fu))
        .cell("total fu");
    style.put_table(out, fu);
    let limit = totals
        .limit
        .map_or_else(String::new, |l| format!(" — {}", l.name()));
    let _ = writeln!(
        out,
        "{} {} ({} yaku + {} dora), {} fu — base points {}{limit}",
        style.heading("Han:"),
        totals.han,
        totals.yaku_han,
        totals.dora_han,
        totals.fu,
        totals.base_points
    );
}

fn write_han_table_totals(out: &mut Page, totals: &HanTableTotals, style: Style) {
    let row = &totals.row;
    if wrote_yakuman(out, totals.yakuman, format_args!("table row {row}"), style) {
        return;
    }
    let _ = writeln!(
        out,
        "{} {} ({} yaku + {} bonus) — table row {}",
        style.heading("Han:"),
        totals.han,
        totals.yaku_han,
        totals.bonus_han,
        totals.row
    );
}

fn write_score(out: &mut Page, score: &Score, style: Style) {
    let _ = writeln!(
        out,
        "{} {}  {}",
        style.heading("Arrangement:"),
        style.tiles(&score.arrangement),
        style.dim(format_args!(
            "(winning tile {} completes the set marked *)",
            style.tiles(&score.win_tile)
        ))
    );
    if !score.jokers.is_empty() {
        let taken: Vec<String> = score
            .jokers
            .iter()
            .map(|t| format!("{}→{}", style.tiles("J"), style.tiles(t)))
            .collect();
        let _ = writeln!(
            out,
            "{} {}  {}",
            style.heading("Jokers:"),
            taken.join(" "),
            style.dim("(the assignment that scores best)")
        );
    }
    let value_header = match score.totals {
        Totals::Fan(_) => "Fan",
        Totals::Points(_) => "Points",
        Totals::HanFu(_) | Totals::HanTable(_) => "Han",
    };
    let mut table = out.table(&["Element", "Class", value_header, "Tiles"]);
    table.align_right(2);
    for element in &score.elements {
        table.cell(&element.name).cell(element.class.label());
        if element.class.is_limit() {
            table.cell("—");
        } else if element.class == crate::rules::Class::Yakuman {
            // Yakuman are counted in yakuman, not han.
            table.cell_fmt(format_args!("{}× yakuman", element.points));
        } else if element.count > 1 {
            table.cell_with(|text| {
                push_int(text, element.count);
                text.push('×');
                push_int(text, element.value);
                text.push_str(" = ");
                push_int(text, element.points);
            });
        } else {
            table.cell_with(|text| push_int(text, element.points));
        }
        table.cell(&style.tiles(&element.tiles));
    }
    style.put_table(out, table);
    match &score.totals {
        Totals::Points(totals) => write_points_totals(out, totals, style),
        Totals::Fan(totals) => write_fan_totals(out, totals, style),
        Totals::HanFu(totals) => write_hanfu_totals(out, totals, style),
        Totals::HanTable(totals) => write_han_table_totals(out, totals, style),
    }
    if !score.superseded.is_empty() {
        let names: Vec<&str> = score.superseded.iter().map(|e| &*e.name).collect();
        let _ = writeln!(
            out,
            "{} {}",
            style.dim("Not counted (limit hand):"),
            names.join(", ")
        );
    }
    let verdict = score.verdict.explain();
    let _ = writeln!(
        out,
        "{} {}",
        style.heading("Verdict:"),
        if score.verdict == Verdict::Win {
            style.good(&verdict)
        } else {
            style.bad(&verdict)
        }
    );
    for note in &score.notes {
        let _ = writeln!(out, "{} {}", style.dim("Note:"), note);
    }
    let mut payments = out.table(&["Seat", "Role", "Receives / pays", "How"]);
    payments.align_right(2);
    for seat in &score.payments.seats {
        let role = match seat.role {
            Role::Winner => "winner",
            Role::Discarder => "discarder",
            Role::Other => "other",
        };
        payments.cell(seat.seat.name());
        if seat.waiting {
            payments.cell_fmt(format_args!("{role}, waiting"));
        } else {
            payments.cell(role);
        }
        payments.cell_with(|text| {
            match seat.amount {
                0 => {}
                a if a > 0 => text.push('+'),
                _ => text.push('-'),
            }
            push_grouped(text, seat.amount.unsigned_abs());
        });
        payments.cell(&seat.breakdown);
    }
    let _ = writeln!(out, "{}", style.heading("Payments:"));
    style.put_table(out, payments);
}

/// The ruleset's criteria as a JSON array: every field (the source naming its document by
/// title), and `active` (false for the ones switched off).
pub fn criteria_json(rules: &Ruleset) -> String {
    let listed: Vec<serde_json::Value> = rules
        .criteria
        .iter()
        .map(|c| (c, true))
        .chain(rules.switched_off.iter().map(|c| (c, false)))
        .filter_map(|(c, active)| {
            let mut value = serde_json::to_value(c).ok()?;
            if let Some(object) = value.as_object_mut() {
                object.insert("active".into(), active.into());
                object.insert("source".into(), crate::sources::cite(&c.source).into());
            }
            Some(value)
        })
        .collect();
    serde_json::Value::Array(listed).to_string()
}

/// Appends `amount` in digits, with a comma between groups of three from 10,000 on
/// (`2,000,000,012`; four digits stay as they are: `1160`).
fn push_grouped(out: &mut String, amount: u64) {
    if amount < 10_000 {
        push_int(out, amount);
        return;
    }
    let mut buffer = itoa::Buffer::new();
    let digits = buffer.format(amount);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
}
