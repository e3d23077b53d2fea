//! The committed tic-tac-toe certificates: classic 3x3 and the larger
//! m,n,k boards the issue asks for, each solved, certified and audited.

use super::{certify, stderr_progress, Board};
use crate::cert::Verdict;
use crate::verify::{CertificateFile, GameRun, VerifyError};
use std::path::{Path, PathBuf};

/// (rows, cols, k) of every committed certificate; 3x3 first.
pub const BOARDS: [(u64, u64, u64); 4] = [(3, 3, 3), (3, 4, 3), (4, 4, 3), (4, 4, 4)];

/// `certificates/tictactoe.json` for 3x3, `certificates/tictactoe-RxCkK.json` otherwise.
pub fn certificate_path(rows: u64, cols: u64, k: u64) -> PathBuf {
    if (rows, cols, k) == (3, 3, 3) {
        PathBuf::from("certificates/tictactoe.json")
    } else {
        PathBuf::from(format!("certificates/tictactoe-{rows}x{cols}k{k}.json"))
    }
}

fn error(message: String) -> VerifyError {
    VerifyError {
        game: "tictactoe",
        message,
    }
}

/// Solves and certifies every board in [`BOARDS`] (verify audits them).
pub fn generate(_root: &Path) -> Result<GameRun, VerifyError> {
    let mut files = Vec::new();
    let mut summaries = Vec::new();
    for (rows, cols, k) in BOARDS {
        let board = Board::new(rows, cols, k).map_err(|e| error(e.to_string()))?;
        let name = board.name();
        let mut progress = stderr_progress(format!("tictactoe {name}"));
        let result = certify(board, &mut progress).map_err(|e| error(e.to_string()))?;
        let c = &result.certificate;
        let claims_held = c
            .claims
            .iter()
            .filter(|claim| claim.verdict == Verdict::Holds)
            .count();
        let mut summary = format!(
            "{name} value {} ({} positions, tables X {} / O {})",
            c.value,
            c.positions,
            c.strategies
                .x
                .as_ref()
                .map_or("none".into(), |t| t.size.to_string()),
            c.strategies
                .o
                .as_ref()
                .map_or("none".into(), |t| t.size.to_string()),
        );
        if !c.claims.is_empty() {
            summary.push_str(&format!(", {claims_held}/{} claims hold", c.claims.len()));
        }
        summaries.push(summary);
        files.push(CertificateFile {
            path: certificate_path(rows, cols, k),
            contents: result.json,
        });
    }
    Ok(GameRun {
        game: "tictactoe",
        summary: summaries.join("; "),
        files,
    })
}
