//! The independent auditor of a tic-tac-toe certificate: the trusted kernel.
//!
//! It reads the JSON alone and shares no code with the solver: boards are
//! plain strings, lines and symmetries are rebuilt here from rows, cols and
//! k. For each strategy table it plays the strategy against every opponent
//! reply and checks that every reached position has an entry, every
//! prescribed move is legal, no reached position is lost (or, for a winning
//! strategy, drawn), and no entry is unreachable. The strategies together
//! must then prove the certificate's `value`.

use crate::AuditReport;
use serde_json::{Map, Value};
use std::collections::HashSet;

/// The certificate format version this auditor reads.
pub const FORMAT: u64 = 1;

/// Boards larger than this are refused (their tables could not be audited anyway).
const MAX_CELLS: u64 = 64;
/// Failures listed one by one before the rest are only counted.
const MAX_LISTED_FAILURES: usize = 20;

struct Game {
    rows: usize,
    cols: usize,
    /// Each winning line as its cells (0-based).
    lines: Vec<Vec<usize>>,
    /// Each symmetry as cell -> image cell.
    symmetries: Vec<Vec<usize>>,
}

impl Game {
    fn from_json(json: &Value) -> Result<Game, String> {
        let field = |name: &str| -> Result<u64, String> {
            json.get(name)
                .and_then(Value::as_u64)
                .ok_or_else(|| format!("certificate has no whole number \"{name}\""))
        };
        let (rows, cols, k) = (field("rows")?, field("cols")?, field("k")?);
        if rows == 0 || cols == 0 || k == 0 || rows.saturating_mul(cols) > MAX_CELLS {
            return Err(format!(
                "board {rows}x{cols} with k={k} is not auditable (need 1 <= cells <= {MAX_CELLS}, k >= 1)"
            ));
        }
        if k > rows.max(cols) {
            return Err(format!("k={k} does not fit on a {rows}x{cols} board"));
        }
        let (rows, cols, k) = (rows as usize, cols as usize, k as usize);
        let mut lines = Vec::new();
        for (dr, dc) in [(0i64, 1i64), (1, 0), (1, 1), (1, -1)] {
            for r in 0..rows as i64 {
                for c in 0..cols as i64 {
                    let cells: Vec<(i64, i64)> =
                        (0..k as i64).map(|i| (r + dr * i, c + dc * i)).collect();
                    if cells
                        .iter()
                        .all(|&(r, c)| r < rows as i64 && c >= 0 && c < cols as i64)
                    {
                        lines.push(
                            cells
                                .iter()
                                .map(|&(r, c)| (r * cols as i64 + c) as usize)
                                .collect(),
                        );
                    }
                }
            }
        }
        // The rectangle's 4 symmetries, and 4 more on a square.
        let (h, w) = (rows - 1, cols - 1);
        let count = if rows == cols { 8 } else { 4 };
        let symmetries = (0..count)
            .map(|symmetry| {
                (0..rows * cols)
                    .map(|cell| {
                        let (r, c) = (cell / cols, cell % cols);
                        let (r, c) = match symmetry {
                            0 => (r, c),
                            1 => (r, w - c),
                            2 => (h - r, c),
                            3 => (h - r, w - c),
                            4 => (c, r),
                            5 => (w - c, h - r),
                            6 => (c, h - r),
                            _ => (w - c, r),
                        };
                        r * cols + c
                    })
                    .collect()
            })
            .collect();
        Ok(Game {
            rows,
            cols,
            lines,
            symmetries,
        })
    }

    fn cells(&self) -> usize {
        self.rows * self.cols
    }

    fn wins(&self, board: &[u8], mark: u8) -> bool {
        self.lines
            .iter()
            .any(|line| line.iter().all(|&cell| board[cell] == mark))
    }

    fn to_move(board: &[u8]) -> u8 {
        let x = board.iter().filter(|&&m| m == b'X').count();
        let o = board.iter().filter(|&&m| m == b'O').count();
        if x == o {
            b'X'
        } else {
            b'O'
        }
    }

    /// The rows joined by '/'.
    fn text(&self, board: &[u8]) -> String {
        board
            .chunks(self.cols)
            .map(|row| String::from_utf8_lossy(row).into_owned())
            .collect::<Vec<_>>()
            .join("/")
    }

    /// The smallest image under the symmetries.
    fn canonical(&self, board: &[u8]) -> Vec<u8> {
        self.symmetries
            .iter()
            .map(|image| {
                let mut mapped = vec![b'.'; board.len()];
                for (cell, &mark) in board.iter().enumerate() {
                    mapped[image[cell]] = mark;
                }
                mapped
            })
            .min()
            .unwrap_or_else(|| board.to_vec())
    }
}

/// Whether a finished game's value keeps the strategy's guarantee.
fn kept(player: u8, value: i64, guarantee: i64) -> bool {
    if player == b'X' {
        value >= guarantee
    } else {
        value <= guarantee
    }
}

/// Plays `table` for `player` against every reply; returns the failures.
fn check_strategy(
    game: &Game,
    player: u8,
    guarantee: i64,
    table: &Map<String, Value>,
) -> Vec<String> {
    let opponent = if player == b'X' { b'O' } else { b'X' };
    let win = |mark: u8| if mark == b'X' { 1 } else { -1 };
    let mut failures = Vec::new();
    let mut used: HashSet<String> = HashSet::new();
    let mut seen: HashSet<Vec<u8>> = HashSet::new();
    let mut pending = vec![vec![b'.'; game.cells()]];
    while let Some(board) = pending.pop() {
        let key = game.text(&board);
        let mut after = board.clone();
        if Game::to_move(&board) == player {
            let Some(entry) = table.get(&key) else {
                failures.push(format!("no entry for reachable position {key}"));
                continue;
            };
            used.insert(key.clone());
            let cell = match entry.as_u64() {
                Some(cell) if cell >= 1 && cell <= game.cells() as u64 => cell as usize - 1,
                _ => {
                    failures.push(format!(
                        "entry {key}: move {entry} is not a cell of the board"
                    ));
                    continue;
                }
            };
            if board[cell] != b'.' {
                failures.push(format!(
                    "entry {key}: move {} is illegal, the cell is taken",
                    cell + 1
                ));
                continue;
            }
            after[cell] = player;
            if game.wins(&after, player) {
                continue;
            }
            if !after.contains(&b'.') {
                if !kept(player, 0, guarantee) {
                    failures.push(format!(
                        "entry {key}: move {} ends in a draw, not a win",
                        cell + 1
                    ));
                }
                continue;
            }
        }
        for reply in 0..game.cells() {
            if after[reply] != b'.' {
                continue;
            }
            let mut next = after.clone();
            next[reply] = opponent;
            if game.wins(&next, opponent) {
                if !kept(player, win(opponent), guarantee) {
                    failures.push(format!(
                        "position {key} is lost: after {}'s move {}, {} completes a line at {}",
                        player as char,
                        game.text(&after),
                        opponent as char,
                        reply + 1
                    ));
                }
                continue;
            }
            if !next.contains(&b'.') {
                if !kept(player, 0, guarantee) {
                    failures.push(format!(
                        "position {key}: reply {} ends in a draw, not a win",
                        reply + 1
                    ));
                }
                continue;
            }
            let canonical = game.canonical(&next);
            if seen.insert(canonical.clone()) {
                pending.push(canonical);
            }
        }
    }
    let mut unused: Vec<&String> = table.keys().filter(|key| !used.contains(*key)).collect();
    unused.sort();
    for key in unused {
        failures.push(format!("entry {key} is not reachable under the strategy"));
    }
    failures
}

/// Audits a tic-tac-toe certificate from its JSON alone.
pub fn audit(json: &Value) -> AuditReport {
    let report = audit_messages(json);
    AuditReport {
        kind: report.kind,
        checked: report.checked,
        failures: crate::untyped(report.failures),
    }
}

/// What the auditor checked and every failure, as messages.
struct Messages {
    kind: String,
    checked: Vec<String>,
    failures: Vec<String>,
}

/// The recorded sequence counts add up to their total.
fn check_sequences(json: &Value, name: &str, report: &mut Messages) {
    let Some(sequences) = json.get("sequences") else {
        return;
    };
    let part = |name: &str| sequences.get(name).and_then(Value::as_u64);
    let sum = [part("x_wins"), part("o_wins"), part("draws")]
        .into_iter()
        .try_fold(0u64, |sum, part| part.and_then(|p| sum.checked_add(p)));
    if sum.is_none() || sum != part("total") {
        report
            .failures
            .push("sequences: x_wins + o_wins + draws is not total".to_string());
    } else {
        report
            .checked
            .push(format!("{name}: sequence counts add up to their total"));
    }
}

fn audit_messages(json: &Value) -> Messages {
    let mut report = Messages {
        kind: "tictactoe".to_string(),
        checked: Vec::new(),
        failures: Vec::new(),
    };
    let game = match Game::from_json(json) {
        Ok(game) => game,
        Err(message) => {
            report.failures.push(message);
            return report;
        }
    };
    let name = format!("{}x{} k={}", game.rows, game.cols, json["k"]);
    let value = json.get("value").and_then(Value::as_i64);
    let Some(value) = value.filter(|v| (-1..=1).contains(v)) else {
        report
            .failures
            .push("certificate has no \"value\" of -1, 0 or 1".to_string());
        return report;
    };
    check_sequences(json, &name, &mut report);
    // What the verified strategies prove about the value: X's raises the
    // lower bound to its guarantee, O's lowers the upper bound.
    let (mut lowest, mut highest) = (-1i64, 1i64);
    for (field, player) in [("x", b'X'), ("o", b'O')] {
        let Some(strategy) = json.get("strategies").and_then(|s| s.get(field)) else {
            report.failures.push(format!(
                "certificate has no strategies.{field} (null if none)"
            ));
            continue;
        };
        if strategy.is_null() {
            report
                .checked
                .push(format!("{name}: no strategy for {}", player as char));
            continue;
        }
        let guarantee = strategy.get("guarantee").and_then(Value::as_i64);
        let table = strategy.get("table").and_then(Value::as_object);
        let (Some(guarantee), Some(table)) = (guarantee, table) else {
            report.failures.push(format!(
                "strategies.{field} needs a whole \"guarantee\" and an object \"table\""
            ));
            continue;
        };
        if !(-1..=1).contains(&guarantee) {
            report.failures.push(format!(
                "strategies.{field}: guarantee {guarantee} is not -1, 0 or 1"
            ));
            continue;
        }
        if strategy.get("size").and_then(Value::as_u64) != Some(table.len() as u64) {
            report.failures.push(format!(
                "strategies.{field}: size is not the table's {} entries",
                table.len()
            ));
        }
        let failures = check_strategy(&game, player, guarantee, table);
        if failures.is_empty() {
            report.checked.push(format!(
                "{name}: {}'s table of {} positions keeps {} against every reply",
                player as char,
                table.len(),
                guarantee
            ));
            if player == b'X' {
                lowest = lowest.max(guarantee);
            } else {
                highest = highest.min(guarantee);
            }
        } else {
            let total = failures.len();
            for failure in failures.into_iter().take(MAX_LISTED_FAILURES) {
                report
                    .failures
                    .push(format!("strategies.{field}: {failure}"));
            }
            if total > MAX_LISTED_FAILURES {
                report.failures.push(format!(
                    "strategies.{field}: {} more failures",
                    total - MAX_LISTED_FAILURES
                ));
            }
        }
    }
    if lowest == value && highest == value {
        report
            .checked
            .push(format!("{name}: the strategies prove the value {value}"));
    } else {
        report.failures.push(format!(
            "the value {value} is not proved: the verified strategies only show it lies in {lowest}..={highest}"
        ));
    }
    report
}
