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

/// How many children of each kind a table has, inline nodes' own children
/// included.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ChildCounts {
    pub references: usize,
    pub inline: usize,
}

impl Table {
    pub fn child_counts(&self) -> ChildCounts {
        fn walk(node: &Node, counts: &mut ChildCounts) {
            for child in &node.children {
                match child {
                    Child::Reference(_) => counts.references += 1,
                    Child::Inline(inner) => {
                        counts.inline += 1;
                        walk(inner, counts);
                    }
                }
            }
        }
        let mut counts = ChildCounts::default();
        for line in &self.lines {
            walk(&line.node, &mut counts);
        }
        counts
    }
}
