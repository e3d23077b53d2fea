//! Every way a Snaky certificate can fail its audit, carrying the node,
//! card, reply or cell at fault. `Display` renders the message a user reads.

use super::geometry::{show, show_some, show_text, Cell, Cells};
use super::limits::{MAX_SHOWN_CELLS, MAX_SHOWN_TEXT};
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
        if self.path.is_empty() {
            write!(f, "node {} (card {})", self.id, self.card)
        } else {
            write!(
                f,
                "node {} (card {}, path {:?})",
                self.id, self.card, self.path
            )
        }
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
    Claim,
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
            Place::Claim => write!(f, "claim"),
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

impl fmt::Display for Set {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Set::Required => "required",
            Set::Envelope => "envelope",
        })
    }
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
        match self {
            Mismatch::Extra { set, cells } => {
                write!(
                    f,
                    "recorded {set} has extra cells {}",
                    show_some(cells, MAX_SHOWN_CELLS)
                )
            }
            Mismatch::Lacking { set, cells } => {
                write!(
                    f,
                    "recorded {set} lacks cells {}",
                    show_some(cells, MAX_SHOWN_CELLS)
                )
            }
            Mismatch::Height {
                recorded,
                recomputed,
            } => write!(f, "recorded height {recorded} but recomputed {recomputed}"),
        }
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
            ChildFault::LaterCard { card, own } => write!(
                f,
                "refers to card {card}, which is not earlier than card {own}"
            ),
            ChildFault::UnreadableCard { card } => {
                write!(f, "refers to card {card}, which has no readable node")
            }
            ChildFault::LaterNode { node } => {
                write!(f, "refers to node {node}, which is not earlier")
            }
            ChildFault::NotInline { node, path } => write!(
                f,
                "refers to node {node}, which is not this node's inline child {path:?}"
            ),
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
        formats: &'static str,
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
    ReplyOrder {
        node: NodeLabel,
        cell: Cell,
        twice: bool,
    },
    ReplyNotAClass {
        node: NodeLabel,
        cell: Cell,
    },
    ReplyMissing {
        node: NodeLabel,
        cell: Cell,
    },
    /// Format 3: the reply list's length is not the number of cells of
    /// T \ (A ∪ {p}) (T derived by Lemma 3).
    ReplyCount {
        node: NodeLabel,
        listed: usize,
        classes: usize,
    },
    NoChosenChild {
        node: NodeLabel,
        reply: Reply,
        chosen: Option<u64>,
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
    Unowned {
        node: NodeLabel,
        reply: Reply,
        child: u64,
        cells: Cells,
    },
    Count {
        key: &'static str,
        recorded: String,
        derived: u64,
    },
    NoLastNode,
    NotCardNode {
        node: NodeLabel,
    },
    StillRequires {
        node: NodeLabel,
        cells: Cells,
    },
    OverBound {
        node: NodeLabel,
        height: u64,
        bound: u64,
    },
    Verdict {
        recorded: String,
        derived: &'static str,
    },
    ClaimHolds {
        recorded: Option<bool>,
        derived: bool,
    },
    ClaimCard {
        recorded: String,
        derived: u64,
    },
    FinalCard {
        node: NodeLabel,
    },
    /// A statement in words that is not the one the checked fields give.
    Statement {
        at: &'static str,
        recorded: String,
        derived: String,
    },
    /// A recorded check this auditor re-derives, recorded otherwise.
    DerivedCheck {
        index: usize,
        recorded: String,
        derived: String,
    },
    /// A check that is neither derived here nor a declared comparison.
    UnknownCheck {
        index: usize,
        name: String,
    },
    /// A diagnosis that contradicts the derived verdict.
    Diagnosis {
        entries: usize,
        holds: bool,
    },
    /// Format 2: the claim card is not a card's own node.
    NoClaimCard {
        card: String,
    },
    /// Format 2: the claim records are not the ones the claim card gives.
    ClaimList {
        recorded: Vec<String>,
        derived: Vec<String>,
    },
    /// Format 2: a field of a claim record differs from the derived one.
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

/// Faults of a `snaky-search` record (docs/formats/snaky-audit.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchFault {
    /// A worst-line move claims a cell already claimed.
    Occupied {
        mv: usize,
        cell: Cell,
    },
    /// Maker's cells contain the shape before the last move.
    EarlyWin {
        mv: usize,
    },
    /// Maker's cells do not contain the shape after the last move.
    NoWin,
    /// Breaker answers after the winning move, or fails to answer before.
    BreakerTurn {
        mv: usize,
    },
    EmptyLine,
    /// The record names no `snaky` certificate, so no bound is proved.
    Uncited,
    /// The cited certificate cannot be read, or is not a `snaky` one.
    CitedUnreadable {
        path: String,
        reason: String,
    },
    /// The cited certificate fails its own audit.
    CitedFails {
        path: String,
        failures: usize,
        first: String,
    },
    /// A field of the record differs from the cited certificate's.
    CitedDisagrees {
        path: String,
        field: &'static str,
        recorded: String,
        cited: String,
    },
    /// A recorded number that the replay or other fields determine.
    Derived {
        field: &'static str,
        recorded: String,
        derived: String,
    },
}

impl fmt::Display for SearchFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchFault::Occupied { mv, cell } => write!(
                f,
                "worst_line move {mv}: {} is already claimed",
                show(*cell)
            ),
            SearchFault::EarlyWin { mv } => write!(
                f,
                "worst_line move {mv}: Maker's cells already contain the shape before the last move"
            ),
            SearchFault::NoWin => write!(
                f,
                "worst_line: Maker's cells do not contain the shape after the last move"
            ),
            SearchFault::BreakerTurn { mv } => write!(
                f,
                "worst_line move {mv}: Breaker must answer every move but the last, and not the last"
            ),
            SearchFault::EmptyLine => write!(f, "worst_line: no moves"),
            SearchFault::Uncited => write!(
                f,
                "certificate: no snaky certificate is named; the search alone proves no bound"
            ),
            SearchFault::CitedUnreadable { path, reason } => {
                write!(f, "certificate {path}: {reason}")
            }
            SearchFault::CitedFails {
                path,
                failures,
                first,
            } => write!(
                f,
                "certificate {path}: fails its audit ({failures} failures, the first: {first})"
            ),
            SearchFault::CitedDisagrees {
                path,
                field,
                recorded,
                cited,
            } => write!(
                f,
                "{field}: recorded {recorded}, the cited certificate {path} gives {cited}"
            ),
            SearchFault::Derived {
                field,
                recorded,
                derived,
            } => write!(f, "{field}: recorded {recorded}, the record gives {derived}"),
        }
    }
}

/// Longest fault message (in characters): any recorded text a fault
/// quotes is cut there, so a report's output is bounded.
pub const MAX_MESSAGE: usize = 2_000;

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let message = Message(self).to_string();
        f.write_str(&show_text(&message, MAX_MESSAGE))
    }
}

/// The full message of a fault, before [`MAX_MESSAGE`] cuts it.
struct Message<'a>(&'a Fault);

impl fmt::Display for Message<'_> {
    // One arm per fault variant: the catalogue of messages, not logic to split.
    #[allow(clippy::too_many_lines)]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Fault::Header {
                kind,
                formats,
                found_kind,
                found_format,
            } => write!(
                f,
                "header: expected kind \"{kind}\" and format {formats}, found {found_kind} and {found_format}"
            ),
            Fault::Unreadable { at, reason } => write!(f, "{at}: {reason}"),
            Fault::UnknownField { field } => write!(
                f,
                "{field}: not a field this auditor checks or declares ignored"
            ),
            Fault::Limit { what, found, limit } => write!(
                f,
                "limits: {found} {what} exceed the auditor's limit of {limit} (docs/formats/snaky-audit.md)"
            ),
            Fault::BaseCount { expected, found } => {
                write!(f, "bases: expected {expected} base cards, found {found}")
            }
            Fault::BaseNumber { base, card } => {
                write!(f, "base card {base}: recorded as card {card}")
            }
            Fault::Lemma4 { base, mismatch } => {
                write!(f, "base card {base}: {mismatch} (Lemma 4)")
            }
            Fault::NodeId { node } => write!(
                f,
                "{node}: id is not {} (ids must be consecutive)",
                node.id
            ),
            Fault::NodeCard { node, expected } => {
                write!(f, "{node}: expected a node of card {expected}")
            }
            Fault::Child { node, child, fault } => write!(f, "{node}: child {child} {fault}"),
            Fault::NoChildren { node } => write!(f, "{node}: has no children"),
            Fault::Lemma3 { node, mismatch } => write!(f, "{node}: {mismatch} (Lemma 3)"),
            Fault::ReplyOrder { node, cell, twice } => write!(
                f,
                "{node}: reply {} {}",
                show(*cell),
                if *twice { "listed twice" } else { "out of order" }
            ),
            Fault::ReplyNotAClass { node, cell } => write!(
                f,
                "{node}: reply {} is not a cell of T \\ (A ∪ {{p}})",
                show(*cell)
            ),
            Fault::ReplyMissing { node, cell } => {
                write!(f, "{node}: reply class {} is missing", show(*cell))
            }
            Fault::ReplyCount {
                node,
                listed,
                classes,
            } => write!(
                f,
                "{node}: {listed} replies listed for the {classes} cells of T \\ (A ∪ {{p}})"
            ),
            Fault::NoChosenChild {
                node,
                reply,
                chosen,
            } => write!(
                f,
                "{node}: {reply} has no chosen child in range (chosen {chosen:?})"
            ),
            Fault::ChosenCovers { node, cell, child } => write!(
                f,
                "{node}: {}: chosen child {child}'s placed envelope contains {}",
                Reply::Cell(*cell),
                show(*cell)
            ),
            Fault::NotFirst {
                node,
                reply,
                chosen: Some(chosen),
                first,
            } => write!(
                f,
                "{node}: {reply}: chosen child {chosen}, but child {first} is the first whose placed envelope avoids it"
            ),
            Fault::NotFirst {
                node,
                reply,
                chosen: None,
                first,
            } => write!(
                f,
                "{node}: {reply}: no child recorded, but child {first}'s placed envelope avoids it"
            ),
            Fault::Unowned {
                node,
                reply,
                child,
                cells,
            } => write!(
                f,
                "{node}: {reply}: chosen child {child} requires {} outside A ∪ {{p}}",
                show_some(cells, MAX_SHOWN_CELLS)
            ),
            Fault::Count {
                key,
                recorded,
                derived,
            } => write!(
                f,
                "counts.{key}: recorded {recorded}, the nodes array gives {derived}"
            ),
            Fault::NoLastNode => write!(f, "claim: the last node is missing or unreadable"),
            Fault::NotCardNode { node } => write!(f, "claim: {node} is not a card's own node"),
            Fault::StillRequires { node, cells } => {
                write!(f, "claim: {node} still requires {}", show_some(cells, MAX_SHOWN_CELLS))
            }
            Fault::OverBound {
                node,
                height,
                bound,
            } => write!(f, "claim: {node} has height {height} > bound {bound}"),
            Fault::Verdict { recorded, derived } => write!(
                f,
                "verdict: recorded {recorded}, the last node gives \"{derived}\""
            ),
            Fault::ClaimHolds { recorded, derived } => write!(
                f,
                "claim.holds: recorded {recorded:?}, the last node gives {derived}"
            ),
            Fault::ClaimCard { recorded, derived } => write!(
                f,
                "claim.card: recorded {recorded}, the last node is card {derived}"
            ),
            Fault::FinalCard { node } => write!(f, "final_card: does not agree with {node}"),
            Fault::Statement {
                at,
                recorded,
                derived,
            } => write!(
                f,
                "{at}: recorded {:?}, the checked fields give {:?}",
                show_text(recorded, MAX_SHOWN_TEXT),
                show_text(derived, MAX_SHOWN_TEXT)
            ),
            Fault::DerivedCheck {
                index,
                recorded,
                derived,
            } => write!(
                f,
                "checks[{index}]: recorded {recorded}, the nodes give {derived}"
            ),
            Fault::UnknownCheck { index, name } => write!(
                f,
                "checks[{index}]: {name:?} is neither a check this auditor derives nor a source comparison"
            ),
            Fault::Diagnosis { entries, holds } => {
                if *holds {
                    write!(
                        f,
                        "diagnosis: {entries} entries recorded, but the checked claim holds"
                    )
                } else {
                    write!(f, "diagnosis: empty, but the checked claim fails")
                }
            }
            Fault::NoClaimCard { card } => write!(
                f,
                "final_card: card {card} has no readable own node to make claims about"
            ),
            Fault::ClaimList { recorded, derived } => write!(
                f,
                "claims: recorded {recorded:?}, the claim card gives {derived:?}"
            ),
            Fault::ClaimField {
                claim,
                field,
                recorded,
                derived,
            } => write!(
                f,
                "claims[{claim}].{field}: recorded {}, the checked fields give {}",
                show_text(recorded, MAX_SHOWN_TEXT),
                show_text(derived, MAX_SHOWN_TEXT)
            ),
            Fault::Omitted { count } => write!(
                f,
                "{count} more faults not listed (a report lists the first {})",
                super::limits::MAX_FAULTS
            ),
            Fault::Search(fault) => write!(f, "{fault}"),
        }
    }
}
