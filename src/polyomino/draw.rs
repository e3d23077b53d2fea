//! SVG drawings of animals: a row-wrapped gallery, each animal in its own
//! frame with its name below. y grows upwards, as in the cell lists.

use super::{Cell, Polyomino};
use std::fmt::Write;

const UNIT: i32 = 16;
const FRAME: i32 = 8 * UNIT;
const CAPTION: i32 = 18;

/// One SVG showing every animal, `columns` to a row.
pub fn gallery_svg(animals: &[Polyomino], columns: usize) -> String {
    let columns = columns.max(1);
    let rows = animals.len().div_ceil(columns).max(1);
    let width = columns.min(animals.len().max(1)) as i32 * FRAME;
    let height = rows as i32 * (FRAME + CAPTION);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    );
    let _ = writeln!(
        out,
        r#"<rect width="{width}" height="{height}" fill="white"/>"#
    );
    for (i, animal) in animals.iter().enumerate() {
        let left = (i % columns) as i32 * FRAME;
        let top = (i / columns) as i32 * (FRAME + CAPTION);
        frame(&mut out, animal, left, top);
    }
    out.push_str("</svg>\n");
    out
}

fn frame(out: &mut String, animal: &Polyomino, left: i32, top: i32) {
    let (w, h) = animal.extent();
    let scale = (FRAME - UNIT) / w.max(h).max(1);
    let scale = scale.min(2 * UNIT);
    let x0 = left + (FRAME - w * scale) / 2;
    let y0 = top + (FRAME - h * scale) / 2;
    let _ = writeln!(
        out,
        r##"<g fill="#4a7bb7" stroke="#1d3557" stroke-width="1">"##
    );
    for &(x, y) in animal.cells() {
        let (px, py) = pixel((x, y), h, scale, x0, y0);
        let _ = writeln!(
            out,
            r#"<rect x="{px}" y="{py}" width="{scale}" height="{scale}"/>"#
        );
    }
    out.push_str("</g>\n");
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" font-family="sans-serif" font-size="11" text-anchor="middle">{}</text>"#,
        left + FRAME / 2,
        top + FRAME + CAPTION - 6,
        escape(&animal.display_name())
    );
}

fn pixel((x, y): Cell, height: i32, scale: i32, x0: i32, y0: i32) -> (i32, i32) {
    (x0 + x * scale, y0 + (height - 1 - y) * scale)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A board of `width` x `height` cells with a pairing drawn on it: each pair
/// inside the board is a line between its two cells' centres.
pub fn pairing_svg(width: i32, height: i32, pairs: &[(Cell, Cell)]) -> String {
    let (w, h) = (width * UNIT * 2, height * UNIT * 2);
    let s = UNIT * 2;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
    );
    let _ = writeln!(out, r##"<g fill="white" stroke="#999999">"##);
    for x in 0..width {
        for y in 0..height {
            let (px, py) = pixel((x, y), height, s, 0, 0);
            let _ = writeln!(out, r#"<rect x="{px}" y="{py}" width="{s}" height="{s}"/>"#);
        }
    }
    out.push_str("</g>\n");
    let _ = writeln!(
        out,
        r##"<g stroke="#c0392b" stroke-width="4" stroke-linecap="round">"##
    );
    for &(a, b) in pairs {
        let (ax, ay) = pixel(a, height, s, 0, 0);
        let (bx, by) = pixel(b, height, s, 0, 0);
        let half = s / 2;
        let _ = writeln!(
            out,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
            ax + half,
            ay + half,
            bx + half,
            by + half
        );
    }
    out.push_str("</g>\n</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gallery_draws_one_square_per_cell_and_a_caption_per_animal() {
        let animals = crate::polyomino::enumerate(4);
        let svg = gallery_svg(&animals, 3);
        assert_eq!(svg.matches("<rect x=").count(), 4 * animals.len());
        assert_eq!(svg.matches("<text").count(), animals.len());
        assert!(svg.contains("T tetromino"));
    }
}
