//! Reading certificate JSON: every accessor returns the reason a field
//! cannot be read instead of panicking.

use super::fault::{Fault, Place};
use super::geometry::{Cell, Cells, Placement, MAX_COORDINATE};
use serde_json::Value;
use std::rc::Rc;

/// Heights beyond this are rejected, so `1 + max h_i` never overflows.
pub const MAX_HEIGHT: u64 = 1 << 32;
/// Largest polyomino the format allows.
const MAX_SHAPE: usize = 8;

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

/// A node record. Its envelope is not recorded: it is left empty here and
/// derived by Lemma 3 once the children are resolved (mod.rs).
pub struct Node {
    pub card: u64,
    pub path: Vec<u64>,
    pub pivot: Cell,
    /// Shared by every later reference: never copied per reference.
    pub condition: Rc<Condition>,
    pub children: Vec<Child>,
    /// The recorded chosen children of the cells of T \ (A ∪ {p}) in (x, y)
    /// order, as read; paired with those cells once T is derived.
    pub choices: Vec<Option<u64>>,
    /// The reply classes `(cell, chosen child)`, once T is derived.
    pub replies: Vec<(Cell, Option<u64>)>,
    pub outside: Option<u64>,
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

/// The polyomino P: 1..8 distinct, 4-connected cells, in the given order.
pub fn shape(cert: &Value) -> Result<Vec<Cell>, Fault> {
    let fault = |reason: String| Fault::Unreadable {
        at: Place::Shape,
        reason,
    };
    let list = array(cert, "shape").map_err(fault)?;
    if list.is_empty() || list.len() > MAX_SHAPE {
        return Err(fault(format!("{} cells, not 1..{MAX_SHAPE}", list.len())));
    }
    let shape = (list.iter().map(read_cell))
        .collect::<Result<Vec<Cell>, String>>()
        .map_err(fault)?;
    let cells: Cells = shape.iter().copied().collect();
    if cells.len() != shape.len() {
        return Err(fault("a cell is repeated".to_string()));
    }
    // Flood from the first cell through edge neighbours.
    let mut reached = Cells::from([shape[0]]);
    let mut frontier = vec![shape[0]];
    while let Some((x, y)) = frontier.pop() {
        for next in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
            if cells.contains(&next) && reached.insert(next) {
                frontier.push(next);
            }
        }
    }
    if reached.len() != cells.len() {
        return Err(fault("the cells are not 4-connected".to_string()));
    }
    Ok(shape)
}

/// A base card's recorded (A, T, h).
pub fn read_condition(value: &Value) -> Result<Condition, String> {
    Ok(Condition {
        envelope: cells(value, "envelope")?,
        ..read_required_and_height(value)?
    })
}

/// A and h of a node, whose T is derived (left empty here).
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

fn chosen(value: &Value) -> Result<Option<u64>, String> {
    match value {
        Value::Null => Ok(None),
        _ => value
            .as_u64()
            .map(Some)
            .ok_or_else(|| format!("chosen child {value} is not an index or null")),
    }
}

/// A node record: no envelope; children and chosen replies as arrays.
pub fn read_node(value: &Value) -> Result<Node, String> {
    only(
        value,
        &[
            "id", "card", "path", "pivot", "required", "height", "children", "replies", "outside",
        ],
    )?;
    let path = (array(value, "path")?.iter())
        .map(|step| {
            step.as_u64()
                .ok_or_else(|| format!("path step {step} is not an index"))
        })
        .collect::<Result<_, String>>()?;
    Ok(Node {
        card: uint(value, "card")?,
        path,
        pivot: read_cell(field(value, "pivot")?)?,
        condition: Rc::new(read_required_and_height(value)?),
        children: indexed(array(value, "children")?, "child", read_child)?,
        choices: indexed(array(value, "replies")?, "reply", chosen)?,
        replies: Vec::new(),
        outside: chosen(field(value, "outside")?)?,
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

/// `[card, orientation, x, y]` or `[node]`.
fn read_child(value: &Value) -> Result<Child, String> {
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
