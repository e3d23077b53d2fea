//! The prover's saved state: the table's costliest records in a file, so
//! that a long search stopped by a time budget (or the end of a sitting)
//! resumes where it was instead of from the empty board.
//!
//! Nothing here is trusted: a record read back is only a hint to the
//! search (a wrong one costs an answer the certificate then fails to back,
//! and the kernel rejects the certificate), but a file of another game is
//! refused by its fingerprint.
//!
//! Format: gzip of a header line `gamecert prover state 1 <fingerprint>`
//! and then 48-byte records, little-endian: the first player's cells
//! (u128), the second player's (u128), a flags byte (1: the first player
//! to move, 2: a pairing was looked for), win, fail, budget (bytes), proof
//! and disproof numbers and the work below the position (u32 each).
//! Records come costliest first, ties in key order, so the bytes depend on
//! the table alone.

use super::hypergraph::Hypergraph;
use super::position::Version;
use super::table::{Key, Record, Table};
use std::io::{self, BufRead, Read, Write};
use std::path::Path;

const MAGIC: &str = "gamecert prover state 1";
const RECORD_BYTES: usize = 48;

/// Records a saved state keeps at most: the costliest, 48 MB before
/// compression (about 4 MB after, on Snaky 9x9).
pub const SAVED_RECORDS: usize = 1_000_000;

/// Why a state file was not read.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    #[error("{0}")]
    Io(#[from] io::Error),
    /// Not a state file, or one of another game or format.
    #[error("{0}")]
    Foreign(String),
}

/// The game a state belongs to: its version and winning sets.
pub fn fingerprint(graph: &Hypergraph, version: Version) -> String {
    let mut bytes = version.word().as_bytes().to_vec();
    bytes.extend((graph.width as u64).to_le_bytes());
    bytes.extend((graph.height as u64).to_le_bytes());
    for set in &graph.sets {
        bytes.extend(set.to_le_bytes());
    }
    crate::cert::hash::sha256_hex(&bytes)
}

/// Writes the `limit` costliest records of `table` to `path` (through a
/// temporary file beside it, renamed, so a stop mid-write leaves the old
/// state whole); the number written.
pub fn save(path: &Path, fingerprint: &str, table: &Table, limit: usize) -> io::Result<usize> {
    let records = table.costliest(limit);
    let temporary = path.with_extension("partial");
    let file = io::BufWriter::new(std::fs::File::create(&temporary)?);
    let mut encoder = flate2::write::GzEncoder::new(file, flate2::Compression::default());
    writeln!(encoder, "{MAGIC} {fingerprint}")?;
    for (key, record) in &records {
        encoder.write_all(&encode(key, record))?;
    }
    encoder.finish()?.flush()?;
    std::fs::rename(&temporary, path)?;
    Ok(records.len())
}

/// Puts the records of the state at `path` into `table`; the number read.
pub fn load(path: &Path, fingerprint: &str, table: &Table) -> Result<usize, StateError> {
    let file = std::fs::File::open(path)?;
    let mut reader = io::BufReader::new(flate2::read::GzDecoder::new(io::BufReader::new(file)));
    let mut header = String::new();
    reader.read_line(&mut header)?;
    let expected = format!("{MAGIC} {fingerprint}");
    if header.trim_end() != expected {
        return Err(StateError::Foreign(format!(
            "not a prover state of this game (its first line is {:?})",
            header.trim_end()
        )));
    }
    let mut count = 0;
    let mut bytes = [0u8; RECORD_BYTES];
    while !reader.fill_buf()?.is_empty() {
        reader
            .read_exact(&mut bytes)
            .map_err(|error| match error.kind() {
                io::ErrorKind::UnexpectedEof => {
                    StateError::Foreign(format!("truncated after {count} records"))
                }
                _ => StateError::Io(error),
            })?;
        let (key, record) = decode(&bytes);
        table.put(key, record);
        count += 1;
    }
    Ok(count)
}

fn encode(key: &Key, record: &Record) -> [u8; RECORD_BYTES] {
    let mut bytes = [0u8; RECORD_BYTES];
    bytes[..16].copy_from_slice(&key.first.to_le_bytes());
    bytes[16..32].copy_from_slice(&key.second.to_le_bytes());
    bytes[32] = u8::from(key.first_to_move) | u8::from(record.pairing_tried) << 1;
    bytes[33] = record.win;
    bytes[34] = record.fail;
    bytes[35] = record.budget;
    bytes[36..40].copy_from_slice(&record.pn.to_le_bytes());
    bytes[40..44].copy_from_slice(&record.dn.to_le_bytes());
    bytes[44..48].copy_from_slice(&record.work.to_le_bytes());
    bytes
}

fn decode(bytes: &[u8; RECORD_BYTES]) -> (Key, Record) {
    let u128_at =
        |at: usize| u128::from_le_bytes(bytes[at..at + 16].try_into().unwrap_or_default());
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap_or_default());
    let key = Key {
        first: u128_at(0),
        second: u128_at(16),
        first_to_move: bytes[32] & 1 != 0,
    };
    let record = Record {
        win: bytes[33],
        fail: bytes[34],
        budget: bytes[35],
        pairing_tried: bytes[32] & 2 != 0,
        pn: u32_at(36),
        dn: u32_at(40),
        work: u32_at(44),
    };
    (key, record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::shape::Shape;

    fn record(work: u32) -> Record {
        Record {
            win: 9,
            fail: 2,
            budget: 4,
            pairing_tried: work.is_multiple_of(2),
            pn: work + 1,
            dn: u32::MAX - work,
            work,
        }
    }

    fn key(index: u128) -> Key {
        Key {
            first: index << 100 | index,
            second: index << 64,
            first_to_move: index.is_multiple_of(3),
        }
    }

    fn scratch(name: &str) -> std::path::PathBuf {
        let name = format!("gamecert-state-{name}-{}.gz", std::process::id());
        std::env::temp_dir().join(name)
    }

    #[test]
    fn a_saved_state_reads_back_its_costliest_records() {
        let graph = Shape::parse("snaky").unwrap().board(6, 6).unwrap();
        let print = fingerprint(&graph, Version::Weak);
        let table = Table::with_bytes(1 << 20);
        for index in 1..=100u128 {
            table.put(key(index), record(index as u32));
        }
        let path = scratch("roundtrip");
        assert_eq!(save(&path, &print, &table, 10).unwrap(), 10);
        let again = Table::with_bytes(1 << 20);
        assert_eq!(load(&path, &print, &again).unwrap(), 10);
        for index in 1..=100u128 {
            let expected = (index > 90).then(|| record(index as u32));
            assert_eq!(again.get(key(index)), expected, "record {index}");
        }
        std::fs::remove_file(path).unwrap();
    }

    #[test]
    fn a_state_of_another_game_is_refused() {
        let graph = Shape::parse("snaky").unwrap().board(6, 6).unwrap();
        let table = Table::with_bytes(1 << 20);
        table.put(key(1), record(1));
        let path = scratch("foreign");
        save(&path, &fingerprint(&graph, Version::Weak), &table, 10).unwrap();
        let strong = fingerprint(&graph, Version::Strong);
        let other = fingerprint(
            &Shape::parse("snaky").unwrap().board(7, 6).unwrap(),
            Version::Weak,
        );
        for print in [strong, other] {
            let result = load(&path, &print, &Table::with_bytes(1 << 20));
            assert!(matches!(result, Err(StateError::Foreign(_))));
        }
        std::fs::remove_file(path).unwrap();
    }
}
