//! The prover (`src/prove/`) as the generator's search on a box: a Maker
//! win within `h` moves on an `N x N` box of the infinite grid, asked of
//! the proof-number search, then read out in the shape Lemma 3 needs (the
//! strategy against a passing Breaker, then a child for each reply inside
//! every envelope taken so far) as the generator's strategies, which
//! [`super::emit`] writes as card lines. Breaker's moves outside the box
//! touch no cell of the strategy, so a win on the box is one on the grid;
//! the card-table checker and the rule-free search certify the table, as
//! they do the generator's.
//!
//! Maker's first move is the box's centre. Every strategy is kept in the
//! box's coordinates (its children placed by the identity).

use super::position::{Cell, Target, Xform};
use super::search::{completion_of, Found, Strategy, StrategyId};
use super::{at_origin, BoundResult, Proof, ProveError};
use crate::prove::{Cells, Hypergraph, Position, Prover, Version};
use std::collections::HashMap;
use std::time::Instant;

/// The largest box side: the prover's positions hold at most 128 cells.
pub const MAX_SIDE: usize = 11;

/// Nodes each question of the read-out may take before it is given up
/// (a move whose question is given up is passed over).
const QUESTION_NODES: u64 = 2_000_000;

/// One placement of the target on the box: its cells as bits, and where
/// it came from (a variant of [`Target`] and its offset).
struct Placement {
    cells: Cells,
    variant: usize,
    offset: Cell,
}

/// The target's placements on the `side x side` box.
fn placements(target: &Target, side: usize) -> Vec<Placement> {
    let side = side as i32;
    let mut out: Vec<Placement> = Vec::new();
    for (variant, (_, cells)) in target.variants.iter().enumerate() {
        for dy in -side..=side {
            for dx in -side..=side {
                let bits = cells.iter().try_fold(0 as Cells, |bits, &(x, y)| {
                    let (x, y) = (x + dx, y + dy);
                    let inside = (0..side).contains(&x) && (0..side).contains(&y);
                    inside.then(|| bits | 1 << (y * side + x))
                });
                if let Some(bits) = bits {
                    if !out.iter().any(|p| p.cells == bits) {
                        out.push(Placement {
                            cells: bits,
                            variant,
                            offset: (dx, dy),
                        });
                    }
                }
            }
        }
    }
    out
}

/// The read-out: the prover's answers turned into strategies.
struct Reader<'a> {
    prover: &'a Prover<'a>,
    target: &'a Target,
    placements: &'a [Placement],
    side: usize,
    strategies: Vec<Found>,
    memo: HashMap<(Cells, Cells, u32), Option<StrategyId>>,
}

impl Reader<'_> {
    fn cell(&self, index: usize) -> Cell {
        ((index % self.side) as i32, (index / self.side) as i32)
    }

    fn index(&self, (x, y): Cell) -> usize {
        y as usize * self.side + x as usize
    }

    /// A strategy winning `position` (Maker to move) within `moves`.
    fn maker(&mut self, position: Position, moves: u32) -> Option<StrategyId> {
        let key = (position.first, position.second, moves);
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let found = self.completion(position).or_else(|| {
            if moves <= 1 {
                return None;
            }
            let rules = self.prover.rules();
            let scan = crate::prove::position::scan(
                self.prover.graph,
                Version::Weak,
                position,
                moves,
                moves - 1,
            );
            let mut order = rules.move_order(position, scan.first_relevant, moves, true);
            order.find_map(|cell| {
                let after = position.with_first(cell);
                let wins = self.prover.wins(after, false, moves - 1, QUESTION_NODES);
                (wins == Some(true))
                    .then(|| self.combine(position, cell, moves))
                    .flatten()
            })
        });
        self.memo.insert(key, found);
        found
    }

    /// Maker's completion, if a placement free of Breaker lacks one cell.
    fn completion(&mut self, position: Position) -> Option<StrategyId> {
        let placement = self.placements.iter().find(|p| {
            p.cells & position.second == 0 && (p.cells & !position.first).count_ones() == 1
        })?;
        let is_maker = |cell: Cell| position.first >> self.index(cell) & 1 == 1;
        let found = completion_of(self.target, placement.variant, placement.offset, is_maker)?;
        Some(self.push(found))
    }

    /// Maker takes `pivot` with `moves` left: the child against a pass,
    /// then one for each free cell of its envelope that no child taken so
    /// far avoids (the generator's combination).
    fn combine(&mut self, position: Position, pivot: usize, moves: u32) -> Option<StrategyId> {
        let after = position.with_first(pivot);
        let pass = self.maker(after, moves - 1)?;
        let mut children = vec![pass];
        let mut envelopes = vec![self.strategies[pass].envelope.clone()];
        let pivot_cell = self.cell(pivot);
        let replies: Vec<Cell> = envelopes[0]
            .iter()
            .copied()
            .filter(|&cell| after.taken() >> self.index(cell) & 1 == 0)
            .collect();
        for reply in replies {
            if envelopes
                .iter()
                .any(|envelope| envelope.binary_search(&reply).is_err())
            {
                continue;
            }
            let child = self.maker(after.with_second(self.index(reply)), moves - 1)?;
            envelopes.push(self.strategies[child].envelope.clone());
            children.push(child);
        }
        let mut envelope: Vec<Cell> = envelopes.into_iter().flatten().collect();
        envelope.push(pivot_cell);
        envelope.sort_unstable();
        envelope.dedup();
        let height = 1 + children
            .iter()
            .map(|&id| self.strategies[id].height)
            .max()
            .unwrap_or(0);
        Some(
            self.push(Found {
                strategy: Strategy::Combine {
                    pivot: pivot_cell,
                    children: children
                        .into_iter()
                        .map(|id| (id, Xform::IDENTITY))
                        .collect(),
                },
                envelope,
                height,
            }),
        )
    }

    fn push(&mut self, found: Found) -> StrategyId {
        self.strategies.push(found);
        self.strategies.len() - 1
    }
}

/// Deepens the bound from the polyomino's size to `max_bound` on the
/// `side x side` box (at most [`MAX_SIDE`]), Maker's first move at its
/// centre, and writes the first table found; the search stops (nothing
/// proved of the bound it was on) once it has spent `node_limit` nodes;
/// `progress` hears of each bound as it ends.
pub fn prove_in_box(
    cells: &[Cell],
    side: usize,
    max_bound: u32,
    node_limit: u64,
    progress: &mut dyn FnMut(&BoundResult),
) -> Result<Proof, ProveError> {
    let start = Instant::now();
    let shape = at_origin(cells);
    let target = Target::new(&shape);
    let mut proof = Proof::new(shape.clone());
    let side = side.clamp(1, MAX_SIDE);
    let placements = placements(&target, side);
    let sets: Vec<Cells> = placements.iter().map(|p| p.cells).collect();
    let Ok(graph) = Hypergraph::new(side, side, sets) else {
        return Ok(proof);
    };
    let prover = Prover::with_memory(&graph, Version::Weak, 256 << 20);
    let centre = (side / 2) * side + side / 2;
    let mut reader = Reader {
        prover: &prover,
        target: &target,
        placements: &placements,
        side,
        strategies: Vec::new(),
        memo: HashMap::new(),
    };
    for bound in (target.len() as u32).max(2)..=max_bound {
        let first = Position::EMPTY.with_first(centre);
        let left = node_limit.saturating_sub(prover.nodes());
        let answer = match target.len() {
            1 => Some(true),
            _ => prover.wins(first, false, bound - 1, left),
        };
        let root = match answer {
            Some(true) if target.len() == 1 => Some(one_cell_root(&mut reader, centre)),
            Some(true) => reader.combine(Position::EMPTY, centre, bound),
            _ => None,
        };
        // A win the read-out could not spell out (a question over its
        // limit) proves nothing either way.
        let finished = match answer {
            Some(won) => !won || root.is_some(),
            None => false,
        };
        let result = BoundResult {
            bound,
            found: root.is_some(),
            finished,
            expanded: prover.nodes(),
            table_size: prover.table_fill().0,
            seconds: start.elapsed().as_secs_f64(),
        };
        if !proof.record(result, progress, &reader.strategies, root)? {
            break;
        }
    }
    proof.seconds = start.elapsed().as_secs_f64();
    Ok(proof)
}

/// A one-cell polyomino: Maker's first move completes it, written as the
/// generator writes it (a card line of height 2).
fn one_cell_root(reader: &mut Reader, centre: usize) -> StrategyId {
    let pivot = reader.cell(centre);
    let leaf = reader.push(Found {
        strategy: Strategy::Complete {
            j: 0,
            place: Xform {
                code: 0,
                offset: pivot,
            },
        },
        envelope: vec![pivot],
        height: 1,
    });
    reader.push(Found {
        strategy: Strategy::Combine {
            pivot,
            children: vec![(leaf, Xform::IDENTITY)],
        },
        envelope: vec![pivot],
        height: 2,
    })
}
