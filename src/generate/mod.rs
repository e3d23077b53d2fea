//! The strategy generator: search a Maker win for a polyomino P on the
//! infinite grid and write it as a card table in the paper's grammar.
//!
//! [`position`] holds positions, live placements, candidate moves and the
//! normal form; [`search`] the AND-OR search with its transposition table
//! and reply classes; [`emit`] the card table. [`prove`] deepens the bound
//! h = 1, 2, ... and stops at the first bound with a table.
//!
//! The generator's form (what "no table below h" is about): Maker's first
//! move is any cell; every later move is a free cell of a placement of P
//! that is free of Breaker, holds a Maker stone and lacks at most as many
//! cells as Maker has moves left. Breaker's replies are all searched.

pub mod boxed;
pub mod emit;
pub mod improve;
pub mod library;
pub mod partial;
pub mod position;
pub mod search;
pub mod table;

use position::{Cell, Target};
use search::Search;
use std::time::Instant;

/// The largest bound the generator accepts (the search recurses once per
/// Maker move).
pub const MAX_BOUND: u32 = 100;

/// Limits of one generator run.
#[derive(Debug, Clone, Copy)]
pub struct ProveOptions {
    /// The largest bound h tried.
    pub max_bound: u32,
    /// Stop after this many expanded positions (over all bounds).
    pub node_limit: u64,
}

/// The outcome of the search at one bound.
#[derive(Debug, Clone, PartialEq)]
pub struct BoundResult {
    pub bound: u32,
    /// A table with h <= bound was found.
    pub found: bool,
    /// The search at this bound ran to its end (when `found` is false, that
    /// proves no table of the generator's form has h <= bound).
    pub finished: bool,
    /// Positions expanded so far (all bounds).
    pub expanded: u64,
    /// Normal forms in the transposition table.
    pub table_size: usize,
    pub seconds: f64,
}

/// A generator run: per bound what was found, and the table if any.
#[derive(Debug, Clone)]
pub struct Proof {
    /// P with its bounding box at the origin, in the base cards' order.
    pub shape: Vec<Cell>,
    pub bounds: Vec<BoundResult>,
    /// The card table (deterministic bytes), its height and line count.
    pub table: Option<String>,
    pub height: Option<u32>,
    pub lines: usize,
    pub seconds: f64,
}

impl Proof {
    /// A run for `shape` with nothing searched yet.
    pub fn new(shape: Vec<Cell>) -> Proof {
        Proof {
            shape,
            bounds: Vec::new(),
            table: None,
            height: None,
            lines: 0,
            seconds: 0.0,
        }
    }

    /// Records a bound's result (and tells `progress`); with a `root`,
    /// writes its table. Whether the deepening goes on: not after a table,
    /// nor after a bound the search did not finish.
    pub fn record(
        &mut self,
        result: BoundResult,
        progress: &mut dyn FnMut(&BoundResult),
        strategies: &[search::Found],
        root: Option<search::StrategyId>,
    ) -> Result<bool, ProveError> {
        progress(&result);
        let finished = result.finished;
        self.bounds.push(result);
        if let Some(root) = root {
            let emitted = emit::emit(strategies, self.shape.len(), root)?;
            self.height = Some(strategies[root].height);
            self.table = Some(emitted.text);
            self.lines = emitted.lines;
            return Ok(false);
        }
        Ok(finished)
    }

    /// The largest bound whose search finished without a table.
    pub fn proved_none_within(&self) -> Option<u32> {
        self.bounds
            .iter()
            .filter(|b| b.finished && !b.found)
            .map(|b| b.bound)
            .max()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProveError {
    #[error(transparent)]
    Emit(#[from] emit::EmitError),
}

/// P moved so that its bounding box starts at the origin (cell order kept).
pub fn at_origin(cells: &[Cell]) -> Vec<Cell> {
    let min_x = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let min_y = cells.iter().map(|c| c.1).min().unwrap_or(0);
    cells.iter().map(|&(x, y)| (x - min_x, y - min_y)).collect()
}

/// Deepen the bound from 1 to `options.max_bound`; `progress` hears of
/// each bound as it ends.
pub fn prove(
    cells: &[Cell],
    options: ProveOptions,
    progress: &mut dyn FnMut(&BoundResult),
) -> Result<Proof, ProveError> {
    let start = Instant::now();
    let shape = at_origin(cells);
    let mut search = Search::new(Target::new(&shape), options.node_limit);
    let mut proof = Proof::new(shape.clone());
    for bound in 1..=options.max_bound.min(MAX_BOUND) {
        let root = search.root(bound);
        let result = BoundResult {
            bound,
            found: root.is_some(),
            finished: !search.stopped,
            expanded: search.expanded,
            table_size: search.table_size(),
            seconds: start.elapsed().as_secs_f64(),
        };
        if !proof.record(result, progress, &search.strategies, root)? {
            break;
        }
    }
    proof.seconds = start.elapsed().as_secs_f64();
    Ok(proof)
}

/// The generator's game value of P: the smallest h <= `max_bound` within
/// which it wins the empty board (its first move at the origin), a
/// completion included (so the monomino's is 1, which no card line can
/// state: every line has height at least 2). None: not within the limits.
pub fn value(cells: &[Cell], max_bound: u32, node_limit: u64) -> Option<u32> {
    let mut search = Search::new(Target::new(&at_origin(cells)), node_limit);
    (1..=max_bound).find(|&h| search.solve(&position::Position::default(), h).is_some())
}

/// The shape as `--shape` reads it: `"(0,0) (1,0) ..."`.
pub fn shape_argument(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|(x, y)| format!("({x},{y})"))
        .collect::<Vec<_>>()
        .join(" ")
}
