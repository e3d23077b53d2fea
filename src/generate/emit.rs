//! Write a found strategy as a card table in the paper's grammar
//! (docs/formats/card-table.md): every combination becomes one card line,
//! children first, each in its own frame (its envelope's bounding box at the
//! origin, so every pivot and offset is a non-negative symbol); completions
//! are references to the base cards 0..|P|-1.

use super::position::{Cell, Xform};
use super::search::{Strategy, StrategyId};
use crate::snaky::alphabet::{ALPHABET, SYMBOLS};
use std::collections::HashMap;
use std::fmt::Write;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EmitError {
    #[error("coordinate {0} does not fit the card-table alphabet (0..{SYMBOLS})")]
    OutOfAlphabet(i32),
    #[error("the root strategy is a completion, not a card line")]
    NotACombination,
}

/// The table's lines and its number of cards (lines).
pub struct Emitted {
    pub text: String,
    pub lines: usize,
    /// The root strategy's card number.
    pub root: usize,
    /// Where the root card's frame starts, in the root strategy's frame.
    pub root_corner: Cell,
}

struct Emitter<'a> {
    strategies: &'a [super::search::Found],
    base_cards: usize,
    /// Card number of each emitted combination.
    cards: HashMap<StrategyId, usize>,
    /// Each combination's frame corner (see [`Emitter::corner`]).
    corners: HashMap<StrategyId, Cell>,
    /// Card number of each distinct line body (pivot and children): two
    /// strategies that print alike are one card.
    bodies: HashMap<String, usize>,
    lines: usize,
    text: String,
}

/// A coordinate as one symbol of the alphabet.
pub fn symbol(value: i32) -> Result<char, EmitError> {
    usize::try_from(value)
        .ok()
        .filter(|&v| v < SYMBOLS)
        .and_then(|v| ALPHABET.chars().nth(v))
        .ok_or(EmitError::OutOfAlphabet(value))
}

fn translation(offset: Cell) -> Xform {
    Xform { code: 0, offset }
}

impl Emitter<'_> {
    /// Where a strategy's own frame starts: its envelope's smallest x and
    /// y, lowered (library searches) to where a placed table card's frame
    /// origin lies, so every offset is a non-negative symbol.
    fn corner(&mut self, id: StrategyId) -> Cell {
        if let Some(&corner) = self.corners.get(&id) {
            return corner;
        }
        let envelope = &self.strategies[id].envelope;
        let mut corner = (
            envelope.iter().map(|c| c.0).min().unwrap_or(0),
            envelope.iter().map(|c| c.1).min().unwrap_or(0),
        );
        if let Strategy::Combine { children, .. } = &self.strategies[id].strategy {
            for &(child, xform) in &children.clone() {
                let origin = match &self.strategies[child].strategy {
                    Strategy::Card { place, .. } => xform.after(*place).apply((0, 0)),
                    Strategy::Combine { .. } => xform.apply(self.corner(child)),
                    Strategy::Complete { .. } => continue,
                };
                corner = (corner.0.min(origin.0), corner.1.min(origin.1));
            }
        }
        self.corners.insert(id, corner);
        corner
    }

    /// Emit the card of combination `id` (and first its children's).
    fn card(&mut self, id: StrategyId) -> Result<usize, EmitError> {
        if let Some(&card) = self.cards.get(&id) {
            return Ok(card);
        }
        let Strategy::Combine { pivot, children } = &self.strategies[id].strategy else {
            return Err(EmitError::NotACombination);
        };
        let (pivot, children) = (*pivot, children.clone());
        let corner = self.corner(id);
        let to_frame = translation((-corner.0, -corner.1));
        let mut references = Vec::with_capacity(children.len());
        for (child, xform) in children {
            let (card, placement) = match &self.strategies[child].strategy {
                Strategy::Complete { j, place } => (*j, to_frame.after(xform.after(*place))),
                Strategy::Card { card, place } => {
                    (*card as usize, to_frame.after(xform.after(*place)))
                }
                Strategy::Combine { .. } => {
                    let card = self.card(child)?;
                    let from_child = translation(self.corner(child));
                    (card, to_frame.after(xform.after(from_child)))
                }
            };
            references.push(reference(card, placement)?);
        }
        let p = to_frame.apply(pivot);
        let body = format!("{}{} {}", symbol(p.0)?, symbol(p.1)?, references.join(" "));
        let card = match self.bodies.get(&body) {
            Some(&card) => card,
            None => {
                let card = self.base_cards + self.lines;
                let _ = writeln!(self.text, "{card} {body}");
                self.lines += 1;
                self.bodies.insert(body, card);
                card
            }
        };
        self.cards.insert(id, card);
        Ok(card)
    }
}

/// A child reference `k` or `k:sXY`.
pub fn reference(card: usize, placement: Xform) -> Result<String, EmitError> {
    if placement == Xform::IDENTITY {
        return Ok(card.to_string());
    }
    Ok(format!(
        "{card}:{}{}{}",
        placement.code,
        symbol(placement.offset.0)?,
        symbol(placement.offset.1)?
    ))
}

/// The table whose last card is the strategy `root`, for a target of
/// `base_cards` cells (whose cells have their bounding box at the origin).
pub fn emit(
    strategies: &[super::search::Found],
    base_cards: usize,
    root: StrategyId,
) -> Result<Emitted, EmitError> {
    let mut emitter = Emitter {
        strategies,
        base_cards,
        cards: HashMap::new(),
        corners: HashMap::new(),
        bodies: HashMap::new(),
        lines: 0,
        text: String::new(),
    };
    let root_corner = emitter.corner(root);
    let root = emitter.card(root)?;
    Ok(Emitted {
        root,
        root_corner,
        lines: emitter.lines,
        text: emitter.text,
    })
}
