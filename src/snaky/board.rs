//! Finite boards (the paper's Corollary 6, generalised): the strategy of a
//! card with A = ∅ wins on the N x N board {0..N-1}^2 when its envelope T,
//! translated so its smallest coordinates are 0, fits, and a free cell is
//! left for every replacement move: before Maker's k-th move (k ≤ h) at most
//! 2(k-1) cells are taken, so N^2 > 2(h-1) suffices.

use super::geometry::{Bounds, Cell};
use serde::Serialize;

/// How a card's envelope sits on the N x N board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BoardFit {
    /// N: the board asked for, or the smallest that works.
    pub size: u32,
    /// Added to every cell of the table's frame to land on the board.
    pub translation: Cell,
    /// Width and height of T's bounding box.
    pub width: i64,
    pub height: i64,
    /// T fits: width and height at most N.
    pub fits: bool,
    /// N^2 > 2(moves - 1): a free cell exists before every Maker move.
    pub free_cell: bool,
    /// The smallest N for which both hold.
    pub smallest: u32,
}

impl BoardFit {
    /// Fit the envelope with bounding box `bounds` for a strategy of at most
    /// `moves` Maker moves on the board `board` (None: the smallest).
    pub fn of(bounds: Bounds, moves: u32, board: Option<u32>) -> BoardFit {
        let occupied = 2 * u64::from(moves.saturating_sub(1));
        // The least n with n^2 > occupied.
        let mut free_from = (occupied as f64).sqrt() as u64;
        while free_from * free_from <= occupied {
            free_from += 1;
        }
        while free_from > 1 && (free_from - 1) * (free_from - 1) > occupied {
            free_from -= 1;
        }
        let (width, height) = (bounds.width(), bounds.height());
        let smallest = u64::try_from(width.max(height))
            .unwrap_or(u64::MAX)
            .max(free_from);
        let smallest = u32::try_from(smallest).unwrap_or(u32::MAX);
        let size = board.unwrap_or(smallest);
        BoardFit {
            size,
            translation: Cell::new(
                bounds.min.x.checked_neg().unwrap_or(i32::MAX),
                bounds.min.y.checked_neg().unwrap_or(i32::MAX),
            ),
            width,
            height,
            fits: width <= i64::from(size) && height <= i64::from(size),
            free_cell: u64::from(size) * u64::from(size) > occupied,
            smallest,
        }
    }

    pub fn holds(&self) -> bool {
        self.fits && self.free_cell
    }

    /// `2(moves-1)`: the most cells taken before Maker's last move.
    pub fn occupied(moves: u32) -> u64 {
        2 * u64::from(moves.saturating_sub(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds(x0: i32, y0: i32, x1: i32, y1: i32) -> Bounds {
        Bounds {
            min: Cell::new(x0, y0),
            max: Cell::new(x1, y1),
        }
    }

    #[test]
    fn the_smallest_board_holds_the_envelope_and_a_free_cell() {
        // A 17x17 envelope and 21 moves: 289 > 40, N = 17.
        let fit = BoardFit::of(bounds(0, 0, 16, 16), 21, None);
        assert_eq!(
            (fit.size, fit.smallest, fit.translation),
            (17, 17, Cell::new(0, 0))
        );
        assert!(fit.holds());
        assert!(!BoardFit::of(bounds(0, 0, 16, 16), 21, Some(16)).holds());
        // A domino in 2 moves: 2 cells fit on 2x2, and 4 > 2.
        let fit = BoardFit::of(bounds(-3, 5, -2, 5), 2, None);
        assert_eq!((fit.smallest, fit.translation), (2, Cell::new(3, -5)));
        // One cell but many moves: the free cells decide, n^2 > 2(h-1).
        assert_eq!(BoardFit::of(bounds(0, 0, 0, 0), 5, None).smallest, 3);
        assert_eq!(BoardFit::of(bounds(0, 0, 0, 0), 1, None).smallest, 1);
        assert!(!BoardFit::of(bounds(0, 0, 0, 0), 5, Some(2)).free_cell);
    }
}
