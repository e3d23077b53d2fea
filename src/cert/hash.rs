//! Input pinning: a certificate records exactly which bytes it was made from.

use serde::Serialize;
use sha2::{Digest, Sha256};

/// Lower-case hexadecimal SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    digest.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// The `input` object of a certificate: where the input came from, its size and hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InputRecord {
    pub path: String,
    pub bytes: usize,
    pub sha256: String,
}

impl InputRecord {
    pub fn new(path: impl Into<String>, bytes: &[u8]) -> Self {
        InputRecord {
            path: path.into(),
            bytes: bytes.len(),
            sha256: sha256_hex(bytes),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_of_known_strings() {
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn input_record_counts_bytes() {
        let record = InputRecord::new("x.txt", b"hello");
        assert_eq!(record.bytes, 5);
        assert_eq!(record.path, "x.txt");
    }
}
