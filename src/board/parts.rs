//! Part files of a sharded board search (docs/formats/board-shard.md): a
//! shard's solved units, rewritten after every unit so that a stopped run
//! resumes where it was (solved units are skipped), and the merge of all
//! parts into one audited certificate.

use super::search::{Solver, Version};
use super::shard::{self, Claim, ShardError, UnitResult};
use super::{Certified, Game, Options, Shape};
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

/// The part file of shard `k` of `n` in `directory`.
pub fn part_path(directory: &Path, k: usize, n: usize) -> PathBuf {
    directory.join(format!("part-{k}-of-{n}.json"))
}

fn read_part(path: &Path) -> Result<Part, PartError> {
    let text = std::fs::read_to_string(path).map_err(|e| file_error(path, e))?;
    serde_json::from_str(&text).map_err(|e| file_error(path, e))
}

fn write_part(path: &Path, part: &Part) -> Result<(), PartError> {
    let json = crate::cert::to_certificate_json(part, 2).map_err(|e| file_error(path, e))?;
    crate::cert::write_atomically(path, json.as_bytes()).map_err(|e| file_error(path, e))
}

/// Runs shard `k` of `n`: solves its units not yet in its part file, and
/// rewrites the file after each one.
pub fn run_shard(
    search: &Search,
    (k, n): (usize, usize),
    directory: &Path,
    options: &Options,
    progress: &dyn Fn(&str),
) -> Result<Part, PartError> {
    let game = search.game()?;
    let units = shard::units(&game.graph, search.version, search.claim)?;
    let path = part_path(directory, k, n);
    let mut part = match read_part(&path) {
        Ok(part) if search.matches(&part) && part.shard == [k, n] && part.units == units.len() => {
            part
        }
        Ok(_) => return Err(file_error(&path, "belongs to another search; remove it")),
        Err(_) if !path.exists() => Part {
            kind: KIND.to_string(),
            format: FORMAT,
            shape: search.shape.clone(),
            width: search.width,
            height: search.height,
            game: search.version.word().to_string(),
            claim: search.claim_word().to_string(),
            move_bound: search.bound(),
            shard: [k, n],
            units: units.len(),
            complete: false,
            results: Vec::new(),
        },
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
    std::fs::create_dir_all(directory).map_err(|e| file_error(directory, e))?;
    let mut solver = Solver::new(&game.graph, search.version);
    solver.pairing_plies = options.pairing_plies;
    if options.pairing_steps > 0 {
        solver.pairing_steps = options.pairing_steps;
    }
    let start = Instant::now();
    let mine = |(index, unit): &(usize, &shard::Unit)| {
        shard::shard_of(search.claim, unit, *index, n) == k - 1
    };
    for (index, unit) in units.iter().enumerate().filter(mine) {
        let done = part.results.iter().any(|r| r.unit == index);
        if done || shard::settled(search.claim, &units, &part.results, unit.group) {
            continue;
        }
        let result = shard::solve_unit(&solver, search.claim, index, unit)?;
        progress(&format!(
            "unit {index}/{} ({}): {} ({} entries); {} nodes, {:.1}s",
            units.len(),
            result.position,
            if result.holds { "holds" } else { "fails" },
            result.strategy.len(),
            solver.nodes(),
            start.elapsed().as_secs_f64()
        ));
        part.results.push(result);
        write_part(&path, &part)?;
    }
    part.complete = true;
    write_part(&path, &part)?;
    Ok(part)
}

/// Merges part files into one certificate, audited by the kernel.
pub fn merge_parts(
    paths: &[PathBuf],
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
    let strategy = shard::merge(&game.graph, search.claim, &units, &results)?;
    progress(&format!(
        "merged {} units into {} entries",
        results.len(),
        strategy.entries.len()
    ));
    let certified = super::certify(&game, search.version, &strategy, progress);
    Ok((game, search, certified))
}
