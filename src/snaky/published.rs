//! What each published table's source states about it, as named checks
//! against what gamecert computed: the paper's printed numbers (its 21-move
//! table), the 20-move draft's stated claim, and the facts the Lean source
//! of the 35-move table states (certificates/sources/README.md, docs/claims.md). They run
//! only when the input's SHA-256 is that table's, and never decide a verdict.

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

/// SHA-256 of the 20-move draft table (KaiaSage/snaky-demo, certificate20.txt).
pub const SNAKY20_SHA256: &str = "5af88c83606a8c4e7196da007f0f3d272c3b7e80930ce8d723fe0f1e9ef967a5";

/// SHA-256 of the 35-move table as converted from the Lean source.
pub const SNAKY35_SHA256: &str = "fcbd57f8f09a1b2242ec77497801a76899a2d852c3d9991b35d938c6e0a1387f";

/// The checks of the source whose table has this hash, or one entry saying
/// the table is not a published one.
pub fn source_checks(
    sha256: &str,
    bytes: &[u8],
    counts: &Counts,
    evaluation: &Evaluation,
    table1: &[Table1Row],
) -> Vec<Check> {
    match sha256 {
        PAPER_SHA256 => published_checks(sha256, counts, evaluation, table1),
        SNAKY20_SHA256 => snaky20_checks(bytes, counts, evaluation),
        SNAKY35_SHA256 => lean35_checks(evaluation),
        _ => vec![Check::new(
            "source: not a published table",
            true,
            format!("sha256 {sha256} is none of the paper's, the 20-move draft's or the 35-move Lean table's; no source comparison"),
        )],
    }
}

/// The 20-move draft's stated facts: the paper's 722 lines byte for byte,
/// then 779 cards; the last card 1506 has A = {}, h = 20, |T| = 251 inside
/// a 17x17 box.
fn snaky20_checks(bytes: &[u8], counts: &Counts, evaluation: &Evaluation) -> Vec<Check> {
    let window = &evaluation.window;
    let last = evaluation.final_node();
    let prefix_end = bytes
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'\n')
        .nth(LINES - 1)
        .map_or(bytes.len(), |(i, _)| i + 1);
    let prefix_hash = crate::cert::hash::sha256_hex(&bytes[..prefix_end]);
    let envelope = window.to_vec(&last.condition.envelope);
    let frame = super::geometry::Bounds::of(envelope.iter().copied());
    let frame_size = frame.map_or((0, 0), |b| (b.width(), b.height()));
    vec![
        Check::expect_eq("snaky20: lines", counts.lines, 1_501),
        Check::expect_eq(
            "snaky20: the first 722 lines are the paper's (sha256)",
            prefix_hash.as_str(),
            PAPER_SHA256,
        ),
        Check::expect_eq("snaky20: final card", last.card, 1_506),
        Check::expect_eq(
            "snaky20: final required set",
            window.to_vec(&last.condition.required),
            vec![],
        ),
        Check::expect_eq("snaky20: final height", last.condition.height, 20),
        Check::expect_eq("snaky20: final envelope size", envelope.len(), 251),
        Check::new(
            "snaky20: final envelope inside a 17x17 box",
            frame_size.0 <= 17 && frame_size.1 <= 17,
            format!("bounding box {} x {}", frame_size.0, frame_size.1),
        ),
    ]
}

/// Every fact the Lean source of the 35-move table states: card 615, in its
/// own frame with the pivot at the origin, has A = {(1,0)}, |T| = 686,
/// h = 34 and (1,-1) not in T; every card has A ⊆ T, pivot ∈ T, pivot ∉ A
/// and h <= 34.
fn lean35_checks(evaluation: &Evaluation) -> Vec<Check> {
    let window = &evaluation.window;
    let last = evaluation.final_node();
    let to_origin = |c: Cell| Cell::new(c.x - last.pivot.x, c.y - last.pivot.y);
    let required: Vec<Cell> = window
        .cells(&last.condition.required)
        .map(to_origin)
        .collect();
    let excluded = Cell::new(1 + last.pivot.x, -1 + last.pivot.y);
    let cards: Vec<_> = evaluation
        .card_nodes
        .iter()
        .flatten()
        .map(|&i| &evaluation.nodes[i])
        .collect();
    let count = |ok: &dyn Fn(&super::evaluate::EvaluatedNode) -> bool| {
        cards.iter().filter(|n| !ok(n)).count()
    };
    let a_in_t = count(&|n| n.condition.required.is_subset_of(&n.condition.envelope));
    let pivot_in_t = count(&|n| window.has(&n.condition.envelope, n.pivot));
    let pivot_not_a = count(&|n| !window.has(&n.condition.required, n.pivot));
    let low = count(&|n| n.condition.height <= 34);
    let every = |name: &str, failing: usize| {
        Check::new(
            format!("lean: every card has {name}"),
            failing == 0,
            format!("{failing} of {} cards fail", cards.len()),
        )
    };
    vec![
        Check::expect_eq("lean: final card", last.card, 615),
        Check::expect_eq(
            "lean: card 615's required set, pivot at the origin",
            required,
            vec![Cell::new(1, 0)],
        ),
        Check::expect_eq(
            "lean: card 615's envelope size",
            last.condition.envelope.len(),
            686,
        ),
        Check::expect_eq("lean: card 615's height", last.condition.height, 34),
        Check::new(
            "lean: (1,-1) is not in card 615's envelope, pivot at the origin",
            !window.has(&last.condition.envelope, excluded),
            format!("{excluded} in the table's frame"),
        ),
        every("A within T", a_in_t),
        every("its pivot in T", pivot_in_t),
        every("its pivot not in A", pivot_not_a),
        every("h <= 34", low),
    ]
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
        let check = match evaluation.card(card) {
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
        .map(|child| window.to_vec(&evaluation.placed(child.source).required))
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
        window.to_vec(&evaluation.common_envelope(last)),
        singleton,
    ));
    checks
}
