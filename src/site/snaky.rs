//! A Snaky certificate as the Snaky page walks it: every combination node
//! and base card is a *target*, and every child link carries its placement
//! as an affine matrix, so the page composes placements without knowing the
//! table's orientation codes.

use super::{array, field, integer, Dataset};
use serde_json::{json, Value};
use std::collections::HashMap;

/// The certificate's datasets: one table, named after its claim's bound.
pub fn export(certificate: &Value) -> Result<Vec<Dataset>, String> {
    // Format 2: the bound at the top, the card in final_card, the statement
    // in the claim record "empty-board".
    let bound = integer(certificate, "bound")?;
    let claim = field(certificate, "final_card")?;
    let statement = array(certificate, "claims")?
        .iter()
        .find(|record| record.get("id").and_then(Value::as_str) == Some("empty-board"))
        .ok_or("the certificate has no empty-board claim")?
        .get("statement")
        .cloned()
        .unwrap_or(Value::Null);
    let board = board_frame(certificate)?;
    let nodes = array(certificate, "nodes")?;
    let bases = array(certificate, "bases")?;
    // A card's own node (path []) is where a card reference leads.
    let mut card_node: HashMap<i64, usize> = HashMap::new();
    for (id, node) in nodes.iter().enumerate() {
        if array(node, "path")?.is_empty() {
            card_node.insert(integer(node, "card")?, id);
        }
    }
    let root = *card_node
        .get(&integer(claim, "card")?)
        .ok_or("the claim's card has no node")?;
    let mut targets = Vec::with_capacity(nodes.len() + bases.len());
    for node in nodes {
        targets.push(node_target(node, &card_node, nodes.len(), bases.len())?);
    }
    for base in bases {
        targets.push(json!({
            "label": format!("base {}", integer(base, "card")?),
            "card": field(base, "card")?,
            "pivot": null,
            "required": field(base, "required")?,
            "envelope": field(base, "envelope")?,
            "height": field(base, "height")?,
            "children": [],
            "replies": [],
            "outside": null,
        }));
    }
    let name = format!("snaky{bound}");
    Ok(vec![Dataset {
        title: format!(
            "Snaky within {bound} Maker moves (card {})",
            integer(claim, "card")?
        ),
        page: "snaky.html",
        data: json!({
            "name": name,
            "statement": statement,
            "verdict": field(certificate, "verdict")?,
            "bound": bound,
            "board": board,
            "card": field(claim, "card")?,
            "root": root,
            "bases": nodes.len(),
            "targets": targets,
        }),
        name,
    }])
}

/// The N x N board of the certificate's finite-board claim, in the final
/// card's frame: `{"size": N, "corner": [x, y]}`, the cell the claim
/// translates to (0,0) (a table's frame need not start at the origin: the
/// 20-move table's final card sits at (32,32)). The claim's statement,
/// which the kernel re-derives, names the translation; null when the
/// certificate makes no finite-board claim that holds.
fn board_frame(certificate: &Value) -> Result<Value, String> {
    let claim = array(certificate, "claims")?
        .iter()
        .find(|record| record.get("id").and_then(Value::as_str) == Some("finite-board"));
    let Some(claim) = claim.filter(|c| c.get("verdict").and_then(Value::as_str) == Some("holds"))
    else {
        return Ok(Value::Null);
    };
    let size = integer(certificate, "board")?;
    let statement = field(claim, "statement")?
        .as_str()
        .ok_or("the finite-board statement is not a string")?;
    let (tx, ty) = translation(statement).ok_or_else(|| {
        format!("no \"translated by (x,y)\" in the finite-board claim: {statement}")
    })?;
    Ok(json!({"size": size, "corner": [-tx, -ty]}))
}

/// `(x, y)` from "... translated by (x,y) ...".
fn translation(statement: &str) -> Option<(i64, i64)> {
    let rest = statement.split_once("translated by (")?.1;
    let (pair, _) = rest.split_once(')')?;
    let (x, y) = pair.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

fn node_target(
    node: &Value,
    card_node: &HashMap<i64, usize>,
    node_count: usize,
    base_count: usize,
) -> Result<Value, String> {
    let card = integer(node, "card")?;
    let path: Vec<String> = array(node, "path")?
        .iter()
        .map(|step| step.as_i64().map(|i| (i + 1).to_string()))
        .collect::<Option<_>>()
        .ok_or("a node path is not a list of integers")?;
    let label = if path.is_empty() {
        card.to_string()
    } else {
        format!("{card}/{}", path.join("."))
    };
    let mut children = Vec::new();
    for child in array(node, "children")? {
        children.push(link(child, card_node, node_count, base_count)?);
    }
    let replies = field(node, "replies")?;
    Ok(json!({
        "label": label,
        "card": card,
        "pivot": field(node, "pivot")?,
        "required": field(node, "required")?,
        "envelope": field(node, "envelope")?,
        "height": field(node, "height")?,
        "children": children,
        "replies": field(replies, "cells")?,
        "outside": field(replies, "outside")?,
    }))
}

/// `{"target": i, "m": [a, b, c, d, tx, ty]}`: the child's cell (x, y) sits
/// at (a x + b y + tx, c x + d y + ty) in the parent's frame.
fn link(
    child: &Value,
    card_node: &HashMap<i64, usize>,
    node_count: usize,
    base_count: usize,
) -> Result<Value, String> {
    if let Some(node) = child.get("node") {
        let id = node
            .as_u64()
            .ok_or("an inline child's node is not an index")?;
        return Ok(json!({"target": id, "m": [1, 0, 0, 1, 0, 0]}));
    }
    let card = integer(child, "card")?;
    let target = if (0..base_count as i64).contains(&card) {
        node_count + card as usize
    } else {
        *card_node
            .get(&card)
            .ok_or_else(|| format!("child card {card} has no node"))?
    };
    let code = integer(child, "orientation")?;
    if !(0..8).contains(&code) {
        return Err(format!("orientation code {code} is not in 0..7"));
    }
    let offset = array(child, "offset")?;
    let (tx, ty) = match offset.as_slice() {
        [x, y] => (x.as_i64(), y.as_i64()),
        _ => (None, None),
    };
    let (Some(tx), Some(ty)) = (tx, ty) else {
        return Err("a child's offset is not [x, y]".to_string());
    };
    let [e1, e2] = [orient(code, 1, 0), orient(code, 0, 1)];
    Ok(json!({"target": target, "m": [e1.0, e2.0, e1.1, e2.1, tx, ty]}))
}

/// The table's orientation code on a vector: bit 2 negates x, bit 4
/// negates y, then bit 1 swaps the coordinates (as in `snaky::geometry`).
fn orient(code: i64, x: i64, y: i64) -> (i64, i64) {
    let x = if code & 2 != 0 { -x } else { x };
    let y = if code & 4 != 0 { -y } else { y };
    if code & 1 != 0 {
        (y, x)
    } else {
        (x, y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snaky::geometry::{Cell, Orientation};

    #[test]
    fn the_board_translation_is_read_from_the_claim() {
        assert_eq!(
            translation("On the 17 x 17 board, translated by (-24,-24), the strategy"),
            Some((-24, -24))
        );
        assert_eq!(translation("translated by (3, 0)"), Some((3, 0)));
        assert_eq!(translation("translated by (x,0)"), None);
        assert_eq!(translation("no frame"), None);
    }

    #[test]
    fn orientation_matrices_agree_with_the_geometry_module() {
        for orientation in Orientation::ALL {
            let code = i64::from(orientation.code());
            for (x, y) in [(1, 0), (0, 1), (2, -3)] {
                let expected = orientation.apply(Cell::new(x as i32, y as i32));
                assert_eq!(
                    orient(code, x, y),
                    (i64::from(expected.x), i64::from(expected.y))
                );
            }
        }
    }
}
