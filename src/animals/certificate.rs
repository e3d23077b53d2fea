//! The animal atlas's certificate files (docs/formats/animals.md):
//! `animals-pairing` (one periodic pairing), `animals-no-pairing` (a region
//! and a refutation tree) and `animals` (the atlas that references them).

use super::pairing::PeriodicPairing;
use crate::cert::{to_certificate_json, ClaimRecord};
use crate::polyomino::{Cell, Polyomino};
use serde::Serialize;

pub const FORMAT: u64 = 1;
pub const ATLAS_KIND: &str = "animals";
pub const PAIRING_KIND: &str = "animals-pairing";
pub const NO_PAIRING_KIND: &str = "animals-no-pairing";
pub const ATLAS_PATH: &str = "certificates/animals.json";
pub const DIRECTORY: &str = "certificates/animals";
pub const NO_PAIRING_PATH: &str = "certificates/animals/snaky-no-pairing.json";
pub const NO_PAIRING_PROOF: &str = "certificates/animals/snaky-no-pairing.lrat";

#[derive(Debug, Clone, Serialize)]
pub struct AnimalRecord {
    pub cells: Vec<Cell>,
    pub name: Option<String>,
}

impl AnimalRecord {
    pub fn of(animal: &Polyomino) -> AnimalRecord {
        let canonical = animal.canonical();
        AnimalRecord {
            cells: canonical.cells().to_vec(),
            name: crate::polyomino::common_name(&canonical).map(str::to_string),
        }
    }
}

/// The file name stem of an animal: its canonical cells as digits, e.g.
/// `00-10-20-30-31-41` for Snaky.
pub fn stem(animal: &Polyomino) -> String {
    let cells: Vec<String> = animal
        .canonical()
        .cells()
        .iter()
        .map(|(x, y)| format!("{x}{y}"))
        .collect();
    cells.join("-")
}

pub fn pairing_path(animal: &Polyomino) -> String {
    format!("{DIRECTORY}/pairing-{}.json", stem(animal))
}

#[derive(Debug, Clone, Serialize)]
pub struct PairingCertificate {
    pub kind: &'static str,
    pub format: u64,
    pub animal: AnimalRecord,
    /// The period lattice's basis in Hermite normal form: [[a,0],[s,b]].
    pub lattice: [[i32; 2]; 2],
    /// The pairs over one period: the first cell in the a x b box.
    pub pairs: Vec<[Cell; 2]>,
    /// Placements checked: distinct orientations x cells per period.
    pub placements_checked: usize,
}

pub fn pairing_certificate(animal: &Polyomino, pairing: &PeriodicPairing) -> PairingCertificate {
    let l = pairing.lattice;
    PairingCertificate {
        kind: PAIRING_KIND,
        format: FORMAT,
        animal: AnimalRecord::of(animal),
        lattice: [[l.a, 0], [l.s, l.b]],
        pairs: pairing.pairs.iter().map(|&(u, v)| [u, v]).collect(),
        placements_checked: animal.orientations().len() * l.area() as usize,
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct NoPairingCertificate {
    pub kind: &'static str,
    pub format: u64,
    pub animal: AnimalRecord,
    pub statement: String,
    pub region: Vec<Cell>,
    pub placements: usize,
    pub variables: u32,
    pub clauses: usize,
    /// The LRAT refutation of the formula, relative to the project root.
    pub proof_path: String,
    /// Added steps of the trimmed proof (the empty clause included).
    pub proof_steps: usize,
    /// Added steps of the solver's proof before trimming.
    pub untrimmed_steps: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct AtlasEntry {
    pub cells: Vec<Cell>,
    pub size: usize,
    pub name: Option<String>,
    pub status: &'static str,
    pub how: String,
    pub certificate: Option<String>,
    /// A winner's bounds on Maker's moves on the infinite grid.
    pub moves: Option<super::bounds::MoveBounds>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Induction {
    pub statement: String,
    /// Every animal of 8 cells, with one cell whose removal leaves a
    /// connected 7-cell animal.
    pub octominoes: usize,
    pub all_reduce: bool,
    pub argument: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct NoPairingSummary {
    pub region_cells: usize,
    pub proof_path: String,
    pub proof_steps: usize,
    pub checked: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct AtlasCertificate {
    pub kind: &'static str,
    pub format: u64,
    /// Number of cells -> number of free polyominoes, 1..8.
    pub counts: std::collections::BTreeMap<String, usize>,
    pub animals: Vec<AtlasEntry>,
    pub induction: Induction,
    pub snaky_no_pairing: Option<NoPairingSummary>,
    pub claims: Vec<ClaimRecord>,
}

/// Small files: every array entry on its own line down to depth 3.
pub fn to_json<T: Serialize>(value: &T) -> Result<String, serde_json::Error> {
    to_certificate_json(value, 3)
}
