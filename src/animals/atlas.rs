//! The classification of every animal up to 7 cells, each status backed by
//! a certificate: a card table of its own (a winner: Snaky's 21-move table,
//! or the generator's table of one of the eleven small winners), a winner
//! containing it (Proposition 5), a periodic pairing (a loser), or a smaller
//! certified loser it contains (a loser, Proposition 5). Animals the article
//! calls winners with no certified table stay "open".

use super::bounds::{bounds, UpperSource};
use super::certificate::{pairing_path, AtlasEntry, Induction};
use crate::polyomino::{enumerate_upto, names::by_name, Polyomino};
use std::path::Path;

/// The one card table the project certifies so far: Snaky in 21 moves.
pub const SNAKY_TABLE: &str = "certificates/snaky21.json";
pub const SNAKY_MOVES: u32 = 21;
/// The atlas lists every animal up to this size.
pub const ATLAS_CELLS: usize = 7;

/// The article's three 5-cell winners (claim 2), by its cell lists.
pub fn article_winners() -> Vec<Polyomino> {
    [
        [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)],
        [(0, 0), (1, 0), (2, 0), (3, 0), (2, 1)],
        [(0, 0), (1, 0), (2, 0), (2, 1), (3, 1)],
    ]
    .iter()
    .filter_map(|cells| Polyomino::new(cells).ok())
    .collect()
}

pub fn snaky() -> Polyomino {
    by_name("Snaky").unwrap_or_else(|| unreachable!("Snaky is a named animal"))
}

/// Whether the article counts the animal a winner: contained in L, Y or N.
pub fn article_winner(animal: &Polyomino) -> bool {
    article_winners().iter().any(|w| w.contains(animal))
}

/// A winner's own certified card table: its snaky-format certificate and
/// the table's certified bound (its last card's height).
pub type OwnTable = (String, u32);

/// The atlas entries, smallest animals first. `has_pairing` tells whether
/// a committed pairing certificate exists for an animal; `own_table` gives
/// an animal's certified card table, if it has one; `sources` are the
/// other committed certificates bounding a winner's moves from above.
pub fn classify(
    levels: &[Vec<Polyomino>],
    has_pairing: &dyn Fn(&Polyomino) -> bool,
    own_table: &dyn Fn(&Polyomino) -> Option<OwnTable>,
    sources: &[UpperSource],
) -> Vec<AtlasEntry> {
    let snaky = snaky().canonical();
    let snaky_bounds = bounds(&snaky, (SNAKY_TABLE, SNAKY_MOVES), sources);
    let mut entries: Vec<AtlasEntry> = Vec::new();
    let mut losers: Vec<Polyomino> = Vec::new();
    for animal in levels.iter().take(ATLAS_CELLS).flatten() {
        let entry =
            |status: &'static str, how: &str, certificate: Option<String>, moves| AtlasEntry {
                cells: animal.cells().to_vec(),
                size: animal.size(),
                name: crate::polyomino::common_name(animal).map(str::to_string),
                status,
                how: how.to_string(),
                certificate,
                moves,
            };
        let record = if *animal == snaky {
            let moves = Some(snaky_bounds.clone());
            entry("winner", "card-table", Some(SNAKY_TABLE.into()), moves)
        } else if let Some((certificate, height)) = own_table(animal) {
            let moves = Some(bounds(animal, (&certificate, height), sources));
            entry("winner", "card-table", Some(certificate), moves)
        } else if snaky.contains(animal) {
            // Proposition 5: Snaky's strategy builds this animal too.
            let lower = u32::try_from(animal.size()).unwrap_or(u32::MAX);
            let moves = Some(super::bounds::MoveBounds {
                lower,
                lower_by: None,
                ..snaky_bounds.clone()
            });
            let certificate = Some(snaky.cell_list());
            entry("winner", "contained-in-winner", certificate, moves)
        } else if article_winner(animal) {
            entry(
                "open",
                "winner by the article; no certified card table yet (`gamecert animals prove` writes one)",
                None,
                None,
            )
        } else if let Some(smaller) = losers.iter().find(|l| animal.contains(l)) {
            entry("loser", "contains", Some(smaller.cell_list()), None)
        } else if has_pairing(animal) {
            losers.push(animal.clone());
            entry("loser", "pairing", Some(pairing_path(animal)), None)
        } else {
            entry("open", "no pairing certificate found", None, None)
        };
        if record.how == "contains" {
            losers.push(animal.clone());
        }
        entries.push(record);
    }
    entries
}

/// The animals that need a pairing of their own: not winners by the article,
/// not Snaky, containing no smaller loser (found in size order).
pub fn basic_losers(levels: &[Vec<Polyomino>]) -> Vec<Polyomino> {
    let snaky = snaky().canonical();
    let mut basic: Vec<Polyomino> = Vec::new();
    for animal in levels.iter().take(ATLAS_CELLS).flatten() {
        if *animal == snaky || article_winner(animal) || snaky.contains(animal) {
            continue;
        }
        if !basic.iter().any(|b| animal.contains(b)) {
            basic.push(animal.clone());
        }
    }
    basic
}

/// "Every animal of 8 or more cells contains a 7-cell animal": checked on
/// every 8-cell animal, and argued for larger ones.
pub fn induction(octominoes: &[Polyomino]) -> Induction {
    let all_reduce = octominoes
        .iter()
        .all(|animal| animal.cells().iter().any(|&c| animal.connected_without(c)));
    Induction {
        statement: "every animal of n >= 8 cells contains an animal of 7 cells".into(),
        octominoes: octominoes.len(),
        all_reduce,
        argument: "a connected animal of n >= 2 cells has a spanning tree of its adjacency graph; a leaf of that tree can be removed leaving a connected animal of n - 1 cells. By induction an animal of n >= 8 cells contains one of 7 cells. The tool checks the step n = 8 directly on every octomino (some cell's removal leaves it connected); for n > 8 the spanning-tree argument applies".into(),
    }
}

/// Whether the pairing certificate of an animal is committed under `root`.
pub fn pairing_committed(root: &Path, animal: &Polyomino) -> bool {
    root.join(pairing_path(animal)).is_file()
}

/// All levels 1..=8.
pub fn levels() -> Vec<Vec<Polyomino>> {
    enumerate_upto(ATLAS_CELLS + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The atlas as if every basic loser had a committed pairing.
    fn atlas(levels: &[Vec<Polyomino>]) -> Vec<AtlasEntry> {
        let basic: BTreeSet<Polyomino> = basic_losers(levels).into_iter().collect();
        classify(levels, &|a| basic.contains(a), &|_| None, &[])
    }

    fn animal(entry: &AtlasEntry) -> Polyomino {
        Polyomino::new(&entry.cells).unwrap()
    }

    #[test]
    fn every_status_cites_what_backs_it() {
        let levels = levels();
        let entries = atlas(&levels);
        let find = |cited: &str| {
            entries
                .iter()
                .find(|e| animal(e).cell_list() == cited)
                .unwrap()
        };
        for entry in &entries {
            let cited = entry.certificate.as_deref().unwrap_or("");
            match (entry.status, entry.how.as_str()) {
                ("loser", "contains") => {
                    let smaller = find(cited);
                    assert_eq!(smaller.status, "loser");
                    assert!(smaller.size < entry.size && animal(entry).contains(&animal(smaller)));
                }
                ("winner", "contained-in-winner") => {
                    assert!(
                        find(cited).size > entry.size
                            && animal(find(cited)).contains(&animal(entry))
                    )
                }
                ("loser", "pairing") => assert!(cited.ends_with(".json")),
                ("winner", "card-table") => {
                    assert_eq!(animal(entry).canonical(), snaky().canonical())
                }
                (status, how) => assert_eq!(status, "open", "{how}"),
            }
        }
    }

    #[test]
    fn only_article_winners_without_a_table_stay_open_and_sevens_all_lose() {
        let levels = levels();
        let entries = atlas(&levels);
        for entry in &entries {
            if entry.status == "open" {
                assert!(article_winner(&animal(entry)) && !snaky().contains(&animal(entry)));
            }
            if entry.size == ATLAS_CELLS {
                assert_eq!(entry.status, "loser");
            }
        }
        // every basic loser contains no other loser of the atlas
        let basic = basic_losers(&levels);
        for (i, a) in basic.iter().enumerate() {
            assert!(basic
                .iter()
                .enumerate()
                .all(|(j, b)| i == j || !a.contains(b)));
        }
    }

    #[test]
    fn the_induction_step_holds_on_every_octomino() {
        let levels = levels();
        let step = induction(&levels[7]);
        assert!(step.all_reduce);
        assert_eq!(step.octominoes, levels[7].len());
    }
}
