//! The independent auditor of one-dimensional chess certificates: the
//! trusted kernel. It re-checks a certificate from its JSON alone with its
//! own small move generator over board rows, and shares no code with the
//! engine (model, notation, solver, claims, certificate writer), so a bug
//! there cannot hide itself here.
//!
//! Every field of a certificate is checked, derived, or named here as prose
//! the audit ignores (`report` of the boards file); any other field is a
//! fault. What a passing audit proves: docs/formats/chess1d.md.

mod fault;
mod line;
mod rules;
mod tables;

pub use fault::{Fault, LineFault, TableFault};
pub use rules::End;

use crate::{AuditReport, Failure};
use rules::{count_positions, Pos};
use serde_json::Value;
use tables::{audit_table, Goal, Proven};

/// The certificate format version this auditor reads.
pub const FORMAT: u64 = 1;

/// Boards up to this size have their positions recounted (24 squares:
/// 2.96 million positions, about 4 s of CPU with its tables in a release
/// build); larger boards are refused.
pub const RECOUNT_SQUARES: usize = 24;
/// Table entries in one certificate, in all: refused above this before any
/// table is read (the committed boards file has about 33,000).
pub const MAX_ENTRIES: usize = 1_000_000;

/// The rules and conventions the audit checks by, as a certificate must quote them.
pub const RULES: &str = "Gardner's one-dimensional chess on a row of n squares numbered 1..n from White's side: White K on 1, N on 2, R on 3; Black R on n-2, N on n-1, K on n; White moves first. King one square, knight exactly two (jumping), rook any distance without jumping; a move onto an enemy piece captures it; no move may leave the mover's king attacked. Checkmate wins; stalemate and bare kings are draws; a position neither side can force to mate is a draw.";
pub const CONVENTIONS: &str = "A position is written as its row, squares 1..n left to right (K N R White, k n r Black, . empty), a space, and w or b for the side to move. Moves: piece letter, from-square, -, to-square, x and the captured piece's letter on a capture, + check, # mate. Distances are in plies (single moves); a side that wins in m of its own moves mates on ply 2m-1 if it moves first, 2m otherwise.";

const BOARD_FIELDS: &[&str] = &[
    "kind",
    "format",
    "squares",
    "rules",
    "conventions",
    "start",
    "positions",
    "value",
    "plies_to_mate",
    "moves_to_mate",
    "principal_variation",
    "claims",
    "strategies",
];
const BOARDS_FIELDS: &[&str] = &[
    "kind",
    "format",
    "rules",
    "conventions",
    "squares",
    "boards",
    "strategies",
    "report",
];
const ROW_FIELDS: &[&str] = &[
    "squares",
    "positions",
    "value",
    "plies_to_mate",
    "moves_to_mate",
];

/// What was checked, and every fault found.
pub(crate) type Findings = crate::Findings<Fault>;

pub fn audit(value: &Value) -> AuditReport {
    let kind = value
        .get("kind")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let mut findings = Findings::new();
    match kind.as_str() {
        "chess1d" => audit_board(value, &mut findings),
        "chess1d-boards" => audit_boards(value, &mut findings),
        other => findings.fail(Fault::NotChess1d {
            kind: other.to_string(),
        }),
    }
    findings.into_report(kind, Failure::Chess1d)
}

fn squares_of(value: &Value, at: &str, findings: &mut Findings) -> Option<usize> {
    match value.get("squares").and_then(Value::as_u64) {
        Some(n) if (6..=rules::MAX_SQUARES as u64).contains(&n) => Some(n as usize),
        _ => {
            findings.fail(Fault::Squares {
                at: at.to_string(),
                found: value.get("squares").and_then(Value::as_u64),
            });
            None
        }
    }
}

/// The rules and conventions quoted word for word.
fn check_prose(value: &Value, findings: &mut Findings) {
    for (field, text) in [("rules", RULES), ("conventions", CONVENTIONS)] {
        if value.get(field).and_then(Value::as_str) != Some(text) {
            findings.fail(Fault::Prose { field });
        }
    }
}

/// Verifies every table, after refusing a file with too many entries.
fn tables(value: &Value, findings: &mut Findings) -> Vec<Proven> {
    let Some(list) = value.get("strategies").and_then(Value::as_array) else {
        findings.fail(Fault::NoStrategies);
        return Vec::new();
    };
    let entries: usize = list
        .iter()
        .filter_map(|table| table.get("entries").and_then(Value::as_array))
        .map(Vec::len)
        .sum();
    if entries > MAX_ENTRIES {
        findings.fail(Fault::OverLimit {
            what: "table entries",
            count: entries as u64,
            limit: MAX_ENTRIES as u64,
        });
        return Vec::new();
    }
    list.iter()
        .filter_map(|table| audit_table(table, findings))
        .collect()
}

/// A board's stated value and distance, read: (White wins?, plies), with
/// (None, None) for a draw; `None` when the pair is not a value at all.
fn read_value(row: &Value) -> Option<(Option<bool>, Option<u64>)> {
    let plies = row.get("plies_to_mate").and_then(Value::as_u64);
    match (row.get("value").and_then(Value::as_str), plies) {
        (Some("draw"), None) => Some((None, None)),
        (Some("white"), Some(d)) => Some((Some(true), Some(d))),
        (Some("black"), Some(d)) => Some((Some(false), Some(d))),
        _ => None,
    }
}

/// The obligations a board's stated value puts on the verified tables: a
/// win in d plies needs the winner's mate_within d table and the loser's
/// no_mate_within d-2 table, d odd for White (it mates on its own plies)
/// and even for Black, so the two bound the distance exactly; a draw needs
/// both never_loses tables. Also moves_to_mate = ceil(d / 2).
fn check_value(squares: usize, row: &Value, proven: &[Proven], findings: &mut Findings) -> bool {
    let has = |white: bool, goal: Goal, plies: Option<u64>| {
        proven
            .iter()
            .any(|p| p.squares == squares && p.white == white && p.goal == goal && p.plies == plies)
    };
    let plies = row.get("plies_to_mate").and_then(Value::as_u64);
    let ok = match read_value(row) {
        Some((None, _)) => has(true, Goal::NeverLoses, None) && has(false, Goal::NeverLoses, None),
        Some((Some(white), Some(d))) => {
            d % 2 == u64::from(white)
                && has(white, Goal::MateWithin, Some(d))
                && (d < 3 || has(!white, Goal::NoMateWithin, Some(d - 2)))
        }
        _ => false,
    };
    let stated = row.get("value").and_then(Value::as_str);
    if ok {
        findings.checked.push(format!(
            "{squares} squares: value {} with plies_to_mate {plies:?} is certified by the tables",
            stated.unwrap_or("?")
        ));
    } else {
        findings.fail(Fault::ValueNotBacked {
            squares: squares as u64,
            value: stated.map(str::to_string),
            plies,
        });
    }
    let moves = row.get("moves_to_mate").and_then(Value::as_u64);
    if moves != plies.map(|d| d.div_ceil(2)) {
        findings.fail(Fault::MovesToMate {
            squares: squares as u64,
            moves,
            plies,
        });
    }
    ok
}

fn check_positions(squares: usize, stated: Option<u64>, findings: &mut Findings) {
    if squares > RECOUNT_SQUARES {
        findings.fail(Fault::NotRecounted {
            squares: squares as u64,
        });
        return;
    }
    let counted = count_positions(squares) as u64;
    if stated == Some(counted) {
        findings.checked.push(format!(
            "{squares} squares: {counted} reachable positions, recounted"
        ));
    } else {
        findings.fail(Fault::Positions {
            squares: squares as u64,
            stated,
            counted,
        });
    }
}

fn audit_board(value: &Value, findings: &mut Findings) {
    findings.known_fields(value, "certificate", BOARD_FIELDS);
    check_prose(value, findings);
    let Some(squares) = squares_of(value, "certificate", findings) else {
        return;
    };
    let start = Pos::start(squares).show();
    if value.get("start").and_then(Value::as_str) != Some(start.as_str()) {
        findings.fail(Fault::Start { expected: start });
    }
    let proven = tables(value, findings);
    check_tables_listed(&proven, (squares as u64, squares as u64), findings);
    let backed = check_value(squares, value, &proven, findings);
    check_positions(
        squares,
        value.get("positions").and_then(Value::as_u64),
        findings,
    );
    let pv: Vec<&str> = value
        .get("principal_variation")
        .and_then(Value::as_array)
        .map(|list| list.iter().map(|t| t.as_str().unwrap_or("")).collect())
        .unwrap_or_default();
    let stated = read_value(value);
    // best play is judged against a value the tables back, else only replayed
    let judged = if backed { stated } else { None };
    line::check_principal_variation(squares, judged, &pv, &proven, findings);
    let claims = value
        .get("claims")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    line::check_claims(squares, claims, stated, findings);
}

/// The declared range of boards, `{"from": A, "to": B}`.
fn declared_range(value: &Value, findings: &mut Findings) -> Option<(u64, u64)> {
    let range = value.get("squares");
    let end = |name: &str| range.and_then(|r| r.get(name)).and_then(Value::as_u64);
    match (end("from"), end("to")) {
        (Some(from), Some(to)) if 6 <= from && from <= to && to <= rules::MAX_SQUARES as u64 => {
            if let Some(range) = range {
                findings.known_fields(range, "squares", &["from", "to"]);
            }
            Some((from, to))
        }
        _ => {
            findings.fail(Fault::NoRange);
            None
        }
    }
}

/// The list of boards is exactly the declared range, in order, each once;
/// checked before any work, so a padded file is refused at once.
fn check_board_list(rows: &[Value], (from, to): (u64, u64), findings: &mut Findings) -> bool {
    let before = findings.failures.len();
    let mut listed = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        let squares = row.get("squares").and_then(Value::as_u64);
        let expected = from + index as u64;
        if let Some(n) = squares.filter(|n| listed.contains(n)) {
            findings.fail(Fault::DuplicateBoard { squares: n });
            // one duplicate says enough about a padded list
            return false;
        }
        if squares != Some(expected) {
            findings.fail(Fault::UnexpectedBoard {
                index,
                squares,
                expected,
            });
        }
        listed.extend(squares);
    }
    for squares in from..=to {
        if !listed.contains(&squares) {
            findings.fail(Fault::MissingBoard { squares });
        }
    }
    findings.failures.len() == before
}

fn audit_boards(value: &Value, findings: &mut Findings) {
    findings.known_fields(value, "certificate", BOARDS_FIELDS);
    check_prose(value, findings);
    let Some(range) = declared_range(value, findings) else {
        return;
    };
    let rows = value
        .get("boards")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    if !check_board_list(rows, range, findings) {
        return;
    }
    let proven = tables(value, findings);
    check_tables_listed(&proven, range, findings);
    for row in rows {
        let Some(squares) = squares_of(row, "board", findings) else {
            continue;
        };
        findings.known_fields(row, &format!("board {squares}"), ROW_FIELDS);
        check_value(squares, row, &proven, findings);
        check_positions(
            squares,
            row.get("positions").and_then(Value::as_u64),
            findings,
        );
    }
    if value.get("report").is_some() {
        findings.checked.push(
            "report: not audited (the solver's values for boards without tables; no claim rests on it)"
                .to_string(),
        );
    }
}

/// Every verified table is for a board the file certifies: a table for
/// another board would be checked and then count for nothing.
fn check_tables_listed(proven: &[Proven], (from, to): (u64, u64), findings: &mut Findings) {
    for table in proven {
        if !(from..=to).contains(&(table.squares as u64)) {
            findings.fail(Fault::UnlistedTable {
                table: table_name(table),
                squares: table.squares as u64,
            });
        }
    }
}

fn table_name(table: &Proven) -> String {
    let word = match table.goal {
        Goal::MateWithin => "mates",
        Goal::NoMateWithin => "delays",
        Goal::NeverLoses => "holds",
    };
    format!("{}_{word}", if table.white { "white" } else { "black" })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn table(white: bool, goal: Goal, plies: Option<u64>) -> Proven {
        Proven {
            squares: 8,
            white,
            goal,
            plies,
            entries: tables::Entries::default(),
        }
    }

    fn backed(value: &str, plies: Option<u64>, proven: &[Proven]) -> bool {
        let row = json!({"value": value, "plies_to_mate": plies,
            "moves_to_mate": plies.map(|d| d.div_ceil(2))});
        let mut findings = Findings::new();
        check_value(8, &row, proven, &mut findings) && findings.failures.is_empty()
    }

    #[test]
    fn a_win_is_backed_exactly_with_the_winners_parity() {
        use Goal::*;
        // Black mates on even plies: mate within 10 and no mate within 8 pin it to 10
        let black_10 = [
            table(false, MateWithin, Some(10)),
            table(true, NoMateWithin, Some(8)),
        ];
        assert!(backed("black", Some(10), &black_10));
        // a Black win one ply longer than the truth: the tables for 11 and 9
        // hold whenever the truth is 10, so 11 must be refused
        let black_11 = [
            table(false, MateWithin, Some(11)),
            table(true, NoMateWithin, Some(9)),
        ];
        assert!(!backed("black", Some(11), &black_11));
        let white_11 = [
            table(true, MateWithin, Some(11)),
            table(false, NoMateWithin, Some(9)),
        ];
        assert!(backed("white", Some(11), &white_11));
        let white_12 = [
            table(true, MateWithin, Some(12)),
            table(false, NoMateWithin, Some(10)),
        ];
        assert!(!backed("white", Some(12), &white_12));
        // each table is needed
        assert!(!backed("white", Some(11), &white_11[..1]));
        assert!(!backed("white", Some(11), &white_11[1..]));
        assert!(!backed("black", Some(10), &white_11));
        // short wins need no delaying table
        assert!(backed(
            "white",
            Some(1),
            &[table(true, MateWithin, Some(1))]
        ));
        assert!(backed(
            "black",
            Some(2),
            &[table(false, MateWithin, Some(2))]
        ));
        assert!(!backed(
            "black",
            Some(2),
            &[table(true, MateWithin, Some(2))]
        ));
        let holds = [
            table(true, NeverLoses, None),
            table(false, NeverLoses, None),
        ];
        assert!(backed("draw", None, &holds));
        assert!(!backed("draw", None, &holds[..1]));
        assert!(!backed("draw", None, &holds[1..]));
        assert!(!backed("draw", Some(11), &holds));
        assert!(!backed("white", None, &white_11));
    }

    /// The kernel's own solver agrees with the producer's values as the
    /// committed fixture states them (two independent computations).
    #[test]
    fn the_kernel_solver_agrees_with_the_boards_fixture() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/chess1d/boards-valid.json"
        );
        let value: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        for row in value["boards"].as_array().unwrap() {
            let squares = row["squares"].as_u64().unwrap() as usize;
            let stated = read_value(row).unwrap();
            let solved = rules::solve(squares);
            assert_eq!(solved.map(|(w, _)| w), stated.0, "{squares}");
            assert_eq!(solved.map(|(_, d)| d), stated.1, "{squares}");
            assert_eq!(
                Some(count_positions(squares) as u64),
                row["positions"].as_u64()
            );
        }
    }

    #[test]
    fn malformed_certificates_are_failures_not_panics() {
        for value in [
            serde_json::json!({"kind": "chess1d"}),
            serde_json::json!({"kind": "chess1d", "squares": 5}),
            serde_json::json!({"kind": "chess1d", "squares": 8, "strategies": [{"squares": 8, "side": "white", "goal": "mate_within", "plies": u64::MAX, "from": "KNR..rnk w", "entries": [["KNR..rnk w", "N2-4", u64::MAX]]}]}),
            serde_json::json!({"kind": "chess1d-boards", "boards": [{"squares": 99}], "strategies": []}),
            serde_json::json!({"kind": "other"}),
        ] {
            assert!(!audit(&value).holds(), "{value}");
        }
    }
}
