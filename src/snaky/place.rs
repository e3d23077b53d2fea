//! Children's sets placed into their node's frame, in one reused buffer.
//! Lemma 3 needs every child's A_i and T_i placed; keeping them all would be
//! most of an evaluation's memory, and placing again costs a few word
//! operations per column, so the evaluator and the reply classes place a
//! node's children on demand, each into its own scratch buffer.

use super::cellset::{CellSet, SetRef, Window};
use super::evaluate::{ChildSource, Condition, EvaluatedNode, PlacedChild};
use super::geometry::Placement;
use super::table::{Child, Node};

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

/// Cards' sets mirrored in the diagonal x = y, in one buffer: placing a
/// card with an orientation that swaps x and y moves their whole columns.
/// Only cards so placed are mirrored, once each.
#[derive(Debug, Clone, Default)]
pub struct MirroredCards {
    words: Vec<u64>,
    /// Per card, if mirrored: window words of its mirrored A and T, where
    /// they begin in `words` (T right after A) and how long each is.
    cards: Vec<Option<MirroredSpans>>,
}

/// `[A's window word, T's window word, at, A's length, T's length]`: compact,
/// since there is one per card.
type MirroredSpans = [u32; 5];

impl MirroredCards {
    /// Card `card`'s mirrored A and T, if mirrored.
    fn get(&self, card: usize) -> Option<(SetRef<'_>, SetRef<'_>)> {
        let [required, envelope, at, required_len, envelope_len] =
            self.cards.get(card).copied().flatten()?.map(|n| n as usize);
        let middle = at + required_len;
        Some((
            SetRef::new(required, &self.words[at..middle]),
            SetRef::new(envelope, &self.words[middle..middle + envelope_len]),
        ))
    }

    /// Mirror every card `node` places with a swapping orientation (none
    /// unless the window places by columns).
    pub(super) fn mirror_swapped(&mut self, window: &Window, node: &Node, cards: Cards<'_>) {
        for child in &node.children {
            match child {
                Child::Reference(reference) if reference.placement.orientation.swaps() => {
                    let card = reference.card as usize;
                    self.mirror(window, card, cards.condition(card));
                }
                Child::Reference(_) => {}
                Child::Inline(inner) => self.mirror_swapped(window, inner, cards),
            }
        }
    }

    fn mirror(&mut self, window: &Window, card: usize, condition: &Condition) {
        if self.cards.len() <= card {
            self.cards.resize(card + 1, None);
        }
        if self.cards[card].is_some() {
            return;
        }
        let at = self.words.len();
        self.cards[card] = self.append_mirrored(window, condition);
        // A card that cannot be mirrored is placed cell by cell.
        if self.cards[card].is_none() {
            self.words.truncate(at);
        }
    }

    /// Append `condition`'s A and T mirrored; their spans, if the window
    /// allows it and they fit in 32 bits.
    fn append_mirrored(&mut self, window: &Window, condition: &Condition) -> Option<MirroredSpans> {
        let at = self.words.len();
        let required = window.transpose_into(condition.required.as_words(), &mut self.words)?;
        let middle = self.words.len();
        let envelope = window.transpose_into(condition.envelope.as_words(), &mut self.words)?;
        let end = self.words.len();
        let small = |n: usize| u32::try_from(n).ok();
        Some([
            small(required)?,
            small(envelope)?,
            small(at)?,
            small(middle - at)?,
            small(end - middle)?,
        ])
    }
}

/// Every earlier card's and node's condition: a base card's its own, a
/// table card's its node's (kept once, not copied per card).
#[derive(Clone, Copy)]
pub(super) struct Cards<'a> {
    pub base: &'a [Condition],
    pub card_nodes: &'a [Option<usize>],
    pub nodes: &'a [EvaluatedNode],
}

impl<'a> Cards<'a> {
    /// Card `card`'s condition, if the table has that card.
    pub fn get(self, card: usize) -> Option<&'a Condition> {
        match self.card_nodes.get(card)? {
            Some(node) => Some(&self.nodes[*node].condition),
            None => self.base.get(card),
        }
    }

    /// Card `card`'s condition; the parser admits only earlier cards.
    pub fn condition(self, card: usize) -> &'a Condition {
        self.get(card)
            .expect("the parser admits only earlier cards")
    }
}

/// What placing needs: the conditions of every earlier card and node.
pub(super) struct Placer<'a> {
    pub window: &'a Window,
    pub cards: Cards<'a>,
    /// Cards mirrored for the orientations that swap x and y (a card not
    /// mirrored is placed cell by cell).
    pub mirrored: &'a MirroredCards,
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
            ChildSource::Inline { node } => {
                out.push_unplaced(&self.cards.nodes[node as usize].condition);
            }
            ChildSource::Card { card, placement } => self.place_card(card as usize, placement, out),
        }
    }

    fn place_card(&self, card: usize, placement: Placement, out: &mut PlacedSets) {
        let condition = self.cards.condition(card);
        let orientation = placement.orientation;
        // (x, y) ↦ swap(±x, ±y): on the transposed sets that is (±y, ±x).
        let by_columns = if orientation.swaps() {
            self.mirrored.get(card).map(|(required, envelope)| {
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
        let at = out.words.len();
        if let Some((required, envelope, negate_x, negate_y)) = by_columns {
            let place = |set: SetRef<'_>, words: &mut Vec<u64>| {
                self.window
                    .place_columns_into(set, negate_x, negate_y, placement.offset, words)
            };
            if let Some(required_start) = place(required, &mut out.words) {
                let middle = out.words.len();
                if let Some(envelope_start) = place(envelope, &mut out.words) {
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
