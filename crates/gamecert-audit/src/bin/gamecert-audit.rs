//! `gamecert-audit CERT.json...`: the trusted kernel on its own, for an
//! auditor who wants to re-check certificates without building the producer.
//! Exit 0 when every certificate passes, 1 when one fails, 2 when one cannot
//! be read or has an unknown kind or format.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() || paths.iter().any(|p| p == "-h" || p == "--help") {
        let _ = writeln!(
            std::io::stderr(),
            "usage: gamecert-audit CERT.json...\n\
             Re-checks each certificate from its JSON alone.\n\
             Exit codes: 0 all pass, 1 an audit fails, 2 unreadable input or usage."
        );
        return ExitCode::from(2);
    }
    let mut code = 0u8;
    for path in &paths {
        code = code.max(audit_one(Path::new(path)));
    }
    ExitCode::from(code)
}

fn audit_one(path: &Path) -> u8 {
    let mut out = std::io::stdout().lock();
    match gamecert_audit::audit_file(path) {
        Ok(report) => {
            let verdict = if report.holds() { "holds" } else { "fails" };
            let written = report
                .failures
                .iter()
                .try_for_each(|failure| writeln!(out, "FAILED: {failure}"))
                .and_then(|()| {
                    writeln!(
                        out,
                        "audit {} certificate {}: {verdict} ({} failures)",
                        report.kind,
                        path.display(),
                        report.failures.len()
                    )
                });
            match written {
                Ok(()) if report.holds() => 0,
                Ok(()) => 1,
                Err(_) => 2,
            }
        }
        Err(error) => {
            let _ = writeln!(std::io::stderr(), "gamecert-audit: {error}");
            2
        }
    }
}
