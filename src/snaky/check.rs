//! The proof obligations of every combination node (Breaker's local replies)
//! and the facts the claims about the claim card (the last card) rest on.

use super::board::BoardFit;
use super::cellset::bits;
use super::evaluate::{EvaluatedNode, Evaluation};
use super::geometry::{Bounds, Cell};
use super::place::PlacedSets;
use rayon::prelude::*;
use smallvec::SmallVec;

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

/// Reply classes of one node: cells sorted by (x, y), then the outside class.
pub fn reply_classes(evaluation: &Evaluation, node: &EvaluatedNode) -> Vec<ReplyClass> {
    reply_classes_with(evaluation, node, &mut ReplyScratch::default())
}

/// Buffers reused from node to node.
#[derive(Default)]
struct ReplyScratch {
    placed: PlacedSets,
    /// The placed T_i over the node's T range, word-major: word j of child
    /// i at `j * children + i`.
    envelopes: Vec<u64>,
}

fn reply_classes_with(
    evaluation: &Evaluation,
    node: &EvaluatedNode,
    scratch: &mut ReplyScratch,
) -> Vec<ReplyClass> {
    let window = &evaluation.window;
    evaluation.place_children(node, &mut scratch.placed);
    let placed = &scratch.placed;
    let children = placed.len();
    // Maker owns A ∪ {p}.
    let required = node.condition.required.as_words();
    let (pivot_word, pivot_bit) = window.locate(node.pivot);
    let owned =
        |index: usize| required.word(index) | if index == pivot_word { pivot_bit } else { 0 };
    let child_owned: SmallVec<[bool; 16]> = (0..children)
        .map(|i| {
            let a = placed.required(i);
            (a.words().iter().enumerate()).all(|(k, &word)| word & !owned(a.start() + k) == 0)
        })
        .collect();
    // Every placed T_i lies in T (Lemma 3), so T's range holds them all.
    let envelope = node.condition.envelope.as_words();
    let (low, span) = (envelope.start(), envelope.words().len());
    let dense = &mut scratch.envelopes;
    dense.clear();
    dense.resize(span * children, 0);
    for i in 0..children {
        let t = placed.envelope(i);
        for (k, &word) in t.words().iter().enumerate() {
            if let Some(slot) = (t.start() + k)
                .checked_sub(low)
                .and_then(|j| dense.get_mut(j * children + i))
            {
                *slot = word;
            }
        }
    }
    let open = |j: usize| envelope.words()[j] & !owned(low + j);
    let count: usize = (0..span).map(|j| open(j).count_ones() as usize).sum();
    let mut classes: Vec<ReplyClass> = Vec::with_capacity(count + 1);
    // Word by word, child by child in printed order: the replies a child's
    // envelope avoids that no earlier child avoided are answered by it.
    let mut choice = [None; 64];
    for j in 0..span {
        let replies = open(j);
        if replies == 0 {
            continue;
        }
        let mut unanswered = replies;
        for (i, &child_envelope) in dense[j * children..(j + 1) * children].iter().enumerate() {
            for bit in bits(unanswered & !child_envelope) {
                choice[bit as usize] = Some(i);
            }
            unanswered &= child_envelope;
            if unanswered == 0 {
                break;
            }
        }
        for bit in bits(unanswered) {
            choice[bit as usize] = None;
        }
        // Cells of one word share x; y follows the bit.
        let column = window.cell_at(low + j, 0);
        for bit in bits(replies) {
            let chosen = choice[bit as usize];
            classes.push(ReplyClass {
                reply: Reply::Cell(Cell::new(column.x, column.y + bit as i32)),
                chosen,
                owned: chosen.is_some_and(|i| child_owned[i]),
            });
        }
    }
    // A cell outside T lies outside every child's envelope.
    classes.push(ReplyClass {
        reply: Reply::Outside,
        chosen: Some(0),
        owned: child_owned[0],
    });
    classes
}

/// Tables with at least this many nodes have their reply classes computed on
/// every core. Below it one core is faster: a node takes well under a
/// microsecond, and in a fresh process starting the thread pool and the
/// workers' heaps costs more than the work it shares (measured on the
/// 2,408-node draft, see docs/performance.md).
pub const PARALLEL_REPLY_NODES: usize = 1 << 14;

/// Reply classes of every node, in node order (parallel on large tables,
/// order-preserving either way).
pub fn all_reply_classes(evaluation: &Evaluation) -> Vec<Vec<ReplyClass>> {
    reply_classes_in_order(evaluation, evaluation.nodes.len() >= PARALLEL_REPLY_NODES)
}

fn reply_classes_in_order(evaluation: &Evaluation, parallel: bool) -> Vec<Vec<ReplyClass>> {
    let nodes = &evaluation.nodes;
    if parallel {
        nodes
            .par_iter()
            .map_init(ReplyScratch::default, |scratch, node| {
                reply_classes_with(evaluation, node, scratch)
            })
            .collect()
    } else {
        let mut scratch = ReplyScratch::default();
        (nodes.iter())
            .map(|node| reply_classes_with(evaluation, node, &mut scratch))
            .collect()
    }
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
        replies: &[Vec<ReplyClass>],
        bound: u32,
        board: Option<u32>,
        conditional_only: bool,
    ) -> Claim {
        let last = evaluation.final_node();
        let window = &evaluation.window;
        // One pass: the classes are most of the memory a check touches.
        let (mut unanswered, mut unowned) = (0, 0);
        for class in replies.iter().flatten() {
            match class.chosen {
                None => unanswered += 1,
                Some(_) if !class.owned => unowned += 1,
                Some(_) => {}
            }
        }
        let bounds =
            Bounds::of(window.cells(&last.condition.envelope)).unwrap_or(Bounds::point(last.pivot));
        Claim {
            bound,
            card: last.card,
            required_empty: last.condition.required.is_empty(),
            height: last.condition.height,
            within_bound: last.condition.height <= bound,
            replies_hold: unanswered == 0 && unowned == 0,
            reply_classes: replies.iter().map(Vec::len).sum(),
            nodes: replies.len(),
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
    use crate::snaky::parse::parse_table;

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
    fn word_wise_classes_agree_cell_by_cell_on_one_core_and_on_all() {
        let bytes = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/certificates/sources/snaky21-cards.txt"
        ))
        .unwrap();
        let evaluation = evaluate(&parse_table(&bytes).unwrap()).unwrap();
        let sequential = reply_classes_in_order(&evaluation, false);
        assert_eq!(sequential, reply_classes_in_order(&evaluation, true));
        assert_eq!(sequential.len(), evaluation.nodes.len());
        for (node, classes) in evaluation.nodes.iter().zip(&sequential) {
            assert_eq!(
                *classes,
                classes_cell_by_cell(&evaluation, node),
                "{}",
                node.label()
            );
        }
    }
}
