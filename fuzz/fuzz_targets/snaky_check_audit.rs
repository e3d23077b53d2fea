//! The checker on arbitrary tables, and the kernel on what it emits: the
//! kernel's audit passes exactly when the checker certifies the claim.
#![no_main]
use gamecert::snaky::{certificate::certificate_json, check_table, DEFAULT_BOUND};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(run) = check_table("fuzz", data, DEFAULT_BOUND) else {
        return;
    };
    let json = certificate_json(&run);
    let value: serde_json::Value = serde_json::from_str(&json).expect("the certificate is JSON");
    let report = gamecert_audit::audit_value(&value).expect("kind and format are known");
    assert_eq!(
        report.holds(),
        run.claim.holds(),
        "checker and kernel disagree: {:?}",
        report.messages()
    );
});
