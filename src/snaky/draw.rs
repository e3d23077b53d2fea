//! Card pictures as SVG, in the style of the paper's figures: the card's
//! envelope T shaded, its required set A marked, its pivot p, and the
//! completing cell of every base card placed as a direct child (the Snaky
//! cell Maker claims to finish that copy). Plain string building, fixed
//! number formatting: the same card always gives the same bytes.

use super::evaluate::{ChildSource, EvaluatedNode, Evaluation};
use super::geometry::Cell;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Side of one grid cell, in SVG user units.
const CELL: i32 = 28;
/// Room left of the grid for y labels, and above it for the title.
const LEFT: i32 = 36;
const TOP: i32 = 40;
const ENVELOPE_FILL: &str = "#cfe0f5";
const REQUIRED_FILL: &str = "#1f4e8c";
const PIVOT_STROKE: &str = "#d62728";
const COMPLETING_FILL: &str = "#2ca02c";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DrawError {
    #[error("card {card} is not a card line of the table (its lines are cards {first}..{last})")]
    NoSuchCard { card: u32, first: u32, last: u32 },
}

/// The SVG picture of table card `card`.
pub fn card_svg(evaluation: &Evaluation, card: u32) -> Result<String, DrawError> {
    let node = evaluation.node_of_card(card).ok_or(DrawError::NoSuchCard {
        card,
        first: evaluation.nodes.first().map_or(0, |n| n.card),
        last: evaluation.final_node().card,
    })?;
    let window = &evaluation.window;
    let envelope = window.to_vec(&node.condition.envelope);
    let required = window.to_vec(&node.condition.required);
    let completing = completing_cells(evaluation, node);
    let frame = Frame::around(&envelope);
    let title = format!(
        "Card {card}: pivot {}, |A| = {}, |T| = {}, h = {}",
        node.pivot,
        required.len(),
        envelope.len(),
        node.condition.height
    );
    // The completing-cell entry only when the card has base children.
    let legend_rows = if completing.is_empty() { 3 } else { 4 };
    let legend_top = frame.grid_bottom() + 32;
    // About 8 units per title character at font size 14.
    let width = (LEFT + frame.columns() * CELL + 16).max(LEFT + 8 * title.len() as i32);
    let height = legend_top + legend_rows * 22 + 8;

    let mut svg = String::new();
    let out = &mut svg;
    let _ = writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(out, "<title>{title}</title>");
    let _ = writeln!(
        out,
        r#"<rect width="{width}" height="{height}" fill="white"/>"#
    );
    let _ = writeln!(
        out,
        r#"<text x="{LEFT}" y="22" font-size="14">{title}</text>"#
    );
    frame.grid(out, |cell| window.has(&node.condition.envelope, cell));
    frame.labels(out);
    for &cell in &required {
        required_mark(out, frame.left(cell.x), frame.top(cell.y));
    }
    pivot_mark(out, frame.left(node.pivot.x), frame.top(node.pivot.y));
    for (cell, children) in &completing {
        let label: Vec<String> = children.iter().map(usize::to_string).collect();
        completing_mark(out, frame.left(cell.x), frame.top(cell.y), &label.join(","));
    }
    legend(out, legend_top, legend_rows as usize);
    let _ = writeln!(out, "</svg>");
    Ok(svg)
}

/// Completing cell of each placed base card child: where its missing s_j
/// lands, with the (1-based) numbers of the children it completes.
fn completing_cells(evaluation: &Evaluation, node: &EvaluatedNode) -> BTreeMap<Cell, Vec<usize>> {
    let mut completing: BTreeMap<Cell, Vec<usize>> = BTreeMap::new();
    for (index, child) in node.children.iter().enumerate() {
        if let ChildSource::Card { card, placement } = child.source {
            if let Some(&missing) = evaluation.shape.cells().get(card as usize) {
                let cell = placement.apply(missing);
                completing.entry(cell).or_default().push(index + 1);
            }
        }
    }
    completing
}

/// The envelope's box (it holds the pivot and every completing cell), with
/// one blank cell of margin, y growing upward as in the paper.
struct Frame {
    min_x: i32,
    max_x: i32,
    min_y: i32,
    max_y: i32,
}

impl Frame {
    fn around(envelope: &[Cell]) -> Self {
        let xs = envelope.iter().map(|c| c.x);
        let ys = envelope.iter().map(|c| c.y);
        Frame {
            min_x: xs.clone().min().unwrap_or(0) - 1,
            max_x: xs.max().unwrap_or(0) + 1,
            min_y: ys.clone().min().unwrap_or(0) - 1,
            max_y: ys.max().unwrap_or(0) + 1,
        }
    }

    fn columns(&self) -> i32 {
        self.max_x - self.min_x + 1
    }

    fn left(&self, x: i32) -> i32 {
        LEFT + (x - self.min_x) * CELL
    }

    fn top(&self, y: i32) -> i32 {
        TOP + (self.max_y - y) * CELL
    }

    fn grid_bottom(&self) -> i32 {
        TOP + (self.max_y - self.min_y + 1) * CELL
    }

    /// Every cell outlined, envelope cells shaded.
    fn grid(&self, out: &mut String, in_envelope: impl Fn(Cell) -> bool) {
        let _ = writeln!(out, r##"<g stroke="#999999" stroke-width="0.5">"##);
        for y in (self.min_y..=self.max_y).rev() {
            for x in self.min_x..=self.max_x {
                let fill = if in_envelope(Cell::new(x, y)) {
                    ENVELOPE_FILL
                } else {
                    "white"
                };
                let _ = writeln!(
                    out,
                    r#"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{fill}"/>"#,
                    self.left(x),
                    self.top(y)
                );
            }
        }
        let _ = writeln!(out, "</g>");
    }

    /// Coordinate labels: x under each column, y left of each row.
    fn labels(&self, out: &mut String) {
        for x in self.min_x..=self.max_x {
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}" text-anchor="middle">{x}</text>"#,
                self.left(x) + CELL / 2,
                self.grid_bottom() + 14
            );
        }
        for y in self.min_y..=self.max_y {
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}" text-anchor="end">{y}</text>"#,
                LEFT - 6,
                self.top(y) + CELL / 2 + 4
            );
        }
    }
}

/// The legend, one row per mark, the first `rows` of them.
fn legend(out: &mut String, legend_top: i32, rows: usize) {
    let entries: [(&str, Mark); 4] = [
        ("envelope T (shaded)", |out, x, y| {
            let _ = writeln!(
                out,
                r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{ENVELOPE_FILL}" stroke="#999999" stroke-width="0.5"/>"##
            );
        }),
        ("required cell of A", required_mark),
        ("pivot p: Maker's next move", pivot_mark),
        ("completing cell of base child n", |out, x, y| {
            completing_mark(out, x, y, "n")
        }),
    ];
    for (row, (text, mark)) in entries.iter().take(rows).enumerate() {
        let y = legend_top + row as i32 * 22 - CELL / 2;
        // Legend marks are drawn at 28 units and scaled to 20 to fit a row.
        let _ = writeln!(
            out,
            r#"<g transform="translate({LEFT},{y}) scale(0.7143)">"#
        );
        mark(out, 0, 0);
        let _ = writeln!(out, "</g>");
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}">{text}</text>"#,
            LEFT + 28,
            y + 14
        );
    }
}

/// Draws one mark into the cell whose top-left corner is (x, y).
type Mark = fn(&mut String, i32, i32);

/// A dark inset square: the cell is in A (Maker must already own it).
fn required_mark(out: &mut String, x: i32, y: i32) {
    let _ = writeln!(
        out,
        r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{REQUIRED_FILL}"/>"#,
        x + 6,
        y + 6,
        CELL - 12,
        CELL - 12
    );
}

/// A red ring with "p": the cell Maker claims at this card.
fn pivot_mark(out: &mut String, x: i32, y: i32) {
    let _ = writeln!(
        out,
        r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{PIVOT_STROKE}" stroke-width="2.5"/>"#,
        x + CELL / 2,
        y + CELL / 2,
        CELL / 2 - 3
    );
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" text-anchor="middle" font-weight="bold" fill="{PIVOT_STROKE}">p</text>"#,
        x + CELL / 2,
        y + CELL / 2 + 4
    );
}

/// A green diamond labelled with the child numbers (1-based, printed order)
/// whose placed Snaky copy this cell completes.
fn completing_mark(out: &mut String, x: i32, y: i32, label: &str) {
    let (cx, cy, r) = (x + CELL / 2, y + CELL / 2, CELL / 2 - 2);
    let _ = writeln!(
        out,
        r#"<polygon points="{cx},{} {},{cy} {cx},{} {},{cy}" fill="{COMPLETING_FILL}"/>"#,
        cy - r,
        cx + r,
        cy + r,
        cx - r
    );
    let _ = writeln!(
        out,
        r#"<text x="{cx}" y="{}" text-anchor="middle" fill="white" font-size="10">{label}</text>"#,
        cy + 4
    );
}
