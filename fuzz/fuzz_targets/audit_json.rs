//! The kernel's entry point and every auditor on arbitrary bytes: the
//! strict reader, the dispatch by kind and format, then the auditor (cited
//! files read as the per-kind targets read them); an error or a report,
//! never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "relabel.rs"]
#[allow(dead_code)]
mod relabel;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(value) = gamecert_audit::json::parse(text) else {
        return;
    };
    if let Ok(report) = gamecert_audit::audit_value_in(&value, &relabel::SmallFiles) {
        let _ = report.messages();
    }
});
