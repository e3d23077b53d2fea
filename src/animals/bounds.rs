//! A winner's bounds on the least number of Maker moves that build it on
//! the infinite grid (docs/formats/animals.md, `moves`): from below the
//! best committed grid-delay certificate (Breaker stops every completion
//! within k moves, so at least k + 1 are needed), or the trivial bound,
//! its number of cells; from above the best certified
//! strategy of any committed source. The sources are its own card table,
//! every weak-game `first-wins` board certificate of the animal (a win
//! within m on a finite board is one on the grid: Maker answers a Breaker
//! move off the board as if Breaker had taken any free board cell), and
//! every `snaky` card-table certificate of the animal whose empty-board
//! claim holds. The kernel audits the one the atlas cites.

use crate::polyomino::{Cell, Polyomino};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Where the board certificates are committed.
pub const BOARDS: &str = crate::board::verify::DIRECTORY;
/// Where the grid-delay certificates are committed.
pub const DELAYS: &str = crate::grid::DIRECTORY;
/// Where the snaky card-table certificates are committed.
pub const TABLES: &str = "certificates";

/// A winner's `moves` in the atlas.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveBounds {
    pub lower: u32,
    /// The grid-delay certificate whose bound gives `lower`; None when
    /// `lower` is the trivial bound.
    pub lower_by: Option<String>,
    pub upper: u32,
    /// The certificate whose bound is `upper`.
    pub upper_by: String,
}

/// One committed certificate's bound: Maker builds `animal` (canonical)
/// within `moves` moves on the infinite grid, or (`delay`) Breaker stops
/// her from building it within `moves`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpperSource {
    pub animal: Polyomino,
    pub moves: u32,
    pub path: String,
    /// A grid-delay certificate: a lower bound, `moves` + 1.
    pub delay: bool,
}

/// The bounds of `animal` whose own card table is `table` (path, height):
/// the least of the table and every source of the same animal; on a tie
/// the table, then the first source in `sources` order.
pub fn bounds(animal: &Polyomino, table: (&str, u32), sources: &[UpperSource]) -> MoveBounds {
    let canonical = animal.canonical();
    let others = sources
        .iter()
        .filter(|source| source.animal == canonical && !source.delay)
        .map(|source| (source.path.as_str(), source.moves));
    let (upper_by, upper) = std::iter::once(table)
        .chain(others)
        .min_by_key(|&(_, moves)| moves)
        .unwrap_or(table);
    let cells = u32::try_from(animal.size()).unwrap_or(u32::MAX);
    let delay = sources
        .iter()
        .filter(|source| source.animal == canonical && source.delay && source.moves >= cells)
        .max_by_key(|source| (source.moves, std::cmp::Reverse(source.path.clone())));
    MoveBounds {
        lower: delay.map_or(cells, |source| source.moves + 1),
        lower_by: delay.map(|source| source.path.clone()),
        upper,
        upper_by: upper_by.to_string(),
    }
}

/// Every committed source of an upper bound under `root`: the board
/// certificates, then the snaky card tables, each directory in path order.
/// A file that is unreadable, of another kind or claim, is no source.
pub fn committed_sources(root: &Path) -> Vec<UpperSource> {
    let boards = json_files(root, BOARDS)
        .into_iter()
        .filter_map(|(path, text)| board_source(path, &text));
    let tables = json_files(root, TABLES)
        .into_iter()
        .filter_map(|(path, text)| table_source(path, &text));
    let delays = json_files(root, DELAYS)
        .into_iter()
        .filter_map(|(path, text)| delay_source(path, &text));
    boards.chain(tables).chain(delays).collect()
}

/// The `.json` files directly in `directory`, as (relative path, text),
/// sorted by path.
fn json_files(root: &Path, directory: &str) -> Vec<(String, String)> {
    let Ok(entries) = std::fs::read_dir(root.join(directory)) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".json"))
        .collect();
    names.sort();
    names
        .into_iter()
        .filter_map(|name| {
            let path = format!("{directory}/{name}");
            let text = std::fs::read_to_string(root.join(&path)).ok()?;
            Some((path, text))
        })
        .collect()
}

/// The fields of a board certificate that say what it bounds.
#[derive(Deserialize)]
struct BoardHead {
    kind: String,
    game: String,
    claim: String,
    move_bound: Option<u32>,
    board: BoardShape,
}

#[derive(Deserialize)]
struct BoardShape {
    family: String,
    cells: Option<Vec<Cell>>,
}

fn board_source(path: String, text: &str) -> Option<UpperSource> {
    let head: BoardHead = serde_json::from_str(text).ok()?;
    let wins = head.kind == "board" && head.game == "weak" && head.claim == "first-wins";
    if !wins || head.board.family != "polyomino" {
        return None;
    }
    Some(UpperSource {
        animal: Polyomino::new(&head.board.cells?).ok()?.canonical(),
        moves: head.move_bound?,
        path,
        delay: false,
    })
}

/// The fields of a grid-delay certificate that say what it bounds.
#[derive(Deserialize)]
struct DelayHead {
    kind: String,
    claim: String,
    cells: Vec<Cell>,
    move_bound: u32,
}

fn delay_source(path: String, text: &str) -> Option<UpperSource> {
    let head: DelayHead = serde_json::from_str(text).ok()?;
    if head.kind != "grid-delay" || head.claim != "maker-does-not-win-within" {
        return None;
    }
    Some(UpperSource {
        animal: Polyomino::new(&head.cells).ok()?.canonical(),
        moves: head.move_bound,
        path,
        delay: true,
    })
}

/// The fields of a snaky certificate that say what it bounds.
#[derive(Deserialize)]
struct TableHead {
    kind: String,
    shape: Option<Vec<Cell>>,
    #[serde(default)]
    claims: Vec<ClaimHead>,
    final_card: Option<FinalCard>,
}

#[derive(Deserialize)]
struct ClaimHead {
    id: String,
    verdict: String,
}

#[derive(Deserialize)]
struct FinalCard {
    height: u32,
}

fn table_source(path: String, text: &str) -> Option<UpperSource> {
    let head: TableHead = serde_json::from_str(text).ok()?;
    let holds = head
        .claims
        .iter()
        .any(|claim| claim.id == "empty-board" && claim.verdict == "holds");
    if head.kind != "snaky" || !holds {
        return None;
    }
    Some(UpperSource {
        animal: Polyomino::new(&head.shape?).ok()?.canonical(),
        moves: head.final_card?.height,
        path,
        delay: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(cells: &[Cell], moves: u32, path: &str) -> UpperSource {
        UpperSource {
            animal: Polyomino::new(cells).unwrap().canonical(),
            moves,
            path: path.into(),
            delay: false,
        }
    }

    #[test]
    fn the_least_bound_of_the_same_animal_wins_and_ties_keep_the_table() {
        let domino = Polyomino::new(&[(0, 0), (1, 0)]).unwrap();
        let sources = [
            source(&[(0, 0), (0, 1)], 2, "b.json"),
            source(&[(0, 0)], 1, "monomino.json"),
        ];
        let kept = bounds(&domino, ("t.json", 2), &sources);
        assert_eq!(
            (kept.lower, kept.upper, kept.upper_by.as_str()),
            (2, 2, "t.json")
        );
        let better = bounds(&domino, ("t.json", 3), &sources);
        assert_eq!((better.upper, better.upper_by.as_str()), (2, "b.json"));
    }

    #[test]
    fn a_board_of_the_strong_game_or_without_a_win_is_no_source() {
        let board = |game: &str, claim: &str| {
            format!(
                r#"{{"kind": "board", "game": "{game}", "claim": "{claim}", "move_bound": 3,
                "board": {{"family": "polyomino", "width": 3, "height": 3, "cells": [[0,0],[1,0],[2,0]]}}}}"#
            )
        };
        let found = board_source("x.json".into(), &board("weak", "first-wins"));
        assert_eq!(found.map(|s| s.moves), Some(3));
        assert!(board_source("x.json".into(), &board("strong", "first-wins")).is_none());
        let delay = board("weak", "first-does-not-win-within");
        assert!(board_source("x.json".into(), &delay).is_none());
        assert!(table_source("x.json".into(), "{}").is_none());
    }
}
