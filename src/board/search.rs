//! The exact solver: "can the first player complete a winning set within
//! `d` more of its moves?" by depth-first search with a transposition table
//! keyed by the canonical (symmetry-reduced) position.
//!
//! Pruning, each sound for the question asked:
//! - horizon: with `d` moves left only sets missing at most `d` cells count;
//!   a move on a cell of no such set is a pass, never better than a real
//!   move (an extra cell never hurts its owner in these games), so both
//!   players' moves are confined to the cells of live sets in the horizon;
//! - threats: a player facing an immediate completion must block it; two
//!   distinct completion cells win (or, against the first player, lose);
//! - Erdős–Selfridge: if the live sets' weights `2^-missing` sum below 1/2
//!   (first to move) or 1 (second to move), the first player never completes.
//!
//! Rayon splits the first plies; every answer is an exact boolean, so the
//! value and every move chosen from it are the same whatever the thread count.
//!
//! With `--engine proof-number` the questions go to the prover instead
//! (`crate::prove`, docs/prover.md); it is not yet the default because it
//! is slower on the Snaky boards and the strong-game draws (the figures
//! are in docs/prover.md).

use super::hypergraph::{members, Cells, Hypergraph};
use rayon::prelude::*;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

pub use crate::prove::position::{scan, Position, Scan, Version, ONE};
use crate::prove::Prover;

#[derive(Debug, Clone, Copy)]
struct Bounds {
    /// Least budget proven to win (u8::MAX: none).
    win: u8,
    /// Greatest budget proven not to win (0: none).
    fail: u8,
}

#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(5) ^ byte as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_u128(&mut self, value: u128) {
        let folded = (value as u64) ^ ((value >> 64) as u64).rotate_left(29);
        self.0 = (self.0.rotate_left(5) ^ folded).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    fn write_u8(&mut self, value: u8) {
        self.0 = (self.0.rotate_left(5) ^ value as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

type Key = (Cells, Cells, u8);

/// The budget recorded for a position the first player never wins from.
const NEVER: u32 = u8::MAX as u32 - 1;
type Shard = Mutex<HashMap<Key, Bounds, BuildHasherDefault<KeyHasher>>>;

const SHARDS: usize = 64;

/// Default steps of one residual pairing search inside the solver.
pub const PAIRING_STEPS: u64 = 2_000;

/// The searcher for one board and version; its table is reused by every
/// question asked of it.
pub struct Solver<'g> {
    pub graph: &'g Hypergraph,
    pub version: Version,
    shards: Vec<Shard>,
    shard_capacity: usize,
    nodes: AtomicU64,
    /// Plies (stones on the board) below which children are searched in parallel.
    parallel_plies: u32,
    /// Plies below which a pairing of the residual sets is looked for at
    /// every node (a Breaker win at once); 0: never.
    pub pairing_plies: u32,
    /// Steps allowed to each of those pairing searches.
    pub pairing_steps: u64,
    /// When set, every question is asked of the prover instead.
    pub prover: Option<Prover<'g>>,
    /// A limited question gives up when the node count passes this.
    node_limit: AtomicU64,
    /// Set once the limit is passed: answers are void, nothing is stored.
    aborted: AtomicBool,
    /// The empty board's pairing, once looked for (the CaDiCaL call is the
    /// dearest one; the solve and the strategy extraction both ask).
    root_pairing: OnceLock<Option<Vec<(usize, usize)>>>,
}

impl<'g> Solver<'g> {
    pub fn new(graph: &'g Hypergraph, version: Version) -> Solver<'g> {
        Solver {
            graph,
            version,
            shards: (0..SHARDS)
                .map(|_| Mutex::new(HashMap::default()))
                .collect(),
            shard_capacity: 20_000_000 / SHARDS,
            nodes: AtomicU64::new(0),
            parallel_plies: 2,
            pairing_plies: 0,
            pairing_steps: PAIRING_STEPS,
            prover: None,
            node_limit: AtomicU64::new(u64::MAX),
            aborted: AtomicBool::new(false),
            root_pairing: OnceLock::new(),
        }
    }

    /// A pairing of the empty board's winning sets, if the thorough
    /// finders find one (asked once).
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
        match &self.prover {
            Some(prover) => prover.nodes(),
            None => self.nodes.load(Ordering::Relaxed),
        }
    }

    /// Whether the first player, to move, completes a set within `budget`
    /// more moves (strong game: before the second player completes one).
    pub fn first_wins_within(&self, position: Position, budget: u32) -> bool {
        match &self.prover {
            Some(prover) => prover.wins(position, true, budget, u64::MAX) == Some(true),
            None => self.first_node(position, budget),
        }
    }

    /// What the prover's table already settles about the first player
    /// winning within `budget` (`first_to_move` or after the second's
    /// move); `None` for the depth-first engine, whose order is the
    /// extraction's own.
    pub fn settled(&self, position: Position, first_to_move: bool, budget: u32) -> Option<bool> {
        self.prover
            .as_ref()
            .and_then(|prover| prover.known(position, first_to_move, budget))
    }

    /// A pairing of the residual sets of `position`, if the quick search
    /// (or the prover's finders) finds one.
    pub fn pairing(&self, position: Position) -> Option<Vec<(usize, usize)>> {
        match &self.prover {
            Some(prover) => prover.rules().pairing(position),
            None => super::pairing::find_residual(
                &self.graph.sets,
                position.first,
                position.second,
                self.graph.all(),
                self.effort(),
            ),
        }
    }

    /// A second-player move leaving a pairing of the residual sets.
    pub fn reply_pairing(&self, position: Position) -> Option<(usize, Vec<(usize, usize)>)> {
        match &self.prover {
            Some(prover) => prover.rules().reply_pairing(position),
            None => {
                let graph = self.graph;
                let residual = super::pairing::residual(
                    &graph.sets,
                    position.first,
                    position.second,
                    graph.all(),
                );
                super::pairing::find_with_reply(&residual, self.effort())
            }
        }
    }

    fn effort(&self) -> super::pairing::Effort {
        super::pairing::Effort {
            steps: self.pairing_steps,
            reply_steps: self.pairing_steps,
            replies: usize::MAX,
            sat: false,
        }
    }

    /// [`Solver::first_wins_within`] giving up (`None`) after `nodes` more
    /// nodes; nothing learnt after the limit is stored, so the table stays
    /// exact.
    pub fn first_wins_limited(&self, position: Position, budget: u32, nodes: u64) -> Option<bool> {
        if let Some(prover) = &self.prover {
            return prover.wins(position, true, budget, nodes);
        }
        self.aborted.store(false, Ordering::Relaxed);
        self.node_limit
            .store(self.nodes().saturating_add(nodes), Ordering::Relaxed);
        let answer = self.first_node(position, budget);
        self.node_limit.store(u64::MAX, Ordering::Relaxed);
        let aborted = self.aborted.swap(false, Ordering::Relaxed);
        (!aborted).then_some(answer)
    }

    /// The prover's answer to whether the first player wins within
    /// `budget` (to move, or after the second player's move), giving up
    /// after `nodes` more nodes; `None` also without a prover.
    pub fn wins_limited(
        &self,
        position: Position,
        first_to_move: bool,
        budget: u32,
        nodes: u64,
    ) -> Option<bool> {
        let prover = self.prover.as_ref()?;
        prover.wins(position, first_to_move, budget, nodes)
    }

    /// Whether a limited question has run out of nodes (then every answer
    /// is void).
    fn out_of_nodes(&self) -> bool {
        if self.aborted.load(Ordering::Relaxed) {
            return true;
        }
        if self.nodes.load(Ordering::Relaxed) > self.node_limit.load(Ordering::Relaxed) {
            self.aborted.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }

    /// The same question with the second player to move.
    pub fn first_wins_after_reply(&self, position: Position, budget: u32) -> bool {
        match &self.prover {
            Some(prover) => prover.wins(position, false, budget, u64::MAX) == Some(true),
            None => self.second_node(position, budget),
        }
    }

    fn free_count(&self, position: Position) -> u32 {
        (self.graph.all() & !position.taken()).count_ones()
    }

    fn first_node(&self, position: Position, budget: u32) -> bool {
        self.nodes.fetch_add(1, Ordering::Relaxed);
        if self.out_of_nodes() {
            return false;
        }
        let d = budget.min(self.free_count(position).div_ceil(2));
        if d == 0 {
            return false;
        }
        let scan = scan(self.graph, self.version, position, d, d - 1);
        if scan.second_complete {
            return false;
        }
        if scan.first_threats != 0 {
            return true;
        }
        if d == 1 || scan.second_threats.count_ones() >= 2 {
            return false;
        }
        if scan.second_threats != 0 {
            let block = scan.second_threats.trailing_zeros() as usize;
            return self.second_node(position.with_first(block), d - 1);
        }
        if scan.first_relevant == 0 || scan.weight < ONE / 2 {
            return false;
        }
        let key = self.key(position, 0);
        if let Some(answer) = self.lookup(key, d) {
            return answer;
        }
        let moves = self.ordered_moves(
            position,
            scan.first_relevant | scan.second_relevant,
            d,
            true,
        );
        let child = |&cell: &usize| self.second_node(position.with_first(cell), d - 1);
        let wins = if position.taken().count_ones() < self.parallel_plies {
            moves.par_iter().any(child)
        } else {
            moves.iter().any(child)
        };
        self.store(key, d, wins);
        wins
    }

    fn second_node(&self, position: Position, budget: u32) -> bool {
        self.nodes.fetch_add(1, Ordering::Relaxed);
        if self.out_of_nodes() {
            return false;
        }
        let r = budget.min(self.free_count(position) / 2);
        if r == 0 {
            return false;
        }
        let scan = scan(self.graph, self.version, position, r, r);
        if scan.second_threats != 0 {
            return false;
        }
        match scan.first_threats.count_ones() {
            0 => {}
            1 => {
                let block = scan.first_threats.trailing_zeros() as usize;
                let child = position.with_second(block);
                // The other replies look for a pairing before descending.
                if self.pairs_off(child) {
                    return false;
                }
                return self.first_node(child, r);
            }
            _ => return true,
        }
        if scan.first_relevant == 0 || scan.weight < ONE {
            return false;
        }
        let key = self.key(position, 1);
        if let Some(answer) = self.lookup(key, r) {
            return answer;
        }
        let moves = self.ordered_moves(
            position,
            scan.first_relevant | scan.second_relevant,
            r,
            false,
        );
        // A reply after which the residual sets have a pairing settles the
        // node at once; look for one before descending into any reply.
        if self.pairing_wanted(position) {
            for &cell in &moves {
                let child = position.with_second(cell);
                if self.pairs_off(child) {
                    self.store(self.key(child, 0), NEVER, false);
                    self.store(key, r, false);
                    return false;
                }
            }
        }
        let child = |&cell: &usize| self.first_node(position.with_second(cell), r);
        let wins = if position.taken().count_ones() < self.parallel_plies {
            moves.par_iter().all(child)
        } else {
            moves.iter().all(child)
        };
        self.store(key, r, wins);
        wins
    }

    /// The candidate cells, most urgent first: weighted by the live sets
    /// through them (`4^-missing`, both players' sets in the strong game),
    /// ties by cell number; symmetric duplicates dropped near the root.
    pub(crate) fn ordered_moves(
        &self,
        position: Position,
        candidates: Cells,
        horizon: u32,
        first_to_move: bool,
    ) -> Vec<usize> {
        let free = self.graph.all() & !position.taken();
        let (score, _) = crate::prove::expand::move_scores(
            self.graph,
            self.version,
            position,
            candidates,
            horizon,
        );
        let mut moves: Vec<usize> = members(candidates & free).collect();
        moves.sort_by(|&a, &b| score[b].cmp(&score[a]).then(a.cmp(&b)));
        if position.taken().count_ones() < 6 && self.graph.symmetries.len() > 1 {
            let mut seen = Vec::new();
            moves.retain(|&cell| {
                let mut child = position;
                if first_to_move {
                    child = child.with_first(cell);
                } else {
                    child = child.with_second(cell);
                }
                let key = self.graph.canonical(child.first, child.second).0;
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

    fn pairing_wanted(&self, position: Position) -> bool {
        position.taken().count_ones() < self.pairing_plies
    }

    /// Whether the residual sets of `position` have a pairing (found within
    /// the step limit), so the first player never completes a set.
    fn pairs_off(&self, position: Position) -> bool {
        self.pairing_wanted(position)
            && super::pairing::find_residual(
                &self.graph.sets,
                position.first,
                position.second,
                self.graph.all(),
                self.effort(),
            )
            .is_some()
    }

    fn key(&self, position: Position, turn: u8) -> Key {
        let ((first, second), _) = self.graph.canonical(position.first, position.second);
        (first, second, turn)
    }

    fn shard(&self, key: &Key) -> &Shard {
        let mut hasher = KeyHasher::default();
        hasher.write_u128(key.0 ^ key.1.rotate_left(7));
        &self.shards[(hasher.finish() >> 58) as usize % SHARDS]
    }

    fn lookup(&self, key: Key, budget: u32) -> Option<bool> {
        let shard = self.shard(&key).lock().ok()?;
        let bounds = shard.get(&key)?;
        if u32::from(bounds.win) <= budget {
            Some(true)
        } else if u32::from(bounds.fail) >= budget {
            Some(false)
        } else {
            None
        }
    }

    fn store(&self, key: Key, budget: u32, wins: bool) {
        if self.aborted.load(Ordering::Relaxed) {
            return;
        }
        let Ok(mut shard) = self.shard(&key).lock() else {
            return;
        };
        if shard.len() >= self.shard_capacity {
            shard.clear();
        }
        let budget = budget.min(u8::MAX as u32 - 1) as u8;
        let entry = shard.entry(key).or_insert(Bounds {
            win: u8::MAX,
            fail: 0,
        });
        if wins {
            entry.win = entry.win.min(budget);
        } else {
            entry.fail = entry.fail.max(budget);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::shape::Shape;

    #[test]
    fn a_limited_question_gives_up_or_answers_exactly() {
        let graph = Shape::parse("L-tetromino").unwrap().board(4, 4).unwrap();
        let exact = Solver::new(&graph, Version::Weak).first_wins_within(Position::EMPTY, 4);
        let solver = Solver::new(&graph, Version::Weak);
        assert_eq!(solver.first_wins_limited(Position::EMPTY, 4, 3), None);
        assert_eq!(
            solver.first_wins_limited(Position::EMPTY, 4, u64::MAX),
            Some(exact)
        );
    }

    #[test]
    fn pairing_leaves_change_the_work_not_the_value() {
        let graph = Shape::parse("snaky").unwrap().board(6, 6).unwrap();
        let plain = Solver::new(&graph, Version::Weak);
        let mut paired = Solver::new(&graph, Version::Weak);
        paired.pairing_plies = 12;
        let start = Position::EMPTY.with_first(14).with_second(15);
        let value = paired.first_wins_within(start, u32::MAX);
        assert_eq!(value, plain.first_wins_within(start, u32::MAX));
        assert!(paired.nodes() < plain.nodes());
    }
}
