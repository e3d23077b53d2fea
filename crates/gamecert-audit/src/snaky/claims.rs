//! The claim records (`empty-board`, `conditional`, `finite-board`), each
//! field regenerated from the checked nodes and compared byte for byte, and
//! the verdict, `final_card`, `checks` and `diagnosis` that go with them. A
//! refuted claim is a correct record, not a failed audit.

use super::fault::{Fault, NodeLabel, Place};
use super::geometry::{show, show_set, Cell, Cells};
use super::lemma::ReplyTally;
use super::limits;
use super::read::{array, boolean, cells, read_cell, shown, text, uint, Node};
use super::SNAKY;
use serde_json::{json, Value};

const FIELDS: [&str; 15] = [
    "kind",
    "format",
    "verdict",
    "shape",
    "bound",
    "board",
    "input",
    "counts",
    "final_card",
    "claims",
    "table1",
    "checks",
    "diagnosis",
    "bases",
    "nodes",
];
/// Prefixes of the source comparisons in `checks` (report only).
const SOURCE_CHECKS: [&str; 5] = ["paper: ", "snaky20: ", "lean: ", "source: ", "grammar: "];

/// What the audit says it does not check.
pub const IGNORED: &str = "ignored (report only, proves nothing): input (provenance), table1, the source comparisons in checks, and the text of the diagnosis";

/// Rejects keys this auditor neither checks nor declares ignored, so no
/// statement can ride along unchecked.
pub fn known_fields(cert: &Value, faults: &mut Vec<Fault>) {
    unknown(cert, &FIELDS, "", faults);
    for claim in array(cert, "claims").map_or(&[][..], Vec::as_slice) {
        let known = crate::CLAIM_RECORD_FIELDS_NO_LINE;
        unknown(claim, known, "claims[].", faults);
    }
}

pub fn unknown(object: &Value, known: &[&str], prefix: &str, faults: &mut Vec<Fault>) {
    for key in crate::unknown_fields(object, known) {
        faults.push(Fault::UnknownField {
            field: format!("{prefix}{key}"),
        });
    }
}

/// What the claims are judged from.
pub struct Context<'a> {
    pub shape: &'a [Cell],
    pub nodes: &'a [Option<Node>],
    pub tally: ReplyTally,
}

/// The claim card's facts, in the statements' notation.
struct Facts<'a> {
    name: &'static str,
    card: u64,
    bound: u64,
    node: &'a Node,
    nodes: usize,
    tally: ReplyTally,
}

impl Facts<'_> {
    fn required(&self) -> &Cells {
        &self.node.condition.required
    }
    fn height(&self) -> u64 {
        self.node.condition.height
    }
    fn size(&self) -> usize {
        self.node.condition.envelope.len()
    }
    /// The bounding box of T: (x0, x1, y0, y1).
    fn frame(&self) -> (i64, i64, i64, i64) {
        let envelope = &self.node.condition.envelope;
        let xs = envelope.iter().map(|c| c.0);
        let ys = envelope.iter().map(|c| c.1);
        (
            xs.clone().min().unwrap_or(0),
            xs.max().unwrap_or(0),
            ys.clone().min().unwrap_or(0),
            ys.max().unwrap_or(0),
        )
    }
}

/// Checks `verdict`, `final_card`, `claims`, `checks` and `diagnosis`.
pub fn claims(cert: &Value, context: &Context, checked: &mut Vec<String>, faults: &mut Vec<Fault>) {
    let bound = match uint(cert, "bound") {
        Ok(bound) => bound,
        Err(reason) => {
            faults.push(Fault::Unreadable {
                at: Place::Field("bound"),
                reason,
            });
            return;
        }
    };
    let board = match cert.get("board") {
        Some(Value::Null) => None,
        Some(value) => match value.as_u64().filter(|&n| n >= 1) {
            Some(n) => Some(n),
            None => {
                faults.push(Fault::Unreadable {
                    at: Place::Field("board"),
                    reason: format!("{value} is not a board size (a whole number >= 1, or null)"),
                });
                return;
            }
        },
        None => {
            faults.push(Fault::Unreadable {
                at: Place::Field("board"),
                reason: "missing field \"board\"".to_string(),
            });
            return;
        }
    };
    let final_record = cert.get("final_card").unwrap_or(&Value::Null);
    let recorded_card = uint(final_record, "card");
    // The claim card's own node: the last node of that card with path [].
    let found = recorded_card.as_ref().ok().and_then(|&card| {
        context
            .nodes
            .iter()
            .enumerate()
            .rev()
            .find_map(|(id, node)| {
                node.as_ref()
                    .filter(|n| n.card == card && n.path.is_empty())
                    .map(|n| (id, n))
            })
    });
    let Some((id, node)) = found else {
        faults.push(Fault::NoClaimCard {
            card: shown(&recorded_card),
        });
        return;
    };
    let label = NodeLabel {
        id,
        card: node.card,
        path: Vec::new(),
    };
    final_card(cert, node, &label, faults);
    let facts = Facts {
        name: if context.shape == SNAKY {
            "Snaky"
        } else {
            "the polyomino P"
        },
        card: node.card,
        bound,
        node,
        nodes: context.nodes.len(),
        tally: context.tally,
    };
    let Some(verdicts) = claim_records(cert, &facts, board, faults) else {
        return;
    };
    let certified = !verdicts.iter().any(|v| v == "refuted");
    let verdict = if certified { "certified" } else { "refuted" };
    if text(cert, "verdict") != Ok(verdict) {
        faults.push(Fault::Verdict {
            recorded: shown(&text(cert, "verdict")),
            derived: verdict,
        });
    }
    source_checks(cert, faults);
    diagnosis(cert, certified, faults);
    checked.push(format!(
        "claims: card {} has A = {}, |T| = {}, h = {}, bound {bound}: {}; every claim record regenerated and compared",
        facts.card,
        show_set(facts.required()),
        facts.size(),
        facts.height(),
        verdicts.join(", ")
    ));
    checked.push(IGNORED.to_string());
}

/// Each recorded claim equals the derived one; returns the verdicts.
fn claim_records(
    cert: &Value,
    facts: &Facts,
    board: Option<u64>,
    faults: &mut Vec<Fault>,
) -> Option<Vec<String>> {
    let records = match array(cert, "claims") {
        Ok(records) => records,
        Err(reason) => {
            faults.push(Fault::Unreadable {
                at: Place::Field("claims"),
                reason,
            });
            return None;
        }
    };
    // Under --conditional only the conditional claim is decided, whatever A.
    let ids: Vec<String> = records
        .iter()
        .map(|r| text(r, "id").unwrap_or("?").to_string())
        .collect();
    let empty = empty_board(facts);
    let conditional_only = ids.first().map(String::as_str) != Some("empty-board");
    let derived = if conditional_only || !facts.required().is_empty() {
        let claim = match conditional(facts) {
            Ok(claim) => claim,
            Err(fault) => {
                faults.push(fault);
                return None;
            }
        };
        if conditional_only {
            vec![claim]
        } else {
            vec![empty, claim]
        }
    } else {
        let board = finite_board(facts, board, &empty);
        vec![empty, board]
    };
    let derived_ids: Vec<String> = derived.iter().map(|c| c.id.to_string()).collect();
    if ids != derived_ids {
        faults.push(Fault::ClaimList {
            recorded: ids,
            derived: derived_ids,
        });
        return None;
    }
    for (record, claim) in records.iter().zip(&derived) {
        claim.compare(record, faults);
    }
    Some(derived.iter().map(|c| c.verdict.to_string()).collect())
}

/// A derived claim record.
struct Claim {
    id: &'static str,
    statement: String,
    verdict: &'static str,
    detail: String,
    parts: Vec<Value>,
    evidence: Vec<Value>,
}

/// The decision in words: `holds` when every part passes, else `fails: `
/// and the failed parts' names joined by `; `.
fn decision(parts: &[Value], holds: String) -> String {
    let failed = failed_names(parts);
    if failed.is_empty() {
        holds
    } else {
        format!("fails: {}", failed.join("; "))
    }
}

impl Claim {
    fn compare(&self, record: &Value, faults: &mut Vec<Fault>) {
        let mut differ = |field: &'static str, recorded: &Value, derived: Value| {
            if *recorded != derived {
                faults.push(Fault::ClaimField {
                    claim: self.id,
                    field,
                    recorded: recorded.to_string(),
                    derived: derived.to_string(),
                });
            }
        };
        let get = |key: &str| record.get(key).unwrap_or(&Value::Null);
        differ("statement", get("statement"), json!(self.statement));
        differ("verdict", get("verdict"), json!(self.verdict));
        differ("parts", get("parts"), json!(self.parts));
        differ("evidence", get("evidence"), json!(self.evidence));
        differ("detail", get("detail"), json!(self.detail));
    }
}

/// Parts 1..4 of `empty-board`.
fn parts(facts: &Facts) -> [Value; 4] {
    let tally = facts.tally;
    [
        check(
            "every Breaker reply class leaves a child whose envelope avoids it",
            tally.unanswered == 0,
            format!(
                "{} reply classes over {} nodes, {} unanswered",
                tally.classes, facts.nodes, tally.unanswered
            ),
        ),
        check(
            "every chosen child's required set is owned (A_i within A + p)",
            tally.unowned == 0,
            format!(
                "{} reply classes choose a child with unowned required cells",
                tally.unowned
            ),
        ),
        check(
            "the card's required set is empty",
            facts.required().is_empty(),
            format!(
                "card {} requires {}",
                facts.card,
                show_list(&facts.required().iter().copied().collect::<Vec<_>>())
            ),
        ),
        check(
            "the card's height is within the bound",
            facts.height() <= facts.bound,
            format!(
                "card {} has h = {}, bound {}",
                facts.card,
                facts.height(),
                facts.bound
            ),
        ),
    ]
}

fn passes(part: &Value) -> bool {
    part.get("pass") == Some(&Value::Bool(true))
}

fn failed_names(parts: &[Value]) -> Vec<String> {
    parts
        .iter()
        .filter(|p| !passes(p))
        .filter_map(|p| p.get("name").and_then(Value::as_str).map(str::to_string))
        .collect()
}

fn empty_board(facts: &Facts) -> Claim {
    let parts = parts(facts).to_vec();
    let holds = parts.iter().all(passes);
    Claim {
        id: "empty-board",
        statement: format!(
            "Maker builds {} within {} moves from the empty board: card {} has A = {{}} and h <= {}",
            facts.name, facts.bound, facts.card, facts.bound
        ),
        verdict: if holds { "holds" } else { "refuted" },
        detail: decision(
            &parts,
            format!(
                "card {}: A = {{}}, |T| = {}, h = {}; all {} reply classes hold",
                facts.card,
                facts.size(),
                facts.height(),
                facts.tally.classes
            ),
        ),
        parts,
        evidence: Vec::new(),
    }
}

/// What a card with A ≠ ∅ proves (Definition 2), with its frame and the
/// frame's cells outside T.
fn conditional(facts: &Facts) -> Result<Claim, Fault> {
    let [one, two, _, four] = parts(facts);
    let parts = vec![one, two, four];
    let holds = parts.iter().all(passes);
    let (x0, x1, y0, y1) = facts.frame();
    let (width, height) = ((x1 - x0 + 1) as u64, (y1 - y0 + 1) as u64);
    limits::over(
        "frame cells",
        width.saturating_mul(height),
        limits::MAX_FRAME,
    )?;
    let (excluded, shown) = excluded(&facts.node.condition.envelope, facts.frame());
    Ok(Claim {
        id: "conditional",
        statement: format!(
            "If Maker owns A = {} and Breaker owns nothing in T (|T| = {}), Maker builds {} within {} more moves: card {} has h <= {} (a conditional claim, not a win from the empty board)",
            show_set(facts.required()),
            facts.size(),
            facts.name,
            facts.bound,
            facts.card,
            facts.bound
        ),
        verdict: if holds { "holds" } else { "refuted" },
        detail: decision(
            &parts,
            format!(
                "card {}: A = {}, |T| = {}, h = {}; all {} reply classes hold; conditional, not a win from the empty board",
                facts.card,
                show_set(facts.required()),
                facts.size(),
                facts.height(),
                facts.tally.classes
            ),
        ),
        parts,
        evidence: vec![
            json!({"caption": format!("frame: the bounding box of T is [{x0}..{x1}] x [{y0}..{y1}] ({width} x {height})")}),
            json!({"caption": format!("excluded: {excluded} cells of the frame are not in T: {shown}")}),
        ],
    })
}

/// The frame's cells outside T, counted and written as a set, straight
/// into one string (the frame was checked against limits::MAX_FRAME).
fn excluded(envelope: &Cells, (x0, x1, y0, y1): (i64, i64, i64, i64)) -> (u64, String) {
    let mut count = 0;
    let mut shown = String::from("{");
    for cell in (x0..=x1).flat_map(|x| (y0..=y1).map(move |y| (x, y))) {
        if !envelope.contains(&cell) {
            if count > 0 {
                shown.push_str(", ");
            }
            shown.push_str(&show(cell));
            count += 1;
        }
    }
    shown.push('}');
    (count, shown)
}

/// Corollary 6 generalised: T translated into {0..N-1}^2, and a free cell
/// before every Maker move when N² > 2(h−1).
fn finite_board(facts: &Facts, board: Option<u64>, empty: &Claim) -> Claim {
    let (x0, x1, y0, y1) = facts.frame();
    let (width, height) = ((x1 - x0 + 1) as u64, (y1 - y0 + 1) as u64);
    let taken = 2 * (facts.height() - 1);
    let least = (1u64..).find(|n| n * n > taken).unwrap_or(1);
    let smallest = width.max(height).max(least);
    let size = board.unwrap_or(smallest);
    let translation = format!("({},{})", -x0, -y0);
    let square = size.saturating_mul(size);
    let parts = vec![
        check(
            &format!("the card's envelope fits in {size} x {size}"),
            width <= size && height <= size,
            format!("T spans {width} x {height}, translated by {translation}"),
        ),
        check(
            "a free cell exists before every Maker move",
            square > taken,
            format!("N^2 = {square} > 2(h-1) = {taken}"),
        ),
    ];
    let empty_holds = empty.verdict == "holds";
    let fit = parts.iter().all(passes);
    let statement = match board {
        Some(n) => format!(
            "On the {n} x {n} board, translated by {translation}, the strategy of card {} wins within {} moves: every cell it claims lies on the board and a free cell always exists",
            facts.card, facts.bound
        ),
        None => format!(
            "The smallest N such that the strategy of card {} wins within {} moves on the N x N board",
            facts.card, facts.bound
        ),
    };
    let verdict = match (board, empty_holds) {
        (Some(_), true) if fit => "holds",
        (None, true) => "answered",
        _ => "refuted",
    };
    let answer = format!(
        "N = {smallest} (T spans {width} x {height}, translated by {translation}; h = {})",
        facts.height()
    );
    let detail = if empty_holds {
        decision(&parts, answer)
    } else {
        format!("the empty-board claim does not hold; {answer}")
    };
    Claim {
        id: "finite-board",
        statement,
        verdict,
        detail,
        parts,
        evidence: Vec::new(),
    }
}

/// `final_card` repeats the claim card's node.
fn final_card(cert: &Value, node: &Node, label: &NodeLabel, faults: &mut Vec<Fault>) {
    let final_card = cert.get("final_card").unwrap_or(&Value::Null);
    let condition = &node.condition;
    let agrees = uint(final_card, "card") == Ok(node.card)
        && final_card.get("pivot").map(read_cell) == Some(Ok(node.pivot))
        && cells(final_card, "required").as_ref() == Ok(&condition.required)
        && uint(final_card, "envelope_size") == Ok(condition.envelope.len() as u64)
        && uint(final_card, "height") == Ok(condition.height);
    let keys = final_card.as_object().map_or(0, |o| o.len());
    if !agrees || keys != 5 {
        faults.push(Fault::FinalCard {
            node: label.clone(),
        });
    }
}

/// A recorded `{name, pass, detail}` check.
fn check(name: &str, pass: bool, detail: String) -> Value {
    json!({"name": name, "pass": pass, "detail": detail})
}

/// A cell list as the producer's checks print it: `[(0,0), (0,1)]`.
fn show_list(cells: &[Cell]) -> String {
    let cells: Vec<String> = cells.iter().map(|&c| show(c)).collect();
    format!("[{}]", cells.join(", "))
}

/// The certificate's `diagnosis` lists strings, and none exactly when the
/// claims hold.
fn diagnosis(cert: &Value, holds: bool, faults: &mut Vec<Fault>) {
    match array(cert, "diagnosis") {
        Ok(lines) if lines.is_empty() != holds => faults.push(Fault::Diagnosis {
            entries: lines.len(),
            holds,
        }),
        Ok(lines) if lines.iter().any(|line| !line.is_string()) => faults.push(Fault::Unreadable {
            at: Place::Field("diagnosis"),
            reason: "an entry is not a string".to_string(),
        }),
        Ok(_) => {}
        Err(reason) => faults.push(Fault::Unreadable {
            at: Place::Field("diagnosis"),
            reason,
        }),
    }
}

/// Every entry of `checks` is a source comparison `{name, pass, detail}`
/// whose name has a known prefix; none is judged (report only).
fn source_checks(cert: &Value, faults: &mut Vec<Fault>) {
    let recorded = match array(cert, "checks") {
        Ok(recorded) => recorded,
        Err(reason) => {
            return faults.push(Fault::Unreadable {
                at: Place::Field("checks"),
                reason,
            })
        }
    };
    for (index, check) in recorded.iter().enumerate() {
        let name = text(check, "name").unwrap_or_default();
        let well_formed = SOURCE_CHECKS.iter().any(|prefix| name.starts_with(prefix))
            && boolean(check, "pass").is_ok()
            && text(check, "detail").is_ok()
            && check.as_object().is_some_and(|o| o.len() == 3);
        if !well_formed {
            faults.push(Fault::UnknownCheck {
                index,
                name: name.to_string(),
            });
        }
    }
}
