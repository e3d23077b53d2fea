//! Auditor of `animals-no-pairing` certificates: the animal has no pairing
//! strategy, because a finite region R admits none. The kernel rebuilds the
//! formula from R and the animal alone (docs/formats/animals.md):
//! placements = every copy of the animal inside R, sorted cell lists in
//! increasing order; variables = pairs {u < v} lying together in some
//! placement, in increasing order, from 1; clauses = one per placement (its
//! pairs' variables, increasing), then per cell of R in increasing order
//! and per two variables p < q of pairs holding it, (-p -q). The formula's
//! size is counted first and refused past [`MAX_FORMULA_LITERALS`]; the
//! stated sizes and the statement must be the rebuilt ones. Then it checks
//! the LRAT refutation at `proof_path` (relative to the project root).

use super::shape::{self, Cell};
use super::{field, unknown_fields, AnimalsFault};
use crate::{AuditReport, Directory, Failure, Files};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A region holds at most this many cells.
const MAX_REGION: usize = 4096;

/// The most literals a rebuilt formula may hold, counted before it is
/// built: the committed Snaky proof's formula (42 cells) has 21,996
/// literals in 10,296 clauses, so this leaves room about six times over
/// while a 16-cell animal on a 64x64 region (billions) is refused.
pub const MAX_FORMULA_LITERALS: u64 = 1 << 17;

/// The one statement an `animals-no-pairing` certificate makes: what an
/// unsatisfiable formula of this region and animal shows.
pub const STATEMENT: &str = "no set of disjoint pairs of cells of the region puts a whole pair inside every placement of the animal inside the region";

const FIELDS: &[&str] = &[
    "kind",
    "format",
    "animal",
    "statement",
    "region",
    "placements",
    "variables",
    "clauses",
    "proof_path",
    "proof_steps",
    "untrimmed_steps",
];

/// Every copy of the animal inside the region: sorted cell lists, distinct,
/// in increasing order (at most 8 x |region| of them).
fn placements(animal: &[Cell], cells: &BTreeSet<Cell>) -> Vec<Vec<Cell>> {
    let mut found = BTreeSet::new();
    for orientation in shape::orientations(animal) {
        for &target in cells {
            let shift = (target.0 - orientation[0].0, target.1 - orientation[0].1);
            let mut copy: Vec<Cell> = orientation
                .iter()
                .map(|c| (c.0 + shift.0, c.1 + shift.1))
                .collect();
            if copy.iter().all(|c| cells.contains(c)) {
                copy.sort_unstable();
                found.insert(copy);
            }
        }
    }
    found.into_iter().collect()
}

/// The formula's size, counted from the placements without building it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FormulaSize {
    pub placements: u64,
    pub variables: u64,
    pub clauses: u64,
    pub literals: u64,
}

/// Counts cell by cell (each cell's partners, then its binary clauses), so
/// memory stays at one cell's partners whatever the formula's size.
fn formula_size(placements: &[Vec<Cell>]) -> FormulaSize {
    let mut holding: BTreeMap<Cell, Vec<usize>> = BTreeMap::new();
    for (i, placement) in placements.iter().enumerate() {
        for &cell in placement {
            holding.entry(cell).or_default().push(i);
        }
    }
    let (mut degrees, mut binary) = (0u64, 0u64);
    for (cell, held) in &holding {
        let partners: BTreeSet<Cell> = held
            .iter()
            .flat_map(|&i| placements[i].iter().copied())
            .filter(|other| other != cell)
            .collect();
        let d = partners.len() as u64;
        degrees += d;
        binary += d * d.saturating_sub(1) / 2;
    }
    let placement_literals: u64 = placements
        .iter()
        .map(|p| (p.len() * p.len().saturating_sub(1) / 2) as u64)
        .sum();
    FormulaSize {
        placements: placements.len() as u64,
        variables: degrees / 2,
        clauses: placements.len() as u64 + binary,
        literals: placement_literals + 2 * binary,
    }
}

/// The formula of "a pairing of R that meets every placement", unbounded
/// (the auditor bounds it first with [`bounded_formula`]).
pub fn formula(animal: &[Cell], region: &[Cell]) -> Vec<Vec<i64>> {
    let cells: BTreeSet<Cell> = region.iter().copied().collect();
    clauses_of(&placements(animal, &cells), &cells)
}

/// The formula and its size, or `FormulaTooLarge` when its literals would
/// exceed [`MAX_FORMULA_LITERALS`] (counted before anything is built).
pub fn bounded_formula(
    animal: &[Cell],
    region: &[Cell],
) -> Result<(Vec<Vec<i64>>, FormulaSize), AnimalsFault> {
    let cells: BTreeSet<Cell> = region.iter().copied().collect();
    let placements = placements(animal, &cells);
    let size = formula_size(&placements);
    if size.literals > MAX_FORMULA_LITERALS {
        return Err(AnimalsFault::FormulaTooLarge {
            literals: size.literals,
            clauses: size.clauses,
            limit: MAX_FORMULA_LITERALS,
        });
    }
    Ok((clauses_of(&placements, &cells), size))
}

fn clauses_of(placements: &[Vec<Cell>], cells: &BTreeSet<Cell>) -> Vec<Vec<i64>> {
    let mut pairs = BTreeSet::new();
    for placement in placements {
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
    for cell in cells {
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

fn read_animal(value: &Value) -> Result<Vec<Cell>, AnimalsFault> {
    let animal = field(value, "animal")
        .ok_or_else(|| AnimalsFault::Field("animal must be {cells, name}".into()))?;
    if let Some(fault) = unknown_fields(animal, "animal", &["cells", "name"]).pop() {
        return Err(fault);
    }
    animal
        .get("cells")
        .and_then(shape::read_cells)
        .filter(|c| c.len() <= shape::MAX_CELLS && shape::is_animal(c))
        .ok_or_else(|| {
            AnimalsFault::Field(format!(
                "animal.cells must be a polyomino of at most {} cells",
                shape::MAX_CELLS
            ))
        })
}

/// Faults every stated size that is not the rebuilt formula's.
fn check_sizes(value: &Value, size: FormulaSize) -> Vec<AnimalsFault> {
    [
        ("placements", size.placements),
        ("variables", size.variables),
        ("clauses", size.clauses),
    ]
    .into_iter()
    .filter(|(name, count)| value.get(*name).and_then(Value::as_u64) != Some(*count))
    .map(|(name, count)| {
        AnimalsFault::Field(format!("{name} must state the rebuilt formula's {count}"))
    })
    .collect()
}

/// Reads `proof_path` from `files`.
pub fn audit_no_pairing_in(
    value: &Value,
    files: &dyn Files,
) -> Result<(usize, usize), Vec<AnimalsFault>> {
    let mut faults = unknown_fields(value, "animals-no-pairing", FIELDS);
    if value.get("statement").and_then(Value::as_str) != Some(STATEMENT) {
        faults.push(AnimalsFault::Field(format!(
            "statement must be the certificate's one statement {STATEMENT:?}"
        )));
    }
    let animal = read_animal(value).map_err(|f| vec![f])?;
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
    let (clauses, size) = bounded_formula(&animal, &region).map_err(|f| vec![f])?;
    faults.extend(check_sizes(value, size));
    if !faults.is_empty() {
        return Err(faults);
    }
    let proof = read_proof(files, proof_path).map_err(|f| vec![f])?;
    let checked = super::lrat::check(&clauses, &proof).map_err(|fault| {
        vec![AnimalsFault::ProofStep {
            line: fault.line,
            step: fault.step,
            reason: fault.reason,
        }]
    })?;
    if value.get("proof_steps").and_then(Value::as_u64) != Some(checked.added as u64) {
        return Err(vec![AnimalsFault::Field(format!(
            "proof_steps must state the checked proof's {} added steps",
            checked.added
        ))]);
    }
    Ok((region.len(), checked.added))
}

/// The LRAT text, refused past the kernel's file limit whatever `files`
/// reads from.
fn read_proof(files: &dyn Files, path: &str) -> Result<String, AnimalsFault> {
    let reference = |reason: String| AnimalsFault::Reference {
        path: path.to_string(),
        reason,
    };
    let proof = files.read(path).map_err(|e| reference(e.to_string()))?;
    if proof.len() as u64 > crate::MAX_FILE_BYTES {
        return Err(reference(format!(
            "{} bytes, over the auditor's limit of {}; refused",
            proof.len(),
            crate::MAX_FILE_BYTES
        )));
    }
    Ok(proof)
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

    #[test]
    fn the_counted_size_is_the_built_formulas() {
        let region: Vec<Cell> = (0..5).flat_map(|x| (0..4).map(move |y| (x, y))).collect();
        let animals: [&[Cell]; 3] = [
            &[(0, 0), (1, 0)],
            &[(0, 0), (1, 0), (1, 1)],
            &[(0, 0), (0, 1), (0, 2), (1, 2)],
        ];
        for animal in animals {
            let (clauses, size) = bounded_formula(animal, &region).unwrap();
            assert_eq!(size.clauses, clauses.len() as u64);
            let literals: usize = clauses.iter().map(Vec::len).sum();
            assert_eq!(size.literals, literals as u64);
            let variables = clauses.iter().flatten().map(|l| l.abs()).max();
            assert_eq!(Some(size.variables as i64), variables);
        }
    }
}
