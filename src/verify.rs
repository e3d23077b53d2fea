//! `gamecert verify`: regenerate every committed certificate under
//! `certificates/`, or (with `--check`) compare them byte for byte.
//!
//! Each game contributes one generator to [`generators`]; a generator reads
//! its sources relative to the project root and returns the files it emits.

use std::path::{Path, PathBuf};

/// One emitted certificate file, with its path relative to the project root.
#[derive(Debug, Clone)]
pub struct CertificateFile {
    pub path: PathBuf,
    pub contents: String,
}

/// What one game's generator produced.
#[derive(Debug, Clone)]
pub struct GameRun {
    pub game: &'static str,
    /// One line for `gamecert verify` to print.
    pub summary: String,
    /// Whether every check of the run holds.
    pub holds: bool,
    pub files: Vec<CertificateFile>,
}

#[derive(Debug, thiserror::Error)]
#[error("{game}: {message}")]
pub struct VerifyError {
    pub game: &'static str,
    pub message: String,
}

pub type Generator = fn(&Path) -> Result<GameRun, VerifyError>;

/// Every game's generator, in the order `verify` runs and reports them.
pub fn generators() -> Vec<Generator> {
    vec![
        crate::snaky::verify::generate,
        crate::tictactoe::verify::generate,
        crate::chess1d::verify::generate,
        crate::board::verify::generate,
    ]
}

/// How a committed file compares with the regenerated one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileStatus {
    Unchanged,
    Changed,
    Missing,
}

pub fn compare(root: &Path, file: &CertificateFile) -> FileStatus {
    match std::fs::read(root.join(&file.path)) {
        Ok(committed) if committed == file.contents.as_bytes() => FileStatus::Unchanged,
        Ok(_) => FileStatus::Changed,
        Err(_) => FileStatus::Missing,
    }
}

pub fn write(root: &Path, file: &CertificateFile) -> std::io::Result<()> {
    let path = root.join(&file.path);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(path, &file.contents)
}
