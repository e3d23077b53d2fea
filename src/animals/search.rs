//! The expensive searches, run once by `gamecert animals search`: a
//! pairing for every basic loser and the refutation for Snaky's region.
//! Their certificates are committed; `gamecert verify` only re-checks them.

use super::atlas::{basic_losers, snaky};
use super::certificate::{
    pairing_certificate, AnimalRecord, NoPairingCertificate, PairingCertificate, FORMAT,
    NO_PAIRING_KIND, NO_PAIRING_PROOF,
};
use super::nopairing::region_formula;
use super::pairing::{brick_wall, find, uncovered_placement};
use super::refute::{refute, RefuteError};
use crate::polyomino::{common_name, Cell, Polyomino};

/// Limits of the pairing search.
#[derive(Debug, Clone, Copy)]
pub struct PairingLimits {
    pub max_area: i32,
    pub node_limit: u64,
}

/// One basic loser's search result.
pub struct PairingResult {
    pub animal: Polyomino,
    pub certificate: Option<PairingCertificate>,
    pub seconds: f64,
}

/// Searches a pairing for every basic loser; `progress` hears each result.
pub fn search_pairings(
    levels: &[Vec<Polyomino>],
    limits: PairingLimits,
    progress: &mut dyn FnMut(&PairingResult),
) -> Vec<PairingResult> {
    let mut out = Vec::new();
    for animal in basic_losers(levels) {
        let start = std::time::Instant::now();
        // The article's brick wall for the 2x2 square (Example 8); a search
        // for everything else.
        let found = if common_name(&animal) == Some("O tetromino") {
            Some(brick_wall())
        } else {
            find(&animal, limits.max_area, limits.node_limit)
        };
        let certificate = found
            .filter(|p| uncovered_placement(&animal, p).is_none())
            .map(|p| pairing_certificate(&animal, &p));
        let result = PairingResult {
            animal,
            certificate,
            seconds: start.elapsed().as_secs_f64(),
        };
        progress(&result);
        out.push(result);
    }
    out
}

/// The no-pairing certificate of Snaky on `region` and its LRAT proof text.
pub fn snaky_no_pairing(region: &[Cell]) -> Result<(NoPairingCertificate, String), RefuteError> {
    let animal = snaky();
    let formula = region_formula(&animal, region);
    let refutation = refute(&formula.formula)?;
    let certificate = NoPairingCertificate {
        kind: NO_PAIRING_KIND,
        format: FORMAT,
        animal: AnimalRecord::of(&animal),
        statement: "no set of disjoint pairs of cells of the region puts a whole pair inside every placement of the animal inside the region".into(),
        region: formula.region.clone(),
        placements: formula.placements.len(),
        variables: formula.formula.variables,
        clauses: formula.formula.clauses.len(),
        proof_path: NO_PAIRING_PROOF.into(),
        proof_steps: refutation.steps,
        untrimmed_steps: refutation.untrimmed_steps,
    };
    Ok((certificate, refutation.lrat))
}

/// Pairs one per line.
pub fn pairing_json(certificate: &PairingCertificate) -> Result<String, serde_json::Error> {
    crate::cert::to_certificate_json(certificate, 2)
}

pub fn no_pairing_json(certificate: &NoPairingCertificate) -> Result<String, serde_json::Error> {
    crate::cert::to_certificate_json(certificate, 1)
}
