//! Reading certificate JSON: every accessor returns the reason a field
//! cannot be read instead of panicking.

use super::geometry::{Cell, Cells, Placement, MAX_COORDINATE};
use serde_json::Value;
use std::rc::Rc;

/// Heights beyond this are rejected, so `1 + max h_i` never overflows.
pub const MAX_HEIGHT: u64 = 1 << 32;

/// A condition (A, T, h): required set, envelope, height.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Condition {
    pub required: Cells,
    pub envelope: Cells,
    pub height: u64,
}

pub enum Child {
    Card { card: u64, placement: Placement },
    Inline { node: u64 },
}

pub struct Node {
    pub card: u64,
    pub path: Vec<u64>,
    pub pivot: Cell,
    /// Shared by every later reference: never copied per reference.
    pub condition: Rc<Condition>,
    pub children: Vec<Child>,
    /// Recorded reply classes `(cell, chosen child)`, in recorded order
    /// (format 3: filled in once T is derived, see [`Node::choices`]).
    pub replies: Vec<(Cell, Option<u64>)>,
    pub outside: Option<u64>,
    /// Format 3: the chosen children of the cells of T \ (A ∪ {p}) in
    /// (x, y) order, before T is derived; None in formats 1 and 2.
    pub choices: Option<Vec<Option<u64>>>,
}

pub fn field<'a>(value: &'a Value, key: &str) -> Result<&'a Value, String> {
    value
        .get(key)
        .ok_or_else(|| format!("missing field \"{key}\""))
}

pub fn uint(value: &Value, key: &str) -> Result<u64, String> {
    field(value, key)?
        .as_u64()
        .ok_or_else(|| format!("field \"{key}\" is not a non-negative integer"))
}

pub fn text<'a>(value: &'a Value, key: &str) -> Result<&'a str, String> {
    field(value, key)?
        .as_str()
        .ok_or_else(|| format!("field \"{key}\" is not a string"))
}

pub fn boolean(value: &Value, key: &str) -> Result<bool, String> {
    field(value, key)?
        .as_bool()
        .ok_or_else(|| format!("field \"{key}\" is not a boolean"))
}

pub fn array<'a>(value: &'a Value, key: &str) -> Result<&'a Vec<Value>, String> {
    field(value, key)?
        .as_array()
        .ok_or_else(|| format!("field \"{key}\" is not an array"))
}

/// A field read as its value, or the reason it could not be read.
pub fn shown<T: std::fmt::Display>(read: &Result<T, String>) -> String {
    match read {
        Ok(value) => value.to_string(),
        Err(error) => error.clone(),
    }
}

fn coordinate(value: &Value) -> Result<i64, String> {
    value
        .as_i64()
        .filter(|v| (-MAX_COORDINATE..=MAX_COORDINATE).contains(v))
        .ok_or_else(|| format!("{value} is not a coordinate"))
}

pub fn read_cell(value: &Value) -> Result<Cell, String> {
    match value.as_array().map(Vec::as_slice) {
        Some([x, y]) => Ok((coordinate(x)?, coordinate(y)?)),
        _ => Err(format!("{value} is not a cell [x,y]")),
    }
}

/// A recorded cell list, which must be strictly sorted (so no duplicates
/// hide in the set).
pub fn cells(value: &Value, key: &str) -> Result<Cells, String> {
    let list = array(value, key)?
        .iter()
        .map(read_cell)
        .collect::<Result<Vec<Cell>, String>>()?;
    if list.windows(2).any(|pair| pair[0] >= pair[1]) {
        return Err(format!("field \"{key}\" is not strictly sorted"));
    }
    Ok(list.into_iter().collect())
}

/// The record has no keys but `known` (so nothing rides along unread).
pub fn only(value: &Value, known: &[&str]) -> Result<(), String> {
    let object = value
        .as_object()
        .ok_or_else(|| format!("{value} is not an object"))?;
    match object.keys().find(|key| !known.contains(&key.as_str())) {
        Some(key) => Err(format!("unknown field \"{key}\"")),
        None => Ok(()),
    }
}

pub fn read_condition(value: &Value) -> Result<Condition, String> {
    Ok(Condition {
        envelope: cells(value, "envelope")?,
        ..read_required_and_height(value)?
    })
}

/// A and h of a format-3 node, whose T is derived (left empty here).
fn read_required_and_height(value: &Value) -> Result<Condition, String> {
    let height = uint(value, "height")?;
    if !(1..MAX_HEIGHT).contains(&height) {
        return Err(format!("height {height} is out of range"));
    }
    Ok(Condition {
        required: cells(value, "required")?,
        envelope: Cells::new(),
        height,
    })
}

fn read_child(value: &Value) -> Result<Child, String> {
    if value.get("node").is_some() {
        only(value, &["node"])?;
        return Ok(Child::Inline {
            node: uint(value, "node")?,
        });
    }
    only(value, &["card", "orientation", "offset"])?;
    let orientation = uint(value, "orientation")?;
    if orientation > 7 {
        return Err(format!("orientation code {orientation} is not in 0..7"));
    }
    Ok(Child::Card {
        card: uint(value, "card")?,
        placement: Placement {
            orientation,
            offset: read_cell(field(value, "offset")?)?,
        },
    })
}

fn chosen(value: &Value) -> Result<Option<u64>, String> {
    match value {
        Value::Null => Ok(None),
        _ => value
            .as_u64()
            .map(Some)
            .ok_or_else(|| format!("chosen child {value} is not an index or null")),
    }
}

/// A node record of format 1 or 2 (`derived` false) or 3 (`derived`
/// true: no envelope, children and replies as arrays).
pub fn read_node(value: &Value, derived: bool) -> Result<Node, String> {
    if derived {
        return read_node3(value);
    }
    only(
        value,
        &[
            "id", "card", "path", "pivot", "required", "envelope", "height", "children", "replies",
        ],
    )?;
    let children = indexed(array(value, "children")?, "child", read_child)?;
    let replies = field(value, "replies")?;
    only(replies, &["cells", "outside"])?;
    let reply_cells = array(replies, "cells")?
        .iter()
        .map(|reply| match reply.as_array().map(Vec::as_slice) {
            Some([x, y, child]) => Ok(((coordinate(x)?, coordinate(y)?), chosen(child)?)),
            _ => Err(format!("reply {reply} is not [x, y, child]")),
        })
        .collect::<Result<_, String>>()?;
    Ok(Node {
        card: uint(value, "card")?,
        path: read_path(value)?,
        pivot: read_cell(field(value, "pivot")?)?,
        condition: Rc::new(read_condition(value)?),
        children,
        replies: reply_cells,
        outside: chosen(field(replies, "outside")?)?,
        choices: None,
    })
}

fn read_node3(value: &Value) -> Result<Node, String> {
    only(
        value,
        &[
            "id", "card", "path", "pivot", "required", "height", "children", "replies", "outside",
        ],
    )?;
    let children = indexed(array(value, "children")?, "child", read_child3)?;
    let choices = indexed(array(value, "replies")?, "reply", chosen)?;
    Ok(Node {
        card: uint(value, "card")?,
        path: read_path(value)?,
        pivot: read_cell(field(value, "pivot")?)?,
        condition: Rc::new(read_required_and_height(value)?),
        children,
        replies: Vec::new(),
        outside: chosen(field(value, "outside")?)?,
        choices: Some(choices),
    })
}

/// Each entry read by `read`, or the first failure with its index.
fn indexed<T>(
    entries: &[Value],
    what: &str,
    read: impl Fn(&Value) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    (entries.iter().enumerate())
        .map(|(index, entry)| read(entry).map_err(|e| format!("{what} {index}: {e}")))
        .collect()
}

fn read_path(value: &Value) -> Result<Vec<u64>, String> {
    array(value, "path")?
        .iter()
        .map(|step| {
            step.as_u64()
                .ok_or_else(|| format!("path step {step} is not an index"))
        })
        .collect()
}

/// `[card, orientation, x, y]` or `[node]`.
fn read_child3(value: &Value) -> Result<Child, String> {
    let number = |entry: &Value| {
        entry
            .as_u64()
            .ok_or_else(|| format!("{entry} is not a non-negative integer"))
    };
    match value.as_array().map(Vec::as_slice) {
        Some([node]) => Ok(Child::Inline {
            node: number(node)?,
        }),
        Some([card, orientation, x, y]) => {
            let orientation = number(orientation)?;
            if orientation > 7 {
                return Err(format!("orientation code {orientation} is not in 0..7"));
            }
            Ok(Child::Card {
                card: number(card)?,
                placement: Placement {
                    orientation,
                    offset: (coordinate(x)?, coordinate(y)?),
                },
            })
        }
        _ => Err(format!(
            "{value} is not [card, orientation, x, y] or [node]"
        )),
    }
}
