//! A position of a finite achievement game and what one scan of its
//! winning sets tells about it.

use super::hypergraph::{Cells, Hypergraph};
use super::word::{fits_u64, Word};

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
    /// Whether some second-live set is already complete (strong game).
    pub second_complete: bool,
    /// Sum of `2^(100 - missing)` over the first-live sets missing at
    /// most the first horizon (those the first player can complete within
    /// it), saturating: their Erdős–Selfridge weight.
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
    let horizons = (first_horizon, second_horizon);
    if fits_u64(graph.all()) {
        scan_in::<u64>(graph, version, position, horizons)
    } else {
        scan_in::<u128>(graph, version, position, horizons)
    }
}

/// [`scan`] in the word `W`, wide enough for the board.
fn scan_in<W: Word>(
    graph: &Hypergraph,
    version: Version,
    position: Position,
    (first_horizon, second_horizon): (u32, u32),
) -> Scan {
    let first = W::narrow(position.first);
    let second = W::narrow(position.second);
    let free = W::narrow(graph.all()) & !(first | second);
    let mut out = Scan::default();
    let (mut first_threats, mut first_relevant) = (W::default(), W::default());
    let (mut second_threats, mut second_relevant) = (W::default(), W::default());
    for &set in &graph.sets {
        let set = W::narrow(set);
        if (set & second).is_empty() {
            let missing_cells = set & free;
            let missing = missing_cells.ones();
            if missing == 1 {
                first_threats |= missing_cells;
            }
            if missing <= first_horizon {
                first_relevant |= missing_cells;
                let term = if missing > 100 { 1 } else { ONE >> missing };
                out.horizon_weight = out.horizon_weight.saturating_add(term);
            }
        }
        if version == Version::Strong && (set & first).is_empty() {
            let missing_cells = set & free;
            let missing = missing_cells.ones();
            match missing {
                0 => out.second_complete = true,
                1 => second_threats |= missing_cells,
                _ => {}
            }
            if missing <= second_horizon {
                second_relevant |= missing_cells;
            }
        }
    }
    out.first_threats = first_threats.widen();
    out.first_relevant = first_relevant.widen();
    out.second_threats = second_threats.widen();
    out.second_relevant = second_relevant.widen();
    out
}
