//! The `gamecert` command line: a thin layer over the library.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    restore_default_sigpipe();
    let args = cli::Cli::parse();
    ExitCode::from(cli::run(args).code())
}

/// Rust ignores SIGPIPE, so `gamecert ... | head` would make `println!`
/// panic once the reader goes away. Like other Unix filters, gamecert
/// should simply stop.
fn restore_default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in main, before any thread exists; it only
    // resets one signal's disposition to the system default.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
