//! Snaky in 21 Maker moves: check the paper's card table.
//!
//! The pipeline: [`parse`] the table into an IR, [`evaluate`] every card by
//! Lemmas 3 and 4, [`check`] every Breaker reply class and the claim, compare
//! with the numbers the paper prints ([`published`]), [`diagnose`] a failed
//! claim, and emit a [`certificate`]. [`audit`] re-checks an emitted
//! certificate independently of all of these; [`draw`] pictures a card.

pub mod cellset;
pub mod certificate;
pub mod check;
pub mod diagnose;
pub mod draw;
pub mod evaluate;
pub mod geometry;
pub mod model;
pub mod parse;
pub mod play;
pub mod published;
pub mod report;
pub mod search;
pub mod strategy;
pub mod summary;
pub mod svg_game;
pub mod table;
pub mod verify;

use crate::cert::{Check, InputRecord};
use check::{all_reply_classes, Claim, ReplyClass};
use evaluate::{EvaluateError, Evaluation};
use parse::ParseError;
use summary::{Counts, Table1Row};
use table::Table;

/// The paper's bound: 21 Maker moves.
pub const DEFAULT_BOUND: u32 = 21;

/// Where the paper's table is kept, relative to the project root.
pub const TABLE_PATH: &str = "certificates/sources/snaky21-cards.txt";

/// Where `gamecert verify` writes the certificate.
pub const CERTIFICATE_PATH: &str = "certificates/snaky21.json";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SnakyError {
    #[error(transparent)]
    Parse(#[from] ParseError),
    #[error(transparent)]
    Evaluate(#[from] EvaluateError),
}

/// Everything a check of one table computed.
#[derive(Debug, Clone)]
pub struct SnakyRun {
    pub input: InputRecord,
    pub table: Table,
    pub evaluation: Evaluation,
    /// Reply classes per node, in node order.
    pub replies: Vec<Vec<ReplyClass>>,
    pub counts: Counts,
    pub claim: Claim,
    pub table1: Vec<Table1Row>,
    /// The claim's obligations, then the paper's printed numbers.
    pub checks: Vec<Check>,
    /// Empty when the claim holds; otherwise why not.
    pub diagnosis: Vec<String>,
}

/// Check the table in `bytes` (read from `path`) against the claim that
/// Maker wins within `bound` moves.
pub fn check_table(path: &str, bytes: &[u8], bound: u32) -> Result<SnakyRun, SnakyError> {
    let input = InputRecord::new(path, bytes);
    let table = parse::parse_table(bytes)?;
    let evaluation = evaluate::evaluate(&table)?;
    let replies = all_reply_classes(&evaluation);
    let counts = Counts::of(&table, &replies);
    let claim = Claim::decide(&evaluation, &replies, bound);
    let table1 = summary::table1(&evaluation);
    let mut checks = claim_checks(&claim, &evaluation, &replies);
    checks.extend(published::published_checks(
        &input.sha256,
        &counts,
        &evaluation,
        &table1,
    ));
    let diagnosis = if claim.holds() {
        Vec::new()
    } else {
        diagnosis(&claim, &evaluation, &replies)
    };
    Ok(SnakyRun {
        input,
        table,
        evaluation,
        replies,
        counts,
        claim,
        table1,
        checks,
        diagnosis,
    })
}

fn claim_checks(claim: &Claim, evaluation: &Evaluation, replies: &[Vec<ReplyClass>]) -> Vec<Check> {
    let classes: usize = replies.iter().map(Vec::len).sum();
    let unanswered = replies
        .iter()
        .flatten()
        .filter(|c| c.chosen.is_none())
        .count();
    let unowned = replies
        .iter()
        .flatten()
        .filter(|c| c.chosen.is_some() && !c.owned)
        .count();
    let last = evaluation.final_node();
    let required = evaluation.window.to_vec(&last.condition.required);
    vec![
        Check::new(
            "claim: every Breaker reply class leaves a child whose envelope avoids it",
            unanswered == 0,
            format!(
                "{classes} reply classes over {} nodes, {unanswered} unanswered",
                replies.len()
            ),
        ),
        Check::new(
            "claim: every chosen child's required set is owned (A_i within A + p)",
            unowned == 0,
            format!("{unowned} reply classes choose a child with unowned required cells"),
        ),
        Check::new(
            "claim: the final card's required set is empty",
            claim.required_empty,
            format!("card {} requires {required:?}", claim.card),
        ),
        Check::new(
            "claim: the final card's height is within the bound",
            claim.within_bound,
            format!(
                "card {} has h = {}, bound {}",
                claim.card, claim.height, claim.bound
            ),
        ),
        Check::new(
            "finite board: the final card's envelope lies in {0..16}^2",
            claim.inside_board,
            format!("{} envelope cells", last.condition.envelope.len()),
        ),
    ]
}

fn diagnosis(claim: &Claim, evaluation: &Evaluation, replies: &[Vec<ReplyClass>]) -> Vec<String> {
    let mut lines = Vec::new();
    let traces = diagnose::trace_required(evaluation);
    if !traces.is_empty() {
        lines.push(format!(
            "card {} still requires {} cell(s); each enters through a child and arises where it lies in every child's envelope:",
            claim.card,
            traces.len()
        ));
    }
    // One line per cell, then the full chain once per distinct place of origin:
    // forgeries tend to make many cells arise at one node.
    let mut shown_origins = Vec::new();
    for trace in &traces {
        let origin = trace.chain.last().map_or(String::new(), |o| o.to_string());
        if trace.chain.len() > 1 {
            lines.push(format!(
                "  {}: {}; arises at {origin}",
                trace.cell, trace.chain[0]
            ));
        } else {
            lines.push(format!("  {}: arises at {origin}", trace.cell));
        }
        // Chains of one or two steps are already spelled out on that line.
        if trace.chain.len() > 2 && !shown_origins.contains(&origin) {
            shown_origins.push(origin);
        }
    }
    for origin in &shown_origins {
        let trace = traces
            .iter()
            .find(|t| t.chain.last().map(|o| o.to_string()).as_ref() == Some(origin))
            .expect("origin taken from a trace");
        lines.push(format!("chain for {}:", trace.cell));
        lines.extend(trace.chain.iter().map(|step| format!("  {step}")));
    }
    if !claim.within_bound {
        lines.push(format!(
            "card {} has height {} > bound {}; the tallest chain:",
            claim.card, claim.height, claim.bound
        ));
        lines.extend(
            diagnose::trace_height(evaluation)
                .into_iter()
                .map(|step| format!("  {step}")),
        );
    }
    for (node, classes) in evaluation.nodes.iter().zip(replies) {
        for class in classes.iter().filter(|c| !c.holds()) {
            lines.push(format!(
                "node {} (line {}, column {}): reply {:?} is not answered by an owned child",
                node.label(),
                node.line,
                node.column,
                class.reply
            ));
        }
    }
    lines
}
