//! How an amount is written wherever text shows one (payments, totals, base points,
//! `compare`, the game sheet): digits grouped by three with commas from 1,000 on, an ASCII
//! hyphen-minus for a loss and, when asked, `+` for a gain (`+8,000`, `-4,000`, `0`).

/// `n` with its digits grouped by three (`8,000`, `-32,000`, `950`).
pub fn written(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    if n < 0 {
        out.push('-');
    }
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
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
    fn a_gain_is_signed_and_nothing_is_not() {
        assert_eq!(signed(8000), "+8,000");
        assert_eq!(signed(-4000), "-4,000");
        assert_eq!(signed(0), "0");
        assert_eq!(signed(100), "+100");
    }
}
