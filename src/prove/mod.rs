//! The prover: one proof-number search for every finite achievement game
//! (a hypergraph of winning sets on at most 128 cells: an n x n or m x n
//! board, or a box of the infinite grid), in the weak (Maker-Breaker) and
//! the strong game, for "the first player wins within k moves" and its
//! negation.
//!
//! Rooms: `hypergraph` (cells, winning sets, the board's symmetries),
//! `position` (a position, one scan of its sets), `expand` (the sound cuts
//! and the moves they leave: threats, Erdős–Selfridge, pairing leaves),
//! `order` (the move order, picked lazily), `word` (the machine word a
//! scan of the sets runs in), `pairing` (Breaker's pairing leaves from
//! CaDiCaL), `table` (the bounded transposition table), `state` (the table
//! saved for a resumed search), `dfpn` (the search).
//!
//! [`Prover`] owns the table; every question asked of it reuses what the
//! earlier ones proved. The first plies are split over rayon's threads,
//! which share the table; every answer is exact, so the value and every
//! certificate built from the answers are the same whatever the thread
//! count.

pub mod dfpn;
pub mod expand;
pub mod hypergraph;
pub mod order;
pub mod pairing;
pub mod position;
pub mod state;
pub mod table;
pub mod word;

pub use expand::{Expansion, MustPlay, PairedReply, Rules};
pub use hypergraph::{Cells, Hypergraph};
pub use position::{Position, Version};

use dfpn::{Node, Search};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};
use table::Table;

/// The table size when none is asked for: a quarter of the machine's
/// memory, at most 4 GiB. Read once a process: every prover and every
/// generator search (one a unit, one an animal) asks for it.
pub fn default_memory() -> usize {
    static DEFAULT: OnceLock<usize> = OnceLock::new();
    *DEFAULT.get_or_init(|| {
        let total = physical_memory().unwrap_or(4 << 30);
        (total / 4).min(4 << 30)
    })
}

fn physical_memory() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|line| line.starts_with("MemTotal:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// The default plies below which pairing leaves are also asked of the SAT
/// solver inside the search: none. A call costs 10 to 500 ms, and on the
/// Snaky boards the calls after the first move found nothing the quick
/// search had missed (docs/prover.md); the empty board's pairing is always
/// asked of both finders.
pub const SAT_PLIES: u32 = 0;

/// One game's prover and its table.
pub struct Prover<'g> {
    pub graph: &'g Hypergraph,
    pub version: Version,
    /// Positions with fewer stones than this look for a pairing leaf
    /// (0: never).
    pub pairing_plies: u32,
    /// Positions with fewer stones than this also ask the SAT solver for a
    /// pairing leaf.
    pub sat_plies: u32,
    /// Positions with fewer stones than this split their moves over
    /// threads. 0 (the default): one thread, so the table, and every
    /// strategy read from it, is the same from run to run; with threads
    /// which entries it holds depends on their timing (the answers do not).
    pub parallel_plies: u32,
    /// A label for progress reports on stderr (none: silent).
    pub progress: Option<String>,
    /// When the search stops by itself (the question then answers `None`).
    pub deadline: Option<Instant>,
    checkpoint: Option<Checkpoint>,
    deferred: OnceLock<DeferredPairing>,
    /// The question being asked, for the progress lines.
    root: Mutex<Option<Node>>,
    table: Table,
    nodes: AtomicU64,
    stop: AtomicBool,
    started: Instant,
    last_report: AtomicU64,
}

impl<'g> Prover<'g> {
    /// A prover whose table takes at most [`default_memory`].
    pub fn new(graph: &'g Hypergraph, version: Version) -> Prover<'g> {
        Prover::with_memory(graph, version, default_memory())
    }

    /// A prover whose table takes at most `memory` bytes.
    pub fn with_memory(graph: &'g Hypergraph, version: Version, memory: usize) -> Prover<'g> {
        Prover {
            graph,
            version,
            pairing_plies: 0,
            sat_plies: SAT_PLIES,
            parallel_plies: 0,
            progress: None,
            deadline: None,
            checkpoint: None,
            deferred: OnceLock::new(),
            root: Mutex::new(None),
            table: Table::with_bytes(memory),
            nodes: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            started: Instant::now(),
            last_report: AtomicU64::new(0),
        }
    }

    /// Nodes expanded so far, over every question.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Stops the search now, as its deadline would.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the search was stopped (its deadline, or a deferred
    /// pairing found): every question not yet settled then answers `None`.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Slots of the table in use and in all.
    pub fn table_fill(&self) -> (usize, usize) {
        (self.table.filled(), self.table.capacity())
    }

    pub fn rules(&self) -> Rules<'g> {
        Rules {
            graph: self.graph,
            version: self.version,
            pairing_plies: self.pairing_plies,
            sat_plies: self.sat_plies.min(self.pairing_plies),
        }
    }

    /// Reads the saved state at `path` into the table, when the file
    /// exists, and saves the state there every `every` of searching; the
    /// records read.
    pub fn resume_from(
        &mut self,
        path: &Path,
        every: Duration,
    ) -> Result<usize, state::StateError> {
        let fingerprint = state::fingerprint(self.graph, self.version);
        let read = if path.exists() {
            state::load(path, &fingerprint, &self.table)?
        } else {
            0
        };
        self.checkpoint = Some(Checkpoint {
            path: path.to_path_buf(),
            fingerprint,
            every,
            last: Mutex::new(Instant::now()),
        });
        Ok(read)
    }

    /// Saves the state where [`Prover::resume_from`] said; the records
    /// written (`None`: no state file was named).
    pub fn save_state(&self) -> Option<std::io::Result<usize>> {
        let checkpoint = self.checkpoint.as_ref()?;
        if let Ok(mut last) = checkpoint.last.lock() {
            *last = Instant::now();
        }
        Some(state::save(
            &checkpoint.path,
            &checkpoint.fingerprint,
            &self.table,
            state::SAVED_RECORDS,
        ))
    }

    /// Lets a search stopped by the deadline go on (with no deadline).
    pub fn resume_after_stop(&mut self) {
        self.deadline = None;
        self.stop.store(false, Ordering::Relaxed);
    }

    /// Stops the search at the deadline; saves the state when it is due.
    fn keep_time(&self) {
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            self.stop.store(true, Ordering::Relaxed);
        }
        let Some(checkpoint) = &self.checkpoint else {
            return;
        };
        let due = checkpoint
            .last
            .lock()
            .is_ok_and(|last| last.elapsed() >= checkpoint.every);
        if due {
            let label = self.progress.as_deref().unwrap_or("prover");
            match self.save_state() {
                Some(Ok(count)) => eprintln!(
                    "{label}: state saved to {} ({count} records)",
                    checkpoint.path.display()
                ),
                Some(Err(error)) => eprintln!(
                    "{label}: cannot save the state to {}: {error}",
                    checkpoint.path.display()
                ),
                None => {}
            }
        }
    }

    fn search(&self, node_limit: u64) -> Search<'_> {
        Search {
            rules: self.rules(),
            table: &self.table,
            nodes: &self.nodes,
            node_limit,
            stop: &self.stop,
            tick: (self.progress.is_some()
                || self.deadline.is_some()
                || self.checkpoint.is_some()
                || self.deferred.get().is_some())
            .then_some(self as &(dyn dfpn::Tick + Sync)),
        }
    }

    /// A progress line on stderr at most once a second.
    fn report(&self, nodes: u64) {
        let Some(label) = &self.progress else {
            return;
        };
        let elapsed = self.started.elapsed();
        let seconds = elapsed.as_millis() as u64 / 1000;
        if seconds <= self.last_report.swap(seconds, Ordering::Relaxed) {
            return;
        }
        // Counting the table's fill costs a scan: every tenth report only.
        let fill = if seconds.is_multiple_of(10) {
            let (used, all) = self.table_fill();
            format!(
                ", table {:.1}% of {all} slots",
                100.0 * used as f64 / all as f64
            )
        } else {
            String::new()
        };
        let root = match self.root.lock().ok().and_then(|root| *root) {
            Some(node) => {
                let (pn, dn) = self.search(0).current_numbers(&node);
                format!(", root proof {pn} disproof {dn}")
            }
            None => String::new(),
        };
        eprintln!(
            "{label}: {nodes} nodes, {:.0} nodes/s{root}{fill}",
            nodes as f64 / elapsed.as_secs_f64().max(1e-9)
        );
    }

    /// What the table already holds for the question [`Prover::wins`]
    /// asks, without searching.
    pub fn known(&self, position: Position, first_to_move: bool, budget: u32) -> Option<bool> {
        let search = self.search(0);
        search.known(&search.node(position, first_to_move, budget))
    }

    /// Whether the first player, to move (`first_to_move`) or after the
    /// second player's move, completes a set within `budget` more of its
    /// moves; `None` when `node_limit` more nodes did not settle it.
    pub fn wins(
        &self,
        position: Position,
        first_to_move: bool,
        budget: u32,
        node_limit: u64,
    ) -> Option<bool> {
        let limit = self.nodes().saturating_add(node_limit);
        let search = self.search(limit);
        let node = search.node(position, first_to_move, budget);
        if let Ok(mut root) = self.root.lock() {
            *root = Some(node);
        }
        self.wins_at(&search, node)
    }

    /// The move that settles the question [`Prover::wins`] asks for the
    /// player to move (see [`Search::deciding_child`]); `None` when the
    /// rules settle it, no move does, or `node_limit` more nodes ran out.
    pub fn deciding_move(
        &self,
        position: Position,
        first_to_move: bool,
        budget: u32,
        node_limit: u64,
    ) -> Option<usize> {
        let search = self.search(self.nodes().saturating_add(node_limit));
        let node = search.node(position, first_to_move, budget);
        if let Ok(mut root) = self.root.lock() {
            *root = Some(node);
        }
        search.deciding_child(&node)
    }

    fn wins_at(&self, search: &Search, node: Node) -> Option<bool> {
        if let Some(answer) = search.known(&node) {
            return Some(answer);
        }
        if node.position.stones() >= self.parallel_plies || rayon::current_num_threads() < 2 {
            return search.prove(node);
        }
        let try_pairing = search.rules.pairing_wanted(node.position);
        let moves = match search.expand(&node, try_pairing) {
            Expansion::Won => return Some(true),
            Expansion::Lost { .. } => return Some(false),
            Expansion::Moves(moves) => moves,
        };
        let children = search.children(&node, moves);
        // The first player needs one child won, the second one child lost;
        // the others are not searched once one is found.
        let decisive = node.first_to_move;
        let unknown = AtomicBool::new(false);
        let found = children.par_iter().any(|&child| {
            let answer = self.wins_at(search, child);
            if answer.is_none() {
                unknown.store(true, Ordering::Relaxed);
            }
            answer == Some(decisive)
        });
        if found {
            Some(decisive)
        } else if unknown.load(Ordering::Relaxed) {
            None
        } else {
            Some(!decisive)
        }
    }
}

impl dfpn::Tick for Prover<'_> {
    fn tick(&self, nodes: u64) {
        self.report(nodes);
        self.keep_time();
        self.ask_deferred(nodes);
    }
}

/// A pairing question put off until the search has spent `after` nodes
/// (module [`Prover::defer_pairing`]).
struct DeferredPairing {
    after: u64,
    residual: Vec<Cells>,
    answer: OnceLock<Option<Vec<(usize, usize)>>>,
}

impl Prover<'_> {
    /// Asks CaDiCaL for a pairing of `residual` once the search has spent
    /// `after` nodes without an answer, and stops the search when it finds
    /// one. The call does not change the search's path (a search that
    /// goes on is the one that would have run without it), and whether it
    /// is made depends only on the node count, so every answer and table
    /// stays the same from run to run. Set once per prover.
    pub fn defer_pairing(&self, after: u64, residual: Vec<Cells>) {
        let _ = self.deferred.set(DeferredPairing {
            after,
            residual,
            answer: OnceLock::new(),
        });
    }

    /// The deferred question's answer: `None` when it was not asked (the
    /// search ended sooner), `Some(None)` when no pairing was found.
    pub fn deferred_pairing(&self) -> Option<Option<&[(usize, usize)]>> {
        let deferred = self.deferred.get()?;
        deferred.answer.get().map(|answer| answer.as_deref())
    }

    fn ask_deferred(&self, nodes: u64) {
        let Some(deferred) = self.deferred.get() else {
            return;
        };
        if nodes < deferred.after {
            return;
        }
        let answer = deferred
            .answer
            .get_or_init(|| pairing::find_by_sat(&deferred.residual));
        if answer.is_some() {
            self.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// Where and how often the search's state is saved.
struct Checkpoint {
    path: PathBuf,
    fingerprint: String,
    every: Duration,
    last: Mutex<Instant>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::shape::Shape;

    fn brute(graph: &Hypergraph, version: Version, position: Position, budget: u32) -> bool {
        // Plain minimax over every free cell: the reference for the cuts.
        let all = graph.all();
        let completes = |cells: Cells| graph.sets.iter().any(|&set| set & !cells == 0);
        let free = all & !position.taken();
        if budget == 0 || free == 0 {
            return false;
        }
        hypergraph::members(free).any(|cell| {
            let next = position.with_first(cell);
            if completes(next.first) {
                return true;
            }
            let free = all & !next.taken();
            if free == 0 || budget == 1 {
                return false;
            }
            hypergraph::members(free).all(|reply| {
                let after = next.with_second(reply);
                if version == Version::Strong && completes(after.second) {
                    return false;
                }
                brute(graph, version, after, budget - 1)
            })
        })
    }

    #[test]
    fn proof_numbers_agree_with_plain_minimax_on_small_boards() {
        for (shape, width, height) in [
            ("L-tromino", 3, 3),
            ("straight-tromino", 4, 3),
            ("S-tetromino", 4, 3),
            ("T-tetromino", 4, 3),
            ("domino", 2, 2),
        ] {
            let graph = Shape::parse(shape).unwrap().board(width, height).unwrap();
            for version in [Version::Weak, Version::Strong] {
                for budget in 1..=4 {
                    let expected = brute(&graph, version, Position::EMPTY, budget);
                    for pairing_plies in [0, 12] {
                        let mut prover = Prover::with_memory(&graph, version, 1 << 20);
                        prover.pairing_plies = pairing_plies;
                        let answer = prover.wins(Position::EMPTY, true, budget, u64::MAX);
                        assert_eq!(
                            answer,
                            Some(expected),
                            "{shape} {width}x{height} {} within {budget}",
                            version.word()
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_tiny_table_changes_the_work_not_the_answer() {
        let graph = Shape::parse("snaky").unwrap().board(6, 6).unwrap();
        let start = Position::EMPTY.with_first(14).with_second(15);
        let mut large = Prover::with_memory(&graph, Version::Weak, 64 << 20);
        large.pairing_plies = 12;
        let mut tiny = Prover::with_memory(&graph, Version::Weak, 0);
        tiny.pairing_plies = 12;
        let expected = large.wins(start, true, u32::MAX, u64::MAX);
        assert!(expected.is_some());
        assert_eq!(tiny.wins(start, true, u32::MAX, u64::MAX), expected);
    }

    #[test]
    fn a_node_settled_without_its_proof_below_still_yields_its_deciding_move() {
        // A saved state may keep a node's answer and drop the proof below
        // it: the move that settles it is searched for below the node.
        let cases = [
            // The first player's win within 4 on 4x4.
            ("L-tetromino", 4, Position::EMPTY, true, 4),
            // The second player's reply next to the first player's move.
            ("snaky", 6, Position::EMPTY.with_first(14), false, u32::MAX),
        ];
        for (shape, size, position, first_to_move, budget) in cases {
            let graph = Shape::parse(shape).unwrap().board(size, size).unwrap();
            let solved = Prover::with_memory(&graph, Version::Weak, 1 << 20);
            let answer = solved.wins(position, first_to_move, budget, u64::MAX);
            assert_eq!(answer, Some(first_to_move), "{shape}: the mover wins");
            let trimmed = Prover::with_memory(&graph, Version::Weak, 1 << 20);
            let key = trimmed.search(0).node(position, first_to_move, budget).key;
            trimmed.table.put(key, solved.table.get(key).unwrap());
            assert_eq!(trimmed.known(position, first_to_move, budget), answer);
            let cell = trimmed
                .deciding_move(position, first_to_move, budget, u64::MAX)
                .unwrap();
            let (child, child_budget) = if first_to_move {
                (position.with_first(cell), budget - 1)
            } else {
                (position.with_second(cell), budget)
            };
            let reference = Prover::with_memory(&graph, Version::Weak, 1 << 20);
            let child_answer = reference.wins(child, !first_to_move, child_budget, u64::MAX);
            assert_eq!(child_answer, answer, "{shape}: the move {cell} settles it");
        }
    }

    #[test]
    fn a_node_limit_gives_up_or_answers_exactly() {
        let graph = Shape::parse("L-tetromino").unwrap().board(4, 4).unwrap();
        let exact = Prover::with_memory(&graph, Version::Weak, 1 << 20).wins(
            Position::EMPTY,
            true,
            4,
            u64::MAX,
        );
        let prover = Prover::with_memory(&graph, Version::Weak, 1 << 20);
        let limited = prover.wins(Position::EMPTY, true, 4, 3);
        assert!(limited.is_none() || limited == exact);
        assert_eq!(prover.wins(Position::EMPTY, true, 4, u64::MAX), exact);
    }

    #[test]
    fn positions_that_share_the_first_players_cells_do_not_evict_one_another() {
        // With a hash that let the second player's cells reach only its
        // high bits, these positions shared a few buckets and the search
        // re-expanded them without end (3 million nodes, unsettled).
        let graph = Shape::parse("N-pentomino").unwrap().board(5, 5).unwrap();
        let mut prover = Prover::with_memory(&graph, Version::Weak, 64 << 20);
        prover.pairing_plies = 1;
        let answer = prover.wins(Position::EMPTY, true, 13, 200_000);
        assert!(answer.is_some());
        // The same question by another path: no pairing leaves.
        let plain = Prover::with_memory(&graph, Version::Weak, 256 << 20);
        assert_eq!(plain.wins(Position::EMPTY, true, 13, u64::MAX), answer);
    }

    #[test]
    fn a_deferred_pairing_is_asked_only_of_a_search_that_runs_past_its_nodes() {
        let residual = |graph: &Hypergraph| pairing::residual(&graph.sets, 0, 0, graph.all());
        // Snaky 7x7 has no pairing and is settled in a few hundred nodes.
        let snaky = Shape::parse("snaky").unwrap().board(7, 7).unwrap();
        let ask = |after: u64| {
            let mut prover = Prover::with_memory(&snaky, Version::Weak, 64 << 20);
            prover.pairing_plies = 16;
            prover.defer_pairing(after, residual(&snaky));
            let answer = prover.wins(Position::EMPTY, true, 25, u64::MAX);
            (
                answer,
                prover.nodes(),
                prover.deferred_pairing().map(|a| a.is_some()),
            )
        };
        let (late, late_nodes, late_asked) = ask(1 << 20);
        let (early, early_nodes, early_asked) = ask(0);
        assert_eq!(late, Some(false));
        assert_eq!(late_asked, None);
        assert_eq!(early_asked, Some(false));
        // Asking changes neither the answer nor the search's path.
        assert_eq!((early, early_nodes), (late, late_nodes));
        // The N pentomino's 4x4 board has a pairing: found, it stops the search.
        let pentomino = Shape::parse("N-pentomino").unwrap().board(4, 4).unwrap();
        let prover = Prover::with_memory(&pentomino, Version::Weak, 1 << 20);
        prover.defer_pairing(0, residual(&pentomino));
        assert_eq!(prover.wins(Position::EMPTY, true, 8, u64::MAX), None);
        let pairs = prover.deferred_pairing().flatten().expect("a pairing");
        assert!(pairing::covers(&residual(&pentomino), pairs, None));
    }

    #[test]
    fn a_search_stopped_and_resumed_from_its_saved_state_answers_the_same() {
        let graph = Shape::parse("snaky").unwrap().board(7, 7).unwrap();
        let path = std::env::temp_dir().join(format!("gamecert-resume-{}.gz", std::process::id()));
        let ask = |prover: &mut Prover, limit: u64| {
            prover.pairing_plies = 16;
            prover.wins(Position::EMPTY, true, 25, limit)
        };
        let mut fresh = Prover::with_memory(&graph, Version::Weak, 64 << 20);
        let expected = ask(&mut fresh, u64::MAX);
        assert!(expected.is_some());
        let mut stopped = Prover::with_memory(&graph, Version::Weak, 64 << 20);
        assert_eq!(stopped.resume_from(&path, Duration::MAX).unwrap(), 0);
        assert_eq!(ask(&mut stopped, 100), None);
        let saved = stopped.save_state().unwrap().unwrap();
        assert!(saved > 0);
        let mut resumed = Prover::with_memory(&graph, Version::Weak, 64 << 20);
        assert_eq!(resumed.resume_from(&path, Duration::MAX).unwrap(), saved);
        assert_eq!(ask(&mut resumed, u64::MAX), expected);
        std::fs::remove_file(path).unwrap();
    }
}
