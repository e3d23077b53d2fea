//! Parser (nom) for the card table grammar of `docs/formats/card-table.md`
//! (well-formed ASCII lines are read first by the byte scanner of
//! [`super::scan`], which declines anything else):
//!
//! ```text
//! line  := card ' ' pivot (' ' child)+
//! child := card [':' orientation cell] | '(' pivot (' ' child)+ ')'
//! pivot, cell := coordinate coordinate     coordinate := one symbol of the alphabet
//! ```
//!
//! (docs/formats/card-table.md). Strict: every deviation is an error naming
//! line, column (in characters), what was found and what was expected. LF and
//! CRLF line endings parse to the same IR. Linear time: columns are counted
//! incrementally, never from the line start per child.

use super::alphabet::symbol_value;
use super::geometry::{Cell, Orientation, Placement};
use super::model::Shape;
use super::scan;
use super::table::{position, CardLine, Child, Node, Reference, Table};
use nom::character::complete::{char, digit1, satisfy};
use nom::IResult;
use std::cell::Cell as Memo;

/// Larger inputs are refused before parsing (64 MiB).
pub const MAX_INPUT_BYTES: usize = 64 << 20;

/// Inline combinations may nest, but not without limit: the evaluator recurses.
pub const MAX_NESTING: usize = 64;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("the table is empty: expected lines of cards starting with card {first_card}")]
    Empty { first_card: u32 },
    #[error("the table has {bytes} bytes, more than the {max} this checker reads")]
    TooLarge { bytes: usize, max: usize },
    #[error("line {line}, column {column}: not a text table ({what})")]
    NotText {
        line: usize,
        column: usize,
        what: String,
    },
    #[error(
        "byte offset {offset} (line {line}, column {column}): invalid UTF-8 (byte 0x{byte:02x})"
    )]
    InvalidUtf8 {
        offset: usize,
        line: usize,
        column: usize,
        byte: u8,
    },
    #[error("line {line}, column {column}: expected {expected}, found {found}")]
    Syntax {
        line: usize,
        column: usize,
        expected: String,
        found: String,
    },
    #[error("line {line}, column 1: expected card {expected}, found card {found} ({reason})")]
    CardOrder {
        line: usize,
        expected: u32,
        found: u32,
        reason: &'static str,
    },
    #[error("line {line}, column {column}: card {card} refers to card {referenced}, which is not an earlier card")]
    NotEarlier {
        line: usize,
        column: usize,
        card: u32,
        referenced: u32,
    },
}

impl ParseError {
    /// Where the error is, as (line, column), when it has a place.
    pub fn position(&self) -> Option<(usize, usize)> {
        match self {
            ParseError::Empty { .. } | ParseError::TooLarge { .. } => None,
            ParseError::NotText { line, column, .. }
            | ParseError::InvalidUtf8 { line, column, .. }
            | ParseError::Syntax { line, column, .. }
            | ParseError::NotEarlier { line, column, .. } => Some((*line, *column)),
            ParseError::CardOrder { line, .. } => Some((*line, 1)),
        }
    }
}

/// A failure inside one line: where (the unparsed rest) and what was expected.
#[derive(Debug)]
struct Expected<'a> {
    rest: &'a str,
    what: &'static str,
}

impl<'a> nom::error::ParseError<&'a str> for Expected<'a> {
    fn from_error_kind(rest: &'a str, _kind: nom::error::ErrorKind) -> Self {
        Expected {
            rest,
            what: "valid table syntax",
        }
    }

    fn append(_: &'a str, _: nom::error::ErrorKind, other: Self) -> Self {
        other
    }
}

type Parsed<'a, T> = IResult<&'a str, T, Expected<'a>>;

fn fail<'a, T>(rest: &'a str, what: &'static str) -> Parsed<'a, T> {
    Err(nom::Err::Failure(Expected { rest, what }))
}

/// Label a primitive's recoverable error, at the place it occurred, as
/// "expected `what`"; failures already labelled deeper down pass through.
fn expect<'a, T>(what: &'static str, result: Parsed<'a, T>) -> Parsed<'a, T> {
    result.map_err(|error| match error {
        nom::Err::Error(inner) => nom::Err::Failure(Expected {
            rest: inner.rest,
            what,
        }),
        other => other,
    })
}

/// Parse a Snaky table (its first line is card 6). Accepts LF or CRLF line
/// endings, with or without a final newline.
pub fn parse_table(bytes: &[u8]) -> Result<Table, ParseError> {
    parse_table_for(bytes, &Shape::snaky())
}

/// Parse a table for the polyomino `shape`: its base cards are 0..|P|-1,
/// so the first line is card |P|.
pub fn parse_table_for(bytes: &[u8], shape: &Shape) -> Result<Table, ParseError> {
    parse_table_with(bytes, shape, Reader::Scanner)
}

/// Who reads each line. Both give the same table and the same errors (a
/// test and the `snaky_parse` fuzz target compare them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    /// The byte scanner of [`super::scan`], and the grammar for any line it
    /// declines: the default, about twice as fast on the paper's table.
    Scanner,
    /// The nom grammar alone: the reference.
    Grammar,
}

/// [`parse_table_for`], each line read by `reader`.
pub fn parse_table_with(bytes: &[u8], shape: &Shape, reader: Reader) -> Result<Table, ParseError> {
    let first_card = shape.len() as u32;
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(ParseError::TooLarge {
            bytes: bytes.len(),
            max: MAX_INPUT_BYTES,
        });
    }
    let text = decode(bytes)?;
    if text.is_empty() {
        return Err(ParseError::Empty { first_card });
    }
    let body = text.strip_suffix('\n').unwrap_or(text);
    let mut lines = Vec::with_capacity(body.bytes().filter(|&b| b == b'\n').count() + 1);
    let mut children = Vec::new();
    for (index, raw) in body.split('\n').enumerate() {
        let number = index + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let expected_card = u32::try_from(index)
            .ok()
            .and_then(|i| i.checked_add(first_card))
            .ok_or(ParseError::Syntax {
                line: number,
                column: 1,
                expected: "at most 2^32 cards".to_string(),
                found: "more lines".to_string(),
            })?;
        let scanned = match reader {
            Reader::Scanner => scan::card_line(line, number, &mut children),
            Reader::Grammar => None,
        };
        let card_line = match scanned {
            Some(card_line) => card_line,
            None => parse_line(line, number)?,
        };
        check_order(&card_line, expected_card)?;
        check_references_are_earlier(&card_line)?;
        lines.push(card_line);
    }
    Ok(Table {
        shape: shape.clone(),
        lines,
    })
}

/// The input as text: valid UTF-8 with no NUL or other control bytes
/// except line endings.
fn decode(bytes: &[u8]) -> Result<&str, ParseError> {
    let position = |offset: usize| {
        let before = &bytes[..offset];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&before[line_start..])
            .chars()
            .count()
            + 1;
        (line, column)
    };
    let text = std::str::from_utf8(bytes).map_err(|error| {
        let offset = error.valid_up_to();
        let (line, column) = position(offset);
        ParseError::InvalidUtf8 {
            offset,
            line,
            column,
            byte: bytes[offset],
        }
    })?;
    if let Some(offset) = text
        .bytes()
        .position(|b| b.is_ascii_control() && b != b'\n' && b != b'\r' && b != b'\t')
    {
        let (line, column) = position(offset);
        return Err(ParseError::NotText {
            line,
            column,
            what: format!("control byte 0x{:02x}", bytes[offset]),
        });
    }
    Ok(text)
}

fn parse_line(text: &str, number: usize) -> Result<CardLine, ParseError> {
    let line = &Line::new(text);
    let syntax_error = |rest: &str, what: &str| ParseError::Syntax {
        line: number,
        column: line.column(rest),
        expected: what.to_string(),
        found: describe(rest),
    };
    let result = (|| {
        let (rest, card) = expect("a card number", card_number(text))?;
        let (rest, _) = expect("a single space after the card number", space(rest))?;
        let (rest, node) = node_body(line, rest, 0)?;
        if !rest.is_empty() {
            let what = if rest.starts_with(')') {
                "a space and another child or the end of the line (unbalanced ')')"
            } else {
                "a space and another child or the end of the line"
            };
            return fail(rest, what);
        }
        Ok((rest, (card, node)))
    })();
    match result {
        Ok((_, (card, node))) => Ok(CardLine {
            card,
            line: position(number),
            node,
            loose_spacing: line.loose.take(),
        }),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(syntax_error(e.rest, e.what)),
        Err(nom::Err::Incomplete(_)) => Err(syntax_error("", "more input")),
    }
}

/// `pivot (' ' child)+`, the common body of a line and of an inline node.
fn node_body<'a>(line: &Line<'a>, input: &'a str, depth: usize) -> Parsed<'a, Node> {
    let column = line.column(input);
    let (mut rest, pivot) = expect(
        "a pivot cell (two symbols of the coordinate alphabet)",
        cell(input),
    )?;
    let mut children = Vec::new();
    while let Ok((after_space, _)) = space(rest) {
        if depth > 0 && after_space.starts_with(')') && !children.is_empty() {
            line.loose_space(rest);
            rest = after_space;
            break;
        }
        let (after_child, child) = child(line, after_space, depth)?;
        children.push(child);
        rest = after_child;
    }
    if children.is_empty() {
        return fail(rest, "a space and at least one child");
    }
    Ok((
        rest,
        Node {
            pivot,
            children: children.into_boxed_slice(),
            column: position(column),
        },
    ))
}

fn child<'a>(line: &Line<'a>, input: &'a str, depth: usize) -> Parsed<'a, Child> {
    match input.chars().next() {
        Some('(') => {
            if depth + 1 > MAX_NESTING {
                return fail(input, "inline combinations nested at most 64 deep");
            }
            let mut inner = &input[1..];
            if let Some(after) = inner.strip_prefix(' ') {
                line.loose_space(inner);
                inner = after;
            }
            let (rest, node) = node_body(line, inner, depth + 1)?;
            let (rest, _) = expect(
                "')' closing the inline combination, or a space and another child",
                char(')')(rest),
            )?;
            Ok((rest, Child::Inline(node)))
        }
        Some(c) if c.is_ascii_digit() => {
            let column = line.column(input);
            let (rest, card) = card_number(input)?;
            let (rest, placement) = if let Some(after_colon) = rest.strip_prefix(':') {
                placement(after_colon)?
            } else {
                (rest, Placement::IDENTITY)
            };
            Ok((
                rest,
                Child::Reference(Reference {
                    card,
                    placement,
                    column: position(column),
                }),
            ))
        }
        _ => fail(
            input,
            "a child: a card number or '(' opening an inline combination",
        ),
    }
}

/// `sXY` after the colon of a reference.
fn placement(input: &str) -> Parsed<'_, Placement> {
    let (rest, code) = expect(
        "an orientation code 0-7",
        satisfy(|c: char| ('0'..='7').contains(&c))(input),
    )?;
    let orientation = Orientation::from_code(code as u8 - b'0').expect("0-7 checked above");
    let (rest, offset) = expect(
        "a translation cell (two symbols of the coordinate alphabet)",
        cell(rest),
    )?;
    Ok((
        rest,
        Placement {
            orientation,
            offset,
        },
    ))
}

fn card_number(input: &str) -> Parsed<'_, u32> {
    let (rest, digits) = digit1(input)?;
    if digits.len() > 1 && digits.starts_with('0') {
        return fail(input, "a card number without leading zeros");
    }
    match digits.parse::<u32>() {
        Ok(card) => Ok((rest, card)),
        Err(_) => fail(input, "a card number below 2^32"),
    }
}

fn coordinate(input: &str) -> Parsed<'_, i32> {
    let (rest, c) = satisfy(|c: char| symbol_value(c).is_some())(input)?;
    Ok((rest, symbol_value(c).unwrap_or_default()))
}

fn cell(input: &str) -> Parsed<'_, Cell> {
    let (rest, x) = coordinate(input)?;
    let (rest, y) = coordinate(rest)?;
    Ok((rest, Cell::new(x, y)))
}

fn space(input: &str) -> Parsed<'_, char> {
    char(' ')(input)
}

/// One line being parsed, with a memo of the last column computed: the
/// parser asks for columns left to right, so counting characters from the
/// previous answer keeps a whole line linear (an ASCII line needs no count).
struct Line<'a> {
    text: &'a str,
    ascii: bool,
    /// (byte offset, column) of the last answer.
    last: Memo<(usize, usize)>,
    /// Columns of spaces just inside parentheses (a deviation from the
    /// paper's grammar that the 20-move draft makes; read as if absent).
    loose: std::cell::RefCell<Vec<usize>>,
}

impl<'a> Line<'a> {
    fn new(text: &'a str) -> Self {
        Line {
            text,
            ascii: text.is_ascii(),
            last: Memo::new((0, 1)),
            loose: std::cell::RefCell::new(Vec::new()),
        }
    }

    /// Record a space just inside a parenthesis at `rest`.
    fn loose_space(&self, rest: &str) {
        let column = self.column(rest);
        self.loose.borrow_mut().push(column);
    }

    /// 1-based column (in characters) of `rest`, a suffix of the line.
    fn column(&self, rest: &str) -> usize {
        let offset = self.text.len() - rest.len();
        if self.ascii {
            return offset + 1;
        }
        let (from, column) = match self.last.get() {
            (at, column) if at <= offset => (at, column),
            _ => (0, 1),
        };
        let column = column + self.text[from..offset].chars().count();
        self.last.set((offset, column));
        column
    }
}

fn describe(rest: &str) -> String {
    match rest.chars().next() {
        None => "the end of the line".to_string(),
        Some(c) => format!("{:?}", c),
    }
}

fn check_order(card_line: &CardLine, expected: u32) -> Result<(), ParseError> {
    if card_line.card == expected {
        return Ok(());
    }
    let reason = if card_line.card < expected {
        "repeated or out of order"
    } else {
        "a card is missing"
    };
    Err(ParseError::CardOrder {
        line: card_line.line as usize,
        expected,
        found: card_line.card,
        reason,
    })
}

fn check_references_are_earlier(card_line: &CardLine) -> Result<(), ParseError> {
    fn walk(node: &Node, card_line: &CardLine) -> Result<(), ParseError> {
        for child in &node.children {
            match child {
                Child::Reference(reference) if reference.card >= card_line.card => {
                    return Err(ParseError::NotEarlier {
                        line: card_line.line as usize,
                        column: reference.column as usize,
                        card: card_line.card,
                        referenced: reference.card,
                    });
                }
                Child::Reference(_) => {}
                Child::Inline(inner) => walk(inner, card_line)?,
            }
        }
        Ok(())
    }
    walk(&card_line.node, card_line)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_of(text: &str) -> ParseError {
        parse_table(text.as_bytes()).expect_err("the input is malformed")
    }

    fn syntax(text: &str) -> (usize, usize, String, String) {
        match error_of(text) {
            ParseError::Syntax {
                line,
                column,
                expected,
                found,
            } => (line, column, expected, found),
            other => panic!("expected a syntax error, got {other:?}"),
        }
    }

    #[test]
    fn parses_references_placements_and_nested_inline_nodes() {
        let table = parse_table(b"6 14 4:100 5:101\n7 05 (12 6:2G0 (3A 0)) 6\n").unwrap();
        assert_eq!(table.lines.len(), 2);
        let line7 = &table.lines[1];
        assert_eq!((line7.card, line7.line), (7, 2));
        assert_eq!(line7.node.pivot, Cell::new(0, 5));
        let Child::Inline(inner) = &line7.node.children[0] else {
            panic!("first child of card 7 is inline");
        };
        assert_eq!(inner.pivot, Cell::new(1, 2));
        assert_eq!(inner.column, 7);
        let Child::Reference(reference) = inner.children[0] else {
            panic!("a reference");
        };
        assert_eq!(reference.card, 6);
        assert_eq!(reference.placement.orientation.code(), 2);
        assert_eq!(reference.placement.offset, Cell::new(16, 0));
        let Child::Inline(innermost) = &inner.children[1] else {
            panic!("nested inline");
        };
        assert_eq!(innermost.pivot, Cell::new(3, 10));
        assert_eq!(
            line7.node.children[1],
            Child::Reference(Reference {
                card: 6,
                placement: Placement::IDENTITY,
                column: 24
            })
        );
    }

    #[test]
    fn crlf_and_missing_final_newline_parse_to_the_same_table() {
        let lf = parse_table(b"6 14 4:100 5:101\n7 05 6:001 6:405\n").unwrap();
        let crlf = parse_table(b"6 14 4:100 5:101\r\n7 05 6:001 6:405\r\n").unwrap();
        let bare = parse_table(b"6 14 4:100 5:101\n7 05 6:001 6:405").unwrap();
        assert_eq!(lf, crlf);
        assert_eq!(lf, bare);
    }

    #[test]
    fn bad_coordinate_character_is_located() {
        let (line, column, expected, found) = syntax("6 1\u{d7} 4:100 5:101\n");
        assert_eq!((line, column), (1, 4));
        assert!(expected.contains("pivot"), "{expected}");
        assert_eq!(found, "'\u{d7}'");
        let (line, column, expected, _) = syntax("6 14 4:1\u{f7}0 5:101\n");
        assert_eq!((line, column), (1, 9));
        assert!(expected.contains("translation"), "{expected}");
    }

    #[test]
    fn orientation_outside_0_to_7_is_rejected() {
        let (line, column, expected, found) = syntax("6 14 4:800 5:101\n");
        assert_eq!((line, column), (1, 8));
        assert_eq!(expected, "an orientation code 0-7");
        assert_eq!(found, "'8'");
    }

    #[test]
    fn references_must_be_to_earlier_cards() {
        for (text, referenced, column) in [("6 14 6 5:101\n", 6, 6), ("6 14 4 (22 9)\n", 9, 12)] {
            match error_of(text) {
                ParseError::NotEarlier {
                    line: 1,
                    column: c,
                    card: 6,
                    referenced: r,
                } => assert_eq!((c, r), (column, referenced)),
                other => panic!("{text:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn lines_out_of_order_missing_or_repeated_are_rejected() {
        let cases = [
            ("7 14 4 5\n", 1, 6, 7, "a card is missing"),
            ("6 14 4 5\n6 14 4 5\n", 2, 7, 6, "repeated or out of order"),
            (
                "6 14 4 5\n8 14 4 5\n7 14 4 5\n",
                2,
                7,
                8,
                "a card is missing",
            ),
        ];
        for (text, line, expected, found, reason) in cases {
            assert_eq!(
                error_of(text),
                ParseError::CardOrder {
                    line,
                    expected,
                    found,
                    reason
                },
                "{text:?}"
            );
        }
    }

    #[test]
    fn unbalanced_parentheses_are_rejected() {
        let (line, column, expected, found) = syntax("6 14 4 (22 5\n");
        assert_eq!(
            (line, column, found.as_str()),
            (1, 13, "the end of the line")
        );
        assert!(expected.starts_with("')'"), "{expected}");
        let (_, column, expected, found) = syntax("6 14 4 (22 5))\n");
        assert_eq!((column, found.as_str()), (14, "')'"));
        assert!(expected.contains("unbalanced"), "{expected}");
        let (_, column, _, found) = syntax("6 14 4 22 5)\n");
        assert_eq!((column, found.as_str()), (12, "')'"));
    }

    #[test]
    fn empty_child_lists_are_rejected() {
        let (_, column, expected, _) = syntax("6 14\n");
        assert_eq!(column, 5);
        assert!(expected.contains("at least one child"), "{expected}");
        let (_, column, expected, _) = syntax("6 14 4 (22)\n");
        assert_eq!(column, 11);
        assert!(expected.contains("at least one child"), "{expected}");
    }

    #[test]
    fn stray_characters_and_spacing_are_rejected() {
        for (text, column) in [
            ("6 14 4 5 \n", 10),
            ("6 14  4 5\n", 6),
            ("6 14 4 5#\n", 9),
            ("6 14\t4 5\n", 5),
            (" 6 14 4 5\n", 1),
            ("6 14 4:1000 5\n", 11),
            ("06 14 4 5\n", 1),
        ] {
            let (line, c, _, _) = syntax(text);
            assert_eq!((line, c), (1, column), "{text:?}");
        }
    }

    #[test]
    fn empty_lines_in_the_middle_are_rejected() {
        let (line, column, expected, found) = syntax("6 14 4 5\n\n7 14 4 5\n");
        assert_eq!(
            (line, column, found.as_str()),
            (2, 1, "the end of the line")
        );
        assert_eq!(expected, "a card number");
    }

    #[test]
    fn empty_and_binary_input_are_rejected() {
        assert_eq!(error_of(""), ParseError::Empty { first_card: 6 });
        match error_of("6 14 4 5\n7 1\u{0}") {
            ParseError::NotText { line, column, .. } => assert_eq!((line, column), (2, 4)),
            other => panic!("{other:?}"),
        }
        match parse_table(b"6 14 \xff\xfe") {
            Err(error @ ParseError::InvalidUtf8 { .. }) => {
                assert_eq!(error.position(), Some((1, 6)));
                assert!(error.to_string().starts_with("byte offset 5 "), "{error}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn non_ascii_text_is_located_by_character() {
        let (_, column, _, found) = syntax("6 14 4 é\n");
        assert_eq!((column, found.as_str()), (8, "'é'"));
        // After non-ASCII symbols, columns still count characters.
        let (_, column, _, found) = syntax("6 ÀÁ 4:0ÀÁ 5:0ɏɏ #\n");
        assert_eq!((column, found.as_str()), (18, "'#'"));
    }

    #[test]
    fn nesting_is_bounded_without_overflowing_the_stack() {
        let mut text = String::from("6 14 ");
        for _ in 0..10_000 {
            text.push_str("(11 ");
        }
        text.push('0');
        let (_, _, expected, _) = syntax(&text);
        assert!(expected.contains("nested at most"), "{expected}");
    }

    #[test]
    fn huge_card_numbers_are_rejected_not_overflowed() {
        let (_, column, expected, _) = syntax("6 14 99999999999 5\n");
        assert_eq!(column, 6);
        assert!(expected.contains("2^32"), "{expected}");
    }
}
