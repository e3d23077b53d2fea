//! The independent auditor of a finite-board achievement-game certificate
//! (kind "board"). It reads the JSON alone and shares no code with the
//! solver: the winning sets (placements of the polyomino, or lines of k) and
//! the board symmetries are rebuilt here ([`game`]), and the owner's
//! strategy table is replayed against every reply of the opponent
//! ([`replay`]).
//!
//! The opponent may claim any free cell that is not dead, and may pass when
//! a dead free cell exists. A dead cell lies in no relevant set, so claiming
//! it changes nothing but the turn; a pass stands for it. Relevant sets,
//! with r the first player's moves left within the claim's bound:
//! - first player's table (`first-wins`, bound B, r = B - first's cells):
//!   sets with no second cell missing at most r cells, and (strong game)
//!   sets with no first cell missing at most r (the second player cannot
//!   complete a larger one before the first player's bound runs out);
//! - second player's table: sets with no second cell (missing at most r
//!   for `first-does-not-win-within`, any for `first-does-not-win`), and
//!   (strong) sets with no first cell.
//!
//! A first player's table needs no entry where the first player, to move,
//! completes a set at once (a set holding no second-player cell misses one
//! cell): the replay counts that line as won.
//!
//! The claim `first-does-not-win-after` is `first-does-not-win` against the
//! first moves listed in `first_moves` only (each the least image of its
//! symmetry class): the replay starts after each of them, the second player
//! to move, and says nothing of any other first move.
//!
//! The second player's table may end a line early with a pairing (every
//! set the first player could still complete within r contains a whole
//! pair, checked here; the pairing may sit at a position with either player
//! to move) or where the weight sum of 2^-missing of those sets is below
//! 1/2 with the first player to move (1 with the second), which is Erdős
//! and Selfridge's theorem (1973) applied to the sets completable within r.

mod game;
mod replay;
pub mod shards;

pub(crate) use game::shape_name;

use crate::{AuditReport, Failure};
use replay::{Positions, Replay};
use serde_json::Value;
use std::fmt;

/// The certificate format version this auditor reads.
pub const FORMAT: u64 = 1;

type Cells = u128;

/// Every field of a board certificate; any other is a fault.
const FIELDS: &[&str] = &[
    "kind",
    "format",
    "name",
    "game",
    "board",
    "claim",
    "move_bound",
    "first_moves",
    "pairing",
    "strategy",
];

/// A failed obligation, naming the position at fault as
/// `"<first cells hex>.<second cells hex>"` (bit i = cell i = y * width + x).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// A field is missing or malformed.
    Malformed(String),
    /// A field this kind does not have.
    UnknownField { field: String },
    /// The `name` is not the one the board and shape give.
    Name { found: String, derived: String },
    /// A strategy key is not the canonical spelling of a canonical position
    /// on the board (so two keys could name one position).
    Key { key: String, reason: String },
    /// The table's move is off the board or onto a taken cell.
    TakenCell { position: String, cell: u64 },
    /// The table's move is on a dead cell (in no relevant set), which a
    /// passing opponent may in truth hold.
    DeadMove { position: String, cell: u64 },
    /// The owner is to move and the table has no entry for the position.
    MissingEntry { position: String },
    /// The first player's bound runs out without a completed set.
    BoundExceeded { position: String, bound: u64 },
    /// The board fills before the first player completes a set.
    BoardFull { position: String },
    /// The opponent completes a set against the table (the reply is named).
    OpponentCompletes { position: String, cell: Option<u64> },
    /// A pairing reuses a cell, names a taken cell, or misses a set.
    PairingFault { position: String, message: String },
    /// A split certificate's shard is unreadable, of another game or
    /// claim, does not hold, or answers a first move another shard answers.
    Shard { path: String, reason: String },
    /// A split certificate's shards leave these opening classes (x, y)
    /// unanswered.
    UnansweredFirstMoves { cells: Vec<(u64, u64)> },
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Malformed(message) => write!(f, "malformed board certificate: {message}"),
            Fault::UnknownField { field } => {
                write!(f, "board certificate has an unknown field {field:?}")
            }
            Fault::Name { found, derived } => write!(
                f,
                "board certificate is named {found:?}, but its board and shape make it {derived:?}"
            ),
            Fault::Key { key, reason } => write!(f, "strategy key {key:?}: {reason}"),
            Fault::TakenCell { position, cell } => {
                write!(f, "position {position}: the table's move {cell} is not a free cell")
            }
            Fault::DeadMove { position, cell } => {
                write!(f, "position {position}: the table's move {cell} is on a dead cell")
            }
            Fault::MissingEntry { position } => {
                write!(f, "position {position}: the table has no move (a reply is not covered)")
            }
            Fault::BoundExceeded { position, bound } => write!(
                f,
                "position {position}: the first player has used its {bound} moves without completing a set"
            ),
            Fault::BoardFull { position } => write!(
                f,
                "position {position}: the board is full and the first player has completed no set"
            ),
            Fault::OpponentCompletes { position, cell } => match cell {
                Some(cell) => write!(f, "position {position}: the reply {cell} completes a set against the table"),
                None => write!(f, "position {position}: the opponent completes a set against the table"),
            },
            Fault::PairingFault { position, message } => {
                write!(f, "position {position}: pairing: {message}")
            }
            Fault::Shard { path, reason } => write!(f, "shard {path}: {reason}"),
            Fault::UnansweredFirstMoves { cells } => {
                let named: Vec<String> = cells.iter().map(|(x, y)| format!("({x},{y})")).collect();
                write!(
                    f,
                    "the shards answer no first move of the classes {}",
                    named.join(" ")
                )
            }
        }
    }
}

fn name(first: Cells, second: Cells) -> String {
    format!("{first:x}.{second:x}")
}

/// What a certificate claims of the first player.
#[derive(Debug, Clone, Copy)]
enum Claim {
    /// It completes a set within this many of its moves (its table).
    Wins(u32),
    /// It never completes a set (the second player's table or a pairing).
    NeverWins,
    /// It completes no set within this many of its moves (the second
    /// player's table): a lower bound on the move number.
    NoWinWithin(u32),
}

enum Entry {
    Move(u64),
    Pairing(Box<[(u64, u64)]>),
}

/// Audits a board certificate.
pub fn audit(json: &Value) -> AuditReport {
    let mut report = AuditReport {
        kind: "board".to_string(),
        checked: Vec::new(),
        failures: Vec::new(),
    };
    if let Err(fault) = audit_faults(json, &mut report.checked) {
        report.failures.push(Failure::Board(fault));
    }
    report
}

fn audit_faults(json: &Value, checked: &mut Vec<String>) -> Result<(), Fault> {
    let game = read_game(json, FIELDS)?;
    let claim = read_claim(json)?;
    let first_moves = read_first_moves(json, &game)?;
    let title = &game.name;
    checked.push(format!(
        "{title}: {} winning sets and {} symmetries rebuilt",
        game.sets.len(),
        game.symmetries.len()
    ));
    let entries = parse_entries(json, &game)?;
    if let Some(pairs) = root_pairing(json, claim)? {
        if first_moves.is_some() {
            return Err(Fault::Malformed(
                "a certificate with \"first_moves\" needs \"pairing\": null".to_string(),
            ));
        }
        if !entries.is_empty() {
            return Err(Fault::Malformed(
                "a certificate with a root pairing needs an empty \"strategy\"".to_string(),
            ));
        }
        let horizon = match claim {
            Claim::NoWinWithin(bound) => bound,
            _ => u32::MAX,
        };
        replay::check_pairing(&game, 0, 0, horizon, &pairs)?;
        checked.push(format!(
            "{title}: the pairing of {} pairs meets every winning set{}",
            pairs.len(),
            within(claim)
        ));
        return Ok(());
    }
    let count = entries.len();
    let mut replay = Replay::new(&game, entries, claim);
    let unused = match &first_moves {
        None => replay.run()?,
        Some(cells) => replay.run_after(cells)?,
    };
    let positions = replay.positions;
    checked.push(match claim {
        Claim::Wins(b) => format!(
            "{title}: the first player's table ({count} entries, {unused} never reached) completes a set within {b} moves against every reply ({positions} positions)"
        ),
        _ => format!(
            "{title}: the second player's table ({count} entries, {unused} never reached) stops every first-player completion{}{} ({positions} positions)",
            within(claim),
            after(&game, first_moves.as_deref())
        ),
    });
    Ok(())
}

/// The game a certificate names, its fields among `fields` and its `name`
/// the one its board and shape give.
fn read_game(json: &Value, fields: &[&str]) -> Result<game::Game, Fault> {
    if let Some(field) = crate::unknown_fields(json, fields).next() {
        return Err(Fault::UnknownField {
            field: field.clone(),
        });
    }
    let game = game::from_json(json).map_err(Fault::Malformed)?;
    let found = json.get("name").and_then(Value::as_str);
    if found != Some(game.name.as_str()) {
        return Err(Fault::Name {
            found: found.unwrap_or("(none)").to_string(),
            derived: game.name.clone(),
        });
    }
    Ok(game)
}

fn after(game: &game::Game, first_moves: Option<&[u64]>) -> String {
    let Some(cells) = first_moves else {
        return String::new();
    };
    let named: Vec<String> = cells
        .iter()
        .map(|&cell| {
            format!(
                "({},{})",
                cell % game.width as u64,
                cell / game.width as u64
            )
        })
        .collect();
    format!(
        " after the first moves {} only ({} of the first player's opening classes)",
        named.join(" "),
        cells.len()
    )
}

/// The `first_moves` of a `first-does-not-win-after` claim: a non-empty
/// ascending list of cells, each on the board and the least image of its
/// one-cell position (so a class is named once, one way); absent or null
/// for every other claim.
fn read_first_moves(json: &Value, game: &game::Game) -> Result<Option<Vec<u64>>, Fault> {
    let partial = json.get("claim").and_then(Value::as_str) == Some("first-does-not-win-after");
    let value = json.get("first_moves").filter(|v| !v.is_null());
    let malformed = |message: &str| Err(Fault::Malformed(message.to_string()));
    let Some(value) = value else {
        return if partial {
            malformed("the claim \"first-does-not-win-after\" needs \"first_moves\"")
        } else {
            Ok(None)
        };
    };
    if !partial {
        return malformed("only the claim \"first-does-not-win-after\" has \"first_moves\"");
    }
    let cells: Option<Vec<u64>> = value
        .as_array()
        .map(|list| list.iter().map(Value::as_u64).collect())
        .unwrap_or(None);
    let Some(cells) = cells.filter(|cells| !cells.is_empty()) else {
        return malformed("\"first_moves\" is not a non-empty list of cells");
    };
    if cells.windows(2).any(|pair| pair[0] >= pair[1]) {
        return malformed("\"first_moves\" is not in ascending order without repeats");
    }
    for &cell in &cells {
        let on_board = cell < game.cells as u64;
        if !on_board || game.canonical(1 << cell, 0) != (1 << cell, 0) {
            return Err(Fault::Malformed(format!(
                "first move {cell} is not a cell of the board that is the least image of its class"
            )));
        }
    }
    Ok(Some(cells))
}

fn within(claim: Claim) -> String {
    match claim {
        Claim::NoWinWithin(k) => format!(" within {k} first-player moves"),
        _ => String::new(),
    }
}

/// The claim, with `move_bound` a whole number 1..=128 exactly when the
/// claim is bounded, and null otherwise.
fn read_claim(json: &Value) -> Result<Claim, Fault> {
    let bound = match json.get("move_bound") {
        Some(Value::Null) => None,
        Some(value) => Some(
            value
                .as_u64()
                .filter(|b| (1..=128).contains(b))
                .ok_or_else(|| {
                    Fault::Malformed("\"move_bound\" is not a whole number 1..=128".to_string())
                })? as u32,
        ),
        None => return Err(Fault::Malformed("no \"move_bound\"".to_string())),
    };
    match (json.get("claim").and_then(Value::as_str), bound) {
        (Some("first-wins"), Some(bound)) => Ok(Claim::Wins(bound)),
        (Some("first-does-not-win" | "first-does-not-win-after"), None) => Ok(Claim::NeverWins),
        (Some("first-does-not-win-within"), Some(bound)) => {
            Ok(Claim::NoWinWithin(bound))
        }
        (Some(claim @ ("first-wins" | "first-does-not-win-within")), None) => Err(
            Fault::Malformed(format!("the claim {claim:?} needs a \"move_bound\"")),
        ),
        (Some(claim @ ("first-does-not-win" | "first-does-not-win-after")), Some(_)) => Err(
            Fault::Malformed(format!("the claim {claim:?} needs \"move_bound\": null")),
        ),
        _ => Err(Fault::Malformed(
            "\"claim\" is none of \"first-wins\", \"first-does-not-win\", \"first-does-not-win-after\", \"first-does-not-win-within\""
                .to_string(),
        )),
    }
}

/// The root `pairing`: null, or (for the second player's claims) a list.
fn root_pairing(json: &Value, claim: Claim) -> Result<Option<Vec<(u64, u64)>>, Fault> {
    match json.get("pairing") {
        Some(Value::Null) => Ok(None),
        Some(_) if matches!(claim, Claim::Wins(_)) => Err(Fault::Malformed(
            "a \"first-wins\" certificate needs \"pairing\": null".to_string(),
        )),
        Some(value) => pairs(value)
            .map(Some)
            .ok_or_else(|| Fault::Malformed("\"pairing\" is not a list of cell pairs".to_string())),
        None => Err(Fault::Malformed("no \"pairing\"".to_string())),
    }
}

/// The strategy table: every key the canonical spelling of a canonical
/// position of disjoint cells on the board.
fn parse_entries(json: &Value, game: &game::Game) -> Result<Positions<Entry>, Fault> {
    let table = json
        .get("strategy")
        .and_then(Value::as_object)
        .ok_or_else(|| Fault::Malformed("\"strategy\" is not an object".to_string()))?;
    let mut out = Positions::with_capacity_and_hasher(table.len(), Default::default());
    for (key, entry) in table {
        let position = read_key(key, game)?;
        let entry = if let Some(cell) = entry.as_u64() {
            Entry::Move(cell)
        } else {
            let pairs = pairs(entry).ok_or_else(|| {
                Fault::Malformed(format!(
                    "strategy entry {key:?} is neither a cell nor a pairing"
                ))
            })?;
            Entry::Pairing(pairs.into())
        };
        out.insert(position, entry);
    }
    Ok(out)
}

fn read_key(key: &str, game: &game::Game) -> Result<(Cells, Cells), Fault> {
    let fault = |reason: &str| Fault::Key {
        key: key.to_string(),
        reason: reason.to_string(),
    };
    let (first, second) = key
        .split_once('.')
        .and_then(|(a, b)| {
            Some((
                Cells::from_str_radix(a, 16).ok()?,
                Cells::from_str_radix(b, 16).ok()?,
            ))
        })
        .ok_or_else(|| fault("not \"<hex>.<hex>\""))?;
    if name(first, second) != key {
        return Err(fault(
            "not in canonical spelling (lower-case hexadecimal, no leading zeros)",
        ));
    }
    if (first | second) & !game.all() != 0 || first & second != 0 {
        return Err(fault("names a cell off the board or a cell held by both"));
    }
    if game.canonical(first, second) != (first, second) {
        return Err(fault(
            "not the least image of its position under the board's symmetries",
        ));
    }
    Ok((first, second))
}

fn pairs(value: &Value) -> Option<Vec<(u64, u64)>> {
    value
        .as_array()?
        .iter()
        .map(|pair| {
            let pair = pair.as_array().filter(|p| p.len() == 2)?;
            Some((pair[0].as_u64()?, pair[1].as_u64()?))
        })
        .collect()
}
