//! A certified card table as the generator's move source (`snaky improve`,
//! `snaky board`): at Maker's turn the candidate moves are the pivots of
//! every placement of every table card whose required set A Maker owns and
//! whose envelope T Breaker avoids (so Maker may switch between cards), and
//! such a placement with h <= the moves left is a leaf win.
//!
//! Cards with A = ∅ are left out: they can be placed anywhere, and the
//! search's root (Maker's first move) is where a fresh strategy starts.

use super::position::{Cell, Placement, Position, Xform};
use super::search::{Found, Strategy};
use crate::snaky::evaluate::Evaluation;

/// One orientation of a card, in the card's frame turned by `code`.
#[derive(Debug, Clone)]
struct Oriented {
    code: u8,
    /// A, sorted; its first cell anchors placements on Maker's stones.
    required: Vec<Cell>,
    envelope: Vec<Cell>,
    pivot: Cell,
}

#[derive(Debug, Clone)]
struct LibraryCard {
    /// The card line, or None for an inline node (a move source only: the
    /// grammar cannot reference it).
    card: Option<u32>,
    height: u32,
    orientations: Vec<Oriented>,
}

/// A card placed on the board: its number, height, placement, the placed
/// pivot and envelope.
#[derive(Debug, Clone)]
pub struct PlacedCard {
    pub card: Option<u32>,
    pub height: u32,
    pub place: Xform,
    pub pivot: Cell,
    pub envelope: Vec<Cell>,
}

/// Which of Maker's moves a library search tries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Moves {
    /// The pivots of the table's card lines (the model).
    #[default]
    Cards,
    /// Also the pivots of the lines' inline nodes.
    Nodes,
    /// Also every free cell of a live placement (the generator's own moves),
    /// after the pivots.
    All,
}

/// The table's card lines (and, for [`Moves::Nodes`], inline nodes) with
/// A != ∅, lowest height first.
#[derive(Debug, Clone, Default)]
pub struct Library {
    cards: Vec<LibraryCard>,
    pub moves: Moves,
}

fn sorted(mut cells: Vec<Cell>) -> Vec<Cell> {
    cells.sort_unstable();
    cells.dedup();
    cells
}

impl Library {
    /// Every card line of an evaluated table (base cards excluded: the
    /// generator completes P itself).
    pub fn from_evaluation(evaluation: &Evaluation, moves: Moves) -> Library {
        let window = &evaluation.window;
        let mut cards = Vec::new();
        for node in &evaluation.nodes {
            let inline = !node.path.is_empty();
            if inline && moves == Moves::Cards {
                continue;
            }
            let condition = &node.condition;
            let card = (!inline).then_some(node.card);
            let as_cells =
                |set| -> Vec<Cell> { window.to_vec(set).into_iter().map(|c| (c.x, c.y)).collect() };
            let required = as_cells(&condition.required);
            if required.is_empty() {
                continue;
            }
            let envelope = as_cells(&condition.envelope);
            let pivot = (node.pivot.x, node.pivot.y);
            let orientations = (0..8u8)
                .map(|code| {
                    let turn = |cells: &[Cell]| {
                        sorted(
                            cells
                                .iter()
                                .map(|&c| super::position::orient(code, c))
                                .collect(),
                        )
                    };
                    Oriented {
                        code,
                        required: turn(&required),
                        envelope: turn(&envelope),
                        pivot: super::position::orient(code, pivot),
                    }
                })
                .collect();
            cards.push(LibraryCard {
                card,
                height: condition.height,
                orientations,
            });
        }
        // Lower cards first: their pivots are tried first, their leaves win.
        cards.sort_by_key(|c| (c.height, c.card.is_none(), c.card));
        Library { cards, moves }
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Every placement of every card with A on Maker's stones and T free of
    /// Breaker, in library order (then orientation, then anchor stone).
    pub fn placements<'a>(
        &'a self,
        position: &'a Position,
    ) -> impl Iterator<Item = PlacedCard> + 'a {
        self.cards.iter().flat_map(move |card| {
            card.orientations.iter().flat_map(move |o| {
                position.maker.iter().filter_map(move |&stone| {
                    if o.required.len() > position.maker.len() {
                        return None;
                    }
                    let anchor = o.required[0];
                    let offset = (stone.0 - anchor.0, stone.1 - anchor.1);
                    let at = |c: Cell| (c.0 + offset.0, c.1 + offset.1);
                    if !o.required.iter().all(|&c| position.is_maker(at(c))) {
                        return None;
                    }
                    if o.envelope.iter().any(|&c| position.is_breaker(at(c))) {
                        return None;
                    }
                    Some(PlacedCard {
                        card: card.card,
                        height: card.height,
                        place: Xform {
                            code: o.code,
                            offset,
                        },
                        pivot: at(o.pivot),
                        envelope: o.envelope.iter().map(|&c| at(c)).collect(),
                    })
                })
            })
        })
    }

    /// The lowest placed card with h <= `moves` (and, under `fits`, an
    /// envelope that fits): a leaf of the strategy.
    pub fn leaf(
        &self,
        position: &Position,
        moves: u32,
        fits: &dyn Fn(&[Cell]) -> bool,
    ) -> Option<Found> {
        let (placed, card) = self
            .placements(position)
            .take_while(|p| p.height <= moves)
            .filter(|p| fits(&p.envelope))
            .find_map(|p| p.card.map(|card| (p, card)))?;
        Some(Found {
            strategy: Strategy::Card {
                card,
                place: placed.place,
            },
            envelope: placed.envelope,
            height: placed.height,
        })
    }

    /// Maker's candidate moves: the placed cards' pivots that are free
    /// cells of live placements (the generator's form), lower cards first.
    pub fn candidates(&self, position: &Position, live: &[Placement]) -> Vec<Cell> {
        let mut out: Vec<Cell> = Vec::new();
        for placed in self.placements(position) {
            let pivot = placed.pivot;
            if out.contains(&pivot) || position.is_maker(pivot) {
                continue;
            }
            if live.iter().any(|p| p.free.contains(&pivot)) {
                out.push(pivot);
            }
        }
        if self.moves == Moves::All {
            for placement in live {
                for &cell in &placement.free {
                    if !out.contains(&cell) {
                        out.push(cell);
                    }
                }
            }
        }
        out
    }
}
