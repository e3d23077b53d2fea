//! What several auditors share beyond the entry points of lib.rs: the
//! findings of an auditor that reports its own fault type, the ids of a
//! list of claim records, and the reading of a cited file.

use crate::{json, AuditError, AuditReport, Failure, Files, MAX_FILE_BYTES};
use serde_json::Value;

/// A fault kind that can name an unexpected field of an object.
pub(crate) trait FieldFault {
    fn unknown_field(at: &str, field: &str) -> Self;
}

/// What one auditor checked, and every fault it found, in its own fault
/// type `F` until the report wraps them.
pub(crate) struct Findings<F> {
    pub(crate) checked: Vec<String>,
    pub(crate) failures: Vec<F>,
}

impl<F: FieldFault> Findings<F> {
    pub(crate) fn new() -> Self {
        Findings {
            checked: Vec::new(),
            failures: Vec::new(),
        }
    }

    pub(crate) fn fail(&mut self, fault: F) {
        self.failures.push(fault);
    }

    /// Faults every field of `object` outside `known`.
    pub(crate) fn known_fields(&mut self, object: &Value, at: &str, known: &[&str]) {
        for field in crate::unknown_fields(object, known) {
            self.fail(F::unknown_field(at, field));
        }
    }

    /// The report of kind `kind`, each fault wrapped by `wrap`.
    pub(crate) fn into_report(self, kind: String, wrap: fn(F) -> Failure) -> AuditReport {
        AuditReport {
            kind,
            checked: self.checked,
            failures: self.failures.into_iter().map(wrap).collect(),
        }
    }
}

/// The `id` of every claim record, "?" where it has none.
pub(crate) fn claim_ids(claims: &[Value]) -> Vec<String> {
    claims
        .iter()
        .map(|claim| {
            claim
                .get("id")
                .and_then(Value::as_str)
                .unwrap_or("?")
                .to_string()
        })
        .collect()
}

/// A cited file as JSON: read through `files`, refused past
/// [`MAX_FILE_BYTES`] (whatever `files` reads from), parsed strictly.
pub(crate) fn read_cited(files: &dyn Files, path: &str) -> Result<Value, String> {
    read_cited_text(files, path).map(|cited| cited.value)
}

/// A cited file: the text read and the JSON parsed from it.
pub(crate) struct Cited {
    pub(crate) text: String,
    pub(crate) value: Value,
}

/// As [`read_cited`], keeping the text (for [`audit_cited`]).
pub(crate) fn read_cited_text(files: &dyn Files, path: &str) -> Result<Cited, String> {
    let text = files.read(path).map_err(|error| error.to_string())?;
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(format!(
            "{} bytes, over the auditor's limit of {MAX_FILE_BYTES}; refused",
            text.len()
        ));
    }
    let value = json::parse(&text).map_err(|error| format!("not JSON: {error}"))?;
    Ok(Cited { text, value })
}

/// The kernel's verdict on a cited file: the one it gave on the same text
/// earlier in the run, if `files` keeps [`crate::Verdicts`], else a new audit.
pub(crate) fn audit_cited(files: &dyn Files, cited: &Cited) -> Result<AuditReport, AuditError> {
    match files
        .verdicts()
        .and_then(|verdicts| verdicts.get(&cited.text))
    {
        Some(report) => Ok(report),
        None => crate::audit_value_in(&cited.value, files),
    }
}
