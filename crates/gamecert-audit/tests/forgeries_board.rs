//! Board-certificate forgeries (tests/fixtures/board/README.md): each is
//! rejected with the fault that names what is wrong; and the auditor's
//! placement enumeration agrees with a brute-force count on every
//! committed board certificate.

use gamecert_audit::board::Fault;
use gamecert_audit::{audit_file, AuditError, AuditReport, Failure};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn audit(name: &str) -> AuditReport {
    let path = root().join("tests/fixtures/board").join(name);
    audit_file(&path).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn only_fault(name: &str) -> Fault {
    let report = audit(name);
    match report.failures.as_slice() {
        [Failure::Board(fault)] => fault.clone(),
        other => panic!("{name}: expected one board fault, got {other:?}"),
    }
}

#[test]
fn a_full_board_is_not_a_first_player_win() {
    for name in [
        "forged-draw-tic-tac-toe.json",
        "forged-draw-tromino-5x1.json",
    ] {
        assert!(
            matches!(only_fault(name), Fault::BoardFull { .. }),
            "{name}"
        );
    }
}

#[test]
fn a_shape_far_from_the_origin_keeps_every_placement() {
    for (name, sets) in [
        ("far-shape-6x6-weak.json", 36),
        ("far-shape-7x7-strong.json", 56),
    ] {
        let report = audit(name);
        let rebuilt = format!("{sets} winning sets");
        assert!(report.checked[0].contains(&rebuilt), "{:?}", report.checked);
        assert!(matches!(
            report.failures.as_slice(),
            [Failure::Board(Fault::MissingEntry { .. })]
        ));
    }
}

#[test]
fn a_file_that_could_mean_two_things_is_refused() {
    let malformed = |name: &str, part: &str| match only_fault(name) {
        Fault::Malformed(message) => assert!(message.contains(part), "{name}: {message}"),
        other => panic!("{name}: {other:?}"),
    };
    malformed("duplicate-cell.json", "twice");
    malformed("disconnected-shape.json", "edge-connected");
    malformed("board-unknown-field.json", "unknown field \"k\"");
    malformed("bound-on-second-claim.json", "move_bound");
    malformed("pairing-with-table.json", "empty \"strategy\"");
    assert_eq!(
        only_fault("unknown-field.json"),
        Fault::UnknownField {
            field: "certified".into()
        }
    );
    assert_eq!(
        only_fault("name-contradicts-shape.json"),
        Fault::Name {
            found: "I-tetromino on 3x3".into(),
            derived: "L-tromino on 3x3".into()
        }
    );
    for (name, key, reason) in [
        ("two-keys-one-position.json", "01.0", "canonical spelling"),
        ("key-not-canonical.json", "8.0", "least image"),
    ] {
        match only_fault(name) {
            Fault::Key {
                key: found,
                reason: why,
            } => {
                assert_eq!(found, key);
                assert!(why.contains(reason), "{why}");
            }
            other => panic!("{name}: {other:?}"),
        }
    }
}

#[test]
fn a_repeated_key_is_refused_before_auditing() {
    let path = root().join("tests/fixtures/board/duplicate-claim.json");
    match audit_file(&path) {
        Err(AuditError::Json { source, .. }) => {
            assert!(source.to_string().contains("\"claim\" appears twice"));
        }
        other => panic!("expected a JSON error, got {other:?}"),
    }
}

/// Placements of `cells` on a `width x height` board, found by trying every
/// rotation, reflection and every offset that could place a cell inside.
fn brute_force_placements(cells: &[(i64, i64)], width: i64, height: i64) -> usize {
    let reach = cells
        .iter()
        .map(|&(x, y)| x.abs().max(y.abs()))
        .max()
        .unwrap_or(0);
    let mut found = std::collections::BTreeSet::new();
    for transform in 0..8 {
        for dx in -reach - width..=reach + width {
            for dy in -reach - height..=reach + height {
                let mut placed: Vec<i64> = Vec::new();
                for &(x, y) in cells {
                    let (x, y) = if transform & 4 != 0 { (y, x) } else { (x, y) };
                    let x = if transform & 1 != 0 { -x } else { x } + dx;
                    let y = if transform & 2 != 0 { -y } else { y } + dy;
                    if (0..width).contains(&x) && (0..height).contains(&y) {
                        placed.push(y * width + x);
                    }
                }
                if placed.len() == cells.len() {
                    placed.sort_unstable();
                    found.insert(placed);
                }
            }
        }
    }
    found.len()
}

#[test]
fn placements_match_a_brute_force_count_on_every_committed_certificate() {
    let folder = root().join("certificates/boards");
    let mut seen = 0;
    for file in std::fs::read_dir(&folder).unwrap() {
        let path = file.unwrap().path();
        let text = if gamecert_audit::is_gzip(&path) {
            gamecert_audit::read_inflated(std::fs::File::open(&path).unwrap()).unwrap()
        } else {
            std::fs::read_to_string(&path).unwrap()
        };
        let value: Value = serde_json::from_str(&text).unwrap();
        let board = &value["board"];
        let cells: Vec<(i64, i64)> = board["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c[0].as_i64().unwrap(), c[1].as_i64().unwrap()))
            .collect();
        let (w, h) = (
            board["width"].as_i64().unwrap(),
            board["height"].as_i64().unwrap(),
        );
        let report = audit_file(&path).unwrap();
        assert!(report.holds(), "{}: {:?}", path.display(), report.failures);
        let expected = format!(": {} winning sets", brute_force_placements(&cells, w, h));
        assert!(
            report.checked[0].contains(&expected),
            "{}: {} (brute force{expected})",
            path.display(),
            report.checked[0]
        );
        seen += 1;
    }
    assert!(seen >= 43, "only {seen} committed board certificates found");
}

/// What a forgery's one fault must be.
type Expected = fn(&Fault) -> bool;

#[test]
fn a_delay_table_holds_and_its_forgeries_are_refused() {
    assert!(audit("delay-valid.json").holds());
    let cases: [(&str, Expected); 5] = [
        (
            "delay-missing-reply.json",
            |f| matches!(f, Fault::MissingEntry { position } if position == "100.0"),
        ),
        ("delay-bound-too-high.json", |f| {
            matches!(f, Fault::MissingEntry { .. })
        }),
        ("delay-leaf-still-live.json", |f| {
            matches!(f, Fault::PairingFault { position, message }
                if position == "1.4000" && message.contains("contains no pair"))
        }),
        (
            "delay-dead-move.json",
            |f| matches!(f, Fault::DeadMove { position, cell: 0 } if position == "4100.200"),
        ),
        (
            "delay-pass-rule-on-first-wins.json",
            |f| matches!(f, Fault::MissingEntry { position } if position == "0.0"),
        ),
    ];
    for (name, expected) in cases {
        let fault = only_fault(name);
        assert!(expected(&fault), "{name}: {fault:?}");
    }
}

/// Snaky 8x8's committed second-player table, recast as the partial claim
/// against the first moves `cells` (its table answers every first move).
fn partial_8x8(cells: Value) -> Value {
    let path = root().join("certificates/boards/snaky-on-8x8-weak.json");
    let mut json: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    json["claim"] = Value::from("first-does-not-win-after");
    json["first_moves"] = cells;
    json
}

fn fault_of(json: &Value) -> Fault {
    let report = gamecert_audit::audit_value(json).unwrap();
    match report.failures.as_slice() {
        [Failure::Board(fault)] => fault.clone(),
        other => panic!("expected one board fault, got {other:?}"),
    }
}

#[test]
fn a_partial_claim_holds_after_its_first_moves_and_its_forgeries_are_refused() {
    let partial = partial_8x8(serde_json::json!([0, 1, 27]));
    let report = gamecert_audit::audit_value(&partial).unwrap();
    assert!(report.holds(), "{:?}", report.failures);
    assert!(report
        .checked
        .iter()
        .any(|line| line.contains("(0,0) (1,0) (3,3) only")));

    // Breaker's reply to the corner removed: the line after it is open.
    let mut missing = partial_8x8(serde_json::json!([0]));
    missing["strategy"]
        .as_object_mut()
        .unwrap()
        .remove("1.0")
        .unwrap();
    assert!(matches!(fault_of(&missing), Fault::MissingEntry { position } if position == "1.0"));

    let malformed = [
        // (0,1) is the image of (1,0): a class is named by its least image.
        serde_json::json!([8]),
        serde_json::json!([1, 0]),
        serde_json::json!([0, 0]),
        serde_json::json!([]),
        serde_json::json!([64]),
        serde_json::json!("0"),
        Value::Null,
    ];
    for cells in malformed {
        let fault = fault_of(&partial_8x8(cells.clone()));
        assert!(matches!(fault, Fault::Malformed(_)), "{cells}: {fault:?}");
    }
    // The whole-game claim names no first moves, and a partial one no bound.
    let mut whole = partial_8x8(serde_json::json!([0]));
    whole["claim"] = Value::from("first-does-not-win");
    assert!(matches!(fault_of(&whole), Fault::Malformed(m) if m.contains("first_moves")));
    let mut bounded = partial_8x8(serde_json::json!([0]));
    bounded["move_bound"] = Value::from(5);
    assert!(matches!(fault_of(&bounded), Fault::Malformed(m) if m.contains("move_bound")));
}

#[test]
fn a_first_player_table_may_leave_out_its_completions() {
    // The domino on 2x2, strong game, won within 2: after the first move
    // every reply leaves the first player a completion, so the table's
    // root entry alone proves the claim; without the root entry a reply
    // is not covered.
    let path = root().join("certificates/boards/domino-on-2x2-strong.json");
    let text = std::fs::read_to_string(path).unwrap();
    let full: Value = serde_json::from_str(&text).unwrap();
    let without = |keys: &[&str]| {
        let mut value = full.clone();
        let table = value["strategy"].as_object_mut().unwrap();
        for key in keys {
            assert!(table.remove(*key).is_some(), "{key}");
        }
        gamecert_audit::audit_value(&value).unwrap()
    };
    let root_only = without(&["1.0", "1.2"]);
    assert!(root_only.failures.is_empty(), "{:?}", root_only.failures);
    assert!(
        root_only
            .checked
            .iter()
            .any(|line| line.contains("(1 entries, 0 never reached)")),
        "{:?}",
        root_only.checked
    );
    assert!(matches!(
        without(&["0.0"]).failures.as_slice(),
        [Failure::Board(Fault::MissingEntry { .. })]
    ));
    // The rule is the first player's: the second player's table must
    // still answer a position where the first player threatens to
    // complete (the T tetromino's table without its block at 170.206).
    let path = root().join("tests/fixtures/board/t-tetromino-4x4-second.json");
    let text = std::fs::read_to_string(path).unwrap();
    let mut second: Value = serde_json::from_str(&text).unwrap();
    let table = second["strategy"].as_object_mut().unwrap();
    assert!(table.remove("170.206").is_some());
    assert!(matches!(
        gamecert_audit::audit_value(&second)
            .unwrap()
            .failures
            .as_slice(),
        [Failure::Board(Fault::MissingEntry { .. })]
    ));
}
