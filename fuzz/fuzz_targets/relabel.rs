//! Shared by the auditor targets: any JSON object is relabelled as a
//! certificate of one kind (keeping a whole-number `format` if it has one),
//! so every input reaches that kind's auditor, which must report, never
//! panic; the files a certificate cites are read by [`SmallFiles`].

use gamecert_audit::Files;

/// Cited files larger than this are refused as unreadable: auditing the
/// project's large certificates (the 2 MB grid-delay tree, the 5 MB LRAT
/// proof) on every execution would make one execution of the atlas outlast
/// libFuzzer's time-out, while the small cited files still let inputs reach
/// the checks behind a citation. The large files are audited by `just
/// verify-check` and `just audit`.
const MAX_CITED_BYTES: u64 = 100_000;

/// The project's files, as the kernel reads them, small ones only.
pub struct SmallFiles;

impl Files for SmallFiles {
    fn read(&self, path: &str) -> std::io::Result<String> {
        gamecert_audit::json::read_limited(std::fs::File::open(path)?, MAX_CITED_BYTES)
    }
}

pub fn audit_as(kind: &str, data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(mut value) = gamecert_audit::json::parse(text) else {
        return;
    };
    let Some(object) = value.as_object_mut() else {
        return;
    };
    let auditor = gamecert_audit::AUDITORS
        .iter()
        .rev()
        .find(|auditor| auditor.kind == kind)
        .expect("the kind is registered");
    object.insert("kind".into(), kind.into());
    if !object.get("format").is_some_and(serde_json::Value::is_u64) {
        object.insert("format".into(), auditor.format.into());
    }
    if let Ok(report) = gamecert_audit::audit_value_in(&value, &SmallFiles) {
        let _ = report.messages();
    }
}
