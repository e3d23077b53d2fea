//! Auditor of `animals-no-pairing` certificates: the animal has no pairing
//! strategy, because a finite region R admits none. The kernel rebuilds the
//! formula from R and the animal alone (docs/formats/animals.md):
//! placements = every copy of the animal inside R, sorted cell lists in
//! increasing order; variables = pairs {u < v} lying together in some
//! placement, in increasing order, from 1; clauses = one per placement (its
//! pairs' variables, increasing), then per cell of R in increasing order
//! and per two variables p < q of pairs holding it, (-p -q). Then it checks
//! the LRAT refutation at `proof_path` (relative to the project root).

use super::shape::{self, Cell};
use super::{field, AnimalsFault};
use crate::{AuditReport, Directory, Failure, Files};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A region holds at most this many cells.
const MAX_REGION: usize = 4096;

/// The formula of "a pairing of R that meets every placement".
pub fn formula(animal: &[Cell], region: &[Cell]) -> Vec<Vec<i64>> {
    let cells: BTreeSet<Cell> = region.iter().copied().collect();
    let mut placements = BTreeSet::new();
    for orientation in shape::orientations(animal) {
        for &target in &cells {
            let shift = (target.0 - orientation[0].0, target.1 - orientation[0].1);
            let mut copy: Vec<Cell> = orientation
                .iter()
                .map(|c| (c.0 + shift.0, c.1 + shift.1))
                .collect();
            if copy.iter().all(|c| cells.contains(c)) {
                copy.sort_unstable();
                placements.insert(copy);
            }
        }
    }
    let mut pairs = BTreeSet::new();
    for placement in &placements {
        for (i, &u) in placement.iter().enumerate() {
            for &v in &placement[i + 1..] {
                pairs.insert((u, v));
            }
        }
    }
    let number: BTreeMap<(Cell, Cell), i64> = pairs
        .iter()
        .enumerate()
        .map(|(i, &p)| (p, i as i64 + 1))
        .collect();
    let mut clauses: Vec<Vec<i64>> = placements
        .iter()
        .map(|placement| {
            let mut clause: Vec<i64> = Vec::new();
            for (i, &u) in placement.iter().enumerate() {
                for &v in &placement[i + 1..] {
                    clause.push(number[&(u, v)]);
                }
            }
            clause.sort_unstable();
            clause
        })
        .collect();
    let mut holding: BTreeMap<Cell, Vec<i64>> = BTreeMap::new();
    for (&(u, v), &var) in &number {
        holding.entry(u).or_default().push(var);
        holding.entry(v).or_default().push(var);
    }
    for cell in &cells {
        let mut vars = holding.get(cell).cloned().unwrap_or_default();
        vars.sort_unstable();
        for (i, &p) in vars.iter().enumerate() {
            for &q in &vars[i + 1..] {
                clauses.push(vec![-p, -q]);
            }
        }
    }
    clauses
}

/// The region's size and the proof's added steps, or the faults.
/// Reads `proof_path` relative to `root`.
pub fn audit_no_pairing(value: &Value, root: &Path) -> Result<(usize, usize), Vec<AnimalsFault>> {
    audit_no_pairing_in(value, &Directory(root))
}

/// Reads `proof_path` from `files`.
pub fn audit_no_pairing_in(
    value: &Value,
    files: &dyn Files,
) -> Result<(usize, usize), Vec<AnimalsFault>> {
    let animal = field(value, "animal")
        .and_then(|a| a.get("cells"))
        .and_then(shape::read_cells)
        .filter(|c| c.len() <= shape::MAX_CELLS && shape::is_animal(c))
        .ok_or_else(|| {
            vec![AnimalsFault::Field(
                "animal.cells must be a polyomino".into(),
            )]
        })?;
    let region = value
        .get("region")
        .and_then(shape::read_cells)
        .filter(|r| r.len() <= MAX_REGION)
        .ok_or_else(|| {
            vec![AnimalsFault::Field(format!(
                "region must be at most {MAX_REGION} cells [[x,y],...]"
            ))]
        })?;
    let proof_path = value
        .get("proof_path")
        .and_then(Value::as_str)
        .ok_or_else(|| vec![AnimalsFault::Field("proof_path must be a string".into())])?;
    if !super::safe_path(proof_path) {
        return Err(vec![AnimalsFault::Reference {
            path: proof_path.to_string(),
            reason: "a reference must be a relative path inside the project (no \"..\")".into(),
        }]);
    }
    let proof = files.read(proof_path).map_err(|error| {
        vec![AnimalsFault::Reference {
            path: proof_path.to_string(),
            reason: error.to_string(),
        }]
    })?;
    let clauses = formula(&animal, &region);
    if value.get("clauses").and_then(Value::as_u64) != Some(clauses.len() as u64) {
        return Err(vec![AnimalsFault::Field(format!(
            "clauses must state the rebuilt formula's {} clauses",
            clauses.len()
        ))]);
    }
    match super::lrat::check(&clauses, &proof) {
        Ok(checked) => Ok((region.len(), checked.added)),
        Err(fault) => Err(vec![AnimalsFault::ProofStep {
            line: fault.line,
            step: fault.step,
            reason: fault.reason,
        }]),
    }
}

pub fn audit_at(value: &Value, root: &Path) -> AuditReport {
    audit_in(value, &Directory(root))
}

/// Reads `proof_path` from `files`.
pub fn audit_in(value: &Value, files: &dyn Files) -> AuditReport {
    let (checked, failures) = match audit_no_pairing_in(value, files) {
        Ok((region, steps)) => (
            vec![format!(
                "no pairing on a region of {region} cells: LRAT refutation of {steps} steps checked"
            )],
            Vec::new(),
        ),
        Err(faults) => (
            Vec::new(),
            faults.into_iter().map(Failure::Animals).collect(),
        ),
    };
    AuditReport {
        kind: "animals-no-pairing".into(),
        checked,
        failures,
    }
}

/// Reads `proof_path` relative to the working directory (the project root).
pub fn audit(value: &Value) -> AuditReport {
    audit_at(value, Path::new("."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_domino_on_a_2x2_region_has_four_placements_and_pairs() {
        let region = [(0, 0), (1, 0), (0, 1), (1, 1)];
        let clauses = formula(&[(0, 0), (1, 0)], &region);
        // 4 placement clauses (one pair each), each cell in 2 pairs: 1 binary each
        assert_eq!(clauses.len(), 8);
        assert!(clauses[..4].iter().all(|c| c.len() == 1));
    }
}
