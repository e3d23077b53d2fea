//! Move notation and lines of play.
//!
//! A move is the piece letter, the from-square, `-`, the to-square, then
//! `x` and the captured piece's letter when it captures, and optionally `+`
//! (check) or `#` (mate): `N2-4`, `R4-2`, `N4-6xR`, `R2-5xN#`. Letters name
//! pieces of either side; the side is the one to move. A line is a sequence
//! of moves from the initial setup, with optional move numbers (`1.`) and
//! the word `mate` accepted in place of `#`:
//! `1. N2-4 N7-5 2. N4-6xR K8-7 ...`.

use super::model::{Board, Kind, Move, Position, Side, Status};

/// A move as written, before it is matched against a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenMove {
    pub kind: Kind,
    pub from: u64,
    pub to: u64,
    /// The piece letter after `x`, if written.
    pub captures: Option<Kind>,
    pub mark: Mark,
}

/// The check mark written after a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    None,
    Check,
    Mate,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error("token {index} {token:?}: cannot read a move ({reason}); moves are written like N2-4, R4-2, N4-6xR, R2-5xN#")]
    Syntax {
        index: usize,
        token: String,
        reason: &'static str,
    },
    #[error("token {index} {token:?}: expected move number {expected}")]
    MoveNumber {
        index: usize,
        token: String,
        expected: usize,
    },
    #[error("token {index} {token:?}: `mate` must follow a move")]
    StrayMate { index: usize, token: String },
    #[error("move {number} ({side}) {token}: unknown square {square} (the board has squares 1..={squares})")]
    UnknownSquare {
        number: usize,
        side: &'static str,
        token: String,
        square: u64,
        squares: u8,
    },
    #[error("move {number} ({side}) {token}: there is no piece on square {square}")]
    EmptySquare {
        number: usize,
        side: &'static str,
        token: String,
        square: u8,
    },
    #[error("move {number} ({side}) {token}: wrong side: the {kind} on {square} is {owner}'s, but {side} is to move")]
    WrongSide {
        number: usize,
        side: &'static str,
        token: String,
        kind: &'static str,
        square: u8,
        owner: &'static str,
    },
    #[error("move {number} ({side}) {token}: square {square} holds a {found}, not a {kind}")]
    WrongPiece {
        number: usize,
        side: &'static str,
        token: String,
        square: u8,
        found: &'static str,
        kind: &'static str,
    },
    #[error("move {number} ({side}) {token}: illegal move: {reason}")]
    Illegal {
        number: usize,
        side: &'static str,
        token: String,
        reason: String,
    },
    #[error("move {number} ({side}) {token}: written wrongly: {reason}")]
    Annotation {
        number: usize,
        side: &'static str,
        token: String,
        reason: String,
    },
    #[error("move {number} ({side}) {token}: the game is already over ({status})")]
    GameOver {
        number: usize,
        side: &'static str,
        token: String,
        status: &'static str,
    },
}

/// Read one move token (no move number).
pub fn parse_move(token: &str, index: usize) -> Result<WrittenMove, NotationError> {
    let syntax = |reason| NotationError::Syntax {
        index,
        token: token.to_string(),
        reason,
    };
    let mut chars = token.chars().peekable();
    let kind = chars
        .next()
        .and_then(Kind::from_letter)
        .ok_or_else(|| syntax("it must start with K, N or R"))?;
    let number = |chars: &mut std::iter::Peekable<std::str::Chars>| -> Option<u64> {
        let mut digits = String::new();
        while let Some(c) = chars.peek().copied().filter(char::is_ascii_digit) {
            digits.push(c);
            chars.next();
        }
        // more than a few digits is no square of any board
        if digits.is_empty() || digits.len() > 6 {
            None
        } else {
            digits.parse().ok()
        }
    };
    let from = number(&mut chars)
        .ok_or_else(|| syntax("a from-square number must follow the piece letter"))?;
    if chars.next() != Some('-') {
        return Err(syntax("a `-` must follow the from-square"));
    }
    let to = number(&mut chars).ok_or_else(|| syntax("a to-square number must follow `-`"))?;
    let mut captures = None;
    if chars.peek() == Some(&'x') {
        chars.next();
        captures = Some(
            chars
                .next()
                .and_then(Kind::from_letter)
                .ok_or_else(|| syntax("`x` must be followed by the captured piece's letter"))?,
        );
    }
    let mark = match chars.next() {
        None => Mark::None,
        Some('+') => Mark::Check,
        Some('#') => Mark::Mate,
        Some(_) => return Err(syntax("unexpected text after the move")),
    };
    if chars.next().is_some() {
        return Err(syntax("unexpected text after the move"));
    }
    Ok(WrittenMove {
        kind,
        from,
        to,
        captures,
        mark,
    })
}

/// A move of a line, as played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedMove {
    /// The move number: White's and Black's first moves are both number 1.
    pub number: usize,
    pub side: Side,
    pub token: String,
    pub mv: Move,
    pub before: Position,
    pub after: Position,
}

/// The move written `written` in `position`, if it is legal; otherwise the
/// reason, in the game's words.
pub fn resolve(
    board: Board,
    position: &Position,
    written: &WrittenMove,
    number: usize,
    token: &str,
) -> Result<(Move, Position), NotationError> {
    let side = position.to_move;
    let side_name = side.name();
    let token = token.to_string();
    let n = board.squares();
    for square in [written.from, written.to] {
        if square < 1 || square > n as u64 {
            return Err(NotationError::UnknownSquare {
                number,
                side: side_name,
                token,
                square,
                squares: n,
            });
        }
    }
    let (from, to) = (written.from as u8, written.to as u8);
    let Some(piece) = board.occupant(position, from) else {
        return Err(NotationError::EmptySquare {
            number,
            side: side_name,
            token,
            square: from,
        });
    };
    if piece.side != side {
        return Err(NotationError::WrongSide {
            number,
            side: side_name,
            token,
            kind: piece.kind.name(),
            square: from,
            owner: piece.side.name(),
        });
    }
    if piece.kind != written.kind {
        return Err(NotationError::WrongPiece {
            number,
            side: side_name,
            token,
            square: from,
            found: piece.kind.name(),
            kind: written.kind.name(),
        });
    }
    let found = board
        .legal_moves(position)
        .into_iter()
        .find(|(mv, _)| mv.piece == piece && mv.to == to);
    let Some((mv, after)) = found else {
        return Err(NotationError::Illegal {
            number,
            side: side_name,
            reason: illegal_reason(board, position, from, to),
            token,
        });
    };
    let annotation = |reason: String| NotationError::Annotation {
        number,
        side: side_name,
        token: token.clone(),
        reason,
    };
    match (written.captures, mv.captured) {
        (Some(kind), Some(captured)) if kind != captured.kind => {
            return Err(annotation(format!(
                "it captures a {}, written x{}",
                captured.kind.name(),
                kind.letter()
            )))
        }
        (Some(kind), None) => {
            return Err(annotation(format!(
                "square {to} is empty, so there is no {} to capture",
                kind.name()
            )))
        }
        _ => {}
    }
    let status = board.status(&after);
    match written.mark {
        Mark::Mate if status != Status::Checkmate => {
            return Err(annotation("marked mate, but it is not checkmate".into()))
        }
        Mark::Check if !board.in_check(&after, side.other()) => {
            return Err(annotation("marked check, but it gives no check".into()))
        }
        _ => {}
    }
    Ok((mv, after))
}

/// Why a move that obeys the notation is not legal.
fn illegal_reason(board: Board, position: &Position, from: u8, to: u8) -> String {
    let Some(piece) = board.occupant(position, from) else {
        return format!("no piece on {from}");
    };
    if from == to {
        return "a piece must move".into();
    }
    let distance = from.abs_diff(to);
    match piece.kind {
        Kind::King if distance != 1 => return "a king moves one square".into(),
        Kind::Knight if distance != 2 => return "a knight moves exactly two squares".into(),
        Kind::Rook => {
            let (low, high) = (from.min(to), from.max(to));
            let blocker =
                (low + 1..high).find(|&square| board.occupant(position, square).is_some());
            if let Some(square) = blocker {
                let blocking = board
                    .occupant(position, square)
                    .map_or("piece", |p| p.kind.name());
                return format!("the rook cannot pass the {blocking} on {square}");
            }
        }
        _ => {}
    }
    if let Some(target) = board.occupant(position, to) {
        if target.side == piece.side {
            return format!(
                "square {to} holds {}'s own {}",
                piece.side.name(),
                target.kind.name()
            );
        }
        if target.kind == Kind::King {
            return "a king is never captured".into();
        }
    }
    format!("it leaves {}'s king attacked", piece.side.name())
}

/// A move with its check mark, as lines and the principal variation show
/// it: `R2-5xN#`.
pub fn annotate(board: Board, mv: &Move, after: &Position) -> String {
    let mark = match board.status(after) {
        Status::Checkmate => "#",
        _ if board.in_check(after, after.to_move) => "+",
        _ => "",
    };
    format!("{mv}{mark}")
}

fn status_name(status: Status) -> &'static str {
    match status {
        Status::Ongoing => "ongoing",
        Status::Checkmate => "checkmate",
        Status::Stalemate => "stalemate",
        Status::BareKings => "bare kings",
    }
}

/// Play a line from the initial setup, checking every move.
pub fn play_line(board: Board, text: &str) -> Result<Vec<PlayedMove>, NotationError> {
    let mut position = board.start();
    let mut played: Vec<PlayedMove> = Vec::new();
    // A move number must be followed by a move before the next number.
    let mut numbered = false;
    for (index, raw) in text.split_whitespace().enumerate() {
        let index = index + 1;
        let number = played.len() / 2 + 1;
        let mut token = raw;
        // a move number: `1.`, or `1...` before a Black move, possibly glued
        // to the move as in `1.N2-4`
        if token.starts_with(|c: char| c.is_ascii_digit()) {
            let digits: String = token.chars().take_while(char::is_ascii_digit).collect();
            let rest = &token[digits.len()..];
            if !rest.starts_with('.') {
                return Err(NotationError::Syntax {
                    index,
                    token: raw.to_string(),
                    reason: "a move number ends with `.`",
                });
            }
            if digits.parse::<usize>().ok() != Some(number) {
                return Err(NotationError::MoveNumber {
                    index,
                    token: raw.to_string(),
                    expected: number,
                });
            }
            token = rest.trim_start_matches('.');
            let dots = rest.len() - token.len();
            let white_to_move = played.len().is_multiple_of(2);
            let reason = if numbered {
                Some("two move numbers with no move between them")
            } else if white_to_move && dots != 1 {
                Some("a White move is numbered `N.`, not `N...`")
            } else if !white_to_move && dots != 3 {
                Some("a Black move is numbered `N...`, or not at all")
            } else {
                None
            };
            if let Some(reason) = reason {
                return Err(NotationError::Syntax {
                    index,
                    token: raw.to_string(),
                    reason,
                });
            }
            if token.is_empty() {
                numbered = true;
                continue;
            }
        }
        numbered = false;
        if token == "mate" {
            let Some(last) = played.last() else {
                return Err(NotationError::StrayMate {
                    index,
                    token: raw.to_string(),
                });
            };
            if board.status(&last.after) != Status::Checkmate {
                return Err(NotationError::Annotation {
                    number: last.number,
                    side: last.side.name(),
                    token: format!("{} mate", last.token),
                    reason: "marked mate, but it is not checkmate".into(),
                });
            }
            continue;
        }
        let side = position.to_move;
        let status = board.status(&position);
        if status != Status::Ongoing {
            return Err(NotationError::GameOver {
                number,
                side: side.name(),
                token: token.to_string(),
                status: status_name(status),
            });
        }
        let written = parse_move(token, index)?;
        let (mv, after) = resolve(board, &position, &written, number, token)?;
        played.push(PlayedMove {
            number,
            side,
            token: token.to_string(),
            mv,
            before: position,
            after,
        });
        position = after;
    }
    Ok(played)
}

/// Moves written as a numbered line: `1. N2-4 N7-5 2. N4-6xR`, or from a
/// Black move: `3... N5-3+ 4. K1-2`.
pub fn write_line(moves: &[String], first_number: usize, first_side: Side) -> String {
    let mut out = String::new();
    let offset = 2 * (first_number.max(1) - 1) + usize::from(first_side == Side::Black);
    for (ply, mv) in moves.iter().enumerate() {
        let slot = ply + offset;
        if slot.is_multiple_of(2) {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&format!("{}. ", slot / 2 + 1));
        } else if ply == 0 {
            out.push_str(&format!("{}... ", slot / 2 + 1));
        } else {
            out.push(' ');
        }
        out.push_str(mv);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Board {
        Board::new(8).unwrap()
    }

    fn error(text: &str) -> String {
        play_line(board(), text).unwrap_err().to_string()
    }

    #[test]
    fn moves_read_with_captures_and_marks() {
        let written = parse_move("R2-5xN#", 1).unwrap();
        assert_eq!(
            written,
            WrittenMove {
                kind: Kind::Rook,
                from: 2,
                to: 5,
                captures: Some(Kind::Knight),
                mark: Mark::Mate
            }
        );
        assert_eq!(parse_move("N2-4", 1).unwrap().mark, Mark::None);
        assert_eq!(parse_move("K7-6+", 1).unwrap().mark, Mark::Check);
        for bad in [
            "",
            "Q2-4",
            "N2",
            "N2-",
            "N-4",
            "N2-4x",
            "N2-4xQ",
            "N2-4!",
            "N24",
            "N1234567-2",
        ] {
            assert!(
                matches!(
                    parse_move(bad, 3),
                    Err(NotationError::Syntax { index: 3, .. })
                ),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_line_plays_with_move_numbers_and_mate() {
        let moves = play_line(board(), "1. N2-4 N7-5 2.N4-6xR+ K8-7").unwrap();
        assert_eq!(moves.len(), 4);
        assert_eq!(moves[3].number, 2);
        assert_eq!(moves[3].side, Side::Black);
        assert_eq!(board().row(&moves[3].after), "K.R.nNk.");
        assert!(play_line(board(), "").unwrap().is_empty());
        let numbered_black = play_line(board(), "1. N2-4 1... N7-5 2. N4-6xR+").unwrap();
        assert_eq!(numbered_black.len(), 3);
    }

    #[test]
    fn move_numbers_must_match_the_side_to_move_and_come_once() {
        for (line, reason) in [
            ("1... N2-4", "a White move is numbered `N.`"),
            (
                "1. 1. 1. N2-4",
                "two move numbers with no move between them",
            ),
            ("1. N2-4 1. N7-5", "a Black move is numbered `N...`"),
        ] {
            match play_line(board(), line) {
                Err(NotationError::Syntax { reason: found, .. }) => {
                    assert!(found.starts_with(reason), "{line}: {found}")
                }
                other => panic!("{line}: {other:?}"),
            }
        }
    }

    #[test]
    fn errors_name_the_move_and_the_fault() {
        assert_eq!(
            error("1. N2-4 N7-9"),
            "move 1 (Black) N7-9: unknown square 9 (the board has squares 1..=8)"
        );
        assert_eq!(
            error("1. N7-5"),
            "move 1 (White) N7-5: wrong side: the knight on 7 is Black's, but White is to move"
        );
        assert_eq!(
            error("1. R2-4"),
            "move 1 (White) R2-4: square 2 holds a knight, not a rook"
        );
        assert_eq!(
            error("1. N4-6"),
            "move 1 (White) N4-6: there is no piece on square 4"
        );
        assert_eq!(
            error("1. N2-3"),
            "move 1 (White) N2-3: illegal move: a knight moves exactly two squares"
        );
        assert_eq!(
            error("1. R3-7"),
            "move 1 (White) R3-7: illegal move: the rook cannot pass the rook on 6"
        );
        assert_eq!(
            error("1. K1-2"),
            "move 1 (White) K1-2: illegal move: square 2 holds White's own knight"
        );
        assert_eq!(
            error("1. N2-4 N7-5 2. N4-6xN"),
            "move 2 (White) N4-6xN: written wrongly: it captures a rook, written xN"
        );
        assert_eq!(
            error("1. N2-4#"),
            "move 1 (White) N2-4#: written wrongly: marked mate, but it is not checkmate"
        );
        assert_eq!(
            error("1. N2-4 2. N7-5"),
            "token 3 \"2.\": expected move number 1"
        );
        assert_eq!(error("mate"), "token 1 \"mate\": `mate` must follow a move");
        assert!(error("1. N2-4 N7-5 2. K1-2xN").contains("square 2 is empty"));
    }

    #[test]
    fn a_move_that_ignores_check_is_illegal_with_the_reason() {
        // 2. N4-6xR gives check from the knight; a knight move does not answer it
        assert_eq!(
            error("1. N2-4 N7-5 2. N4-6xR N5-3"),
            "move 2 (Black) N5-3: illegal move: it leaves Black's king attacked"
        );
        // after 1. R3-6xR Black's knight shields its king and Black is stalemated
        assert_eq!(
            error("1. R3-6xR N7-5"),
            "move 1 (Black) N7-5: the game is already over (stalemate)"
        );
    }

    #[test]
    fn no_move_after_the_game_ends() {
        let mate = "1. N2-4 N7-5 2. N4-6xR K8-7 3. R3-4 K7-6xN 4. R4-2 K6-7 5. R2-5xN mate";
        assert_eq!(play_line(board(), mate).unwrap().len(), 9);
        assert_eq!(
            error(&format!("{mate} K7-8")),
            "move 5 (Black) K7-8: the game is already over (checkmate)"
        );
    }

    #[test]
    fn lines_are_written_with_move_numbers() {
        let moves: Vec<String> = ["N2-4", "N7-5", "N4-6xR+"].map(String::from).to_vec();
        assert_eq!(
            write_line(&moves, 1, Side::White),
            "1. N2-4 N7-5 2. N4-6xR+"
        );
        assert_eq!(
            write_line(&moves, 3, Side::Black),
            "3... N2-4 4. N7-5 N4-6xR+"
        );
    }

    proptest::proptest! {
        /// Any list of moves is a line or a clear error, never a panic.
        #[test]
        fn any_move_list_reads_without_panicking(
            text in "(([0-9]\\. )?[KNR][0-9]{1,2}-[0-9]{1,2}(x[KNR])?[+#]? ?){0,8}( mate)?",
            n in 6u64..=12,
        ) {
            let board = Board::new(n).unwrap();
            if let Err(error) = play_line(board, &text) {
                proptest::prop_assert!(!error.to_string().is_empty());
            }
        }

        #[test]
        fn any_unicode_reads_without_panicking(text in "\\PC{0,30}") {
            let _ = play_line(board(), &text);
        }
    }
}
