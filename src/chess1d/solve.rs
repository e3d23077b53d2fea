//! The exact solution: every position reachable from the start, solved by
//! retrograde analysis into win or loss in exactly d plies, or draw.
//!
//! Distances follow the usual distance-to-mate convention: the winner mates
//! as fast as it can, the loser delays as long as it can. A position from
//! which neither side can force mate is a draw; that covers repetition,
//! since a side that cannot force mate can at best keep the game going.

use super::model::{Board, Move, Position, Side, SlotMove, Status};

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

/// Division by a fixed divisor as two multiplications (Lemire, Kaser and
/// Kurz, "Faster remainder by direct computation", 2019): exact for every
/// 32-bit dividend; decoding a layout index takes six of them.
#[derive(Debug, Clone, Copy)]
struct Divisor {
    divisor: u32,
    magic: u64,
}

impl Divisor {
    /// `divisor` must be at least 2.
    fn new(divisor: u32) -> Divisor {
        Divisor {
            divisor,
            magic: u64::MAX / u64::from(divisor) + 1,
        }
    }

    /// (quotient, remainder)
    fn div_rem(self, dividend: u32) -> (u32, u32) {
        let quotient = ((u128::from(self.magic) * u128::from(dividend)) >> 64) as u32;
        (quotient, dividend - quotient * self.divisor)
    }
}

/// A dense numbering of every position that respects the invariants of
/// play, used for a visited bitmap: kings on the board, and each knight on
/// squares of its starting colour (it always moves two squares).
///
/// An index is the sum of one term per piece (its square times the piece's
/// stride) and one for the side to move, so a move changes it by a few
/// table lookups: `offsets[slot][square]` is the piece's term.
#[derive(Debug, Clone)]
struct Layout {
    squares: usize,
    /// Whether Black's knight stands on odd squares (White's is on even ones).
    black_knight_odd: bool,
    /// The term of each slot (White K N R, Black K N R) on each square.
    offsets: [Vec<u32>; 6],
    /// The term of Black to move (White's is 0).
    black_to_move: u32,
    by_squares: Divisor,
    by_rook_places: Divisor,
    by_knight_cells: Divisor,
}

impl Layout {
    fn new(board: Board) -> Layout {
        let squares = board.squares() as usize;
        // Knight cells: 0 captured, else square / 2 rounded up.
        let knight_cells = squares.div_ceil(2) + 1;
        // Strides, innermost first: Black knight, White knight, Black rook,
        // White rook, Black king, White king, side to move.
        let bn = 1;
        let wn = bn * knight_cells;
        let br = wn * knight_cells;
        let wr = br * (squares + 1);
        let bk = wr * (squares + 1);
        let wk = bk * squares;
        let side = wk * squares;
        let term = |stride: usize, field: &dyn Fn(usize) -> usize| -> Vec<u32> {
            (0..=squares)
                .map(|square| (stride * field(square)) as u32)
                .collect()
        };
        let king = |square: usize| square.saturating_sub(1);
        let rook = |square: usize| square;
        let knight = |square: usize| square.div_ceil(2);
        Layout {
            squares,
            black_knight_odd: (squares - 1) % 2 == 1,
            offsets: [
                term(wk, &king),
                term(wn, &knight),
                term(wr, &rook),
                term(bk, &king),
                term(bn, &knight),
                term(br, &rook),
            ],
            black_to_move: side as u32,
            by_squares: Divisor::new(squares as u32),
            by_rook_places: Divisor::new(squares as u32 + 1),
            by_knight_cells: Divisor::new(knight_cells as u32),
        }
    }

    fn size(&self) -> usize {
        2 * self.black_to_move as usize
    }

    fn index(&self, position: &Position) -> usize {
        let side = match position.to_move {
            Side::White => 0,
            Side::Black => self.black_to_move as usize,
        };
        (0..6).fold(side, |index, slot| {
            index + self.offsets[slot][position.places[slot] as usize] as usize
        })
    }

    /// The index after `mv` from the position numbered `index` with `mover`
    /// to move.
    #[inline]
    fn child(&self, index: usize, mover: Side, mv: SlotMove) -> usize {
        let piece = &self.offsets[mv.slot];
        let mut child = index - piece[mv.from as usize] as usize + piece[mv.to as usize] as usize;
        if let Some(victim) = mv.captured {
            child -= self.offsets[victim][mv.to as usize] as usize;
        }
        match mover {
            Side::White => child + self.black_to_move as usize,
            Side::Black => child - self.black_to_move as usize,
        }
    }

    /// The index before `unmove` was played into the position numbered
    /// `index`, in which `mover` has just moved.
    #[inline]
    fn parent(&self, index: usize, mover: Side, unmove: Unmove) -> usize {
        let piece = &self.offsets[unmove.slot];
        let mut parent =
            index - piece[unmove.to as usize] as usize + piece[unmove.from as usize] as usize;
        if let Some(restored) = unmove.restored {
            parent += self.offsets[restored][unmove.to as usize] as usize;
        }
        match mover {
            Side::White => parent - self.black_to_move as usize,
            Side::Black => parent + self.black_to_move as usize,
        }
    }

    fn position(&self, index: usize) -> Position {
        let knight = |cell: u32, odd: bool| -> u8 {
            match cell {
                0 => 0,
                cell => (2 * cell - odd as u32) as u8,
            }
        };
        let (index, cell) = self.by_knight_cells.div_rem(index as u32);
        let bn = knight(cell, self.black_knight_odd);
        let (index, cell) = self.by_knight_cells.div_rem(index);
        let wn = knight(cell, false);
        let (index, br) = self.by_rook_places.div_rem(index);
        let (index, wr) = self.by_rook_places.div_rem(index);
        let (index, bk) = self.by_squares.div_rem(index);
        let (index, wk) = self.by_squares.div_rem(index);
        let to_move = if index == 1 { Side::Black } else { Side::White };
        Position {
            places: [wk as u8 + 1, wn, wr as u8, bk as u8 + 1, bn, br as u8],
            to_move,
        }
    }
}

/// Bits per block of the reachable set: seven bitmap words share a cache
/// line with the rank of the block's first bit.
const BLOCK_BITS: usize = 7 * 64;

#[derive(Debug, Clone, Copy, Default)]
#[repr(C, align(64))]
struct Block {
    /// The number of members below the block (bits 27..64) and the members
    /// in the block before words 2, 4 and 6 (9 bits each), so a rank needs
    /// at most two population counts.
    header: u64,
    words: [u64; 7],
}

impl Block {
    /// Members of this block below bit `mask` of word `word`.
    #[inline]
    fn count_below(&self, word: usize, mask: u64) -> u64 {
        let pair = word / 2;
        let before_pair = if pair == 0 {
            0
        } else {
            (self.header >> (9 * (pair - 1))) & 0x1ff
        };
        let odd = if word % 2 == 1 {
            self.words[word - 1].count_ones() as u64
        } else {
            0
        };
        before_pair + odd + (self.words[word] & (mask - 1)).count_ones() as u64
    }

    fn rank(&self) -> u64 {
        self.header >> 27
    }
}

/// The set of reachable positions as a bitmap over [`Layout`] indices, with
/// a running count per block so that a position's number is its rank.
struct Reachable {
    blocks: Vec<Block>,
    count: usize,
}

impl Reachable {
    fn new(size: usize) -> Reachable {
        Reachable {
            blocks: vec![Block::default(); size.div_ceil(BLOCK_BITS)],
            count: 0,
        }
    }

    /// (block, word, bit mask) of an index.
    #[inline]
    fn locate(index: usize) -> (usize, usize, u64) {
        let offset = index % BLOCK_BITS;
        (index / BLOCK_BITS, offset / 64, 1u64 << (offset % 64))
    }

    /// Adds an index; whether it was new.
    #[inline]
    fn insert(&mut self, index: usize) -> bool {
        let (block, word, mask) = Self::locate(index);
        let word = &mut self.blocks[block].words[word];
        let fresh = *word & mask == 0;
        *word |= mask;
        fresh
    }

    /// Loads the bitmap words of a batch of indices ahead of their use.
    fn touch(&self, indices: &[u32]) {
        let sum = indices.iter().fold(0u64, |sum, &index| {
            let (block, word, _) = Self::locate(index as usize);
            sum ^ self.blocks[block].words[word]
        });
        std::hint::black_box(sum);
    }

    /// Numbers the members in index order; call once all are inserted.
    fn number(&mut self) {
        let mut total = 0u64;
        for block in &mut self.blocks {
            let counts = block.words.map(|word| word.count_ones() as u64);
            let pairs = [
                counts[0] + counts[1],
                counts[0] + counts[1] + counts[2] + counts[3],
                counts[..6].iter().sum(),
            ];
            block.header = total << 27 | pairs[0] | pairs[1] << 9 | pairs[2] << 18;
            total += counts.iter().sum::<u64>();
        }
        self.count = total as usize;
    }

    /// The member's number, or `None` for a non-member.
    #[inline]
    fn id(&self, index: usize) -> Option<usize> {
        let (block, word, mask) = Self::locate(index);
        let block = &self.blocks[block];
        if block.words[word] & mask == 0 {
            return None;
        }
        Some((block.rank() + block.count_below(word, mask)) as usize)
    }

    /// The members in increasing order.
    fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.blocks.iter().enumerate().flat_map(|(number, block)| {
            block
                .words
                .iter()
                .enumerate()
                .flat_map(move |(word, &bits)| {
                    let base = number * BLOCK_BITS + word * 64;
                    SetBits(bits).map(move |bit| base + bit)
                })
        })
    }
}

/// The positions of the set bits of a word, lowest first.
struct SetBits(u64);

impl Iterator for SetBits {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(bit)
    }
}

/// Every reachable position of one board with its exact value.
pub struct Solution {
    board: Board,
    layout: Layout,
    reachable: Reachable,
    /// The value of each position by its number (its rank in layout order).
    values: Vec<u16>,
    start: usize,
    /// Number of legal moves between reachable positions.
    moves: usize,
}

/// The largest board [`solve`] accepts: the visited bitmap grows like n^6
/// (350 MB at 40 squares) and the work like the number of positions.
pub const MAX_SOLVED_SQUARES: u8 = 40;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error(
        "solving {0} squares is out of reach here (the solver takes boards up to {MAX_SOLVED_SQUARES} squares)"
    )]
    TooLarge(u8),
    #[error("a distance to mate on {0} squares exceeds the solver's 15-bit counter")]
    TooDeep(u8),
}

/// The degree recorded for a checkmate (no legal move has this many).
const MATE: u8 = u8::MAX;

/// Enumerate and solve; single-threaded, so the result never depends on
/// the thread count.
pub fn solve(board: Board) -> Result<Solution, SolveError> {
    if board.squares() > MAX_SOLVED_SQUARES {
        return Err(SolveError::TooLarge(board.squares()));
    }
    let layout = Layout::new(board);
    let mut reachable = Reachable::new(layout.size());
    let (order, degrees, moves) = explore(board, &layout, &mut reachable);
    reachable.number();
    // The backward pass's state per position number: a mate is lost in 0,
    // every other position starts unresolved with all its moves unanswered.
    let mut state = vec![0u16; reachable.count];
    let mut mates: Vec<u32> = Vec::new();
    for (&index, &degree) in order.iter().zip(&degrees) {
        let Some(id) = reachable.id(index as usize) else {
            continue;
        };
        if degree == MATE {
            mates.push(index);
        } else {
            state[id] = UNRESOLVED | u16::from(degree);
        }
    }
    drop(order);
    drop(degrees);
    retrograde(board, &layout, &reachable, &mut state, mates)?;
    for stored in &mut state {
        if *stored & UNRESOLVED != 0 {
            *stored = DRAW;
        }
    }
    let start = reachable.id(layout.index(&board.start())).unwrap_or(0);
    Ok(Solution {
        board,
        layout,
        reachable,
        values: state,
        start,
        moves,
    })
}

/// Positions expanded together: their children's bitmap words are loaded
/// in one sweep before any is marked, so the cache misses overlap instead
/// of queueing behind each branch. The order of marking is unchanged.
const FORWARD_BATCH: usize = 64;

/// Positions taken back together, for the same reason.
const BACKWARD_BATCH: usize = 32;

/// Forward: breadth-first over legal moves from the start. Returns the
/// layout indices in the order found, each one's number of legal moves
/// ([`MATE`] for a checkmate), and the number of moves in all.
fn explore(board: Board, layout: &Layout, reachable: &mut Reachable) -> (Vec<u32>, Vec<u8>, usize) {
    let start_index = layout.index(&board.start());
    reachable.insert(start_index);
    let mut order: Vec<u32> = vec![start_index as u32];
    let mut degrees: Vec<u8> = Vec::new();
    let mut children: Vec<u32> = Vec::new();
    let mut moves = 0usize;
    let mut level = 0;
    while level < order.len() {
        // One breadth-first level at a time, in layout order: neighbouring
        // positions have neighbouring children, so the bitmap is read in a
        // few streams rather than at random.
        let level_end = order.len();
        order[level..level_end].sort_unstable();
        let mut next = level;
        while next < level_end {
            let end = level_end.min(next + FORWARD_BATCH);
            children.clear();
            for &index in &order[next..end] {
                let index = index as usize;
                let position = layout.position(index);
                let mut degree = 0u8;
                // Bare kings end the game: no moves are followed from there.
                if !position.bare_kings() {
                    board.for_each_legal_slot_move(&position, |mv| {
                        degree += 1;
                        children.push(layout.child(index, position.to_move, mv) as u32);
                    });
                    moves += degree as usize;
                    if degree == 0 && board.in_check(&position, position.to_move) {
                        degree = MATE;
                    }
                }
                degrees.push(degree);
            }
            reachable.touch(&children);
            for &child in &children {
                if reachable.insert(child as usize) {
                    order.push(child);
                }
            }
            next = end;
        }
        level = level_end;
    }
    (order, degrees, moves)
}

/// Backward: breadth-first from the mates over unmoves. Positions leave
/// the queue in order of distance, so the first win found is the fastest
/// and the last answered move of a loss is the longest delay.
fn retrograde(
    board: Board,
    layout: &Layout,
    reachable: &Reachable,
    state: &mut [u16],
    mates: Vec<u32>,
) -> Result<(), SolveError> {
    // (layout index, distance) of each resolved position, in order.
    let mut queue: Vec<(u32, u16)> = mates.into_iter().map(|index| (index, 0)).collect();
    // (parent's layout index, child's distance) of a batch's unmoves, then
    // the parents' numbers (`None` for unreachable ones).
    let mut parents: Vec<u32> = Vec::new();
    let mut ids: Vec<u32> = Vec::new();
    let mut level = 0;
    while level < queue.len() {
        // One distance at a time, in layout order (see `explore`).
        let level_end = queue.len();
        queue[level..level_end].sort_unstable();
        let mut head = level;
        while head < level_end {
            let end = level_end.min(head + BACKWARD_BATCH);
            take_back_batch(
                board,
                layout,
                reachable,
                state,
                &mut queue,
                head..end,
                &mut parents,
                &mut ids,
            )?;
            head = end;
        }
        level = level_end;
    }
    Ok(())
}

/// Resolves the parents of the positions `batch` of the queue.
#[allow(clippy::too_many_arguments)]
fn take_back_batch(
    board: Board,
    layout: &Layout,
    reachable: &Reachable,
    state: &mut [u16],
    queue: &mut Vec<(u32, u16)>,
    batch: std::ops::Range<usize>,
    parents: &mut Vec<u32>,
    ids: &mut Vec<u32>,
) -> Result<(), SolveError> {
    // A batch lies within one level, so its positions share a distance.
    let distance = queue[batch.start].1;
    if distance + 1 >= UNRESOLVED {
        return Err(SolveError::TooDeep(board.squares()));
    }
    parents.clear();
    for &(index, _) in &queue[batch] {
        let index = index as usize;
        let position = layout.position(index);
        let mover = position.to_move.other();
        for_each_unmove(board, &position, |unmove| {
            parents.push(layout.parent(index, mover, unmove) as u32);
        });
    }
    reachable.touch(parents);
    ids.clear();
    ids.extend(parents.iter().map(|&parent| {
        reachable
            .id(parent as usize)
            .map_or(UNREACHABLE, |id| id as u32)
    }));
    touch_states(state, ids);
    for (&parent_index, &id) in parents.iter().zip(ids.iter()) {
        if id == UNREACHABLE {
            continue;
        }
        let stored = &mut state[id as usize];
        if *stored & UNRESOLVED == 0 {
            continue;
        }
        if distance.is_multiple_of(2) {
            // the child's mover is lost, so the parent's mover wins
            *stored = distance + 1;
            queue.push((parent_index, distance + 1));
        } else {
            *stored -= 1;
            if *stored == UNRESOLVED {
                *stored = distance + 1;
                queue.push((parent_index, distance + 1));
            }
        }
    }
    Ok(())
}

/// Marks a parent that is not reachable in a batch's position numbers.
const UNREACHABLE: u32 = u32::MAX;

/// Loads the states of a batch of positions ahead of their use.
fn touch_states(state: &[u16], ids: &[u32]) {
    let sum = ids.iter().fold(0u16, |sum, &id| {
        sum ^ state.get(id as usize).copied().unwrap_or(0)
    });
    std::hint::black_box(sum);
}

/// A move taken back: the piece in `slot` of the side that just moved goes
/// from `to` back to `from`, and `restored` (an enemy knight or rook it
/// captured) reappears on `to`.
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
fn for_each_unmove(board: Board, position: &Position, mut visit: impl FnMut(Unmove)) {
    let mover = position.to_move.other();
    let n = board.squares();
    let places = position.places;
    let occupied = places
        .iter()
        .filter(|&&square| square != 0)
        .fold(0u64, |mask, &square| mask | 1u64 << (square - 1));
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
        self.values.len()
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
        self.reachable
            .indices()
            .zip(self.values.iter())
            .map(|(index, &stored)| (self.layout.position(index), decode(stored)))
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
    fn divisions_by_multiplication_are_exact() {
        for divisor in [2u32, 3, 7, 17, 21, 33, 41, 64, 65] {
            let fast = Divisor::new(divisor);
            let dividends = (0..5000u32)
                .chain((0..5000).map(|k| u32::MAX - k))
                .chain((1..2000u32).map(|k| k.wrapping_mul(2_654_435_761)));
            for dividend in dividends {
                assert_eq!(
                    fast.div_rem(dividend),
                    (dividend / divisor, dividend % divisor),
                    "{dividend} / {divisor}"
                );
            }
        }
    }

    #[test]
    fn layout_indices_round_trip_and_moves_update_them() {
        let board = Board::new(13).unwrap();
        let layout = Layout::new(board);
        let solution = solved(13);
        for (position, _) in solution.iter().step_by(7) {
            let index = layout.index(&position);
            assert_eq!(layout.position(index), position);
            if position.bare_kings() {
                continue;
            }
            board.for_each_legal_slot_move(&position, |mv| {
                let mut next = position;
                if let Some(victim) = mv.captured {
                    next.places[victim] = 0;
                }
                next.places[mv.slot] = mv.to;
                next.to_move = position.to_move.other();
                let child = layout.child(index, position.to_move, mv);
                assert_eq!(child, layout.index(&next));
                let mover = position.to_move;
                for_each_unmove(board, &next, |unmove| {
                    let parent = layout.parent(child, mover, unmove);
                    assert_eq!(parent, layout.index(&unmove.parent(&next)));
                });
            });
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
