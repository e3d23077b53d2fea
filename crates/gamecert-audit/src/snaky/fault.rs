//! Every way a Snaky certificate can fail its audit, carrying the node,
//! card, reply or cell at fault. `Display` renders the message a user reads.

use super::geometry::{show, show_some, show_text, Cell, Cells};
use super::limits::{MAX_FAULTS, MAX_SHOWN_CELLS, MAX_SHOWN_TEXT};
use super::search::SearchFault;
use std::fmt;

/// A node of the certificate as messages name it: `node 306 (card 311)`,
/// or `node 305 (card 311, path [1])` for an inline combination.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeLabel {
    pub id: usize,
    pub card: u64,
    pub path: Vec<u64>,
}

impl fmt::Display for NodeLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "node {} (card {}", self.id, self.card)?;
        if !self.path.is_empty() {
            write!(f, ", path {:?}", self.path)?;
        }
        f.write_str(")")
    }
}

/// Where an unreadable field sits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    Shape,
    Bases,
    Base(usize),
    Nodes,
    Node(usize),
    Field(&'static str),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Shape => write!(f, "shape"),
            Place::Bases => write!(f, "bases"),
            Place::Base(card) => write!(f, "base card {card}"),
            Place::Nodes => write!(f, "nodes"),
            Place::Node(id) => write!(f, "node {id}"),
            Place::Field(name) => write!(f, "{name}"),
        }
    }
}

/// Which recorded set of a condition (A, T, h).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Set {
    Required,
    Envelope,
}

/// How a recorded condition differs from the one recomputed by a lemma.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mismatch {
    Extra { set: Set, cells: Cells },
    Lacking { set: Set, cells: Cells },
    Height { recorded: u64, recomputed: u64 },
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (set, how, cells) = match self {
            Mismatch::Extra { set, cells } => (set, "has extra", cells),
            Mismatch::Lacking { set, cells } => (set, "lacks", cells),
            Mismatch::Height {
                recorded,
                recomputed,
            } => return write!(f, "recorded height {recorded} but recomputed {recomputed}"),
        };
        let set = if *set == Set::Required {
            "required"
        } else {
            "envelope"
        };
        let cells = show_some(cells, MAX_SHOWN_CELLS);
        write!(f, "recorded {set} {how} cells {cells}")
    }
}

/// A Breaker reply class: one cell of T \ (A ∪ {p}), or any cell outside T.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply {
    Cell(Cell),
    Outside,
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Cell(cell) => write!(f, "reply {}", show(*cell)),
            Reply::Outside => write!(f, "the outside reply"),
        }
    }
}

/// Why a child reference cannot be resolved to an earlier condition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChildFault {
    LaterCard { card: u64, own: u64 },
    UnreadableCard { card: u64 },
    LaterNode { node: u64 },
    NotInline { node: u64, path: Vec<u64> },
    UnreadableNode { node: u64 },
}

impl fmt::Display for ChildFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChildFault::LaterCard { card, own } => {
                write!(
                    f,
                    "refers to card {card}, which is not earlier than card {own}"
                )
            }
            ChildFault::UnreadableCard { card } => {
                write!(f, "refers to card {card}, which has no readable node")
            }
            ChildFault::LaterNode { node } => {
                write!(f, "refers to node {node}, which is not earlier")
            }
            ChildFault::NotInline { node, path } => {
                write!(
                    f,
                    "refers to node {node}, which is not this node's inline child {path:?}"
                )
            }
            ChildFault::UnreadableNode { node } => {
                write!(f, "refers to node {node}, which is unreadable")
            }
        }
    }
}

/// A failed obligation of a `snaky` or `snaky-search` certificate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// Kind or format unknown: nothing else can be read reliably.
    Header {
        kind: &'static str,
        format: u64,
        found_kind: String,
        found_format: String,
    },
    /// A field is missing or ill-typed.
    Unreadable {
        at: Place,
        reason: String,
    },
    /// A field this auditor neither checks nor declares ignored.
    UnknownField {
        field: String,
    },
    /// The input is over a documented limit; the audit stops before
    /// allocating for it.
    Limit {
        what: &'static str,
        found: u64,
        limit: u64,
    },
    BaseCount {
        expected: usize,
        found: usize,
    },
    BaseNumber {
        base: usize,
        card: u64,
    },
    Lemma4 {
        base: usize,
        mismatch: Mismatch,
    },
    NodeId {
        node: NodeLabel,
    },
    NodeCard {
        node: NodeLabel,
        expected: u64,
    },
    Child {
        node: NodeLabel,
        child: usize,
        fault: ChildFault,
    },
    NoChildren {
        node: NodeLabel,
    },
    Lemma3 {
        node: NodeLabel,
        mismatch: Mismatch,
    },
    /// The reply list's length is not the number of cells of
    /// T \ (A ∪ {p}) (T derived by Lemma 3).
    ReplyCount {
        node: NodeLabel,
        listed: usize,
        classes: usize,
    },
    /// The chosen child is not an index of the node's children.
    NoChosenChild {
        node: NodeLabel,
        reply: Reply,
        chosen: u64,
    },
    ChosenCovers {
        node: NodeLabel,
        cell: Cell,
        child: u64,
    },
    /// The recorded child (or null) is not the first whose placed
    /// envelope avoids the reply.
    NotFirst {
        node: NodeLabel,
        reply: Reply,
        chosen: Option<u64>,
        first: usize,
    },
    Count {
        key: &'static str,
        recorded: String,
        derived: u64,
    },
    Verdict {
        recorded: String,
        derived: &'static str,
    },
    FinalCard {
        node: NodeLabel,
    },
    /// A check that is not a well-formed source comparison.
    UnknownCheck {
        index: usize,
        name: String,
    },
    /// A diagnosis that contradicts the derived verdict.
    Diagnosis {
        entries: usize,
        holds: bool,
    },
    /// The claim card is not a card's own node.
    NoClaimCard {
        card: String,
    },
    /// The claim records are not the ones the claim card gives.
    ClaimList {
        recorded: Vec<String>,
        derived: Vec<String>,
    },
    /// A field of a claim record differs from the derived one.
    ClaimField {
        claim: &'static str,
        field: &'static str,
        recorded: String,
        derived: String,
    },
    /// A `snaky-search` record fails its replay or its arithmetic.
    Search(SearchFault),
    /// Faults past the first `limits::MAX_FAULTS`, counted, not listed.
    Omitted {
        count: u64,
    },
}

/// Longest fault message (in characters): any recorded text a fault
/// quotes is cut there, so a report's output is bounded.
pub const MAX_MESSAGE: usize = 2_000;

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&show_text(&message(self), MAX_MESSAGE))
    }
}

/// The full message of a fault, before [`MAX_MESSAGE`] cuts it.
fn message(fault: &Fault) -> String {
    let quote = |text| show_text(text, MAX_SHOWN_TEXT);
    let classes = "T \\ (A ∪ {p})";
    match fault {
        Fault::Header { kind, format, found_kind, found_format } => format!(
            "header: expected kind \"{kind}\" and format {format}, found {found_kind} and {found_format}"
        ),
        Fault::Unreadable { at, reason } => format!("{at}: {reason}"),
        Fault::UnknownField { field } => {
            format!("{field}: not a field this auditor checks or declares ignored")
        }
        Fault::Limit { what, found, limit } => format!(
            "limits: {found} {what} exceed the auditor's limit of {limit} (docs/formats/snaky-audit.md)"
        ),
        Fault::BaseCount { expected, found } => {
            format!("bases: expected {expected} base cards, found {found}")
        }
        Fault::BaseNumber { base, card } => format!("base card {base}: recorded as card {card}"),
        Fault::Lemma4 { base, mismatch } => format!("base card {base}: {mismatch} (Lemma 4)"),
        Fault::NodeId { node } => {
            format!("{node}: id is not {} (ids must be consecutive)", node.id)
        }
        Fault::NodeCard { node, expected } => format!("{node}: expected a node of card {expected}"),
        Fault::Child { node, child, fault } => format!("{node}: child {child} {fault}"),
        Fault::NoChildren { node } => format!("{node}: has no children"),
        Fault::Lemma3 { node, mismatch } => format!("{node}: {mismatch} (Lemma 3)"),
        Fault::ReplyCount { node, listed, classes: n } => {
            format!("{node}: {listed} replies listed for the {n} cells of {classes}")
        }
        Fault::NoChosenChild { node, reply, chosen } => {
            format!("{node}: {reply}: chosen child {chosen} is not one of its children")
        }
        Fault::ChosenCovers { node, cell, child } => format!(
            "{node}: reply {0}: chosen child {child}'s placed envelope contains {0}",
            show(*cell)
        ),
        Fault::NotFirst { node, reply, chosen: Some(chosen), first } => format!(
            "{node}: {reply}: chosen child {chosen}, but child {first} is the first whose placed envelope avoids it"
        ),
        Fault::NotFirst { node, reply, chosen: None, first } => format!(
            "{node}: {reply}: no child recorded, but child {first}'s placed envelope avoids it"
        ),
        Fault::Count { key, recorded, derived } => {
            format!("counts.{key}: recorded {recorded}, the nodes array gives {derived}")
        }
        Fault::Verdict { recorded, derived } => {
            format!("verdict: recorded {recorded}, the checked claims give \"{derived}\"")
        }
        Fault::FinalCard { node } => format!("final_card: does not agree with {node}"),
        Fault::UnknownCheck { index, name } => format!(
            "checks[{index}]: {name:?} is not a source comparison {{name, pass, detail}}"
        ),
        Fault::Diagnosis { entries, holds: true } => {
            format!("diagnosis: {entries} entries recorded, but the checked claim holds")
        }
        Fault::Diagnosis { holds: false, .. } => {
            "diagnosis: empty, but the checked claim fails".to_string()
        }
        Fault::NoClaimCard { card } => {
            format!("final_card: card {card} has no readable own node to make claims about")
        }
        Fault::ClaimList { recorded, derived } => {
            format!("claims: recorded {recorded:?}, the claim card gives {derived:?}")
        }
        Fault::ClaimField { claim, field, recorded, derived } => format!(
            "claims[{claim}].{field}: recorded {}, the checked fields give {}",
            quote(recorded),
            quote(derived)
        ),
        Fault::Search(fault) => fault.to_string(),
        Fault::Omitted { count } => {
            format!("{count} more faults not listed (a report lists the first {MAX_FAULTS})")
        }
    }
}
