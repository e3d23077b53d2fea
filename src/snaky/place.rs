//! Children's sets placed into their node's frame, in one reused buffer.
//! Lemma 3 needs every child's A_i and T_i placed; keeping them all would be
//! most of an evaluation's memory, and placing again costs a few word
//! operations per column, so the evaluator and the reply classes place a
//! node's children on demand, each into its own scratch buffer.

use super::cellset::{SetRef, Window};
use super::evaluate::{ChildSource, Condition, EvaluatedNode, PlacedChild};
use super::geometry::Placement;

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
        let own = |set: SetRef<'_>| super::cellset::CellSet::from_words(set.start(), set.words());
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

    fn clear(&mut self) {
        self.words.clear();
        self.children.clear();
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

    /// Append a child whose sets are `required` and `envelope` unmoved.
    fn push_unplaced(&mut self, condition: &Condition) {
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

/// What placing needs: the conditions of every earlier card and node.
pub(super) struct Placer<'a> {
    pub window: &'a Window,
    pub cards: &'a [Condition],
    /// Per card, in a window that places by columns, its sets mirrored in
    /// the diagonal, for the orientations that swap x and y (None where no
    /// child needs them: such a child is placed cell by cell).
    pub transposed: &'a [Option<Condition>],
    pub nodes: &'a [EvaluatedNode],
}

impl Placer<'_> {
    /// Place every child of a node into `out` (its previous content is dropped).
    pub fn place_all(&self, children: &[PlacedChild], out: &mut PlacedSets) {
        out.clear();
        for child in children {
            self.place(child.source, out);
        }
    }

    /// Append one child, placed.
    pub fn place(&self, source: ChildSource, out: &mut PlacedSets) {
        match source {
            ChildSource::Inline { node } => out.push_unplaced(&self.nodes[node].condition),
            ChildSource::Card { card, placement } => self.place_card(card as usize, placement, out),
        }
    }

    fn place_card(&self, card: usize, placement: Placement, out: &mut PlacedSets) {
        let condition = &self.cards[card];
        let orientation = placement.orientation;
        // (x, y) ↦ swap(±x, ±y): on the transposed sets that is (±y, ±x).
        let by_columns = if orientation.swaps() {
            self.transposed
                .get(card)
                .and_then(Option::as_ref)
                .map(|sets| (sets, orientation.negates_y(), orientation.negates_x()))
        } else {
            Some((condition, orientation.negates_x(), orientation.negates_y()))
        };
        let at = out.words.len();
        if let Some((sets, negate_x, negate_y)) = by_columns {
            let place = |set: &super::cellset::CellSet, words: &mut Vec<u64>| {
                self.window.place_columns_into(
                    set.as_words(),
                    negate_x,
                    negate_y,
                    placement.offset,
                    words,
                )
            };
            if let Some(required_start) = place(&sets.required, &mut out.words) {
                let middle = out.words.len();
                if let Some(envelope_start) = place(&sets.envelope, &mut out.words) {
                    out.push_child(required_start, at, middle, envelope_start, condition.height);
                    return;
                }
            }
            out.words.truncate(at);
        }
        // Any window: cell by cell.
        let map = placement.matrix();
        let window = self.window;
        let required_start =
            window.place_cells_into(condition.required.as_words(), &map, &mut out.words);
        let middle = out.words.len();
        let envelope_start =
            window.place_cells_into(condition.envelope.as_words(), &map, &mut out.words);
        out.push_child(required_start, at, middle, envelope_start, condition.height);
    }
}
