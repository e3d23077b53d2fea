//! The published 3x3 claims. Each statement is regenerated here from the
//! published numbers and lines the claim is about and must match word for
//! word, so a verdict can only be attached to the claim it decides; each
//! verdict is derived from the audit's own solve of the board and the rules.

use super::fault::Fault;
use super::solve::Derived;
use super::{Findings, Game};
use serde_json::Value;

/// The ids of the published claims, decided on 3x3 with k = 3.
pub const CLAIM_IDS: [&str; 6] = ["1", "2", "3", "4", "5", "6"];

/// Claim 1 as published: sequences won by X, won by O, drawn.
pub const CLAIM_1_SEQUENCES: [u64; 3] = [131_184, 77_904, 46_080];
/// Claim 4's line after X5 O2: X's first move, O's forced block, and X's
/// move that then threatens the two lines below (cells 1-based).
pub const CLAIM_4_LINE: [usize; 3] = [7, 3, 1];
pub const CLAIM_4_THREATS: [[usize; 3]; 2] = [[1, 4, 7], [1, 5, 9]];
/// The edges claim 4 is about, 2 first (its line is printed for O on 2).
pub const CLAIM_4_EDGES: [usize; 4] = [2, 4, 6, 8];
/// Claim 5: the published drawing line, X first.
pub const CLAIM_5_LINE: [usize; 9] = [5, 1, 3, 7, 4, 6, 2, 8, 9];
/// Claim 6: the classes it names (centre, corner, edge), each ascending.
pub const CLAIM_6_CLASSES: [&[usize]; 3] = [&[5], &[1, 3, 7, 9], &[2, 4, 6, 8]];

fn verdict_of(holds: bool) -> &'static str {
    if holds {
        "holds"
    } else {
        "refuted"
    }
}

/// A count with thousands commas, as the published text writes it.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// Moves written the published way: `X5 O1 X3`.
fn line_text(cells: &[usize]) -> String {
    let moves: Vec<String> = (cells.iter().enumerate())
        .map(|(ply, cell)| format!("{}{cell}", if ply % 2 == 0 { 'X' } else { 'O' }))
        .collect();
    moves.join(" ")
}

fn dashed(cells: &[usize]) -> String {
    let cells: Vec<String> = cells.iter().map(usize::to_string).collect();
    cells.join("-")
}

/// The published statement of claim `id`, regenerated from the numbers and
/// lines above and the board's symmetry count.
pub fn statement(id: &str, symmetries: usize) -> String {
    match id {
        "1" => {
            let [x, o, draws] = CLAIM_1_SEQUENCES.map(thousands);
            format!("Counting every move sequence until the game ends: X wins {x} / O wins {o} / draws {draws}.")
        }
        "2" => "With best play every one of the nine first moves is worth 0 (draw), so the game is a draw.".to_string(),
        "3" => "After X opens in corner 1, the values of O's eight replies: only some are 0; the rest lose for O.".to_string(),
        "4" => {
            let [x, o, double] = CLAIM_4_LINE;
            let [a, b] = CLAIM_4_THREATS.map(|line| dashed(&line));
            format!("After X opens in the centre 5, an O reply on an edge loses. For O on 2: X plays {x}, forcing O to {o}, then X {double} makes two threats ({a} and {b}); the four edges are alike, so for O on 4, 6 or 8 the same line mapped by a symmetry of the square that takes 2 to that edge (and fixes 5) wins.")
        }
        "5" => format!(
            "After X 5, O 1 (corner) there is a drawing line: {}, which ends with a full board and no completed line.",
            line_text(&CLAIM_5_LINE)
        ),
        _ => format!("Up to the {symmetries} symmetries of the square, X's first move has three classes (centre, corner, edge)."),
    }
}

/// Plays `mark` on `cell` (0-based) if it is that mark's turn and the cell
/// is empty and on the board.
fn place(board: &mut [u8], cell: usize, mark: u8) -> bool {
    let legal = Game::to_move(board) == mark && board.get(cell) == Some(&b'.');
    if legal {
        board[cell] = mark;
    }
    legal
}

/// The lines `mark` completes with one more move, each as its sorted cells.
fn threat_lines(game: &Game, board: &[u8], mark: u8) -> Vec<Vec<usize>> {
    let mut lines: Vec<Vec<usize>> = (game.lines.iter())
        .filter(|line| {
            let own = line.iter().filter(|&&c| board[c] == mark).count();
            let empty = line.iter().filter(|&&c| board[c] == b'.').count();
            empty == 1 && own + 1 == line.len()
        })
        .map(|line| {
            let mut cells = line.clone();
            cells.sort_unstable();
            cells
        })
        .collect();
    lines.sort();
    lines
}

/// The empty cells that complete the threat lines, without repeats.
fn threat_cells(board: &[u8], lines: &[Vec<usize>]) -> Vec<usize> {
    let mut cells: Vec<usize> = lines.iter().flatten().copied().collect();
    cells.retain(|&c| board[c] == b'.');
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// Whether claim 4's line, carried to O on `edge` by a symmetry that fixes
/// 5 and takes 2 there (any one will do: each maps the game onto itself),
/// wins by the rules after X5: X's first move threatens only the forced
/// cell while O threatens nothing; after O blocks, X's second move
/// threatens exactly the published lines (mapped) on two cells while O
/// still threatens nothing, so O can block only one.
fn claim_4_line_wins(game: &Game, edge: usize) -> bool {
    let Some(image) = (game.symmetries.iter()).find(|s| s[4] == 4 && s[1] + 1 == edge) else {
        return false;
    };
    let [x, o, double] = CLAIM_4_LINE.map(|cell| image[cell - 1]);
    let threats = CLAIM_4_THREATS.map(|line| {
        let mut cells = line.map(|cell| image[cell - 1]).to_vec();
        cells.sort_unstable();
        cells
    });
    let mut expected = threats.to_vec();
    expected.sort();
    let mut board = vec![b'.'; game.cells()];
    let opened = place(&mut board, 4, b'X') && place(&mut board, edge - 1, b'O');
    if !opened || !place(&mut board, x, b'X') || game.wins(&board, b'X') {
        return false;
    }
    let first = threat_lines(game, &board, b'X');
    if threat_cells(&board, &first) != [o] || !threat_lines(game, &board, b'O').is_empty() {
        return false;
    }
    if !place(&mut board, o, b'O') || game.wins(&board, b'O') || !place(&mut board, double, b'X') {
        return false;
    }
    let second = threat_lines(game, &board, b'X');
    !game.wins(&board, b'X')
        && second == expected
        && threat_cells(&board, &second).len() == 2
        && threat_lines(game, &board, b'O').is_empty()
}

/// Whether a line is a legal game that ends in a full board with no
/// completed line.
fn drawing_line(game: &Game, line: &[usize]) -> bool {
    let mut board = vec![b'.'; game.cells()];
    for &cell in line {
        let mark = Game::to_move(&board);
        if !place(&mut board, cell - 1, mark) || game.wins(&board, mark) {
            return false;
        }
    }
    !board.contains(&b'.')
}

/// The derived verdict of claim `id`, from the audit's solve and the rules.
fn derive(id: &str, game: &Game, solved: &Derived) -> &'static str {
    let field = |name: &str| solved.fields.iter().find(|(f, _)| *f == name).map(|f| &f.1);
    let reply = |map: &str, cell: usize| {
        field(map)
            .and_then(|m| m.get(cell.to_string()))
            .and_then(Value::as_i64)
    };
    let holds = match id {
        "1" => {
            let sequences = field("sequences");
            let counted =
                ["x_wins", "o_wins", "draws"].map(|part| sequences.and_then(|s| s[part].as_u64()));
            counted == CLAIM_1_SEQUENCES.map(Some)
        }
        "2" => solved.value == 0 && solved.first_moves.iter().all(|&v| v == 0),
        "3" => {
            let values: Vec<Option<i64>> = (2..=9)
                .map(|cell| reply("replies_to_corner_1", cell))
                .collect();
            let drawn = values.iter().filter(|&&v| v == Some(0)).count();
            let rest_lose = values.iter().all(|&v| v == Some(0) || v == Some(1));
            (1..values.len()).contains(&drawn) && rest_lose
        }
        "4" => CLAIM_4_EDGES.iter().all(|&edge| {
            reply("replies_to_centre_5", edge) == Some(1) && claim_4_line_wins(game, edge)
        }),
        "5" => drawing_line(game, &CLAIM_5_LINE),
        _ => {
            let classes = game.cell_classes();
            classes.len() == CLAIM_6_CLASSES.len()
                && CLAIM_6_CLASSES
                    .iter()
                    .all(|named| classes.iter().any(|class| class == named))
        }
    };
    verdict_of(holds)
}

/// The claims: exactly the published ones on 3x3 with k = 3 (none on other
/// boards), each statement the regenerated text, each verdict derived.
pub fn check_claims(
    game: &Game,
    k: usize,
    claims: &[Value],
    solved: Option<&Derived>,
    findings: &mut Findings,
) {
    // one id past the expected ones shows a list is wrong
    let ids = crate::claim_ids(&claims[..claims.len().min(CLAIM_IDS.len() + 1)]);
    let published = game.rows == 3 && game.cols == 3 && k == 3;
    let expected: Vec<String> = if published {
        CLAIM_IDS.iter().map(|id| id.to_string()).collect()
    } else {
        Vec::new()
    };
    if ids != expected {
        findings.fail(Fault::ClaimIds {
            found: ids,
            expected,
        });
        return;
    }
    let Some(solved) = solved else {
        return;
    };
    for (claim, id) in claims.iter().zip(CLAIM_IDS) {
        // `line` is not accepted: a claim's line of play is in its statement.
        findings.known_fields(
            claim,
            &format!("claim {id}"),
            crate::CLAIM_RECORD_FIELDS_NO_LINE,
        );
        let text = statement(id, game.symmetries.len());
        if claim.get("statement").and_then(Value::as_str) != Some(text.as_str()) {
            findings.fail(Fault::ClaimStatement {
                id: id.to_string(),
                expected: text,
            });
        }
        let expected = derive(id, game, solved);
        let found = claim.get("verdict").and_then(Value::as_str);
        if found == Some(expected) {
            findings.checked.push(format!(
                "claim {id}: statement regenerated, verdict {expected} derived by the audit"
            ));
        } else {
            findings.fail(Fault::ClaimVerdict {
                id: id.to_string(),
                found: found.map(str::to_string),
                expected,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_written_with_thousands_commas() {
        assert_eq!(thousands(131_184), "131,184");
        assert_eq!(thousands(46_080), "46,080");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }

    #[test]
    fn claim_4_line_is_decided_by_the_rules_on_every_edge() {
        let json = serde_json::json!({"rows": 3, "cols": 3, "k": 3});
        let (game, _) = Game::from_json(&json).unwrap();
        for edge in CLAIM_4_EDGES {
            assert!(claim_4_line_wins(&game, edge), "O on {edge}");
        }
        // a corner is no edge: no symmetry fixing 5 takes 2 there
        assert!(!claim_4_line_wins(&game, 1));
        assert!(drawing_line(&game, &CLAIM_5_LINE));
        assert!(!drawing_line(&game, &[5, 1, 3, 7, 4, 6, 2, 9, 8]));
    }
}
