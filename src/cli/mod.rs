//! Argument parsing (clap) and dispatch. Each subcommand's module parses its
//! arguments, calls the library and prints; no checking logic lives here.

mod audit;
mod chess1d;
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
    /// Solve Gardner's one-dimensional chess and decide the published claims.
    Chess1d(chess1d::Chess1dArgs),
    /// Regenerate every certificate under certificates/.
    Verify(verify::VerifyArgs),
}

pub fn run(cli: Cli) -> Outcome {
    match cli.command {
        Command::Audit(args) => audit::run(args),
        Command::Chess1d(args) => chess1d::run(args),
        Command::Verify(args) => verify::run(args),
    }
}
