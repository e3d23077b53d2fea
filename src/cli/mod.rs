//! Argument parsing (clap) and dispatch. Each subcommand's module parses its
//! arguments, calls the library and prints; no checking logic lives here.

mod audit;
mod board;
mod chess1d;
mod snaky;
mod tictactoe;
mod verify;

use clap::{Parser, Subcommand};
use gamecert::exit::Outcome;
use std::path::Path;

/// Verify machine-checkable proofs about solved games.
///
/// Exit codes: 0 every claim holds, 1 a claim or certificate is refuted,
/// 2 bad input or usage.
#[derive(Debug, Parser)]
#[command(name = "gamecert", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Snaky in 21 Maker moves: check, search, play and draw the paper's card table.
    Snaky(snaky::SnakyArgs),
    /// Solve tic-tac-toe (or the m,n,k-game), decide the article's claims, certify the value.
    Tictactoe(tictactoe::TictactoeArgs),
    /// Solve Gardner's one-dimensional chess and decide the published claims.
    Chess1d(chess1d::Chess1dArgs),
    /// Finite-board achievement games: solve a shape on n x n, or Harary's board-number table.
    Board(board::BoardArgs),
    /// Re-check an emitted certificate (any kind) from its JSON alone.
    Audit(audit::AuditArgs),
    /// Regenerate every certificate under certificates/ (--check: compare only).
    Verify(verify::VerifyArgs),
}

pub fn run(cli: Cli) -> Outcome {
    match cli.command {
        Command::Snaky(args) => snaky::run(args),
        Command::Tictactoe(args) => tictactoe::run(args),
        Command::Chess1d(args) => chess1d::run(args),
        Command::Board(args) => board::run(args),
        Command::Audit(args) => audit::run(args),
        Command::Verify(args) => verify::run(args),
    }
}

/// Write a command's output file, or stdout for "-"; a failure is printed
/// and becomes exit 2.
pub fn write_output(command: &str, path: &Path, text: &str) -> Result<(), Outcome> {
    if path.as_os_str() == "-" {
        print!("{text}");
        return Ok(());
    }
    std::fs::write(path, text).map_err(|error| {
        eprintln!(
            "gamecert {command}: cannot write {}: {error}",
            path.display()
        );
        Outcome::BadInput
    })
}
