//! Depth-first proof-number search (df-pn, Nagai's MID with the 1 + ε
//! threshold trick) over the AND/OR tree of the question "does the first
//! player win within the budget?": first-player nodes are OR nodes,
//! second-player nodes AND nodes. Proof and disproof numbers live in the
//! bounded transposition table under the position's least image by the
//! board's symmetries, so every symmetric copy of a position is one entry.
//!
//! A proof or disproof is exact whatever the table lost on the way; only
//! the work depends on the table. Proven budgets are kept per position
//! (least budget won, greatest budget lost), so one search's results serve
//! every later question with another budget.

use super::expand::{Expansion, Rules};
use super::hypergraph::Cells;
use super::position::Position;
use super::table::{Key, Record, Table, NONE};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The proof (disproof) number of a disproved (proved) node.
pub const INFINITE: u32 = u32::MAX;
/// Sums of proof numbers stop here, below the search limits, so that a
/// large but finite number never passes for a disproof.
const BIG: u32 = INFINITE - 2;

/// One node of the tree: a position, whose turn it is, and the capped
/// budget of first-player moves (including the one to make, when it is
/// the first player's turn).
#[derive(Debug, Clone, Copy)]
pub struct Node {
    pub position: Position,
    pub first_to_move: bool,
    pub budget: u32,
    pub key: Key,
}

/// A search over one table; many searches may share the table and the
/// counters from several threads.
pub struct Search<'a> {
    pub rules: Rules<'a>,
    pub table: &'a Table,
    pub nodes: &'a AtomicU64,
    /// The search stops (answer unknown) once `nodes` passes this.
    pub node_limit: u64,
    pub stop: &'a AtomicBool,
    /// Called every 1,024 nodes (progress reports).
    pub tick: Option<&'a (dyn Tick + Sync)>,
}

/// What hears of the search's progress.
pub trait Tick {
    fn tick(&self, nodes: u64);
}

impl Search<'_> {
    pub fn node(&self, position: Position, first_to_move: bool, budget: u32) -> Node {
        let budget = self.rules.budget(position, first_to_move, budget);
        let graph = self.rules.graph;
        let ((first, second), _) = graph.canonical(position.first, position.second);
        Node {
            position,
            first_to_move,
            budget,
            key: Key {
                first,
                second,
                first_to_move,
            },
        }
    }

    /// Whether the first player wins from `node`; `None` when the node
    /// limit or the stop flag ended the search first.
    pub fn prove(&self, node: Node) -> Option<bool> {
        loop {
            let (pn, dn) = self.numbers(&node);
            if pn == 0 {
                return Some(true);
            }
            if dn == 0 {
                return Some(false);
            }
            if self.halted() {
                return None;
            }
            self.mid(&node, INFINITE - 1, INFINITE - 1);
        }
    }

    /// The move to a child that settles `node` for the player to move (a
    /// won child for the first player, a lost one for the second), found
    /// by searching the children without reading the node's own record:
    /// a record kept from a saved state may settle a node whose proof
    /// below was dropped, and a strategy needs that proof's first move.
    /// `None` when the rules settle the node themselves, no child settles
    /// it, or the search halted first.
    pub fn deciding_child(&self, node: &Node) -> Option<usize> {
        let moves = match self.expand(node, self.rules.pairing_wanted(node.position)) {
            Expansion::Moves(moves) => moves,
            Expansion::Won | Expansion::Lost { .. } => return None,
        };
        let children = self.children(node, moves);
        let wanted = node.first_to_move;
        loop {
            let numbers = self.children_numbers(&children);
            let deciding = |&(pn, dn): &(u32, u32)| if wanted { pn == 0 } else { dn == 0 };
            if let Some(index) = numbers.iter().position(deciding) {
                let child = children[index].position;
                let moved = child.taken() & !node.position.taken();
                return Some(moved.trailing_zeros() as usize);
            }
            let (pn, dn, best, _, second_best) = select(wanted, &numbers, 0);
            if pn == 0 || dn == 0 || self.halted() {
                return None;
            }
            let limits = if wanted {
                (grow(second_best), INFINITE - 1)
            } else {
                (INFINITE - 1, grow(second_best))
            };
            self.mid(&children[best], limits.0, limits.1);
        }
    }

    fn halted(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.nodes.load(Ordering::Relaxed) > self.node_limit
    }

    /// The node's numbers as the table knows them.
    pub fn numbers(&self, node: &Node) -> (u32, u32) {
        match self.table.get(node.key) {
            None => (1, 1),
            Some(record) => numbers_of(&record, node.budget),
        }
    }

    /// The node's numbers as its children's stand in the table: df-pn
    /// stores a node's own numbers only when it leaves it, so the root's
    /// are read this way (for progress reports).
    pub fn current_numbers(&self, node: &Node) -> (u32, u32) {
        if self.known(node).is_some() {
            return self.numbers(node);
        }
        match self.expand(node, false) {
            Expansion::Moves(moves) => {
                let numbers = self.children_numbers(&self.children(node, moves));
                let (pn, dn, ..) = select(node.first_to_move, &numbers, 0);
                (pn, dn)
            }
            _ => self.numbers(node),
        }
    }

    /// Whether the table holds a proof (`Some(true)`) or disproof for the node.
    pub fn known(&self, node: &Node) -> Option<bool> {
        match self.numbers(node) {
            (0, _) => Some(true),
            (_, 0) => Some(false),
            _ => None,
        }
    }

    fn record(&self, node: &Node) -> Record {
        self.table.get(node.key).unwrap_or(Record::FRESH)
    }

    fn settle(&self, node: &Node, won: bool, paired: bool, work: u32) {
        let mut record = self.record(node);
        let budget = node.budget.min(u32::from(NONE) - 1) as u8;
        if won {
            record.win = record.win.min(budget);
        } else {
            record.fail = record.fail.max(budget);
        }
        record.pairing_tried |= paired;
        record.work = record.work.saturating_add(work);
        self.table.put(node.key, record);
    }

    /// What the rules settle at `node`, or its moves; `try_pairing`: look
    /// for a pairing leaf.
    pub fn expand(&self, node: &Node, try_pairing: bool) -> Expansion {
        if node.first_to_move {
            self.rules
                .expand_first(node.position, node.budget, try_pairing)
        } else {
            self.rules
                .expand_second(node.position, node.budget, try_pairing)
        }
    }

    /// The children of `node` by `moves`, one for each table entry.
    pub fn children(&self, node: &Node, moves: impl ExactSizeIterator<Item = usize>) -> Vec<Node> {
        let images = self.images(node);
        let mut children: Vec<Node> = Vec::with_capacity(moves.len());
        for cell in moves {
            let child = self.child(node, &images, cell);
            if is_new(&children, &child) {
                children.push(child);
            }
        }
        children
    }

    /// Keys the child by `cell` and reads its numbers from the table,
    /// unless a symmetric copy of it is read already.
    fn read_child(
        &self,
        node: &Node,
        images: &[(Cells, Cells)],
        cell: usize,
        children: &mut Vec<Node>,
        numbers: &mut Vec<(u32, u32)>,
    ) {
        let child = self.child(node, images, cell);
        if is_new(children, &child) {
            numbers.push(self.numbers(&child));
            children.push(child);
        }
    }

    /// The node's images under the board's symmetries. A child's image
    /// under a symmetry is its parent's plus one cell, so the parent's
    /// images are made once (not once a child).
    fn images(&self, node: &Node) -> Vec<(Cells, Cells)> {
        let position = node.position;
        self.rules
            .graph
            .symmetries
            .iter()
            .map(|symmetry| (symmetry.map(position.first), symmetry.map(position.second)))
            .collect()
    }

    /// The child of `node` by a move on `cell`, keyed by its least image.
    fn child(&self, node: &Node, images: &[(Cells, Cells)], cell: usize) -> Node {
        let graph = self.rules.graph;
        let position = node.position;
        let (child, budget) = if node.first_to_move {
            (position.with_first(cell), node.budget - 1)
        } else {
            (position.with_second(cell), node.budget)
        };
        let least = graph
            .symmetries
            .iter()
            .zip(images)
            .map(|(symmetry, &(first, second))| {
                let moved: Cells = 1 << symmetry.map_cell(cell);
                if node.first_to_move {
                    (first | moved, second)
                } else {
                    (first, second | moved)
                }
            })
            .min()
            .unwrap_or((child.first, child.second));
        Node {
            position: child,
            first_to_move: !node.first_to_move,
            budget: self.rules.budget(child, !node.first_to_move, budget),
            key: Key {
                first: least.0,
                second: least.1,
                first_to_move: !node.first_to_move,
            },
        }
    }

    /// The children's numbers as the table knows them.
    fn children_numbers(&self, children: &[Node]) -> Vec<(u32, u32)> {
        children.iter().map(|child| self.numbers(child)).collect()
    }

    /// Searches `node` until its proof number reaches `pn_limit` or its
    /// disproof number `dn_limit` (or it is settled); stores the result.
    fn mid(&self, node: &Node, pn_limit: u32, dn_limit: u32) {
        let start = self.nodes.fetch_add(1, Ordering::Relaxed);
        if start & 0x3ff == 0 {
            if let Some(tick) = self.tick {
                tick.tick(start);
            }
        }
        let record = self.record(node);
        let try_pairing = !record.pairing_tried && self.rules.pairing_wanted(node.position);
        let moves = match self.expand(node, try_pairing) {
            Expansion::Won => return self.settle(node, true, false, 1),
            Expansion::Lost { paired } => return self.settle(node, false, paired, 1),
            Expansion::Moves(moves) => moves,
        };
        let pairing_tried = record.pairing_tried || self.rules.pairing_wanted(node.position);
        // The children are read in the move order as the search reaches
        // them (a child not yet read counts as fresh): a first-player node
        // is mostly settled by its first moves, and reading every child (a
        // key under every symmetry and a table look-up each) was most of a
        // node's cost (the L pentomino 7x7 within 9: 1.6x faster so). A
        // node that looks for pairing leaves reads them all at once: its
        // children cost a pairing search each, so the look-ups are cheap
        // beside them, and a child settled in the table that a lazy read
        // hides cost Snaky 10x6 a third more nodes. Only the child just
        // searched can have changed: a sibling has as many stones, so no
        // search below another child reaches it (other threads may, and a
        // proof they find is seen at the next visit).
        let images = self.images(node);
        let mut children: Vec<Node> = Vec::with_capacity(moves.len());
        let mut numbers: Vec<(u32, u32)> = Vec::with_capacity(moves.len());
        let mut unread = moves;
        if pairing_tried {
            for cell in unread.by_ref() {
                self.read_child(node, &images, cell, &mut children, &mut numbers);
            }
        }
        loop {
            let (pn, dn, best, best_numbers, second_best) =
                select(node.first_to_move, &numbers, unread.len());
            let settled = pn == 0 || dn == 0;
            if settled || pn >= pn_limit || dn >= dn_limit || self.halted() {
                let work = work_since(self.nodes, start);
                if settled {
                    self.settle(node, pn == 0, false, work);
                }
                let mut record = self.record(node);
                if !settled {
                    record.budget = node.budget as u8;
                    record.pn = pn;
                    record.dn = dn;
                    record.work = record.work.saturating_add(work);
                }
                record.pairing_tried |= pairing_tried;
                self.table.put(node.key, record);
                return;
            }
            if best == children.len() {
                if let Some(cell) = unread.next() {
                    self.read_child(node, &images, cell, &mut children, &mut numbers);
                }
                continue;
            }
            let (child_pn, child_dn) = if node.first_to_move {
                (
                    pn_limit.min(grow(second_best)),
                    sub_add(dn_limit, dn, best_numbers.1),
                )
            } else {
                (
                    sub_add(pn_limit, pn, best_numbers.0),
                    dn_limit.min(grow(second_best)),
                )
            };
            self.mid(&children[best], child_pn, child_dn);
            numbers[best] = self.numbers(&children[best]);
        }
    }
}

/// Symmetric copies share one table entry: only the first is searched.
fn is_new(children: &[Node], child: &Node) -> bool {
    !children.iter().any(|other| other.key == child.key)
}

/// A node's numbers from its children's (`first_to_move`: whose node it
/// is), the child to search next, its numbers, and the second-best
/// child's deciding number. `children` are the children read so far;
/// `unread` more follow them, fresh as far as the search knows.
fn select(
    first_to_move: bool,
    children: &[(u32, u32)],
    unread: usize,
) -> (u32, u32, usize, (u32, u32), u32) {
    let (mut pn, mut dn) = if first_to_move {
        (INFINITE, 0)
    } else {
        (0, INFINITE)
    };
    let mut best = 0;
    let mut best_numbers = (INFINITE, INFINITE);
    let mut second_best = INFINITE;
    // Only the first two unread children can be the best or the second
    // best (a fresh child's deciding number grows with its place); the
    // others add their fresh 1 to the sum.
    let read = children.iter().enumerate().map(|(index, &stored)| {
        if stored == (1, 1) {
            fresh(index, first_to_move)
        } else {
            stored
        }
    });
    let first_unread =
        (children.len()..children.len() + unread.min(2)).map(|index| fresh(index, first_to_move));
    let mut decided = false;
    for (index, numbers) in read.chain(first_unread).enumerate() {
        let deciding = if first_to_move { numbers.0 } else { numbers.1 };
        if first_to_move {
            dn = add(dn, numbers.1);
        } else {
            pn = add(pn, numbers.0);
        }
        let best_deciding = if first_to_move {
            best_numbers.0
        } else {
            best_numbers.1
        };
        if deciding < best_deciding {
            second_best = best_deciding;
            best = index;
            best_numbers = numbers;
        } else if deciding < second_best {
            second_best = deciding;
        }
        if deciding == 0 {
            decided = true;
            break;
        }
    }
    let rest = u32::try_from(unread.saturating_sub(2)).unwrap_or(BIG);
    if first_to_move {
        pn = best_numbers.0;
        if !decided {
            dn = add(dn, rest);
        }
    } else {
        dn = best_numbers.1;
        if !decided {
            pn = add(pn, rest);
        }
    }
    (pn, dn, best, best_numbers, second_best)
}

/// A fresh child's numbers by its place in the move order: the i-th child
/// of a first-player node starts at proof number 1 + 4i, of a
/// second-player node at disproof number 1 + 16i. So the search goes deep
/// on the first choices of the order before it widens; with the flat
/// (1, 1) start Snaky 8x8 was not settled in 120 s, with these in 4.5 s
/// (docs/prover.md). Only the work depends on them, never an answer.
fn fresh(index: usize, first_to_move: bool) -> (u32, u32) {
    let place = u32::try_from(index).unwrap_or(u32::MAX);
    if first_to_move {
        (place.saturating_mul(ORDER_BIAS_FIRST).saturating_add(1), 1)
    } else {
        (1, place.saturating_mul(ORDER_BIAS_SECOND).saturating_add(1))
    }
}

const ORDER_BIAS_FIRST: u32 = 4;
const ORDER_BIAS_SECOND: u32 = 16;

/// A sum of numbers: infinite when either is, else at most [`BIG`].
fn add(a: u32, b: u32) -> u32 {
    if a == INFINITE || b == INFINITE {
        INFINITE
    } else {
        a.saturating_add(b).min(BIG)
    }
}

fn numbers_of(record: &Record, budget: u32) -> (u32, u32) {
    if u32::from(record.win) <= budget {
        (0, INFINITE)
    } else if u32::from(record.fail) >= budget {
        (INFINITE, 0)
    } else if u32::from(record.budget) == budget {
        (record.pn, record.dn)
    } else {
        (1, 1)
    }
}

/// The 1 + ε trick (ε = 1/4): a child may run a little past its sibling
/// before the search switches, which saves re-expansions.
fn grow(value: u32) -> u32 {
    if value >= INFINITE - 1 {
        return INFINITE - 1;
    }
    value
        .saturating_add(value / 4)
        .saturating_add(1)
        .min(INFINITE - 1)
}

/// `limit - total + part`, saturating, infinite staying infinite.
fn sub_add(limit: u32, total: u32, part: u32) -> u32 {
    if limit >= INFINITE - 1 {
        return limit;
    }
    (u64::from(limit) + u64::from(part))
        .saturating_sub(u64::from(total))
        .min(u64::from(INFINITE - 1)) as u32
}

fn work_since(nodes: &AtomicU64, start: u64) -> u32 {
    nodes
        .load(Ordering::Relaxed)
        .saturating_sub(start)
        .min(u64::from(u32::MAX)) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unread_children_count_as_fresh_ones_in_their_places() {
        // A first-player node: one child read at (3, 2), three unread ones
        // at (5, 1), (9, 1) and (13, 1).
        let (pn, dn, best, best_numbers, second_best) = select(true, &[(3, 2)], 3);
        assert_eq!(
            (pn, dn, best, best_numbers, second_best),
            (3, 5, 0, (3, 2), 5)
        );
        // Reading them all gives the same numbers.
        let all = [(3, 2), (1, 1), (1, 1), (1, 1)];
        assert_eq!(select(true, &all, 0), (3, 5, 0, (3, 2), 5));
        // The first unread child is the best: the search reads it next.
        let (pn, _, best, _, second_best) = select(true, &[(7, 1)], 2);
        assert_eq!((pn, best, second_best), (5, 1, 7));
        // A second-player node sums the proof numbers, one per unread child.
        let (pn, dn, best, ..) = select(false, &[(4, 20)], 5);
        assert_eq!((pn, dn, best), (9, 17, 1));
    }

    #[test]
    fn a_settled_child_decides_whatever_is_unread() {
        assert_eq!(select(true, &[(4, 1), (0, INFINITE)], 30).0, 0);
        assert_eq!(select(false, &[(4, 1), (INFINITE, 0)], 30).1, 0);
        // With every child read and disproved, the first player's node is.
        assert_eq!(select(true, &[(INFINITE, 0), (INFINITE, 0)], 0).1, 0);
        assert_ne!(select(true, &[(INFINITE, 0), (INFINITE, 0)], 1).1, 0);
    }
}
