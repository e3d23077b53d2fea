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

/// Lemma 3 for A and h: A = (⋃A_i ∪ ⋂T_i) \ {p}, h = 1 + max h_i. T is
/// not recorded: it is derived as {p} ∪ ⋃T_i (mod.rs), so it holds as built.
pub fn lemma3(label: &NodeLabel, node: &Node, placed: &[Placed], faults: &mut Vec<Fault>) {
    let recorded = &node.condition;
    let pivot = node.pivot;
    let Some(smallest) = placed.iter().min_by_key(|child| child.own.envelope.len()) else {
        return faults.push(Fault::NoChildren {
            node: label.clone(),
        });
    };
    let mut mismatches = Vec::new();
    // Every recorded cell is not p and is in some A_i or every T_i.
    let in_every_envelope = |c: Cell| placed.iter().all(|child| child.in_envelope(c));
    let extra: Cells = (recorded.required.iter().copied())
        .filter(|&c| {
            c == pivot || !(placed.iter().any(|child| child.in_required(c)) || in_every_envelope(c))
        })
        .collect();
    let lacking: Cells = (placed.iter().flat_map(Placed::required))
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

/// Every reply class of the node: each cell of T \ (A ∪ {p}) (derived, so
/// listed once each) and "outside T". Each chosen child is the first whose
/// placed envelope avoids the reply (null when none does); a class with no
/// child, or whose child's placed required set is not within A ∪ {p}, is
/// counted in `tally` and so refutes the empty-board claim.
///
/// Returns how many faults it left out once `faults` held
/// limits::MAX_FAULTS: a node may have millions of reply classes.
pub fn replies(
    label: &NodeLabel,
    node: &Node,
    placed: &[Placed],
    tally: &mut ReplyTally,
    faults: &mut Vec<Fault>,
) -> u64 {
    let mut kept = Kept { faults, omitted: 0 };
    let classes = node
        .replies
        .iter()
        .map(|&(cell, chosen)| (Reply::Cell(cell), chosen));
    for (reply, chosen) in classes.chain([(Reply::Outside, node.outside)]) {
        answer(label, node, placed, reply, chosen, tally, &mut kept);
    }
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

fn answer(
    label: &NodeLabel,
    node: &Node,
    placed: &[Placed],
    reply: Reply,
    chosen: Option<u64>,
    tally: &mut ReplyTally,
    faults: &mut Kept,
) {
    tally.classes += 1;
    let avoids = |child: &Placed| match reply {
        Reply::Cell(cell) => !child.in_envelope(cell),
        Reply::Outside => true,
    };
    // The certificate records the paper's strategy (Proposition 16): the
    // first child in printed order whose placed envelope avoids the reply.
    let first = placed.iter().position(avoids);
    let Some(chosen) = chosen else {
        tally.unanswered += 1;
        if let Some(first) = first {
            faults.push(Fault::NotFirst {
                node: label.clone(),
                reply,
                chosen: None,
                first,
            });
        }
        return;
    };
    let Some(child) = usize::try_from(chosen).ok().and_then(|i| placed.get(i)) else {
        tally.unanswered += 1;
        return faults.push(Fault::NoChosenChild {
            node: label.clone(),
            reply,
            chosen,
        });
    };
    if let (Reply::Cell(cell), false) = (reply, avoids(child)) {
        tally.unanswered += 1;
        faults.push(Fault::ChosenCovers {
            node: label.clone(),
            cell,
            child: chosen,
        });
    } else if let Some(first) = first.filter(|&first| first as u64 != chosen) {
        faults.push(Fault::NotFirst {
            node: label.clone(),
            reply,
            chosen: Some(chosen),
            first,
        });
    }
    let condition = &node.condition;
    let owned = |c: &Cell| *c == node.pivot || condition.required.contains(c);
    if !child.required().all(|c| owned(&c)) {
        tally.unowned += 1;
    }
}
