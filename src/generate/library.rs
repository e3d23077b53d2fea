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

/// One orientation of a card, in the card's frame turned by `code`.
#[derive(Debug, Clone)]
struct Oriented {
    code: u8,
    /// A, sorted; its first cell anchors placements on Maker's stones.
    required: Vec<Cell>,
    /// A's other cells relative to the anchor: the Maker stones a placement
    /// on an anchor stone also needs.
    others: Vec<Cell>,
    envelope: Vec<Cell>,
    /// T as a bitmap: a placement is blocked when some Breaker stone,
    /// moved back into the card's frame, lies in it (a position has few
    /// Breaker stones and an envelope up to a few hundred cells).
    shape: Bitmap,
    pivot: Cell,
}

impl Oriented {
    fn new(code: u8, required: &[Cell], envelope: &[Cell], pivot: Cell) -> Oriented {
        let turn = |cells: &[Cell]| sorted(cells.iter().map(|&c| orient(code, c)).collect());
        let required = turn(required);
        let envelope = turn(envelope);
        let anchor = required[0];
        Oriented {
            code,
            others: required[1..]
                .iter()
                .map(|&(x, y)| (x - anchor.0, y - anchor.1))
                .collect(),
            shape: Bitmap::new(&envelope),
            required,
            envelope,
            pivot: orient(code, pivot),
        }
    }
}

/// A set of cells as bits over its bounding box: membership in a few
/// instructions, for the inner loop of [`Library::placements`].
#[derive(Debug, Clone, Default)]
struct Bitmap {
    low: (i64, i64),
    width: i64,
    height: i64,
    words: Vec<u64>,
}

impl Bitmap {
    fn new(cells: &[Cell]) -> Bitmap {
        let (Some(min_x), Some(max_x)) = (
            cells.iter().map(|c| c.0).min(),
            cells.iter().map(|c| c.0).max(),
        ) else {
            return Bitmap::default();
        };
        let min_y = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let max_y = cells.iter().map(|c| c.1).max().unwrap_or(0);
        let low = (i64::from(min_x), i64::from(min_y));
        let width = i64::from(max_x) - low.0 + 1;
        let height = i64::from(max_y) - low.1 + 1;
        let mut words = vec![0u64; ((width * height) as usize).div_ceil(64)];
        for &(x, y) in cells {
            let bit = ((i64::from(y) - low.1) * width + i64::from(x) - low.0) as usize;
            words[bit / 64] |= 1 << (bit % 64);
        }
        Bitmap {
            low,
            width,
            height,
            words,
        }
    }

    fn contains(&self, (x, y): (i64, i64)) -> bool {
        let (dx, dy) = (x - self.low.0, y - self.low.1);
        if !(0..self.width).contains(&dx) || !(0..self.height).contains(&dy) {
            return false;
        }
        let bit = (dy * self.width + dx) as usize;
        self.words[bit / 64] >> (bit % 64) & 1 != 0
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
/// A != ∅, lowest height first.
#[derive(Debug, Clone, Default)]
pub struct Library {
    cards: Vec<LibraryCard>,
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
        Library { cards, moves }
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
    fn hits<'a>(&'a self, position: &'a Position) -> impl Iterator<Item = Hit<'a>> + 'a {
        let stones = position.maker.len();
        self.cards
            .iter()
            // Every orientation of a card has the same |A|.
            .filter(move |card| card.orientations[0].required.len() <= stones)
            .flat_map(move |card| {
                card.orientations.iter().flat_map(move |oriented| {
                    position.maker.iter().filter_map(move |&stone| {
                        let anchor = oriented.required[0];
                        let offset = (stone.0 - anchor.0, stone.1 - anchor.1);
                        let hit = Hit {
                            card,
                            oriented,
                            offset,
                        };
                        hit.is_live(position).then_some(hit)
                    })
                })
            })
    }

    /// The lowest placed card with h <= `moves` (and, under `fits`, an
    /// envelope that fits): a leaf of the strategy.
    pub fn leaf(
        &self,
        position: &Position,
        moves: u32,
        fits: &dyn Fn(&[Cell]) -> bool,
    ) -> Option<Found> {
        let mut envelope = Vec::new();
        for hit in self.hits(position) {
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

    /// Maker's candidate moves: the placed cards' pivots that are free
    /// cells of live placements (the generator's form), lower cards first.
    pub fn candidates(&self, position: &Position, live: &[Placement]) -> Vec<Cell> {
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
        for hit in self.hits(position) {
            let pivot = hit.pivot();
            if !position.is_maker(pivot) {
                take(pivot, &mut out);
            }
        }
        if self.moves == Moves::All {
            for placement in live {
                for &cell in &placement.free {
                    take(cell, &mut out);
                }
            }
        }
        out
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

    /// A on Maker's stones (the anchor is one) and T free of Breaker.
    fn is_live(&self, position: &Position) -> bool {
        let anchor = self.at(self.oriented.required[0]);
        if !self
            .oriented
            .others
            .iter()
            .all(|&(x, y)| position.is_maker((anchor.0 + x, anchor.1 + y)))
        {
            return false;
        }
        let (dx, dy) = (i64::from(self.offset.0), i64::from(self.offset.1));
        !position.breaker.iter().any(|&(x, y)| {
            self.oriented
                .shape
                .contains((i64::from(x) - dx, i64::from(y) - dy))
        })
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
    use crate::snaky::parse::parse_table;

    /// The look-up as first written: every card x orientation x anchor
    /// stone, A tested with `is_maker`, then every cell of T with
    /// `is_breaker`.
    fn reference_placements(library: &Library, position: &Position) -> Vec<PlacedCard> {
        let mut out = Vec::new();
        for card in &library.cards {
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

    fn reference_leaf(
        library: &Library,
        position: &Position,
        moves: u32,
        fits: &dyn Fn(&[Cell]) -> bool,
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
        let bytes = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/certificates/sources/snaky21-cards.txt"
        ))
        .unwrap();
        let evaluation = evaluate(&parse_table(&bytes).unwrap()).unwrap();
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
                let fits: [&dyn Fn(&[Cell]) -> bool; 2] = [&anywhere, &narrow];
                for fits in fits {
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
            assert!(placed_total > 40 * positions.len(), "{placed_total} {}", positions.len());
        }
    }
}
