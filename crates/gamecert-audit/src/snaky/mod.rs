//! The independent auditor of a Snaky certificate: the trusted kernel.
//!
//! It re-checks an emitted certificate from its JSON alone, the way an LRAT
//! checker re-checks what DRAT-trim emits. It shares no code with the
//! producer (no parser, evaluator, cell sets or geometry): cells are plain
//! `(i64, i64)` pairs in `BTreeSet`s, orientation codes are applied here, and
//! every node is judged from its children's *recorded* conditions, so each
//! node is a local obligation and a tampered fact fails at the node that
//! records it. What a passing audit proves: docs/formats/snaky-audit.md.

mod claims;
pub mod fault;
mod geometry;
mod lemma;
pub mod limits;
mod read;
pub mod search;

pub use fault::{ChildFault, Fault, Mismatch, NodeLabel, Place, Reply, Set};
pub use search::SearchFault;

use crate::{AuditReport, Failure};
use geometry::{Cell, Cells};
use lemma::{Placed, ReplyTally};
use read::{array, read_condition, read_node, shown, text, uint, Child, Condition, Node};
use serde_json::Value;
use std::collections::BTreeMap;
use std::rc::Rc;

/// Snaky S in the paper's order s_0..s_5 (docs/formats/snaky.md).
pub const SNAKY: [Cell; 6] = [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 1)];
/// The one certificate format this auditor reads (docs/formats/snaky.md).
pub const FORMAT: u64 = 3;

/// Audit a parsed certificate of kind "snaky". Never panics: an ill-typed
/// field is a failure like any other.
pub fn audit(cert: &Value) -> AuditReport {
    let mut auditor = Auditor::default();
    auditor.run(cert);
    AuditReport {
        kind: "snaky".to_string(),
        checked: auditor.checked,
        failures: listed(auditor.faults, auditor.omitted),
    }
}

/// The first limits::MAX_FAULTS faults, then one `Fault::Omitted` counting
/// the rest (those dropped earlier included), as report failures.
pub(crate) fn listed(mut faults: Vec<Fault>, omitted: u64) -> Vec<Failure> {
    // A limit that stopped the audit is listed first, whatever came before.
    if let Some(at) = faults
        .iter()
        .rposition(|f| matches!(f, Fault::Limit { .. }))
    {
        let limit = faults.remove(at);
        faults.insert(0, limit);
    }
    let count = omitted + limits::cap(&mut faults);
    if count > 0 {
        faults.push(Fault::Omitted { count });
    }
    faults.into_iter().map(Failure::Snaky).collect()
}

/// Checks `kind` and `format`, or says what was found instead.
pub(crate) fn header(cert: &Value, kind: &'static str, format: u64) -> Result<(), Fault> {
    match (text(cert, "kind"), uint(cert, "format")) {
        (Ok(found), Ok(found_format)) if found == kind && found_format == format => Ok(()),
        (found_kind, found_format) => Err(Fault::Header {
            kind,
            format,
            found_kind: shown(&found_kind),
            found_format: shown(&found_format),
        }),
    }
}

#[derive(Default)]
struct Auditor {
    checked: Vec<String>,
    faults: Vec<Fault>,
    tally: ReplyTally,
    /// Cells visited so far while judging nodes (see limits::MAX_WORK).
    work: u64,
    /// Cells of the envelopes derived so far (see limits::MAX_DERIVED).
    derived_cells: u64,
    /// Faults dropped past limits::MAX_FAULTS, counted.
    omitted: u64,
}

/// The recorded counts.
const COUNTS: [&str; 6] = [
    "lines",
    "cards",
    "references",
    "inline",
    "nodes",
    "reply_classes",
];

/// The nodes as read (None where unreadable).
type Nodes = Vec<Option<Node>>;

impl Auditor {
    fn run(&mut self, cert: &Value) {
        if let Err(fault) = header(cert, "snaky", FORMAT) {
            // Without the known format nothing else can be read reliably.
            return self.faults.push(fault);
        }
        self.checked.push(format!("kind snaky, format {FORMAT}"));
        if let Err(fault) = limits::check(cert) {
            return self.faults.push(fault);
        }
        claims::known_fields(cert, &mut self.faults);
        let shape = match read::shape(cert) {
            Ok(shape) => shape,
            // The base cards, and so every node, depend on the shape.
            Err(fault) => return self.faults.push(fault),
        };
        let bases = self.bases(cert, &shape);
        let Some(nodes) = self.nodes(cert, &bases) else {
            return;
        };
        self.counts(cert, &nodes, bases.len());
        let context = claims::Context {
            shape: &shape,
            nodes: &nodes,
            tally: self.tally,
        };
        claims::claims(cert, &context, &mut self.checked, &mut self.faults);
    }

    /// Lemma 4: card j is (P \ {p_j}, P, 1) for the shape's cells p_j.
    /// Returns the recorded bases, shared by every reference to them.
    fn bases(&mut self, cert: &Value, shape: &[Cell]) -> Vec<Option<Rc<Condition>>> {
        let mut bases = vec![None; shape.len()];
        let records = match array(cert, "bases") {
            Ok(records) => records,
            Err(reason) => {
                self.faults.push(Fault::Unreadable {
                    at: Place::Bases,
                    reason,
                });
                return bases;
            }
        };
        if records.len() != shape.len() {
            self.faults.push(Fault::BaseCount {
                expected: shape.len(),
                found: records.len(),
            });
        }
        let envelope: Cells = shape.iter().copied().collect();
        for (j, record) in records.iter().enumerate().take(shape.len()) {
            let read = read::only(record, &["card", "required", "envelope", "height"])
                .and_then(|()| read_condition(record));
            let recorded = match (uint(record, "card"), read) {
                (Ok(card), Ok(condition)) if card == j as u64 => condition,
                (Ok(card), Ok(_)) => {
                    self.faults.push(Fault::BaseNumber { base: j, card });
                    continue;
                }
                (Err(reason), _) | (_, Err(reason)) => {
                    self.faults.push(Fault::Unreadable {
                        at: Place::Base(j),
                        reason,
                    });
                    continue;
                }
            };
            let mut required = envelope.clone();
            required.remove(&shape[j]);
            let lemma4 = Condition {
                required,
                envelope: envelope.clone(),
                height: 1,
            };
            for mismatch in differences(&recorded, &lemma4) {
                self.faults.push(Fault::Lemma4 { base: j, mismatch });
            }
            bases[j] = Some(Rc::new(recorded));
        }
        self.checked.push(format!(
            "bases: cards 0..{} are (P \\ {{p_j}}, P, 1) by Lemma 4",
            shape.len().saturating_sub(1)
        ));
        bases
    }

    /// Every node: structure, Lemma 3 and the reply classes. Returns the
    /// nodes, or None if there is no nodes array or a limit was reached.
    fn nodes(&mut self, cert: &Value, bases: &[Option<Rc<Condition>>]) -> Option<Nodes> {
        let records = match array(cert, "nodes") {
            Ok(records) => records,
            Err(reason) => {
                self.faults.push(Fault::Unreadable {
                    at: Place::Nodes,
                    reason,
                });
                return None;
            }
        };
        let mut nodes: Nodes = Vec::with_capacity(records.len());
        // Card number -> that card's own node's condition (path []).
        let mut cards: BTreeMap<u64, Rc<Condition>> = BTreeMap::new();
        // Card lines follow the bases; inline nodes precede their card's node.
        let mut next_card = bases.len() as u64;
        for (id, record) in records.iter().enumerate() {
            let mut node = match read_node(record) {
                Ok(node) => node,
                Err(reason) => {
                    self.faults.push(Fault::Unreadable {
                        at: Place::Node(id),
                        reason,
                    });
                    nodes.push(None);
                    continue;
                }
            };
            let label = NodeLabel {
                id,
                card: node.card,
                path: node.path.clone(),
            };
            if uint(record, "id").ok() != Some(id as u64) {
                self.faults.push(Fault::NodeId {
                    node: label.clone(),
                });
            }
            if node.card != next_card {
                self.faults.push(Fault::NodeCard {
                    node: label.clone(),
                    expected: next_card,
                });
            }
            if let Some(placed) = self.placed_children(&label, &node, &nodes, &cards, bases) {
                let work = placed.iter().map(Placed::size).sum::<u64>() * 2;
                if !self.charge(work) || !self.afford_envelope(&placed) {
                    return None;
                }
                derive_envelope(&label, &mut node, &placed, &mut self.faults);
                let built = node.condition.envelope.len() as u64;
                self.derived_cells = self.derived_cells.saturating_add(built);
                if !self.charge(lookups(&node, &placed)) {
                    return None;
                }
                lemma::lemma3(&label, &node, &placed, &mut self.faults);
                let (tally, faults) = (&mut self.tally, &mut self.faults);
                self.omitted += lemma::replies(&label, &node, &placed, tally, faults);
            }
            // A node's faults are few once its reply faults are capped.
            self.omitted += limits::cap(&mut self.faults);
            if node.path.is_empty() {
                cards.insert(node.card, Rc::clone(&node.condition));
                next_card = node.card.saturating_add(1);
            }
            nodes.push(Some(node));
        }
        self.checked.push(format!(
            "nodes: {} nodes, each T derived and A, h recomputed by Lemma 3 from its children's conditions; children refer only to earlier nodes ({} cells visited, {} envelope cells derived)",
            nodes.len(),
            self.work,
            self.derived_cells
        ));
        self.checked.push(format!(
            "replies: {} reply classes, each listed once and answered by the first child whose placed envelope avoids it, whose required set lies in A ∪ {{p}}",
            self.tally.classes
        ));
        Some(nodes)
    }

    /// A node's envelope, at most {p} and its children's placed envelopes,
    /// against limits::MAX_ENVELOPE and limits::MAX_DERIVED before it is built.
    fn afford_envelope(&mut self, placed: &[Placed]) -> bool {
        let cells = placed
            .iter()
            .map(|c| c.own.envelope.len() as u64)
            .sum::<u64>()
            + 1;
        let total = self.derived_cells.saturating_add(cells);
        let checked =
            limits::over("cells of one derived envelope", cells, limits::MAX_ENVELOPE).and(
                limits::over("derived envelope cells", total, limits::MAX_DERIVED),
            );
        match checked {
            Ok(()) => true,
            Err(fault) => {
                self.faults.push(fault);
                false
            }
        }
    }

    /// Counts `work` against limits::MAX_WORK; false (with the fault) once
    /// the budget is spent.
    fn charge(&mut self, work: u64) -> bool {
        self.work = self.work.saturating_add(work);
        match limits::over("cells visited", self.work, limits::MAX_WORK) {
            Ok(()) => true,
            Err(fault) => {
                self.faults.push(fault);
                false
            }
        }
    }

    /// The children's recorded conditions with their placements, or None
    /// (with faults) if some child does not refer to an earlier node.
    fn placed_children(
        &mut self,
        label: &NodeLabel,
        node: &Node,
        nodes: &[Option<Node>],
        cards: &BTreeMap<u64, Rc<Condition>>,
        bases: &[Option<Rc<Condition>>],
    ) -> Option<Vec<Placed>> {
        let mut placed = Vec::with_capacity(node.children.len());
        for (index, child) in node.children.iter().enumerate() {
            match resolve(label, node, index, child, nodes, cards, bases) {
                Ok(child) => placed.push(child),
                Err(fault) => self.faults.push(Fault::Child {
                    node: label.clone(),
                    child: index,
                    fault,
                }),
            }
        }
        (placed.len() == node.children.len()).then_some(placed)
    }

    /// The recorded counts agree with the nodes array.
    fn counts(&mut self, cert: &Value, nodes: &[Option<Node>], base_cards: usize) {
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
            ("cards", lines + base_cards),
        ];
        let counts = cert.get("counts").unwrap_or(&Value::Null);
        claims::unknown(counts, &COUNTS, "counts.", &mut self.faults);
        for (key, value) in expected {
            match uint(counts, key) {
                Ok(recorded) if recorded == value as u64 => {}
                recorded => self.faults.push(Fault::Count {
                    key,
                    recorded: shown(&recorded),
                    derived: value as u64,
                }),
            }
        }
        self.checked.push(format!(
            "counts: nodes, reply_classes, inline, references, lines, cards agree with the {} nodes",
            nodes.len()
        ));
    }
}

/// One child reference resolved to the shared condition it places.
fn resolve(
    label: &NodeLabel,
    node: &Node,
    index: usize,
    child: &Child,
    nodes: &[Option<Node>],
    cards: &BTreeMap<u64, Rc<Condition>>,
    bases: &[Option<Rc<Condition>>],
) -> Result<Placed, ChildFault> {
    match *child {
        Child::Card { card, .. } if card >= node.card => Err(ChildFault::LaterCard {
            card,
            own: node.card,
        }),
        Child::Card { card, placement } => {
            let own = match usize::try_from(card).ok().filter(|&c| c < bases.len()) {
                Some(base) => bases[base].as_ref(),
                None => cards.get(&card),
            };
            own.map(|own| Placed {
                own: Rc::clone(own),
                at: placement,
            })
            .ok_or(ChildFault::UnreadableCard { card })
        }
        Child::Inline { node: inner } => {
            let mut path = label.path.clone();
            path.push(index as u64);
            if inner >= label.id as u64 {
                return Err(ChildFault::LaterNode { node: inner });
            }
            match nodes.get(inner as usize) {
                Some(Some(earlier)) if earlier.card == node.card && earlier.path == path => {
                    Ok(Placed {
                        own: Rc::clone(&earlier.condition),
                        at: geometry::Placement::IDENTITY,
                    })
                }
                Some(Some(_)) => Err(ChildFault::NotInline { node: inner, path }),
                _ => Err(ChildFault::UnreadableNode { node: inner }),
            }
        }
    }
}

/// One envelope lookup per child for every envelope cell and reply class.
fn lookups(node: &Node, placed: &[Placed]) -> u64 {
    (node.condition.envelope.len() + node.replies.len()) as u64 * placed.len() as u64
}

/// T = {p} ∪ ⋃T_i by Lemma 3, and the recorded choices paired with the
/// cells of T \ (A ∪ {p}) in (x, y) order.
fn derive_envelope(label: &NodeLabel, node: &mut Node, placed: &[Placed], faults: &mut Vec<Fault>) {
    let mut envelope: Cells = placed.iter().flat_map(Placed::envelope).collect();
    envelope.insert(node.pivot);
    let choices = std::mem::take(&mut node.choices);
    let condition = Rc::make_mut(&mut node.condition);
    let classes: Vec<Cell> = (envelope.iter().copied())
        .filter(|&c| c != node.pivot && !condition.required.contains(&c))
        .collect();
    if choices.len() != classes.len() {
        faults.push(Fault::ReplyCount {
            node: label.clone(),
            listed: choices.len(),
            classes: classes.len(),
        });
    }
    node.replies = classes.into_iter().zip(choices).collect();
    condition.envelope = envelope;
}

/// How a recorded condition differs from the recomputed one, cell by cell.
fn differences(recorded: &Condition, recomputed: &Condition) -> Vec<Mismatch> {
    let mut mismatches = Vec::new();
    let sets = [
        (Set::Required, &recorded.required, &recomputed.required),
        (Set::Envelope, &recorded.envelope, &recomputed.envelope),
    ];
    for (set, recorded, recomputed) in sets {
        let extra: Cells = recorded.difference(recomputed).copied().collect();
        let lacking: Cells = recomputed.difference(recorded).copied().collect();
        if !extra.is_empty() {
            mismatches.push(Mismatch::Extra { set, cells: extra });
        }
        if !lacking.is_empty() {
            mismatches.push(Mismatch::Lacking {
                set,
                cells: lacking,
            });
        }
    }
    if recorded.height != recomputed.height {
        mismatches.push(Mismatch::Height {
            recorded: recorded.height,
            recomputed: recomputed.height,
        });
    }
    mismatches
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The typed faults of a report.
    pub(crate) fn faults(report: &AuditReport) -> Vec<Fault> {
        report
            .failures
            .iter()
            .map(|failure| match failure {
                Failure::Snaky(fault) => fault.clone(),
                other => panic!("not a snaky fault: {other}"),
            })
            .collect()
    }

    /// The bases and card 6 alone: a consistent certificate whose
    /// empty-board claim is refuted (card 6 still requires five cells) and
    /// whose conditional claim holds; both are correct records, so the audit
    /// passes.
    fn card6_certificate() -> Value {
        let snaky: Vec<Value> = SNAKY.iter().map(|&(x, y)| json!([x, y])).collect();
        let bases: Vec<Value> = (0..6)
            .map(|j| {
                let mut required = snaky.clone();
                required.remove(j);
                json!({"card": j, "required": required, "envelope": snaky, "height": 1})
            })
            .collect();
        let part = |name: &str, pass: bool, detail: &str| json!({"name": name, "pass": pass, "detail": detail});
        let one = part(
            "every Breaker reply class leaves a child whose envelope avoids it",
            true,
            "3 reply classes over 1 nodes, 0 unanswered",
        );
        let two = part(
            "every chosen child's required set is owned (A_i within A + p)",
            true,
            "0 reply classes choose a child with unowned required cells",
        );
        let three = part(
            "the card's required set is empty",
            false,
            "card 6 requires [(0,0), (0,1), (0,2), (0,3), (0,4)]",
        );
        let four = part(
            "the card's height is within the bound",
            true,
            "card 6 has h = 2, bound 2",
        );
        json!({
            "kind": "snaky", "format": 3, "verdict": "refuted",
            "shape": snaky, "bound": 2, "board": null,
            "counts": {"lines": 1, "cards": 7, "references": 2, "inline": 0, "nodes": 1, "reply_classes": 3},
            "final_card": {"card": 6, "pivot": [1, 4], "required": [[0,0],[0,1],[0,2],[0,3],[0,4]], "envelope_size": 8, "height": 2},
            "claims": [
                {"id": "empty-board",
                 "statement": "Maker builds Snaky within 2 moves from the empty board: card 6 has A = {} and h <= 2",
                 "verdict": "refuted", "detail": "fails: the card's required set is empty",
                 "parts": [one, two, three, four], "evidence": []},
                {"id": "conditional",
                 "statement": "If Maker owns A = {(0,0), (0,1), (0,2), (0,3), (0,4)} and Breaker owns nothing in T (|T| = 8), Maker builds Snaky within 2 more moves: card 6 has h <= 2 (a conditional claim, not a win from the empty board)",
                 "verdict": "holds", "detail": "card 6: A = {(0,0), (0,1), (0,2), (0,3), (0,4)}, |T| = 8, h = 2; all 3 reply classes hold; conditional, not a win from the empty board",
                 "parts": [one, two, four],
                 "evidence": [
                     {"caption": "frame: the bounding box of T is [0..1] x [0..5] (2 x 6)"},
                     {"caption": "excluded: 4 cells of the frame are not in T: {(0,5), (1,0), (1,1), (1,2)}"}
                 ]}
            ],
            "checks": [], "diagnosis": ["card 6 still requires 5 cell(s)"],
            "bases": bases,
            "nodes": [{"id": 0, "card": 6, "path": [], "pivot": [1, 4],
                "required": [[0,0],[0,1],[0,2],[0,3],[0,4]], "height": 2,
                "children": [[4, 1, 0, 0], [5, 1, 0, 1]], "replies": [1, 0], "outside": 0}]
        })
    }

    #[test]
    fn a_refuted_claim_is_a_correct_record_and_passes() {
        let cert = card6_certificate();
        let report = audit(&cert);
        assert_eq!(report.messages(), Vec::<String>::new());
        // A conditional claim must not be stated as a win from the empty board.
        let mut forged = cert.clone();
        forged["claims"][1]["statement"] = json!("Maker builds Snaky within 2 moves");
        let report = audit(&forged);
        assert!(
            matches!(
                faults(&report).as_slice(),
                [Fault::ClaimField {
                    claim: "conditional",
                    field: "statement",
                    ..
                }]
            ),
            "{:?}",
            report.messages()
        );
        // A refuted claim's detail names its failed parts.
        let mut forged = cert.clone();
        forged["claims"][0]["detail"] = json!("all parts pass");
        let report = audit(&forged);
        assert!(
            matches!(
                faults(&report).as_slice(),
                [Fault::ClaimField {
                    claim: "empty-board",
                    field: "detail",
                    ..
                }]
            ),
            "{:?}",
            report.messages()
        );
        // Certified with a refuted claim inside is a forged verdict.
        let mut forged = cert;
        forged["verdict"] = json!("certified");
        forged["diagnosis"] = json!([]);
        let report = audit(&forged);
        assert!(
            matches!(
                faults(&report).as_slice(),
                [
                    Fault::Verdict {
                        derived: "refuted",
                        ..
                    },
                    Fault::Diagnosis {
                        entries: 0,
                        holds: false
                    }
                ]
            ),
            "{:?}",
            report.messages()
        );
    }

    #[test]
    fn the_work_is_counted_per_child_cell_and_lookup() {
        // Card 6 places base cards 4 and 5 (6 envelope + 5 required cells
        // each, counted twice), and looks each of its 8 envelope cells and 2
        // reply classes up in both children.
        let work = 2 * (11 + 11) + (8 + 2) * 2;
        let report = audit(&card6_certificate());
        let line = format!("({work} cells visited, ");
        assert!(
            report.checked.iter().any(|checked| checked.contains(&line)),
            "{:?}",
            report.checked
        );
    }

    #[test]
    fn any_other_format_stops_the_audit() {
        for format in [1, 2, 4] {
            let mut cert = card6_certificate();
            cert["format"] = json!(format);
            let report = audit(&cert);
            assert!(
                matches!(faults(&report).as_slice(), [Fault::Header { found_format, format: 3, .. }] if *found_format == format.to_string()),
                "{:?}",
                report.failures
            );
        }
    }

    #[test]
    fn extreme_numbers_do_not_panic() {
        let mut cert = card6_certificate();
        cert["nodes"][0]["children"][0] = json!([4, 1, i64::MIN, i64::MAX]);
        cert["nodes"][0]["height"] = json!(u64::MAX);
        cert["bases"][0]["height"] = json!(-1);
        let report = audit(&cert);
        let failures = faults(&report);
        assert!(
            failures.iter().any(|f| matches!(
                f,
                Fault::Unreadable {
                    at: Place::Node(0),
                    ..
                }
            )),
            "{failures:?}"
        );
        assert!(
            failures.iter().any(|f| matches!(
                f,
                Fault::Unreadable {
                    at: Place::Base(0),
                    ..
                }
            )),
            "{failures:?}"
        );
        // The largest card number must not overflow the expected next card.
        let mut cert = card6_certificate();
        cert["nodes"][0]["card"] = json!(u64::MAX);
        let second = cert["nodes"][0].clone();
        cert["nodes"].as_array_mut().expect("nodes").push(second);
        let report = audit(&cert);
        let failures = faults(&report);
        assert!(
            failures
                .iter()
                .any(|f| matches!(f, Fault::NodeCard { node, expected: 6 } if node.id == 0)),
            "{failures:?}"
        );
    }

    /// Any JSON value at any recorded place of a small certificate: the
    /// audit returns a report (never panics), and accepts none but the
    /// recorded value.
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

        const PLACES: [&str; 18] = [
            "",
            "/nodes/0/card",
            "/kind",
            "/format",
            "/shape",
            "/bound",
            "/bases",
            "/bases/2",
            "/bases/2/required",
            "/nodes",
            "/nodes/0",
            "/nodes/0/path",
            "/nodes/0/pivot",
            "/nodes/0/height",
            "/nodes/0/children/1",
            "/nodes/0/children/0/2",
            "/nodes/0/replies/0",
            "/nodes/0/outside",
        ];

        proptest! {
            #[test]
            fn any_other_value_anywhere_gives_a_failing_report(
                place in 0..PLACES.len(),
                value in any_json(),
            ) {
                let mut cert = card6_certificate();
                let at = cert.pointer_mut(PLACES[place]).expect("the place exists");
                let recorded = std::mem::replace(at, value.clone());
                let report = audit(&cert);
                prop_assert_eq!(report.kind, "snaky");
                prop_assert!(value == recorded || !report.failures.is_empty());
            }
        }
    }
}
