//! The paper's strategy (Proposition 16) extracted from an evaluated table,
//! in a form both the rule-free search and the game player walk: every
//! combination node and base card is a *target* with its envelope listed
//! cell by cell in its own frame, and every child link says where the
//! child's cells sit in the parent's envelope.
//!
//! Only pivots, children, placements and envelopes are read here: never a
//! required set or a height. That is what makes the search "rule-free".

use super::evaluate::{ChildSource, Evaluation};
use super::geometry::{Cell, Placement};
use super::model::Shape;
use std::collections::HashMap;

/// Index of a cell in a target's envelope (cells sorted by x, then y).
pub type CellIndex = u16;

/// What Maker does at a target.
#[derive(Debug, Clone)]
pub enum Move {
    /// A combination node: claim the pivot, then follow the first child
    /// whose placed envelope avoids Breaker's reply.
    Combination {
        pivot: Cell,
        /// Where the pivot sits in the envelope; `None` means the table
        /// puts the pivot outside its own envelope (a structural failure).
        pivot_index: Option<CellIndex>,
        children: Vec<Link>,
        /// Per envelope cell: the first child whose placed envelope avoids
        /// a reply on that cell, `None` if every child contains it.
        choice: Vec<Option<usize>>,
    },
    /// A base card (Lemma 4): its envelope is a copy of Snaky; Maker claims
    /// the one cell of it that Maker lacks.
    Base { card: u32 },
}

/// A child placed into its parent's frame.
#[derive(Debug, Clone)]
pub struct Link {
    /// Index into [`Strategy::targets`].
    pub target: usize,
    /// Child frame → parent frame.
    pub placement: Placement,
    /// Per cell of the parent's envelope: its index in the child's envelope,
    /// if the child's placed envelope contains it.
    pub transfer: Vec<Option<CellIndex>>,
    /// Whether every cell of the child's placed envelope lies in the parent's
    /// envelope. Cells outside an envelope are forgotten by the search, which
    /// is exact only when envelopes are nested; a link that is not nested is
    /// a failure wherever the strategy uses it.
    pub nested: bool,
}

#[derive(Debug, Clone)]
pub struct Target {
    /// `727`, `311/2` (inline node) or `base 3`.
    pub label: String,
    /// The card whose line holds this target (the base card's number for bases).
    pub card: u32,
    /// The envelope in the target's own frame, sorted by x, then y.
    pub envelope: Vec<Cell>,
    pub index: HashMap<Cell, CellIndex>,
    pub action: Move,
}

impl Target {
    pub fn index_of(&self, cell: Cell) -> Option<CellIndex> {
        self.index.get(&cell).copied()
    }

    /// The child Maker follows after a reply on `local` (in this target's
    /// frame), `Some(None)` if no child avoids it, `None` for a base card.
    /// A cell outside the envelope is avoided by every nested child, so the
    /// first child answers it.
    pub fn answer(&self, local: Cell) -> Option<Option<usize>> {
        match &self.action {
            Move::Base { .. } => None,
            Move::Combination { choice, .. } => Some(match self.index_of(local) {
                Some(k) => choice[usize::from(k)],
                None => Some(0),
            }),
        }
    }
}

#[derive(Debug, Clone)]
pub struct Strategy {
    /// The polyomino Maker builds.
    pub shape: Shape,
    /// Combination nodes in evaluation order, then the |P| base cards.
    pub targets: Vec<Target>,
    /// The final card's node: where every game starts.
    pub root: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StrategyError {
    #[error("node {label}: envelope of {cells} cells is more than the {max} a target may hold")]
    EnvelopeTooLarge {
        label: String,
        cells: usize,
        max: usize,
    },
}

/// Why a table could not be turned into a strategy.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    Parse(#[from] super::parse::ParseError),
    #[error(transparent)]
    Evaluate(#[from] super::evaluate::EvaluateError),
    #[error(transparent)]
    Strategy(#[from] StrategyError),
}

/// Parse and evaluate a Snaky table and extract its strategy.
pub fn load(bytes: &[u8]) -> Result<(Evaluation, Strategy), LoadError> {
    load_for(bytes, &Shape::snaky())
}

/// Parse and evaluate a table for `shape` and extract its strategy.
pub fn load_for(bytes: &[u8], shape: &Shape) -> Result<(Evaluation, Strategy), LoadError> {
    let table = super::parse::parse_table_for(bytes, shape)?;
    let evaluation = super::evaluate::evaluate(&table)?;
    let strategy = Strategy::extract(&evaluation)?;
    Ok((evaluation, strategy))
}

impl Strategy {
    pub fn extract(evaluation: &Evaluation) -> Result<Strategy, StrategyError> {
        let window = &evaluation.window;
        let base_offset = evaluation.nodes.len();
        let shape = &evaluation.shape;
        let mut targets: Vec<Target> = Vec::with_capacity(base_offset + shape.len());
        for node in &evaluation.nodes {
            targets.push(skeleton(
                node.label(),
                node.card,
                window.to_vec(&node.condition.envelope),
            )?);
        }
        for card in 0..shape.len() {
            let mut target = skeleton(format!("base {card}"), card as u32, shape.cells().to_vec())?;
            target.action = Move::Base { card: card as u32 };
            targets.push(target);
        }
        for (id, node) in evaluation.nodes.iter().enumerate() {
            let mut children = Vec::with_capacity(node.children.len());
            for child in &node.children {
                let (target, placement) = match child.source {
                    ChildSource::Card { card, placement } => {
                        let target = match evaluation.card_nodes.get(card as usize) {
                            Some(Some(index)) => *index,
                            // The parser only admits earlier cards, so a card
                            // without a node is a base card.
                            _ => base_offset + (card as usize).min(shape.len() - 1),
                        };
                        (target, placement)
                    }
                    ChildSource::Inline { node } => (node as usize, Placement::IDENTITY),
                };
                children.push(link(&targets[id], &targets[target], target, placement));
            }
            let parent = &targets[id];
            let choice = (0..parent.envelope.len())
                .map(|k| {
                    children
                        .iter()
                        .position(|child: &Link| child.transfer[k].is_none())
                })
                .collect();
            let pivot_index = parent.index_of(node.pivot);
            targets[id].action = Move::Combination {
                pivot: node.pivot,
                pivot_index,
                children,
                choice,
            };
        }
        Ok(Strategy {
            shape: shape.clone(),
            root: base_offset - 1,
            targets,
        })
    }

    pub fn root(&self) -> &Target {
        &self.targets[self.root]
    }
}

/// Cell indices are `u16`; no plausible envelope comes close.
const MAX_ENVELOPE: usize = 1 << 16;

fn skeleton(label: String, card: u32, envelope: Vec<Cell>) -> Result<Target, StrategyError> {
    if envelope.len() > MAX_ENVELOPE {
        return Err(StrategyError::EnvelopeTooLarge {
            label,
            cells: envelope.len(),
            max: MAX_ENVELOPE,
        });
    }
    let index = envelope
        .iter()
        .enumerate()
        .map(|(k, &cell)| (cell, k as CellIndex))
        .collect();
    Ok(Target {
        label,
        card,
        envelope,
        index,
        // Filled in once every target exists.
        action: Move::Base { card },
    })
}

fn link(parent: &Target, child: &Target, target: usize, placement: Placement) -> Link {
    let back = placement.inverse();
    let transfer: Vec<Option<CellIndex>> = parent
        .envelope
        .iter()
        .map(|&cell| child.index_of(back.apply(cell)))
        .collect();
    // Each parent cell maps to a distinct child cell, so the child is nested
    // exactly when every one of its cells was hit.
    let hits = transfer.iter().flatten().count();
    Link {
        target,
        placement,
        transfer,
        nested: hits == child.envelope.len(),
    }
}

/// `outer ∘ inner`: first `inner`, then `outer` (child frame → grandparent frame).
pub fn compose(outer: Placement, inner: Placement) -> Placement {
    Placement {
        orientation: inner.orientation.then(outer.orientation),
        offset: outer.apply(inner.offset),
    }
}

/// The order of replacement moves (the paper's Proposition 16): max(|x|,|y|)
/// ascending, then lexicographic.
pub fn replacement_order(cell: Cell) -> (i32, i32, i32) {
    (cell.x.abs().max(cell.y.abs()), cell.x, cell.y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snaky::geometry::Orientation;

    #[test]
    fn compose_applies_inner_first() {
        let inner = Placement {
            orientation: Orientation::from_code(3).unwrap(),
            offset: Cell::new(2, -1),
        };
        let outer = Placement {
            orientation: Orientation::from_code(5).unwrap(),
            offset: Cell::new(-4, 7),
        };
        for x in -3..3 {
            for y in -3..3 {
                let cell = Cell::new(x, y);
                assert_eq!(
                    compose(outer, inner).apply(cell),
                    outer.apply(inner.apply(cell))
                );
            }
        }
    }

    #[test]
    fn replacement_order_starts_at_the_origin_and_rings_outwards() {
        let mut cells: Vec<Cell> = (-1..=1)
            .flat_map(|x| (-1..=1).map(move |y| Cell::new(x, y)))
            .collect();
        cells.push(Cell::new(0, 2));
        cells.sort_by_key(|&c| replacement_order(c));
        assert_eq!(cells[0], Cell::new(0, 0));
        assert_eq!(cells[1], Cell::new(-1, -1));
        assert_eq!(cells[9], Cell::new(0, 2));
    }
}
