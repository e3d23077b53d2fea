//! A Snaky certificate as the Snaky page walks it: every combination node
//! and base card is a *target*, and every child link carries its placement
//! as an affine matrix, so the page composes placements without knowing the
//! table's orientation codes.

use super::{array, field, integer, Dataset};
use serde_json::{json, Value};
use std::collections::{BTreeSet, HashMap};

/// The certificate's datasets: one table, named by the certificate's file
/// stem (`snaky21`, `snaky20`, `table-t-tetromino`: several winners share a
/// bound), with the shape Maker builds and its name.
pub fn export(certificate: &Value, stem: &str) -> Result<Vec<Dataset>, String> {
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
    let (shape, called) = shape_of(certificate)?;
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
    let mut envelopes = Envelopes::new(nodes.len(), bases)?;
    for node in nodes {
        let links = links(node, &card_node, nodes.len(), bases.len())?;
        let envelope = envelopes.of_node(node, &links)?;
        targets.push(node_target(node, links, &envelope)?);
        envelopes.nodes.push(envelope);
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
    let name = stem.to_string();
    Ok(vec![Dataset {
        title: format!(
            "{called} within {bound} Maker moves (card {})",
            integer(claim, "card")?
        ),
        page: "snaky.html",
        data: json!({
            "name": name,
            "statement": statement,
            "verdict": field(certificate, "verdict")?,
            "bound": bound,
            "shape": shape,
            "shape_name": called,
            "board": board,
            "card": field(claim, "card")?,
            "root": root,
            "bases": nodes.len(),
            "targets": targets,
        }),
        name,
    }])
}

/// The shape Maker builds (`shape`, Snaky's cells when a format-1
/// certificate has none) and its common name, else its cell list.
fn shape_of(certificate: &Value) -> Result<(Value, String), String> {
    let Some(shape) = certificate.get("shape") else {
        let snaky = crate::snaky::model::SNAKY.map(|c| [c.x, c.y]);
        return Ok((json!(snaky), "Snaky".to_string()));
    };
    let cells: Vec<(i32, i32)> = shape
        .as_array()
        .ok_or("field \"shape\" is not an array")?
        .iter()
        .map(|cell| match cell.as_array().map(Vec::as_slice) {
            Some([x, y]) => Some((
                i32::try_from(x.as_i64()?).ok()?,
                i32::try_from(y.as_i64()?).ok()?,
            )),
            _ => None,
        })
        .collect::<Option<_>>()
        .ok_or("field \"shape\" is not a list of [x, y] cells")?;
    let animal = crate::polyomino::Polyomino::new(&cells)
        .map_err(|error| format!("field \"shape\" is not a polyomino: {error}"))?;
    Ok((shape.clone(), animal.display_name()))
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

/// A node's child links, in printed order.
fn links(
    node: &Value,
    card_node: &HashMap<i64, usize>,
    node_count: usize,
    base_count: usize,
) -> Result<Vec<Value>, String> {
    array(node, "children")?
        .iter()
        .map(|child| link(child, card_node, node_count, base_count))
        .collect()
}

type Cells = BTreeSet<(i64, i64)>;

/// Every target's envelope T: recorded by formats 1 and 2; derived by
/// Lemma 3 (T = {p} ∪ ⋃T_i, the children placed by their links) in format
/// 3, which does not record it (docs/formats/snaky.md).
struct Envelopes {
    /// The nodes' envelopes so far, in node order.
    nodes: Vec<Cells>,
    /// Targets from this index on are the base cards.
    node_count: usize,
    bases: Vec<Cells>,
}

impl Envelopes {
    fn new(node_count: usize, bases: &[Value]) -> Result<Envelopes, String> {
        let bases = bases.iter().map(|base| cells(field(base, "envelope")?));
        Ok(Envelopes {
            nodes: Vec::new(),
            node_count,
            bases: bases.collect::<Result<_, String>>()?,
        })
    }

    fn of_target(&self, target: usize) -> Option<&Cells> {
        match target.checked_sub(self.node_count) {
            Some(base) => self.bases.get(base),
            None => self.nodes.get(target),
        }
    }

    fn of_node(&self, node: &Value, links: &[Value]) -> Result<Cells, String> {
        if let Some(recorded) = node.get("envelope") {
            return cells(recorded);
        }
        let mut envelope = Cells::new();
        envelope.insert(cell(field(node, "pivot")?)?);
        for link in links {
            let target = integer(link, "target")? as usize;
            let own = (self.of_target(target))
                .ok_or_else(|| format!("child target {target} comes after its node"))?;
            let m: Vec<i64> = array(link, "m")?.iter().filter_map(Value::as_i64).collect();
            let [a, b, c, d, tx, ty] = m[..] else {
                return Err("a link's matrix is not six integers".to_string());
            };
            envelope.extend(
                own.iter()
                    .map(|&(x, y)| (a * x + b * y + tx, c * x + d * y + ty)),
            );
        }
        Ok(envelope)
    }
}

fn cell(value: &Value) -> Result<(i64, i64), String> {
    match value.as_array().map(Vec::as_slice) {
        Some([x, y]) => Ok((
            x.as_i64().ok_or("a cell is not [x, y]")?,
            y.as_i64().ok_or("a cell is not [x, y]")?,
        )),
        _ => Err(format!("{value} is not a cell [x, y]")),
    }
}

fn cells(value: &Value) -> Result<Cells, String> {
    value
        .as_array()
        .ok_or("a cell list is not an array")?
        .iter()
        .map(cell)
        .collect()
}

fn node_target(node: &Value, children: Vec<Value>, envelope: &Cells) -> Result<Value, String> {
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
    let (replies, outside) = replies(node, envelope)?;
    Ok(json!({
        "label": label,
        "card": card,
        "pivot": field(node, "pivot")?,
        "required": field(node, "required")?,
        "envelope": envelope.iter().map(|&(x, y)| [x, y]).collect::<Vec<_>>(),
        "height": field(node, "height")?,
        "children": children,
        "replies": replies,
        "outside": outside,
    }))
}

/// The reply classes as the page reads them, `[[x, y, child], ..]` and the
/// outside class: recorded so in format 2; in format 3 the chosen children
/// of the cells of T \ (A ∪ {p}) in (x, y) order.
fn replies(node: &Value, envelope: &Cells) -> Result<(Value, Value), String> {
    let replies = field(node, "replies")?;
    if replies.is_object() {
        return Ok((
            field(replies, "cells")?.clone(),
            field(replies, "outside")?.clone(),
        ));
    }
    let pivot = cell(field(node, "pivot")?)?;
    let required = cells(field(node, "required")?)?;
    let classes: Vec<&(i64, i64)> = (envelope.iter())
        .filter(|&&c| c != pivot && !required.contains(&c))
        .collect();
    let choices = replies
        .as_array()
        .ok_or("field \"replies\" is not an array")?;
    if choices.len() != classes.len() {
        return Err(format!(
            "{} replies for {} reply cells",
            choices.len(),
            classes.len()
        ));
    }
    let listed = (classes.into_iter().zip(choices)).map(|(&(x, y), child)| json!([x, y, child]));
    Ok((
        Value::Array(listed.collect()),
        field(node, "outside")?.clone(),
    ))
}

/// `{"target": i, "m": [a, b, c, d, tx, ty]}`: the child's cell (x, y) sits
/// at (a x + b y + tx, c x + d y + ty) in the parent's frame.
fn link(
    child: &Value,
    card_node: &HashMap<i64, usize>,
    node_count: usize,
    base_count: usize,
) -> Result<Value, String> {
    let (card, code, tx, ty) = match reference(child)? {
        Reference::Inline(id) => return Ok(json!({"target": id, "m": [1, 0, 0, 1, 0, 0]})),
        Reference::Card { card, code, offset } => (card, code, offset.0, offset.1),
    };
    let target = if (0..base_count as i64).contains(&card) {
        node_count + card as usize
    } else {
        *card_node
            .get(&card)
            .ok_or_else(|| format!("child card {card} has no node"))?
    };
    if !(0..8).contains(&code) {
        return Err(format!("orientation code {code} is not in 0..7"));
    }
    let [e1, e2] = [orient(code, 1, 0), orient(code, 0, 1)];
    Ok(json!({"target": target, "m": [e1.0, e2.0, e1.1, e2.1, tx, ty]}))
}

/// A child as recorded: `{"node": i}` or `{"card", "orientation",
/// "offset"}` (format 2), `[i]` or `[card, orientation, x, y]` (format 3).
enum Reference {
    Inline(u64),
    Card {
        card: i64,
        code: i64,
        offset: (i64, i64),
    },
}

fn reference(child: &Value) -> Result<Reference, String> {
    let number = |value: &Value| value.as_i64().ok_or(format!("{child} is not a child"));
    match child.as_array().map(Vec::as_slice) {
        Some([node]) => (node.as_u64().map(Reference::Inline))
            .ok_or_else(|| "an inline child's node is not an index".to_string()),
        Some([card, code, x, y]) => Ok(Reference::Card {
            card: number(card)?,
            code: number(code)?,
            offset: (number(x)?, number(y)?),
        }),
        Some(_) => Err(format!("{child} is not a child")),
        None => match child.get("node") {
            Some(node) => (node.as_u64().map(Reference::Inline))
                .ok_or_else(|| "an inline child's node is not an index".to_string()),
            None => Ok(Reference::Card {
                card: integer(child, "card")?,
                code: integer(child, "orientation")?,
                offset: cell(field(child, "offset")?)
                    .map_err(|_| "a child's offset is not [x, y]".to_string())?,
            }),
        },
    }
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
    fn the_shape_is_named_by_its_common_name_or_its_cells() {
        let named = |shape: Value| shape_of(&json!({ "shape": shape })).map(|(_, name)| name);
        assert_eq!(
            named(json!([[0, 0], [0, 1], [0, 2], [1, 1]])),
            Ok("T tetromino".into())
        );
        let snaky = json!([[0, 0], [1, 0], [2, 0], [3, 0], [3, 1], [4, 1]]);
        assert_eq!(named(snaky.clone()), Ok("Snaky".into()));
        // A format-1 certificate has no shape: it is Snaky's table.
        assert_eq!(shape_of(&json!({})), Ok((snaky, "Snaky".into())));
        let hexomino = json!([[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1]]);
        // No common name: its canonical cell list, as the atlas names it.
        assert_eq!(
            named(hexomino),
            Ok("(0,0) (0,1) (0,2) (1,0) (1,1) (1,2)".into())
        );
        assert!(named(json!([[0, 0], [2, 0]])).is_err());
        assert!(named(json!([[0, "x"]])).is_err());
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
