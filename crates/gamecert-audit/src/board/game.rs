//! A board certificate's game, rebuilt from its `board` object alone: the
//! winning sets (every placement of the polyomino, or every line of k), the
//! board symmetries that map the sets onto themselves, and the name the
//! certificate must carry.

use super::Cells;
use serde_json::Value;

/// Coordinates a shape's cells may take (the board has at most 128 cells,
/// so a shape that fits spans at most 128 in each direction).
const MAX_COORDINATE: i64 = 1024;

/// A shape's cells `(x, y)`.
type Shape = Vec<(i64, i64)>;

/// The shapes the kernel names, by their names in certificates: the
/// eleven small winners of Harary's table, then Snaky.
const NAMED: &[(&str, &[(i64, i64)])] = &[
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

/// A rectangle has at most eight symmetries (the square's dihedral group).
const MAX_SYMMETRIES: usize = 8;

/// A position with its images under every symmetry of the game, in the
/// order of [`Game::symmetries`]: a move adds one mapped cell to each, so
/// the replay keys a child without mapping all of its cells again (the
/// mapping was a third of the audit of the L pentomino's 7x7 table).
#[derive(Debug, Clone, Copy)]
pub(super) struct Imaged {
    pub(super) first: Cells,
    pub(super) second: Cells,
    images: [(Cells, Cells); MAX_SYMMETRIES],
}

pub(super) struct Game {
    pub(super) cells: usize,
    /// Cells a row (cell = y * width + x).
    pub(super) width: usize,
    pub(super) strong: bool,
    pub(super) sets: Vec<Cells>,
    pub(super) symmetries: Vec<Vec<usize>>,
    /// The name the certificate must carry, e.g. "L-pentomino on 6x6".
    pub(super) name: String,
}

impl Game {
    pub(super) fn all(&self) -> Cells {
        if self.cells == 128 {
            Cells::MAX
        } else {
            (1 << self.cells) - 1
        }
    }

    /// The image of `cells` under `symmetry`, visiting only the set bits.
    pub(super) fn map(&self, symmetry: &[usize], cells: Cells) -> Cells {
        let mut image = 0;
        let mut rest = cells;
        while rest != 0 {
            image |= 1 << symmetry[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        image
    }

    /// The least image of a position under the symmetries (the key a
    /// certificate must use for it).
    pub(super) fn canonical(&self, first: Cells, second: Cells) -> (Cells, Cells) {
        self.least_image(first, second).1
    }

    /// The least image and the symmetry that gives it (the identity is
    /// always one of the symmetries).
    pub(super) fn least_image(&self, first: Cells, second: Cells) -> (&[usize], (Cells, Cells)) {
        (self.symmetries.iter())
            .map(|s| (s.as_slice(), (self.map(s, first), self.map(s, second))))
            .min_by_key(|&(_, image)| image)
            .expect("the identity preserves every family")
    }

    /// `first` and `second` with their images under every symmetry.
    pub(super) fn imaged(&self, first: Cells, second: Cells) -> Imaged {
        let mut images = [(0, 0); MAX_SYMMETRIES];
        for (image, symmetry) in images.iter_mut().zip(&self.symmetries) {
            *image = (self.map(symmetry, first), self.map(symmetry, second));
        }
        Imaged {
            first,
            second,
            images,
        }
    }

    /// `position` after a move on `cell` (`by_first`: the first
    /// player's): every image gains the cell's image.
    pub(super) fn play(&self, position: &Imaged, cell: usize, by_first: bool) -> Imaged {
        let mut next = *position;
        let moved: Cells = 1 << cell;
        if by_first {
            next.first |= moved;
        } else {
            next.second |= moved;
        }
        for (image, symmetry) in next.images.iter_mut().zip(&self.symmetries) {
            let mapped: Cells = 1 << symmetry[cell];
            if by_first {
                image.0 |= mapped;
            } else {
                image.1 |= mapped;
            }
        }
        next
    }

    /// [`Game::least_image`] of an imaged position, from its images.
    pub(super) fn least_of(&self, position: &Imaged) -> (&[usize], (Cells, Cells)) {
        (self.symmetries.iter())
            .zip(position.images)
            .map(|(symmetry, image)| (symmetry.as_slice(), image))
            .min_by_key(|&(_, image)| image)
            .expect("the identity preserves every family")
    }

    pub(super) fn completes(&self, cells: Cells) -> bool {
        self.sets.iter().any(|&set| set & !cells == 0)
    }

    /// The cells `c` with `completes(cells | 1 << c)`: every cell when a
    /// set is complete already, else the one cell each set misses when it
    /// misses exactly one.
    pub(super) fn completing_cells(&self, cells: Cells) -> Cells {
        let mut completing = 0;
        for &set in &self.sets {
            let missing = set & !cells;
            match missing.count_ones() {
                0 => return Cells::MAX,
                1 => completing |= missing,
                _ => {}
            }
        }
        completing
    }

    /// Whether the first player, to move, completes a set with one more
    /// cell: a set holding no second-player cell misses exactly one cell
    /// (which is then free).
    pub(super) fn completes_next(&self, first: Cells, second: Cells) -> bool {
        (self.sets.iter()).any(|&set| set & second == 0 && (set & !first).count_ones() == 1)
    }

    /// Free cells of the relevant sets: the first player's sets (no second
    /// cell) missing at most `first_horizon` cells, and in the strong game
    /// the second player's (no first cell) missing at most
    /// `second_horizon`.
    pub(super) fn relevant(
        &self,
        first: Cells,
        second: Cells,
        first_horizon: u32,
        second_horizon: u32,
    ) -> Cells {
        let free = self.all() & !(first | second);
        let mut out = 0;
        for &set in &self.sets {
            let missing = (set & free).count_ones();
            if set & second == 0 && missing <= first_horizon {
                out |= set & free;
            }
            if self.strong && set & first == 0 && missing <= second_horizon {
                out |= set & free;
            }
        }
        out
    }
}

/// Parses the board and rebuilds its winning sets, symmetries and name.
pub(super) fn from_json(json: &Value) -> Result<Game, String> {
    let board = json.get("board").ok_or("no \"board\" object")?;
    let size = |field: &str| -> Result<usize, String> {
        board
            .get(field)
            .and_then(Value::as_u64)
            .filter(|&v| (1..=128).contains(&v))
            .map(|v| v as usize)
            .ok_or_else(|| format!("board.{field} is not a whole number 1..=128"))
    };
    let (width, height) = (size("width")?, size("height")?);
    if width * height > 128 {
        return Err(format!("a {width}x{height} board has more than 128 cells"));
    }
    let strong = match json.get("game").and_then(Value::as_str) {
        Some("weak") => false,
        Some("strong") => true,
        _ => return Err("\"game\" is neither \"weak\" nor \"strong\"".to_string()),
    };
    let (shapes, family_name) = family(board)?;
    let sets = placements(&shapes, width, height);
    if sets.is_empty() {
        return Err("no winning set fits on the board".to_string());
    }
    let symmetries = symmetries(width, height)
        .into_iter()
        .filter(|symmetry| preserves(symmetry, &sets, width * height))
        .collect();
    Ok(Game {
        cells: width * height,
        width,
        strong,
        sets,
        symmetries,
        name: format!("{family_name} on {width}x{height}"),
    })
}

/// The family's shapes (every orientation, normalised) and its name.
fn family(board: &Value) -> Result<(Vec<Shape>, String), String> {
    let object_fields: &[&str] = match board.get("family").and_then(Value::as_str) {
        Some("polyomino") => &["family", "width", "height", "cells"],
        Some("lines") => &["family", "width", "height", "k"],
        _ => return Err("board.family is neither \"polyomino\" nor \"lines\"".to_string()),
    };
    if let Some(field) = crate::unknown_fields(board, object_fields).next() {
        return Err(format!("board has an unknown field {field:?}"));
    }
    if board.get("family").and_then(Value::as_str) == Some("lines") {
        let k = board
            .get("k")
            .and_then(Value::as_u64)
            .filter(|&k| (1..=128).contains(&k))
            .ok_or("board.k is not a whole number 1..=128")? as i64;
        let mut lines: Vec<Shape> = [(1, 0), (0, 1), (1, 1), (1, -1)]
            .iter()
            .map(|&(dx, dy)| normalise((0..k).map(|i| (dx * i, dy * i)).collect()))
            .collect();
        lines.sort();
        lines.dedup();
        return Ok((lines, format!("{k} in a row")));
    }
    let cells = polyomino_cells(board)?;
    let shapes = orientations(&cells);
    let name = NAMED
        .iter()
        .find(|(_, named)| orientations(named) == shapes)
        .map_or_else(|| cells_text(&cells), |(name, _)| name.to_string());
    Ok((shapes, name))
}

/// The kernel's name of a shape (any orientation), if it is one of
/// [`NAMED`]: the name every certificate about it must carry.
pub(crate) fn shape_name(cells: &[(i64, i64)]) -> Option<&'static str> {
    let shapes = orientations(cells);
    NAMED
        .iter()
        .find(|(_, named)| orientations(named) == shapes)
        .map(|(name, _)| *name)
}

/// Every placement of every shape inside the board, as sorted distinct
/// cell sets; the shapes are normalised, so translations from the origin
/// reach every placement that fits.
fn placements(shapes: &[Vec<(i64, i64)>], width: usize, height: usize) -> Vec<Cells> {
    let mut sets = Vec::new();
    for shape in shapes {
        for ty in 0..height as i64 {
            for tx in 0..width as i64 {
                let placed: Option<Cells> = shape.iter().try_fold(0, |acc, &(x, y)| {
                    let (x, y) = (x + tx, y + ty);
                    let inside = x < width as i64 && y < height as i64;
                    inside.then(|| acc | 1 << (y as usize * width + x as usize))
                });
                sets.extend(placed);
            }
        }
    }
    sets.sort_unstable();
    sets.dedup();
    sets
}

fn preserves(symmetry: &[usize], sets: &[Cells], cells: usize) -> bool {
    let mut images: Vec<Cells> = sets
        .iter()
        .map(|&set| {
            (0..cells)
                .filter(|&c| set >> c & 1 == 1)
                .fold(0, |acc, c| acc | 1 << symmetry[c])
        })
        .collect();
    images.sort_unstable();
    images == sets
}

/// The shape's cells: distinct, edge-connected, with bounded coordinates.
fn polyomino_cells(board: &Value) -> Result<Vec<(i64, i64)>, String> {
    let list = board
        .get("cells")
        .and_then(Value::as_array)
        .ok_or("board.cells is not an array")?;
    if list.is_empty() || list.len() > 128 {
        return Err("board.cells must list 1..=128 cells".to_string());
    }
    let coordinate = |v: &Value| v.as_i64().filter(|v| v.abs() <= MAX_COORDINATE);
    let mut cells = Vec::new();
    for cell in list {
        let pair = cell.as_array().filter(|p| p.len() == 2);
        match pair.and_then(|p| Some((coordinate(&p[0])?, coordinate(&p[1])?))) {
            Some(xy) if cells.contains(&xy) => {
                return Err(format!("board.cells lists {cell} twice"));
            }
            Some(xy) => cells.push(xy),
            None => {
                return Err(format!(
                    "board.cells entry {cell} is not [x, y] with |x|, |y| <= {MAX_COORDINATE}"
                ))
            }
        }
    }
    if !connected(&cells) {
        return Err("board.cells is not edge-connected (not a polyomino)".to_string());
    }
    Ok(cells)
}

fn connected(cells: &[(i64, i64)]) -> bool {
    let mut reached = vec![cells[0]];
    let mut next = 0;
    while next < reached.len() {
        let (x, y) = reached[next];
        next += 1;
        for near in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
            if cells.contains(&near) && !reached.contains(&near) {
                reached.push(near);
            }
        }
    }
    reached.len() == cells.len()
}

/// The producer's name for a shape it does not name: its cells as written.
fn cells_text(cells: &[(i64, i64)]) -> String {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    let text: Vec<String> = sorted.iter().map(|(x, y)| format!("({x},{y})")).collect();
    text.join(" ")
}

/// Moves a cell set so that its least x and least y are 0, sorted.
fn normalise(mut cells: Vec<(i64, i64)>) -> Vec<(i64, i64)> {
    let min_x = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let min_y = cells.iter().map(|c| c.1).min().unwrap_or(0);
    for cell in &mut cells {
        *cell = (cell.0 - min_x, cell.1 - min_y);
    }
    cells.sort_unstable();
    cells
}

/// The distinct images of a cell set under rotation and reflection, each
/// normalised, sorted.
fn orientations(cells: &[(i64, i64)]) -> Vec<Vec<(i64, i64)>> {
    let mut out = Vec::new();
    for swap in [false, true] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let image = cells.iter().map(|&(x, y)| {
                    if swap {
                        (y * sx, x * sy)
                    } else {
                        (x * sx, y * sy)
                    }
                });
                out.push(normalise(image.collect()));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The grid's rotations and reflections as cell images (8 on a square, 4
/// otherwise); only those preserving the sets are kept by the caller.
fn symmetries(width: usize, height: usize) -> Vec<Vec<usize>> {
    let (w, h) = (width, height);
    let mut out = Vec::new();
    for transform in 0..8 {
        if w != h && transform >= 4 {
            break;
        }
        let image = (0..w * h)
            .map(|cell| {
                let (x, y) = (cell % w, cell / w);
                let (nx, ny) = match transform {
                    0 => (x, y),
                    1 => (w - 1 - x, y),
                    2 => (x, h - 1 - y),
                    3 => (w - 1 - x, h - 1 - y),
                    4 => (y, x),
                    5 => (h - 1 - y, x),
                    6 => (y, w - 1 - x),
                    _ => (h - 1 - y, w - 1 - x),
                };
                ny * w + nx
            })
            .collect();
        out.push(image);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Placements counted by brute force: every anchor cell and every
    /// orientation written out by hand-free enumeration over the board.
    fn brute_force_count(cells: &[(i64, i64)], width: i64, height: i64) -> usize {
        let mut found: Vec<Vec<i64>> = Vec::new();
        for rotation in 0..8 {
            for dx in -2 * width..2 * width {
                for dy in -2 * height..2 * height {
                    let mut placed: Vec<i64> = cells
                        .iter()
                        .map(|&(x, y)| {
                            let (x, y) = if rotation & 4 != 0 { (y, x) } else { (x, y) };
                            let x = if rotation & 1 != 0 { -x } else { x };
                            let y = if rotation & 2 != 0 { -y } else { y };
                            (x + dx, y + dy)
                        })
                        .filter(|&(x, y)| x >= 0 && y >= 0 && x < width && y < height)
                        .map(|(x, y)| y * width + x)
                        .collect();
                    if placed.len() == cells.len() {
                        placed.sort_unstable();
                        found.push(placed);
                    }
                }
            }
        }
        found.sort();
        found.dedup();
        found.len()
    }

    #[test]
    fn the_completing_cells_are_those_that_complete_a_set() {
        let json: Value = serde_json::json!({
            "board": {"family": "polyomino", "width": 4, "height": 2,
                      "cells": [[0, 0], [1, 0], [2, 0]]},
            "game": "strong"
        });
        let game = from_json(&json).unwrap();
        for cells in [0, 0b11, 0b101, 0b0011_0110, 0b0111, 0b1111_0000] {
            let completing = game.completing_cells(cells);
            for cell in 0..8 {
                let expected = game.completes(cells | 1 << cell);
                assert_eq!(completing >> cell & 1 == 1, expected, "{cells:#b} + {cell}");
            }
        }
    }

    #[test]
    fn a_played_position_keys_as_its_cells_do() {
        // A line of moves on the 5x5 L-tetromino board (eight
        // symmetries): the images kept move by move give the least image
        // mapped from scratch.
        let json: Value = serde_json::json!({
            "board": {"family": "polyomino", "width": 5, "height": 5,
                      "cells": [[0, 0], [1, 0], [2, 0], [2, 1]]},
            "game": "weak"
        });
        let game = from_json(&json).unwrap();
        assert_eq!(game.symmetries.len(), 8);
        let mut position = game.imaged(0, 0);
        for (turn, cell) in [7, 0, 24, 13, 2, 11, 20, 3].into_iter().enumerate() {
            position = game.play(&position, cell, turn % 2 == 0);
            let (first, second) = (position.first, position.second);
            let (symmetry, key) = game.least_of(&position);
            let (expected_symmetry, expected_key) = game.least_image(first, second);
            assert_eq!((symmetry, key), (expected_symmetry, expected_key));
        }
    }

    #[test]
    fn a_shape_far_from_the_origin_has_every_placement() {
        let near = [(0, 0), (1, 0), (2, 0), (3, 0)];
        let far = [(7, 11), (8, 11), (9, 11), (10, 11)];
        assert_eq!(placements(&orientations(&far), 6, 6).len(), 36);
        assert_eq!(
            placements(&orientations(&far), 6, 6),
            placements(&orientations(&near), 6, 6)
        );
        assert_eq!(brute_force_count(&far, 6, 6), 36);
    }

    #[test]
    fn a_completion_next_move_needs_a_set_free_of_second_cells() {
        // The straight tromino on a 4x1 strip: the sets {0,1,2}, {1,2,3}.
        let json = serde_json::json!({
            "game": "weak",
            "board": {"family": "polyomino", "width": 4, "height": 1,
                      "cells": [[0, 0], [1, 0], [2, 0]]},
        });
        let game = from_json(&json).unwrap();
        assert!(game.completes_next(0b0011, 0));
        assert!(game.completes_next(0b0011, 0b1000));
        // The one set the first player's two cells nearly fill is blocked.
        assert!(!game.completes_next(0b0011, 0b0100));
        // Two cells missing is not one.
        assert!(!game.completes_next(0b0001, 0));
        assert!(!game.completes_next(0b1001, 0));
    }

    #[test]
    fn every_named_shape_matches_the_brute_force_count() {
        for (name, cells) in NAMED {
            for (w, h) in [(1, 1), (3, 3), (4, 6), (7, 7), (8, 8)] {
                assert_eq!(
                    placements(&orientations(cells), w, h).len(),
                    brute_force_count(cells, w as i64, h as i64),
                    "{name} on {w}x{h}"
                );
            }
        }
    }
}
