//! Reading `batch` input: lines ended by LF, CRLF or a lone CR, each bounded in length, and
//! the trailing comment a line may carry.

use std::io::{self, BufRead};

/// The longest line `batch` reads, in bytes (1 MiB); a longer line is reported as bad and
/// skipped up to its end without being held in memory.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// How far past [`MAX_LINE_BYTES`] a too-long line is skipped in search of its end (64 MiB);
/// an input with no line end within that (`/dev/zero`, a binary file) is not read further,
/// so that `batch` always ends, in bounded time and memory.
pub const MAX_SKIP_BYTES: usize = 64 << 20;

/// The longest stretch without a line end that `batch` reads before it stops reading an
/// input (65 MiB).
pub const MAX_ENDLESS_BYTES: usize = MAX_LINE_BYTES + MAX_SKIP_BYTES;

/// What [`LineReader::next`] found.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Next {
    /// A line, in [`LineReader::line`].
    Line,
    /// A line longer than the cap, skipped to its end.
    TooLong,
    /// A line longer than the cap that ran past the skip cap with no line end: the input is
    /// not read further.
    Endless,
    /// The end of the input.
    End,
}

/// Reads lines ended by LF, CRLF or a lone CR, none longer than `cap` bytes; a longer line
/// is skipped to its end without being held, for at most `skip_cap` more bytes.
pub(super) struct LineReader<R> {
    inner: R,
    cap: usize,
    skip_cap: usize,
    line: Vec<u8>,
    after_cr: bool,
    skipping: bool,
    skipped: usize,
}

impl<R: BufRead> LineReader<R> {
    pub(super) fn new(inner: R, cap: usize, skip_cap: usize) -> Self {
        LineReader {
            inner,
            cap,
            skip_cap,
            line: Vec::new(),
            after_cr: false,
            skipping: false,
            skipped: 0,
        }
    }

    /// The line found by the last [`LineReader::next`] that returned [`Next::Line`].
    pub(super) fn line(&self) -> &[u8] {
        &self.line
    }

    pub(super) fn next(&mut self) -> io::Result<Next> {
        self.line.clear();
        let mut started = false;
        loop {
            let available = match self.inner.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok(if std::mem::take(&mut self.skipping) {
                    Next::TooLong
                } else if started {
                    Next::Line
                } else {
                    Next::End
                });
            }
            if std::mem::take(&mut self.after_cr) && available.first() == Some(&b'\n') {
                self.inner.consume(1);
                continue;
            }
            let end = memchr::memchr2(b'\n', b'\r', available);
            let (text, used) = match end {
                Some(at) => (&available[..at], at + 1),
                None => (available, available.len()),
            };
            if self.skipping {
                self.skipped = self.skipped.saturating_add(used);
            } else {
                started = true;
                let room = (self.cap + 1).saturating_sub(self.line.len());
                self.line
                    .extend_from_slice(text.get(..room.min(text.len())).unwrap_or(text));
            }
            if let Some(at) = end {
                self.after_cr = available.get(at) == Some(&b'\r');
            }
            self.inner.consume(used);
            if !self.skipping && self.line.len() > self.cap {
                // Not held: the rest of the line is skipped.
                self.skipping = true;
                self.skipped = 0;
                self.line.clear();
            }
            match (end.is_some(), self.skipping) {
                (true, true) => {
                    self.skipping = false;
                    return Ok(Next::TooLong);
                }
                (true, false) => return Ok(Next::Line),
                (false, true) if self.skipped > self.skip_cap => return Ok(Next::Endless),
                (false, _) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], cap: usize) -> Vec<Result<String, Next>> {
        let mut reader = LineReader::new(io::BufReader::with_capacity(4, input), cap, 8);
        let mut found = Vec::new();
        loop {
            match reader.next().expect("reads") {
                Next::End => return found,
                Next::Line => found.push(Ok(String::from_utf8_lossy(reader.line()).into())),
                Next::Endless => {
                    found.push(Err(Next::Endless));
                    return found;
                }
                other => found.push(Err(other)),
            }
        }
    }

    #[test]
    fn lf_crlf_and_lone_cr_each_end_a_line() {
        let found = lines(b"ab\r\ncd\ref\n\ngh", 100);
        let expected = ["ab", "cd", "ef", "", "gh"].map(|s| Ok(s.to_string()));
        assert_eq!(found, expected);
        assert_eq!(lines(b"a\r\r\nb\r", 100).len(), 3);
    }

    #[test]
    fn a_line_over_the_cap_is_one_bad_line_and_the_next_is_read() {
        let found = lines(b"123456789012\nok\n1234\n", 5);
        assert_eq!(
            found,
            [
                Err(Next::TooLong),
                Ok("ok".to_string()),
                Ok("1234".to_string())
            ]
        );
        assert_eq!(lines(b"123456", 5), [Err(Next::TooLong)]);
        assert_eq!(
            lines(b"1234567\n8", 5),
            [Err(Next::TooLong), Ok("8".to_string())]
        );
        assert_eq!(lines(b"12345", 5), [Ok("12345".to_string())]);
    }

    #[test]
    fn a_line_with_no_end_in_sight_stops_the_reading() {
        // Cap 5, then at most 8 bytes skipped: 20 bytes with no line end stop the input,
        // one outcome for the one line.
        assert_eq!(lines(&[0; 20], 5), [Err(Next::Endless)]);
        // An end within the skip cap: the next line is read.
        let mut input = vec![0; 12];
        input.extend_from_slice(b"\nok\n");
        assert_eq!(lines(&input, 5), [Err(Next::TooLong), Ok("ok".to_string())]);
    }
}
