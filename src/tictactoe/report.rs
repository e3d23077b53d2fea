//! The readable report of a run: numbers, boards as text grids, the claims
//! with their parts and evidence, the strategy tables' sizes and the audit.

use super::certificate::Certificate;
use super::claims::value_word;
use super::Run;
use crate::cert::Verdict;
use serde_json::{Map, Value};
use std::fmt::Write as _;

fn signed(value: i64) -> String {
    if value > 0 {
        format!("+{value}")
    } else {
        value.to_string()
    }
}

/// A grid of per-cell labels, `cols` to a row, each right-aligned to width 2.
fn label_grid(labels: &[String], cols: usize, indent: &str) -> String {
    let mut text = String::new();
    for row in labels.chunks(cols.max(1)) {
        let cells: Vec<String> = row.iter().map(|label| format!("{label:>2}")).collect();
        let _ = writeln!(text, "{indent}{}", cells.join(" "));
    }
    text
}

/// A board string (`X.O/.X./...`) as a grid.
fn board_grid(board: &str, indent: &str) -> String {
    let mut text = String::new();
    for row in board.split('/') {
        let cells: Vec<String> = row.chars().map(String::from).collect();
        let _ = writeln!(text, "{indent}{}", cells.join(" "));
    }
    text
}

/// Replies as a grid: X's opening cell shown as X, each reply as its value.
fn reply_grid(certificate: &Certificate, opening: usize, replies: &Map<String, Value>) -> String {
    let labels: Vec<String> = (1..=certificate.rows * certificate.cols)
        .map(|cell| {
            if cell == opening {
                "X".to_string()
            } else {
                replies
                    .get(&cell.to_string())
                    .and_then(Value::as_i64)
                    .map_or("?".to_string(), signed)
            }
        })
        .collect();
    label_grid(&labels, certificate.cols, "    ")
}

pub fn render(run: &Run) -> String {
    let c = &run.certificate;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Tic-tac-toe on {}x{}, {} in a row (cells 1..{} row by row from the top left; X moves first)",
        c.rows,
        c.cols,
        c.k,
        c.rows * c.cols
    );
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "value with best play: {} ({})",
        signed(c.value.into()),
        value_word(c.value)
    );
    let s = &c.sequences;
    let _ = writeln!(
        out,
        "move sequences: X wins {}, O wins {}, draws {}, total {}",
        s.x_wins, s.o_wins, s.draws, s.total
    );
    let _ = writeln!(out, "game-tree nodes (empty board included): {}", c.nodes);
    let _ = writeln!(
        out,
        "distinct reachable positions: {} ({} up to the {} symmetries)",
        c.positions, c.positions_up_to_symmetry, c.symmetries
    );
    let _ = writeln!(out);
    let _ = writeln!(out, "value of X's first move on each cell:");
    let labels: Vec<String> = c.first_moves.iter().map(|&v| signed(v.into())).collect();
    out.push_str(&label_grid(&labels, c.cols, "    "));
    let classes: Vec<String> = c
        .first_move_classes
        .iter()
        .map(|class| {
            let cells: Vec<String> = class.iter().map(usize::to_string).collect();
            format!("{{{}}}", cells.join(","))
        })
        .collect();
    let _ = writeln!(
        out,
        "classes of X's first move under symmetry ({}): {}",
        classes.len(),
        classes.join(" ")
    );
    let _ = writeln!(out, "values of O's replies to X in corner 1:");
    out.push_str(&reply_grid(c, 1, &c.replies_to_corner_1));
    if let Some(replies) = &c.replies_to_centre_5 {
        let _ = writeln!(out, "values of O's replies to X in the centre 5:");
        out.push_str(&reply_grid(c, 5, replies));
    }
    write_claims(&mut out, c);
    write_strategies(&mut out, run);
    let _ = writeln!(out);
    let _ = writeln!(out, "independent audit of the certificate:");
    for line in &run.audit.checked {
        let _ = writeln!(out, "  checked: {line}");
    }
    for failure in &run.audit.failures {
        let _ = writeln!(out, "  FAILED: {failure}");
    }
    let held = c
        .claims
        .iter()
        .filter(|claim| claim.verdict == Verdict::Holds)
        .count();
    let claims = if c.claims.is_empty() {
        String::new()
    } else {
        format!("; {held} of {} claims hold", c.claims.len())
    };
    let _ = writeln!(
        out,
        "verdict: {} (certificate {}{claims})",
        if run.holds() { "holds" } else { "refuted" },
        if run.audit.holds() {
            "audited"
        } else {
            "fails audit"
        },
    );
    out
}

/// The article's claims with their parts and evidence.
fn write_claims(out: &mut String, c: &Certificate) {
    if !c.claims.is_empty() {
        let _ = writeln!(out);
        let _ = writeln!(out, "claims of the article:");
    }
    for claim in &c.claims {
        let failing = claim.parts.iter().filter(|part| !part.pass).count();
        // A claim can hold while part of its stated justification fails.
        let parts_note = if failing > 0 {
            format!(", with {failing} of {} parts failing", claim.parts.len())
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "  claim {}: {}{parts_note}",
            claim.id,
            if claim.verdict == Verdict::Holds {
                "HOLDS"
            } else {
                "DOES NOT HOLD"
            }
        );
        let _ = writeln!(out, "    claimed: {}", claim.statement);
        let _ = writeln!(out, "    decided: {}", claim.detail);
        for part in &claim.parts {
            let _ = writeln!(
                out,
                "    [{}] {}: {}",
                if part.pass { "holds" } else { "fails" },
                part.name,
                part.detail
            );
        }
        for evidence in &claim.evidence {
            let _ = writeln!(out, "    {}", evidence.caption);
            if let Some(board) = &evidence.board {
                out.push_str(&board_grid(board, "      "));
            }
        }
    }
}

/// The size of each strategy table, with and without symmetry.
fn write_strategies(out: &mut String, run: &Run) {
    let c = &run.certificate;
    let _ = writeln!(out);
    let _ = writeln!(out, "strategy tables (canonical positions under symmetry):");
    let (x_real, o_real) = run.positions_without_symmetry;
    for (name, strategy, real) in [
        ("X", &c.strategies.x, x_real),
        ("O", &c.strategies.o, o_real),
    ] {
        match strategy {
            Some(table) => {
                let _ = writeln!(
                    out,
                    "  {name} {}: {} positions ({} without symmetry)",
                    table.goal,
                    table.size,
                    real.unwrap_or(0)
                );
            }
            None => {
                let _ = writeln!(out, "  {name}: none (the other player wins with best play)");
            }
        }
    }
}
