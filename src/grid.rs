//! Boxed tables drawn as comfy-table draws its `UTF8_FULL_CONDENSED` preset with content
//! arrangement off (the same bytes), written straight into a string: the score tables of every
//! hand in `mj3 batch` are drawn this way, several times faster than through comfy-table.
//! Tables that fit themselves to the terminal's width (`mj3 criteria`) still use comfy-table.

use std::fmt;

use unicode_width::UnicodeWidthStr;

/// A table: a header row, rows of cells (a cell may hold several lines), and the columns
/// whose cells are aligned right.
pub struct Grid {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    right: Vec<bool>,
}

impl Grid {
    /// A table with these column headings and no rows.
    pub fn new(header: &[&str]) -> Self {
        Grid {
            header: header.iter().map(|h| h.to_string()).collect(),
            rows: Vec::new(),
            right: vec![false; header.len()],
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
    pub fn add_row(&mut self, cells: Vec<String>) -> &mut Self {
        self.rows.push(cells);
        self
    }

    /// The column headings.
    pub fn header(&self) -> &[String] {
        &self.header
    }

    /// The rows.
    pub fn rows(&self) -> &[Vec<String>] {
        &self.rows
    }

    /// The indexes of the columns aligned right.
    pub fn right_aligned(&self) -> impl Iterator<Item = usize> + '_ {
        self.right
            .iter()
            .enumerate()
            .filter(|(_, r)| **r)
            .map(|(i, _)| i)
    }

    /// The width of the drawn table, borders included, in terminal columns.
    pub fn width(&self) -> usize {
        let widths = self.widths();
        widths.iter().map(|w| w + 2).sum::<usize>() + widths.len() + 1
    }

    /// The width of each column's content: its widest line, at least 1.
    fn widths(&self) -> Vec<usize> {
        let mut widths = vec![1; self.header.len()];
        for row in std::iter::once(&self.header).chain(&self.rows) {
            for (width, cell) in widths.iter_mut().zip(row) {
                let widest = cell.split('\n').map(UnicodeWidthStr::width).max();
                *width = (*width).max(widest.unwrap_or(0));
            }
        }
        widths
    }
}

/// Appends `piece` `times` times.
fn push_repeated(out: &mut String, piece: &str, times: usize) {
    out.reserve(piece.len() * times);
    for _ in 0..times {
        out.push_str(piece);
    }
}

/// Appends `count` spaces.
fn push_spaces(out: &mut String, count: usize) {
    const SPACES: &str = "                                ";
    let mut left = count;
    while left > 0 {
        let now = left.min(SPACES.len());
        out.push_str(SPACES.get(..now).unwrap_or(SPACES));
        left -= now;
    }
}

/// A horizontal line: `left`, then for each column its width plus padding of `fill`, the
/// columns joined by `junction`, then `right`.
fn rule(out: &mut String, widths: &[usize], [left, fill, junction, right]: [&str; 4]) {
    out.push_str(left);
    for (i, &width) in widths.iter().enumerate() {
        if i > 0 {
            out.push_str(junction);
        }
        push_repeated(out, fill, width + 2);
    }
    out.push_str(right);
}

impl Grid {
    /// The lines of one row, each after a newline: as many as its tallest cell, shorter cells
    /// padded with blanks.
    fn write_row(&self, out: &mut String, widths: &[usize], row: &[String]) {
        let height = row.iter().map(|c| c.split('\n').count()).max().unwrap_or(1);
        let mut cells: Vec<std::str::Split<'_, char>> = row.iter().map(|c| c.split('\n')).collect();
        for _ in 0..height {
            out.push_str("\n│");
            for (i, &width) in widths.iter().enumerate() {
                if i > 0 {
                    out.push('┆');
                }
                let text = cells.get_mut(i).and_then(Iterator::next).unwrap_or("");
                let blank = width.saturating_sub(text.width());
                let (before, after) = if self.right.get(i) == Some(&true) {
                    (blank, 0)
                } else {
                    (0, blank)
                };
                push_spaces(out, before + 1);
                out.push_str(text);
                push_spaces(out, after + 1);
            }
            out.push('│');
        }
    }

    /// Appends the table to `out` (no newline after the last line).
    pub fn write_to(&self, out: &mut String) {
        let widths = self.widths();
        rule(out, &widths, ["┌", "─", "┬", "┐"]);
        self.write_row(out, &widths, &self.header);
        out.push('\n');
        rule(out, &widths, ["╞", "═", "╪", "╡"]);
        for row in &self.rows {
            self.write_row(out, &widths, row);
        }
        out.push('\n');
        rule(out, &widths, ["└", "─", "┴", "┘"]);
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let mut text = String::new();
        self.write_to(&mut text);
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use comfy_table::{CellAlignment, ContentArrangement, Table, presets};

    use super::*;

    #[test]
    fn draws_the_same_bytes_as_comfy_table() {
        let header = ["Element", "Class", "Han", "Tiles"];
        let rows = [
            ["Riichi", "yaku", "1", ""],
            ["Dora × 2", "dora", "2×1 = 2", "5p5p"],
            ["two\nlines", "", "中", "x"],
        ];
        // comfy-table set up as the score tables were drawn before the grid.
        let comfy_like_before = || {
            let mut table = Table::new();
            table
                .load_style(presets::UTF8_FULL_CONDENSED)
                .set_content_arrangement(ContentArrangement::Disabled)
                .force_no_tty()
                .set_header(header.to_vec());
            table
        };
        let mut comfy = comfy_like_before();
        let mut grid = Grid::new(&header);
        for row in &rows {
            comfy.add_row(row.to_vec());
            grid.add_row(row.iter().map(|c| c.to_string()).collect());
        }
        if let Some(column) = comfy.column_mut(2) {
            column.set_cell_alignment(CellAlignment::Right);
        }
        grid.align_right(2);
        assert_eq!(grid.to_string(), comfy.to_string());
        let drawn = grid.to_string();
        let widest = drawn.lines().map(UnicodeWidthStr::width).max();
        assert_eq!(widest, Some(grid.width()));
        // Fitted to a width the table fits in, comfy-table draws the same bytes.
        for spare in [0, 1, 40] {
            let width = u16::try_from(grid.width() + spare).expect("a small table");
            comfy
                .set_content_arrangement(ContentArrangement::Dynamic)
                .set_width(width);
            assert_eq!(drawn, comfy.to_string(), "width {width}");
        }
        let empty = Grid::new(&header);
        assert_eq!(empty.to_string(), comfy_like_before().to_string());
    }
}
