//! A winner's `moves`: bounds on the least number of Maker moves that build
//! the animal on the infinite grid against every Breaker.
//!
//! - `lower` is the trivial bound, the animal's number of cells (Maker needs
//!   a stone on each), when `lower_by` is null; otherwise `lower_by` cites a
//!   `grid-delay` certificate of this animal, audited here by the kernel's
//!   grid auditor, whose Breaker stops every completion within its
//!   `move_bound` k on the infinite grid, and `lower` is the larger of k + 1
//!   and the number of cells.
//! - `upper` is the bound of the certificate `upper_by` cites, audited here
//!   by the kernel's own auditor of its kind: a `snaky` card table whose
//!   empty-board claim holds and whose base cards build this animal (its
//!   last card's height), or a weak-game `board` certificate whose claim
//!   `first-wins` holds for this animal (its `move_bound`: Maker plays the
//!   board strategy and answers a Breaker move off the board as if Breaker
//!   had taken any free board cell, which only helps Breaker, and the board
//!   auditor refuses a table that lets the board fill without a win).
//!   It is at most the entry's own card table's height.
//! - A containment winner carries its containing winner's `upper` and
//!   `upper_by`.

use super::shape::{self, Cell};
use crate::Files;
use serde_json::Value;
use std::fmt;

/// The bounds an atlas winner states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moves {
    pub lower: u64,
    /// The delay certificate whose bound gives `lower` (None: trivial).
    pub lower_by: Option<String>,
    pub upper: u64,
    /// The certificate whose bound is `upper`.
    pub upper_by: String,
}

impl fmt::Display for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lower_by = self.lower_by.as_deref().unwrap_or("the trivial bound");
        write!(
            f,
            "{}..{} by {lower_by} and {}",
            self.lower, self.upper, self.upper_by
        )
    }
}

const FIELDS: &[&str] = &["lower", "lower_by", "upper", "upper_by"];

/// Reads `moves`: null, or an object of exactly the four fields.
pub(crate) fn read(value: Option<&Value>) -> Result<Option<Moves>, String> {
    let Some(value) = value.filter(|v| !v.is_null()) else {
        return Ok(None);
    };
    let bad = || "moves must be null or {lower, lower_by, upper, upper_by}".to_string();
    if crate::unknown_fields(value, FIELDS).next().is_some() {
        return Err(bad());
    }
    let number = |name: &str| value.get(name).and_then(Value::as_u64);
    let lower_by = match value.get("lower_by") {
        Some(Value::Null) => None,
        Some(Value::String(path)) => Some(path.clone()),
        _ => return Err(bad()),
    };
    Ok(Some(Moves {
        lower: number("lower").ok_or_else(bad)?,
        lower_by,
        upper: number("upper").ok_or_else(bad)?,
        upper_by: (value.get("upper_by").and_then(Value::as_str))
            .ok_or_else(bad)?
            .to_string(),
    }))
}

/// Why a winner's `moves` is not what the kernel derives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MovesFault {
    /// A winner without `moves`.
    Missing,
    /// `lower` is not the bound `lower_by` gives: the animal's cells, or
    /// the cited delay certificate's bound plus one (if larger).
    Lower { found: u64, derived: u64 },
    /// The certificate `lower_by` cites certifies no delay for this animal.
    LowerSource {
        path: String,
        problem: SourceProblem,
    },
    /// A containment winner citing a delay certificate of its own.
    ContainedLowerBy { path: String },
    /// `lower` exceeds `upper`.
    Inverted { lower: u64, upper: u64 },
    /// `upper` exceeds the height of the entry's own card table.
    AboveTable { upper: u64, height: u64 },
    /// `upper` is not the bound the cited certificate certifies.
    NotCitedBound {
        upper: u64,
        path: String,
        bound: u64,
    },
    /// The cited certificate certifies no bound for this animal.
    Source {
        path: String,
        problem: SourceProblem,
    },
    /// A containment winner's bounds are not its containing winner's.
    NotContainingWinners {
        found: Option<Box<Moves>>,
        expected: Option<Box<Moves>>,
    },
}

/// What is wrong with the certificate `upper_by` cites.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SourceProblem {
    /// It cannot be read (or is outside the project).
    Unreadable(String),
    /// Neither a `snaky` nor a `board` certificate.
    Kind(Option<String>),
    /// A board certificate of the strong game (or none).
    Game(Option<String>),
    /// Its claim is not a Maker win: a board claim other than
    /// `first-wins`, or a card table whose empty-board claim does not hold.
    Claim(Option<String>),
    /// It is about another animal (or a board of lines).
    Shape,
    /// Its kind's auditor rejects it.
    Audit(Vec<String>),
}

impl fmt::Display for SourceProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SourceProblem::Unreadable(reason) => f.write_str(reason),
            SourceProblem::Kind(kind) => {
                write!(f, "kind {kind:?} is not a kind that certifies this bound (\"snaky\" or \"board\" above, \"grid-delay\" below)")
            }
            SourceProblem::Game(game) => write!(
                f,
                "game {game:?}: only the weak game's win is Maker's on the grid"
            ),
            SourceProblem::Claim(claim) => write!(f, "claim {claim:?} is no certified Maker win"),
            SourceProblem::Shape => f.write_str("it is about another animal"),
            SourceProblem::Audit(messages) => {
                write!(f, "does not audit: {}", messages.join("; "))
            }
        }
    }
}

impl fmt::Display for MovesFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MovesFault::Missing => {
                f.write_str("a winner must state moves {lower, lower_by, upper, upper_by}")
            }
            MovesFault::Lower { found, derived } => write!(
                f,
                "moves.lower {found} is not the bound {derived} that moves.lower_by gives"
            ),
            MovesFault::LowerSource { path, problem } => {
                write!(f, "moves.lower_by {path}: {problem}")
            }
            MovesFault::ContainedLowerBy { path } => write!(
                f,
                "moves.lower_by {path}: a containment winner carries the trivial lower bound (lower_by null)"
            ),
            MovesFault::Inverted { lower, upper } => {
                write!(f, "moves.lower {lower} exceeds moves.upper {upper}")
            }
            MovesFault::AboveTable { upper, height } => write!(
                f,
                "moves.upper {upper} is above its own card table's certified height {height}"
            ),
            MovesFault::NotCitedBound { upper, path, bound } => write!(
                f,
                "moves.upper {upper} is not the certified bound {bound} of {path}"
            ),
            MovesFault::Source { path, problem } => {
                write!(f, "moves.upper_by {path}: {problem}")
            }
            MovesFault::NotContainingWinners { found, expected } => write!(
                f,
                "moves {} is not the containing winner's moves {}",
                shown(found),
                shown(expected)
            ),
        }
    }
}

fn shown(moves: &Option<Box<Moves>>) -> String {
    moves
        .as_ref()
        .map_or_else(|| "null".to_string(), ToString::to_string)
}

/// A winner by its own card table `table`, of certified height `height`.
pub(crate) fn check_own(
    files: &dyn Files,
    cells: &[Cell],
    moves: Option<&Moves>,
    table: &str,
    height: u64,
) -> Result<(), MovesFault> {
    let moves = moves.ok_or(MovesFault::Missing)?;
    check_lower(files, cells, moves)?;
    let bound = if moves.upper_by == table {
        height
    } else {
        cited_bound(files, cells, &moves.upper_by).map_err(|problem| MovesFault::Source {
            path: moves.upper_by.clone(),
            problem,
        })?
    };
    if moves.upper != bound {
        return Err(MovesFault::NotCitedBound {
            upper: moves.upper,
            path: moves.upper_by.clone(),
            bound,
        });
    }
    if moves.upper > height {
        return Err(MovesFault::AboveTable {
            upper: moves.upper,
            height,
        });
    }
    check_order(moves)
}

/// A winner contained in `larger`: the trivial lower bound, and the larger
/// winner's upper bound and its source.
pub(crate) fn check_contained(
    cells: &[Cell],
    moves: Option<&Moves>,
    larger: Option<&Moves>,
) -> Result<(), MovesFault> {
    let moves = moves.ok_or(MovesFault::Missing)?;
    if let Some(path) = &moves.lower_by {
        return Err(MovesFault::ContainedLowerBy { path: path.clone() });
    }
    check_lower_trivial(cells, moves)?;
    let same = larger.is_some_and(|l| l.upper == moves.upper && l.upper_by == moves.upper_by);
    if !same {
        return Err(MovesFault::NotContainingWinners {
            found: Some(Box::new(moves.clone())),
            expected: larger.map(|l| {
                Box::new(Moves {
                    lower: cells.len() as u64,
                    lower_by: None,
                    ..l.clone()
                })
            }),
        });
    }
    check_order(moves)
}

/// `lower` is the trivial bound: Maker needs a stone on every cell.
fn check_lower_trivial(cells: &[Cell], moves: &Moves) -> Result<(), MovesFault> {
    let size = cells.len() as u64;
    if moves.lower != size {
        return Err(MovesFault::Lower {
            found: moves.lower,
            derived: size,
        });
    }
    Ok(())
}

/// `lower` is the bound `lower_by` gives: the trivial one when null, else
/// the cited grid-delay certificate's `move_bound` plus one (or the cells,
/// if more), the certificate being of this animal and audited here.
fn check_lower(files: &dyn Files, cells: &[Cell], moves: &Moves) -> Result<(), MovesFault> {
    let Some(path) = &moves.lower_by else {
        return check_lower_trivial(cells, moves);
    };
    let fault = |problem| MovesFault::LowerSource {
        path: path.clone(),
        problem,
    };
    let cited = super::atlas::read_json_text(files, path)
        .map_err(|error| fault(SourceProblem::Unreadable(error.to_string())))?;
    let value = &cited.value;
    let kind = value.get("kind").and_then(Value::as_str);
    if kind != Some("grid-delay") {
        return Err(fault(SourceProblem::Kind(kind.map(str::to_string))));
    }
    let (shape, bound) =
        crate::grid::claimed(value).ok_or_else(|| fault(SourceProblem::Claim(None)))?;
    if !same_animal(Some(shape), cells) {
        return Err(fault(SourceProblem::Shape));
    }
    let report = crate::audit_cited(files, &cited)
        .map_err(|error| fault(SourceProblem::Audit(vec![error.to_string()])))?;
    if !report.holds() {
        return Err(fault(SourceProblem::Audit(report.messages())));
    }
    let derived = (bound + 1).max(cells.len() as u64);
    if moves.lower != derived {
        return Err(MovesFault::Lower {
            found: moves.lower,
            derived,
        });
    }
    Ok(())
}

fn check_order(moves: &Moves) -> Result<(), MovesFault> {
    if moves.lower > moves.upper {
        return Err(MovesFault::Inverted {
            lower: moves.lower,
            upper: moves.upper,
        });
    }
    Ok(())
}

/// The bound the certificate at `path` certifies for the animal `cells`:
/// its kind is checked first (so an atlas is never followed), then what it
/// claims, then its kind's auditor must pass it.
fn cited_bound(files: &dyn Files, cells: &[Cell], path: &str) -> Result<u64, SourceProblem> {
    let cited = super::atlas::read_json_text(files, path)
        .map_err(|fault| SourceProblem::Unreadable(fault.to_string()))?;
    let value = &cited.value;
    let kind = value.get("kind").and_then(Value::as_str);
    let bound = match kind {
        Some("board") => board_bound(value, cells)?,
        Some("snaky") => table_bound(value, cells)?,
        _ => return Err(SourceProblem::Kind(kind.map(str::to_string))),
    };
    let report = crate::audit_cited(files, &cited)
        .map_err(|error| SourceProblem::Audit(vec![error.to_string()]))?;
    if !report.holds() {
        return Err(SourceProblem::Audit(report.messages()));
    }
    Ok(bound)
}

/// A weak-game `first-wins` board certificate of this animal: its bound.
fn board_bound(value: &Value, cells: &[Cell]) -> Result<u64, SourceProblem> {
    let text = |name: &str| value.get(name).and_then(Value::as_str);
    if text("game") != Some("weak") {
        return Err(SourceProblem::Game(text("game").map(str::to_string)));
    }
    if text("claim") != Some("first-wins") {
        return Err(SourceProblem::Claim(text("claim").map(str::to_string)));
    }
    let board = value.get("board");
    let polyomino = board.and_then(|b| b.get("family")) == Some(&Value::from("polyomino"));
    let shape = board
        .and_then(|b| b.get("cells"))
        .and_then(shape::read_cells);
    if !polyomino || !same_animal(shape, cells) {
        return Err(SourceProblem::Shape);
    }
    value
        .get("move_bound")
        .and_then(Value::as_u64)
        .ok_or(SourceProblem::Claim(Some("first-wins".into())))
}

/// A card table of this animal whose empty-board claim holds: its height
/// (recomputed from the nodes by the snaky auditor).
fn table_bound(value: &Value, cells: &[Cell]) -> Result<u64, SourceProblem> {
    if !same_animal(value.get("shape").and_then(shape::read_cells), cells) {
        return Err(SourceProblem::Shape);
    }
    if !empty_board_holds(value) {
        return Err(SourceProblem::Claim(Some("empty-board".into())));
    }
    value
        .pointer("/final_card/height")
        .and_then(Value::as_u64)
        .ok_or_else(|| SourceProblem::Audit(vec!["final_card.height is missing".into()]))
}

/// Whether `shape` is an animal equal to `cells` up to symmetry.
pub(crate) fn same_animal(shape: Option<Vec<Cell>>, cells: &[Cell]) -> bool {
    shape
        .filter(|found| shape::is_animal(found))
        .is_some_and(|found| shape::canonical(&found) == shape::canonical(cells))
}

/// Whether a snaky certificate's claim record "empty-board" holds.
pub(crate) fn empty_board_holds(value: &Value) -> bool {
    value
        .get("claims")
        .and_then(Value::as_array)
        .is_some_and(|claims| {
            claims.iter().any(|claim| {
                claim.get("id").and_then(Value::as_str) == Some("empty-board")
                    && claim.get("verdict").and_then(Value::as_str) == Some("holds")
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn moves_is_null_or_exactly_the_three_fields() {
        assert_eq!(read(None), Ok(None));
        assert_eq!(read(Some(&Value::Null)), Ok(None));
        let moves = json!({"lower": 1, "lower_by": null, "upper": 2, "upper_by": "a.json"});
        assert_eq!(read(Some(&moves)).ok().flatten().map(|m| m.upper), Some(2));
        for bad in [
            json!(2),
            json!({"lower": 1, "upper": 2}),
            json!({"lower": 1, "upper": 2, "upper_by": "a.json"}),
            json!({"lower": 1, "lower_by": 3, "upper": 2, "upper_by": "a.json"}),
            json!({"lower": 1, "lower_by": null, "upper": 2, "upper_by": "a.json", "exact": true}),
        ] {
            assert!(read(Some(&bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_lower_bound_above_the_upper_is_a_fault() {
        let moves = Moves {
            lower: 3,
            lower_by: None,
            upper: 2,
            upper_by: "a.json".into(),
        };
        assert_eq!(
            check_order(&moves),
            Err(MovesFault::Inverted { lower: 3, upper: 2 })
        );
        assert_eq!(
            check_contained(&[(0, 0)], None, None),
            Err(MovesFault::Missing)
        );
    }
}
