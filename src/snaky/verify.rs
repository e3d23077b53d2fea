//! The Snaky entry of `gamecert verify`.

use super::search::{search_json, search_table, SEARCH_CERTIFICATE_PATH};
use super::{
    certificate::certificate_json, check_table, CERTIFICATE_PATH, DEFAULT_BOUND, TABLE_PATH,
};
use crate::cert::check::failures;
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
    let failed = failures(&run.checks);
    // The rule-free search and the finite-board result go to a sibling
    // file, so the core certificate's format is unchanged.
    let search = search_table(TABLE_PATH, &bytes, DEFAULT_BOUND)
        .map_err(|e| error(format!("{TABLE_PATH}: {e}")))?;
    let searched = &search.result;
    let summary = format!(
        "{} within {} moves ({} nodes, {} reply classes, {} of {} checks pass); search: worst case {} over {} states, finite board {}",
        if run.claim.holds() {
            "certified"
        } else {
            "REFUTED"
        },
        run.claim.bound,
        run.counts.nodes,
        run.counts.reply_classes,
        run.checks.len() - failed,
        run.checks.len(),
        searched
            .worst_case_maker_moves
            .map_or("none (a line fails)".to_string(), |m| m.to_string()),
        searched.states,
        if searched.finite_board.holds {
            "holds"
        } else {
            "FAILS"
        }
    );
    Ok(GameRun {
        game: "snaky",
        summary,
        files: vec![
            CertificateFile {
                path: PathBuf::from(CERTIFICATE_PATH),
                contents: certificate_json(&run),
            },
            CertificateFile {
                path: PathBuf::from(SEARCH_CERTIFICATE_PATH),
                contents: search_json(&search),
            },
        ],
    })
}
