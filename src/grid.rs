//! Boxed tables drawn as comfy-table draws its `UTF8_FULL_CONDENSED` preset (the same bytes),
//! written straight into a string. Given a width it may not pass, a table narrows its columns
//! and wraps its cells exactly as comfy-table's dynamic content arrangement does; the unit
//! tests compare the two on many tables and widths. Every score table mj3 prints is drawn
//! here; the tables of `mj3 criteria` and `compare` still use comfy-table.

use std::fmt::{self, Write as _};

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

/// A table: a header row, rows of cells (a cell may hold several lines), and the columns
/// whose cells are aligned right. The cells' text is kept in one string, each cell's width
/// measured once, when it is added.
#[derive(Debug, Clone)]
pub struct Grid {
    columns: usize,
    right: Vec<bool>,
    text: String,
    /// The header's cells, then each row's, `columns` to a row (the last row may be short:
    /// its missing cells are drawn empty).
    cells: Vec<Cell>,
}

/// Where a cell's text is in [`Grid::text`], and how wide it is drawn.
#[derive(Debug, Clone, Copy)]
struct Cell {
    start: usize,
    end: usize,
    /// The width of its widest line, in terminal columns.
    width: usize,
    /// Whether it holds a newline.
    several_lines: bool,
}

/// The empty cell a short last row is filled with.
const EMPTY: Cell = Cell {
    start: 0,
    end: 0,
    width: 0,
    several_lines: false,
};

impl Default for Grid {
    /// A table with no columns.
    fn default() -> Self {
        Grid::new(&[])
    }
}

impl Grid {
    /// A table with these column headings and no rows.
    pub fn new(header: &[&str]) -> Self {
        let mut grid = Grid {
            columns: 0,
            right: Vec::new(),
            text: String::new(),
            cells: Vec::new(),
        };
        grid.reset(header);
        grid
    }

    /// Empties the table and gives it these column headings, keeping its buffers.
    pub fn reset(&mut self, header: &[&str]) {
        self.columns = header.len();
        self.right.clear();
        self.right.resize(header.len(), false);
        self.text.clear();
        self.cells.clear();
        for heading in header {
            self.cell(heading);
        }
    }

    /// Aligns the cells of column `index` (and its heading) to the right.
    pub fn align_right(&mut self, index: usize) -> &mut Self {
        if let Some(right) = self.right.get_mut(index) {
            *right = true;
        }
        self
    }

    /// Adds a row (one cell per column).
    pub fn add_row(&mut self, cells: &[&str]) -> &mut Self {
        for text in cells {
            self.cell(text);
        }
        self
    }

    /// Adds the next cell: rows fill from left to right, a new row starting after the last
    /// column.
    pub fn cell(&mut self, text: &str) -> &mut Self {
        let start = self.text.len();
        self.text.push_str(text);
        self.end_cell(start)
    }

    /// Adds the next cell, written by `args` (as [`Grid::cell`]).
    pub fn cell_fmt(&mut self, args: fmt::Arguments) -> &mut Self {
        let start = self.text.len();
        match args.as_str() {
            Some(text) => self.text.push_str(text),
            None => {
                let _ = self.text.write_fmt(args);
            }
        }
        self.end_cell(start)
    }

    /// Adds the next cell, written by `write` (as [`Grid::cell`]).
    pub fn cell_with(&mut self, write: impl FnOnce(&mut String)) -> &mut Self {
        let start = self.text.len();
        write(&mut self.text);
        self.end_cell(start)
    }

    /// Measures the text from `start` to the end as one cell.
    fn end_cell(&mut self, start: usize) -> &mut Self {
        let text = self.text.get(start..).unwrap_or("");
        let (width, several_lines) = if is_plain_ascii(text) {
            (text.len(), false)
        } else if text.contains('\n') {
            let widest = text.split('\n').map(display_width).max().unwrap_or(0);
            (widest, true)
        } else {
            (text.width(), false)
        };
        self.cells.push(Cell {
            start,
            end: self.text.len(),
            width,
            several_lines,
        });
        self
    }

    /// The text of a cell.
    fn text_of(&self, cell: &Cell) -> &str {
        self.text.get(cell.start..cell.end).unwrap_or("")
    }

    /// The width of the drawn table, borders included, in terminal columns, when nothing
    /// narrows it.
    pub fn width(&self) -> usize {
        table_width(&self.natural_widths())
    }

    /// The width of each column's content: its widest line, at least 1.
    fn natural_widths(&self) -> Vec<usize> {
        let mut widths = vec![1; self.columns];
        if self.columns == 0 {
            return widths;
        }
        for row in self.cells.chunks(self.columns) {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(cell.width);
            }
        }
        widths
    }

    /// Appends the table to `out` (no newline after the last line), at most `fit` columns
    /// wide when it can be: wider tables have their columns narrowed and their cells wrapped
    /// as comfy-table's `ContentArrangement::Dynamic` does.
    pub fn write_to(&self, out: &mut String, fit: Option<usize>) {
        let natural = self.natural_widths();
        let widths = match fit {
            Some(limit) if table_width(&natural) > limit => self.fitted_widths(&natural, limit),
            _ => natural,
        };
        out.reserve((table_width(&widths) * 3 + 8) * (self.cells.len() / self.columns.max(1) + 3));
        rule(out, &widths, ["┌", "─", "┬", "┐"]);
        let mut rows = self.cells.chunks(self.columns.max(1));
        let mut pieces = Vec::new();
        if let Some(header) = rows.next() {
            self.write_row(out, &widths, header, &mut pieces);
        }
        out.push('\n');
        rule(out, &widths, ["╞", "═", "╪", "╡"]);
        for row in rows {
            self.write_row(out, &widths, row, &mut pieces);
        }
        out.push('\n');
        rule(out, &widths, ["└", "─", "┴", "┘"]);
    }

    /// The lines of one row, each after a newline: as many as its tallest cell (wrapped to
    /// its column's width), shorter cells padded with blanks.
    fn write_row<'a>(
        &'a self,
        out: &mut String,
        widths: &[usize],
        row: &[Cell],
        pieces: &mut Vec<Vec<(&'a str, usize)>>,
    ) {
        let one_line = row.len() == widths.len()
            && row
                .iter()
                .zip(widths)
                .all(|(cell, &width)| !cell.several_lines && cell.width <= width);
        if one_line {
            out.push_str("\n│");
            for (i, (cell, &width)) in row.iter().zip(widths).enumerate() {
                if i > 0 {
                    out.push('┆');
                }
                self.pad(out, i, self.text_of(cell), cell.width, width);
            }
            out.push('│');
            return;
        }
        pieces.resize_with(widths.len(), Vec::new);
        for (i, (column, &width)) in pieces.iter_mut().zip(widths).enumerate() {
            column.clear();
            let cell = row.get(i).unwrap_or(&EMPTY);
            for line in self.text_of(cell).split('\n') {
                let line_width = display_width(line);
                if line_width > width {
                    wrap_line(line, width, column);
                } else {
                    column.push((line, line_width));
                }
            }
        }
        let height = pieces.iter().map(Vec::len).max().unwrap_or(0);
        for line in 0..height {
            out.push_str("\n│");
            for (i, (column, &width)) in pieces.iter().zip(widths).enumerate() {
                if i > 0 {
                    out.push('┆');
                }
                match column.get(line) {
                    Some(&(text, text_width)) => self.pad(out, i, text, text_width, width),
                    None => push_run(out, SPACES, width + 2),
                }
            }
            out.push('│');
        }
    }

    /// One line of a cell in column `index`, `width` wide, padded by a space each side and
    /// aligned as the column is.
    fn pad(&self, out: &mut String, index: usize, text: &str, text_width: usize, width: usize) {
        let blank = width.saturating_sub(text_width);
        if self.right.get(index) == Some(&true) {
            push_run(out, SPACES, blank + 1);
            out.push_str(text);
            out.push(' ');
        } else {
            out.push(' ');
            out.push_str(text);
            push_run(out, SPACES, blank + 1);
        }
    }

    /// The content widths comfy-table's dynamic arrangement gives the columns of a table
    /// that must fit `limit` columns: columns no wider than the average room left keep their
    /// width (repeated while that frees room); then a column whose cells, wrapped at the
    /// average, leave at least 3 columns of it unused takes its wrapped width; the columns
    /// still open share what is left evenly (the first ones one more), at least 1 each.
    fn fitted_widths(&self, natural: &[usize], limit: usize) -> Vec<usize> {
        let count = natural.len();
        // Borders (one per column and one more) and a space of padding each side of a cell.
        let mut room = limit.saturating_sub(count + 1).saturating_sub(2 * count);
        let mut decided: Vec<Option<usize>> = vec![None; count];
        let mut open = count;
        let natural: Vec<usize> = natural
            .iter()
            .map(|&w| w.min(usize::from(u16::MAX)))
            .collect();
        // A column's width decided: at least 1, though only `width` is taken from the room.
        let fix = |decided: &mut [Option<usize>], room: &mut usize, open: &mut usize, i, width| {
            if let Some(slot) = decided.get_mut(i) {
                *slot = Some(usize::max(width, 1));
            }
            *room = usize::saturating_sub(*room, width);
            *open -= 1;
        };
        // Columns that fit in the average room.
        'fitting: while open > 0 && room / open > 0 {
            let mut fixed_any = false;
            for (i, &width) in natural.iter().enumerate() {
                if decided.get(i).copied().flatten().is_some() || width > room / open {
                    continue;
                }
                fix(&mut decided, &mut room, &mut open, i, width);
                fixed_any = true;
                if open == 0 {
                    break 'fitting;
                }
            }
            if !fixed_any {
                break;
            }
        }
        // Columns that need less than the average once wrapped.
        let mut fixed_any = open > 0;
        while fixed_any {
            fixed_any = false;
            for i in 0..count {
                if decided.get(i).copied().flatten().is_some() {
                    continue;
                }
                let average = room / open;
                if average < 3 {
                    // Nothing can leave 3 columns unused.
                    continue;
                }
                let longest = self.longest_wrapped_line(i, average);
                if average.saturating_sub(longest) >= 3 {
                    fix(&mut decided, &mut room, &mut open, i, longest);
                    fixed_any = true;
                    if open == 0 {
                        break;
                    }
                }
            }
        }
        // The rest shared evenly.
        if open > 0 {
            let room = room.max(open);
            let (share, extra) = (room / open, room % open);
            let open_slots = decided.iter_mut().filter(|slot| slot.is_none());
            for (nth, slot) in open_slots.enumerate() {
                let width = share + usize::from(nth < extra);
                *slot = Some(width.clamp(1, usize::from(u16::MAX)));
            }
        }
        decided.into_iter().map(|w| w.unwrap_or(1)).collect()
    }

    /// The widest line of column `index` (its heading included) when its lines wider than
    /// `width` are wrapped to it.
    fn longest_wrapped_line(&self, index: usize, width: usize) -> usize {
        let mut longest = 0;
        let mut pieces = Vec::new();
        let cells = self.cells.iter().skip(index).step_by(self.columns.max(1));
        for cell in cells {
            if !cell.several_lines && cell.width <= width {
                longest = longest.max(cell.width);
                continue;
            }
            for line in self.text_of(cell).split('\n') {
                let line_width = display_width(line);
                if line_width > width {
                    pieces.clear();
                    wrap_line(line, width.max(1), &mut pieces);
                    longest = pieces.iter().map(|p| p.1).fold(longest, usize::max);
                } else {
                    longest = longest.max(line_width);
                }
            }
        }
        longest
    }
}

/// A table's width from its columns' content widths: borders and padding added.
fn table_width(widths: &[usize]) -> usize {
    widths.iter().map(|w| w + 2).sum::<usize>() + widths.len() + 1
}

/// Whether every byte of `text` is a printable ASCII character (its width is then its
/// length).
fn is_plain_ascii(text: &str) -> bool {
    text.bytes().all(|b| (0x20..0x7f).contains(&b))
}

/// Columns `text` (one line) takes on a terminal.
fn display_width(text: &str) -> usize {
    if is_plain_ascii(text) {
        text.len()
    } else {
        text.width()
    }
}

/// The fewest columns a line may have left for another word to be added to it.
const MIN_FREE: usize = 2;

/// Wraps one line of a cell to `width` columns as comfy-table does, appending each piece
/// and its width to `pieces`. Words (split at single spaces) are added to a line while they
/// fit; a line with at most 2 columns left is closed; a word wider than a whole line is cut
/// (a fresh line, or one with more than 2 columns left, is filled with as much of it as
/// fits, by grapheme). Every piece is a slice of `line`, since words are joined by the one
/// space that separated them.
fn wrap_line<'a>(line: &'a str, width: usize, pieces: &mut Vec<(&'a str, usize)>) {
    let mut words = line.split(' ').map(|word| {
        let start = word.as_ptr() as usize - line.as_ptr() as usize;
        (start, word)
    });
    let mut pending: Option<(usize, &str)> = None;
    // The piece being built: line[start..end], `used` columns wide (empty when start == end).
    let (mut start, mut end, mut used) = (0, 0, 0);
    let piece = |start: usize, end: usize| line.get(start..end).unwrap_or("");
    while let Some((at, word)) = pending.take().or_else(|| words.next()) {
        let word_width = display_width(word);
        let empty = start == end;
        let joined = used + word_width + usize::from(!empty);
        let left = width.saturating_sub(used + usize::from(!empty));
        if joined <= width {
            if empty {
                start = at;
            }
            end = at + word.len();
            used = joined;
            if used > width.saturating_sub(MIN_FREE) {
                push_piece(pieces, piece(start, end));
                (start, end, used) = (end, end, 0);
            }
            continue;
        }
        if !empty && left <= MIN_FREE {
            pending = Some((at, word));
            push_piece(pieces, piece(start, end));
            (start, end, used) = (end, end, 0);
            continue;
        }
        if word_width > width {
            let head = cut_word(word, left);
            if empty && head.is_empty() {
                // Not even the first character fits: it takes the line alone.
                let first = word.chars().next().map_or(0, char::len_utf8);
                let (head, tail) = word.split_at(first);
                push_piece(pieces, head);
                pending = Some((at + first, tail));
            } else {
                if empty {
                    start = at;
                }
                end = at + head.len();
                push_piece(pieces, piece(start, end));
                pending = Some((end, word.get(head.len()..).unwrap_or("")));
            }
            (start, end, used) = (at + word.len(), at + word.len(), 0);
            continue;
        }
        // The word fits a line of its own.
        push_piece(pieces, piece(start, end));
        (start, end, used) = (at, at + word.len(), word_width);
        if used > width.saturating_sub(MIN_FREE) {
            push_piece(pieces, word);
            (start, end, used) = (end, end, 0);
        }
    }
    if start != end {
        push_piece(pieces, piece(start, end));
    }
}

/// Appends a piece of a wrapped line with its width.
fn push_piece<'a>(pieces: &mut Vec<(&'a str, usize)>, text: &'a str) {
    pieces.push((text, display_width(text)));
}

/// The longest start of `word` at most `width` columns wide: bytes for printable ASCII,
/// whole graphemes otherwise.
fn cut_word(word: &str, width: usize) -> &str {
    if is_plain_ascii(word) {
        return word.get(..width.min(word.len())).unwrap_or(word);
    }
    let mut used = 0;
    for (at, grapheme) in word.grapheme_indices(true) {
        used += grapheme.width();
        if used > width {
            return word.get(..at).unwrap_or(word);
        }
    }
    word
}

/// Runs of one character, 32 long, that rules and padding are cut from.
const SPACES: &str = "                                ";
const LIGHT: &str = "────────────────────────────────";
const DOUBLE: &str = "════════════════════════════════";
/// How many characters each run holds.
const RUN: usize = 32;

/// Appends `count` characters of `run` (one character repeated).
fn push_run(out: &mut String, run: &str, count: usize) {
    let unit = run.len() / RUN;
    let mut left = count;
    while left > 0 {
        let now = left.min(RUN);
        out.push_str(run.get(..now * unit).unwrap_or(run));
        left -= now;
    }
}

/// A horizontal line: `left`, then for each column its width plus padding of `fill`, the
/// columns joined by `junction`, then `right`.
fn rule(out: &mut String, widths: &[usize], [left, fill, junction, right]: [&str; 4]) {
    let run = match fill {
        "═" => DOUBLE,
        _ => LIGHT,
    };
    out.push_str(left);
    for (i, &width) in widths.iter().enumerate() {
        if i > 0 {
            out.push_str(junction);
        }
        push_run(out, run, width + 2);
    }
    out.push_str(right);
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let mut text = String::new();
        self.write_to(&mut text, None);
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use comfy_table::{CellAlignment, ContentArrangement, Table, presets};

    use super::*;

    /// comfy-table set up as mj3's score tables were drawn before the grid: fitted to
    /// `width` when there is one.
    fn comfy(header: &[&str], rows: &[Vec<&str>], right: &[usize], width: Option<u16>) -> Table {
        let mut table = Table::new();
        table
            .load_style(presets::UTF8_FULL_CONDENSED)
            .set_header(header.to_vec());
        match width {
            Some(width) => table
                .set_content_arrangement(ContentArrangement::Dynamic)
                .set_width(width),
            None => table.set_content_arrangement(ContentArrangement::Disabled),
        };
        for row in rows {
            table.add_row(row.clone());
        }
        for &index in right {
            if let Some(column) = table.column_mut(index) {
                column.set_cell_alignment(CellAlignment::Right);
            }
        }
        table
    }

    fn grid(header: &[&str], rows: &[Vec<&str>], right: &[usize]) -> Grid {
        let mut grid = Grid::new(header);
        for row in rows {
            grid.add_row(row);
        }
        for &index in right {
            grid.align_right(index);
        }
        grid
    }

    /// The grid drawn to `width` and comfy-table's drawing, for every width from 1 to 240.
    fn assert_same_at_every_width(header: &[&str], rows: &[Vec<&str>], right: &[usize]) {
        let drawn = grid(header, rows, right);
        let unfitted = comfy(header, rows, right, None).to_string();
        assert_eq!(drawn.to_string(), unfitted, "no width: {rows:?}");
        for width in 1..=240u16 {
            let mut ours = String::new();
            drawn.write_to(&mut ours, Some(usize::from(width)));
            let theirs = comfy(header, rows, right, Some(width)).to_string();
            assert_eq!(ours, theirs, "width {width}: {header:?} {rows:?}");
        }
    }

    #[test]
    fn draws_the_same_bytes_as_comfy_table() {
        let header = ["Element", "Class", "Han", "Tiles"];
        let rows = vec![
            vec!["Riichi", "yaku", "1", ""],
            vec!["Dora × 2", "dora", "2×1 = 2", "5p5p"],
            vec!["two\nlines", "", "中", "x"],
        ];
        let drawn = grid(&header, &rows, &[2]);
        let text = drawn.to_string();
        let widest = text.lines().map(UnicodeWidthStr::width).max();
        assert_eq!(widest, Some(drawn.width()));
        assert_same_at_every_width(&header, &rows, &[2]);
        assert_same_at_every_width(&header, &[], &[2]);
    }

    #[test]
    fn wraps_as_comfy_table_does() {
        let header = ["Seat", "Role", "Receives / pays", "How"];
        let long = "the dealer pays double: 2× 1,000 (non-dealer's share) + 300 honba, rounded up to the next 100 (rule §4.2 — see the 三麻 notes)";
        let tables: Vec<(Vec<Vec<&str>>, Vec<usize>)> = vec![
            (
                vec![
                    vec!["East", "winner", "+12,300", long],
                    vec![
                        "South",
                        "discarder, waiting",
                        "-12,300",
                        "8 hand + 10 bonus",
                    ],
                    vec!["West", "other", "0", ""],
                ],
                vec![2],
            ),
            (
                vec![
                    vec!["a  double  spaced   cell ", " lead", "x", "trailing "],
                    vec![
                        "averyveryverylongwordwithoutanyspaceatall",
                        "中中中中中中中中中中",
                        "🀄🀅🀆 🀇🀈🀉🀊🀋🀌🀍🀎🀏",
                        "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}",
                    ],
                    vec!["     ", "", "two\nlines that are rather long here", "    "],
                ],
                vec![0, 3],
            ),
            (
                vec![vec![
                    "Dora × 2 (red five, indicator 4p)",
                    "dora",
                    "2×1 = 2",
                    "🀝🀝 5p5p 0p",
                ]],
                vec![2],
            ),
        ];
        for (rows, right) in &tables {
            assert_same_at_every_width(&header, rows, right);
        }
    }

    #[test]
    fn wraps_the_case_files_hands_as_comfy_table_does() {
        // Every element, fu and payment table the case files' hands draw, under their ruleset,
        // at widths 20 to 220.
        let cases = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cases"))
            .expect("the case files")
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "txt"));
        let mut tables = 0;
        for path in cases {
            let text = std::fs::read_to_string(&path).expect("a case file");
            let ruleset = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            let Ok(rules) = crate::rules::load(ruleset) else {
                continue;
            };
            for line in text.lines().step_by(3) {
                let hand = line.split('|').next().unwrap_or("").trim();
                if hand.is_empty() || hand.starts_with('#') {
                    continue;
                }
                let hand: String = hand
                    .split(' ')
                    .filter(|word| !word.starts_with('@'))
                    .collect::<Vec<_>>()
                    .join(" ");
                let Ok((valid, evaluation)) = crate::score_line(&hand, &rules) else {
                    continue;
                };
                for glyphs in [false, true] {
                    let style = crate::render::Style {
                        glyphs,
                        ..Default::default()
                    };
                    let shown = crate::render::text(&hand, &rules, &valid, &evaluation, style);
                    for (header, rows, right) in tables_in(&shown) {
                        let header: Vec<&str> = header.iter().map(String::as_str).collect();
                        let rows: Vec<Vec<&str>> = rows
                            .iter()
                            .map(|row| row.iter().map(String::as_str).collect())
                            .collect();
                        let drawn = grid(&header, &rows, &right);
                        for width in (20..=220u16).step_by(5) {
                            let mut ours = String::new();
                            drawn.write_to(&mut ours, Some(usize::from(width)));
                            let theirs = comfy(&header, &rows, &right, Some(width)).to_string();
                            assert_eq!(ours, theirs, "width {width}: {hand}");
                        }
                        tables += 1;
                    }
                }
            }
        }
        assert!(tables > 100, "only {tables} tables");
    }

    /// The tables drawn (unfitted) in `text`: header, rows and the right-aligned columns
    /// (the third column of mj3's score tables; the first of the fu table).
    #[allow(clippy::type_complexity)]
    fn tables_in(text: &str) -> Vec<(Vec<String>, Vec<Vec<String>>, Vec<usize>)> {
        let mut found = Vec::new();
        let mut current: Option<(Vec<String>, Vec<Vec<String>>)> = None;
        for line in text.lines() {
            if line.starts_with('┌') {
                current = Some((Vec::new(), Vec::new()));
            } else if line.starts_with('└') {
                if let Some((header, rows)) = current.take() {
                    let right = if header.first().is_some_and(|h| h == "Fu") {
                        vec![0]
                    } else {
                        vec![2]
                    };
                    found.push((header, rows, right));
                }
            } else if let Some((header, rows)) = current.as_mut()
                && let Some(inner) = line.strip_prefix('│').and_then(|l| l.strip_suffix('│'))
            {
                let cells: Vec<String> = inner.split('┆').map(|c| c.trim().to_string()).collect();
                if header.is_empty() {
                    *header = cells;
                } else {
                    rows.push(cells);
                }
            }
        }
        found
    }
}
