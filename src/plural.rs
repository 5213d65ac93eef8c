//! Counting words: the one rule every message uses to write a number with its noun
//! (`1 hand-point`, `3 hand-points`) and a verb that agrees with it.

/// `one` when `n` is 1, else `many`.
pub fn pick<'a>(n: impl Into<u64>, one: &'a str, many: &'a str) -> &'a str {
    if n.into() == 1 { one } else { many }
}

/// `n` and its noun: `counted(1, "hand", "hands")` is `1 hand`, `counted(3, …)` `3 hands`.
pub fn counted(n: impl Into<u64> + Copy + std::fmt::Display, one: &str, many: &str) -> String {
    format!("{n} {}", pick(n, one, many))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1u32, "hand-point", "hand-points"), "1 hand-point");
        assert_eq!(counted(0u32, "hand-point", "hand-points"), "0 hand-points");
        assert_eq!(counted(3usize as u64, "line", "lines"), "3 lines");
        assert_eq!(pick(2u8, "is", "are"), "are");
    }
}
