//! "The animal has no pairing strategy", certified on a finite region R: no
//! set of disjoint pairs of cells of R puts a whole pair inside every
//! placement of the animal inside R. (A pairing of Z^2 would give one on R
//! by keeping its pairs with both cells in R, so none exists on Z^2 either.)
//!
//! The formula is fixed by the region alone, so the kernel rebuilds it:
//! - placements: every t + R(P) inside the region, as sorted cell lists,
//!   distinct, in increasing order;
//! - variables: every pair {u, v}, u < v, of cells lying together in some
//!   placement, in increasing order of (u, v), numbered from 1;
//! - clauses: first one per placement (the variables of its pairs, in
//!   increasing order), then for each cell of the region in increasing
//!   order, for each two variables p < q of pairs holding it, (-p, -q).

use super::sat::{self, Formula, Outcome};
use crate::polyomino::{Cell, Polyomino};
use std::collections::{BTreeMap, BTreeSet};

/// The formula of a region, with the pairs its variables stand for.
pub struct RegionFormula {
    pub region: Vec<Cell>,
    pub placements: Vec<Vec<Cell>>,
    pub pairs: Vec<(Cell, Cell)>,
    pub formula: Formula,
}

/// Every placement of the animal inside the region.
pub fn placements_in(animal: &Polyomino, region: &BTreeSet<Cell>) -> Vec<Vec<Cell>> {
    let mut out = BTreeSet::new();
    for orientation in animal.orientations() {
        let anchor = orientation.cells()[0];
        for &target in region {
            let shift = (target.0 - anchor.0, target.1 - anchor.1);
            let mut copy: Vec<Cell> = orientation
                .cells()
                .iter()
                .map(|c| (c.0 + shift.0, c.1 + shift.1))
                .collect();
            if copy.iter().all(|c| region.contains(c)) {
                copy.sort_unstable();
                out.insert(copy);
            }
        }
    }
    out.into_iter().collect()
}

pub fn region_formula(animal: &Polyomino, region: &[Cell]) -> RegionFormula {
    let cells: BTreeSet<Cell> = region.iter().copied().collect();
    let placements = placements_in(animal, &cells);
    let mut pair_set = BTreeSet::new();
    for placement in &placements {
        for (i, &u) in placement.iter().enumerate() {
            for &v in &placement[i + 1..] {
                pair_set.insert((u, v));
            }
        }
    }
    let pairs: Vec<(Cell, Cell)> = pair_set.into_iter().collect();
    let number: BTreeMap<(Cell, Cell), i32> = pairs
        .iter()
        .enumerate()
        .map(|(i, &p)| (p, i as i32 + 1))
        .collect();
    let mut clauses = Vec::new();
    for placement in &placements {
        let mut clause = Vec::new();
        for (i, &u) in placement.iter().enumerate() {
            for &v in &placement[i + 1..] {
                clause.push(number[&(u, v)]);
            }
        }
        clause.sort_unstable();
        clauses.push(clause);
    }
    let mut holding: BTreeMap<Cell, Vec<i32>> = BTreeMap::new();
    for (i, &(u, v)) in pairs.iter().enumerate() {
        holding.entry(u).or_default().push(i as i32 + 1);
        holding.entry(v).or_default().push(i as i32 + 1);
    }
    for cell in &cells {
        let vars = holding.get(cell).map(Vec::as_slice).unwrap_or_default();
        for (i, &p) in vars.iter().enumerate() {
            for &q in &vars[i + 1..] {
                clauses.push(vec![-p, -q]);
            }
        }
    }
    RegionFormula {
        region: cells.into_iter().collect(),
        placements,
        formula: Formula {
            variables: pairs.len() as u32,
            clauses,
        },
        pairs,
    }
}

/// The region's verdict: a refutation tree if no pairing exists.
pub fn refute(animal: &Polyomino, region: &[Cell], node_limit: u64) -> (RegionFormula, Outcome) {
    let formula = region_formula(animal, region);
    let outcome = sat::solve(&formula.formula, node_limit);
    (formula, outcome)
}

/// The w x h rectangle's cells.
pub fn rectangle(width: i32, height: i32) -> Vec<Cell> {
    (0..width)
        .flat_map(|x| (0..height).map(move |y| (x, y)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_square_has_a_pairing_on_a_board_and_the_domino_none() {
        let square = Polyomino::new(&[(0, 0), (1, 0), (0, 1), (1, 1)]).unwrap();
        let (_, outcome) = refute(&square, &rectangle(4, 4), 100_000);
        assert!(matches!(outcome, Outcome::Satisfiable(_)));
        let domino = Polyomino::new(&[(0, 0), (1, 0)]).unwrap();
        let (formula, outcome) = refute(&domino, &rectangle(2, 2), 100_000);
        assert_eq!(formula.placements.len(), 4);
        assert!(matches!(outcome, Outcome::Unsatisfiable(_)));
    }
}
