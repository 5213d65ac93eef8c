//! Every table mj3 draws, in one style: comfy-table's `UTF8_FULL_CONDENSED` preset, its
//! columns narrowed and its cells wrapped to a width by comfy-table's dynamic arrangement.

use comfy_table::{CellAlignment, ContentArrangement, Table, presets};

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
