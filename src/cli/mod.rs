//! Argument parsing (clap) and dispatch. Each subcommand's module parses its
//! arguments, calls the library and returns what to print with its outcome;
//! printing, and the exit rule for failures to print, live here alone.

/// `print!` for commands whose reports print as they go: a failed write
/// never panics; it is remembered and makes the command exit 2.
macro_rules! out {
    ($($arg:tt)*) => { $crate::cli::print_now(&format!($($arg)*)) };
}

/// `eprintln!` that never panics (see [`warn`]).
macro_rules! errln {
    ($($arg:tt)*) => { $crate::cli::warn(&format!($($arg)*)) };
}

/// `println!` counterpart of [`out!`].
macro_rules! outln {
    ($($arg:tt)*) => { $crate::cli::print_now(&format!("{}\n", format!($($arg)*))) };
}

mod animals;
mod animals_grid;
mod animals_prove;
mod audit;
mod board;
mod chess1d;
mod deferred;
mod site;
mod snaky;
mod snaky_improve;
mod tictactoe;
mod verify;

use clap::{Parser, Subcommand};
use deferred::Deferred;
use gamecert::exit::Outcome;
use std::io::Write;
use std::path::Path;

/// Verify machine-checkable proofs about solved games.
///
/// Exit codes: 0 every claim the command decides holds and every certificate
/// it emits passes its audit; 1 a claim is refuted or an audit fails (a
/// published claim found false is a correct result, and still exits 1);
/// 2 bad input or usage.
#[derive(Debug, Parser)]
#[command(name = "gamecert", version, about, long_about = None, after_help = AFTER_HELP)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Snaky in 21 Maker moves: check, search, play and draw the paper's card table.
    Snaky(Deferred<snaky::SnakyArgs>),
    /// Solve tic-tac-toe (or the m,n,k-game), decide the article's claims, certify the value.
    Tictactoe(Deferred<tictactoe::TictactoeArgs>),
    /// Solve Gardner's one-dimensional chess and decide the published claims.
    Chess1d(Deferred<chess1d::Chess1dArgs>),
    /// Finite-board achievement games: solve a shape on n x n, or Harary's board-number table.
    Board(Deferred<board::BoardArgs>),
    /// The animal atlas: list, draw and classify polyominoes (winners, losers by pairings).
    Animals(Deferred<animals::AnimalsArgs>),
    /// Re-check emitted certificates (any kind) from their JSON alone.
    Audit(Deferred<audit::AuditArgs>),
    /// Regenerate every certificate under certificates/ (--check: compare only).
    Verify(Deferred<verify::VerifyArgs>),
    /// Write a static site that plays from the committed certificates.
    Site(Deferred<site::SiteArgs>),
}

/// The exit codes and the output rule (`gamecert::cert::write`), for `--help`.
const AFTER_HELP: &str = "\
Exit codes: 0 every claim decided holds and every certificate emitted passes its audit; \
1 a claim is refuted or an audit fails; 2 bad input or usage, or a failed write.

Output paths (--json, -o, --output): \"-\" is standard output. A new path or a regular \
file is written to a temporary file in the same directory, then renamed over it (a reader \
never sees a torn file); a symbolic link is followed (a regular file it names is replaced, \
the link kept; a link to nothing is refused); a device or FIFO is written straight into; \
a directory is refused. A missing parent directory is an error and nothing is created; \
only the directories a command fills are created (site --out, verify's certificates/, \
board --certificates and --parts-dir, snaky board --state, animals search). A failed \
write of a file or of standard output, a closed pipe included (`| head`), is exit 2 with \
one line on stderr naming what could not be written.";

/// What a command produced: the text for standard output and its outcome.
#[derive(Debug)]
pub struct Done {
    pub stdout: String,
    pub outcome: Outcome,
}

impl Done {
    pub fn new(stdout: String, outcome: Outcome) -> Done {
        Done { stdout, outcome }
    }
}

/// Bad input or usage (exit 2): the command that failed and why.
#[derive(Debug)]
pub struct CliError {
    pub command: &'static str,
    pub message: String,
}

impl CliError {
    pub fn new(command: &'static str, message: impl std::fmt::Display) -> CliError {
        CliError {
            command,
            message: message.to_string(),
        }
    }

    /// A `map_err` adapter: `result.map_err(CliError::of("snaky check"))`.
    pub fn of<E: std::fmt::Display>(command: &'static str) -> impl Fn(E) -> CliError {
        move |error| CliError::new(command, error)
    }
}

pub type CommandResult = Result<Done, CliError>;

pub fn run(cli: Cli) -> Outcome {
    let result = match cli.command {
        Command::Snaky(Deferred(args)) => snaky::run(args),
        Command::Tictactoe(Deferred(args)) => tictactoe::run(args),
        Command::Chess1d(Deferred(args)) => chess1d::run(args),
        Command::Board(Deferred(args)) => board::run(args),
        Command::Animals(Deferred(args)) => animals::run(args),
        Command::Audit(Deferred(args)) => audit::run(args),
        Command::Verify(Deferred(args)) => verify::run(args),
        Command::Site(Deferred(args)) => site::run(args),
    };
    finish(result)
}

/// The first failed streamed write of stdout (`out!`, `outln!`), if any.
static STDOUT_FAILED: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Writes to stdout at once, never panicking. A closed pipe (the reader is
/// gone, as with `| head -1`) stops the command at once with exit 2: no one
/// reads what is left. Any other failure is remembered and makes the
/// command exit 2 once its files are written.
pub fn print_now(text: &str) {
    if let Err(error) = std::io::stdout().write_all(text.as_bytes()) {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            warn(&stdout_error(&error));
            std::process::exit(Outcome::BadInput.code().into());
        }
        let _ = STDOUT_FAILED.set(stdout_error(&error));
    }
}

fn stdout_error(error: &std::io::Error) -> String {
    format!("gamecert: cannot write standard output: {error}")
}

/// Prints a command's output; a failure to write it is exit 2, never a panic.
fn finish(result: CommandResult) -> Outcome {
    let outcome = print_result(result);
    if let Some(message) = STDOUT_FAILED.get() {
        warn(message);
        return Outcome::BadInput;
    }
    outcome
}

fn print_result(result: CommandResult) -> Outcome {
    match result {
        Ok(done) => {
            let mut stdout = std::io::stdout().lock();
            match stdout
                .write_all(done.stdout.as_bytes())
                .and_then(|()| stdout.flush())
            {
                Ok(()) => done.outcome,
                // A second line for the same failure would say nothing new.
                Err(_) if STDOUT_FAILED.get().is_some() => Outcome::BadInput,
                Err(error) => {
                    warn(&stdout_error(&error));
                    Outcome::BadInput
                }
            }
        }
        Err(CliError { command, message }) => {
            warn(&format!("gamecert {command}: {message}"));
            Outcome::BadInput
        }
    }
}

/// A line on stderr; if stderr itself cannot be written there is no one
/// left to tell, so the failure is ignored rather than panicking.
pub fn warn(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Writes a command's output file by the one output rule
/// (`gamecert::cert::write`), or appends the text to `stdout` for "-".
pub fn write_output(
    command: &'static str,
    path: &Path,
    text: &str,
    stdout: &mut String,
) -> Result<(), CliError> {
    if path.as_os_str() == "-" {
        stdout.push_str(text);
        return Ok(());
    }
    gamecert::cert::write_output_file(path, text.as_bytes()).map_err(CliError::of(command))
}

/// For commands whose reports still print as they go (animals, board):
/// writes an output file (or prints it for "-") at once; a failure is
/// reported and becomes exit 2.
pub fn write_now(command: &'static str, path: &Path, text: &str) -> Result<(), Outcome> {
    let mut stdout = String::new();
    match write_output(command, path, text, &mut stdout) {
        Ok(()) => {
            print_now(&stdout);
            Ok(())
        }
        Err(error) => {
            warn(&format!("gamecert {}: {}", error.command, error.message));
            Err(Outcome::BadInput)
        }
    }
}

/// A size in bytes: a whole number with an optional K, M or G (powers of 1024).
pub(crate) fn parse_memory(text: &str) -> Result<usize, String> {
    let (digits, unit) = match text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((at, _)) => text.split_at(at),
        None => (text, ""),
    };
    let shift = match unit {
        "" | "B" => 0,
        "K" | "KB" | "KiB" => 10,
        "M" | "MB" | "MiB" => 20,
        "G" | "GB" | "GiB" => 30,
        _ => return Err(format!("{text}: expected a size such as 512M or 2G")),
    };
    let value: usize = digits
        .parse()
        .map_err(|_| format!("{text}: expected a size such as 512M or 2G"))?;
    value
        .checked_mul(1 << shift)
        .filter(|&bytes| bytes >= 1 << 20)
        .ok_or_else(|| {
            format!("{text}: the table needs between 1M and the machine's address space")
        })
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    /// clap's own consistency checks over the whole tree, the deferred
    /// subcommands' arguments included (building runs them).
    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    /// A deferred subcommand gets its arguments and keeps its variant's
    /// about texts, not those of the struct its arguments flatten.
    #[test]
    fn deferred_subcommands_keep_their_help() {
        let mut cli = Cli::command();
        cli.build();
        let check = (cli.find_subcommand("snaky"))
            .and_then(|snaky| snaky.find_subcommand("check"))
            .expect("snaky check exists");
        let about = check.get_about().map(ToString::to_string);
        let long_about = check.get_long_about().map(ToString::to_string);
        assert!(about.is_some_and(|text| text.starts_with("Check a card table")));
        assert!(long_about.is_some_and(|text| text.contains("Exit 0 when the table proves")));
        let names: Vec<&str> = check
            .get_arguments()
            .map(|arg| arg.get_id().as_str())
            .collect();
        for expected in ["table", "bound", "shape", "board", "json", "audit"] {
            assert!(
                names.contains(&expected),
                "{expected} missing from {names:?}"
            );
        }
    }
}
