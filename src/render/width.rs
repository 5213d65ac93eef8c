//! The width of text on a terminal and the one line wrapper: every line mj3 fits to a width
//! (the score view's lines, the reference's cards and lists, `--why`, `--all`, `compare`,
//! error messages) is measured by [`display_width`] and broken by [`wrap_lines`]. Tables are
//! comfy-table's to fit.

use unicode_width::UnicodeWidthStr;

/// Columns `text` takes on a terminal (Unicode widths: a CJK character or the tile 🀄 takes
/// two), ANSI colour codes not counted.
pub fn display_width(text: &str) -> usize {
    if one_column_ascii(text) {
        return text.len();
    }
    let mut width = 0;
    let mut rest = text;
    while let Some((plain, code)) = rest.split_once('\u{1b}') {
        width += plain_width(plain);
        rest = code.split_once('m').map_or("", |(_, after)| after);
    }
    width + plain_width(rest)
}

/// Whether `text` is all printable ASCII (no control character, so no colour code, tab,
/// newline or carriage return): one column a byte. Not [`crate::escape::printable_ascii`],
/// which lets a tab through (nothing to escape in it, but no one column wide).
pub(super) fn one_column_ascii(text: &str) -> bool {
    crate::bytes::every_byte(text.as_bytes(), |byte| (b' '..=b'~').contains(&byte))
}

/// Columns `text` (no colour codes) takes: its length when it is ASCII, as unicode-width
/// counts it (every ASCII character one column, but `\r\n` one in all), without the lookup.
pub(super) fn plain_width(text: &str) -> usize {
    if text.is_ascii() && !text.contains('\r') {
        text.len()
    } else {
        text.width()
    }
}

/// `text` broken at spaces into lines at most `width` columns wide; a word wider than a
/// line keeps a line of its own. Each line is the slice of `text` from its first word to its
/// last (the spaces between them as they were); spaces at a break or at either end go.
pub fn wrap_lines(text: &str, width: usize) -> Vec<&str> {
    wrap_hanging(text, width, width)
}

/// [`wrap_lines`] with the first line at most `first` columns wide and the others at most
/// `rest` (they are shown indented).
fn wrap_hanging(text: &str, first: usize, rest: usize) -> Vec<&str> {
    let mut lines = Vec::new();
    // The line being built: text[start..end], `used` columns wide.
    let mut line: Option<(usize, usize, usize)> = None;
    let mut limit = first;
    let mut at = 0;
    for word in text.split(' ') {
        let word_end = at + word.len();
        if !word.is_empty() {
            let word_width = display_width(word);
            line = Some(match line {
                None => (at, word_end, word_width),
                Some((start, end, used)) => {
                    let joined = used + at.saturating_sub(end) + word_width;
                    if joined > limit {
                        lines.push(text.get(start..end).unwrap_or(""));
                        limit = rest;
                        (at, word_end, word_width)
                    } else {
                        (start, word_end, joined)
                    }
                }
            });
        }
        at = word_end + 1;
    }
    match line {
        Some((start, end, _)) => lines.push(text.get(start..end).unwrap_or("")),
        None if lines.is_empty() => lines.push(""),
        None => {}
    }
    lines
}

/// Every line of `text` wider than `width` columns that is not part of a table, wrapped:
/// first before a two-space-and-parenthesis aside (`Hand: …  (seat East, …)`) when what
/// comes before it fits, then at spaces; continuation lines start two spaces in.
pub fn fit_lines(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (line, ""),
        };
        if !needs_fitting(body, width) {
            out.push_str(line);
            continue;
        }
        let indented = width.saturating_sub(2);
        let aside = body
            .rfind("  (")
            .filter(|&at| at > 0)
            .and_then(|at| Some((body.get(..at)?, body.get(at + 2..)?)))
            .filter(|(before, _)| display_width(before) <= width);
        let lines = match aside {
            Some((before, aside)) => {
                out.push_str(before);
                out.push_str("\n  ");
                wrap_lines(aside, indented)
            }
            None => wrap_hanging(body, width, indented),
        };
        for (i, piece) in lines.iter().enumerate() {
            if i > 0 {
                out.push_str("\n  ");
            }
            out.push_str(piece);
        }
        out.push_str(end);
    }
    out
}

/// Whether `line` (without its newline) is wider than `width` columns and not a table's.
pub(super) fn needs_fitting(line: &str, width: usize) -> bool {
    // A line's width is at most its length in bytes.
    if line.len() <= width {
        return false;
    }
    let is_table = line.starts_with(['┌', '│', '╞', '├', '└', '+', '|']);
    !is_table && display_width(line) > width
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn width_counts_columns_not_bytes_or_colour_codes() {
        assert_eq!(display_width("Honshū × 2 — §"), 14);
        assert_eq!(display_width("三麻 🀄"), 7);
        assert_eq!(display_width("\u{1b}[1mHand:\u{1b}[0m 123p"), 10);
        assert_eq!(display_width(""), 0);
        for text in ["a\tb\x01", "a\r\nb", "\r", "plain text"] {
            assert_eq!(display_width(text), text.width(), "{text:?}");
        }
    }

    #[test]
    fn lines_break_at_spaces_and_a_long_word_keeps_its_own_line() {
        assert_eq!(
            wrap_lines("the quick brown fox jumps", 10),
            ["the quick", "brown fox", "jumps"]
        );
        assert_eq!(
            wrap_lines("a averyveryverylongword b", 8),
            ["a", "averyveryverylongword", "b"]
        );
        assert_eq!(wrap_lines("", 10), [""]);
        assert_eq!(wrap_lines(" the hand holds ", 10), ["the hand", "holds"]);
        assert_eq!(wrap_lines("two  spaces kept", 11), ["two  spaces", "kept"]);
        assert_eq!(wrap_lines("三麻 三麻 三麻", 9), ["三麻 三麻", "三麻"]);
    }

    #[test]
    fn a_long_line_breaks_before_its_aside_then_at_spaces() {
        let line = "Hand: 123p456m999s EEE ww tsumo  (seat East, round East, won by self-draw)";
        assert_eq!(
            fit_lines(line, 40),
            "Hand: 123p456m999s EEE ww tsumo\n  (seat East, round East, won by\n  self-draw)"
        );
        assert_eq!(
            fit_lines("Verdict: a legal win under every rule we know of\n", 20),
            "Verdict: a legal win\n  under every rule\n  we know of\n"
        );
        let table = "│ a very long table line that is not wrapped │";
        assert_eq!(fit_lines(table, 10), table);
    }
}
