//! gamecert-audit: the trusted kernel of gamecert.
//!
//! It re-checks an emitted certificate from its JSON alone. It depends on
//! nothing of the producer (only `serde_json` and `std`), so the compiler,
//! not a convention, guarantees that no auditor shares logic with the code
//! whose output it judges. Each certificate kind has one auditor module;
//! [`AUDITORS`] is the one list of kinds and formats the kernel accepts.

pub mod board;
pub mod chess1d;
pub mod snaky;
pub mod tictactoe;

use serde_json::Value;
use std::fmt;
use std::path::Path;

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
    /// A failure whose auditor does not type its faults yet.
    Untyped(String),
    /// A finite-board certificate's fault (kind "board").
    Board(board::Fault),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Untyped(message) => f.write_str(message),
            Failure::Board(fault) => write!(f, "{fault}"),
        }
    }
}

/// Wraps an auditor's message list while its faults are not typed yet.
pub(crate) fn untyped(messages: Vec<String>) -> Vec<Failure> {
    messages.into_iter().map(Failure::Untyped).collect()
}

/// One certificate kind the kernel audits: its name, the format version it
/// reads, and its auditor.
pub struct Auditor {
    pub kind: &'static str,
    pub format: u64,
    pub audit: fn(&Value) -> AuditReport,
}

/// Every kind the kernel accepts, with the one format version it reads.
pub const AUDITORS: &[Auditor] = &[
    Auditor {
        kind: "snaky",
        format: snaky::FORMAT,
        audit: snaky::audit,
    },
    Auditor {
        kind: "tictactoe",
        format: tictactoe::FORMAT,
        audit: tictactoe::audit,
    },
    Auditor {
        kind: "chess1d",
        format: chess1d::FORMAT,
        audit: chess1d::audit,
    },
    Auditor {
        kind: "chess1d-boards",
        format: chess1d::FORMAT,
        audit: chess1d::audit,
    },
    Auditor {
        kind: "board",
        format: board::FORMAT,
        audit: board::audit,
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

pub fn audit_file(path: &Path) -> Result<AuditReport, AuditError> {
    let display = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| AuditError::Read {
        path: display.clone(),
        source,
    })?;
    let value: Value = serde_json::from_str(&text).map_err(|source| AuditError::Json {
        path: display,
        source,
    })?;
    audit_value(&value)
}

/// Finds the auditor of the certificate's `kind`, checks its `format`, and
/// runs it.
pub fn audit_value(value: &Value) -> Result<AuditReport, AuditError> {
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
    Ok((auditor.audit)(value))
}
