//! Auditors of the animal atlas: `animals` (the atlas), `animals-pairing`
//! (a periodic pairing) and `animals-no-pairing` (a region and its LRAT
//! refutation). The atlas auditor re-enumerates the free polyominoes itself
//! and follows every reference (paths relative to the project root) to the
//! pairing, proof and card-table certificates, auditing each.

pub mod atlas;
pub mod claims;
pub mod lrat;
pub mod moves;
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
    /// A winner's `moves` is not the bounds the kernel derives.
    Moves {
        cells: String,
        fault: moves::MovesFault,
    },
    /// A field the format does not define.
    UnknownField { at: String, field: String },
    /// The atlas's claim ids are not exactly the article's, in order.
    ClaimIds {
        found: Vec<String>,
        expected: Vec<&'static str>,
    },
    /// A claim's statement is not the text the kernel regenerates.
    ClaimStatement {
        id: String,
        found: Option<String>,
        expected: &'static str,
    },
    /// A claim's verdict is not the one the rest of the file supports.
    ClaimVerdict {
        id: String,
        found: Option<String>,
        expected: &'static str,
        why: String,
    },
    /// A no-pairing formula would exceed the kernel's size limit; refused
    /// before it is built.
    FormulaTooLarge {
        literals: u64,
        clauses: u64,
        limit: u64,
    },
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
            AnimalsFault::Moves { cells, fault } => write!(f, "animal {cells}: {fault}"),
            AnimalsFault::UnknownField { at, field } => {
                write!(f, "{at}: unknown field {field:?}")
            }
            AnimalsFault::ClaimIds { found, expected } => write!(
                f,
                "claims: ids {found:?}, but the atlas carries exactly {expected:?}"
            ),
            AnimalsFault::ClaimStatement {
                id,
                found,
                expected,
            } => write!(
                f,
                "claim {id}: statement {found:?} is not the article's claim {expected:?}"
            ),
            AnimalsFault::ClaimVerdict {
                id,
                found,
                expected,
                why,
            } => write!(
                f,
                "claim {id}: verdict is {found:?}, but the atlas shows {expected:?}: {why}"
            ),
            AnimalsFault::FormulaTooLarge {
                literals,
                clauses,
                limit,
            } => write!(
                f,
                "the formula would have {literals} literals in {clauses} clauses, over the kernel's limit of {limit} literals; refused before building it"
            ),
        }
    }
}

/// An `UnknownField` fault for every key of `object` outside `known`.
pub(crate) fn unknown_fields(object: &Value, at: &str, known: &[&str]) -> Vec<AnimalsFault> {
    crate::unknown_fields(object, known)
        .map(|field| AnimalsFault::UnknownField {
            at: at.to_string(),
            field: field.clone(),
        })
        .collect()
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
