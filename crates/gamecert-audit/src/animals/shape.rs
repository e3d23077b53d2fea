//! The kernel's own polyomino arithmetic, independent of the producer's:
//! normalising, the 8 symmetries, canonical forms, containment, and free
//! polyomino enumeration by growth.

use std::collections::BTreeSet;

pub type Cell = (i64, i64);

/// The largest animal the kernel reads.
pub const MAX_CELLS: usize = 16;

/// Translates to least x = least y = 0 and sorts.
pub fn normalise(cells: &[Cell]) -> Vec<Cell> {
    let min_x = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let min_y = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut out: Vec<Cell> = cells.iter().map(|c| (c.0 - min_x, c.1 - min_y)).collect();
    out.sort_unstable();
    out
}

fn symmetry(k: usize, (x, y): Cell) -> Cell {
    match k {
        0 => (x, y),
        1 => (-y, x),
        2 => (-x, -y),
        3 => (y, -x),
        4 => (-x, y),
        5 => (x, -y),
        6 => (y, x),
        _ => (-y, -x),
    }
}

/// The distinct normalised orientations, in increasing order.
pub fn orientations(cells: &[Cell]) -> Vec<Vec<Cell>> {
    let set: BTreeSet<Vec<Cell>> = (0..8)
        .map(|k| {
            let moved: Vec<Cell> = cells.iter().map(|&c| symmetry(k, c)).collect();
            normalise(&moved)
        })
        .collect();
    set.into_iter().collect()
}

pub fn canonical(cells: &[Cell]) -> Vec<Cell> {
    orientations(cells).into_iter().next().unwrap_or_default()
}

/// Whether the cells are distinct and edge-connected (and not empty).
pub fn is_animal(cells: &[Cell]) -> bool {
    let set: BTreeSet<Cell> = cells.iter().copied().collect();
    if set.len() != cells.len() || cells.is_empty() {
        return false;
    }
    connected(&set)
}

fn connected(set: &BTreeSet<Cell>) -> bool {
    let Some(&start) = set.iter().next() else {
        return false;
    };
    let mut seen = BTreeSet::from([start]);
    let mut stack = vec![start];
    while let Some((x, y)) = stack.pop() {
        for n in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
            if set.contains(&n) && seen.insert(n) {
                stack.push(n);
            }
        }
    }
    seen.len() == set.len()
}

/// Whether removing `cell` leaves a connected animal.
pub fn connected_without(cells: &[Cell], cell: Cell) -> bool {
    let rest: BTreeSet<Cell> = cells.iter().copied().filter(|&c| c != cell).collect();
    connected(&rest)
}

/// Whether `big` contains a copy of `small` (any orientation, translation).
pub fn contains(big: &[Cell], small: &[Cell]) -> bool {
    let own: BTreeSet<Cell> = big.iter().copied().collect();
    orientations(small).iter().any(|o| {
        big.iter().any(|&target| {
            let shift = (target.0 - o[0].0, target.1 - o[0].1);
            o.iter()
                .all(|c| own.contains(&(c.0 + shift.0, c.1 + shift.1)))
        })
    })
}

/// Free polyominoes of 1..=max cells (entry k - 1: those of k cells),
/// canonical, in increasing order.
pub fn enumerate(max: usize) -> Vec<Vec<Vec<Cell>>> {
    let mut levels: Vec<Vec<Vec<Cell>>> = Vec::new();
    let mut current: BTreeSet<Vec<Cell>> = BTreeSet::from([vec![(0, 0)]]);
    for _ in 0..max {
        let mut next = BTreeSet::new();
        for animal in &current {
            let own: BTreeSet<Cell> = animal.iter().copied().collect();
            for &(x, y) in animal {
                for n in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
                    if !own.contains(&n) {
                        let mut grown = animal.clone();
                        grown.push(n);
                        next.insert(canonical(&grown));
                    }
                }
            }
        }
        levels.push(current.into_iter().collect());
        current = next;
    }
    levels
}

/// Reads [[x,y],...] as cells.
pub fn read_cells(value: &serde_json::Value) -> Option<Vec<Cell>> {
    value.as_array()?.iter().map(read_cell).collect()
}

pub fn read_cell(value: &serde_json::Value) -> Option<Cell> {
    let pair = value.as_array()?;
    match pair.as_slice() {
        [x, y] => {
            let (x, y) = (x.as_i64()?, y.as_i64()?);
            let limit = 1 << 20;
            (x.abs() < limit && y.abs() < limit).then_some((x, y))
        }
        _ => None,
    }
}

/// A cell list as `(0,0) (1,0) ...`, the atlas's name of an animal.
pub fn cell_list(cells: &[Cell]) -> String {
    let parts: Vec<String> = cells.iter().map(|(x, y)| format!("({x},{y})")).collect();
    parts.join(" ")
}

/// Reads `(0,0) (1,0) ...` back; None if malformed.
pub fn parse_cell_list(text: &str) -> Option<Vec<Cell>> {
    text.split_whitespace()
        .map(|item| {
            let inner = item.strip_prefix('(')?.strip_suffix(')')?;
            let (x, y) = inner.split_once(',')?;
            Some((x.parse().ok()?, y.parse().ok()?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_counts_grow_and_every_animal_is_canonical() {
        let levels = enumerate(6);
        for (k, level) in levels.iter().enumerate() {
            for animal in level {
                assert_eq!(animal.len(), k + 1);
                assert_eq!(&canonical(animal), animal);
                assert!(is_animal(animal));
            }
        }
        // growth never loses an animal: each of k cells contains one of k-1
        for pair in levels.windows(2) {
            for big in &pair[1] {
                assert!(pair[0].iter().any(|small| contains(big, small)));
            }
        }
    }

    #[test]
    fn cell_lists_round_trip() {
        let cells = vec![(0, 0), (1, 0), (-2, 3)];
        assert_eq!(parse_cell_list(&cell_list(&cells)), Some(cells));
        assert_eq!(parse_cell_list("(0,0) (1"), None);
    }
}
