//! Fitting output to the terminal: the width to fit, and prose lines wrapped to it.

use crate::reference::text::wrap_lines;

/// The width to fit output to: `COLUMNS` when set to a number, else the terminal's, else
/// none (output to a file or pipe is not cut).
pub fn output_width() -> Option<usize> {
    if let Some(columns) = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&c| c > 0)
    {
        return Some(columns);
    }
    comfy_table::Table::new().width().map(usize::from)
}

/// `text` with every line wider than `width` that is not part of a table (tables fit
/// themselves) wrapped at spaces, continuation lines indented by two; `None`: unchanged.
pub fn fit_prose(text: &str, width: Option<usize>) -> String {
    let Some(width) = width else {
        return text.to_string();
    };
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (line, ""),
        };
        let is_table = body.starts_with(['┌', '│', '╞', '├', '└', '╭', '╰', '+', '|']);
        if is_table || body.chars().count() <= width {
            out.push_str(line);
            continue;
        }
        let lead: String = body.chars().take_while(|c| *c == ' ').collect();
        let parts = wrap_lines(body.trim_start(), width.saturating_sub(lead.len() + 2));
        for (i, part) in parts.iter().enumerate() {
            out.push_str(&lead);
            if i > 0 {
                out.push_str("  ");
            }
            out.push_str(part);
            if i + 1 < parts.len() {
                out.push('\n');
            }
        }
        out.push_str(end);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_prose_lines_wrap_and_tables_stay() {
        let text = "Hand: one two three four five six\n│ a table line that is long │\nshort\n";
        let fitted = fit_prose(text, Some(16));
        assert_eq!(
            fitted,
            "Hand: one two\n  three four\n  five six\n│ a table line that is long │\nshort\n"
        );
        assert_eq!(fit_prose(text, None), text);
    }
}
