use clap::Args;
use gamecert::exit::Outcome;
use gamecert::tictactoe::{self, report, stderr_progress, Board};
use std::path::PathBuf;

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

pub fn run(args: TictactoeArgs) -> Outcome {
    let board = match Board::new(args.rows, args.cols, args.k) {
        Ok(board) => board,
        Err(error) => {
            eprintln!("gamecert tictactoe: {error}");
            return Outcome::BadInput;
        }
    };
    let mut progress = stderr_progress(format!("tictactoe {}", board.name()));
    let run = match tictactoe::run(board, &mut progress) {
        Ok(run) => run,
        Err(error) => {
            eprintln!("gamecert tictactoe: {error}");
            return Outcome::BadInput;
        }
    };
    print!("{}", report::render(&run));
    if let Some(path) = &args.json {
        if let Err(outcome) = super::write_output("tictactoe", path, &run.json) {
            return outcome;
        }
        if path.as_os_str() != "-" {
            println!("wrote {}", path.display());
        }
    }
    Outcome::from_holds(run.holds())
}
