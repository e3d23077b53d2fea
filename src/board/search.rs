//! The board's questions ("can the first player complete a winning set
//! within `d` more of its moves?"), asked of the prover (`crate::prove`,
//! docs/prover.md): one proof-number search with a bounded transposition
//! table keyed by the canonical (symmetry-reduced) position, threat and
//! Erdős–Selfridge cuts, and pairing leaves. [`Solver`] keeps the prover
//! and the empty board's pairing, which the solve and the strategy
//! reading share; [`ordered_moves`] is the move order of the strategy
//! tables and the shards' units.

use super::hypergraph::{Cells, Hypergraph};
use std::sync::OnceLock;

use crate::prove::order::MoveOrder;
pub use crate::prove::position::{scan, Position, Scan, Version, ONE};
use crate::prove::{MustPlay, Prover};

/// The searcher for one board and version; its prover's table is reused
/// by every question asked of it.
pub struct Solver<'g> {
    pub graph: &'g Hypergraph,
    pub version: Version,
    pub prover: Prover<'g>,
    /// The empty board's pairing, once looked for (the CaDiCaL call is the
    /// dearest one; the solve and the strategy extraction both ask).
    root_pairing: OnceLock<Option<Vec<(usize, usize)>>>,
}

/// Nodes the search spends before CaDiCaL is asked for the empty board's
/// pairing: about as long as that call (a few thousand nodes a second on
/// Snaky's boards).
pub const SHORT_SEARCH_NODES: u64 = 4_096;

impl<'g> Solver<'g> {
    /// A solver whose prover's table takes the default memory.
    pub fn new(graph: &'g Hypergraph, version: Version) -> Solver<'g> {
        Solver::with_prover(Prover::new(graph, version))
    }

    pub fn with_prover(prover: Prover<'g>) -> Solver<'g> {
        Solver {
            graph: prover.graph,
            version: prover.version,
            prover,
            root_pairing: OnceLock::new(),
        }
    }

    /// Plies below which a pairing of the residual sets ends a line.
    pub fn pairing_plies(&self) -> u32 {
        self.prover.pairing_plies
    }

    /// Settles the empty board for the solve, its pairing the cheapest
    /// way first: the backtracking; then, with pairing leaves on, the
    /// search of `budget`, which asks CaDiCaL only once it has spent
    /// [`SHORT_SEARCH_NODES`] (Snaky 7x7 and 8x8 are settled in a few
    /// thousand nodes, sooner than CaDiCaL proves in 0.2 to 0.4 s that
    /// neither has a pairing); without them, CaDiCaL. The pairing is kept:
    /// the strategy reading asks [`Solver::root_pairing`] again.
    pub fn look_for_root_pairing(&self, budget: u32) -> Option<&[(usize, usize)]> {
        self.root_pairing
            .get_or_init(|| {
                let residual = super::root_residual(self.graph);
                let backtracking = super::pairing::Effort {
                    sat: false,
                    ..super::pairing::Effort::THOROUGH
                };
                if let Some(pairs) = super::pairing::find(&residual, backtracking) {
                    return Some(pairs);
                }
                if self.pairing_plies() == 0 {
                    return super::pairing::find_by_sat(&residual);
                }
                self.prover.defer_pairing(SHORT_SEARCH_NODES, residual);
                self.prover.wins(Position::EMPTY, true, budget, u64::MAX);
                self.prover.deferred_pairing().flatten().map(<[_]>::to_vec)
            })
            .as_deref()
    }

    /// A pairing of the empty board's winning sets, if the thorough
    /// finders find one (asked once, unless the solve has asked
    /// [`Solver::look_for_root_pairing`] first).
    pub fn root_pairing(&self) -> Option<&[(usize, usize)]> {
        self.root_pairing
            .get_or_init(|| {
                super::pairing::find(
                    &super::root_residual(self.graph),
                    super::pairing::Effort::THOROUGH,
                )
            })
            .as_deref()
    }

    pub fn nodes(&self) -> u64 {
        self.prover.nodes()
    }

    /// Whether the prover was stopped (its deadline): no question it has
    /// not settled will be answered.
    pub fn stopped(&self) -> bool {
        self.prover.stopped()
    }

    /// Whether the first player, to move, completes a set within `budget`
    /// more moves (strong game: before the second player completes one);
    /// `false` also when the prover's deadline stopped it.
    pub fn first_wins_within(&self, position: Position, budget: u32) -> bool {
        self.prover.wins(position, true, budget, u64::MAX) == Some(true)
    }

    /// What the prover's table already settles about the first player
    /// winning within `budget` (`first_to_move` or after the second's
    /// move).
    pub fn settled(&self, position: Position, first_to_move: bool, budget: u32) -> Option<bool> {
        self.prover.known(position, first_to_move, budget)
    }

    /// A pairing of the residual sets of `position`, if the prover's
    /// finders find one.
    pub fn pairing(&self, position: Position) -> Option<Vec<(usize, usize)>> {
        self.prover.rules().pairing(position)
    }

    /// A second-player move leaving a pairing of the residual sets.
    pub fn reply_pairing(&self, position: Position) -> Option<(usize, Vec<(usize, usize)>)> {
        self.prover.rules().reply_pairing(position)
    }

    /// The must-play region of a position with the first player to move,
    /// as the prover finds it.
    pub fn must_play(&self, position: Position) -> Option<MustPlay> {
        self.prover.rules().must_play(position)
    }

    /// Whether the first player wins within `budget` (to move, or after
    /// the second player's move), giving up (`None`) after `nodes` more
    /// nodes; what the table learnt stays exact.
    pub fn wins_limited(
        &self,
        position: Position,
        first_to_move: bool,
        budget: u32,
        nodes: u64,
    ) -> Option<bool> {
        self.prover.wins(position, first_to_move, budget, nodes)
    }

    /// The move that settles the position for the player to move (the
    /// first player's win within `budget`, or the second's stopping it),
    /// searched below the position even when the table settles the
    /// position itself; `None` when the rules settle it, or `nodes` more
    /// nodes did not find it.
    pub fn deciding_move(
        &self,
        position: Position,
        first_to_move: bool,
        budget: u32,
        nodes: u64,
    ) -> Option<usize> {
        self.prover
            .deciding_move(position, first_to_move, budget, nodes)
    }

    /// [`ordered_moves`] on this solver's board.
    pub(crate) fn ordered_moves(
        &self,
        position: Position,
        candidates: Cells,
        horizon: u32,
        first_to_move: bool,
    ) -> Vec<usize> {
        ordered_moves(
            self.graph,
            self.version,
            position,
            candidates,
            horizon,
            first_to_move,
        )
    }
}

/// The candidate cells, most urgent first: weighted by the live sets
/// through them (`4^-missing`, both players' sets in the strong game),
/// ties by cell number; symmetric duplicates dropped near the root.
pub(crate) fn ordered_moves(
    graph: &Hypergraph,
    version: Version,
    position: Position,
    candidates: Cells,
    horizon: u32,
    first_to_move: bool,
) -> Vec<usize> {
    // By weight alone for either player: the order without threat ranks
    // is the one `MoveOrder` gives the second player.
    let mut moves: Vec<usize> =
        MoveOrder::by_urgency(graph, version, position, candidates, horizon, false).collect();
    if position.taken().count_ones() < 6 && graph.symmetries.len() > 1 {
        let mut seen = Vec::new();
        moves.retain(|&cell| {
            let mut child = position;
            if first_to_move {
                child = child.with_first(cell);
            } else {
                child = child.with_second(cell);
            }
            let key = graph.canonical(child.first, child.second).0;
            if seen.contains(&key) {
                false
            } else {
                seen.push(key);
                true
            }
        });
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::shape::Shape;

    #[test]
    fn pairing_leaves_change_the_work_not_the_value() {
        let graph = Shape::parse("snaky").unwrap().board(6, 6).unwrap();
        let plain = Solver::new(&graph, Version::Weak);
        let mut paired = Solver::new(&graph, Version::Weak);
        paired.prover.pairing_plies = 12;
        let start = Position::EMPTY.with_first(14).with_second(15);
        let value = paired.first_wins_within(start, u32::MAX);
        assert_eq!(value, plain.first_wins_within(start, u32::MAX));
        assert!(paired.nodes() < plain.nodes());
    }
}
