//! The machine word a scan of the winning sets works in: a board of at
//! most 64 cells is scanned in `u64` (one register an operation instead
//! of two), a larger one in the full [`Cells`].

use super::hypergraph::Cells;
use std::ops::{BitAnd, BitOr, BitOrAssign, Not};

/// A set of cells in a word wide enough for the board.
pub trait Word:
    Copy
    + Eq
    + Default
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitOrAssign
    + Not<Output = Self>
{
    /// The cells of `cells` this word holds (all of them, when the board
    /// fits it).
    fn narrow(cells: Cells) -> Self;
    fn widen(self) -> Cells;
    fn ones(self) -> u32;
    fn is_empty(self) -> bool {
        self == Self::default()
    }
}

impl Word for u64 {
    fn narrow(cells: Cells) -> u64 {
        cells as u64
    }
    fn widen(self) -> Cells {
        Cells::from(self)
    }
    fn ones(self) -> u32 {
        self.count_ones()
    }
}

impl Word for u128 {
    fn narrow(cells: Cells) -> u128 {
        cells
    }
    fn widen(self) -> Cells {
        self
    }
    fn ones(self) -> u32 {
        self.count_ones()
    }
}

/// Whether every cell of the board fits a `u64`.
pub fn fits_u64(all: Cells) -> bool {
    all >> 64 == 0
}
