//! A card's condition (A, T, h) and its sets placed into a node's frame.
//! Lemma 3 needs every child's A_i and T_i placed; keeping them all would be
//! most of an evaluation's memory, and placing again costs a few word
//! operations per column, so a node's children are placed on demand into one
//! reused buffer ([`PlacedSets`]).
//!
//! When a column of the window is one word, a placement moves whole columns:
//! negating y reverses a column's bits, translating shifts them, and an
//! orientation that swaps x and y starts from the card's sets mirrored in the
//! diagonal ([`MirroredCards`]). Otherwise cells are placed one by one.

use super::cellset::{CellSet, SetRef, Window};
use super::geometry::{Cell, Placement};
use crate::bits::bits;

/// A card's condition (A, T, h) in its own frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Condition {
    pub required: CellSet,
    pub envelope: CellSet,
    pub height: u32,
}

/// Whether every placement in `window` can move whole columns: one word per
/// column, and square on the diagonal so that sets can be mirrored in it.
pub fn places_by_columns(window: &Window) -> bool {
    window.single_word_columns() && window.symmetric()
}

/// `set` mirrored in the diagonal x = y; `None` unless the window places
/// by columns.
fn transposed(window: &Window, set: &CellSet) -> Option<CellSet> {
    if !places_by_columns(window) {
        return None;
    }
    // Column c, bit b moves to column b, bit c: at most 64 columns.
    let set = set.as_words();
    let mut columns = [0u64; 64];
    for (index, &word) in set.words().iter().enumerate() {
        for bit in bits(word) {
            columns[bit as usize] |= 1 << (set.start() + index);
        }
    }
    Some(CellSet::from_words(0, &columns[..window.width() as usize]))
}

/// Append to `out` the words of `set` under (x, y) ↦ (±x + t.x, ±y + t.y),
/// a whole column at a time: negating y reverses a column's bits,
/// translating shifts them. Returns the window word of the first appended
/// word. `None` (nothing appended) when columns span several words or a
/// column would leave the window. Every image must lie in the window;
/// columns map one to one, so the image spans as many words.
fn place_columns_into(
    window: &Window,
    set: SetRef<'_>,
    negate_x: bool,
    negate_y: bool,
    offset: Cell,
    out: &mut Vec<u64>,
) -> Option<usize> {
    if !window.single_word_columns() {
        return None;
    }
    if set.words().is_empty() {
        return Some(0);
    }
    let x0 = i64::from(window.min().x);
    let y0 = i64::from(window.min().y);
    let width = window.width() as usize;
    let target_of = |column: usize| {
        let x = x0 + column as i64;
        let target_x = if negate_x { -x } else { x } + i64::from(offset.x);
        usize::try_from(target_x - x0)
            .ok()
            .filter(|&target| target < width)
    };
    let first = target_of(set.start())?;
    let last = target_of(set.end() - 1)?;
    // Bit b holds y = y0 + b. Unmirrored it moves to b + t.y; mirrored
    // to -b + t.y - 2 y0, i.e. bit 63 - b of the reversed word shifted.
    let shift = if negate_y {
        i64::from(offset.y) - 2 * y0 - 63
    } else {
        i64::from(offset.y)
    };
    let (left, right) = (shift.max(0), (-shift).max(0));
    if left >= 64 || right >= 64 {
        return None; // every cell would leave its column
    }
    let (left, right) = (left as u32, right as u32);
    // Both shifts are below 64 (checked above), so wrapping is exact.
    let shifted = move |word: u64| word.wrapping_shl(left).wrapping_shr(right);
    let words = set.words().iter().copied();
    // Mirrored columns come out last first: append them reversed.
    match (negate_x, negate_y) {
        (false, false) => out.extend(words.map(shifted)),
        (false, true) => out.extend(words.map(|w| shifted(w.reverse_bits()))),
        (true, false) => out.extend(words.rev().map(shifted)),
        (true, true) => out.extend(words.rev().map(|w| shifted(w.reverse_bits()))),
    }
    Some(first.min(last))
}

/// Append to `out` the words of `set` under `map`, cell by cell (any
/// window). Returns the window word of the first appended word.
fn place_cells_into(
    window: &Window,
    set: SetRef<'_>,
    map: impl Fn(Cell) -> Cell,
    out: &mut Vec<u64>,
) -> usize {
    window.append_set(window.cells_in(set).map(map), out)
}

/// The placed A_i and T_i of one node's children, back to back in one
/// buffer, in the children's printed order.
#[derive(Debug, Clone, Default)]
pub struct PlacedSets {
    words: Vec<u64>,
    children: Vec<PlacedSpans>,
}

#[derive(Debug, Clone, Copy)]
struct PlacedSpans {
    required: Span,
    envelope: Span,
    height: u32,
}

/// Window words `start..start + len`, kept at `words[at..at + len]`.
#[derive(Debug, Clone, Copy)]
struct Span {
    start: usize,
    at: usize,
    len: usize,
}

impl PlacedSets {
    /// Number of children placed.
    pub fn len(&self) -> usize {
        self.children.len()
    }

    pub fn is_empty(&self) -> bool {
        self.children.is_empty()
    }

    fn set(&self, span: Span) -> SetRef<'_> {
        SetRef::new(span.start, &self.words[span.at..span.at + span.len])
    }

    /// Child `child`'s placed A_i.
    pub fn required(&self, child: usize) -> SetRef<'_> {
        self.set(self.children[child].required)
    }

    /// Child `child`'s placed T_i.
    pub fn envelope(&self, child: usize) -> SetRef<'_> {
        self.set(self.children[child].envelope)
    }

    /// Child `child`'s h_i.
    pub fn height(&self, child: usize) -> u32 {
        self.children[child].height
    }

    /// Child `child`'s placed condition, as sets of its own.
    pub fn condition(&self, child: usize) -> Condition {
        let own = |set: SetRef<'_>| CellSet::from_words(set.start(), set.words());
        Condition {
            required: own(self.required(child)),
            envelope: own(self.envelope(child)),
            height: self.height(child),
        }
    }

    /// Append ⋂T_i to `out` (nothing when it is empty); returns the window
    /// word of its first word. Every T_i is non-empty, as is the result's
    /// word range when the ranges meet (its end words may be zero).
    pub fn common_envelope_into(&self, out: &mut Vec<u64>) -> usize {
        let Some(first) = self.children.first().map(|c| self.set(c.envelope)) else {
            return 0;
        };
        let (mut low, mut high) = (first.start(), first.end());
        for child in &self.children[1..] {
            low = low.max(child.envelope.start);
            high = high.min(child.envelope.start + child.envelope.len);
        }
        if low >= high {
            return 0;
        }
        let at = out.len();
        out.extend_from_slice(&first.words()[low - first.start()..high - first.start()]);
        for child in &self.children[1..] {
            let envelope = self.set(child.envelope);
            let words = &envelope.words()[low - envelope.start()..];
            for (common, &word) in out[at..].iter_mut().zip(words) {
                *common &= word;
            }
        }
        low
    }

    /// Drop every placed child, keeping the buffers.
    pub fn clear(&mut self) {
        self.words.clear();
        self.children.clear();
    }

    /// Append a child whose condition is already in the node's frame (an
    /// inline node's).
    pub fn push_unmoved(&mut self, condition: &Condition) {
        let (required, envelope) = (condition.required.as_words(), condition.envelope.as_words());
        let at = self.words.len();
        self.words.extend_from_slice(required.words());
        let middle = self.words.len();
        self.words.extend_from_slice(envelope.words());
        self.push_child(
            required.start(),
            at,
            middle,
            envelope.start(),
            condition.height,
        );
    }

    /// Append card `card`, whose condition is `condition`, under `placement`:
    /// by columns when the window and the card's mirrored sets allow it.
    pub fn push_placed(
        &mut self,
        window: &Window,
        mirrored: &MirroredCards,
        card: usize,
        condition: &Condition,
        placement: Placement,
    ) {
        let orientation = placement.orientation;
        // (x, y) ↦ swap(±x, ±y): on the transposed sets that is (±y, ±x).
        let by_columns = if orientation.swaps() {
            mirrored.get(card).map(|(required, envelope)| {
                (
                    required,
                    envelope,
                    orientation.negates_y(),
                    orientation.negates_x(),
                )
            })
        } else {
            let (required, envelope) = (&condition.required, &condition.envelope);
            let (negate_x, negate_y) = (orientation.negates_x(), orientation.negates_y());
            Some((required.as_words(), envelope.as_words(), negate_x, negate_y))
        };
        let at = self.words.len();
        if let Some((required, envelope, negate_x, negate_y)) = by_columns {
            let place = |set: SetRef<'_>, words: &mut Vec<u64>| {
                place_columns_into(window, set, negate_x, negate_y, placement.offset, words)
            };
            if let Some(required_start) = place(required, &mut self.words) {
                let middle = self.words.len();
                if let Some(envelope_start) = place(envelope, &mut self.words) {
                    self.push_child(required_start, at, middle, envelope_start, condition.height);
                    return;
                }
            }
            self.words.truncate(at);
        }
        let map = placement.matrix();
        let required_start =
            place_cells_into(window, condition.required.as_words(), &map, &mut self.words);
        let middle = self.words.len();
        let envelope_start =
            place_cells_into(window, condition.envelope.as_words(), &map, &mut self.words);
        self.push_child(required_start, at, middle, envelope_start, condition.height);
    }

    /// Record the words appended since `at` as a set starting at window
    /// word `start`, without its zero end words.
    fn span_from(&self, start: usize, at: usize, end: usize) -> Span {
        let kept = SetRef::new(start, &self.words[at..end]).trimmed();
        let offset = if kept.words().is_empty() {
            0
        } else {
            kept.start() - start
        };
        Span {
            start: kept.start(),
            at: at + offset,
            len: kept.words().len(),
        }
    }

    /// Record the child whose A_i was appended at `at..middle` (from window
    /// word `required_start`) and T_i from `middle` on.
    fn push_child(
        &mut self,
        required_start: usize,
        at: usize,
        middle: usize,
        envelope_start: usize,
        height: u32,
    ) {
        let required = self.span_from(required_start, at, middle);
        let envelope = self.span_from(envelope_start, middle, self.words.len());
        self.children.push(PlacedSpans {
            required,
            envelope,
            height,
        });
    }
}

/// Cards' sets mirrored in the diagonal x = y: placing a card with an
/// orientation that swaps x and y moves their whole columns. Only cards so
/// placed are mirrored, once each.
#[derive(Debug, Clone, Default)]
pub struct MirroredCards {
    /// Per card, if mirrored: its mirrored A and T.
    cards: Vec<Option<(CellSet, CellSet)>>,
}

impl MirroredCards {
    /// Card `card`'s mirrored A and T, if mirrored.
    fn get(&self, card: usize) -> Option<(SetRef<'_>, SetRef<'_>)> {
        let (required, envelope) = self.cards.get(card)?.as_ref()?;
        Some((required.as_words(), envelope.as_words()))
    }

    /// Mirror card `card`, whose condition is `condition`, unless it is
    /// already; a card the window cannot mirror is placed cell by cell.
    pub fn mirror(&mut self, window: &Window, card: usize, condition: &Condition) {
        if self.cards.len() <= card {
            self.cards.resize(card + 1, None);
        }
        if self.cards[card].is_none() {
            let required = transposed(window, &condition.required);
            self.cards[card] = required.zip(transposed(window, &condition.envelope));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snaky::geometry::Bounds;
    use proptest::prelude::*;

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
            let source = if swap { transposed(&w, &set).unwrap() } else { set.clone() };
            let (nx, ny) = if swap { (negate_y, negate_x) } else { (negate_x, negate_y) };
            let mut placed = Vec::new();
            let start = place_columns_into(&w, source.as_words(), nx, ny, offset, &mut placed);
            prop_assert_eq!(start.map(|start| CellSet::from_words(start, &placed)), Some(expected));
        }
    }
}
