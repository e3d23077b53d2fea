//! What a tic-tac-toe run emits: the computed numbers, the decided claims
//! and the two strategy tables, as serde structs written with the shared
//! deterministic JSON layout.

use super::claims;
use super::model::{Board, Position};
use super::solve::{Solution, Strategy};
use crate::cert::ClaimRecord;
use serde::Serialize;
use serde_json::{Map, Value};

/// The `kind` of every tic-tac-toe certificate, whatever its board.
pub const KIND: &str = "tictactoe";
/// The certificate format version; the kernel reads only this one.
pub const FORMAT: u32 = 1;

/// One level per container down to the table entries, so each strategy
/// entry (and each claim part) sits on its own line in a diff.
pub const EXPAND_DEPTH: usize = 4;

/// How the tables are keyed and how to use them on a real board.
pub const CANONICAL_FORM: &str = "Positions are row strings joined by '/', '.' empty, cells numbered \
1..rows*cols row by row from the top left; X is to move when X and O have as many marks. A table \
key is the canonical form of a position: the smallest string (byte order, so '.' < 'O' < 'X') among \
its images under the board's symmetries (the 8 of the square, or the 4 of a non-square rectangle). \
The move is a cell of that canonical board. To play from a real board b: find a symmetry g with \
g(b) equal to the key, look up the move m, and play g's inverse of m on b.";

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Sequences {
    pub x_wins: u64,
    pub o_wins: u64,
    pub draws: u64,
    pub total: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StrategyTable {
    pub player: String,
    /// The player's result is at least this for X (at most this for O): the game value.
    pub guarantee: i8,
    pub goal: String,
    pub size: usize,
    /// Canonical position -> the cell (1-based) to play there.
    pub table: Map<String, Value>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Strategies {
    /// `null` when O wins with best play (X has no strategy that keeps 0).
    pub x: Option<StrategyTable>,
    /// `null` when X wins with best play.
    pub o: Option<StrategyTable>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Certificate {
    pub kind: String,
    pub format: u32,
    pub rows: usize,
    pub cols: usize,
    pub k: usize,
    pub symmetries: usize,
    /// Value of the empty board with best play: +1 X wins, 0 draw, -1 O wins.
    pub value: i8,
    pub sequences: Sequences,
    /// Game-tree nodes, the empty board included.
    pub nodes: u64,
    pub positions: u64,
    pub positions_up_to_symmetry: u64,
    /// Value after X's first move on each cell 1..rows*cols.
    pub first_moves: Vec<i8>,
    /// The cells of X's first move in classes under the symmetries.
    pub first_move_classes: Vec<Vec<usize>>,
    /// O's cell -> value, after X1.
    pub replies_to_corner_1: Map<String, Value>,
    /// O's cell -> value, after X5 (3x3 only: elsewhere cell 5 is not the centre).
    pub replies_to_centre_5: Option<Map<String, Value>>,
    pub claims: Vec<ClaimRecord>,
    pub canonical_form: String,
    pub strategies: Strategies,
}

fn reply_map(replies: &[(usize, i8)]) -> Map<String, Value> {
    replies
        .iter()
        .map(|&(cell, value)| (cell.to_string(), Value::from(value)))
        .collect()
}

fn strategy_table(board: &Board, strategy: &Strategy) -> StrategyTable {
    let table: Map<String, Value> = strategy
        .table
        .iter()
        .map(|&(position, cell)| (board.render(position), Value::from(cell + 1)))
        .collect();
    let goal = if strategy.guarantee == strategy.player.win_value() {
        "wins against every reply"
    } else {
        "never loses"
    };
    StrategyTable {
        player: strategy.player.symbol().to_string(),
        guarantee: strategy.guarantee,
        goal: goal.to_string(),
        size: table.len(),
        table,
    }
}

impl Certificate {
    /// The certificate of `solution` with the strategy tables `x` and `o`
    /// (from [`Solution::strategy`]).
    pub fn build(solution: &Solution, x: Option<&Strategy>, o: Option<&Strategy>) -> Certificate {
        let board = &solution.board;
        let counts = solution.counts();
        let is_classic = (board.rows(), board.cols(), board.k()) == (3, 3, 3);
        Certificate {
            kind: KIND.to_string(),
            format: FORMAT,
            rows: board.rows(),
            cols: board.cols(),
            k: board.k(),
            symmetries: board.symmetries().len(),
            value: solution.root_value(),
            sequences: Sequences {
                x_wins: counts.x_wins,
                o_wins: counts.o_wins,
                draws: counts.draws,
                total: counts.sequences(),
            },
            nodes: counts.nodes,
            positions: counts.positions,
            positions_up_to_symmetry: counts.positions_up_to_symmetry,
            first_moves: solution
                .move_values(Position::EMPTY)
                .into_iter()
                .map(|value| value.unwrap_or(0))
                .collect(),
            first_move_classes: board.cell_classes(),
            replies_to_corner_1: reply_map(&claims::replies(solution, 1)),
            replies_to_centre_5: is_classic.then(|| reply_map(&claims::replies(solution, 5))),
            claims: claims::decide(solution),
            canonical_form: CANONICAL_FORM.to_string(),
            strategies: Strategies {
                x: x.map(|s| strategy_table(board, s)),
                o: o.map(|s| strategy_table(board, s)),
            },
        }
    }

    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        crate::cert::to_certificate_json(self, EXPAND_DEPTH)
    }
}
