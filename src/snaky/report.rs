//! The human-readable summary of a Snaky check, printed on stdout.

use super::SnakyRun;
use crate::cert::InputRecord;
use std::fmt::Write;

/// A report's first two lines: what ran on which file, and that file's size
/// and hash.
pub fn write_heading(out: &mut String, heading: &str, what: &str, input: &InputRecord) {
    let _ = writeln!(out, "{heading} {what} {}", input.path);
    let _ = writeln!(
        out,
        "  input    {} bytes, sha256 {}",
        input.bytes, input.sha256
    );
}

pub fn summary(run: &SnakyRun) -> String {
    let mut out = String::new();
    let counts = &run.counts;
    let last = run.evaluation.final_node();
    let window = &run.evaluation.window;
    let first_card = run.table.lines.first().map_or(0, |l| l.card);
    write_heading(
        &mut out,
        &run.evaluation.shape.heading(),
        "table",
        &run.input,
    );
    let _ = writeln!(
        out,
        "  table    {} lines (cards {first_card}..{}), {} cards with the bases, {} references, {} inline, {} nodes",
        counts.lines, last.card, counts.cards, counts.references, counts.inline, counts.nodes
    );
    // Counted once, when the claim was decided.
    let failed_replies = run.claim.unanswered + run.claim.unowned;
    let _ = writeln!(
        out,
        "  replies  {} reply classes checked, {failed_replies} failed",
        counts.reply_classes
    );
    let _ = writeln!(
        out,
        "  final    card {}: pivot {}, A = {:?}, |T| = {}, h = {}",
        last.card,
        last.pivot,
        window.to_vec(&last.condition.required),
        last.condition.envelope.len(),
        last.condition.height
    );
    let _ = writeln!(
        out,
        "  Table 1  card  A_j      |T_j|  h_j  placements  remaining"
    );
    for row in &run.table1 {
        let card = row.card.map_or("inline".to_string(), |c| c.to_string());
        let _ = writeln!(
            out,
            "           {card:<5} {:<8} {:>5}  {:>3}  {:>10}  {:>9}",
            format!("{:?}", row.required),
            row.envelope_size,
            row.height,
            row.placements,
            row.remaining
        );
    }
    let passed = run.checks.iter().filter(|c| c.pass).count();
    let _ = writeln!(
        out,
        "  source   {passed} of {} checks pass",
        run.checks.len()
    );
    for check in run.checks.iter().filter(|c| !c.pass) {
        let _ = writeln!(out, "    FAIL {}: {}", check.name, check.detail);
    }
    for line in &run.diagnosis {
        let _ = writeln!(out, "  why      {line}");
    }
    for claim in &run.claims {
        let _ = writeln!(
            out,
            "  claim    [{}] {}",
            claim.verdict.label(),
            claim.statement
        );
        let _ = writeln!(out, "           {}", claim.detail);
    }
    let verdict = if run.claim.holds() {
        "CERTIFIED"
    } else {
        "REFUTED"
    };
    let what = match run.claims.first() {
        Some(claim) if claim.id == "conditional" => format!(
            "card {} proves a conditional claim within {} moves (not a win from the empty board)",
            run.claim.card, run.claim.bound
        ),
        _ => format!(
            "Maker builds {} within {} moves from the empty board (card {} has A = {{}} and h <= {})",
            run.evaluation.shape.name(),
            run.claim.bound,
            run.claim.card,
            run.claim.bound
        ),
    };
    let _ = writeln!(out, "{verdict}: {what}");
    out
}
