//! The set bits of a 64-bit word, lowest first: how the Snaky cell sets and
//! the chess solver's bitmaps are walked.

/// The positions of the set bits of `word`, lowest first.
pub fn bits(word: u64) -> Bits {
    Bits(word)
}

/// See [`bits`].
pub struct Bits(u64);

impl Iterator for Bits {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(bit)
    }
}

#[cfg(test)]
mod tests {
    use super::bits;

    #[test]
    fn set_bits_come_lowest_first() {
        assert_eq!(bits(0).count(), 0);
        assert_eq!(bits(0b1010_0001).collect::<Vec<_>>(), [0, 5, 7]);
        assert_eq!(bits(1 << 63).collect::<Vec<_>>(), [63]);
    }
}
