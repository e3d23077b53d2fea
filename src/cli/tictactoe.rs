use super::{write_output, CliError, CommandResult, Done};
use clap::Args;
use gamecert::exit::Outcome;
use gamecert::tictactoe::{self, report, stderr_progress, Board};
use std::path::PathBuf;

const COMMAND: &str = "tictactoe";

#[derive(Debug, Args)]
pub struct TictactoeArgs {
    /// Rows of the board (M).
    #[arg(long, default_value_t = 3)]
    rows: u64,
    /// Columns of the board (N).
    #[arg(long, default_value_t = 3)]
    cols: u64,
    /// Marks in a row that win (K).
    #[arg(long, default_value_t = 3)]
    k: u64,
    /// Also write the certificate to this file.
    #[arg(long)]
    json: Option<PathBuf>,
}

pub fn run(args: TictactoeArgs) -> CommandResult {
    let board = Board::new(args.rows, args.cols, args.k).map_err(CliError::of(COMMAND))?;
    let mut progress = stderr_progress(format!("tictactoe {}", board.name()));
    let run = tictactoe::run(board, &mut progress).map_err(CliError::of(COMMAND))?;
    let mut stdout = report::render(&run);
    // Only a certificate the kernel accepts is written.
    if let (Some(path), true) = (&args.json, run.audit.holds()) {
        write_output(COMMAND, path, &run.json, &mut stdout)?;
        if path.as_os_str() != "-" {
            stdout.push_str(&format!("wrote {}\n", path.display()));
        }
    }
    Ok(Done::new(stdout, Outcome::from_holds(run.holds())))
}
