//! What a run emits: the certificate of one board (value, principal
//! variation, claim decisions, strategy tables) and the table of boards.
//!
//! A strategy table maps positions, written as rows (`KNR..rnk w`: squares
//! 1..n, upper case White, lower case Black, `.` empty, then the side to
//! move), to the move the strategy plays there. It covers exactly the
//! positions the strategy can reach from the start against every reply, so
//! a separate checker can replay it with its own move generator.

use super::model::{Board, Position, Side, Status};
use super::solve::{Solution, Value};
use crate::cert::ClaimRecord;
use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};
use std::collections::{HashSet, VecDeque};

pub const KIND: &str = "chess1d";
pub const BOARDS_KIND: &str = "chess1d-boards";
/// The format version of both kinds; the kernel reads only this one.
pub const FORMAT: u32 = 1;

pub const RULES: &str = "Gardner's one-dimensional chess on a row of n squares numbered 1..n from White's side: White K on 1, N on 2, R on 3; Black R on n-2, N on n-1, K on n; White moves first. King one square, knight exactly two (jumping), rook any distance without jumping; a move onto an enemy piece captures it; no move may leave the mover's king attacked. Checkmate wins; stalemate and bare kings are draws; a position neither side can force to mate is a draw.";

pub const CONVENTIONS: &str = "A position is written as its row, squares 1..n left to right (K N R White, k n r Black, . empty), a space, and w or b for the side to move. Moves: piece letter, from-square, -, to-square, x and the captured piece's letter on a capture, + check, # mate. Distances are in plies (single moves); a side that wins in m of its own moves mates on ply 2m-1 if it moves first, 2m otherwise.";

/// The certificate of one board: `certificates/chess1d.json` for 8 squares.
#[derive(Debug, Clone, Serialize)]
pub struct Chess1dCertificate {
    pub kind: &'static str,
    pub format: u32,
    pub squares: u8,
    pub rules: &'static str,
    pub conventions: &'static str,
    pub start: String,
    pub positions: usize,
    /// "white", "black" or "draw".
    pub value: &'static str,
    /// Plies to mate from the start with best play; null for a draw.
    pub plies_to_mate: Option<u32>,
    /// The winner's moves to mate (its own moves, not plies).
    pub moves_to_mate: Option<u32>,
    pub principal_variation: Vec<String>,
    pub claims: Vec<ClaimRecord>,
    pub strategies: Vec<StrategyTable>,
}

/// One row of the table of boards.
#[derive(Debug, Clone, Serialize)]
pub struct BoardRow {
    pub squares: u8,
    pub positions: usize,
    pub value: &'static str,
    pub plies_to_mate: Option<u32>,
    pub moves_to_mate: Option<u32>,
}

/// `certificates/chess1d-boards.json`: the boards of a declared range,
/// each certified by strategy tables, and the solver's values for the
/// larger boards in a separate report the auditor does not check.
#[derive(Debug, Clone, Serialize)]
pub struct BoardsCertificate {
    pub kind: &'static str,
    pub format: u32,
    pub rules: &'static str,
    pub conventions: &'static str,
    /// The boards `boards` lists, exactly.
    pub squares: SquareRange,
    pub boards: Vec<BoardRow>,
    pub strategies: Vec<StrategyTable>,
    /// Not part of the proof: the solver's values without tables.
    pub report: BoardsReport,
}

/// A range of board sizes, both ends included.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct SquareRange {
    pub from: u8,
    pub to: u8,
}

/// The uncertified rows, with a note saying why they carry no tables.
#[derive(Debug, Clone, Serialize)]
pub struct BoardsReport {
    pub note: String,
    pub boards: Vec<BoardRow>,
}

/// What a strategy table sets out to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// The side mates within `plies` against every reply; each entry gives
    /// the plies to mate from its position.
    MateWithin,
    /// The side is not mated within `plies` plies from the start, whatever
    /// the other side plays.
    NoMateWithin,
    /// The side is never mated, whatever the other side plays.
    NeverLoses,
}

#[derive(Debug, Clone, Serialize)]
pub struct StrategyTable {
    pub name: String,
    pub squares: u8,
    /// "white" or "black": the side whose moves the table gives.
    pub side: &'static str,
    pub goal: Goal,
    pub plies: Option<u32>,
    pub from: String,
    pub entries: Vec<Entry>,
}

/// A table row: position, move, and for `mate_within` the plies to mate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub position: String,
    pub mv: String,
    pub plies: Option<u32>,
}

impl Serialize for Entry {
    /// Written as a short array, one per line: `["KNR..rnk w","N2-4",11]`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        seq.serialize_element(&self.position)?;
        seq.serialize_element(&self.mv)?;
        if let Some(plies) = self.plies {
            seq.serialize_element(&plies)?;
        }
        seq.end()
    }
}

pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// "white", "black" or "draw" for the start's value.
pub fn value_name(value: Value) -> &'static str {
    match value.winner(Side::White) {
        Some(side) => side_name(side),
        None => "draw",
    }
}

/// The winner's own moves in `plies` plies from the start (White moves first).
pub fn moves_to_mate(value: Value) -> Option<u32> {
    value.plies().map(|plies| plies.div_ceil(2))
}

pub fn board_row(solution: &Solution) -> BoardRow {
    let value = solution.start_value();
    BoardRow {
        squares: solution.board().squares(),
        positions: solution.position_count(),
        value: value_name(value),
        plies_to_mate: value.plies(),
        moves_to_mate: moves_to_mate(value),
    }
}

fn terminal(board: Board, position: &Position) -> bool {
    board.status(position) != Status::Ongoing
}

/// The winner's fastest mates, over every position reachable from the start
/// when the winner follows them and the loser plays anything.
pub fn mating_strategy(solution: &Solution, winner: Side) -> StrategyTable {
    let board = solution.board();
    let start = solution.start();
    let mut entries = Vec::new();
    explore(board, start, |position| {
        if position.to_move != winner {
            return board
                .legal_moves(position)
                .into_iter()
                .map(|(_, next)| next)
                .collect();
        }
        let Some(Value::Win(plies)) = solution.value(position) else {
            return Vec::new();
        };
        let Some((mv, next)) = solution.best_move(position) else {
            return Vec::new();
        };
        entries.push(Entry {
            position: board.describe(position),
            mv: mv.to_string(),
            plies: Some(plies),
        });
        vec![next]
    });
    StrategyTable {
        name: format!("{}_mates", side_name(winner)),
        squares: board.squares(),
        side: side_name(winner),
        goal: Goal::MateWithin,
        plies: solution.value(&start).and_then(Value::plies),
        from: board.describe(&start),
        entries,
    }
}

/// The defender's longest delays, showing no mate within `horizon` plies
/// from the start: entries for every defender position reachable within the
/// horizon (at its first, shallowest depth) against every attacker move.
pub fn delaying_strategy(solution: &Solution, defender: Side, horizon: u32) -> StrategyTable {
    let board = solution.board();
    let start = solution.start();
    let mut entries = Vec::new();
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([(start, 0u32)]);
    while let Some((position, depth)) = queue.pop_front() {
        if terminal(board, &position) {
            continue;
        }
        let children: Vec<Position> = if position.to_move == defender {
            // only a defender move followed by an attacker move can matter
            if depth + 2 > horizon {
                continue;
            }
            let Some((mv, next)) = solution.best_move(&position) else {
                continue;
            };
            entries.push(Entry {
                position: board.describe(&position),
                mv: mv.to_string(),
                plies: None,
            });
            vec![next]
        } else {
            if depth + 1 > horizon {
                continue;
            }
            board
                .legal_moves(&position)
                .into_iter()
                .map(|(_, next)| next)
                .collect()
        };
        for next in children {
            if seen.insert(next) {
                queue.push_back((next, depth + 1));
            }
        }
    }
    StrategyTable {
        name: format!("{}_delays", side_name(defender)),
        squares: board.squares(),
        side: side_name(defender),
        goal: Goal::NoMateWithin,
        plies: Some(horizon),
        from: board.describe(&start),
        entries,
    }
}

/// A side's moves that never lose (drawing, or mating when it can), over
/// every position reachable from the start against every reply.
pub fn holding_strategy(solution: &Solution, side: Side) -> StrategyTable {
    let board = solution.board();
    let start = solution.start();
    let mut entries = Vec::new();
    explore(board, start, |position| {
        if position.to_move != side {
            return board
                .legal_moves(position)
                .into_iter()
                .map(|(_, next)| next)
                .collect();
        }
        let Some((mv, next)) = solution.best_move(position) else {
            return Vec::new();
        };
        entries.push(Entry {
            position: board.describe(position),
            mv: mv.to_string(),
            plies: None,
        });
        vec![next]
    });
    StrategyTable {
        name: format!("{}_holds", side_name(side)),
        squares: board.squares(),
        side: side_name(side),
        goal: Goal::NeverLoses,
        plies: None,
        from: board.describe(&start),
        entries,
    }
}

/// Breadth-first over non-terminal positions from `start`; `step` returns the
/// positions to visit next (and records table entries), in a fixed order.
fn explore(board: Board, start: Position, mut step: impl FnMut(&Position) -> Vec<Position>) {
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(position) = queue.pop_front() {
        if terminal(board, &position) {
            continue;
        }
        for next in step(&position) {
            if seen.insert(next) {
                queue.push_back(next);
            }
        }
    }
}

/// The tables that certify a board's value: the winner's mating strategy
/// and the loser's delay to two plies short of it (so the distance is
/// exact), or both sides' holding strategies for a draw.
pub fn strategies(solution: &Solution) -> Vec<StrategyTable> {
    let value = solution.start_value();
    match (value.winner(Side::White), value.plies()) {
        (Some(winner), Some(plies)) => {
            let mut tables = vec![mating_strategy(solution, winner)];
            if plies >= 3 {
                tables.push(delaying_strategy(solution, winner.other(), plies - 2));
            }
            tables
        }
        _ => vec![
            holding_strategy(solution, Side::White),
            holding_strategy(solution, Side::Black),
        ],
    }
}
