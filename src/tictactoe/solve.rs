//! The exhaustive solver. Every reachable position is stored once per class
//! under the board's symmetries, in layers by number of marks. Forward over
//! the layers it counts move sequences (paths from the empty board); backward
//! it computes minimax values and, for the strategy tables, the move that
//! keeps each player's guarantee with the smallest reachable table.
//!
//! Each layer is sorted by canonical key and every per-position result is a
//! pure function of the layers already built, so the output is identical for
//! any number of rayon threads.

use super::model::{Board, Player, Position, MAX_CELLS};
use rayon::prelude::*;

/// Saturating "too many" marker for positions where a goal cannot be kept.
const UNREACHABLE_COST: u64 = u64::MAX;

/// Layers smaller than this are done on the calling thread: handing a few
/// hundred positions to rayon costs more than it saves (all of 3x3).
const PARALLEL_MIN: usize = 1024;

/// `f` over `0..len` in order, in parallel when `len` is large. The result
/// is the same either way.
fn map_indices<T: Send>(len: usize, f: impl Fn(usize) -> T + Sync + Send) -> Vec<T> {
    if len < PARALLEL_MIN {
        (0..len).map(f).collect()
    } else {
        (0..len).into_par_iter().map(f).collect()
    }
}

/// All positions with the same number of marks, one per symmetry class.
#[derive(Debug, Clone, Default)]
pub struct Layer {
    /// Canonical keys, strictly increasing.
    pub keys: Vec<u32>,
    /// The canonical representative of each class.
    pub positions: Vec<Position>,
    /// Number of distinct positions in each class.
    pub orbit: Vec<u8>,
    /// The finished game's value, or `None` while play goes on.
    pub outcome: Vec<Option<i8>>,
    /// Move sequences from the empty board to (any one member of) the class.
    pub paths: Vec<u64>,
    /// Minimax value with best play.
    pub value: Vec<i8>,
    /// The children of class `i` are `children[first_child[i]..first_child[i + 1]]`:
    /// indices into the next layer, one per empty cell in cell order (none
    /// for a finished game). Recorded once while enumerating; every later
    /// pass reads them instead of canonicalising and searching again.
    pub first_child: Vec<u32>,
    pub children: Vec<u32>,
}

impl Layer {
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    pub fn find(&self, key: u32) -> Option<usize> {
        self.keys.binary_search(&key).ok()
    }

    /// The classes (in the next layer) reached by each move from class
    /// `index`, in cell order.
    pub fn children_of(&self, index: usize) -> &[u32] {
        match self.first_child.get(index..index + 2) {
            Some(&[first, end]) => &self.children[first as usize..end as usize],
            _ => &[],
        }
    }
}

/// Progress of a long search, for stderr.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    pub stage: &'static str,
    /// The layer (number of marks) just finished, of `layers` built so far;
    /// `None` when a stage starts.
    pub layer: Option<usize>,
    pub layers: usize,
    /// Symmetry classes in that layer.
    pub classes: usize,
}

/// Counts over the whole game tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    pub x_wins: u64,
    pub o_wins: u64,
    pub draws: u64,
    /// Every node of the game tree, the empty board included.
    pub nodes: u64,
    /// Distinct reachable positions, the empty board included.
    pub positions: u64,
    pub positions_up_to_symmetry: u64,
}

impl Counts {
    pub fn sequences(&self) -> u64 {
        self.x_wins + self.o_wins + self.draws
    }
}

/// The solved game: every reachable class with its value and path count.
#[derive(Debug, Clone)]
pub struct Solution {
    pub board: Board,
    pub layers: Vec<Layer>,
}

impl Solution {
    /// Solves `board` exhaustively, calling `progress` between layers.
    pub fn solve(board: Board, progress: &mut dyn FnMut(Progress)) -> Solution {
        let mut layers = enumerate(&board, progress);
        count_paths(&mut layers, progress);
        compute_values(&mut layers, progress);
        Solution { board, layers }
    }

    /// Where the class of `position` is stored: (layer, index).
    pub fn locate(&self, position: Position) -> Option<(usize, usize)> {
        let layer = position.stones();
        let key = self.board.canonical(position).key;
        let index = self.layers.get(layer)?.find(key)?;
        Some((layer, index))
    }

    /// Minimax value of a reachable position; `None` if it cannot arise in play.
    pub fn value(&self, position: Position) -> Option<i8> {
        let (layer, index) = self.locate(position)?;
        Some(self.layers[layer].value[index])
    }

    pub fn root_value(&self) -> i8 {
        self.layers[0].value[0]
    }

    /// Value of each move (0-based cell) from `position`; `None` for taken cells.
    pub fn move_values(&self, position: Position) -> Vec<Option<i8>> {
        (0..self.board.cells())
            .map(|cell| {
                if position.is_empty_cell(cell) && self.board.outcome(position).is_none() {
                    self.value(position.play(cell))
                } else {
                    None
                }
            })
            .collect()
    }

    /// The moves (0-based) that keep the best value for the player to move.
    pub fn best_moves(&self, position: Position) -> Vec<usize> {
        let best = self.value(position);
        self.move_values(position)
            .iter()
            .enumerate()
            .filter(|(_, value)| value.is_some() && **value == best)
            .map(|(cell, _)| cell)
            .collect()
    }

    pub fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for layer in &self.layers {
            for index in 0..layer.len() {
                let members = u64::from(layer.orbit[index]);
                let sequences = members * layer.paths[index];
                counts.nodes += sequences;
                counts.positions += members;
                counts.positions_up_to_symmetry += 1;
                match layer.outcome[index] {
                    Some(1) => counts.x_wins += sequences,
                    Some(-1) => counts.o_wins += sequences,
                    Some(_) => counts.draws += sequences,
                    None => {}
                }
            }
        }
        counts
    }
}

fn report(progress: &mut dyn FnMut(Progress), stage: &'static str, layer: usize, layers: &[Layer]) {
    progress(Progress {
        stage,
        layer: Some(layer),
        layers: layers.len().saturating_sub(1),
        classes: layers.get(layer).map_or(0, Layer::len),
    });
}

/// An edge of the class graph packed for sorting: the child's canonical key
/// (bits 38..), its orbit (bits 34..38) and the edge's slot in the parent
/// layer's `children` (bits 0..34). Sorting edges groups them by child class.
fn edge(key: u32, orbit: u8, slot: usize) -> u64 {
    u64::from(key) << 38 | u64::from(orbit) << 34 | slot as u64
}

/// Sorts packed edges by their child key (bits 38..64) alone, all that
/// building a layer needs (a class's edges in any order): two stable
/// counting passes of 13 bits each, cheaper than comparison-sorting whole
/// words. Keys are below 3^16 < 2^26.
fn sort_by_child_key(edges: &mut Vec<u64>) {
    const BITS: u32 = 13;
    let mut scratch = vec![0u64; edges.len()];
    for shift in [38, 38 + BITS] {
        let digit = |edge: u64| ((edge >> shift) & ((1 << BITS) - 1)) as usize;
        let mut starts = vec![0usize; (1 << BITS) + 1];
        for &edge in edges.iter() {
            starts[digit(edge) + 1] += 1;
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        for &edge in edges.iter() {
            let slot = &mut starts[digit(edge)];
            scratch[*slot] = edge;
            *slot += 1;
        }
        std::mem::swap(edges, &mut scratch);
    }
}

/// Breadth-first over layers: the children of every unfinished class,
/// canonicalised once; the edges, sorted by child key, give the next layer
/// (one class per key) and each parent's child indices.
fn enumerate(board: &Board, progress: &mut dyn FnMut(Progress)) -> Vec<Layer> {
    let mut layers = vec![new_layer(
        board,
        vec![(board.key(Position::EMPTY), Position::EMPTY, 1)],
    )];
    for stones in 0..board.cells() {
        let current = &mut layers[stones];
        let moves = (board.cells() - stones) as u32;
        let mut first_child = Vec::with_capacity(current.len() + 1);
        let mut total = 0u32;
        for outcome in &current.outcome {
            first_child.push(total);
            if outcome.is_none() {
                total += moves;
            }
        }
        first_child.push(total);
        let positions = &current.positions;
        let starts = &first_child;
        let expand =
            |index: usize| {
                let parent = positions[index];
                let first = starts[index] as usize;
                let end = starts[index + 1] as usize;
                board.empty_cells(parent).take(end - first).enumerate().map(
                    move |(offset, cell)| {
                        let canonical = board.canonical(parent.play(cell));
                        edge(canonical.key, canonical.orbit, first + offset)
                    },
                )
            };
        let mut edges: Vec<u64> = if current.len() < PARALLEL_MIN {
            (0..current.len()).flat_map(expand).collect()
        } else {
            (0..current.len())
                .into_par_iter()
                .flat_map_iter(expand)
                .collect()
        };
        sort_by_child_key(&mut edges);
        let mut children = vec![0u32; total as usize];
        let mut classes: Vec<(u32, Position, u8)> = Vec::new();
        for &packed in &edges {
            let key = (packed >> 38) as u32;
            if classes.last().is_none_or(|class| class.0 != key) {
                let orbit = ((packed >> 34) & 0xf) as u8;
                classes.push((key, board.position_of_key(key), orbit));
            }
            children[(packed & ((1 << 34) - 1)) as usize] = (classes.len() - 1) as u32;
        }
        current.first_child = first_child;
        current.children = children;
        if classes.is_empty() {
            break;
        }
        layers.push(new_layer(board, classes));
        report(progress, "enumerating", stones + 1, &layers);
    }
    layers
}

fn new_layer(board: &Board, classes: Vec<(u32, Position, u8)>) -> Layer {
    let outcome = classes.iter().map(|c| board.outcome(c.1)).collect();
    Layer {
        keys: classes.iter().map(|c| c.0).collect(),
        positions: classes.iter().map(|c| c.1).collect(),
        orbit: classes.iter().map(|c| c.2).collect(),
        outcome,
        ..Layer::default()
    }
}

/// Move sequences pushed forward along the recorded edges. Sequences to any
/// one member are equal across a class, and the edges out of a class's
/// representative stand for those out of each of its `orbit` members; so a
/// child class receives orbit x paths per edge from each parent, which is
/// its own orbit times its paths. Finished games have no edges.
fn count_paths(layers: &mut [Layer], progress: &mut dyn FnMut(Progress)) {
    layers[0].paths = vec![1];
    for stones in 1..layers.len() {
        let (before, after) = layers.split_at_mut(stones);
        let parents = &before[stones - 1];
        let layer = &mut after[0];
        let mut into = vec![0u64; layer.len()];
        for parent in 0..parents.len() {
            let weight = u64::from(parents.orbit[parent]) * parents.paths[parent];
            for &child in parents.children_of(parent) {
                into[child as usize] += weight;
            }
        }
        layer.paths = into
            .iter()
            .zip(&layer.orbit)
            .map(|(&total, &orbit)| total / u64::from(orbit))
            .collect();
        report(progress, "counting sequences", stones, layers);
    }
}

/// Minimax, from the fullest layer back to the empty board.
fn compute_values(layers: &mut [Layer], progress: &mut dyn FnMut(Progress)) {
    for stones in (0..layers.len()).rev() {
        let (current, later) = layers.split_at_mut(stones + 1);
        let layer = &mut current[stones];
        let next_values: &[i8] = later.first().map_or(&[], |next| &next.value);
        let finished = &layer.outcome;
        let positions = &layer.positions;
        let graph = &*layer;
        let value = map_indices(positions.len(), |index| {
            if let Some(value) = finished[index] {
                return value;
            }
            let mover = positions[index].to_move();
            let mut best = -mover.win_value();
            for &child in graph.children_of(index) {
                let value = next_values[child as usize];
                if (mover == Player::X && value > best) || (mover == Player::O && value < best) {
                    best = value;
                }
                if best == mover.win_value() {
                    break;
                }
            }
            best
        });
        layer.value = value;
        report(progress, "solving", stones, layers);
    }
}

/// A strategy for one player as a table over canonical positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Strategy {
    pub player: Player,
    /// The value the strategy guarantees for its player or better: the game value.
    pub guarantee: i8,
    /// (canonical position, move as a 0-based cell of that position), by key.
    pub table: Vec<(Position, usize)>,
}

/// Whether a value is at least as good for `player` as `guarantee`.
fn keeps(player: Player, value: i8, guarantee: i8) -> bool {
    match player {
        Player::X => value >= guarantee,
        Player::O => value <= guarantee,
    }
}

impl Solution {
    /// The strategies of X and O that keep the game value (`None` for the
    /// player who loses with best play). Among the moves that keep the value
    /// each picks the one whose reachable tree is smallest (counted per
    /// symmetry class of reply), ties to the lowest cell, so the tables are
    /// small and deterministic.
    pub fn strategies(&self) -> (Option<Strategy>, Option<Strategy>) {
        let choice = self.choose_moves(self.root_value());
        (
            self.follow(Player::X, &choice),
            self.follow(Player::O, &choice),
        )
    }

    /// One player's strategy; see [`Solution::strategies`].
    pub fn strategy(&self, player: Player) -> Option<Strategy> {
        let choice = self.choose_moves(self.root_value());
        self.follow(player, &choice)
    }

    /// The table of `player`'s chosen moves over the positions they reach.
    fn follow(&self, player: Player, choice: &[Vec<Option<usize>>]) -> Option<Strategy> {
        let guarantee = self.root_value();
        if guarantee == player.other().win_value() {
            return None;
        }
        let mut table = std::collections::BTreeMap::new();
        let mut pending = vec![Position::EMPTY];
        let mut seen = std::collections::HashSet::new();
        while let Some(position) = pending.pop() {
            if self.board.outcome(position).is_some() {
                continue;
            }
            // Replies: every move of the opponent, one per class.
            let after_move = if position.to_move() == player {
                let (layer, index) = self.locate(position)?;
                let cell = choice[layer][index]?;
                table.insert(self.board.key(position), (position, cell));
                position.play(cell)
            } else {
                position
            };
            if self.board.outcome(after_move).is_some() {
                continue;
            }
            for cell in self.board.empty_cells(after_move) {
                let reply = self.board.canonical(after_move.play(cell));
                if self.board.outcome(reply.position).is_none() && seen.insert(reply.key) {
                    pending.push(reply.position);
                }
            }
        }
        Some(Strategy {
            player,
            guarantee,
            table: table.into_values().collect(),
        })
    }

    /// The number of real positions where the strategy's player moves when
    /// the table is played on real boards (mapping each move back from the
    /// canonical board): the table's size without canonicalisation.
    pub fn positions_without_symmetry(&self, strategy: &Strategy) -> usize {
        let board = &self.board;
        let table: std::collections::HashMap<u32, usize> = strategy
            .table
            .iter()
            .map(|&(position, cell)| (board.key(position), cell))
            .collect();
        let mut seen = std::collections::HashSet::new();
        let mut pending = vec![Position::EMPTY];
        while let Some(position) = pending.pop() {
            if board.outcome(position).is_some() || !seen.insert(position) {
                continue;
            }
            if position.to_move() == strategy.player {
                let canonical = board.canonical(position);
                let Some(&cell) = table.get(&canonical.key) else {
                    continue;
                };
                let image = &board.symmetries()[canonical.symmetry].image;
                if let Some(back) = (0..board.cells()).find(|&c| image[c] == cell) {
                    pending.push(position.play(back));
                }
            } else {
                pending.extend(board.empty_cells(position).map(|cell| position.play(cell)));
            }
        }
        seen.iter()
            .filter(|position| position.to_move() == strategy.player)
            .count()
    }

    /// Backward over the layers: at each position, the move that keeps
    /// `guarantee` for the player to move with the smallest tree below it
    /// (both players' strategies in one pass, since they share the children).
    /// The tree is counted per class of position (transpositions count twice).
    fn choose_moves(&self, guarantee: i8) -> Vec<Vec<Option<usize>>> {
        let board = &self.board;
        let layers = &self.layers;
        // `cost`: tree size below a position for the strategy of the player
        // to move there; `after`: the same for the other player's strategy,
        // for whom the position is one of the opponent's turns.
        let mut cost: Vec<Vec<u64>> = vec![Vec::new(); layers.len()];
        let mut after: Vec<Vec<u64>> = vec![Vec::new(); layers.len()];
        let mut choice: Vec<Vec<Option<usize>>> = vec![Vec::new(); layers.len()];
        for stones in (0..layers.len()).rev() {
            let layer = &layers[stones];
            let next = layers.get(stones + 1);
            let (next_cost, next_after) = match (cost.get(stones + 1), after.get(stones + 1)) {
                (Some(c), Some(a)) => (c.as_slice(), a.as_slice()),
                _ => (&[][..], &[][..]),
            };
            let results: Vec<(u64, u64, Option<usize>)> = map_indices(layer.len(), |index| {
                let position = layer.positions[index];
                let (Some(next), None) = (next, layer.outcome[index]) else {
                    return (UNREACHABLE_COST, 0, None);
                };
                let mover = position.to_move();
                let children = layer.children_of(index);
                let mut best: (u64, Option<usize>) = (UNREACHABLE_COST, None);
                if keeps(mover, layer.value[index], guarantee) {
                    for (cell, &child) in board.empty_cells(position).zip(children) {
                        let child = child as usize;
                        if !keeps(mover, next.value[child], guarantee) {
                            continue;
                        }
                        let below = if next.outcome[child].is_some() {
                            0
                        } else {
                            next_after[child]
                        };
                        let total = below.saturating_add(1);
                        if best.1.is_none() || total < best.0 {
                            best = (total, Some(cell));
                        }
                    }
                }
                // One term per class of reply: the table keeps one entry per class.
                let mut classes = [0u32; MAX_CELLS];
                let classes = &mut classes[..children.len()];
                classes.copy_from_slice(children);
                classes.sort_unstable();
                let replies = classes
                    .iter()
                    .enumerate()
                    .filter(|&(at, &child)| at == 0 || classes[at - 1] != child)
                    .filter(|&(_, &child)| next.outcome[child as usize].is_none())
                    .map(|(_, &child)| next_cost[child as usize])
                    .fold(0u64, u64::saturating_add);
                (best.0, replies, best.1)
            });
            cost[stones] = results.iter().map(|r| r.0).collect();
            after[stones] = results.iter().map(|r| r.1).collect();
            choice[stones] = results.iter().map(|r| r.2).collect();
        }
        choice
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counting sort orders edges by child key as a full sort does.
    #[test]
    fn edges_sorted_by_child_key_as_by_a_full_sort() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut edges: Vec<u64> = (0..50_000)
            .map(|slot| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let key = (seed % 43_046_721) as u32; // below 3^16
                edge(key, (seed >> 40) as u8 & 0xf, slot)
            })
            .collect();
        let mut sorted = edges.clone();
        sorted.sort_unstable();
        sort_by_child_key(&mut edges);
        let keys = |list: &[u64]| list.iter().map(|e| e >> 38).collect::<Vec<_>>();
        assert_eq!(keys(&edges), keys(&sorted));
        edges.sort_unstable();
        assert_eq!(edges, sorted);
    }

    fn solved() -> Solution {
        Solution::solve(Board::tictactoe(), &mut |_| {})
    }

    /// Plain depth-first enumeration of every move sequence, independent of
    /// the layered path counting, to cross-check it on 3x3.
    fn walk(board: &Board, position: Position, counts: &mut Counts) {
        counts.nodes += 1;
        match board.outcome(position) {
            Some(1) => counts.x_wins += 1,
            Some(-1) => counts.o_wins += 1,
            Some(_) => counts.draws += 1,
            None => {
                for cell in board.empty_cells(position) {
                    walk(board, position.play(cell), counts);
                }
            }
        }
    }

    /// Plain minimax without memo or symmetry, for cross-checking values.
    fn minimax(board: &Board, position: Position) -> i8 {
        if let Some(value) = board.outcome(position) {
            return value;
        }
        let values = board
            .empty_cells(position)
            .map(|cell| minimax(board, position.play(cell)));
        match position.to_move() {
            Player::X => values.max().unwrap_or(0),
            Player::O => values.min().unwrap_or(0),
        }
    }

    #[test]
    fn layered_counts_agree_with_a_plain_tree_walk() {
        let solution = solved();
        let counts = solution.counts();
        let mut walked = Counts::default();
        walk(&solution.board, Position::EMPTY, &mut walked);
        assert_eq!(counts.x_wins, walked.x_wins);
        assert_eq!(counts.o_wins, walked.o_wins);
        assert_eq!(counts.draws, walked.draws);
        assert_eq!(counts.nodes, walked.nodes);
        assert_eq!(
            counts.sequences(),
            walked.x_wins + walked.o_wins + walked.draws
        );
    }

    #[test]
    fn distinct_positions_agree_with_a_plain_set() {
        let solution = solved();
        let board = &solution.board;
        let mut seen = std::collections::HashSet::new();
        let mut pending = vec![Position::EMPTY];
        while let Some(position) = pending.pop() {
            if !seen.insert(position) || board.outcome(position).is_some() {
                continue;
            }
            pending.extend(board.empty_cells(position).map(|cell| position.play(cell)));
        }
        let classes: std::collections::HashSet<u32> =
            seen.iter().map(|&p| board.canonical(p).key).collect();
        let counts = solution.counts();
        assert_eq!(counts.positions, seen.len() as u64);
        assert_eq!(counts.positions_up_to_symmetry, classes.len() as u64);
    }

    #[test]
    fn memoised_values_agree_with_plain_minimax_after_each_opening() {
        let solution = solved();
        let board = &solution.board;
        assert_eq!(solution.root_value(), minimax(board, Position::EMPTY));
        for first in 0..9 {
            let position = Position::EMPTY.play(first);
            assert_eq!(solution.value(position), Some(minimax(board, position)));
            for second in board.empty_cells(position) {
                let reply = position.play(second);
                assert_eq!(solution.value(reply), Some(minimax(board, reply)));
            }
        }
    }

    /// Minimax memoised on full positions (no symmetry), for boards too
    /// big for the plain version.
    fn memo_minimax(
        board: &Board,
        position: Position,
        memo: &mut std::collections::HashMap<Position, i8>,
    ) -> i8 {
        if let Some(value) = board.outcome(position) {
            return value;
        }
        if let Some(&value) = memo.get(&position) {
            return value;
        }
        let values: Vec<i8> = board
            .empty_cells(position)
            .map(|cell| memo_minimax(board, position.play(cell), memo))
            .collect();
        let value = match position.to_move() {
            Player::X => values.into_iter().max().unwrap_or(0),
            Player::O => values.into_iter().min().unwrap_or(0),
        };
        memo.insert(position, value);
        value
    }

    #[test]
    fn first_move_values_on_3x4_agree_with_minimax_without_symmetry() {
        let board = Board::new(3, 4, 3).unwrap();
        let solution = Solution::solve(board.clone(), &mut |_| {});
        let mut memo = std::collections::HashMap::new();
        for cell in 0..12 {
            let position = Position::EMPTY.play(cell);
            let expected = memo_minimax(&board, position, &mut memo);
            assert_eq!(
                solution.value(position),
                Some(expected),
                "cell {}",
                cell + 1
            );
        }
        assert_eq!(
            solution.root_value(),
            memo_minimax(&board, Position::EMPTY, &mut memo)
        );
        // Every reachable position (the memo holds the unfinished ones) once.
        let unfinished = solution
            .layers
            .iter()
            .flat_map(|layer| {
                (0..layer.len())
                    .filter(|&i| layer.outcome[i].is_none())
                    .map(|i| u64::from(layer.orbit[i]))
            })
            .sum::<u64>();
        assert_eq!(unfinished, memo.len() as u64);
    }

    #[test]
    fn small_boards_match_plain_minimax_and_walk() {
        for (rows, cols, k) in [(2, 2, 2), (2, 3, 3), (1, 4, 2), (3, 2, 2), (3, 3, 2)] {
            let board = Board::new(rows, cols, k).unwrap();
            let solution = Solution::solve(board.clone(), &mut |_| {});
            assert_eq!(solution.root_value(), minimax(&board, Position::EMPTY));
            let mut walked = Counts::default();
            walk(&board, Position::EMPTY, &mut walked);
            let counts = solution.counts();
            assert_eq!(
                (counts.x_wins, counts.o_wins, counts.draws),
                (walked.x_wins, walked.o_wins, walked.draws)
            );
            assert_eq!(counts.nodes, walked.nodes);
        }
    }

    #[test]
    fn strategies_keep_the_game_value_against_every_reply() {
        let solution = solved();
        let board = &solution.board;
        for player in [Player::X, Player::O] {
            let strategy = solution.strategy(player).expect("draw: both have one");
            let table: std::collections::HashMap<u32, usize> = strategy
                .table
                .iter()
                .map(|&(position, cell)| (board.key(position), cell))
                .collect();
            // Play the strategy against every opponent line on real positions.
            let mut pending = vec![Position::EMPTY];
            while let Some(position) = pending.pop() {
                if let Some(value) = board.outcome(position) {
                    assert!(keeps(player, value, 0), "{}", board.render(position));
                    continue;
                }
                if position.to_move() == player {
                    let canonical = board.canonical(position);
                    let cell = table[&canonical.key];
                    let symmetry = &board.symmetries()[canonical.symmetry];
                    let back = (0..9).find(|&c| symmetry.image[c] == cell).unwrap();
                    pending.push(position.play(back));
                } else {
                    pending.extend(board.empty_cells(position).map(|cell| position.play(cell)));
                }
            }
        }
    }

    #[test]
    fn results_do_not_depend_on_the_thread_count() {
        let run = |threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                let solution = Solution::solve(Board::new(3, 4, 3).unwrap(), &mut |_| {});
                (solution.counts(), solution.strategy(Player::X))
            })
        };
        assert_eq!(run(1), run(2));
    }
}
