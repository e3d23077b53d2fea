//! The article's claims 1-9 as the atlas records them. The kernel requires
//! exactly these ids in order, each statement the article's text byte for
//! byte, and each verdict the one it derives from its own enumeration and
//! the atlas's statuses (each status is backed by what it cites, or the
//! audit already fails):
//! - "holds" only when everything the claim rests on is certified;
//! - "refuted" only when a computed count or a certified status
//!   contradicts it;
//! - "answered" otherwise (something it rests on is open or uncited).
//!
//! `detail`, `parts` and `evidence` are report only: no verdict reads them.

use super::shape::{self, Cell};
use super::{unknown_fields, AnimalsFault};
use crate::Files;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The claims' ids and statements, as the article makes them.
pub const CLAIMS: [(&str, &str); 9] = [
    ("1", "Free polyominoes with 1..6 cells number 1, 1, 2, 5, 12, 35 (and 108 with 7)"),
    ("2", "Eleven animals are winners (1, 1, 2, 4, 3 of 1..5 cells): exactly those contained in the 5-cell L, Y or N; the only 4-cell animal outside them is the 2x2 square"),
    ("3", "The 2x2 square is a loser by the brick-wall pairing; on the 10x6 board every 2x2 square contains a whole pair"),
    ("4", "Of the 35 hexominoes, exactly 8 contain the 2x2 square (so they lose)"),
    ("5", "Every animal other than the eleven winners and Snaky has a pairing strategy; this includes every animal of 7 or more cells"),
    ("6", "Snaky has no pairing strategy"),
    ("7", "Snaky contains the straight 4-cell animal and the 5-cell L, both winners, so containment says nothing about Snaky"),
    ("8", "The domino is a winner in 2 Maker moves"),
    ("9", "Against a Breaker uniform over the current card's envelope, the paper's strategy won 60 of 60 games, each in 6 to 8 Maker moves"),
];

/// The article's numbers, compared with the kernel's enumeration.
const PUBLISHED_COUNTS: [usize; 7] = [1, 1, 2, 5, 12, 35, 108];
const PUBLISHED_WINNERS_BY_SIZE: [usize; 5] = [1, 1, 2, 4, 3];
const PUBLISHED_HEXOMINOES: usize = 35;
const PUBLISHED_HEXOMINOES_WITH_SQUARE: usize = 8;

/// The article's three 5-cell winners: L, Y and N.
const ARTICLE_WINNERS: [[Cell; 5]; 3] = [
    [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)],
    [(0, 0), (1, 0), (2, 0), (3, 0), (2, 1)],
    [(0, 0), (1, 0), (2, 0), (2, 1), (3, 1)],
];
const SQUARE: [Cell; 4] = [(0, 0), (0, 1), (1, 0), (1, 1)];
const STRAIGHT_FOUR: [Cell; 4] = [(0, 0), (0, 1), (0, 2), (0, 3)];
const L_FIVE: [Cell; 5] = [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)];
/// The article's 10x6 board of claim 3.
const BOARD: (i64, i64) = (10, 6);

/// Each atlas animal's (status, how, certificate), by canonical cells.
pub(crate) type Statuses = BTreeMap<Vec<Cell>, (String, String, Option<String>)>;

/// What the claims are decided from.
pub(crate) struct Facts<'a> {
    /// The kernel's enumeration, 1..8 cells.
    pub levels: &'a [Vec<Vec<Cell>>],
    /// Status of each animal of 1..7 cells (canonical cells -> status, how,
    /// certificate), or None when the atlas's list is not the enumeration.
    pub statuses: Option<Statuses>,
    /// Whether the atlas cites Snaky's no-pairing proof (audited on its own).
    pub snaky_no_pairing: bool,
    pub files: &'a dyn Files,
}

impl Facts<'_> {
    fn status(&self, cells: &[Cell]) -> Option<&str> {
        let statuses = self.statuses.as_ref()?;
        statuses
            .get(&shape::canonical(cells))
            .map(|(status, _, _)| status.as_str())
    }

    fn is(&self, cells: &[Cell], status: &str) -> bool {
        self.status(cells) == Some(status)
    }
}

type Derived = (&'static str, String);

fn holds(why: impl Into<String>) -> Derived {
    ("holds", why.into())
}

fn refuted(why: impl Into<String>) -> Derived {
    ("refuted", why.into())
}

fn answered(why: impl Into<String>) -> Derived {
    ("answered", why.into())
}

fn article_winner(cells: &[Cell]) -> bool {
    ARTICLE_WINNERS.iter().any(|w| shape::contains(w, cells))
}

/// The animals of `cells` cells in the enumeration.
fn level<'a>(facts: &Facts<'a>, cells: usize) -> &'a [Vec<Cell>] {
    facts
        .levels
        .get(cells - 1)
        .map(Vec::as_slice)
        .unwrap_or_default()
}

/// Faults a claim list that is not the article's, statement by statement,
/// and every verdict the facts do not support.
pub(crate) fn check_claims(
    value: &Value,
    facts: &Facts,
    checked: &mut Vec<String>,
) -> Vec<AnimalsFault> {
    let claims = value
        .get("claims")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let expected: Vec<&'static str> = CLAIMS.iter().map(|(id, _)| *id).collect();
    let found = crate::claim_ids(claims);
    if found != expected {
        return vec![AnimalsFault::ClaimIds { found, expected }];
    }
    let mut faults = Vec::new();
    for (claim, (id, statement)) in claims.iter().zip(CLAIMS) {
        faults.extend(unknown_fields(
            claim,
            &format!("claim {id}"),
            crate::CLAIM_RECORD_FIELDS,
        ));
        let said = claim.get("statement").and_then(Value::as_str);
        if said != Some(statement) {
            faults.push(AnimalsFault::ClaimStatement {
                id: id.to_string(),
                found: said.map(str::to_string),
                expected: statement,
            });
        }
        // With no list of entries to read, the entries' fault stands alone.
        if facts.statuses.is_none() {
            continue;
        }
        let (derived, why) = derive(id, facts);
        let verdict = claim.get("verdict").and_then(Value::as_str);
        if verdict == Some(derived) {
            checked.push(format!(
                "claim {id}: verdict {derived} follows from the atlas"
            ));
        } else {
            faults.push(AnimalsFault::ClaimVerdict {
                id: id.to_string(),
                found: verdict.map(str::to_string),
                expected: derived,
                why,
            });
        }
    }
    faults
}

fn derive(id: &str, facts: &Facts) -> Derived {
    match id {
        "1" => counts(facts),
        "2" => eleven_winners(facts),
        "3" => brick_wall(facts),
        "4" => hexominoes_with_square(facts),
        "5" => pairing_for_the_rest(facts),
        "6" if facts.snaky_no_pairing => holds("the atlas cites Snaky's checked refutation"),
        "6" => answered("snaky_no_pairing is null: no refutation is cited"),
        "7" => snaky_containment(facts),
        "8" => domino(),
        _ => answered("the random games are not certified; the kernel reports them only"),
    }
}

fn counts(facts: &Facts) -> Derived {
    let computed: Vec<usize> = (1..=7).map(|k| level(facts, k).len()).collect();
    if computed == PUBLISHED_COUNTS {
        holds("re-enumerated")
    } else {
        refuted(format!("the kernel enumerates {computed:?}"))
    }
}

/// The first animal of `animals` whose status is not `status`, named.
fn first_not<'a>(
    facts: &Facts,
    animals: impl IntoIterator<Item = &'a Vec<Cell>>,
    status: &str,
) -> Option<String> {
    animals
        .into_iter()
        .find(|a| !facts.is(a, status))
        .map(|a| format!("{} is not a {status}", shape::cell_list(a)))
}

fn eleven_winners(facts: &Facts) -> Derived {
    let small: Vec<&Vec<Cell>> = (1..=5).flat_map(|k| level(facts, k)).collect();
    let (winners, others): (Vec<&Vec<Cell>>, Vec<&Vec<Cell>>) =
        small.iter().partition(|a| article_winner(a));
    let by_size: Vec<usize> = (1..=5)
        .map(|n| winners.iter().filter(|a| a.len() == n).count())
        .collect();
    let outside: Vec<&Vec<Cell>> = others.iter().copied().filter(|a| a.len() == 4).collect();
    if by_size != PUBLISHED_WINNERS_BY_SIZE || outside != [&SQUARE.to_vec()] {
        return refuted(format!(
            "animals in L, Y or N by size: {by_size:?}; 4-cell animals outside: {}",
            outside.len()
        ));
    }
    if let Some(a) = others.iter().find(|a| facts.is(a, "winner")) {
        return refuted(format!(
            "{} is a winner outside L, Y and N",
            shape::cell_list(a)
        ));
    }
    match first_not(facts, winners, "winner").or_else(|| first_not(facts, others, "loser")) {
        Some(why) => answered(why),
        None => holds("the eleven are winners, every other animal of 1..5 cells a loser"),
    }
}

/// The cited pairing of the 2x2 square, if it is the brick wall.
fn cites_brick_wall(facts: &Facts) -> bool {
    let statuses = facts.statuses.as_ref();
    let Some((status, how, Some(path))) = statuses.and_then(|s| s.get(&SQUARE.to_vec())) else {
        return false;
    };
    if (status.as_str(), how.as_str()) != ("loser", "pairing") || !super::safe_path(path) {
        return false;
    }
    crate::read_cited(facts.files, path).is_ok_and(|value| {
        value.get("lattice") == Some(&json!([[2, 0], [0, 2]]))
            && value.get("pairs") == Some(&json!([[[0, 0], [1, 0]], [[1, 1], [2, 1]]]))
    })
}

/// Whether every 2x2 square of the board holds a whole brick-wall pair:
/// the wall pairs (x, y) with (x + 1, y) where x and y have equal parity.
fn board_covered() -> bool {
    (0..BOARD.0 - 1).all(|x| (0..BOARD.1 - 1).all(|y| [y, y + 1].iter().any(|r| (x + r) % 2 == 0)))
}

fn brick_wall(facts: &Facts) -> Derived {
    if !board_covered() {
        refuted("a 2x2 square of the board holds no whole pair")
    } else if cites_brick_wall(facts) {
        holds("the 2x2 square is a loser by the brick wall, which covers the board")
    } else {
        answered("the 2x2 square's entry does not cite the brick wall's pairing")
    }
}

fn hexominoes_with_square(facts: &Facts) -> Derived {
    let with: Vec<&Vec<Cell>> = level(facts, 6)
        .iter()
        .filter(|a| shape::contains(a, &SQUARE))
        .collect();
    if level(facts, 6).len() != PUBLISHED_HEXOMINOES
        || with.len() != PUBLISHED_HEXOMINOES_WITH_SQUARE
    {
        return refuted(format!(
            "{} of {} hexominoes contain the square",
            with.len(),
            level(facts, 6).len()
        ));
    }
    match first_not(facts, with, "loser") {
        Some(why) => answered(why),
        None => holds("8 of 35, each a loser"),
    }
}

fn pairing_for_the_rest(facts: &Facts) -> Derived {
    let snaky = shape::canonical(&super::atlas::SNAKY);
    let rest: Vec<&Vec<Cell>> = (1..=7)
        .flat_map(|k| level(facts, k))
        .filter(|a| **a != snaky && !article_winner(a))
        .collect();
    if let Some(a) = rest.iter().find(|a| facts.is(a, "winner")) {
        return refuted(format!("{} is a winner", shape::cell_list(a)));
    }
    let octominoes = level(facts, 8);
    let reduce = octominoes
        .iter()
        .all(|a| a.iter().any(|&c| shape::connected_without(a, c)));
    match first_not(facts, rest, "loser") {
        Some(why) => answered(why),
        None if !reduce => answered("some 8-cell animal contains no 7-cell one"),
        None => holds("every other animal of 1..7 cells is a loser, and every larger one contains a 7-cell loser"),
    }
}

fn snaky_containment(facts: &Facts) -> Derived {
    let snaky = super::atlas::SNAKY;
    if !(shape::contains(&snaky, &STRAIGHT_FOUR) && shape::contains(&snaky, &L_FIVE)) {
        return refuted("Snaky does not contain both");
    }
    let statuses = facts.statuses.iter().flatten();
    let mut losers = statuses
        .filter(|(cells, (status, _, _))| status == "loser" && shape::contains(&snaky, cells));
    if let Some((cells, _)) = losers.next() {
        return refuted(format!(
            "Snaky contains the loser {}",
            shape::cell_list(cells)
        ));
    }
    match first_not(facts, [&STRAIGHT_FOUR.to_vec(), &L_FIVE.to_vec()], "winner") {
        Some(why) => answered(why),
        None => holds("both are winners; Snaky contains no loser"),
    }
}

/// Claim 8 by exhausting Breaker's reply to Maker's first cell: it takes
/// at most one of the cell's 4 neighbours (or another cell), so a free one
/// remains for Maker's second move; one cell is never a domino.
fn domino() -> Derived {
    let neighbours = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let mut replies = neighbours.iter().map(Some).chain([None]);
    if replies.all(|reply| neighbours.iter().any(|n| Some(n) != reply)) {
        holds("each of Breaker's 5 reply classes leaves a neighbour free")
    } else {
        refuted("a Breaker reply leaves no neighbour free")
    }
}
