//! The rules of the m,n,k-game (tic-tac-toe is 3,3,3): an m x n board of
//! cells numbered 1..m*n row by row from the top left, X moves first, a game
//! ends at the first line of k equal marks (row, column or diagonal) or when
//! the board is full. Positions are two bitboards; the symmetries of the
//! rectangle (4) or square (8) act on them through byte tables.

use std::fmt::Write as _;

/// The solver's cap on board cells. Positions are `u32` bitboards, and the
/// exhaustive search and its certificate grow like 3^cells: 16 cells (4x4)
/// is solved in seconds, 20 would not be.
pub const MAX_CELLS: usize = 16;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    X,
    O,
}

impl Player {
    pub fn other(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    /// The game value of a win for this player (+1 for X, -1 for O).
    pub fn win_value(self) -> i8 {
        match self {
            Player::X => 1,
            Player::O => -1,
        }
    }

    pub fn symbol(self) -> char {
        match self {
            Player::X => 'X',
            Player::O => 'O',
        }
    }
}

/// A position: the cells holding X and the cells holding O (bit i = cell i+1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Position {
    pub x: u32,
    pub o: u32,
}

impl Position {
    pub const EMPTY: Position = Position { x: 0, o: 0 };

    pub fn occupied(self) -> u32 {
        self.x | self.o
    }

    pub fn stones(self) -> usize {
        self.occupied().count_ones() as usize
    }

    /// X moves first, so X is to move exactly when both have the same count.
    pub fn to_move(self) -> Player {
        if self.x.count_ones() == self.o.count_ones() {
            Player::X
        } else {
            Player::O
        }
    }

    pub fn marks(self, player: Player) -> u32 {
        match player {
            Player::X => self.x,
            Player::O => self.o,
        }
    }

    pub fn is_empty_cell(self, cell: usize) -> bool {
        self.occupied() & (1 << cell) == 0
    }

    /// The position after the player to move marks `cell` (0-based).
    pub fn play(self, cell: usize) -> Position {
        match self.to_move() {
            Player::X => Position {
                x: self.x | 1 << cell,
                o: self.o,
            },
            Player::O => Position {
                x: self.x,
                o: self.o | 1 << cell,
            },
        }
    }

    /// Plays a sequence of 1-based cell numbers; `None` if a cell is taken or off the board.
    pub fn after(self, board: &Board, cells: &[usize]) -> Option<Position> {
        let mut position = self;
        for &cell in cells {
            if cell == 0 || cell > board.cells() || !position.is_empty_cell(cell - 1) {
                return None;
            }
            position = position.play(cell - 1);
        }
        Some(position)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("the board needs at least one row and one column (got {rows}x{cols})")]
    NoCells { rows: u64, cols: u64 },
    #[error(
        "a {rows}x{cols} board has {cells} cells; gamecert solves boards of at most {max} cells \
         (the exhaustive search and its certificate grow like 3^cells)"
    )]
    TooManyCells {
        rows: u64,
        cols: u64,
        cells: u128,
        max: usize,
    },
    #[error("k must be at least 1 (got 0)")]
    ZeroK,
    #[error("k={k} is larger than the {rows}x{cols} board: no line of {k} fits")]
    KLargerThanBoard { rows: u64, cols: u64, k: u64 },
}

/// A symmetry of the board as a permutation of cells, with byte tables that
/// map a bitboard eight cells at a time.
#[derive(Debug, Clone)]
pub struct Symmetry {
    pub name: &'static str,
    /// `image[cell]` is where the symmetry sends `cell` (0-based).
    pub image: Vec<usize>,
    chunks: Vec<[u32; 256]>,
    /// The base-3 place values of each cell's image, per byte of a
    /// bitboard: the key of the mapped position (see [`Board::key`])
    /// without building it, for [`Board::canonical`].
    key_chunks: Vec<[u32; 256]>,
}

impl Symmetry {
    fn new(name: &'static str, image: Vec<usize>) -> Symmetry {
        let cells = image.len();
        let chunk_count = cells.div_ceil(8);
        let mut chunks = vec![[0u32; 256]; chunk_count];
        let mut key_chunks = vec![[0u32; 256]; chunk_count];
        for chunk in 0..chunk_count {
            for byte in 0..256 {
                for bit in 0..8 {
                    let cell = chunk * 8 + bit;
                    if byte & (1 << bit) != 0 && cell < cells {
                        chunks[chunk][byte] |= 1 << image[cell];
                        key_chunks[chunk][byte] += 3u32.pow((cells - 1 - image[cell]) as u32);
                    }
                }
            }
        }
        Symmetry {
            name,
            image,
            chunks,
            key_chunks,
        }
    }

    /// `board.key(self.map(position))`, from two table sums.
    fn image_key(&self, position: Position) -> u32 {
        let place = |marks: u32| -> u32 {
            self.key_chunks
                .iter()
                .enumerate()
                .map(|(chunk, table)| table[((marks >> (8 * chunk)) & 0xff) as usize])
                .sum()
        };
        2 * place(position.x) + place(position.o)
    }

    pub fn map_marks(&self, marks: u32) -> u32 {
        self.chunks
            .iter()
            .enumerate()
            .map(|(chunk, table)| table[((marks >> (8 * chunk)) & 0xff) as usize])
            .fold(0, |acc, part| acc | part)
    }

    pub fn map(&self, position: Position) -> Position {
        Position {
            x: self.map_marks(position.x),
            o: self.map_marks(position.o),
        }
    }
}

/// A position's canonical form: the image under the board's symmetries whose
/// row-by-row string ('.' < 'O' < 'X') is smallest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Canonical {
    pub position: Position,
    /// The order key of `position` (see [`Board::key`]).
    pub key: u32,
    /// Index of a symmetry that sends the original position to `position`.
    pub symmetry: usize,
    /// How many distinct positions are in the class (group order / stabiliser).
    pub orbit: u8,
}

/// An m x n board with its k-in-a-row lines and symmetries.
#[derive(Debug, Clone)]
pub struct Board {
    rows: usize,
    cols: usize,
    k: usize,
    /// Each winning line as a mask of its k cells.
    lines: Vec<u32>,
    symmetries: Vec<Symmetry>,
    /// Base-3 place values per byte of a bitboard, so `key` is two table sums.
    key_chunks: Vec<[u32; 256]>,
}

impl Board {
    pub fn new(rows: u64, cols: u64, k: u64) -> Result<Board, BoardError> {
        if rows == 0 || cols == 0 {
            return Err(BoardError::NoCells { rows, cols });
        }
        let cells = u128::from(rows) * u128::from(cols);
        if cells > MAX_CELLS as u128 {
            return Err(BoardError::TooManyCells {
                rows,
                cols,
                cells,
                max: MAX_CELLS,
            });
        }
        if k == 0 {
            return Err(BoardError::ZeroK);
        }
        if k > rows.max(cols) {
            return Err(BoardError::KLargerThanBoard { rows, cols, k });
        }
        let (rows, cols, k) = (rows as usize, cols as usize, k as usize);
        let lines = winning_lines(rows, cols, k);
        let symmetries = board_symmetries(rows, cols);
        let cells = rows * cols;
        let mut key_chunks = vec![[0u32; 256]; cells.div_ceil(8)];
        for (chunk, table) in key_chunks.iter_mut().enumerate() {
            for (byte, slot) in table.iter_mut().enumerate() {
                for bit in 0..8 {
                    let cell = chunk * 8 + bit;
                    if byte & (1 << bit) != 0 && cell < cells {
                        *slot += 3u32.pow((cells - 1 - cell) as u32);
                    }
                }
            }
        }
        Ok(Board {
            rows,
            cols,
            k,
            lines,
            symmetries,
            key_chunks,
        })
    }

    /// Classic tic-tac-toe.
    pub fn tictactoe() -> Board {
        Board::new(3, 3, 3).expect("3x3 with k=3 is a valid board")
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    pub fn k(&self) -> usize {
        self.k
    }

    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    pub fn lines(&self) -> &[u32] {
        &self.lines
    }

    pub fn symmetries(&self) -> &[Symmetry] {
        &self.symmetries
    }

    /// A short name such as `3x3 k=3`.
    pub fn name(&self) -> String {
        format!("{}x{} k={}", self.rows, self.cols, self.k)
    }

    /// The line masks `marks` completes.
    pub fn completed_lines(&self, marks: u32) -> impl Iterator<Item = u32> + '_ {
        self.lines
            .iter()
            .copied()
            .filter(move |&line| marks & line == line)
    }

    pub fn has_line(&self, marks: u32) -> bool {
        self.completed_lines(marks).next().is_some()
    }

    /// The player holding a completed line, if any.
    pub fn winner(&self, position: Position) -> Option<Player> {
        if self.has_line(position.x) {
            Some(Player::X)
        } else if self.has_line(position.o) {
            Some(Player::O)
        } else {
            None
        }
    }

    /// The value of a finished game (+1, 0, -1), or `None` while it goes on.
    pub fn outcome(&self, position: Position) -> Option<i8> {
        match self.winner(position) {
            Some(player) => Some(player.win_value()),
            None if position.stones() == self.cells() => Some(0),
            None => None,
        }
    }

    /// Empty cells (0-based), in cell order.
    pub fn empty_cells(&self, position: Position) -> impl Iterator<Item = usize> {
        let occupied = position.occupied();
        (0..self.cells()).filter(move |cell| occupied & (1 << cell) == 0)
    }

    /// Cells where `player` would complete a line at once (0-based).
    pub fn threats(&self, position: Position, player: Player) -> Vec<usize> {
        self.empty_cells(position)
            .filter(|&cell| self.has_line(position.marks(player) | 1 << cell))
            .collect()
    }

    /// The position's base-3 number, cell 1 most significant, '.'=0 'O'=1
    /// 'X'=2: ordering by key is ordering the row-by-row strings.
    pub fn key(&self, position: Position) -> u32 {
        let place = |marks: u32| -> u32 {
            self.key_chunks
                .iter()
                .enumerate()
                .map(|(chunk, table)| table[((marks >> (8 * chunk)) & 0xff) as usize])
                .sum()
        };
        2 * place(position.x) + place(position.o)
    }

    /// The position whose key is `key` (see [`Board::key`]).
    pub fn position_of_key(&self, mut key: u32) -> Position {
        let mut position = Position::EMPTY;
        for cell in (0..self.cells()).rev() {
            match key % 3 {
                2 => position.x |= 1 << cell,
                1 => position.o |= 1 << cell,
                _ => {}
            }
            key /= 3;
        }
        position
    }

    pub fn canonical(&self, position: Position) -> Canonical {
        // Keys straight from the symmetries' tables; only the winning image
        // is built.
        let (mut key, mut symmetry) = (u32::MAX, 0);
        let mut stabiliser = 0u8;
        for (index, image) in self.symmetries.iter().enumerate() {
            let image_key = image.image_key(position);
            if image_key < key {
                (key, symmetry) = (image_key, index);
                stabiliser = 1;
            } else if image_key == key {
                stabiliser += 1;
            }
        }
        Canonical {
            position: self.symmetries[symmetry].map(position),
            key,
            symmetry,
            orbit: (self.symmetries.len() as u8) / stabiliser,
        }
    }

    /// Row strings joined by '/', e.g. `X.O/.X./...`.
    pub fn render(&self, position: Position) -> String {
        let mut text = String::with_capacity(self.cells() + self.rows);
        for row in 0..self.rows {
            if row > 0 {
                text.push('/');
            }
            for col in 0..self.cols {
                let cell = row * self.cols + col;
                text.push(if position.x & (1 << cell) != 0 {
                    'X'
                } else if position.o & (1 << cell) != 0 {
                    'O'
                } else {
                    '.'
                });
            }
        }
        text
    }

    /// The board as a text grid, one row per line, indented by `indent`.
    pub fn grid(&self, position: Position, indent: &str) -> String {
        let mut text = String::new();
        for row in self.render(position).split('/') {
            let cells: Vec<String> = row.chars().map(String::from).collect();
            let _ = writeln!(text, "{indent}{}", cells.join(" "));
        }
        text
    }

    /// Cells of a line mask as 1-based numbers joined by '-', e.g. `1-5-9`.
    pub fn line_name(&self, line: u32) -> String {
        (0..self.cells())
            .filter(|cell| line & (1 << cell) != 0)
            .map(|cell| (cell + 1).to_string())
            .collect::<Vec<_>>()
            .join("-")
    }

    /// The classes of first moves under the symmetries (1-based cells, each
    /// class sorted, classes ordered by their smallest cell).
    pub fn cell_classes(&self) -> Vec<Vec<usize>> {
        let mut classes: Vec<Vec<usize>> = Vec::new();
        for cell in 0..self.cells() {
            if classes.iter().any(|class| class.contains(&(cell + 1))) {
                continue;
            }
            let mut class: Vec<usize> = self
                .symmetries
                .iter()
                .map(|symmetry| symmetry.image[cell] + 1)
                .collect();
            class.sort_unstable();
            class.dedup();
            classes.push(class);
        }
        classes
    }
}

fn winning_lines(rows: usize, cols: usize, k: usize) -> Vec<u32> {
    let mut lines = Vec::new();
    // Directions: along a row, down a column, down-right, down-left.
    for (dr, dc) in [(0i64, 1i64), (1, 0), (1, 1), (1, -1)] {
        for row in 0..rows as i64 {
            for col in 0..cols as i64 {
                let end_row = row + dr * (k as i64 - 1);
                let end_col = col + dc * (k as i64 - 1);
                if end_row >= rows as i64 || end_col < 0 || end_col >= cols as i64 {
                    continue;
                }
                let mask = (0..k as i64)
                    .map(|step| ((row + dr * step) * cols as i64 + col + dc * step) as u32)
                    .fold(0u32, |mask, cell| mask | 1 << cell);
                lines.push(mask);
            }
        }
    }
    // k=1 counts each cell once per direction; one copy is enough.
    lines.sort_unstable();
    lines.dedup();
    lines
}

/// The symmetries of the rectangle (4), or of the square (8), deduplicated
/// as permutations (on a single row, flipping rows is the identity).
fn board_symmetries(rows: usize, cols: usize) -> Vec<Symmetry> {
    type CellMap = fn(usize, usize, usize, usize) -> (usize, usize);
    let mut maps: Vec<(&'static str, CellMap)> = vec![
        ("identity", |r, c, _, _| (r, c)),
        ("mirror left-right", |r, c, _, cols| (r, cols - 1 - c)),
        ("mirror top-bottom", |r, c, rows, _| (rows - 1 - r, c)),
        ("half turn", |r, c, rows, cols| (rows - 1 - r, cols - 1 - c)),
    ];
    if rows == cols {
        maps.extend::<[(&'static str, CellMap); 4]>([
            ("transpose", |r, c, _, _| (c, r)),
            ("anti-transpose", |r, c, rows, _| {
                (rows - 1 - c, rows - 1 - r)
            }),
            ("quarter turn clockwise", |r, c, rows, _| (c, rows - 1 - r)),
            ("quarter turn anticlockwise", |r, c, rows, _| {
                (rows - 1 - c, r)
            }),
        ]);
    }
    let mut symmetries: Vec<Symmetry> = Vec::new();
    for (name, map) in maps {
        let image: Vec<usize> = (0..rows * cols)
            .map(|cell| {
                let (r, c) = map(cell / cols, cell % cols, rows, cols);
                r * cols + c
            })
            .collect();
        if !symmetries.iter().any(|known| known.image == image) {
            symmetries.push(Symmetry::new(name, image));
        }
    }
    symmetries
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A symmetry's key tables give the key of the mapped position.
    #[test]
    fn image_keys_are_the_keys_of_the_images() {
        for (rows, cols) in [(3, 3), (3, 4), (4, 4), (2, 5)] {
            let board = Board::new(rows, cols, 2).unwrap();
            let cells = (rows * cols) as u32;
            // every cell X, O or empty by a simple generator, many positions
            let mut seed = 0x9e37_79b9u32;
            for _ in 0..2000 {
                let mut position = Position::EMPTY;
                for cell in 0..cells {
                    seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                    match seed >> 30 {
                        0 => position.x |= 1 << cell,
                        1 => position.o |= 1 << cell,
                        _ => {}
                    }
                }
                for symmetry in &board.symmetries {
                    let image = symmetry.map(position);
                    assert_eq!(symmetry.image_key(position), board.key(image));
                }
            }
        }
    }

    #[test]
    fn classic_board_has_the_eight_lines_and_eight_symmetries() {
        let board = Board::tictactoe();
        let mut names: Vec<String> = board.lines().iter().map(|&l| board.line_name(l)).collect();
        names.sort();
        assert_eq!(
            names,
            ["1-2-3", "1-4-7", "1-5-9", "2-5-8", "3-5-7", "3-6-9", "4-5-6", "7-8-9"]
        );
        assert_eq!(board.symmetries().len(), 8);
        for symmetry in board.symmetries() {
            let mut image = symmetry.image.clone();
            image.sort_unstable();
            assert_eq!(image, (0..9).collect::<Vec<_>>(), "{}", symmetry.name);
        }
    }

    #[test]
    fn line_counts_of_larger_boards() {
        // 4x4, k=4: 4 rows, 4 columns, 2 diagonals. k=3: 8 + 8 + 4 + 4.
        assert_eq!(Board::new(4, 4, 4).unwrap().lines().len(), 10);
        assert_eq!(Board::new(4, 4, 3).unwrap().lines().len(), 24);
        // 3x4, k=3: rows 3*2, columns 4*1, diagonals 2*2.
        assert_eq!(Board::new(3, 4, 3).unwrap().lines().len(), 14);
        assert_eq!(Board::new(3, 4, 3).unwrap().symmetries().len(), 4);
        assert_eq!(Board::new(1, 5, 1).unwrap().lines().len(), 5);
        assert_eq!(Board::new(1, 5, 2).unwrap().symmetries().len(), 2);
    }

    #[test]
    fn bad_sizes_are_errors_not_panics() {
        assert!(matches!(
            Board::new(3, 3, 4),
            Err(BoardError::KLargerThanBoard { .. })
        ));
        assert!(matches!(
            Board::new(0, 3, 1),
            Err(BoardError::NoCells { .. })
        ));
        assert!(matches!(Board::new(3, 3, 0), Err(BoardError::ZeroK)));
        assert!(matches!(
            Board::new(u64::MAX, u64::MAX, 3),
            Err(BoardError::TooManyCells { .. })
        ));
        assert!(matches!(
            Board::new(5, 5, 3),
            Err(BoardError::TooManyCells { .. })
        ));
    }

    #[test]
    fn key_orders_like_the_board_string() {
        let board = Board::tictactoe();
        let a = Position::EMPTY.after(&board, &[5, 1]).unwrap();
        let b = Position::EMPTY.after(&board, &[1, 5]).unwrap();
        let (ra, rb) = (board.render(a), board.render(b));
        assert_eq!(ra, "O../.X./...");
        assert_eq!(rb, "X../.O./...");
        assert_eq!(board.key(a) < board.key(b), ra < rb);
    }

    #[test]
    fn canonical_form_is_the_smallest_image_and_counts_the_orbit() {
        let board = Board::tictactoe();
        let corner = board.canonical(Position::EMPTY.after(&board, &[9]).unwrap());
        assert_eq!(board.render(corner.position), ".../.../..X");
        assert_eq!(corner.orbit, 4);
        let centre = board.canonical(Position::EMPTY.after(&board, &[5]).unwrap());
        assert_eq!(centre.orbit, 1);
        let original = Position::EMPTY.after(&board, &[1, 2]).unwrap();
        let canonical = board.canonical(original);
        assert_eq!(
            board.symmetries()[canonical.symmetry].map(original),
            canonical.position
        );
    }

    proptest::proptest! {
        /// Any position (legal or not) and any symmetry: the image has the
        /// same canonical form, the key orders like the board string, and
        /// orbit times stabiliser is the group's order.
        #[test]
        fn canonical_form_is_invariant_under_the_symmetries(
            shape in 0usize..4,
            cells in proptest::collection::vec(0u8..3, 16),
            symmetry in 0usize..8,
        ) {
            let (rows, cols) = [(3, 3), (3, 4), (4, 4), (2, 5)][shape];
            let board = Board::new(rows, cols, 2).unwrap();
            let mut position = Position::EMPTY;
            for (cell, &mark) in cells.iter().take(board.cells()).enumerate() {
                match mark {
                    1 => position.x |= 1 << cell,
                    2 => position.o |= 1 << cell,
                    _ => {}
                }
            }
            let symmetries = board.symmetries();
            let image = symmetries[symmetry % symmetries.len()].map(position);
            let canonical = board.canonical(position);
            proptest::prop_assert_eq!(board.canonical(image).position, canonical.position);
            proptest::prop_assert!(board.key(canonical.position) <= board.key(image));
            proptest::prop_assert_eq!(board.position_of_key(board.key(position)), position);
            proptest::prop_assert_eq!(
                board.key(position).cmp(&board.key(image)),
                board.render(position).cmp(&board.render(image))
            );
            let stabiliser = symmetries.iter().filter(|s| s.map(position) == position).count();
            proptest::prop_assert_eq!(usize::from(canonical.orbit) * stabiliser, symmetries.len());
        }
    }

    #[test]
    fn winner_and_threats() {
        let board = Board::tictactoe();
        let won = Position::EMPTY.after(&board, &[1, 4, 2, 5, 3]).unwrap();
        assert_eq!(board.winner(won), Some(Player::X));
        assert_eq!(board.outcome(won), Some(1));
        let open = Position::EMPTY.after(&board, &[1, 4, 2]).unwrap();
        assert_eq!(board.threats(open, Player::X), vec![2]);
        assert_eq!(Position::EMPTY.after(&board, &[1, 1]), None);
        assert_eq!(Position::EMPTY.after(&board, &[10]), None);
    }
}
