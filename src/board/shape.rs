//! A thin shape adapter: a polyomino given by its cells or by a name, and
//! its placements (orientations and translations) in a `width x height`
//! board as winning sets.
//!
//! TO BE REPLACED at merge by `crate::polyomino` (branch `animals`), which
//! owns canonical forms, names and placements. This file only keeps the
//! board solver usable until then; keep it small.

use super::hypergraph::{BoardError, Cells, Hypergraph};

/// A shape: a name (given or generated) and its cells `(x, y)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    pub name: String,
    pub cells: Vec<(i32, i32)>,
}

/// The eleven winners of the article, then Snaky, by the names the
/// polyomino module uses.
pub const NAMED: &[(&str, &[(i32, i32)])] = &[
    ("monomino", &[(0, 0)]),
    ("domino", &[(0, 0), (1, 0)]),
    ("straight-tromino", &[(0, 0), (1, 0), (2, 0)]),
    ("L-tromino", &[(0, 0), (1, 0), (1, 1)]),
    ("I-tetromino", &[(0, 0), (1, 0), (2, 0), (3, 0)]),
    ("L-tetromino", &[(0, 0), (1, 0), (2, 0), (2, 1)]),
    ("T-tetromino", &[(0, 0), (1, 0), (2, 0), (1, 1)]),
    ("S-tetromino", &[(0, 0), (1, 0), (1, 1), (2, 1)]),
    ("L-pentomino", &[(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)]),
    ("Y-pentomino", &[(0, 0), (1, 0), (2, 0), (3, 0), (2, 1)]),
    ("N-pentomino", &[(0, 0), (1, 0), (2, 0), (2, 1), (3, 1)]),
    ("snaky", &[(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 1)]),
];

/// How many of [`NAMED`] are the eleven winners.
pub const WINNERS: usize = 11;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    #[error("unknown shape {name:?} (known: {known}; or cells like \"(0,0) (1,0)\")")]
    UnknownName { name: String, known: String },
    #[error("shape cells, column {column}: {message}")]
    Syntax { column: usize, message: String },
    #[error("the shape has no cells")]
    Empty,
    #[error("the shape's cells are not edge-connected")]
    Disconnected,
}

impl Shape {
    /// A shape by name (case-insensitive, "-", "_" and " " alike) or by
    /// cells written `(x,y) (x,y) ...`.
    pub fn parse(text: &str) -> Result<Shape, ShapeError> {
        let text = text.trim();
        if text.starts_with('(') {
            let cells = parse_cells(text)?;
            return Shape::from_cells(None, cells);
        }
        let wanted = fold_name(text);
        NAMED
            .iter()
            .find(|(name, _)| fold_name(name) == wanted)
            .map(|(name, cells)| Shape {
                name: name.to_string(),
                cells: cells.to_vec(),
            })
            .ok_or_else(|| ShapeError::UnknownName {
                name: text.to_string(),
                known: NAMED.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", "),
            })
    }

    pub fn named(index: usize) -> Shape {
        let (name, cells) = NAMED[index];
        Shape {
            name: name.to_string(),
            cells: cells.to_vec(),
        }
    }

    fn from_cells(name: Option<String>, mut cells: Vec<(i32, i32)>) -> Result<Shape, ShapeError> {
        cells.sort_unstable();
        cells.dedup();
        if cells.is_empty() {
            return Err(ShapeError::Empty);
        }
        if !connected(&cells) {
            return Err(ShapeError::Disconnected);
        }
        let name = name.unwrap_or_else(|| cells_text(&cells));
        Ok(Shape { name, cells })
    }

    /// Every distinct orientation, moved so its least x and y are 0.
    pub fn orientations(&self) -> Vec<Vec<(i32, i32)>> {
        let maps: [CellMap; 8] = [
            |(x, y)| (x, y),
            |(x, y)| (-x, y),
            |(x, y)| (x, -y),
            |(x, y)| (-x, -y),
            |(x, y)| (y, x),
            |(x, y)| (-y, x),
            |(x, y)| (y, -x),
            |(x, y)| (-y, -x),
        ];
        let mut out: Vec<Vec<(i32, i32)>> = maps
            .iter()
            .map(|map| normalise(self.cells.iter().map(|&c| map(c)).collect()))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The achievement game of this shape on a `width x height` board.
    pub fn board(&self, width: usize, height: usize) -> Result<Hypergraph, BoardError> {
        let cells = width.saturating_mul(height);
        if cells == 0 {
            return Err(BoardError::Empty);
        }
        if cells > super::hypergraph::MAX_CELLS {
            return Err(BoardError::TooManyCells {
                width,
                height,
                cells,
            });
        }
        let mut sets = Vec::new();
        for orientation in self.orientations() {
            let span_x = orientation.iter().map(|c| c.0).max().unwrap_or(0) as usize + 1;
            let span_y = orientation.iter().map(|c| c.1).max().unwrap_or(0) as usize + 1;
            for ty in 0..(height + 1).saturating_sub(span_y) {
                for tx in 0..(width + 1).saturating_sub(span_x) {
                    sets.push(orientation.iter().fold(0 as Cells, |acc, &(x, y)| {
                        acc | 1 << ((ty + y as usize) * width + tx + x as usize)
                    }));
                }
            }
        }
        if sets.is_empty() {
            return Err(BoardError::TooSmall {
                what: format!("shape {}", self.name),
                extent: format!("{} cells", self.cells.len()),
                width,
                height,
            });
        }
        Hypergraph::new(width, height, sets)
    }
}

/// A rotation or reflection of one cell.
type CellMap = fn((i32, i32)) -> (i32, i32);

fn fold_name(name: &str) -> String {
    name.to_lowercase().replace(['-', '_', ' '], "")
}

fn normalise(mut cells: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
    let min_x = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let min_y = cells.iter().map(|c| c.1).min().unwrap_or(0);
    for cell in &mut cells {
        *cell = (cell.0 - min_x, cell.1 - min_y);
    }
    cells.sort_unstable();
    cells
}

fn connected(cells: &[(i32, i32)]) -> bool {
    let mut seen = vec![cells[0]];
    let mut frontier = vec![cells[0]];
    while let Some((x, y)) = frontier.pop() {
        for next in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
            if cells.contains(&next) && !seen.contains(&next) {
                seen.push(next);
                frontier.push(next);
            }
        }
    }
    seen.len() == cells.len()
}

/// Cells written `(x,y) (x,y)`.
pub fn cells_text(cells: &[(i32, i32)]) -> String {
    cells
        .iter()
        .map(|(x, y)| format!("({x},{y})"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads `(x,y)` pairs separated by spaces; errors carry the column.
fn parse_cells(text: &str) -> Result<Vec<(i32, i32)>, ShapeError> {
    let bytes = text.as_bytes();
    let mut cells = Vec::new();
    let mut at = 0;
    let error = |column: usize, message: &str| ShapeError::Syntax {
        column: column + 1,
        message: message.to_string(),
    };
    while at < bytes.len() {
        if bytes[at].is_ascii_whitespace() || bytes[at] == b',' {
            at += 1;
            continue;
        }
        if bytes[at] != b'(' {
            return Err(error(at, "expected '('"));
        }
        let close = text[at..]
            .find(')')
            .map(|offset| at + offset)
            .ok_or_else(|| error(at, "missing ')'"))?;
        let inner = &text[at + 1..close];
        let mut parts = inner.split(',').map(str::trim);
        let number = |part: Option<&str>| -> Result<i32, ShapeError> {
            part.and_then(|p| p.parse::<i32>().ok())
                .filter(|v| (0..=64).contains(v))
                .ok_or_else(|| error(at + 1, "expected two whole numbers 0..=64, as (x,y)"))
        };
        let x = number(parts.next())?;
        let y = number(parts.next())?;
        if parts.next().is_some() {
            return Err(error(at + 1, "expected two numbers, as (x,y)"));
        }
        cells.push((x, y));
        at = close + 1;
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_cells_agree() {
        let by_name = Shape::parse("l_Pentomino").unwrap();
        let by_cells = Shape::parse("(0,0) (1,0) (2,0) (3,0) (3,1)").unwrap();
        assert_eq!(by_name.cells, by_cells.cells);
        assert_eq!(by_name.orientations().len(), 8);
    }

    #[test]
    fn domino_placements_on_three_by_three() {
        let graph = Shape::parse("domino").unwrap().board(3, 3).unwrap();
        assert_eq!(graph.sets.len(), 12);
        assert_eq!(graph.symmetries.len(), 8);
    }

    #[test]
    fn bad_shapes_are_rejected() {
        assert!(matches!(
            Shape::parse("fatty"),
            Err(ShapeError::UnknownName { .. })
        ));
        assert!(matches!(
            Shape::parse("(0,0) (2,0)"),
            Err(ShapeError::Disconnected)
        ));
        assert!(matches!(
            Shape::parse("(0,0) (1,x)"),
            Err(ShapeError::Syntax { column: 8, .. })
        ));
        let snaky = Shape::parse("snaky").unwrap();
        assert!(matches!(
            snaky.board(4, 4),
            Err(BoardError::TooSmall { .. })
        ));
        assert!(matches!(
            snaky.board(12, 12),
            Err(BoardError::TooManyCells { .. })
        ));
    }
}
