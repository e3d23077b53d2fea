//! The independent auditor of an infinite-grid delay certificate (kind
//! "grid-delay"): Breaker's table stops Maker from completing any
//! placement of the animal within `move_bound` of her moves on the infinite
//! square grid. The reduction to a finite tree and the proof of every rule
//! are in docs/formats/grid-delay.md; [`rules`] replays it.
//!
//! In short, with r Maker moves left a placement is *live* if it holds no
//! Breaker stone and misses at most r cells; only live placements can still
//! be completed, and the live family only shrinks.
//! - Maker's first move is the origin (translation).
//! - A Maker move in no live placement is replayed as one pass.
//! - While r is at least the animal's size (fresh placements are live),
//!   Maker's moves near the stones (offsets in N^2, or N^4 with one more
//!   move in hand, N the difference set of the animal) are replayed one by
//!   one and every farther move by one representative far cell.
//! - Once r is below the size, every live placement holds a Maker stone:
//!   the live family is finite, the position is its residual hypergraph,
//!   and its key is the multiset of its components up to symmetry.
//! - A line ends when nothing live is left or the Erdős–Selfridge weight of
//!   the live family is below 1/2 (Maker to move) or 1 (Breaker to move).
//! - A position whose key is verified is not replayed again (equal keys
//!   are equivalent positions).

mod rules;

use crate::{AuditReport, Failure};
use serde_json::Value;
use std::fmt;

/// The certificate format version this auditor reads.
pub const FORMAT: u64 = 1;

/// Every field of a grid-delay certificate; any other is a fault.
const FIELDS: &[&str] = &[
    "kind",
    "format",
    "name",
    "cells",
    "claim",
    "move_bound",
    "strategy",
];

/// The largest animal this auditor reads.
pub const MAX_CELLS: usize = 8;

/// The most table entries a certificate may have, checked on the
/// strategy object's length before any entry is read (the largest
/// committed table has 19,190).
pub const MAX_ENTRIES: u64 = 1_000_000;

/// The most positions the replay visits before it gives up (the largest
/// committed table needs under a million). With memoisation the visits
/// are also bounded by the table: see docs/formats/grid-delay.md, "Limits".
pub const MAX_VISITS: u64 = 5_000_000;

/// The auditor's limits; [`audit_with`] takes others (for tests).
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub entries: u64,
    pub visits: u64,
}

pub const LIMITS: Limits = Limits {
    entries: MAX_ENTRIES,
    visits: MAX_VISITS,
};

/// A failed obligation. Positions are named by their keys (the spelling
/// the table uses, docs/formats/grid-delay.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// A field is missing or malformed.
    Malformed(String),
    /// A field this kind does not have.
    UnknownField { field: String },
    /// The `name` is not the one the shape and bound give.
    Name { found: String, derived: String },
    /// The bound is above |P| + 2, where the far-move rules stop.
    OutsideRules { bound: u64, cells: u64 },
    /// Breaker is to move, the line has not ended, and the table has no
    /// entry for the position (a Maker reply is not covered).
    MissingEntry { position: String },
    /// The table's move is not a free cell of a live placement holding a
    /// Maker stone (or names no component of the position).
    DeadMove { position: String, cell: (i64, i64) },
    /// A replayed Maker move completes a placement within the bound.
    MakerCompletes { position: String, cell: (i64, i64) },
    /// A table entry the replay never consults.
    UnusedEntry { key: String },
    /// Over one of the auditor's [`Limits`]: `found` table entries (before
    /// any is read), or the replay's visits (it stops at the first over).
    Limit {
        what: &'static str,
        found: u64,
        limit: u64,
    },
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Malformed(message) => {
                write!(f, "malformed grid-delay certificate: {message}")
            }
            Fault::UnknownField { field } => {
                write!(f, "grid-delay certificate has an unknown field {field:?}")
            }
            Fault::Name { found, derived } => write!(
                f,
                "grid-delay certificate is named {found:?}, but its shape and bound make it {derived:?}"
            ),
            Fault::OutsideRules { bound, cells } => write!(
                f,
                "move_bound {bound} exceeds the animal's {cells} cells plus 2, beyond which no far-move rule is proved"
            ),
            Fault::MissingEntry { position } => write!(
                f,
                "position {position}: Breaker is to move and the table has no entry (a Maker reply is not covered)"
            ),
            Fault::DeadMove { position, cell } => write!(
                f,
                "position {position}: the table's move {cell:?} is not a free cell of a live placement holding a Maker stone"
            ),
            Fault::MakerCompletes { position, cell } => write!(
                f,
                "position {position}: Maker's move {cell:?} completes a placement within the bound"
            ),
            Fault::UnusedEntry { key } => {
                write!(f, "table entry {key:?} is never reached by the replay")
            }
            Fault::Limit { what, found, limit } => write!(
                f,
                "{found} {what}, over the auditor's limit of {limit}; refused"
            ),
        }
    }
}

/// A table entry: Breaker's move in the key's frame; `component` is None
/// for a key of the geometric phase.
#[derive(Debug, Clone, Copy)]
struct Entry {
    component: Option<usize>,
    cell: (i64, i64),
}

/// Audits a grid-delay certificate.
pub fn audit(json: &Value) -> AuditReport {
    audit_with(json, LIMITS)
}

/// Audits a grid-delay certificate under `limits`.
pub fn audit_with(json: &Value, limits: Limits) -> AuditReport {
    let mut report = AuditReport {
        kind: "grid-delay".to_string(),
        checked: Vec::new(),
        failures: Vec::new(),
    };
    if let Err(fault) = audit_faults(json, limits, &mut report.checked) {
        report.failures.push(Failure::Grid(fault));
    }
    report
}

/// The bound a well-formed certificate claims and its animal, for the
/// atlas: `(cells, move_bound)`. It says nothing of whether it audits.
pub fn claimed(json: &Value) -> Option<(Vec<(i64, i64)>, u64)> {
    let cells = crate::animals::shape::read_cells(json.get("cells")?)?;
    let bound = json.get("move_bound")?.as_u64()?;
    Some((cells, bound))
}

fn audit_faults(json: &Value, limits: Limits, checked: &mut Vec<String>) -> Result<(), Fault> {
    if let Some(field) = crate::unknown_fields(json, FIELDS).next() {
        return Err(Fault::UnknownField {
            field: field.clone(),
        });
    }
    let malformed = |m: &str| Fault::Malformed(m.to_string());
    let cells = json
        .get("cells")
        .and_then(crate::animals::shape::read_cells)
        .filter(|c| c.len() <= MAX_CELLS && crate::animals::shape::is_animal(c))
        .ok_or_else(|| {
            malformed("\"cells\" is not an animal of 1..=8 distinct edge-connected cells")
        })?;
    if json.get("claim").and_then(Value::as_str) != Some("maker-does-not-win-within") {
        return Err(malformed("\"claim\" is not \"maker-does-not-win-within\""));
    }
    let bound = json
        .get("move_bound")
        .and_then(Value::as_u64)
        .filter(|b| (1..=64).contains(b))
        .ok_or_else(|| malformed("\"move_bound\" is not a whole number 1..=64"))?;
    let size = cells.len() as u64;
    if bound > size + 2 {
        return Err(Fault::OutsideRules { bound, cells: size });
    }
    let derived = name(&cells, bound);
    let found = json.get("name").and_then(Value::as_str);
    if found != Some(derived.as_str()) {
        return Err(Fault::Name {
            found: found.unwrap_or("(none)").to_string(),
            derived,
        });
    }
    let entries = parse_entries(json, limits)?;
    let count = entries.len();
    let mut replay = rules::Replay::new(&cells, bound as u32, entries, limits);
    replay.run()?;
    if let Some(key) = replay.unused().next() {
        return Err(Fault::UnusedEntry { key });
    }
    checked.push(format!(
        "{derived}: Breaker's table ({count} entries, every one reached) stops every Maker completion within {bound} moves on the infinite grid ({} positions replayed, {} distinct)",
        replay.visits,
        replay.distinct()
    ));
    Ok(())
}

/// The name a certificate must carry: the animal's name (as the board
/// kernel names shapes, else its canonical cells) and the bound.
pub fn name(cells: &[(i64, i64)], bound: u64) -> String {
    let canonical = crate::animals::shape::canonical(cells);
    let shape = crate::board::shape_name(&canonical).map_or_else(
        || crate::animals::shape::cell_list(&canonical),
        str::to_string,
    );
    format!("{shape} on the infinite grid within {bound}")
}

/// The strategy table: key -> `[x, y]` (geometric key) or `[i, x, y]`
/// (component key), coordinates within ±4096; no more than
/// `limits.entries` of them, counted before any is read.
fn parse_entries(json: &Value, limits: Limits) -> Result<rules::Table<Entry>, Fault> {
    let table = json
        .get("strategy")
        .and_then(Value::as_object)
        .ok_or_else(|| Fault::Malformed("\"strategy\" is not an object".to_string()))?;
    if table.len() as u64 > limits.entries {
        return Err(Fault::Limit {
            what: "table entries",
            found: table.len() as u64,
            limit: limits.entries,
        });
    }
    let mut out = rules::Table::default();
    for (key, value) in table {
        let bad = || {
            Fault::Malformed(format!(
                "strategy entry {key:?} is not [x, y] (a \"g\" key) or [i, x, y] (a component key)"
            ))
        };
        let numbers: Vec<i64> = value
            .as_array()
            .ok_or_else(bad)?
            .iter()
            .map(|n| n.as_i64().filter(|n| n.abs() <= 4096))
            .collect::<Option<_>>()
            .ok_or_else(bad)?;
        let entry = match (key.starts_with("g:"), numbers.as_slice()) {
            (true, &[x, y]) => Entry {
                component: None,
                cell: (x, y),
            },
            (false, &[i, x, y]) if i >= 0 => Entry {
                component: Some(i as usize),
                cell: (x, y),
            },
            _ => return Err(bad()),
        };
        out.insert(key.clone(), entry);
    }
    Ok(out)
}
