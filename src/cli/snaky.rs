use super::deferred::Deferred;
use super::{write_output, CliError, CommandResult, Done};
use clap::{Args, Subcommand, ValueEnum};
use gamecert::audit::audit_value;
use gamecert::cert::write_output_file_with;
use gamecert::exit::Outcome;
use gamecert::snaky::model::Shape;
use gamecert::snaky::play::{
    parse_replies, play_json, play_summary, play_table, BreakerKind, PlayOptions, PlayReport,
    MAX_GAMES,
};
use gamecert::snaky::search::{search_json, search_summary, search_table_with, SearchOptions};
use gamecert::snaky::svg_game::shape_game_svg;
use gamecert::snaky::{
    certificate::{bounded_certificate_json, write_bounded_certificate},
    check_table_with, diff, report, CheckOptions, DEFAULT_BOUND, TABLE_PATH,
};
use gamecert::snaky::{draw::card_svg, evaluate::evaluate, parse::parse_table_for};
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct SnakyArgs {
    #[command(subcommand)]
    command: SnakyCommand,
}

#[derive(Debug, Subcommand)]
enum SnakyCommand {
    /// Check a card table: recompute every card (Lemmas 3 and 4), check every
    /// Breaker reply class and the claim that Maker wins within the bound.
    ///
    /// Exit 0 when the table proves the claim, 1 when it parses but does not,
    /// 2 when it cannot be read or parsed.
    Check(Deferred<CheckArgs>),
    /// Rule-free search: play the table's strategy against every Breaker
    /// reply by the game's rules (no A sets, no Lemma 3 formula) and report
    /// the worst-case number of Maker moves and a line attaining it.
    ///
    /// Exit 0 when the worst case is within the bound, 1 when it is not or
    /// a line defeats the strategy, 2 when the table cannot be read or parsed.
    Search(Deferred<SearchArgs>),
    /// Play the table's strategy (the paper's Proposition 16) against a
    /// Breaker and report the moves, or a histogram over many games.
    ///
    /// Exit 0 when Maker wins every game within the bound, 1 otherwise,
    /// 2 on bad input.
    Play(Deferred<PlayArgs>),
    /// Draw a picture (SVG).
    Draw(Deferred<DrawArgs>),
    /// Compare two tables that share a prefix: the first differing line,
    /// the new cards, and how the final card's A, T, h and the worst-case
    /// line change.
    ///
    /// Exit 0 when both tables are read, 2 when one cannot be.
    Diff(Deferred<DiffArgs>),
    /// Search new cards that bring the final card's height down to --bound
    /// (moves: the pivots of every table card whose A Maker owns and whose
    /// T Breaker avoids; leaves: such cards with h <= the moves left), and
    /// write the extended table, certified by check and search.
    ///
    /// Exit 0 when a table was found and both certify it; 1 when none was
    /// found (the failing reply class is printed) or the search stopped; 2
    /// on bad input.
    Improve(Deferred<super::snaky_improve::ImproveArgs>),
    /// Search a table whose final card's envelope fits an N x N box (with
    /// --table, from its cards; otherwise the generator's own moves),
    /// certified by check and search with --board N. Finding none proves
    /// only that the search's form has none.
    Board(Deferred<super::snaky_improve::BoardArgs>),
    /// Merge the parts of a sharded improve or board run into one table and
    /// certify it.
    Merge(Deferred<super::snaky_improve::MergeArgs>),
}

/// `--shape "(0,0) (1,0) ..."`: the polyomino, 1..8 connected cells.
fn shape_arg(text: &str) -> Result<Shape, String> {
    Shape::parse(text).map_err(|e| e.to_string())
}

#[derive(Debug, Args)]
struct DiffArgs {
    /// The earlier table.
    old: PathBuf,
    /// The later table.
    new: PathBuf,
    /// The polyomino both tables are for (default Snaky).
    #[arg(long, value_parser = shape_arg, default_value = SNAKY_SHAPE)]
    shape: Shape,
}

/// Snaky's cells, as `--shape` reads them.
pub(super) const SNAKY_SHAPE: &str = "(0,0) (1,0) (2,0) (3,0) (3,1) (4,1)";

#[derive(Debug, Clone, Copy, ValueEnum)]
enum BreakerArg {
    /// Each reply leaves Maker the largest remaining height (ties: first
    /// envelope cell by (x, y), then the outside reply).
    Computer,
    /// Uniform over the free cells of the current placed envelope.
    Random,
    /// Next to Maker's last move when possible.
    Adjacent,
    /// Always outside the current placed envelope.
    Far,
}

/// How one game is played: shared by `play` and `draw game`.
#[derive(Debug, Args)]
struct GameArgs {
    /// The card table.
    #[arg(long, default_value = TABLE_PATH)]
    table: PathBuf,
    /// Breaker's policy (after any scripted replies).
    #[arg(long, value_enum, default_value_t = BreakerArg::Computer)]
    breaker: BreakerArg,
    /// Breaker's first replies, e.g. "7,8 8,6"; then --breaker takes over.
    #[arg(long, value_name = "CELLS", allow_hyphen_values = true)]
    replies: Option<String>,
    /// Seed of the random Breaker (game k of --games uses seed + k).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Restrict both players to the n x n board {0..n-1}^2 (the paper's
    /// Corollary 6 uses 17); the table is translated as its finite-board
    /// claim says, so the final card's envelope's smallest coordinates are 0.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(i32).range(1..=MAX_BOARD))]
    board: Option<i32>,
    /// The claimed number of Maker moves.
    #[arg(long, default_value_t = DEFAULT_BOUND)]
    bound: u32,
    /// The polyomino Maker builds (default Snaky).
    #[arg(long, value_parser = shape_arg, default_value = SNAKY_SHAPE)]
    shape: Shape,
}

/// The largest `--board` accepted.
const MAX_BOARD: i64 = 1 << 16;

#[derive(Debug, Args)]
struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Number of games (useful with the random Breaker), at most 10,000,000;
    /// progress on stderr every 100,000.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_GAMES)))]
    games: u32,
    /// Also write the report as JSON here ("-" for stdout).
    #[arg(long, value_name = "PATH")]
    json: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct DrawArgs {
    #[command(subcommand)]
    command: DrawCommand,
}

#[derive(Debug, Subcommand)]
enum DrawCommand {
    /// Draw card N like the paper's figures.
    ///
    /// Envelope shaded, required cells, pivot, and the completing cells of
    /// its base-card children. Exit 2 if N is not a card line of the table.
    Card(DrawCardArgs),
    /// A finished game: Maker's and Breaker's cells numbered by move, the
    /// current envelope, the completed Snaky and the 17x17 board outline.
    Game(DrawGameArgs),
}

#[derive(Debug, Args)]
struct DrawCardArgs {
    /// The card number (6..727 in the paper's table).
    card: u32,
    /// The card table.
    #[arg(long, default_value = TABLE_PATH)]
    table: PathBuf,
    /// The polyomino of the table's base cards (default Snaky).
    #[arg(long, value_parser = shape_arg, default_value = SNAKY_SHAPE)]
    shape: Shape,
    /// Write the SVG here instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct DrawGameArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Write the SVG here (default: stdout).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// The table a command reads and the claim it decides about it.
#[derive(Debug, Args)]
struct TableClaim {
    /// The card table.
    #[arg(default_value = TABLE_PATH)]
    table: PathBuf,
    /// The claimed number of Maker moves (default: the card's computed height).
    #[arg(long)]
    bound: Option<u32>,
    /// The polyomino Maker builds: 1..8 connected cells in any frame; base
    /// card j is (P minus p_j, P, 1), and the table's first line is card |P|.
    #[arg(long, value_parser = shape_arg, default_value = SNAKY_SHAPE)]
    shape: Shape,
    /// Decide the finite-board claim on the N x N board (default: report
    /// the smallest N).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    board: Option<u32>,
}

#[derive(Debug, Args)]
struct SearchArgs {
    #[command(flatten)]
    claim: TableClaim,
    /// Also write the search result as JSON here ("-" for stdout).
    #[arg(long, value_name = "PATH")]
    json: Option<PathBuf>,
    /// With --json: the path (relative to the project root) of the `snaky`
    /// certificate of the same table, written by `snaky check --json`; the
    /// kernel takes the bound a search record certifies from it, so a record
    /// naming none is refused.
    #[arg(long, value_name = "PATH", requires = "json")]
    certificate: Option<String>,
}

#[derive(Debug, Args)]
struct CheckArgs {
    #[command(flatten)]
    claim: TableClaim,
    /// The card the claims are about (default: the last card).
    #[arg(long, value_name = "N")]
    card: Option<u32>,
    /// Decide only the conditional claim of a card with A != {} (what it
    /// proves if Maker owns A and Breaker owns nothing in T).
    #[arg(long)]
    conditional: bool,
    /// Also write the JSON certificate here ("-" for stdout).
    #[arg(long, value_name = "PATH")]
    json: Option<PathBuf>,
    /// With --json: run the trusted kernel on the certificate first and
    /// write it only if the kernel accepts it (about 70 ms on the paper's
    /// table; `gamecert audit FILE` does the same afterwards).
    #[arg(long, requires = "json")]
    audit: bool,
}

pub fn run(args: SnakyArgs) -> CommandResult {
    match args.command {
        SnakyCommand::Check(Deferred(args)) => check(args),
        SnakyCommand::Search(Deferred(args)) => search(args),
        SnakyCommand::Play(Deferred(args)) => play(args),
        SnakyCommand::Draw(Deferred(args)) => match args.command {
            DrawCommand::Card(args) => draw_card(args),
            DrawCommand::Game(args) => draw_game(args),
        },
        SnakyCommand::Diff(Deferred(args)) => diff_tables(args),
        SnakyCommand::Improve(Deferred(args)) => streamed(super::snaky_improve::improve(args)),
        SnakyCommand::Board(Deferred(args)) => streamed(super::snaky_improve::board(args)),
        SnakyCommand::Merge(Deferred(args)) => streamed(super::snaky_improve::merge_parts(args)),
    }
}

/// Read the table and run `work` on it (with the path to report); either
/// failure is bad input.
fn on_table<T, E: std::fmt::Display>(
    command: &'static str,
    table: &Path,
    work: impl FnOnce(&str, &[u8]) -> Result<T, E>,
) -> Result<T, CliError> {
    let path = table.display().to_string();
    let bytes = std::fs::read(table)
        .map_err(|error| CliError::new(command, format!("cannot read {path}: {error}")))?;
    work(&path, &bytes).map_err(|error| CliError::new(command, format!("{path}: {error}")))
}

/// Read the table and play as `args` say.
fn play_games(command: &'static str, args: &GameArgs, games: u32) -> Result<PlayReport, CliError> {
    let replies = parse_replies(args.replies.as_deref().unwrap_or(""))
        .map_err(|error| CliError::new(command, format!("--replies: {error}")))?;
    let options = PlayOptions {
        breaker: match args.breaker {
            BreakerArg::Computer => BreakerKind::Computer,
            BreakerArg::Random => BreakerKind::Random,
            BreakerArg::Adjacent => BreakerKind::Adjacent,
            BreakerArg::Far => BreakerKind::Far,
        },
        replies,
        seed: args.seed,
        games,
        board: args.board,
        bound: args.bound,
        shape: args.shape.clone(),
    };
    on_table(command, &args.table, |_, bytes| play_table(bytes, &options))
}

fn play(args: PlayArgs) -> CommandResult {
    let report = play_games("snaky play", &args.game, args.games)?;
    let mut stdout = play_summary(&report);
    if let Some(json_path) = &args.json {
        write_output("snaky play", json_path, &play_json(&report), &mut stdout)?;
    }
    Ok(Done::new(stdout, Outcome::from_holds(report.holds())))
}

fn draw_game(args: DrawGameArgs) -> CommandResult {
    let report = play_games("snaky draw game", &args.game, 1)?;
    let game = report
        .game
        .as_ref()
        .ok_or_else(|| CliError::new("snaky draw game", "no game was played"))?;
    let svg = shape_game_svg(game, report.breaker, report.board, &report.shape);
    let path = args.output.unwrap_or_else(|| PathBuf::from("-"));
    let mut stdout = String::new();
    write_output("snaky draw game", &path, &svg, &mut stdout)?;
    Ok(Done::new(stdout, Outcome::from_holds(report.holds())))
}

fn search(args: SearchArgs) -> CommandResult {
    let TableClaim {
        table,
        bound,
        shape,
        board,
    } = &args.claim;
    let options = SearchOptions {
        bound: *bound,
        board: *board,
        shape: shape.clone(),
    };
    let mut run = on_table("snaky search", table, |path, bytes| {
        search_table_with(path, bytes, &options)
    })?;
    run.certificate = args.certificate.clone();
    let mut stdout = search_summary(&run);
    if let Some(json_path) = &args.json {
        write_output("snaky search", json_path, &search_json(&run), &mut stdout)?;
    }
    Ok(Done::new(stdout, Outcome::from_holds(run.result.holds())))
}

fn check(args: CheckArgs) -> CommandResult {
    let TableClaim {
        table,
        bound,
        shape,
        board,
    } = &args.claim;
    let options = CheckOptions {
        bound: *bound,
        card: args.card,
        board: *board,
        conditional: args.conditional,
        shape: shape.clone(),
    };
    let run = on_table("snaky check", table, |path, bytes| {
        check_table_with(path, bytes, &options)
    })?;
    let mut stdout = report::summary(&run);
    let mut audited = true;
    if let Some(json_path) = &args.json {
        if !args.audit && json_path.as_os_str() != "-" {
            // Streamed straight into the file: nothing to audit first.
            write_output_file_with(json_path, |out| write_bounded_certificate(&run, out))
                .map_err(CliError::of("snaky check"))?;
        } else {
            let json = bounded_certificate_json(&run).map_err(CliError::of("snaky check"))?;
            if args.audit {
                audited = audit_before_writing(&json, &mut stdout)?;
            }
            if audited {
                write_output("snaky check", json_path, &json, &mut stdout)?;
            } else {
                stdout.push_str("the certificate fails its audit and was not written\n");
            }
        }
    }
    let holds = run.claim.holds() && audited;
    // The run holds thousands of cell sets; the process ends after this
    // command, and the OS reclaims them faster than dropping them.
    std::mem::forget(run);
    Ok(Done::new(stdout, Outcome::from_holds(holds)))
}

/// Run the trusted kernel on the certificate's JSON: whether it passes,
/// with each failure added to `stdout`.
fn audit_before_writing(json: &str, stdout: &mut String) -> Result<bool, CliError> {
    let value: serde_json::Value =
        serde_json::from_str(json).map_err(CliError::of("snaky check"))?;
    let audit = audit_value(&value).map_err(CliError::of("snaky check"))?;
    // About 10^5 small allocations, reclaimed with the process (see above).
    std::mem::forget(value);
    for failure in &audit.failures {
        stdout.push_str(&format!("AUDIT FAILED: {failure}\n"));
    }
    Ok(audit.holds())
}

fn draw_card(args: DrawCardArgs) -> CommandResult {
    let svg = on_table("snaky draw card", &args.table, |_, bytes| {
        parse_table_for(bytes, &args.shape)
            .map_err(|error| error.to_string())
            .and_then(|table| evaluate(&table).map_err(|error| error.to_string()))
            .and_then(|evaluation| card_svg(&evaluation, args.card).map_err(|e| e.to_string()))
    })?;
    let output = args.output.unwrap_or_else(|| PathBuf::from("-"));
    let mut stdout = String::new();
    write_output("snaky draw card", &output, &svg, &mut stdout)?;
    Ok(Done::new(stdout, Outcome::Holds))
}

fn diff_tables(args: DiffArgs) -> CommandResult {
    let read = |path: &Path| {
        std::fs::read(path).map_err(|error| {
            CliError::new(
                "snaky diff",
                format!("cannot read {}: {error}", path.display()),
            )
        })
    };
    let (old, new) = (read(&args.old)?, read(&args.new)?);
    let report = diff::diff_tables(&old, &new, &args.shape).map_err(CliError::of("snaky diff"))?;
    let summary = diff::diff_summary(
        &report,
        &args.old.display().to_string(),
        &args.new.display().to_string(),
    );
    Ok(Done::new(summary, Outcome::Holds))
}

/// A command that printed as it went: nothing left to print.
fn streamed(outcome: Outcome) -> CommandResult {
    Ok(Done::new(String::new(), outcome))
}
