//! The auditor of a `snaky-search` record (format 2). The search itself
//! (every Breaker reply) is not re-run: the bound the record certifies is
//! the one proved by the `snaky` certificate it cites (audited here, whose
//! card must be the record's and whose empty-board claim must hold with
//! h <= bound), and the shape is that certificate's. The worst line is
//! replayed as a legal game in which Maker completes the shape exactly at
//! the recorded move count and not before; the verdict, statement and
//! finite-board arithmetic are derived. See docs/formats/snaky-audit.md.

use super::claims::unknown;
use super::fault::{Fault, Place};
use super::geometry::{show, show_text, Cell, Cells, Placement};
use super::header;
use super::limits::MAX_SHOWN_TEXT;
use super::read::{array, boolean, field, only, read_cell, shape, shown, text, uint};
use crate::{read_cited, AuditReport, Files};
use serde_json::Value;
use std::fmt;

/// The search record format this auditor reads.
pub const FORMAT: u64 = 2;
/// Longest worst line replayed (the paper's table needs 21 moves).
pub const MAX_LINE: usize = 100_000;

const FIELDS: [&str; 17] = [
    "kind",
    "format",
    "verdict",
    "statement",
    "input",
    "certificate",
    "bound",
    "final_card",
    "worst_case_maker_moves",
    "states",
    "replies_examined",
    "replacement_states",
    "failure",
    "worst_line_is_legal_win",
    "finite_board",
    "worst_line",
    "play",
];
const BOARD_FIELDS: [&str; 11] = [
    "statement",
    "translation",
    "strategy_cells",
    "strategy_cells_inside_final_envelope",
    "final_envelope_cells",
    "final_envelope_inside_board",
    "board_cells",
    "board_size",
    "max_occupied_before_last_maker_move",
    "free_cell_always_exists",
    "holds",
];

pub const IGNORED: &str = "not checked (the search's own figures, not provable from this record): that the worst line follows the table's strategy and is the worst (the bound is the cited certificate's), states, replies_examined, replacement_states, the node labels and outside flags of the worst line, input (compared with the cited certificate's, provenance only), play, and the strategy-cell figures of finite_board";

/// Audits a search record, reading the `snaky` certificate it cites
/// through `files`.
pub fn audit_in(cert: &Value, files: &dyn Files) -> AuditReport {
    let mut faults = Vec::new();
    let mut checked = Vec::new();
    run(cert, files, &mut checked, &mut faults);
    AuditReport {
        kind: "snaky-search".to_string(),
        checked,
        failures: super::listed(faults, 0),
    }
}

fn derived(field: &'static str, recorded: String, derived: String) -> Fault {
    Fault::Search(SearchFault::Derived {
        field,
        recorded,
        derived,
    })
}

/// What the cited `snaky` certificate proves about its claim card, read
/// once its own audit has passed (so every field below was checked there).
struct Proof {
    path: String,
    card: u64,
    height: u64,
    /// Its `empty-board` claim holds: A = {} and h <= its bound.
    wins: bool,
    shape: Vec<Cell>,
    sha256: String,
}

/// Reads and audits the certificate the record cites.
fn cited(cert: &Value, files: &dyn Files) -> Result<Proof, Fault> {
    let path = match cert.get("certificate") {
        Some(Value::String(path)) => path.clone(),
        _ => return Err(Fault::Search(SearchFault::Uncited)),
    };
    let unreadable = |reason: String| {
        Fault::Search(SearchFault::CitedUnreadable {
            path: path.clone(),
            reason,
        })
    };
    let value = read_cited(files, &path).map_err(unreadable)?;
    header(&value, "snaky", super::FORMAT).map_err(|f| unreadable(f.to_string()))?;
    let report = super::audit(&value);
    if let Some(first) = report.failures.first() {
        return Err(Fault::Search(SearchFault::CitedFails {
            path,
            failures: report.failures.len(),
            first: first.to_string(),
        }));
    }
    let card = &value["final_card"];
    let claims = array(&value, "claims").map_or(&[][..], Vec::as_slice);
    let wins = claims
        .iter()
        .any(|c| c["id"] == "empty-board" && c["verdict"] == "holds");
    let facts = (uint(card, "card"), uint(card, "height"), shape(&value));
    let (Ok(card), Ok(height), Ok(shape)) = facts else {
        return Err(unreadable("no final_card or shape".to_string()));
    };
    let sha256 = value["input"]["sha256"].as_str().unwrap_or("").to_string();
    Ok(Proof {
        path,
        card,
        height,
        wins,
        shape,
        sha256,
    })
}

/// Why the cited certificate proves no win within the record's bound.
fn unproved(proof: &Proof) -> String {
    if proof.wins {
        format!("h = {} for card {}", proof.height, proof.card)
    } else {
        format!("no empty-board win for card {}", proof.card)
    }
}

/// The record's card and table are the cited certificate's.
fn same_table(cert: &Value, proof: &Proof, card: u64, faults: &mut Vec<Fault>) {
    let disagree = |field, recorded: String, cited: String| {
        Fault::Search(SearchFault::CitedDisagrees {
            path: proof.path.clone(),
            field,
            recorded,
            cited,
        })
    };
    if card != proof.card {
        faults.push(disagree(
            "final_card",
            card.to_string(),
            proof.card.to_string(),
        ));
    }
    let sha256 = cert["input"]["sha256"].as_str().unwrap_or("");
    if sha256 != proof.sha256 {
        faults.push(disagree(
            "input.sha256",
            sha256.to_string(),
            proof.sha256.clone(),
        ));
    }
}

fn run(cert: &Value, files: &dyn Files, checked: &mut Vec<String>, faults: &mut Vec<Fault>) {
    if let Err(fault) = header(cert, "snaky-search", FORMAT) {
        faults.push(fault);
        return;
    }
    unknown(cert, &FIELDS, "", faults);
    let numbers = (
        uint(cert, "bound"),
        uint(cert, "final_card"),
        uint(cert, "worst_case_maker_moves"),
    );
    let (Ok(bound), Ok(card), Ok(worst)) = numbers else {
        let (a, b, c) = numbers;
        let reason = [a, b, c]
            .into_iter()
            .find_map(Result::err)
            .unwrap_or_default();
        return faults.push(Fault::Unreadable {
            at: Place::Field("search"),
            reason,
        });
    };
    // Without the cited proof there is no shape to replay and no bound.
    let proof = match cited(cert, files) {
        Ok(proof) => proof,
        Err(fault) => return faults.push(fault),
    };
    same_table(cert, &proof, card, faults);
    let moves = replay(cert, &proof.shape, faults);
    worst_case(cert, worst, moves, &proof, faults);
    let failure = field(cert, "failure").ok();
    let proved = proof.wins && proof.height <= bound;
    let certified = failure == Some(&Value::Null) && worst <= bound && proved;
    let verdict = if certified { "certified" } else { "refuted" };
    if text(cert, "verdict") == Ok("certified") && !proved {
        faults.push(Fault::Search(SearchFault::CitedDisagrees {
            path: proof.path.clone(),
            field: "bound",
            recorded: bound.to_string(),
            cited: unproved(&proof),
        }));
    }
    if text(cert, "verdict") != Ok(verdict) {
        faults.push(Fault::Verdict {
            recorded: shown(&text(cert, "verdict")),
            derived: verdict,
        });
    }
    if worst > bound && failure == Some(&Value::Null) {
        faults.push(derived(
            "failure",
            "null".to_string(),
            format!("a failure: the worst case {worst} exceeds the bound {bound}"),
        ));
    }
    let statement = format!(
        "Played by the game's rules against every Breaker reply, the strategy of card {card} wins within {bound} Maker moves"
    );
    statement_is(cert, "statement", "statement", &statement, faults);
    finite_board(cert, worst, faults);
    checked.push(format!(
        "bound: {} (audited here) proves card {} wins from the empty board within h = {} Maker moves: {}",
        proof.path,
        proof.card,
        proof.height,
        if proved { "within the bound" } else { "not within the bound" }
    ));
    checked.push(format!(
        "worst_line: a legal game of {worst} Maker moves, the shape completed at the last move and not before, at most h; verdict {verdict} (worst case {worst} against bound {bound})"
    ));
    checked.push(IGNORED.to_string());
}

/// The recorded worst case is the replayed line's length, the producer's
/// replay verdict agrees, and the line is no longer than the proved h.
fn worst_case(
    cert: &Value,
    worst: u64,
    moves: Option<u64>,
    proof: &Proof,
    faults: &mut Vec<Fault>,
) {
    if moves != Some(worst) {
        faults.push(derived(
            "worst_case_maker_moves",
            worst.to_string(),
            moves.map_or("no complete replay".to_string(), |m| {
                format!("{m} moves in worst_line")
            }),
        ));
    }
    if worst > proof.height {
        faults.push(derived(
            "worst_case_maker_moves",
            worst.to_string(),
            format!(
                "at most h = {} of card {} in {}",
                proof.height, proof.card, proof.path
            ),
        ));
    }
    if let Some(recorded) = cert.get("worst_line_is_legal_win") {
        if recorded.as_bool() != Some(moves.is_some()) {
            faults.push(derived(
                "worst_line_is_legal_win",
                recorded.to_string(),
                moves.is_some().to_string(),
            ));
        }
    }
}

/// Replays the worst line; returns its number of Maker moves when every
/// move is legal, Breaker answers every move but the last, and Maker's
/// cells contain the shape after the last move and not before.
fn replay(cert: &Value, shape: &[Cell], faults: &mut Vec<Fault>) -> Option<u64> {
    let line = match array(cert, "worst_line") {
        Ok(line) if line.len() > MAX_LINE => {
            faults.push(Fault::Limit {
                what: "worst_line moves",
                found: line.len() as u64,
                limit: MAX_LINE as u64,
            });
            return None;
        }
        Ok(line) if line.is_empty() => {
            faults.push(Fault::Search(SearchFault::EmptyLine));
            return None;
        }
        Ok(line) => line,
        Err(reason) => {
            faults.push(Fault::Unreadable {
                at: Place::Field("worst_line"),
                reason,
            });
            return None;
        }
    };
    let mut claimed = Cells::new();
    let mut maker = Cells::new();
    let before = faults.len();
    for (mv, record) in line.iter().enumerate() {
        let last = mv + 1 == line.len();
        let keys = ["node", "maker", "replacement", "breaker", "outside"];
        let cell = match only(record, &keys)
            .and_then(|()| field(record, "maker"))
            .and_then(read_cell)
        {
            Ok(cell) => cell,
            Err(reason) => {
                faults.push(Fault::Unreadable {
                    at: Place::Field("worst_line"),
                    reason: format!("move {mv}: {reason}"),
                });
                return None;
            }
        };
        if !claimed.insert(cell) {
            faults.push(Fault::Search(SearchFault::Occupied { mv, cell }));
        }
        maker.insert(cell);
        let won = contains_shape(&maker, shape);
        if won && !last {
            faults.push(Fault::Search(SearchFault::EarlyWin { mv }));
        }
        if last && !won {
            faults.push(Fault::Search(SearchFault::NoWin));
        }
        if let Err(reason) = boolean(record, "replacement").and(boolean(record, "outside")) {
            faults.push(Fault::Unreadable {
                at: Place::Field("worst_line"),
                reason: format!("move {mv}: {reason}"),
            });
        }
        match (record.get("breaker"), last) {
            (Some(Value::Null), true) => {}
            (Some(answer), false) if !answer.is_null() => match read_cell(answer) {
                Ok(cell) if !claimed.insert(cell) => {
                    faults.push(Fault::Search(SearchFault::Occupied { mv, cell }));
                }
                Ok(_) => {}
                Err(reason) => faults.push(Fault::Unreadable {
                    at: Place::Field("worst_line"),
                    reason: format!("move {mv}: {reason}"),
                }),
            },
            _ => faults.push(Fault::Search(SearchFault::BreakerTurn { mv })),
        }
    }
    (faults.len() == before).then_some(line.len() as u64)
}

/// The finite-board figures that follow from the worst case and the board:
/// at most 2(W-1) cells are taken before Maker's last move.
fn finite_board(cert: &Value, worst: u64, faults: &mut Vec<Fault>) {
    let Ok(board) = field(cert, "finite_board") else {
        return faults.push(Fault::Unreadable {
            at: Place::Field("finite_board"),
            reason: "missing field \"finite_board\"".to_string(),
        });
    };
    unknown(board, &BOARD_FIELDS, "finite_board.", faults);
    let size = uint(board, "board_size");
    let translation = field(board, "translation").and_then(read_cell);
    if let (Ok(size), Ok((tx, ty))) = (&size, translation) {
        let moved = if (tx, ty) == (0, 0) {
            String::new()
        } else {
            format!(" translated by ({tx},{ty})")
        };
        let statement = format!(
            "every pivot and completing cell the strategy can use lies in the final card's envelope, inside {{0..{}}}^2{moved}, and a free cell always exists there",
            size.saturating_sub(1)
        );
        statement_is(
            board,
            "statement",
            "finite_board.statement",
            &statement,
            faults,
        );
    }
    let facts = (
        size,
        uint(board, "max_occupied_before_last_maker_move"),
        uint(board, "board_cells"),
        boolean(board, "free_cell_always_exists"),
        boolean(board, "holds"),
        boolean(board, "strategy_cells_inside_final_envelope"),
        boolean(board, "final_envelope_inside_board"),
    );
    let (Ok(size), Ok(occupied), Ok(cells), Ok(free), Ok(holds), Ok(inside), Ok(fits)) = facts
    else {
        return faults.push(Fault::Unreadable {
            at: Place::Field("finite_board"),
            reason: "a figure is missing or ill-typed".to_string(),
        });
    };
    let taken = worst.saturating_sub(1).saturating_mul(2);
    let square = size.saturating_mul(size);
    let expect = [
        (
            "finite_board.max_occupied_before_last_maker_move",
            occupied.to_string(),
            taken.to_string(),
        ),
        (
            "finite_board.board_cells",
            cells.to_string(),
            square.to_string(),
        ),
        (
            "finite_board.free_cell_always_exists",
            free.to_string(),
            (taken < square).to_string(),
        ),
        (
            "finite_board.holds",
            holds.to_string(),
            (inside && fits && taken < square).to_string(),
        ),
    ];
    for (name, recorded, want) in expect {
        if recorded != want {
            faults.push(derived(name, recorded, want));
        }
    }
}

/// Whether `cells` contain some translate of some orientation of `shape`.
pub fn contains_shape(cells: &Cells, shape: &[Cell]) -> bool {
    let Some(&anchor) = shape.first() else {
        return false;
    };
    (0..8).any(|orientation| {
        let turned: Vec<Cell> = shape
            .iter()
            .map(|&c| {
                Placement {
                    orientation,
                    offset: (0, 0),
                }
                .apply(c)
            })
            .collect();
        let first = Placement {
            orientation,
            offset: (0, 0),
        }
        .apply(anchor);
        // Put the anchor on each owned cell in turn.
        cells.iter().any(|&(x, y)| {
            let (dx, dy) = (x - first.0, y - first.1);
            turned
                .iter()
                .all(|&(cx, cy)| cells.contains(&(cx + dx, cy + dy)))
        })
    })
}

/// Faults of a `snaky-search` record (docs/formats/snaky-audit.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchFault {
    /// A worst-line move claims a cell already claimed.
    Occupied {
        mv: usize,
        cell: Cell,
    },
    /// Maker's cells contain the shape before the last move.
    EarlyWin {
        mv: usize,
    },
    /// Maker's cells do not contain the shape after the last move.
    NoWin,
    /// Breaker answers after the winning move, or fails to answer before.
    BreakerTurn {
        mv: usize,
    },
    EmptyLine,
    /// The record names no `snaky` certificate, so no bound is proved.
    Uncited,
    /// The cited certificate cannot be read, or is not a `snaky` one.
    CitedUnreadable {
        path: String,
        reason: String,
    },
    /// The cited certificate fails its own audit.
    CitedFails {
        path: String,
        failures: usize,
        first: String,
    },
    /// A field of the record differs from the cited certificate's.
    CitedDisagrees {
        path: String,
        field: &'static str,
        recorded: String,
        cited: String,
    },
    /// A recorded number that the replay or other fields determine.
    Derived {
        field: &'static str,
        recorded: String,
        derived: String,
    },
    /// A statement in words that is not the one the checked fields give.
    Statement {
        at: &'static str,
        recorded: String,
        derived: String,
    },
}

impl fmt::Display for SearchFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let before = "Maker's cells already contain the shape before the last move";
        let turn = "Breaker must answer every move but the last, and not the last";
        match self {
            SearchFault::Occupied { mv, cell } => {
                write!(
                    f,
                    "worst_line move {mv}: {} is already claimed",
                    show(*cell)
                )
            }
            SearchFault::EarlyWin { mv } => write!(f, "worst_line move {mv}: {before}"),
            SearchFault::NoWin => f.write_str(
                "worst_line: Maker's cells do not contain the shape after the last move",
            ),
            SearchFault::BreakerTurn { mv } => write!(f, "worst_line move {mv}: {turn}"),
            SearchFault::EmptyLine => f.write_str("worst_line: no moves"),
            SearchFault::Uncited => f.write_str(
                "certificate: no snaky certificate is named; the search alone proves no bound",
            ),
            SearchFault::CitedUnreadable { path, reason } => {
                write!(f, "certificate {path}: {reason}")
            }
            SearchFault::CitedFails {
                path,
                failures,
                first,
            } => write!(
                f,
                "certificate {path}: fails its audit ({failures} failures, the first: {first})"
            ),
            SearchFault::CitedDisagrees {
                path,
                field,
                recorded,
                cited,
            } => write!(
                f,
                "{field}: recorded {recorded}, the cited certificate {path} gives {cited}"
            ),
            SearchFault::Derived {
                field,
                recorded,
                derived,
            } => {
                write!(
                    f,
                    "{field}: recorded {recorded}, the record gives {derived}"
                )
            }
            SearchFault::Statement {
                at,
                recorded,
                derived,
            } => write!(
                f,
                "{at}: recorded {:?}, the checked fields give {:?}",
                show_text(recorded, MAX_SHOWN_TEXT),
                show_text(derived, MAX_SHOWN_TEXT)
            ),
        }
    }
}

/// A recorded statement must be, byte for byte, the one generated here.
fn statement_is(
    record: &Value,
    key: &str,
    at: &'static str,
    derived: &str,
    faults: &mut Vec<Fault>,
) {
    let recorded = text(record, key);
    if recorded != Ok(derived) {
        faults.push(Fault::Search(SearchFault::Statement {
            at,
            recorded: shown(&recorded),
            derived: derived.to_string(),
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_found_in_any_orientation_and_only_whole() {
        let snaky = [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 1)];
        let turned = Placement {
            orientation: 5,
            offset: (7, -3),
        };
        let mut owned: Cells = snaky.iter().map(|&c| turned.apply(c)).collect();
        owned.insert((100, 100));
        assert!(contains_shape(&owned, &snaky));
        owned.remove(&turned.apply((3, 1)));
        assert!(!contains_shape(&owned, &snaky));
        assert!(!contains_shape(&owned, &[]));
        // A shape given away from the origin (the format allows any frame).
        let tromino = [(5, 2), (6, 2), (6, 3)];
        let owned: Cells = tromino.iter().map(|&c| turned.apply(c)).collect();
        assert!(contains_shape(&owned, &tromino));
        let shifted: Cells = [(0, 0), (1, 0), (1, 1)].into_iter().collect();
        assert!(contains_shape(&shifted, &tromino));
        assert!(!contains_shape(&shifted, &[(5, 2), (6, 2), (7, 2)]));
    }
}
