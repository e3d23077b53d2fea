//! The whole game tree of a small board (up to 9 cells), solved here from
//! the rules alone, so every number a 3x3 certificate states is recomputed
//! rather than trusted: the value, each first move's and reply's value,
//! the sequence counts, nodes and positions.

use super::Game;
use serde_json::{json, Map, Value};
use std::collections::{HashMap, HashSet};

/// Boards up to this many cells are solved outright (3x3 has 5,478
/// positions; 4x4 would have millions).
pub const SOLVE_CELLS: usize = 9;

/// A subtree: its value with best play (+1 X wins, -1 O wins), the move
/// sequences ending in each result, and its nodes (itself included).
#[derive(Debug, Clone, Copy, Default)]
struct Tree {
    value: i64,
    x_wins: u64,
    o_wins: u64,
    draws: u64,
    nodes: u64,
}

/// What the auditor derives for a small board, as the certificate's fields.
pub struct Derived {
    pub value: i64,
    pub first_moves: Vec<i64>,
    pub fields: Vec<(&'static str, Value)>,
}

struct Solver<'a> {
    game: &'a Game,
    memo: HashMap<Vec<u8>, Tree>,
    boards: HashSet<Vec<u8>>,
}

impl Solver<'_> {
    /// The tree below `board`, a position where the game goes on.
    fn tree(&mut self, board: &[u8]) -> Tree {
        if let Some(tree) = self.memo.get(board) {
            return *tree;
        }
        self.boards.insert(board.to_vec());
        let mover = Game::to_move(board);
        let mut tree = Tree {
            value: if mover == b'X' { -2 } else { 2 },
            nodes: 1,
            ..Tree::default()
        };
        for cell in 0..board.len() {
            if board[cell] != b'.' {
                continue;
            }
            let child = self.child(board, cell);
            tree.value = if mover == b'X' {
                tree.value.max(child.value)
            } else {
                tree.value.min(child.value)
            };
            tree.x_wins += child.x_wins;
            tree.o_wins += child.o_wins;
            tree.draws += child.draws;
            tree.nodes += child.nodes;
        }
        self.memo.insert(board.to_vec(), tree);
        tree
    }

    /// The tree after the player to move marks `cell`.
    fn child(&mut self, board: &[u8], cell: usize) -> Tree {
        let mover = Game::to_move(board);
        let mut next = board.to_vec();
        next[cell] = mover;
        if self.game.wins(&next, mover) {
            self.boards.insert(next);
            let x = mover == b'X';
            return Tree {
                value: if x { 1 } else { -1 },
                x_wins: u64::from(x),
                o_wins: u64::from(!x),
                draws: 0,
                nodes: 1,
            };
        }
        if !next.contains(&b'.') {
            self.boards.insert(next);
            return Tree {
                draws: 1,
                nodes: 1,
                ..Tree::default()
            };
        }
        self.tree(&next)
    }
}

/// The values of every move from `board`, keyed by cell number (1-based).
fn replies(solver: &mut Solver, board: &[u8]) -> Map<String, Value> {
    (0..board.len())
        .filter(|&cell| board[cell] == b'.')
        .map(|cell| {
            let value = solver.child(board, cell).value;
            ((cell + 1).to_string(), Value::from(value))
        })
        .collect()
}

pub fn derive(game: &Game) -> Derived {
    let cells = game.cells();
    let mut solver = Solver {
        game,
        memo: HashMap::new(),
        boards: HashSet::new(),
    };
    let empty = vec![b'.'; cells];
    let root = solver.tree(&empty);
    let first_moves: Vec<i64> = (0..cells).map(|c| solver.child(&empty, c).value).collect();
    let mut corner = empty.clone();
    corner[0] = b'X';
    let replies_to_corner_1 = if solver.game.wins(&corner, b'X') || cells == 1 {
        Map::new()
    } else {
        replies(&mut solver, &corner)
    };
    // cell 5 is the centre on 3x3 only
    let replies_to_centre_5 = (game.rows == 3 && game.cols == 3).then(|| {
        let mut centre = empty.clone();
        centre[4] = b'X';
        replies(&mut solver, &centre)
    });
    let canonical: HashSet<Vec<u8>> = solver.boards.iter().map(|b| game.canonical(b)).collect();
    let fields = vec![
        ("value", Value::from(root.value)),
        (
            "sequences",
            json!({
                "x_wins": root.x_wins,
                "o_wins": root.o_wins,
                "draws": root.draws,
                "total": root.x_wins + root.o_wins + root.draws,
            }),
        ),
        ("nodes", Value::from(root.nodes)),
        ("positions", Value::from(solver.boards.len())),
        ("positions_up_to_symmetry", Value::from(canonical.len())),
        ("first_moves", Value::from(first_moves.clone())),
        ("replies_to_corner_1", Value::Object(replies_to_corner_1)),
        (
            "replies_to_centre_5",
            replies_to_centre_5.map_or(Value::Null, Value::Object),
        ),
    ];
    Derived {
        value: root.value,
        first_moves,
        fields,
    }
}
