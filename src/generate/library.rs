//! A certified card table as the generator's move source (`snaky improve`,
//! `snaky board`): at Maker's turn the candidate moves are the pivots of
//! every placement of every table card whose required set A Maker owns and
//! whose envelope T Breaker avoids (so Maker may switch between cards), and
//! such a placement with h <= the moves left is a leaf win.
//!
//! Cards with A = ∅ are left out: they can be placed anywhere, and the
//! search's root (Maker's first move) is where a fresh strategy starts.

use super::position::{orient, Cell, Placement, Position, Xform};
use super::search::{Found, Strategy};
use crate::snaky::evaluate::Evaluation;
use lookup::{wide, Anchors, Bitmap, Patterns};
use std::sync::Arc;

mod lookup;

/// One orientation of a card, in the card's frame turned by `code`.
#[derive(Debug, Clone)]
struct Oriented {
    code: u8,
    /// A, sorted; its first cell anchors placements on Maker's stones.
    required: Vec<Cell>,
    envelope: Vec<Cell>,
    /// T as a bitmap; None for an envelope too wide for one (then T is
    /// tested cell by cell).
    shape: Option<Bitmap>,
    pivot: Cell,
}

/// Every card is tried in the 8 orientations of the grammar.
const ORIENTATIONS: usize = 8;

impl Oriented {
    fn new(code: u8, required: &[Cell], envelope: &[Cell], pivot: Cell) -> Oriented {
        let turn = |cells: &[Cell]| sorted(cells.iter().map(|&c| orient(code, c)).collect());
        let envelope = turn(envelope);
        Oriented {
            code,
            required: turn(required),
            shape: Bitmap::new(&envelope),
            envelope,
            pivot: orient(code, pivot),
        }
    }

    /// A's cells other than the anchor, relative to it.
    fn others(&self) -> Vec<Cell> {
        let anchor = self.required[0];
        self.required[1..]
            .iter()
            .map(|&(x, y)| (x - anchor.0, y - anchor.1))
            .collect()
    }
}

#[derive(Debug, Clone)]
struct LibraryCard {
    /// The card line, or None for an inline node (a move source only: the
    /// grammar cannot reference it).
    card: Option<u32>,
    height: u32,
    orientations: Vec<Oriented>,
}

/// A card placed on the board: its number, height, placement, the placed
/// pivot and envelope.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacedCard {
    pub card: Option<u32>,
    pub height: u32,
    pub place: Xform,
    pub pivot: Cell,
    pub envelope: Vec<Cell>,
}

/// Which of Maker's moves a library search tries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Moves {
    /// The pivots of the table's card lines (the model).
    #[default]
    Cards,
    /// Also the pivots of the lines' inline nodes.
    Nodes,
    /// Also every free cell of a live placement (the generator's own moves),
    /// after the pivots.
    All,
}

/// The table's card lines (and, for [`Moves::Nodes`], inline nodes) with
/// A != ∅, lowest height first. Shared, not copied, by clones (every
/// search unit takes one).
#[derive(Debug, Clone, Default)]
pub struct Library {
    cards: Arc<Vec<LibraryCard>>,
    /// The shapes of A's cells other than the anchor, relative to it (many
    /// orientations share one).
    patterns: Arc<Patterns>,
    /// Each orientation's pattern, card by card (8 per card): read for
    /// every orientation on every position, so kept apart and compact.
    pattern_of: Arc<Vec<u32>>,
    pub moves: Moves,
}

fn sorted(mut cells: Vec<Cell>) -> Vec<Cell> {
    cells.sort_unstable();
    cells.dedup();
    cells
}

impl Library {
    /// Every card line of an evaluated table (base cards excluded: the
    /// generator completes P itself).
    pub fn from_evaluation(evaluation: &Evaluation, moves: Moves) -> Library {
        let window = &evaluation.window;
        let mut cards = Vec::new();
        for node in &evaluation.nodes {
            let inline = !node.path.is_empty();
            if inline && moves == Moves::Cards {
                continue;
            }
            let condition = &node.condition;
            let card = (!inline).then_some(node.card);
            let as_cells =
                |set| -> Vec<Cell> { window.to_vec(set).into_iter().map(|c| (c.x, c.y)).collect() };
            let required = as_cells(&condition.required);
            if required.is_empty() {
                continue;
            }
            let envelope = as_cells(&condition.envelope);
            let pivot = (node.pivot.x, node.pivot.y);
            let orientations = (0..8u8)
                .map(|code| Oriented::new(code, &required, &envelope, pivot))
                .collect();
            cards.push(LibraryCard {
                card,
                height: condition.height,
                orientations,
            });
        }
        // Lower cards first: their pivots are tried first, their leaves win.
        cards.sort_by_key(|c| (c.height, c.card.is_none(), c.card));
        let mut patterns = Patterns::default();
        let pattern_of = cards
            .iter()
            .flat_map(|card| &card.orientations)
            .map(|oriented| patterns.intern(&oriented.others()))
            .collect();
        Library {
            cards: Arc::new(cards),
            patterns: Arc::new(patterns),
            pattern_of: Arc::new(pattern_of),
            moves,
        }
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Every placement of every card with A on Maker's stones and T free of
    /// Breaker, in library order (then orientation, then anchor stone).
    pub fn placements<'a>(
        &'a self,
        position: &'a Position,
    ) -> impl Iterator<Item = PlacedCard> + 'a {
        self.hits(position).map(|hit| hit.placed())
    }

    /// [`Library::placements`] without building the placed envelopes,
    /// which most callers never read.
    fn hits<'a>(&'a self, position: &'a Position) -> Hits<'a> {
        Hits {
            library: self,
            position,
            anchors: Anchors::new(&position.maker, &self.patterns),
            card: 0,
            oriented: 0,
            stone: 0,
        }
    }

    /// One position's look-up, for [`Lookup::leaf`] then
    /// [`Lookup::candidates`]: the placements are found once for both.
    pub fn lookup<'a>(&'a self, position: &'a Position) -> Lookup<'a> {
        Lookup {
            hits: self.hits(position),
            found: Vec::new(),
        }
    }

    /// The lowest placed card with h <= `moves` (and, under `fits`, an
    /// envelope that fits): a leaf of the strategy.
    pub fn leaf(
        &self,
        position: &Position,
        moves: u32,
        fits: &dyn Fn(&[Cell]) -> bool,
    ) -> Option<Found> {
        self.lookup(position).leaf(moves, fits)
    }

    /// Maker's candidate moves: the placed cards' pivots that are free
    /// cells of live placements (the generator's form), lower cards first.
    pub fn candidates(&self, position: &Position, live: &[Placement]) -> Vec<Cell> {
        self.lookup(position).candidates(live)
    }
}

/// The placements on one position, found as far as asked and kept.
pub struct Lookup<'a> {
    hits: Hits<'a>,
    found: Vec<Hit<'a>>,
}

impl<'a> Lookup<'a> {
    /// The `i`-th placement in library order (kept, or found now).
    fn hit(&mut self, i: usize) -> Option<Hit<'a>> {
        if let Some(&hit) = self.found.get(i) {
            return Some(hit);
        }
        let hit = self.hits.next()?;
        self.found.push(hit);
        Some(hit)
    }

    /// [`Library::leaf`] on this position.
    pub fn leaf(&mut self, moves: u32, fits: &dyn Fn(&[Cell]) -> bool) -> Option<Found> {
        let mut envelope = Vec::new();
        let mut i = 0;
        while let Some(hit) = self.hit(i) {
            i += 1;
            // Library order is by height: no later card is low enough.
            if hit.card.height > moves {
                break;
            }
            let Some(card) = hit.card.card else {
                continue;
            };
            hit.envelope_into(&mut envelope);
            if fits(&envelope) {
                return Some(Found {
                    strategy: Strategy::Card {
                        card,
                        place: hit.place(),
                    },
                    envelope,
                    height: hit.card.height,
                });
            }
        }
        None
    }

    /// [`Library::candidates`] on this position.
    pub fn candidates(&mut self, live: &[Placement]) -> Vec<Cell> {
        // The live placements' free cells, sorted, each with "already a
        // candidate": a binary search instead of scanning `live` per pivot.
        let mut free: Vec<Cell> = live.iter().flat_map(|p| p.free.iter().copied()).collect();
        free.sort_unstable();
        free.dedup();
        let mut taken = vec![false; free.len()];
        let mut out: Vec<Cell> = Vec::new();
        let mut take = |cell: Cell, out: &mut Vec<Cell>| {
            if let Ok(i) = free.binary_search(&cell) {
                if !taken[i] {
                    taken[i] = true;
                    out.push(cell);
                }
            }
        };
        let position = self.hits.position;
        let mut i = 0;
        while let Some(hit) = self.hit(i) {
            i += 1;
            let pivot = hit.pivot();
            if !position.is_maker(pivot) {
                take(pivot, &mut out);
            }
        }
        if self.hits.library.moves == Moves::All {
            for placement in live {
                for &cell in &placement.free {
                    take(cell, &mut out);
                }
            }
        }
        out
    }
}

/// The placements of a library's cards on a position, in library order,
/// then orientation, then anchor stone (Maker's stones in order).
struct Hits<'a> {
    library: &'a Library,
    position: &'a Position,
    anchors: Anchors,
    /// The next card, orientation and anchor stone to try.
    card: usize,
    oriented: usize,
    stone: usize,
}

impl<'a> Iterator for Hits<'a> {
    type Item = Hit<'a>;

    fn next(&mut self) -> Option<Hit<'a>> {
        let library = self.library;
        let maker = &self.position.maker;
        while let Some(card) = library.cards.get(self.card) {
            while self.oriented < ORIENTATIONS {
                let pattern = library.pattern_of[self.card * ORIENTATIONS + self.oriented];
                while let Some(i) = self.anchors.next(pattern, self.stone) {
                    self.stone = i + 1;
                    let oriented = &card.orientations[self.oriented];
                    let (stone, anchor) = (maker[i], oriented.required[0]);
                    let hit = Hit {
                        card,
                        oriented,
                        offset: (stone.0 - anchor.0, stone.1 - anchor.1),
                    };
                    if hit.is_clear(self.position) {
                        return Some(hit);
                    }
                }
                self.stone = 0;
                self.oriented += 1;
            }
            self.oriented = 0;
            self.card += 1;
        }
        None
    }
}

/// A placement [`Library::hits`] found: a card's orientation moved by
/// `offset`.
#[derive(Debug, Clone, Copy)]
struct Hit<'a> {
    card: &'a LibraryCard,
    oriented: &'a Oriented,
    offset: Cell,
}

impl Hit<'_> {
    fn at(&self, (x, y): Cell) -> Cell {
        (x + self.offset.0, y + self.offset.1)
    }

    /// T free of Breaker (A on Maker's stones is the anchor's business).
    fn is_clear(&self, position: &Position) -> bool {
        match &self.oriented.shape {
            Some(shape) => {
                let (dx, dy) = wide(self.offset);
                !position.breaker.iter().any(|&stone| {
                    let (x, y) = wide(stone);
                    shape.contains((x - dx, y - dy))
                })
            }
            None => !self
                .oriented
                .envelope
                .iter()
                .any(|&c| position.is_breaker(self.at(c))),
        }
    }

    fn place(&self) -> Xform {
        Xform {
            code: self.oriented.code,
            offset: self.offset,
        }
    }

    fn pivot(&self) -> Cell {
        self.at(self.oriented.pivot)
    }

    fn envelope_into(&self, out: &mut Vec<Cell>) {
        out.clear();
        out.extend(self.oriented.envelope.iter().map(|&c| self.at(c)));
    }

    fn placed(&self) -> PlacedCard {
        let mut envelope = Vec::with_capacity(self.oriented.envelope.len());
        self.envelope_into(&mut envelope);
        PlacedCard {
            card: self.card.card,
            height: self.card.height,
            place: self.place(),
            pivot: self.pivot(),
            envelope,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::position::Target;
    use crate::snaky::evaluate::evaluate;

    /// The look-up as first written: every card x orientation x anchor
    /// stone, A tested with `is_maker`, then every cell of T with
    /// `is_breaker`.
    fn reference_placements(library: &Library, position: &Position) -> Vec<PlacedCard> {
        let mut out = Vec::new();
        for card in library.cards.iter() {
            for o in &card.orientations {
                for &stone in &position.maker {
                    if o.required.len() > position.maker.len() {
                        continue;
                    }
                    let anchor = o.required[0];
                    let offset = (stone.0 - anchor.0, stone.1 - anchor.1);
                    let at = |c: Cell| (c.0 + offset.0, c.1 + offset.1);
                    if !o.required.iter().all(|&c| position.is_maker(at(c)))
                        || o.envelope.iter().any(|&c| position.is_breaker(at(c)))
                    {
                        continue;
                    }
                    out.push(PlacedCard {
                        card: card.card,
                        height: card.height,
                        place: Xform {
                            code: o.code,
                            offset,
                        },
                        pivot: at(o.pivot),
                        envelope: o.envelope.iter().map(|&c| at(c)).collect(),
                    });
                }
            }
        }
        out
    }

    type Fits = dyn Fn(&[Cell]) -> bool;

    fn reference_leaf(
        library: &Library,
        position: &Position,
        moves: u32,
        fits: &Fits,
    ) -> Option<(u32, Xform, Vec<Cell>, u32)> {
        reference_placements(library, position)
            .into_iter()
            .take_while(|p| p.height <= moves)
            .filter(|p| fits(&p.envelope))
            .find_map(|p| p.card.map(|card| (card, p.place, p.envelope, p.height)))
    }

    fn reference_candidates(
        library: &Library,
        position: &Position,
        live: &[Placement],
    ) -> Vec<Cell> {
        let mut out: Vec<Cell> = Vec::new();
        for placed in reference_placements(library, position) {
            let pivot = placed.pivot;
            if out.contains(&pivot) || position.is_maker(pivot) {
                continue;
            }
            if live.iter().any(|p| p.free.contains(&pivot)) {
                out.push(pivot);
            }
        }
        if library.moves == Moves::All {
            for placement in live {
                for &cell in &placement.free {
                    if !out.contains(&cell) {
                        out.push(cell);
                    }
                }
            }
        }
        out
    }

    fn paper_library(moves: Moves) -> Library {
        let evaluation = evaluate(&crate::snaky::paper_table()).unwrap();
        Library::from_evaluation(&evaluation, moves)
    }

    fn snaky() -> Target {
        Target::new(&[(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 1)])
    }

    /// A fixed pseudo-random sequence (xorshift), so the positions are the
    /// same on every run.
    struct Dice(u64);

    impl Dice {
        fn roll(&mut self, below: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % below as u64) as usize
        }
    }

    /// Positions of games from Maker's first move at the origin: Maker
    /// takes one of the reference's candidates, Breaker a free cell of a
    /// placed card's envelope (or of a live placement), Maker to move in
    /// each.
    fn played_positions(library: &Library, target: &Target) -> Vec<Position> {
        let mut dice = Dice(0x9e37_79b9_7f4a_7c15);
        let mut out = Vec::new();
        for _ in 0..4 {
            let mut position = Position::default().with_maker((0, 0));
            for _ in 0..6 {
                let placed = reference_placements(library, &position);
                let live = position.live_placements(target, 12);
                let mut cells: Vec<Cell> = placed.iter().flat_map(|p| p.envelope.clone()).collect();
                cells.extend(live.iter().flat_map(|p| p.free.iter().copied()));
                cells.retain(|&c| !position.is_maker(c) && !position.is_breaker(c));
                if cells.is_empty() {
                    break;
                }
                position = position.with_breaker(cells[dice.roll(cells.len())]);
                out.push(position.clone());
                let candidates = reference_candidates(library, &position, &live);
                if candidates.is_empty() {
                    break;
                }
                position = position.with_maker(candidates[dice.roll(candidates.len())]);
            }
        }
        out
    }

    #[test]
    fn placements_leaves_and_candidates_match_the_straightforward_look_up() {
        let target = snaky();
        let positions = played_positions(&paper_library(Moves::Cards), &target);
        assert!(positions.len() >= 12, "{} positions", positions.len());
        for moves in [Moves::Cards, Moves::All] {
            let library = paper_library(moves);
            let mut placed_total = 0;
            for position in &positions {
                let expected = reference_placements(&library, position);
                let got: Vec<PlacedCard> = library.placements(position).collect();
                assert_eq!(got, expected, "{position:?}");
                placed_total += got.len();
                let live = position.live_placements(&target, 12);
                assert_eq!(
                    library.candidates(position, &live),
                    reference_candidates(&library, position, &live)
                );
                let narrow = |envelope: &[Cell]| {
                    let span = |f: fn(&Cell) -> i32| {
                        envelope.iter().map(f).max().unwrap_or(0)
                            - envelope.iter().map(f).min().unwrap_or(0)
                    };
                    span(|c| c.0) < 8 && span(|c| c.1) < 8
                };
                let anywhere = |_: &[Cell]| true;
                // One look-up for a leaf, then the candidates (as the search
                // does): the placements kept by the leaf are read again.
                for h in [5, 21] {
                    let mut lookup = library.lookup(position);
                    let leaf = lookup.leaf(h, &anywhere).map(|found| found.height);
                    assert_eq!(
                        leaf,
                        reference_leaf(&library, position, h, &anywhere).map(|l| l.3)
                    );
                    assert_eq!(
                        lookup.candidates(&live),
                        reference_candidates(&library, position, &live)
                    );
                }
                for fits in [&anywhere as &Fits, &narrow] {
                    for h in [2, 5, 9, 14, 21] {
                        let got = library.leaf(position, h, fits).map(|found| {
                            let Strategy::Card { card, place } = found.strategy else {
                                panic!("a leaf is a card");
                            };
                            (card, place, found.envelope, found.height)
                        });
                        assert_eq!(got, reference_leaf(&library, position, h, fits));
                    }
                }
            }
            // The positions are not trivial: many cards are placed on them.
            assert!(
                placed_total > 40 * positions.len(),
                "{placed_total} {}",
                positions.len()
            );
        }
    }
}
