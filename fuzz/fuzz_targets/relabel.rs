//! Shared by the per-kind auditor targets: any JSON object is relabelled as
//! a certificate of one kind (keeping a whole-number `format` if it has one),
//! so every input reaches that kind's auditor, which must report, never panic.

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
    if let Ok(report) = gamecert_audit::audit_value(&value) {
        let _ = report.messages();
    }
}
