//! The rule-free search on arbitrary tables: a result or an error; when it
//! certifies, its record, citing the checker's certificate of the same
//! table, passes the kernel's snaky-search audit.
#![no_main]
use gamecert::snaky::search::{search_json, search_table};
use gamecert::snaky::{certificate::certificate_json, check_table};
use libfuzzer_sys::fuzz_target;

/// Where the record says its table's certificate is; the kernel reads it
/// from memory.
const CITED: &str = "fuzz-table.json";

struct Cited(String);

impl gamecert_audit::Files for Cited {
    fn read(&self, path: &str) -> std::io::Result<String> {
        match path {
            CITED => Ok(self.0.clone()),
            _ => Err(std::io::ErrorKind::NotFound.into()),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    // Small bounds keep each run short; the search is exhaustive.
    let bound = 8;
    let Ok(mut run) = search_table("fuzz", data, bound) else {
        return;
    };
    let Ok(checked) = check_table("fuzz", data, bound) else {
        return;
    };
    run.certificate = Some(CITED.to_string());
    let value = gamecert_audit::json::parse(&search_json(&run)).expect("the record is JSON");
    let cited = Cited(certificate_json(&checked));
    let report =
        gamecert_audit::audit_value_in(&value, &cited).expect("kind and format are known");
    if run.result.holds() && checked.claim.holds() {
        assert!(report.holds(), "{:?}", report.messages());
    }
});
