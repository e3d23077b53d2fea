use clap::Args;
use gamecert::board::table::{self, BoardNumber, TableJson};
use gamecert::board::{self, Certified, Game, Run, Shape, Value, Version};
use gamecert::exit::Outcome;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(Debug, Args)]
pub struct BoardArgs {
    /// A shape by name (e.g. L-pentomino, snaky) or by cells "(0,0) (1,0) ...";
    /// `table` for the eleven winners' board and move numbers; `merge`
    /// to join the part files of a sharded search; or `join` to index
    /// partial certificates that together answer every first move.
    target: String,
    /// Merge mode: the part files (`part-K-of-N.json`) to join; join
    /// mode: the partial certificates (paths from the project root).
    parts: Vec<PathBuf>,
    /// Side of the square board (SHAPE mode).
    #[arg(long)]
    size: Option<usize>,
    /// Rows of the board, when not square (SHAPE mode).
    #[arg(long)]
    height: Option<usize>,
    /// The strong game (both build; the first to complete wins) instead of Maker-Breaker.
    #[arg(long)]
    strong: bool,
    /// Write the certificate (SHAPE mode) or the table (table mode) as JSON ('-': stdout;
    /// a certificate's name ending in .json.gz is written compressed).
    #[arg(long)]
    json: Option<PathBuf>,
    /// Table mode: the largest board side tried for a board number.
    #[arg(long, default_value_t = 8)]
    max_side: usize,
    /// Table mode: also decide the weak Snaky game on these board sides.
    #[arg(long, value_delimiter = ',')]
    snaky: Vec<usize>,
    /// Table mode: which games to solve: weak, strong or both.
    #[arg(long, default_value = "both", value_parser = ["weak", "strong", "both"])]
    games: String,
    /// Table mode: write every certificate that backs a number into this
    /// directory (created, with its parents, when missing).
    #[arg(long)]
    certificates: Option<PathBuf>,
    /// Look for a pairing of the residual sets at every node with fewer
    /// stones than this (a Breaker win at once); 0: only the empty board.
    #[arg(long, default_value_t = 0)]
    pairing_plies: u32,
    /// Positions with fewer stones than this also ask the SAT solver
    /// (CaDiCaL) for a pairing leaf when the quick search finds none
    /// (default 0: the empty board only).
    #[arg(long)]
    sat_plies: Option<u32>,
    /// The prover's transposition table takes at most this much memory (e.g.
    /// 512M, 2G; default a quarter of the machine's memory, at most 4G). A
    /// search that fills it goes on with less table.
    #[arg(long, value_parser = super::parse_memory, value_name = "SIZE")]
    memory: Option<usize>,
    /// SHAPE mode: solve only shard K of N (`K/N`) of the units cut after
    /// the first two moves, into `--parts DIR/part-K-of-N.json` (resumes;
    /// with Breaker's claim, each first move is one search whose state is
    /// kept in `DIR/group-G.state.gz`).
    #[arg(long)]
    shard: Option<String>,
    /// Shard mode: the directory of the part files (created, with its
    /// parents, when missing).
    #[arg(long, default_value = "board-parts")]
    parts_dir: PathBuf,
    /// Shard mode: claim a first-player win within this many moves
    /// (without it, the claim is that the first player never wins).
    #[arg(long)]
    bound: Option<u32>,
    /// SHAPE mode: prove instead that the first player completes no copy
    /// within K of its moves, with the second player's delay table (a
    /// certified lower bound: the move number is at least K + 1).
    #[arg(long, value_name = "K")]
    within: Option<u32>,
    /// SHAPE mode: keep the search's state in FILE (read
    /// when it exists, saved every 10 minutes and when --seconds ends the
    /// search), so that the same command resumes a stopped search.
    #[arg(long, value_name = "FILE")]
    state: Option<PathBuf>,
    /// SHAPE mode: stop the search after S seconds
    /// (exit 1: nothing proved; with --state, or a shard's group, the state
    /// is saved).
    #[arg(long, value_name = "S")]
    seconds: Option<u64>,
    /// Merge mode: join the second player's settled first moves only, into
    /// a certificate of the claim `first-does-not-win-after` that names
    /// them (the open first moves are left out, and claimed of nothing).
    #[arg(long)]
    partial: bool,
}

/// Runs the command; its reports still print as they go (see `super::write_now`).
pub fn run(args: BoardArgs) -> super::CommandResult {
    Ok(super::Done::new(String::new(), run_printing(args)))
}

fn run_printing(args: BoardArgs) -> Outcome {
    if args.target == "table" {
        return run_table(&args);
    }
    if args.target == "merge" {
        return run_merge(&args);
    }
    if args.target == "join" {
        return run_join(&args);
    }
    if !args.parts.is_empty() || args.partial {
        return bad_input(
            "only `gamecert board merge` takes part files and --partial, and `join` certificates",
        );
    }
    let shape = match Shape::parse(&args.target) {
        Ok(shape) => shape,
        Err(error) => return bad_input(&error.to_string()),
    };
    let Some(size) = args.size else {
        return bad_input("--size N is required with a shape");
    };
    let game = match Game::polyomino(shape, size, args.height.unwrap_or(size)) {
        Ok(game) => game,
        Err(error) => return bad_input(&error.to_string()),
    };
    let version = if args.strong {
        Version::Strong
    } else {
        Version::Weak
    };
    if (args.state.is_some() || args.seconds.is_some()) && args.within.is_some() {
        return bad_input("--state and --seconds go with a SHAPE search, not --within");
    }
    if args.state.is_some() && args.shard.is_some() {
        return bad_input(
            "--state goes with a plain SHAPE search; a shard keeps its groups' states in --parts-dir",
        );
    }
    if args.seconds.is_some() && args.shard.is_some() && args.bound.is_some() {
        return bad_input("--seconds with --shard goes with Breaker's claim (no --bound)");
    }
    if let Some(shard) = &args.shard {
        return run_shard(&args, shard, &game, version);
    }
    if let Some(within) = args.within {
        return run_delay(&args, &game, version, within);
    }
    let label = format!("board {} {}", game.name(), version.word());
    let run = if args.state.is_some() || args.seconds.is_some() {
        let run = board::run_resumable(
            &game,
            version,
            &options(&args),
            args.state.as_deref(),
            args.seconds,
            &progress(label),
        );
        match run {
            Ok(run) => run,
            Err(interrupted) => return report_interrupted(&args, &game, interrupted),
        }
    } else {
        board::run_with(&game, version, &options(&args), &progress(label))
    };
    outln!("{}", describe(&run));
    if let (Some(path), Certified::Audited { json, .. }) = (&args.json, &run.certified) {
        if let Err(outcome) = write_table("board", path, json) {
            return outcome;
        }
    }
    Outcome::from_holds(run.certified.holds())
}

/// A resumable run that ended without a value: exit 1 when the budget ran
/// out (nothing is proved), 2 when the settings or the state do not fit.
fn report_interrupted(args: &BoardArgs, game: &Game, interrupted: board::Interrupted) -> Outcome {
    let (nodes, saved) = match interrupted {
        board::Interrupted::Unusable(reason) => return bad_input(&reason),
        board::Interrupted::Stopped { nodes, saved } => (nodes, saved),
    };
    let state = match (saved, &args.state) {
        (Some(Ok(count)), Some(path)) => format!(
            "; {count} records saved to {}: the same command resumes",
            path.display()
        ),
        (Some(Err(error)), _) => format!("; the state was NOT saved: {error}"),
        _ => String::new(),
    };
    outln!(
        "{}: stopped after {} s and {nodes} nodes, nothing proved{state}",
        game.name(),
        args.seconds.unwrap_or(0)
    );
    Outcome::Refuted
}

/// `--within K`: the delay certificate, or exit 1 when the first player
/// does win within K.
fn run_delay(args: &BoardArgs, game: &Game, version: Version, within: u32) -> Outcome {
    if !(1..=128).contains(&within) {
        return bad_input("--within takes a whole number of moves 1..=128");
    }
    let label = format!("board {} {} within {within}", game.name(), version.word());
    let heading = format!("{} ({} game)", game.name(), version.word());
    let Some(certified) = board::delay(game, version, within, &options(args), &progress(label))
    else {
        outln!("{heading}: refuted: the first player wins within {within} moves (solver)");
        return Outcome::Refuted;
    };
    let verdict = match &certified {
        Certified::Audited { audit, .. } if audit.holds() => "certified (kernel audit holds)",
        Certified::Audited { .. } | Certified::TooLarge { .. } if !certified.holds() => {
            "NOT certified: the kernel rejects the table"
        }
        Certified::TooLarge { .. } => "computed; the table is too large to commit",
        _ => "computed; the table was not built",
    };
    outln!("{heading}: the first player completes no copy within {within} moves: {verdict}");
    if let (Some(path), Certified::Audited { json, .. }) = (&args.json, &certified) {
        if let Err(outcome) = write_table("board", path, json) {
            return outcome;
        }
    }
    Outcome::from_holds(certified.holds())
}

/// Writes a certificate to `path`, compressed when it ends in `.json.gz`.
fn write_table(command: &'static str, path: &Path, json: &str) -> Result<(), Outcome> {
    if !gamecert_audit::is_gzip(path) {
        return super::write_now(command, path, json);
    }
    match gamecert::cert::write_output_file(path, &gamecert::cert::gzip::compress(json)) {
        Ok(()) => Ok(()),
        Err(error) => Err(bad_input(&error.to_string())),
    }
}

fn bad_input(message: &str) -> Outcome {
    errln!("gamecert board: {message}");
    Outcome::BadInput
}

/// Progress on stderr, quiet for the first second.
fn progress(label: String) -> impl Fn(&str) {
    let start = Instant::now();
    move |message: &str| {
        if start.elapsed().as_secs_f64() >= 1.0 {
            errln!("{label}: {message}");
        }
    }
}

fn describe(run: &Run) -> String {
    let value = match run.solution.value {
        Value::FirstWins { moves } => format!("the first player wins in {moves} moves"),
        Value::FirstDoesNotWin => match run.version {
            Version::Weak => "Breaker wins (Maker never completes a copy)".to_string(),
            Version::Strong => "a draw (the first player never completes a copy first)".to_string(),
        },
    };
    let certified = match &run.certified {
        Certified::Audited { audit, .. } if audit.holds() => "certificate audited".to_string(),
        Certified::Audited { audit, .. } | Certified::TooLarge { audit, .. } if !audit.holds() => {
            format!("CERTIFICATE REJECTED: {}", audit.messages().join("; "))
        }
        Certified::TooLarge { bytes, sha256, .. } => {
            format!("computed, not certified: certificate of {bytes} bytes (sha256 {sha256})")
        }
        Certified::NotBuilt { reason } => format!("computed, not certified: {reason}"),
        Certified::Audited { .. } => unreachable!("covered above"),
    };
    format!(
        "{} ({}): {value}; {} nodes, {:.2}s; {certified}",
        run.name,
        run.version.word(),
        run.solution.nodes,
        run.solution.seconds
    )
}

fn run_table(args: &BoardArgs) -> Outcome {
    let mut holds = true;
    // A certificate that cannot be written is exit 2, after the whole table.
    let mut written = true;
    let mut rows = Vec::new();
    for shape in table::winners() {
        let mut solve = |version: Version| {
            let number = table::board_number(
                &shape,
                version,
                args.max_side,
                &options(args),
                &progress(format!("board table {}", shape.name)),
            );
            print_number(&number);
            holds &= number.tried.iter().all(|(_, run)| run.certified.holds());
            if let Some(directory) = &args.certificates {
                written &= write_certificates(directory, &number);
            }
            table::number_json(&number)
        };
        let weak = (args.games != "strong").then(|| solve(Version::Weak));
        let strong = (args.games != "weak").then(|| solve(Version::Strong));
        rows.push(table::RowJson {
            name: shape.name.clone(),
            cells: shape.cells.iter().map(|&(x, y)| [x, y]).collect(),
            weak,
            reason: (args.games != "both")
                .then(|| format!("only the {} game was solved", args.games)),
            strong,
        });
    }
    let mut snaky = Vec::new();
    for &size in &args.snaky {
        let Ok(game) = Game::polyomino(table::snaky(), size, size) else {
            return bad_input(&format!("Snaky does not fit a {size}x{size} board"));
        };
        // Snaky is a Breaker win on the small boards: pairing leaves on.
        let mut options = options(args);
        if options.pairing_plies == 0 {
            options.pairing_plies = board::SNAKY_PAIRING_PLIES;
        }
        let run = snaky_run(&game, size, &options);
        outln!("{}", describe(&run));
        holds &= run.certified.holds();
        if let (Some(directory), Certified::Audited { json, .. }) =
            (&args.certificates, &run.certified)
        {
            let file = format!("{}.json", board::verify::file_stem(&run.name, run.version));
            written &= write_certificate(directory, &file, json);
        }
        snaky.push(table::snaky_json(size, &run));
    }
    if let Some(path) = &args.json {
        let json = match gamecert::cert::to_certificate_json(&TableJson { rows, snaky }, 3) {
            Ok(json) => json,
            Err(error) => return bad_input(&format!("cannot write the table: {error}")),
        };
        if let Err(outcome) = super::write_now("board table", path, &json) {
            return outcome;
        }
    }
    if !written {
        return Outcome::BadInput;
    }
    Outcome::from_holds(holds)
}

fn print_number(number: &BoardNumber) {
    for (_, run) in &number.tried {
        outln!("  {}", describe(run));
    }
    match (number.board_number, number.move_number) {
        (Some(n), Some(m)) => outln!(
            "{} {}: board number {n}, move number {m}{}",
            number.shape.name,
            number.version.word(),
            if number.certified() {
                " (both sides certified)"
            } else {
                " (not fully certified)"
            }
        ),
        _ => outln!(
            "{} {}: no first-player win up to the size limit",
            number.shape.name,
            number.version.word()
        ),
    }
}

/// Writes the two certificates that make the board number a theorem;
/// whether both were written.
fn write_certificates(directory: &Path, number: &BoardNumber) -> bool {
    let mut written = true;
    for run in [&number.win, &number.below].into_iter().flatten() {
        if let Certified::Audited { json, .. } = &run.certified {
            let file = format!("{}.json", board::verify::file_stem(&run.name, run.version));
            written &= write_certificate(directory, &file, json);
        }
    }
    written
}

/// One certificate into the `--certificates` directory, which the table
/// mode fills and so creates when missing; whether it was written.
fn write_certificate(directory: &Path, file: &str, json: &str) -> bool {
    let written = gamecert::cert::create_output_dir(directory)
        .and_then(|()| gamecert::cert::write_output_file(&directory.join(file), json.as_bytes()));
    match written {
        Ok(()) => true,
        Err(error) => {
            errln!("gamecert board: {error}");
            false
        }
    }
}

fn options(args: &BoardArgs) -> board::Options {
    board::Options {
        pairing_plies: args.pairing_plies,
        sat_plies: args.sat_plies,
        memory: args.memory,
        progress: true,
    }
}

/// `--shard K/N`: solves one shard's units into its part file.
fn run_shard(args: &BoardArgs, shard: &str, game: &Game, version: Version) -> Outcome {
    let k_n = match board::shard::parse_shard(shard) {
        Ok(k_n) => k_n,
        Err(error) => return bad_input(&error.to_string()),
    };
    let search = board::parts::Search {
        shape: args.target.clone(),
        width: game.graph.width,
        height: game.graph.height,
        version,
        claim: match args.bound {
            Some(bound) => board::shard::Claim::FirstWins { bound },
            None => board::shard::Claim::FirstDoesNotWin,
        },
    };
    let label = format!("board {} {} shard {shard}", game.name(), version.word());
    let started = Instant::now();
    let deadline = args
        .seconds
        .map(|seconds| started + Duration::from_secs(seconds));
    let reporter = progress(label);
    let options = options(args);
    match board::parts::run_shard(&search, k_n, &args.parts_dir, &options, deadline, &reporter) {
        Ok(part) => {
            let holds = part.results.iter().filter(|r| r.holds).count();
            outln!(
                "{} shard {shard}: {} units solved ({holds} support the claim), {:.1}s; part file {}",
                game.name(),
                part.results.len(),
                started.elapsed().as_secs_f64(),
                board::parts::part_path(&args.parts_dir, k_n.0, k_n.1).display()
            );
            Outcome::Holds
        }
        Err(board::parts::PartError::Stopped {
            group,
            groups,
            first_move,
            nodes,
            saved,
        }) => {
            outln!(
                "{} shard {shard}: stopped in group {group} of {groups} (the first move at {first_move}) after {nodes} nodes, {:.1}s; nothing proved of it ({saved}); the settled groups are in the part file",
                game.name(),
                started.elapsed().as_secs_f64()
            );
            Outcome::Refuted
        }
        Err(error) => bad_input(&error.to_string()),
    }
}

/// `merge PARTS... --json OUT`: joins the parts, audits, writes.
fn run_merge(args: &BoardArgs) -> Outcome {
    use board::shard::ShardError;
    match board::parts::merge_parts(
        &args.parts,
        args.partial,
        &progress("board merge".to_string()),
    ) {
        Ok((game, _, certified)) => {
            let (text, holds) = match &certified {
                Certified::Audited { audit, .. } | Certified::TooLarge { audit, .. }
                    if !audit.holds() =>
                {
                    (
                        format!("CERTIFICATE REJECTED: {}", audit.messages().join("; ")),
                        false,
                    )
                }
                Certified::Audited { .. } => ("certificate audited".to_string(), true),
                Certified::TooLarge { bytes, sha256, .. } => (
                    format!(
                        "computed, not certified: certificate of {bytes} bytes (sha256 {sha256})"
                    ),
                    true,
                ),
                Certified::NotBuilt { reason } => {
                    (format!("computed, not certified: {reason}"), true)
                }
            };
            outln!("{}: merged; {text}", game.name());
            if let (Some(path), Certified::Audited { json, .. }) = (&args.json, &certified) {
                if holds {
                    if let Err(outcome) = write_table("board merge", path, json) {
                        return outcome;
                    }
                }
            }
            Outcome::from_holds(holds)
        }
        Err(board::parts::PartError::Shard(ShardError::Refuted(message))) => {
            outln!("board merge: the claim is refuted: {message}");
            Outcome::from_holds(false)
        }
        Err(error) => bad_input(&error.to_string()),
    }
}

/// `join CERTS... --json OUT`: the index of partial certificates that
/// answer every first move between them, audited by the kernel (shards
/// read from the working directory, the project root) before it is written.
fn run_join(args: &BoardArgs) -> Outcome {
    if args.partial {
        return bad_input("--partial goes with `merge`; `join` takes partial certificates");
    }
    let Some(out) = &args.json else {
        return bad_input("`board join` needs --json OUT");
    };
    let text = match board::join::index(&args.parts) {
        Ok(text) => text,
        Err(error) => return bad_input(&error.to_string()),
    };
    let file = gamecert::verify::CertificateFile {
        path: out.clone(),
        contents: text,
    };
    match gamecert::verify::audit(&file) {
        Ok(report) if report.holds() => {
            outln!(
                "board join: certificate audited; {}",
                report.checked.join("; ")
            );
            match super::write_now("board join", out, &file.contents) {
                Ok(()) => Outcome::Holds,
                Err(outcome) => outcome,
            }
        }
        Ok(report) => {
            outln!(
                "board join: CERTIFICATE REJECTED: {}",
                report.messages().join("; ")
            );
            Outcome::from_holds(false)
        }
        Err(error) => bad_input(&error),
    }
}

/// Snaky on `size x size`: Breaker's claim by the sharded search in this
/// process (a reply that loses cannot hold up a good one; docs/boards.md);
/// when a first move refutes it, the plain solver finds the Maker win.
fn snaky_run(game: &Game, size: usize, options: &board::Options) -> Run {
    let label = format!("board table snaky {size}x{size}");
    let search = board::parts::Search {
        shape: table::snaky().name,
        width: size,
        height: size,
        version: Version::Weak,
        claim: board::shard::Claim::FirstDoesNotWin,
    };
    match board::parts::solve_whole(&search, options, &progress(label.clone())) {
        Ok(run) => run,
        Err(error) => {
            errln!("{label}: Breaker's claim not proved ({error}); solving the game");
            board::run_with(game, Version::Weak, options, &progress(label))
        }
    }
}
