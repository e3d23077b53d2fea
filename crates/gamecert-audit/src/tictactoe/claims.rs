//! The published 3x3 claims: each verdict re-derived from the auditor's own
//! solve of the board, where the claim can be decided from values alone.

use super::fault::Fault;
use super::solve::Derived;
use super::{Findings, Game};
use serde_json::Value;

/// The ids of the published claims, decided on 3x3 with k = 3.
pub const CLAIM_IDS: [&str; 6] = ["1", "2", "3", "4", "5", "6"];

const CLAIM_FIELDS: &[&str] = &[
    "id",
    "statement",
    "verdict",
    "detail",
    "parts",
    "evidence",
    "line",
];

fn verdict_of(holds: bool) -> &'static str {
    if holds {
        "holds"
    } else {
        "refuted"
    }
}

/// The whole numbers in a text, with thousands commas read through.
fn numbers(text: &str) -> Vec<u64> {
    text.replace(',', "")
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|word| word.parse().ok())
        .collect()
}

/// The moves `X5 O1 ...` a statement quotes, as (mark, 0-based cell).
fn quoted_line(text: &str, cells: usize) -> Vec<(u8, usize)> {
    text.split_whitespace()
        .map(|word| word.trim_end_matches([',', '.', ':']))
        .filter_map(|word| {
            let (mark, cell) = word.split_at_checked(1)?;
            let mark = match mark {
                "X" => b'X',
                "O" => b'O',
                _ => return None,
            };
            let cell: usize = cell.parse().ok()?;
            (1..=cells).contains(&cell).then_some((mark, cell - 1))
        })
        .collect()
}

/// Whether a quoted line is a legal game that ends in a full board with no
/// completed line.
fn drawing_line(game: &Game, line: &[(u8, usize)]) -> bool {
    let mut board = vec![b'.'; game.cells()];
    for &(mark, cell) in line {
        if mark != Game::to_move(&board) || board[cell] != b'.' {
            return false;
        }
        board[cell] = mark;
        if game.wins(&board, mark) {
            return false;
        }
    }
    !board.contains(&b'.')
}

/// The derived verdict of one claim, or `None` where values alone cannot
/// decide it (claim 4's line of play).
fn derive(
    id: &str,
    claim: &Value,
    game: &Game,
    solved: &Derived,
    findings: &mut Findings,
) -> Option<&'static str> {
    let field = |name: &str| {
        solved
            .fields
            .iter()
            .find(|(f, _)| *f == name)
            .map(|(_, v)| v)
    };
    let reply = |map: &str, cell: usize| {
        field(map)
            .and_then(|m| m.get(cell.to_string()))
            .and_then(Value::as_i64)
    };
    let statement = claim.get("statement").and_then(Value::as_str).unwrap_or("");
    match id {
        "1" => {
            let sequences = field("sequences")?;
            let counted: Vec<u64> = ["x_wins", "o_wins", "draws"]
                .iter()
                .filter_map(|part| sequences[*part].as_u64())
                .collect();
            let quoted = numbers(statement);
            if quoted.len() != 3 {
                findings.fail(Fault::ClaimUnreadable {
                    id: id.to_string(),
                    why: "the statement must quote three counts (X wins, O wins, draws)",
                });
                return None;
            }
            Some(verdict_of(quoted == counted))
        }
        "2" => Some(verdict_of(
            solved.value == 0 && solved.first_moves.iter().all(|&v| v == 0),
        )),
        "3" => {
            let values: Vec<i64> = (2..=9)
                .filter_map(|cell| reply("replies_to_corner_1", cell))
                .collect();
            let drawn = values.iter().filter(|&&v| v == 0).count();
            let rest_lose = values.iter().all(|&v| v == 0 || v == 1);
            Some(verdict_of((1..values.len()).contains(&drawn) && rest_lose))
        }
        "4" => {
            // the value part: every edge reply to the centre loses for O;
            // the stated line of play is not derived here
            let edges_lose = [2, 4, 6, 8]
                .iter()
                .all(|&cell| reply("replies_to_centre_5", cell) == Some(1));
            (!edges_lose).then_some("refuted")
        }
        "5" => {
            let line = quoted_line(statement, game.cells());
            if line.is_empty() {
                findings.fail(Fault::ClaimUnreadable {
                    id: id.to_string(),
                    why: "the statement must quote its line of moves (X5 O1 ...)",
                });
                return None;
            }
            Some(verdict_of(drawing_line(game, &line)))
        }
        _ => Some(verdict_of(game.cell_classes().len() == 3)),
    }
}

/// The claims: exactly the published ones on 3x3 with k = 3 (none on other
/// boards), each verdict the one the audit derives where it can.
pub fn check_claims(
    game: &Game,
    k: usize,
    claims: &[Value],
    solved: Option<&Derived>,
    findings: &mut Findings,
) {
    let ids = crate::claim_ids(claims);
    let published = game.rows == 3 && game.cols == 3 && k == 3;
    let expected: Vec<String> = if published {
        CLAIM_IDS.iter().map(|id| id.to_string()).collect()
    } else {
        Vec::new()
    };
    if ids != expected {
        findings.fail(Fault::ClaimIds {
            found: ids,
            expected,
        });
        return;
    }
    let Some(solved) = solved else {
        return;
    };
    for (claim, id) in claims.iter().zip(CLAIM_IDS) {
        findings.known_fields(claim, &format!("claim {id}"), CLAIM_FIELDS);
        let found = claim.get("verdict").and_then(Value::as_str);
        match derive(id, claim, game, solved, findings) {
            Some(expected) if found != Some(expected) => findings.fail(Fault::ClaimVerdict {
                id: id.to_string(),
                found: found.map(str::to_string),
                expected,
            }),
            Some(expected) => findings.checked.push(format!(
                "claim {id}: verdict {expected} follows from the audit's solve"
            )),
            None if matches!(found, Some("holds" | "refuted")) => findings.checked.push(format!(
                "claim {id}: verdict {} not derived (its line of play is not checked here)",
                found.unwrap_or("")
            )),
            None => findings.fail(Fault::ClaimVerdict {
                id: id.to_string(),
                found: found.map(str::to_string),
                expected: "holds or refuted",
            }),
        }
    }
}
