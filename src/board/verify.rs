//! `gamecert verify` for boards: the committed certificates under
//! `certificates/boards/` are re-audited by the kernel, not re-solved
//! (some took minutes or hours to solve).

use crate::verify::{GameRun, VerifyError};
use std::path::Path;

pub const DIRECTORY: &str = "certificates/boards";

pub fn generate(root: &Path) -> Result<GameRun, VerifyError> {
    // `verify` audits every emitted file with the kernel before it counts
    // as regenerated, so reading the files is all this game does.
    let files = crate::verify::read_committed(root, DIRECTORY, "boards")?;
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
