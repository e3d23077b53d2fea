//! The hypergraph form of a finite achievement game: cells `0..N` (N <= 128,
//! one bit each of a `u128`), the winning sets as bitmasks, and the board
//! symmetries that map the family of winning sets onto itself.

/// A set of cells, bit `i` standing for cell `i` (`i = y * width + x`).
pub type Cells = u128;

/// The most cells a board may have (one bit each in [`Cells`]).
pub const MAX_CELLS: usize = 128;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("a {width} x {height} board has {cells} cells; at most {MAX_CELLS} are supported")]
    TooManyCells {
        width: usize,
        height: usize,
        cells: usize,
    },
    #[error("the board is empty")]
    Empty,
    #[error("the {what} ({extent}) does not fit on a {width} x {height} board")]
    TooSmall {
        what: String,
        extent: String,
        width: usize,
        height: usize,
    },
}

/// One symmetry of the board as a cell permutation, with byte tables that
/// map a whole bitboard in sixteen look-ups.
#[derive(Debug, Clone)]
pub struct Symmetry {
    /// `image[c]` is the cell that `c` maps to.
    pub image: Vec<u8>,
    tables: Vec<[Cells; 256]>,
}

impl Symmetry {
    fn new(image: Vec<u8>) -> Symmetry {
        let chunks = image.len().div_ceil(8);
        let mut tables = vec![[0; 256]; chunks];
        for (chunk, table) in tables.iter_mut().enumerate() {
            for (byte, entry) in table.iter_mut().enumerate() {
                for bit in 0..8 {
                    let cell = chunk * 8 + bit;
                    if byte >> bit & 1 == 1 && cell < image.len() {
                        *entry |= 1 << image[cell];
                    }
                }
            }
        }
        Symmetry { image, tables }
    }

    pub fn map(&self, cells: Cells) -> Cells {
        let mut out = 0;
        for (chunk, table) in self.tables.iter().enumerate() {
            let byte = (cells >> (chunk * 8)) as u8;
            if byte != 0 {
                out |= table[byte as usize];
            }
        }
        out
    }

    pub fn map_cell(&self, cell: usize) -> usize {
        self.image[cell] as usize
    }

    /// The cell that maps to `cell`.
    pub fn preimage(&self, cell: usize) -> usize {
        self.image
            .iter()
            .position(|&c| c as usize == cell)
            .unwrap_or(cell)
    }
}

/// The board: a `width x height` grid of cells and its winning sets.
#[derive(Debug, Clone)]
pub struct Hypergraph {
    pub width: usize,
    pub height: usize,
    /// Every winning set, sorted and without repeats.
    pub sets: Vec<Cells>,
    /// The symmetries (identity first) that preserve the winning sets.
    pub symmetries: Vec<Symmetry>,
    /// The indices in `sets` of the sets through each cell.
    through: Vec<Vec<u32>>,
}

impl Hypergraph {
    /// A board with the given winning sets; keeps the grid symmetries that
    /// map the family onto itself.
    pub fn new(
        width: usize,
        height: usize,
        mut sets: Vec<Cells>,
    ) -> Result<Hypergraph, BoardError> {
        let cells = width.saturating_mul(height);
        if cells == 0 {
            return Err(BoardError::Empty);
        }
        if cells > MAX_CELLS {
            return Err(BoardError::TooManyCells {
                width,
                height,
                cells,
            });
        }
        sets.sort_unstable();
        sets.dedup();
        let symmetries = grid_symmetries(width, height)
            .into_iter()
            .map(Symmetry::new)
            .filter(|symmetry| {
                let mut images: Vec<Cells> = sets.iter().map(|&set| symmetry.map(set)).collect();
                images.sort_unstable();
                images == sets
            })
            .collect();
        let mut through = vec![Vec::new(); cells];
        for (index, &set) in sets.iter().enumerate() {
            for cell in members(set) {
                if let Some(sets) = through.get_mut(cell) {
                    sets.push(index as u32);
                }
            }
        }
        Ok(Hypergraph {
            width,
            height,
            sets,
            symmetries,
            through,
        })
    }

    /// The m,n,k-game: every horizontal, vertical and diagonal line of `k`
    /// cells on a `cols x rows` board.
    pub fn lines(cols: usize, rows: usize, k: usize) -> Result<Hypergraph, BoardError> {
        let cells = cols.saturating_mul(rows);
        if cells > MAX_CELLS {
            return Err(BoardError::TooManyCells {
                width: cols,
                height: rows,
                cells,
            });
        }
        if k == 0 || (k > cols && k > rows) {
            return Err(BoardError::TooSmall {
                what: format!("line of {k}"),
                extent: format!("{k} cells"),
                width: cols,
                height: rows,
            });
        }
        let mut sets = Vec::new();
        let steps: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
        for y in 0..rows as isize {
            for x in 0..cols as isize {
                for (dx, dy) in steps {
                    let inside = (0..k as isize).all(|i| {
                        let (cx, cy) = (x + dx * i, y + dy * i);
                        cx >= 0 && cy >= 0 && cx < cols as isize && cy < rows as isize
                    });
                    if inside {
                        let set = (0..k as isize)
                            .map(|i| ((y + dy * i) * cols as isize + x + dx * i) as usize)
                            .fold(0 as Cells, |acc, c| acc | 1 << c);
                        sets.push(set);
                    }
                }
            }
        }
        Hypergraph::new(cols, rows, sets)
    }

    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// The indices in [`Hypergraph::sets`] of the sets through `cell`.
    pub fn sets_through(&self, cell: usize) -> &[u32] {
        self.through.get(cell).map_or(&[], Vec::as_slice)
    }

    pub fn all(&self) -> Cells {
        if self.cells() == MAX_CELLS {
            Cells::MAX
        } else {
            (1 << self.cells()) - 1
        }
    }

    /// The least image of `(first, second)` under the symmetries, and the
    /// index of a symmetry that yields it.
    pub fn canonical(&self, first: Cells, second: Cells) -> ((Cells, Cells), usize) {
        let mut best = ((first, second), 0);
        for (index, symmetry) in self.symmetries.iter().enumerate().skip(1) {
            // The pairs compare by the first player's cells first: the
            // second's image is needed only when those do not decide.
            let image_first = symmetry.map(first);
            if image_first > best.0 .0 {
                continue;
            }
            let image = (image_first, symmetry.map(second));
            if image < best.0 {
                best = (image, index);
            }
        }
        best
    }

    /// A cell as `(x, y)`.
    pub fn coordinates(&self, cell: usize) -> (usize, usize) {
        (cell % self.width, cell / self.width)
    }
}

/// A grid map `(x, y, width, height) -> (x', y')`.
type GridMap = fn(isize, isize, isize, isize) -> (isize, isize);

/// The dihedral symmetries of a `width x height` grid (all eight when it is
/// square, four otherwise), identity first, as cell images.
fn grid_symmetries(width: usize, height: usize) -> Vec<Vec<u8>> {
    let (w, h) = (width as isize, height as isize);
    let square = width == height;
    let maps: Vec<GridMap> = vec![
        |x, y, _, _| (x, y),
        |x, y, w, h| (w - 1 - x, h - 1 - y),
        |x, y, w, _| (w - 1 - x, y),
        |x, y, _, h| (x, h - 1 - y),
        |x, y, _, _| (y, x),
        |x, y, w, h| (h - 1 - y, w - 1 - x),
        |x, y, _, h| (h - 1 - y, x),
        |x, y, w, _| (y, w - 1 - x),
    ];
    let count = if square { 8 } else { 4 };
    maps.iter()
        .take(count)
        .map(|map| {
            (0..h)
                .flat_map(|y| (0..w).map(move |x| (x, y)))
                .map(|(x, y)| {
                    let (nx, ny) = map(x, y, w, h);
                    (ny * w + nx) as u8
                })
                .collect()
        })
        .collect()
}

/// The cells of a set, in increasing order.
pub fn members(set: Cells) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let cell = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        Some(cell)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tictactoe_has_eight_lines_and_eight_symmetries() {
        let graph = Hypergraph::lines(3, 3, 3).unwrap();
        assert_eq!(graph.sets.len(), 8);
        assert_eq!(graph.symmetries.len(), 8);
    }

    #[test]
    fn symmetries_are_permutations_that_map_sets_to_sets() {
        let graph = Hypergraph::lines(4, 3, 3).unwrap();
        assert_eq!(graph.symmetries.len(), 4);
        for symmetry in &graph.symmetries {
            let mut image = symmetry.image.clone();
            image.sort_unstable();
            assert_eq!(image, (0..12).collect::<Vec<u8>>());
            for &set in &graph.sets {
                assert!(graph.sets.contains(&symmetry.map(set)));
            }
        }
    }

    #[test]
    fn too_many_cells_is_an_error() {
        assert!(matches!(
            Hypergraph::lines(12, 11, 3),
            Err(BoardError::TooManyCells { cells: 132, .. })
        ));
    }
}
