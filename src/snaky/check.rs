//! The proof obligations of every combination node (Breaker's local replies)
//! and the theorem's claim about the last card.

use super::evaluate::{EvaluatedNode, Evaluation};
use super::geometry::Cell;
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
    // against every child. `chosen_at` holds child + 1 per bit position.
    let mut chosen_at = vec![0u32; window.positions()];
    let mut unanswered = replies.clone();
    for (index, child) in node.children.iter().enumerate() {
        if unanswered.is_empty() {
            break;
        }
        let mut avoided = unanswered.clone();
        avoided.subtract(&child.condition.envelope);
        for position in avoided.positions() {
            chosen_at[position] = index as u32 + 1;
        }
        unanswered.intersect_with(&child.condition.envelope);
    }
    let mut classes: Vec<ReplyClass> = replies
        .positions()
        .map(|position| {
            let chosen = chosen_at[position].checked_sub(1).map(|i| i as usize);
            ReplyClass {
                reply: Reply::Cell(window.cell_at_position(position)),
                chosen,
                owned: chosen.is_some_and(|index| child_owned[index]),
            }
        })
        .collect();
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

/// The theorem's claim about the last card, decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    pub bound: u32,
    pub card: u32,
    /// A of the last card must be empty: then the condition holds on the empty board.
    pub required_empty: bool,
    pub height: u32,
    pub within_bound: bool,
    /// Every reply class of every node is answered with an owned child.
    pub replies_hold: bool,
    /// Reported separately (the paper's Corollary 6): T ⊆ {0..16}^2.
    pub inside_board: bool,
}

/// The board of the paper's Corollary 6: {0..16}^2.
pub const BOARD_SIZE: i32 = 17;

impl Claim {
    pub fn decide(evaluation: &Evaluation, replies: &[Vec<ReplyClass>], bound: u32) -> Claim {
        let last = evaluation.final_node();
        let window = &evaluation.window;
        let on_board = |c: Cell| (0..BOARD_SIZE).contains(&c.x) && (0..BOARD_SIZE).contains(&c.y);
        Claim {
            bound,
            card: last.card,
            required_empty: last.condition.required.is_empty(),
            height: last.condition.height,
            within_bound: last.condition.height <= bound,
            replies_hold: replies.iter().flatten().all(ReplyClass::holds),
            inside_board: window.cells(&last.condition.envelope).all(on_board),
        }
    }

    /// Maker wins within `bound` moves from the empty board.
    pub fn holds(&self) -> bool {
        self.required_empty && self.within_bound && self.replies_hold
    }
}
