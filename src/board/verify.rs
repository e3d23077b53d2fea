//! `gamecert verify` for boards: the committed certificates under
//! `certificates/boards/` are re-audited by the kernel, not re-solved
//! (some took minutes or hours to solve).

use crate::verify::{CertificateFile, GameRun, VerifyError};
use std::path::{Path, PathBuf};

pub const DIRECTORY: &str = "certificates/boards";

pub fn generate(root: &Path) -> Result<GameRun, VerifyError> {
    let error = |message: String| VerifyError {
        game: "boards",
        message,
    };
    let directory = root.join(DIRECTORY);
    let mut paths: Vec<PathBuf> = match std::fs::read_dir(&directory) {
        Ok(entries) => entries
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|path| path.extension().is_some_and(|e| e == "json"))
            .collect(),
        Err(_) => Vec::new(),
    };
    paths.sort();
    // `verify` audits every emitted file with the kernel before it counts
    // as regenerated, so reading the files is all this game does.
    let mut files = Vec::new();
    for path in &paths {
        let contents = std::fs::read_to_string(path)
            .map_err(|e| error(format!("cannot read {}: {e}", path.display())))?;
        let relative = path.strip_prefix(root).unwrap_or(path).to_path_buf();
        files.push(CertificateFile {
            path: relative,
            contents,
        });
    }
    let summary = format!(
        "{} board certificates read, each re-audited by the kernel (not re-solved)",
        files.len()
    );
    Ok(GameRun {
        game: "boards",
        summary,
        files,
    })
}

/// The file name (without `.json`) of a board certificate: the game's name
/// in lower case with spaces as dashes, then the version.
pub fn file_stem(name: &str, version: super::Version) -> String {
    let base: String = name
        .to_lowercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    format!("{base}-{}", version.word())
}
