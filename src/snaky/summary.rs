//! Counts over the table and the paper's Table 1 (the last card's children
//! grouped by card), computed from the IR and the evaluation.

use super::cellset::CellSet;
use super::check::Replies;
use super::evaluate::{ChildSource, Evaluation};
use super::geometry::Cell;
use super::place::PlacedSets;
use super::table::{ChildCounts, Table};
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub lines: usize,
    /// Table cards plus the |P| base cards.
    pub cards: usize,
    /// Child references to cards, inline ones included.
    pub references: usize,
    pub inline: usize,
    /// Combination nodes: card lines plus inline combinations.
    pub nodes: usize,
    pub reply_classes: usize,
}

impl Counts {
    /// `children` are the table's [`Table::child_counts`].
    pub fn of(table: &Table, children: ChildCounts, replies: &Replies) -> Counts {
        Counts {
            lines: table.lines.len(),
            cards: table.lines.len() + table.shape.len(),
            references: children.references,
            inline: children.inline,
            nodes: table.lines.len() + children.inline,
            reply_classes: replies.len(),
        }
    }
}

/// A row of Table 1: a run of consecutive children of the last card that
/// place the same card.
#[derive(Clone, PartialEq, Eq, Serialize)]
pub struct Table1Row {
    /// The placed card (None for an inline child).
    pub card: Option<u32>,
    /// The card's own required set (its frame), sorted.
    pub required: Vec<Cell>,
    pub envelope_size: usize,
    pub height: u32,
    pub placements: usize,
    /// Cells of the running intersection of the placed child envelopes so
    /// far, other than the last card's pivot.
    pub remaining: usize,
}

impl std::fmt::Debug for Table1Row {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let card = self
            .card
            .map_or("inline".to_string(), |c| format!("card {c}"));
        write!(
            f,
            "{card}: A_j {:?}, |T_j| {}, h_j {}, {} placements, {} remaining",
            self.required, self.envelope_size, self.height, self.placements, self.remaining
        )
    }
}

pub fn table1(evaluation: &Evaluation) -> Vec<Table1Row> {
    let window = &evaluation.window;
    let last = evaluation.final_node();
    let mut rows: Vec<Table1Row> = Vec::new();
    let mut running = last.condition.envelope.clone();
    let mut placed = PlacedSets::default();
    evaluation.place_children(last, &mut placed);
    for (index, child) in last.children.iter().enumerate() {
        let envelope = placed.envelope(index);
        running.intersect_with(&CellSet::from_words(envelope.start(), envelope.words()));
        let mut remaining_set = running.clone();
        window.remove(&mut remaining_set, last.pivot);
        let remaining = remaining_set.len();
        let (card, own) = match child.source {
            ChildSource::Card { card, .. } => (
                Some(card),
                evaluation
                    .card(card)
                    .expect("the parser admits only earlier cards"),
            ),
            ChildSource::Inline { node } => (None, &evaluation.nodes[node as usize].condition),
        };
        match rows.last_mut() {
            Some(row) if card.is_some() && row.card == card => {
                row.placements += 1;
                row.remaining = remaining;
            }
            _ => rows.push(Table1Row {
                card,
                required: window.to_vec(&own.required),
                envelope_size: own.envelope.len(),
                height: own.height,
                placements: 1,
                remaining,
            }),
        }
    }
    rows
}
