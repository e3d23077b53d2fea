//! The published claims about Gardner's one-dimensional chess (docs/claims.md),
//! each decided from the rules by the solver. A claim is a statement to
//! decide, never a value to reproduce: a refuted claim is reported with the
//! line that refutes it.

use super::certificate::BoardRow;
use super::model::{Board, Position, Side, Status};
use super::notation::{annotate, play_line, write_line, PlayedMove};
use super::solve::{Solution, Value};
use crate::cert::{ClaimRecord, Evidence, Verdict};

/// The line as the page publishes it.
pub const PUBLISHED_LINE: &str =
    "1. N2-4 N7-5 2. N4-6xR K8-7 3. R3-4 K7-6xN 4. R4-2 K6-7 5. R2-5xN mate";

/// "White mates in five moves": White's fifth move is ply 9.
pub const PUBLISHED_MOVES: u32 = 5;

/// A claim record; `holds` is `None` for an open question the tool answers.
fn record(
    id: &str,
    statement: &str,
    holds: Option<bool>,
    detail: String,
    evidence: Vec<String>,
    line: Option<String>,
) -> ClaimRecord {
    ClaimRecord {
        id: id.to_string(),
        statement: statement.to_string(),
        verdict: holds.map_or(Verdict::Answered, Verdict::from_holds),
        detail,
        parts: Vec::new(),
        evidence: evidence.into_iter().map(Evidence::text).collect(),
        line,
    }
}

pub const CLAIM_1: &str = "On 8 squares White has a forced win.";
pub const CLAIM_2A: &str = "The published line 1. N2-4 N7-5 2. N4-6xR K8-7 3. R3-4 K7-6xN 4. R4-2 K6-7 5. R2-5xN mate is legal move by move and ends in checkmate.";
pub const CLAIM_2B: &str = "With best play White mates in five moves: White mates within five moves against every Black defence.";
pub const CLAIM_3: &str = "The five-move win only works on 8 squares; on 9 or 10 squares, can White still win, or does the extra room save Black?";

/// "1 ply", "11 plies"; "1 move", "6 moves".
pub fn count(number: u32, one: &str, many: &str) -> String {
    format!("{number} {}", if number == 1 { one } else { many })
}

/// The plies of a White win in `moves` moves.
pub fn white_plies(moves: u32) -> u32 {
    2 * moves - 1
}

fn describe_value(value: Value, to_move: Side) -> String {
    match (value.winner(to_move), value.plies()) {
        (Some(winner), Some(plies)) => format!("{} mates in {plies} plies", winner.name()),
        _ => "draw".to_string(),
    }
}

/// Claim 1: the 8-square start is a forced White win.
pub fn forced_win(solution: &Solution) -> ClaimRecord {
    let value = solution.start_value();
    let holds = value.winner(Side::White) == Some(Side::White);
    let detail = match value {
        Value::Win(plies) => format!(
            "White to move wins: mate in {plies} plies ({} White moves) with best play, over {} reachable positions",
            plies.div_ceil(2),
            solution.position_count()
        ),
        other => format!(
            "the start is not a White win: {} ({} reachable positions)",
            describe_value(other, Side::White),
            solution.position_count()
        ),
    };
    let mut evidence = vec![format!(
        "principal variation: {}",
        principal_line(solution, &solution.start())
    )];
    if holds {
        evidence.push(format!(
            "certified by the table white_mates (mate within {} plies against every Black reply)",
            value.plies().unwrap_or(0)
        ));
    }
    record("1", CLAIM_1, Some(holds), detail, evidence, None)
}

/// Optimal play from `position` as a numbered line.
pub fn principal_line(solution: &Solution, position: &Position) -> String {
    let board = solution.board();
    let moves: Vec<String> = solution
        .principal_variation(position)
        .iter()
        .map(|(mv, next)| annotate(board, mv, next))
        .collect();
    write_line(&moves, 1, position.to_move)
}

/// Claim 2a: every move of the published line is legal and the last one mates.
pub fn published_line_legal(board: Board) -> ClaimRecord {
    let (holds, detail, evidence) = match play_line(board, PUBLISHED_LINE) {
        Err(error) => (
            false,
            format!("the line is not legal as written: {error}"),
            vec![],
        ),
        Ok(moves) => {
            let evidence: Vec<String> = moves
                .iter()
                .map(|played| {
                    format!(
                        "{}{} {}: legal, row {}",
                        played.number,
                        if played.side == Side::White {
                            "."
                        } else {
                            "..."
                        },
                        annotate(board, &played.mv, &played.after),
                        board.row(&played.after)
                    )
                })
                .collect();
            let last = moves.last().map(|played| played.after);
            let mate = last.is_some_and(|position| board.status(&position) == Status::Checkmate);
            if mate {
                (
                    true,
                    format!(
                        "all {} plies are legal and the final position {} is checkmate",
                        moves.len(),
                        last.map_or(String::new(), |p| board.describe(&p))
                    ),
                    evidence,
                )
            } else {
                (
                    false,
                    "every move is legal, but the final position is not checkmate".into(),
                    evidence,
                )
            }
        }
    };
    record(
        "2a",
        CLAIM_2A,
        Some(holds),
        detail,
        evidence,
        Some(PUBLISHED_LINE.to_string()),
    )
}

/// Where Black, following the published line, could have done better.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refutation {
    /// Move number of Black's better reply.
    pub number: usize,
    pub published: String,
    pub better: String,
    /// The ply on which White mates, counted from the start, after the
    /// published reply and after the better one (best play thereafter).
    pub published_mate_ply: u32,
    pub better_mate_ply: Option<u32>,
    /// The better reply and best play from there.
    pub line: String,
}

/// Claim 2b: whether White mates within five moves against every defence,
/// i.e. whether the start is a White win in at most 9 plies.
pub fn published_line_forced(solution: &Solution) -> ClaimRecord {
    let board = solution.board();
    let value = solution.start_value();
    let limit = white_plies(PUBLISHED_MOVES);
    let holds = matches!(value, Value::Win(plies) if plies <= limit);
    let mut evidence = Vec::new();
    let played = play_line(board, PUBLISHED_LINE).ok();
    if let Some(moves) = &played {
        evidence.extend(line_evidence(solution, moves));
    }
    let detail = match value {
        Value::Win(plies) if holds => format!(
            "holds: White mates within {plies} plies ({} moves) against every Black defence",
            plies.div_ceil(2)
        ),
        Value::Win(plies) => {
            let mut detail = format!(
                "refuted: against best defence White needs {} moves ({plies} plies), not {PUBLISHED_MOVES}; Black avoids mate within {limit} plies",
                plies.div_ceil(2)
            );
            if let Some(refutation) = played.as_deref().and_then(|m| refutation(solution, m)) {
                detail.push_str(&format!(
                    ". The published line is not forced: the first point where Black can do better is move {} for Black, {} instead of {} (after which White mates on ply {} at the soonest, not ply {}); best line from there: {}",
                    refutation.number,
                    refutation.better,
                    refutation.published,
                    refutation.better_mate_ply.map_or("never".to_string(), |p| p.to_string()),
                    refutation.published_mate_ply,
                    refutation.line
                ));
            }
            detail
        }
        other => format!(
            "refuted: the start is not a White win at all ({})",
            describe_value(other, Side::White)
        ),
    };
    // the certificate's delaying table runs to two plies short of the mate
    if let Value::Win(plies) = value {
        if plies > limit {
            evidence.push(format!(
                "certified by the table black_delays (no White mate within {} plies, whatever White plays)",
                plies - 2
            ));
        }
    }
    record("2b", CLAIM_2B, Some(holds), detail, evidence, None)
}

/// The ply, counted from the start, on which White mates after `ply` plies
/// have been played into a position of value `value` (best play after).
fn mate_ply(ply: usize, value: Value, to_move: Side) -> Option<u32> {
    match (value.winner(to_move), value.plies()) {
        (Some(Side::White), Some(plies)) => Some(ply as u32 + plies),
        _ => None,
    }
}

/// For every move of the line: the value it leaves, and at Black's turns
/// whether a better defence existed.
fn line_evidence(solution: &Solution, moves: &[PlayedMove]) -> Vec<String> {
    let board = solution.board();
    moves
        .iter()
        .enumerate()
        .map(|(ply, played)| {
            let label = format!(
                "{}{} {}",
                played.number,
                if played.side == Side::White {
                    "."
                } else {
                    "..."
                },
                annotate(board, &played.mv, &played.after)
            );
            let after = solution.value(&played.after).unwrap_or(Value::Draw);
            let published = mate_ply(ply + 1, after, played.after.to_move);
            let best = best_reply(solution, played, ply);
            let shown = |mate: Option<u32>| {
                mate.map_or("no forced mate".to_string(), |p| {
                    format!("White mates on ply {p}")
                })
            };
            match (played.side, best) {
                (Side::Black, Some((better, mate))) if better_for_black(mate, published) => {
                    format!(
                        "{label}: {}; Black does better with {better} ({})",
                        shown(published),
                        shown(mate)
                    )
                }
                _ => format!("{label}: {}", shown(published)),
            }
        })
        .collect()
}

/// Black prefers no mate, else the latest one.
fn better_for_black(candidate: Option<u32>, published: Option<u32>) -> bool {
    match (candidate, published) {
        (None, Some(_)) => true,
        (Some(a), Some(b)) => a > b,
        _ => false,
    }
}

/// The mover's best move at this point of the line, with the ply of
/// White's mate after it.
fn best_reply(
    solution: &Solution,
    played: &PlayedMove,
    ply: usize,
) -> Option<(String, Option<u32>)> {
    let board = solution.board();
    let (mv, next) = solution.best_move(&played.before)?;
    let value = solution.value(&next)?;
    Some((
        annotate(board, &mv, &next),
        mate_ply(ply + 1, value, next.to_move),
    ))
}

/// The first Black reply of the line that a better defence would improve on.
pub fn refutation(solution: &Solution, moves: &[PlayedMove]) -> Option<Refutation> {
    let board = solution.board();
    for (ply, played) in moves.iter().enumerate() {
        if played.side != Side::Black {
            continue;
        }
        let after = solution.value(&played.after)?;
        let published = mate_ply(ply + 1, after, played.after.to_move)?;
        let (better_move, next) = solution.best_move(&played.before)?;
        let better_value = solution.value(&next)?;
        let better = mate_ply(ply + 1, better_value, next.to_move);
        if !better_for_black(better, Some(published)) {
            continue;
        }
        let mut line = vec![annotate(board, &better_move, &next)];
        line.extend(
            solution
                .principal_variation(&next)
                .iter()
                .map(|(mv, after)| annotate(board, mv, after)),
        );
        return Some(Refutation {
            number: played.number,
            published: annotate(board, &played.mv, &played.after),
            better: annotate(board, &better_move, &next),
            published_mate_ply: published,
            better_mate_ply: better,
            line: write_line(&line, played.number, Side::Black),
        });
    }
    None
}

/// Claim 3: an open question, answered from the table of boards.
pub fn longer_boards(rows: &[BoardRow]) -> ClaimRecord {
    let describe = |row: &BoardRow| match (row.value, row.plies_to_mate, row.moves_to_mate) {
        (winner, Some(plies), Some(moves)) => format!(
            "{winner} wins, mate in {} ({})",
            count(plies, "ply", "plies"),
            count(moves, "move", "moves")
        ),
        (value, _, _) => value.to_string(),
    };
    let find = |n: u8| rows.iter().find(|row| row.squares == n);
    let mut answers = Vec::new();
    for n in [9, 10] {
        if let Some(row) = find(n) {
            answers.push(format!("{n} squares: {}", describe(row)));
        }
    }
    let (low, high) = (
        rows.iter().map(|r| r.squares).min().unwrap_or(0),
        rows.iter().map(|r| r.squares).max().unwrap_or(0),
    );
    let wins: Vec<String> = rows
        .iter()
        .filter(|row| row.value != "draw")
        .map(|row| format!("{} ({})", row.squares, describe(row)))
        .collect();
    let detail = if wins.is_empty() {
        format!(
            "{}. Over {low}..={high} squares every board is a draw.",
            answers.join("; ")
        )
    } else {
        format!(
            "{}. Over {low}..={high} squares only {} {} won; every other board is a draw.",
            answers.join("; "),
            wins.join(", "),
            if wins.len() == 1 { "is" } else { "are" }
        )
    };
    let evidence = rows
        .iter()
        .map(|row| {
            format!(
                "{} squares: {} positions, {}",
                row.squares,
                row.positions,
                describe(row)
            )
        })
        .collect();
    record("3", CLAIM_3, None, detail, evidence, None)
}
