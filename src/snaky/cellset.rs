//! Exact finite sets of cells as bitsets over one window shared by a whole
//! table. The window is the bounding box of every node's envelope (computed
//! exactly before any set is built), so every set operation is word-wise and
//! no cell can fall outside it. Storage is column-major (x outer, y inner) so
//! that iteration yields cells sorted by x, then y: the certificate order.
//! A set stores only the words from its first to its last non-zero one, so
//! its memory follows its own cells, not the whole window (a card in a
//! corner of a wide table stays small and inline).

use super::geometry::{Bounds, Cell};
use smallvec::{smallvec, SmallVec};

/// Words kept inline in a set, without a heap allocation: the paper's table
/// lives in a 17x17 window (17 words), and evaluating it builds about 16,000
/// sets, where allocation would otherwise cost about as much as the work.
const INLINE_WORDS: usize = 24;
type Words = SmallVec<[u64; INLINE_WORDS]>;

/// The rectangle every set of one table lives in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    min: Cell,
    width: u32,
    height: u32,
    /// 64-bit words per column (each column holds `height` bits).
    words_per_column: usize,
}

/// Windows larger than this many cells (2^22, 512 KiB per set) are refused:
/// a table that spreads that far is not a plausible proof. The total over
/// all sets is bounded separately (`evaluate::MAX_SET_BYTES`).
pub const MAX_WINDOW_CELLS: i64 = 1 << 22;

impl Window {
    /// A window covering `bounds`, or `None` if it would exceed [`MAX_WINDOW_CELLS`].
    pub fn covering(bounds: Bounds) -> Option<Window> {
        let (width, height) = (bounds.width(), bounds.height());
        let words_per_column = (height + 63) / 64;
        if width.saturating_mul(words_per_column).saturating_mul(64) > MAX_WINDOW_CELLS {
            return None;
        }
        Some(Window {
            min: bounds.min,
            width: width as u32,
            height: height as u32,
            words_per_column: words_per_column as usize,
        })
    }

    pub fn width(&self) -> i64 {
        i64::from(self.width)
    }

    pub fn height(&self) -> i64 {
        i64::from(self.height)
    }

    fn words(&self) -> usize {
        self.width as usize * self.words_per_column
    }

    pub fn contains(&self, cell: Cell) -> bool {
        let dx = i64::from(cell.x) - i64::from(self.min.x);
        let dy = i64::from(cell.y) - i64::from(self.min.y);
        (0..i64::from(self.width)).contains(&dx) && (0..i64::from(self.height)).contains(&dy)
    }

    /// Word index and bit of a cell inside the window.
    fn locate(&self, cell: Cell) -> (usize, u64) {
        debug_assert!(self.contains(cell), "{cell} outside the table's window");
        let dx = (cell.x - self.min.x) as usize;
        let dy = (cell.y - self.min.y) as usize;
        (dx * self.words_per_column + dy / 64, 1u64 << (dy % 64))
    }

    fn cell_at(&self, word: usize, bit: u32) -> Cell {
        let dx = word / self.words_per_column;
        let dy = (word % self.words_per_column) * 64 + bit as usize;
        Cell::new(self.min.x + dx as i32, self.min.y + dy as i32)
    }

    pub fn empty_set(&self) -> CellSet {
        CellSet {
            start: 0,
            words: Words::new(),
        }
    }

    /// The set of `cells`; every cell must lie in the window.
    pub fn set_of(&self, cells: impl IntoIterator<Item = Cell>) -> CellSet {
        // Locate every cell first, so the stored range is allocated once.
        let located: SmallVec<[(usize, u64); 32]> =
            cells.into_iter().map(|cell| self.locate(cell)).collect();
        let mut set = self.empty_set();
        let low = located.iter().map(|&(word, _)| word).min();
        let high = located.iter().map(|&(word, _)| word).max();
        if let (Some(low), Some(high)) = (low, high) {
            set.start = low;
            set.words = smallvec![0; high - low + 1];
            for (word, bit) in located {
                set.words[word - low] |= bit;
            }
        }
        set
    }

    pub fn insert(&self, set: &mut CellSet, cell: Cell) {
        let (word, bit) = self.locate(cell);
        set.cover(word, word + 1);
        set.words[word - set.start] |= bit;
    }

    pub fn remove(&self, set: &mut CellSet, cell: Cell) {
        if self.has(set, cell) {
            let (word, bit) = self.locate(cell);
            set.words[word - set.start] &= !bit;
            set.trim();
        }
    }

    pub fn has(&self, set: &CellSet, cell: Cell) -> bool {
        if !self.contains(cell) {
            return false;
        }
        let (word, bit) = self.locate(cell);
        set.word(word) & bit != 0
    }

    /// The cells of `set`, sorted by x, then y.
    pub fn cells<'a>(&'a self, set: &'a CellSet) -> impl Iterator<Item = Cell> + 'a {
        set.words
            .iter()
            .enumerate()
            .flat_map(move |(index, &word)| {
                BitIter(word).map(move |bit| self.cell_at(set.start + index, bit))
            })
    }

    /// Whether whole columns can be moved at once: one word per column.
    fn single_word_columns(&self) -> bool {
        self.words_per_column == 1
    }

    /// Whether the window is its own mirror image in the diagonal x = y
    /// (square, with its corner on the diagonal), so sets can be transposed.
    fn symmetric(&self) -> bool {
        self.width == self.height && self.min.x == self.min.y
    }

    /// Whether every placement can be done a column at a time
    /// ([`Window::transpose`] then [`Window::place_columns`]).
    pub fn places_by_columns(&self) -> bool {
        self.single_word_columns() && self.symmetric()
    }

    /// `set` mirrored in the diagonal x = y, when the window allows it.
    pub fn transpose(&self, set: &CellSet) -> Option<CellSet> {
        self.symmetric()
            .then(|| self.set_of(self.cells(set).map(|c| Cell::new(c.y, c.x))))
    }

    /// `set` under (x, y) ↦ (±x + t.x, ±y + t.y), a whole column at a time:
    /// negating y reverses a column's bits, translating shifts them. `None`
    /// when columns span several words. Every image must lie in the window.
    pub fn place_columns(
        &self,
        set: &CellSet,
        negate_x: bool,
        negate_y: bool,
        offset: Cell,
    ) -> Option<CellSet> {
        if !self.single_word_columns() {
            return None;
        }
        let x0 = i64::from(self.min.x);
        let y0 = i64::from(self.min.y);
        let target_of = |column: usize| {
            let x = x0 + column as i64;
            let target_x = if negate_x { -x } else { x } + i64::from(offset.x);
            usize::try_from(target_x - x0).ok()
        };
        let mut placed = self.empty_set();
        if set.words.is_empty() {
            return Some(placed);
        }
        // Columns map one to one (x ↦ ±x + t): the image spans as many words.
        let first = target_of(set.start)?;
        let last = target_of(set.start + set.words.len() - 1)?;
        let (low, high) = (first.min(last), first.max(last));
        if high >= self.words() {
            return None;
        }
        placed.start = low;
        placed.words = smallvec![0; high - low + 1];
        for (index, &word) in set.words.iter().enumerate() {
            if word == 0 {
                continue;
            }
            let target = target_of(set.start + index)?;
            // Bit b holds y = y0 + b. Unmirrored it moves to b + t.y; mirrored
            // to -b + t.y - 2 y0, i.e. bit 63 - b of the reversed word shifted.
            let (bits, shift) = if negate_y {
                (word.reverse_bits(), i64::from(offset.y) - 2 * y0 - 63)
            } else {
                (word, i64::from(offset.y))
            };
            let moved = if shift >= 0 {
                bits.checked_shl(u32::try_from(shift).ok()?).unwrap_or(0)
            } else {
                bits.checked_shr(u32::try_from(-shift).ok()?).unwrap_or(0)
            };
            *placed.words.get_mut(target - low)? |= moved;
        }
        placed.trim();
        Some(placed)
    }

    /// Number of bit positions a set of this window has (see [`CellSet::positions`]).
    pub fn positions(&self) -> usize {
        self.words() * 64
    }

    /// The cell at a bit position of a set of this window.
    pub fn cell_at_position(&self, position: usize) -> Cell {
        self.cell_at(position / 64, (position % 64) as u32)
    }

    pub fn to_vec(&self, set: &CellSet) -> Vec<Cell> {
        self.cells(set).collect()
    }
}

struct BitIter(u64);

impl Iterator for BitIter {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(bit)
    }
}

/// A finite set of cells, meaningful together with its table's [`Window`]:
/// the window's words `start..start + words.len()`, all others zero. The
/// first and last stored words are non-zero (an empty set stores none), so
/// equal sets have equal representations.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CellSet {
    start: usize,
    words: Words,
}

impl CellSet {
    /// The window word `index` (zero outside the stored range).
    fn word(&self, index: usize) -> u64 {
        index
            .checked_sub(self.start)
            .and_then(|i| self.words.get(i))
            .copied()
            .unwrap_or(0)
    }

    fn end(&self) -> usize {
        self.start + self.words.len()
    }

    /// Widen the stored range to hold the words `low..high`.
    fn cover(&mut self, low: usize, high: usize) {
        if self.words.is_empty() {
            self.start = low;
            self.words = smallvec![0; high - low];
            return;
        }
        let (start, end) = (self.start.min(low), self.end().max(high));
        if (start, end) == (self.start, self.end()) {
            return;
        }
        let mut words: Words = smallvec![0; end - start];
        words[self.start - start..self.end() - start].copy_from_slice(&self.words);
        self.start = start;
        self.words = words;
    }

    /// Drop zero words at both ends (the canonical form).
    fn trim(&mut self) {
        while self.words.last() == Some(&0) {
            self.words.pop();
        }
        let leading = self.words.iter().take_while(|&&w| w == 0).count();
        if leading > 0 {
            self.words.drain(..leading);
            self.start += leading;
        }
        if self.words.is_empty() {
            self.start = 0;
        }
    }

    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Bit positions of the cells, in the order [`Window::cells`] yields
    /// them: a dense index for per-cell scratch data.
    pub fn positions(&self) -> impl Iterator<Item = usize> + '_ {
        self.words
            .iter()
            .enumerate()
            .flat_map(move |(index, &word)| {
                BitIter(word).map(move |bit| (self.start + index) * 64 + bit as usize)
            })
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    pub fn union_with(&mut self, other: &CellSet) {
        if other.words.is_empty() {
            return;
        }
        self.cover(other.start, other.end());
        let offset = other.start - self.start;
        for (a, b) in self.words[offset..].iter_mut().zip(&other.words) {
            *a |= b;
        }
    }

    pub fn intersect_with(&mut self, other: &CellSet) {
        let start = self.start;
        for (index, a) in self.words.iter_mut().enumerate() {
            *a &= other.word(start + index);
        }
        self.trim();
    }

    pub fn subtract(&mut self, other: &CellSet) {
        let start = self.start;
        for (index, a) in self.words.iter_mut().enumerate() {
            *a &= !other.word(start + index);
        }
        self.trim();
    }

    pub fn is_subset_of(&self, other: &CellSet) -> bool {
        self.words
            .iter()
            .enumerate()
            .all(|(index, a)| a & !other.word(self.start + index) == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    fn window() -> Window {
        Window::covering(Bounds {
            min: Cell::new(-20, -70),
            max: Cell::new(20, 70),
        })
        .unwrap()
    }

    proptest! {
        #[test]
        fn column_placement_agrees_with_placing_cell_by_cell(
            cells in proptest::collection::vec((0i32..12, 0i32..12), 0..40),
            negate_x: bool, negate_y: bool, swap: bool,
        ) {
            // A square window on the diagonal, large enough for any image.
            let w = Window::covering(Bounds { min: Cell::new(-20, -20), max: Cell::new(30, 30) }).unwrap();
            let set = w.set_of(cells.iter().map(|&(x, y)| Cell::new(x, y)));
            let offset = Cell::new(if negate_x { 12 } else { 3 }, if negate_y { 14 } else { -5 });
            let image = |c: Cell| {
                let (x, y) = if swap { (c.y, c.x) } else { (c.x, c.y) };
                let (nx, ny) = if swap { (negate_y, negate_x) } else { (negate_x, negate_y) };
                Cell::new(if nx { -x } else { x } + offset.x, if ny { -y } else { y } + offset.y)
            };
            let expected = w.set_of(w.cells(&set).map(image));
            let source = if swap { w.transpose(&set).unwrap() } else { set.clone() };
            let (nx, ny) = if swap { (negate_y, negate_x) } else { (negate_x, negate_y) };
            prop_assert_eq!(w.place_columns(&source, nx, ny, offset), Some(expected));
        }
    }

    #[test]
    fn oversized_windows_are_refused() {
        let huge = Bounds {
            min: Cell::new(0, 0),
            max: Cell::new(10_000, 10_000),
        };
        assert_eq!(Window::covering(huge), None);
    }

    proptest! {
        #[test]
        fn set_operations_agree_with_btreeset(
            a in proptest::collection::vec((-20i32..=20, -70i32..=70), 0..60),
            b in proptest::collection::vec((-20i32..=20, -70i32..=70), 0..60),
        ) {
            let w = window();
            let a: BTreeSet<Cell> = a.into_iter().map(|(x, y)| Cell::new(x, y)).collect();
            let b: BTreeSet<Cell> = b.into_iter().map(|(x, y)| Cell::new(x, y)).collect();
            let sa = w.set_of(a.iter().copied());
            let sb = w.set_of(b.iter().copied());
            prop_assert_eq!(w.to_vec(&sa), a.iter().copied().collect::<Vec<_>>());
            prop_assert_eq!(sa.len(), a.len());
            let mut union = sa.clone();
            union.union_with(&sb);
            prop_assert_eq!(w.to_vec(&union), a.union(&b).copied().collect::<Vec<_>>());
            let mut inter = sa.clone();
            inter.intersect_with(&sb);
            prop_assert_eq!(w.to_vec(&inter), a.intersection(&b).copied().collect::<Vec<_>>());
            let mut diff = sa.clone();
            diff.subtract(&sb);
            prop_assert_eq!(w.to_vec(&diff), a.difference(&b).copied().collect::<Vec<_>>());
            prop_assert_eq!(sa.is_subset_of(&sb), a.is_subset(&b));
            for cell in &a {
                prop_assert!(w.has(&sa, *cell));
            }
        }
    }
}
