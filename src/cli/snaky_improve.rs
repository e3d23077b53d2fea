//! `gamecert snaky improve`, `snaky board` and `snaky merge`: search a new
//! final card (src/generate/improve.rs), shard the search, merge the
//! shards' parts, and certify what was found with the checker and the
//! rule-free search. Progress on stderr; the verdict on stdout.

use super::snaky::SNAKY_SHAPE;
use clap::{Args, ValueEnum};
use gamecert::cert::hash::sha256_hex;
use gamecert::exit::Outcome;
use gamecert::generate::improve::{
    frame_symmetries, merge, run_shard, Merged, Shard, Unit, UnitOptions,
};
use gamecert::generate::library::{Library, Moves};
use gamecert::generate::partial::{self, Header};
use gamecert::generate::position::Target;
use gamecert::generate::position::Xform;
use gamecert::snaky::model::Shape;
use gamecert::snaky::search::{search_table_with, SearchOptions};
use gamecert::snaky::{check_table_with, CheckOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn shape_arg(text: &str) -> Result<Shape, String> {
    Shape::parse(text).map_err(|e| e.to_string())
}

fn shard_arg(text: &str) -> Result<Shard, String> {
    Shard::parse(text).ok_or_else(|| format!("{text:?}: expected K/N with 1 <= K <= N"))
}

/// The search options `improve` and `board` share.
#[derive(Debug, Clone, Args)]
pub struct SearchLimits {
    /// The polyomino (default Snaky).
    #[arg(long, value_parser = shape_arg, default_value = SNAKY_SHAPE)]
    shape: Shape,
    /// Expanded positions per unit (the root's pass child or one reply).
    #[arg(long, default_value_t = 10_000_000)]
    nodes: u64,
    /// Stop after this many seconds (nothing is proved about what is left).
    #[arg(long)]
    seconds: Option<u64>,
    /// Run shard K of N (units whose index is K-1 mod N); needs --state.
    /// For `board`, the shard's part sits beside the unsharded one; a run
    /// without --shard then reads every shard's units and certifies.
    #[arg(long, value_parser = shard_arg, value_name = "K/N")]
    shard: Option<Shard>,
    /// The part file: finished units are appended as they end, and read
    /// back when the run is started again (resume). For `board`, a
    /// directory (created, with its parents, when missing): one part file
    /// per bound and placement of the first move, a new one started with
    /// the found units of the highest lower bound's part.
    #[arg(long, value_name = "FILE")]
    state: Option<PathBuf>,
    /// Write the extended table here ("-" for stdout).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Maker's moves: the pivots of the table's cards, also of its inline
    /// nodes, or also every free cell of a live placement.
    #[arg(long, value_enum, default_value_t = MovesArg::Cards)]
    moves: MovesArg,
    /// Turn a found reply's child onto the replies a symmetry maps it to,
    /// instead of searching them: the symmetries that fix the first move
    /// (all eight on the grid; in a box, those that map it onto itself,
    /// all eight when N is odd and the first move is the centre).
    #[arg(long)]
    symmetric: bool,
    /// A unit's transposition table takes about this much memory at most
    /// (e.g. 512M, 2G; default a quarter of the machine's memory, at most
    /// 4G). A search that fills it drops the positions it has not met for
    /// longest and goes on.
    #[arg(long, value_parser = super::parse_memory, value_name = "SIZE")]
    memory: Option<usize>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum MovesArg {
    Cards,
    Nodes,
    All,
}

impl MovesArg {
    fn moves(self) -> Moves {
        match self {
            MovesArg::Cards => Moves::Cards,
            MovesArg::Nodes => Moves::Nodes,
            MovesArg::All => Moves::All,
        }
    }

    fn word(self) -> &'static str {
        match self {
            MovesArg::Cards => "cards",
            MovesArg::Nodes => "nodes",
            MovesArg::All => "all",
        }
    }
}

#[derive(Debug, Args)]
pub struct ImproveArgs {
    /// The certified card table to start from.
    table: PathBuf,
    /// The new final card's height: Maker's moves.
    #[arg(long)]
    bound: u32,
    #[command(flatten)]
    limits: SearchLimits,
}

#[derive(Debug, Args)]
pub struct BoardArgs {
    /// The board: every envelope must fit an N x N box (N: 1..=64; the
    /// searched boards are 14 to 17).
    #[arg(value_parser = clap::value_parser!(u32).range(1..=MAX_BOX))]
    n: u32,
    /// Take moves and leaves from this table's cards (default: none, the
    /// generator's own moves).
    #[arg(long)]
    table: Option<PathBuf>,
    /// Maker's moves (default: the table's final height; without a table,
    /// the bounds |P|..=30 are tried in turn).
    #[arg(long)]
    bound: Option<u32>,
    /// Only this placement of the first move in the box, "X,Y" with
    /// 0 <= X, Y < N (default: every placement up to the square's symmetries).
    #[arg(long, value_name = "X,Y", value_parser = first_arg)]
    first: Option<(i32, i32)>,
    #[command(flatten)]
    limits: SearchLimits,
}

/// The largest box of `snaky board`: each placement of the first move up to
/// symmetry (about N^2/8 of them) is a run, listed before any starts.
const MAX_BOX: i64 = 64;

fn first_arg(text: &str) -> Result<(i32, i32), String> {
    let parsed = text
        .split_once(',')
        .and_then(|(x, y)| Some((x.trim().parse().ok()?, y.trim().parse().ok()?)));
    parsed.ok_or_else(|| format!("{text:?}: expected X,Y (two whole numbers)"))
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The parts written by the shards (--state).
    #[arg(required = true)]
    parts: Vec<PathBuf>,
    /// The table the shards started from ("none": no table, `board`
    /// without --table).
    #[arg(long)]
    table: PathBuf,
    #[arg(long, value_parser = shape_arg, default_value = SNAKY_SHAPE)]
    shape: Shape,
    /// As the shards were run.
    #[arg(long, value_enum, default_value_t = MovesArg::Cards)]
    moves: MovesArg,
    /// Turn found children onto symmetric replies (as `improve --symmetric`).
    #[arg(long)]
    symmetric: bool,
    #[arg(short, long)]
    output: Option<PathBuf>,
}

/// The table a search starts from: its bytes (ending in a newline), the
/// library of its cards and the first new card number.
struct Start {
    text: String,
    library: Option<Library>,
    next_card: u32,
    final_height: Option<u32>,
}

fn start(table: Option<&Path>, shape: &Shape, moves: Moves) -> Result<Start, String> {
    let Some(path) = table else {
        return Ok(Start {
            text: String::new(),
            library: None,
            next_card: shape.len() as u32,
            final_height: None,
        });
    };
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let table = gamecert::snaky::parse::parse_table_for(&bytes, shape)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let evaluation = gamecert::snaky::evaluate::evaluate(&table)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut text = String::from_utf8_lossy(&bytes).into_owned();
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(Start {
        text,
        library: Some(Library::from_evaluation(&evaluation, moves)),
        next_card: evaluation.card_count() as u32,
        final_height: Some(evaluation.final_node().condition.height),
    })
}

/// The table a search starts from, or exit 2 with the reason printed.
fn checked_start(
    command: &str,
    table: Option<&Path>,
    limits: &SearchLimits,
) -> Result<Start, Outcome> {
    start(table, &limits.shape, limits.moves.moves()).map_err(|message| {
        errln!("gamecert {command}: {message}");
        Outcome::BadInput
    })
}

fn target(shape: &Shape) -> Target {
    let cells: Vec<(i32, i32)> = shape.cells().iter().map(|c| (c.x, c.y)).collect();
    Target::new(&cells)
}

pub fn improve(args: ImproveArgs) -> Outcome {
    let command = "snaky improve";
    if !(2..=gamecert::generate::MAX_BOUND).contains(&args.bound) {
        errln!(
            "gamecert {command}: --bound must be 2..={}",
            gamecert::generate::MAX_BOUND
        );
        return Outcome::BadInput;
    }
    let start = match checked_start(command, Some(&args.table), &args.limits) {
        Ok(start) => start,
        Err(outcome) => return outcome,
    };
    errln!(
        "{command}: {} library cards, new lines from card {}, bound {}",
        start.library.as_ref().map_or(0, Library::len),
        start.next_card,
        args.bound
    );
    let header = run_header(&start, args.bound, None, &args.limits);
    run(command, &start, &header, None, &args.limits, &[])
}

/// What every part of a run shares (the table hashed once per call).
fn run_header(start: &Start, bound: u32, fit: Option<u32>, limits: &SearchLimits) -> Header {
    Header {
        bound,
        fit,
        next_card: start.next_card,
        moves: limits.moves.word().to_string(),
        table: sha256_hex(start.text.as_bytes()),
    }
}

pub fn board(args: BoardArgs) -> Outcome {
    let command = "snaky board";
    let start = match checked_start(command, args.table.as_deref(), &args.limits) {
        Ok(start) => start,
        Err(outcome) => return outcome,
    };
    if args.n == 0 {
        errln!("gamecert {command}: N must be at least 1");
        return Outcome::BadInput;
    }
    let bounds: Vec<u32> = match (args.bound, start.final_height) {
        (Some(b), _) | (None, Some(b)) => vec![b],
        (None, None) => (args.limits.shape.len().max(2) as u32..=30).collect(),
    };
    if bounds
        .iter()
        .any(|b| !(2..=gamecert::generate::MAX_BOUND).contains(b))
    {
        errln!(
            "gamecert {command}: --bound must be 2..={}",
            gamecert::generate::MAX_BOUND
        );
        return Outcome::BadInput;
    }
    if args.limits.shard.is_some() && args.limits.state.is_none() {
        errln!("gamecert {command}: --shard needs --state DIR");
        return Outcome::BadInput;
    }
    if let Some(dir) = &args.limits.state {
        // `board`'s state is a directory of part files, created on demand.
        if let Err(e) = gamecert::cert::create_output_dir(dir) {
            errln!("gamecert {command}: {e}");
            return Outcome::BadInput;
        }
    }
    let n = args.n as i32;
    // Where Maker's first move (the origin) sits in the box: up to the
    // square's symmetries, in its lower left eighth.
    let half = (n - 1) / 2;
    let corners: Vec<(i32, i32)> = match args.first {
        Some((a, b)) if (0..n).contains(&a) && (0..n).contains(&b) => vec![(a, b)],
        Some((a, b)) => {
            errln!("gamecert {command}: --first {a},{b} is not a cell of the {n}x{n} box");
            return Outcome::BadInput;
        }
        None => (0..=half)
            .flat_map(|a| (a..=half).map(move |b| (a, b)))
            .collect(),
    };
    let any_bound = run_header(&start, 0, Some(args.n), &args.limits);
    for bound in bounds {
        let header = Header {
            bound,
            ..any_bound.clone()
        };
        for &(a, b) in &corners {
            let frame = ((-a, -b), (n - 1 - a, n - 1 - b));
            errln!(
                "{command}: {0}x{0} box with the first move at ({a},{b}), bound {bound}",
                args.n
            );
            let limits = box_limits(&args.limits, args.n, (a, b), bound);
            let stem = part_stem(args.n, (a, b), bound);
            let siblings = match &args.limits.state {
                Some(dir) => {
                    carry_lower_bounds(&dir.join(format!("{stem}.part")), &header);
                    match sibling_units(dir, &stem, limits.state.as_deref(), &header) {
                        Ok(units) => units,
                        Err(message) => {
                            errln!("gamecert {command}: {message}");
                            return Outcome::BadInput;
                        }
                    }
                }
                None => Vec::new(),
            };
            let outcome = run(command, &start, &header, Some(frame), &limits, &siblings);
            if outcome != Outcome::Refuted {
                return outcome;
            }
        }
    }
    outln!(
        "{command}: no table of the search's form fits the {0}x{0} box (this proves nothing about the game on the board)",
        args.n
    );
    Outcome::Refuted
}

/// The limits of one box run: with --state DIR, the part file of this
/// bound and placement of the first move (the part's header does not
/// record the placement, so each has its own file), and of the shard.
fn box_limits(limits: &SearchLimits, n: u32, first: (i32, i32), bound: u32) -> SearchLimits {
    let mut limits = limits.clone();
    let stem = part_stem(n, first, bound);
    let name = match limits.shard {
        Some(shard) if shard.n > 1 => format!("{stem}-shard-{}-of-{}.part", shard.k, shard.n),
        _ => format!("{stem}.part"),
    };
    limits.state = limits.state.map(|dir| dir.join(name));
    limits
}

/// The part files' common name for one box, placement and bound.
fn part_stem(n: u32, (a, b): (i32, i32), bound: u32) -> String {
    format!("box{n}-first-{a}-{b}-bound{bound}")
}

/// The units of the other part files of the same box, placement and bound
/// in `dir` (the unsharded part and every shard's but `own`): a shard turns
/// its replies by the children the others found, and the unsharded run
/// after the shards reads them all and searches only what is left.
fn sibling_units(
    dir: &Path,
    stem: &str,
    own: Option<&Path>,
    header: &Header,
) -> Result<Vec<Unit>, String> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let name = path.file_name()?.to_str()?;
            let rest = name.strip_prefix(stem)?.strip_suffix(".part")?;
            (rest.is_empty() || rest.starts_with("-shard-")).then_some(path)
        })
        .filter(|path| Some(path.as_path()) != own)
        .collect();
    paths.sort();
    let mut units = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let (found, part) = partial::read(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        if &found != header {
            return Err(format!(
                "{}: {}",
                path.display(),
                partial::PartialError::OtherRun
            ));
        }
        errln!("read {} units from {}", part.len(), path.display());
        units.extend(part);
    }
    Ok(units)
}

/// Start a new bound's part file (`part`, not yet written) with the found
/// units of the same placement's part at the highest lower bound that can
/// hand them on ([`partial::carried`]), so a run that raises the bound
/// searches only the units still open.
fn carry_lower_bounds(part: &Path, header: &Header) {
    if part.exists() {
        return;
    }
    let (Some(dir), Some(name)) = (part.parent(), part.file_name().and_then(|n| n.to_str())) else {
        return;
    };
    let Some(stem) = name.strip_suffix(&format!("{}.part", header.bound)) else {
        return;
    };
    let mut lower: Vec<(u32, PathBuf)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let name = path.file_name()?.to_str()?;
            let bound = name
                .strip_prefix(stem)?
                .strip_suffix(".part")?
                .parse()
                .ok()?;
            (bound < header.bound).then_some((bound, path))
        })
        .collect();
    lower.sort_unstable_by(|x, y| y.cmp(x));
    for (_, path) in lower {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Some(units) = partial::carried(&text, header) else {
            continue;
        };
        let mut out = header.text();
        units
            .iter()
            .for_each(|u| out.push_str(&partial::unit_text(u)));
        match gamecert::cert::write_output_file(part, out.as_bytes()) {
            Ok(()) => errln!(
                "carried {} found units from {} into {}",
                units.len(),
                path.display(),
                part.display()
            ),
            Err(e) => errln!("warning: cannot start {}: {e}", part.display()),
        }
        return;
    }
}

/// Search (this shard's units, or all), then merge and certify unless the
/// run is one shard of several.
fn run(
    command: &str,
    start: &Start,
    header: &Header,
    frame: Option<((i32, i32), (i32, i32))>,
    limits: &SearchLimits,
    siblings: &[Unit],
) -> Outcome {
    let (bound, fit) = (header.bound, header.fit);
    let shard = limits.shard.unwrap_or(Shard::WHOLE);
    if shard.n > 1 && limits.state.is_none() {
        errln!("gamecert {command}: --shard needs --state FILE");
        return Outcome::BadInput;
    }
    let done = match limits
        .state
        .as_deref()
        .map(|p| open_state(p, header))
        .transpose()
    {
        Ok(done) => done.unwrap_or_default(),
        Err(message) => {
            errln!("gamecert {command}: {message}");
            return Outcome::BadInput;
        }
    };
    let done = distinct_units(done.into_iter().chain(siblings.iter().cloned()).collect());
    let options = UnitOptions {
        bound,
        fit,
        frame,
        node_limit: limits.nodes,
        deadline: limits
            .seconds
            .map(|s| Instant::now() + Duration::from_secs(s)),
        next_card: start.next_card,
        symmetries: symmetries(limits.symmetric, frame),
        progress: true,
        memory: limits.memory,
    };
    let clock = Instant::now();
    let mut report = |unit: &Unit, replies: usize| {
        errln!(
            "  {} ({:.0} s in all)",
            unit_line(unit, replies),
            clock.elapsed().as_secs_f64()
        );
        if let Some(path) = &limits.state {
            append(path, &partial::unit_text(unit));
        }
    };
    let units = match run_shard(
        &target(&limits.shape),
        start.library.as_ref(),
        &options,
        shard,
        &done,
        &mut report,
        &mut |unit: &Unit, replies: usize| {
            errln!(
                "  {} (turned by a symmetry, not searched)",
                unit_line(unit, replies)
            );
        },
    ) {
        Ok(units) => units,
        Err(error) => {
            errln!("gamecert {command}: {error}");
            return Outcome::Refuted;
        }
    };
    let expanded: u64 = units.iter().map(|u| u.expanded).sum();
    outln!(
        "{command}: shard {}/{}: {} units, {expanded} positions expanded, {:.2} s",
        shard.k,
        shard.n,
        units.len(),
        clock.elapsed().as_secs_f64()
    );
    if shard.n > 1 {
        let all_done = units
            .iter()
            .all(|u| u.outcome != gamecert::generate::improve::UnitOutcome::Stopped);
        return Outcome::from_holds(all_done);
    }
    finish(
        command,
        start,
        header,
        &units,
        &options.symmetries,
        &limits.shape,
        limits.output.as_deref(),
    )
}

/// The symmetries children may be turned by: with `--symmetric`, those of
/// the box fixing the first move; otherwise the identity alone.
fn symmetries(symmetric: bool, frame: Option<((i32, i32), (i32, i32))>) -> Vec<Xform> {
    if symmetric {
        frame_symmetries(frame)
    } else {
        vec![Xform::IDENTITY]
    }
}

fn unit_line(unit: &Unit, replies: usize) -> String {
    let what = unit
        .reply
        .map_or("pass".to_string(), |(x, y)| format!("reply ({x},{y})"));
    let height = if unit.outcome == gamecert::generate::improve::UnitOutcome::Found {
        format!(", child height {}", unit.height)
    } else {
        String::new()
    };
    let index = if replies == 0 {
        unit.index.to_string()
    } else {
        format!("{}/{replies}", unit.index)
    };
    format!(
        "unit {index} {what}: {}{height} ({} positions expanded, {} stored, {:.2} s)",
        unit.outcome.word(),
        unit.expanded,
        unit.positions,
        unit.seconds
    )
}

/// Read the state file's units (checking it belongs to this run), or start
/// it with the header.
fn open_state(path: &Path, header: &Header) -> Result<Vec<Unit>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => {
            let (found, units) =
                partial::read(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            if &found != header {
                return Err(format!(
                    "{}: {}",
                    path.display(),
                    partial::PartialError::OtherRun
                ));
            }
            errln!(
                "resuming: {} units read from {}",
                units.len(),
                path.display()
            );
            Ok(units)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            gamecert::cert::write_output_file(path, header.text().as_bytes())
                .map_err(|e| e.to_string())?;
            Ok(Vec::new())
        }
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

fn append(path: &Path, text: &str) {
    let written = std::fs::OpenOptions::new()
        .append(true)
        .open(path)
        .and_then(|mut f| f.write_all(text.as_bytes()).and_then(|()| f.sync_data()));
    if let Err(e) = written {
        errln!("warning: cannot append to {}: {e}", path.display());
    }
}

pub fn merge_parts(args: MergeArgs) -> Outcome {
    let command = "snaky merge";
    let table = (args.table.as_os_str() != "none").then_some(args.table.as_path());
    let start = match start(table, &args.shape, args.moves.moves()) {
        Ok(start) => start,
        Err(message) => {
            errln!("gamecert {command}: {message}");
            return Outcome::BadInput;
        }
    };
    let mut header: Option<Header> = None;
    let mut units = Vec::new();
    for path in &args.parts {
        let read = std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|text| partial::read(&text).map_err(|e| e.to_string()));
        let (found, part) = match read {
            Ok(read) => read,
            Err(message) => {
                errln!("gamecert {command}: {}: {message}", path.display());
                return Outcome::BadInput;
            }
        };
        if header.as_ref().is_some_and(|h| *h != found)
            || found.moves != args.moves.word()
            || found.table != sha256_hex(start.text.as_bytes())
        {
            errln!(
                "gamecert {command}: {}: {}",
                path.display(),
                partial::PartialError::OtherRun
            );
            return Outcome::BadInput;
        }
        header = Some(found);
        units.extend(part);
    }
    let Some(header) = header else {
        return Outcome::BadInput;
    };
    let units = distinct_units(units);
    finish(
        command,
        &start,
        &header,
        &units,
        &symmetries(args.symmetric, None),
        &args.shape,
        args.output.as_deref(),
    )
}

/// One unit an index, in index order: a unit finished in two parts (a
/// shard run twice, or a unit both carried and searched) counts once, a
/// finished one before a stopped one.
fn distinct_units(mut units: Vec<Unit>) -> Vec<Unit> {
    units.sort_by_key(|u| {
        (
            u.index,
            u.outcome == gamecert::generate::improve::UnitOutcome::Stopped,
        )
    });
    units.dedup_by_key(|u| u.index);
    units
}

/// Merge the units; certify and write the extended table.
fn finish(
    command: &str,
    start: &Start,
    header: &Header,
    units: &[Unit],
    symmetries: &[Xform],
    shape: &Shape,
    output: Option<&Path>,
) -> Outcome {
    let merged = match merge(units, header.next_card, symmetries) {
        Ok(merged) => merged,
        Err(error) => {
            errln!("gamecert {command}: {error}");
            return Outcome::Refuted;
        }
    };
    let (lines, height, count) = match merged {
        Merged::Table {
            lines,
            height,
            count,
        } => (lines, height, count),
        Merged::Refuted { reply, index } => {
            let class = reply.map_or(
                "Breaker's pass (the reply class outside every envelope)".to_string(),
                |(x, y)| format!("Breaker's reply ({x},{y}) (unit {index})"),
            );
            outln!(
                "{command}: no table of the search's form within {} moves: after Maker's first move, {class} leaves no strategy of the form within {} moves",
                header.bound,
                header.bound - 1
            );
            return Outcome::Refuted;
        }
        Merged::Incomplete { missing } => {
            outln!("{command}: incomplete: units {missing:?} are missing or were stopped (nothing proved)");
            return Outcome::Refuted;
        }
    };
    let text = format!("{}{lines}", start.text);
    certify(command, &text, height, count, header.fit, shape, output)
}

fn certify(
    command: &str,
    text: &str,
    height: u32,
    count: usize,
    fit: Option<u32>,
    shape: &Shape,
    output: Option<&Path>,
) -> Outcome {
    let path = output.map_or("(improved)".to_string(), |p| p.display().to_string());
    let options = CheckOptions {
        bound: Some(height),
        board: fit,
        shape: shape.clone(),
        ..CheckOptions::default()
    };
    let checked = check_table_with(&path, text.as_bytes(), &options).map(|run| run.claim.holds());
    let search_options = SearchOptions {
        bound: Some(height),
        board: fit,
        shape: shape.clone(),
    };
    let searched =
        search_table_with(&path, text.as_bytes(), &search_options).map(|r| r.result.holds());
    let word = |r: &Result<bool, String>| match r {
        Ok(true) => "certified".to_string(),
        Ok(false) => "FAILS".to_string(),
        Err(e) => format!("cannot read it back ({e})"),
    };
    let checked = checked.map_err(|e| e.to_string());
    let searched = searched.map_err(|e| e.to_string());
    let board = fit.map_or(String::new(), |n| format!(" --board {n}"));
    outln!(
        "{command}: {count} new card lines, final card h = {height}; snaky check --bound {height}{board}: {}; snaky search --bound {height}{board}: {}",
        word(&checked),
        word(&searched)
    );
    let written = match output {
        Some(path) => super::write_now("snaky improve", path, text),
        None => Ok(()),
    };
    match written {
        Ok(()) => Outcome::from_holds(checked == Ok(true) && searched == Ok(true)),
        Err(outcome) => outcome,
    }
}
