//! Forged tic-tac-toe certificates (tests/fixtures/tictactoe/forged-*.json)
//! the kernel must refuse: claims whose statements were changed while their
//! verdicts still read "holds", fields the kernel once left unread, and
//! tables over the size limits, which must be refused before any is played.

use gamecert_audit::tictactoe::{Fault, MAX_CELLS, MAX_ENTRIES};
use gamecert_audit::{audit_file, audit_value, AuditReport, Failure};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/tictactoe")
        .join(name)
}

fn audit(name: &str) -> AuditReport {
    audit_file(&fixture(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The fixture's tic-tac-toe faults, with each one's message.
fn faults(name: &str) -> Vec<(Fault, String)> {
    let report = audit(name);
    assert!(!report.holds(), "{name} passed");
    (report.failures.iter())
        .filter_map(|failure| match failure {
            Failure::Tictactoe(fault) => Some((fault.clone(), failure.to_string())),
            _ => None,
        })
        .collect()
}

/// Asserts `name` fails with a fault `check` accepts whose message contains `words`.
fn rejects(name: &str, check: fn(&Fault) -> bool, words: &str) {
    let found = faults(name);
    assert!(
        found
            .iter()
            .any(|(fault, message)| check(fault) && message.contains(words)),
        "{name}: {found:#?}"
    );
}

const FORGERIES: &[&str] = &[
    "forged-claim-2-x-wins.json",
    "forged-claim-6-four-classes.json",
    "forged-claim-4-other-line.json",
    "forged-claim-4-refuted.json",
    "forged-claim-5-line-field.json",
    "forged-3x4-centre-replies.json",
    "forged-board-5x4.json",
];

#[test]
fn a_claim_2_saying_x_wins_is_refused() {
    rejects(
        "forged-claim-2-x-wins.json",
        |f| matches!(f, Fault::ClaimStatement { id, .. } if id == "2"),
        "is worth 0 (draw), so the game is a draw.",
    );
}

#[test]
fn a_claim_6_saying_four_classes_is_refused() {
    rejects(
        "forged-claim-6-four-classes.json",
        |f| matches!(f, Fault::ClaimStatement { id, .. } if id == "6"),
        "has three classes (centre, corner, edge)",
    );
}

#[test]
fn a_claim_4_with_another_line_is_refused() {
    rejects(
        "forged-claim-4-other-line.json",
        |f| matches!(f, Fault::ClaimStatement { id, .. } if id == "4"),
        "X plays 7, forcing O to 3, then X 1 makes two threats (1-4-7 and 1-5-9)",
    );
}

/// Claim 4's line is played out by the rules, so its verdict is derived:
/// once only its value part was, and "refuted" passed as well as "holds".
#[test]
fn claim_4_refuted_although_its_line_wins_is_refused() {
    rejects(
        "forged-claim-4-refuted.json",
        |f| {
            matches!(f, Fault::ClaimVerdict { id, found: Some(found), expected: "holds" }
                if id == "4" && found == "refuted")
        },
        "claim 4",
    );
}

#[test]
fn a_line_field_on_a_claim_is_refused() {
    rejects(
        "forged-claim-5-line-field.json",
        |f| matches!(f, Fault::UnknownField { at, field } if at == "claim 5" && field == "line"),
        "\"line\"",
    );
}

#[test]
fn centre_replies_on_an_unsolved_board_are_refused() {
    rejects(
        "forged-3x4-centre-replies.json",
        |f| matches!(f, Fault::Derived { field: "replies_to_centre_5", derived, .. } if derived == "null"),
        "replies_to_centre_5",
    );
}

#[test]
fn a_board_over_the_cell_limit_is_refused_before_its_tables() {
    let found = faults("forged-board-5x4.json");
    assert!(
        matches!(&found[..], [(Fault::NotAuditable { rows: 5, cols: 4, k: 3 }, message)]
            if message.contains(&format!("cells <= {MAX_CELLS}"))),
        "{found:#?}"
    );
}

/// A board row of `cells` marks for entry `index`: distinct keys, each a
/// plausible position, so only the entry count can refuse the file.
fn key(index: usize, cols: usize, cells: usize) -> String {
    let mut rest = index;
    let marks: Vec<u8> = (0..cells)
        .map(|_| {
            let mark = b".XO"[rest % 3];
            rest /= 3;
            mark
        })
        .collect();
    let rows: Vec<String> = marks
        .chunks(cols)
        .map(|row| String::from_utf8_lossy(row).into_owned())
        .collect();
    rows.join("/")
}

/// Writes a certificate whose X table fills about 15 MB, returns its path.
fn large_file(rows: usize, cols: usize, entries: usize) -> PathBuf {
    let table: serde_json::Map<String, serde_json::Value> = (0..entries)
        .map(|i| (key(i, cols, rows * cols), json!(1)))
        .collect();
    let value = json!({"kind": "tictactoe", "format": 1, "rows": rows, "cols": cols, "k": 3,
        "value": 1, "strategies": {"o": null, "x": {"player": "X", "guarantee": 1,
        "goal": "wins against every reply", "size": entries, "table": table}}});
    let path = std::env::temp_dir().join(format!(
        "gamecert-ttt-{rows}x{cols}-{}.json",
        std::process::id()
    ));
    std::fs::write(&path, value.to_string()).unwrap();
    path
}

/// Audits a crafted file, removing it after; the report and the time taken.
fn audit_crafted(path: &Path) -> (AuditReport, Duration) {
    let bytes = std::fs::metadata(path).unwrap().len();
    assert!(bytes > 15_000_000, "the crafted file has {bytes} bytes");
    let started = Instant::now();
    let report = audit_file(path);
    let took = started.elapsed();
    std::fs::remove_file(path).ok();
    (report.unwrap(), took)
}

/// A 15 MB table on a 4x4 board: refused by its entry count before it is
/// played (playing such a table once grew memory to ~80x the file).
#[test]
fn a_15_mb_table_is_refused_quickly_by_its_entry_count() {
    // each entry is about 24 bytes: "..../..../..../....":1,
    let entries = 15_500_000 / 24;
    assert!(entries > MAX_ENTRIES);
    let (report, took) = audit_crafted(&large_file(4, 4, entries));
    assert!(
        matches!(&report.failures[..], [Failure::Tictactoe(Fault::OverLimit { count, limit, .. })]
            if *count == entries as u64 && *limit == MAX_ENTRIES as u64),
        "{:#?}",
        report.failures
    );
    assert!(report.messages()[0].contains("over the auditor's limit"));
    // parsing the file is the only work left
    assert!(took < Duration::from_secs(20), "took {took:?}");
}

/// A 15 MB table on an 8x8 board: refused by the board size alone.
#[test]
fn a_15_mb_table_on_a_large_board_is_refused_quickly_by_its_cells() {
    let (report, took) = audit_crafted(&large_file(8, 8, 15_500_000 / 76));
    assert!(
        matches!(
            &report.failures[..],
            [Failure::Tictactoe(Fault::NotAuditable {
                rows: 8,
                cols: 8,
                ..
            })]
        ),
        "{:#?}",
        report.failures
    );
    assert!(took < Duration::from_secs(20), "took {took:?}");
}

/// At the limits a table is played, and the faults of a hostile one are
/// listed up to a bound and counted beyond it.
#[test]
fn a_table_at_the_entry_limit_is_played_with_bounded_faults() {
    let table: serde_json::Map<String, serde_json::Value> = (0..MAX_ENTRIES)
        .map(|i| (key(i, 4, 16), json!(16)))
        .collect();
    let value = json!({"kind": "tictactoe", "format": 1, "rows": 4, "cols": 4, "k": 3,
        "value": 1, "strategies": {"o": null, "x": {"player": "X", "guarantee": 1,
        "goal": "wins against every reply", "size": MAX_ENTRIES, "table": table}}});
    let report = audit_value(&value).unwrap();
    let strategy = (report.failures.iter())
        .filter(|f| matches!(f, Failure::Tictactoe(Fault::Strategy { player: 'X', .. })))
        .count();
    assert!((1..=20).contains(&strategy), "{strategy} listed");
    assert!(report.failures.iter().any(|f| matches!(f,
        Failure::Tictactoe(Fault::MoreFailures { player: 'X', count }) if *count > 0)));
}

/// Every forged fixture has its line in notes.txt and a test above.
#[test]
fn every_forged_fixture_is_noted_and_tested() {
    let dir = fixture("");
    let notes = std::fs::read_to_string(dir.join("notes.txt")).unwrap();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.starts_with("forged-") {
            assert!(notes.contains(&format!("{name}: ")), "{name} has no note");
            assert!(FORGERIES.contains(&name.as_str()), "{name} has no test");
        }
    }
    for name in FORGERIES {
        assert!(dir.join(name).exists(), "{name} is missing");
    }
}
