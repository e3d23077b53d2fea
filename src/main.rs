//! The `gamecert` command line: a thin layer over the library.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    ExitCode::from(cli::run(args).code())
}
