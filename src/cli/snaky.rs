use super::{write_output, CliError, CommandResult, Done};
use clap::{Args, Subcommand, ValueEnum};
use gamecert::audit::audit_value;
use gamecert::exit::Outcome;
use gamecert::snaky::play::{
    parse_replies, play_json, play_summary, play_table, BreakerKind, PlayOptions, PlayReport,
};
use gamecert::snaky::search::{search_json, search_summary, search_table};
use gamecert::snaky::svg_game::game_svg;
use gamecert::snaky::{
    certificate::certificate_json, check_table, report, DEFAULT_BOUND, TABLE_PATH,
};
use gamecert::snaky::{draw::card_svg, evaluate::evaluate, parse::parse_table};
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
    Check(CheckArgs),
    /// Rule-free search: play the table's strategy against every Breaker
    /// reply by the game's rules (no A sets, no Lemma 3 formula) and report
    /// the worst-case number of Maker moves and a line attaining it.
    ///
    /// Exit 0 when the worst case is within the bound, 1 when it is not or
    /// a line defeats the strategy, 2 when the table cannot be read or parsed.
    Search(SearchArgs),
    /// Play the table's strategy (the paper's Proposition 16) against a
    /// Breaker and report the moves, or a histogram over many games.
    ///
    /// Exit 0 when Maker wins every game within the bound, 1 otherwise,
    /// 2 on bad input.
    Play(PlayArgs),
    /// Draw a picture (SVG).
    Draw(DrawArgs),
}

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
    #[arg(long, value_name = "CELLS")]
    replies: Option<String>,
    /// Seed of the random Breaker (game k of --games uses seed + k).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Restrict both players to the n x n board {0..n-1}^2 (the paper's
    /// Corollary 6 uses 17).
    #[arg(long, value_name = "N")]
    board: Option<i32>,
    /// The claimed number of Maker moves.
    #[arg(long, default_value_t = DEFAULT_BOUND)]
    bound: u32,
}

#[derive(Debug, Args)]
struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Number of games (useful with the random Breaker).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
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
    /// The claimed number of Maker moves.
    #[arg(long, default_value_t = DEFAULT_BOUND)]
    bound: u32,
}

#[derive(Debug, Args)]
struct SearchArgs {
    #[command(flatten)]
    claim: TableClaim,
    /// Also write the search result as JSON here ("-" for stdout).
    #[arg(long, value_name = "PATH")]
    json: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct CheckArgs {
    #[command(flatten)]
    claim: TableClaim,
    /// Also write the JSON certificate here ("-" for stdout).
    #[arg(long, value_name = "PATH")]
    json: Option<PathBuf>,
}

pub fn run(args: SnakyArgs) -> CommandResult {
    match args.command {
        SnakyCommand::Check(args) => check(args),
        SnakyCommand::Search(args) => search(args),
        SnakyCommand::Play(args) => play(args),
        SnakyCommand::Draw(args) => match args.command {
            DrawCommand::Card(args) => draw_card(args),
            DrawCommand::Game(args) => draw_game(args),
        },
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
    let svg = game_svg(game, report.breaker, report.board);
    let path = args.output.unwrap_or_else(|| PathBuf::from("-"));
    let mut stdout = String::new();
    write_output("snaky draw game", &path, &svg, &mut stdout)?;
    Ok(Done::new(stdout, Outcome::from_holds(report.holds())))
}

fn search(args: SearchArgs) -> CommandResult {
    let TableClaim { table, bound } = &args.claim;
    let run = on_table("snaky search", table, |path, bytes| {
        search_table(path, bytes, *bound)
    })?;
    let mut stdout = search_summary(&run);
    if let Some(json_path) = &args.json {
        write_output("snaky search", json_path, &search_json(&run), &mut stdout)?;
    }
    Ok(Done::new(stdout, Outcome::from_holds(run.result.holds())))
}

fn check(args: CheckArgs) -> CommandResult {
    let TableClaim { table, bound } = &args.claim;
    let run = on_table("snaky check", table, |path, bytes| {
        check_table(path, bytes, *bound)
    })?;
    let mut stdout = report::summary(&run);
    let mut audited = true;
    if let Some(json_path) = &args.json {
        // Audit before writing. The Snaky kernel judges the claim itself, so
        // a refuted table's certificate fails it too; it is still written,
        // as the record of the refutation, and the run exits 1 either way.
        let json = certificate_json(&run);
        let value: serde_json::Value =
            serde_json::from_str(&json).map_err(CliError::of("snaky check"))?;
        let audit = audit_value(&value).map_err(CliError::of("snaky check"))?;
        audited = audit.holds();
        if run.claim.holds() {
            for failure in &audit.failures {
                stdout.push_str(&format!("AUDIT FAILED: {failure}\n"));
            }
        }
        if audited || !run.claim.holds() {
            write_output("snaky check", json_path, &json, &mut stdout)?;
        } else {
            stdout.push_str("the certificate fails its audit and was not written\n");
        }
    }
    Ok(Done::new(
        stdout,
        Outcome::from_holds(run.claim.holds() && audited),
    ))
}

fn draw_card(args: DrawCardArgs) -> CommandResult {
    let svg = on_table("snaky draw card", &args.table, |_, bytes| {
        parse_table(bytes)
            .map_err(|error| error.to_string())
            .and_then(|table| evaluate(&table).map_err(|error| error.to_string()))
            .and_then(|evaluation| card_svg(&evaluation, args.card).map_err(|e| e.to_string()))
    })?;
    let output = args.output.unwrap_or_else(|| PathBuf::from("-"));
    let mut stdout = String::new();
    write_output("snaky draw card", &output, &svg, &mut stdout)?;
    Ok(Done::new(stdout, Outcome::Holds))
}
