//! The auditor of a split second-player certificate (kind "board-shards"):
//! the claim `first-does-not-win` on a board, made of board certificates of
//! the claim `first-does-not-win-after`, each cited by its path and audited
//! on its own. A board too large for one committed file is certified this
//! way: every shard answers some of the first player's opening classes, and
//! the claim holds when every class of the board is answered by exactly one
//! holding shard of the same game.
//!
//! The index carries nothing the claim rests on but its shards: `name`,
//! `game` and `board` name the game (rebuilt here, and required equal in
//! every shard), and the classes are the least images of the board's cells
//! under its symmetries, computed here.

use super::{game, Fault};
use crate::{AuditReport, Cited, Failure, Files};
use serde_json::Value;
use std::collections::BTreeMap;

/// Every field of a split certificate; any other is a fault.
const FIELDS: &[&str] = &["kind", "format", "name", "game", "board", "claim", "shards"];

/// The fields that name the game: equal in the index and every shard.
const GAME_FIELDS: &[&str] = &["name", "game", "board"];

/// Audits a split certificate, reading its shards from `files`.
pub fn audit_in(json: &Value, files: &dyn Files) -> AuditReport {
    let mut report = AuditReport {
        kind: "board-shards".to_string(),
        checked: Vec::new(),
        failures: Vec::new(),
    };
    if let Err(fault) = audit_faults(json, files, &mut report.checked) {
        report.failures.push(Failure::Board(fault));
    }
    report
}

fn audit_faults(json: &Value, files: &dyn Files, checked: &mut Vec<String>) -> Result<(), Fault> {
    let game = super::read_game(json, FIELDS)?;
    if json.get("claim").and_then(Value::as_str) != Some("first-does-not-win") {
        return Err(Fault::Malformed(
            "a split certificate's \"claim\" is \"first-does-not-win\"".to_string(),
        ));
    }
    let paths = shard_paths(json)?;
    let mut answered: BTreeMap<u64, &str> = BTreeMap::new();
    for path in &paths {
        for cell in audit_shard(json, files, path)? {
            if let Some(other) = answered.insert(cell, path) {
                return Err(shard_fault(
                    path,
                    format!("its first move {cell} is answered by {other} too"),
                ));
            }
        }
    }
    let unanswered: Vec<(u64, u64)> = opening_classes(&game)
        .filter(|cell| !answered.contains_key(cell))
        .map(|cell| (cell % game.width as u64, cell / game.width as u64))
        .collect();
    if !unanswered.is_empty() {
        return Err(Fault::UnansweredFirstMoves { cells: unanswered });
    }
    checked.push(format!(
        "{}: the {} shards hold and answer each of the first player's {} opening classes once",
        game.name,
        paths.len(),
        answered.len()
    ));
    Ok(())
}

/// The `shards`: a non-empty list of paths inside the project, no path
/// twice.
fn shard_paths(json: &Value) -> Result<Vec<&str>, Fault> {
    let paths: Option<Vec<&str>> = json
        .get("shards")
        .and_then(Value::as_array)
        .and_then(|list| list.iter().map(Value::as_str).collect());
    let Some(paths) = paths.filter(|paths| !paths.is_empty()) else {
        return Err(Fault::Malformed(
            "\"shards\" is not a non-empty list of paths".to_string(),
        ));
    };
    for (index, path) in paths.iter().enumerate() {
        if !crate::animals::safe_path(path) {
            return Err(shard_fault(
                path,
                "a shard must be a relative path inside the project (no \"..\")".to_string(),
            ));
        }
        if paths[..index].contains(path) {
            return Err(shard_fault(path, "it is cited twice".to_string()));
        }
    }
    Ok(paths)
}

/// The first moves a holding shard of the same game answers.
fn audit_shard(index: &Value, files: &dyn Files, path: &str) -> Result<Vec<u64>, Fault> {
    let text = files
        .read(path)
        .map_err(|error| shard_fault(path, format!("cannot be read: {error}")))?;
    let value = crate::json::parse(&text)
        .map_err(|error| shard_fault(path, format!("is not JSON: {error}")))?;
    let header = (value.get("kind").and_then(Value::as_str)).zip(value.get("format"));
    if header != Some(("board", &Value::from(super::FORMAT))) {
        return Err(shard_fault(
            path,
            format!("is not a board certificate of format {}", super::FORMAT),
        ));
    }
    if let Some(field) = GAME_FIELDS
        .iter()
        .find(|f| value.get(**f) != index.get(**f))
    {
        return Err(shard_fault(
            path,
            format!("is a certificate of another game (its {field:?} differs)"),
        ));
    }
    if value.get("claim").and_then(Value::as_str) != Some("first-does-not-win-after") {
        return Err(shard_fault(
            path,
            "its claim is not \"first-does-not-win-after\"".to_string(),
        ));
    }
    let cited = Cited { text, value };
    let report = crate::audit_cited(files, &cited)
        .map_err(|error| shard_fault(path, format!("cannot be audited: {error}")))?;
    if !report.holds() {
        return Err(shard_fault(
            path,
            format!("does not hold: {}", report.messages().join("; ")),
        ));
    }
    // The audit read `first_moves` as a list of cells, so this is that list.
    Ok((cited.value.get("first_moves").and_then(Value::as_array))
        .map(|list| list.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default())
}

/// The first player's opening classes: each the least image of its cell.
fn opening_classes(game: &game::Game) -> impl Iterator<Item = u64> + '_ {
    (0..game.cells)
        .filter(|&cell| game.canonical(1 << cell, 0) == (1 << cell, 0))
        .map(|cell| cell as u64)
}

fn shard_fault(path: &str, reason: String) -> Fault {
    Fault::Shard {
        path: path.to_string(),
        reason,
    }
}
