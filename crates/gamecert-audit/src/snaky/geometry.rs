//! Cells, orientation codes and placements, written here from the format's
//! definition (docs/formats/snaky.md), sharing nothing with the producer.

use std::collections::BTreeSet;

pub type Cell = (i64, i64);
pub type Cells = BTreeSet<Cell>;

/// Larger coordinates are rejected when read, so that negating and
/// translating a recorded cell can never overflow.
pub const MAX_COORDINATE: i64 = 1 << 31;

/// An orientation code then a translation. Code bits: 2 negates x, 4
/// negates y, then 1 swaps the coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    pub orientation: u64,
    pub offset: Cell,
}

impl Placement {
    pub const IDENTITY: Placement = Placement {
        orientation: 0,
        offset: (0, 0),
    };

    /// Where a cell of the card's own frame lands.
    pub fn apply(self, (mut x, mut y): Cell) -> Cell {
        if self.orientation & 2 != 0 {
            x = -x;
        }
        if self.orientation & 4 != 0 {
            y = -y;
        }
        if self.orientation & 1 != 0 {
            (x, y) = (y, x);
        }
        (x + self.offset.0, y + self.offset.1)
    }

    /// The cell of the card's own frame that lands on `cell` (the inverse of
    /// [`Placement::apply`]), so membership is tested without placing a set.
    pub fn invert(self, cell: Cell) -> Cell {
        let (mut x, mut y) = (cell.0 - self.offset.0, cell.1 - self.offset.1);
        if self.orientation & 1 != 0 {
            (x, y) = (y, x);
        }
        if self.orientation & 4 != 0 {
            y = -y;
        }
        if self.orientation & 2 != 0 {
            x = -x;
        }
        (x, y)
    }
}

pub fn show(cell: Cell) -> String {
    format!("({},{})", cell.0, cell.1)
}

pub fn show_set(cells: &Cells) -> String {
    let cells: Vec<String> = cells.iter().map(|&c| show(c)).collect();
    format!("{{{}}}", cells.join(", "))
}

/// At most `most` cells of `cells`, and how many there are in all when
/// some are left out: fault messages stay short whatever the set.
pub fn show_some(cells: &Cells, most: usize) -> String {
    if cells.len() <= most {
        return show_set(cells);
    }
    let shown: Vec<String> = cells.iter().take(most).map(|&c| show(c)).collect();
    format!(
        "{{{}, ... ({} cells in all)}}",
        shown.join(", "),
        cells.len()
    )
}

/// At most `most` characters of `text`, and its length when cut.
pub fn show_text(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        None => text.to_string(),
        Some((end, _)) => format!("{}... ({} bytes in all)", &text[..end], text.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orientation_codes_follow_the_format_table() {
        // s = 0..7 give (x,y) (y,x) (-x,y) (y,-x) (x,-y) (-y,x) (-x,-y) (-y,-x).
        let expected = [
            (2, 5),
            (5, 2),
            (-2, 5),
            (5, -2),
            (2, -5),
            (-5, 2),
            (-2, -5),
            (-5, -2),
        ];
        for (code, want) in expected.into_iter().enumerate() {
            let placement = Placement {
                orientation: code as u64,
                offset: (10, 20),
            };
            let placed = placement.apply((2, 5));
            assert_eq!(placed, (want.0 + 10, want.1 + 20), "code {code}");
            assert_eq!(placement.invert(placed), (2, 5), "code {code}");
        }
    }
}
