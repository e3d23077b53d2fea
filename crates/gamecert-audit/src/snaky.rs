//! The independent auditor of a Snaky certificate: the trusted kernel.
//!
//! It re-checks an emitted certificate from its JSON alone, the way an LRAT
//! checker re-checks what DRAT-trim emits. It shares no code with the
//! producer (no parser, evaluator, cell sets or geometry): cells are plain
//! `(i64, i64)` pairs in `BTreeSet`s, orientation codes are applied here, and
//! every node is judged from its children's *recorded* conditions, so each
//! node is a local obligation and a tampered fact fails at the node that
//! records it.

use crate::AuditReport;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

type Cell = (i64, i64);
type Cells = BTreeSet<Cell>;

/// Snaky S in the paper's order s_0..s_5 (README, "The game").
const SNAKY: [Cell; 6] = [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 1)];
const BASE_CARDS: u64 = 6;
/// The certificate format this auditor reads.
pub const FORMAT: u64 = 1;
/// Larger coordinates are rejected, so that negating and translating a
/// recorded cell can never overflow.
const MAX_COORDINATE: i64 = 1 << 31;
const MAX_HEIGHT: u64 = 1 << 32;

/// A condition (A, T, h): required set, envelope, height.
#[derive(Clone, PartialEq)]
struct Condition {
    required: Cells,
    envelope: Cells,
    height: u64,
}

enum Child {
    Card {
        card: u64,
        orientation: u64,
        offset: Cell,
    },
    Inline {
        node: u64,
    },
}

struct Node {
    card: u64,
    path: Vec<u64>,
    pivot: Cell,
    condition: Condition,
    children: Vec<Child>,
    /// Recorded reply classes `(cell, chosen child)`, in recorded order.
    replies: Vec<(Cell, Option<u64>)>,
    outside: Option<u64>,
}

impl Node {
    fn label(&self, id: usize) -> String {
        if self.path.is_empty() {
            format!("node {id} (card {})", self.card)
        } else {
            format!("node {id} (card {}, path {:?})", self.card, self.path)
        }
    }
}

/// Audit a parsed certificate of kind "snaky". Never panics: an ill-typed
/// field is a failure like any other.
pub fn audit(cert: &Value) -> AuditReport {
    let mut auditor = Auditor::default();
    auditor.run(cert);
    AuditReport {
        kind: "snaky".to_string(),
        checked: auditor.checked,
        failures: crate::untyped(auditor.failures),
    }
}

#[derive(Default)]
struct Auditor {
    checked: Vec<String>,
    failures: Vec<String>,
}

impl Auditor {
    fn fail(&mut self, message: String) {
        self.failures.push(message);
    }

    fn run(&mut self, cert: &Value) {
        match (text(cert, "kind"), uint(cert, "format")) {
            (Ok("snaky"), Ok(FORMAT)) => self.checked.push(format!("kind snaky, format {FORMAT}")),
            (kind, format) => {
                // Without a known format nothing else can be read reliably.
                self.fail(format!(
                    "header: expected kind \"snaky\" and format {FORMAT}, found {} and {}",
                    shown(&kind),
                    shown(&format)
                ));
                return;
            }
        }
        let bases = self.bases(cert);
        let Some(nodes) = self.nodes(cert, &bases) else {
            return;
        };
        self.counts(cert, &nodes);
        self.final_claim(cert, &nodes);
    }

    /// Lemma 4: card j is (S \ {s_j}, S, 1). Returns the recorded bases.
    fn bases(&mut self, cert: &Value) -> Vec<Option<Condition>> {
        let mut bases = vec![None; BASE_CARDS as usize];
        let records = match array(cert, "bases") {
            Ok(records) => records,
            Err(error) => {
                self.fail(format!("bases: {error}"));
                return bases;
            }
        };
        if records.len() != BASE_CARDS as usize {
            self.fail(format!(
                "bases: expected 6 base cards, found {}",
                records.len()
            ));
        }
        for (j, record) in records.iter().enumerate().take(BASE_CARDS as usize) {
            let recorded = match (uint(record, "card"), read_condition(record)) {
                (Ok(card), Ok(condition)) if card == j as u64 => condition,
                (Ok(card), Ok(_)) => {
                    self.fail(format!("base card {j}: recorded as card {card}"));
                    continue;
                }
                (Err(error), _) | (_, Err(error)) => {
                    self.fail(format!("base card {j}: {error}"));
                    continue;
                }
            };
            let envelope: Cells = SNAKY.into_iter().collect();
            let mut required = envelope.clone();
            required.remove(&SNAKY[j]);
            let lemma4 = Condition {
                required,
                envelope,
                height: 1,
            };
            for problem in differences(&recorded, &lemma4) {
                self.fail(format!("base card {j}: {problem} (Lemma 4)"));
            }
            bases[j] = Some(recorded);
        }
        self.checked
            .push("bases: cards 0..5 are (S \\ {s_j}, S, 1) by Lemma 4".to_string());
        bases
    }

    /// Every node: structure, Lemma 3 and the reply classes. Returns the
    /// nodes (None where unreadable), or None if there is no nodes array.
    fn nodes(&mut self, cert: &Value, bases: &[Option<Condition>]) -> Option<Vec<Option<Node>>> {
        let records = match array(cert, "nodes") {
            Ok(records) => records,
            Err(error) => {
                self.fail(format!("nodes: {error}"));
                return None;
            }
        };
        let mut nodes: Vec<Option<Node>> = Vec::with_capacity(records.len());
        // Card number -> id of that card's own node (path []).
        let mut card_nodes: BTreeMap<u64, usize> = BTreeMap::new();
        // Card lines are 6, 7, ...; inline nodes precede their card's node.
        let mut next_card = BASE_CARDS;
        let mut reply_classes = 0;
        for (id, record) in records.iter().enumerate() {
            let node = match read_node(record) {
                Ok(node) => node,
                Err(error) => {
                    self.fail(format!("node {id}: {error}"));
                    nodes.push(None);
                    continue;
                }
            };
            let label = node.label(id);
            if uint(record, "id").ok() != Some(id as u64) {
                self.fail(format!("{label}: id is not {id} (ids must be consecutive)"));
            }
            if node.card != next_card {
                self.fail(format!("{label}: expected a node of card {next_card}"));
            }
            if let Some(placed) = self.placed_children(id, &node, &nodes, &card_nodes, bases) {
                self.lemma3(&label, &node, &placed);
                self.replies(&label, &node, &placed);
            }
            reply_classes += node.replies.len() + 1;
            if node.path.is_empty() {
                card_nodes.insert(node.card, id);
                next_card = node.card.saturating_add(1);
            }
            nodes.push(Some(node));
        }
        self.checked.push(format!(
            "nodes: {} nodes, each recomputed by Lemma 3 from its children's recorded conditions; children refer only to earlier nodes",
            nodes.len()
        ));
        self.checked.push(format!(
            "replies: {reply_classes} reply classes, each listed once and answered by the first child whose placed envelope avoids it, whose required set lies in A ∪ {{p}}"
        ));
        Some(nodes)
    }

    /// The children's recorded conditions placed into this node's frame, or
    /// None (with failures) if some child does not refer to an earlier node.
    fn placed_children(
        &mut self,
        id: usize,
        node: &Node,
        nodes: &[Option<Node>],
        card_nodes: &BTreeMap<u64, usize>,
        bases: &[Option<Condition>],
    ) -> Option<Vec<Condition>> {
        let label = node.label(id);
        let mut placed = Vec::with_capacity(node.children.len());
        for (index, child) in node.children.iter().enumerate() {
            let condition = match *child {
                Child::Card { card, .. } if card >= node.card => Err(format!(
                    "refers to card {card}, which is not earlier than card {}",
                    node.card
                )),
                Child::Card {
                    card,
                    orientation,
                    offset,
                } => {
                    let own = if card < BASE_CARDS {
                        bases[card as usize].as_ref()
                    } else {
                        card_nodes
                            .get(&card)
                            .and_then(|&earlier| nodes[earlier].as_ref())
                            .map(|earlier| &earlier.condition)
                    };
                    own.map(|own| place(own, orientation, offset))
                        .ok_or(format!("refers to card {card}, which has no readable node"))
                }
                Child::Inline { node: inner } => {
                    let mut path = node.path.clone();
                    path.push(index as u64);
                    match nodes.get(inner as usize) {
                        _ if inner as usize >= id => {
                            Err(format!("refers to node {inner}, which is not earlier"))
                        }
                        Some(Some(earlier))
                            if earlier.card == node.card && earlier.path == path =>
                        {
                            Ok(earlier.condition.clone())
                        }
                        Some(Some(_)) => Err(format!(
                            "refers to node {inner}, which is not this node's inline child {path:?}"
                        )),
                        _ => Err(format!("refers to node {inner}, which is unreadable")),
                    }
                }
            };
            match condition {
                Ok(condition) => placed.push(condition),
                Err(error) => self.fail(format!("{label}: child {index} {error}")),
            }
        }
        (placed.len() == node.children.len()).then_some(placed)
    }

    /// Lemma 3: T = {p} ∪ ⋃T_i, A = (⋃A_i ∪ ⋂T_i) \ {p}, h = 1 + max h_i.
    fn lemma3(&mut self, label: &str, node: &Node, placed: &[Condition]) {
        let Some(first) = placed.first() else {
            self.fail(format!("{label}: has no children"));
            return;
        };
        let mut envelope = Cells::from([node.pivot]);
        let mut required = Cells::new();
        let mut common = first.envelope.clone();
        let mut height = 0;
        for child in placed {
            envelope.extend(child.envelope.iter().copied());
            required.extend(child.required.iter().copied());
            common.retain(|cell| child.envelope.contains(cell));
            height = height.max(child.height);
        }
        required.extend(common);
        required.remove(&node.pivot);
        let lemma3 = Condition {
            required,
            envelope,
            height: 1 + height,
        };
        for problem in differences(&node.condition, &lemma3) {
            self.fail(format!("{label}: {problem} (Lemma 3)"));
        }
    }

    /// Every cell of T \ (A ∪ {p}) is a reply class, listed once, sorted;
    /// so is "outside T". Each chosen child's placed envelope avoids the reply
    /// (it is the first such child) and its placed required set is owned:
    /// A_i ⊆ A ∪ {p}.
    fn replies(&mut self, label: &str, node: &Node, placed: &[Condition]) {
        let mut owned = node.condition.required.clone();
        owned.insert(node.pivot);
        let expected: Cells = node
            .condition
            .envelope
            .difference(&owned)
            .copied()
            .collect();
        let mut listed = Cells::new();
        let mut previous: Option<Cell> = None;
        for &(cell, chosen) in &node.replies {
            if previous.is_some_and(|p| p >= cell) {
                let why = if listed.contains(&cell) {
                    "listed twice"
                } else {
                    "out of order"
                };
                self.fail(format!("{label}: reply {} {why}", show(cell)));
            }
            previous = Some(cell);
            listed.insert(cell);
            if !expected.contains(&cell) {
                self.fail(format!(
                    "{label}: reply {} is not a cell of T \\ (A ∪ {{p}})",
                    show(cell)
                ));
            }
            self.answer(
                label,
                &format!("reply {}", show(cell)),
                Some(cell),
                chosen,
                placed,
                &owned,
            );
        }
        for &cell in expected.difference(&listed) {
            self.fail(format!("{label}: reply class {} is missing", show(cell)));
        }
        self.answer(
            label,
            "the outside reply",
            None,
            node.outside,
            placed,
            &owned,
        );
    }

    fn answer(
        &mut self,
        label: &str,
        reply: &str,
        cell: Option<Cell>,
        chosen: Option<u64>,
        placed: &[Condition],
        owned: &Cells,
    ) {
        let Some(child) = chosen.and_then(|index| placed.get(index as usize)) else {
            self.fail(format!(
                "{label}: {reply} has no chosen child in range (chosen {chosen:?})"
            ));
            return;
        };
        let index = chosen.unwrap_or_default();
        let avoids = |child: &Condition| cell.is_none_or(|cell| !child.envelope.contains(&cell));
        // The certificate records the paper's strategy (Proposition 16): the
        // first child in printed order whose placed envelope avoids the reply.
        let first = placed.iter().position(avoids);
        if let Some(cell) = cell.filter(|_| !avoids(child)) {
            self.fail(format!(
                "{label}: {reply}: chosen child {index}'s placed envelope contains {}",
                show(cell)
            ));
        } else if let Some(first) = first.filter(|&first| first as u64 != index) {
            self.fail(format!(
                "{label}: {reply}: chosen child {index}, but child {first} is the first whose placed envelope avoids it"
            ));
        }
        let unowned: Cells = child.required.difference(owned).copied().collect();
        if !unowned.is_empty() {
            self.fail(format!(
                "{label}: {reply}: chosen child {index} requires {} outside A ∪ {{p}}",
                show_set(&unowned)
            ));
        }
    }

    /// The recorded counts agree with the nodes array.
    fn counts(&mut self, cert: &Value, nodes: &[Option<Node>]) {
        let readable = || nodes.iter().flatten();
        let lines = readable().filter(|n| n.path.is_empty()).count();
        let children = || readable().flat_map(|n| &n.children);
        let expected = [
            ("nodes", nodes.len()),
            (
                "reply_classes",
                readable().map(|n| n.replies.len() + 1).sum(),
            ),
            ("inline", readable().filter(|n| !n.path.is_empty()).count()),
            (
                "references",
                children()
                    .filter(|c| matches!(c, Child::Card { .. }))
                    .count(),
            ),
            ("lines", lines),
            ("cards", lines + BASE_CARDS as usize),
        ];
        let counts = cert.get("counts").unwrap_or(&Value::Null);
        for (key, value) in expected {
            match uint(counts, key) {
                Ok(recorded) if recorded == value as u64 => {}
                recorded => self.fail(format!(
                    "counts.{key}: recorded {}, the nodes array gives {value}",
                    shown(&recorded)
                )),
            }
        }
        self.checked.push(format!(
            "counts: nodes, reply_classes, inline, references, lines, cards agree with the {} nodes",
            nodes.len()
        ));
    }

    /// The last node is a card node with A = ∅ and h ≤ bound; verdict,
    /// claim and final_card agree with it.
    fn final_claim(&mut self, cert: &Value, nodes: &[Option<Node>]) {
        let Some(Some(last)) = nodes.last() else {
            self.fail("claim: the last node is missing or unreadable".to_string());
            return;
        };
        let label = last.label(nodes.len() - 1);
        let claim = cert.get("claim").unwrap_or(&Value::Null);
        let bound = match uint(claim, "bound") {
            Ok(bound) => bound,
            Err(error) => {
                self.fail(format!("claim: {error}"));
                return;
            }
        };
        let required_empty = last.condition.required.is_empty();
        let holds = last.path.is_empty() && required_empty && last.condition.height <= bound;
        if !last.path.is_empty() {
            self.fail(format!("claim: {label} is not a card's own node"));
        }
        if !required_empty {
            self.fail(format!(
                "claim: {label} still requires {}",
                show_set(&last.condition.required)
            ));
        }
        if last.condition.height > bound {
            self.fail(format!(
                "claim: {label} has height {} > bound {bound}",
                last.condition.height
            ));
        }
        let verdict = if holds { "certified" } else { "refuted" };
        if text(cert, "verdict") != Ok(verdict) {
            self.fail(format!(
                "verdict: recorded {}, the last node gives \"{verdict}\"",
                shown(&text(cert, "verdict"))
            ));
        }
        let recorded_holds = claim.get("holds").and_then(Value::as_bool);
        if recorded_holds != Some(holds) {
            self.fail(format!(
                "claim.holds: recorded {recorded_holds:?}, the last node gives {holds}"
            ));
        }
        if uint(claim, "card") != Ok(last.card) {
            self.fail(format!(
                "claim.card: recorded {}, the last node is card {}",
                shown(&uint(claim, "card")),
                last.card
            ));
        }
        let final_card = cert.get("final_card").unwrap_or(&Value::Null);
        let agrees = uint(final_card, "card") == Ok(last.card)
            && final_card.get("pivot").map(read_cell) == Some(Ok(last.pivot))
            && cells(final_card, "required").as_ref() == Ok(&last.condition.required)
            && uint(final_card, "envelope_size") == Ok(last.condition.envelope.len() as u64)
            && uint(final_card, "height") == Ok(last.condition.height);
        if !agrees {
            self.fail(format!("final_card: does not agree with {label}"));
        }
        self.checked.push(format!(
            "claim: card {} has A = {} and h = {} <= {bound}: {verdict}; claim and final_card agree with it",
            last.card,
            show_set(&last.condition.required),
            last.condition.height
        ));
    }
}

/// Orientation code (README): bit 2 negates x, bit 4 negates y, then bit 1
/// swaps the coordinates; then translate.
fn place(condition: &Condition, orientation: u64, offset: Cell) -> Condition {
    let apply = |&(mut x, mut y): &Cell| {
        if orientation & 2 != 0 {
            x = -x;
        }
        if orientation & 4 != 0 {
            y = -y;
        }
        if orientation & 1 != 0 {
            (x, y) = (y, x);
        }
        (x + offset.0, y + offset.1)
    };
    Condition {
        required: condition.required.iter().map(apply).collect(),
        envelope: condition.envelope.iter().map(apply).collect(),
        height: condition.height,
    }
}

/// How a recorded condition differs from the recomputed one, cell by cell.
fn differences(recorded: &Condition, recomputed: &Condition) -> Vec<String> {
    let mut problems = Vec::new();
    let sets = [
        ("required", &recorded.required, &recomputed.required),
        ("envelope", &recorded.envelope, &recomputed.envelope),
    ];
    for (name, recorded, recomputed) in sets {
        let extra: Cells = recorded.difference(recomputed).copied().collect();
        let lacking: Cells = recomputed.difference(recorded).copied().collect();
        if !extra.is_empty() {
            problems.push(format!(
                "recorded {name} has extra cells {}",
                show_set(&extra)
            ));
        }
        if !lacking.is_empty() {
            problems.push(format!(
                "recorded {name} lacks cells {}",
                show_set(&lacking)
            ));
        }
    }
    if recorded.height != recomputed.height {
        problems.push(format!(
            "recorded height {} but recomputed {}",
            recorded.height, recomputed.height
        ));
    }
    problems
}

/// A field read as its value, or the reason it could not be read.
fn shown<T: std::fmt::Display>(read: &Result<T, String>) -> String {
    match read {
        Ok(value) => value.to_string(),
        Err(error) => error.clone(),
    }
}

fn show(cell: Cell) -> String {
    format!("({},{})", cell.0, cell.1)
}

fn show_set(cells: &Cells) -> String {
    let cells: Vec<String> = cells.iter().map(|&c| show(c)).collect();
    format!("{{{}}}", cells.join(", "))
}

// Reading JSON: every accessor returns a message instead of panicking.

fn field<'a>(value: &'a Value, key: &str) -> Result<&'a Value, String> {
    value.get(key).ok_or(format!("missing field \"{key}\""))
}

fn uint(value: &Value, key: &str) -> Result<u64, String> {
    field(value, key)?
        .as_u64()
        .ok_or(format!("field \"{key}\" is not a non-negative integer"))
}

fn text<'a>(value: &'a Value, key: &str) -> Result<&'a str, String> {
    field(value, key)?
        .as_str()
        .ok_or(format!("field \"{key}\" is not a string"))
}

fn array<'a>(value: &'a Value, key: &str) -> Result<&'a Vec<Value>, String> {
    field(value, key)?
        .as_array()
        .ok_or(format!("field \"{key}\" is not an array"))
}

fn coordinate(value: &Value) -> Result<i64, String> {
    value
        .as_i64()
        .filter(|v| (-MAX_COORDINATE..=MAX_COORDINATE).contains(v))
        .ok_or(format!("{value} is not a coordinate"))
}

fn read_cell(value: &Value) -> Result<Cell, String> {
    match value.as_array().map(Vec::as_slice) {
        Some([x, y]) => Ok((coordinate(x)?, coordinate(y)?)),
        _ => Err(format!("{value} is not a cell [x,y]")),
    }
}

/// A recorded cell list, which must be strictly sorted (so no duplicates
/// hide in the set).
fn cells(value: &Value, key: &str) -> Result<Cells, String> {
    let list = array(value, key)?
        .iter()
        .map(read_cell)
        .collect::<Result<Vec<Cell>, String>>()?;
    if list.windows(2).any(|pair| pair[0] >= pair[1]) {
        return Err(format!("field \"{key}\" is not strictly sorted"));
    }
    Ok(list.into_iter().collect())
}

fn read_condition(value: &Value) -> Result<Condition, String> {
    let height = uint(value, "height")?;
    if !(1..MAX_HEIGHT).contains(&height) {
        return Err(format!("height {height} is out of range"));
    }
    Ok(Condition {
        required: cells(value, "required")?,
        envelope: cells(value, "envelope")?,
        height,
    })
}

fn read_child(value: &Value) -> Result<Child, String> {
    if value.get("node").is_some() {
        return Ok(Child::Inline {
            node: uint(value, "node")?,
        });
    }
    let orientation = uint(value, "orientation")?;
    if orientation > 7 {
        return Err(format!("orientation code {orientation} is not in 0..7"));
    }
    Ok(Child::Card {
        card: uint(value, "card")?,
        orientation,
        offset: read_cell(field(value, "offset")?)?,
    })
}

fn read_node(value: &Value) -> Result<Node, String> {
    let children = array(value, "children")?
        .iter()
        .enumerate()
        .map(|(index, child)| read_child(child).map_err(|e| format!("child {index}: {e}")))
        .collect::<Result<_, _>>()?;
    let path = array(value, "path")?
        .iter()
        .map(|step| {
            step.as_u64()
                .ok_or(format!("path step {step} is not an index"))
        })
        .collect::<Result<_, _>>()?;
    let replies = field(value, "replies")?;
    let chosen = |value: &Value| match value {
        Value::Null => Ok(None),
        _ => value
            .as_u64()
            .map(Some)
            .ok_or(format!("chosen child {value} is not an index or null")),
    };
    let reply_cells = array(replies, "cells")?
        .iter()
        .map(|reply| match reply.as_array().map(Vec::as_slice) {
            Some([x, y, child]) => Ok(((coordinate(x)?, coordinate(y)?), chosen(child)?)),
            _ => Err(format!("reply {reply} is not [x, y, child]")),
        })
        .collect::<Result<_, String>>()?;
    Ok(Node {
        card: uint(value, "card")?,
        path,
        pivot: read_cell(field(value, "pivot")?)?,
        condition: read_condition(value)?,
        children,
        replies: reply_cells,
        outside: chosen(field(replies, "outside")?)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn orientation_codes_follow_the_readme_table() {
        // README: s = 0..7 give (x,y) (y,x) (-x,y) (y,-x) (x,-y) (-y,x) (-x,-y) (-y,-x).
        let expected = [
            (2, 5),
            (5, 2),
            (-2, 5),
            (5, -2),
            (2, -5),
            (-5, 2),
            (-2, -5),
            (-5, -2),
        ];
        for (code, want) in expected.into_iter().enumerate() {
            let one = Condition {
                required: Cells::new(),
                envelope: Cells::from([(2, 5)]),
                height: 1,
            };
            let placed = place(&one, code as u64, (10, 20));
            assert_eq!(
                placed.envelope,
                Cells::from([(want.0 + 10, want.1 + 20)]),
                "code {code}"
            );
        }
    }

    /// The bases and card 6 alone: a consistent certificate whose claim
    /// fails only because card 6 still requires five cells.
    fn card6_certificate() -> Value {
        let snaky: Vec<Value> = SNAKY.iter().map(|&(x, y)| json!([x, y])).collect();
        let bases: Vec<Value> = (0..6)
            .map(|j| {
                let mut required = snaky.clone();
                required.remove(j);
                json!({"card": j, "required": required, "envelope": snaky, "height": 1})
            })
            .collect();
        json!({
            "kind": "snaky", "format": 1, "verdict": "refuted",
            "claim": {"bound": 21, "card": 6, "holds": false},
            "counts": {"lines": 1, "cards": 7, "references": 2, "inline": 0, "nodes": 1, "reply_classes": 3},
            "final_card": {"card": 6, "pivot": [1, 4], "required": [[0,0],[0,1],[0,2],[0,3],[0,4]], "envelope_size": 8, "height": 2},
            "bases": bases,
            "nodes": [{"id": 0, "card": 6, "path": [], "pivot": [1, 4],
                "required": [[0,0],[0,1],[0,2],[0,3],[0,4]],
                "envelope": [[0,0],[0,1],[0,2],[0,3],[0,4],[1,3],[1,4],[1,5]], "height": 2,
                "children": [{"card": 4, "orientation": 1, "offset": [0, 0]}, {"card": 5, "orientation": 1, "offset": [0, 1]}],
                "replies": {"cells": [[1, 3, 1], [1, 5, 0]], "outside": 0}}]
        })
    }

    #[test]
    fn card_6_alone_is_consistent_but_proves_no_win() {
        let report = audit(&card6_certificate());
        assert_eq!(
            report.messages(),
            vec!["claim: node 0 (card 6) still requires {(0,0), (0,1), (0,2), (0,3), (0,4)}"]
        );
    }

    #[test]
    fn unknown_format_stops_the_audit() {
        let mut cert = card6_certificate();
        cert["format"] = json!(2);
        let report = audit(&cert);
        assert_eq!(report.failures.len(), 1);
        assert!(
            report.messages()[0].starts_with("header:"),
            "{:?}",
            report.failures
        );
    }

    #[test]
    fn extreme_numbers_do_not_panic() {
        let mut cert = card6_certificate();
        cert["nodes"][0]["children"][0]["offset"] = json!([i64::MIN, i64::MAX]);
        cert["nodes"][0]["height"] = json!(u64::MAX);
        cert["bases"][0]["height"] = json!(-1);
        let failures = audit(&cert).messages();
        assert!(
            failures.iter().any(|f| f.starts_with("node 0:")),
            "{failures:?}"
        );
        assert!(
            failures.iter().any(|f| f.starts_with("base card 0:")),
            "{failures:?}"
        );
        // The largest card number must not overflow the expected next card.
        let mut cert = card6_certificate();
        cert["nodes"][0]["card"] = json!(u64::MAX);
        let second = cert["nodes"][0].clone();
        cert["nodes"].as_array_mut().expect("nodes").push(second);
        let failures = audit(&cert).messages();
        assert!(
            failures
                .iter()
                .any(|f| f.contains("expected a node of card 6")),
            "{failures:?}"
        );
    }

    /// Any JSON value at any recorded place of a small certificate: the
    /// audit returns a report (never panics) and never accepts it, since
    /// card 6 alone proves no win.
    mod never_panics {
        use super::*;
        use proptest::prelude::*;

        fn any_json() -> impl Strategy<Value = Value> {
            let leaf = prop_oneof![
                Just(Value::Null),
                any::<bool>().prop_map(Value::from),
                any::<i64>().prop_map(Value::from),
                any::<u64>().prop_map(Value::from),
                (-8i64..30).prop_map(Value::from),
                any::<f64>().prop_map(|f| json!(f)),
                "[a-z]{0,6}".prop_map(Value::from),
            ];
            leaf.prop_recursive(3, 24, 4, |inner| {
                prop_oneof![
                    proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
                    proptest::collection::btree_map("[a-z]{1,6}", inner, 0..4)
                        .prop_map(|map| Value::Object(map.into_iter().collect())),
                ]
            })
        }

        const PLACES: [&str; 17] = [
            "",
            "/nodes/0/card",
            "/kind",
            "/format",
            "/bases",
            "/bases/2",
            "/bases/2/required",
            "/nodes",
            "/nodes/0",
            "/nodes/0/path",
            "/nodes/0/pivot",
            "/nodes/0/envelope/3",
            "/nodes/0/height",
            "/nodes/0/children/1",
            "/nodes/0/children/0/offset",
            "/nodes/0/replies/cells/0",
            "/nodes/0/replies/outside",
        ];

        proptest! {
            #[test]
            fn any_value_anywhere_gives_a_failing_report(
                place in 0..PLACES.len(),
                value in any_json(),
            ) {
                let mut cert = card6_certificate();
                *cert.pointer_mut(PLACES[place]).expect("the place exists") = value;
                let report = audit(&cert);
                prop_assert_eq!(report.kind, "snaky");
                prop_assert!(!report.failures.is_empty());
            }
        }
    }
}
