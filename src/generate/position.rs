//! Positions of the Maker-Breaker game for a target polyomino P on the
//! infinite grid: Maker's and Breaker's stones, the placements of P that are
//! still alive, the generator's candidate moves, and the normal form of a
//! position under the 8 symmetries and translation (the transposition key).

use smallvec::SmallVec;
use std::collections::BTreeSet;

/// The cells of one placement (P has at most 8): kept inline, since the
/// search builds millions of them.
pub type Cells = SmallVec<[Cell; 8]>;

/// A cell of Z^2, `(x, y)`.
pub type Cell = (i32, i32);

/// An orientation code of the card-table grammar (0..7: bit 2 negates x,
/// bit 4 negates y, then bit 1 swaps) followed by a translation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Xform {
    pub code: u8,
    pub offset: Cell,
}

/// Orientation `code` applied to a cell, as the card-table grammar defines it.
pub fn orient(code: u8, (x, y): Cell) -> Cell {
    let x = if code & 2 != 0 { -x } else { x };
    let y = if code & 4 != 0 { -y } else { y };
    if code & 1 != 0 {
        (y, x)
    } else {
        (x, y)
    }
}

/// The code of "first `a`, then `b`".
fn then(a: u8, b: u8) -> u8 {
    let probe = |c: u8| (orient(c, (1, 0)), orient(c, (0, 1)));
    let target = (orient(b, orient(a, (1, 0))), orient(b, orient(a, (0, 1))));
    (0..8)
        .find(|&c| probe(c) == target)
        .unwrap_or_else(|| unreachable!("signed permutations compose"))
}

impl Xform {
    pub const IDENTITY: Xform = Xform {
        code: 0,
        offset: (0, 0),
    };

    pub fn apply(self, cell: Cell) -> Cell {
        let (x, y) = orient(self.code, cell);
        (x + self.offset.0, y + self.offset.1)
    }

    /// `self` after `first`: c ↦ self(first(c)).
    pub fn after(self, first: Xform) -> Xform {
        let (x, y) = orient(self.code, first.offset);
        Xform {
            code: then(first.code, self.code),
            offset: (x + self.offset.0, y + self.offset.1),
        }
    }

    pub fn inverse(self) -> Xform {
        let code = (0..8)
            .find(|&c| then(self.code, c) == 0)
            .unwrap_or_else(|| unreachable!("signed permutations invert"));
        let (x, y) = orient(code, self.offset);
        Xform {
            code,
            offset: (-x, -y),
        }
    }
}

/// The target polyomino P in its cell order p_0..p_{n-1} (the base cards'
/// order) and its distinct orientations.
#[derive(Debug, Clone)]
pub struct Target {
    pub cells: Vec<Cell>,
    /// (orientation code, the cells o(p_j) in order j), one per distinct
    /// shape up to translation.
    pub variants: Vec<(u8, Vec<Cell>)>,
}

impl Target {
    pub fn new(cells: &[Cell]) -> Target {
        let mut seen = BTreeSet::new();
        let mut variants = Vec::new();
        for code in 0..8u8 {
            let oriented: Vec<Cell> = cells.iter().map(|&c| orient(code, c)).collect();
            if seen.insert(normalised(&oriented)) {
                variants.push((code, oriented));
            }
        }
        Target {
            cells: cells.to_vec(),
            variants,
        }
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
}

fn normalised(cells: &[Cell]) -> Vec<Cell> {
    let min_x = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let min_y = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut out: Vec<Cell> = cells.iter().map(|&(x, y)| (x - min_x, y - min_y)).collect();
    out.sort_unstable();
    out
}

/// One placement of P: variant `variant` translated by `offset`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    pub variant: usize,
    pub offset: Cell,
    pub cells: Cells,
    /// Cells of the placement Maker does not own yet.
    pub free: Cells,
}

/// Who holds a cell of a [`Board`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Owner {
    Free,
    Breaker,
    /// Maker's stone `position.maker[i]`.
    Maker(usize),
}

/// The cells a placement through a Maker stone can reach, as a grid of
/// owners: a look-up per cell instead of two binary searches.
struct Board {
    low: (i64, i64),
    width: i64,
    height: i64,
    /// 0 free, `BREAKER`, or i + 1 for Maker's stone i.
    slots: Vec<u32>,
}

const BREAKER: u32 = u32::MAX;

/// Larger boards are not built (far-flung stones of an unusual position).
const BOARD_CELLS: i64 = 1 << 16;

impl Board {
    fn new(position: &Position, target: &Target) -> Option<Board> {
        let wide = |(x, y): Cell| (i64::from(x), i64::from(y));
        // How far a placement's cells lie from one of them.
        let reach = target
            .variants
            .iter()
            .flat_map(|(_, cells)| {
                cells
                    .iter()
                    .flat_map(move |&a| cells.iter().map(move |&b| (a, b)))
            })
            .map(|(a, b)| {
                (i64::from(a.0) - i64::from(b.0))
                    .abs()
                    .max((i64::from(a.1) - i64::from(b.1)).abs())
            })
            .max()
            .unwrap_or(0);
        let stones = position.maker.iter().map(|&c| wide(c));
        let low_x = stones.clone().map(|c| c.0).min()? - reach;
        let low_y = stones.clone().map(|c| c.1).min()? - reach;
        let width = stones.clone().map(|c| c.0).max()? + reach - low_x + 1;
        let height = stones.map(|c| c.1).max()? + reach - low_y + 1;
        if width > BOARD_CELLS || height > BOARD_CELLS || width * height > BOARD_CELLS {
            return None;
        }
        let mut board = Board {
            low: (low_x, low_y),
            width,
            height,
            slots: vec![0; (width * height) as usize],
        };
        for (i, &stone) in position.maker.iter().enumerate().rev() {
            // In reverse, so a repeated stone keeps its first index.
            if let Some(slot) = board.slot(wide(stone)) {
                board.slots[slot] = i as u32 + 1;
            }
        }
        for &stone in &position.breaker {
            if let Some(slot) = board.slot(wide(stone)) {
                board.slots[slot] = BREAKER;
            }
        }
        Some(board)
    }

    fn slot(&self, (x, y): (i64, i64)) -> Option<usize> {
        let (dx, dy) = (x - self.low.0, y - self.low.1);
        ((0..self.width).contains(&dx) && (0..self.height).contains(&dy))
            .then(|| (dy * self.width + dx) as usize)
    }

    /// The owner of a cell within `reach` of a Maker stone.
    fn owner(&self, (x, y): Cell) -> Owner {
        match self
            .slot((i64::from(x), i64::from(y)))
            .map(|slot| self.slots[slot])
        {
            None | Some(0) => Owner::Free,
            Some(BREAKER) => Owner::Breaker,
            Some(i) => Owner::Maker(i as usize - 1),
        }
    }
}

/// Maker's and Breaker's stones, each sorted; Maker is to move.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Position {
    pub maker: Vec<Cell>,
    pub breaker: Vec<Cell>,
}

impl Position {
    pub fn with_maker(&self, cell: Cell) -> Position {
        let mut next = self.clone();
        let at = next.maker.binary_search(&cell).unwrap_or_else(|i| i);
        next.maker.insert(at, cell);
        next
    }

    pub fn with_breaker(&self, cell: Cell) -> Position {
        let mut next = self.clone();
        let at = next.breaker.binary_search(&cell).unwrap_or_else(|i| i);
        next.breaker.insert(at, cell);
        next
    }

    pub fn is_maker(&self, cell: Cell) -> bool {
        self.maker.binary_search(&cell).is_ok()
    }

    pub fn is_breaker(&self, cell: Cell) -> bool {
        self.breaker.binary_search(&cell).is_ok()
    }

    /// The offsets placing each variant's cell on `cell`: every placement
    /// of P through `cell`, as (variant, offset).
    fn offsets_through(target: &Target, cell: Cell) -> impl Iterator<Item = (usize, Cell)> + '_ {
        target
            .variants
            .iter()
            .enumerate()
            .flat_map(move |(variant, (_, cells))| {
                cells
                    .iter()
                    .map(move |anchor| (variant, (cell.0 - anchor.0, cell.1 - anchor.1)))
            })
    }

    /// The cells of a placement, without building it.
    fn cells_of(target: &Target, variant: usize, offset: Cell) -> impl Iterator<Item = Cell> + '_ {
        target.variants[variant]
            .1
            .iter()
            .map(move |&(x, y)| (x + offset.0, y + offset.1))
    }

    /// The live placements: free of Breaker, holding a Maker stone, with at
    /// most `moves` cells still to take. Deduplicated, in a fixed order:
    /// by the first Maker stone they hold, then variant and anchor cell.
    pub fn live_placements(&self, target: &Target, moves: u32) -> Vec<Placement> {
        let Some(board) = Board::new(self, target) else {
            return self.live_placements_by_search(target, moves);
        };
        let mut out = Vec::new();
        for (i, &stone) in self.maker.iter().enumerate() {
            for (variant, offset) in Self::offsets_through(target, stone) {
                let cells = || Self::cells_of(target, variant, offset);
                let mut missing = 0;
                // A placement holding an earlier Maker stone was met there.
                let fresh = cells().all(|c| match board.owner(c) {
                    Owner::Free => {
                        missing += 1;
                        true
                    }
                    Owner::Breaker => false,
                    Owner::Maker(j) => j >= i,
                });
                if fresh && missing <= moves {
                    out.push(Placement {
                        variant,
                        offset,
                        cells: cells().collect(),
                        free: cells().filter(|&c| board.owner(c) == Owner::Free).collect(),
                    });
                }
            }
        }
        out
    }

    /// [`Position::live_placements`] with binary searches and a set of the
    /// placements met (for positions too spread out for a [`Board`]).
    fn live_placements_by_search(&self, target: &Target, moves: u32) -> Vec<Placement> {
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for &stone in &self.maker {
            for (variant, offset) in Self::offsets_through(target, stone) {
                let cells = || Self::cells_of(target, variant, offset);
                let missing = cells().filter(|&c| !self.is_maker(c)).count() as u32;
                if missing > moves || cells().any(|c| self.is_breaker(c)) {
                    continue;
                }
                if seen.insert((variant, offset)) {
                    out.push(Placement {
                        variant,
                        offset,
                        cells: cells().collect(),
                        free: cells().filter(|&c| !self.is_maker(c)).collect(),
                    });
                }
            }
        }
        out
    }

    /// Drop the stones that cannot matter within `moves` Maker moves: a Maker
    /// stone in no live placement, and a Breaker stone in no placement that
    /// it alone blocks and that has at most `moves` cells Maker lacks,
    /// unless a placement it blocks with other such stones only would come
    /// alive without them (then the first of them is kept). Neither can
    /// ever enter a live placement again (Maker's missing cells shrink by
    /// at most one per move while the moves left shrink by exactly one),
    /// so the position's live placements, value and candidate moves stay
    /// the same.
    pub fn reduced(&self, target: &Target, moves: u32) -> Position {
        let mut position = self.reduced_maker(target, moves);
        let near = |variant: usize, offset: Cell| {
            Self::cells_of(target, variant, offset)
                .filter(|&c| !position.is_maker(c))
                .count() as u32
                <= moves
        };
        let (mut kept, dropped): (Vec<Cell>, Vec<Cell>) =
            position.breaker.iter().partition(|&&stone| {
                Self::offsets_through(target, stone).any(|(variant, offset)| {
                    near(variant, offset)
                        && Self::cells_of(target, variant, offset)
                            .all(|c| c == stone || !position.is_breaker(c))
                })
            });
        // A near placement blocked by dropped stones alone keeps the first
        // of them (one pass: a stone kept blocks every placement through it).
        for stone in dropped {
            let orphaned = Self::offsets_through(target, stone).any(|(variant, offset)| {
                near(variant, offset)
                    && Self::cells_of(target, variant, offset)
                        .all(|c| kept.binary_search(&c).is_err())
            });
            if orphaned {
                let at = kept.binary_search(&stone).unwrap_or_else(|i| i);
                kept.insert(at, stone);
            }
        }
        position.breaker = kept;
        position
    }

    /// [`Position::reduced`] for Maker's stones only (every Breaker stone
    /// kept).
    pub fn reduced_maker(&self, target: &Target, moves: u32) -> Position {
        let mut position = self.clone();
        loop {
            let live = position.live_placements(target, moves);
            let before = position.maker.len();
            position
                .maker
                .retain(|stone| live.iter().any(|p| p.cells.contains(stone)));
            if position.maker.len() == before {
                break;
            }
        }
        position
    }

    /// The position under `xform`, stones sorted again.
    pub fn transformed(&self, xform: Xform) -> Position {
        let map = |cells: &[Cell]| {
            let mut out: Vec<Cell> = cells.iter().map(|&c| xform.apply(c)).collect();
            out.sort_unstable();
            out
        };
        Position {
            maker: map(&self.maker),
            breaker: map(&self.breaker),
        }
    }

    /// The position's own key (no normal form).
    pub fn key(&self) -> Vec<u8> {
        encode(self)
    }

    /// The normal form under the 8 symmetries and translation: the smallest
    /// encoding of the stones with their bounding box at the origin, and the
    /// map from this position's frame to the normal form's.
    pub fn canonical(&self) -> (Vec<u8>, Xform) {
        let mut best: Option<(Vec<u8>, Xform)> = None;
        for code in 0..8u8 {
            let oriented = self.transformed(Xform {
                code,
                offset: (0, 0),
            });
            let all = oriented.maker.iter().chain(&oriented.breaker);
            let min_x = all.clone().map(|c| c.0).min().unwrap_or(0);
            let min_y = all.map(|c| c.1).min().unwrap_or(0);
            let xform = Xform {
                code,
                offset: (-min_x, -min_y),
            };
            let key = encode(&self.transformed(xform));
            if best.as_ref().is_none_or(|(k, _)| key < *k) {
                best = Some((key, xform));
            }
        }
        best.unwrap_or_else(|| unreachable!("eight orientations were tried"))
    }
}

/// Stones as bytes: the two counts, the form of a coordinate, then each
/// cell's coordinates, Maker's then Breaker's. A coordinate takes one byte
/// when every one lies in 0..=255 (a normal form's do, unless its stones
/// span more) or every one in -128..=127 (a box's positions, around the
/// first move), else 4 little-endian bytes; the form's byte keeps distinct
/// positions apart. The unsigned form orders keys as the four-byte form
/// does (a coordinate's first little-endian byte is the one that differs),
/// so the normal forms are the ones the four-byte keys chose, at about a
/// third of the memory (a stored position's key was about 285 bytes in the
/// 15x15 searches).
fn encode(position: &Position) -> Vec<u8> {
    let stones = position.maker.iter().chain(&position.breaker);
    let all_in = |range: std::ops::RangeInclusive<i32>| {
        stones
            .clone()
            .all(|&(x, y)| range.contains(&x) && range.contains(&y))
    };
    let (form, width) = if all_in(0..=255) {
        (1, 1)
    } else if all_in(-128..=127) {
        (2, 1)
    } else {
        (4, 4)
    };
    let cells = position.maker.len() + position.breaker.len();
    let mut key = Vec::with_capacity(9 + 2 * width * cells);
    key.extend_from_slice(&(position.maker.len() as u32).to_le_bytes());
    key.extend_from_slice(&(position.breaker.len() as u32).to_le_bytes());
    key.push(form);
    for &(x, y) in stones {
        key.extend_from_slice(&x.to_le_bytes()[..width]);
        key.extend_from_slice(&y.to_le_bytes()[..width]);
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xforms_compose_and_invert() {
        for code in 0..8 {
            let x = Xform {
                code,
                offset: (3, -2),
            };
            let y = Xform {
                code: (code + 3) % 8,
                offset: (-1, 5),
            };
            for cell in [(0, 0), (1, 2), (-4, 7)] {
                assert_eq!(x.inverse().apply(x.apply(cell)), cell);
                assert_eq!(y.after(x).apply(cell), y.apply(x.apply(cell)));
            }
        }
    }

    #[test]
    fn symmetric_positions_share_a_key() {
        let a = Position {
            maker: vec![(0, 0), (1, 0)],
            breaker: vec![(2, 0)],
        };
        let b = Position {
            maker: vec![(5, 5), (5, 6)],
            breaker: vec![(5, 4)],
        };
        let (ka, xa) = a.canonical();
        let (kb, xb) = b.canonical();
        assert_eq!(ka, kb);
        assert_eq!(a.transformed(xa), b.transformed(xb));
    }

    #[test]
    fn narrow_keys_order_as_wide_ones_and_stay_distinct() {
        let wide = |position: &Position| {
            let mut key = Vec::new();
            for &(x, y) in position.maker.iter().chain(&position.breaker) {
                key.extend_from_slice(&x.to_le_bytes());
                key.extend_from_slice(&y.to_le_bytes());
            }
            key
        };
        let positions = [
            (vec![(0, 0), (3, 1)], vec![(2, 0)]),
            (vec![(0, 0), (1, 3)], vec![(0, 2)]),
            (vec![(0, 255), (3, 1)], vec![(2, 0)]),
            (vec![(1, 0), (3, 1)], vec![(200, 0)]),
            (vec![(0, 0), (3, 1)], vec![(256, 0)]),
            (vec![(-1, 0), (3, 1)], vec![(2, 0)]),
            (vec![(-56, 0), (3, 1)], vec![(2, 0)]),
            (vec![(200, 0), (3, 1)], vec![(2, 0)]),
            (vec![(-129, 0), (3, 1)], vec![(2, 0)]),
        ]
        .map(|(maker, breaker)| Position { maker, breaker });
        for a in &positions[..4] {
            for b in &positions[..4] {
                assert_eq!(encode(a).cmp(&encode(b)), wide(a).cmp(&wide(b)));
            }
        }
        for (i, a) in positions.iter().enumerate() {
            for b in &positions[i + 1..] {
                assert_ne!(encode(a), encode(b));
            }
        }
        // One byte a coordinate when they all fit one byte's range (the
        // bytes of -56 and 200 are the same: the form tells them apart),
        // four otherwise.
        let lengths = positions.map(|position| encode(&position).len());
        assert_eq!(lengths, [15, 15, 15, 15, 33, 15, 15, 15, 33]);
    }

    #[test]
    fn a_placement_two_dropped_stones_block_stays_blocked() {
        // I tromino, Maker on (0,0), Breaker on (-1,0), (1,0) and (2,0),
        // two moves left: (1,0) and (2,0) each block only placements
        // another Breaker stone blocks too, but the placement (0,0) (1,0)
        // (2,0) needs one of them.
        let target = Target::new(&[(0, 0), (1, 0), (2, 0)]);
        let position = Position {
            maker: vec![(0, 0)],
            breaker: vec![(-1, 0), (1, 0), (2, 0)],
        };
        let reduced = position.reduced(&target, 2);
        assert_eq!(
            reduced.live_placements(&target, 2),
            position.live_placements(&target, 2)
        );
        assert_eq!(reduced.breaker, vec![(-1, 0), (1, 0)]);
    }

    #[test]
    fn far_breaker_stones_are_dropped_and_near_ones_kept() {
        let target = Target::new(&[(0, 0), (1, 0)]);
        let position = Position {
            maker: vec![(0, 0)],
            breaker: vec![(1, 0), (9, 9)],
        };
        // One move left: only a placement with one missing cell matters.
        let reduced = position.reduced(&target, 1);
        assert_eq!(reduced.maker, vec![(0, 0)]);
        assert_eq!(reduced.breaker, vec![(1, 0)]);
    }

    #[test]
    fn live_placements_on_a_board_match_the_binary_searches() {
        let snaky = Target::new(&[(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 1)]);
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut roll = |below: i32| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % below as u64) as i32
        };
        let mut compared = 0;
        for _ in 0..300 {
            let mut position = Position::default();
            for _ in 0..1 + roll(9) {
                position = position.with_maker((roll(9), roll(9)));
            }
            for _ in 0..roll(12) {
                position = position.with_breaker((roll(11) - 1, roll(11) - 1));
            }
            position.maker.dedup();
            position.breaker.dedup();
            for moves in [1, 3, 6] {
                let expected = position.live_placements_by_search(&snaky, moves);
                assert_eq!(position.live_placements(&snaky, moves), expected);
                compared += expected.len();
            }
        }
        assert!(compared > 10_000, "{compared}");
        // Too spread out for a board: the binary searches answer.
        let far = Position {
            maker: vec![(0, 0), (1_000_000, 0)],
            breaker: vec![(1, 0)],
        };
        assert!(Board::new(&far, &snaky).is_none());
        // Its stones are far apart: its placements are each stone's own.
        let near = Position {
            maker: vec![(0, 0)],
            breaker: vec![(1, 0)],
        };
        let alone = Position {
            maker: vec![(1_000_000, 0)],
            breaker: Vec::new(),
        };
        let mut expected = near.live_placements(&snaky, 5);
        expected.extend(alone.live_placements(&snaky, 5));
        assert_eq!(far.live_placements(&snaky, 5), expected);
    }
}
