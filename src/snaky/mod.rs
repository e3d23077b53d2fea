//! Snaky card tables: check the paper's 21-move table, or any table in the
//! same grammar for any polyomino.
//!
//! The pipeline: [`parse`] the table into an IR, [`evaluate`] every card by
//! Lemmas 3 and 4, [`check`] every Breaker reply class, decide the
//! [`claims`] about the last card, compare with the numbers a source
//! publishes ([`published`]), [`diagnose`] a failed claim, and emit a
//! [`certificate`]. [`audit`] re-checks an emitted
//! certificate independently of all of these; [`draw`] pictures a card.

pub mod alphabet;
pub mod board;
pub mod cellset;
pub mod certificate;
pub mod check;
pub mod claims;
pub mod diagnose;
pub mod diff;
pub mod draw;
pub mod evaluate;
pub mod geometry;
pub mod model;
pub mod parse;
pub mod place;
pub mod play;
pub mod published;
pub mod report;
pub mod scan;
pub mod search;
pub mod strategy;
pub mod summary;
pub mod svg_game;
pub mod table;
pub mod verify;

use crate::cert::{Check, ClaimRecord, InputRecord};
use check::{Claim, Replies};
use evaluate::{EvaluateError, Evaluation};
use model::Shape;
use parse::ParseError;
use summary::{Counts, Table1Row};
use table::Table;

/// The paper's bound: 21 Maker moves.
pub const DEFAULT_BOUND: u32 = 21;

/// Where the paper's table is kept, relative to the project root.
pub const TABLE_PATH: &str = "certificates/sources/snaky21-cards.txt";

/// The paper's table parsed, for unit tests anywhere in the crate.
#[cfg(test)]
pub(crate) fn paper_table() -> Table {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(TABLE_PATH);
    parse::parse_table(&std::fs::read(path).expect("the paper's table is committed"))
        .expect("the paper's table parses")
}

/// Where `gamecert verify` writes the certificate.
pub const CERTIFICATE_PATH: &str = "certificates/snaky21.json";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SnakyError {
    #[error(transparent)]
    Parse(#[from] ParseError),
    #[error(transparent)]
    Evaluate(#[from] EvaluateError),
    #[error("--card {card}: the table's card lines are {first}..{last}")]
    NoSuchCard { card: u32, first: u32, last: u32 },
    #[error("--board must be at least 1")]
    BadBoard,
}

/// What a check decides about a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckOptions {
    /// The claimed number of Maker moves; None: the claim card's height.
    pub bound: Option<u32>,
    /// The card the claims are about; None: the last card. The table is read
    /// up to that card's line (later lines cannot matter to it).
    pub card: Option<u32>,
    /// The N x N board of the finite-board claim; None: report the smallest.
    pub board: Option<u32>,
    /// Decide only the conditional claim (a card with A != {}).
    pub conditional: bool,
    pub shape: Shape,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            bound: None,
            card: None,
            board: None,
            conditional: false,
            shape: Shape::snaky(),
        }
    }
}

/// Everything a check of one table computed.
#[derive(Debug, Clone)]
pub struct SnakyRun {
    pub input: InputRecord,
    pub table: Table,
    pub evaluation: Evaluation,
    /// Reply classes per node, in node order.
    pub replies: Replies,
    pub counts: Counts,
    pub claim: Claim,
    /// The decided claims, as the certificate lists them.
    pub claims: Vec<ClaimRecord>,
    pub table1: Vec<Table1Row>,
    /// Comparisons with what a source publishes about this table.
    pub checks: Vec<Check>,
    /// Empty when every claim holds; otherwise why not.
    pub diagnosis: Vec<String>,
}

/// Check the Snaky table in `bytes` (read from `path`) against the claim
/// that Maker wins within `bound` moves.
pub fn check_table(path: &str, bytes: &[u8], bound: u32) -> Result<SnakyRun, SnakyError> {
    let options = CheckOptions {
        bound: Some(bound),
        ..CheckOptions::default()
    };
    check_table_with(path, bytes, &options)
}

/// Check the table in `bytes` (read from `path`) as `options` say.
pub fn check_table_with(
    path: &str,
    bytes: &[u8],
    options: &CheckOptions,
) -> Result<SnakyRun, SnakyError> {
    if options.board == Some(0) {
        return Err(SnakyError::BadBoard);
    }
    let input = InputRecord::new(path, bytes);
    let mut table = parse::parse_table_for(bytes, &options.shape)?;
    if let Some(card) = options.card {
        truncate_at(&mut table, card)?;
    }
    let children = table.child_counts();
    let (evaluation, replies) = check::evaluate_with_replies(&table, children)?;
    let counts = Counts::of(&table, children, &replies);
    let bound = options
        .bound
        .unwrap_or(evaluation.final_node().condition.height);
    let claim = Claim::decide(
        &evaluation,
        &replies,
        bound,
        options.board,
        options.conditional,
    );
    let claims = claims::claim_records(&claim, &evaluation);
    let table1 = summary::table1(&evaluation);
    let mut checks = published::source_checks(&input.sha256, bytes, &counts, &evaluation, &table1);
    let loose = table.loose_spacing();
    if !loose.is_empty() {
        let places: Vec<String> = loose
            .iter()
            .map(|(line, column)| format!("line {line}, column {column}"))
            .collect();
        checks.push(Check::new(
            "grammar: parentheses touch their contents",
            false,
            format!(
                "{} space(s) just inside parentheses, read as if absent: {}",
                loose.len(),
                places.join("; ")
            ),
        ));
    }
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
        claims,
        table1,
        checks,
        diagnosis,
    })
}

/// Keep the lines up to card `card`'s.
fn truncate_at(table: &mut Table, card: u32) -> Result<(), SnakyError> {
    let first = table.lines.first().map_or(0, |l| l.card);
    let last = table.lines.last().map_or(0, |l| l.card);
    match table.lines.iter().position(|l| l.card == card) {
        Some(index) => {
            table.lines.truncate(index + 1);
            Ok(())
        }
        None => Err(SnakyError::NoSuchCard { card, first, last }),
    }
}

fn diagnosis(claim: &Claim, evaluation: &Evaluation, replies: &Replies) -> Vec<String> {
    let mut lines = Vec::new();
    let traces = if claim.conditional_only {
        Vec::new()
    } else {
        diagnose::trace_required(evaluation)
    };
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
    let fit = &claim.fit;
    if claim.required_empty && !claim.conditional_only && !fit.holds() {
        lines.push(format!(
            "on the {n} x {n} board: T spans {} x {} (fits: {}), {} cells for at most {} taken before Maker's last move (free cell: {}); the smallest board is {}",
            fit.width,
            fit.height,
            fit.fits,
            u64::from(fit.size) * u64::from(fit.size),
            2 * u64::from(claim.height.saturating_sub(1)),
            fit.free_cell,
            fit.smallest,
            n = fit.size
        ));
    }
    for (id, node) in evaluation.nodes.iter().enumerate() {
        if replies.of_node(id).iter().all(|choice| choice.holds()) {
            continue;
        }
        for class in replies.classes(evaluation, id).filter(|c| !c.holds()) {
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
