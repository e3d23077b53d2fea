//! The intermediate representation of a card table: one line per card, each
//! a combination node whose children are placed earlier cards or inline
//! combination nodes. Positions (line, column) are kept for diagnostics.

use super::geometry::{Cell, Placement};
use super::model::Shape;

/// A card table for a polyomino P: cards 0..|P|-1 are the base cards of
/// Lemma 4, so the first line is card |P| (6 for Snaky).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub shape: Shape,
    pub lines: Vec<CardLine>,
}

/// One line of the table: card `card` is the combination `node`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardLine {
    pub card: u32,
    /// 1-based line number in the input (see [`position`]).
    pub line: u32,
    pub node: Node,
    /// Columns of spaces just inside parentheses: not the paper's grammar
    /// ("parentheses touch their contents"), tolerated and reported.
    pub loose_spacing: Vec<usize>,
}

/// A 1-based line or column number as the IR keeps it: 32 bits, since a
/// table has a node per line and a child per few bytes, and its memory is
/// most of what a check touches. Numbers past `u32::MAX` (a 4 GiB line) read
/// as `u32::MAX`: they only locate diagnostics.
pub fn position(number: usize) -> u32 {
    u32::try_from(number).unwrap_or(u32::MAX)
}

/// A Lemma 3 combination: a pivot and at least one child, in printed order.
/// Children are boxed, not a `Vec`, so that a [`Child`] takes 32 bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    pub pivot: Cell,
    pub children: Box<[Child]>,
    /// 1-based column of the pivot.
    pub column: u32,
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
    pub column: u32,
}

/// How many children of each kind a table has, inline nodes' own children
/// included.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ChildCounts {
    pub references: usize,
    pub inline: usize,
}

impl Table {
    /// Every (line, column) of a space just inside a parenthesis.
    pub fn loose_spacing(&self) -> Vec<(usize, usize)> {
        self.lines
            .iter()
            .flat_map(|l| l.loose_spacing.iter().map(move |&c| (l.line as usize, c)))
            .collect()
    }

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
