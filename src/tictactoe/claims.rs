//! The six published claims about 3x3 tic-tac-toe (docs/claims.md), each
//! decided from the solved game as a named check with its parts and evidence.
//! The published numbers and lines below are what is being decided, never
//! used as results.

use super::model::{Board, Player, Position};
use super::solve::Solution;
use crate::cert::{Check, ClaimRecord, Evidence, Verdict};

/// Claim 1 as published: move sequences won by X, won by O, drawn.
pub const PUBLISHED_SEQUENCES: (u64, u64, u64) = (131_184, 77_904, 46_080);
/// Claim 4: the edge replies to X in the centre, and the line said to beat them.
pub const CLAIM_4_EDGES: [usize; 4] = [2, 4, 6, 8];
/// The line the article traces for O on 2; for O on 4, 6 or 8 it claims
/// the line's image under a symmetry of the square taking 2 to that edge.
pub const CLAIM_4_LINE: (usize, usize, usize) = (7, 3, 1);
/// Claim 5: the published drawing line.
pub const CLAIM_5_LINE: [usize; 9] = [5, 1, 3, 7, 4, 6, 2, 8, 9];
/// Claim 6: the three named classes of first moves.
pub const CLAIM_6_CLASSES: [(&str, &[usize]); 3] = [
    ("centre", &[5]),
    ("corner", &[1, 3, 7, 9]),
    ("edge", &[2, 4, 6, 8]),
];

/// Evidence showing `position` drawn on `board`.
fn board_evidence(caption: impl Into<String>, board: &Board, position: Position) -> Evidence {
    Evidence::board(caption, board.render(position))
}

/// Decides claims 1-6; they are about 3x3 with k=3 only, so other boards get none.
pub fn decide(solution: &Solution) -> Vec<ClaimRecord> {
    let board = &solution.board;
    if (board.rows(), board.cols(), board.k()) != (3, 3, 3) {
        return Vec::new();
    }
    vec![
        claim_1(solution),
        claim_2(solution),
        claim_3(solution),
        claim_4(solution),
        claim_5(solution),
        claim_6(board),
    ]
}

/// Describes a value from X's side.
pub fn value_word(value: i8) -> &'static str {
    match value {
        1 => "X wins",
        -1 => "O wins",
        _ => "draw",
    }
}

fn signed(value: i8) -> String {
    if value > 0 {
        format!("+{value}")
    } else {
        value.to_string()
    }
}

fn cells_list(cells: &[usize]) -> String {
    cells
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Moves written the article's way: `X5 O1 X3`.
pub fn line_text(cells: &[usize]) -> String {
    cells
        .iter()
        .enumerate()
        .map(|(index, cell)| format!("{}{cell}", if index % 2 == 0 { 'X' } else { 'O' }))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Each threat of `player` as `cell (line)`, 1-based.
fn threat_text(board: &Board, position: Position, player: Player) -> Vec<String> {
    board
        .threats(position, player)
        .into_iter()
        .map(|cell| {
            let marks = position.marks(player) | 1 << cell;
            let lines: Vec<String> = board
                .completed_lines(marks)
                .filter(|line| line & (1 << cell) != 0)
                .map(|line| board.line_name(line))
                .collect();
            format!("{} ({})", cell + 1, lines.join(", "))
        })
        .collect()
}

/// Best play from `position` to the end, always taking the lowest best cell.
fn principal_line(solution: &Solution, mut position: Position) -> Vec<usize> {
    let mut line = Vec::new();
    while solution.board.outcome(position).is_none() {
        let Some(&cell) = solution.best_moves(position).first() else {
            break;
        };
        line.push(cell + 1);
        position = position.play(cell);
    }
    line
}

fn claim_1(solution: &Solution) -> ClaimRecord {
    let counts = solution.counts();
    let (x_wins, o_wins, draws) = PUBLISHED_SEQUENCES;
    let parts = vec![
        Check::expect_eq("sequences won by X", counts.x_wins, x_wins),
        Check::expect_eq("sequences won by O", counts.o_wins, o_wins),
        Check::expect_eq("drawn sequences", counts.draws, draws),
    ];
    let holds = parts.iter().all(|part| part.pass);
    let detail = format!(
        "computed X wins {}, O wins {}, draws {} (total {}); published {}, {}, {}: {}",
        counts.x_wins,
        counts.o_wins,
        counts.draws,
        counts.sequences(),
        x_wins,
        o_wins,
        draws,
        if holds {
            "all three match"
        } else {
            "they differ"
        }
    );
    ClaimRecord {
        id: "1".into(),
        statement: "Counting every move sequence until the game ends: X wins 131,184 / O wins 77,904 / draws 46,080.".into(),
        verdict: Verdict::from_holds(holds),
        detail,
        parts,
        evidence: Vec::new(),
        line: None,
    }
}

fn claim_2(solution: &Solution) -> ClaimRecord {
    let first: Vec<i8> = solution
        .move_values(Position::EMPTY)
        .into_iter()
        .map(|value| value.unwrap_or(i8::MIN))
        .collect();
    let not_zero: Vec<usize> = (0..9)
        .filter(|&cell| first[cell] != 0)
        .map(|c| c + 1)
        .collect();
    let every_first_move_draws = not_zero.is_empty();
    let root = solution.root_value();
    let parts = vec![
        Check::new(
            "every first move is worth 0",
            every_first_move_draws,
            if every_first_move_draws {
                "all nine first moves have value 0".to_string()
            } else {
                format!("first moves not worth 0: {}", cells_list(&not_zero))
            },
        ),
        Check::new(
            "the game is a draw",
            root == 0,
            format!("value of the empty board: {}", signed(root)),
        ),
    ];
    let holds = parts.iter().all(|part| part.pass);
    let detail = format!(
        "values of X's first moves, cells 1..9: {}; empty board {}",
        first
            .iter()
            .map(|&v| signed(v))
            .collect::<Vec<_>>()
            .join(" "),
        signed(root)
    );
    ClaimRecord {
        id: "2".into(),
        statement: "With best play every one of the nine first moves is worth 0 (draw), so the game is a draw.".into(),
        verdict: Verdict::from_holds(holds),
        detail,
        parts,
        evidence: Vec::new(),
        line: None,
    }
}

/// Values of O's replies after X's first move at `cell` (1-based): (O's cell, value).
pub fn replies(solution: &Solution, cell: usize) -> Vec<(usize, i8)> {
    let position = Position::EMPTY.play(cell - 1);
    solution
        .move_values(position)
        .into_iter()
        .enumerate()
        .filter_map(|(reply, value)| value.map(|value| (reply + 1, value)))
        .collect()
}

fn claim_3(solution: &Solution) -> ClaimRecord {
    let values = replies(solution, 1);
    let drawing: Vec<usize> = values.iter().filter(|r| r.1 == 0).map(|r| r.0).collect();
    let losing: Vec<usize> = values.iter().filter(|r| r.1 == 1).map(|r| r.0).collect();
    let winning: Vec<usize> = values.iter().filter(|r| r.1 == -1).map(|r| r.0).collect();
    let parts = vec![
        Check::new(
            "only some replies are 0",
            !drawing.is_empty() && drawing.len() < values.len(),
            format!("{} of {} replies are 0", drawing.len(), values.len()),
        ),
        Check::new(
            "the rest lose for O",
            winning.is_empty() && drawing.len() + losing.len() == values.len(),
            format!(
                "the other {} replies are worth +1{}",
                losing.len(),
                if winning.is_empty() {
                    String::new()
                } else {
                    format!("; replies winning for O: {}", cells_list(&winning))
                }
            ),
        ),
    ];
    let holds = parts.iter().all(|part| part.pass);
    let detail = format!(
        "after X1: O on {} draws (0); O on {} loses (+1)",
        cells_list(&drawing),
        cells_list(&losing)
    );
    ClaimRecord {
        id: "3".into(),
        statement: "After X opens in corner 1, the values of O's eight replies: only some are 0; the rest lose for O.".into(),
        verdict: Verdict::from_holds(holds),
        detail,
        parts,
        evidence: Vec::new(),
        line: None,
    }
}

/// Decides the published line X7, O3 forced, X1 with two threats after X5 O`edge`.
/// The article's line for O on 2, carried to another edge by a symmetry.
struct MappedLine {
    cells: (usize, usize, usize),
    /// How the line was obtained, e.g. "as printed" or "image under rot90".
    symmetry: String,
}

/// The first symmetry of the square (in the board's order) that fixes the
/// centre and takes 2 to `edge`, applied to the printed line.
fn claim_4_mapped_line(board: &Board, edge: usize) -> Option<MappedLine> {
    if edge == 2 {
        return Some(MappedLine {
            cells: CLAIM_4_LINE,
            symmetry: "as printed".to_string(),
        });
    }
    let symmetry = board
        .symmetries()
        .iter()
        .find(|s| s.image[4] == 4 && s.image[1] == edge - 1)?;
    let map = |cell: usize| symmetry.image[cell - 1] + 1;
    let (a, b, c) = CLAIM_4_LINE;
    Some(MappedLine {
        cells: (map(a), map(b), map(c)),
        symmetry: format!("image under {} taking 2 to {edge}", symmetry.name),
    })
}

/// When the stated X move fails, the X moves that do win from the same
/// position, each with the threats it makes.
fn winning_alternatives(solution: &Solution, after_o: Position) -> Vec<String> {
    let board = &solution.board;
    let winning_moves = if solution.value(after_o) == Some(1) {
        solution.best_moves(after_o)
    } else {
        Vec::new()
    };
    winning_moves
        .iter()
        .map(|&cell| {
            let position = after_o.play(cell);
            format!(
                "X{} (threats {})",
                cell + 1,
                threat_text(board, position, Player::X).join(" and ")
            )
        })
        .collect()
}

fn claim_4_line(
    solution: &Solution,
    edge: usize,
    line: &MappedLine,
    evidence: &mut Vec<Evidence>,
) -> Check {
    let board = &solution.board;
    let (x_first, o_forced, x_double) = line.cells;
    let name = format!(
        "line X{x_first}, O{o_forced} forced, X{x_double} double threat, with O on {edge} ({})",
        line.symmetry
    );
    let opening = [5, edge];
    let Some(before) = Position::EMPTY.after(board, &opening) else {
        return Check::new(name, false, "the opening is not legal");
    };
    let Some(after_x) = before.after(board, &[x_first]) else {
        return Check::new(name, false, format!("X{x_first} is not legal"));
    };
    let x_move_value = solution.value(after_x).unwrap_or(0);
    if x_move_value != 1 {
        return Check::new(
            name,
            false,
            format!("X{x_first} is worth {}, not a win", signed(x_move_value)),
        );
    }
    let x_threats = board.threats(after_x, Player::X);
    let o_threats = board.threats(after_x, Player::O);
    if x_threats != [o_forced - 1] || !o_threats.is_empty() {
        return Check::new(
            name,
            false,
            format!(
                "after X{x_first}, X threatens [{}] and O threatens [{}]: O{o_forced} is not forced",
                threat_text(board, after_x, Player::X).join(", "),
                threat_text(board, after_x, Player::O).join(", ")
            ),
        );
    }
    let Some(after_o) = after_x.after(board, &[o_forced]) else {
        return Check::new(name, false, format!("O{o_forced} is not legal"));
    };
    let Some(after_double) = after_o.after(board, &[x_double]) else {
        return Check::new(name, false, format!("X{x_double} is not legal"));
    };
    let played = [5, edge, x_first, o_forced, x_double];
    evidence.push(board_evidence(
        format!("O on {edge}: {}", line_text(&played)),
        board,
        after_double,
    ));
    let threats = threat_text(board, after_double, Player::X);
    let o_wins_now = threat_text(board, after_double, Player::O);
    let value = solution.value(after_double).unwrap_or(0);
    if threats.len() >= 2 && o_wins_now.is_empty() && value == 1 {
        return Check::new(
            name,
            true,
            format!(
                "X{x_first} threatens {}, so O{o_forced} is forced; X{x_double} then threatens {} and O can block only one",
                threat_text(board, after_x, Player::X).join(", "),
                threats.join(" and ")
            ),
        );
    }
    let double = DoubleThreat {
        played,
        after_o,
        after_double,
        threats,
        o_wins_now,
        value,
    };
    claim_4_counter(solution, name, &double, evidence)
}

/// Claim 4's line after X's supposed double threat, when it is not one.
struct DoubleThreat {
    played: [usize; 5],
    after_o: Position,
    after_double: Position,
    threats: Vec<String>,
    o_wins_now: Vec<String>,
    value: i8,
}

/// Claim 4's line fails: the best play from X's supposed double threat,
/// why it is not one, and X's winning alternatives.
fn claim_4_counter(
    solution: &Solution,
    name: String,
    double: &DoubleThreat,
    evidence: &mut Vec<Evidence>,
) -> Check {
    let board = &solution.board;
    let DoubleThreat {
        played,
        after_o,
        after_double,
        threats,
        o_wins_now,
        value,
    } = double;
    let (edge, x_double, value) = (played[1], played[4], *value);
    let winning_alternatives = winning_alternatives(solution, *after_o);
    let counter = {
        let mut line = played.to_vec();
        line.extend(principal_line(solution, *after_double));
        line
    };
    let end = counter
        .iter()
        .try_fold(Position::EMPTY, |p, &c| p.after(board, &[c]));
    if let Some(end) = end {
        evidence.push(board_evidence(
            format!("O on {edge}, counter-line: {}", line_text(&counter)),
            board,
            end,
        ));
    }
    let why = if !o_wins_now.is_empty() {
        format!(
            "after X{x_double} O completes a line at once at {}",
            o_wins_now.join(", ")
        )
    } else {
        format!(
            "X{x_double} makes {} threat(s) [{}], not two; the position is worth {} ({})",
            threats.len(),
            threats.join(", "),
            signed(value),
            value_word(value)
        )
    };
    Check::new(
        name,
        false,
        format!(
            "{why}; best play then goes {} ({}); X wins instead with {}",
            line_text(&counter),
            value_word(value),
            if winning_alternatives.is_empty() {
                "no move".to_string()
            } else {
                winning_alternatives.join(" or ")
            }
        ),
    )
}

fn claim_4(solution: &Solution) -> ClaimRecord {
    let centre = replies(solution, 5);
    let edge_values: Vec<(usize, i8)> = CLAIM_4_EDGES
        .iter()
        .map(|&edge| {
            let value = centre
                .iter()
                .find(|reply| reply.0 == edge)
                .map_or(0, |reply| reply.1);
            (edge, value)
        })
        .collect();
    let every_edge_loses = edge_values.iter().all(|e| e.1 == 1);
    let mut parts = vec![Check::new(
        "every edge reply to X5 loses for O",
        every_edge_loses,
        edge_values
            .iter()
            .map(|(edge, value)| format!("X5 O{edge}: {}", signed(*value)))
            .collect::<Vec<_>>()
            .join(", "),
    )];
    let mut evidence = Vec::new();
    let lines: Vec<Check> = CLAIM_4_EDGES
        .iter()
        .map(|&edge| match claim_4_mapped_line(&solution.board, edge) {
            Some(line) => claim_4_line(solution, edge, &line, &mut evidence),
            None => Check::new(
                format!("line for O on {edge}"),
                false,
                "no symmetry of the board fixes 5 and takes 2 there",
            ),
        })
        .collect();
    let works: Vec<usize> = CLAIM_4_EDGES
        .iter()
        .zip(&lines)
        .filter(|(_, line)| line.pass)
        .map(|(edge, _)| *edge)
        .collect();
    let fails: Vec<usize> = CLAIM_4_EDGES
        .iter()
        .zip(&lines)
        .filter(|(_, line)| !line.pass)
        .map(|(edge, _)| *edge)
        .collect();
    parts.extend(lines);
    let detail = if fails.is_empty() && every_edge_loses {
        format!(
            "every edge reply loses for O ({}), and the printed line for O on 2 and its images under the square's symmetries win against each of {}",
            parts[0].detail,
            cells_list(&works)
        )
    } else {
        format!(
            "the value part {}: {}; the line (printed for O on 2, mapped by a symmetry for the other edges) wins for O on {} and fails for O on {} (see parts for the counter-lines)",
            if every_edge_loses { "holds" } else { "does not hold" },
            parts[0].detail,
            if works.is_empty() { "none".to_string() } else { cells_list(&works) },
            cells_list(&fails)
        )
    };
    ClaimRecord {
        id: "4".into(),
        statement: "After X opens in the centre 5, an O reply on an edge loses. For O on 2: X plays 7, forcing O to 3, then X 1 makes two threats (1-4-7 and 1-5-9); the four edges are alike, so for O on 4, 6 or 8 the same line mapped by a symmetry of the square that takes 2 to that edge (and fixes 5) wins.".into(),
        verdict: Verdict::from_holds(every_edge_loses && fails.is_empty()),
        detail,
        parts,
        evidence,
        line: None,
    }
}

fn claim_5(solution: &Solution) -> ClaimRecord {
    drawing_line(solution, &CLAIM_5_LINE)
}

/// Decides whether `line` (1-based cells, X first) is a legal game that ends
/// with a full board and no completed line.
/// Every winning line of the final position, drawn with its marks and
/// whether it is complete.
fn final_lines(board: &Board, position: Position) -> Vec<Evidence> {
    let mut evidence = Vec::new();
    for &mask in board.lines() {
        let cells: String = board
            .line_name(mask)
            .split('-')
            .filter_map(|cell| cell.parse::<usize>().ok())
            .map(|cell| {
                let symbol = if position.x & (1 << (cell - 1)) != 0 {
                    'X'
                } else if position.o & (1 << (cell - 1)) != 0 {
                    'O'
                } else {
                    '.'
                };
                symbol.to_string()
            })
            .collect::<Vec<_>>()
            .join(" ");
        let complete = position.x & mask == mask || position.o & mask == mask;
        evidence.push(Evidence::text(format!(
            "line {}: {cells} {}",
            board.line_name(mask),
            if complete { "complete" } else { "not complete" }
        )));
    }
    evidence
}

fn drawing_line(solution: &Solution, line: &[usize]) -> ClaimRecord {
    let board = &solution.board;
    let mut position = Position::EMPTY;
    let mut evidence = Vec::new();
    let mut legal = true;
    let mut early_line: Option<String> = None;
    let mut off_best: Vec<String> = Vec::new();
    for (index, &cell) in line.iter().enumerate() {
        let Some(next) = position.after(board, &[cell]) else {
            legal = false;
            break;
        };
        let played = &line[..=index];
        if let Some(winner) = board.winner(next) {
            if index + 1 < line.len() && early_line.is_none() {
                early_line = Some(format!(
                    "{} completes a line after {}",
                    winner.symbol(),
                    line_text(played)
                ));
            }
        }
        if solution.value(next) != Some(solution.value(position).unwrap_or(0)) {
            off_best.push(line_text(&played[index..]));
        }
        position = next;
        evidence.push(board_evidence(line_text(played), board, position));
        if early_line.is_some() {
            break;
        }
    }
    let full = position.stones() == board.cells();
    let winner = board.winner(position);
    evidence.extend(final_lines(board, position));
    let played_all = legal && early_line.is_none();
    let parts = vec![
        Check::new(
            "every move is legal",
            legal,
            if legal {
                "each move takes an empty cell"
            } else {
                "a move takes an occupied cell"
            },
        ),
        Check::new(
            "no line is completed before the last move",
            early_line.is_none(),
            early_line
                .clone()
                .unwrap_or_else(|| "no line after any of the first eight moves".into()),
        ),
        Check::new(
            "the board is full at the end",
            played_all && full,
            format!("{} of 9 cells filled", position.stones()),
        ),
        Check::new(
            "no completed line at the end",
            played_all && winner.is_none(),
            match winner {
                Some(player) => format!("{} holds a line", player.symbol()),
                None => "none of the 8 lines is complete".to_string(),
            },
        ),
    ];
    let holds = parts.iter().all(|part| part.pass);
    let detail = format!(
        "{} {}; {}",
        line_text(line),
        if holds {
            "is a legal game ending in a full board without a line (a draw)"
        } else {
            "is not a drawing line"
        },
        if off_best.is_empty() {
            "every move also keeps the value 0, so it is a best-play line".to_string()
        } else {
            format!("moves that change the value: {}", off_best.join(", "))
        }
    );
    ClaimRecord {
        id: "5".into(),
        statement: format!(
            "After X 5, O 1 (corner) there is a drawing line: {}, which ends with a full board and no completed line.",
            line_text(line)
        ),
        verdict: Verdict::from_holds(holds),
        detail,
        parts,
        evidence,
        line: None,
    }
}

fn claim_6(board: &Board) -> ClaimRecord {
    let classes = board.cell_classes();
    let named: Vec<String> = classes
        .iter()
        .map(|class| {
            let name = CLAIM_6_CLASSES
                .iter()
                .find(|(_, cells)| *cells == class.as_slice())
                .map_or("unnamed", |(name, _)| name);
            format!("{name} {{{}}}", cells_list(class))
        })
        .collect();
    let matches_names = CLAIM_6_CLASSES
        .iter()
        .all(|(_, cells)| classes.iter().any(|class| class.as_slice() == *cells));
    let parts = vec![
        Check::expect_eq("number of classes", classes.len(), CLAIM_6_CLASSES.len()),
        Check::new(
            "the classes are centre, corner and edge",
            matches_names && classes.len() == CLAIM_6_CLASSES.len(),
            named.join(", "),
        ),
    ];
    let holds = parts.iter().all(|part| part.pass);
    ClaimRecord {
        id: "6".into(),
        statement: "Up to the 8 symmetries of the square, X's first move has three classes (centre, corner, edge).".into(),
        verdict: Verdict::from_holds(holds),
        detail: format!(
            "under the {} symmetries the nine cells fall into {} classes: {}",
            board.symmetries().len(),
            classes.len(),
            named.join(", ")
        ),
        parts,
        evidence: Vec::new(),
        line: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims() -> Vec<ClaimRecord> {
        decide(&Solution::solve(Board::tictactoe(), &mut |_| {}))
    }

    #[test]
    fn six_claims_are_decided_in_order() {
        let claims = claims();
        let ids: Vec<&str> = claims.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["1", "2", "3", "4", "5", "6"]);
        for claim in &claims {
            assert!(!claim.parts.is_empty(), "claim {} has parts", claim.id);
        }
    }

    #[test]
    fn claim_4_line_is_decided_per_edge() {
        let claims = claims();
        let claim = &claims[3];
        // Which edges the stated line beats is computed, not assumed: every
        // edge has its own part, and each failing one names a counter-line.
        assert_eq!(claim.parts.len(), 1 + CLAIM_4_EDGES.len());
        for part in &claim.parts[1..] {
            if !part.pass {
                assert!(
                    part.detail.contains("best play then goes"),
                    "{}",
                    part.detail
                );
                assert!(
                    part.detail.contains("X wins instead with X"),
                    "{}",
                    part.detail
                );
            }
        }
        let all_parts = claim.parts.iter().all(|part| part.pass);
        assert_eq!(claim.verdict == Verdict::Holds, all_parts);
    }

    #[test]
    fn claim_4_lines_are_the_printed_line_and_its_images() {
        let board = Board::tictactoe();
        let printed = claim_4_mapped_line(&board, 2).unwrap();
        assert_eq!(printed.cells, CLAIM_4_LINE);
        for edge in [4, 6, 8] {
            let image = claim_4_mapped_line(&board, edge).unwrap();
            // A symmetry fixing 5 keeps corners corners and edges edges, and
            // the mapped first X move still lines up with 5 and the forced O.
            let (x, o, double) = image.cells;
            for corner in [x, o, double] {
                assert!([1, 3, 7, 9].contains(&corner), "{edge}: {:?}", image.cells);
            }
            assert_eq!(x + o, 10, "X and the forced O are opposite through 5");
        }
    }

    #[test]
    fn the_literal_line_is_not_what_claim_4_checks_for_other_edges() {
        // Played literally (X7, O3, X1) with O on 4 the line fails: deciding
        // claim 4 in that reading would refute it, so the reading matters.
        let solution = Solution::solve(Board::tictactoe(), &mut |_| {});
        let literal = MappedLine {
            cells: CLAIM_4_LINE,
            symmetry: "literal".to_string(),
        };
        assert!(!claim_4_line(&solution, 4, &literal, &mut Vec::new()).pass);
        let mapped = claim_4_mapped_line(&solution.board, 4).unwrap();
        assert!(claim_4_line(&solution, 4, &mapped, &mut Vec::new()).pass);
    }

    #[test]
    fn a_line_that_is_not_a_draw_is_refuted() {
        let solution = Solution::solve(Board::tictactoe(), &mut |_| {});
        // X completes 3-5-7 on move 5: the line is not a drawing line.
        let won_early = drawing_line(&solution, &[5, 1, 3, 2, 7, 4, 6, 8, 9]);
        assert_eq!(won_early.verdict, Verdict::Refuted);
        assert!(!won_early.parts[1].pass, "{:?}", won_early.parts[1]);
        assert!(won_early.parts[1].detail.contains("X completes a line"));
        // A move onto a taken cell.
        let illegal = drawing_line(&solution, &[5, 5]);
        assert_eq!(illegal.verdict, Verdict::Refuted);
        assert!(!illegal.parts[0].pass);
        // The published line is decided by the same function.
        let published = drawing_line(&solution, &CLAIM_5_LINE);
        assert_eq!(published, claim_5(&solution));
        assert_eq!(principal_line(&solution, Position::EMPTY).len(), 9);
    }

    #[test]
    fn other_boards_have_no_article_claims() {
        let solution = Solution::solve(Board::new(2, 2, 2).unwrap(), &mut |_| {});
        assert!(decide(&solution).is_empty());
    }
}
