//! The `gamecert` command line: a thin layer over the library.
//!
//! SIGPIPE stays ignored (Rust's default), so a reader that goes away
//! (`gamecert ... | head -1`) is a write error like any other: one line on
//! stderr and exit 2 (see `cli::print_now`), never a silent death by signal.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    ExitCode::from(cli::run(args).code())
}
