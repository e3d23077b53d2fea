//! The local obligations of one node, judged from its children's recorded
//! conditions: Lemma 3 and the reply classes. A child's condition is
//! shared, never copied: membership in a placed set is tested by mapping
//! the cell back into the child's own frame.

use super::fault::{Fault, Mismatch, NodeLabel, Reply, Set};
use super::geometry::{Cell, Cells, Placement};
use super::limits::MAX_FAULTS;
use super::read::{Condition, Node};
use std::rc::Rc;

/// A child's recorded condition under its placement.
pub struct Placed {
    pub own: Rc<Condition>,
    pub at: Placement,
}

impl Placed {
    fn in_envelope(&self, cell: Cell) -> bool {
        self.own.envelope.contains(&self.at.invert(cell))
    }

    fn in_required(&self, cell: Cell) -> bool {
        self.own.required.contains(&self.at.invert(cell))
    }

    pub fn envelope(&self) -> impl Iterator<Item = Cell> + '_ {
        self.own.envelope.iter().map(|&c| self.at.apply(c))
    }

    fn required(&self) -> impl Iterator<Item = Cell> + '_ {
        self.own.required.iter().map(|&c| self.at.apply(c))
    }

    /// Cells visited when this child is judged: the work it costs.
    pub fn size(&self) -> u64 {
        (self.own.envelope.len() + self.own.required.len()) as u64
    }
}

/// Lemma 3: T = {p} ∪ ⋃T_i, A = (⋃A_i ∪ ⋂T_i) \ {p}, h = 1 + max h_i.
pub fn lemma3(label: &NodeLabel, node: &Node, placed: &[Placed], faults: &mut Vec<Fault>) {
    if placed.is_empty() {
        faults.push(Fault::NoChildren {
            node: label.clone(),
        });
        return;
    }
    let recorded = &node.condition;
    let pivot = node.pivot;
    let mut mismatches = Vec::new();
    // Envelope: every recorded cell is p or in some T_i; every T_i lies in T.
    let extra: Cells = recorded
        .envelope
        .iter()
        .copied()
        .filter(|&c| c != pivot && !placed.iter().any(|child| child.in_envelope(c)))
        .collect();
    let mut lacking: Cells = placed
        .iter()
        .flat_map(Placed::envelope)
        .filter(|c| !recorded.envelope.contains(c))
        .collect();
    if !recorded.envelope.contains(&pivot) {
        lacking.insert(pivot);
    }
    push_sets(&mut mismatches, Set::Envelope, extra, lacking);
    // Required: every recorded cell is not p and is in some A_i or every T_i.
    let in_every_envelope = |c: Cell| placed.iter().all(|child| child.in_envelope(c));
    let extra: Cells = recorded
        .required
        .iter()
        .copied()
        .filter(|&c| {
            c == pivot || !(placed.iter().any(|child| child.in_required(c)) || in_every_envelope(c))
        })
        .collect();
    let Some(smallest) = placed.iter().min_by_key(|child| child.own.envelope.len()) else {
        return;
    };
    let lacking: Cells = placed
        .iter()
        .flat_map(Placed::required)
        .chain(smallest.envelope().filter(|&c| in_every_envelope(c)))
        .filter(|&c| c != pivot && !recorded.required.contains(&c))
        .collect();
    push_sets(&mut mismatches, Set::Required, extra, lacking);
    let height = 1 + placed.iter().map(|c| c.own.height).max().unwrap_or(0);
    if recorded.height != height {
        mismatches.push(Mismatch::Height {
            recorded: recorded.height,
            recomputed: height,
        });
    }
    faults.extend(mismatches.into_iter().map(|mismatch| Fault::Lemma3 {
        node: label.clone(),
        mismatch,
    }));
}

fn push_sets(mismatches: &mut Vec<Mismatch>, set: Set, extra: Cells, lacking: Cells) {
    if !extra.is_empty() {
        mismatches.push(Mismatch::Extra { set, cells: extra });
    }
    if !lacking.is_empty() {
        mismatches.push(Mismatch::Lacking {
            set,
            cells: lacking,
        });
    }
}

/// How many reply classes choose no child, and how many choose a child
/// whose required set is not owned: the figures of the derived checks.
#[derive(Debug, Default, Clone, Copy)]
pub struct ReplyTally {
    pub classes: u64,
    pub unanswered: u64,
    pub unowned: u64,
}

/// The node whose replies are judged, and whether an unanswered or unowned
/// reply class is a fault (format 1, where only a winning table passes) or
/// a recorded fact that only feeds the claim's verdict (format 2).
pub struct Scope<'a> {
    pub label: &'a NodeLabel,
    pub node: &'a Node,
    pub placed: &'a [Placed],
    pub strict: bool,
}

/// Every cell of T \ (A ∪ {p}) is a reply class, listed once, sorted; so is
/// "outside T". Each chosen child is the first whose placed envelope avoids
/// the reply (null when none does); its placed required set is owned when
/// A_i ⊆ A ∪ {p}.
///
/// Returns how many faults it left out once `faults` held
/// limits::MAX_FAULTS: a node may have millions of reply classes.
pub fn replies(scope: &Scope, tally: &mut ReplyTally, faults: &mut Vec<Fault>) -> u64 {
    let mut kept = Kept { faults, omitted: 0 };
    judge_replies(scope, tally, &mut kept);
    kept.omitted
}

/// A fault list that stops growing at limits::MAX_FAULTS and counts the rest.
struct Kept<'a> {
    faults: &'a mut Vec<Fault>,
    omitted: u64,
}

impl Kept<'_> {
    fn push(&mut self, fault: Fault) {
        if self.faults.len() < MAX_FAULTS {
            self.faults.push(fault);
        } else {
            self.omitted += 1;
        }
    }
}

fn judge_replies(scope: &Scope, tally: &mut ReplyTally, faults: &mut Kept) {
    let (label, node) = (scope.label, scope.node);
    let condition = &node.condition;
    let is_class = |c: &Cell| *c != node.pivot && !condition.required.contains(c);
    let mut previous: Option<Cell> = None;
    let mut listed = Cells::new();
    for &(cell, chosen) in &node.replies {
        if previous.is_some_and(|p| p >= cell) {
            faults.push(Fault::ReplyOrder {
                node: label.clone(),
                cell,
                twice: listed.contains(&cell),
            });
        }
        previous = Some(cell);
        listed.insert(cell);
        if !(condition.envelope.contains(&cell) && is_class(&cell)) {
            faults.push(Fault::ReplyNotAClass {
                node: label.clone(),
                cell,
            });
        }
        answer(scope, Reply::Cell(cell), chosen, tally, faults);
    }
    for &cell in condition.envelope.iter().filter(|c| is_class(c)) {
        if !listed.contains(&cell) {
            faults.push(Fault::ReplyMissing {
                node: label.clone(),
                cell,
            });
        }
    }
    answer(scope, Reply::Outside, node.outside, tally, faults);
}

fn answer(
    scope: &Scope,
    reply: Reply,
    chosen: Option<u64>,
    tally: &mut ReplyTally,
    faults: &mut Kept,
) {
    let (label, node, placed) = (scope.label, scope.node, scope.placed);
    tally.classes += 1;
    let avoids = |child: &Placed| match reply {
        Reply::Cell(cell) => !child.in_envelope(cell),
        Reply::Outside => true,
    };
    // The certificate records the paper's strategy (Proposition 16): the
    // first child in printed order whose placed envelope avoids the reply.
    let first = placed.iter().position(avoids);
    let Some((index, child)) =
        chosen.and_then(|i| Some((i, placed.get(usize::try_from(i).ok()?)?)))
    else {
        tally.unanswered += 1;
        match first {
            Some(first) if chosen.is_none() && !scope.strict => faults.push(Fault::NotFirst {
                node: label.clone(),
                reply,
                chosen: None,
                first,
            }),
            None if chosen.is_none() && !scope.strict => {}
            _ => faults.push(Fault::NoChosenChild {
                node: label.clone(),
                reply,
                chosen,
            }),
        }
        return;
    };
    if let (Reply::Cell(cell), false) = (reply, avoids(child)) {
        tally.unanswered += 1;
        faults.push(Fault::ChosenCovers {
            node: label.clone(),
            cell,
            child: index,
        });
    } else if let Some(first) = first.filter(|&first| first as u64 != index) {
        faults.push(Fault::NotFirst {
            node: label.clone(),
            reply,
            chosen: Some(index),
            first,
        });
    }
    let condition = &node.condition;
    let unowned: Cells = child
        .required()
        .filter(|c| *c != node.pivot && !condition.required.contains(c))
        .collect();
    if !unowned.is_empty() {
        tally.unowned += 1;
        if scope.strict {
            faults.push(Fault::Unowned {
                node: label.clone(),
                reply,
                child: index,
                cells: unowned,
            });
        }
    }
}
