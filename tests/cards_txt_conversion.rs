//! `contrib/snaky/cards-txt-to-table.py`: a card set in the integer text
//! format `snaky-cards-txt-v1` becomes a card table in the paper's grammar
//! whose cards the kernel derives from their hints; the committed 15x15
//! table is exactly what the script writes from the committed card set.

mod common;

use common::{gamecert, root};
use serde_json::Value;
use std::process::{Command, Output};

const CONVERTER: &str = "contrib/snaky/cards-txt-to-table.py";

fn convert_file(path: &std::path::Path) -> Output {
    Command::new("python3")
        .arg(root().join(CONVERTER))
        .arg(path)
        .output()
        .unwrap()
}

/// This process's scratch directory.
fn scratch() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gamecert-cards-txt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn convert_text(name: &str, text: &str) -> Output {
    let path = scratch().join(name);
    std::fs::write(&path, text).unwrap();
    convert_file(&path)
}

/// Two cards of height 1 (Snaky at the origin, completed at (0,0) or at
/// (4,1)) and a double threat of height 2: Maker owns (1,0) (2,0) (3,0)
/// (3,1) (4,1) and plays (4,0); the pass and the reply (5,1) are answered
/// by completing at (0,0), the reply (0,0) by completing at (5,1).
const DOUBLE_THREAT: &str = "snaky-cards-txt-v1 3 8 2 0 0 0
1 0 0 5 1 0 2 0 3 0 3 1 4 1 6 0 0 1 0 2 0 3 0 3 1 4 1 -1 0
1 4 1 5 0 0 1 0 2 0 3 0 3 1 6 0 0 1 0 2 0 3 0 3 1 4 1 -1 0
2 4 0 5 1 0 2 0 3 0 3 1 4 1 8 0 0 1 0 2 0 3 0 4 0 3 1 4 1 5 1 0 0 0 0 2 0 0 1 0 1 0 5 1 0 0 0 0
";

fn cells(value: &Value) -> Vec<(i64, i64)> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|cell| (cell[0].as_i64().unwrap(), cell[1].as_i64().unwrap()))
        .collect()
}

#[test]
fn a_double_threat_becomes_a_line_whose_children_are_its_distinct_hints() {
    let out = convert_text("double-threat.txt", DOUBLE_THREAT);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    // The pass hint and the reply (5,1) name the same placement: one child.
    assert_eq!(
        String::from_utf8(out.stdout.clone()).unwrap(),
        "6 40 0 5:010\n"
    );
    let dir = scratch();
    let table = dir.join("double-threat-table.txt");
    std::fs::write(&table, &out.stdout).unwrap();
    let json = dir.join("double-threat.json");
    let checked = gamecert(&[
        "snaky",
        "check",
        table.to_str().unwrap(),
        "--conditional",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(checked.status.code(), Some(0), "{checked:?}");
    let certificate: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let card = &certificate["final_card"];
    assert_eq!(card["height"], 2);
    assert_eq!(card["pivot"], serde_json::json!([4, 0]));
    assert_eq!(
        cells(&card["required"]),
        [(1, 0), (2, 0), (3, 0), (3, 1), (4, 1)]
    );
}

#[test]
fn input_the_grammar_cannot_express_is_refused_with_exit_2() {
    for (name, text, message) in [
        (
            "orientation.txt",
            DOUBLE_THREAT.replace("0 0 0 0 2", "0 9 0 0 2"),
            "orientation 9",
        ),
        (
            "short.txt",
            DOUBLE_THREAT.replace("-1 0\n1 4 1", "-1\n1 4 1"),
            "line 2",
        ),
        (
            "header.txt",
            DOUBLE_THREAT.replace("snaky-cards-txt-v1", "cards"),
            "header",
        ),
        (
            "no-placement.txt",
            DOUBLE_THREAT.replace("1 0 0 5 1 0 2 0", "1 0 0 5 1 1 2 0"),
            "no Snaky placement",
        ),
    ] {
        let out = convert_text(name, &text);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(stderr.contains(message), "{name}: {stderr}");
        assert!(out.stdout.is_empty(), "{name}");
    }
}

#[test]
fn the_committed_15x15_table_is_the_conversion_of_the_committed_card_set() {
    let sources = root().join("certificates/sources");
    let out = convert_file(&sources.join("snaky15-gotrevor-cards.txt.gz"));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let committed = std::fs::read(sources.join("snaky15-gotrevor.txt")).unwrap();
    assert!(out.stdout == committed, "the conversion differs");
}

#[test]
fn usage_without_an_input_exits_2() {
    let out = Command::new("python3")
        .arg(root().join(CONVERTER))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("CARDS.txt"));
}
