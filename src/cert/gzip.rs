//! Board tables too large to commit as plain JSON are committed as
//! `.json.gz`; the kernel reads them through the same decoder (flate2).

use std::io::Write as _;

/// `text` compressed as gzip at the best level, with no name or time in the
/// header, so the bytes depend on the text alone.
pub fn compress(text: &str) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing to a Vec cannot fail.
    encoder
        .write_all(text.as_bytes())
        .and_then(|()| encoder.finish())
        .unwrap_or_default()
}
