//! The independent auditor of a tic-tac-toe certificate: the trusted kernel.
//!
//! It reads the JSON alone and shares no code with the solver: boards are
//! plain strings, lines and symmetries are rebuilt here from rows, cols and
//! k. For each strategy table it plays the strategy against every opponent
//! reply and checks that every reached position has an entry, every
//! prescribed move is legal, no reached position is lost (or, for a winning
//! strategy, drawn), and no entry is unreachable. The strategies together
//! must then prove the certificate's `value`. On a board of up to 9 cells
//! the auditor also solves the game itself, so every number the file states
//! and every published claim's verdict is recomputed. What a passing audit
//! proves: docs/formats/tictactoe.md.

mod claims;
mod fault;
mod solve;

pub use fault::{Fault, StrategyFault};

use crate::{AuditReport, Failure};
use serde_json::{Map, Value};
use std::collections::HashSet;

/// The certificate format version this auditor reads.
pub const FORMAT: u64 = 1;

/// Boards larger than this are refused before anything is built (the
/// producer's solver stops at 16 cells too); so `k` is at most 16 and a
/// board has at most 4 * 16 lines.
pub const MAX_CELLS: u64 = 16;
/// Strategy-table entries in one certificate, in all: refused above this
/// before any table is played (the committed 4x4 k=4 file has 24,969).
/// Playing a table visits at most `cells + 1` positions per entry, so the
/// two limits bound the audit's work and memory.
pub const MAX_ENTRIES: usize = 100_000;
// a visited board is packed two bits a cell into a u64
const _: () = assert!(MAX_CELLS <= 32);
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
    fn from_json(json: &Value) -> Result<(Game, usize), Fault> {
        let field = |field: &'static str| -> Result<u64, Fault> {
            json.get(field)
                .and_then(Value::as_u64)
                .ok_or(Fault::MissingNumber { field })
        };
        let (rows, cols, k) = (field("rows")?, field("cols")?, field("k")?);
        if rows == 0 || cols == 0 || k == 0 || rows.saturating_mul(cols) > MAX_CELLS {
            return Err(Fault::NotAuditable { rows, cols, k });
        }
        if k > rows.max(cols) {
            return Err(Fault::KTooLong { rows, cols, k });
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
        Ok((
            Game {
                rows,
                cols,
                lines,
                symmetries,
            },
            k,
        ))
    }

    /// The cells (1-based) in classes under the symmetries, each class
    /// ascending, the classes by their first cell.
    fn cell_classes(&self) -> Vec<Vec<usize>> {
        let mut classes: Vec<Vec<usize>> = Vec::new();
        for cell in 0..self.cells() {
            if classes.iter().any(|class| class.contains(&(cell + 1))) {
                continue;
            }
            let mut class: Vec<usize> = self
                .symmetries
                .iter()
                .map(|image| image[cell] + 1)
                .collect();
            class.sort_unstable();
            class.dedup();
            classes.push(class);
        }
        classes
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

/// What was checked, and every fault found.
pub(crate) type Findings = crate::Findings<Fault>;

/// A board in two bits a cell, so a visited position costs 8 bytes.
fn pack(board: &[u8]) -> u64 {
    board.iter().fold(0, |packed, &mark| {
        packed << 2
            | match mark {
                b'X' => 1,
                b'O' => 2,
                _ => 0,
            }
    })
}

/// A table's faults: the first few kept, the rest only counted, so a
/// hostile table cannot make the list grow with the positions it reaches.
#[derive(Default)]
struct Failures {
    listed: Vec<StrategyFault>,
    total: usize,
}

impl Failures {
    fn push(&mut self, fault: StrategyFault) {
        if self.listed.len() < MAX_LISTED_FAILURES {
            self.listed.push(fault);
        }
        self.total += 1;
    }
}

/// Plays `table` for `player` against every reply; returns the faults.
fn check_strategy(game: &Game, player: u8, guarantee: i64, table: &Map<String, Value>) -> Failures {
    let opponent = if player == b'X' { b'O' } else { b'X' };
    let win = |mark: u8| if mark == b'X' { 1 } else { -1 };
    let mut failures = Failures::default();
    let mut used: HashSet<&str> = HashSet::new();
    let mut seen: HashSet<u64> = HashSet::new();
    let mut pending = vec![vec![b'.'; game.cells()]];
    while let Some(board) = pending.pop() {
        let key = game.text(&board);
        let mut after = board.clone();
        if Game::to_move(&board) == player {
            let Some((stored, entry)) = table.get_key_value(&key) else {
                failures.push(StrategyFault::NoEntry { position: key });
                continue;
            };
            used.insert(stored.as_str());
            let cell = match entry.as_u64() {
                Some(cell) if cell >= 1 && cell <= game.cells() as u64 => cell as usize - 1,
                _ => {
                    failures.push(StrategyFault::NotACell {
                        position: key,
                        entry: entry.to_string(),
                    });
                    continue;
                }
            };
            if board[cell] != b'.' {
                failures.push(StrategyFault::Taken {
                    position: key,
                    cell: cell + 1,
                });
                continue;
            }
            after[cell] = player;
            if game.wins(&after, player) {
                continue;
            }
            if !after.contains(&b'.') {
                if !kept(player, 0, guarantee) {
                    failures.push(StrategyFault::MoveDraws {
                        position: key,
                        cell: cell + 1,
                    });
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
                    failures.push(StrategyFault::Lost {
                        position: key.clone(),
                        player: player as char,
                        after: game.text(&after),
                        opponent: opponent as char,
                        cell: reply + 1,
                    });
                }
                continue;
            }
            if !next.contains(&b'.') {
                if !kept(player, 0, guarantee) {
                    failures.push(StrategyFault::ReplyDraws {
                        position: key.clone(),
                        reply: reply + 1,
                    });
                }
                continue;
            }
            let canonical = game.canonical(&next);
            if seen.insert(pack(&canonical)) {
                pending.push(canonical);
            }
        }
    }
    let mut unused: Vec<&String> = (table.keys())
        .filter(|key| !used.contains(key.as_str()))
        .collect();
    unused.sort();
    for key in unused {
        failures.push(StrategyFault::Unreachable {
            position: key.clone(),
        });
    }
    failures
}

/// How a certificate explains its table keys, quoted word for word.
pub const CANONICAL_FORM: &str = "Positions are row strings joined by '/', '.' empty, cells numbered 1..rows*cols row by row from the top left; X is to move when X and O have as many marks. A table key is the canonical form of a position: the smallest string (byte order, so '.' < 'O' < 'X') among its images under the board's symmetries (the 8 of the square, or the 4 of a non-square rectangle). The move is a cell of that canonical board. To play from a real board b: find a symmetry g with g(b) equal to the key, look up the move m, and play g's inverse of m on b.";

const FIELDS: &[&str] = &[
    "kind",
    "format",
    "rows",
    "cols",
    "k",
    "symmetries",
    "value",
    "sequences",
    "nodes",
    "positions",
    "positions_up_to_symmetry",
    "first_moves",
    "first_move_classes",
    "replies_to_corner_1",
    "replies_to_centre_5",
    "claims",
    "canonical_form",
    "strategies",
];
const STRATEGY_FIELDS: &[&str] = &["player", "guarantee", "goal", "size", "table"];

/// Audits a tic-tac-toe certificate from its JSON alone.
pub fn audit(json: &Value) -> AuditReport {
    let mut findings = Findings::new();
    audit_into(json, &mut findings);
    findings.into_report("tictactoe".to_string(), Failure::Tictactoe)
}

fn audit_into(json: &Value, findings: &mut Findings) {
    let kind = json.get("kind").and_then(Value::as_str).unwrap_or("");
    if kind != "tictactoe" {
        findings.fail(Fault::NotTictactoe {
            kind: kind.to_string(),
        });
        return;
    }
    findings.known_fields(json, "certificate", FIELDS);
    let (game, k) = match Game::from_json(json) {
        Ok(game) => game,
        Err(fault) => {
            findings.fail(fault);
            return;
        }
    };
    if !within_entry_limit(json, findings) {
        return;
    }
    let name = format!("{}x{} k={k}", game.rows, game.cols);
    let Some(value) = json
        .get("value")
        .and_then(Value::as_i64)
        .filter(|v| (-1..=1).contains(v))
    else {
        findings.fail(Fault::NoValue);
        return;
    };
    if json.get("canonical_form").and_then(Value::as_str) != Some(CANONICAL_FORM) {
        findings.fail(Fault::Text {
            field: "canonical_form".into(),
            expected: CANONICAL_FORM.into(),
        });
    }
    check_symmetries(json, &game, findings);
    let solved = (game.cells() <= solve::SOLVE_CELLS).then(|| solve::derive(&game));
    check_numbers(json, &name, solved.as_ref(), findings);
    check_value(json, &game, &name, value, findings);
    let claims = json
        .get("claims")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    claims::check_claims(&game, k, claims, solved.as_ref(), findings);
}

/// Whether the tables' entries, in all, are within [`MAX_ENTRIES`]:
/// counted before any table is played or any position stored.
fn within_entry_limit(json: &Value, findings: &mut Findings) -> bool {
    let entries: usize = ["x", "o"]
        .iter()
        .filter_map(|f| json.get("strategies")?.get(f)?.get("table")?.as_object())
        .map(Map::len)
        .sum();
    if entries > MAX_ENTRIES {
        findings.fail(Fault::OverLimit {
            what: "strategy-table entries",
            count: entries as u64,
            limit: MAX_ENTRIES as u64,
        });
    }
    entries <= MAX_ENTRIES
}

/// The symmetry count and the classes of first moves, from the board alone.
fn check_symmetries(json: &Value, game: &Game, findings: &mut Findings) {
    let derived = [
        ("symmetries", Value::from(game.symmetries.len())),
        ("first_move_classes", Value::from(game.cell_classes())),
    ];
    for (field, expected) in derived {
        compare(json, field, &expected, findings);
    }
}

fn compare(json: &Value, field: &'static str, expected: &Value, findings: &mut Findings) {
    let stated = json.get(field).unwrap_or(&Value::Null);
    if stated == expected {
        findings
            .checked
            .push(format!("{field}: {expected}, derived"));
    } else {
        findings.fail(Fault::Derived {
            field,
            stated: stated.to_string(),
            derived: expected.to_string(),
        });
    }
}

/// The counts and move values: recomputed on a small board; on a larger
/// one only the sequence counts' sum is checked, and the audit says so.
fn check_numbers(
    json: &Value,
    name: &str,
    solved: Option<&solve::Derived>,
    findings: &mut Findings,
) {
    if let Some(sequences) = json.get("sequences") {
        findings.known_fields(
            sequences,
            "sequences",
            &["x_wins", "o_wins", "draws", "total"],
        );
        let part = |name: &str| sequences.get(name).and_then(Value::as_u64);
        let sum = [part("x_wins"), part("o_wins"), part("draws")]
            .into_iter()
            .try_fold(0u64, |sum, part| part.and_then(|p| sum.checked_add(p)));
        if sum.is_none() || sum != part("total") {
            findings.fail(Fault::SequenceSum);
        } else {
            findings
                .checked
                .push(format!("{name}: sequence counts add up to their total"));
        }
    }
    match solved {
        Some(solved) => {
            for (field, expected) in &solved.fields {
                compare(json, field, expected, findings);
            }
        }
        None => {
            // cell 5 is the centre on 3x3 only
            compare(json, "replies_to_centre_5", &Value::Null, findings);
            findings.checked.push(format!(
                "{name}: nodes, positions, positions_up_to_symmetry, sequences, first_moves and replies_to_corner_1 are the solver's report, not audited (boards over {} cells are not solved here)",
                solve::SOLVE_CELLS
            ));
        }
    }
}

/// What the verified strategies prove about the value: X's raises the
/// lower bound to its guarantee, O's lowers the upper bound.
fn check_value(json: &Value, game: &Game, name: &str, value: i64, findings: &mut Findings) {
    if let Some(strategies) = json.get("strategies") {
        findings.known_fields(strategies, "strategies", &["x", "o"]);
    }
    let (mut lowest, mut highest) = (-1i64, 1i64);
    for player in [b'X', b'O'] {
        if let Some(guarantee) = check_player(json, game, name, player, findings) {
            if player == b'X' {
                lowest = lowest.max(guarantee);
            } else {
                highest = highest.min(guarantee);
            }
        }
    }
    if lowest == value && highest == value {
        findings
            .checked
            .push(format!("{name}: the strategies prove the value {value}"));
    } else {
        findings.fail(Fault::ValueNotProved {
            value,
            lowest,
            highest,
        });
    }
}

/// One player's strategy: its guarantee, if the table keeps it.
fn check_player(
    json: &Value,
    game: &Game,
    name: &str,
    player: u8,
    findings: &mut Findings,
) -> Option<i64> {
    let symbol = player as char;
    let field = symbol.to_ascii_lowercase().to_string();
    let Some(strategy) = json.get("strategies").and_then(|s| s.get(&field)) else {
        findings.fail(Fault::MissingStrategy { player: symbol });
        return None;
    };
    if strategy.is_null() {
        findings
            .checked
            .push(format!("{name}: no strategy for {symbol}"));
        return None;
    }
    findings.known_fields(strategy, &format!("strategies.{field}"), STRATEGY_FIELDS);
    let guarantee = strategy.get("guarantee").and_then(Value::as_i64);
    let table = strategy.get("table").and_then(Value::as_object);
    let (Some(guarantee), Some(table)) = (guarantee, table) else {
        findings.fail(Fault::StrategyShape { player: symbol });
        return None;
    };
    if !(-1..=1).contains(&guarantee) {
        findings.fail(Fault::Guarantee {
            player: symbol,
            guarantee,
        });
        return None;
    }
    let win = if player == b'X' { 1 } else { -1 };
    let goal = if guarantee == win {
        "wins against every reply"
    } else {
        "never loses"
    };
    for (label, expected) in [("player", symbol.to_string()), ("goal", goal.to_string())] {
        if strategy.get(label).and_then(Value::as_str) != Some(expected.as_str()) {
            findings.fail(Fault::Text {
                field: format!("strategies.{field}.{label}"),
                expected,
            });
        }
    }
    if strategy.get("size").and_then(Value::as_u64) != Some(table.len() as u64) {
        findings.fail(Fault::Size {
            player: symbol,
            entries: table.len(),
        });
    }
    let faults = check_strategy(game, player, guarantee, table);
    if faults.total == 0 {
        findings.checked.push(format!(
            "{name}: {symbol}'s table of {} positions keeps {guarantee} against every reply",
            table.len()
        ));
        return Some(guarantee);
    }
    let total = faults.total;
    for fault in faults.listed {
        findings.fail(Fault::Strategy {
            player: symbol,
            fault,
        });
    }
    if total > MAX_LISTED_FAILURES {
        findings.fail(Fault::MoreFailures {
            player: symbol,
            count: total - MAX_LISTED_FAILURES,
        });
    }
    None
}
