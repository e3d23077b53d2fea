//! The auditor of a Snaky search record (`snaky-search`): what the kernel
//! can check from the record alone. It does not repeat the search (the
//! strategy's upper bound is what the `snaky` certificate proves); it checks
//! that the recorded worst line is a legal game, that Maker completes Snaky
//! exactly on the recorded move and not before, and that the verdict follows
//! from the recorded numbers.

use crate::AuditReport;
use serde_json::Value;
use std::collections::BTreeSet;

/// The certificate format version this auditor reads.
pub const FORMAT: u64 = 1;

/// Snaky in the paper's frame: (0,0) (1,0) (2,0) (3,0) (3,1) (4,1).
const SNAKY: [(i64, i64); 6] = [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 1)];

/// Longest worst line the auditor replays.
const MAX_LINE: usize = 10_000;

type Cell = (i64, i64);

pub fn audit(value: &Value) -> AuditReport {
    let mut checked = Vec::new();
    let mut failures = Vec::new();
    match replay_worst_line(value) {
        Ok(moves) => {
            checked.push(format!(
                "the worst line is a legal game in which Maker completes Snaky on move {moves} and not before"
            ));
            check_numbers(value, moves, &mut checked, &mut failures);
        }
        Err(message) => failures.push(format!("worst_line: {message}")),
    }
    AuditReport {
        kind: "snaky-search".to_string(),
        checked,
        failures: crate::untyped(failures),
    }
}

fn cell(value: &Value) -> Option<Cell> {
    match value.as_array()?.as_slice() {
        [x, y] => Some((x.as_i64()?, y.as_i64()?)),
        _ => None,
    }
}

/// Every placement of Snaky (8 orientations, any translation) through `last`
/// lies in `owned`.
fn completes_snaky(owned: &BTreeSet<Cell>, last: Cell) -> bool {
    let orientations = (0..8).map(|code| {
        SNAKY.map(|(x, y)| {
            let (x, y) = if code & 4 != 0 { (y, x) } else { (x, y) };
            let x = if code & 1 != 0 { -x } else { x };
            let y = if code & 2 != 0 { -y } else { y };
            (x, y)
        })
    });
    orientations.into_iter().any(|shape| {
        shape.iter().any(|&(ax, ay)| {
            let (dx, dy) = (last.0 - ax, last.1 - ay);
            shape
                .iter()
                .all(|&(x, y)| owned.contains(&(x + dx, y + dy)))
        })
    })
}

/// Replays the line; returns the number of Maker moves.
fn replay_worst_line(value: &Value) -> Result<usize, String> {
    let line = value
        .get("worst_line")
        .and_then(Value::as_array)
        .ok_or("missing or not an array")?;
    if line.is_empty() || line.len() > MAX_LINE {
        return Err(format!("{} moves (need 1..={MAX_LINE})", line.len()));
    }
    let mut taken = BTreeSet::new();
    let mut maker = BTreeSet::new();
    for (index, step) in line.iter().enumerate() {
        let number = index + 1;
        let played = step
            .get("maker")
            .and_then(cell)
            .ok_or(format!("move {number}: no Maker cell"))?;
        if !taken.insert(played) {
            return Err(format!(
                "move {number}: Maker plays the taken cell {played:?}"
            ));
        }
        maker.insert(played);
        let last = number == line.len();
        if completes_snaky(&maker, played) != last {
            return Err(if last {
                format!("move {number}: the last Maker move does not complete Snaky")
            } else {
                format!("move {number}: Maker completes Snaky before the last move")
            });
        }
        match (step.get("breaker"), last) {
            (Some(Value::Null) | None, true) => {}
            (Some(reply), false) => {
                let reply = cell(reply).ok_or(format!("move {number}: no Breaker cell"))?;
                if !taken.insert(reply) {
                    return Err(format!(
                        "move {number}: Breaker plays the taken cell {reply:?}"
                    ));
                }
            }
            _ => {
                return Err(format!(
                    "move {number}: Breaker must reply except after the last move"
                ))
            }
        }
    }
    Ok(line.len())
}

/// The recorded worst case is the line's length, and the verdict follows
/// from it, the bound and the recorded failure and finite-board result.
fn check_numbers(
    value: &Value,
    moves: usize,
    checked: &mut Vec<String>,
    failures: &mut Vec<String>,
) {
    let worst = value.get("worst_case_maker_moves").and_then(Value::as_u64);
    let bound = value.get("bound").and_then(Value::as_u64);
    if worst != Some(moves as u64) {
        failures.push(format!(
            "worst_case_maker_moves: recorded {worst:?}, the worst line has {moves} Maker moves"
        ));
    }
    let no_failure = value.get("failure").is_some_and(Value::is_null);
    let board_holds = value
        .pointer("/finite_board/holds")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let within = bound.is_some_and(|bound| (moves as u64) <= bound);
    let expected = if no_failure && within && board_holds {
        "certified"
    } else {
        "refuted"
    };
    match value.get("verdict").and_then(Value::as_str) {
        Some(verdict) if verdict == expected => checked.push(format!(
            "verdict {verdict} follows from the recorded numbers"
        )),
        other => failures.push(format!(
            "verdict: recorded {other:?}, the recorded numbers give {expected:?}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Maker builds Snaky in the paper's frame, Breaker answers far away.
    fn record(maker: &[Cell]) -> Value {
        let last = maker.len() - 1;
        let line: Vec<Value> = maker
            .iter()
            .enumerate()
            .map(|(i, &(x, y))| {
                let breaker = if i == last {
                    Value::Null
                } else {
                    json!([100 + i as i64, 100])
                };
                json!({"maker": [x, y], "breaker": breaker})
            })
            .collect();
        json!({
            "kind": "snaky-search", "format": 1, "verdict": "certified", "bound": 6,
            "worst_case_maker_moves": maker.len(), "failure": null,
            "finite_board": {"holds": true}, "worst_line": line
        })
    }

    #[test]
    fn a_line_that_completes_snaky_on_its_last_move_passes() {
        let report = audit(&record(&SNAKY));
        assert!(report.holds(), "{:?}", report.messages());
    }

    #[test]
    fn a_mirrored_snaky_counts_as_completed() {
        let mirrored: Vec<Cell> = SNAKY.iter().map(|&(x, y)| (y, -x)).collect();
        assert!(audit(&record(&mirrored)).holds());
    }

    #[test]
    fn forged_lines_and_numbers_fail() {
        let mut short = record(&SNAKY[..5]);
        short["worst_case_maker_moves"] = json!(5);
        assert!(audit(&short).messages()[0].contains("does not complete Snaky"));

        let mut early = SNAKY.to_vec();
        early.push((9, 9));
        assert!(audit(&record(&early)).messages()[0].contains("before the last move"));

        let mut taken = record(&SNAKY);
        taken["worst_line"][1]["breaker"] = json!([0, 0]);
        assert!(audit(&taken).messages()[0].contains("taken cell"));

        let mut count = record(&SNAKY);
        count["worst_case_maker_moves"] = json!(5);
        assert!(audit(&count).messages()[0].contains("worst_case_maker_moves"));

        let mut verdict = record(&SNAKY);
        verdict["bound"] = json!(5);
        assert!(audit(&verdict).messages()[0].contains("verdict"));
    }
}
