//! The kernel's entry point and every auditor on arbitrary bytes: the
//! strict reader, the dispatch by kind and format, then the auditor; an
//! error or a report, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(report) = gamecert_audit::audit_text("input", text) {
            let _ = report.messages();
        }
    }
});
