//! The AND-OR search for a Maker strategy of at most h moves, with a
//! transposition table over normal forms (8 symmetries and translation).
//!
//! A strategy is found in the shape Lemma 3 needs: after Maker's move p,
//! the strategy against a passing Breaker (envelope T0) answers every reply
//! outside T0 (one reply class); each free cell of T0 not avoided by a child
//! found so far gets its own child. A pass never helps Breaker, so when the
//! passing Breaker cannot be beaten, no reply can be.

use super::library::Library;
use super::position::{Cell, Position, Target, Xform};
use super::table::Table;
use std::collections::HashMap;
use std::time::Instant;

/// Index of a strategy in [`Search::strategies`].
pub type StrategyId = usize;

/// A Maker strategy in the normal-form frame of the position it wins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Strategy {
    /// Maker completes P by taking p_j of the placement `place(P)`: base card j.
    Complete { j: usize, place: Xform },
    /// Maker takes `pivot`; each child is an earlier strategy placed by its
    /// transform, in the order found (the pass child first).
    Combine {
        pivot: Cell,
        children: Vec<(StrategyId, Xform)>,
    },
    /// A card of a given table, placed (library searches only).
    Card { card: u32, place: Xform },
}

/// A strategy with what its parents need: its envelope (every cell it may
/// take or requires, sorted) and its height (Maker moves, worst case).
#[derive(Debug, Clone)]
pub struct Found {
    pub strategy: Strategy,
    pub envelope: Vec<Cell>,
    pub height: u32,
}

/// What the table knows about a normal form.
#[derive(Debug, Clone, Copy, Default)]
struct Known {
    /// A strategy and its height.
    win: Option<(u32, StrategyId)>,
    /// No strategy of the generator's form wins within this many moves.
    lost_within: u32,
}

/// The search state: the target, the transposition table and every
/// strategy found (shared by all bounds of an iterative deepening).
pub struct Search {
    pub target: Target,
    pub strategies: Vec<Found>,
    table: Table<Known>,
    /// Positions expanded so far.
    pub expanded: u64,
    /// Stop (and report "unfinished") after this many expansions.
    pub limit: u64,
    pub stopped: bool,
    /// Library searches (`snaky improve`): the table's cards as moves and
    /// leaves (see [`super::library`]).
    pub library: Option<Library>,
    /// Accept only strategies whose envelope fits an N x N box.
    pub fit: Option<u32>,
    /// Confine every strategy to this box (lowest and highest cell); then
    /// positions are keyed as they are (no symmetry, no translation),
    /// since the box is not invariant under them.
    pub frame: Option<(Cell, Cell)>,
    /// Stop (and report "unfinished") at this instant.
    pub deadline: Option<Instant>,
    /// A progress line on stderr a second, under this label (none: silent).
    pub progress: Option<String>,
    started: Instant,
    reported: u64,
}

impl Search {
    pub fn new(target: Target, limit: u64) -> Search {
        Search {
            target,
            strategies: Vec::new(),
            table: Table::with_cap(crate::prove::default_memory()),
            expanded: 0,
            limit,
            stopped: false,
            library: None,
            fit: None,
            frame: None,
            deadline: None,
            progress: None,
            started: Instant::now(),
            reported: 0,
        }
    }

    /// At most one line a second: positions expanded and stored, and the rate.
    fn report(&mut self) {
        let Some(label) = &self.progress else {
            return;
        };
        let elapsed = self.started.elapsed();
        let seconds = elapsed.as_secs();
        if seconds <= self.reported {
            return;
        }
        self.reported = seconds;
        eprintln!(
            "{label}: {} positions expanded, {} stored, {:.0} a second",
            self.expanded,
            self.table_size(),
            self.expanded as f64 / elapsed.as_secs_f64().max(1e-9)
        );
    }

    /// Does an envelope fit the `fit` box (always, without one)?
    pub fn fits(&self, envelope: &[Cell]) -> bool {
        if let Some((low, high)) = self.frame {
            let inside =
                |c: &Cell| (low.0..=high.0).contains(&c.0) && (low.1..=high.1).contains(&c.1);
            if !envelope.iter().all(inside) {
                return false;
            }
        }
        let Some(n) = self.fit else {
            return true;
        };
        let span = |f: fn(&Cell) -> i32| {
            let min = envelope.iter().map(f).min().unwrap_or(0);
            let max = envelope.iter().map(f).max().unwrap_or(0);
            i64::from(max) - i64::from(min) + 1
        };
        span(|c| c.0) <= i64::from(n) && span(|c| c.1) <= i64::from(n)
    }

    /// The transposition table takes about `bytes` at most (before any
    /// search; the default is the prover's, a quarter of the machine's
    /// memory, at most 4 GiB).
    pub fn set_memory(&mut self, bytes: usize) {
        self.table = Table::with_cap(bytes);
    }

    /// Distinct normal forms stored.
    pub fn table_size(&self) -> usize {
        self.table.len()
    }

    /// A strategy winning `position` within `moves` Maker moves, placed into
    /// the position's frame; None when none of the generator's form exists
    /// (or the expansion limit was reached: see `stopped`).
    pub fn solve(&mut self, position: &Position, moves: u32) -> Option<(StrategyId, Xform)> {
        // A library card may not cover a Breaker stone the reduction would
        // drop (its reply class would then be wrong): keep them all.
        let position = if self.library.is_some() {
            position.reduced_maker(&self.target, moves)
        } else {
            position.reduced(&self.target, moves)
        };
        let (key, to_normal) = match self.frame {
            Some(_) => (position.key(), Xform::IDENTITY),
            None => position.canonical(),
        };
        let known = self.table.get(&key).unwrap_or_default();
        if let Some((height, id)) = known.win {
            if height <= moves {
                return Some((id, to_normal.inverse()));
            }
        }
        if known.lost_within >= moves || self.stopped {
            return None;
        }
        let normal = position.transformed(to_normal);
        let found = self.expand(&normal, moves);
        if self.stopped {
            return found.map(|id| (id, to_normal.inverse()));
        }
        match found {
            Some(id) => {
                let height = self.strategies[id].height;
                self.table
                    .update(key, |entry| entry.win = Some((height, id)));
            }
            None => self.table.update(key, |entry| {
                entry.lost_within = entry.lost_within.max(moves)
            }),
        }
        found.map(|id| (id, to_normal.inverse()))
    }

    fn push(&mut self, found: Found) -> StrategyId {
        self.strategies.push(found);
        self.strategies.len() - 1
    }

    /// Search `position` (in normal form) for a win within `moves`.
    fn expand(&mut self, position: &Position, moves: u32) -> Option<StrategyId> {
        self.expanded += 1;
        if self.expanded.is_multiple_of(64) {
            self.report();
        }
        let late =
            self.expanded.is_multiple_of(16) && self.deadline.is_some_and(|d| Instant::now() >= d);
        if self.expanded >= self.limit || late {
            self.stopped = true;
            return None;
        }
        let live = position.live_placements(&self.target, moves);
        if let Some(found) = self.completion(position, &live) {
            if self.fits(&found.envelope) {
                return Some(self.push(found));
            }
        }
        // One library look-up for the leaf and the candidates.
        let mut library_moves = None;
        if let Some(library) = &self.library {
            let fits = |envelope: &[Cell]| self.fits(envelope);
            let mut lookup = library.lookup(position);
            if let Some(found) = lookup.leaf(moves, &fits) {
                return Some(self.push(found));
            }
            if moves > 1 {
                library_moves = Some(lookup.candidates(&live));
            }
        }
        if moves <= 1 {
            return None;
        }
        let candidates = match library_moves {
            Some(candidates) => candidates,
            None => self.candidates(position, &live),
        };
        for pivot in candidates {
            if !self.fits(&[pivot]) {
                continue;
            }
            if let Some(found) = self.combine(position, pivot, moves) {
                return Some(self.push(found));
            }
            if self.stopped {
                return None;
            }
        }
        None
    }

    /// Maker's immediate win, if a live placement lacks one cell (or P is a
    /// single cell and the board is empty).
    fn completion(
        &self,
        position: &Position,
        live: &[super::position::Placement],
    ) -> Option<Found> {
        let (variant, offset) = match live
            .iter()
            .find(|p| p.free.len() == 1 && self.fits(&p.cells))
        {
            Some(p) => (p.variant, p.offset),
            None if self.target.len() == 1 && position.breaker.is_empty() => (0, (0, 0)),
            None => return None,
        };
        completion_of(&self.target, variant, offset, |c| position.is_maker(c))
    }

    /// Maker's candidate moves: the free cells of live placements, those in
    /// placements nearer completion first (the first move of the game is
    /// the origin: every cell of the empty board is alike).
    fn candidates(&self, position: &Position, live: &[super::position::Placement]) -> Vec<Cell> {
        if position.maker.is_empty() {
            return if position.breaker.is_empty() {
                vec![(0, 0)]
            } else {
                Vec::new()
            };
        }
        let mut score: HashMap<Cell, u64> = HashMap::new();
        let size = self.target.len() as u32;
        for placement in live {
            let weight = 1u64 << (4 * (size - placement.free.len() as u32)).min(60);
            for &cell in &placement.free {
                *score.entry(cell).or_default() += weight;
            }
        }
        let mut cells: Vec<(Cell, u64)> = score.into_iter().collect();
        cells.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        cells.into_iter().map(|(c, _)| c).collect()
    }

    /// Maker takes `pivot` with `moves` left: the pass child, then a child for
    /// each free cell of its envelope that no child found so far avoids.
    fn combine(&mut self, position: &Position, pivot: Cell, moves: u32) -> Option<Found> {
        let after = position.with_maker(pivot);
        let pass = self.solve(&after, moves - 1)?;
        let mut children = vec![pass];
        let mut placed = vec![self.placed_envelope(pass)];
        let replies: Vec<Cell> = placed[0]
            .iter()
            .copied()
            .filter(|&c| c != pivot && !after.is_maker(c))
            .collect();
        for reply in replies {
            if placed.iter().any(|env| env.binary_search(&reply).is_err()) {
                continue;
            }
            let child = self.solve(&after.with_breaker(reply), moves - 1)?;
            placed.push(self.placed_envelope(child));
            children.push(child);
        }
        let mut envelope: Vec<Cell> = placed.into_iter().flatten().collect();
        envelope.push(pivot);
        envelope.sort_unstable();
        envelope.dedup();
        if !self.fits(&envelope) {
            return None;
        }
        let height = 1 + children
            .iter()
            .map(|&(id, _)| self.strategies[id].height)
            .max()
            .unwrap_or(0);
        Some(Found {
            strategy: Strategy::Combine { pivot, children },
            envelope,
            height,
        })
    }

    fn placed_envelope(&self, (id, xform): (StrategyId, Xform)) -> Vec<Cell> {
        let mut cells: Vec<Cell> = self.strategies[id]
            .envelope
            .iter()
            .map(|&c| xform.apply(c))
            .collect();
        cells.sort_unstable();
        cells
    }

    /// The root of the game: Maker's first move at the origin of the empty
    /// board, as one Lemma 3 combination (a card line), within `moves`.
    pub fn root(&mut self, moves: u32) -> Option<StrategyId> {
        if moves < 2 {
            return None;
        }
        let empty = Position::default();
        if self.target.len() == 1 {
            // P is one cell: Maker's first move completes it (base card 0 at
            // the pivot); as a card line that is height 2.
            let leaf = self.push(Found {
                strategy: Strategy::Complete {
                    j: 0,
                    place: Xform::IDENTITY,
                },
                envelope: vec![(0, 0)],
                height: 1,
            });
            return Some(self.push(Found {
                strategy: Strategy::Combine {
                    pivot: (0, 0),
                    children: vec![(leaf, Xform::IDENTITY)],
                },
                envelope: vec![(0, 0)],
                height: 2,
            }));
        }
        let found = self.combine(&empty, (0, 0), moves)?;
        Some(self.push(found))
    }
}

/// Maker's completion of the placement of `variant` at `offset`: base
/// card j on its first cell that `is_maker` does not hold.
pub(crate) fn completion_of(
    target: &Target,
    variant: usize,
    offset: Cell,
    is_maker: impl Fn(Cell) -> bool,
) -> Option<Found> {
    let (code, cells) = &target.variants[variant];
    let placed: Vec<Cell> = cells
        .iter()
        .map(|&(x, y)| (x + offset.0, y + offset.1))
        .collect();
    let j = placed.iter().position(|&c| !is_maker(c))?;
    let mut envelope = placed;
    envelope.sort_unstable();
    Some(Found {
        strategy: Strategy::Complete {
            j,
            place: Xform {
                code: *code,
                offset,
            },
        },
        envelope,
        height: 1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn domino() -> Search {
        Search::new(Target::new(&[(0, 0), (0, 1)]), 1_000)
    }

    #[test]
    fn a_surrounded_stone_loses_and_the_loss_is_remembered() {
        let mut search = domino();
        let boxed = Position {
            maker: vec![(0, 0)],
            breaker: vec![(-1, 0), (0, -1), (0, 1), (1, 0)],
        };
        assert_eq!(search.solve(&boxed, 1), None);
        let expanded = search.expanded;
        // The same position, turned and moved: answered by the table.
        let turned = Position {
            maker: vec![(5, 5)],
            breaker: vec![(4, 5), (5, 4), (5, 6), (6, 5)],
        };
        assert_eq!(search.solve(&turned, 1), None);
        assert_eq!(search.expanded, expanded);
    }

    #[test]
    fn a_search_that_reaches_its_memory_cap_goes_on_to_the_same_answer() {
        // The Y pentomino's root at two bounds, with and without a cap
        // that forces drops: the same answers.
        let y = [(0, 0), (0, 1), (0, 2), (0, 3), (1, 1)];
        for moves in [5, 6] {
            let mut wide = Search::new(Target::new(&y), 1_000_000);
            let wide_root = wide.root(moves).map(|id| wide.strategies[id].height);
            let mut capped = Search::new(Target::new(&y), 1_000_000);
            capped.set_memory(16 << 10);
            let capped_root = capped.root(moves).map(|id| capped.strategies[id].height);
            assert!(!wide.stopped && !capped.stopped);
            assert_eq!(capped_root, wide_root, "h = {moves}");
            // The cap held fewer positions, and the dropped ones were
            // searched again.
            assert!(capped.table_size() < wide.table_size());
            assert!(capped.expanded > wide.expanded);
        }
    }

    #[test]
    fn the_domino_root_answers_the_pass_and_the_one_reply_inside_its_envelope() {
        let mut search = domino();
        let root = search.root(2).unwrap();
        let found = &search.strategies[root];
        assert_eq!(found.height, 2);
        let Strategy::Combine { pivot, children } = &found.strategy else {
            panic!("the root is a combination");
        };
        assert_eq!(*pivot, (0, 0));
        // The pass child completes a domino through the pivot; the reply on
        // its other cell needs a second completion: two reply classes.
        assert_eq!(children.len(), 2);
        let envelopes: Vec<Vec<Cell>> = children
            .iter()
            .map(|&child| search.placed_envelope(child))
            .collect();
        assert!(envelopes
            .iter()
            .all(|e| e.contains(&(0, 0)) && e.len() == 2));
        assert!(envelopes[1]
            .iter()
            .all(|c| *c == (0, 0) || !envelopes[0].contains(c)));
        assert_eq!(found.envelope.len(), 3);
        assert_eq!(search.root(1), None);
    }
}
