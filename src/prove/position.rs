//! A position of a finite achievement game and what one scan of its
//! winning sets tells about it.

use super::hypergraph::{Cells, Hypergraph};

/// Weak: Maker-Breaker (only the first player's completion counts). Strong:
/// both build; the first to complete a set wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Version {
    Weak,
    Strong,
}

impl Version {
    pub fn word(self) -> &'static str {
        match self {
            Version::Weak => "weak",
            Version::Strong => "strong",
        }
    }
}

/// A position: the cells of the first and of the second player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    pub first: Cells,
    pub second: Cells,
}

impl Position {
    pub const EMPTY: Position = Position {
        first: 0,
        second: 0,
    };

    pub fn taken(self) -> Cells {
        self.first | self.second
    }

    pub fn with_first(self, cell: usize) -> Position {
        Position {
            first: self.first | 1 << cell,
            ..self
        }
    }

    pub fn with_second(self, cell: usize) -> Position {
        Position {
            second: self.second | 1 << cell,
            ..self
        }
    }

    pub fn stones(self) -> u32 {
        self.taken().count_ones()
    }
}

/// What one scan of the winning sets tells about a position.
#[derive(Debug, Default)]
pub struct Scan {
    /// Free cells completing a first-player set.
    pub first_threats: Cells,
    /// Free cells completing a second-player set (strong game).
    pub second_threats: Cells,
    /// Free cells of first-live sets missing at most the horizon.
    pub first_relevant: Cells,
    /// Free cells of second-live sets missing at most its horizon (strong).
    pub second_relevant: Cells,
    /// Whether some first-live set is already complete.
    pub first_complete: bool,
    pub second_complete: bool,
    /// Sum of `2^(100 - missing)` over first-live sets, saturating.
    pub weight: u128,
    /// The same sum over first-live sets missing at most the first
    /// horizon (those the first player can complete within it).
    pub horizon_weight: u128,
}

/// `2^100`: the weight scale, so 1/2 is `2^99`.
pub const ONE: u128 = 1 << 100;

/// Scans every winning set of `graph` once. A set is first-live when it
/// holds no second-player cell, second-live (strong game) when it holds no
/// first-player cell; the horizons bound the missing cells that count as
/// relevant.
pub fn scan(
    graph: &Hypergraph,
    version: Version,
    position: Position,
    first_horizon: u32,
    second_horizon: u32,
) -> Scan {
    let free = graph.all() & !position.taken();
    let mut out = Scan::default();
    for &set in &graph.sets {
        if set & position.second == 0 {
            let missing_cells = set & free;
            let missing = missing_cells.count_ones();
            match missing {
                0 => out.first_complete = true,
                1 => out.first_threats |= missing_cells,
                _ => {}
            }
            let term = if missing > 100 { 1 } else { ONE >> missing };
            if missing <= first_horizon {
                out.first_relevant |= missing_cells;
                out.horizon_weight = out.horizon_weight.saturating_add(term);
            }
            out.weight = out.weight.saturating_add(term);
        }
        if version == Version::Strong && set & position.first == 0 {
            let missing_cells = set & free;
            let missing = missing_cells.count_ones();
            match missing {
                0 => out.second_complete = true,
                1 => out.second_threats |= missing_cells,
                _ => {}
            }
            if missing <= second_horizon {
                out.second_relevant |= missing_cells;
            }
        }
    }
    out
}
