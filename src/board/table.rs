//! Harary's board and move numbers for the eleven winners, and Snaky on
//! small boards: which boards to solve, and the table's JSON.

use super::shape::{Shape, NAMED, WINNERS};
use super::{run_with, Certified, Game, Run, Value, Version};
use serde::Serialize;

/// The board number of one shape in one version, with the runs that make
/// it a theorem: the first player's win on `n x n` and the other side on
/// `(n-1) x (n-1)` (absent when the shape does not fit there).
#[derive(Debug, Clone)]
pub struct BoardNumber {
    pub shape: Shape,
    pub version: Version,
    /// `None` when no board up to the size limit was won.
    pub board_number: Option<usize>,
    pub move_number: Option<u32>,
    pub win: Option<Run>,
    pub below: Option<Run>,
    /// Sizes solved, with their runs, smallest first (for the report).
    pub tried: Vec<(usize, Run)>,
}

impl BoardNumber {
    /// Both sides of the board number are backed by audited certificates
    /// (a board too small for the shape needs none).
    pub fn certified(&self) -> bool {
        let win = self.win.as_ref().is_some_and(|r| r.certified.certified());
        let below = self.below.as_ref().is_none_or(|r| r.certified.certified());
        win && below
    }
}

/// The smallest square board the shape fits on.
pub fn least_side(shape: &Shape) -> usize {
    let span = |axis: fn(&(i32, i32)) -> i32| {
        let values: Vec<i32> = shape.cells.iter().map(axis).collect();
        (values.iter().max().unwrap_or(&0) - values.iter().min().unwrap_or(&0) + 1) as usize
    };
    span(|c| c.0).max(span(|c| c.1))
}

/// Solves `n x n` from the least side upward until the first player wins
/// (or `max_side` is passed).
pub fn board_number(
    shape: &Shape,
    version: Version,
    max_side: usize,
    options: &super::Options,
    progress: &dyn Fn(&str),
) -> BoardNumber {
    let mut tried: Vec<(usize, Run)> = Vec::new();
    for side in least_side(shape)..=max_side {
        let Ok(game) = Game::polyomino(shape.clone(), side, side) else {
            break;
        };
        let label = format!("{} {} {side}x{side}", shape.name, version.word());
        let run = run_with(&game, version, options, &|message| {
            progress(&format!("{label}: {message}"))
        });
        let won = match run.solution.value {
            Value::FirstWins { moves } => Some(moves),
            Value::FirstDoesNotWin => None,
        };
        tried.push((side, run));
        if let Some(moves) = won {
            let win = tried.last().map(|(_, r)| r.clone());
            let below = tried.iter().rev().nth(1).map(|(_, r)| r.clone());
            return BoardNumber {
                shape: shape.clone(),
                version,
                board_number: Some(side),
                move_number: Some(moves),
                win,
                below,
                tried,
            };
        }
    }
    BoardNumber {
        shape: shape.clone(),
        version,
        board_number: None,
        move_number: None,
        win: None,
        below: None,
        tried,
    }
}

/// The eleven winners.
pub fn winners() -> Vec<Shape> {
    (0..WINNERS).map(Shape::named).collect()
}

pub fn snaky() -> Shape {
    Shape::named(NAMED.len() - 1)
}

#[derive(Debug, Clone, Serialize)]
pub struct NumberJson {
    pub board_number: Option<usize>,
    pub move_number: Option<u32>,
    pub certified: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct RowJson {
    pub name: String,
    pub cells: Vec<[i32; 2]>,
    pub weak: Option<NumberJson>,
    pub strong: Option<NumberJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SnakyJson {
    pub size: usize,
    pub weak_value: Option<&'static str>,
    pub certified: bool,
    pub seconds: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct TableJson {
    pub rows: Vec<RowJson>,
    pub snaky: Vec<SnakyJson>,
}

pub fn number_json(number: &BoardNumber) -> NumberJson {
    let reason = match (&number.board_number, number.certified()) {
        (None, _) => Some("no board up to the size limit is a first-player win".to_string()),
        (Some(_), false) => Some(not_certified_reason(number)),
        _ => None,
    };
    NumberJson {
        board_number: number.board_number,
        move_number: number.move_number,
        certified: number.certified(),
        reason,
    }
}

fn not_certified_reason(number: &BoardNumber) -> String {
    let describe = |run: &Option<Run>| match run.as_ref().map(|r| &r.certified) {
        Some(Certified::TooLarge { bytes, sha256, .. }) => {
            format!("computed, not certified: certificate of {bytes} bytes, sha256 {sha256}")
        }
        Some(Certified::NotBuilt { reason }) => format!("computed, not certified: {reason}"),
        Some(Certified::Audited { audit, .. }) if !audit.holds() => "the audit failed".to_string(),
        _ => "certified".to_string(),
    };
    format!(
        "win side: {}; other side: {}",
        describe(&number.win),
        describe(&number.below)
    )
}

pub fn snaky_json(size: usize, run: &Run) -> SnakyJson {
    SnakyJson {
        size,
        weak_value: Some(match run.solution.value {
            Value::FirstWins { .. } => "maker",
            Value::FirstDoesNotWin => "breaker",
        }),
        certified: run.certified.certified(),
        seconds: run.solution.seconds,
    }
}
