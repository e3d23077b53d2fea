//! Free polyominoes by size: every animal of n cells is one of n - 1 cells
//! with one cell added beside it, so growing each canonical animal by every
//! neighbouring cell and keeping the canonical forms finds them all.

use super::Polyomino;
use std::collections::BTreeSet;

/// The free polyominoes of `cells` cells, canonical, in increasing order.
pub fn enumerate(cells: usize) -> Vec<Polyomino> {
    enumerate_upto(cells).pop().unwrap_or_default()
}

/// Entry k - 1 holds the free polyominoes of k cells, for k = 1..=max.
pub fn enumerate_upto(max: usize) -> Vec<Vec<Polyomino>> {
    let mut levels: Vec<Vec<Polyomino>> = Vec::with_capacity(max);
    if max == 0 {
        return levels;
    }
    levels.push(vec![Polyomino {
        cells: vec![(0, 0)],
    }]);
    while levels.len() < max {
        let previous = levels.last().map(Vec::as_slice).unwrap_or_default();
        let next: BTreeSet<Polyomino> = previous
            .iter()
            .flat_map(|animal| animal.extensions().map(|grown| grown.canonical()))
            .collect();
        levels.push(next.into_iter().collect());
    }
    levels
}

#[cfg(test)]
pub(crate) mod naive {
    //! A second, independent enumeration for tests: every set of n cells of
    //! the n x n box that is connected, reduced to its canonical form.
    use super::super::{Cell, Polyomino};
    use std::collections::BTreeSet;

    pub fn enumerate_in_box(n: usize) -> BTreeSet<Polyomino> {
        let side = n as i32;
        let box_cells: Vec<Cell> = (0..side)
            .flat_map(|x| (0..side).map(move |y| (x, y)))
            .collect();
        let mut out = BTreeSet::new();
        let mut chosen = Vec::with_capacity(n);
        subsets(&box_cells, 0, n, &mut chosen, &mut out);
        out
    }

    fn subsets(
        cells: &[Cell],
        from: usize,
        left: usize,
        chosen: &mut Vec<Cell>,
        out: &mut BTreeSet<Polyomino>,
    ) {
        if left == 0 {
            if let Ok(animal) = Polyomino::new(chosen) {
                out.insert(animal.canonical());
            }
            return;
        }
        for i in from..cells.len() {
            if cells.len() - i < left {
                break;
            }
            chosen.push(cells[i]);
            subsets(cells, i + 1, left - 1, chosen, out);
            chosen.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growth_agrees_with_the_naive_box_enumeration() {
        let levels = enumerate_upto(5);
        for (k, level) in levels.iter().enumerate() {
            let naive = naive::enumerate_in_box(k + 1);
            let grown: BTreeSet<Polyomino> = level.iter().cloned().collect();
            assert_eq!(grown, naive, "{} cells", k + 1);
        }
    }

    #[test]
    fn every_listed_animal_is_canonical_connected_and_distinct() {
        for (k, level) in enumerate_upto(7).iter().enumerate() {
            let distinct: BTreeSet<&Polyomino> = level.iter().collect();
            assert_eq!(distinct.len(), level.len());
            for animal in level {
                assert_eq!(animal.size(), k + 1);
                assert!(animal.is_canonical());
                assert!(Polyomino::new(animal.cells()).is_ok());
            }
        }
    }

    #[test]
    fn every_animal_of_n_cells_contains_one_of_n_minus_1() {
        let levels = enumerate_upto(6);
        for pair in levels.windows(2) {
            for big in &pair[1] {
                assert!(pair[0].iter().any(|small| big.contains(small)));
            }
        }
    }
}
