//! The exact solution: every position reachable from the start, solved by
//! retrograde analysis into win or loss in exactly d plies, or draw.
//!
//! Distances follow the usual distance-to-mate convention: the winner mates
//! as fast as it can, the loser delays as long as it can. A position from
//! which neither side can force mate is a draw; that covers repetition,
//! since a side that cannot force mate can at best keep the game going.

mod layout;

#[cfg(test)]
use super::model::SlotMove;
use super::model::{slide_squares, Board, Move, Position, Side, Status};
use crate::bits::bits;
use layout::{Bitmap, Layout, Parts};

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

/// During the backward pass an unresolved position holds this flag plus the
/// number of its moves not yet answered by a win; a resolved one holds its
/// distance, so the flag also bounds the distances a u16 can carry.
const UNRESOLVED: u16 = 0x8000;

fn decode(stored: u16) -> Value {
    match stored {
        DRAW => Value::Draw,
        d if d % 2 == 1 => Value::Win(d as u32),
        d => Value::Loss(d as u32),
    }
}

/// Every reachable position of one board with its exact value.
pub struct Solution {
    board: Board,
    layout: Layout,
    reachable: Bitmap,
    /// The value of each position by its layout index (meaningless for
    /// indices outside `reachable`).
    values: Vec<u16>,
    count: usize,
    start: usize,
    /// Number of legal moves between reachable positions.
    moves: usize,
}

/// The largest board [`solve`] accepts: the value table grows like n^6/12
/// (200 MB at 40 squares) and the work like the number of positions.
pub const MAX_SOLVED_SQUARES: u8 = 40;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error(
        "solving {0} squares is out of reach here (the solver takes boards up to {MAX_SOLVED_SQUARES} squares)"
    )]
    TooLarge(u8),
    #[error("a distance to mate on {0} squares exceeds the solver's 15-bit counter")]
    TooDeep(u8),
    #[error("on {0} squares a move led to a position whose kings and rooks are out of their order of play (a solver bug)")]
    OutOfOrder(u8),
}

/// Enumerate and solve; single-threaded, so the result never depends on
/// the thread count.
pub fn solve(board: Board) -> Result<Solution, SolveError> {
    if board.squares() > MAX_SOLVED_SQUARES {
        return Err(SolveError::TooLarge(board.squares()));
    }
    let layout = Layout::new(board);
    let start = layout
        .index(board, &board.start())
        .ok_or(SolveError::OutOfOrder(board.squares()))?;
    let mut reachable = Bitmap::new(layout.size());
    // The backward pass's state per layout index: a mate is lost in 0,
    // every other position starts unresolved with all its moves unanswered.
    let mut state = vec![0u16; layout.size()];
    let (mates, moves) = explore(board, &layout, start, &mut reachable, &mut state)?;
    retrograde(board, &layout, &mut state, mates)?;
    for stored in &mut state {
        if *stored & UNRESOLVED != 0 {
            *stored = DRAW;
        }
    }
    Ok(Solution {
        board,
        layout,
        count: reachable.len(),
        reachable,
        values: state,
        start,
        moves,
    })
}

/// Positions expanded together: their children's bitmap words are loaded
/// in one sweep before any is marked, so the cache misses overlap instead
/// of queueing behind each branch.
const FORWARD_BATCH: usize = 32;

/// Positions taken back together: their parents' states are loaded in
/// one sweep before any is updated, so the cache misses overlap instead of
/// queueing behind each branch.
const BACKWARD_BATCH: usize = 32;

/// Forward: every position reachable from the start, each one's number of
/// unanswered moves written into `state`. Returns the mates and the number
/// of moves in all.
///
/// The positions found but not yet expanded are swept in layout order
/// until none is left: a child numbered above its parent is expanded in the
/// same sweep, one below in the next. Consecutive
/// positions then mostly share a skeleton, so the skeleton table, the
/// bitmaps and `state` are read in a few streams.
fn explore(
    board: Board,
    layout: &Layout,
    start: usize,
    reachable: &mut Bitmap,
    state: &mut [u16],
) -> Result<(Vec<u32>, usize), SolveError> {
    reachable.insert(start);
    let mut frontier = Bitmap::new(layout.size());
    frontier.insert(start);
    let mut mates: Vec<u32> = Vec::new();
    let mut children: Vec<u32> = Vec::new();
    let mut moves = 0usize;
    let mut pending = true;
    while pending {
        pending = false;
        let mut cursor = 0;
        loop {
            children.clear();
            let mut batch = 0;
            while batch < FORWARD_BATCH {
                let Some(index) = frontier.pop_from(&mut cursor) else {
                    break;
                };
                batch += 1;
                match expand(board, layout, index, &mut children)? {
                    Some(degree) => state[index] = UNRESOLVED | degree,
                    None => mates.push(index as u32),
                }
            }
            if batch == 0 {
                break;
            }
            pending = true;
            moves += children.len();
            reachable.touch(&children);
            for &child in &children {
                if reachable.insert(child as usize) {
                    frontier.insert(child as usize);
                }
            }
        }
    }
    Ok((mates, moves))
}

/// Adds the children of the position numbered `index` to `children`;
/// returns its number of legal moves, or `None` for a checkmate. Bare kings
/// end the game: no moves are followed from there.
#[inline]
fn expand(
    board: Board,
    layout: &Layout,
    index: usize,
    children: &mut Vec<u32>,
) -> Result<Option<u16>, SolveError> {
    let position = layout.position(index);
    if position.bare_kings() {
        return Ok(Some(0));
    }
    let parts = layout.parts(&position.places);
    let side = layout.side(position.to_move.other());
    let before = children.len();
    let mut out_of_order = false;
    board.for_each_legal_move_set(&position, |moves| {
        let mut lifted = layout.remove(parts, moves.slot, moves.from);
        if let Some(victim) = moves.captured {
            lifted = layout.remove(lifted, victim, moves.targets.trailing_zeros() as u8 + 1);
        }
        for square in bits(moves.targets) {
            match layout.compose(side, layout.put(lifted, moves.slot, square as u8 + 1)) {
                Some(child) => children.push(child as u32),
                None => out_of_order = true,
            }
        }
    });
    if out_of_order {
        return Err(SolveError::OutOfOrder(board.squares()));
    }
    let degree = children.len() - before;
    if degree == 0 && board.in_check(&position, position.to_move) {
        return Ok(None);
    }
    Ok(Some(degree as u16))
}

/// The index of the position after `mv` from the one made of `parts`.
#[cfg(test)]
fn child_index(layout: &Layout, parts: Parts, side: u32, mv: SlotMove) -> Option<usize> {
    let mut after = layout.shift(parts, mv.slot, mv.from, mv.to);
    if let Some(victim) = mv.captured {
        after = layout.remove(after, victim, mv.to);
    }
    layout.compose(side, after)
}

/// Backward: breadth-first from the mates over unmoves, one distance at a
/// time, so the first win found is the fastest and the last answered move
/// of a loss is the longest delay. Each distance's positions are a bitmap
/// swept in layout order (see `explore`), which orders them without a sort
/// and without a queue.
fn retrograde(
    board: Board,
    layout: &Layout,
    state: &mut [u16],
    mates: Vec<u32>,
) -> Result<(), SolveError> {
    let mut level = Bitmap::new(layout.size());
    for &mate in &mates {
        level.insert(mate as usize);
    }
    let mut next = Bitmap::new(layout.size());
    let mut parents: Vec<u32> = Vec::new();
    let mut found = !mates.is_empty();
    let mut distance = 0u16;
    while found {
        if distance + 1 >= UNRESOLVED {
            return Err(SolveError::TooDeep(board.squares()));
        }
        found = false;
        let mut cursor = 0;
        loop {
            parents.clear();
            let mut batch = 0;
            while batch < BACKWARD_BATCH {
                let Some(index) = level.pop_from(&mut cursor) else {
                    break;
                };
                batch += 1;
                take_back(board, layout, index, &mut parents);
            }
            if batch == 0 {
                break;
            }
            touch(state, &parents);
            found |= resolve(state, &parents, distance, &mut next);
        }
        std::mem::swap(&mut level, &mut next);
        distance += 1;
    }
    Ok(())
}

/// Collects the layout indices of the positions one unmove before the one
/// numbered `index`, leaving out those that cannot arise in play: the
/// parents of `for_each_unmove` (the tests' reference), grouped by the piece
/// taken back and the piece restored, so each is one addition and one
/// look-up.
#[inline]
fn take_back(board: Board, layout: &Layout, index: usize, parents: &mut Vec<u32>) {
    let position = layout.position(index);
    let parts = layout.parts(&position.places);
    let side = layout.side(position.to_move.other());
    let places = position.places;
    let occupied = Board::occupied(&position);
    let on_board = board.on_board();
    let empty = on_board & !occupied;
    let base = if position.to_move == Side::White {
        3
    } else {
        0
    };
    let enemy = 3 - base;
    // Taking a king move back into bare kings would start where play has
    // already stopped; any other piece's move keeps that piece on the board.
    let plain = !position.bare_kings();
    // a knight only ever stands on squares of its starting colour
    let knight_colour = board.start().places[enemy + 1] % 2;
    for slot in base..base + 3 {
        let to = places[slot];
        if to == 0 {
            continue;
        }
        let at = 1u64 << (to - 1);
        let origins = match slot - base {
            0 => (at << 1 | at >> 1) & empty,
            1 => (at << 2 | at >> 2) & empty,
            _ => slide_squares(occupied, to, on_board),
        };
        let lifted = layout.remove(parts, slot, to);
        let mut restore = |before: Parts| {
            for square in bits(origins) {
                if let Some(parent) =
                    layout.compose(side, layout.put(before, slot, square as u8 + 1))
                {
                    parents.push(parent as u32);
                }
            }
        };
        if plain {
            restore(lifted);
        }
        // restore a captured enemy knight or rook on the square left
        if places[enemy + 1] == 0 && to % 2 == knight_colour {
            restore(layout.put(lifted, enemy + 1, to));
        }
        if places[enemy + 2] == 0 {
            restore(layout.put(lifted, enemy + 2, to));
        }
    }
}

/// Answers one move of each parent of positions at `distance`: a parent
/// whose move reaches a loss wins at once; one whose every move reaches a
/// win is lost once the last is answered. Unreachable parents hold 0, as
/// resolved ones do, and are left alone. Whether any was resolved.
#[inline]
fn resolve(state: &mut [u16], parents: &[u32], distance: u16, resolved: &mut Bitmap) -> bool {
    let mut any = false;
    for &parent in parents {
        let stored = &mut state[parent as usize];
        if *stored & UNRESOLVED == 0 {
            continue;
        }
        if distance.is_multiple_of(2) {
            // the child's mover is lost, so the parent's mover wins
            *stored = distance + 1;
            resolved.insert(parent as usize);
            any = true;
        } else {
            *stored -= 1;
            if *stored == UNRESOLVED {
                *stored = distance + 1;
                resolved.insert(parent as usize);
                any = true;
            }
        }
    }
    any
}

/// Loads the states of a batch of positions ahead of their use.
fn touch(state: &[u16], indices: &[u32]) {
    let sum = indices.iter().fold(0u16, |sum, &index| {
        sum ^ state.get(index as usize).copied().unwrap_or(0)
    });
    std::hint::black_box(sum);
}

/// A move taken back: the piece in `slot` of the side that just moved goes
/// from `to` back to `from`, and `restored` (an enemy knight or rook it
/// captured) reappears on `to`.
#[cfg(test)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Unmove {
    slot: usize,
    from: u8,
    to: u8,
    restored: Option<usize>,
}

#[cfg(test)]
impl Unmove {
    fn parent(self, position: &Position) -> Position {
        let mut parent = *position;
        parent.to_move = position.to_move.other();
        parent.places[self.slot] = self.from;
        if let Some(restored) = self.restored {
            parent.places[restored] = self.to;
        }
        parent
    }
}

/// Calls `visit` with every move that leads to `position` taken back: the
/// side that just moved takes one of its pieces back, possibly restoring a
/// captured enemy knight or rook on the square it left. Whether the
/// predecessor is reachable is the caller's test; the move's own legality
/// (mover's king safe) holds because `position` is legal.
#[cfg(test)]
fn for_each_unmove(board: Board, position: &Position, mut visit: impl FnMut(Unmove)) {
    let mover = position.to_move.other();
    let n = board.squares();
    let places = position.places;
    let occupied = Board::occupied(position);
    let empty = |square: u8| occupied & (1u64 << (square - 1)) == 0;
    let base = if mover == Side::White { 0 } else { 3 };
    let enemy = 3 - base;
    // Taking a king move back into bare kings would start where play has
    // already stopped; any other piece's move keeps that piece on the board.
    let bare_kings = position.bare_kings();
    // a knight only ever stands on squares of its starting colour
    let knight_colour = board.start().places[enemy + 1] % 2;
    let mut take_back = |slot: usize, to: u8, from: u8| {
        let plain = Unmove {
            slot,
            from,
            to,
            restored: None,
        };
        if !bare_kings {
            visit(plain);
        }
        // restore a captured enemy knight or rook on the square left
        if places[enemy + 1] == 0 && to % 2 == knight_colour {
            visit(Unmove {
                restored: Some(enemy + 1),
                ..plain
            });
        }
        if places[enemy + 2] == 0 {
            visit(Unmove {
                restored: Some(enemy + 2),
                ..plain
            });
        }
    };
    for (slot, &to) in places.iter().enumerate().skip(base).take(3) {
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

impl Solution {
    pub fn board(&self) -> Board {
        self.board
    }

    /// Number of distinct positions (squares of all pieces and side to move)
    /// reachable from the start, terminal ones included.
    pub fn position_count(&self) -> usize {
        self.count
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
        let index = self.layout.index(self.board, position)?;
        self.reachable
            .contains(index)
            .then(|| decode(self.values[index]))
    }

    /// Every reachable position with its value, in layout order.
    pub fn iter(&self) -> impl Iterator<Item = (Position, Value)> + '_ {
        self.reachable
            .iter()
            .map(|index| (self.layout.position(index), decode(self.values[index])))
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
                for_each_unmove(board, &next, |unmove| parents.push(unmove.parent(&next)));
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
    fn moves_and_unmoves_update_layout_indices() {
        let board = Board::new(13).unwrap();
        let layout = Layout::new(board);
        let solution = solved(13);
        for (position, _) in solution.iter().step_by(7) {
            let index = layout.index(board, &position).unwrap();
            assert_eq!(layout.position(index), position);
            if position.bare_kings() {
                continue;
            }
            let parts = layout.parts(&position.places);
            board.for_each_legal_slot_move(&position, |mv| {
                let mut next = position;
                if let Some(victim) = mv.captured {
                    next.places[victim] = 0;
                }
                next.places[mv.slot] = mv.to;
                next.to_move = position.to_move.other();
                let child = child_index(&layout, parts, layout.side(next.to_move), mv);
                assert_eq!(child, layout.index(board, &next));
                let mut parents = Vec::new();
                take_back(board, &layout, child.unwrap(), &mut parents);
                let mut expected = Vec::new();
                for_each_unmove(board, &next, |unmove| {
                    if let Some(parent) = layout.index(board, &unmove.parent(&next)) {
                        expected.push(parent as u32);
                    }
                });
                parents.sort_unstable();
                expected.sort_unstable();
                assert_eq!(parents, expected);
                assert!(parents.contains(&(index as u32)));
            });
        }
    }

    /// The solver's moves by piece are the rules' moves one by one.
    #[test]
    fn move_sets_hold_the_legal_moves() {
        for n in [8, 11, 14] {
            let solution = solved(n);
            let board = solution.board();
            for (position, _) in solution.iter() {
                let mut expected = Vec::new();
                board.for_each_legal_slot_move(&position, |mv| expected.push(mv));
                let mut moves = Vec::new();
                board.for_each_legal_move_set(&position, |set| {
                    assert!(set.captured.is_none() || set.targets.count_ones() == 1);
                    moves.extend(bits(set.targets).map(|square| SlotMove {
                        slot: set.slot,
                        from: set.from,
                        to: square as u8 + 1,
                        captured: set.captured,
                    }));
                });
                let key = |mv: &SlotMove| (mv.slot, mv.from, mv.to, mv.captured);
                expected.sort_unstable_by_key(key);
                moves.sort_unstable_by_key(key);
                assert_eq!(moves, expected, "{}", board.describe(&position));
            }
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
