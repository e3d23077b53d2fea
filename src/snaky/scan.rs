//! The parser's fast path: one pass over the bytes of an ASCII line in the
//! card table grammar, building the same IR as the grammar in
//! [`super::parse`]. It takes only lines it reads without doubt: on
//! anything else (a non-ASCII byte, any deviation, nesting beyond the limit)
//! it declines, and the nom grammar reads the line and words the error. A
//! test and the `snaky_parse` fuzz target check that both readers agree on
//! every input.

use super::alphabet::symbol_value;
use super::geometry::{Cell, Orientation, Placement};
use super::parse::MAX_NESTING;
use super::table::{position, CardLine, Child, Node, Reference};

/// Line `text` (without its line ending) as card line `number`, or `None`
/// when the grammar must read it. `children` is scratch space, reused from
/// line to line.
pub fn card_line(text: &str, number: usize, children: &mut Vec<Child>) -> Option<CardLine> {
    children.clear();
    let mut scanner = Scanner {
        bytes: text.as_bytes(),
        at: 0,
        loose_spacing: Vec::new(),
        children,
    };
    let card = scanner.card_number()?;
    scanner.expect(b' ')?;
    let node = scanner.node_body(0)?;
    if scanner.at != scanner.bytes.len() {
        return None;
    }
    Some(CardLine {
        card,
        line: position(number),
        node,
        loose_spacing: scanner.loose_spacing,
    })
}

struct Scanner<'a> {
    bytes: &'a [u8],
    at: usize,
    loose_spacing: Vec<usize>,
    /// Children of the nodes being read, innermost last: each node takes
    /// its own off the end in one exactly sized vector.
    children: &'a mut Vec<Child>,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    /// 1-based column of the next byte (the line is ASCII so far).
    fn column(&self) -> usize {
        self.at + 1
    }

    fn expect(&mut self, byte: u8) -> Option<()> {
        (self.peek()? == byte).then(|| self.at += 1)
    }

    /// `pivot (' ' child)+`, as the grammar's `node_body`.
    fn node_body(&mut self, depth: usize) -> Option<Node> {
        let column = self.column();
        let pivot = self.cell()?;
        let first = self.children.len();
        while self.peek() == Some(b' ') {
            let after_space = self.bytes.get(self.at + 1).copied();
            if depth > 0 && after_space == Some(b')') && self.children.len() > first {
                self.loose_spacing.push(self.column());
                self.at += 1;
                break;
            }
            self.at += 1;
            let child = self.child(depth)?;
            self.children.push(child);
        }
        if self.children.len() == first {
            return None;
        }
        let children = self.children.split_off(first).into_boxed_slice();
        Some(Node {
            pivot,
            children,
            column: position(column),
        })
    }

    fn child(&mut self, depth: usize) -> Option<Child> {
        match self.peek()? {
            b'(' => {
                if depth + 1 > MAX_NESTING {
                    return None;
                }
                self.at += 1;
                if self.peek() == Some(b' ') {
                    self.loose_spacing.push(self.column());
                    self.at += 1;
                }
                let node = self.node_body(depth + 1)?;
                self.expect(b')')?;
                Some(Child::Inline(node))
            }
            b'0'..=b'9' => {
                let column = self.column();
                let card = self.card_number()?;
                let placement = if self.peek() == Some(b':') {
                    self.at += 1;
                    self.placement()?
                } else {
                    Placement::IDENTITY
                };
                Some(Child::Reference(Reference {
                    card,
                    placement,
                    column: position(column),
                }))
            }
            _ => None,
        }
    }

    /// `sXY` after a reference's colon.
    fn placement(&mut self) -> Option<Placement> {
        let code = self.peek()?.checked_sub(b'0')?;
        let orientation = Orientation::from_code(code)?;
        self.at += 1;
        let offset = self.cell()?;
        Some(Placement {
            orientation,
            offset,
        })
    }

    /// Decimal digits without a leading zero, below 2^32.
    fn card_number(&mut self) -> Option<u32> {
        let start = self.at;
        let mut value: u32 = 0;
        while let Some(digit @ b'0'..=b'9') = self.peek() {
            value = value
                .checked_mul(10)?
                .checked_add(u32::from(digit - b'0'))?;
            self.at += 1;
        }
        let digits = self.at - start;
        (digits == 1 || (digits > 1 && self.bytes[start] != b'0')).then_some(value)
    }

    fn coordinate(&mut self) -> Option<i32> {
        let byte = self.peek().filter(u8::is_ascii)?;
        let value = symbol_value(char::from(byte))?;
        self.at += 1;
        Some(value)
    }

    fn cell(&mut self) -> Option<Cell> {
        let x = self.coordinate()?;
        let y = self.coordinate()?;
        Some(Cell::new(x, y))
    }
}

#[cfg(test)]
mod tests {
    use crate::snaky::model::Shape;
    use crate::snaky::parse::{parse_table_with, Reader};
    use proptest::prelude::*;

    fn both_readers_agree(bytes: &[u8]) {
        let shape = Shape::snaky();
        assert_eq!(
            parse_table_with(bytes, &shape, Reader::Scanner),
            parse_table_with(bytes, &shape, Reader::Grammar),
            "{:?}",
            String::from_utf8_lossy(bytes)
        );
    }

    #[test]
    fn the_committed_tables_read_the_same_both_ways() {
        let sources = concat!(env!("CARGO_MANIFEST_DIR"), "/certificates/sources");
        for name in [
            "snaky15-gotrevor.txt",
            "snaky19-gamecert.txt",
            "snaky19-17x17-gamecert.txt",
            "snaky20-kaiasage.txt",
            "snaky21-cards.txt",
            "snaky35-formalpedia.txt",
        ] {
            let bytes = std::fs::read(format!("{sources}/{name}")).expect("committed table");
            let shape = Shape::snaky();
            let scanned = parse_table_with(&bytes, &shape, Reader::Scanner);
            assert!(scanned.is_ok(), "{name}: {scanned:?}");
            assert_eq!(scanned, parse_table_with(&bytes, &shape, Reader::Grammar));
        }
    }

    #[test]
    fn deviations_read_the_same_both_ways() {
        for text in [
            "6 14 4:100 5:101\n7 00 (11 6:600 0) 1\n",
            "6 14 ( 11 4:100 ) 5:101\n",
            "6 14 (11 4:100 )\n",
            "6 14 4:800 5:101\n",
            "6 14 04:100\n",
            "6 14 4:100  5:101\n",
            "6 14 4:100 5:101 \n",
            "6 14 4:1\u{e9}0\n",
            "6 1\u{c0} 4:100\n",
            "6 14 99999999999 1\n",
            "6 14 4294967295 1\n",
            "6 14 (11 (12 3\n",
            "6 14 3)\n",
            "6 14\n",
            "6  14 3\n",
            "7 14 3\n",
            "6 14 6\n",
            "6 14 4:100\r\n7 14 6:0Z0\r\n",
        ] {
            both_readers_agree(text.as_bytes());
        }
        let deep = format!("6 00 {}1{}\n", "(00 ".repeat(70), ")".repeat(70));
        both_readers_agree(deep.as_bytes());
    }

    proptest! {
        #[test]
        fn any_line_of_grammar_tokens_reads_the_same_both_ways(
            tokens in proptest::collection::vec(
                proptest::sample::select(vec![
                    "6", "7", "8", "0", "1", "12", "05", " ", "  ", "(", ")", ":", ":3", "14",
                    "A0", "G", "Z", "\u{e9}", "\u{c0}", "\n", "\r\n", "4:100", "5:101", "x",
                ]),
                0..24,
            )
        ) {
            let text = format!("6 14 {}", tokens.concat());
            both_readers_agree(text.as_bytes());
        }
    }
}
