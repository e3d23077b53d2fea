//! The exact solution: every position reachable from the start, solved by
//! retrograde analysis into win or loss in exactly d plies, or draw.
//!
//! Distances follow the usual distance-to-mate convention: the winner mates
//! as fast as it can, the loser delays as long as it can. A position from
//! which neither side can force mate is a draw; that covers repetition,
//! since a side that cannot force mate can at best keep the game going.

use super::model::{Board, Move, Position, Side, Status};

/// The value of a position for the side to move, counted in plies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    /// The side to move mates on its move in exactly this many plies (odd).
    Win(u32),
    /// The side to move is mated in exactly this many plies (even; 0 means
    /// it is checkmated now).
    Loss(u32),
    /// Neither side can force mate.
    Draw,
}

impl Value {
    /// The value seen from the other side, one ply earlier.
    pub fn flip(self) -> Value {
        match self {
            Value::Win(d) => Value::Loss(d + 1),
            Value::Loss(d) => Value::Win(d + 1),
            Value::Draw => Value::Draw,
        }
    }

    /// Which side wins if the given side is to move.
    pub fn winner(self, to_move: Side) -> Option<Side> {
        match self {
            Value::Win(_) => Some(to_move),
            Value::Loss(_) => Some(to_move.other()),
            Value::Draw => None,
        }
    }

    pub fn plies(self) -> Option<u32> {
        match self {
            Value::Win(d) | Value::Loss(d) => Some(d),
            Value::Draw => None,
        }
    }
}

/// Unresolved after retrograde analysis, hence drawn. Distances are stored
/// in a u16; parity tells win (odd) from loss (even).
const DRAW: u16 = u16::MAX;

fn decode(stored: u16) -> Value {
    match stored {
        DRAW => Value::Draw,
        d if d % 2 == 1 => Value::Win(d as u32),
        d => Value::Loss(d as u32),
    }
}

/// A dense numbering of every position that respects the invariants of
/// play, used for a visited bitmap: kings on the board, and each knight on
/// squares of its starting colour (it always moves two squares).
#[derive(Debug, Clone, Copy)]
struct Layout {
    squares: usize,
    /// Knight cells: 0 captured, else square / 2 rounded up.
    knight_cells: usize,
    /// Whether Black's knight stands on odd squares (White's is on even ones).
    black_knight_odd: bool,
}

impl Layout {
    fn new(board: Board) -> Layout {
        let squares = board.squares() as usize;
        Layout {
            squares,
            knight_cells: squares.div_ceil(2) + 1,
            black_knight_odd: (squares - 1) % 2 == 1,
        }
    }

    fn size(&self) -> usize {
        let n = self.squares;
        2 * n * n * (n + 1) * (n + 1) * self.knight_cells * self.knight_cells
    }

    fn index(&self, position: &Position) -> usize {
        let n = self.squares;
        let [wk, wn, wr, bk, bn, br] = position.places.map(|square| square as usize);
        let side = (position.to_move == Side::Black) as usize;
        let mut index = side;
        index = index * n + (wk - 1);
        index = index * n + (bk - 1);
        index = index * (n + 1) + wr;
        index = index * (n + 1) + br;
        index = index * self.knight_cells + wn.div_ceil(2);
        index * self.knight_cells + bn.div_ceil(2)
    }

    fn position(&self, mut index: usize) -> Position {
        let n = self.squares;
        let knight = |cell: usize, odd: bool| -> u8 {
            match cell {
                0 => 0,
                cell => (2 * cell - odd as usize) as u8,
            }
        };
        let bn = knight(index % self.knight_cells, self.black_knight_odd);
        index /= self.knight_cells;
        let wn = knight(index % self.knight_cells, false);
        index /= self.knight_cells;
        let br = (index % (n + 1)) as u8;
        index /= n + 1;
        let wr = (index % (n + 1)) as u8;
        index /= n + 1;
        let bk = (index % n + 1) as u8;
        index /= n;
        let wk = (index % n + 1) as u8;
        index /= n;
        let to_move = if index == 1 { Side::Black } else { Side::White };
        Position {
            places: [wk, wn, wr, bk, bn, br],
            to_move,
        }
    }
}

/// The set of reachable positions as a bitmap over [`Layout`] indices, with
/// a running count per word so that a position's number is its rank.
struct Reachable {
    words: Vec<u64>,
    ranks: Vec<u32>,
}

impl Reachable {
    fn contains(&self, index: usize) -> bool {
        self.words[index / 64] & (1u64 << (index % 64)) != 0
    }

    fn rank(&self, index: usize) -> usize {
        let below = self.words[index / 64] & ((1u64 << (index % 64)) - 1);
        self.ranks[index / 64] as usize + below.count_ones() as usize
    }

    fn id(&self, index: usize) -> Option<usize> {
        self.contains(index).then(|| self.rank(index))
    }
}

/// Every reachable position of one board with its exact value.
pub struct Solution {
    board: Board,
    layout: Layout,
    reachable: Reachable,
    /// Layout indices of the reachable positions in increasing order; a
    /// position's number is its place here.
    indices: Vec<u32>,
    values: Vec<u16>,
    start: usize,
    /// Number of legal moves between reachable positions.
    moves: usize,
}

/// The largest board [`solve`] accepts: the visited bitmap grows like n^6
/// (300 MB at 40 squares) and the work like the number of positions.
pub const MAX_SOLVED_SQUARES: u8 = 40;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error(
        "solving {0} squares is out of reach here (the solver takes boards up to {MAX_SOLVED_SQUARES} squares)"
    )]
    TooLarge(u8),
}

/// Bit 7 of a frontier entry marks a checkmate; bits 0..=6 hold the number
/// of legal moves (at most 2 + 2 + 63).
const MATE_FLAG: u64 = 0x80;

/// Enumerate and solve; single-threaded, so the result never depends on
/// the thread count.
pub fn solve(board: Board) -> Result<Solution, SolveError> {
    if board.squares() > MAX_SOLVED_SQUARES {
        return Err(SolveError::TooLarge(board.squares()));
    }
    let layout = Layout::new(board);
    let start = board.start();

    // Forward: breadth-first over legal moves. Each entry packs the layout
    // index with the move count and the mate flag.
    let mut words = vec![0u64; layout.size().div_ceil(64)];
    let mark = |words: &mut Vec<u64>, index: usize| -> bool {
        let fresh = words[index / 64] & (1u64 << (index % 64)) == 0;
        words[index / 64] |= 1u64 << (index % 64);
        fresh
    };
    let mut found: Vec<u64> = Vec::new();
    let start_index = layout.index(&start);
    mark(&mut words, start_index);
    found.push((start_index as u64) << 8);
    let mut next = 0;
    let mut moves = 0usize;
    while next < found.len() {
        let index = (found[next] >> 8) as usize;
        let position = layout.position(index);
        let mut degree = 0u64;
        // Bare kings end the game: no moves are followed from there.
        if !position.bare_kings() {
            board.for_each_legal_move(&position, |_, child| {
                degree += 1;
                let child_index = layout.index(&child);
                if mark(&mut words, child_index) {
                    found.push((child_index as u64) << 8);
                }
            });
            if degree == 0 && board.in_check(&position, position.to_move) {
                degree |= MATE_FLAG;
            }
        }
        moves += (degree & !MATE_FLAG) as usize;
        found[next] |= degree;
        next += 1;
    }
    found.sort_unstable();

    let mut ranks = Vec::with_capacity(words.len());
    let mut total = 0u32;
    for word in &words {
        ranks.push(total);
        total += word.count_ones();
    }
    let reachable = Reachable { words, ranks };
    let indices: Vec<u32> = found.iter().map(|entry| (entry >> 8) as u32).collect();
    // A position is lost once every move is answered by a win; count the
    // moves still unanswered.
    let mut unanswered: Vec<u8> = found
        .iter()
        .map(|entry| (entry & !MATE_FLAG & 0xff) as u8)
        .collect();
    let mut values = vec![DRAW; indices.len()];
    let mut queue: Vec<u32> = Vec::new();
    for (id, entry) in found.iter().enumerate() {
        if entry & MATE_FLAG != 0 {
            values[id] = 0;
            queue.push(id as u32);
        }
    }
    drop(found);

    // Backward: breadth-first from the mates over unmoves. Positions leave
    // the queue in order of distance, so the first win found is the fastest
    // and the last answered move of a loss is the longest delay.
    let mut head = 0;
    while head < queue.len() {
        let child = queue[head] as usize;
        head += 1;
        let distance = values[child];
        let position = layout.position(indices[child] as usize);
        for_each_unmove(board, &position, |parent| {
            let Some(parent) = reachable.id(layout.index(&parent)) else {
                return;
            };
            if values[parent] != DRAW {
                return;
            }
            if distance.is_multiple_of(2) {
                // the child's mover is lost, so the parent's mover wins
                values[parent] = distance + 1;
                queue.push(parent as u32);
            } else {
                unanswered[parent] -= 1;
                if unanswered[parent] == 0 {
                    values[parent] = distance + 1;
                    queue.push(parent as u32);
                }
            }
        });
    }

    let start = reachable.rank(start_index);
    Ok(Solution {
        board,
        layout,
        reachable,
        indices,
        values,
        start,
        moves,
    })
}

/// Calls `visit` with every position from which a legal move leads to
/// `position`: the side that just moved takes one of its pieces back,
/// possibly restoring a captured enemy knight or rook on the square it
/// left. Whether the predecessor is reachable is the caller's test; the
/// move's own legality (mover's king safe) holds because `position` is legal.
fn for_each_unmove(board: Board, position: &Position, mut visit: impl FnMut(Position)) {
    let mover = position.to_move.other();
    let n = board.squares();
    let occupied = position
        .places
        .iter()
        .filter(|&&square| square != 0)
        .fold(0u64, |mask, &square| mask | 1u64 << (square - 1));
    let empty = |square: u8| occupied & (1u64 << (square - 1)) == 0;
    let base = if mover == Side::White { 0 } else { 3 };
    let enemy = 3 - base;
    let start = board.start();
    let mut take_back = |slot: usize, to: u8, from: u8| {
        let mut parent = *position;
        parent.to_move = mover;
        parent.places[slot] = from;
        if !parent.bare_kings() {
            visit(parent);
        }
        // restore a captured enemy knight or rook on the square left
        for restored in [enemy + 1, enemy + 2] {
            // a knight only ever stands on squares of its starting colour
            let fits = restored != enemy + 1 || to % 2 == start.places[restored] % 2;
            if position.places[restored] == 0 && fits {
                let mut parent = parent;
                parent.places[restored] = to;
                visit(parent);
            }
        }
    };
    for slot in base..base + 3 {
        let to = position.places[slot];
        if to == 0 {
            continue;
        }
        if slot - base < 2 {
            let step = if slot == base { 1 } else { 2 };
            if to > step && empty(to - step) {
                take_back(slot, to, to - step);
            }
            if to + step <= n && empty(to + step) {
                take_back(slot, to, to + step);
            }
        } else {
            let mut from = to - 1;
            while from >= 1 && empty(from) {
                take_back(slot, to, from);
                from -= 1;
            }
            let mut from = to + 1;
            while from <= n && empty(from) {
                take_back(slot, to, from);
                from += 1;
            }
        }
    }
}

impl Layout {
    /// Whether `position` can be numbered: kings on the board, squares in
    /// range, knights on their colour. Every position of play passes.
    fn fits(&self, board: Board, position: &Position) -> bool {
        let n = self.squares as u8;
        let start = board.start();
        position.places.iter().all(|&square| square <= n)
            && position.places[0] != 0
            && position.places[3] != 0
            && [1, 4].iter().all(|&slot| {
                position.places[slot] == 0 || position.places[slot] % 2 == start.places[slot] % 2
            })
    }
}

impl Solution {
    pub fn board(&self) -> Board {
        self.board
    }

    /// Number of distinct positions (squares of all pieces and side to move)
    /// reachable from the start, terminal ones included.
    pub fn position_count(&self) -> usize {
        self.indices.len()
    }

    /// Number of legal moves between reachable positions.
    pub fn move_count(&self) -> usize {
        self.moves
    }

    pub fn start(&self) -> Position {
        self.board.start()
    }

    pub fn start_value(&self) -> Value {
        decode(self.values[self.start])
    }

    /// The value of a reachable position; `None` for an unreachable one.
    pub fn value(&self, position: &Position) -> Option<Value> {
        if !self.layout.fits(self.board, position) {
            return None;
        }
        self.reachable
            .id(self.layout.index(position))
            .map(|id| decode(self.values[id]))
    }

    /// Every reachable position with its value, in layout order.
    pub fn iter(&self) -> impl Iterator<Item = (Position, Value)> + '_ {
        self.indices
            .iter()
            .zip(self.values.iter())
            .map(|(&index, &stored)| (self.layout.position(index as usize), decode(stored)))
    }

    /// The legal moves of a position, each with the value of the position it
    /// leads to (for the side then to move).
    pub fn moves(&self, position: &Position) -> Vec<(Move, Position, Value)> {
        if position.bare_kings() {
            return Vec::new();
        }
        self.board
            .legal_moves(position)
            .into_iter()
            .map(|(mv, next)| {
                let value = self.value(&next).unwrap_or(Value::Draw);
                (mv, next, value)
            })
            .collect()
    }

    /// An optimal move: the fastest mate when winning, the longest delay when
    /// losing, a drawing move when drawn; the first such move in generation
    /// order, so the choice is reproducible. `None` when the game is over.
    pub fn best_move(&self, position: &Position) -> Option<(Move, Position)> {
        let value = self.value(position)?;
        let wanted = match value {
            Value::Win(d) => Value::Loss(d - 1),
            Value::Loss(0) => return None,
            Value::Loss(d) => Value::Win(d - 1),
            Value::Draw => Value::Draw,
        };
        self.moves(position)
            .into_iter()
            .find(|(_, _, child)| *child == wanted)
            .map(|(mv, next, _)| (mv, next))
    }

    /// Optimal play from `position` until the game ends, or, in a draw, until
    /// a position repeats (from there on the play cycles).
    pub fn principal_variation(&self, position: &Position) -> Vec<(Move, Position)> {
        let mut line = Vec::new();
        let mut seen = vec![*position];
        let mut current = *position;
        while let Some((mv, next)) = self.best_move(&current) {
            line.push((mv, next));
            if seen.contains(&next) {
                break;
            }
            seen.push(next);
            current = next;
        }
        line
    }

    /// The status of a position under the rules.
    pub fn status(&self, position: &Position) -> Status {
        self.board.status(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashSet, VecDeque};

    fn solved(n: u64) -> Solution {
        solve(Board::new(n).unwrap()).unwrap()
    }

    /// Reachable positions by a plain breadth-first search over a hash set,
    /// to check the bitmap numbering.
    fn naive_count(board: Board) -> usize {
        let start = board.start();
        let mut seen = HashSet::from([start]);
        let mut queue = VecDeque::from([start]);
        while let Some(position) = queue.pop_front() {
            if position.bare_kings() {
                continue;
            }
            for (_, next) in board.legal_moves(&position) {
                if seen.insert(next) {
                    queue.push_back(next);
                }
            }
        }
        seen.len()
    }

    #[test]
    fn position_counts_agree_with_a_plain_search() {
        for n in 6..=11 {
            let solution = solved(n);
            assert_eq!(
                solution.position_count(),
                naive_count(solution.board()),
                "n = {n}"
            );
        }
    }

    #[test]
    fn layout_numbers_every_reachable_position_once() {
        let solution = solved(9);
        let mut seen = HashSet::new();
        for (position, value) in solution.iter() {
            assert!(seen.insert(position));
            assert_eq!(solution.value(&position), Some(value));
        }
        assert_eq!(seen.len(), solution.position_count());
    }

    /// Every value must satisfy the minimax definition over its children:
    /// an independent check of the backward pass.
    fn check_values(solution: &Solution) {
        let board = solution.board();
        for (position, value) in solution.iter() {
            let status = board.status(&position);
            let children: Vec<Value> = solution.moves(&position).iter().map(|m| m.2).collect();
            let expected = match status {
                Status::Checkmate => Value::Loss(0),
                Status::Stalemate | Status::BareKings => Value::Draw,
                Status::Ongoing => {
                    let fastest_win = children
                        .iter()
                        .filter_map(|v| match v {
                            Value::Loss(d) => Some(d + 1),
                            _ => None,
                        })
                        .min();
                    if let Some(d) = fastest_win {
                        Value::Win(d)
                    } else if children.iter().all(|v| matches!(v, Value::Win(_))) {
                        let longest = children.iter().filter_map(|v| v.plies()).max().unwrap();
                        Value::Loss(longest + 1)
                    } else {
                        Value::Draw
                    }
                }
            };
            assert_eq!(value, expected, "{}", board.describe(&position));
        }
    }

    #[test]
    fn values_obey_the_minimax_definition() {
        for n in 6..=10 {
            check_values(&solved(n));
        }
    }

    #[test]
    fn every_move_can_be_taken_back() {
        let solution = solved(10);
        let board = solution.board();
        for (position, _) in solution.iter().take(3000) {
            if position.bare_kings() {
                continue;
            }
            for (_, next) in board.legal_moves(&position) {
                let mut parents = Vec::new();
                for_each_unmove(board, &next, |parent| parents.push(parent));
                assert!(parents.contains(&position), "{}", board.describe(&next));
            }
        }
    }

    #[test]
    fn principal_variation_follows_the_value() {
        let solution = solved(8);
        let start = solution.start();
        let line = solution.principal_variation(&start);
        match solution.start_value() {
            Value::Win(d) | Value::Loss(d) => {
                assert_eq!(line.len() as u32, d);
                let last = line.last().unwrap().1;
                assert_eq!(solution.board().status(&last), Status::Checkmate);
            }
            Value::Draw => assert!(!line.is_empty()),
        }
        for window in line.windows(2) {
            let before = solution.value(&window[0].1).unwrap();
            let after = solution.value(&window[1].1).unwrap();
            assert!(before.plies() == after.plies().map(|d| d + 1) || before == Value::Draw);
        }
    }

    #[test]
    fn boards_beyond_the_solver_limit_are_refused() {
        let board = Board::new(MAX_SOLVED_SQUARES as u64 + 1).unwrap();
        assert!(matches!(solve(board), Err(SolveError::TooLarge(_))));
        assert_eq!(Value::Win(3).flip(), Value::Loss(4));
        assert_eq!(Value::Draw.winner(Side::White), None);
    }
}
