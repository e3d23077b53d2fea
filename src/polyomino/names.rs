//! Common names of the small animals. Each is defined by one drawing of its
//! cells and matched by canonical form, so the names never depend on how the
//! canonical order happens to fall.

use super::{Cell, Polyomino};

/// Every named animal: its name and one copy of its cells.
pub const NAMED: &[(&str, &[Cell])] = &[
    ("monomino", &[(0, 0)]),
    ("domino", &[(0, 0), (1, 0)]),
    ("straight tromino", &[(0, 0), (1, 0), (2, 0)]),
    ("L tromino", &[(0, 0), (1, 0), (1, 1)]),
    ("I tetromino", &[(0, 0), (1, 0), (2, 0), (3, 0)]),
    ("O tetromino", &[(0, 0), (1, 0), (0, 1), (1, 1)]),
    ("T tetromino", &[(0, 0), (1, 0), (2, 0), (1, 1)]),
    ("S tetromino", &[(0, 0), (1, 0), (1, 1), (2, 1)]),
    ("L tetromino", &[(0, 0), (1, 0), (2, 0), (2, 1)]),
    ("F pentomino", &[(1, 0), (2, 0), (0, 1), (1, 1), (1, 2)]),
    ("I pentomino", &[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]),
    ("L pentomino", &[(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)]),
    ("N pentomino", &[(0, 0), (1, 0), (2, 0), (2, 1), (3, 1)]),
    ("P pentomino", &[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]),
    ("T pentomino", &[(0, 0), (1, 0), (2, 0), (1, 1), (1, 2)]),
    ("U pentomino", &[(0, 0), (2, 0), (0, 1), (1, 1), (2, 1)]),
    ("V pentomino", &[(0, 0), (1, 0), (2, 0), (0, 1), (0, 2)]),
    ("W pentomino", &[(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ("X pentomino", &[(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)]),
    ("Y pentomino", &[(0, 0), (1, 0), (2, 0), (3, 0), (2, 1)]),
    ("Z pentomino", &[(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)]),
    ("Snaky", &[(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 1)]),
];

/// The animal of a common name (case-insensitive; "-" and "_" may stand
/// for the space).
pub fn by_name(name: &str) -> Option<Polyomino> {
    let wanted = name.trim().to_lowercase().replace(['-', '_'], " ");
    NAMED
        .iter()
        .find(|(known, _)| known.to_lowercase() == wanted)
        .and_then(|(_, cells)| Polyomino::new(cells).ok())
}

/// The common name of an animal, if it has one.
pub fn common_name(animal: &Polyomino) -> Option<&'static str> {
    let canonical = animal.canonical();
    NAMED.iter().find_map(|(name, cells)| {
        let named = Polyomino::new(cells).ok()?;
        (named.canonical() == canonical).then_some(*name)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn names_are_distinct_animals_and_round_trip() {
        let mut seen = BTreeSet::new();
        for (name, cells) in NAMED {
            let animal = Polyomino::new(cells).unwrap();
            assert!(seen.insert(animal.canonical()), "{name} named twice");
            assert_eq!(common_name(&animal), Some(*name));
            assert_eq!(
                by_name(name).map(|a| a.canonical()),
                Some(animal.canonical())
            );
        }
        assert_eq!(by_name("l-tetromino").unwrap().size(), 4);
        assert!(by_name("heptomino").is_none());
    }
}
