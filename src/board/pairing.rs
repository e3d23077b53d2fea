//! Pairing strategies: disjoint pairs of free cells such that every live
//! winning set contains a whole pair. The second player answers a cell with
//! its partner and the first player never completes a set.

use super::hypergraph::{members, Cells};

/// A pairing covering every set of `sets` (each given by its free cells),
/// found by bounded backtracking (`None` when there is none or the search
/// gives up after `limit` steps).
pub fn find(sets: &[Cells], limit: u64) -> Option<Vec<(usize, usize)>> {
    let mut sets: Vec<Cells> = sets.to_vec();
    sets.sort_unstable();
    sets.dedup();
    if sets.iter().any(|set| set.count_ones() < 2) {
        return None;
    }
    let mut pairs = Vec::new();
    let mut steps = 0;
    extend(&sets, 0, &mut pairs, &mut steps, limit).then_some(pairs)
}

/// The residual hypergraph of a position for the first player: the free
/// cells of every set with no second-player cell, minimal sets only (a set
/// containing another is met by any pair that meets the smaller one).
pub fn residual(sets: &[Cells], first: Cells, second: Cells, all: Cells) -> Vec<Cells> {
    let free = all & !(first | second);
    let mut live: Vec<Cells> = sets
        .iter()
        .filter(|&&set| set & second == 0)
        .map(|&set| set & free)
        .collect();
    live.sort_unstable_by_key(|set| (set.count_ones(), *set));
    live.dedup();
    let mut minimal: Vec<Cells> = Vec::with_capacity(live.len());
    for set in live {
        if !minimal.iter().any(|&small| small & !set == 0) {
            minimal.push(set);
        }
    }
    minimal
}

/// A pairing of the position's free cells meeting every set the first
/// player can still complete, within `limit` search steps.
pub fn find_residual(
    sets: &[Cells],
    first: Cells,
    second: Cells,
    all: Cells,
    limit: u64,
) -> Option<Vec<(usize, usize)>> {
    find(&residual(sets, first, second, all), limit)
}

#[cfg(test)]
fn covered(set: Cells, pairs: &[(usize, usize)]) -> bool {
    pairs
        .iter()
        .any(|&(a, b)| set >> a & 1 == 1 && set >> b & 1 == 1)
}

/// `uncovered`: the sets containing no pair yet, in their sorted order
/// (each step filters it by the new pair instead of rescanning all pairs).
fn extend(
    uncovered: &[Cells],
    used: Cells,
    pairs: &mut Vec<(usize, usize)>,
    steps: &mut u64,
    limit: u64,
) -> bool {
    *steps += 1;
    if *steps > limit {
        return false;
    }
    // The uncovered set with the fewest unpaired cells is the hardest.
    let mut hardest: Option<(u32, Cells)> = None;
    for &set in uncovered {
        let open = set & !used;
        let count = open.count_ones();
        if count < 2 {
            return false;
        }
        if hardest.is_none_or(|(best, _)| count < best) {
            hardest = Some((count, open));
        }
    }
    let Some((_, open)) = hardest else {
        return true;
    };
    let cells: Vec<usize> = members(open).collect();
    // Pairs meeting the most uncovered sets first (ties: cell order).
    let mut candidates: Vec<(usize, Cells, usize, usize)> = Vec::new();
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            let pair: Cells = 1 << a | 1 << b;
            let meets = uncovered.iter().filter(|&&set| set & pair == pair).count();
            candidates.push((meets, pair, a, b));
        }
    }
    candidates.sort_by(|x, y| y.0.cmp(&x.0).then((x.2, x.3).cmp(&(y.2, y.3))));
    for (_, pair, a, b) in candidates {
        let rest: Vec<Cells> = uncovered
            .iter()
            .copied()
            .filter(|&set| set & pair != pair)
            .collect();
        pairs.push((a, b));
        if extend(&rest, used | pair, pairs, steps, limit) {
            return true;
        }
        pairs.pop();
        if *steps > limit {
            return false;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::shape::Shape;

    #[test]
    fn brick_wall_pairs_the_square_on_ten_by_six() {
        let square = Shape::parse("(0,0) (1,0) (0,1) (1,1)").unwrap();
        let graph = square.board(10, 6).unwrap();
        let pairs = find(&graph.sets, 1_000_000).expect("a pairing exists");
        for &set in &graph.sets {
            assert!(covered(set, &pairs));
        }
        let cells: Vec<usize> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
        let mut distinct = cells.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), cells.len());
    }

    #[test]
    fn the_residual_keeps_minimal_live_sets_only() {
        // Sets {0,1,2}, {0,1,2,3}, {2,3,4}: the second player's cell 4 kills
        // the third, the second contains the first, the first player's cell
        // 0 is not free.
        let sets: Vec<Cells> = vec![0b00111, 0b01111, 0b11100];
        let residual = residual(&sets, 0b00001, 0b10000, 0b11111);
        assert_eq!(residual, vec![0b00110]);
        let pairs = find_residual(&sets, 0b00001, 0b10000, 0b11111, 100).expect("a pairing");
        assert_eq!(pairs, vec![(1, 2)]);
    }

    #[test]
    fn the_domino_has_no_pairing() {
        let graph = Shape::parse("domino").unwrap().board(3, 3).unwrap();
        assert!(find(&graph.sets, 1_000_000).is_none());
    }
}
