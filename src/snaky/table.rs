//! The intermediate representation of a card table: one line per card, each
//! a combination node whose children are placed earlier cards or inline
//! combination nodes. Positions (line, column) are kept for diagnostics.

use super::geometry::{Cell, Placement};

/// Cards 0..5 are the base cards of Lemma 4; the table starts at card 6.
pub const FIRST_TABLE_CARD: u32 = 6;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub lines: Vec<CardLine>,
}

/// One line of the table: card `card` is the combination `node`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardLine {
    pub card: u32,
    /// 1-based line number in the input.
    pub line: usize,
    pub node: Node,
}

/// A Lemma 3 combination: a pivot and at least one child, in printed order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    pub pivot: Cell,
    pub children: Vec<Child>,
    /// 1-based column of the pivot.
    pub column: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Child {
    /// An earlier card, placed into this node's frame.
    Reference(Reference),
    /// A combination evaluated in the line's own frame.
    Inline(Node),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reference {
    pub card: u32,
    pub placement: Placement,
    /// 1-based column of the card number.
    pub column: usize,
}

impl Table {
    /// The card proved by the last line: the claim is about it.
    pub fn last_card(&self) -> Option<u32> {
        self.lines.last().map(|line| line.card)
    }
}

impl Node {
    /// This node and every inline node below it, children before parents.
    pub fn visit_post_order<'a>(
        &'a self,
        path: &mut Vec<usize>,
        visit: &mut impl FnMut(&'a Node, &[usize]),
    ) {
        for (index, child) in self.children.iter().enumerate() {
            if let Child::Inline(inner) = child {
                path.push(index);
                inner.visit_post_order(path, visit);
                path.pop();
            }
        }
        visit(self, path);
    }
}
