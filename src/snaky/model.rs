//! The game's target shape: Snaky, and the base cards built on it (Lemma 4).

use super::geometry::Cell;

/// Snaky S in the paper's cell order s_0..s_5.
pub const SNAKY: [Cell; 6] = [
    Cell::new(0, 0),
    Cell::new(1, 0),
    Cell::new(2, 0),
    Cell::new(3, 0),
    Cell::new(3, 1),
    Cell::new(4, 1),
];

/// Cards 0..5: card j lacks only s_j.
pub const BASE_CARDS: usize = 6;
