//! The Snaky entry of `gamecert verify`.

use super::{
    certificate::certificate_json, check_table, CERTIFICATE_PATH, DEFAULT_BOUND, TABLE_PATH,
};
use crate::verify::{CertificateFile, GameRun, VerifyError};
use std::path::{Path, PathBuf};

pub fn generate(root: &Path) -> Result<GameRun, VerifyError> {
    let error = |message: String| VerifyError {
        game: "snaky",
        message,
    };
    let bytes = std::fs::read(root.join(TABLE_PATH))
        .map_err(|e| error(format!("cannot read {TABLE_PATH}: {e}")))?;
    let run = check_table(TABLE_PATH, &bytes, DEFAULT_BOUND)
        .map_err(|e| error(format!("{TABLE_PATH}: {e}")))?;
    let failed = run.checks.iter().filter(|c| !c.pass).count();
    let summary = format!(
        "{} within {} moves ({} nodes, {} reply classes, {} of {} checks pass)",
        if run.claim.holds() {
            "certified"
        } else {
            "REFUTED"
        },
        run.claim.bound,
        run.counts.nodes,
        run.counts.reply_classes,
        run.checks.len() - failed,
        run.checks.len()
    );
    Ok(GameRun {
        game: "snaky",
        summary,
        holds: run.claim.holds() && failed == 0,
        files: vec![CertificateFile {
            path: PathBuf::from(CERTIFICATE_PATH),
            contents: certificate_json(&run),
        }],
    })
}
