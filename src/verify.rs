//! The contract every certified result implements, and `gamecert verify`:
//! regenerate every committed certificate under `certificates/`, audit each
//! with the kernel before it is written, or (with `--check`) compare them
//! byte for byte (a `.json.gz` file by its inflated text).
//!
//! Adding a game means one entry in [`GAMES`] (see docs/architecture.md).

use gamecert_audit::{audit_value_in, is_gzip, AuditReport, Files, Verdicts};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

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
    pub files: Vec<CertificateFile>,
}

#[derive(Debug, thiserror::Error)]
#[error("{game}: {message}")]
pub struct VerifyError {
    pub game: &'static str,
    pub message: String,
}

/// Reads a game's sources relative to the project root and returns the
/// certificates it emits. Claims refuted inside a certificate are results,
/// recorded in the file; only unreadable sources are errors.
pub type Generator = fn(&Path) -> Result<GameRun, VerifyError>;

/// A registered game: its name and its generator. Every certificate the
/// generator emits must carry a `kind` and `format` that the kernel
/// (`gamecert-audit`) audits.
pub struct Game {
    pub name: &'static str,
    pub generate: Generator,
}

/// Every game, in the order `verify` reports them.
pub const GAMES: &[Game] = &[
    Game {
        name: "snaky",
        generate: crate::snaky::verify::generate,
    },
    Game {
        name: "tictactoe",
        generate: crate::tictactoe::verify::generate,
    },
    Game {
        name: "chess1d",
        generate: crate::chess1d::verify::generate,
    },
    Game {
        name: "animals",
        generate: crate::animals::verify::generate,
    },
    Game {
        name: "boards",
        generate: crate::board::verify::generate,
    },
    Game {
        name: "grid",
        generate: crate::grid::verify::generate,
    },
];

/// Runs every game's generator, concurrently on the rayon pool, and returns
/// the runs in [`GAMES`] order.
/// The committed JSON files of one directory, in name order, for a game
/// whose certificates are re-audited rather than regenerated (a missing
/// directory is no files).
pub fn read_committed(
    root: &Path,
    directory: &str,
    game: &'static str,
) -> Result<Vec<CertificateFile>, VerifyError> {
    let mut paths: Vec<PathBuf> = match std::fs::read_dir(root.join(directory)) {
        Ok(entries) => entries
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|path| path.extension().is_some_and(|e| e == "json") || is_gzip(path))
            .collect(),
        Err(_) => Vec::new(),
    };
    paths.sort();
    let mut files = Vec::new();
    for path in &paths {
        let contents = read_text(path).map_err(|e| VerifyError {
            game,
            message: format!("cannot read {}: {e}", path.display()),
        })?;
        let relative = path.strip_prefix(root).unwrap_or(path).to_path_buf();
        files.push(CertificateFile {
            path: relative,
            contents,
        });
    }
    Ok(files)
}

/// A committed file's text: `.json.gz` files (board tables too large to
/// commit as plain JSON) are inflated, at most the kernel's limit.
pub fn read_text(path: &Path) -> std::io::Result<String> {
    let file = std::fs::File::open(path)?;
    if is_gzip(path) {
        gamecert_audit::read_inflated(file)
    } else {
        std::io::read_to_string(file)
    }
}

/// The bytes `file` is stored as: its text, compressed for `.json.gz`.
fn stored_bytes(file: &CertificateFile) -> Vec<u8> {
    if is_gzip(&file.path) {
        crate::cert::gzip::compress(&file.contents)
    } else {
        file.contents.as_bytes().to_vec()
    }
}

pub fn generate_all(root: &Path) -> Vec<Result<GameRun, VerifyError>> {
    GAMES.par_iter().map(|game| (game.generate)(root)).collect()
}

/// One game's run with the kernel's verdict on each of its files (in the
/// order of `run.files`) and how long each step took.
#[derive(Debug)]
pub struct AuditedRun {
    pub run: GameRun,
    pub audits: Vec<Result<AuditReport, String>>,
    pub generate_time: Duration,
    pub audit_time: Duration,
}

/// Like [`generate_all`], but each game's files are audited inside the same
/// rayon task, so one game's audit runs while other games still generate
/// (both cores stay busy); nothing is written. Files whose auditor reads
/// the files they cite (the atlas cites other games' tables) are audited
/// last, against every file of the run: a run that changes a cited file
/// (a new format, say) audits against the new bytes, not the old ones.
///
/// Each file is audited once: the kernel keeps its verdicts on the files
/// audited first ([`Verdicts`]), and the atlas takes the verdict on a cited
/// file of the same bytes from them instead of auditing it again.
pub fn generate_and_audit_all(root: &Path) -> Vec<Result<AuditedRun, VerifyError>> {
    let verdicts = Verdicts::new();
    let runs: Vec<Result<PartlyAudited, VerifyError>> = GAMES
        .par_iter()
        .map(|game| {
            let started = Instant::now();
            let run = (game.generate)(root)?;
            let generated = Instant::now();
            let audits = (run.files.par_iter())
                .map(|f| audit_unless_citing(f, &verdicts))
                .collect();
            Ok(PartlyAudited {
                run,
                audits,
                generate_time: generated - started,
                audit_time: generated.elapsed(),
            })
        })
        .collect();
    // The deferred files, against every file the run emitted.
    let started = Instant::now();
    let every_file = RunFiles::new(root, runs.iter().flatten().flat_map(|r| &r.run.files))
        .with_verdicts(&verdicts);
    let deferred: Vec<Vec<Result<AuditReport, String>>> = (runs.iter())
        .map(|run| match run {
            Ok(partly) => (partly.run.files.iter().zip(&partly.audits))
                .filter(|(_, audit)| audit.is_none())
                .map(|(file, _)| audit_in(file, &every_file))
                .collect(),
            Err(_) => Vec::new(),
        })
        .collect();
    let citing_time = started.elapsed();
    (runs.into_iter().zip(deferred))
        .map(|(run, deferred)| run.map(|partly| partly.finish(deferred, citing_time)))
        .collect()
}

/// A game's run whose files are audited but for those left to the end
/// (`None`: their auditor reads the files they cite).
struct PartlyAudited {
    run: GameRun,
    audits: Vec<Option<Result<AuditReport, String>>>,
    generate_time: Duration,
    audit_time: Duration,
}

impl PartlyAudited {
    /// With `deferred`, the verdicts on its `None` files in file order.
    fn finish(
        self,
        deferred: Vec<Result<AuditReport, String>>,
        citing_time: Duration,
    ) -> AuditedRun {
        let audit_time = if deferred.is_empty() {
            self.audit_time
        } else {
            self.audit_time + citing_time
        };
        let mut deferred = deferred.into_iter();
        let audits = (self.audits.into_iter())
            .map(|audit| {
                audit
                    .or_else(|| deferred.next())
                    .expect("a verdict per deferred file")
            })
            .collect();
        AuditedRun {
            run: self.run,
            audits,
            generate_time: self.generate_time,
            audit_time,
        }
    }
}

/// The kernel's verdict on `file` (kept in `verdicts`), or None when its
/// auditor reads the files it cites: that audit waits until every game
/// has generated.
fn audit_unless_citing(
    file: &CertificateFile,
    verdicts: &Verdicts,
) -> Option<Result<AuditReport, String>> {
    let path = file.path.display().to_string();
    match verdicts.audit_alone(&path, &file.contents) {
        Ok(None) => None,
        Ok(Some(report)) => Some(Ok(report)),
        Err(error) => Some(Err(format!("{path}: {error}"))),
    }
}

/// The files a run is about to write, then the project directory: what an
/// auditor that follows references (the atlas) reads, so that a run that
/// writes a cited file for the first time audits against the new bytes.
pub struct RunFiles<'a> {
    pub root: &'a Path,
    pub files: Vec<&'a CertificateFile>,
    /// The kernel's verdicts given so far in the run, if kept.
    pub verdicts: Option<&'a Verdicts>,
}

impl<'a> RunFiles<'a> {
    pub fn new(root: &'a Path, files: impl IntoIterator<Item = &'a CertificateFile>) -> Self {
        RunFiles {
            root,
            files: files.into_iter().collect(),
            verdicts: None,
        }
    }

    /// The same files, offering the kernel its verdicts of the run.
    pub fn with_verdicts(self, verdicts: &'a Verdicts) -> Self {
        RunFiles {
            verdicts: Some(verdicts),
            ..self
        }
    }
}

impl Files for RunFiles<'_> {
    fn read(&self, path: &str) -> std::io::Result<String> {
        match self.files.iter().find(|file| file.path == Path::new(path)) {
            Some(file) => Ok(file.contents.clone()),
            None => read_text(&self.root.join(path)),
        }
    }

    fn verdicts(&self) -> Option<&Verdicts> {
        self.verdicts
    }
}

/// The kernel's verdict on an emitted file, before anything is written
/// (cited files read from the working directory).
pub fn audit(file: &CertificateFile) -> Result<AuditReport, String> {
    audit_in(file, &gamecert_audit::Directory(Path::new(".")))
}

/// The kernel's verdict on an emitted file, cited files read from `files`.
pub fn audit_in(file: &CertificateFile, files: &dyn Files) -> Result<AuditReport, String> {
    audit_parsed(file, &parse(file)?, files)
}

fn parse(file: &CertificateFile) -> Result<serde_json::Value, String> {
    gamecert_audit::json::parse(&file.contents)
        .map_err(|error| format!("{} is not JSON: {error}", file.path.display()))
}

fn audit_parsed(
    file: &CertificateFile,
    value: &serde_json::Value,
    files: &dyn Files,
) -> Result<AuditReport, String> {
    audit_value_in(value, files).map_err(|error| format!("{}: {error}", file.path.display()))
}

/// How a committed file compares with the regenerated one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileStatus {
    Unchanged,
    Changed,
    Missing,
}

pub fn compare(root: &Path, file: &CertificateFile) -> FileStatus {
    // A compressed file compares by its text: any encoder's bytes of the
    // same table are the same certificate.
    let committed = if is_gzip(&file.path) {
        read_text(&root.join(&file.path)).map(String::into_bytes)
    } else {
        std::fs::read(root.join(&file.path))
    };
    match committed {
        Ok(committed) if committed == file.contents.as_bytes() => FileStatus::Unchanged,
        Ok(_) => FileStatus::Changed,
        Err(_) => FileStatus::Missing,
    }
}

/// Writes one regenerated file; regenerating the certificates/ tree is
/// `verify`'s purpose, so a missing folder of it is created.
pub fn write(root: &Path, file: &CertificateFile) -> Result<(), crate::cert::OutputError> {
    let path = root.join(&file.path);
    if let Some(parent) = path.parent() {
        crate::cert::create_output_dir(parent)?;
    }
    crate::cert::write_output_file(&path, &stored_bytes(file))
}
