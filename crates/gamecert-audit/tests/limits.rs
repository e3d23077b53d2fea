//! Inputs over the kernel's documented limits are refused before any work.

use gamecert_audit::{audit_file, audit_value, AuditError, Failure, MAX_FILE_BYTES};
use serde_json::{json, Map, Value};

#[test]
fn a_file_over_the_size_limit_is_refused_unread() {
    let path =
        std::env::temp_dir().join(format!("gamecert-audit-huge-{}.json", std::process::id()));
    let file = std::fs::File::create(&path).unwrap();
    // sparse: no data is written
    file.set_len(MAX_FILE_BYTES + 1).unwrap();
    let result = audit_file(&path);
    std::fs::remove_file(&path).ok();
    assert!(
        matches!(result, Err(AuditError::TooLarge { bytes, .. }) if bytes == MAX_FILE_BYTES + 1),
        "{result:?}"
    );
}

#[test]
fn chess1d_tables_over_the_entry_limit_are_refused() {
    let limit = gamecert_audit::chess1d::MAX_ENTRIES;
    let entries = vec![Value::Null; limit + 1];
    let value = json!({"kind": "chess1d", "format": 1, "squares": 8,
        "strategies": [{"name": "white_mates", "entries": entries}]});
    let report = audit_value(&value).unwrap();
    assert!(report.failures.iter().any(|f| matches!(f,
        Failure::Chess1d(gamecert_audit::chess1d::Fault::OverLimit { count, .. }) if *count == limit as u64 + 1)));
}

#[test]
fn tictactoe_tables_over_the_entry_limit_are_refused() {
    let limit = gamecert_audit::tictactoe::MAX_ENTRIES;
    let table: Map<String, Value> = (0..=limit).map(|i| (i.to_string(), Value::Null)).collect();
    let value = json!({"kind": "tictactoe", "format": 1, "rows": 3, "cols": 3, "k": 3, "value": 0,
        "strategies": {"x": {"guarantee": 0, "table": table}, "o": null}});
    let report = audit_value(&value).unwrap();
    assert!(report.failures.iter().any(|f| matches!(f,
        Failure::Tictactoe(gamecert_audit::tictactoe::Fault::OverLimit { count, .. }) if *count == limit as u64 + 1)));
}
