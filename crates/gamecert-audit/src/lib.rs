//! gamecert-audit: the trusted kernel of gamecert.
//!
//! It re-checks an emitted certificate from its JSON alone. It depends on
//! nothing of the producer (only `serde`, `serde_json` and `std`), so the compiler,
//! not a convention, guarantees that no auditor shares logic with the code
//! whose output it judges. Each certificate kind has one auditor module;
//! [`AUDITORS`] is the one list of kinds and formats the kernel accepts.

pub mod animals;
pub mod board;
pub mod chess1d;
mod findings;
pub mod grid;
pub mod json;
pub mod snaky;
pub mod tictactoe;

pub(crate) use findings::{
    audit_cited, claim_ids, read_cited, read_cited_text, Cited, FieldFault, Findings,
};
use serde_json::Value;
use std::collections::HashMap;
use std::fmt;
use std::path::Path;
use std::sync::Mutex;

/// The result of auditing one certificate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditReport {
    pub kind: String,
    /// What was checked, one line each, for the human summary.
    pub checked: Vec<String>,
    /// Every failed obligation, naming the node, position or entry at fault.
    pub failures: Vec<Failure>,
}

impl AuditReport {
    pub fn holds(&self) -> bool {
        self.failures.is_empty()
    }

    /// Every failure rendered as the message a user reads.
    pub fn messages(&self) -> Vec<String> {
        self.failures.iter().map(ToString::to_string).collect()
    }
}

/// A failed obligation. Each kind's auditor reports its own typed faults,
/// carrying the node, position or table entry at fault, so tests match
/// variants rather than substrings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// A fault of an animal atlas, pairing or no-pairing certificate.
    Animals(animals::AnimalsFault),
    Chess1d(chess1d::Fault),
    Tictactoe(tictactoe::Fault),
    /// A fault of a `snaky` or `snaky-search` certificate.
    Snaky(snaky::Fault),
    /// A finite-board certificate's fault (kind "board").
    Board(board::Fault),
    /// An infinite-grid delay certificate's fault (kind "grid-delay").
    Grid(grid::Fault),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Animals(fault) => fault.fmt(f),
            Failure::Chess1d(fault) => fault.fmt(f),
            Failure::Tictactoe(fault) => fault.fmt(f),
            Failure::Snaky(fault) => write!(f, "{fault}"),
            Failure::Board(fault) => write!(f, "{fault}"),
            Failure::Grid(fault) => write!(f, "{fault}"),
        }
    }
}

/// The keys of `object` outside `known` (none when it is not an object):
/// every auditor faults them, so no field is accepted unchecked.
pub(crate) fn unknown_fields<'a>(
    object: &'a Value,
    known: &'a [&str],
) -> impl Iterator<Item = &'a String> + 'a {
    object
        .as_object()
        .into_iter()
        .flat_map(|map| map.keys())
        .filter(move |key| !known.contains(&key.as_str()))
}

/// The fields of a claim record (docs/formats/claim-record.md); `line`,
/// last, only on the claims of a kind that carry a line of play.
pub(crate) const CLAIM_RECORD_FIELDS: &[&str] = &[
    "id",
    "statement",
    "verdict",
    "detail",
    "parts",
    "evidence",
    "line",
];

/// [`CLAIM_RECORD_FIELDS`] without `line`.
pub(crate) const CLAIM_RECORD_FIELDS_NO_LINE: &[&str] = CLAIM_RECORD_FIELDS
    .split_at(CLAIM_RECORD_FIELDS.len() - 1)
    .0;

/// Where an auditor that follows a certificate's references (the atlas
/// cites tables and proofs by path) reads the files they name: the project
/// directory, or (for `gamecert verify`, which audits what it is about to
/// write) the files of the same run first.
pub trait Files {
    fn read(&self, path: &str) -> std::io::Result<String>;

    /// The kernel's verdicts already given in this run, if kept: a citing
    /// auditor takes the verdict on a cited text from them instead of
    /// auditing it again.
    fn verdicts(&self) -> Option<&Verdicts> {
        None
    }
}

/// The kernel's verdicts on the certificates of one run whose auditor reads
/// them alone, each kept by the exact text it was parsed from: an auditor
/// reads the same text alone the same way, so a citing auditor that reads
/// that text again takes the verdict. Only the kernel records a verdict,
/// on text it parsed itself ([`Verdicts::audit_alone`]).
#[derive(Default)]
pub struct Verdicts {
    by_text: Mutex<HashMap<String, AuditReport>>,
}

impl Verdicts {
    pub fn new() -> Self {
        Verdicts::default()
    }

    /// Audits the certificate `text` (`path` names it in errors) and keeps
    /// the verdict, if its auditor reads it alone; `Ok(None)` if its auditor
    /// reads the files it cites (audit it once they are all known).
    pub fn audit_alone(&self, path: &str, text: &str) -> Result<Option<AuditReport>, AuditError> {
        let value = json::parse(text).map_err(|source| AuditError::Json {
            path: path.to_string(),
            source,
        })?;
        let Audit::Alone(audit) = auditor_of(&value)?.audit else {
            return Ok(None);
        };
        let report = audit(&value);
        (self.by_text.lock())
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(text.to_string(), report.clone());
        Ok(Some(report))
    }

    fn get(&self, text: &str) -> Option<AuditReport> {
        (self.by_text.lock())
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(text)
            .cloned()
    }
}

/// Paths relative to a directory (the project root); at most
/// [`MAX_FILE_BYTES`] of a file are read.
pub struct Directory<'a>(pub &'a std::path::Path);

impl Files for Directory<'_> {
    /// A `.json.gz` file is read inflated.
    fn read(&self, path: &str) -> std::io::Result<String> {
        let file = std::fs::File::open(self.0.join(path))?;
        if is_gzip(Path::new(path)) {
            read_inflated(file)
        } else {
            json::read_limited(file, MAX_FILE_BYTES)
        }
    }
}

/// How an auditor reads a certificate.
#[derive(Clone, Copy)]
pub enum Audit {
    /// From its JSON alone.
    Alone(fn(&Value) -> AuditReport),
    /// From its JSON and the files it cites.
    Citing(fn(&Value, &dyn Files) -> AuditReport),
}

/// One certificate kind the kernel audits: its name, the format version it
/// reads, and its auditor.
pub struct Auditor {
    pub kind: &'static str,
    pub format: u64,
    pub audit: Audit,
}

/// Every kind the kernel accepts, with the one format version it reads.
pub const AUDITORS: &[Auditor] = &[
    Auditor {
        kind: "snaky",
        format: snaky::FORMAT,
        audit: Audit::Alone(snaky::audit),
    },
    Auditor {
        kind: "snaky-search",
        format: snaky::search::FORMAT,
        audit: Audit::Citing(snaky::search::audit_in),
    },
    Auditor {
        kind: "tictactoe",
        format: tictactoe::FORMAT,
        audit: Audit::Alone(tictactoe::audit),
    },
    Auditor {
        kind: "chess1d",
        format: chess1d::FORMAT,
        audit: Audit::Alone(chess1d::audit),
    },
    Auditor {
        kind: "chess1d-boards",
        format: chess1d::FORMAT,
        audit: Audit::Alone(chess1d::audit),
    },
    Auditor {
        kind: "animals",
        format: animals::FORMAT,
        audit: Audit::Citing(animals::atlas::audit_in),
    },
    Auditor {
        kind: "animals-pairing",
        format: animals::FORMAT,
        audit: Audit::Alone(animals::pairing::audit),
    },
    Auditor {
        kind: "animals-no-pairing",
        format: animals::FORMAT,
        audit: Audit::Citing(animals::nopairing::audit_in),
    },
    Auditor {
        kind: "board",
        format: board::FORMAT,
        audit: Audit::Alone(board::audit),
    },
    Auditor {
        kind: "board-shards",
        format: board::FORMAT,
        audit: Audit::Citing(board::shards::audit_in),
    },
    Auditor {
        kind: "grid-delay",
        format: grid::FORMAT,
        audit: Audit::Alone(grid::audit),
    },
];

/// Why a file could not be handed to an auditor at all (exit 2).
#[derive(Debug)]
pub enum AuditError {
    Read {
        path: String,
        source: std::io::Error,
    },
    Json {
        path: String,
        source: serde_json::Error,
    },
    /// Refused before reading: larger than [`MAX_FILE_BYTES`].
    TooLarge {
        path: String,
        bytes: u64,
    },
    MissingKind,
    UnknownKind(String),
    MissingFormat {
        kind: String,
    },
    UnknownFormat {
        kind: String,
        found: u64,
        known: u64,
    },
}

impl fmt::Display for AuditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AuditError::Read { path, source } => write!(f, "cannot read {path}: {source}"),
            AuditError::Json { path, source } => write!(f, "{path} is not JSON: {source}"),
            AuditError::TooLarge { path, bytes } => write!(
                f,
                "{path} has {bytes} bytes, over the auditor's limit of {MAX_FILE_BYTES}; refused unread"
            ),
            AuditError::MissingKind => write!(f, "certificate has no string field \"kind\""),
            AuditError::UnknownKind(kind) => {
                let known: Vec<&str> = AUDITORS.iter().map(|a| a.kind).collect();
                write!(
                    f,
                    "unknown certificate kind {kind:?} (known: {})",
                    known.join(", ")
                )
            }
            AuditError::MissingFormat { kind } => {
                write!(f, "{kind} certificate has no whole-number field \"format\"")
            }
            AuditError::UnknownFormat { kind, found, known } => write!(
                f,
                "{kind} certificate has format {found}; this auditor reads format {known}"
            ),
        }
    }
}

impl std::error::Error for AuditError {}

/// The largest certificate file the kernel reads (the largest committed one
/// is about 15 MB; parsed JSON takes several times its text in memory).
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// The most text the kernel inflates from one `.json.gz` certificate (a
/// board table too large to commit as plain JSON).
pub const MAX_INFLATED_BYTES: u64 = 512 * 1024 * 1024;

pub fn audit_file(path: &Path) -> Result<AuditReport, AuditError> {
    let display = path.display().to_string();
    let read_error = |source| AuditError::Read {
        path: display.clone(),
        source,
    };
    let file = std::fs::File::open(path).map_err(read_error)?;
    // `stat` refuses an ordinary large file unread; the bounded read below
    // also stops a device or pipe whose size says nothing.
    let bytes = file.metadata().map_err(read_error)?.len();
    if bytes > MAX_FILE_BYTES {
        return Err(AuditError::TooLarge {
            path: display,
            bytes,
        });
    }
    let text = if is_gzip(path) {
        read_inflated(file)
    } else {
        json::read_limited(file, MAX_FILE_BYTES)
    }
    .map_err(read_error)?;
    audit_text(&display, &text)
}

/// Whether `path` names a gzip-compressed certificate (`.json.gz`), which
/// the kernel reads through the decoder.
pub fn is_gzip(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|name| name.to_string_lossy().ends_with(".json.gz"))
}

/// The text of a `.json.gz` certificate, at most [`MAX_INFLATED_BYTES`].
pub fn read_inflated(compressed: impl std::io::Read) -> std::io::Result<String> {
    json::read_limited(flate2::read::GzDecoder::new(compressed), MAX_INFLATED_BYTES)
}

/// Audits a certificate given as text, `path` naming it in errors: the
/// text is parsed strictly (a repeated key is refused, see [`json`]).
pub fn audit_text(path: &str, text: &str) -> Result<AuditReport, AuditError> {
    let value = json::parse(text).map_err(|source| AuditError::Json {
        path: path.to_string(),
        source,
    })?;
    audit_value(&value)
}

/// Finds the auditor of the certificate's `kind`, checks its `format`, and
/// runs it (cited files are read relative to the working directory).
pub fn audit_value(value: &Value) -> Result<AuditReport, AuditError> {
    audit_value_in(value, &Directory(std::path::Path::new(".")))
}

/// Whether the auditor of `value`'s kind and format reads the files it
/// cites: such a certificate is audited once every file it may cite is
/// known (see `gamecert::verify`).
pub fn cites_files(value: &Value) -> bool {
    let kind = value.get("kind").and_then(Value::as_str);
    let format = value.get("format").and_then(Value::as_u64);
    AUDITORS.iter().any(|auditor| {
        Some(auditor.kind) == kind
            && Some(auditor.format) == format
            && matches!(auditor.audit, Audit::Citing(_))
    })
}

/// As [`audit_value`], reading cited files from `files`.
pub fn audit_value_in(value: &Value, files: &dyn Files) -> Result<AuditReport, AuditError> {
    Ok(match auditor_of(value)?.audit {
        Audit::Alone(audit) => audit(value),
        Audit::Citing(audit) => audit(value, files),
    })
}

/// The auditor of the certificate's `kind`, its `format` checked.
fn auditor_of(value: &Value) -> Result<&'static Auditor, AuditError> {
    let kind = value
        .get("kind")
        .and_then(Value::as_str)
        .ok_or(AuditError::MissingKind)?;
    let auditor = AUDITORS
        .iter()
        .find(|auditor| auditor.kind == kind)
        .ok_or_else(|| AuditError::UnknownKind(kind.to_string()))?;
    let format =
        value
            .get("format")
            .and_then(Value::as_u64)
            .ok_or_else(|| AuditError::MissingFormat {
                kind: kind.to_string(),
            })?;
    if format != auditor.format {
        return Err(AuditError::UnknownFormat {
            kind: kind.to_string(),
            found: format,
            known: auditor.format,
        });
    }
    Ok(auditor)
}
