use clap::Args;
use gamecert::audit::audit_file;
use gamecert::exit::Outcome;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct AuditArgs {
    /// A certificate written by gamecert (any kind).
    cert: PathBuf,
}

pub fn run(args: AuditArgs) -> Outcome {
    match audit_file(&args.cert) {
        Ok(report) => {
            for line in &report.checked {
                println!("checked: {line}");
            }
            for failure in &report.failures {
                println!("FAILED: {failure}");
            }
            let verdict = if report.holds() { "holds" } else { "fails" };
            println!(
                "audit {} certificate {}: {verdict} ({} failures)",
                report.kind,
                args.cert.display(),
                report.failures.len()
            );
            Outcome::from_holds(report.holds())
        }
        Err(error) => {
            eprintln!("gamecert audit: {error}");
            Outcome::BadInput
        }
    }
}
