//! How an amount is written wherever text shows one (payments, totals, base points,
//! `compare`, the game sheet): digits grouped by three with commas from 1,000 on, an ASCII
//! hyphen-minus for a loss and, when asked, `+` for a gain (`+8,000`, `-4,000`, `0`).

use std::fmt;

/// `n` with its digits grouped by three (`8,000`, `-32,000`, `950`).
pub fn written(n: i64) -> String {
    Grouped(n).to_string()
}

/// `n` written as [`written`] writes it, into any text without a `String` of its own
/// (`write!(how, "{}", Grouped(base))`). Takes no width or fill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grouped(pub i64);

impl Grouped {
    /// Appends the amount to `out` (what `Display` writes, without a formatter: the
    /// payment texts of every arrangement tried are made of these).
    pub fn push_to(self, out: &mut String) {
        let _ = self.write_with(|part| {
            out.push_str(part);
            Ok(())
        });
    }

    /// Writes the amount as a sign, the leading digits and each group of three after a
    /// comma, each part handed to `put`.
    fn write_with(self, mut put: impl FnMut(&str) -> fmt::Result) -> fmt::Result {
        let mut buffer = itoa::Buffer::new();
        let digits = buffer.format(self.0.unsigned_abs());
        if self.0 < 0 {
            put("-")?;
        }
        let head = match digits.len() % 3 {
            0 => 3,
            n => n,
        };
        put(&digits[..head])?;
        let mut at = head;
        while at < digits.len() {
            put(",")?;
            put(&digits[at..at + 3])?;
            at += 3;
        }
        Ok(())
    }
}

impl fmt::Display for Grouped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_with(|part| f.write_str(part))
    }
}

/// `n` as [`written`] writes it, with `+` before a gain (`+8,000`, `-4,000`, `0`).
pub fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{}", written(n))
    } else {
        written(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_grouped_by_three_from_a_thousand_on() {
        assert_eq!(written(0), "0");
        assert_eq!(written(950), "950");
        assert_eq!(written(1000), "1,000");
        assert_eq!(written(8000), "8,000");
        assert_eq!(written(-32000), "-32,000");
        assert_eq!(written(2_000_000_012), "2,000,000,012");
        assert_eq!(written(i64::MIN), "-9,223,372,036,854,775,808");
    }

    #[test]
    fn an_amount_pushed_onto_text_is_the_amount_written() {
        for n in [0, 950, 1000, -32000, 2_000_000_012, i64::MIN, i64::MAX] {
            let mut text = String::from("x");
            Grouped(n).push_to(&mut text);
            assert_eq!(text, format!("x{}", written(n)));
        }
        // Near-miss: the text already there is kept, nothing is added after.
        let mut text = String::from("4×");
        Grouped(8000).push_to(&mut text);
        assert_eq!(text, "4×8,000");
    }

    #[test]
    fn a_gain_is_signed_and_nothing_is_not() {
        assert_eq!(signed(8000), "+8,000");
        assert_eq!(signed(-4000), "-4,000");
        assert_eq!(signed(0), "0");
        assert_eq!(signed(100), "+100");
    }
}
