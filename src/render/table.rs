//! Every table mj3 draws, in one style: comfy-table's `UTF8_FULL_CONDENSED` preset, its
//! columns narrowed and its cells wrapped to a width by comfy-table's dynamic arrangement.

use comfy_table::{CellAlignment, ColumnConstraint, ContentArrangement, Table, Width, presets};

use super::width::display_width;

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

/// Aligns the cells of column `index` (its heading included) to the right.
pub(super) fn align_right(table: &mut Table, index: usize) {
    if let Some(column) = table.column_mut(index) {
        column.set_cell_alignment(CellAlignment::Right);
    }
}

/// Widens each column of a filled table (one without a constraint of its own) to its longest
/// word, so that a key, an option or a `--set` item (`criteria.suuankou-tanki.enabled=true`)
/// is wrapped whole, never cut inside; when the longest words cannot all fit the table's
/// width, the table is left to comfy-table, which must then cut some.
pub fn keep_words_whole(table: &mut Table) {
    let Some(width) = table.width() else {
        return;
    };
    let columns = table.column_count();
    let longest: Vec<usize> = (0..columns)
        .map(|i| {
            table
                .column_cells_with_header_iter(i)
                .flatten()
                .flat_map(|cell| {
                    cell.content()
                        .split_whitespace()
                        .map(display_width)
                        .collect::<Vec<_>>()
                })
                .max()
                .unwrap_or(0)
        })
        .collect();
    // Each column is padded by a space either side and bordered by one character.
    let needed: usize = longest.iter().map(|w| w + 3).sum::<usize>() + 1;
    if needed > usize::from(width) {
        return;
    }
    for (column, longest) in table.column_iter_mut().zip(longest) {
        if column.constraint().is_none() {
            // The boundary counts the padding too.
            let longest = u16::try_from(longest)
                .unwrap_or(u16::MAX)
                .saturating_add(column.padding_width());
            column.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(longest)));
        }
    }
}
