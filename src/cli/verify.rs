use super::{warn, CliError, CommandResult, Done};
use clap::Args;
use gamecert::exit::Outcome;
use gamecert::verify::{compare, generate_and_audit_all, write, FileStatus};
use std::fmt::Write as _;
use std::path::PathBuf;

const COMMAND: &str = "verify";

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Regenerate in memory and fail (exit 1) if a committed certificate differs.
    #[arg(long)]
    check: bool,
    /// The project root holding certificates/.
    #[arg(long, default_value = ".")]
    root: PathBuf,
}

/// Exit 0 when every certificate was regenerated and passes its audit,
/// whatever the verdicts inside (they are recorded in the files); 1 when an
/// audit fails or, with --check, a committed file differs; 2 when a source
/// cannot be read or a file cannot be written.
pub fn run(args: VerifyArgs) -> CommandResult {
    let root = std::path::absolute(&args.root).unwrap_or(args.root.clone());
    if !root.join("certificates").is_dir() {
        return Err(CliError::new(
            COMMAND,
            format!("{} has no certificates/ folder", root.display()),
        ));
    }
    let mut stdout = String::new();
    let mut outcome = Outcome::Holds;
    for audited in generate_and_audit_all(&root) {
        let audited = audited.map_err(CliError::of(COMMAND))?;
        let run = &audited.run;
        // Timings go to stderr: stdout stays deterministic.
        warn(&format!(
            "verify: {} generated in {:.2} s, audited in {:.2} s",
            run.game,
            audited.generate_time.as_secs_f64(),
            audited.audit_time.as_secs_f64()
        ));
        let _ = writeln!(stdout, "{}: {}", run.game, run.summary);
        for (file, report) in run.files.iter().zip(audited.audits) {
            let report = report.map_err(CliError::of(COMMAND))?;
            if !report.holds() {
                for failure in &report.failures {
                    let _ = writeln!(
                        stdout,
                        "  FAILED audit of {}: {failure}",
                        file.path.display()
                    );
                }
                outcome = Outcome::Refuted;
                continue;
            }
            let status = compare(&root, file);
            if args.check {
                if status != FileStatus::Unchanged {
                    let what = if status == FileStatus::Missing {
                        "missing"
                    } else {
                        "differs from the regenerated certificate"
                    };
                    warn(&format!(
                        "gamecert verify --check: {} {what}",
                        file.path.display()
                    ));
                    outcome = Outcome::Refuted;
                }
            } else if status != FileStatus::Unchanged {
                write(&root, file).map_err(CliError::of(COMMAND))?;
                let _ = writeln!(stdout, "  wrote {}", file.path.display());
            }
        }
    }
    Ok(Done::new(stdout, outcome))
}
