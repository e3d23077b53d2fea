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

fn gzip_into(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    use std::io::Write;
    let path = std::env::temp_dir().join(format!("gamecert-audit-{}-{name}", std::process::id()));
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(bytes).unwrap();
    std::fs::write(&path, encoder.finish().unwrap()).unwrap();
    path
}

fn committed_board(name: &str) -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::read_to_string(root.join("certificates/boards").join(name)).unwrap()
}

#[test]
fn a_compressed_board_table_is_audited_from_its_inflated_text() {
    let text = committed_board("snaky-on-6x6-weak.json");
    let path = gzip_into("board.json.gz", text.as_bytes());
    let report = audit_file(&path);
    std::fs::remove_file(&path).ok();
    assert!(report.unwrap().holds());
    // The same forgery is refused whether plain or compressed.
    let forged = text.replacen("\"first-does-not-win\"", "\"first-wins\"", 1);
    assert_ne!(forged, text);
    let path = gzip_into("forged.json.gz", forged.as_bytes());
    let report = audit_file(&path);
    std::fs::remove_file(&path).ok();
    assert!(!report.unwrap().holds());
}

#[test]
fn a_truncated_compressed_file_is_a_read_error() {
    let text = committed_board("snaky-on-6x6-weak.json");
    let path = gzip_into("cut.json.gz", text.as_bytes());
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    let result = audit_file(&path);
    std::fs::remove_file(&path).ok();
    assert!(matches!(result, Err(AuditError::Read { .. })), "{result:?}");
}
