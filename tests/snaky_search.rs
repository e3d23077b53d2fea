//! The rule-free search (issue 3, items 1, 3 and 6): the honest table
//! holds with worst case 21, every forgery the core check refutes fails
//! here too, and the finite-board result holds.

mod common;

use common::{gamecert, root, stdout};
use gamecert::snaky::geometry::Cell;
use gamecert::snaky::play::snaky_through;
use gamecert::snaky::search::{search_json, search_table, SearchRun};
use gamecert::snaky::{check_table, TABLE_PATH};
use std::collections::HashSet;

fn honest() -> String {
    std::fs::read_to_string(root().join(TABLE_PATH)).expect("the pinned table is readable")
}

/// The honest table with one textual change on the line of `card`.
fn forged(card: u32, from: &str, to: &str) -> String {
    let prefix = format!("{card} ");
    let lines: Vec<String> = honest()
        .lines()
        .map(|line| {
            if line.starts_with(&prefix) {
                assert!(line.contains(from), "card {card} has no {from:?}");
                line.replacen(from, to, 1)
            } else {
                line.to_string()
            }
        })
        .collect();
    let text = lines.join("\n") + "\n";
    assert_ne!(text, honest(), "the forgery changes the table");
    text
}

fn search(text: &str, bound: u32) -> SearchRun {
    search_table("forged.txt", text.as_bytes(), bound).expect("the table parses")
}

#[test]
fn the_honest_table_holds_with_worst_case_twenty_one() {
    let run = search(&honest(), 21);
    let result = &run.result;
    assert!(result.holds());
    assert_eq!(result.verdict(), "certified");
    assert_eq!(result.worst_case_maker_moves, Some(21));
    assert_eq!(result.failure, None);
    // Deterministic counts of this search (single-threaded, fixed order).
    assert_eq!(result.states, 2166);
    assert_eq!(result.replies_examined, 44456);
    // Maker sometimes already owns a pivot; the worst line never does.
    assert_eq!(result.replacement_states, 19);
    assert!(result.worst_line.iter().all(|step| !step.replacement));
    // The worst line has 21 Maker moves and starts as the paper's example.
    let line = &result.worst_line;
    assert_eq!(line.len(), 21);
    assert_eq!(line[0].node, "727");
    assert_eq!(line[0].maker, Some(Cell::new(8, 8)));
    assert_eq!(line[0].breaker, Some(Cell::new(7, 8)));
    assert_eq!(line[1].maker, Some(Cell::new(8, 7)));
    assert!(line[20].breaker.is_none());
}

#[test]
fn the_worst_line_is_a_legal_game_that_maker_wins_by_the_rules() {
    let run = search(&honest(), 21);
    let mut taken = HashSet::new();
    let mut maker = HashSet::new();
    for (number, step) in run.result.worst_line.iter().enumerate() {
        let cell = step.maker.expect("Maker moves at every step");
        assert!(taken.insert(cell), "Maker's move {cell} is free");
        maker.insert(cell);
        let won = snaky_through(&maker, cell);
        // Maker wins exactly with the last move, not earlier.
        assert_eq!(won.is_some(), number == 20, "move {}", number + 1);
        if let Some(reply) = step.breaker {
            assert!(taken.insert(reply), "Breaker's reply {reply} is free");
        }
    }
    // Every cell of the line is on the 17x17 board.
    assert!(taken
        .iter()
        .all(|c| (0..17).contains(&c.x) && (0..17).contains(&c.y)));
}

#[test]
fn the_finite_board_result_holds() {
    let board = search(&honest(), 21).result.finite_board;
    assert!(board.holds);
    assert!(board.strategy_cells_inside_final_envelope);
    assert!(board.final_envelope_inside_board);
    assert_eq!(board.final_envelope_cells, 251);
    assert!(board.strategy_cells <= 251 && board.strategy_cells > 0);
    assert_eq!(board.max_occupied_before_last_maker_move, Some(40));
    assert_eq!(board.board_cells, 289);
}

/// The forgeries of the core issue: each is refuted by `snaky check` and
/// must fail the search too.
fn forgeries() -> Vec<(&'static str, String)> {
    vec![
        ("card 727 pivot 88 -> 87", forged(727, "727 88 ", "727 87 ")),
        ("card 727 last child dropped", {
            let text = forged(727, " 726:6FF", "");
            let last = text.lines().last().unwrap_or("").to_string();
            assert!(!last.ends_with("726:6FF"), "{last}");
            text
        }),
        (
            "card 708 684:011 -> 684:111",
            forged(708, "684:011", "684:111"),
        ),
        (
            "card 311 inline pivot (41 -> (42",
            forged(311, "(41 ", "(42 "),
        ),
    ]
}

#[test]
fn every_forgery_refuted_by_the_core_check_fails_the_search() {
    for (name, text) in forgeries() {
        let core = check_table("forged.txt", text.as_bytes(), 21).expect("forgery parses");
        assert!(!core.claim.holds(), "{name}: the core check refutes it");
        let result = search(&text, 21).result;
        assert!(!result.holds(), "{name}: the search fails it");
        assert_eq!(result.worst_case_maker_moves, None, "{name}");
        let failure = result.failure.expect("a failing line names its failure");
        assert!(!failure.is_empty(), "{name}");
        assert!(!result.worst_line.is_empty(), "{name}: the failing line");
    }
}

#[test]
fn forgeries_fail_where_expected() {
    let results: Vec<String> = forgeries()
        .into_iter()
        .map(|(_, text)| search(&text, 21).result.failure.unwrap_or_default())
        .collect();
    // Maker claims (8,7); Breaker takes (8,8), which every child needs.
    assert!(results[0].contains("node 727") && results[0].contains("(8,8)"));
    // Without the last child some reply in the common envelope is unanswered.
    assert!(results[1].contains("node 727") && results[1].contains("no child"));
    assert!(results[3].contains("311"), "{}", results[3]);
}

#[test]
fn the_honest_table_fails_a_bound_of_twenty() {
    let result = search(&honest(), 20).result;
    assert_eq!(result.worst_case_maker_moves, Some(21));
    assert!(!result.holds());
    assert_eq!(result.verdict(), "refuted");
}

#[test]
fn search_exit_codes_follow_check() {
    assert_eq!(gamecert(&["snaky", "search"]).status.code(), Some(0));
    assert_eq!(
        gamecert(&["snaky", "search", "--bound", "20"])
            .status
            .code(),
        Some(1)
    );
    let dir = std::env::temp_dir().join(format!("gamecert-search-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let forged_path = dir.join("forged.txt");
    std::fs::write(&forged_path, forged(727, "727 88 ", "727 87 ")).unwrap();
    let output = gamecert(&["snaky", "search", forged_path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).contains("REFUTED"));
    let garbage = dir.join("garbage.txt");
    std::fs::write(&garbage, "6 00 not a table\n").unwrap();
    assert_eq!(
        gamecert(&["snaky", "search", garbage.to_str().unwrap()])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        gamecert(&["snaky", "search", "does/not/exist.txt"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn search_json_has_the_issue_keys_and_is_deterministic() {
    let output = gamecert(&["snaky", "search", "--json", "-"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    let json_start = text.find("{\n").expect("JSON follows the summary");
    let value: serde_json::Value = serde_json::from_str(&text[json_start..]).unwrap();
    assert_eq!(value["verdict"], "certified");
    assert_eq!(value["worst_case_maker_moves"], 21);
    assert_eq!(value["states"], 2166);
    assert_eq!(value["replies_examined"], 44456);
    assert_eq!(value["worst_line"].as_array().map(Vec::len), Some(21));
    assert_eq!(value["finite_board"]["holds"], true);
    let again = search_json(&search_table(TABLE_PATH, honest().as_bytes(), 21).unwrap());
    assert_eq!(&text[json_start..], again);
}

#[test]
fn the_committed_search_file_is_current() {
    let committed =
        std::fs::read_to_string(root().join(gamecert::snaky::search::SEARCH_CERTIFICATE_PATH))
            .expect("gamecert verify wrote certificates/snaky21-search.json");
    let fresh = search_json(&search_table(TABLE_PATH, honest().as_bytes(), 21).unwrap());
    // `verify` adds one game against the computer Breaker (`play`); the
    // search itself must be what `snaky search` computes now.
    let mut committed: serde_json::Value = serde_json::from_str(&committed).unwrap();
    let play = committed.as_object_mut().unwrap().remove("play");
    assert_eq!(play.unwrap()["wins"], 1);
    // `verify` also names the certificate it wrote for the same table.
    let cited = committed["certificate"].take();
    assert_eq!(cited, "certificates/snaky21.json");
    let fresh: serde_json::Value = serde_json::from_str(&fresh).unwrap();
    assert_eq!(fresh["certificate"], serde_json::Value::Null);
    committed["certificate"] = serde_json::Value::Null;
    assert_eq!(committed, fresh);
}

#[test]
fn a_table_whose_last_card_still_requires_cells_fails() {
    // Card 6 alone: A = {(0,y): 0<=y<=4} is not Maker's on the empty
    // board, so Breaker takes a required cell that every child needs.
    let first = honest().lines().next().unwrap().to_string() + "\n";
    let result = search(&first, 21).result;
    assert_eq!(result.worst_case_maker_moves, None);
    let failure = result.failure.unwrap();
    assert!(failure.contains("node 6: no child"), "{failure}");
    assert_eq!(result.worst_line.len(), 1);
}

#[test]
fn the_extracted_strategy_agrees_with_the_evaluators_placed_envelopes() {
    use gamecert::snaky::strategy::{load, Move};
    let (evaluation, strategy) = load(honest().as_bytes()).unwrap();
    let window = &evaluation.window;
    assert_eq!(strategy.root, evaluation.nodes.len() - 1);
    for (id, node) in evaluation.nodes.iter().enumerate() {
        let target = &strategy.targets[id];
        assert_eq!(target.envelope, window.to_vec(&node.condition.envelope));
        let Move::Combination {
            pivot, children, ..
        } = &target.action
        else {
            panic!("node {id} is a combination");
        };
        assert_eq!(*pivot, node.pivot);
        assert_eq!(children.len(), node.children.len());
        for (link, placed) in children.iter().zip(&node.children) {
            assert!(link.nested, "node {}", target.label);
            // The cells the link maps into the child are exactly the
            // evaluator's placed child envelope.
            let mapped: Vec<Cell> = target
                .envelope
                .iter()
                .zip(&link.transfer)
                .filter(|(_, t)| t.is_some())
                .map(|(c, _)| *c)
                .collect();
            let placed = evaluation.placed(placed.source);
            assert_eq!(mapped, window.to_vec(&placed.envelope));
        }
    }
}
