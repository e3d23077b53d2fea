//! Finite-board achievement games (issue 13): any family of winning sets on
//! a grid of at most 128 cells, in the weak (Maker-Breaker) and the strong
//! version, solved exactly, with certificates for either side.
//!
//! Rooms: `hypergraph` (cells, winning sets, symmetries), `shape` (the thin
//! polyomino adapter, to be replaced by `crate::polyomino`), `search` (the
//! solver), `pairing` (pairing strategies), `strategy` (strategy tables),
//! `certificate` (the emitted JSON), `table` (the eleven winners and
//! Snaky), `shard` (the search cut into units after two moves, and their
//! merge), `parts` (the shards' part files, resumable), `join` (partial
//! certificates indexed as one), `verify` (the committed certificates).

pub mod certificate;
pub mod join;
pub mod parts;
pub mod search;
pub mod shape;
pub mod shard;
pub mod strategy;
pub mod table;
pub mod verify;

pub use crate::prove::{hypergraph, pairing};
pub use hypergraph::{BoardError, Hypergraph};
pub use search::{Position, Solver, Version};
pub use shape::Shape;

use crate::audit::AuditReport;
use std::path::Path;
use std::time::{Duration, Instant};

/// Where the winning sets come from.
#[derive(Debug, Clone)]
pub enum Family {
    Polyomino(Shape),
    /// Lines of `k` cells in a row, column or diagonal (the m,n,k-game).
    Lines {
        k: usize,
    },
}

/// One board: its family and its hypergraph.
#[derive(Debug, Clone)]
pub struct Game {
    pub family: Family,
    pub graph: Hypergraph,
}

impl Game {
    pub fn polyomino(shape: Shape, width: usize, height: usize) -> Result<Game, BoardError> {
        let graph = shape.board(width, height)?;
        Ok(Game {
            family: Family::Polyomino(shape),
            graph,
        })
    }

    pub fn lines(cols: usize, rows: usize, k: usize) -> Result<Game, BoardError> {
        Ok(Game {
            family: Family::Lines { k },
            graph: Hypergraph::lines(cols, rows, k)?,
        })
    }

    pub fn name(&self) -> String {
        let (w, h) = (self.graph.width, self.graph.height);
        match &self.family {
            Family::Polyomino(shape) => format!("{} on {w}x{h}", shape.name),
            Family::Lines { k } => format!("{k} in a row on {w}x{h}"),
        }
    }
}

/// The value of the game for the first player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// The first player completes a set in at most (and, against best
    /// defence, exactly) `moves` of its moves.
    FirstWins { moves: u32 },
    /// The first player never completes a set first: a Breaker win in the
    /// weak game, a draw in the strong one (strategy stealing excludes a
    /// second-player win).
    FirstDoesNotWin,
}

#[derive(Debug, Clone)]
pub struct Solution {
    pub value: Value,
    pub nodes: u64,
    pub seconds: f64,
}

/// Budgets tried one by one before a single unbounded search settles
/// whether the first player wins at all.
const DEEPENING_FIRST: u32 = 8;

/// Solves the game: iterative deepening on the first player's move budget
/// gives the least number of moves that wins.
pub fn solve(solver: &Solver, progress: &dyn Fn(&str)) -> Solution {
    let start = Instant::now();
    let most = most_moves(solver.graph);
    // A pairing of the empty board settles a second-player win at once.
    if solver.look_for_root_pairing(most).is_some() {
        progress("a pairing of the board stops every winning set");
        return Solution {
            value: Value::FirstDoesNotWin,
            nodes: 0,
            seconds: start.elapsed().as_secs_f64(),
        };
    }
    let report = |budget: u32, answer: bool| {
        progress(&format!(
            "budget {budget}: {} after {} nodes, {:.1}s",
            if answer { "win" } else { "no win" },
            solver.nodes(),
            start.elapsed().as_secs_f64()
        ))
    };
    // With pairing leaves on (the Breaker-side search), settle first whether
    // the first player wins at all: the shallow budgets cost as much as the
    // whole search when it is a Breaker win.
    if solver.pairing_plies() > 0 {
        let wins = solver.first_wins_within(Position::EMPTY, most);
        report(most, wins);
        if !wins {
            return Solution {
                value: Value::FirstDoesNotWin,
                nodes: solver.nodes(),
                seconds: start.elapsed().as_secs_f64(),
            };
        }
    }
    let mut value = Value::FirstDoesNotWin;
    let mut budget = 1;
    while budget <= most {
        if budget == DEEPENING_FIRST.min(most) + 1 {
            let wins = solver.first_wins_within(Position::EMPTY, most);
            report(most, wins);
            if !wins {
                break;
            }
        }
        let wins = solver.first_wins_within(Position::EMPTY, budget);
        report(budget, wins);
        if wins {
            value = Value::FirstWins { moves: budget };
            break;
        }
        budget += 1;
    }
    Solution {
        value,
        nodes: solver.nodes(),
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// The empty board's residual sets: the minimal winning sets.
pub fn root_residual(graph: &Hypergraph) -> Vec<hypergraph::Cells> {
    pairing::residual(&graph.sets, 0, 0, graph.all())
}

/// Tables whose JSON is larger than this are committed compressed
/// (`.json.gz`).
pub const PLAIN_LIMIT_BYTES: usize = 20_000_000;
/// Certificates whose committed bytes (compressed, over
/// [`PLAIN_LIMIT_BYTES`]) are more than this are reported with size and
/// hash only.
pub const COMMIT_LIMIT_BYTES: usize = 50_000_000;
/// Strategy tables larger than this are not built at all.
pub const ENTRY_LIMIT: usize = 3_000_000;

/// What became of the certificate of a solved board.
#[derive(Debug, Clone)]
pub enum Certified {
    /// Written and accepted by the kernel.
    Audited { json: String, audit: AuditReport },
    /// Built and audited but too large to commit: size and SHA-256 only.
    TooLarge {
        bytes: usize,
        sha256: String,
        audit: AuditReport,
    },
    /// Not built (the table outgrew [`ENTRY_LIMIT`] entries).
    NotBuilt { reason: String },
}

impl Certified {
    pub fn holds(&self) -> bool {
        match self {
            Certified::Audited { audit, .. } | Certified::TooLarge { audit, .. } => audit.holds(),
            Certified::NotBuilt { .. } => true,
        }
    }

    /// Whether a committed, audited certificate backs the value.
    pub fn certified(&self) -> bool {
        matches!(self, Certified::Audited { audit, .. } if audit.holds())
    }
}

/// One board solved and (as far as size allows) certified.
#[derive(Debug, Clone)]
pub struct Run {
    pub name: String,
    pub version: Version,
    pub solution: Solution,
    pub certified: Certified,
}

/// Solves `game`, extracts the winning side's table, writes and audits it.
pub fn run(game: &Game, version: Version, progress: &dyn Fn(&str)) -> Run {
    run_with(game, version, &Options::default(), progress)
}

/// The pairing plies the board table uses for Snaky (Breaker wins found by
/// pairings of the residual sets after a few moves; docs/boards.md).
pub const SNAKY_PAIRING_PLIES: u32 = 16;

/// Search settings that change the work done, never the value.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Plies below which every node looks for a pairing of the residual
    /// sets (0: only the empty board).
    pub pairing_plies: u32,
    /// Plies below which the SAT solver is also asked for pairing leaves
    /// (`None`: the prover's default).
    pub sat_plies: Option<u32>,
    /// The transposition table's size in bytes (`None`: the prover's default).
    pub memory: Option<usize>,
    /// Progress lines on stderr, at most one a second (the prover).
    pub progress: bool,
}

impl Options {
    /// The solver for `graph` with these settings.
    pub fn solver<'g>(&self, graph: &'g Hypergraph, version: Version, label: &str) -> Solver<'g> {
        let memory = self.memory.unwrap_or_else(crate::prove::default_memory);
        let mut prover = crate::prove::Prover::with_memory(graph, version, memory);
        prover.pairing_plies = self.pairing_plies;
        if let Some(plies) = self.sat_plies {
            prover.sat_plies = plies;
        }
        prover.progress = self.progress.then(|| label.to_string());
        Solver::with_prover(prover)
    }
}

/// [`run`] with explicit search settings.
pub fn run_with(game: &Game, version: Version, options: &Options, progress: &dyn Fn(&str)) -> Run {
    let solver = options.solver(&game.graph, version, &game.name());
    run_solver(game, &solver, version, progress)
}

/// The most moves the first player can make on `graph`: with this budget
/// "within" means "ever".
fn most_moves(graph: &Hypergraph) -> u32 {
    (graph.cells() as u32).div_ceil(2)
}

/// How often a resumable search saves its state.
pub const SAVE_EVERY: Duration = Duration::from_secs(600);

/// Why a resumable run ended without a value.
#[derive(Debug)]
pub enum Interrupted {
    /// The time budget ran out first; nothing is proved.
    Stopped {
        nodes: u64,
        /// The records saved, or why they were not.
        saved: Option<Result<usize, String>>,
    },
    /// The settings or the state file do not fit.
    Unusable(String),
}

/// [`run_with`] with the prover's state kept in `state` (read when it
/// exists, saved every [`SAVE_EVERY`] and when the budget ends the
/// search) and the search stopped after `seconds`, if given. The
/// value is settled first (the question a Breaker-side run asks of the
/// empty board); only then is the strategy read from the table.
pub fn run_resumable(
    game: &Game,
    version: Version,
    options: &Options,
    state: Option<&Path>,
    seconds: Option<u64>,
    progress: &dyn Fn(&str),
) -> Result<Run, Interrupted> {
    let mut solver = options.solver(&game.graph, version, &game.name());
    let most = most_moves(solver.graph);
    let prover = &mut solver.prover;
    if let Some(path) = state {
        let read = prover
            .resume_from(path, SAVE_EVERY)
            .map_err(|error| Interrupted::Unusable(format!("{}: {error}", path.display())))?;
        // Said even in the first second, when progress is otherwise quiet:
        // whether a state was resumed decides what the run's figures mean.
        if options.progress {
            eprintln!(
                "{}: {read} records read from {}",
                game.name(),
                path.display()
            );
        }
    }
    let start = Instant::now();
    prover.deadline = seconds.map(|seconds| start + Duration::from_secs(seconds));
    if prover.wins(Position::EMPTY, true, most, u64::MAX).is_none() {
        let saved = prover
            .save_state()
            .map(|result| result.map_err(|error| error.to_string()));
        return Err(Interrupted::Stopped {
            nodes: prover.nodes(),
            saved,
        });
    }
    prover.resume_after_stop();
    // The answer is in the table now: saved, a run stopped while reading
    // out the strategy resumes at the read-out.
    if let Some(Err(error)) = prover.save_state() {
        progress(&format!("cannot save the state: {error}"));
    }
    let mut run = run_solver(game, &solver, version, progress);
    run.solution.seconds = start.elapsed().as_secs_f64();
    Ok(run)
}

/// Solves with `solver`, then extracts, writes and audits the table.
fn run_solver(game: &Game, solver: &Solver, version: Version, progress: &dyn Fn(&str)) -> Run {
    let solution = solve(solver, progress);
    let bound = match solution.value {
        Value::FirstWins { moves } => Some(moves),
        Value::FirstDoesNotWin => None,
    };
    progress("extracting the strategy table");
    let certified = match strategy::extract(solver, bound, ENTRY_LIMIT) {
        Err(error) => Certified::NotBuilt {
            reason: error.to_string(),
        },
        Ok(table) => certify(game, version, &table, progress),
    };
    Run {
        name: game.name(),
        version,
        solution,
        certified,
    }
}

/// A delay certificate: the second player's table against which the first
/// player completes no set within `within` of its moves; `None` when the
/// solver finds that the first player does win within `within`.
pub fn delay(
    game: &Game,
    version: Version,
    within: u32,
    options: &Options,
    progress: &dyn Fn(&str),
) -> Option<Certified> {
    let solver = options.solver(&game.graph, version, &game.name());
    progress(&format!("does the first player win within {within} moves?"));
    if solver.first_wins_within(Position::EMPTY, within) {
        return None;
    }
    progress("no: extracting the second player's delay table");
    Some(
        match strategy::extract_delay(&solver, within, ENTRY_LIMIT) {
            Err(error) => Certified::NotBuilt {
                reason: error.to_string(),
            },
            Ok(table) => certify(game, version, &table, progress),
        },
    )
}

pub fn certify(
    game: &Game,
    version: Version,
    table: &strategy::Strategy,
    progress: &dyn Fn(&str),
) -> Certified {
    let certificate = certificate::Certificate::build(game, version, table);
    let json = match certificate.to_json() {
        Ok(json) => json,
        Err(error) => {
            return Certified::NotBuilt {
                reason: format!("cannot write JSON: {error}"),
            }
        }
    };
    progress(&format!(
        "auditing the certificate ({} entries, {} bytes)",
        table.entries.len(),
        json.len()
    ));
    let audit = match crate::audit::json::parse(&json) {
        Ok(value) => crate::audit::board::audit(&value),
        Err(error) => {
            return Certified::NotBuilt {
                reason: format!("cannot read back the JSON: {error}"),
            }
        }
    };
    let bytes = committed_bytes(&json);
    if bytes > COMMIT_LIMIT_BYTES {
        Certified::TooLarge {
            bytes,
            sha256: crate::cert::hash::sha256_hex(json.as_bytes()),
            audit,
        }
    } else {
        Certified::Audited { json, audit }
    }
}

/// The size `json` is committed at: plain, or compressed when over
/// [`PLAIN_LIMIT_BYTES`].
pub fn committed_bytes(json: &str) -> usize {
    if json.len() > PLAIN_LIMIT_BYTES {
        crate::cert::gzip::compress(json).len()
    } else {
        json.len()
    }
}
