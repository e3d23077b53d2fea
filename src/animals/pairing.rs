//! Periodic pairings of Z^2 (Proposition 7): a set of disjoint 2-cell pairs,
//! invariant under a period lattice, such that every copy of the animal
//! contains a whole pair. Breaker answers Maker's cell with its partner, so
//! Maker never completes the animal.
//!
//! The lattice is kept in Hermite normal form, spanned by (a, 0) and (s, b)
//! with a, b > 0 and 0 <= s < a; its fundamental domain is the a x b box of
//! cells (0..a, 0..b). A pairing is stored over one period: each pair as
//! a cell of the box and a second cell (first + offset), not reduced.

use super::sat::{self, Formula, Outcome};
use crate::polyomino::{Cell, Polyomino};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// The period lattice spanned by (a, 0) and (s, b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Lattice {
    pub a: i32,
    pub s: i32,
    pub b: i32,
}

impl Lattice {
    /// Cells per period.
    pub fn area(self) -> i32 {
        self.a * self.b
    }

    /// The representative of `cell` in the a x b box.
    pub fn reduce(self, (x, y): Cell) -> Cell {
        let k = y.div_euclid(self.b);
        let (x, y) = (x - k * self.s, y - k * self.b);
        (x.rem_euclid(self.a), y)
    }

    fn index(self, cell: Cell) -> usize {
        let (x, y) = self.reduce(cell);
        (y * self.a + x) as usize
    }

    fn cell(self, index: usize) -> Cell {
        let i = index as i32;
        (i % self.a, i / self.a)
    }

    /// Every lattice of this area, in a fixed order.
    pub fn of_area(area: i32) -> Vec<Lattice> {
        let mut out = Vec::new();
        for a in 1..=area {
            if area % a == 0 {
                for s in 0..a {
                    out.push(Lattice { a, s, b: area / a });
                }
            }
        }
        out
    }
}

/// A pairing over one period of its lattice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeriodicPairing {
    pub lattice: Lattice,
    pub pairs: Vec<(Cell, Cell)>,
}

/// Which pairs the search may use: cells at most `reach` apart in the
/// taxicab metric (`None`: any two cells of one placement).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PairSpan {
    pub reach: Option<i32>,
}

/// The offsets d (first nonzero coordinate positive) between two cells of
/// one orientation of the animal, within the span.
fn offsets(animal: &Polyomino, span: PairSpan) -> Vec<Cell> {
    let mut out = BTreeSet::new();
    for orientation in animal.orientations() {
        for &u in orientation.cells() {
            for &v in orientation.cells() {
                let d = (v.0 - u.0, v.1 - u.1);
                let positive = d.0 > 0 || (d.0 == 0 && d.1 > 0);
                let near = span.reach.is_none_or(|r| d.0.abs() + d.1.abs() <= r);
                if positive && near {
                    out.insert(d);
                }
            }
        }
    }
    out.into_iter().collect()
}

/// The SAT encoding of "a pairing with this lattice and these offsets".
struct Encoding {
    lattice: Lattice,
    offsets: Vec<Cell>,
    formula: Formula,
}

impl Encoding {
    fn variable(&self, cell: Cell, offset: usize) -> i32 {
        (self.lattice.index(cell) * self.offsets.len() + offset + 1) as i32
    }

    fn new(animal: &Polyomino, lattice: Lattice, all_offsets: &[Cell]) -> Encoding {
        // An offset in the lattice would pair a cell with its own translate.
        let offsets: Vec<Cell> = all_offsets
            .iter()
            .copied()
            .filter(|&d| lattice.reduce(d) != (0, 0))
            .collect();
        let mut encoding = Encoding {
            lattice,
            formula: Formula {
                variables: (lattice.area() as usize * offsets.len()) as u32,
                clauses: Vec::new(),
            },
            offsets,
        };
        encoding.placement_clauses(animal);
        encoding.disjointness_clauses();
        encoding
    }

    fn placement_clauses(&mut self, animal: &Polyomino) {
        let position: BTreeMap<Cell, usize> = self
            .offsets
            .iter()
            .enumerate()
            .map(|(k, &d)| (d, k))
            .collect();
        let mut seen = BTreeSet::new();
        for orientation in animal.orientations() {
            for t in 0..self.lattice.area() as usize {
                let (tx, ty) = self.lattice.cell(t);
                let cells: Vec<Cell> = orientation
                    .cells()
                    .iter()
                    .map(|c| (c.0 + tx, c.1 + ty))
                    .collect();
                let mut clause = Vec::new();
                for &u in &cells {
                    for &v in &cells {
                        if let Some(&k) = position.get(&(v.0 - u.0, v.1 - u.1)) {
                            clause.push(self.variable(u, k));
                        }
                    }
                }
                clause.sort_unstable();
                clause.dedup();
                if seen.insert(clause.clone()) {
                    self.formula.clauses.push(clause);
                }
            }
        }
    }

    /// Each cell of the period lies in at most one pair.
    fn disjointness_clauses(&mut self) {
        let mut covering: Vec<Vec<i32>> = vec![Vec::new(); self.lattice.area() as usize];
        for c in 0..self.lattice.area() as usize {
            let cell = self.lattice.cell(c);
            for (k, &d) in self.offsets.iter().enumerate() {
                let var = self.variable(cell, k);
                covering[c].push(var);
                covering[self.lattice.index((cell.0 + d.0, cell.1 + d.1))].push(var);
            }
        }
        for vars in &mut covering {
            vars.sort_unstable();
            vars.dedup();
            for (i, &p) in vars.iter().enumerate() {
                for &q in &vars[i + 1..] {
                    self.formula.clauses.push(vec![-p, -q]);
                }
            }
        }
    }

    fn decode(&self, model: &[bool]) -> PeriodicPairing {
        let mut pairs = Vec::new();
        for c in 0..self.lattice.area() as usize {
            let u = self.lattice.cell(c);
            for (k, &d) in self.offsets.iter().enumerate() {
                if model[self.variable(u, k) as usize - 1] {
                    pairs.push((u, (u.0 + d.0, u.1 + d.1)));
                }
            }
        }
        PeriodicPairing {
            lattice: self.lattice,
            pairs,
        }
    }
}

/// A pairing of this lattice and span, if the search finds one within
/// `node_limit` nodes.
pub fn find_with(
    animal: &Polyomino,
    lattice: Lattice,
    span: PairSpan,
    node_limit: u64,
) -> Option<PeriodicPairing> {
    let encoding = Encoding::new(animal, lattice, &offsets(animal, span));
    match sat::solve(&encoding.formula, node_limit) {
        Outcome::Satisfiable(model) => Some(encoding.decode(&model)),
        _ => None,
    }
}

/// The first pairing found, trying lattices by increasing area up to
/// `max_area`, and for each area adjacent pairs first, then wider spans.
pub fn find(animal: &Polyomino, max_area: i32, node_limit: u64) -> Option<PeriodicPairing> {
    let spans = [
        PairSpan { reach: Some(1) },
        PairSpan { reach: Some(2) },
        PairSpan { reach: None },
    ];
    for area in 2..=max_area {
        for span in spans {
            for lattice in Lattice::of_area(area) {
                if let Some(pairing) = find_with(animal, lattice, span, node_limit) {
                    return Some(pairing);
                }
            }
        }
    }
    None
}

/// The placement (orientation index, translation) with no whole pair, if
/// any: the producer's own check of a pairing, before the kernel's.
pub fn uncovered_placement(animal: &Polyomino, pairing: &PeriodicPairing) -> Option<(usize, Cell)> {
    let lattice = pairing.lattice;
    let mut pairs = BTreeSet::new();
    for &(u, v) in &pairing.pairs {
        pairs.insert((lattice.reduce(u), (v.0 - u.0, v.1 - u.1)));
        pairs.insert((lattice.reduce(v), (u.0 - v.0, u.1 - v.1)));
    }
    for (o, orientation) in animal.orientations().iter().enumerate() {
        for t in 0..lattice.area() as usize {
            let (tx, ty) = lattice.cell(t);
            let cells: Vec<Cell> = orientation
                .cells()
                .iter()
                .map(|c| (c.0 + tx, c.1 + ty))
                .collect();
            let covered = cells.iter().any(|&u| {
                cells
                    .iter()
                    .any(|&v| pairs.contains(&(lattice.reduce(u), (v.0 - u.0, v.1 - u.1))))
            });
            if !covered {
                return Some((o, (tx, ty)));
            }
        }
    }
    None
}

/// Article Example 8: the brick wall for the 2x2 square. Rows with y even
/// pair (2i, y) with (2i+1, y); rows with y odd pair (2i+1, y) with (2i+2, y).
pub fn brick_wall() -> PeriodicPairing {
    PeriodicPairing {
        lattice: Lattice { a: 2, s: 0, b: 2 },
        pairs: vec![((0, 0), (1, 0)), ((1, 1), (2, 1))],
    }
}

/// The pairs of a periodic pairing whose two cells both lie on the board
/// (0..width, 0..height): the article's finite drawing.
pub fn pairs_on_board(pairing: &PeriodicPairing, width: i32, height: i32) -> Vec<(Cell, Cell)> {
    let lattice = pairing.lattice;
    let inside = |(x, y): Cell| (0..width).contains(&x) && (0..height).contains(&y);
    let mut out = BTreeSet::new();
    for x in -width..2 * width {
        for y in -height..2 * height {
            for &(u, v) in &pairing.pairs {
                if lattice.reduce((x, y)) == lattice.reduce(u) {
                    let w = (x + v.0 - u.0, y + v.1 - u.1);
                    if inside((x, y)) && inside(w) {
                        out.insert(((x, y), w));
                    }
                }
            }
        }
    }
    out.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> Polyomino {
        Polyomino::new(&[(0, 0), (1, 0), (0, 1), (1, 1)]).unwrap()
    }

    #[test]
    fn reduction_lands_in_the_box_and_respects_the_lattice() {
        let lattice = Lattice { a: 3, s: 1, b: 2 };
        for x in -5..5 {
            for y in -5..5 {
                let (rx, ry) = lattice.reduce((x, y));
                assert!((0..3).contains(&rx) && (0..2).contains(&ry));
                assert_eq!(lattice.reduce((x + 1, y + 2)), (rx, ry));
                assert_eq!(lattice.reduce((x + 3, y)), (rx, ry));
            }
        }
    }

    #[test]
    fn brick_wall_covers_every_square_and_a_found_pairing_checks() {
        assert_eq!(uncovered_placement(&square(), &brick_wall()), None);
        let found = find(&square(), 8, 10_000).unwrap();
        assert_eq!(uncovered_placement(&square(), &found), None);
    }

    #[test]
    fn a_pairing_with_a_pair_removed_leaves_a_placement_uncovered() {
        let mut forged = brick_wall();
        forged.pairs.pop();
        assert!(uncovered_placement(&square(), &forged).is_some());
    }

    #[test]
    fn the_domino_has_no_pairing_on_small_periods() {
        let domino = Polyomino::new(&[(0, 0), (1, 0)]).unwrap();
        assert!(find(&domino, 6, 10_000).is_none());
    }
}
