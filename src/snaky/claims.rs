//! The claims a card table makes, as the shared claim records
//! (`gamecert::cert::ClaimRecord`): from the empty board, conditional, and
//! on a finite board. Statements are generated from the decided facts in
//! the exact words of docs/formats/snaky.md, so an auditor can regenerate
//! and compare them.

use super::check::{Claim, ClaimKind};
use super::evaluate::Evaluation;
use super::geometry::{Bounds, Cell};
use crate::cert::{Check, ClaimRecord, Evidence, Verdict};

/// `{(x1,y1), (x2,y2)}`, sorted; `{}` when empty.
pub fn cell_set(cells: &[Cell]) -> String {
    let inner: Vec<String> = cells.iter().map(ToString::to_string).collect();
    format!("{{{}}}", inner.join(", "))
}

/// Every decided claim, in the certificate's order.
pub fn claim_records(claim: &Claim, evaluation: &Evaluation) -> Vec<ClaimRecord> {
    claim
        .decided()
        .into_iter()
        .map(|kind| match kind {
            ClaimKind::EmptyBoard => empty_board(claim, evaluation),
            ClaimKind::Conditional => conditional(claim, evaluation),
            ClaimKind::FiniteBoard => finite_board(claim),
        })
        .collect()
}

fn replies_parts(claim: &Claim) -> [Check; 2] {
    [
        Check::new(
            "every Breaker reply class leaves a child whose envelope avoids it",
            claim.unanswered == 0,
            format!(
                "{} reply classes over {} nodes, {} unanswered",
                claim.reply_classes, claim.nodes, claim.unanswered
            ),
        ),
        Check::new(
            "every chosen child's required set is owned (A_i within A + p)",
            claim.unowned == 0,
            format!(
                "{} reply classes choose a child with unowned required cells",
                claim.unowned
            ),
        ),
    ]
}

fn height_part(claim: &Claim) -> Check {
    Check::new(
        "the card's height is within the bound",
        claim.within_bound,
        format!(
            "card {} has h = {}, bound {}",
            claim.card, claim.height, claim.bound
        ),
    )
}

/// The decision in words: what holds, or which parts fail.
fn detail(parts: &[Check], holds: &str) -> String {
    let failed: Vec<&str> = parts
        .iter()
        .filter(|p| !p.pass)
        .map(|p| p.name.as_str())
        .collect();
    if failed.is_empty() {
        holds.to_string()
    } else {
        format!("fails: {}", failed.join("; "))
    }
}

fn empty_board(claim: &Claim, evaluation: &Evaluation) -> ClaimRecord {
    let last = evaluation.final_node();
    let required = evaluation.window.to_vec(&last.condition.required);
    let [answered, owned] = replies_parts(claim);
    let parts = vec![
        answered,
        owned,
        Check::new(
            "the card's required set is empty",
            claim.required_empty,
            format!("card {} requires {required:?}", claim.card),
        ),
        height_part(claim),
    ];
    let holds = format!(
        "card {}: A = {{}}, |T| = {}, h = {}; all {} reply classes hold",
        claim.card,
        last.condition.envelope.len(),
        claim.height,
        claim.reply_classes
    );
    ClaimRecord {
        id: "empty-board".to_string(),
        statement: format!(
            "Maker builds {} within {} moves from the empty board: card {} has A = {{}} and h <= {}",
            evaluation.shape.name(),
            claim.bound,
            claim.card,
            claim.bound
        ),
        verdict: Verdict::from_holds(claim.empty_board_holds()),
        detail: detail(&parts, &holds),
        parts,
        evidence: Vec::new(),
        line: None,
    }
}

fn conditional(claim: &Claim, evaluation: &Evaluation) -> ClaimRecord {
    let last = evaluation.final_node();
    let window = &evaluation.window;
    let required = window.to_vec(&last.condition.required);
    let envelope = window.to_vec(&last.condition.envelope);
    let frame = Bounds::of(envelope.iter().copied()).unwrap_or(Bounds::point(last.pivot));
    let excluded: Vec<Cell> = (frame.min.x..=frame.max.x)
        .flat_map(|x| (frame.min.y..=frame.max.y).map(move |y| Cell::new(x, y)))
        .filter(|c| envelope.binary_search(c).is_err())
        .collect();
    let [answered, owned] = replies_parts(claim);
    let parts = vec![answered, owned, height_part(claim)];
    let holds = format!(
        "card {}: A = {}, |T| = {}, h = {}; all {} reply classes hold; conditional, not a win from the empty board",
        claim.card,
        cell_set(&required),
        envelope.len(),
        claim.height,
        claim.reply_classes
    );
    ClaimRecord {
        id: "conditional".to_string(),
        statement: format!(
            "If Maker owns A = {} and Breaker owns nothing in T (|T| = {}), Maker builds {} within {} more moves: card {} has h <= {} (a conditional claim, not a win from the empty board)",
            cell_set(&required),
            envelope.len(),
            evaluation.shape.name(),
            claim.bound,
            claim.card,
            claim.bound
        ),
        verdict: Verdict::from_holds(claim.conditional_holds()),
        detail: detail(&parts, &holds),
        parts,
        evidence: vec![
            Evidence::text(format!(
                "frame: the bounding box of T is [{}..{}] x [{}..{}] ({} x {})",
                frame.min.x,
                frame.max.x,
                frame.min.y,
                frame.max.y,
                frame.width(),
                frame.height()
            )),
            Evidence::text(format!(
                "excluded: {} cells of the frame are not in T: {}",
                excluded.len(),
                cell_set(&excluded)
            )),
        ],
        line: None,
    }
}

fn finite_board(claim: &Claim) -> ClaimRecord {
    let fit = &claim.fit;
    let n = u64::from(fit.size);
    let occupied = 2 * u64::from(claim.height.saturating_sub(1));
    let parts = vec![
        Check::new(
            format!("the card's envelope fits in {n} x {n}"),
            fit.fits,
            format!(
                "T spans {} x {}, translated by {}",
                fit.width, fit.height, fit.translation
            ),
        ),
        Check::new(
            "a free cell exists before every Maker move",
            fit.free_cell,
            format!("N^2 = {} > 2(h-1) = {occupied}", n * n),
        ),
    ];
    let (statement, verdict) = match claim.board {
        Some(board) => (
            format!(
                "On the {board} x {board} board, translated by {}, the strategy of card {} wins within {} moves: every cell it claims lies on the board and a free cell always exists",
                fit.translation, claim.card, claim.bound
            ),
            Verdict::from_holds(claim.finite_board_holds()),
        ),
        None => (
            format!(
                "The smallest N such that the strategy of card {} wins within {} moves on the N x N board",
                claim.card, claim.bound
            ),
            if claim.empty_board_holds() {
                Verdict::Answered
            } else {
                Verdict::Refuted
            },
        ),
    };
    let answer = format!(
        "N = {} (T spans {} x {}, translated by {}; h = {})",
        fit.smallest, fit.width, fit.height, fit.translation, claim.height
    );
    let detail = if claim.empty_board_holds() {
        detail(&parts, &answer)
    } else {
        format!("the empty-board claim does not hold; {answer}")
    };
    ClaimRecord {
        id: "finite-board".to_string(),
        statement,
        verdict,
        detail,
        parts,
        evidence: Vec::new(),
        line: None,
    }
}
