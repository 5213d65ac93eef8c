//! A text view being written: lines and tables, every line that is not a table's fitted to
//! the style's width, ASCII only at the end with `--ascii`.

use std::fmt;

use super::style::{Style, ascii_only};
use super::table::MeasuredTable;
use super::width::{fit_lines, needs_fitting};

/// The text view being written: the lines before `fitted` are fitted to the width already
/// (tables are drawn fitted), the ones after it not yet.
pub(super) struct Page {
    text: String,
    fitted: usize,
    style: Style,
}

impl Page {
    /// An empty page written in `style`.
    pub(super) fn new(style: Style) -> Self {
        Page {
            text: String::with_capacity(4096),
            fitted: 0,
            style,
        }
    }

    /// A table to fill and [`put`](Page::put) on this page, fitted to its width.
    pub(super) fn table(&self) -> MeasuredTable {
        MeasuredTable::new(self.style.width.map(usize::from))
    }

    /// Appends a table and a newline.
    pub(super) fn put(&mut self, table: &mut MeasuredTable) {
        self.fit_since_last_table();
        table.draw_into(&mut self.text);
        self.fitted = self.text.len();
    }

    /// The finished text: ASCII only with `--ascii`, and every line that is not a table's
    /// wrapped at a space to the width (continued two spaces in), so that nothing runs past
    /// the terminal's edge.
    pub(super) fn finish(mut self) -> String {
        if self.style.ascii {
            let text = ascii_only(&self.text);
            return match self.style.width {
                Some(width) => fit_lines(&text, usize::from(width)),
                None => text,
            };
        }
        self.fit_since_last_table();
        self.text
    }

    /// Wraps the lines written since the last table (none of them a table's) to the width,
    /// as [`fit_lines`] would wrap them in the whole text; with `--ascii` the whole text is
    /// fitted at the end instead, after its characters are replaced.
    fn fit_since_last_table(&mut self) {
        let (Some(width), false) = (self.style.width, self.style.ascii) else {
            return;
        };
        let width = usize::from(width);
        let since = self.text.get(self.fitted..).unwrap_or("");
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
            self.text.truncate(self.fitted + keep);
            self.text.push_str(&fitted);
        }
    }
}

impl fmt::Write for Page {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.text.push_str(text);
        Ok(())
    }
}
