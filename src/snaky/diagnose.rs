//! Why a well-formed table fails its claim, in terms a reviewer can act on:
//! for each cell left in the last card's required set, the chain of children
//! that put it there, down to the node where it first arises; for a height
//! over the bound, the chain of tallest children.

use super::cellset::SetRef;
use super::evaluate::{ChildSource, EvaluatedNode, Evaluation};
use super::geometry::{Cell, Placement};
use super::place::PlacedSets;

/// How a required cell got into a node's required set (Lemma 3 or 4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// Required by this child (card placed, or inline), as `cell` in its frame.
    Child {
        node: String,
        index: usize,
        child: String,
        cell: Cell,
    },
    /// The cell lies in every child's envelope: no Breaker reply there leaves
    /// a child intact, so Lemma 3 requires it. The chain ends here.
    CommonEnvelope { node: String, cell: Cell },
    /// A base card requires the five Snaky cells other than its own (Lemma 4).
    Base { card: u32, cell: Cell },
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::Child {
                node,
                index,
                child,
                cell,
            } => write!(
                f,
                "node {node} requires it through child {} ({child}) as {cell}",
                index + 1
            ),
            Origin::CommonEnvelope { node, cell } => write!(
                f,
                "node {node}, where {cell} lies in every child's envelope (Lemma 3 requires it)"
            ),
            Origin::Base { card, cell } => {
                write!(f, "base card {card}, which requires {cell} (Lemma 4)")
            }
        }
    }
}

/// One cell of the last card's required set and its chain of origins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequiredTrace {
    pub cell: Cell,
    pub chain: Vec<Origin>,
}

pub fn describe_child(source: ChildSource, evaluation: &Evaluation) -> String {
    match source {
        ChildSource::Card { card, placement } => describe_reference(card, placement),
        ChildSource::Inline { node } => {
            format!("inline node {}", evaluation.nodes[node as usize].label())
        }
    }
}

/// The child as it is written in the table: `684:011`.
pub fn describe_reference(card: u32, placement: Placement) -> String {
    const DIGITS: &[u8] = b"0123456789ABCDEFG";
    let digit = |v: i32| {
        usize::try_from(v)
            .ok()
            .and_then(|i| DIGITS.get(i))
            .map_or_else(|| format!("[{v}]"), |&d| (d as char).to_string())
    };
    if placement == Placement::IDENTITY {
        format!("card {card}")
    } else {
        format!(
            "card {card}:{}{}{}",
            placement.orientation.code(),
            digit(placement.offset.x),
            digit(placement.offset.y)
        )
    }
}

/// A node's label with its place in the table.
fn located(node: &EvaluatedNode) -> String {
    format!(
        "{} (line {}, column {})",
        node.label(),
        node.line,
        node.column
    )
}

/// Trace every cell of the last card's required set.
pub fn trace_required(evaluation: &Evaluation) -> Vec<RequiredTrace> {
    let last = evaluation.final_node();
    evaluation
        .window
        .cells(&last.condition.required)
        .map(|cell| RequiredTrace {
            cell,
            chain: trace_cell(evaluation, last, cell),
        })
        .collect()
}

fn trace_cell(evaluation: &Evaluation, start: &EvaluatedNode, start_cell: Cell) -> Vec<Origin> {
    let window = &evaluation.window;
    let mut chain = Vec::new();
    let (mut node, mut cell) = (start, start_cell);
    let (mut placed, mut common) = (PlacedSets::default(), Vec::new());
    loop {
        evaluation.place_children(node, &mut placed);
        common.clear();
        let common_start = placed.common_envelope_into(&mut common);
        if window.has_in(SetRef::new(common_start, &common), cell) {
            chain.push(Origin::CommonEnvelope {
                node: located(node),
                cell,
            });
            return chain;
        }
        let Some(index) = (0..placed.len()).find(|&i| window.has_in(placed.required(i), cell))
        else {
            return chain; // unreachable for a Lemma 3 node: A ⊆ ⋃A_i ∪ ⋂T_i
        };
        let child = &node.children[index];
        chain.push(Origin::Child {
            node: located(node),
            index,
            child: describe_child(child.source, evaluation),
            cell: match child.source {
                ChildSource::Card { placement, .. } => placement.inverse().apply(cell),
                ChildSource::Inline { .. } => cell,
            },
        });
        match child.source {
            ChildSource::Card { card, placement } => {
                let inner = placement.inverse().apply(cell);
                if (card as usize) < evaluation.shape.len() {
                    chain.push(Origin::Base { card, cell: inner });
                    debug_assert!(evaluation.shape.cells().contains(&inner));
                    return chain;
                }
                node = evaluation
                    .node_of_card(card)
                    .expect("references are to earlier cards");
                cell = inner;
            }
            ChildSource::Inline { node: inner_node } => {
                node = &evaluation.nodes[inner_node as usize]
            }
        }
    }
}

/// The chain of first tallest children from the last card down to a base
/// card: each step is (node label, child index, child, its height).
pub fn trace_height(evaluation: &Evaluation) -> Vec<String> {
    let mut steps = Vec::new();
    let mut node = evaluation.final_node();
    loop {
        let tallest = node
            .children
            .iter()
            .enumerate()
            .max_by_key(|(index, child)| {
                let height = evaluation.height_of(child.source);
                (height, std::cmp::Reverse(*index))
            })
            .expect("nodes have children");
        let (index, child) = tallest;
        steps.push(format!(
            "node {} (h = {}): child {} ({}) has h = {}",
            node.label(),
            node.condition.height,
            index + 1,
            describe_child(child.source, evaluation),
            evaluation.height_of(child.source)
        ));
        node = match child.source {
            ChildSource::Card { card, .. } => match evaluation.node_of_card(card) {
                Some(next) => next,
                None => return steps,
            },
            ChildSource::Inline { node } => &evaluation.nodes[node as usize],
        };
    }
}
