//! Recompute every card's required set A, envelope T and height h: base
//! cards by Lemma 4, every card line and inline node by Lemma 3.
//!
//! Only the nodes' own conditions are kept: a node's children are placed
//! into one reused buffer when it is combined ([`super::place`]), and again
//! on demand by whoever needs them ([`Evaluation::place_children`]).

use super::cellset::{CellSet, SetRef, Window};
use super::geometry::{Bounds, Cell, Placement};
use super::model::Shape;
use super::place::{places_by_columns, Condition, MirroredCards, PlacedSets};
use super::table::{Child, ChildCounts, Node, Table};

/// An inline node's child indices from its card's top node (32 bits, as a
/// table holds fewer than 2^32 bytes: [`super::parse::MAX_INPUT_BYTES`]).
pub type NodePath = Vec<u32>;

/// Where a child's condition comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChildSource {
    /// Card `card` of the table (or a base card), placed.
    Card { card: u32, placement: Placement },
    /// The inline node with this index in [`Evaluation::nodes`], unplaced
    /// (32 bits: the memory check bounds a table far below 2^32 nodes, and
    /// a child is then 20 bytes instead of 24).
    Inline { node: u32 },
}

/// A child of a node: its placed condition is [`Evaluation::placed`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacedChild {
    pub source: ChildSource,
}

/// One Lemma 3 combination node, evaluated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EvaluatedNode {
    /// The card whose line holds this node.
    pub card: u32,
    /// Child indices from the card's top node down to this inline node
    /// (empty for the card's own node).
    pub path: NodePath,
    /// 1-based line and column (32 bits as in [`super::table`]).
    pub line: u32,
    pub column: u32,
    pub pivot: Cell,
    pub condition: Condition,
    /// The node's children, in printed order.
    pub children: Box<[PlacedChild]>,
}

impl EvaluatedNode {
    /// `727` for a card's own node, `311/2.1` for an inline node by its path.
    pub fn label(&self) -> String {
        if self.path.is_empty() {
            self.card.to_string()
        } else {
            let path: Vec<String> = self.path.iter().map(|i| (i + 1).to_string()).collect();
            format!("{}/{}", self.card, path.join("."))
        }
    }
}

/// Every card and node of a table, in one shared window.
#[derive(Debug, Clone)]
pub struct Evaluation {
    /// The polyomino of the base cards 0..|P|-1.
    pub shape: Shape,
    pub window: Window,
    /// Conditions of the base cards 0..|P|-1 (Lemma 4). A table card's
    /// condition is its node's, not copied: see [`Evaluation::card`].
    pub base_cards: Vec<Condition>,
    /// Index in `nodes` of each card's own node (None for base cards).
    pub card_nodes: Vec<Option<usize>>,
    /// Every combination node: per line, inline nodes children-first, then
    /// the card's node. Children always refer to earlier entries.
    pub nodes: Vec<EvaluatedNode>,
    /// The cards some child places with an orientation that swaps x and y,
    /// mirrored in the diagonal.
    mirrored: MirroredCards,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EvaluateError {
    #[error("line {line}, column {column}: from card {card} on, the table's cells span {width} x {height}, more than the {max} cells this checker holds per set")]
    TooSpread {
        line: usize,
        column: usize,
        card: u32,
        width: i64,
        height: i64,
        max: i64,
    },
    #[error("the table's cells span {width} x {height}, and its {sets} cell sets would need {megabytes} MiB, more than the {max_megabytes} MiB this checker allows")]
    TooMuchMemory {
        width: i64,
        height: i64,
        sets: usize,
        megabytes: usize,
        max_megabytes: usize,
    },
}

/// The memory all cell sets of one evaluation may take together (1 GiB):
/// refused before any set is built.
pub const MAX_SET_BYTES: usize = 1 << 30;

impl Evaluation {
    pub fn final_node(&self) -> &EvaluatedNode {
        self.nodes
            .last()
            .expect("a parsed table has at least one line")
    }

    pub fn node_of_card(&self, card: u32) -> Option<&EvaluatedNode> {
        self.card_nodes
            .get(card as usize)
            .copied()
            .flatten()
            .map(|index| &self.nodes[index])
    }

    /// Card `card`'s condition (a base card's, or its node's), if the
    /// table has that card.
    pub fn card(&self, card: u32) -> Option<&Condition> {
        self.cards().get(card as usize)
    }

    /// The number of cards, base cards included.
    pub fn card_count(&self) -> usize {
        self.card_nodes.len()
    }

    fn cards(&self) -> Cards<'_> {
        Cards {
            base: &self.base_cards,
            card_nodes: &self.card_nodes,
            nodes: &self.nodes,
        }
    }

    fn placer(&self) -> Placer<'_> {
        Placer {
            window: &self.window,
            cards: self.cards(),
            mirrored: &self.mirrored,
        }
    }

    /// Place every child of `node` into `out`, in printed order.
    pub fn place_children(&self, node: &EvaluatedNode, out: &mut PlacedSets) {
        self.placer().place_all(&node.children, out);
    }

    /// A child's condition placed into its node's frame.
    pub fn placed(&self, source: ChildSource) -> Condition {
        let mut out = PlacedSets::default();
        self.placer().place(source, &mut out);
        out.condition(0)
    }

    /// A child's height h_i (placing does not change it).
    pub fn height_of(&self, source: ChildSource) -> u32 {
        match source {
            ChildSource::Card { card, .. } => self.cards().condition(card as usize).height,
            ChildSource::Inline { node } => self.nodes[node as usize].condition.height,
        }
    }

    /// ⋂T_i over the node's placed children: the cells Lemma 3 adds to A
    /// because no Breaker reply there can leave a child intact.
    pub fn common_envelope(&self, node: &EvaluatedNode) -> CellSet {
        let mut placed = PlacedSets::default();
        self.place_children(node, &mut placed);
        let mut words = Vec::new();
        let start = placed.common_envelope_into(&mut words);
        CellSet::from_words(start, &words)
    }
}

/// Every earlier card's and node's condition: a base card's its own, a
/// table card's its node's (kept once, not copied per card).
#[derive(Clone, Copy)]
struct Cards<'a> {
    base: &'a [Condition],
    card_nodes: &'a [Option<usize>],
    nodes: &'a [EvaluatedNode],
}

impl<'a> Cards<'a> {
    /// Card `card`'s condition, if the table has that card.
    fn get(self, card: usize) -> Option<&'a Condition> {
        match self.card_nodes.get(card)? {
            Some(node) => Some(&self.nodes[*node].condition),
            None => self.base.get(card),
        }
    }

    /// Card `card`'s condition; the parser admits only earlier cards.
    fn condition(self, card: usize) -> &'a Condition {
        self.get(card)
            .expect("the parser admits only earlier cards")
    }

    /// Mirror every card `node` places with an orientation that swaps x
    /// and y (called only when the window places by columns).
    fn mirror_swapped(self, window: &Window, node: &Node, mirrored: &mut MirroredCards) {
        for child in &node.children {
            match child {
                Child::Reference(reference) if reference.placement.orientation.swaps() => {
                    let card = reference.card as usize;
                    mirrored.mirror(window, card, self.condition(card));
                }
                Child::Reference(_) => {}
                Child::Inline(inner) => self.mirror_swapped(window, inner, mirrored),
            }
        }
    }
}

/// What placing a child needs: the conditions of every earlier card and
/// node, and the mirrored cards.
struct Placer<'a> {
    window: &'a Window,
    cards: Cards<'a>,
    mirrored: &'a MirroredCards,
}

impl Placer<'_> {
    /// Place every child of a node into `out` (its previous content is dropped).
    fn place_all(&self, children: &[PlacedChild], out: &mut PlacedSets) {
        out.clear();
        for child in children {
            self.place(child.source, out);
        }
    }

    /// Append one child, placed.
    fn place(&self, source: ChildSource, out: &mut PlacedSets) {
        match source {
            ChildSource::Inline { node } => {
                out.push_unmoved(&self.cards.nodes[node as usize].condition);
            }
            ChildSource::Card { card, placement } => {
                let card = card as usize;
                let condition = self.cards.condition(card);
                out.push_placed(self.window, self.mirrored, card, condition, placement);
            }
        }
    }
}

pub fn evaluate(table: &Table) -> Result<Evaluation, EvaluateError> {
    evaluate_observing(table, table.child_counts(), &mut |_, _, _| {})
}

/// What [`evaluate_observing`] shows of each node as soon as it is
/// evaluated: the window, the node, and its children placed in its frame
/// (in printed order), so that work on the placed children needs no second
/// placement.
pub type NodeObserver<'a> = dyn FnMut(&Window, &EvaluatedNode, &PlacedSets) + 'a;

/// [`evaluate`], calling `observe` on every node in node order; `counts`
/// are the table's [`Table::child_counts`].
pub fn evaluate_observing(
    table: &Table,
    counts: ChildCounts,
    observe: &mut NodeObserver<'_>,
) -> Result<Evaluation, EvaluateError> {
    let shape = &table.shape;
    let window = window_for(table)?;
    check_memory(table, counts, &window)?;
    let lines = table.lines.len();
    let base: Vec<Condition> = (0..shape.len())
        .map(|j| base_condition(&window, shape, j))
        .collect();
    let mut mirrored = MirroredCards::default();
    let mut card_nodes = vec![None; shape.len()];
    card_nodes.reserve(lines);
    let mut nodes = Vec::with_capacity(lines + counts.inline);
    let mut scratch = Scratch::default();
    for card_line in &table.lines {
        if places_by_columns(&window) {
            let cards = Cards {
                base: &base,
                card_nodes: &card_nodes,
                nodes: &nodes,
            };
            cards.mirror_swapped(&window, &card_line.node, &mut mirrored);
        }
        let mut evaluator = NodeEvaluator {
            window: &window,
            base: &base,
            card_nodes: &card_nodes,
            mirrored: &mirrored,
            nodes: &mut nodes,
            scratch: &mut scratch,
            observe: &mut *observe,
            card: card_line.card,
            line: card_line.line,
        };
        let index = evaluator.evaluate(&card_line.node, &mut NodePath::new());
        card_nodes.push(Some(index));
    }
    Ok(Evaluation {
        shape: shape.clone(),
        window,
        base_cards: base,
        card_nodes,
        nodes,
        mirrored,
    })
}

/// Lemma 4: card j is (P \ {p_j}, P, 1).
fn base_condition(window: &Window, shape: &Shape, j: usize) -> Condition {
    let envelope = window.set_of(shape.cells().iter().copied());
    let mut required = envelope.clone();
    window.remove(&mut required, shape.cells()[j]);
    Condition {
        required,
        envelope,
        height: 1,
    }
}

/// Buffers reused from node to node.
#[derive(Default)]
struct Scratch {
    placed: PlacedSets,
    common: Vec<u64>,
    envelope: Vec<u64>,
    required: Vec<u64>,
}

struct NodeEvaluator<'a, 'b> {
    window: &'a Window,
    base: &'a [Condition],
    card_nodes: &'a [Option<usize>],
    mirrored: &'a MirroredCards,
    nodes: &'a mut Vec<EvaluatedNode>,
    scratch: &'a mut Scratch,
    observe: &'a mut NodeObserver<'b>,
    card: u32,
    line: u32,
}

impl NodeEvaluator<'_, '_> {
    /// Evaluate `node` (inline children first) and return its index.
    fn evaluate(&mut self, node: &Node, path: &mut NodePath) -> usize {
        // Inline children are evaluated before this node's children are
        // placed, so the one placement buffer serves every node.
        let mut children = Vec::with_capacity(node.children.len());
        for (index, child) in node.children.iter().enumerate() {
            let source = match child {
                Child::Reference(reference) => ChildSource::Card {
                    card: reference.card,
                    placement: reference.placement,
                },
                Child::Inline(inner) => {
                    path.push(index as u32);
                    let inner = self.evaluate(inner, path);
                    path.pop();
                    ChildSource::Inline { node: inner as u32 }
                }
            };
            children.push(PlacedChild { source });
        }
        let children = children.into_boxed_slice();
        let placer = Placer {
            window: self.window,
            cards: Cards {
                base: self.base,
                card_nodes: self.card_nodes,
                nodes: self.nodes,
            },
            mirrored: self.mirrored,
        };
        placer.place_all(&children, &mut self.scratch.placed);
        let condition = combine(self.window, node.pivot, self.scratch);
        self.nodes.push(EvaluatedNode {
            card: self.card,
            path: path.clone(),
            line: self.line,
            column: node.column,
            pivot: node.pivot,
            condition,
            children,
        });
        let index = self.nodes.len() - 1;
        (self.observe)(self.window, &self.nodes[index], &self.scratch.placed);
        index
    }
}

/// Lemma 3 on the placed children in `scratch.placed` (at least one: the
/// parser guarantees it): T = {p} ∪ ⋃T_i, A = (⋃A_i ∪ ⋂T_i) \ {p},
/// h = 1 + max h_i.
fn combine(window: &Window, pivot: Cell, scratch: &mut Scratch) -> Condition {
    let Scratch {
        placed,
        common,
        envelope,
        required,
    } = scratch;
    let (pivot_word, pivot_bit) = window.locate(pivot);
    let children = 0..placed.len();
    let envelope_start = {
        let sets = children.clone().map(|i| placed.envelope(i));
        let start = union_into(sets, Some(pivot_word), envelope);
        envelope[pivot_word - start] |= pivot_bit;
        start
    };
    common.clear();
    let common_start = placed.common_envelope_into(common);
    let common = SetRef::new(common_start, common);
    let required_start = {
        let sets = children.clone().map(|i| placed.required(i));
        let start = union_into(sets.chain([common]), None, required);
        if let Some(word) = pivot_word
            .checked_sub(start)
            .and_then(|i| required.get_mut(i))
        {
            *word &= !pivot_bit;
        }
        start
    };
    let height = 1 + children.map(|i| placed.height(i)).max().unwrap_or(0);
    Condition {
        required: CellSet::from_words(required_start, required),
        envelope: CellSet::from_words(envelope_start, envelope),
        height,
    }
}

/// The union of `sets` (and of window word `also`, left zero) into `out`,
/// over the hull of their word ranges; returns the hull's first word.
fn union_into<'a>(
    sets: impl Iterator<Item = SetRef<'a>> + Clone,
    also: Option<usize>,
    out: &mut Vec<u64>,
) -> usize {
    let ranges = sets
        .clone()
        .filter(|set| !set.words().is_empty())
        .map(|set| (set.start(), set.end()))
        .chain(also.map(|word| (word, word + 1)));
    let (start, end) = ranges.fold((usize::MAX, 0), |(low, high), (start, end)| {
        (low.min(start), high.max(end))
    });
    out.clear();
    if start >= end {
        return 0;
    }
    out.resize(end - start, 0);
    for set in sets {
        let at = set.start().wrapping_sub(start);
        for (word, &bits) in out.iter_mut().skip(at).zip(set.words()) {
            *word |= bits;
        }
    }
    start
}

/// The exact bounding box of every envelope, in every frame, computed on
/// boxes alone: T ⊇ every placed T_i, and a placed box is the box of the
/// placed set, so the box of T is that of {p} and the placed child boxes.
fn window_for(table: &Table) -> Result<Window, EvaluateError> {
    let shape = Bounds::of(table.shape.cells().iter().copied()).expect("a shape has cells");
    let mut card_bounds = vec![shape; table.shape.len()];
    let mut all = shape;
    fn node_bounds(node: &Node, card_bounds: &[Bounds], all: &mut Bounds) -> Bounds {
        let mut bounds = Bounds::point(node.pivot);
        for child in &node.children {
            let child_bounds = match child {
                Child::Reference(reference) => reference
                    .placement
                    .apply_box(card_bounds[reference.card as usize]),
                Child::Inline(inner) => node_bounds(inner, card_bounds, all),
            };
            bounds = bounds.union(child_bounds);
        }
        *all = all.union(bounds);
        bounds
    }
    for card_line in &table.lines {
        let bounds = node_bounds(&card_line.node, &card_bounds, &mut all);
        card_bounds.push(bounds);
        // Checked per line, so that the error names where the spread begins.
        if Window::covering(all).is_none() {
            return Err(EvaluateError::TooSpread {
                line: card_line.line as usize,
                column: card_line.node.column as usize,
                card: card_line.card,
                width: all.width(),
                height: all.height(),
                max: super::cellset::MAX_WINDOW_CELLS,
            });
        }
    }
    // A square window on the diagonal lets placements move whole columns
    // (transposing for the swapping orientations) when a column is one word.
    let square = all.squared();
    match Window::covering(square) {
        Some(window) if places_by_columns(&window) => Ok(window),
        _ => Ok(Window::covering(all).expect("checked line by line above")),
    }
}

/// Refuse a table whose cell sets would not fit in [`MAX_SET_BYTES`]: each
/// card keeps at most 4 sets (its own and transposed), each node 2 (its
/// children are placed into a buffer reused from node to node).
fn check_memory(table: &Table, counts: ChildCounts, window: &Window) -> Result<(), EvaluateError> {
    let cards = table.lines.len() + table.shape.len();
    let nodes = table.lines.len() + counts.inline;
    let sets = 4 * cards + 2 * nodes;
    let bytes = sets.saturating_mul(window.positions() / 8);
    if bytes > MAX_SET_BYTES {
        return Err(EvaluateError::TooMuchMemory {
            width: window.width(),
            height: window.height(),
            sets,
            megabytes: bytes >> 20,
            max_megabytes: MAX_SET_BYTES >> 20,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snaky::model::{BASE_CARDS, SNAKY};
    use crate::snaky::parse::parse_table;

    fn cells(list: &[(i32, i32)]) -> Vec<Cell> {
        let mut cells: Vec<Cell> = list.iter().map(|&(x, y)| Cell::new(x, y)).collect();
        cells.sort();
        cells
    }

    #[test]
    fn base_cards_follow_lemma_4() {
        let evaluation = evaluate(&parse_table(b"6 14 4:100 5:101\n").unwrap()).unwrap();
        let window = &evaluation.window;
        for (j, card) in evaluation.base_cards[..BASE_CARDS].iter().enumerate() {
            let mut expected = SNAKY.to_vec();
            expected.remove(j);
            assert_eq!(window.to_vec(&card.required), expected);
            assert_eq!(window.to_vec(&card.envelope), SNAKY.to_vec());
            assert_eq!(card.height, 1);
        }
    }

    #[test]
    fn lemma_3_on_card_6_worked_by_hand() {
        // Card 4 transposed: S minus (1,3) after the swap; card 5 transposed
        // and moved up one: S minus (1,5). Their envelopes meet in
        // (0,1),(0,2),(0,3),(1,4); the pivot (1,4) leaves A = column 0, rows 0..4.
        let evaluation = evaluate(&parse_table(b"6 14 4:100 5:101\n").unwrap()).unwrap();
        let window = &evaluation.window;
        let node = evaluation.final_node();
        assert_eq!(
            window.to_vec(&evaluation.placed(node.children[0].source).required),
            cells(&[(0, 0), (0, 1), (0, 2), (0, 3), (1, 4)])
        );
        assert_eq!(
            window.to_vec(&evaluation.common_envelope(node)),
            cells(&[(0, 1), (0, 2), (0, 3), (1, 4)])
        );
        assert_eq!(
            window.to_vec(&node.condition.required),
            cells(&[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)])
        );
        assert_eq!(
            window.to_vec(&node.condition.envelope),
            cells(&[
                (0, 0),
                (0, 1),
                (0, 2),
                (0, 3),
                (0, 4),
                (1, 3),
                (1, 4),
                (1, 5)
            ])
        );
        assert_eq!(node.condition.height, 2);
    }

    #[test]
    fn evaluated_children_are_each_nodes_printed_children() {
        // Every node holds its own children, inline ones by the index the
        // evaluator gave them.
        let table = crate::snaky::paper_table();
        let evaluation = evaluate(&table).unwrap();
        let mut checked = 0;
        for (line, &index) in table.lines.iter().zip(&evaluation.card_nodes[BASE_CARDS..]) {
            let mut stack = vec![(&line.node, index.unwrap())];
            while let Some((node, id)) = stack.pop() {
                let evaluated = &evaluation.nodes[id];
                assert_eq!(
                    (evaluated.pivot, evaluated.column),
                    (node.pivot, node.column)
                );
                assert_eq!(evaluated.children.len(), node.children.len());
                for (placed, child) in evaluated.children.iter().zip(&node.children) {
                    match (placed.source, child) {
                        (ChildSource::Card { card, placement }, Child::Reference(r)) => {
                            assert_eq!((card, placement), (r.card, r.placement));
                        }
                        (ChildSource::Inline { node: inner }, Child::Inline(n)) => {
                            assert!((inner as usize) < id);
                            stack.push((n, inner as usize));
                        }
                        other => panic!("{}: {other:?}", evaluated.label()),
                    }
                }
                checked += 1;
            }
        }
        assert_eq!(checked, evaluation.nodes.len());
    }

    #[test]
    fn inline_nodes_come_before_their_card_and_placements_can_leave_the_board() {
        // Orientation 6 negates both coordinates: the envelope goes negative.
        let table = parse_table(b"6 14 4:100 5:101\n7 00 (11 6:600 0) 1\n").unwrap();
        let evaluation = evaluate(&table).unwrap();
        assert_eq!(evaluation.nodes.len(), 3);
        assert_eq!(evaluation.nodes[1].path[..], [0]);
        assert_eq!(evaluation.nodes[1].label(), "7/1");
        assert_eq!(evaluation.card_nodes[7], Some(2));
        let inline = &evaluation.nodes[1];
        assert!(evaluation.window.has(
            &evaluation.placed(inline.children[0].source).envelope,
            Cell::new(-1, -5)
        ));
        assert_eq!(inline.condition.height, 3);
        assert_eq!(evaluation.nodes[2].condition.height, 4);
    }
}
