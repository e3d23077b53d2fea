//! Strategy tables: for every position the owner can face when it follows
//! the table against every reply, the owner's move (or, for the second
//! player, a pairing that settles the rest). The traversal is the one the
//! kernel auditor replays: the opponent may claim any free cell that is not
//! dead, or pass when a dead free cell exists (claiming a dead cell changes
//! nothing but the turn). A cell is dead when it lies in no relevant set:
//! - first player's table with move bound `B` (`r = B - |first|` moves
//!   left): sets free of second cells missing at most `r`, and (strong game)
//!   sets free of first cells missing at most `r`;
//! - second player's table: sets free of second cells (for a delay table
//!   bounded by `k`, those missing at most `k - |first|`), and (strong
//!   game) sets free of first cells.

use super::hypergraph::{Cells, Hypergraph};
use super::search::{scan, Position, Solver, Version, ONE};
use crate::prove::PairedReply;
use std::collections::{BTreeMap, HashSet};

/// Whose table it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    First,
    Second,
}

/// One table entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    Move(usize),
    Pairing(Vec<(usize, usize)>),
}

/// A strategy table keyed by canonical position (first, second).
#[derive(Debug, Clone)]
pub struct Strategy {
    pub owner: Owner,
    /// The first player's move bound: within it the first player's table
    /// completes a set, and a second player's delay table stops every
    /// completion (`None`: the second player's table for the whole game).
    pub bound: Option<u32>,
    /// A pairing of the empty board, when one settles the game at once.
    pub root_pairing: Option<Vec<(usize, usize)>>,
    /// The second player's table against these first moves only (each the
    /// least image of its class, ascending; `None`: every first move).
    pub first_moves: Option<Vec<usize>>,
    pub entries: BTreeMap<(Cells, Cells), Entry>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StrategyError {
    #[error("the strategy table passed {limit} entries; it is too large to write")]
    TooLarge { limit: usize },
    #[error("the solver found no winning move at position {position} (a solver bug)")]
    Inconsistent { position: String },
    #[error("the search's deadline passed while the strategy was read")]
    Stopped,
}

struct Extraction<'s, 'g> {
    solver: &'s Solver<'g>,
    owner: Owner,
    bound: u32,
    entries: BTreeMap<(Cells, Cells), Entry>,
    seen: HashSet<(Cells, Cells, bool)>,
    limit: usize,
}

/// Nodes of the prover's first round when the extraction chooses among
/// moves (`first_deciding`).
const FIRST_ROUND_NODES: u64 = 1_000;

/// The owner's table for the solved value: the first player's within
/// `bound` moves, or the second player's (`bound = None`) stopping every
/// first-player completion.
pub fn extract(
    solver: &Solver,
    bound: Option<u32>,
    limit: usize,
) -> Result<Strategy, StrategyError> {
    let owner = if bound.is_some() {
        Owner::First
    } else {
        Owner::Second
    };
    if owner == Owner::Second {
        if let Some(pairs) = solver.root_pairing() {
            return Ok(Strategy {
                owner,
                bound,
                root_pairing: Some(pairs.to_vec()),
                first_moves: None,
                entries: BTreeMap::new(),
            });
        }
    }
    extract_from(solver, bound, limit, Position::EMPTY)
}

/// The second player's table stopping every first-player completion
/// within `bound` first-player moves (a delay table: a lower bound on the
/// move number), when the solver finds that the first player cannot win
/// within `bound`.
pub fn extract_delay(solver: &Solver, bound: u32, limit: usize) -> Result<Strategy, StrategyError> {
    let mut extraction = Extraction {
        solver,
        owner: Owner::Second,
        bound,
        entries: BTreeMap::new(),
        seen: HashSet::new(),
        limit,
    };
    extraction.opponent_node(Position::EMPTY)?;
    Ok(Strategy {
        owner: Owner::Second,
        bound: Some(bound),
        root_pairing: None,
        first_moves: None,
        entries: extraction.entries,
    })
}

/// The owner's table from `start`, the first player to move (a shard's
/// subtree); `bound` is the whole game's move bound, as in [`extract`].
pub fn extract_from(
    solver: &Solver,
    bound: Option<u32>,
    limit: usize,
    start: Position,
) -> Result<Strategy, StrategyError> {
    let owner = if bound.is_some() {
        Owner::First
    } else {
        Owner::Second
    };
    let mut extraction = Extraction {
        solver,
        owner,
        bound: bound.unwrap_or(u32::MAX),
        entries: BTreeMap::new(),
        seen: HashSet::new(),
        limit,
    };
    match owner {
        Owner::First => extraction.owner_node(start)?,
        Owner::Second => extraction.opponent_node(start)?,
    }
    Ok(Strategy {
        owner,
        bound,
        root_pairing: None,
        first_moves: None,
        entries: extraction.entries,
    })
}

/// Adds `entry` at the canonical `key` unless one is there already; a
/// pairing replaces a move (it settles the position whoever is to move).
pub fn insert_entry(
    entries: &mut BTreeMap<(Cells, Cells), Entry>,
    key: (Cells, Cells),
    entry: Entry,
) {
    match (entries.get(&key), &entry) {
        (None, _) | (Some(Entry::Move(_)), Entry::Pairing(_)) => {
            entries.insert(key, entry);
        }
        _ => {}
    }
}

/// The canonical key of `position` and `entry` mapped into its frame.
pub fn canonical_entry(
    graph: &Hypergraph,
    position: Position,
    entry: Entry,
) -> ((Cells, Cells), Entry) {
    let (key, index) = graph.canonical(position.first, position.second);
    let symmetry = &graph.symmetries[index];
    let entry = match entry {
        Entry::Move(cell) => Entry::Move(symmetry.map_cell(cell)),
        Entry::Pairing(pairs) => Entry::Pairing(
            pairs
                .into_iter()
                .map(|(a, b)| {
                    let (a, b) = (symmetry.map_cell(a), symmetry.map_cell(b));
                    (a.min(b), a.max(b))
                })
                .collect(),
        ),
    };
    (key, entry)
}

/// The relevant cells of a position (see the module text), by the same
/// rule the auditor applies.
pub(crate) fn relevant(
    graph: &Hypergraph,
    version: Version,
    position: Position,
    horizon: u32,
) -> Cells {
    let scan = scan(graph, version, position, horizon, horizon);
    scan.first_relevant | scan.second_relevant
}

fn completes(graph: &Hypergraph, cells: Cells) -> bool {
    graph.sets.iter().any(|&set| set & !cells == 0)
}

impl Extraction<'_, '_> {
    fn graph(&self) -> &Hypergraph {
        self.solver.graph
    }

    /// The first player's moves left within the bound (`u32::MAX` less
    /// its cells for the second player's unbounded table: no bound).
    fn horizon(&self, position: Position) -> u32 {
        self.bound.saturating_sub(position.first.count_ones())
    }

    /// The horizon of the second player's sets: its tables count them all
    /// (a first-player cell blocking one is never a pass).
    fn second_horizon(&self, position: Position) -> u32 {
        match self.owner {
            Owner::First => self.horizon(position),
            Owner::Second => u32::MAX,
        }
    }

    fn scan(&self, position: Position) -> super::search::Scan {
        let (first, second) = (self.horizon(position), self.second_horizon(position));
        scan(self.graph(), self.solver.version, position, first, second)
    }

    fn owner_to_move(&self) -> bool {
        self.owner == Owner::First
    }

    fn record(&mut self, position: Position, entry: Entry) -> Result<(), StrategyError> {
        let (key, entry) = canonical_entry(self.graph(), position, entry);
        // A pairing settles the position whoever is to move; a move found
        // for the other turn never replaces it.
        if matches!(entry, Entry::Pairing(_)) {
            self.entries.insert(key, entry);
        } else {
            insert_entry(&mut self.entries, key, entry);
        }
        if self.entries.len() > self.limit {
            return Err(StrategyError::TooLarge { limit: self.limit });
        }
        Ok(())
    }

    /// A pairing of the position's residual sets, if the prover's finders
    /// find one (with the effort the prover spends there).
    fn residual_pairing(&self, position: Position) -> Option<Vec<(usize, usize)>> {
        self.solver.pairing(position)
    }

    /// Whether the node was met before (and marks it met).
    fn met(&mut self, position: Position, owner_to_move: bool) -> bool {
        let (key, _) = self.graph().canonical(position.first, position.second);
        !self.seen.insert((key.0, key.1, owner_to_move))
    }

    fn owner_node(&mut self, position: Position) -> Result<(), StrategyError> {
        if self.met(position, true) {
            return Ok(());
        }
        let horizon = self.horizon(position);
        let scan = self.scan(position);
        let chosen = match self.owner {
            Owner::First => {
                if horizon == 0 {
                    return Err(inconsistent(position));
                }
                if scan.first_threats != 0 {
                    // The first player completes a set at once: the kernel
                    // takes such a line as won without an entry (most of a
                    // forcing win's positions; the L pentomino's 7x7 table
                    // within 9 shrank from 165,528 entries to about 10,000).
                    return Ok(());
                } else {
                    let candidates = scan.first_relevant | scan.second_relevant;
                    let moves = self
                        .solver
                        .ordered_moves(position, candidates, horizon, true);
                    // A move the search has proved already, else the first that wins.
                    let proved = moves.iter().copied().find(|&cell| {
                        self.solver
                            .settled(position.with_first(cell), false, horizon - 1)
                            == Some(true)
                    });
                    proved
                        .or_else(|| self.searched_below(position, true, horizon))
                        .or_else(|| {
                            self.first_deciding(&moves, |cell, nodes| {
                                let child = position.with_first(cell);
                                self.solver.wins_limited(child, false, horizon - 1, nodes)
                            })
                        })
                        .ok_or_else(|| self.no_move(position))?
                }
            }
            Owner::Second => {
                if self.second_is_safe(position, false) {
                    return Ok(());
                }
                if let Some(pairs) = self.residual_pairing(position) {
                    return self.record(position, Entry::Pairing(pairs));
                }
                if scan.second_threats != 0 {
                    // Strong game: completing a set ends it.
                    let cell = scan.second_threats.trailing_zeros() as usize;
                    return self.record(position, Entry::Move(cell));
                }
                let candidates = scan.first_relevant | scan.second_relevant;
                let moves = self
                    .solver
                    .ordered_moves(position, candidates, horizon, false);
                // A reply leaving a pairing ends the line soonest (the
                // pairing is the proof; the child records it); else one the
                // search has refuted already; else the first that holds.
                if let Some((cell, _)) = self.solver.reply_pairing(position) {
                    cell
                } else {
                    let refuted = moves.iter().copied().find(|&cell| {
                        self.solver
                            .settled(position.with_second(cell), true, horizon)
                            == Some(false)
                    });
                    refuted
                        .or_else(|| self.searched_below(position, false, horizon))
                        .or_else(|| {
                            self.first_deciding(&moves, |cell, nodes| {
                                let child = position.with_second(cell);
                                let answer = self.solver.wins_limited(child, true, horizon, nodes);
                                answer.map(|wins| !wins)
                            })
                        })
                        .ok_or_else(|| self.no_move(position))?
                }
            }
        };
        self.record(position, Entry::Move(chosen))?;
        match self.owner {
            Owner::First => {
                let next = position.with_first(chosen);
                if completes(self.graph(), next.first) {
                    return Ok(());
                }
                self.opponent_node(next)
            }
            Owner::Second => self.opponent_node(position.with_second(chosen)),
        }
    }

    /// The owner's move at `position` when no child is settled in the
    /// table: one search below the position (the prover's own choice of
    /// child), rather than rounds over every child: where a saved state
    /// kept a position's answer without the proof below it, the rounds
    /// spent their limit on every losing child (Snaky 9x7 read from a
    /// state trimmed to 2,000 records: 9.0 s with rounds, 3.5 s so).
    fn searched_below(
        &self,
        position: Position,
        first_to_move: bool,
        horizon: u32,
    ) -> Option<usize> {
        self.solver
            .deciding_move(position, first_to_move, horizon, u64::MAX)
    }

    /// The first of `order` for which `decides` holds, asked in rounds of
    /// a node limit that grows fourfold, so a hard question early in the
    /// order cannot hold up an easy one later (the prover's proof may have
    /// used any child).
    fn first_deciding(
        &self,
        order: &[usize],
        decides: impl Fn(usize, u64) -> Option<bool>,
    ) -> Option<usize> {
        let mut open: Vec<usize> = Vec::with_capacity(order.len());
        for &cell in order {
            if !open.contains(&cell) {
                open.push(cell);
            }
        }
        let mut limit = FIRST_ROUND_NODES;
        while !open.is_empty() {
            let mut unsettled = Vec::new();
            for cell in open {
                match decides(cell, limit) {
                    Some(true) => return Some(cell),
                    Some(false) => {}
                    None => unsettled.push(cell),
                }
            }
            // A stopped prover answers nothing more: the rounds would
            // never end.
            if self.solver.stopped() {
                return None;
            }
            open = unsettled;
            limit = limit.saturating_mul(4);
        }
        None
    }

    /// Why no move was found at `position`: the prover was stopped, or
    /// (a bug) none wins.
    fn no_move(&self, position: Position) -> StrategyError {
        if self.solver.stopped() {
            StrategyError::Stopped
        } else {
            inconsistent(position)
        }
    }

    /// The second player's table is done here: the first player can no
    /// longer complete a set within the horizon, or (strong game) the
    /// second has completed one, or the Erdős–Selfridge weight of the
    /// first player's sets completable within the horizon is below 1/2
    /// with the first to move (1 with the second to move).
    fn second_is_safe(&self, position: Position, first_to_move: bool) -> bool {
        let scan = self.scan(position);
        let threshold = if first_to_move { ONE / 2 } else { ONE };
        scan.second_complete || scan.first_relevant == 0 || scan.horizon_weight < threshold
    }

    fn opponent_node(&mut self, position: Position) -> Result<(), StrategyError> {
        let owner_first = self.owner_to_move();
        if self.met(position, false) {
            return Ok(());
        }
        if !owner_first && self.second_is_safe(position, true) {
            return Ok(());
        }
        if !owner_first {
            if let Some(pairs) = self.residual_pairing(position) {
                return self.record(position, Entry::Pairing(pairs));
            }
        }
        let free = self.graph().all() & !position.taken();
        let scan = self.scan(position);
        let mut live = scan.first_relevant | scan.second_relevant;
        let threats = scan.first_threats;
        let threatened = owner_first && threats != 0;
        if threatened {
            // A reply blocks at most one completion cell (the others' sets
            // hold no cell of its but that one): with two, every reply
            // leaves the first player a completion, which needs no entry;
            // with one, only its block does not.
            if threats.count_ones() >= 2 {
                return Ok(());
            }
            live = threats;
        }
        let mut replies: Vec<Position> = Vec::new();
        let mut keys = HashSet::new();
        for cell in super::hypergraph::members(live & free) {
            let child = if owner_first {
                position.with_second(cell)
            } else {
                position.with_first(cell)
            };
            if keys.insert(self.graph().canonical(child.first, child.second).0) {
                replies.push(child);
            }
        }
        // A pass (a dead cell) leaves every completion in place.
        if free & !live != 0 && !threatened {
            replies.push(position);
        }
        // The prover searched only the first player's moves inside the
        // must-play region; one outside it is answered by the region's
        // reply, and its pairing ends the line.
        let must = (!owner_first)
            .then(|| self.solver.must_play(position))
            .flatten();
        for child in replies {
            if !owner_first && completes(self.graph(), child.first) {
                return Err(inconsistent(child));
            }
            let moved = child.first & !position.first;
            let answer = must
                .as_ref()
                .filter(|_| moved != 0)
                .and_then(|must| must.answer(moved.trailing_zeros() as usize));
            match answer {
                Some(answer) => self.paired_answer(child, answer)?,
                None => self.owner_node(child)?,
            }
        }
        Ok(())
    }

    /// The second player's answer to a first-player move outside the
    /// must-play region: its reply, then its pairing.
    fn paired_answer(
        &mut self,
        position: Position,
        must: &PairedReply,
    ) -> Result<(), StrategyError> {
        if self.met(position, true) {
            return Ok(());
        }
        self.record(position, Entry::Move(must.reply))?;
        let next = position.with_second(must.reply);
        if self.met(next, false) {
            return Ok(());
        }
        self.record(next, Entry::Pairing(must.pairs.clone()))
    }
}

fn inconsistent(position: Position) -> StrategyError {
    StrategyError::Inconsistent {
        position: super::certificate::key(position.first, position.second),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Shape, ENTRY_LIMIT};

    #[test]
    fn a_deadline_that_passes_while_the_strategy_is_read_stops_the_reading() {
        // Reading Snaky 8x8's table asks the prover more than the search
        // settled; once its deadline has stopped it (here at once), nothing
        // more is answered, and the rounds of growing node limits used to
        // go on for ever.
        let graph = Shape::parse("snaky").unwrap().board(8, 8).unwrap();
        let mut solver = Solver::new(&graph, Version::Weak);
        solver.prover.pairing_plies = 16;
        assert!(!solver.first_wins_within(Position::EMPTY, u32::MAX));
        solver.prover.stop();
        let read = extract(&solver, None, ENTRY_LIMIT);
        assert_eq!(read.err(), Some(StrategyError::Stopped));
        assert!(solver.stopped());
    }
}
