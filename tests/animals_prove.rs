//! The strategy generator (`gamecert animals prove`): its values against a
//! brute-force minimax computed here, its tables against the checker and
//! the committed files, bad shapes, and forged winner references in the atlas.

mod common;

use common::{gamecert, root, stderr, stdout};
use gamecert::animals::prove::{check, table_path, WINNERS};
use gamecert::audit::animals::{atlas, AnimalsFault};
use gamecert::audit::Failure;
use gamecert::generate::{prove, value, ProveOptions};
use gamecert::polyomino::names::by_name;
use serde_json::Value;
use std::collections::HashMap;

/// Brute-force minimax on the n x n board (Maker first; a Breaker with no
/// free cell passes): the smallest k <= max such that Maker owns a copy of
/// P within k moves, whatever Breaker does.
fn minimax_value(cells: &[(i32, i32)], n: i32, max: u32) -> Option<u32> {
    let mut placements: Vec<u64> = Vec::new();
    for symmetry in 0..8 {
        let moved: Vec<(i32, i32)> = cells
            .iter()
            .map(|&(x, y)| {
                let (x, y) = if symmetry & 1 != 0 { (y, x) } else { (x, y) };
                let x = if symmetry & 2 != 0 { -x } else { x };
                let y = if symmetry & 4 != 0 { -y } else { y };
                (x, y)
            })
            .collect();
        for dx in -n..=n {
            for dy in -n..=n {
                let placed: Option<u64> = moved.iter().try_fold(0u64, |mask, &(x, y)| {
                    let (x, y) = (x + dx, y + dy);
                    ((0..n).contains(&x) && (0..n).contains(&y)).then(|| mask | 1 << (y * n + x))
                });
                if let Some(mask) = placed {
                    if !placements.contains(&mask) {
                        placements.push(mask);
                    }
                }
            }
        }
    }
    let cells_on_board = (n * n) as u32;
    let mut memo = HashMap::new();
    (1..=max).find(|&k| wins(0, 0, k, cells_on_board, &placements, &mut memo))
}

fn wins(
    maker: u64,
    breaker: u64,
    moves: u32,
    board: u32,
    placements: &[u64],
    memo: &mut HashMap<(u64, u64, u32), bool>,
) -> bool {
    if let Some(&known) = memo.get(&(maker, breaker, moves)) {
        return known;
    }
    let free: Vec<u64> = (0..board)
        .map(|i| 1u64 << i)
        .filter(|bit| (maker | breaker) & bit == 0)
        .collect();
    let result = free.iter().any(|&m| {
        let maker = maker | m;
        if placements.iter().any(|p| p & !maker == 0) {
            return true;
        }
        if moves == 1 {
            return false;
        }
        let replies: Vec<u64> = free.iter().copied().filter(|&b| b != m).collect();
        if replies.is_empty() {
            return wins(maker, breaker, moves - 1, board, placements, memo);
        }
        replies
            .iter()
            .all(|&b| wins(maker, breaker | b, moves - 1, board, placements, memo))
    });
    memo.insert((maker, breaker, moves), result);
    result
}

#[test]
fn the_generator_finds_the_values_a_brute_force_minimax_finds() {
    for (name, board) in [
        ("monomino", 2),
        ("domino", 3),
        ("L tromino", 4),
        ("straight tromino", 5),
    ] {
        let animal = by_name(name).unwrap().canonical();
        let brute = minimax_value(animal.cells(), board, 4);
        assert!(
            brute.is_some(),
            "{name}: no win on the {board} x {board} board"
        );
        assert_eq!(value(animal.cells(), 6, 100_000), brute, "{name}");
    }
}

#[test]
fn generated_tables_are_certified_at_their_bound_and_nothing_below_is_found() {
    for name in ["domino", "L tromino", "T tetromino"] {
        let animal = by_name(name).unwrap().canonical();
        let options = ProveOptions {
            max_bound: 8,
            node_limit: 1_000_000,
        };
        let proof = prove(animal.cells(), options, &mut |_| {}).unwrap();
        let height = proof.height.unwrap();
        let checked = check(&animal, name, proof.table.as_ref().unwrap().as_bytes()).unwrap();
        assert!(checked.holds(), "{name}");
        assert_eq!(checked.height(), height);
        // Every bound below the table's was searched to the end in vain.
        assert_eq!(proof.proved_none_within(), Some(height - 1));
        assert!(proof.bounds.iter().all(|b| b.finished));
    }
}

#[test]
fn committed_winner_tables_are_regenerated_byte_for_byte() {
    // The L pentomino's search takes seconds; the others are instant.
    for name in WINNERS.iter().filter(|n| **n != "L pentomino") {
        let animal = by_name(name).unwrap().canonical();
        let options = ProveOptions {
            max_bound: 10,
            node_limit: 1_000_000,
        };
        let proof = prove(animal.cells(), options, &mut |_| {}).unwrap();
        let committed = std::fs::read_to_string(root().join(table_path(name))).unwrap();
        assert_eq!(proof.table.as_deref(), Some(committed.as_str()), "{name}");
    }
}

#[test]
fn bad_shapes_exit_two_and_a_good_one_prints_a_certified_table() {
    for (shape, message) in [
        ("(0,0) (2,0)", "not connected"),
        ("(0,0) (0,0)", "listed twice"),
        (
            "(0,0) (1,0) (2,0) (3,0) (4,0) (5,0) (6,0) (7,0) (8,0)",
            "at most 8",
        ),
        ("(0,0) (1,x)", "1:10"),
    ] {
        let output = gamecert(&["animals", "prove", shape]);
        assert_eq!(output.status.code(), Some(2), "{shape}");
        assert!(
            stderr(&output).contains(message),
            "{shape}: {}",
            stderr(&output)
        );
    }
    let output = gamecert(&["animals", "prove", "domino", "--bound", "0"]);
    assert_eq!(output.status.code(), Some(2));
    let output = gamecert(&["animals", "prove", "L tromino"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("no table of the generator's form with h <= 2"));
    assert!(text.contains("h = 3"));
    assert!(text.contains("checker: certified; rule-free search: certified"));
    // A bound too small for any table: nothing certified, exit 1.
    let output = gamecert(&["animals", "prove", "L tromino", "--bound", "2"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).contains("no table found"));
}

fn atlas_with(edit: impl Fn(&mut Value)) -> Value {
    let text = std::fs::read_to_string(root().join("certificates/animals.json")).unwrap();
    let mut value: Value = serde_json::from_str(&text).unwrap();
    let entries = value["animals"].as_array_mut().unwrap();
    let domino = entries.iter_mut().find(|e| e["name"] == "domino").unwrap();
    edit(domino);
    value
}

fn entry_faults(value: &Value) -> Vec<String> {
    atlas::audit_at(value, &root())
        .failures
        .iter()
        .map(|f| match f {
            Failure::Animals(fault @ (AnimalsFault::Entry { .. } | AnimalsFault::Moves { .. })) => {
                fault.to_string()
            }
            other => panic!("unexpected failure {other:?}"),
        })
        .collect()
}

#[test]
fn the_kernel_rejects_forged_winner_table_references() {
    assert_eq!(entry_faults(&atlas_with(|_| {})), Vec::<String>::new());
    // The domino cites the T tetromino's table.
    let faults = entry_faults(&atlas_with(|e| {
        e["certificate"] = Value::from("certificates/animals/table-t-tetromino.json")
    }));
    assert!(
        faults.len() == 1 && faults[0].contains("another animal"),
        "{faults:?}"
    );
    // The domino claims a bound below its table's height.
    let faults = entry_faults(&atlas_with(|e| e["moves"]["upper"] = Value::from(1)));
    assert!(
        faults.len() == 1 && faults[0].contains("is not the certified bound 2"),
        "{faults:?}"
    );
    // The domino cites a table certificate whose last card's height was lowered.
    let text =
        std::fs::read_to_string(root().join("certificates/animals/table-domino.json")).unwrap();
    let mut forged: Value = serde_json::from_str(&text).unwrap();
    forged["final_card"]["height"] = Value::from(1);
    let dir = root().join("target/gamecert-tests");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("forged-table-domino.json"), forged.to_string()).unwrap();
    let faults = entry_faults(&atlas_with(|e| {
        e["certificate"] = Value::from("target/gamecert-tests/forged-table-domino.json");
        e["moves"]["upper"] = Value::from(1);
        e["moves"]["upper_by"] = e["certificate"].clone();
    }));
    assert!(
        faults.len() == 1 && faults[0].contains("does not audit"),
        "{faults:?}"
    );
}
