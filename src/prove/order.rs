//! The move order: each candidate cell's urgency, and the candidates
//! handed out most urgent first as the search asks for them.
//!
//! A node's moves are picked one at a time instead of sorted: the search
//! reads a node's children only as it reaches them, and on the L
//! pentomino's 7x7 win within 9 a visit read 2.6 of a first-player node's
//! 40 candidates and 1.3 of a second-player node's 36, so a full sort was
//! mostly thrown away. The weights are summed in two passes, each set's
//! weight once, then each candidate's over the sets through it: adding a
//! set's weight into every cell's sum as the sets came was a chain of
//! dependent memory adds, most of the order's cost.

use super::hypergraph::{members, Cells, Hypergraph};
use super::position::{Position, Version};
use super::word::{fits_u64, Word};

/// A move's urgency, one integer so that picking the most urgent is one
/// comparison a move: its threat rank (bits 72 and up), its weight (bits
/// 8 to 71), the lower cell first (the low byte holds `255 - cell`).
type Urgency = u128;

fn urgency(rank: u32, weight: u64, cell: usize) -> Urgency {
    u128::from(rank) << 72 | u128::from(weight) << 8 | (255 - cell) as u128
}

fn cell_of(urgency: Urgency) -> usize {
    255 - (urgency & 0xff) as usize
}

/// A node's moves, most urgent first, picked as they are asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveOrder {
    /// The moves, the first `picked` handed out already, in order.
    moves: Vec<Urgency>,
    picked: usize,
}

impl MoveOrder {
    /// The one move there is.
    pub fn single(cell: usize) -> MoveOrder {
        MoveOrder {
            moves: vec![urgency(0, 0, cell)],
            picked: 0,
        }
    }

    /// The `candidates`, most urgent first: for the first player, a move
    /// making two completion cells at once, then one making a threat (the
    /// second player must answer it); then by the weight of the live sets
    /// through the cell (`4^-missing`, both players' sets in the strong
    /// game) within the horizon; ties by cell number.
    pub fn by_urgency(
        graph: &Hypergraph,
        version: Version,
        position: Position,
        candidates: Cells,
        horizon: u32,
        first_to_move: bool,
    ) -> MoveOrder {
        let left = candidates & graph.all() & !position.taken();
        let weighing = Weighing {
            graph,
            version,
            position,
            horizon,
            first_to_move,
        };
        let (weights, pairs) = if fits_u64(graph.all()) {
            weighing.sets::<u64>()
        } else {
            weighing.sets::<u128>()
        };
        // A threat counts where the move and its completion cell are both
        // among the moves.
        let pairs: Vec<Cells> = pairs
            .into_iter()
            .filter(|&pair| pair & left == pair)
            .collect();
        let moves = members(left)
            .map(|cell| {
                // At most 2^47 a set: only 2^17 sets through one cell
                // could saturate the sum.
                let weight = (graph.sets_through(cell).iter()).fold(0u64, |sum, &set| {
                    sum.saturating_add(weights.get(set as usize).copied().unwrap_or(0))
                });
                urgency(rank(&pairs, cell), weight, cell)
            })
            .collect();
        MoveOrder { moves, picked: 0 }
    }
}

impl Iterator for MoveOrder {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        let rest = self.moves.get_mut(self.picked..)?;
        let (best, _) = rest
            .iter()
            .enumerate()
            .max_by_key(|&(_, &urgency)| urgency)?;
        rest.swap(0, best);
        self.picked += 1;
        Some(cell_of(rest[0]))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.moves.len() - self.picked;
        (left, Some(left))
    }
}

impl ExactSizeIterator for MoveOrder {}

/// One node's question to the move order.
struct Weighing<'g> {
    graph: &'g Hypergraph,
    version: Version,
    position: Position,
    horizon: u32,
    first_to_move: bool,
}

impl Weighing<'_> {
    /// Each set's weight, `4^(24 - missing)` a live side (0 for a set
    /// dead to both or past the horizon), and the first player's threat
    /// pairs (the two free cells of a live set missing two: a move on one
    /// leaves the other as a completion cell), in the word `W`, wide
    /// enough for the board.
    fn sets<W: Word>(&self) -> (Vec<u64>, Vec<Cells>) {
        let first = W::narrow(self.position.first);
        let second = W::narrow(self.position.second);
        let free = W::narrow(self.graph.all()) & !(first | second);
        let strong = self.version == Version::Strong;
        let mut pairs = Vec::new();
        let weights = (self.graph.sets.iter())
            .map(|&set| {
                let set = W::narrow(set);
                let live_first = (set & second).is_empty();
                let live_second = strong && (set & first).is_empty();
                let missing_cells = set & free;
                let missing = missing_cells.ones();
                if !(live_first || live_second) || missing > self.horizon.saturating_add(1) {
                    return 0;
                }
                if self.first_to_move && live_first && missing == 2 {
                    let pair = missing_cells.widen();
                    if !pairs.contains(&pair) {
                        pairs.push(pair);
                    }
                }
                let times = u64::from(live_first) + u64::from(live_second);
                times << (2 * (24 - missing.min(24)))
            })
            .collect();
        (weights, pairs)
    }
}

/// The number of distinct completion cells a move on `cell` leaves, two
/// counting for more: distinct pairs through a cell leave distinct
/// completion cells.
fn rank(pairs: &[Cells], cell: usize) -> u32 {
    let through = pairs.iter().filter(|&&pair| pair >> cell & 1 == 1);
    through.take(2).count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_come_out_by_rank_then_weight_then_cell() {
        let moves = vec![
            urgency(0, 9, 4),
            urgency(1, 1, 7),
            urgency(0, 9, 2),
            urgency(2, 0, 30),
            urgency(0, 10, 5),
        ];
        let order = MoveOrder { moves, picked: 0 };
        assert_eq!(order.len(), 5);
        assert_eq!(order.collect::<Vec<_>>(), [30, 7, 5, 2, 4]);
    }

    #[test]
    fn a_pair_seen_twice_leaves_one_completion_cell() {
        let pairs = [0b0110, 0b1100];
        let ranks: Vec<u32> = (0..4).map(|cell| rank(&pairs, cell)).collect();
        assert_eq!(ranks, [0, 1, 2, 1]);
    }

    #[test]
    fn sets_with_the_same_two_free_cells_are_one_threat() {
        // Cells 0..4 in a row, sets {0,1,2} and {1,2,3}; the first player
        // on 0 and 3: both sets miss 1 and 2, one threat pair.
        let graph = Hypergraph::new(4, 1, vec![0b0111, 0b1110]).unwrap();
        let position = Position::EMPTY.with_first(0).with_first(3);
        let order = MoveOrder::by_urgency(&graph, Version::Weak, position, graph.all(), 3, true);
        let ranks: Vec<u128> = order.moves.iter().map(|&urgency| urgency >> 72).collect();
        assert_eq!(ranks, [1, 1]);
    }

    #[test]
    fn threats_come_first_then_the_heaviest() {
        // Tic-tac-toe, X on the corner 0: row, column and diagonal each
        // miss two (threat moves 1, 2, 3, 4, 6, 8); the centre is on four
        // live lines, the most weight.
        let graph = Hypergraph::lines(3, 3, 3).unwrap();
        let position = Position::EMPTY.with_first(0);
        let order = MoveOrder::by_urgency(&graph, Version::Weak, position, graph.all(), 3, true);
        let moves: Vec<usize> = order.collect();
        assert_eq!(moves[0], 4);
        let mut threats = moves[..6].to_vec();
        threats.sort_unstable();
        assert_eq!(threats, [1, 2, 3, 4, 6, 8]);
    }

    #[test]
    fn a_weight_sums_the_live_sets_through_the_cell() {
        // Three in a row on 3x1, first on cell 0: the one set misses two
        // cells, live for the first player only in the weak game.
        let graph = Hypergraph::lines(3, 1, 3).unwrap();
        let position = Position::EMPTY.with_first(0);
        let order = MoveOrder::by_urgency(&graph, Version::Weak, position, graph.all(), 3, true);
        let expected = urgency(1, 1 << 44, 1);
        assert_eq!(order.moves[0], expected);
        assert_eq!(order.collect::<Vec<_>>(), [1, 2]);
    }
}
