//! Tic-tac-toe and the m,n,k-game (docs/rules.md).
//!
//! Rooms: `model` (bitboards, lines, symmetries, rules), `solve` (layered
//! enumeration by symmetry class, sequence counts, minimax, strategy
//! choice), `claims` (the article's six claims decided), `certificate` (the
//! emitted JSON), the kernel auditor (crates/gamecert-audit/src/tictactoe.rs),
//! `report` (the readable text) and `verify` (the committed certificates).

pub mod certificate;
pub mod claims;
pub mod model;
pub mod report;
pub mod solve;
pub mod verify;

pub use certificate::Certificate;
pub use model::{Board, BoardError, Player, Position};
pub use solve::{Progress, Solution};

use crate::audit::{AuditError, AuditReport};
use crate::cert::claim::any_refuted;
use std::io::Write as _;
use std::time::{Duration, Instant};

/// One board solved, certified and audited.
#[derive(Debug, Clone)]
pub struct Run {
    pub certificate: Certificate,
    /// The certificate as written to disk.
    pub json: String,
    /// The independent auditor's verdict on `json`.
    pub audit: AuditReport,
    /// How many real (not canonicalised) positions the X and O tables
    /// stand for, to show what canonicalisation saves.
    pub positions_without_symmetry: (Option<usize>, Option<usize>),
}

#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    Board(#[from] BoardError),
    #[error("cannot write the certificate as JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("the kernel cannot audit the certificate: {0}")]
    Audit(#[from] AuditError),
}

impl Run {
    /// No decided claim is refuted and the auditor accepts the certificate.
    pub fn holds(&self) -> bool {
        !any_refuted(&self.certificate.claims) && self.audit.holds()
    }
}

/// A board solved and certified, not yet audited.
pub struct Certified {
    pub certificate: Certificate,
    pub json: String,
    pub positions_without_symmetry: (Option<usize>, Option<usize>),
}

/// Solves `board`, builds its certificate and audits the written JSON with
/// the kernel.
pub fn run(board: Board, progress: &mut dyn FnMut(Progress)) -> Result<Run, RunError> {
    let certified = certify(board, progress)?;
    progress(Progress {
        stage: "auditing the certificate",
        layer: None,
        layers: 0,
        classes: 0,
    });
    let value: serde_json::Value = serde_json::from_str(&certified.json)?;
    let audit = crate::audit::audit_value(&value)?;
    Ok(Run {
        certificate: certified.certificate,
        json: certified.json,
        audit,
        positions_without_symmetry: certified.positions_without_symmetry,
    })
}

/// Solves `board` and builds its certificate (`gamecert verify` audits it
/// with the other games' certificates before writing).
pub fn certify(board: Board, progress: &mut dyn FnMut(Progress)) -> Result<Certified, RunError> {
    let solution = Solution::solve(board, progress);
    let stage = |stage| Progress {
        stage,
        layer: None,
        layers: solution.layers.len().saturating_sub(1),
        classes: 0,
    };
    progress(stage("choosing the strategy tables"));
    let (x, o) = solution.strategies();
    let certificate = Certificate::build(&solution, x.as_ref(), o.as_ref());
    let positions_without_symmetry = (
        x.as_ref().map(|s| solution.positions_without_symmetry(s)),
        o.as_ref().map(|s| solution.positions_without_symmetry(s)),
    );
    let json = certificate.to_json()?;
    Ok(Certified {
        certificate,
        json,
        positions_without_symmetry,
    })
}

/// A progress callback that stays quiet for the first second, then writes
/// to stderr when a stage starts and at most once a second within a stage,
/// so only long searches show progress.
pub fn stderr_progress(name: String) -> impl FnMut(Progress) {
    let start = Instant::now();
    let mut last: Option<(Instant, &'static str)> = None;
    move |progress: Progress| {
        let same_stage_recently = last.is_some_and(|(at, stage)| {
            stage == progress.stage && at.elapsed() < Duration::from_secs(1)
        });
        if start.elapsed() < Duration::from_secs(1) || same_stage_recently {
            return;
        }
        last = Some((Instant::now(), progress.stage));
        let seconds = start.elapsed().as_secs_f64();
        let line = match progress.layer {
            Some(layer) => format!(
                "{name}: {} (layer {layer} of {}, {} classes) at {seconds:.1}s",
                progress.stage, progress.layers, progress.classes
            ),
            None => format!("{name}: {} at {seconds:.1}s", progress.stage),
        };
        // Progress is a courtesy: a stderr that cannot be written is ignored.
        let _ = writeln!(std::io::stderr(), "{line}");
    }
}
