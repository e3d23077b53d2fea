//! `gamecert audit CERT.json`: read an emitted certificate and hand it to the
//! auditor of its kind. Each game's auditor is its own small module that
//! re-checks the certificate from the JSON alone.

use serde_json::Value;
use std::path::Path;

/// The result of auditing one certificate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditReport {
    pub kind: String,
    /// What was checked, one line each, for the human summary.
    pub checked: Vec<String>,
    /// Every failed obligation, naming the node, position or entry at fault.
    pub failures: Vec<String>,
}

impl AuditReport {
    pub fn holds(&self) -> bool {
        self.failures.is_empty()
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{path} is not JSON: {source}")]
    Json {
        path: String,
        source: serde_json::Error,
    },
    #[error("certificate has no string field \"kind\"")]
    MissingKind,
    #[error("unknown certificate kind {0:?} (known: snaky, tictactoe, chess1d, chess1d-boards)")]
    UnknownKind(String),
}

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

pub fn audit_value(value: &Value) -> Result<AuditReport, AuditError> {
    let kind = value
        .get("kind")
        .and_then(Value::as_str)
        .ok_or(AuditError::MissingKind)?;
    // Each game's auditor registers its kind here.
    match kind {
        "snaky" => Ok(crate::snaky::audit::audit(value)),
        "tictactoe" => Ok(crate::tictactoe::audit::audit(value)),
        "chess1d" | "chess1d-boards" => Ok(crate::chess1d::audit::audit(value)),
        _ => Err(AuditError::UnknownKind(kind.to_string())),
    }
}
