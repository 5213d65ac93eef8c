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

/// A horizontal line: `left`, then for each column its width plus padding of `fill`, the
/// columns joined by `junction`, then `right`.
fn rule(
    f: &mut fmt::Formatter,
    widths: &[usize],
    [left, fill, junction, right]: [char; 4],
) -> fmt::Result {
    let mut line = String::new();
    line.push(left);
    for (i, &width) in widths.iter().enumerate() {
        if i > 0 {
            line.push(junction);
        }
        line.extend(std::iter::repeat_n(fill, width + 2));
    }
    line.push(right);
    f.write_str(&line)
}

impl Grid {
    /// The lines of one row: as many as its tallest cell, shorter cells padded with blanks.
    fn write_row(&self, f: &mut fmt::Formatter, widths: &[usize], row: &[String]) -> fmt::Result {
        let height = row.iter().map(|c| c.split('\n').count()).max().unwrap_or(1);
        let mut cells: Vec<std::str::Split<'_, char>> = row.iter().map(|c| c.split('\n')).collect();
        let mut line = String::new();
        for _ in 0..height {
            line.clear();
            line.push('│');
            for (i, &width) in widths.iter().enumerate() {
                if i > 0 {
                    line.push('┆');
                }
                let text = cells.get_mut(i).and_then(Iterator::next).unwrap_or("");
                let blank = width.saturating_sub(text.width());
                let (before, after) = if self.right.get(i) == Some(&true) {
                    (blank, 0)
                } else {
                    (0, blank)
                };
                line.push(' ');
                line.extend(std::iter::repeat_n(' ', before));
                line.push_str(text);
                line.extend(std::iter::repeat_n(' ', after));
                line.push(' ');
            }
            line.push('│');
            f.write_str("\n")?;
            f.write_str(&line)?;
        }
        Ok(())
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let widths = self.widths();
        rule(f, &widths, ['┌', '─', '┬', '┐'])?;
        self.write_row(f, &widths, &self.header)?;
        f.write_str("\n")?;
        rule(f, &widths, ['╞', '═', '╪', '╡'])?;
        for row in &self.rows {
            self.write_row(f, &widths, row)?;
        }
        f.write_str("\n")?;
        rule(f, &widths, ['└', '─', '┴', '┘'])
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
        let mut comfy = Table::new();
        comfy
            .load_style(presets::UTF8_FULL_CONDENSED)
            .set_content_arrangement(ContentArrangement::Disabled)
            .force_no_tty()
            .set_header(header.to_vec());
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
        let empty = Grid::new(&header);
        let mut comfy_empty = Table::new();
        comfy_empty
            .load_style(presets::UTF8_FULL_CONDENSED)
            .set_content_arrangement(ContentArrangement::Disabled)
            .force_no_tty()
            .set_header(header.to_vec());
        assert_eq!(empty.to_string(), comfy_empty.to_string());
    }
}
