//! The readable report of `gamecert chess1d`: the value, the principal
//! variation, a checked line, the claims and the audit, one row per ply.

use super::certificate::value_name;
use super::model::{Board, Position, Side, Status};
use super::notation::{annotate, PlayedMove};
use super::solve::{Solution, Value};
use crate::audit::AuditReport;
use crate::cert::ClaimRecord;
use std::fmt::Write as _;
use std::ops::RangeInclusive;

/// "White mates in 11 plies (6 White moves)", "checkmate: ...", or "draw".
pub fn describe(value: Value, to_move: Side) -> String {
    match (value.winner(to_move), value.plies()) {
        (Some(winner), Some(0)) => format!("checkmate: {} has won", winner.name()),
        (Some(winner), Some(plies)) => {
            // the winner's own moves: it moves on plies 1, 3, ... if it is to move
            let moves = if winner == to_move {
                plies.div_ceil(2)
            } else {
                plies / 2
            };
            let unit = if moves == 1 { "move" } else { "moves" };
            let ply_unit = if plies == 1 { "ply" } else { "plies" };
            format!(
                "{} mates in {plies} {ply_unit} ({moves} {} {unit})",
                winner.name(),
                winner.name()
            )
        }
        _ => "draw".to_string(),
    }
}

fn row(out: &mut String, label: &str, board: Board, position: &Position, note: &str) {
    let line = format!("  {label:<12} {}  {note}", board.row(position));
    let _ = writeln!(out, "{}", line.trim_end());
}

fn ply_label(ply: usize, side: Side, token: &str) -> String {
    let number = ply / 2 + 1;
    match side {
        Side::White => format!("{number}. {token}"),
        Side::Black => format!("{number}... {token}"),
    }
}

/// A checked line on a board too large to solve: the rows only.
pub fn unsolved_line(board: Board, moves: &[PlayedMove]) -> String {
    let mut out = String::from("line (legal; the board is too large to evaluate):\n");
    row(&mut out, "start", board, &board.start(), "");
    for (ply, played) in moves.iter().enumerate() {
        let token = annotate(board, &played.mv, &played.after);
        row(
            &mut out,
            &ply_label(ply, played.side, &token),
            board,
            &played.after,
            "",
        );
    }
    out
}

/// The value, the principal variation and, if given, a line with the value
/// after each ply.
pub fn solved_board(solution: &Solution, line: Option<&[PlayedMove]>) -> String {
    let board = solution.board();
    let start = solution.start();
    let value = solution.start_value();
    let mut out = format!(
        "One-dimensional chess on {} squares: {} reachable positions\n",
        board.squares(),
        solution.position_count()
    );
    let _ = match value {
        Value::Draw => writeln!(out, "value: draw (neither side can force mate)"),
        _ => writeln!(
            out,
            "value: {}: {}",
            value_name(value),
            describe(value, Side::White)
        ),
    };
    principal_variation(&mut out, solution);
    if let Some(moves) = line {
        let _ = writeln!(
            out,
            "line (value after each ply, with best play from there):"
        );
        row(
            &mut out,
            "start",
            board,
            &start,
            &describe(value, Side::White),
        );
        for (ply, played) in moves.iter().enumerate() {
            let after = solution.value(&played.after).unwrap_or(Value::Draw);
            let token = annotate(board, &played.mv, &played.after);
            row(
                &mut out,
                &ply_label(ply, played.side, &token),
                board,
                &played.after,
                &describe(after, played.after.to_move),
            );
        }
    }
    out
}

fn principal_variation(out: &mut String, solution: &Solution) {
    let board = solution.board();
    let start = solution.start();
    let _ = writeln!(
        out,
        "principal variation (one row per ply, squares 1..{}):",
        board.squares()
    );
    row(out, "start", board, &start, "");
    let pv = solution.principal_variation(&start);
    for (ply, (mv, next)) in pv.iter().enumerate() {
        let side = if ply % 2 == 0 {
            Side::White
        } else {
            Side::Black
        };
        row(
            out,
            &ply_label(ply, side, &annotate(board, mv, next)),
            board,
            next,
            "",
        );
    }
    if solution.start_value() == Value::Draw {
        // a draw's principal variation stops at a drawn end or a repetition
        let last = pv.last().map_or(start, |(_, position)| *position);
        let _ = match board.status(&last) {
            Status::Stalemate => writeln!(out, "  (stalemate: a draw)"),
            Status::BareKings => writeln!(out, "  (bare kings: a draw)"),
            _ => writeln!(
                out,
                "  (the last position repeats an earlier one: best play cycles)"
            ),
        };
    }
}

/// The claims with their verdicts and details.
pub fn claims(claims: &[ClaimRecord], claim_3_squares: &RangeInclusive<u8>) -> String {
    let mut out = format!(
        "claims (decided on 8 squares, claim 3 over {}..={} squares):\n",
        claim_3_squares.start(),
        claim_3_squares.end()
    );
    for claim in claims {
        let _ = writeln!(
            out,
            "  claim {} [{}]: {}",
            claim.id,
            claim.verdict.label(),
            claim.statement
        );
        let _ = writeln!(out, "    {}", claim.detail);
    }
    out
}

/// The kernel's verdict on the emitted certificate.
pub fn audit(report: &AuditReport) -> String {
    let mut out = String::new();
    for failure in &report.failures {
        let _ = writeln!(out, "AUDIT FAILED: {failure}");
    }
    let _ = writeln!(
        out,
        "certificate: the auditor {} ({} obligations checked, {} failures)",
        if report.holds() {
            "accepts it"
        } else {
            "REJECTS it"
        },
        report.checked.len(),
        report.failures.len()
    );
    out
}
