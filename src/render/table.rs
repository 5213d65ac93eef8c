//! Every table mj3 draws, in one style: comfy-table's `UTF8_FULL_CONDENSED` preset, its
//! columns narrowed and its cells wrapped to a width by comfy-table's dynamic arrangement.

use comfy_table::{
    Cell, CellAlignment, ColumnConstraint, ContentArrangement, Row, Table, Width, presets,
};

use super::width::{display_width, one_column_ascii, plain_width, wrap_lines};

/// The narrowest width a table is fitted to.
const MIN_WIDTH: usize = 40;

/// An empty table in mj3's style, fitted to `width` columns (at least 40) when given;
/// `None`: as wide as its content.
pub fn table(width: Option<usize>) -> Table {
    let mut table = Table::new();
    table
        .load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic);
    if let Some(width) = width {
        table.set_width(u16::try_from(width.max(MIN_WIDTH)).unwrap_or(u16::MAX));
    }
    table
}

/// A table being filled for a page, the widest line of each column measured as its cells
/// are added (as comfy-table measures them), so that a table that fits is drawn without
/// measuring its lines once more.
pub(super) struct MeasuredTable {
    table: Table,
    widest: Vec<usize>,
}

impl MeasuredTable {
    /// An empty table in mj3's style, fitted to `width` columns as [`table`] fits it.
    pub(super) fn new(width: Option<usize>) -> Self {
        MeasuredTable {
            table: table(width),
            widest: Vec::new(),
        }
    }

    /// Sets the heading row.
    pub(super) fn set_header<const N: usize>(&mut self, cells: [&str; N]) {
        let row = self.measured(cells);
        self.table.set_header(row);
    }

    /// Adds a row of cells, each taken as it is (an owned `String` is not copied again).
    pub(super) fn add_row<S: Into<String>, const N: usize>(&mut self, cells: [S; N]) {
        let row = self.measured(cells);
        self.table.add_row(row);
    }

    /// Aligns the cells of column `index` (its heading included) to the right.
    pub(super) fn align_right(&mut self, index: usize) {
        if let Some(column) = self.table.column_mut(index) {
            column.set_cell_alignment(CellAlignment::Right);
        }
    }

    /// The cells as a row, each column's widest line widened to theirs (at least 1, as
    /// comfy-table counts an empty column).
    fn measured<S: Into<String>, const N: usize>(&mut self, cells: [S; N]) -> Row {
        if self.widest.len() < N {
            self.widest.resize(N, 1);
        }
        let cells = cells.map(|cell| {
            let cell: String = cell.into();
            let wide = widest_line(&cell);
            (cell, wide)
        });
        Row::from(
            cells
                .into_iter()
                .zip(&mut self.widest)
                .map(|((cell, wide), widest)| {
                    *widest = (*widest).max(wide);
                    Cell::new_owned(cell)
                }),
        )
    }

    /// The table drawn, appended to `out` as [`draw_into`] appends it.
    pub(super) fn draw_into(&mut self, out: &mut String) {
        draw_fitted(&mut self.table, Some(&self.widest), out);
    }
}

/// The width of the widest line of a cell's text, as comfy-table measures it.
fn widest_line(text: &str) -> usize {
    if one_column_ascii(text) {
        return text.len();
    }
    text.split('\n').map(plain_width).max().unwrap_or(0)
}

/// A filled table as text, without a final newline, its words kept whole: each column (one
/// without a constraint of its own) is widened to its longest word, so that a key, an option
/// or a `--set` item (`criteria.suuankou-tanki.enabled=true`) is wrapped whole, never cut
/// inside; a table whose width cannot hold all those words is drawn as records instead, a
/// field a line (`Heading  value`, wrapped at spaces).
pub fn draw(table: &mut Table) -> String {
    let mut out = String::new();
    draw_into(table, &mut out);
    out.pop();
    out
}

/// [`draw`]'s text appended to `out`, each line ending in a newline.
fn draw_into(table: &mut Table, out: &mut String) {
    draw_fitted(table, None, out);
}

/// [`draw_into`], given the widest line of each column when it is known.
fn draw_fitted(table: &mut Table, widest: Option<&[usize]>, out: &mut String) {
    let Some(width) = table.width().map(usize::from) else {
        return push_lines(table, out);
    };
    // A table whose every line fits as it is, is drawn as it is: nothing in it is wrapped, so
    // no word can be cut, and its words need not be measured one by one.
    if table
        .column_iter()
        .all(|column| column.constraint().is_none())
    {
        let measured: Vec<usize>;
        let widest = match widest {
            Some(widest) => widest,
            None => {
                measured = table
                    .column_max_content_widths()
                    .into_iter()
                    .map(usize::from)
                    .collect();
                &measured
            }
        };
        if needed(widest) <= width {
            return push_lines(table, out);
        }
    }
    let longest = longest_words(table);
    if needed(&longest) > width {
        let start = out.len();
        records(table, width, out);
        if out.len() == start {
            out.push('\n');
        }
        return;
    }
    widen(table, &longest);
    push_lines(table, out);
}

/// Appends comfy-table's lines of `table` to `out`, each with a newline.
fn push_lines(table: &Table, out: &mut String) {
    for line in table.lines() {
        out.push_str(&line);
        out.push('\n');
    }
}

/// The display width of the longest word in each column, its heading included.
fn longest_words(table: &Table) -> Vec<usize> {
    (0..table.column_iter().count())
        .map(|i| {
            table
                .column_cells_with_header_iter(i)
                .flatten()
                .filter_map(|cell| cell.content().split_whitespace().map(display_width).max())
                .max()
                .unwrap_or(0)
        })
        .collect()
}

/// The width a table needs for columns as wide as `longest`: each column is padded by a
/// space either side and bordered by one character.
fn needed(longest: &[usize]) -> usize {
    longest.iter().map(|w| w + 3).sum::<usize>() + 1
}

/// Gives each column without a constraint of its own a lower bound of its `longest` word.
fn widen(table: &mut Table, longest: &[usize]) {
    for (column, &longest) in table.column_iter_mut().zip(longest) {
        if column.constraint().is_none() {
            // The boundary counts the padding too.
            let longest = u16::try_from(longest)
                .unwrap_or(u16::MAX)
                .saturating_add(column.padding_width());
            column.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(longest)));
        }
    }
}

/// A table too narrow for its keys, as records: each row a block of `Heading  value` lines,
/// the values wrapped at spaces to `width` under one another, a blank line between rows;
/// appended to `out`, each line ending in a newline.
fn records(table: &Table, width: usize, out: &mut String) {
    let headings: Vec<String> = table
        .header()
        .map(|row| row.cell_iter().map(|cell| cell.content()).collect())
        .unwrap_or_default();
    let label = headings.iter().map(|h| display_width(h)).max().unwrap_or(0) + 2;
    let pad = " ".repeat(label);
    for (i, row) in table.row_iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        for (j, cell) in row.cell_iter().enumerate() {
            let heading = headings.get(j).map_or("", String::as_str);
            let content = cell.content();
            let gap = label.saturating_sub(display_width(heading));
            let mut lead = format!("{heading}{}", " ".repeat(gap));
            for line in content.lines() {
                for part in wrap_lines(line, width.saturating_sub(label).max(1)) {
                    out.push_str(&lead);
                    out.push_str(part);
                    out.push('\n');
                    lead.clone_from(&pad);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_measured_table_measures_its_columns_as_comfy_table_does() {
        let mut table = MeasuredTable::new(Some(40));
        table.set_header(["Element", "", "Tiles"]);
        table.add_row(["two\nlines here", "三麻 🀄", "a\tb\x01"]);
        table.add_row(["a\r\nb".to_string(), "3×1 = 3".to_string(), String::new()]);
        let comfy: Vec<usize> = table
            .table
            .column_max_content_widths()
            .into_iter()
            .map(usize::from)
            .collect();
        assert_eq!(table.widest, comfy);
        assert_eq!(comfy, [10, 7, 5]);
    }

    #[test]
    fn a_table_that_fits_is_drawn_as_comfy_table_draws_it() {
        let mut measured = MeasuredTable::new(Some(40));
        measured.set_header(["Fu", "Rule"]);
        measured.align_right(0);
        measured.add_row(["+20", "base (fuutei)"]);
        let mut drawn = String::new();
        measured.draw_into(&mut drawn);
        assert_eq!(drawn, format!("{}\n", measured.table));
        assert_eq!(drawn.lines().count(), 5);
    }
}
