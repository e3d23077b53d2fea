//! Cells of the grid Z^2, the eight orientation codes of the table, and
//! placements x ↦ R x + t (validity of a condition is preserved by every one,
//! which is what lets a card be reused anywhere).

use serde::Serialize;

/// A cell of the infinite grid, `(x, y)`. Ordered x first, then y: the order
/// every cell list of a certificate is sorted in. Serialised as `[x, y]`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    pub x: i32,
    pub y: i32,
}

impl Cell {
    pub const fn new(x: i32, y: i32) -> Self {
        Cell { x, y }
    }

    /// (0,0): the identity translation.
    pub fn is_origin(&self) -> bool {
        self.x == 0 && self.y == 0
    }

    pub fn translate(self, offset: Cell) -> Cell {
        Cell::new(self.x + offset.x, self.y + offset.y)
    }
}

impl Serialize for Cell {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        [self.x, self.y].serialize(serializer)
    }
}

impl std::fmt::Debug for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// One of the 8 signed 2x2 permutation matrices, by the table's code 0..7:
/// bit 2 negates x, bit 4 negates y, then bit 1 swaps the coordinates.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Orientation(Code);

/// The codes 0..7 as a type with no other values: the byte's 248 spare
/// values let an enum holding a [`Placement`] keep its tag there (an
/// evaluated child is 16 bytes, not 20).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
enum Code {
    C0,
    C1,
    C2,
    C3,
    C4,
    C5,
    C6,
    C7,
}

impl std::fmt::Debug for Orientation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Orientation({})", self.code())
    }
}

impl Serialize for Orientation {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.code())
    }
}

impl Orientation {
    pub const IDENTITY: Orientation = Orientation(Code::C0);

    pub const ALL: [Orientation; 8] = [
        Orientation(Code::C0),
        Orientation(Code::C1),
        Orientation(Code::C2),
        Orientation(Code::C3),
        Orientation(Code::C4),
        Orientation(Code::C5),
        Orientation(Code::C6),
        Orientation(Code::C7),
    ];

    /// The orientation with table code `code`, if it is in 0..7.
    pub fn from_code(code: u8) -> Option<Self> {
        Self::ALL.get(usize::from(code)).copied()
    }

    pub fn code(self) -> u8 {
        self.0 as u8
    }

    pub fn negates_x(self) -> bool {
        self.code() & 2 != 0
    }

    pub fn negates_y(self) -> bool {
        self.code() & 4 != 0
    }

    pub fn swaps(self) -> bool {
        self.code() & 1 != 0
    }

    pub fn apply(self, cell: Cell) -> Cell {
        let x = if self.negates_x() { -cell.x } else { cell.x };
        let y = if self.negates_y() { -cell.y } else { cell.y };
        if self.swaps() {
            Cell::new(y, x)
        } else {
            Cell::new(x, y)
        }
    }

    /// `self.then(next)` is the orientation that applies `self`, then `next`.
    pub fn then(self, next: Orientation) -> Orientation {
        // The group is small: find the code that agrees on a basis.
        let probe = |o: Orientation| (o.apply(Cell::new(1, 0)), o.apply(Cell::new(0, 1)));
        let target = (
            next.apply(self.apply(Cell::new(1, 0))),
            next.apply(self.apply(Cell::new(0, 1))),
        );
        *Orientation::ALL
            .iter()
            .find(|o| probe(**o) == target)
            .expect("signed permutation matrices are closed under composition")
    }

    pub fn inverse(self) -> Orientation {
        *Orientation::ALL
            .iter()
            .find(|o| self.then(**o) == Orientation::IDENTITY)
            .expect("every signed permutation matrix is invertible")
    }
}

/// A placement x ↦ R x + t of a card into a parent's frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Placement {
    pub orientation: Orientation,
    pub offset: Cell,
}

impl Placement {
    pub const IDENTITY: Placement = Placement {
        orientation: Orientation::IDENTITY,
        offset: Cell::new(0, 0),
    };

    pub fn apply(self, cell: Cell) -> Cell {
        self.orientation.apply(cell).translate(self.offset)
    }

    /// This placement as an affine map `[a b; c d] (x, y) + t`, for applying
    /// it to many cells without branching per cell.
    pub fn matrix(self) -> impl Fn(Cell) -> Cell {
        let e1 = self.orientation.apply(Cell::new(1, 0));
        let e2 = self.orientation.apply(Cell::new(0, 1));
        let t = self.offset;
        move |c: Cell| Cell::new(e1.x * c.x + e2.x * c.y + t.x, e1.y * c.x + e2.y * c.y + t.y)
    }

    /// The placement that undoes this one: R^-1 (x - t).
    pub fn inverse(self) -> Placement {
        let inverse = self.orientation.inverse();
        let moved = inverse.apply(self.offset);
        Placement {
            orientation: inverse,
            offset: Cell::new(-moved.x, -moved.y),
        }
    }

    /// Inclusive bounding box of a placed rectangle: the image of a rectangle
    /// under a signed permutation is the rectangle spanned by its corners.
    pub fn apply_box(self, bounds: Bounds) -> Bounds {
        let a = self.apply(bounds.min);
        let b = self.apply(bounds.max);
        Bounds {
            min: Cell::new(a.x.min(b.x), a.y.min(b.y)),
            max: Cell::new(a.x.max(b.x), a.y.max(b.y)),
        }
    }
}

/// An inclusive axis-parallel rectangle of cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    pub min: Cell,
    pub max: Cell,
}

impl Bounds {
    pub fn point(cell: Cell) -> Self {
        Bounds {
            min: cell,
            max: cell,
        }
    }

    pub fn union(self, other: Bounds) -> Bounds {
        Bounds {
            min: Cell::new(self.min.x.min(other.min.x), self.min.y.min(other.min.y)),
            max: Cell::new(self.max.x.max(other.max.x), self.max.y.max(other.max.y)),
        }
    }

    pub fn of(cells: impl IntoIterator<Item = Cell>) -> Option<Bounds> {
        cells
            .into_iter()
            .map(Bounds::point)
            .reduce(|acc, b| acc.union(b))
    }

    pub fn width(self) -> i64 {
        i64::from(self.max.x) - i64::from(self.min.x) + 1
    }

    pub fn height(self) -> i64 {
        i64::from(self.max.y) - i64::from(self.min.y) + 1
    }

    /// The smallest square with its corner on the diagonal x = y that holds
    /// these bounds (saturating at the edge of i32).
    pub fn squared(self) -> Bounds {
        let low = self.min.x.min(self.min.y);
        let high = self.max.x.max(self.max.y);
        Bounds {
            min: Cell::new(low, low),
            max: Cell::new(high, high),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn codes_match_the_table_readme() {
        let p = Cell::new(2, 3);
        let images: Vec<Cell> = Orientation::ALL.iter().map(|o| o.apply(p)).collect();
        // (x,y) (y,x) (-x,y) (y,-x) (x,-y) (-y,x) (-x,-y) (-y,-x)
        let expected = [
            (2, 3),
            (3, 2),
            (-2, 3),
            (3, -2),
            (2, -3),
            (-3, 2),
            (-2, -3),
            (-3, -2),
        ];
        let expected: Vec<Cell> = expected.iter().map(|&(x, y)| Cell::new(x, y)).collect();
        assert_eq!(images, expected);
        assert_eq!(Orientation::from_code(8), None);
    }

    #[test]
    fn orientations_form_the_dihedral_group_of_order_eight() {
        // Closed, with identity and inverses, and non-abelian.
        for a in Orientation::ALL {
            assert_eq!(a.then(Orientation::IDENTITY), a);
            assert_eq!(a.then(a.inverse()), Orientation::IDENTITY);
            for b in Orientation::ALL {
                for c in Orientation::ALL {
                    assert_eq!(a.then(b).then(c), a.then(b.then(c)));
                }
            }
        }
        let commuting_pairs = Orientation::ALL
            .iter()
            .flat_map(|a| Orientation::ALL.iter().map(move |b| (*a, *b)))
            .filter(|(a, b)| a.then(*b) == b.then(*a))
            .count();
        // Commuting ordered pairs = |G| x (number of conjugacy classes):
        // 64 would mean abelian; D4 has 8 x 5 = 40.
        assert_eq!(commuting_pairs, 40);
        // Elements of order 4 exist (the quarter turns), so it is D4, not (Z2)^3.
        let order_four = Orientation::ALL
            .iter()
            .filter(|o| {
                let twice = o.then(**o);
                twice != Orientation::IDENTITY && twice.then(twice) == Orientation::IDENTITY
            })
            .count();
        assert_eq!(order_four, 2);
    }

    proptest! {
        #[test]
        fn placing_then_inverting_is_the_identity(
            code in 0u8..8, tx in -40i32..40, ty in -40i32..40, x in -100i32..100, y in -100i32..100
        ) {
            let placement = Placement {
                orientation: Orientation::from_code(code).unwrap(),
                offset: Cell::new(tx, ty),
            };
            let cell = Cell::new(x, y);
            prop_assert_eq!(placement.inverse().apply(placement.apply(cell)), cell);
            prop_assert_eq!((placement.matrix())(cell), placement.apply(cell));
            prop_assert_eq!(placement.apply(placement.inverse().apply(cell)), cell);
        }

        #[test]
        fn placed_box_contains_placed_cells(
            code in 0u8..8, tx in -20i32..20, ty in -20i32..20,
            x0 in -10i32..10, y0 in -10i32..10, w in 0i32..10, h in 0i32..10, dx in 0i32..10, dy in 0i32..10
        ) {
            let placement = Placement {
                orientation: Orientation::from_code(code).unwrap(),
                offset: Cell::new(tx, ty),
            };
            let bounds = Bounds { min: Cell::new(x0, y0), max: Cell::new(x0 + w, y0 + h) };
            let cell = Cell::new(x0 + dx.min(w), y0 + dy.min(h));
            let placed = placement.apply(cell);
            let placed_box = placement.apply_box(bounds);
            prop_assert!(placed_box.min.x <= placed.x && placed.x <= placed_box.max.x);
            prop_assert!(placed_box.min.y <= placed.y && placed.y <= placed_box.max.y);
            prop_assert_eq!(placed_box.width() * placed_box.height(), bounds.width() * bounds.height());
        }
    }
}
