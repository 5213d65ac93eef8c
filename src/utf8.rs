//! What mj3 says of input that is not UTF-8 text, in one wording for every reader (a hand
//! argument, a `batch` line, a game record, a ruleset file): where its first bad byte is and
//! what is read instead.

/// What a hand is written in.
pub const HAND_TEXT: &str = "a hand is written in ASCII notation (123p EEE ww) or with the tile \
    characters U+1F000-U+1F02A, saved as UTF-8";

/// What a game record is written in.
pub const GAME_TEXT: &str = "a game record is UTF-8 text, its hands in ASCII notation \
    (123p EEE ww) or with the tile characters U+1F000-U+1F02A";

/// What a ruleset file is written in.
pub const RULESET_TEXT: &str = "a ruleset file is UTF-8 TOML";

/// Where the first byte of `bytes` that is not UTF-8 is, by line and column (both from 1,
/// the column counting the characters before it on its line); `None` when all is UTF-8.
pub fn first_bad_byte(bytes: &[u8]) -> Option<(usize, usize)> {
    let good = match std::str::from_utf8(bytes) {
        Ok(_) => return None,
        Err(err) => bytes.get(..err.valid_up_to()).unwrap_or_default(),
    };
    // Every byte before the first bad one is valid UTF-8.
    let before = std::str::from_utf8(good).unwrap_or_default();
    Some(crate::diagnostic::line_and_column(before, before.len()))
}

/// The message for a whole text (a file, standard input) that is not UTF-8: `what` (e.g.
/// "the game record") and where its first bad byte is, then `accepted`.
pub fn not_utf8(what: &str, line: usize, column: usize, accepted: &str) -> String {
    format!(
        "{what} is not UTF-8 text (line {line}, column {column}: the first byte that is not); {accepted}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_bad_byte_is_found_by_line_and_column() {
        assert_eq!(first_bad_byte(b"123p\nab\xffc"), Some((2, 3)));
        assert_eq!(first_bad_byte("é\u{1F000}".as_bytes()), None);
        assert_eq!(first_bad_byte(b"\xe9t\xe9"), Some((1, 1)));
        assert_eq!(
            first_bad_byte(&[0xc3, 0xa9, b'\n', b'a', 0xff]),
            Some((2, 2))
        );
        assert_eq!(
            first_bad_byte(&[b'e', b'\n', 0xf0, 0x9f, b'x']),
            Some((2, 1))
        );
        assert_eq!(first_bad_byte("🀀a".as_bytes()), None);
        assert_eq!(
            first_bad_byte(&[0xf0, 0x9f, 0x80, 0x80, b'a', 0xc3]),
            Some((1, 3))
        );
    }
}
