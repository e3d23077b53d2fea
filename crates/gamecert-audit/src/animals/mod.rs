//! Auditors of the animal atlas: `animals` (the atlas), `animals-pairing`
//! (a periodic pairing) and `animals-no-pairing` (a region and its LRAT
//! refutation). The atlas auditor re-enumerates the free polyominoes itself
//! and follows every reference (paths relative to the project root) to the
//! pairing, proof and card-table certificates, auditing each.

pub mod atlas;
pub mod lrat;
pub mod nopairing;
pub mod pairing;
pub mod shape;

use serde_json::Value;
use std::fmt;

pub const FORMAT: u64 = 1;

/// A fault in an animal certificate, naming the entry, pair, placement or
/// proof step at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnimalsFault {
    /// A field is missing or ill-formed.
    Field(String),
    /// A pair joins a cell to one of its own translates by the period.
    PairWithItsTranslate {
        pair: usize,
        cells: [shape::Cell; 2],
    },
    /// Two pairs share a cell modulo the period.
    PairsShareCell {
        first: usize,
        second: usize,
        cell: shape::Cell,
    },
    /// A placement of the animal contains no whole pair.
    PlacementWithoutPair {
        orientation: usize,
        translation: shape::Cell,
        cells: Vec<shape::Cell>,
    },
    /// A step of the refutation does not check.
    ProofStep {
        line: usize,
        step: u64,
        reason: String,
    },
    /// A referenced certificate cannot be read or does not audit.
    Reference { path: String, reason: String },
    /// An atlas entry's status is not backed by what it cites.
    Entry { cells: String, reason: String },
}

impl fmt::Display for AnimalsFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnimalsFault::Field(message) => f.write_str(message),
            AnimalsFault::PairWithItsTranslate { pair, cells } => write!(
                f,
                "pair {pair} ({:?}, {:?}) joins a cell to its own translate by the period",
                cells[0], cells[1]
            ),
            AnimalsFault::PairsShareCell { first, second, cell } => write!(
                f,
                "pairs {first} and {second} share cell {cell:?} modulo the period"
            ),
            AnimalsFault::PlacementWithoutPair {
                orientation,
                translation,
                cells,
            } => write!(
                f,
                "placement with no whole pair: orientation {orientation} translated by {translation:?}, cells {}",
                shape::cell_list(cells)
            ),
            AnimalsFault::ProofStep { line, step, reason } => {
                write!(f, "proof line {line} (step {step}): {reason}")
            }
            AnimalsFault::Reference { path, reason } => write!(f, "{path}: {reason}"),
            AnimalsFault::Entry { cells, reason } => write!(f, "animal {cells}: {reason}"),
        }
    }
}

pub(crate) fn field<'a>(value: &'a Value, name: &str) -> Option<&'a Value> {
    value.get(name)
}

/// Whether a cited path stays inside the project root: relative, no "..".
pub(crate) fn safe_path(path: &str) -> bool {
    let path = std::path::Path::new(path);
    path.is_relative()
        && path.components().all(|c| {
            matches!(
                c,
                std::path::Component::Normal(_) | std::path::Component::CurDir
            )
        })
}
