//! `gamecert board join`: a split second-player certificate (kind
//! "board-shards", docs/formats/board-shards.md), the index of partial
//! certificates of one board that together answer every first move. A
//! board whose whole table would pass the size a committed file may have
//! is certified this way, each shard a file the kernel audits on its own.
//!
//! The index only names the game and its shards; whether the shards hold,
//! are of that game and answer every opening class once is the kernel's
//! audit, which runs before the index is written.

use serde_json::{json, Map, Value};
use std::path::{Component, Path, PathBuf};

/// Why no index was made.
#[derive(Debug, thiserror::Error)]
pub enum JoinError {
    #[error("no partial certificates given")]
    NoShards,
    #[error("{path}: {reason}")]
    Shard { path: String, reason: String },
}

/// The index over the certificates at `paths` (relative to the project
/// root, as the kernel reads them), its shards in path order.
pub fn index(paths: &[PathBuf]) -> Result<String, JoinError> {
    let mut names: Vec<String> = paths
        .iter()
        .map(|path| shard_name(path))
        .collect::<Result<_, _>>()?;
    names.sort();
    names.dedup();
    let first = names.first().ok_or(JoinError::NoShards)?;
    let header = read_header(first)?;
    let mut index = Map::new();
    index.insert("kind".into(), json!("board-shards"));
    index.insert("format".into(), json!(1));
    for field in ["name", "game", "board"] {
        index.insert(
            field.into(),
            header.get(field).cloned().unwrap_or(Value::Null),
        );
    }
    index.insert("claim".into(), json!("first-does-not-win"));
    index.insert("shards".into(), json!(names));
    let text = serde_json::to_string_pretty(&Value::Object(index)).expect("JSON values serialise");
    Ok(text + "\n")
}

/// The path as the index names it: relative, inside the project, with `/`.
fn shard_name(path: &Path) -> Result<String, JoinError> {
    let parts: Option<Vec<&str>> = (path.components())
        .filter(|component| *component != Component::CurDir)
        .map(|component| match component {
            Component::Normal(part) => part.to_str(),
            _ => None,
        })
        .collect();
    parts.filter(|parts| !parts.is_empty()).map(|parts| parts.join("/")).ok_or_else(|| {
        JoinError::Shard {
            path: path.display().to_string(),
            reason: "a shard is named by a relative path inside the project (no \"..\"), as the index cites it".into(),
        }
    })
}

/// The shard's fields, `.json.gz` read inflated.
fn read_header(path: &str) -> Result<Map<String, Value>, JoinError> {
    let fault = |reason: String| JoinError::Shard {
        path: path.to_string(),
        reason,
    };
    let text = crate::verify::read_text(Path::new(path))
        .map_err(|e| fault(format!("cannot be read: {e}")))?;
    match serde_json::from_str(&text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(fault("is not a JSON object".into())),
        Err(e) => Err(fault(format!("is not JSON: {e}"))),
    }
}
