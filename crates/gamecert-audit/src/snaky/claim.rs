//! Format 1: the claim, the verdict and every report field of the
//! certificate, each re-derived from the checked nodes or declared ignored.

use super::fault::{Fault, NodeLabel, Place};
use super::geometry::{show, show_set, Cell};
use super::lemma::ReplyTally;
use super::read::{array, boolean, cells, read_cell, shown, text, uint, Node};
use serde_json::{json, Value};

/// The fields of a format 1 certificate: every other key is a fault.
const FIELDS: [&str; 12] = [
    "kind",
    "format",
    "verdict",
    "claim",
    "input",
    "counts",
    "final_card",
    "table1",
    "checks",
    "diagnosis",
    "bases",
    "nodes",
];
const CLAIM_FIELDS: [&str; 4] = ["statement", "bound", "card", "holds"];

/// What the audit says it does not check (docs/formats/snaky-audit.md).
pub const IGNORED: &str = "ignored (report only, proves nothing): input (provenance), table1 and the \"paper:\" checks (comparisons with the published paper), the text of a refuted claim's diagnosis";

/// Rejects keys this auditor neither checks nor declares ignored, so no
/// statement can ride along unchecked.
pub fn known_fields(cert: &Value, faults: &mut Vec<Fault>) {
    unknown(cert, &FIELDS, "", faults);
    if let Some(claim) = cert.get("claim") {
        unknown(claim, &CLAIM_FIELDS, "claim.", faults);
    }
}

pub fn unknown(object: &Value, known: &[&str], prefix: &str, faults: &mut Vec<Fault>) {
    for key in crate::unknown_fields(object, known) {
        faults.push(Fault::UnknownField {
            field: format!("{prefix}{key}"),
        });
    }
}

/// The claim as the last node decides it.
pub struct Outcome {
    pub card: u64,
    pub bound: u64,
    pub required: Vec<Cell>,
    pub height: u64,
    pub envelope: Vec<Cell>,
    pub holds: bool,
}

impl Outcome {
    pub fn summary(&self) -> String {
        let verdict = if self.holds { "certified" } else { "refuted" };
        format!(
            "claim: card {} has A = {} and h = {} <= {}: {verdict}; claim and final_card agree with it",
            self.card,
            show_set(&self.required.iter().copied().collect()),
            self.height,
            self.bound
        )
    }
}

/// The last node is a card node with A = ∅ and h ≤ bound; verdict, claim
/// and final_card agree with it.
pub fn final_claim(
    cert: &Value,
    nodes: &[Option<Node>],
    faults: &mut Vec<Fault>,
) -> Option<Outcome> {
    let Some(Some(last)) = nodes.last() else {
        faults.push(Fault::NoLastNode);
        return None;
    };
    let label = NodeLabel {
        id: nodes.len() - 1,
        card: last.card,
        path: last.path.clone(),
    };
    let claim = cert.get("claim").unwrap_or(&Value::Null);
    let bound = match uint(claim, "bound") {
        Ok(bound) => bound,
        Err(reason) => {
            faults.push(Fault::Unreadable {
                at: Place::Claim,
                reason,
            });
            return None;
        }
    };
    let condition = &last.condition;
    let holds = last.path.is_empty() && condition.required.is_empty() && condition.height <= bound;
    if !last.path.is_empty() {
        faults.push(Fault::NotCardNode {
            node: label.clone(),
        });
    }
    if !condition.required.is_empty() {
        faults.push(Fault::StillRequires {
            node: label.clone(),
            cells: condition.required.clone(),
        });
    }
    if condition.height > bound {
        faults.push(Fault::OverBound {
            node: label.clone(),
            height: condition.height,
            bound,
        });
    }
    let verdict = if holds { "certified" } else { "refuted" };
    if text(cert, "verdict") != Ok(verdict) {
        faults.push(Fault::Verdict {
            recorded: shown(&text(cert, "verdict")),
            derived: verdict,
        });
    }
    let recorded_holds = claim.get("holds").and_then(Value::as_bool);
    if recorded_holds != Some(holds) {
        faults.push(Fault::ClaimHolds {
            recorded: recorded_holds,
            derived: holds,
        });
    }
    if uint(claim, "card") != Ok(last.card) {
        faults.push(Fault::ClaimCard {
            recorded: shown(&uint(claim, "card")),
            derived: last.card,
        });
    }
    final_card(cert, last, &label, faults);
    let statement = format!(
        "Maker builds Snaky within {bound} moves from the empty board: card {} has A = {{}} and h <= {bound}",
        last.card
    );
    statement_is(claim, "statement", "claim.statement", &statement, faults);
    Some(Outcome {
        card: last.card,
        bound,
        required: condition.required.iter().copied().collect(),
        height: condition.height,
        envelope: condition.envelope.iter().copied().collect(),
        holds,
    })
}

/// `final_card` repeats the claim card's node.
pub fn final_card(cert: &Value, node: &Node, label: &NodeLabel, faults: &mut Vec<Fault>) {
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

/// A recorded statement must be, byte for byte, the one generated here.
pub fn statement_is(
    record: &Value,
    key: &str,
    at: &'static str,
    derived: &str,
    faults: &mut Vec<Fault>,
) {
    let recorded = text(record, key);
    if recorded != Ok(derived) {
        faults.push(Fault::Statement {
            at,
            recorded: shown(&recorded),
            derived: derived.to_string(),
        });
    }
}

/// A cell list as the producer's checks print it: `[(0,0), (0,1)]`.
pub fn show_list(cells: &[Cell]) -> String {
    let cells: Vec<String> = cells.iter().map(|&c| show(c)).collect();
    format!("[{}]", cells.join(", "))
}

/// A recorded `{name, pass, detail}` check.
pub fn check(name: &str, pass: bool, detail: String) -> Value {
    json!({"name": name, "pass": pass, "detail": detail})
}

/// The checks the claim's obligations produce, in the producer's order.
fn derived_checks(outcome: &Outcome, nodes: usize, tally: ReplyTally) -> Vec<Value> {
    let inside = outcome
        .envelope
        .iter()
        .all(|&(x, y)| (0..=16).contains(&x) && (0..=16).contains(&y));
    vec![
        check(
            "claim: every Breaker reply class leaves a child whose envelope avoids it",
            tally.unanswered == 0,
            format!(
                "{} reply classes over {nodes} nodes, {} unanswered",
                tally.classes, tally.unanswered
            ),
        ),
        check(
            "claim: every chosen child's required set is owned (A_i within A + p)",
            tally.unowned == 0,
            format!(
                "{} reply classes choose a child with unowned required cells",
                tally.unowned
            ),
        ),
        check(
            "claim: the final card's required set is empty",
            outcome.required.is_empty(),
            format!(
                "card {} requires {}",
                outcome.card,
                show_list(&outcome.required)
            ),
        ),
        check(
            "claim: the final card's height is within the bound",
            outcome.height <= outcome.bound,
            format!(
                "card {} has h = {}, bound {}",
                outcome.card, outcome.height, outcome.bound
            ),
        ),
        check(
            "finite board: the final card's envelope lies in {0..16}^2",
            inside,
            format!("{} envelope cells", outcome.envelope.len()),
        ),
    ]
}

/// `checks` starts with the derived checks, byte for byte; the rest are
/// "paper:" comparisons (ignored, said so). `diagnosis` is empty exactly
/// when the claim holds.
pub fn derived_report(
    cert: &Value,
    outcome: &Outcome,
    nodes: &[Option<Node>],
    tally: ReplyTally,
    faults: &mut Vec<Fault>,
) {
    let derived = derived_checks(outcome, nodes.len(), tally);
    compare_checks(cert, &derived, "paper: ", faults);
    diagnosis(cert, outcome.holds, faults);
}

/// The certificate's `diagnosis` lists strings, and none exactly when the
/// table holds.
pub fn diagnosis(cert: &Value, holds: bool, faults: &mut Vec<Fault>) {
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

/// The recorded `checks` start with `derived`, equal field for field; every
/// later check is a comparison named with `comparison` and is not judged.
pub fn compare_checks(cert: &Value, derived: &[Value], comparison: &str, faults: &mut Vec<Fault>) {
    let recorded = match array(cert, "checks") {
        Ok(recorded) => recorded,
        Err(reason) => {
            faults.push(Fault::Unreadable {
                at: Place::Field("checks"),
                reason,
            });
            return;
        }
    };
    for (index, want) in derived.iter().enumerate() {
        let got = recorded.get(index).unwrap_or(&Value::Null);
        if got != want {
            faults.push(Fault::DerivedCheck {
                index,
                recorded: got.to_string(),
                derived: want.to_string(),
            });
        }
    }
    for (index, other) in recorded.iter().enumerate().skip(derived.len()) {
        let name = text(other, "name").unwrap_or_default();
        let well_formed = name.starts_with(comparison)
            && boolean(other, "pass").is_ok()
            && text(other, "detail").is_ok()
            && other.as_object().is_some_and(|o| o.len() == 3);
        if !well_formed {
            faults.push(Fault::UnknownCheck {
                index,
                name: name.to_string(),
            });
        }
    }
}
