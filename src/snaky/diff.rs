//! `gamecert snaky diff OLD NEW`: compare two tables that share a prefix
//! (the 20-move draft extends the paper's table): the first differing
//! line, the new cards, and how the final card's A, T, h and the
//! worst-case line change.

use super::geometry::Cell;
use super::model::Shape;
use super::search::{search, LineStep};
use super::strategy::{load_for, LoadError};
use std::fmt::Write;

/// One table's final card and worst-case line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    pub lines: usize,
    pub final_card: u32,
    pub pivot: Cell,
    pub required: Vec<Cell>,
    pub envelope: Vec<Cell>,
    pub height: u32,
    /// The worst case of the rule-free search (None: a line fails).
    pub worst_case: Option<u32>,
    pub worst_line: Vec<LineStep>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiffReport {
    /// 1-based number of the first line that differs (None: same lines).
    pub first_difference: Option<usize>,
    /// Cards of NEW from the first differing line on, or beyond OLD's end.
    pub new_cards: Vec<u32>,
    /// OLD's lines are a prefix of NEW's.
    pub extends: bool,
    pub old: Side,
    pub new: Side,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiffError {
    #[error("OLD: {0}")]
    Old(LoadError),
    #[error("NEW: {0}")]
    New(LoadError),
}

fn text_lines(bytes: &[u8]) -> Vec<&[u8]> {
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    body.split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .collect()
}

fn side(bytes: &[u8], shape: &Shape) -> Result<Side, LoadError> {
    let (evaluation, strategy) = load_for(bytes, shape)?;
    let last = evaluation.final_node();
    let window = &evaluation.window;
    let searched = search(&strategy, last.condition.height);
    Ok(Side {
        lines: evaluation.card_nodes.iter().flatten().count(),
        final_card: last.card,
        pivot: last.pivot,
        required: window.to_vec(&last.condition.required),
        envelope: window.to_vec(&last.condition.envelope),
        height: last.condition.height,
        worst_case: searched.worst_case_maker_moves,
        worst_line: searched.worst_line,
    })
}

pub fn diff_tables(old: &[u8], new: &[u8], shape: &Shape) -> Result<DiffReport, DiffError> {
    let old_side = side(old, shape).map_err(DiffError::Old)?;
    let new_side = side(new, shape).map_err(DiffError::New)?;
    let (old_lines, new_lines) = (text_lines(old), text_lines(new));
    let common = old_lines
        .iter()
        .zip(&new_lines)
        .take_while(|(a, b)| a == b)
        .count();
    let first_difference = (common < old_lines.len().max(new_lines.len())).then_some(common + 1);
    let first_card = shape.len() as u32;
    let new_cards = (common..new_lines.len())
        .map(|index| first_card + index as u32)
        .collect();
    Ok(DiffReport {
        first_difference,
        new_cards,
        extends: common == old_lines.len(),
        old: old_side,
        new: new_side,
    })
}

/// Cards as ranges: `728..1506` or `8, 10..12`.
fn ranges(cards: &[u32]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut start = 0;
    while start < cards.len() {
        let mut end = start;
        while end + 1 < cards.len() && cards[end + 1] == cards[end] + 1 {
            end += 1;
        }
        parts.push(if end == start {
            cards[start].to_string()
        } else {
            format!("{}..{}", cards[start], cards[end])
        });
        start = end + 1;
    }
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

/// `cells` translated so that the smallest x and y are 0, sorted.
fn normalised(cells: &[Cell]) -> Vec<Cell> {
    let x0 = cells.iter().map(|c| c.x).min().unwrap_or(0);
    let y0 = cells.iter().map(|c| c.y).min().unwrap_or(0);
    let mut moved: Vec<Cell> = cells
        .iter()
        .map(|c| Cell::new(c.x - x0, c.y - y0))
        .collect();
    moved.sort_unstable();
    moved
}

fn line_text(steps: &[LineStep]) -> Vec<String> {
    steps
        .iter()
        .map(|s| {
            format!(
                "{} / {} at {}",
                s.maker.map_or("-".to_string(), |c| c.to_string()),
                s.breaker.map_or("-".to_string(), |c| c.to_string()),
                s.node
            )
        })
        .collect()
}

pub fn diff_summary(report: &DiffReport, old_path: &str, new_path: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "card-table diff {old_path} -> {new_path}");
    let _ = writeln!(
        out,
        "  lines    {} -> {}; first difference: {}{}",
        report.old.lines,
        report.new.lines,
        report
            .first_difference
            .map_or("none (same lines)".to_string(), |l| format!("line {l}")),
        if report.extends && report.first_difference.is_some() {
            " (NEW extends OLD)"
        } else {
            ""
        }
    );
    let _ = writeln!(
        out,
        "  new      {} card(s): {}",
        report.new_cards.len(),
        ranges(&report.new_cards)
    );
    for (name, side) in [("old", &report.old), ("new", &report.new)] {
        let _ = writeln!(
            out,
            "  {name}      card {}: pivot {}, A = {:?}, |T| = {}, h = {}, worst case {}",
            side.final_card,
            side.pivot,
            side.required,
            side.envelope.len(),
            side.height,
            side.worst_case
                .map_or("none".to_string(), |w| w.to_string())
        );
    }
    let (old_t, new_t) = (
        normalised(&report.old.envelope),
        normalised(&report.new.envelope),
    );
    let added = new_t
        .iter()
        .filter(|c| old_t.binary_search(c).is_err())
        .count();
    let removed = old_t
        .iter()
        .filter(|c| new_t.binary_search(c).is_err())
        .count();
    let _ = writeln!(
        out,
        "  T        {added} cell(s) added, {removed} removed (both translated to start at (0,0))"
    );
    let (old_line, new_line) = (
        line_text(&report.old.worst_line),
        line_text(&report.new.worst_line),
    );
    let same = old_line
        .iter()
        .zip(&new_line)
        .take_while(|(a, b)| a == b)
        .count();
    let _ = writeln!(
        out,
        "  worst    {} -> {} Maker moves; the lines agree for {same} move(s)",
        old_line.len(),
        new_line.len()
    );
    for (number, step) in new_line.iter().enumerate().skip(same).take(3) {
        let old = old_line.get(number).map_or("-", String::as_str);
        let _ = writeln!(out, "    move {}: {old}  ->  {step}", number + 1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_compact() {
        assert_eq!(ranges(&[728, 729, 730, 800]), "728..730, 800");
        assert_eq!(ranges(&[]), "none");
    }
}
