//! Auditor of `animals-pairing` certificates: a periodic pairing of Z^2
//! over one period of the lattice spanned by (a, 0) and (s, b) (Hermite
//! normal form: a, b > 0, 0 <= s < a). It checks that
//! 1. no pair joins a cell to one of its own translates by the lattice;
//! 2. no two pairs share a cell modulo the lattice (then the translates of
//!    all pairs are disjoint in Z^2);
//! 3. every placement of the animal (every distinct orientation, every
//!    translation by a cell of the a x b box, which covers all placements
//!    modulo the lattice) contains both cells of some pair's translate.

use super::shape::{self, Cell};
use super::{field, unknown_fields, AnimalsFault};
use crate::{AuditReport, Failure};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// A period holds at most this many cells.
const MAX_AREA: i64 = 1 << 16;

#[derive(Clone, Copy)]
struct Lattice {
    a: i64,
    s: i64,
    b: i64,
}

impl Lattice {
    fn reduce(self, (x, y): Cell) -> Cell {
        let k = y.div_euclid(self.b);
        ((x - k * self.s).rem_euclid(self.a), y - k * self.b)
    }
}

fn read_lattice(value: &Value) -> Result<Lattice, AnimalsFault> {
    let bad = || {
        AnimalsFault::Field(
            "lattice must be [[a,0],[s,b]] with a, b > 0, 0 <= s < a and a*b <= 65536".into(),
        )
    };
    let rows = value
        .get("lattice")
        .and_then(Value::as_array)
        .ok_or_else(bad)?;
    let (first, second) = match rows.as_slice() {
        [f, s] => (
            shape::read_cell(f).ok_or_else(bad)?,
            shape::read_cell(s).ok_or_else(bad)?,
        ),
        _ => return Err(bad()),
    };
    let lattice = Lattice {
        a: first.0,
        s: second.0,
        b: second.1,
    };
    let valid = first.1 == 0
        && lattice.a > 0
        && lattice.b > 0
        && (0..lattice.a).contains(&lattice.s)
        && lattice.a * lattice.b <= MAX_AREA;
    valid.then_some(lattice).ok_or_else(bad)
}

const FIELDS: &[&str] = &[
    "kind",
    "format",
    "animal",
    "lattice",
    "pairs",
    "placements_checked",
];

/// Faults unknown fields, and a `placements_checked` that is not the
/// distinct orientations times the period's area (what the audit checks).
fn check_fields(value: &Value, animal: &[Cell], lattice: Lattice) -> Vec<AnimalsFault> {
    let mut faults = unknown_fields(value, "animals-pairing", FIELDS);
    if let Some(record) = field(value, "animal") {
        faults.extend(unknown_fields(record, "animal", &["cells", "name"]));
    }
    let placements = shape::orientations(animal).len() as u64 * (lattice.a * lattice.b) as u64;
    if value.get("placements_checked").and_then(Value::as_u64) != Some(placements) {
        faults.push(AnimalsFault::Field(format!(
            "placements_checked must be the {placements} placements the audit checks"
        )));
    }
    faults
}

/// The checked pairing's animal (canonical) and its failures.
pub fn audit_pairing(value: &Value) -> (Option<Vec<Cell>>, Vec<AnimalsFault>) {
    let mut faults = Vec::new();
    let animal = match field(value, "animal")
        .and_then(|a| a.get("cells"))
        .and_then(shape::read_cells)
    {
        Some(cells) if cells.len() <= shape::MAX_CELLS && shape::is_animal(&cells) => cells,
        _ => {
            faults.push(AnimalsFault::Field(
                "animal.cells must be a polyomino of at most 16 cells".into(),
            ));
            return (None, faults);
        }
    };
    let lattice = match read_lattice(value) {
        Ok(lattice) => lattice,
        Err(fault) => return (Some(shape::canonical(&animal)), vec![fault]),
    };
    faults.extend(check_fields(value, &animal, lattice));
    let pairs: Option<Vec<(Cell, Cell)>> =
        value
            .get("pairs")
            .and_then(Value::as_array)
            .and_then(|pairs| {
                pairs
                    .iter()
                    .map(|p| match shape::read_cells(p)?.as_slice() {
                        [u, v] => Some((*u, *v)),
                        _ => None,
                    })
                    .collect()
            });
    let Some(pairs) = pairs else {
        faults.push(AnimalsFault::Field(
            "pairs must be a list of [[x,y],[x,y]]".into(),
        ));
        return (Some(shape::canonical(&animal)), faults);
    };
    // Which pair holds each cell of the period; and (cell, offset to partner).
    let mut holder: BTreeMap<Cell, usize> = BTreeMap::new();
    let mut joined: BTreeSet<(Cell, Cell)> = BTreeSet::new();
    for (i, &(u, v)) in pairs.iter().enumerate() {
        let (ru, rv) = (lattice.reduce(u), lattice.reduce(v));
        if ru == rv {
            faults.push(AnimalsFault::PairWithItsTranslate {
                pair: i,
                cells: [u, v],
            });
            continue;
        }
        for (cell, reduced) in [(u, ru), (v, rv)] {
            if let Some(&other) = holder.get(&reduced) {
                faults.push(AnimalsFault::PairsShareCell {
                    first: other,
                    second: i,
                    cell,
                });
            } else {
                holder.insert(reduced, i);
            }
        }
        joined.insert((ru, (v.0 - u.0, v.1 - u.1)));
        joined.insert((rv, (u.0 - v.0, u.1 - v.1)));
    }
    for (o, orientation) in shape::orientations(&animal).iter().enumerate() {
        for ty in 0..lattice.b {
            for tx in 0..lattice.a {
                let cells: Vec<Cell> = orientation.iter().map(|c| (c.0 + tx, c.1 + ty)).collect();
                let covered = cells.iter().any(|&u| {
                    cells
                        .iter()
                        .any(|&v| joined.contains(&(lattice.reduce(u), (v.0 - u.0, v.1 - u.1))))
                });
                if !covered {
                    faults.push(AnimalsFault::PlacementWithoutPair {
                        orientation: o,
                        translation: (tx, ty),
                        cells,
                    });
                }
            }
        }
    }
    (Some(shape::canonical(&animal)), faults)
}

pub fn audit(value: &Value) -> AuditReport {
    let (animal, faults) = audit_pairing(value);
    let mut checked = Vec::new();
    if let Some(animal) = &animal {
        checked.push(format!(
            "pairing of {}: disjoint modulo the period, every placement holds a whole pair",
            shape::cell_list(animal)
        ));
    }
    AuditReport {
        kind: "animals-pairing".into(),
        checked,
        failures: faults.into_iter().map(Failure::Animals).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    proptest! {
        /// Any lattice, pairs and animal: a report, never a panic; and a
        /// pairing the auditor accepts really covers every placement it lists.
        #[test]
        fn never_panics_on_small_certificates(
            a in -3i64..6, s in -2i64..6, b in -3i64..6,
            pairs in prop::collection::vec(((-4i64..4, -4i64..4), (-4i64..4, -4i64..4)), 0..6),
            cells in prop::collection::vec((-2i64..3, -2i64..3), 0..6),
        ) {
            let value = json!({
                "kind": "animals-pairing", "format": 1,
                "animal": {"cells": cells.iter().map(|c| [c.0, c.1]).collect::<Vec<_>>()},
                "lattice": [[a, 0], [s, b]],
                "pairs": pairs.iter().map(|(u, v)| [[u.0, u.1], [v.0, v.1]]).collect::<Vec<_>>(),
            });
            let _ = audit(&value);
        }
    }

    #[test]
    fn ill_formed_fields_are_faults() {
        let value =
            json!({"animal": {"cells": [[0,0],[1,0]]}, "lattice": [[2,1],[0,2]], "pairs": []});
        assert!(matches!(
            &audit_pairing(&value).1[..],
            [AnimalsFault::Field(_)]
        ));
        let value = json!({"animal": {"cells": [[0,0],[2,0]]}});
        assert!(matches!(
            &audit_pairing(&value).1[..],
            [AnimalsFault::Field(_)]
        ));
    }
}
