//! The JSON certificate of a Snaky table check. One node per line (layout
//! depth 2), so `git diff` of two certificates shows which nodes changed.
//! The format is documented in docs/formats/snaky.md.

use super::cellset::{CellSet, Window};
use super::check::{reply_cells, Choice};
use super::evaluate::{ChildSource, Condition, EvaluatedNode, Evaluation};
use super::geometry::Cell;
use super::summary::{Counts, Table1Row};
use super::SnakyRun;
use crate::cert::json::write_certificate_json_with_array;
use crate::cert::{Check, ClaimRecord, InputRecord};
use serde::Serialize;
use std::io::Write;

/// Bumped whenever a reader of the certificate would need to change.
pub const FORMAT_VERSION: u32 = 2;

/// Certificates larger than this (64 MiB, the kernel's file limit) are refused:
/// no honest table comes near it, and an auditor must be able to load it.
pub const MAX_CERTIFICATE_BYTES: usize = 64 << 20;

#[derive(Debug, Serialize)]
pub struct SnakyCertificate {
    pub kind: &'static str,
    pub format: u32,
    pub verdict: &'static str,
    pub shape: Vec<Cell>,
    pub bound: u32,
    pub board: Option<u32>,
    pub input: InputRecord,
    pub counts: Counts,
    pub final_card: FinalCard,
    pub claims: Vec<ClaimRecord>,
    pub table1: Vec<Table1Row>,
    pub checks: Vec<Check>,
    pub diagnosis: Vec<String>,
    pub bases: Vec<BaseRecord>,
    // Then `nodes`, one [`NodeRecord`] each: see [`certificate_json`].
}

#[derive(Debug, Serialize)]
pub struct FinalCard {
    pub card: u32,
    pub pivot: Cell,
    pub required: Vec<Cell>,
    pub envelope_size: usize,
    pub height: u32,
}

#[derive(Debug, Serialize)]
pub struct BaseRecord {
    pub card: u32,
    pub required: Vec<Cell>,
    pub envelope: Vec<Cell>,
    pub height: u32,
}

/// One node's record, borrowed from the run: its sets and reply classes
/// are written straight from the evaluation, with nothing collected first.
#[derive(Serialize)]
pub struct NodeRecord<'a> {
    pub id: usize,
    pub card: u32,
    /// Child indices (0-based) from the card's own node to this inline node.
    pub path: &'a [usize],
    pub pivot: Cell,
    pub required: SetCells<'a>,
    pub envelope: SetCells<'a>,
    pub height: u32,
    pub children: Vec<ChildRecord>,
    pub replies: RepliesRecord<'a>,
}

/// A cell set written as its sorted cells `[[x, y], ...]`.
pub struct SetCells<'a> {
    window: &'a Window,
    set: &'a CellSet,
}

impl Serialize for SetCells<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.window.cells(self.set))
    }
}

/// A card placed by orientation code then offset, or an earlier inline node.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum ChildRecord {
    Card {
        card: u32,
        orientation: u8,
        offset: Cell,
    },
    Inline {
        node: usize,
    },
}

/// Every reply class with the index of the chosen child: `[x, y, child]`
/// for each cell of T \ (A ∪ {p}), and the class of cells outside T.
#[derive(Serialize)]
pub struct RepliesRecord<'a> {
    pub cells: ReplyCells<'a>,
    pub outside: Option<usize>,
}

/// The cell classes of a node, written as `[x, y, child]` in class order.
pub struct ReplyCells<'a> {
    evaluation: &'a Evaluation,
    node: &'a EvaluatedNode,
    choices: &'a [Choice],
}

impl Serialize for ReplyCells<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let cells = reply_cells(self.evaluation, self.node);
        serializer.collect_seq(
            cells
                .zip(self.choices)
                .map(|(cell, choice)| (cell.x, cell.y, choice.chosen())),
        )
    }
}

pub fn certificate(run: &SnakyRun) -> SnakyCertificate {
    let evaluation = &run.evaluation;
    let window = &evaluation.window;
    let last = evaluation.final_node();
    let base_record = |card: usize, condition: &Condition| BaseRecord {
        card: card as u32,
        required: window.to_vec(&condition.required),
        envelope: window.to_vec(&condition.envelope),
        height: condition.height,
    };
    SnakyCertificate {
        kind: "snaky",
        format: FORMAT_VERSION,
        verdict: if run.claim.holds() {
            "certified"
        } else {
            "refuted"
        },
        shape: evaluation.shape.cells().to_vec(),
        bound: run.claim.bound,
        board: run.claim.board,
        input: run.input.clone(),
        counts: run.counts.clone(),
        final_card: FinalCard {
            card: last.card,
            pivot: last.pivot,
            required: window.to_vec(&last.condition.required),
            envelope_size: last.condition.envelope.len(),
            height: last.condition.height,
        },
        claims: run.claims.clone(),
        table1: run.table1.clone(),
        checks: run.checks.clone(),
        diagnosis: run.diagnosis.clone(),
        bases: evaluation.cards[..evaluation.shape.len()]
            .iter()
            .enumerate()
            .map(|(card, condition)| base_record(card, condition))
            .collect(),
    }
}

fn node_record<'a>(run: &'a SnakyRun, id: usize, node: &'a EvaluatedNode) -> NodeRecord<'a> {
    let window = &run.evaluation.window;
    let (outside, choices) = run
        .replies
        .of_node(id)
        .split_last()
        .expect("every node has an outside class");
    NodeRecord {
        id,
        card: node.card,
        path: &node.path,
        pivot: node.pivot,
        required: SetCells {
            window,
            set: &node.condition.required,
        },
        envelope: SetCells {
            window,
            set: &node.condition.envelope,
        },
        height: node.condition.height,
        children: node
            .children
            .iter()
            .map(|child| match child.source {
                ChildSource::Card { card, placement } => ChildRecord::Card {
                    card,
                    orientation: placement.orientation.code(),
                    offset: placement.offset,
                },
                ChildSource::Inline { node } => ChildRecord::Inline { node },
            })
            .collect(),
        replies: RepliesRecord {
            cells: ReplyCells {
                evaluation: &run.evaluation,
                node,
                choices,
            },
            outside: outside.chosen(),
        },
    }
}

/// The certificate, then its last field `nodes`, one node record per line
/// (compactly, as the layout writes anything below depth 2), each written
/// straight from the evaluation as it comes.
pub fn write_certificate(run: &SnakyRun, out: &mut dyn Write) -> Result<(), serde_json::Error> {
    let nodes =
        (run.evaluation.nodes.iter().enumerate()).map(|(id, node)| node_record(run, id, node));
    write_certificate_json_with_array(out, &certificate(run), "nodes", nodes)
}

/// The certificate as one string (see [`write_certificate`]).
pub fn certificate_json(run: &SnakyRun) -> String {
    let mut json = Vec::with_capacity(estimated_bytes(run));
    write_certificate(run, &mut json).expect("certificate records serialise");
    String::from_utf8(json).expect("serde_json writes UTF-8")
}

/// About 8 bytes per listed cell.
fn estimated_bytes(run: &SnakyRun) -> usize {
    let cells: usize = (run.evaluation.nodes.iter())
        .map(|n| n.condition.required.len() + n.condition.envelope.len())
        .sum::<usize>()
        + run.counts.reply_classes;
    cells.saturating_mul(8)
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the certificate would have {bytes} bytes, more than the {max} gamecert writes")]
pub struct TooLarge {
    pub bytes: usize,
    pub max: usize,
}

/// The certificate's JSON, or an error when it exceeds
/// [`MAX_CERTIFICATE_BYTES`] (estimated from the cells it lists before
/// anything is written: about 8 bytes per listed cell).
pub fn bounded_certificate_json(run: &SnakyRun) -> Result<String, TooLarge> {
    refuse_estimated_too_large(run)?;
    let json = certificate_json(run);
    if json.len() > MAX_CERTIFICATE_BYTES {
        return Err(TooLarge {
            bytes: json.len(),
            max: MAX_CERTIFICATE_BYTES,
        });
    }
    Ok(json)
}

/// Refuses a certificate whose estimated size exceeds
/// [`MAX_CERTIFICATE_BYTES`], before anything is written.
pub fn refuse_estimated_too_large(run: &SnakyRun) -> Result<(), TooLarge> {
    let estimate = estimated_bytes(run);
    if estimate > MAX_CERTIFICATE_BYTES {
        return Err(TooLarge {
            bytes: estimate,
            max: MAX_CERTIFICATE_BYTES,
        });
    }
    Ok(())
}

/// Streams the certificate into `out` (see [`write_certificate`]), failing
/// with [`TooLarge`] (as an I/O error) once it exceeds
/// [`MAX_CERTIFICATE_BYTES`]: a caller writing a file atomically then keeps
/// the old one.
pub fn write_bounded_certificate(run: &SnakyRun, out: &mut dyn Write) -> std::io::Result<()> {
    refuse_estimated_too_large(run).map_err(std::io::Error::other)?;
    let mut bounded = Bounded { out, written: 0 };
    write_certificate(run, &mut bounded).map_err(std::io::Error::from)
}

/// A writer that refuses to pass more than [`MAX_CERTIFICATE_BYTES`].
struct Bounded<'a> {
    out: &'a mut dyn Write,
    written: usize,
}

impl Write for Bounded<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let bytes_after = self.written.saturating_add(bytes.len());
        if bytes_after > MAX_CERTIFICATE_BYTES {
            return Err(std::io::Error::other(TooLarge {
                bytes: bytes_after,
                max: MAX_CERTIFICATE_BYTES,
            }));
        }
        let written = self.out.write(bytes)?;
        self.written += written;
        Ok(written)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}
