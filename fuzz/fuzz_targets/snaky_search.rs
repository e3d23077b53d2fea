//! The rule-free search on arbitrary tables: a result or an error, and its
//! record passes the kernel's snaky-search audit when it certifies.
#![no_main]
use gamecert::snaky::search::{search_json, search_table};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Small bounds keep each run short; the search is exhaustive.
    let bound = 8;
    let Ok(run) = search_table("fuzz", data, bound) else {
        return;
    };
    let value: serde_json::Value =
        serde_json::from_str(&search_json(&run)).expect("the record is JSON");
    let report = gamecert_audit::audit_value(&value).expect("kind and format are known");
    if run.result.holds() {
        assert!(report.holds(), "{:?}", report.messages());
    }
});
