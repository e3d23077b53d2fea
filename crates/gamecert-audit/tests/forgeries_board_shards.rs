//! Split second-player certificates (kind "board-shards"): Snaky 8x8's
//! committed table, recast as partial certificates of some first moves
//! each, holds as a whole only when its shards hold, are of the same game,
//! and answer every opening class once; each forgery is refused with the
//! fault that names it.

use gamecert_audit::board::Fault;
use gamecert_audit::{audit_value_in, Failure, Files};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::Path;

/// The certificates of one test, by path.
struct Memory(HashMap<String, String>);

impl Files for Memory {
    fn read(&self, path: &str) -> std::io::Result<String> {
        (self.0.get(path).cloned()).ok_or_else(|| std::io::ErrorKind::NotFound.into())
    }
}

fn whole_8x8() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../certificates/boards/snaky-on-8x8-weak.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The 8x8 table as the partial claim against `cells`.
fn shard(whole: &Value, cells: &[u64]) -> Value {
    let mut json = whole.clone();
    json["claim"] = Value::from("first-does-not-win-after");
    json["first_moves"] = json!(cells);
    json
}

fn index(whole: &Value, paths: &[&str]) -> Value {
    json!({
        "kind": "board-shards",
        "format": 1,
        "name": whole["name"],
        "game": whole["game"],
        "board": whole["board"],
        "claim": "first-does-not-win",
        "shards": paths,
    })
}

/// The square's ten opening classes, (x, y) with y <= x <= 3, split in two.
const LOW: &[u64] = &[0, 1, 2, 3];
const HIGH: &[u64] = &[9, 10, 11, 18, 19, 27];

fn files(shards: &[(&str, Value)]) -> Memory {
    Memory(
        (shards.iter())
            .map(|(path, value)| (path.to_string(), value.to_string()))
            .collect(),
    )
}

/// The two shards that answer every class between them.
fn low_and_high(whole: &Value) -> Memory {
    files(&[
        ("low.json", shard(whole, LOW)),
        ("high.json", shard(whole, HIGH)),
    ])
}

fn fault(index: &Value, files: &Memory) -> Fault {
    let report = audit_value_in(index, files).unwrap();
    match report.failures.as_slice() {
        [Failure::Board(fault)] => fault.clone(),
        other => panic!("expected one board fault, got {other:?}"),
    }
}

#[test]
fn shards_that_answer_every_opening_class_once_hold() {
    let whole = whole_8x8();
    let files = low_and_high(&whole);
    let report = audit_value_in(&index(&whole, &["low.json", "high.json"]), &files).unwrap();
    assert!(report.holds(), "{:?}", report.failures);
    assert_eq!(report.kind, "board-shards");
    assert!(report.checked[0].contains(
        "the 2 shards hold and answer each of the first player's 10 opening classes once"
    ));
}

#[test]
fn an_unanswered_or_twice_answered_class_is_refused() {
    let whole = whole_8x8();
    let short = files(&[
        ("low.json", shard(&whole, LOW)),
        ("high.json", shard(&whole, &HIGH[..5])),
    ]);
    let fault_found = fault(&index(&whole, &["low.json", "high.json"]), &short);
    assert_eq!(
        fault_found,
        Fault::UnansweredFirstMoves {
            cells: vec![(3, 3)]
        }
    );

    let twice = files(&[
        ("low.json", shard(&whole, LOW)),
        ("high.json", shard(&whole, &[3, 9, 10, 11, 18, 19, 27])),
    ]);
    let fault_found = fault(&index(&whole, &["low.json", "high.json"]), &twice);
    assert!(
        matches!(&fault_found, Fault::Shard { path, reason } if path == "high.json" && reason.contains("answered by low.json")),
        "{fault_found:?}"
    );
}

#[test]
fn a_shard_that_does_not_hold_or_is_not_a_partial_claim_of_the_game_is_refused() {
    let whole = whole_8x8();
    let mut open = shard(&whole, LOW);
    open["strategy"]
        .as_object_mut()
        .unwrap()
        .remove("1.0")
        .unwrap();
    let mut whole_claim = whole.clone();
    whole_claim["first_moves"] = Value::Null;
    let mut other_board = shard(&whole, LOW);
    other_board["board"]["width"] = Value::from(9);
    let nested = index(&whole, &["high.json"]);
    let cases = [
        (open, "does not hold"),
        (whole_claim, "its claim is not"),
        (other_board, "another game (its \"board\" differs)"),
        (nested, "is not a board certificate"),
    ];
    for (forged, expected) in cases {
        let files = files(&[("low.json", forged), ("high.json", shard(&whole, HIGH))]);
        let found = fault(&index(&whole, &["low.json", "high.json"]), &files);
        assert!(
            matches!(&found, Fault::Shard { path, reason } if path == "low.json" && reason.contains(expected)),
            "{expected}: {found:?}"
        );
    }
}

#[test]
fn a_malformed_index_is_refused() {
    let whole = whole_8x8();
    let files = low_and_high(&whole);
    let good = index(&whole, &["low.json", "high.json"]);

    let paths: [(&[&str], &str); 3] = [
        (&["../low.json", "high.json"], "inside the project"),
        (&["low.json", "low.json", "high.json"], "cited twice"),
        (&["low.json", "high.json", "gone.json"], "cannot be read"),
    ];
    for (paths, expected) in paths {
        let found = fault(&index(&whole, paths), &files);
        assert!(
            matches!(&found, Fault::Shard { reason, .. } if reason.contains(expected)),
            "{expected}: {found:?}"
        );
    }
    let mut claim = good.clone();
    claim["claim"] = Value::from("first-does-not-win-after");
    let mut empty = good.clone();
    empty["shards"] = json!([]);
    for forged in [claim, empty] {
        assert!(matches!(fault(&forged, &files), Fault::Malformed(_)));
    }
    let mut extra = good.clone();
    extra["holds"] = Value::from(true);
    assert!(matches!(fault(&extra, &files), Fault::UnknownField { field } if field == "holds"));
    let mut renamed = good;
    renamed["name"] = Value::from("snaky on 9x9");
    assert!(matches!(fault(&renamed, &files), Fault::Name { .. }));
}
