//! The board solver's questions, asked of the prover (`crate::prove`):
//! "can the first player complete a winning set within `d` more of its
//! moves?", with the first or the second player to move. The cuts, the
//! move order and the table are the prover's; this file only names the
//! questions the strategy tables and the shards ask.

pub use crate::prove::position::{scan, Scan, ONE};
pub use crate::prove::{Position, Prover as Solver, Version};

use crate::prove::hypergraph::Cells;
use crate::prove::Prover;

impl Prover<'_> {
    /// Whether the first player, to move, completes a set within `budget`
    /// more moves (strong game: before the second player completes one).
    pub fn first_wins_within(&self, position: Position, budget: u32) -> bool {
        self.wins(position, true, budget, u64::MAX) == Some(true)
    }

    /// The same question with the second player to move.
    pub fn first_wins_after_reply(&self, position: Position, budget: u32) -> bool {
        self.wins(position, false, budget, u64::MAX) == Some(true)
    }

    /// [`Prover::first_wins_within`] giving up (`None`) after `nodes` more
    /// nodes.
    pub fn first_wins_limited(&self, position: Position, budget: u32, nodes: u64) -> Option<bool> {
        self.wins(position, true, budget, nodes)
    }

    /// The candidate cells, most urgent first (the prover's move order).
    pub fn ordered_moves(
        &self,
        position: Position,
        candidates: Cells,
        horizon: u32,
        first_to_move: bool,
    ) -> Vec<usize> {
        self.rules()
            .ordered_moves(position, candidates, horizon, first_to_move)
    }
}
