//! The proof obligations of every combination node (Breaker's local replies)
//! and the facts the claims about the claim card (the last card) rest on.

use super::board::BoardFit;
use super::cellset::Window;
use super::evaluate::{evaluate_observing, EvaluateError, EvaluatedNode, Evaluation};
use super::geometry::{Bounds, Cell};
use super::place::PlacedSets;
use super::table::{ChildCounts, Table};
use crate::bits::bits;
use rayon::prelude::*;
use smallvec::{smallvec, SmallVec};

/// One class of Breaker replies at a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply {
    /// Breaker claims this cell of T \ (A ∪ {p}).
    Cell(Cell),
    /// Breaker claims any cell outside T: all such replies act alike.
    Outside,
}

/// A reply class with Maker's answer: the first child, in printed order,
/// whose placed envelope avoids the reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplyClass {
    pub reply: Reply,
    pub chosen: Option<usize>,
    /// The chosen child's required set is owned by Maker: A_i ⊆ A ∪ {p}.
    pub owned: bool,
}

impl ReplyClass {
    pub fn holds(&self) -> bool {
        self.chosen.is_some() && self.owned
    }
}

/// Maker's answer to one reply class, packed in 32 bits: the chosen child's
/// index (the first child, in printed order, whose placed envelope avoids
/// the reply) and whether its required set is owned. A table's classes are
/// most of the memory a check touches, and their cells follow from the node
/// (see [`reply_cells`]), so only this is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice(u32);

impl Choice {
    const OWNED: u32 = 1 << 31;
    const NONE: u32 = Self::OWNED - 1;
    /// Not a choice [`Choice::new`] makes (owned, yet no child): a child's
    /// answer not worked out yet.
    const UNDECIDED: Choice = Choice(u32::MAX);

    fn new(chosen: Option<usize>, owned: bool) -> Choice {
        let index = chosen.map_or(Self::NONE, |i| {
            u32::try_from(i)
                .ok()
                .filter(|&i| i < Self::NONE)
                .unwrap_or(Self::NONE)
        });
        Choice(
            index
                | if owned && chosen.is_some() {
                    Self::OWNED
                } else {
                    0
                },
        )
    }

    pub fn chosen(self) -> Option<usize> {
        let index = self.0 & !Self::OWNED;
        (index != Self::NONE).then_some(index as usize)
    }

    pub fn owned(self) -> bool {
        self.0 & Self::OWNED != 0
    }

    /// No child answers the class (`chosen()` is `None`; never owned).
    fn chosen_none(self) -> bool {
        self.0 & !Self::OWNED == Self::NONE
    }

    pub fn holds(self) -> bool {
        self.owned()
    }

    fn class(self, reply: Reply) -> ReplyClass {
        ReplyClass {
            reply,
            chosen: self.chosen(),
            owned: self.owned(),
        }
    }
}

/// Every node's reply classes, in node order; per node, the cells of
/// T \ (A ∪ {p}) sorted by (x, y), then the class of cells outside T.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Replies {
    /// Node i's choices are `choices[starts[i]..starts[i + 1]]`.
    starts: Vec<usize>,
    choices: Vec<Choice>,
}

impl Replies {
    fn push_node(&mut self, choices: &[Choice]) {
        self.push_node_with(|out| out.extend_from_slice(choices));
    }

    /// Records one node's choices: `choose` appends them to the list.
    fn push_node_with(&mut self, choose: impl FnOnce(&mut Vec<Choice>)) {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        choose(&mut self.choices);
        self.starts.push(self.choices.len());
    }

    /// Reply classes in all.
    pub fn len(&self) -> usize {
        self.choices.len()
    }

    pub fn is_empty(&self) -> bool {
        self.choices.is_empty()
    }

    pub fn nodes(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// Node `id`'s choices: its cell classes, then the outside class.
    pub fn of_node(&self, id: usize) -> &[Choice] {
        &self.choices[self.starts[id]..self.starts[id + 1]]
    }

    /// Every choice of every node.
    pub fn all(&self) -> &[Choice] {
        &self.choices
    }

    /// Node `id`'s classes with their replies.
    pub fn classes<'a>(
        &'a self,
        evaluation: &'a Evaluation,
        id: usize,
    ) -> impl Iterator<Item = ReplyClass> + 'a {
        paired_classes(evaluation, &evaluation.nodes[id], self.of_node(id))
    }
}

/// A node's choices (its cell classes, then the outside class) with the
/// replies they answer.
fn paired_classes<'a>(
    evaluation: &'a Evaluation,
    node: &'a EvaluatedNode,
    choices: &'a [Choice],
) -> impl Iterator<Item = ReplyClass> + 'a {
    let (outside, cells) = choices
        .split_last()
        .expect("every node has an outside class");
    (reply_cells(evaluation, node).zip(cells))
        .map(|(cell, choice)| choice.class(Reply::Cell(cell)))
        .chain(std::iter::once(outside.class(Reply::Outside)))
}

/// Breaker's cell replies at a node: T \ (A ∪ {p}), sorted by (x, y).
pub fn reply_cells<'a>(
    evaluation: &'a Evaluation,
    node: &'a EvaluatedNode,
) -> impl Iterator<Item = Cell> + 'a {
    let window = &evaluation.window;
    let (pivot_word, pivot_bit) = window.locate(node.pivot);
    let required = node.condition.required.as_words();
    let envelope = node.condition.envelope.as_words();
    (0..envelope.words().len()).flat_map(move |j| {
        let index = envelope.start() + j;
        let owned = required.word(index) | if index == pivot_word { pivot_bit } else { 0 };
        // Cells of one word share x; y follows the bit.
        let column = window.cell_at(index, 0);
        bits(envelope.words()[j] & !owned)
            .map(move |bit| Cell::new(column.x, column.y + bit as i32))
    })
}

/// Reply classes of one node: cells sorted by (x, y), then the outside class.
pub fn reply_classes(evaluation: &Evaluation, node: &EvaluatedNode) -> Vec<ReplyClass> {
    let mut choices = Vec::new();
    choose_with(evaluation, node, &mut ReplyScratch::default(), &mut choices);
    paired_classes(evaluation, node, &choices).collect()
}

/// Buffers reused from node to node.
#[derive(Default)]
struct ReplyScratch {
    placed: PlacedSets,
}

/// Appends the node's choices to `out`: its cell classes in (x, y) order,
/// then the outside class.
fn choose_with(
    evaluation: &Evaluation,
    node: &EvaluatedNode,
    scratch: &mut ReplyScratch,
    out: &mut Vec<Choice>,
) {
    evaluation.place_children(node, &mut scratch.placed);
    choose_placed(&evaluation.window, node, &scratch.placed, out);
}

/// [`choose_with`] on children already placed. Each child's envelope is
/// read where it was placed, word by word and only until the word's
/// replies are all answered (mostly by the first child or two): copying
/// them into one word-major buffer first cost more than the reads it saved.
fn choose_placed(
    window: &Window,
    node: &EvaluatedNode,
    placed: &PlacedSets,
    out: &mut Vec<Choice>,
) {
    let children = placed.len();
    // Maker owns A ∪ {p}.
    let required = node.condition.required.as_words();
    let (pivot_word, pivot_bit) = window.locate(node.pivot);
    let owned =
        |index: usize| required.word(index) | if index == pivot_word { pivot_bit } else { 0 };
    // Each child's answer, its ownership decided once per node and only
    // for the children that answer a reply (and the first, for the outside).
    let choice_of = |i: usize| {
        let a = placed.required(i);
        let owned_a =
            (a.words().iter().enumerate()).all(|(k, &word)| word & !owned(a.start() + k) == 0);
        Choice::new(Some(i), owned_a)
    };
    let mut child_choices: SmallVec<[Choice; 16]> = smallvec![Choice::UNDECIDED; children];
    // Every placed T_i lies in T (Lemma 3), so T's range holds them all.
    let envelope = node.condition.envelope.as_words();
    let (low, span) = (envelope.start(), envelope.words().len());
    // Word by word, child by child in printed order: the replies a child's
    // envelope avoids that no earlier child avoided are answered by it.
    let unanswered_choice = Choice::new(None, false);
    let mut choice = [unanswered_choice; 64];
    for j in 0..span {
        let replies = envelope.words()[j] & !owned(low + j);
        if replies == 0 {
            continue;
        }
        let mut unanswered = replies;
        for i in 0..children {
            let child_envelope = placed.envelope(i).word(low + j);
            let answered = unanswered & !child_envelope;
            if answered != 0 {
                let child = &mut child_choices[i];
                if *child == Choice::UNDECIDED {
                    *child = choice_of(i);
                }
                for bit in bits(answered) {
                    choice[bit as usize] = *child;
                }
            }
            unanswered &= child_envelope;
            if unanswered == 0 {
                break;
            }
        }
        for bit in bits(unanswered) {
            choice[bit as usize] = unanswered_choice;
        }
        out.extend(bits(replies).map(|bit| choice[bit as usize]));
    }
    // A cell outside T lies outside every child's envelope.
    out.push(match child_choices[0] {
        Choice::UNDECIDED => choice_of(0),
        decided => decided,
    });
}

/// The evaluation and every reply class: chosen during the evaluation on
/// one core, or afterwards on every core for very large tables.
/// `counts` are the table's [`Table::child_counts`].
pub fn evaluate_with_replies(
    table: &Table,
    counts: ChildCounts,
) -> Result<(Evaluation, Replies), EvaluateError> {
    let nodes = table.lines.len() + counts.inline;
    if nodes >= PARALLEL_REPLY_NODES {
        let evaluation = evaluate_observing(table, counts, &mut |_, _, _| {})?;
        let replies = all_reply_classes(&evaluation);
        Ok((evaluation, replies))
    } else {
        choose_during_evaluation(table, counts)
    }
}

/// Evaluate `table` and choose every reply class on the way, while each
/// node's children are still placed (one placement instead of two).
pub fn evaluate_and_choose(table: &Table) -> Result<(Evaluation, Replies), EvaluateError> {
    choose_during_evaluation(table, table.child_counts())
}

/// [`evaluate_and_choose`] for a table whose children are `counts`.
fn choose_during_evaluation(
    table: &Table,
    counts: ChildCounts,
) -> Result<(Evaluation, Replies), EvaluateError> {
    let nodes = table.lines.len() + counts.inline;
    let mut replies = Replies::default();
    // Reserved, not touched: growing by copies would touch more pages than
    // the classes take (about 23 a node in the paper's table).
    replies.starts.reserve(nodes + 1);
    replies
        .choices
        .reserve(nodes.saturating_mul(64).min(1 << 24));
    let evaluation = evaluate_observing(table, counts, &mut |window, node, placed| {
        replies.push_node_with(|out| choose_placed(window, node, placed, out));
    })?;
    Ok((evaluation, replies))
}

/// Tables with at least this many nodes have their reply classes computed on
/// every core. Below it one core is faster: a node takes well under a
/// microsecond, and in a fresh process starting the thread pool and the
/// workers' heaps costs more than the work it shares (measured on the
/// 2,408-node draft, see docs/performance.md).
pub const PARALLEL_REPLY_NODES: usize = 1 << 14;

/// Reply classes of every node, in node order (parallel on large tables,
/// order-preserving either way).
pub fn all_reply_classes(evaluation: &Evaluation) -> Replies {
    reply_classes_in_order(evaluation, evaluation.nodes.len() >= PARALLEL_REPLY_NODES)
}

fn reply_classes_in_order(evaluation: &Evaluation, parallel: bool) -> Replies {
    let nodes = &evaluation.nodes;
    let mut replies = Replies::default();
    if parallel {
        let per_node: Vec<Vec<Choice>> = nodes
            .par_iter()
            .map_init(ReplyScratch::default, |scratch, node| {
                let mut choices = Vec::new();
                choose_with(evaluation, node, scratch, &mut choices);
                choices
            })
            .collect();
        for choices in &per_node {
            replies.push_node(choices);
        }
    } else {
        let mut scratch = ReplyScratch::default();
        for node in nodes {
            replies.push_node_with(|out| choose_with(evaluation, node, &mut scratch, out));
        }
    }
    replies
}

/// What the claim card proves, decided: the facts every claim record is
/// built from (see [`super::claims`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    pub bound: u32,
    pub card: u32,
    /// A of the claim card is empty: then its condition holds on the empty board.
    pub required_empty: bool,
    pub height: u32,
    pub within_bound: bool,
    /// Every reply class of every node is answered with an owned child.
    pub replies_hold: bool,
    pub reply_classes: usize,
    pub nodes: usize,
    /// Reply classes no child answers.
    pub unanswered: usize,
    /// Reply classes whose chosen child's required set is not owned.
    pub unowned: usize,
    /// Only the conditional claim is decided (`--conditional`).
    pub conditional_only: bool,
    /// The board asked for (`--board N`), if any.
    pub board: Option<u32>,
    /// How the claim card's envelope sits on that board (or the smallest).
    pub fit: BoardFit,
}

impl Claim {
    pub fn decide(
        evaluation: &Evaluation,
        replies: &Replies,
        bound: u32,
        board: Option<u32>,
        conditional_only: bool,
    ) -> Claim {
        let last = evaluation.final_node();
        let window = &evaluation.window;
        // One pass, without branches or overflow checks (the counts cannot
        // pass the number of classes), so that it vectorises: the classes
        // are most of the memory a check touches. A class fails when
        // unanswered or not owned.
        let (mut unanswered, mut failed) = (0usize, 0usize);
        for choice in replies.all() {
            unanswered = unanswered.wrapping_add(usize::from(choice.chosen_none()));
            failed = failed.wrapping_add(usize::from(!choice.holds()));
        }
        let unowned = failed - unanswered;
        let bounds =
            Bounds::of(window.cells(&last.condition.envelope)).unwrap_or(Bounds::point(last.pivot));
        Claim {
            bound,
            card: last.card,
            required_empty: last.condition.required.is_empty(),
            height: last.condition.height,
            within_bound: last.condition.height <= bound,
            replies_hold: unanswered == 0 && unowned == 0,
            reply_classes: replies.len(),
            nodes: replies.nodes(),
            unanswered,
            unowned,
            conditional_only,
            board,
            fit: BoardFit::of(bounds, last.condition.height, board),
        }
    }

    /// Maker wins within `bound` moves from the empty board.
    pub fn empty_board_holds(&self) -> bool {
        self.required_empty && self.within_bound && self.replies_hold
    }

    /// If Maker owns A and Breaker nothing in T, Maker wins within `bound`.
    pub fn conditional_holds(&self) -> bool {
        self.within_bound && self.replies_hold
    }

    /// The strategy wins on the board asked for (or the smallest).
    pub fn finite_board_holds(&self) -> bool {
        self.empty_board_holds() && self.fit.holds()
    }

    /// Which claims are decided, in the certificate's order.
    pub fn decided(&self) -> Vec<ClaimKind> {
        let mut kinds = Vec::new();
        if !self.conditional_only {
            kinds.push(ClaimKind::EmptyBoard);
        }
        if !self.required_empty || self.conditional_only {
            kinds.push(ClaimKind::Conditional);
        }
        if self.required_empty && !self.conditional_only {
            kinds.push(ClaimKind::FiniteBoard);
        }
        kinds
    }

    /// No decided claim is refuted (the exit rule's 0).
    pub fn holds(&self) -> bool {
        self.decided().into_iter().all(|kind| match kind {
            ClaimKind::EmptyBoard => self.empty_board_holds(),
            ClaimKind::Conditional => self.conditional_holds(),
            ClaimKind::FiniteBoard => self.finite_board_holds(),
        })
    }
}

/// The claims a card can make (docs/formats/snaky.md, "Claims").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimKind {
    EmptyBoard,
    Conditional,
    FiniteBoard,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snaky::evaluate::evaluate;

    /// Each node's classes computed cell by cell from the placed children:
    /// every cell of T \ (A ∪ {p}) in window order, answered by the first
    /// child whose placed envelope avoids it.
    fn classes_cell_by_cell(evaluation: &Evaluation, node: &EvaluatedNode) -> Vec<ReplyClass> {
        let window = &evaluation.window;
        let placed: Vec<_> = (node.children.iter())
            .map(|child| evaluation.placed(child.source))
            .collect();
        let mut owned_by_maker = node.condition.required.clone();
        window.insert(&mut owned_by_maker, node.pivot);
        let owned = |i: usize| placed[i].required.is_subset_of(&owned_by_maker);
        let mut classes: Vec<ReplyClass> = window
            .cells(&node.condition.envelope)
            .filter(|&cell| !window.has(&owned_by_maker, cell))
            .map(|cell| {
                let chosen = placed.iter().position(|c| !window.has(&c.envelope, cell));
                ReplyClass {
                    reply: Reply::Cell(cell),
                    chosen,
                    owned: chosen.is_some_and(owned),
                }
            })
            .collect();
        classes.push(ReplyClass {
            reply: Reply::Outside,
            chosen: Some(0),
            owned: owned(0),
        });
        classes
    }

    #[test]
    fn word_wise_classes_agree_cell_by_cell_on_one_core_on_all_and_during_evaluation() {
        let table = crate::snaky::paper_table();
        let evaluation = evaluate(&table).unwrap();
        let sequential = reply_classes_in_order(&evaluation, false);
        assert_eq!(sequential, reply_classes_in_order(&evaluation, true));
        let (fused_evaluation, fused) = evaluate_and_choose(&table).unwrap();
        assert_eq!(fused, sequential);
        assert_eq!(fused_evaluation.nodes, evaluation.nodes);
        assert_eq!(sequential.nodes(), evaluation.nodes.len());
        for (id, node) in evaluation.nodes.iter().enumerate() {
            let expected = classes_cell_by_cell(&evaluation, node);
            let classes: Vec<ReplyClass> = sequential.classes(&evaluation, id).collect();
            assert_eq!(classes, expected, "{}", node.label());
            assert_eq!(
                reply_classes(&evaluation, node),
                expected,
                "{}",
                node.label()
            );
        }
    }
}
