//! The kernel's dispatch and every auditor on arbitrary bytes: an error or
//! a report, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) {
        if let Ok(report) = gamecert_audit::audit_value(&value) {
            let _ = report.messages();
        }
    }
});
