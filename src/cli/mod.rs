//! Argument parsing (clap) and dispatch. Each subcommand's module parses its
//! arguments, calls the library and prints; no checking logic lives here.

mod audit;
mod snaky;
mod tictactoe;
mod verify;

use clap::{Parser, Subcommand};
use gamecert::exit::Outcome;

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
    /// Re-check an emitted certificate from its JSON alone.
    Audit(audit::AuditArgs),
    /// Snaky in 21 Maker moves: check the paper's card table.
    Snaky(snaky::SnakyArgs),
    /// Regenerate every certificate under certificates/.
    Verify(verify::VerifyArgs),
    /// Solve tic-tac-toe (or the m,n,k-game), decide the article's claims, certify the value.
    Tictactoe(tictactoe::TictactoeArgs),
}

pub fn run(cli: Cli) -> Outcome {
    match cli.command {
        Command::Audit(args) => audit::run(args),
        Command::Snaky(args) => snaky::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Tictactoe(args) => tictactoe::run(args),
    }
}
