//! Every number the paper prints about its table (docs/games/snaky.md, docs/claims.md),
//! as named checks against what gamecert computed. These decide whether the
//! table is the paper's; the verdict itself rests only on the claim.

use super::evaluate::{ChildSource, Evaluation};
use super::geometry::Cell;
use super::summary::{Counts, Table1Row};
use crate::cert::Check;

/// SHA-256 the paper publishes for its `verification/certificate.txt`.
pub const PAPER_SHA256: &str = "3fa12d36a6d4dbb185e3f2808c8dfde13d85ee309afbca030d6ad17ae9fe3d04";

const LINES: usize = 722;
const CARDS: usize = 728;
const REFERENCES: usize = 4_089;
const INLINE: usize = 898;
const NODES: usize = 1_620;
const REPLY_CLASSES: usize = 37_042;
const MAX_HEIGHT: u32 = 21;
const FINAL_CARD: u32 = 727;
const FINAL_PIVOT: Cell = Cell::new(8, 8);
const FINAL_ENVELOPE_SIZE: usize = 251;
const FINAL_HEIGHT: u32 = 21;
const FINAL_CHILDREN: usize = 32;

/// Table 1: card, A_j, |T_j|, h_j, placements, remaining.
const TABLE1: [(u32, Cell, usize, u32, usize, usize); 6] = [
    (648, Cell::new(4, 5), 87, 15, 4, 35),
    (708, Cell::new(8, 8), 225, 20, 4, 31),
    (712, Cell::new(5, 5), 96, 15, 8, 21),
    (713, Cell::new(5, 5), 98, 15, 4, 12),
    (725, Cell::new(7, 7), 167, 20, 8, 4),
    (726, Cell::new(7, 7), 169, 20, 4, 0),
];

fn cells(list: &[(i32, i32)]) -> Vec<Cell> {
    let mut cells: Vec<Cell> = list.iter().map(|&(x, y)| Cell::new(x, y)).collect();
    cells.sort();
    cells
}

/// Card 6: A = {(0,y): 0≤y≤4}, T = A ∪ {(1,3),(1,4),(1,5)}, h = 2.
fn card6() -> (Vec<Cell>, Vec<Cell>, u32) {
    let required: Vec<(i32, i32)> = (0..=4).map(|y| (0, y)).collect();
    let mut envelope = required.clone();
    envelope.extend([(1, 3), (1, 4), (1, 5)]);
    (cells(&required), cells(&envelope), 2)
}

/// Card 7: A = {(0,y): 1≤y≤4}, T = {(0,y): 1≤y≤5} ∪ {(1,y): y ∈ {0,1,2,4,5,6}}, h = 3.
fn card7() -> (Vec<Cell>, Vec<Cell>, u32) {
    let required: Vec<(i32, i32)> = (1..=4).map(|y| (0, y)).collect();
    let mut envelope: Vec<(i32, i32)> = (1..=5).map(|y| (0, y)).collect();
    envelope.extend([0, 1, 2, 4, 5, 6].map(|y| (1, y)));
    (cells(&required), cells(&envelope), 3)
}

pub fn published_checks(
    sha256: &str,
    counts: &Counts,
    evaluation: &Evaluation,
    table1: &[Table1Row],
) -> Vec<Check> {
    let window = &evaluation.window;
    let mut checks = vec![
        Check::expect_eq("paper: input sha256", sha256, PAPER_SHA256),
        Check::expect_eq("paper: lines", counts.lines, LINES),
        Check::expect_eq("paper: cards with the six bases", counts.cards, CARDS),
        Check::expect_eq("paper: child references", counts.references, REFERENCES),
        Check::expect_eq("paper: inline combinations", counts.inline, INLINE),
        Check::expect_eq("paper: combination nodes", counts.nodes, NODES),
        Check::expect_eq("paper: reply classes", counts.reply_classes, REPLY_CLASSES),
    ];
    let tallest = evaluation
        .nodes
        .iter()
        .map(|node| node.condition.height)
        .max()
        .unwrap_or(0);
    checks.push(Check::new(
        format!("paper: every height <= {MAX_HEIGHT}"),
        tallest <= MAX_HEIGHT,
        format!("largest height {tallest}"),
    ));
    for (card, expected) in [(6u32, card6()), (7, card7())] {
        let name = format!("paper: card {card} (A, T, h)");
        let check = match evaluation.cards.get(card as usize) {
            Some(condition) => Check::expect_eq(
                name,
                (
                    window.to_vec(&condition.required),
                    window.to_vec(&condition.envelope),
                    condition.height,
                ),
                expected,
            ),
            None => Check::new(name, false, format!("the table has no card {card}")),
        };
        checks.push(check);
    }
    let last = evaluation.final_node();
    checks.extend([
        Check::expect_eq("paper: final card", last.card, FINAL_CARD),
        Check::expect_eq("paper: final pivot", last.pivot, FINAL_PIVOT),
        Check::expect_eq(
            "paper: final required set",
            window.to_vec(&last.condition.required),
            vec![],
        ),
        Check::expect_eq(
            "paper: final envelope size",
            last.condition.envelope.len(),
            FINAL_ENVELOPE_SIZE,
        ),
        Check::expect_eq("paper: final height", last.condition.height, FINAL_HEIGHT),
        Check::expect_eq("paper: final children", last.children.len(), FINAL_CHILDREN),
    ]);
    for (index, &(card, required, size, height, placements, remaining)) in TABLE1.iter().enumerate()
    {
        let published = Table1Row {
            card: Some(card),
            required: vec![required],
            envelope_size: size,
            height,
            placements,
            remaining,
        };
        let name = format!("paper: Table 1 row {} (card {card})", index + 1);
        checks.push(match table1.get(index) {
            Some(row) => Check::expect_eq(name, row, &published),
            None => Check::new(name, false, "the final card has fewer groups of children"),
        });
    }
    checks.push(Check::expect_eq(
        "paper: Table 1 rows",
        table1.len(),
        TABLE1.len(),
    ));
    let placed_required: Vec<Vec<Cell>> = last
        .children
        .iter()
        .filter(|child| matches!(child.source, ChildSource::Card { .. }))
        .map(|child| window.to_vec(&child.condition.required))
        .collect();
    let singleton = vec![FINAL_PIVOT];
    let equal = placed_required.iter().filter(|r| **r == singleton).count();
    checks.push(Check::new(
        "paper: each placed requirement of the final card is {(8,8)}",
        equal == FINAL_CHILDREN && placed_required.len() == FINAL_CHILDREN,
        format!(
            "{equal} of {} placed card children require exactly {{(8,8)}}",
            placed_required.len()
        ),
    ));
    checks.push(Check::expect_eq(
        "paper: intersection of the final card's placed envelopes",
        window.to_vec(&last.common_envelope),
        singleton,
    ));
    checks
}
