//! Grid-delay forgeries (docs/formats/grid-delay.md): each committed
//! certificate under `certificates/grid/` holds, and each tampering of one
//! (an entry removed, a move bound changed, a move moved onto a dead or
//! taken cell, an entry added, a field added) or a crafted table for a
//! false claim is rejected with the fault that names what is wrong; a
//! table over the auditor's limits is refused before it is read or as
//! soon as the replay passes the limit.

use gamecert_audit::grid::{audit_with, Fault, Limits, LIMITS, MAX_ENTRIES};
use gamecert_audit::{audit_value, Failure};
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn committed() -> Vec<(String, Value)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root().join("certificates/grid"))
        .expect("certificates/grid")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (
                p.display().to_string(),
                serde_json::from_str(&text).unwrap(),
            )
        })
        .collect()
}

fn load(stem: &str) -> Value {
    let path = root()
        .join("certificates/grid")
        .join(format!("{stem}.json"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn faults(value: &Value) -> Vec<Fault> {
    audit_value(value)
        .unwrap()
        .failures
        .into_iter()
        .map(|f| match f {
            Failure::Grid(fault) => fault,
            other => panic!("not a grid fault: {other:?}"),
        })
        .collect()
}

fn only_fault(value: &Value) -> Fault {
    match faults(value).as_slice() {
        [fault] => fault.clone(),
        other => panic!("expected one fault, got {other:?}"),
    }
}

fn table(value: &mut Value) -> &mut Map<String, Value> {
    value["strategy"].as_object_mut().unwrap()
}

#[test]
fn every_committed_certificate_holds() {
    let all = committed();
    assert!(!all.is_empty());
    for (path, value) in all {
        assert_eq!(faults(&value), vec![], "{path}");
    }
}

#[test]
fn a_missing_maker_reply_is_refused_naming_the_position() {
    for stem in ["y-pentomino-within-5", "l-pentomino-within-6"] {
        let base = load(stem);
        let keys: Vec<String> = base["strategy"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        for key in keys.iter().take(5) {
            let mut value = base.clone();
            table(&mut value).remove(key);
            assert_eq!(
                faults(&value).first(),
                Some(&Fault::MissingEntry {
                    position: key.clone()
                }),
                "{stem}: {key}"
            );
        }
    }
}

/// A certificate for `cells` within `bound` with the given table, named
/// as the kernel names it.
fn crafted(cells: Value, bound: u64, strategy: Value) -> Value {
    let shape: Vec<(i64, i64)> = serde_json::from_value(cells.clone()).unwrap();
    json!({
        "kind": "grid-delay",
        "format": 1,
        "name": gamecert_audit::grid::name(&shape, bound),
        "cells": cells,
        "claim": "maker-does-not-win-within",
        "move_bound": bound,
        "strategy": strategy,
    })
}

#[test]
fn a_line_does_not_end_while_a_live_placement_can_be_completed() {
    // The domino within 2 (false): after the origin every domino through
    // it is live, missing one cell, so the line may not end there.
    let empty = crafted(json!([[0, 0], [1, 0]]), 2, json!({}));
    let Fault::MissingEntry { position } = only_fault(&empty) else {
        panic!("expected a missing entry");
    };
    // Whatever live cell Breaker takes, Maker completes another domino.
    for cell in [[0, 1, 0], [0, 0, 1], [0, 2, 1]] {
        let value = crafted(
            json!([[0, 0], [1, 0]]),
            2,
            json!({ position.clone(): cell }),
        );
        assert!(
            matches!(
                only_fault(&value),
                Fault::MakerCompletes { .. } | Fault::DeadMove { .. }
            ),
            "{cell:?}"
        );
    }
}

#[test]
fn a_wrong_move_count_is_refused() {
    let base = load("i-tetromino-within-5");
    let cells: Vec<(i64, i64)> = serde_json::from_value(base["cells"].clone()).unwrap();
    let size = cells.len() as u64;
    // The bound raised by one, the name with it: some line is uncovered
    // (or completed).
    let mut value = base.clone();
    value["move_bound"] = json!(6);
    value["name"] = json!(gamecert_audit::grid::name(&cells, 6));
    assert!(
        matches!(
            faults(&value).first(),
            Some(Fault::MissingEntry { .. } | Fault::MakerCompletes { .. })
        ),
        "{:?}",
        faults(&value)
    );
    // The bound lowered by one: the table is for other positions (the key
    // of a component-phase position carries the moves left).
    let mut value = base.clone();
    value["move_bound"] = json!(4);
    value["name"] = json!(gamecert_audit::grid::name(&cells, 4));
    assert!(matches!(
        only_fault(&value),
        Fault::UnusedEntry { .. } | Fault::MissingEntry { .. }
    ));
    // The bound changed but not the name.
    let mut value = base.clone();
    value["move_bound"] = json!(4);
    assert!(matches!(only_fault(&value), Fault::Name { .. }));
    // Beyond |P| + 2 no far-move rule is proved.
    let mut value = base;
    value["move_bound"] = json!(size + 3);
    value["name"] = json!(gamecert_audit::grid::name(&cells, size + 3));
    assert_eq!(
        only_fault(&value),
        Fault::OutsideRules {
            bound: size + 3,
            cells: size
        }
    );
}

#[test]
fn a_move_on_a_dead_far_or_taken_cell_is_refused() {
    let base = load("l-pentomino-within-6");
    let keys: Vec<String> = base["strategy"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    let geometric = keys.iter().find(|k| k.starts_with("g:")).unwrap().clone();
    let component = keys.iter().find(|k| !k.starts_with("g:")).unwrap().clone();
    // Breaker's move far from every stone: a pass in disguise.
    for (key, entry) in [
        (&geometric, json!([40, 40])),
        (&component, json!([0, 40, 40])),
        // A component the position does not have.
        (&component, json!([9, 0, 0])),
        // The origin, Maker's first stone, in the geometric frame.
        (&geometric, json!([0, 0])),
    ] {
        let mut value = base.clone();
        table(&mut value).insert(key.clone(), entry.clone());
        let found = faults(&value);
        assert!(
            matches!(found.first(), Some(Fault::DeadMove { position, .. }) if position == key),
            "{key} {entry}: {found:?}"
        );
    }
    // The spelling of a geometric move in a component key (and back).
    let mut value = base.clone();
    table(&mut value).insert(component.clone(), json!([1, 1]));
    assert!(matches!(only_fault(&value), Fault::Malformed(_)));
}

#[test]
fn an_entry_the_replay_never_reaches_is_refused() {
    let mut value = load("y-pentomino-within-5");
    table(&mut value).insert("4/1x1:1:1".into(), json!([0, 0, 0]));
    assert_eq!(
        only_fault(&value),
        Fault::UnusedEntry {
            key: "4/1x1:1:1".into()
        }
    );
}

#[test]
fn an_unknown_field_or_claim_is_refused() {
    let mut value = load("y-pentomino-within-5");
    value["pairing"] = json!(null);
    assert!(matches!(only_fault(&value), Fault::UnknownField { .. }));
    let mut value = load("y-pentomino-within-5");
    value["claim"] = json!("first-wins");
    assert!(matches!(only_fault(&value), Fault::Malformed(_)));
}

#[test]
fn a_false_claim_has_no_table() {
    // The straight tromino within 3 (Maker wins in 3): the empty table
    // and every single-entry table fail.
    let cells = json!([[0, 0], [1, 0], [2, 0]]);
    let Fault::MissingEntry { position } = only_fault(&crafted(cells.clone(), 3, json!({}))) else {
        panic!("expected a missing entry");
    };
    for x in -3..=3 {
        for y in -3..=3 {
            let value = crafted(cells.clone(), 3, json!({ position.clone(): [0, x, y] }));
            assert!(!faults(&value).is_empty(), "({x},{y})");
        }
    }
}

fn grid_faults(report: gamecert_audit::AuditReport) -> Vec<Fault> {
    (report.failures.into_iter())
        .map(|f| match f {
            Failure::Grid(fault) => fault,
            other => panic!("not a grid fault: {other:?}"),
        })
        .collect()
}

#[test]
fn a_table_over_the_entry_limit_is_refused_before_any_entry_is_read() {
    // One entry too many, none of them well formed: the count is checked
    // first, so the fault is the limit, not a malformed entry.
    let strategy: Map<String, Value> = (0..=MAX_ENTRIES)
        .map(|i| (format!("not a key {i}"), Value::Null))
        .collect();
    let value = crafted(json!([[0, 0], [1, 0]]), 2, Value::Object(strategy));
    assert_eq!(
        only_fault(&value),
        Fault::Limit {
            what: "table entries",
            found: MAX_ENTRIES + 1,
            limit: MAX_ENTRIES
        }
    );
    // The same check under a lower limit, on a committed table.
    let value = load("l-pentomino-within-6");
    let entries = value["strategy"].as_object().unwrap().len() as u64;
    let limits = Limits {
        entries: entries - 1,
        ..LIMITS
    };
    assert_eq!(
        grid_faults(audit_with(&value, limits)),
        vec![Fault::Limit {
            what: "table entries",
            found: entries,
            limit: entries - 1
        }]
    );
}

#[test]
fn a_replay_over_the_visit_limit_stops_at_the_first_visit_over() {
    let value = load("snaky-within-7");
    let report = audit_with(&value, LIMITS);
    assert!(report.holds(), "{:?}", report.failures);
    // The visits the replay needs, from its own summary line.
    let needed: u64 = report.checked[0]
        .split(" positions replayed")
        .next()
        .and_then(|head| head.rsplit('(').next())
        .and_then(|n| n.parse().ok())
        .expect("the summary counts the positions replayed");
    let limits = Limits {
        visits: needed - 1,
        ..LIMITS
    };
    assert_eq!(
        grid_faults(audit_with(&value, limits)),
        vec![Fault::Limit {
            what: "positions visited",
            found: needed,
            limit: needed - 1
        }]
    );
    let limits = Limits {
        visits: needed,
        ..LIMITS
    };
    assert!(audit_with(&value, limits).holds());
}

#[test]
fn the_kernel_keeps_verdicts_only_of_certificates_it_reads_alone() {
    let verdicts = gamecert_audit::Verdicts::new();
    let path = root().join("certificates/grid/y-pentomino-within-5.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let report = verdicts.audit_alone("y", &text).unwrap();
    assert!(report.is_some_and(|r| r.holds()));
    // A forged text is audited on its own, whatever was kept.
    let forged = text.replacen("\"move_bound\": 5", "\"move_bound\": 4", 1);
    assert_ne!(forged, text);
    let report = verdicts.audit_alone("forged", &forged).unwrap();
    assert!(report.is_some_and(|r| !r.holds()));
    // The atlas reads the files it cites: it is not audited here.
    let atlas = std::fs::read_to_string(root().join("certificates/animals.json")).unwrap();
    assert!(verdicts.audit_alone("atlas", &atlas).unwrap().is_none());
}
