//! Exact finite sets of cells as bitsets over one window shared by a whole
//! table. The window is the bounding box of every node's envelope (computed
//! exactly before any set is built), so every set operation is word-wise and
//! no cell can fall outside it. Storage is column-major (x outer, y inner) so
//! that iteration yields cells sorted by x, then y: the certificate order.
//! A set stores exactly the words from its first to its last non-zero one,
//! in one shared slice: its memory follows its own cells, not the whole
//! window, a set is 24 bytes wherever it is moved, and a clone shares the
//! words (evaluating a table touches little memory, and page faults cost
//! as much as the work).
//! [`SetRef`] borrows such a range of words, wherever they are kept: placing
//! ([`super::place`]) puts a node's children into one reused buffer instead
//! of building sets.

use super::geometry::{Bounds, Cell};
use crate::bits::bits;
use std::sync::Arc;

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
    pub(super) fn locate(&self, cell: Cell) -> (usize, u64) {
        debug_assert!(self.contains(cell), "{cell} outside the table's window");
        let dx = (cell.x - self.min.x) as usize;
        let dy = (cell.y - self.min.y) as usize;
        (dx * self.words_per_column + dy / 64, 1u64 << (dy % 64))
    }

    pub(super) fn cell_at(&self, word: usize, bit: u32) -> Cell {
        let dx = word / self.words_per_column;
        let dy = (word % self.words_per_column) * 64 + bit as usize;
        Cell::new(self.min.x + dx as i32, self.min.y + dy as i32)
    }

    pub fn empty_set(&self) -> CellSet {
        CellSet::default()
    }

    /// The set of `cells`; every cell must lie in the window.
    pub fn set_of(&self, cells: impl IntoIterator<Item = Cell>) -> CellSet {
        let mut words = Vec::new();
        let start = self.append_set(cells, &mut words);
        CellSet::from_words(start, &words)
    }

    pub fn insert(&self, set: &mut CellSet, cell: Cell) {
        let (word, bit) = self.locate(cell);
        set.union_with_words(SetRef::new(word, &[bit]));
    }

    pub fn remove(&self, set: &mut CellSet, cell: Cell) {
        if self.has(set, cell) {
            let (word, bit) = self.locate(cell);
            let start = set.start();
            set.words_mut()[word - start] &= !bit;
            set.trim();
        }
    }

    pub fn has(&self, set: &CellSet, cell: Cell) -> bool {
        self.has_in(set.as_words(), cell)
    }

    /// Whether `cell` is in the borrowed set `set`.
    pub fn has_in(&self, set: SetRef<'_>, cell: Cell) -> bool {
        if !self.contains(cell) {
            return false;
        }
        let (word, bit) = self.locate(cell);
        set.word(word) & bit != 0
    }

    /// The cells of `set`, sorted by x, then y.
    pub fn cells<'a>(&'a self, set: &'a CellSet) -> impl Iterator<Item = Cell> + 'a {
        self.cells_in(set.as_words())
    }

    /// The cells of a borrowed set, sorted by x, then y.
    pub fn cells_in<'a>(&'a self, set: SetRef<'a>) -> impl Iterator<Item = Cell> + 'a {
        set.words
            .iter()
            .enumerate()
            .flat_map(move |(index, &word)| {
                bits(word).map(move |bit| self.cell_at(set.start + index, bit))
            })
    }

    /// Whether a column of the window is one 64-bit word.
    pub fn single_word_columns(&self) -> bool {
        self.words_per_column == 1
    }

    /// Whether the window is its own mirror image in the diagonal x = y
    /// (square, with its corner on the diagonal).
    pub fn symmetric(&self) -> bool {
        self.width == self.height && self.min.x == self.min.y
    }

    /// The window's lowest cell: bit 0 of word 0.
    pub fn min(&self) -> Cell {
        self.min
    }

    /// Append to `out` the words of the set of `cells` (each in the window),
    /// from its first to its last non-zero word; returns the window word of
    /// the first appended word.
    pub fn append_set(&self, cells: impl IntoIterator<Item = Cell>, out: &mut Vec<u64>) -> usize {
        let located: Vec<(usize, u64)> = cells.into_iter().map(|cell| self.locate(cell)).collect();
        let (Some(low), Some(high)) = (
            located.iter().map(|&(word, _)| word).min(),
            located.iter().map(|&(word, _)| word).max(),
        ) else {
            return 0;
        };
        let at = out.len();
        out.resize(at + high - low + 1, 0);
        for &(word, bit) in &located {
            out[at + word - low] |= bit;
        }
        low
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

/// A borrowed set: the window's words `start..start + words.len()`, all
/// others zero (its end words may be zero: only [`CellSet`] is canonical).
#[derive(Debug, Clone, Copy)]
pub struct SetRef<'a> {
    start: usize,
    words: &'a [u64],
}

impl<'a> SetRef<'a> {
    pub fn new(start: usize, words: &'a [u64]) -> Self {
        SetRef { start, words }
    }

    /// The window word of the first stored word.
    pub fn start(&self) -> usize {
        self.start
    }

    /// One past the window word of the last stored word.
    pub fn end(&self) -> usize {
        self.start + self.words.len()
    }

    pub fn words(&self) -> &'a [u64] {
        self.words
    }

    /// The window word `index` (zero outside the stored range).
    pub fn word(&self, index: usize) -> u64 {
        index
            .checked_sub(self.start)
            .and_then(|i| self.words.get(i))
            .copied()
            .unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_subset_of(&self, other: SetRef<'_>) -> bool {
        self.words
            .iter()
            .enumerate()
            .all(|(index, a)| a & !other.word(self.start + index) == 0)
    }

    /// The same set without zero words at either end.
    pub fn trimmed(self) -> SetRef<'a> {
        if self.words.first().is_some_and(|&w| w != 0) && self.words.last().is_some_and(|&w| w != 0)
        {
            return self; // the common case: already canonical
        }
        let leading = self.words.iter().take_while(|&&w| w == 0).count();
        let rest = &self.words[leading..];
        let trailing = rest.iter().rev().take_while(|&&w| w == 0).count();
        match rest.len() - trailing {
            0 => SetRef::new(0, &[]),
            kept => SetRef::new(self.start + leading, &rest[..kept]),
        }
    }
}

/// A finite set of cells, meaningful together with its table's [`Window`]:
/// the window's words `start..start + n`, all others zero. The first and
/// last stored words are non-zero (an empty set stores none), so equal sets
/// have equal words.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct CellSet {
    /// The window word of the first stored word (a window has at most
    /// 2^16 words, see [`MAX_WINDOW_CELLS`]).
    start: u32,
    /// Shared, not copied, by clones: a card's condition is its node's.
    words: Arc<[u64]>,
}

impl CellSet {
    /// The set of the window words `start..start + words.len()` (zero words
    /// at either end are dropped).
    pub fn from_words(start: usize, words: &[u64]) -> CellSet {
        let kept = SetRef::new(start, words).trimmed();
        CellSet {
            words: kept.words.into(),
            start: kept.start as u32,
        }
    }

    fn start(&self) -> usize {
        self.start as usize
    }

    /// The set, borrowed.
    pub fn as_words(&self) -> SetRef<'_> {
        SetRef::new(self.start(), &self.words)
    }

    fn end(&self) -> usize {
        self.start() + self.words.len()
    }

    /// The words, to change in place (copied first if shared).
    fn words_mut(&mut self) -> &mut [u64] {
        Arc::make_mut(&mut self.words)
    }

    /// Drop zero words at both ends (the canonical form).
    fn trim(&mut self) {
        let kept = self.as_words().trimmed();
        if kept.words.len() != self.words.len() {
            *self = CellSet::from_words(kept.start, kept.words);
        }
    }

    pub fn len(&self) -> usize {
        self.as_words().len()
    }

    /// Bit positions of the cells, in the order [`Window::cells`] yields
    /// them: a dense index for per-cell scratch data.
    pub fn positions(&self) -> impl Iterator<Item = usize> + '_ {
        let start = self.start();
        self.words
            .iter()
            .enumerate()
            .flat_map(move |(index, &word)| {
                bits(word).map(move |bit| (start + index) * 64 + bit as usize)
            })
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    pub fn union_with(&mut self, other: &CellSet) {
        self.union_with_words(other.as_words());
    }

    fn union_with_words(&mut self, other: SetRef<'_>) {
        let other = other.trimmed();
        if other.words.is_empty() {
            return;
        }
        if self.is_empty() {
            *self = CellSet::from_words(other.start, other.words);
            return;
        }
        if other.start < self.start() || other.end() > self.end() {
            // Widen to the hull of both ranges.
            let start = self.start().min(other.start);
            let mut words = vec![0; self.end().max(other.end()) - start];
            words[self.start() - start..self.end() - start].copy_from_slice(&self.words);
            *self = CellSet {
                words: words.into(),
                start: start as u32,
            };
        }
        let offset = other.start - self.start();
        for (a, b) in self.words_mut()[offset..].iter_mut().zip(other.words) {
            *a |= b;
        }
    }

    pub fn intersect_with(&mut self, other: &CellSet) {
        let start = self.start();
        for (index, a) in self.words_mut().iter_mut().enumerate() {
            *a &= other.as_words().word(start + index);
        }
        self.trim();
    }

    pub fn subtract(&mut self, other: &CellSet) {
        let start = self.start();
        for (index, a) in self.words_mut().iter_mut().enumerate() {
            *a &= !other.as_words().word(start + index);
        }
        self.trim();
    }

    pub fn is_subset_of(&self, other: &CellSet) -> bool {
        self.as_words().is_subset_of(other.as_words())
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
