//! The game's target shape: Snaky by default, or any polyomino P of 1..8
//! cells (`--shape`), and the base cards built on it (Lemma 4).

use super::geometry::Cell;

/// Snaky S in the paper's cell order s_0..s_5.
pub const SNAKY: [Cell; 6] = [
    Cell::new(0, 0),
    Cell::new(1, 0),
    Cell::new(2, 0),
    Cell::new(3, 0),
    Cell::new(3, 1),
    Cell::new(4, 1),
];

/// Cards 0..5 of Snaky: card j lacks only s_j.
pub const BASE_CARDS: usize = 6;

/// Polyominoes larger than this are refused (the checker is built for the
/// small shapes of the Snaky papers; the bound keeps inputs cheap).
pub const MAX_SHAPE_CELLS: usize = 8;

/// The polyomino Maker builds, in its given frame and cell order p_0..p_{n-1}:
/// base card j is (P \ {p_j}, P, 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    cells: Vec<Cell>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    #[error("--shape, column {column}: expected {expected}, found {found}")]
    Syntax {
        column: usize,
        expected: &'static str,
        found: String,
    },
    #[error("--shape: a polyomino has 1 to {MAX_SHAPE_CELLS} cells, found {0}")]
    Size(usize),
    #[error("--shape: cell {0} is given twice")]
    Repeated(Cell),
    #[error("--shape: the cells are not connected ({0} cannot be reached from {1} by steps to side neighbours)")]
    NotConnected(Cell, Cell),
}

impl Shape {
    pub fn snaky() -> Shape {
        Shape {
            cells: SNAKY.to_vec(),
        }
    }

    /// A polyomino: 1..=8 distinct cells, connected through shared sides.
    pub fn new(cells: Vec<Cell>) -> Result<Shape, ShapeError> {
        if cells.is_empty() || cells.len() > MAX_SHAPE_CELLS {
            return Err(ShapeError::Size(cells.len()));
        }
        for (i, cell) in cells.iter().enumerate() {
            if cells[..i].contains(cell) {
                return Err(ShapeError::Repeated(*cell));
            }
        }
        let mut reached = vec![cells[0]];
        let mut next = 0;
        while next < reached.len() {
            let c = reached[next];
            next += 1;
            for other in &cells {
                let adjacent = (i64::from(c.x) - i64::from(other.x)).abs()
                    + (i64::from(c.y) - i64::from(other.y)).abs()
                    == 1;
                if adjacent && !reached.contains(other) {
                    reached.push(*other);
                }
            }
        }
        if let Some(missed) = cells.iter().find(|c| !reached.contains(c)) {
            return Err(ShapeError::NotConnected(*missed, cells[0]));
        }
        Ok(Shape { cells })
    }

    /// Read `"(0,0) (1,0) (2,0)"`: cells separated by spaces (extra spaces
    /// and spaces after commas are allowed).
    pub fn parse(text: &str) -> Result<Shape, ShapeError> {
        let mut cells = Vec::new();
        let mut rest = text;
        let column = |rest: &str| text[..text.len() - rest.len()].chars().count() + 1;
        let error = |rest: &str, expected| ShapeError::Syntax {
            column: column(rest),
            expected,
            found: rest
                .chars()
                .next()
                .map_or("the end".to_string(), |c| format!("{c:?}")),
        };
        loop {
            rest = rest.trim_start();
            if rest.is_empty() {
                break;
            }
            if cells.len() >= MAX_SHAPE_CELLS {
                return Err(ShapeError::Size(cells.len() + 1));
            }
            rest = rest.strip_prefix('(').ok_or_else(|| error(rest, "'('"))?;
            let (x, after) = integer(rest.trim_start()).ok_or_else(|| error(rest, "an integer"))?;
            rest = after.trim_start();
            rest = rest.strip_prefix(',').ok_or_else(|| error(rest, "','"))?;
            let (y, after) = integer(rest.trim_start()).ok_or_else(|| error(rest, "an integer"))?;
            rest = after.trim_start();
            rest = rest.strip_prefix(')').ok_or_else(|| error(rest, "')'"))?;
            cells.push(Cell::new(x, y));
        }
        Shape::new(cells)
    }

    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Number of cells, which is also the number of base cards.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    pub fn is_snaky(&self) -> bool {
        self.cells == SNAKY
    }

    /// The shape's name in summaries: "Snaky", else its common name ("T
    /// tetromino"), else "the shape". (Claims keep [`Shape::name`], whose
    /// statements certificates carry.)
    pub fn called(&self) -> String {
        if self.is_snaky() {
            return "Snaky".to_string();
        }
        let cells: Vec<(i32, i32)> = self.cells.iter().map(|c| (c.x, c.y)).collect();
        crate::polyomino::Polyomino::new(&cells)
            .ok()
            .as_ref()
            .and_then(crate::polyomino::common_name)
            .unwrap_or("the shape")
            .to_string()
    }

    /// What a summary's first line calls the table's kind: "Snaky", "T
    /// tetromino", or "Card" for a shape without a common name.
    pub fn heading(&self) -> String {
        match self.called().as_str() {
            "the shape" => "Card".to_string(),
            called => called.to_string(),
        }
    }

    /// The shape's name in claims: "Snaky", or "the polyomino P".
    pub fn name(&self) -> &'static str {
        if self.is_snaky() {
            "Snaky"
        } else {
            "the polyomino P"
        }
    }
}

/// A decimal integer of at most 6 digits, optionally negative.
fn integer(text: &str) -> Option<(i32, &str)> {
    let digits_start = usize::from(text.starts_with('-'));
    let digits = text[digits_start..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    if digits == 0 || digits > 6 {
        return None;
    }
    let end = digits_start + digits;
    Some((text[..end].parse().ok()?, &text[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_call_a_shape_by_its_common_name() {
        let called = |text: &str| {
            let shape = Shape::parse(text).unwrap();
            (shape.called(), shape.heading())
        };
        let snaky = "(0,0) (1,0) (2,0) (3,0) (3,1) (4,1)";
        assert_eq!(called(snaky), ("Snaky".into(), "Snaky".into()));
        // Any frame and orientation of the T tetromino.
        let t = ("T tetromino".into(), "T tetromino".into());
        assert_eq!(called("(5,5) (5,6) (5,7) (6,6)"), t);
        let hexomino = "(0,0) (1,0) (2,0) (0,1) (1,1) (2,1)";
        assert_eq!(called(hexomino), ("the shape".into(), "Card".into()));
    }

    #[test]
    fn shapes_are_read_and_validated() {
        let shape = Shape::parse("(0,0) (1,0) (2,0) (3,0) (3,1) (4,1)").unwrap();
        assert!(shape.is_snaky());
        let domino = Shape::parse(" (0, 0)  (1,0)").unwrap();
        assert_eq!(domino.cells(), &[Cell::new(0, 0), Cell::new(1, 0)]);
        assert_eq!(Shape::parse("(-5,7)").unwrap().len(), 1);
        assert_eq!(Shape::parse(""), Err(ShapeError::Size(0)));
        assert_eq!(
            Shape::parse("(0,0) (0,0)"),
            Err(ShapeError::Repeated(Cell::new(0, 0)))
        );
        assert_eq!(
            Shape::parse("(0,0) (1,1)"),
            Err(ShapeError::NotConnected(Cell::new(1, 1), Cell::new(0, 0)))
        );
        let nine = "(0,0) (1,0) (2,0) (3,0) (4,0) (5,0) (6,0) (7,0) (8,0)";
        assert_eq!(Shape::parse(nine), Err(ShapeError::Size(9)));
        assert!(matches!(
            Shape::parse("(0,0) (1;0)"),
            Err(ShapeError::Syntax { column: 9, .. })
        ));
        assert!(matches!(
            Shape::parse("(0,99999999)"),
            Err(ShapeError::Syntax { column: 4, .. })
        ));
    }
}
