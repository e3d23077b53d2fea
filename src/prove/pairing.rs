//! Breaker's pairing leaves: a pairing of the residual hypergraph
//! (disjoint pairs of free cells such that every set Maker can still
//! complete contains a whole pair), optionally after one Breaker move. The
//! second player answers a cell with its partner and the first player never
//! completes a set.
//!
//! Two finders, tried in turn: a bounded backtracking search (the hardest
//! set first, the pairs meeting the most sets first), which settles most
//! positions in microseconds, then CaDiCaL on a formula, which finds a
//! pairing the backtracking misses but costs milliseconds a call, so the
//! prover asks it only near the root. Either may give up (a step or
//! conflict limit); giving up only costs the prover a deeper search.
//!
//! The formula: a variable per candidate pair (two cells of one residual
//! set) and, with a reply, per candidate reply cell; each residual set
//! needs one of its pairs or the reply inside it; each cell is in at most
//! one chosen pair or is the reply (a ladder at-most-one); exactly one
//! reply when a reply is asked for.

use super::hypergraph::{members, Cells};
use rustsat::encodings::am1::{Encode, Ladder};
use rustsat::instances::{BasicVarManager, Cnf, ManageVars};
use rustsat::solvers::{LimitConflicts, Solve, SolverResult};
use rustsat::types::{Clause, Lit, TernaryVal};
use std::collections::BTreeMap;

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

/// How hard to look.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effort {
    /// Steps of the backtracking search for a pairing as the sets stand.
    pub steps: u64,
    /// Steps of the backtracking search after each candidate reply.
    pub reply_steps: u64,
    /// How many candidate replies the backtracking tries (those in the
    /// most residual sets first).
    pub replies: usize,
    /// Whether CaDiCaL is asked when the backtracking finds nothing.
    pub sat: bool,
}

impl Effort {
    /// Inside the search: cheap. A reply is tried with 50 steps: most
    /// pairings that exist take fewer (on Snaky 7x7 the median is 15), and
    /// a second-player node tries the candidate replies one by one, so the
    /// failures cost the most; on Snaky 8x8 the prover took 2.6 s with 50
    /// steps a reply, 3.3 s with 150, 9.3 s with 2,000. Only the 16 replies
    /// in the most residual sets are tried: on Snaky 10x6 the backtracking
    /// took 94% of the time with every reply, and the cap doubles the nodes
    /// searched a second (docs/prover.md).
    pub const QUICK: Effort = Effort {
        steps: 2_000,
        reply_steps: 50,
        replies: 16,
        sat: false,
    };
    /// Near the root: both finders.
    pub const THOROUGH: Effort = Effort {
        steps: 2_000,
        reply_steps: 2_000,
        replies: usize::MAX,
        sat: true,
    };
}

/// A pairing meeting every set of `residual`, if one is found.
pub fn find(residual: &[Cells], effort: Effort) -> Option<Vec<(usize, usize)>> {
    if let Some(pairs) = backtrack(residual, effort.steps) {
        return Some(pairs);
    }
    if !effort.sat {
        return None;
    }
    find_by_sat(residual)
}

/// A pairing of `residual` from CaDiCaL alone (for a caller whose
/// backtracking has already found none).
pub fn find_by_sat(residual: &[Cells]) -> Option<Vec<(usize, usize)>> {
    solve(residual, false).map(|(_, pairs)| pairs)
}

/// A second-player move and a pairing of what is left after it, if one is
/// found. The move is a free cell of some residual set.
pub fn find_with_reply(residual: &[Cells], effort: Effort) -> Option<(usize, Vec<(usize, usize)>)> {
    if let Some(found) = replies_with_pairings(residual, effort, 1).pop() {
        return Some(found);
    }
    if !effort.sat {
        return None;
    }
    let (reply, pairs) = solve(residual, true)?;
    reply.map(|cell| (cell, pairs))
}

/// Up to `most` second-player moves, each with a pairing of what is left
/// after it, from the backtracking alone (the replies in the most residual
/// sets first, each with `effort.reply_steps`).
pub fn replies_with_pairings(
    residual: &[Cells],
    effort: Effort,
    most: usize,
) -> Vec<(usize, Vec<(usize, usize)>)> {
    let union = residual.iter().fold(0, |acc, &set| acc | set);
    let mut replies: Vec<(usize, usize)> = members(union)
        .map(|cell| {
            (
                residual.iter().filter(|&&set| set >> cell & 1 == 1).count(),
                cell,
            )
        })
        .collect();
    replies.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut found = Vec::new();
    // One search's buffers serve every reply (a second-player node tries
    // up to 16): the later replies reuse the memory the first ones grew.
    let mut search = Backtrack::default();
    for &(_, cell) in replies.iter().take(effort.replies) {
        let rest = residual
            .iter()
            .copied()
            .filter(|&set| set >> cell & 1 == 0)
            .map(|set| set & !(1 << cell));
        if let Some(pairs) = search.run(rest, effort.reply_steps) {
            found.push((cell, pairs));
            if found.len() == most {
                break;
            }
        }
    }
    found
}

/// The pairing of a position's residual sets, if one is found.
pub fn find_residual(
    sets: &[Cells],
    first: Cells,
    second: Cells,
    all: Cells,
    effort: Effort,
) -> Option<Vec<(usize, usize)>> {
    find(&residual(sets, first, second, all), effort)
}

fn backtrack(residual: &[Cells], limit: u64) -> Option<Vec<(usize, usize)>> {
    Backtrack::default().run(residual.iter().copied(), limit)
}

/// The search keeps its state in stacks, so a step allocates nothing:
/// `sets[start..top]` are the sets still uncovered at the current depth
/// (each depth writes its own above its parent's and gives the space back
/// on return; the vector only grows, so `top`, not its length, is the
/// stack's height), and `candidates` the pairs each depth tries, in order.
#[derive(Default)]
struct Backtrack {
    steps: u64,
    limit: u64,
    pairs: Vec<(usize, usize)>,
    sets: Vec<Cells>,
    top: usize,
    candidates: Vec<(usize, u8, u8)>,
    /// Scratch for `push_candidates`: how many uncovered sets meet the
    /// hardest set's open cells in each subset of them (by the cells'
    /// ranks), then how many meet each pair of them.
    subsets: Vec<u32>,
    meets: Vec<u32>,
}

/// Hardest sets with more open cells than this count their candidate
/// pairs one set at a time, not by subsets.
const SUBSET_WIDTH: usize = 8;

impl Backtrack {
    /// A pairing of `residual`'s sets within `limit` steps.
    fn run(
        &mut self,
        residual: impl Iterator<Item = Cells>,
        limit: u64,
    ) -> Option<Vec<(usize, usize)>> {
        self.steps = 0;
        self.limit = limit;
        self.pairs.clear();
        self.candidates.clear();
        self.sets.clear();
        self.sets.extend(residual);
        self.sets.sort_unstable();
        self.sets.dedup();
        self.top = self.sets.len();
        let open = self.hardest(0, self.top, 0);
        self.extend(0, 0, open).then(|| self.pairs.clone())
    }

    /// Covers the sets `self.sets[start..self.top]` (those with no pair
    /// yet) with pairs of cells outside `used`; `open` is what `hardest`
    /// says of them.
    fn extend(&mut self, start: usize, used: Cells, open: Option<Cells>) -> bool {
        self.steps += 1;
        if self.steps > self.limit {
            return false;
        }
        let Some(open) = open else {
            return false;
        };
        if open == 0 {
            return true;
        }
        let end = self.top;
        let first = self.candidates.len();
        self.push_candidates(start, end, open);
        let last = self.candidates.len();
        for index in first..last {
            let (_, a, b) = self.candidates[index];
            let pair: Cells = 1 << a | 1 << b;
            let child = self.push_uncovered(start, end, pair, used | pair);
            self.pairs.push((usize::from(a), usize::from(b)));
            if self.extend(end, used | pair, child) {
                return true;
            }
            self.pairs.pop();
            self.top = end;
            if self.steps > self.limit {
                break;
            }
        }
        self.candidates.truncate(first);
        false
    }

    /// The open cells of the uncovered set with the fewest (the hardest);
    /// `Some(0)` when every set is covered, `None` when one cannot be.
    fn hardest(&self, start: usize, end: usize, used: Cells) -> Option<Cells> {
        let mut hardest = Hardest::NONE;
        for &set in &self.sets[start..end] {
            hardest.meet(set & !used)?;
        }
        Some(hardest.open)
    }

    /// Writes the sets of `self.sets[start..end]` that `pair` leaves
    /// uncovered above `end` (the new `top`) and returns what
    /// `hardest(end, top, used)` would say of them, in the same pass; it
    /// stops at a set that can no longer be covered (the caller resets
    /// `top`).
    fn push_uncovered(
        &mut self,
        start: usize,
        end: usize,
        pair: Cells,
        used: Cells,
    ) -> Option<Cells> {
        let needed = end + (end - start);
        if self.sets.len() < needed {
            self.sets.resize(needed, 0);
        }
        let (below, above) = self.sets.split_at_mut(end);
        let mut hardest = Hardest::NONE;
        let mut kept = 0;
        for &set in &below[start..] {
            if set & pair == pair {
                continue;
            }
            hardest.meet(set & !used)?;
            above[kept] = set;
            kept += 1;
        }
        self.top = end + kept;
        Some(hardest.open)
    }

    /// The pairs of `open`, those meeting the most uncovered sets first
    /// (ties: cell order). One pass over the sets counts every pair at
    /// once: each set that meets `open` in two cells or more adds one to
    /// the subset it meets (most sets meet it in fewer), and each subset
    /// then adds its count to its pairs.
    fn push_candidates(&mut self, start: usize, end: usize, open: Cells) {
        let width = open.count_ones() as usize;
        self.meets.clear();
        self.meets.resize(width * width, 0);
        if width <= SUBSET_WIDTH {
            self.count_by_subsets(start, end, open);
        } else {
            self.count_by_sets(start, end, open);
        }
        let first = self.candidates.len();
        for (index_a, a) in members(open).enumerate() {
            let above = open & !(Cells::MAX >> (127 - a));
            for (offset, b) in members(above).enumerate() {
                let meets = self.meets[index_a * width + index_a + 1 + offset] as usize;
                self.candidates.push((meets, a as u8, b as u8));
            }
        }
        self.candidates[first..]
            .sort_unstable_by(|x, y| y.0.cmp(&x.0).then((x.1, x.2).cmp(&(y.1, y.2))));
    }

    /// `meets[i * width + j]`: the sets of `sets[start..end]` holding the
    /// i-th and j-th cells of `open`, counted by the subsets of `open`
    /// the sets meet (`open` has at most [`SUBSET_WIDTH`] cells).
    fn count_by_subsets(&mut self, start: usize, end: usize, open: Cells) {
        let width = open.count_ones() as usize;
        let mut rank = [0u8; 128];
        for (index, cell) in members(open).enumerate() {
            rank[cell] = index as u8;
        }
        self.subsets.clear();
        self.subsets.resize(1 << width, 0);
        for &set in &self.sets[start..end] {
            let inside = set & open;
            if inside & (inside.wrapping_sub(1)) == 0 {
                continue;
            }
            let subset = members(inside).fold(0usize, |bits, cell| bits | 1 << rank[cell]);
            self.subsets[subset] += 1;
        }
        for (subset, &count) in self.subsets.iter().enumerate() {
            if count == 0 {
                continue;
            }
            for i in (0..width).filter(|&i| subset >> i & 1 == 1) {
                for j in (i + 1..width).filter(|&j| subset >> j & 1 == 1) {
                    self.meets[i * width + j] += count;
                }
            }
        }
    }

    /// The same counts, one set at a time (for a wide `open`).
    fn count_by_sets(&mut self, start: usize, end: usize, open: Cells) {
        let width = open.count_ones() as usize;
        let rank = |cell: usize| (open & ((1 << cell) - 1)).count_ones() as usize;
        for &set in &self.sets[start..end] {
            let inside = set & open;
            if inside & (inside.wrapping_sub(1)) == 0 {
                continue;
            }
            for a in members(inside) {
                let row = rank(a) * width;
                for b in members(inside & !(Cells::MAX >> (127 - a))) {
                    self.meets[row + rank(b)] += 1;
                }
            }
        }
    }
}

/// The uncovered set with the fewest open cells met so far (the first of
/// them), kept in two plain words so the passes over the sets keep it in
/// registers.
struct Hardest {
    count: u32,
    open: Cells,
}

impl Hardest {
    const NONE: Hardest = Hardest {
        count: u32::MAX,
        open: 0,
    };

    /// Meets a set's open cells; `None` when it has fewer than two.
    #[inline(always)]
    fn meet(&mut self, open: Cells) -> Option<()> {
        let count = open.count_ones();
        if count < 2 {
            return None;
        }
        if count < self.count {
            self.count = count;
            self.open = open;
        }
        Some(())
    }
}

/// Conflicts allowed to one CaDiCaL call: proving that no pairing exists
/// is a pigeonhole-like question the solver can take long over.
pub const CONFLICTS: u32 = 20_000;

type Solution = (Option<usize>, Vec<(usize, usize)>);

fn solve(residual: &[Cells], with_reply: bool) -> Option<Solution> {
    if residual.iter().any(|set| set.count_ones() == 0) {
        return None;
    }
    if !with_reply && residual.iter().any(|set| set.count_ones() < 2) {
        return None;
    }
    if residual.is_empty() {
        return Some((None, Vec::new()));
    }
    let formula = Formula::new(residual, with_reply);
    let mut solver = rustsat_cadical::CaDiCaL::default();
    solver.limit_conflicts(Some(CONFLICTS)).ok()?;
    solver.add_cnf(formula.cnf.clone()).ok()?;
    match solver.solve().ok()? {
        SolverResult::Sat => {}
        _ => return None,
    }
    let chosen = |lit: Lit| matches!(solver.lit_val(lit), Ok(TernaryVal::True));
    let reply = formula
        .replies
        .iter()
        .find(|&(_, &lit)| chosen(lit))
        .map(|(&cell, _)| cell);
    let pairs = formula
        .pairs
        .iter()
        .filter(|&(_, &lit)| chosen(lit))
        .map(|(&pair, _)| pair)
        .collect();
    Some((reply, pairs))
}

struct Formula {
    cnf: Cnf,
    /// Candidate pairs `(a, b)`, `a < b`, in order, with their variables.
    pairs: BTreeMap<(usize, usize), Lit>,
    replies: BTreeMap<usize, Lit>,
}

impl Formula {
    fn new(residual: &[Cells], with_reply: bool) -> Formula {
        let mut vars = BasicVarManager::default();
        let mut pairs = BTreeMap::new();
        for &set in residual {
            let cells: Vec<usize> = members(set).collect();
            for (i, &a) in cells.iter().enumerate() {
                for &b in &cells[i + 1..] {
                    pairs
                        .entry((a, b))
                        .or_insert_with(|| vars.new_var().pos_lit());
                }
            }
        }
        let mut replies = BTreeMap::new();
        if with_reply {
            let union = residual.iter().fold(0, |acc, &set| acc | set);
            for cell in members(union) {
                replies.insert(cell, vars.new_var().pos_lit());
            }
        }
        let mut cnf = Cnf::new();
        for &set in residual {
            let inside = pairs
                .iter()
                .filter(|(&(a, b), _)| set >> a & 1 == 1 && set >> b & 1 == 1)
                .map(|(_, &lit)| lit);
            let reply = members(set).filter_map(|cell| replies.get(&cell).copied());
            cnf.add_clause(inside.chain(reply).collect::<Clause>());
        }
        let mut uses: BTreeMap<usize, Vec<Lit>> = BTreeMap::new();
        for (&(a, b), &lit) in &pairs {
            uses.entry(a).or_default().push(lit);
            uses.entry(b).or_default().push(lit);
        }
        for (&cell, &lit) in &replies {
            uses.entry(cell).or_default().push(lit);
        }
        let mut groups: Vec<Vec<Lit>> = uses.into_values().collect();
        if with_reply {
            let all: Vec<Lit> = replies.values().copied().collect();
            cnf.add_clause(all.iter().copied().collect::<Clause>());
            groups.push(all);
        }
        for lits in groups.into_iter().filter(|lits| lits.len() > 1) {
            // The ladder cannot fail on a `Cnf` (it grows in memory).
            let _ = Ladder::from(lits).encode(&mut cnf, &mut vars);
        }
        Formula {
            cnf,
            pairs,
            replies,
        }
    }
}

/// Whether `pairs` (and `reply`, when given) are distinct cells and every
/// residual set holds the reply or a whole pair: the tests' check of a
/// pairing.
#[cfg(test)]
pub(crate) fn covers(residual: &[Cells], pairs: &[(usize, usize)], reply: Option<usize>) -> bool {
    let cells: Vec<usize> = pairs
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .chain(reply)
        .collect();
    let mut distinct = cells.clone();
    distinct.sort_unstable();
    distinct.dedup();
    distinct.len() == cells.len()
        && residual.iter().all(|&set| {
            reply.is_some_and(|cell| set >> cell & 1 == 1)
                || pairs
                    .iter()
                    .any(|&(a, b)| set >> a & 1 == 1 && set >> b & 1 == 1)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::shape::Shape;

    #[test]
    fn brick_wall_pairs_the_square_on_ten_by_six() {
        let square = Shape::parse("(0,0) (1,0) (0,1) (1,1)").unwrap();
        let graph = square.board(10, 6).unwrap();
        let pairs = find(&graph.sets, Effort::THOROUGH).expect("a pairing exists");
        assert!(covers(&graph.sets, &pairs, None));
    }

    #[test]
    fn the_domino_has_no_pairing_but_one_reply_settles_a_single_domino() {
        let graph = Shape::parse("domino").unwrap().board(3, 3).unwrap();
        assert!(find(&graph.sets, Effort::THOROUGH).is_none());
        // Two dominoes sharing cell 1: a reply there leaves nothing to pair.
        let (reply, pairs) = find_with_reply(&[0b011, 0b110], Effort::QUICK).expect("reply at 1");
        assert_eq!((reply, pairs.is_empty()), (1, true));
    }

    #[test]
    fn the_residual_keeps_minimal_live_sets_only() {
        let sets: Vec<Cells> = vec![0b00111, 0b01111, 0b11100];
        let residual = residual(&sets, 0b00001, 0b10000, 0b11111);
        assert_eq!(residual, vec![0b00110]);
        assert_eq!(find(&residual, Effort::QUICK), Some(vec![(1, 2)]));
    }

    #[test]
    fn a_reply_pairing_exists_exactly_when_some_reply_leaves_a_pairing() {
        let graph = Shape::parse("L-tromino").unwrap().board(4, 3).unwrap();
        let all = graph.all();
        for first in 0..12usize {
            let residual = residual(&graph.sets, 1 << first, 0, all);
            let by_reply = (0..12).filter(|&cell| cell != first).any(|cell| {
                find_residual(&graph.sets, 1 << first, 1 << cell, all, Effort::THOROUGH).is_some()
            });
            for effort in [Effort::QUICK, Effort::THOROUGH] {
                let found = find_with_reply(&residual, effort);
                assert_eq!(found.is_some(), by_reply, "first stone {first}");
                if let Some((reply, pairs)) = found {
                    assert!(covers(&residual, &pairs, Some(reply)));
                }
            }
        }
    }

    #[test]
    fn candidate_pairs_are_counted_as_one_pass_a_pair_would_count_them() {
        let graph = Shape::parse("snaky").unwrap().board(7, 6).unwrap();
        let sets = residual(&graph.sets, 1 << 17 | 1 << 24, 1 << 18, graph.all());
        let mut search = Backtrack {
            top: sets.len(),
            sets: sets.clone(),
            ..Backtrack::default()
        };
        // The sets themselves (counted by subsets) and unions of two
        // (some wider than SUBSET_WIDTH, counted set by set).
        let unions = sets.windows(7).map(|w| w[0] | w[6]);
        let opens: Vec<Cells> = sets
            .iter()
            .copied()
            .take(40)
            .chain(unions.take(40))
            .collect();
        assert!(opens.iter().any(|o| o.count_ones() as usize > SUBSET_WIDTH));
        for &open in &opens {
            search.candidates.clear();
            search.push_candidates(0, sets.len(), open);
            let mut expected: Vec<(usize, u8, u8)> = Vec::new();
            for a in members(open) {
                for b in members(open).filter(|&b| b > a) {
                    let pair: Cells = 1 << a | 1 << b;
                    let meets = sets.iter().filter(|&&set| set & pair == pair).count();
                    expected.push((meets, a as u8, b as u8));
                }
            }
            expected.sort_by(|x, y| y.0.cmp(&x.0).then((x.1, x.2).cmp(&(y.1, y.2))));
            assert_eq!(search.candidates, expected);
        }
    }
}
