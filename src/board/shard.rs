//! Sharded board search (issue 15, item 3): the game tree is cut after the
//! first player's first move (one per symmetry class) and the second
//! player's reply (one per class of the first move's stabiliser, plus a
//! pass when a dead cell exists), both in the solver's move order. Each cut
//! position is a *unit*; the units of one first move are a *group*. Shard
//! `K/N` solves the groups G with G mod N = K - 1, each group's units in
//! turn with one table (so the strategy read below a unit is the same
//! whatever the number of shards), extracts the claimed side's table below
//! each unit, and writes them to a part file; `merge` joins the parts into
//! one certificate and the kernel audits it.
//!
//! The claim is fixed in advance: Breaker's (`first-does-not-win`) or the
//! first player's win within a move bound `B`. A shard skips the rest of a
//! first move's units once that move is settled (a Breaker reply found, or
//! a reply the first player cannot beat). The merge takes, for each first
//! move, the first unit in unit order that settles it, so the certificate
//! is the same bytes whatever the number of shards.

use super::hypergraph::{Cells, Hypergraph};
use super::search::{self, Position, Solver, Version};
use super::strategy::{self, canonical_entry, insert_entry, Entry, Owner, Strategy};
use super::ENTRY_LIMIT;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};

/// What the shards set out to prove.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// The first player never completes a set (Breaker wins, or a draw).
    FirstDoesNotWin,
    /// The first player completes a set within `bound` moves.
    FirstWins { bound: u32 },
}

impl Claim {
    fn bound(self) -> Option<u32> {
        match self {
            Claim::FirstDoesNotWin => None,
            Claim::FirstWins { bound } => Some(bound),
        }
    }

    /// The relevance horizon of a position (as the kernel computes it).
    fn horizon(self, position: Position) -> u32 {
        self.bound()
            .map_or(u32::MAX, |b| b.saturating_sub(position.first.count_ones()))
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    #[error("shard {0}: expected K/N with 1 <= K <= N")]
    BadShard(String),
    #[error("the empty board has a dead cell; the first player's pass is not sharded")]
    RootPass,
    #[error("a first move completes a winning set, so the game ends before the cut after two moves; solve the board without --shard")]
    FirstMoveCompletes,
    #[error("{0}")]
    Strategy(#[from] strategy::StrategyError),
    #[error("the parts disagree: {0}")]
    Mismatch(String),
    #[error("incomplete: unit {0} is needed and no part has it")]
    Incomplete(usize),
    #[error("the claim fails: {0}")]
    Refuted(String),
}

/// Parses `K/N`.
pub fn parse_shard(text: &str) -> Result<(usize, usize), ShardError> {
    let bad = || ShardError::BadShard(text.to_string());
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// One cut position, the first player to move.
#[derive(Debug, Clone, Copy)]
pub struct Unit {
    /// Index of the first move's class (units of one group are adjacent).
    pub group: usize,
    pub position: Position,
}

impl Unit {
    /// The position before the second player's reply: the first move alone.
    pub fn first_move(&self) -> Position {
        Position {
            second: 0,
            ..self.position
        }
    }
}

/// The live cells of `position`, most promising first by the solver's move
/// order (which reads the board only, so every process agrees), one per
/// symmetry class of the resulting position.
fn ordered(
    graph: &Hypergraph,
    version: Version,
    claim: Claim,
    position: Position,
    first_to_move: bool,
) -> Vec<usize> {
    let horizon = claim.horizon(position);
    let live = strategy::relevant(graph, version, position, horizon);
    let mut seen = HashSet::new();
    search::ordered_moves(graph, version, position, live, horizon, first_to_move)
        .into_iter()
        .filter(|&cell| {
            let child = if first_to_move {
                position.with_first(cell)
            } else {
                position.with_second(cell)
            };
            seen.insert(graph.canonical(child.first, child.second).0)
        })
        .collect()
}

/// Every unit, in the fixed order the shards and the merge share.
pub fn units(graph: &Hypergraph, version: Version, claim: Claim) -> Result<Vec<Unit>, ShardError> {
    let root_live = strategy::relevant(
        graph,
        version,
        Position::EMPTY,
        claim.horizon(Position::EMPTY),
    );
    if claim == Claim::FirstDoesNotWin && graph.all() & !root_live != 0 {
        return Err(ShardError::RootPass);
    }
    let mut out = Vec::new();
    for (group, cell) in ordered(graph, version, claim, Position::EMPTY, true)
        .into_iter()
        .enumerate()
    {
        let first = Position::EMPTY.with_first(cell);
        if completes(graph, first.first) {
            return Err(ShardError::FirstMoveCompletes);
        }
        let live = strategy::relevant(graph, version, first, claim.horizon(first));
        let free = graph.all() & !first.taken();
        for reply in ordered(graph, version, claim, first, false) {
            out.push(Unit {
                group,
                position: first.with_second(reply),
            });
        }
        // The second player's pass stands for any dead cell (first-wins
        // tables only; Breaker's own table never passes).
        if claim != Claim::FirstDoesNotWin && free & !live != 0 {
            out.push(Unit {
                group,
                position: first,
            });
        }
    }
    Ok(out)
}

fn completes(graph: &Hypergraph, cells: Cells) -> bool {
    graph.sets.iter().any(|&set| set & !cells == 0)
}

/// A solved unit: whether it supports the claim, and (when it does) the
/// claimed side's table below it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct UnitResult {
    pub unit: usize,
    /// The cut position's key.
    pub position: String,
    pub holds: bool,
    /// Canonical key -> a cell or a pairing, as in the certificate.
    pub strategy: BTreeMap<String, super::certificate::EntryJson>,
}

/// Solves one unit.
pub fn solve_unit(
    solver: &Solver,
    claim: Claim,
    index: usize,
    unit: &Unit,
) -> Result<UnitResult, ShardError> {
    let position = unit.position;
    let holds = match claim {
        Claim::FirstDoesNotWin => !solver.first_wins_within(position, u32::MAX),
        Claim::FirstWins { bound } => {
            solver.first_wins_within(position, bound.saturating_sub(position.first.count_ones()))
        }
    };
    unit_result(solver, claim, index, unit, holds)
}

/// A unit's result once its answer is known: the claimed side's table
/// below it when it supports the claim.
pub fn unit_result(
    solver: &Solver,
    claim: Claim,
    index: usize,
    unit: &Unit,
    holds: bool,
) -> Result<UnitResult, ShardError> {
    let position = unit.position;
    let mut table = BTreeMap::new();
    if holds {
        let strategy = strategy::extract_from(solver, claim.bound(), ENTRY_LIMIT, position)?;
        for ((first, second), entry) in strategy.entries {
            table.insert(super::certificate::key(first, second), entry.into());
        }
    }
    Ok(UnitResult {
        unit: index,
        position: super::certificate::key(position.first, position.second),
        holds,
        strategy: table,
    })
}

/// Whether a unit of `group` may be skipped: an earlier unit of the same
/// group (already solved here) settled it.
pub fn settled(claim: Claim, units: &[Unit], done: &[UnitResult], group: usize) -> bool {
    done.iter().any(|result| {
        units.get(result.unit).is_some_and(|u| u.group == group)
            && match claim {
                Claim::FirstDoesNotWin => result.holds,
                Claim::FirstWins { .. } => !result.holds,
            }
    })
}

/// How many groups (the first player's first moves up to the board's
/// symmetries) the units fall into.
pub fn group_count(units: &[Unit]) -> usize {
    units.iter().map(|u| u.group + 1).max().unwrap_or(0)
}

/// The units of `group`, in unit order.
pub fn group_units(units: &[Unit], group: usize) -> Vec<usize> {
    (0..units.len())
        .filter(|&index| units[index].group == group)
        .collect()
}

/// The first player's claim: a group every unit of which is solved here
/// and holds (its first move wins; later groups are not needed).
pub fn won_group(units: &[Unit], done: &[UnitResult]) -> Option<usize> {
    let groups = group_count(units);
    (0..groups).find(|&group| {
        (group_units(units, group).into_iter()).all(|i| done.iter().any(|r| r.unit == i && r.holds))
    })
}

/// Joins the solved units into the claimed side's table (see the module
/// text): per first move, the first unit in order that settles it.
pub fn merge(
    graph: &Hypergraph,
    claim: Claim,
    units: &[Unit],
    results: &BTreeMap<usize, UnitResult>,
    partial: bool,
) -> Result<Strategy, ShardError> {
    if partial && claim != Claim::FirstDoesNotWin {
        return Err(ShardError::Mismatch(
            "a partial merge joins the second player's settled first moves only".to_string(),
        ));
    }
    let mut entries = BTreeMap::new();
    let mut chosen: Vec<usize> = Vec::new();
    // The first moves a partial merge covers; every group holds otherwise.
    let mut first_moves: Vec<usize> = Vec::new();
    let mut every_group = true;
    let groups = group_count(units);
    let mut first_win = None;
    for group in 0..groups {
        let indices = group_units(units, group);
        let decided = match settling_unit(claim, &indices, results) {
            Ok(None) | Err(ShardError::Incomplete(_)) if partial => {
                every_group = false;
                continue;
            }
            decided => decided?,
        };
        match (claim, decided) {
            (Claim::FirstDoesNotWin, Some(index)) => {
                let unit = units[index];
                let before = unit.first_move();
                let reply = (unit.position.second.trailing_zeros()) as usize;
                let (key, entry) = canonical_entry(graph, before, Entry::Move(reply));
                first_moves.push(key.0.trailing_zeros() as usize);
                insert_entry(&mut entries, key, entry);
                chosen.push(index);
            }
            (Claim::FirstDoesNotWin, None) => {
                let cell = units
                    .get(indices[0])
                    .map_or(0, |u| u.position.first.trailing_zeros());
                return Err(ShardError::Refuted(format!(
                    "the first player's first move {cell} beats every reply"
                )));
            }
            (Claim::FirstWins { .. }, Some(_)) => {}
            (Claim::FirstWins { .. }, None) => {
                first_win = Some(group);
                chosen.extend(indices);
                break;
            }
        }
    }
    if let Claim::FirstWins { bound } = claim {
        let group = first_win.ok_or_else(|| {
            ShardError::Refuted(format!("no first move wins within {bound} moves"))
        })?;
        let cell = units
            .iter()
            .find(|u| u.group == group)
            .map_or(0, |u| u.position.first.trailing_zeros() as usize);
        let (key, entry) = canonical_entry(graph, Position::EMPTY, Entry::Move(cell));
        insert_entry(&mut entries, key, entry);
    }
    for index in chosen {
        for (key, entry) in &results[&index].strategy {
            let key =
                parse_key(key).ok_or_else(|| ShardError::Mismatch(format!("bad key {key}")))?;
            insert_entry(&mut entries, key, entry.clone().into());
        }
    }
    Ok(Strategy {
        owner: match claim {
            Claim::FirstDoesNotWin => Owner::Second,
            Claim::FirstWins { .. } => Owner::First,
        },
        bound: claim.bound(),
        root_pairing: None,
        first_moves: (!every_group).then(|| {
            first_moves.sort_unstable();
            first_moves
        }),
        entries,
    })
}

/// The unit that settles a group, if the results show one: Breaker's
/// claim, the group's holding reply (one shard solves a whole group, so
/// every N finds the same one); the first player's claim, the first unit
/// that fails (none: every unit holds).
fn settling_unit(
    claim: Claim,
    indices: &[usize],
    results: &BTreeMap<usize, UnitResult>,
) -> Result<Option<usize>, ShardError> {
    Ok(match claim {
        // Breaker's claim: the group's holding reply (one shard solves
        // a whole group, so every N finds the same one).
        Claim::FirstDoesNotWin => {
            let holding = indices
                .iter()
                .copied()
                .find(|i| results.get(i).is_some_and(|r| r.holds));
            if holding.is_none() {
                if let Some(&missing) = indices.iter().find(|i| !results.contains_key(i)) {
                    return Err(ShardError::Incomplete(missing));
                }
            }
            holding
        }
        Claim::FirstWins { .. } => {
            let mut decided = None;
            for &index in indices {
                match results.get(&index).map(|r| r.holds) {
                    None => return Err(ShardError::Incomplete(index)),
                    Some(false) => {
                        decided = Some(index);
                        break;
                    }
                    Some(true) => {}
                }
            }
            decided
        }
    })
}

fn parse_key(key: &str) -> Option<(Cells, Cells)> {
    let (a, b) = key.split_once('.')?;
    Some((
        Cells::from_str_radix(a, 16).ok()?,
        Cells::from_str_radix(b, 16).ok()?,
    ))
}
