//! Forged chess1d certificates (tests/fixtures/chess1d/forged-*.json): each
//! puts a value in a field the kernel once left unread, so the file passed
//! while seeming to state more; each must now be refused by name.

use gamecert_audit::chess1d::{Fault, TableFault};
use gamecert_audit::{audit_file, Failure};
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/chess1d")
        .join(name)
}

/// Asserts `name` fails with a fault `check` accepts whose message contains `words`.
fn rejects(name: &str, check: fn(&Fault) -> bool, words: &str) {
    let report = audit_file(&fixture(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let found = report.failures.iter().any(|failure| {
        matches!(failure, Failure::Chess1d(fault) if check(fault))
            && failure.to_string().contains(words)
    });
    assert!(found, "{name}: {:#?}", report.failures);
}

const FORGERIES: &[&str] = &[
    "forged-holds-plies.json",
    "forged-delays-entry-plies.json",
    "forged-mates-entry-extra.json",
    "forged-claim-1-line.json",
    "forged-table-other-board.json",
];

#[test]
fn plies_on_a_never_loses_table_are_refused() {
    rejects(
        "forged-holds-plies.json",
        |f| {
            matches!(f, Fault::Table { table, fault: TableFault::StrayPlies { found } }
                if table == "white_holds" && found == "3")
        },
        "plies must be null",
    );
}

#[test]
fn a_third_item_on_a_delaying_entry_is_refused() {
    rejects(
        "forged-delays-entry-plies.json",
        |f| {
            matches!(f, Fault::Table { table, fault: TableFault::EntryShape { index: 0, items: 3, expected: 2 } }
                if table == "black_delays")
        },
        "entry 0 has 3 items",
    );
}

#[test]
fn a_fourth_item_on_a_mating_entry_is_refused() {
    rejects(
        "forged-mates-entry-extra.json",
        |f| {
            matches!(f, Fault::Table { table, fault: TableFault::EntryShape { index: 0, items: 4, expected: 3 } }
                if table == "white_mates")
        },
        "exactly 3",
    );
}

#[test]
fn a_line_on_a_claim_other_than_2a_is_refused() {
    rejects(
        "forged-claim-1-line.json",
        |f| matches!(f, Fault::UnknownField { at, field } if at == "claim 1" && field == "line"),
        "\"line\"",
    );
}

#[test]
fn a_table_for_another_board_is_refused() {
    rejects(
        "forged-table-other-board.json",
        |f| matches!(f, Fault::UnlistedTable { table, squares: 7 } if table == "white_holds"),
        "7 squares",
    );
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
