mod common;

use common::{gamecert, root, stderr, stdout};
use gamecert::audit::audit_value;
use gamecert::tictactoe::{self, Board};
use serde_json::Value;
use std::path::PathBuf;

fn committed(name: &str) -> Value {
    let text = std::fs::read_to_string(root().join("certificates").join(name)).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn audit_failures(json: &Value) -> Vec<String> {
    audit_value(json).unwrap().messages()
}

fn table_mut<'a>(json: &'a mut Value, player: &str) -> &'a mut serde_json::Map<String, Value> {
    json["strategies"][player]["table"].as_object_mut().unwrap()
}

/// A scratch file for this test process.
fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("gamecert-{}-{name}", std::process::id()))
}

/// Cells of a board key (`X.O/.X./...`) without the row separators.
fn cells(key: &str) -> Vec<char> {
    key.chars().filter(|&c| c != '/').collect()
}

#[test]
fn report_of_classic_tictactoe() {
    let output = gamecert(&["tictactoe"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    common::snapshot_settings().bind(|| {
        insta::assert_snapshot!("tictactoe_report_3x3", stdout(&output));
    });
}

#[test]
fn report_of_3x4_with_three_in_a_row() {
    let output = gamecert(&["tictactoe", "--rows", "3", "--cols", "4", "--k", "3"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    common::snapshot_settings().bind(|| {
        insta::assert_snapshot!("tictactoe_report_3x4k3", stdout(&output));
    });
}

#[test]
fn json_option_writes_the_committed_certificate_byte_for_byte() {
    let path = scratch("3x3.json");
    let output = gamecert(&["tictactoe", "--json", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let written = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).ok();
    let committed = std::fs::read_to_string(root().join("certificates/tictactoe.json")).unwrap();
    assert_eq!(written, committed);
}

#[test]
fn certificate_numbers_are_consistent_and_claims_decided() {
    let json = committed("tictactoe.json");
    assert_eq!(json["kind"], "tictactoe");
    let sequences = &json["sequences"];
    let sum: u64 = ["x_wins", "o_wins", "draws"]
        .iter()
        .map(|key| sequences[key].as_u64().unwrap())
        .sum();
    assert_eq!(sequences["total"].as_u64(), Some(sum));
    assert_eq!(json["first_moves"].as_array().unwrap().len(), 9);
    assert_eq!(json["replies_to_corner_1"].as_object().unwrap().len(), 8);
    assert_eq!(json["replies_to_centre_5"].as_object().unwrap().len(), 8);
    // Nodes count every prefix of every sequence, so they exceed sequences.
    assert!(json["nodes"].as_u64().unwrap() > sum);
    let ids: Vec<&str> = json["claims"]
        .as_array()
        .unwrap()
        .iter()
        .map(|claim| claim["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["1", "2", "3", "4", "5", "6"]);
    // Claim 1 compares the computed counts with the published ones: its
    // verdict must agree with the numbers in the same certificate.
    let claim_1 = &json["claims"][0];
    let published = gamecert::tictactoe::claims::PUBLISHED_SEQUENCES;
    let matches = sequences["x_wins"].as_u64() == Some(published.0)
        && sequences["o_wins"].as_u64() == Some(published.1)
        && sequences["draws"].as_u64() == Some(published.2);
    assert_eq!(
        claim_1["verdict"],
        if matches { "holds" } else { "refuted" }
    );
    // Claim 2's verdict agrees with the first-move values.
    let all_zero = json["first_moves"]
        .as_array()
        .unwrap()
        .iter()
        .all(|v| v == 0);
    let holds = |yes: bool| if yes { "holds" } else { "refuted" };
    assert_eq!(
        json["claims"][1]["verdict"],
        holds(all_zero && json["value"] == 0)
    );
    // Claim 4 holds when every edge reply to X5 loses and every line part
    // (the printed line and its symmetric images) wins.
    let edges_lose = ["2", "4", "6", "8"]
        .iter()
        .all(|edge| json["replies_to_centre_5"][edge] == 1);
    let lines_win = json["claims"][3]["parts"]
        .as_array()
        .unwrap()
        .iter()
        .all(|part| part["pass"] == true);
    assert_eq!(json["claims"][3]["verdict"], holds(edges_lose && lines_win));
}

#[test]
fn every_committed_certificate_passes_the_auditor() {
    for (rows, cols, k) in tictactoe::verify::BOARDS {
        let path = tictactoe::verify::certificate_path(rows, cols, k);
        let output = gamecert(&["audit", path.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
        assert!(stdout(&output).contains("holds (0 failures)"));
    }
}

#[test]
fn tampered_move_onto_a_taken_cell_fails() {
    let mut json = committed("tictactoe.json");
    let table = table_mut(&mut json, "x");
    let (key, _) = table
        .iter()
        .find(|(key, _)| cells(key).iter().any(|&c| c != '.'))
        .map(|(k, v)| (k.clone(), v.clone()))
        .unwrap();
    let taken = cells(&key).iter().position(|&c| c != '.').unwrap() + 1;
    table.insert(key.clone(), Value::from(taken));
    let failures = audit_failures(&json);
    assert!(
        failures
            .iter()
            .any(|f| f.contains(&key) && f.contains("illegal")),
        "{failures:?}"
    );
}

#[test]
fn tampered_move_that_ignores_a_threat_loses_and_fails() {
    // Find an X entry where O threatens to complete a line and X's move
    // blocks it; move X elsewhere instead, so O wins at once.
    let mut json = committed("tictactoe.json");
    let lines: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    let table = table_mut(&mut json, "x");
    let mut tamper = None;
    for (key, value) in table.iter() {
        let board = cells(key);
        let block = value.as_u64().unwrap() as usize - 1;
        let threatened = lines.iter().any(|line| {
            line.contains(&block)
                && line.iter().filter(|&&c| board[c] == 'O').count() == 2
                && !line.iter().any(|&c| board[c] == 'X')
        });
        // X must not win at once with the replacement either.
        if threatened {
            let x_wins_at = |cell: usize| {
                lines.iter().any(|line| {
                    line.contains(&cell) && line.iter().all(|&c| c == cell || board[c] == 'X')
                })
            };
            let other = (0..9).find(|&c| c != block && board[c] == '.' && !x_wins_at(c));
            if let Some(other) = other {
                tamper = Some((key.clone(), other + 1));
                break;
            }
        }
    }
    let (key, other) = tamper.expect("the X table blocks at least one threat");
    table.insert(key.clone(), Value::from(other));
    let failures = audit_failures(&json);
    assert!(
        failures
            .iter()
            .any(|f| f.contains("is lost") && f.contains("O completes a line")),
        "{failures:?}"
    );
}

#[test]
fn missing_or_unreachable_entries_fail() {
    let mut json = committed("tictactoe.json");
    let table = table_mut(&mut json, "o");
    let key = table.keys().nth(3).unwrap().clone();
    table.remove(&key);
    json["strategies"]["o"]["size"] = Value::from(table_mut(&mut json, "o").len());
    let failures = audit_failures(&json);
    assert!(
        failures
            .iter()
            .any(|f| f.contains("no entry for reachable position") && f.contains(&key)),
        "{failures:?}"
    );

    let mut json = committed("tictactoe.json");
    // A position X cannot reach when it opens in the centre as its table says.
    table_mut(&mut json, "x").insert("O../.../...".into(), Value::from(5));
    json["strategies"]["x"]["size"] = Value::from(table_mut(&mut json, "x").len());
    let failures = audit_failures(&json);
    assert!(
        failures.iter().any(|f| f.contains("not reachable")),
        "{failures:?}"
    );
}

#[test]
fn a_value_the_strategies_do_not_prove_fails() {
    let mut json = committed("tictactoe.json");
    json["value"] = Value::from(1);
    assert!(audit_failures(&json)
        .iter()
        .any(|f| f.contains("not proved")));
    // Without O's table only "X never loses" is proved, not the draw.
    let mut json = committed("tictactoe.json");
    json["strategies"]["o"] = Value::Null;
    assert!(audit_failures(&json).iter().any(|f| f.contains("0..=1")));
}

#[test]
fn tampered_certificate_file_makes_audit_exit_one() {
    let mut json = committed("tictactoe-3x4k3.json");
    let table = table_mut(&mut json, "x");
    let key = table.keys().next().unwrap().clone();
    table.remove(&key);
    let path = scratch("tampered-3x4.json");
    std::fs::write(&path, serde_json::to_string(&json).unwrap()).unwrap();
    let output = gamecert(&["audit", path.to_str().unwrap()]);
    std::fs::remove_file(&path).ok();
    assert_eq!(output.status.code(), Some(1), "{}", stdout(&output));
    assert!(stdout(&output).contains("FAILED"));
}

#[test]
fn a_malformed_certificate_is_a_failure_not_a_panic() {
    for text in [
        r#"{"kind":"tictactoe","format":1}"#,
        r#"{"kind":"tictactoe","format":1,"rows":3,"cols":3,"k":9,"value":0}"#,
        r#"{"kind":"tictactoe","format":1,"rows":99,"cols":99,"k":3,"value":0}"#,
        r#"{"kind":"tictactoe","format":1,"rows":3,"cols":3,"k":3,"value":0,"strategies":{"x":{"guarantee":0,"size":1,"table":{".../.../...":99}},"o":null}}"#,
        r#"{"kind":"tictactoe","format":1,"rows":3,"cols":3,"k":3,"value":7,"strategies":{}}"#,
    ] {
        let json: Value = serde_json::from_str(text).unwrap();
        assert!(!audit_failures(&json).is_empty(), "{text}");
    }
}

#[test]
fn bad_boards_exit_two_with_a_message() {
    for (args, expected) in [
        (vec!["--k", "4"], "larger than"),
        (vec!["--rows", "0"], "at least one row"),
        (vec!["--k", "0"], "at least 1"),
        (
            vec!["--rows", "100000", "--cols", "100000"],
            "at most 16 cells",
        ),
        (vec!["--rows", "5", "--cols", "5"], "at most 16 cells"),
    ] {
        let mut full = vec!["tictactoe"];
        full.extend(args.iter());
        let output = gamecert(&full);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr(&output).contains(expected), "{}", stderr(&output));
    }
    let output = gamecert(&["tictactoe", "--rows", "-3"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn the_library_run_matches_the_committed_3x4_certificate() {
    let run = tictactoe::run(Board::new(3, 4, 3).unwrap(), &mut |_| {}).unwrap();
    let committed =
        std::fs::read_to_string(root().join("certificates/tictactoe-3x4k3.json")).unwrap();
    assert_eq!(run.json, committed);
    assert!(run.audit.holds());
    // X wins, so only X has a table, and it wins against every reply.
    assert_eq!(run.certificate.value, 1);
    assert!(run.certificate.strategies.o.is_none());
}
