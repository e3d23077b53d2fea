//! Part files of a sharded board search (docs/formats/board-shard.md): a
//! shard's solved units, rewritten after every unit so that a stopped run
//! resumes where it was (solved units are skipped), and the merge of all
//! parts into one audited certificate.

use super::search::{Position, Solver, Version};
use super::shard::{self, Claim, ShardError, UnitResult};
use super::strategy::StrategyError;
use super::{Certified, Game, Options, Shape, SAVE_EVERY};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

pub const KIND: &str = "board-shard-part";
pub const FORMAT: u64 = 1;

/// One shard's part file.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Part {
    pub kind: String,
    pub format: u64,
    /// The shape as given on the command line (`Shape::parse` reads it).
    pub shape: String,
    pub width: usize,
    pub height: usize,
    pub game: String,
    /// `"first-does-not-win"` or `"first-wins"`.
    pub claim: String,
    pub move_bound: Option<u32>,
    /// `[K, N]`.
    pub shard: [usize; 2],
    /// How many units the whole search has.
    pub units: usize,
    /// Every unit of this shard is solved or skipped.
    pub complete: bool,
    pub results: Vec<UnitResult>,
}

#[derive(Debug, thiserror::Error)]
pub enum PartError {
    #[error("{0}")]
    Shard(#[from] ShardError),
    #[error("{path}: {message}")]
    File { path: PathBuf, message: String },
    #[error("{0}")]
    Board(String),
    #[error("{0}")]
    Output(#[from] crate::cert::OutputError),
    /// `--seconds` ended the search inside a group; nothing is proved of it.
    #[error(
        "stopped in group {group} of {groups} (the first move at {first_move}) after {nodes} nodes ({saved})"
    )]
    Stopped {
        group: usize,
        /// The groups of the board (first moves up to its symmetries).
        groups: usize,
        /// The group's first move, `(x,y)`.
        first_move: String,
        nodes: u64,
        saved: String,
    },
}

impl Part {
    /// Whether the part holds unit `index`'s result.
    fn solved(&self, index: usize) -> bool {
        self.results.iter().any(|result| result.unit == index)
    }
}

fn file_error(path: &Path, message: impl ToString) -> PartError {
    PartError::File {
        path: path.to_path_buf(),
        message: message.to_string(),
    }
}

/// The search a part belongs to.
#[derive(Debug, Clone)]
pub struct Search {
    pub shape: String,
    pub width: usize,
    pub height: usize,
    pub version: Version,
    pub claim: Claim,
}

impl Search {
    pub fn game(&self) -> Result<Game, PartError> {
        let shape = Shape::parse(&self.shape).map_err(|e| PartError::Board(e.to_string()))?;
        Game::polyomino(shape, self.width, self.height).map_err(|e| PartError::Board(e.to_string()))
    }

    fn claim_word(&self) -> &'static str {
        match self.claim {
            Claim::FirstDoesNotWin => "first-does-not-win",
            Claim::FirstWins { .. } => "first-wins",
        }
    }

    fn bound(&self) -> Option<u32> {
        match self.claim {
            Claim::FirstDoesNotWin => None,
            Claim::FirstWins { bound } => Some(bound),
        }
    }

    fn empty_part(&self, (k, n): (usize, usize), units: usize) -> Part {
        Part {
            kind: KIND.to_string(),
            format: FORMAT,
            shape: self.shape.clone(),
            width: self.width,
            height: self.height,
            game: self.version.word().to_string(),
            claim: self.claim_word().to_string(),
            move_bound: self.bound(),
            shard: [k, n],
            units,
            complete: false,
            results: Vec::new(),
        }
    }

    fn matches(&self, part: &Part) -> bool {
        part.kind == KIND
            && part.format == FORMAT
            && part.shape == self.shape
            && part.width == self.width
            && part.height == self.height
            && part.game == self.version.word()
            && part.claim == self.claim_word()
            && part.move_bound == self.bound()
    }

    fn from_part(part: &Part) -> Result<Search, PartError> {
        let version = match part.game.as_str() {
            "weak" => Version::Weak,
            "strong" => Version::Strong,
            other => return Err(PartError::Board(format!("unknown game {other:?}"))),
        };
        let claim = match (part.claim.as_str(), part.move_bound) {
            ("first-does-not-win", None) => Claim::FirstDoesNotWin,
            ("first-wins", Some(bound)) => Claim::FirstWins { bound },
            _ => {
                return Err(PartError::Board(
                    "claim and move_bound disagree".to_string(),
                ))
            }
        };
        Ok(Search {
            shape: part.shape.clone(),
            width: part.width,
            height: part.height,
            version,
            claim,
        })
    }
}

/// The part file of shard `k` of `n` in `directory`: `part-K-of-N.json`,
/// or `part-K-of-N.json.gz` when only that one exists (a settled part
/// kept compressed, as a large one is committed).
pub fn part_path(directory: &Path, k: usize, n: usize) -> PathBuf {
    let plain = directory.join(format!("part-{k}-of-{n}.json"));
    let packed = directory.join(format!("part-{k}-of-{n}.json.gz"));
    if !plain.exists() && packed.exists() {
        packed
    } else {
        plain
    }
}

/// A part file, inflated when its name ends in `.json.gz`.
fn read_part(path: &Path) -> Result<Part, PartError> {
    let text = crate::verify::read_text(path).map_err(|e| file_error(path, e))?;
    serde_json::from_str(&text).map_err(|e| file_error(path, e))
}

/// A part file, in the form its name says (compressed for `.json.gz`).
fn write_part(path: &Path, part: &Part) -> Result<(), PartError> {
    let json = crate::cert::to_certificate_json(part, 2).map_err(|e| file_error(path, e))?;
    let bytes = if gamecert_audit::is_gzip(path) {
        crate::cert::gzip::compress(&json)
    } else {
        json.into_bytes()
    };
    Ok(crate::cert::write_output_file(path, &bytes)?)
}

/// Runs shard `k` of `n`: solves its units not yet in its part file, and
/// rewrites the file after each one.
pub fn run_shard(
    search: &Search,
    (k, n): (usize, usize),
    directory: &Path,
    options: &Options,
    deadline: Option<Instant>,
    progress: &dyn Fn(&str),
) -> Result<Part, PartError> {
    let game = search.game()?;
    let units = shard::units(&game.graph, search.version, search.claim)?;
    let path = part_path(directory, k, n);
    let part = match read_part(&path) {
        Ok(part) if search.matches(&part) && part.shard == [k, n] && part.units == units.len() => {
            part
        }
        Ok(_) => return Err(file_error(&path, "belongs to another search; remove it")),
        Err(_) if !path.exists() => search.empty_part((k, n), units.len()),
        Err(error) => return Err(error),
    };
    let stale = part.results.iter().any(|r| {
        units
            .get(r.unit)
            .map(|u| super::certificate::key(u.position.first, u.position.second))
            != Some(r.position.clone())
    });
    if stale {
        return Err(file_error(
            &path,
            "its units are not this build's units; remove it",
        ));
    }
    // The parts directory is the shard's own work area: created on demand.
    crate::cert::create_output_dir(directory)?;
    let context = Context {
        search,
        game: &game,
        units: &units,
        path: Some(&path),
        options,
        progress,
        start: Instant::now(),
        deadline,
        nodes: std::cell::Cell::new(0),
    };
    context.solve_part((k, n), part)
}

/// Breaker's claim (or the first player's within `bound`) solved in this
/// process as one shard, without part files, and merged: the board table's
/// way to Snaky's certificates.
pub fn solve_whole(
    search: &Search,
    options: &Options,
    progress: &dyn Fn(&str),
) -> Result<super::Run, PartError> {
    let game = search.game()?;
    let units = shard::units(&game.graph, search.version, search.claim)?;
    let context = Context {
        search,
        game: &game,
        units: &units,
        path: None,
        options,
        progress,
        start: Instant::now(),
        deadline: None,
        nodes: std::cell::Cell::new(0),
    };
    let part = context.solve_part((1, 1), search.empty_part((1, 1), units.len()))?;
    let results = part.results.into_iter().map(|r| (r.unit, r)).collect();
    let strategy = shard::merge(&game.graph, search.claim, &units, &results, false)?;
    let seconds = context.start.elapsed().as_secs_f64();
    let certified = super::certify(&game, search.version, &strategy, progress);
    let value = match search.claim {
        Claim::FirstDoesNotWin => super::Value::FirstDoesNotWin,
        Claim::FirstWins { bound } => super::Value::FirstWins { moves: bound },
    };
    Ok(super::Run {
        name: game.name(),
        version: search.version,
        solution: super::Solution {
            value,
            nodes: context.nodes.get(),
            seconds,
        },
        certified,
    })
}

impl Context<'_> {
    /// Solves the units of shard `k` of `n` not yet in `part`.
    fn solve_part(&self, (k, n): (usize, usize), mut part: Part) -> Result<Part, PartError> {
        let (search, units) = (self.search, self.units);
        if search.claim == Claim::FirstDoesNotWin {
            for group in (0..self.groups()).filter(|g| g % n == k - 1) {
                self.solve_group(group, &mut part)?;
            }
        } else {
            let mine = |group: &usize| group % n == k - 1;
            for group in (0..self.groups()).filter(mine) {
                if shard::won_group(units, &part.results).is_some_and(|won| won < group) {
                    break;
                }
                self.solve_maker_group(group, &mut part)?;
            }
        }
        part.complete = true;
        self.save(&part)?;
        Ok(part)
    }

    /// The first player's claim, one group (first move): its units in
    /// order, one table for them all (the replies to one first move share
    /// most of their subtrees: the L pentomino's 7x7 win within 9 took
    /// 146,444 nodes so, against 340,000 with a table a unit), until one
    /// fails. A unit solved before (a resumed part) is solved again when
    /// a later one is not, so the table, and every strategy read from it,
    /// is the one a run without a stop builds.
    fn solve_maker_group(&self, group: usize, part: &mut Part) -> Result<(), PartError> {
        let claim = self.search.claim;
        let members = self.group_units(group);
        let Some(&last) = members.iter().rev().find(|&&index| !part.solved(index)) else {
            return Ok(());
        };
        let solver = self.solver();
        for &index in members.iter().take_while(|&&index| index <= last) {
            if shard::settled(claim, self.units, &part.results, group) {
                break;
            }
            let before = solver.nodes();
            let result = shard::solve_unit(&solver, claim, index, &self.units[index])?;
            self.nodes.set(self.nodes.get() + solver.nodes() - before);
            if !part.solved(index) {
                self.record(&solver, result, part)?;
            }
        }
        Ok(())
    }
}

/// Nodes allowed to each reply in the first round of a group (Breaker's
/// claim); each later round allows four times as many.
pub const FIRST_NODE_LIMIT: u64 = 20_000;

struct Context<'a> {
    search: &'a Search,
    game: &'a Game,
    units: &'a [shard::Unit],
    /// The part file (none: in memory).
    path: Option<&'a Path>,
    options: &'a Options,
    progress: &'a dyn Fn(&str),
    start: Instant,
    /// When the prover stops (its group's state saved).
    deadline: Option<Instant>,
    /// Nodes searched by every attempt so far.
    nodes: std::cell::Cell<u64>,
}

impl Context<'_> {
    fn solver(&self) -> Solver<'_> {
        self.options
            .solver(&self.game.graph, self.search.version, &self.game.name())
    }

    fn record(
        &self,
        solver: &Solver,
        result: UnitResult,
        part: &mut Part,
    ) -> Result<(), PartError> {
        (self.progress)(&format!(
            "unit {}/{} ({}): {} ({} entries); {} nodes, {:.1}s",
            result.unit,
            self.units.len(),
            result.position,
            if result.holds { "holds" } else { "fails" },
            result.strategy.len(),
            solver.nodes(),
            self.start.elapsed().as_secs_f64()
        ));
        part.results.push(result);
        self.save(part)
    }

    fn save(&self, part: &Part) -> Result<(), PartError> {
        match self.path {
            Some(path) => write_part(path, part),
            None => Ok(()),
        }
    }

    /// Breaker's claim, one group (first move): the prover asks its
    /// question once, of the position after the first move (one table for
    /// the group, its state kept beside the part), then finds the reply
    /// (see [`Context::settle_replies`]).
    fn solve_group(&self, group: usize, part: &mut Part) -> Result<(), PartError> {
        let indices = self.group_units(group);
        if self.settled_group(&indices, part) {
            return Ok(());
        }
        let first = self.units[indices[0]].first_move();
        let (x, y) = self
            .game
            .graph
            .coordinates(first.first.trailing_zeros() as usize);
        let first_move = format!("({x},{y})");
        let groups = self.groups();
        (self.progress)(&format!(
            "group {group} of {groups}: the first move at {first_move}"
        ));
        let solver = self.group_prover(group)?;
        let answer = solver.wins_limited(first, false, u32::MAX, u64::MAX);
        self.nodes.set(self.nodes.get() + solver.nodes());
        let saved = self.save_group_state(&solver);
        match answer {
            None => Err(PartError::Stopped {
                group,
                groups,
                first_move,
                nodes: solver.nodes(),
                saved,
            }),
            // The first move beats every reply: each fails.
            Some(true) => {
                for &index in &indices {
                    let unit = &self.units[index];
                    let result =
                        shard::unit_result(&solver, self.search.claim, index, unit, false)?;
                    self.record(&solver, result, part)?;
                }
                self.drop_group_state(group);
                Ok(())
            }
            Some(false) => match self.settle_replies(group, &indices, &solver, part) {
                // The deadline passed while the reply and its strategy were
                // read: the answer is in the saved state, and a resumed run
                // reads them again.
                Err(PartError::Shard(ShardError::Strategy(StrategyError::Stopped))) => {
                    Err(PartError::Stopped {
                        group,
                        groups,
                        first_move,
                        nodes: solver.nodes(),
                        saved: format!(
                            "Breaker's answer is known, its strategy not yet read; {}",
                            self.save_group_state(&solver)
                        ),
                    })
                }
                Err(error) => Err(error),
                Ok(()) => {
                    self.drop_group_state(group);
                    Ok(())
                }
            },
        }
    }

    fn group_units(&self, group: usize) -> Vec<usize> {
        shard::group_units(self.units, group)
    }

    /// The groups (Maker's first moves up to the board's symmetries).
    fn groups(&self) -> usize {
        shard::group_count(self.units)
    }

    /// Whether the part already settles the group (a reply holds, or
    /// every reply fails).
    fn settled_group(&self, indices: &[usize], part: &Part) -> bool {
        let known = |i: &usize| part.results.iter().find(|r| r.unit == *i).map(|r| r.holds);
        indices.iter().any(|i| known(i) == Some(true)) || indices.iter().all(|i| known(i).is_some())
    }

    /// The group's prover, resumed from its state file when the shard
    /// keeps a part file, and stopping at the deadline.
    fn group_prover(&self, group: usize) -> Result<Solver<'_>, PartError> {
        let mut solver = self.solver();
        let Some(path) = self.group_state(group) else {
            return Ok(solver);
        };
        let prover = &mut solver.prover;
        let read = prover
            .resume_from(&path, SAVE_EVERY)
            .map_err(|error| file_error(&path, error))?;
        prover.deadline = self.deadline;
        (self.progress)(&format!(
            "group {group}: {read} records read from {}",
            path.display()
        ));
        Ok(solver)
    }

    /// The state file of a group: beside the part, shared by every split
    /// into shards (a group is the same search whichever shard runs it).
    fn group_state(&self, group: usize) -> Option<PathBuf> {
        let directory = self.path?.parent()?;
        Some(directory.join(format!("group-{group}.state.gz")))
    }

    fn save_group_state(&self, solver: &Solver) -> String {
        match solver.prover.save_state() {
            Some(Ok(count)) => format!("state saved, {count} records"),
            Some(Err(error)) => format!("state not saved: {error}"),
            None => "no state kept".to_string(),
        }
    }

    /// A settled group's state is spent: its answer is in the part.
    fn drop_group_state(&self, group: usize) {
        if let Some(path) = self.group_state(group) {
            let _ = std::fs::remove_file(path);
        }
    }

    /// The unit of a reply that leaves a pairing, if the prover's finders
    /// find one.
    fn pairing_reply(&self, solver: &Solver, indices: &[usize]) -> Option<usize> {
        let first = self.units[*indices.first()?].first_move();
        let (cell, _) = solver.reply_pairing(first)?;
        let graph = &self.game.graph;
        let key = |p: Position| graph.canonical(p.first, p.second).0;
        let wanted = key(first.with_second(cell));
        indices
            .iter()
            .copied()
            .find(|&index| key(self.units[index].position) == wanted)
    }

    /// The group's reply, its question answered by `solver`'s table (the
    /// first move does not win): as the strategy reading does, a reply
    /// leaving a pairing first, else the first the table has proved; else
    /// the replies are asked in rounds on that table, in order, each with a
    /// node limit that grows fourfold per round, until one holds.
    fn settle_replies(
        &self,
        group: usize,
        indices: &[usize],
        solver: &Solver,
        part: &mut Part,
    ) -> Result<(), PartError> {
        let paired = self.pairing_reply(solver, indices);
        let proved = paired.or_else(|| {
            indices.iter().copied().find(|&index| {
                solver.settled(self.units[index].position, true, u32::MAX) == Some(false)
            })
        });
        if let Some(index) = proved {
            let unit = &self.units[index];
            let result = shard::unit_result(solver, self.search.claim, index, unit, true)?;
            return self.record(solver, result, part);
        }
        let mut limit = FIRST_NODE_LIMIT;
        while !self.settled_group(indices, part) {
            let open: Vec<usize> = indices
                .iter()
                .copied()
                .filter(|&i| !part.solved(i))
                .collect();
            for index in open {
                let before = solver.nodes();
                let unit = &self.units[index];
                let answer = solver.wins_limited(unit.position, true, u32::MAX, limit);
                self.nodes.set(self.nodes.get() + solver.nodes() - before);
                let Some(first_wins) = answer else {
                    continue;
                };
                let result =
                    shard::unit_result(solver, self.search.claim, index, unit, !first_wins)?;
                self.record(solver, result, part)?;
                if !first_wins {
                    return Ok(());
                }
            }
            if solver.stopped() {
                return Err(ShardError::Strategy(StrategyError::Stopped).into());
            }
            (self.progress)(&format!(
                "group {group}: no reply settled within {limit} nodes each; {:.1}s",
                self.start.elapsed().as_secs_f64()
            ));
            limit = limit.saturating_mul(4);
        }
        Ok(())
    }
}

/// Merges part files into one certificate, audited by the kernel;
/// `partial`: the second player's settled first moves only (a
/// `first-does-not-win-after` certificate), the others left out.
pub fn merge_parts(
    paths: &[PathBuf],
    partial: bool,
    progress: &dyn Fn(&str),
) -> Result<(Game, Search, Certified), PartError> {
    let mut parts = Vec::new();
    for path in paths {
        parts.push((path, read_part(path)?));
    }
    let (first_path, first) = parts
        .first()
        .ok_or_else(|| PartError::Board("no part files given".to_string()))?;
    let search = Search::from_part(first).map_err(|e| file_error(first_path, e))?;
    let mut results: BTreeMap<usize, UnitResult> = BTreeMap::new();
    for (path, part) in &parts {
        if !search.matches(part) || part.units != first.units {
            return Err(file_error(
                path,
                "belongs to another search than the first part",
            ));
        }
        for result in &part.results {
            if let Some(old) = results.get(&result.unit) {
                if old != result {
                    return Err(file_error(
                        path,
                        format!("unit {} differs from another part", result.unit),
                    ));
                }
            }
            results.insert(result.unit, result.clone());
        }
    }
    let game = search.game()?;
    let units = shard::units(&game.graph, search.version, search.claim)?;
    if units.len() != first.units {
        return Err(file_error(
            first_path,
            "unit count differs from this build's",
        ));
    }
    for (index, result) in &results {
        let expected = units
            .get(*index)
            .map(|u| super::certificate::key(u.position.first, u.position.second));
        if expected.as_deref() != Some(result.position.as_str()) {
            return Err(PartError::Shard(ShardError::Mismatch(format!(
                "unit {index} is not {}",
                result.position
            ))));
        }
    }
    let strategy = shard::merge(&game.graph, search.claim, &units, &results, partial)?;
    let scope = match &strategy.first_moves {
        Some(cells) => format!(
            " (a partial certificate: the first moves {cells:?} of {} settled)",
            shard::group_count(&units)
        ),
        None => String::new(),
    };
    progress(&format!(
        "merged {} units into {} entries{scope}",
        results.len(),
        strategy.entries.len()
    ));
    let certified = super::certify(&game, search.version, &strategy, progress);
    Ok((game, search, certified))
}
