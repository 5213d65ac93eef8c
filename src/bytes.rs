//! A scan of bytes: whether every byte of a text passes a test, the one such scan (a CSV cell,
//! a text to escape, a name's width). A leaf: it imports nothing of the crate.

/// Whether every byte of `bytes` passes `test`, which a space must pass: 16 bytes at a time,
/// every byte of a block tested (which the compiler vectorises), the last bytes padded with
/// spaces to a block. The one such scan: a cell, a text or a name is tested this way.
#[inline(always)]
pub fn every_byte(bytes: &[u8], test: impl Fn(u8) -> bool) -> bool {
    debug_assert!(test(b' '), "the padding must pass the test");
    let block_passes = |block: &[u8; 16]| block.iter().fold(true, |all, &byte| all & test(byte));
    let (blocks, rest) = bytes.as_chunks::<16>();
    let mut last = [b' '; 16];
    last[..rest.len()].copy_from_slice(rest);
    blocks.iter().all(block_passes) && block_passes(&last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_is_tested_in_whole_blocks_and_the_rest() {
        let digits = |b: u8| b == b' ' || b.is_ascii_digit();
        for len in [0, 1, 15, 16, 17, 33] {
            let text = "7".repeat(len);
            assert!(every_byte(text.as_bytes(), digits), "{len}");
            // Near misses: one byte that fails, first or last.
            for at in [0, len.saturating_sub(1)].into_iter().filter(|_| len > 0) {
                let mut bytes = text.clone().into_bytes();
                bytes[at] = b'x';
                assert!(!every_byte(&bytes, digits), "{len} at {at}");
            }
        }
    }
}
