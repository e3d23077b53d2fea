//! The rules of Gardner's one-dimensional chess on a row of n squares
//! (docs/rules.md, "Gardner's one-dimensional chess"): pieces, legal moves, check,
//! checkmate, stalemate and bare kings.
//!
//! Squares are numbered 1..=n from White's side; square 0 marks a captured
//! piece. A position is the six pieces' squares and the side to move.

use std::fmt;

/// The smallest board the setup fits on: `KNRrnk`. On 5 squares White's
/// rook (square 3) and Black's rook (square n - 2 = 3) would share a square.
pub const MIN_SQUARES: u8 = 6;
/// Square sets are 64-bit masks, so the row has at most 64 squares.
pub const MAX_SQUARES: u8 = 64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

    fn index(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    King,
    Knight,
    Rook,
}

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::King, Kind::Knight, Kind::Rook];

    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Knight => 'N',
            Kind::Rook => 'R',
        }
    }

    pub fn from_letter(letter: char) -> Option<Kind> {
        match letter {
            'K' => Some(Kind::King),
            'N' => Some(Kind::Knight),
            'R' => Some(Kind::Rook),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Knight => "knight",
            Kind::Rook => "rook",
        }
    }

    fn index(self) -> usize {
        match self {
            Kind::King => 0,
            Kind::Knight => 1,
            Kind::Rook => 2,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
}

impl Piece {
    pub fn new(side: Side, kind: Kind) -> Piece {
        Piece { side, kind }
    }

    /// Index into [`Position::places`]: White K N R, then Black K N R.
    fn slot(self) -> usize {
        self.side.index() * 3 + self.kind.index()
    }

    fn from_slot(slot: usize) -> Piece {
        let side = if slot < 3 { Side::White } else { Side::Black };
        Piece::new(side, Kind::ALL[slot % 3])
    }

    /// The board-row symbol: upper case for White, lower case for Black.
    pub fn symbol(self) -> char {
        match self.side {
            Side::White => self.kind.letter(),
            Side::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }
}

/// Where the six pieces stand and who moves. `places` holds the squares of
/// White's king, knight, rook, then Black's; 0 means captured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    pub places: [u8; 6],
    pub to_move: Side,
}

impl Position {
    pub fn square_of(&self, piece: Piece) -> Option<u8> {
        match self.places[piece.slot()] {
            0 => None,
            square => Some(square),
        }
    }

    /// A 43-bit key: six 7-bit squares and the side to move.
    pub fn key(&self) -> u64 {
        let mut key = self.to_move.index() as u64;
        for &square in &self.places {
            key = (key << 7) | square as u64;
        }
        key
    }

    /// Only the two kings are left: a draw by rule.
    pub fn bare_kings(&self) -> bool {
        [1, 2, 4, 5].iter().all(|&slot| self.places[slot] == 0)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub piece: Piece,
    pub from: u8,
    pub to: u8,
    pub captured: Option<Piece>,
}

impl fmt::Display for Move {
    /// `N2-4`, `N4-6xR`: the piece letter, from-square, to-square and the
    /// captured piece's letter (the letters name pieces of either side).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}-{}", self.piece.kind.letter(), self.from, self.to)?;
        if let Some(captured) = self.captured {
            write!(f, "x{}", captured.kind.letter())?;
        }
        Ok(())
    }
}

/// A move in the solver's terms: the mover's slot in [`Position::places`],
/// its squares, and the slot of the piece it captures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlotMove {
    pub slot: usize,
    pub from: u8,
    pub to: u8,
    pub captured: Option<usize>,
}

/// Moves of one piece, for the solver: the piece in `slot` goes from `from`
/// to any square of `targets` (bit `s - 1` for square `s`), capturing the
/// piece in slot `captured` (then `targets` is that piece's square alone).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveSet {
    pub slot: usize,
    pub from: u8,
    pub targets: u64,
    pub captured: Option<usize>,
}

/// How a position stands for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Ongoing,
    /// In check with no legal move: the side to move has lost.
    Checkmate,
    /// Not in check, no legal move: a draw.
    Stalemate,
    /// No piece but the kings: a draw.
    BareKings,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    #[error(
        "a board has {MIN_SQUARES} to {MAX_SQUARES} squares, not {0} (the setup K N R on 1, 2, 3 and r n k on n-2, n-1, n needs at least {MIN_SQUARES}; positions are 64-bit rows, so at most {MAX_SQUARES})"
    )]
    Squares(u64),
}

/// A row of `squares` squares; every rule that depends on the board's length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    squares: u8,
}

/// Bit `s - 1` stands for square `s`.
#[inline(always)]
fn bit(square: u8) -> u64 {
    1u64 << (square - 1)
}

/// The squares strictly between `a` and `b`.
fn between(a: u8, b: u8) -> u64 {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    if high - low < 2 {
        return 0;
    }
    // squares low+1 ..= high-1 are bits low ..= high-2
    let below_high = (1u64 << (high - 1)) - 1;
    let through_low = (1u64 << low) - 1;
    below_high & !through_low
}

/// Squares 1..=`square` (none for 0).
#[inline(always)]
fn up_to(square: u8) -> u64 {
    match square {
        0 => 0,
        square => u64::MAX >> (64 - square),
    }
}

/// The empty squares a rook on `square` slides over: from there to the
/// nearest occupied square on each side, or to the edge of a board whose
/// squares are `on_board`.
#[inline(always)]
pub fn slide_squares(occupied: u64, square: u8, on_board: u64) -> u64 {
    let below = occupied & (bit(square) - 1);
    let left = (bit(square) - 1) & !up_to(64 - below.leading_zeros() as u8);
    let above = occupied & !up_to(square);
    let right = match above {
        0 => on_board,
        above => (above & above.wrapping_neg()) - 1,
    } & !up_to(square);
    left | right
}

/// Whether a king on `king` is safe from the enemy `attackers` (king,
/// knight, rook; 0 for captured) with `occupied` squares: no enemy king
/// next to it, no knight two away, no rook with an open line to it.
fn king_is_safe(king: u8, occupied: u64, attackers: [u8; 3]) -> bool {
    let [enemy_king, knight, rook] = attackers;
    if king == 0 {
        return true;
    }
    !(enemy_king != 0 && enemy_king.abs_diff(king) == 1
        || knight != 0 && knight.abs_diff(king) == 2
        || rook != 0 && rook != king && occupied & between(rook, king) == 0)
}

/// What attacks a king that stays on its square while another of its
/// side's pieces moves: the enemy king and knight attack it or not whatever
/// that move is (unless it captures them); the enemy rook attacks it once
/// the squares between them are empty.
struct StandingKing {
    king: u8,
    attackers: [u8; 3],
    king_checks: bool,
    knight_checks: bool,
    /// The squares strictly between the enemy rook and the king, when the
    /// rook could attack it.
    rook_line: Option<u64>,
    occupied: u64,
}

impl StandingKing {
    fn new(king: u8, occupied: u64, attackers: [u8; 3]) -> StandingKing {
        let [enemy_king, knight, rook] = attackers;
        StandingKing {
            king,
            attackers,
            king_checks: enemy_king != 0 && enemy_king.abs_diff(king) == 1,
            knight_checks: knight != 0 && knight.abs_diff(king) == 2,
            rook_line: (rook != 0 && rook != king).then(|| between(rook, king)),
            occupied,
        }
    }

    /// Whether the king is safe after one of its side's other pieces moves
    /// from `from` to `to` (capturing whatever enemy piece stands there).
    #[inline]
    fn safe_after(&self, from: u8, to: u8) -> bool {
        let [enemy_king, knight, rook] = self.attackers;
        if self.king == 0 {
            return true;
        }
        let after = (self.occupied & !bit(from)) | bit(to);
        // `&` and `|` rather than `&&` and `||`: every operand is cheap, and
        // branches on them would be mispredicted.
        let (has_line, line) = match self.rook_line {
            Some(line) => (true, line),
            None => (false, 0),
        };
        !(self.king_checks & (to != enemy_king)
            | self.knight_checks & (to != knight)
            | has_line & (to != rook) & (after & line == 0))
    }

    /// The empty squares to which one of its side's other pieces, on `from`,
    /// may move leaving the king safe: none while the enemy king or knight
    /// attacks it (only capturing them helps), only the squares on the enemy
    /// rook's line when the piece is all that blocks it, else any.
    #[inline]
    fn safe_quiet_squares(&self, from: u8) -> u64 {
        if self.king == 0 {
            return u64::MAX;
        }
        if self.king_checks | self.knight_checks {
            return 0;
        }
        match self.rook_line {
            Some(line) if self.occupied & !bit(from) & line == 0 => line,
            _ => u64::MAX,
        }
    }
}

impl Board {
    pub fn new(squares: u64) -> Result<Board, ModelError> {
        if (MIN_SQUARES as u64..=MAX_SQUARES as u64).contains(&squares) {
            Ok(Board {
                squares: squares as u8,
            })
        } else {
            Err(ModelError::Squares(squares))
        }
    }

    pub fn squares(self) -> u8 {
        self.squares
    }

    /// White K on 1, N on 2, R on 3; Black R on n-2, N on n-1, K on n; White moves.
    pub fn start(self) -> Position {
        let n = self.squares;
        Position {
            places: [1, 2, 3, n, n - 1, n - 2],
            to_move: Side::White,
        }
    }

    pub fn occupant(self, position: &Position, square: u8) -> Option<Piece> {
        if square == 0 {
            return None;
        }
        (0..6)
            .find(|&slot| position.places[slot] == square)
            .map(Piece::from_slot)
    }

    /// The board's squares, bit `s - 1` for square `s`.
    #[inline]
    pub fn on_board(self) -> u64 {
        up_to(self.squares)
    }

    /// The squares holding a piece, bit `s - 1` for square `s`.
    #[inline]
    pub fn occupied(position: &Position) -> u64 {
        position
            .places
            .iter()
            .filter(|&&square| square != 0)
            .fold(0, |mask, &square| mask | bit(square))
    }

    /// Whether `by` attacks `square`: a king next to it, a knight two away, or
    /// a rook with nothing between.
    pub fn is_attacked(self, position: &Position, square: u8, by: Side) -> bool {
        let base = by.index() * 3;
        let king = position.places[base];
        let knight = position.places[base + 1];
        let rook = position.places[base + 2];
        if king != 0 && king.abs_diff(square) == 1 {
            return true;
        }
        if knight != 0 && knight.abs_diff(square) == 2 {
            return true;
        }
        rook != 0 && rook != square && Self::occupied(position) & between(rook, square) == 0
    }

    pub fn in_check(self, position: &Position, side: Side) -> bool {
        let king = position.places[side.index() * 3];
        king != 0 && self.is_attacked(position, king, side.other())
    }

    /// Whether the position could arise in play: both kings on distinct
    /// squares inside the board, no two pieces on one square, and the side
    /// that just moved not left in check (so kings are never adjacent).
    pub fn is_legal_position(self, position: &Position) -> bool {
        let mut seen = 0u64;
        for (slot, &square) in position.places.iter().enumerate() {
            if square == 0 {
                if slot % 3 == 0 {
                    return false;
                }
                continue;
            }
            if square > self.squares || seen & bit(square) != 0 {
                return false;
            }
            seen |= bit(square);
        }
        !self.in_check(position, position.to_move.other())
    }

    /// The position after `mv` (which must be a move of the side to move).
    pub fn play(self, position: &Position, mv: &Move) -> Position {
        let mut next = *position;
        if let Some(captured) = mv.captured {
            next.places[captured.slot()] = 0;
        }
        next.places[mv.piece.slot()] = mv.to;
        next.to_move = position.to_move.other();
        next
    }

    /// Calls `visit` with every legal move of the side to move in slot form,
    /// in a fixed order (king, knight, rook; leftward before rightward). The
    /// occupancy and what attacks the standing king are worked out once, so
    /// each move of a knight or rook is tested with a few comparisons; a
    /// rook's slide ends at the first occupied square, found by bit scan.
    pub fn for_each_legal_slot_move<F: FnMut(SlotMove)>(self, position: &Position, mut visit: F) {
        let own = position.to_move.index() * 3;
        let enemy = 3 - own;
        let places = position.places;
        let occupied = Self::occupied(position);
        let own_squares = [own, own + 1, own + 2]
            .iter()
            .filter(|&&slot| places[slot] != 0)
            .fold(0u64, |mask, &slot| mask | bit(places[slot]));
        let king = places[own];
        let attackers = [places[enemy], places[enemy + 1], places[enemy + 2]];
        let standing = StandingKing::new(king, occupied, attackers);
        let n = self.squares;
        let captured_on = |to: u8| -> Option<usize> {
            if occupied & bit(to) == 0 {
                return None;
            }
            (0..3)
                .find(|&kind| attackers[kind] == to)
                .map(|kind| enemy + kind)
        };
        // A king's or knight's step: onto an empty square or an enemy piece.
        let step = |slot: usize, from: u8, to: u8, visit: &mut F| {
            if own_squares & bit(to) != 0 {
                return;
            }
            let captured = captured_on(to);
            let safe = if slot == own {
                let mut left = attackers;
                if let Some(victim) = captured {
                    left[victim - enemy] = 0;
                }
                king_is_safe(to, (occupied & !bit(from)) | bit(to), left)
            } else {
                standing.safe_after(from, to)
            };
            if safe {
                visit(SlotMove {
                    slot,
                    from,
                    to,
                    captured,
                });
            }
        };
        for (kind, slot) in (own..own + 2).enumerate() {
            let from = places[slot];
            if from == 0 {
                continue;
            }
            let step_length = kind as u8 + 1;
            if from > step_length {
                step(slot, from, from - step_length, &mut visit);
            }
            if from + step_length <= n {
                step(slot, from, from + step_length, &mut visit);
            }
        }
        let slot = own + 2;
        let from = places[slot];
        if from == 0 {
            return;
        }
        // The rook slides over empty squares up to the nearest piece on each
        // side (or the edge), which it captures if it is an enemy's.
        let slide = |to: u8, visit: &mut F| {
            if standing.safe_after(from, to) {
                visit(SlotMove {
                    slot,
                    from,
                    to,
                    captured: None,
                });
            }
        };
        let below = occupied & (bit(from) - 1);
        let left_end = 64 - below.leading_zeros() as u8;
        for to in (left_end + 1..from).rev() {
            slide(to, &mut visit);
        }
        if left_end != 0 {
            step(slot, from, left_end, &mut visit);
        }
        let above = occupied & !(u64::MAX >> (64 - from));
        let right_end = if above == 0 {
            n + 1
        } else {
            above.trailing_zeros() as u8 + 1
        };
        for to in from + 1..right_end {
            slide(to, &mut visit);
        }
        if right_end <= n {
            step(slot, from, right_end, &mut visit);
        }
    }

    /// The legal moves of the side to move grouped for the solver: each
    /// piece's moves to empty squares as one set, then each capture on its
    /// own. The same moves as [`Board::for_each_legal_slot_move`], in
    /// another order.
    #[inline(always)]
    pub fn for_each_legal_move_set<F: FnMut(MoveSet)>(self, position: &Position, mut visit: F) {
        let own = position.to_move.index() * 3;
        let enemy = 3 - own;
        let places = position.places;
        let occupied = Self::occupied(position);
        let on_board = self.on_board();
        let empty = on_board & !occupied;
        let attackers = [places[enemy], places[enemy + 1], places[enemy + 2]];
        let enemies = attackers
            .iter()
            .filter(|&&square| square != 0)
            .fold(0u64, |mask, &square| mask | bit(square));
        let standing = StandingKing::new(places[own], occupied, attackers);
        let victim = |to: u8| enemy + attackers.iter().position(|&at| at == to).unwrap_or(0);
        let king = places[own];
        if king != 0 {
            let steps = (bit(king) << 1 | bit(king) >> 1) & on_board;
            let mut targets = 0;
            for square in crate::bits::bits(steps & (empty | enemies)) {
                let to = square as u8 + 1;
                let mut left = attackers;
                let captured = (enemies & bit(to) != 0).then(|| victim(to));
                if let Some(victim) = captured {
                    left[victim - enemy] = 0;
                }
                if king_is_safe(to, (occupied & !bit(king)) | bit(to), left) {
                    match captured {
                        None => targets |= bit(to),
                        Some(_) => visit(MoveSet {
                            slot: own,
                            from: king,
                            targets: bit(to),
                            captured,
                        }),
                    }
                }
            }
            visit(MoveSet {
                slot: own,
                from: king,
                targets,
                captured: None,
            });
        }
        // Captures by a knight or rook: onto an enemy piece, king safe after.
        let captures = |slot: usize, from: u8, targets: u64, visit: &mut F| {
            for square in crate::bits::bits(targets & enemies) {
                let to = square as u8 + 1;
                if standing.safe_after(from, to) {
                    visit(MoveSet {
                        slot,
                        from,
                        targets: bit(to),
                        captured: Some(victim(to)),
                    });
                }
            }
        };
        let knight = places[own + 1];
        if knight != 0 {
            let jumps = (bit(knight) << 2 | bit(knight) >> 2) & on_board;
            visit(MoveSet {
                slot: own + 1,
                from: knight,
                targets: jumps & empty & standing.safe_quiet_squares(knight),
                captured: None,
            });
            captures(own + 1, knight, jumps, &mut visit);
        }
        let rook = places[own + 2];
        if rook != 0 {
            let slides = slide_squares(occupied, rook, on_board);
            visit(MoveSet {
                slot: own + 2,
                from: rook,
                targets: slides & standing.safe_quiet_squares(rook),
                captured: None,
            });
            // the nearest pieces on each side, captured if the enemy's
            let ends = (slides << 1 | slides >> 1 | bit(rook) << 1 | bit(rook) >> 1) & occupied;
            captures(own + 2, rook, ends, &mut visit);
        }
    }

    /// Calls `visit` with every legal move and the position it leads to, in a
    /// fixed order (king, knight, rook; leftward before rightward).
    pub fn for_each_legal_move(&self, position: &Position, mut visit: impl FnMut(Move, Position)) {
        self.for_each_legal_slot_move(position, |slot_move| {
            let mv = Move {
                piece: Piece::from_slot(slot_move.slot),
                from: slot_move.from,
                to: slot_move.to,
                captured: slot_move.captured.map(Piece::from_slot),
            };
            visit(mv, self.play(position, &mv));
        });
    }

    pub fn legal_moves(&self, position: &Position) -> Vec<(Move, Position)> {
        let mut moves = Vec::new();
        self.for_each_legal_move(position, |mv, next| moves.push((mv, next)));
        moves
    }

    pub fn status(&self, position: &Position) -> Status {
        if position.bare_kings() {
            return Status::BareKings;
        }
        let mut any = false;
        self.for_each_legal_move(position, |_, _| any = true);
        if any {
            Status::Ongoing
        } else if self.in_check(position, position.to_move) {
            Status::Checkmate
        } else {
            Status::Stalemate
        }
    }

    /// The position drawn by `row` (`KNR..rnk`, upper case White, `.` empty)
    /// with `to_move` to move; `None` unless the row has one symbol per
    /// square, one king a side and at most one knight and rook a side.
    pub fn position_from_row(self, row: &str, to_move: Side) -> Option<Position> {
        if row.len() != self.squares as usize {
            return None;
        }
        let mut places = [0u8; 6];
        for (offset, symbol) in row.chars().enumerate() {
            if symbol == '.' {
                continue;
            }
            let side = if symbol.is_ascii_uppercase() {
                Side::White
            } else {
                Side::Black
            };
            let piece = Piece::new(side, Kind::from_letter(symbol.to_ascii_uppercase())?);
            if places[piece.slot()] != 0 {
                return None;
            }
            places[piece.slot()] = offset as u8 + 1;
        }
        if places[0] == 0 || places[3] == 0 {
            return None;
        }
        Some(Position { places, to_move })
    }

    /// The row drawn from square 1 to n: `KNR..rnk`.
    pub fn row(&self, position: &Position) -> String {
        (1..=self.squares)
            .map(|square| self.occupant(position, square).map_or('.', Piece::symbol))
            .collect()
    }

    /// The row with the side to move, as certificates write it: `KNR..rnk w`.
    pub fn describe(&self, position: &Position) -> String {
        let side = match position.to_move {
            Side::White => 'w',
            Side::Black => 'b',
        };
        format!("{} {side}", self.row(position))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(n: u64) -> Board {
        Board::new(n).unwrap()
    }

    fn at(board: Board, row: &str, to_move: Side) -> Position {
        let position = board.position_from_row(row, to_move).unwrap();
        assert!(board.is_legal_position(&position), "{row}");
        position
    }

    fn move_names(board: Board, position: &Position) -> Vec<String> {
        let mut names: Vec<String> = board
            .legal_moves(position)
            .iter()
            .map(|(mv, _)| mv.to_string())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn boards_from_six_to_sixty_four_squares() {
        assert!(Board::new(5)
            .unwrap_err()
            .to_string()
            .contains("at least 6"));
        assert_eq!(Board::new(65), Err(ModelError::Squares(65)));
        assert_eq!(Board::new(0), Err(ModelError::Squares(0)));
        for n in [6, 8, 64] {
            let board = board(n);
            let start = board.start();
            assert!(board.is_legal_position(&start));
            assert_eq!(board.row(&start).len(), n as usize);
        }
        assert_eq!(board(8).describe(&board(8).start()), "KNR..rnk w");
        assert_eq!(board(6).row(&board(6).start()), "KNRrnk");
    }

    #[test]
    fn start_moves_on_eight_squares() {
        let board = board(8);
        // the king is boxed in; the knight jumps its own rook; the rook slides
        // up to and onto Black's rook
        assert_eq!(
            move_names(board, &board.start()),
            ["N2-4", "R3-4", "R3-5", "R3-6xR"]
        );
    }

    #[test]
    fn king_steps_one_square_and_never_next_to_the_other_king() {
        let board = board(8);
        let position = at(board, "...K..k.", Side::White);
        assert_eq!(move_names(board, &position), ["K4-3", "K4-5"]);
        let position = at(board, "...K.k..", Side::White);
        assert_eq!(move_names(board, &position), ["K4-3"]);
        // adjacent kings are never a legal position
        let adjacent = board.position_from_row("...Kk...", Side::White).unwrap();
        assert!(!board.is_legal_position(&adjacent));
    }

    #[test]
    fn knight_jumps_exactly_two_squares_over_anything() {
        let board = board(8);
        let position = at(board, "K..RNr.k", Side::White);
        assert!(move_names(board, &position).contains(&"N5-3".to_string()));
        assert!(move_names(board, &position).contains(&"N5-7".to_string()));
        let position = at(board, "K..N.r.k", Side::White);
        let names = move_names(board, &position);
        assert!(names.contains(&"N4-2".to_string()) && names.contains(&"N4-6xR".to_string()));
        assert!(!names
            .iter()
            .any(|name| name.starts_with("N4-3") || name.starts_with("N4-5")));
    }

    #[test]
    fn rook_slides_until_blocked_and_captures() {
        let board = board(10);
        let position = at(board, "K..R..n.rk", Side::White);
        let rook: Vec<String> = move_names(board, &position)
            .into_iter()
            .filter(|name| name.starts_with('R'))
            .collect();
        assert_eq!(rook, ["R4-2", "R4-3", "R4-5", "R4-6", "R4-7xN"]);
    }

    #[test]
    fn check_from_each_piece() {
        let board = board(8);
        let rook = at(board, "K....r.k", Side::White);
        assert!(board.in_check(&rook, Side::White));
        let blocked = at(board, "K..n.r.k", Side::White);
        assert!(!board.in_check(&blocked, Side::White));
        let knight = at(board, "K.n....k", Side::White);
        assert!(board.in_check(&knight, Side::White));
        assert!(!board.in_check(&board.start(), Side::White));
    }

    #[test]
    fn a_pinned_knight_may_not_uncover_its_king() {
        // K on 2, N on 3, Black rook on 6: N3-1 jumps over the king and opens
        // the rook's line; N3-5 keeps it shut.
        let board = board(8);
        let position = at(board, ".KN..r.k", Side::White);
        let knight: Vec<String> = move_names(board, &position)
            .into_iter()
            .filter(|name| name.starts_with('N'))
            .collect();
        assert_eq!(knight, ["N3-5"]);
    }

    #[test]
    fn a_king_cannot_step_away_along_the_rooks_line() {
        // the square behind the king stays attacked once the king has left it
        let board = board(8);
        let position = at(board, "k...K..r", Side::White);
        assert!(board.in_check(&position, Side::White));
        assert!(board.legal_moves(&position).is_empty());
        assert_eq!(board.status(&position), Status::Checkmate);
    }

    #[test]
    fn stalemate_and_bare_kings_are_draws() {
        let board = board(8);
        let stalemate = at(board, "K.k...r.", Side::White);
        assert!(!board.in_check(&stalemate, Side::White));
        assert_eq!(board.status(&stalemate), Status::Stalemate);
        let bare = at(board, "K...k...", Side::White);
        assert_eq!(board.status(&bare), Status::BareKings);
        assert!(bare.bare_kings());
        assert_eq!(board.status(&board.start()), Status::Ongoing);
    }

    #[test]
    fn playing_a_capture_removes_the_piece() {
        let board = board(8);
        let (mv, next) = board
            .legal_moves(&board.start())
            .into_iter()
            .find(|(mv, _)| mv.captured.is_some())
            .unwrap();
        assert_eq!(mv.to_string(), "R3-6xR");
        assert_eq!(board.row(&next), "KN...Rnk");
        assert_eq!(next.to_move, Side::Black);
        assert_eq!(next.square_of(Piece::new(Side::Black, Kind::Rook)), None);
    }

    #[test]
    fn rows_round_trip_and_keys_are_distinct() {
        let board = board(8);
        let mut keys = std::collections::HashSet::new();
        for (_, next) in board.legal_moves(&board.start()) {
            let row = board.row(&next);
            assert_eq!(board.position_from_row(&row, next.to_move), Some(next));
            assert!(keys.insert(next.key()));
        }
        assert_eq!(board.position_from_row("KNR..rn", Side::White), None);
        assert_eq!(board.position_from_row("KKR..rnk", Side::White), None);
        assert_eq!(board.position_from_row("KNR..rnx", Side::White), None);
    }
}
