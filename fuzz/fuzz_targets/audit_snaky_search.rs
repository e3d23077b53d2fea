//! The snaky-search auditor on arbitrary JSON: any object is relabelled as a snaky-search
//! certificate so every input reaches this auditor; it reports, never panics.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(mut value) = serde_json::from_slice::<serde_json::Value>(data) else {
        return;
    };
    let Some(object) = value.as_object_mut() else {
        return;
    };
    let auditor = gamecert_audit::AUDITORS
        .iter()
        .rev()
        .find(|auditor| auditor.kind == "snaky-search")
        .expect("the kind is registered");
    object.insert("kind".into(), "snaky-search".into());
    if !object.get("format").is_some_and(serde_json::Value::is_u64) {
        object.insert("format".into(), auditor.format.into());
    }
    if let Ok(report) = gamecert_audit::audit_value(&value) {
        let _ = report.messages();
    }
});
