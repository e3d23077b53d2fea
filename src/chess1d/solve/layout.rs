//! The solver's numbering of positions: dense enough that a position's
//! value is stored at its number, with no rank structure in between.
//!
//! Kings and rooks never jump, so in every position of play they keep the
//! order of the start: White's king, White's rook, Black's rook, Black's
//! king from left to right (a captured rook drops out), with the kings never
//! adjacent. Those four squares, the *skeleton*, are numbered in that order
//! only; knights jump, so each has its own term, over the squares of its
//! starting colour. About one skeleton in 24 of the n^4 is in order, and
//! about 60% of the numbers so formed are reachable.

use super::super::model::{Board, Position, Side};
use crate::bits::bits;

/// Division by a fixed divisor as two multiplications (Lemire, Kaser and
/// Kurz, "Faster remainder by direct computation", 2019): exact for every
/// 32-bit dividend; decoding a layout index takes three of them.
#[derive(Debug, Clone, Copy)]
pub(super) struct Divisor {
    divisor: u32,
    magic: u64,
}

impl Divisor {
    /// `divisor` must be at least 2.
    pub(super) fn new(divisor: u32) -> Divisor {
        Divisor {
            divisor,
            magic: u64::MAX / u64::from(divisor) + 1,
        }
    }

    /// (quotient, remainder)
    #[inline]
    pub(super) fn div_rem(self, dividend: u32) -> (u32, u32) {
        let quotient = ((u128::from(self.magic) * u128::from(dividend)) >> 64) as u32;
        (quotient, dividend - quotient * self.divisor)
    }
}

/// A skeleton key whose pieces are out of the order of play.
const NO_SKELETON: u32 = u32::MAX;

/// A position's number split into the parts a move changes, packed in one
/// word so that a move of any piece is one subtraction and one addition:
/// the key of its skeleton (a sum of per-piece terms, looked up to give the
/// skeleton's part of the index) in the high half, and the knights' terms
/// of the index in the low half.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Parts(u64);

/// The numbering: index = 2 * (skeleton number * skeleton stride + White
/// knight's cell * knight cells + Black knight's cell) + side to move (0
/// White, 1 Black), where a knight's cell is 0 when captured, else its
/// square / 2 rounded up (Black's knight stands on odd squares when n is
/// even, White's always on even ones). The side to move is the lowest
/// digit so that a sweep in index order meets the replies of both sides.
#[derive(Debug, Clone)]
pub(super) struct Layout {
    squares: usize,
    /// Per slot and square: a knight's index term, or a king's or rook's
    /// term of the skeleton key, placed as in [`Parts`].
    terms: [Vec<u64>; 6],
    /// The skeleton's part of the index (its number times the skeleton
    /// stride) by key, [`NO_SKELETON`] when out of order.
    skeletons: Vec<u32>,
    /// The squares of White's king and rook, Black's king and rook by
    /// skeleton number.
    skeleton_places: Vec<[u8; 4]>,
    /// The square of White's, then Black's knight by cell.
    knight_squares: [Vec<u8>; 2],
    size: usize,
    by_knight_cells: Divisor,
}

impl Layout {
    pub(super) fn new(board: Board) -> Layout {
        let squares = board.squares() as usize;
        let places = squares + 1;
        let knight_cells = squares.div_ceil(2) + 1;
        let skeleton_stride = knight_cells * knight_cells;
        // Black's knight starts on n - 1, White's on 2.
        let black_knight_odd = (squares - 1) % 2 == 1;
        let mut skeletons = vec![NO_SKELETON; places.pow(4)];
        let mut skeleton_places = Vec::new();
        let key = |king: usize, rook: usize, enemy_king: usize, enemy_rook: usize| {
            ((king * places + enemy_king) * places + rook) * places + enemy_rook
        };
        // Numbered in key order, so that positions close in key are close in index.
        for king in 1..=squares {
            for enemy_king in king + 2..=squares {
                let rooks = || std::iter::once(0).chain(king + 1..enemy_king);
                for rook in rooks() {
                    for enemy_rook in rooks().filter(|&r| r == 0 || r > rook) {
                        skeletons[key(king, rook, enemy_king, enemy_rook)] =
                            (2 * skeleton_places.len() * skeleton_stride) as u32;
                        skeleton_places
                            .push([king, rook, enemy_king, enemy_rook].map(|square| square as u8));
                    }
                }
            }
        }
        let term = |stride: usize, field: &dyn Fn(usize) -> usize| -> Vec<u64> {
            (0..=squares)
                .map(|square| (stride * field(square)) as u64)
                .collect()
        };
        let key = |stride: usize| -> Vec<u64> {
            (0..=squares)
                .map(|square| ((stride * square) as u64) << 32)
                .collect()
        };
        let knight = |square: usize| square.div_ceil(2);
        Layout {
            squares,
            terms: [
                key(places.pow(3)),
                term(2 * knight_cells, &knight),
                key(places),
                key(places.pow(2)),
                term(2, &knight),
                key(1),
            ],
            knight_squares: [false, black_knight_odd].map(|odd| {
                (0..knight_cells)
                    .map(|cell| match cell {
                        0 => 0,
                        cell => (2 * cell - odd as usize) as u8,
                    })
                    .collect()
            }),
            size: 2 * skeleton_places.len() * skeleton_stride,
            by_knight_cells: Divisor::new(knight_cells as u32),
            skeletons,
            skeleton_places,
        }
    }

    /// Number of indices: the size of a table over them.
    pub(super) fn size(&self) -> usize {
        self.size
    }

    /// The parts of a position's number (its squares must be on the board).
    #[inline]
    pub(super) fn parts(&self, places: &[u8; 6]) -> Parts {
        Parts(
            (0..6)
                .map(|slot| self.terms[slot][places[slot] as usize])
                .sum(),
        )
    }

    /// The index term of the side to move.
    #[inline]
    pub(super) fn side(&self, to_move: Side) -> u32 {
        match to_move {
            Side::White => 0,
            Side::Black => 1,
        }
    }

    /// The index made of `parts` and the side term `side`; `None` when the
    /// skeleton is out of order (no such position arises in play).
    #[inline(always)]
    pub(super) fn compose(&self, side: u32, parts: Parts) -> Option<usize> {
        let skeleton = self.skeletons[(parts.0 >> 32) as usize];
        if skeleton == NO_SKELETON {
            return None;
        }
        Some((side + skeleton + parts.0 as u32) as usize)
    }

    /// `parts` with the piece in `slot` moved from `from` to `to`.
    #[cfg(test)]
    pub(super) fn shift(&self, parts: Parts, slot: usize, from: u8, to: u8) -> Parts {
        let terms = &self.terms[slot];
        Parts(parts.0 - terms[from as usize] + terms[to as usize])
    }

    /// `parts` with the piece in `slot` removed from `square`.
    #[inline(always)]
    pub(super) fn remove(&self, parts: Parts, slot: usize, square: u8) -> Parts {
        Parts(parts.0 - self.terms[slot][square as usize])
    }

    /// `parts` with the piece in `slot` put on `square`.
    #[inline(always)]
    pub(super) fn put(&self, parts: Parts, slot: usize, square: u8) -> Parts {
        Parts(parts.0 + self.terms[slot][square as usize])
    }

    /// The index of a position; `None` for one that cannot arise in play
    /// (a square off the board, a captured king, a knight off its colour,
    /// kings and rooks out of order).
    pub(super) fn index(&self, board: Board, position: &Position) -> Option<usize> {
        let n = self.squares as u8;
        let start = board.start();
        let fits = position.places.iter().all(|&square| square <= n)
            && position.places[0] != 0
            && position.places[3] != 0
            && [1, 4].iter().all(|&slot| {
                position.places[slot] == 0 || position.places[slot] % 2 == start.places[slot] % 2
            });
        if !fits {
            return None;
        }
        self.compose(self.side(position.to_move), self.parts(&position.places))
    }

    /// The position numbered `index` (which must be below [`Layout::size`]).
    #[inline]
    pub(super) fn position(&self, index: usize) -> Position {
        let side = index % 2;
        let (rest, black_cell) = self.by_knight_cells.div_rem((index / 2) as u32);
        let (skeleton, white_cell) = self.by_knight_cells.div_rem(rest);
        let [king, rook, enemy_king, enemy_rook] = self.skeleton_places[skeleton as usize];
        Position {
            places: [
                king,
                self.knight_squares[0][white_cell as usize],
                rook,
                enemy_king,
                self.knight_squares[1][black_cell as usize],
                enemy_rook,
            ],
            to_move: if side == 1 { Side::Black } else { Side::White },
        }
    }
}

/// A set of layout indices as a bitmap.
pub(super) struct Bitmap {
    words: Vec<u64>,
}

impl Bitmap {
    pub(super) fn new(size: usize) -> Bitmap {
        Bitmap {
            words: vec![0; size.div_ceil(64)],
        }
    }

    /// Adds an index; whether it was new.
    #[inline]
    pub(super) fn insert(&mut self, index: usize) -> bool {
        let word = &mut self.words[index / 64];
        let mask = 1u64 << (index % 64);
        let fresh = *word & mask == 0;
        *word |= mask;
        fresh
    }

    #[inline]
    pub(super) fn contains(&self, index: usize) -> bool {
        self.words
            .get(index / 64)
            .is_some_and(|word| word & (1u64 << (index % 64)) != 0)
    }

    /// Removes and returns the lowest member at or above word `*cursor`,
    /// leaving `*cursor` at its word.
    #[inline]
    pub(super) fn pop_from(&mut self, cursor: &mut usize) -> Option<usize> {
        while let Some(word) = self.words.get_mut(*cursor) {
            if *word != 0 {
                let bit = word.trailing_zeros() as usize;
                *word &= *word - 1;
                return Some(*cursor * 64 + bit);
            }
            *cursor += 1;
        }
        None
    }

    /// Loads the words of a batch of indices ahead of their use.
    pub(super) fn touch(&self, indices: &[u32]) {
        let sum = indices.iter().fold(0u64, |sum, &index| {
            sum ^ self.words.get(index as usize / 64).copied().unwrap_or(0)
        });
        std::hint::black_box(sum);
    }

    pub(super) fn len(&self) -> usize {
        self.words
            .iter()
            .map(|word| word.count_ones() as usize)
            .sum()
    }

    /// The members in increasing order.
    pub(super) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words
            .iter()
            .enumerate()
            .flat_map(|(number, &word)| bits(word).map(move |bit| number * 64 + bit as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divisions_by_multiplication_are_exact() {
        for divisor in [2u32, 3, 7, 17, 21, 33, 41, 64, 65, 14_927, 111_891] {
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
    fn every_index_decodes_to_a_position_that_numbers_back_to_it() {
        for n in [6u64, 9, 12] {
            let board = Board::new(n).unwrap();
            let layout = Layout::new(board);
            for index in 0..layout.size() {
                let position = layout.position(index);
                // a knight's last cell lies off a board of odd length
                let on_board = position.places.iter().all(|&square| square <= n as u8);
                let expected = on_board.then_some(index);
                assert_eq!(layout.index(board, &position), expected, "n = {n}");
            }
        }
    }

    #[test]
    fn kings_and_rooks_out_of_order_have_no_index() {
        let board = Board::new(8).unwrap();
        let layout = Layout::new(board);
        for row in ["r.K....k", "K..kr...", ".Kk.....", "K.Rr.R.k"] {
            if let Some(position) = board.position_from_row(row, Side::White) {
                assert_eq!(layout.index(board, &position), None, "{row}");
            }
        }
        assert!(layout.index(board, &board.start()).is_some());
    }
}
