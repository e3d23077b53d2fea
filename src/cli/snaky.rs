use clap::{Args, Subcommand};
use gamecert::exit::Outcome;
use gamecert::snaky::{
    certificate::certificate_json, check_table, report, DEFAULT_BOUND, TABLE_PATH,
};
use gamecert::snaky::{draw::card_svg, evaluate::evaluate, parse::parse_table};
use std::path::PathBuf;

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
    /// Draw pictures (SVG).
    Draw(DrawArgs),
}

#[derive(Debug, Args)]
struct CheckArgs {
    /// The card table.
    #[arg(default_value = TABLE_PATH)]
    table: PathBuf,
    /// The claimed number of Maker moves.
    #[arg(long, default_value_t = DEFAULT_BOUND)]
    bound: u32,
    /// Also write the JSON certificate here ("-" for stdout).
    #[arg(long, value_name = "PATH")]
    json: Option<PathBuf>,
}

pub fn run(args: SnakyArgs) -> Outcome {
    match args.command {
        SnakyCommand::Check(args) => check(args),
        SnakyCommand::Draw(DrawArgs {
            command: DrawCommand::Card(args),
        }) => draw_card(args),
    }
}

fn check(args: CheckArgs) -> Outcome {
    let path = args.table.display().to_string();
    let bytes = match std::fs::read(&args.table) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("gamecert snaky check: cannot read {path}: {error}");
            return Outcome::BadInput;
        }
    };
    let run = match check_table(&path, &bytes, args.bound) {
        Ok(run) => run,
        Err(error) => {
            eprintln!("gamecert snaky check: {path}: {error}");
            return Outcome::BadInput;
        }
    };
    print!("{}", report::summary(&run));
    if let Some(json_path) = &args.json {
        let json = certificate_json(&run);
        if json_path.as_os_str() == "-" {
            print!("{json}");
        } else if let Err(error) = std::fs::write(json_path, json) {
            eprintln!(
                "gamecert snaky check: cannot write {}: {error}",
                json_path.display()
            );
            return Outcome::BadInput;
        }
    }
    Outcome::from_holds(run.claim.holds())
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

fn draw_card(args: DrawCardArgs) -> Outcome {
    let path = args.table.display().to_string();
    let drawn = std::fs::read(&args.table)
        .map_err(|error| format!("cannot read {path}: {error}"))
        .and_then(|bytes| parse_table(&bytes).map_err(|error| format!("{path}: {error}")))
        .and_then(|table| evaluate(&table).map_err(|error| format!("{path}: {error}")))
        .and_then(|evaluation| card_svg(&evaluation, args.card).map_err(|e| e.to_string()));
    let written = drawn.and_then(|svg| match &args.output {
        None => {
            print!("{svg}");
            Ok(())
        }
        Some(file) => std::fs::write(file, svg)
            .map_err(|error| format!("cannot write {}: {error}", file.display())),
    });
    match written {
        Ok(()) => Outcome::Holds,
        Err(message) => {
            eprintln!("gamecert snaky draw card: {message}");
            Outcome::BadInput
        }
    }
}
