//! `gamecert snaky draw game`: a finished game as a plain SVG string.
//! Deterministic (no floats beyond fixed formatting, no clocks, no maps
//! iterated in hash order), readable without a browser, y pointing up as in
//! the paper's figures.

use super::geometry::{Bounds, Cell};
use super::play::{Game, GameEnd};
use super::search::BOARD_SIZE;
use std::collections::HashSet;
use std::fmt::Write;

/// Pixels per cell, and room for the coordinates and the title.
const CELL: i32 = 28;
const MARGIN: i32 = 36;
const TITLE: i32 = 40;

/// The SVG of `game` (played by `breaker`, on `board` if any). The board
/// outline is `board`, or the paper's Corollary 6 board (17x17) when none
/// is given.
pub fn game_svg(game: &Game, breaker: &str, board: Option<i32>) -> String {
    let size = board.unwrap_or(BOARD_SIZE).max(1);
    let board_box = Bounds {
        min: Cell::new(0, 0),
        max: Cell::new(size - 1, size - 1),
    };
    let all = game
        .maker_moves
        .iter()
        .chain(&game.breaker_moves)
        .chain(&game.envelope)
        .copied();
    let canvas = Canvas {
        area: Bounds::of(all).map_or(board_box, |b| b.union(board_box)),
    };
    let (width, height) = canvas.size();

    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    title(&mut out, game, breaker, board);
    // The current envelope, under everything else.
    canvas.cell_group(&mut out, r##"fill="#fff3b0""##, &game.envelope);
    canvas.grid_lines(&mut out);
    // The board (Corollary 6).
    let _ = writeln!(
        out,
        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#000000" stroke-width="2"/>"##,
        canvas.left(0),
        canvas.top(size - 1),
        size.saturating_mul(CELL),
        size.saturating_mul(CELL)
    );
    // The completed Snaky, outlined so the envelope under it stays visible.
    if let Some(copy) = &game.snaky {
        canvas.cell_group(
            &mut out,
            r##"fill="none" stroke="#2e9e2e" stroke-width="3""##,
            &copy.cells,
        );
    }
    canvas.coordinates(&mut out);
    canvas.moves(&mut out, game);
    let _ = writeln!(out, "</svg>");
    out
}

/// The outcome and the colour key above the board.
fn title(out: &mut String, game: &Game, breaker: &str, board: Option<i32>) {
    let outcome = match &game.end {
        GameEnd::Won => format!("Maker wins in {} moves", game.maker_moves.len()),
        GameEnd::StrategyFailed(reason) => format!("strategy failed: {reason}"),
    };
    let board_text = board.map_or("infinite grid".to_string(), |n| format!("{n}x{n} board"));
    let _ = writeln!(
        out,
        r#"<text x="{MARGIN}" y="{}" font-size="13">Snaky: {} ({breaker} Breaker, {board_text})</text>"#,
        TITLE - 6,
        escape(&outcome)
    );
    let _ = writeln!(
        out,
        r##"<text x="{MARGIN}" y="{}" font-size="11" fill="#555555">Maker blue, Breaker red, by move (dashed: replacement); yellow: envelope; green: Snaky</text>"##,
        TITLE + 12
    );
}

/// The drawn area: every move, the envelope and the board.
struct Canvas {
    area: Bounds,
}

impl Canvas {
    fn columns(&self) -> i32 {
        self.area.width() as i32
    }

    fn rows(&self) -> i32 {
        self.area.height() as i32
    }

    fn size(&self) -> (i32, i32) {
        (
            2 * MARGIN + self.columns() * CELL,
            TITLE + 2 * MARGIN + self.rows() * CELL,
        )
    }

    /// Left edge of a column.
    fn left(&self, x: i32) -> i32 {
        MARGIN + (x - self.area.min.x) * CELL
    }

    /// Top edge of a row; y grows upwards on the board.
    fn top(&self, y: i32) -> i32 {
        TITLE + MARGIN + (self.area.max.y - y) * CELL
    }

    /// One square per cell, styled together by the group's attributes.
    fn cell_group(&self, out: &mut String, attributes: &str, cells: &[Cell]) {
        let _ = writeln!(out, "<g {attributes}>");
        for cell in cells {
            let _ = writeln!(
                out,
                r#"<rect x="{}" y="{}" width="{CELL}" height="{CELL}"/>"#,
                self.left(cell.x),
                self.top(cell.y)
            );
        }
        let _ = writeln!(out, "</g>");
    }

    /// Grid lines, one path.
    fn grid_lines(&self, out: &mut String) {
        let (columns, rows) = (self.columns(), self.rows());
        let mut grid = String::new();
        for x in 0..=columns {
            let px = MARGIN + x * CELL;
            let _ = write!(
                grid,
                "M{px} {}V{}",
                TITLE + MARGIN,
                TITLE + MARGIN + rows * CELL
            );
        }
        for y in 0..=rows {
            let py = TITLE + MARGIN + y * CELL;
            let _ = write!(grid, "M{MARGIN} {py}H{}", MARGIN + columns * CELL);
        }
        let _ = writeln!(
            out,
            r##"<path d="{grid}" stroke="#c8c8c8" stroke-width="1" fill="none"/>"##
        );
    }

    /// Coordinates along the bottom and the left.
    fn coordinates(&self, out: &mut String) {
        let _ = writeln!(
            out,
            r##"<g font-size="10" fill="#555555" text-anchor="middle">"##
        );
        for x in self.area.min.x..=self.area.max.x {
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}">{x}</text>"#,
                self.left(x) + CELL / 2,
                TITLE + MARGIN + self.rows() * CELL + 14
            );
        }
        for y in self.area.min.y..=self.area.max.y {
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}">{y}</text>"#,
                MARGIN - 14,
                self.top(y) + CELL / 2 + 4
            );
        }
        let _ = writeln!(out, "</g>");
    }

    /// Moves, numbered: Maker blue discs, Breaker red squares.
    fn moves(&self, out: &mut String, game: &Game) {
        let replacements: HashSet<usize> = game.replacement_moves.iter().copied().collect();
        let _ = writeln!(
            out,
            r##"<g font-size="12" text-anchor="middle" fill="#ffffff">"##
        );
        for (number, cell) in game.maker_moves.iter().enumerate() {
            let (cx, cy) = (self.left(cell.x) + CELL / 2, self.top(cell.y) + CELL / 2);
            let stroke = if replacements.contains(&number) {
                r##" stroke="#000000" stroke-dasharray="3 2""##
            } else {
                ""
            };
            let _ = writeln!(
                out,
                r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="#1f5fbf"{stroke}/><text x="{cx}" y="{}">{}</text>"##,
                CELL / 2 - 2,
                cy + 4,
                number + 1
            );
        }
        for (number, cell) in game.breaker_moves.iter().enumerate() {
            let (x, y) = (self.left(cell.x) + 3, self.top(cell.y) + 3);
            let _ = writeln!(
                out,
                r##"<rect x="{x}" y="{y}" width="{}" height="{}" fill="#c62828"/><text x="{}" y="{}">{}</text>"##,
                CELL - 6,
                CELL - 6,
                x + CELL / 2 - 3,
                y + CELL / 2 + 1,
                number + 1
            );
        }
        let _ = writeln!(out, "</g>");
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
