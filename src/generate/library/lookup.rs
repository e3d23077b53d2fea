//! The look-up structures behind [`super::Library::placements`]: a card's
//! placement on an anchor stone needs A's other cells on Maker's stones and
//! T clear of Breaker's. Both tests are made a few instructions each:
//!
//! - A: the library interns the shapes of A's other cells relative to the
//!   anchor ([`Patterns`]); per position, [`Anchors`] gives each pattern the
//!   set of Maker stones it can be anchored on, as bits. Most orientations
//!   then cost one look-up, whatever the number of stones.
//! - T: each orientation's envelope is a [`Bitmap`] in its own frame, and
//!   each Breaker stone is moved back into that frame (a position has few
//!   Breaker stones, an envelope dozens to hundreds of cells).

use super::super::position::Cell;

/// Cells as 64-bit coordinates: differences of i32 cells cannot overflow.
pub type Wide = (i64, i64);

pub fn wide((x, y): Cell) -> Wide {
    (i64::from(x), i64::from(y))
}

/// Boxes with more cells are not made bitmaps or grids (far-flung stones of
/// an unusual position): the callers then test membership another way.
const GRID_CELLS: i64 = 1 << 16;

/// The bounding box of some cells, as a grid of `width * height` slots;
/// None when there are no cells or the box has more than `GRID_CELLS`.
#[derive(Debug, Clone, Copy)]
struct Frame {
    low: Wide,
    width: i64,
    height: i64,
}

impl Frame {
    fn around(cells: impl Iterator<Item = Wide> + Clone) -> Option<Frame> {
        let min_x = cells.clone().map(|c| c.0).min()?;
        let max_x = cells.clone().map(|c| c.0).max()?;
        let min_y = cells.clone().map(|c| c.1).min()?;
        let max_y = cells.map(|c| c.1).max()?;
        let (width, height) = (max_x - min_x + 1, max_y - min_y + 1);
        (width <= GRID_CELLS && height <= GRID_CELLS && width * height <= GRID_CELLS).then_some(
            Frame {
                low: (min_x, min_y),
                width,
                height,
            },
        )
    }

    fn slots(&self) -> usize {
        (self.width * self.height) as usize
    }

    fn slot(&self, (x, y): Wide) -> Option<usize> {
        let (dx, dy) = (x - self.low.0, y - self.low.1);
        ((0..self.width).contains(&dx) && (0..self.height).contains(&dy))
            .then(|| (dy * self.width + dx) as usize)
    }
}

/// A set of cells as bits over its bounding box.
#[derive(Debug, Clone)]
pub struct Bitmap {
    /// None for the empty set.
    frame: Option<Frame>,
    words: Vec<u64>,
}

impl Bitmap {
    /// The cells as a bitmap, or None when their box is too large.
    pub fn new(cells: &[Cell]) -> Option<Bitmap> {
        let wide_cells = cells.iter().map(|&c| wide(c));
        let Some(frame) = Frame::around(wide_cells.clone()) else {
            return cells.is_empty().then_some(Bitmap {
                frame: None,
                words: Vec::new(),
            });
        };
        let mut words = vec![0u64; frame.slots().div_ceil(64)];
        for slot in wide_cells.filter_map(|c| frame.slot(c)) {
            words[slot / 64] |= 1 << (slot % 64);
        }
        Some(Bitmap {
            frame: Some(frame),
            words,
        })
    }

    pub fn contains(&self, cell: Wide) -> bool {
        match self.frame.and_then(|frame| frame.slot(cell)) {
            Some(slot) => self.words[slot / 64] >> (slot % 64) & 1 != 0,
            None => false,
        }
    }
}

/// Distinct shapes, each a list of cells, stored flat.
#[derive(Debug, Clone, Default)]
pub struct Patterns {
    cells: Vec<Cell>,
    /// Pattern i is `cells[ends[i - 1]..ends[i]]` (from 0 for i = 0).
    ends: Vec<usize>,
    known: std::collections::HashMap<Vec<Cell>, u32>,
}

impl Patterns {
    /// The number of `cells` as a pattern, added if new.
    pub fn intern(&mut self, cells: &[Cell]) -> u32 {
        if let Some(&id) = self.known.get(cells) {
            return id;
        }
        let id = self.ends.len() as u32;
        self.cells.extend_from_slice(cells);
        self.ends.push(self.cells.len());
        self.known.insert(cells.to_vec(), id);
        id
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    fn iter(&self) -> impl Iterator<Item = &[Cell]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .map(|(start, &end)| &self.cells[start..end])
    }
}

/// For each difference d = s' - s of two Maker stones, the stones s (bit i
/// for `maker[i]`) with s + d also Maker's.
struct Steps {
    words: usize,
    /// Each distinct difference, sorted, with its stones at
    /// `masks[k * words..]`.
    differences: Vec<Wide>,
    masks: Vec<u64>,
    /// Difference → index + 1 (0: none), when the differences' box is small.
    grid: Option<(Frame, Vec<u32>)>,
}

impl Steps {
    fn new(maker: &[Cell], words: usize) -> Steps {
        let mut pairs: Vec<(Wide, usize)> = Vec::with_capacity(maker.len() * maker.len());
        for (i, &s) in maker.iter().enumerate() {
            for &t in maker {
                if t != s {
                    pairs.push(((wide(t).0 - wide(s).0, wide(t).1 - wide(s).1), i));
                }
            }
        }
        pairs.sort_unstable();
        let mut differences: Vec<Wide> = Vec::new();
        let mut masks: Vec<u64> = Vec::new();
        for (d, i) in pairs {
            if differences.last() != Some(&d) {
                differences.push(d);
                masks.resize(masks.len() + words, 0);
            }
            let base = masks.len() - words;
            masks[base + i / 64] |= 1 << (i % 64);
        }
        let grid = Frame::around(differences.iter().copied()).map(|frame| {
            let mut slots = vec![0u32; frame.slots()];
            for (k, &d) in differences.iter().enumerate() {
                if let Some(slot) = frame.slot(d) {
                    slots[slot] = k as u32 + 1;
                }
            }
            (frame, slots)
        });
        Steps {
            words,
            differences,
            masks,
            grid,
        }
    }

    fn stones(&self, d: Wide) -> Option<&[u64]> {
        let k = match &self.grid {
            Some((frame, slots)) => (*slots.get(frame.slot(d)?)? as usize).checked_sub(1)?,
            None => self.differences.binary_search(&d).ok()?,
        };
        Some(&self.masks[k * self.words..(k + 1) * self.words])
    }
}

/// For one position and a library's patterns: the Maker stones each
/// pattern can be anchored on (every cell of anchor + pattern is Maker's),
/// as bits in Maker's order.
pub struct Anchors {
    words: usize,
    masks: Vec<u64>,
}

impl Anchors {
    pub fn new(maker: &[Cell], patterns: &Patterns) -> Anchors {
        let words = maker.len().div_ceil(64).max(1);
        let mut all = vec![0u64; words];
        for i in 0..maker.len() {
            all[i / 64] |= 1 << (i % 64);
        }
        let steps = Steps::new(maker, words);
        let mut masks = Vec::with_capacity(patterns.len() * words);
        for pattern in patterns.iter() {
            let start = masks.len();
            masks.extend_from_slice(&all);
            let mask = &mut masks[start..];
            for &d in pattern {
                match steps.stones(wide(d)) {
                    Some(stones) => mask.iter_mut().zip(stones).for_each(|(m, s)| *m &= s),
                    None => mask.fill(0),
                }
                if mask.iter().all(|&m| m == 0) {
                    break;
                }
            }
        }
        Anchors { words, masks }
    }

    /// The first stone at index `from` or later that pattern `pattern` can
    /// be anchored on.
    pub fn next(&self, pattern: u32, from: usize) -> Option<usize> {
        let start = pattern as usize * self.words;
        let mask = &self.masks[start..start + self.words];
        let mut word = from / 64;
        let mut bits = *mask.get(word)? & (u64::MAX << (from % 64));
        loop {
            if bits != 0 {
                return Some(word * 64 + bits.trailing_zeros() as usize);
            }
            word += 1;
            bits = *mask.get(word)?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_are_the_stones_whose_pattern_lies_on_maker_stones() {
        let maker = [(0, 0), (1, 0), (2, 0), (2, 1), (7, 7)];
        let mut patterns = Patterns::default();
        let none = patterns.intern(&[]);
        let right = patterns.intern(&[(1, 0)]);
        let corner = patterns.intern(&[(1, 0), (1, 1)]);
        let far = patterns.intern(&[(40, 0)]);
        assert_eq!(patterns.intern(&[(1, 0)]), right);
        let anchors = Anchors::new(&maker, &patterns);
        let all = |p: u32| {
            let mut out = Vec::new();
            let mut from = 0;
            while let Some(i) = anchors.next(p, from) {
                out.push(i);
                from = i + 1;
            }
            out
        };
        assert_eq!(all(none), vec![0, 1, 2, 3, 4]);
        assert_eq!(all(right), vec![0, 1]);
        assert_eq!(all(corner), vec![1]);
        assert_eq!(all(far), Vec::<usize>::new());
    }

    #[test]
    fn many_stones_and_far_stones_take_the_other_paths() {
        // 70 stones in a row (two mask words) and one far away (no grid).
        let mut maker: Vec<Cell> = (0..70).map(|x| (x, 0)).collect();
        maker.push((1_000_000, 5));
        let mut patterns = Patterns::default();
        let right = patterns.intern(&[(1, 0)]);
        let far = patterns.intern(&[(1_000_000 - 69, 5)]);
        let anchors = Anchors::new(&maker, &patterns);
        assert_eq!(anchors.next(right, 0), Some(0));
        assert_eq!(anchors.next(right, 65), Some(65));
        assert_eq!(anchors.next(right, 69), None);
        assert_eq!(anchors.next(far, 0), Some(69));
        assert_eq!(anchors.next(far, 70), None);
        let bitmap = Bitmap::new(&[(0, 0), (3, 2)]).unwrap();
        assert!(bitmap.contains((3, 2)) && !bitmap.contains((2, 2)) && !bitmap.contains((-1, 0)));
        assert!(Bitmap::new(&[(0, 0), (1_000_000, 0)]).is_none());
        assert!(!Bitmap::new(&[]).unwrap().contains((0, 0)));
    }
}
