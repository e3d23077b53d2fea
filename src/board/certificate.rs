//! The emitted board certificate (docs/formats/board.md): the game, the
//! claim, and the owner's strategy table or a pairing.

use super::hypergraph::Cells;
use super::search::Version;
use super::strategy::{Entry, Owner, Strategy};
use super::{Family, Game};
use serde::Serialize;
use std::collections::BTreeMap;

/// The format version the kernel's board auditor reads.
pub const FORMAT: u64 = 1;

#[derive(Debug, Clone, Serialize)]
pub struct Board {
    pub family: &'static str,
    pub width: usize,
    pub height: usize,
    /// The polyomino's cells `[x, y]` (family "polyomino").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cells: Option<Vec<[i32; 2]>>,
    /// The line length (family "lines").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub k: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum EntryJson {
    Move(usize),
    Pairing(Vec<[usize; 2]>),
}

impl From<Entry> for EntryJson {
    fn from(entry: Entry) -> EntryJson {
        match entry {
            Entry::Move(cell) => EntryJson::Move(cell),
            Entry::Pairing(pairs) => EntryJson::Pairing(pairs_json(&pairs)),
        }
    }
}

impl From<EntryJson> for Entry {
    fn from(entry: EntryJson) -> Entry {
        match entry {
            EntryJson::Move(cell) => Entry::Move(cell),
            EntryJson::Pairing(pairs) => {
                Entry::Pairing(pairs.iter().map(|&[a, b]| (a, b)).collect())
            }
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Certificate {
    pub kind: &'static str,
    pub format: u64,
    pub name: String,
    pub game: &'static str,
    pub board: Board,
    /// "first-wins" (the first player's table, with `move_bound`),
    /// "first-does-not-win" (the second player's table or a pairing), or
    /// "first-does-not-win-within" (the second player's delay table, with
    /// `move_bound`), or "first-does-not-win-after" (the second player's
    /// table against the `first_moves` only).
    pub claim: &'static str,
    pub move_bound: Option<u32>,
    /// "first-does-not-win-after" only: the first moves the table answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_moves: Option<Vec<usize>>,
    pub pairing: Option<Vec<[usize; 2]>>,
    /// Canonical position `"<first hex>.<second hex>"` -> cell or pairing.
    pub strategy: BTreeMap<String, EntryJson>,
}

/// The table key of a position: both players' cells as hex bitmasks.
pub fn key(first: Cells, second: Cells) -> String {
    format!("{first:x}.{second:x}")
}

fn pairs_json(pairs: &[(usize, usize)]) -> Vec<[usize; 2]> {
    pairs.iter().map(|&(a, b)| [a, b]).collect()
}

impl Certificate {
    pub fn build(game: &Game, version: Version, strategy: &Strategy) -> Certificate {
        let board = match &game.family {
            Family::Polyomino(shape) => Board {
                family: "polyomino",
                width: game.graph.width,
                height: game.graph.height,
                cells: Some(shape.cells.iter().map(|&(x, y)| [x, y]).collect()),
                k: None,
            },
            Family::Lines { k } => Board {
                family: "lines",
                width: game.graph.width,
                height: game.graph.height,
                cells: None,
                k: Some(*k),
            },
        };
        let strategy_json = strategy
            .entries
            .iter()
            .map(|(&(first, second), entry)| {
                let entry = match entry {
                    Entry::Move(cell) => EntryJson::Move(*cell),
                    Entry::Pairing(pairs) => EntryJson::Pairing(pairs_json(pairs)),
                };
                (key(first, second), entry)
            })
            .collect();
        Certificate {
            kind: "board",
            format: FORMAT,
            name: game.name(),
            game: version.word(),
            board,
            claim: match (strategy.owner, strategy.bound, &strategy.first_moves) {
                (Owner::First, ..) => "first-wins",
                (Owner::Second, None, Some(_)) => "first-does-not-win-after",
                (Owner::Second, None, None) => "first-does-not-win",
                (Owner::Second, Some(_), _) => "first-does-not-win-within",
            },
            move_bound: strategy.bound,
            first_moves: strategy.first_moves.clone(),
            pairing: strategy.root_pairing.as_deref().map(pairs_json),
            strategy: strategy_json,
        }
    }

    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        crate::cert::to_certificate_json(self, 2)
    }
}
