use super::{CliError, CommandResult, Done};
use clap::Args;
use gamecert::audit::audit_file;
use gamecert::exit::Outcome;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

const COMMAND: &str = "audit";

#[derive(Debug, Args)]
pub struct AuditArgs {
    /// Certificates written by gamecert (any kind). Without any, every
    /// certificate under ROOT/certificates/ (sources/ excepted) is audited.
    certs: Vec<PathBuf>,
    /// The project root, when no certificate is named.
    #[arg(long, default_value = ".")]
    root: PathBuf,
}

pub fn run(args: AuditArgs) -> CommandResult {
    let certs = if args.certs.is_empty() {
        committed_certificates(&args.root).map_err(CliError::of(COMMAND))?
    } else {
        args.certs
    };
    let mut stdout = String::new();
    let mut holds = true;
    for cert in &certs {
        let report = audit_file(cert).map_err(CliError::of(COMMAND))?;
        for line in &report.checked {
            let _ = writeln!(stdout, "checked: {line}");
        }
        for failure in &report.failures {
            let _ = writeln!(stdout, "FAILED: {failure}");
        }
        let verdict = if report.holds() { "holds" } else { "fails" };
        let _ = writeln!(
            stdout,
            "audit {} certificate {}: {verdict} ({} failures)",
            report.kind,
            cert.display(),
            report.failures.len()
        );
        holds &= report.holds();
    }
    Ok(Done::new(stdout, Outcome::from_holds(holds)))
}

/// Every `.json` file under `root/certificates/`, recursively, except the
/// input tables and data under `certificates/sources/`, in sorted order; an
/// error names the folder it could not list.
fn committed_certificates(root: &Path) -> Result<Vec<PathBuf>, String> {
    // Relative to the working folder when the root is it, for short paths.
    let top = if root == Path::new(".") {
        PathBuf::from("certificates")
    } else {
        root.join("certificates")
    };
    let mut found = Vec::new();
    let mut folders = vec![top.clone()];
    while let Some(folder) = folders.pop() {
        // Absolute, so that a run outside the project root shows where it looked.
        let cannot = |error: std::io::Error| {
            let shown = std::path::absolute(&folder).unwrap_or_else(|_| folder.clone());
            format!("cannot read {}: {error}", shown.display())
        };
        for entry in std::fs::read_dir(&folder).map_err(cannot)? {
            let path = entry.map_err(cannot)?.path();
            if path.is_dir() {
                if path != top.join("sources") {
                    folders.push(path);
                }
            } else if path.extension().is_some_and(|ext| ext == "json")
                || gamecert_audit::is_gzip(&path)
            {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}
