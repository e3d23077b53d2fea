//! Polyominoes ("animals"): finite connected sets of grid cells, counted up
//! to translation, rotation and reflection (free polyominoes).
//!
//! A [`Polyomino`] always holds its cells normalised: translated so that the
//! least x and the least y are 0, and sorted. Its [`Polyomino::canonical`]
//! form is the least normalised cell list over the 8 symmetries of the grid,
//! so two animals are the same free polyomino exactly when their canonical
//! forms are equal.

pub mod draw;
pub mod enumerate;
pub mod names;
pub mod parse;

pub use enumerate::{enumerate, enumerate_upto};
pub use names::common_name;
pub use parse::{parse_shape, ShapeError};

use std::collections::BTreeSet;
use std::fmt;

/// A grid cell (x, y).
pub type Cell = (i32, i32);

/// The 8 symmetries of the square grid: (x, y) goes to the image below.
pub const SYMMETRIES: [fn(Cell) -> Cell; 8] = [
    |(x, y)| (x, y),
    |(x, y)| (-y, x),
    |(x, y)| (-x, -y),
    |(x, y)| (y, -x),
    |(x, y)| (-x, y),
    |(x, y)| (x, -y),
    |(x, y)| (y, x),
    |(x, y)| (-y, -x),
];

/// A polyomino, its cells normalised (least x and least y are 0) and sorted.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Polyomino {
    cells: Vec<Cell>,
}

/// Why a cell set is not a polyomino.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PolyominoError {
    #[error("a polyomino needs at least one cell")]
    Empty,
    #[error("cell ({0},{1}) is listed twice")]
    Repeated(i32, i32),
    #[error("the cells are not connected: ({0},{1}) cannot be reached from ({2},{3}) through edge-adjacent cells")]
    Disconnected(i32, i32, i32, i32),
    #[error("coordinate out of range (|x|, |y| must stay below 2^20)")]
    OutOfRange,
}

const COORDINATE_LIMIT: i32 = 1 << 20;

impl Polyomino {
    /// The polyomino with these cells, which must be distinct, edge-connected
    /// and at least one.
    pub fn new(cells: &[Cell]) -> Result<Polyomino, PolyominoError> {
        let first = *cells.first().ok_or(PolyominoError::Empty)?;
        let mut set = BTreeSet::new();
        for &(x, y) in cells {
            if x.abs() >= COORDINATE_LIMIT || y.abs() >= COORDINATE_LIMIT {
                return Err(PolyominoError::OutOfRange);
            }
            if !set.insert((x, y)) {
                return Err(PolyominoError::Repeated(x, y));
            }
        }
        if let Some((x, y)) = unreachable_cell(&set, first) {
            return Err(PolyominoError::Disconnected(x, y, first.0, first.1));
        }
        Ok(Polyomino::normalised(cells.iter().copied()))
    }

    /// Translates to least x = least y = 0 and sorts; the caller guarantees
    /// the cells are distinct and connected.
    fn normalised(cells: impl Iterator<Item = Cell>) -> Polyomino {
        let mut cells: Vec<Cell> = cells.collect();
        let min_x = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let min_y = cells.iter().map(|c| c.1).min().unwrap_or(0);
        for cell in &mut cells {
            *cell = (cell.0 - min_x, cell.1 - min_y);
        }
        cells.sort_unstable();
        Polyomino { cells }
    }

    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    pub fn size(&self) -> usize {
        self.cells.len()
    }

    /// Width and height of the bounding box.
    pub fn extent(&self) -> (i32, i32) {
        let w = self.cells.iter().map(|c| c.0).max().unwrap_or(-1) + 1;
        let h = self.cells.iter().map(|c| c.1).max().unwrap_or(-1) + 1;
        (w, h)
    }

    /// The image under one of the 8 symmetries, normalised.
    pub fn transformed(&self, symmetry: fn(Cell) -> Cell) -> Polyomino {
        Polyomino::normalised(self.cells.iter().map(|&c| symmetry(c)))
    }

    /// The canonical representative of the free polyomino: the least
    /// normalised cell list over the 8 symmetries.
    pub fn canonical(&self) -> Polyomino {
        SYMMETRIES
            .iter()
            .map(|&s| self.transformed(s))
            .min()
            .unwrap_or_else(|| self.clone())
    }

    pub fn is_canonical(&self) -> bool {
        *self == self.canonical()
    }

    /// The distinct orientations (1, 2, 4 or 8 of them), each normalised,
    /// in increasing order.
    pub fn orientations(&self) -> Vec<Polyomino> {
        let set: BTreeSet<Polyomino> = SYMMETRIES.iter().map(|&s| self.transformed(s)).collect();
        set.into_iter().collect()
    }

    /// Whether `self` contains a copy (any orientation and translation) of
    /// `smaller`.
    pub fn contains(&self, smaller: &Polyomino) -> bool {
        self.copy_of(smaller).is_some()
    }

    /// One copy of `smaller` inside `self`, as cells of `self`.
    pub fn copy_of(&self, smaller: &Polyomino) -> Option<Vec<Cell>> {
        if smaller.size() > self.size() {
            return None;
        }
        let own: BTreeSet<Cell> = self.cells.iter().copied().collect();
        for orientation in smaller.orientations() {
            let anchor = orientation.cells[0];
            for &target in &self.cells {
                let shift = (target.0 - anchor.0, target.1 - anchor.1);
                let copy: Vec<Cell> = orientation
                    .cells
                    .iter()
                    .map(|c| (c.0 + shift.0, c.1 + shift.1))
                    .collect();
                if copy.iter().all(|c| own.contains(c)) {
                    return Some(copy);
                }
            }
        }
        None
    }

    /// Every placement (orientation and translation) inside the board of
    /// `width` x `height` cells (0..width, 0..height), each as sorted cells,
    /// without repeats, in increasing order.
    pub fn placements(&self, width: i32, height: i32) -> Vec<Vec<Cell>> {
        let mut out = BTreeSet::new();
        for orientation in self.orientations() {
            let (w, h) = orientation.extent();
            for dx in 0..=(width - w) {
                for dy in 0..=(height - h) {
                    let copy: Vec<Cell> = orientation
                        .cells
                        .iter()
                        .map(|c| (c.0 + dx, c.1 + dy))
                        .collect();
                    out.insert(copy);
                }
            }
        }
        out.into_iter().collect()
    }

    /// The polyominoes of one more cell grown from this one (normalised, not
    /// canonical).
    pub fn extensions(&self) -> impl Iterator<Item = Polyomino> + '_ {
        let own: BTreeSet<Cell> = self.cells.iter().copied().collect();
        let mut fresh = BTreeSet::new();
        for &(x, y) in &self.cells {
            for n in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
                if !own.contains(&n) {
                    fresh.insert(n);
                }
            }
        }
        fresh.into_iter().map(move |extra| {
            Polyomino::normalised(self.cells.iter().copied().chain(std::iter::once(extra)))
        })
    }

    /// Whether removing `cell` leaves the rest connected (and non-empty).
    pub fn connected_without(&self, cell: Cell) -> bool {
        let rest: BTreeSet<Cell> = self.cells.iter().copied().filter(|&c| c != cell).collect();
        match rest.iter().next() {
            Some(&first) => unreachable_cell(&rest, first).is_none(),
            None => false,
        }
    }

    /// The stable name: the canonical cell list, as `(0,0) (1,0) ...`.
    pub fn cell_list(&self) -> String {
        let parts: Vec<String> = self
            .cells
            .iter()
            .map(|(x, y)| format!("({x},{y})"))
            .collect();
        parts.join(" ")
    }

    /// The common name where one exists, else the canonical cell list.
    pub fn display_name(&self) -> String {
        common_name(self)
            .map(str::to_string)
            .unwrap_or_else(|| self.canonical().cell_list())
    }
}

impl fmt::Display for Polyomino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.cell_list())
    }
}

/// Some cell of `set` not reachable from `start`, if any.
fn unreachable_cell(set: &BTreeSet<Cell>, start: Cell) -> Option<Cell> {
    let mut seen = BTreeSet::from([start]);
    let mut stack = vec![start];
    while let Some((x, y)) = stack.pop() {
        for n in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
            if set.contains(&n) && seen.insert(n) {
                stack.push(n);
            }
        }
    }
    set.iter().find(|c| !seen.contains(c)).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn poly(cells: &[Cell]) -> Polyomino {
        Polyomino::new(cells).unwrap()
    }

    #[test]
    fn canonical_form_is_the_same_for_every_orientation_and_translation() {
        let snaky = poly(&[(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 1)]);
        for orientation in snaky.orientations() {
            let moved: Vec<Cell> = orientation
                .cells()
                .iter()
                .map(|c| (c.0 - 7, c.1 + 3))
                .collect();
            assert_eq!(poly(&moved).canonical(), snaky.canonical());
        }
        assert_eq!(snaky.orientations().len(), 8);
        assert_eq!(
            poly(&[(0, 0), (1, 0), (0, 1), (1, 1)]).orientations().len(),
            1
        );
        assert_eq!(poly(&[(0, 0), (1, 0)]).orientations().len(), 2);
    }

    #[test]
    fn bad_cell_sets_are_rejected_with_the_cell_at_fault() {
        assert_eq!(Polyomino::new(&[]), Err(PolyominoError::Empty));
        assert_eq!(
            Polyomino::new(&[(0, 0), (1, 0), (0, 0)]),
            Err(PolyominoError::Repeated(0, 0))
        );
        assert_eq!(
            Polyomino::new(&[(0, 0), (1, 1)]),
            Err(PolyominoError::Disconnected(1, 1, 0, 0))
        );
    }

    #[test]
    fn containment_respects_orientation() {
        let l4 = poly(&[(0, 0), (1, 0), (2, 0), (2, 1)]);
        let snaky = poly(&[(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 1)]);
        let square = poly(&[(0, 0), (1, 0), (0, 1), (1, 1)]);
        let flipped: Vec<Cell> = l4.cells().iter().map(|c| (c.0, -c.1)).collect();
        assert!(snaky.contains(&poly(&flipped)));
        assert!(!snaky.contains(&square));
        assert!(snaky.contains(&snaky));
    }

    #[test]
    fn placements_count_every_translation_of_every_orientation() {
        let domino = poly(&[(0, 0), (1, 0)]);
        // A horizontal domino has 2 x 3 places on a 3 x 3 board; vertical too.
        assert_eq!(domino.placements(3, 3).len(), 12);
        assert!(domino.placements(1, 1).is_empty());
    }

    #[test]
    fn removing_a_leaf_keeps_connection_but_a_cut_cell_does_not() {
        let straight = poly(&[(0, 0), (1, 0), (2, 0)]);
        assert!(straight.connected_without((0, 0)));
        assert!(!straight.connected_without((1, 0)));
    }
}
