//! The checker on arbitrary tables, and the kernel on what it emits: every
//! certificate the checker writes is sound, whether its claim holds or is
//! refuted, so the kernel accepts it; and the verdict it records is the
//! checker's.
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
    assert!(
        report.holds(),
        "the kernel rejects a certificate the checker wrote: {:?}",
        report.messages()
    );
    let recorded = if run.claim.holds() { "holds" } else { "refuted" };
    assert_eq!(value["verdict"], recorded, "the recorded verdict is not the checker's");
});
