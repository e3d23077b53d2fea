//! The proof obligations of every combination node (Breaker's local replies)
//! and the facts the claims about the claim card (the last card) rest on.

use super::board::BoardFit;
use super::evaluate::{EvaluatedNode, Evaluation};
use super::geometry::{Bounds, Cell};
use rayon::prelude::*;

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
    let window = &evaluation.window;
    let mut owned_by_maker = node.condition.required.clone();
    window.insert(&mut owned_by_maker, node.pivot);
    let child_owned: Vec<bool> = node
        .children
        .iter()
        .map(|child| child.condition.required.is_subset_of(&owned_by_maker))
        .collect();
    let mut replies = node.condition.envelope.clone();
    replies.subtract(&owned_by_maker);
    // Child by child, in printed order, the replies its envelope avoids that
    // no earlier child avoided: word-wise instead of testing every cell
    // against every child. Each reply is chosen once, so the (position,
    // child) pairs need only sorting, with no scratch the size of the window.
    let mut chosen: Vec<(usize, Option<usize>)> = Vec::with_capacity(replies.len());
    let mut unanswered = replies;
    for (index, child) in node.children.iter().enumerate() {
        if unanswered.is_empty() {
            break;
        }
        let mut avoided = unanswered.clone();
        avoided.subtract(&child.condition.envelope);
        chosen.extend(avoided.positions().map(|position| (position, Some(index))));
        unanswered.intersect_with(&child.condition.envelope);
    }
    chosen.extend(unanswered.positions().map(|position| (position, None)));
    chosen.sort_unstable_by_key(|&(position, _)| position);
    let mut classes: Vec<ReplyClass> = Vec::with_capacity(chosen.len() + 1);
    classes.extend(chosen.into_iter().map(|(position, chosen)| ReplyClass {
        reply: Reply::Cell(window.cell_at_position(position)),
        chosen,
        owned: chosen.is_some_and(|index| child_owned[index]),
    }));
    // A cell outside T lies outside every child's envelope.
    classes.push(ReplyClass {
        reply: Reply::Outside,
        chosen: Some(0),
        owned: child_owned[0],
    });
    classes
}

/// Reply classes of every node, in node order (parallel, order-preserving).
pub fn all_reply_classes(evaluation: &Evaluation) -> Vec<Vec<ReplyClass>> {
    evaluation
        .nodes
        .par_iter()
        .map(|node| reply_classes(evaluation, node))
        .collect()
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
        let unanswered = replies
            .iter()
            .flatten()
            .filter(|c| c.chosen.is_none())
            .count();
        let unowned = replies
            .iter()
            .flatten()
            .filter(|c| c.chosen.is_some() && !c.owned)
            .count();
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
