//! Tic-tac-toe and the m,n,k-game (`shared/GAMES.md`, issue 4).
//!
//! Rooms: `model` (bitboards, lines, symmetries, rules), `solve` (layered
//! enumeration by symmetry class, sequence counts, minimax, strategy
//! choice), `claims` (the article's six claims decided), `certificate` (the
//! emitted JSON), `audit` (the small independent re-check of that JSON),
//! `report` (the readable text) and `verify` (the committed certificates).

pub mod audit;
pub mod certificate;
pub mod claims;
pub mod model;
pub mod report;
pub mod solve;
pub mod verify;

pub use certificate::Certificate;
pub use model::{Board, BoardError, Player, Position};
pub use solve::{Progress, Solution};

use crate::audit::AuditReport;
use std::time::{Duration, Instant};

/// One board solved, certified and audited.
#[derive(Debug, Clone)]
pub struct Run {
    pub certificate: Certificate,
    /// The certificate as written to disk.
    pub json: String,
    /// The independent auditor's verdict on `json`.
    pub audit: AuditReport,
}

#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    Board(#[from] BoardError),
    #[error("cannot write the certificate as JSON: {0}")]
    Json(#[from] serde_json::Error),
}

impl Run {
    /// Every decided claim holds and the auditor accepts the certificate.
    pub fn holds(&self) -> bool {
        self.certificate.claims.iter().all(|claim| claim.holds) && self.audit.holds()
    }
}

/// Solves `board`, builds its certificate and audits the written JSON.
pub fn run(board: Board, progress: &mut dyn FnMut(Progress)) -> Result<Run, RunError> {
    let solution = Solution::solve(board, progress);
    let certificate = Certificate::build(&solution);
    let json = certificate.to_json()?;
    let value: serde_json::Value = serde_json::from_str(&json)?;
    let audit = audit::audit(&value);
    Ok(Run {
        certificate,
        json,
        audit,
    })
}

/// A progress callback that stays quiet for the first second, then writes
/// one line per layer to stderr, so only long searches show progress.
pub fn stderr_progress(name: String) -> impl FnMut(Progress) {
    let start = Instant::now();
    move |progress: Progress| {
        if start.elapsed() > Duration::from_secs(1) {
            eprintln!(
                "{name}: {} layer {}/{} ({} classes) at {:.1}s",
                progress.stage,
                progress.layer,
                progress.layers.saturating_sub(1),
                progress.classes,
                start.elapsed().as_secs_f64()
            );
        }
    }
}
