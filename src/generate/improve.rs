//! `snaky improve` and `snaky board`: search a new final card for a table,
//! split into independent units so the search can be sharded.
//!
//! Maker's first move is the origin. Unit 0 solves the position after it
//! with Breaker passing (envelope T0); unit i >= 1 solves the position
//! after Breaker's reply on the i-th free cell of T0 (sorted). Every unit
//! runs in a fresh search (no transposition table shared between units), so
//! a unit's result does not depend on which process ran it: one shard and
//! N shards give the same table bytes. The merge then takes, as the
//! generator does, the pass child and a child for each reply no child taken
//! so far avoids (Lemma 3's reply classes) and writes the root line.

use super::emit::{emit, reference, symbol, EmitError};
use super::library::Library;
use super::position::{Cell, Position, Target, Xform};
use super::search::{Search, Strategy};
use std::collections::HashMap;
use std::fmt::Write;
use std::time::Instant;

/// What a search unit is given.
#[derive(Debug, Clone)]
pub struct UnitOptions {
    /// Maker moves for the whole strategy (the root line's height).
    pub bound: u32,
    /// Every strategy's envelope must fit an N x N box.
    pub fit: Option<u32>,
    /// Confine every strategy to this box (root frame: Maker's first move
    /// at the origin).
    pub frame: Option<(Cell, Cell)>,
    /// Expanded positions per unit.
    pub node_limit: u64,
    pub deadline: Option<Instant>,
    /// The first card number of the new lines.
    pub next_card: u32,
    /// The symmetries a found child may be turned by for another reply
    /// (identity first; `[Xform::IDENTITY]`: none).
    pub symmetries: Vec<Xform>,
    /// A progress line on stderr a second while a unit is searched.
    pub progress: bool,
    /// The cap of a unit's transposition table in bytes (default the
    /// prover's, [`crate::prove::default_memory`]).
    pub memory: Option<usize>,
}

/// How a unit ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitOutcome {
    Found,
    /// No strategy of the search's form within the moves left.
    Lost,
    /// The node or time limit stopped it (nothing proved).
    Stopped,
}

impl UnitOutcome {
    pub fn word(self) -> &'static str {
        match self {
            UnitOutcome::Found => "found",
            UnitOutcome::Lost => "lost",
            UnitOutcome::Stopped => "stopped",
        }
    }

    pub fn from_word(word: &str) -> Option<UnitOutcome> {
        [UnitOutcome::Found, UnitOutcome::Lost, UnitOutcome::Stopped]
            .into_iter()
            .find(|o| o.word() == word)
    }
}

/// One unit's result: the root's child for Breaker's pass (reply None) or
/// for one reply, in the root frame (Maker's first move at the origin).
#[derive(Debug, Clone, PartialEq)]
pub struct Unit {
    pub index: usize,
    pub reply: Option<Cell>,
    pub outcome: UnitOutcome,
    pub expanded: u64,
    pub positions: usize,
    pub seconds: f64,
    /// The child: card number (a new line's numbers start at `next_card`),
    /// its placement into the root frame, height and placed envelope.
    pub card: u32,
    pub place: Xform,
    pub height: u32,
    pub envelope: Vec<Cell>,
    /// The child's new card lines, numbered from `next_card`.
    pub lines: String,
}

/// Solve one unit: the position after Maker's first move at the origin,
/// and after Breaker's `reply` if any, within `bound - 1` moves.
pub fn solve_unit(
    target: &Target,
    library: Option<&Library>,
    options: &UnitOptions,
    index: usize,
    reply: Option<Cell>,
) -> Result<Unit, EmitError> {
    let start = Instant::now();
    let mut search = Search::new(target.clone(), options.node_limit);
    search.library = library.cloned();
    search.fit = options.fit;
    search.frame = options.frame;
    search.deadline = options.deadline;
    if let Some(bytes) = options.memory {
        search.set_memory(bytes);
    }
    if options.progress {
        let reply = reply.map_or("pass".to_string(), |(x, y)| format!("({x},{y})"));
        search.progress = Some(format!("  unit {index} reply {reply}"));
    }
    let mut position = Position::default().with_maker((0, 0));
    if let Some(cell) = reply {
        position = position.with_breaker(cell);
    }
    let found = search.solve(&position, options.bound.saturating_sub(1));
    let mut unit = Unit {
        index,
        reply,
        outcome: UnitOutcome::Lost,
        expanded: search.expanded,
        positions: search.table_size(),
        seconds: 0.0,
        card: 0,
        place: Xform::IDENTITY,
        height: 0,
        envelope: Vec::new(),
        lines: String::new(),
    };
    match found {
        Some((id, xform)) => {
            let child = &search.strategies[id];
            unit.outcome = UnitOutcome::Found;
            unit.height = child.height;
            let mut envelope: Vec<Cell> = child.envelope.iter().map(|&c| xform.apply(c)).collect();
            envelope.sort_unstable();
            unit.envelope = envelope;
            (unit.card, unit.place) = match &child.strategy {
                Strategy::Complete { j, place } => (*j as u32, xform.after(*place)),
                Strategy::Card { card, place } => (*card, xform.after(*place)),
                Strategy::Combine { .. } => {
                    let emitted = emit(&search.strategies, options.next_card as usize, id)?;
                    unit.lines = emitted.text;
                    let offset = emitted.root_corner;
                    (emitted.root as u32, xform.after(Xform { code: 0, offset }))
                }
            };
        }
        None if search.stopped => unit.outcome = UnitOutcome::Stopped,
        None => {}
    }
    unit.seconds = start.elapsed().as_secs_f64();
    Ok(unit)
}

/// The smallest x and y of a set of cells (a card's frame starts there).
fn corner(cells: &[Cell]) -> Cell {
    (
        cells.iter().map(|c| c.0).min().unwrap_or(0),
        cells.iter().map(|c| c.1).min().unwrap_or(0),
    )
}

/// The replies of units 1, 2, ...: the free cells of the pass child's
/// envelope, sorted.
pub fn replies(pass: &Unit) -> Vec<Cell> {
    pass.envelope
        .iter()
        .copied()
        .filter(|&c| c != (0, 0))
        .collect()
}

/// What merging the units gave.
#[derive(Debug, Clone, PartialEq)]
pub enum Merged {
    /// The new lines (the root line last), its height.
    Table {
        lines: String,
        height: u32,
        count: usize,
    },
    /// A unit the strategy needs failed: Breaker's reply (None: the pass)
    /// defeats every strategy of the search's form within the moves left.
    Refuted { reply: Option<Cell>, index: usize },
    /// Units the merge needs are missing or were stopped.
    Incomplete { missing: Vec<usize> },
}

/// The symmetries that fix Maker's first move (the origin) and map the box
/// onto itself: all eight orientations without a box, fewer in one (on an
/// odd box with the first move at its centre, all eight again). The
/// identity comes first.
pub fn frame_symmetries(frame: Option<(Cell, Cell)>) -> Vec<Xform> {
    (0..8u8)
        .map(|code| Xform {
            code,
            offset: (0, 0),
        })
        .filter(|turn| {
            frame.is_none_or(|(low, high)| {
                let (a, b) = (turn.apply(low), turn.apply(high));
                (a.0.min(b.0), a.1.min(b.1)) == low && (a.0.max(b.0), a.1.max(b.1)) == high
            })
        })
        .collect()
}

impl Unit {
    /// This unit's child turned by `turn` (a symmetry fixing the origin and
    /// the box): the child of unit `index`, whose reply is `turn(self.reply)`.
    fn turned(&self, turn: Xform, index: usize, reply: Cell) -> Unit {
        let mut envelope: Vec<Cell> = self.envelope.iter().map(|&c| turn.apply(c)).collect();
        envelope.sort_unstable();
        Unit {
            index,
            reply: Some(reply),
            expanded: 0,
            positions: 0,
            seconds: 0.0,
            place: turn.after(self.place),
            envelope,
            ..self.clone()
        }
    }
}

/// The child for `reply` (unit `index`): the lowest-numbered found unit
/// whose reply one of `symmetries` maps onto `reply`, turned by the first
/// such symmetry. With the identity alone, that is the unit itself when it
/// was found. A turned child is as good as a searched one: the position,
/// the box and the table's cards (placed in every orientation) turn with it.
pub fn child_for(units: &[&Unit], symmetries: &[Xform], index: usize, reply: Cell) -> Option<Unit> {
    units
        .iter()
        .filter(|u| u.index >= 1 && u.outcome == UnitOutcome::Found)
        .filter_map(|u| {
            let from = u.reply?;
            let turn = symmetries.iter().find(|t| t.apply(from) == reply)?;
            Some((*u, *turn))
        })
        .min_by_key(|(u, _)| u.index)
        .map(|(u, turn)| u.turned(turn, index, reply))
}

/// Whether a child taken so far avoids `reply` (then Lemma 3 needs no
/// child for it).
fn avoided(taken: &[Unit], reply: Cell) -> bool {
    taken
        .iter()
        .any(|u| u.envelope.binary_search(&reply).is_err())
}

/// Combine the units into the root line (pivot at the origin) and the new
/// lines, renumbered from `next_card` and written once each. A reply's
/// child may be a found unit's turned by one of `symmetries` (see
/// [`child_for`]; `[Xform::IDENTITY]`: each reply's own unit).
pub fn merge(units: &[Unit], next_card: u32, symmetries: &[Xform]) -> Result<Merged, EmitError> {
    let by_index: HashMap<usize, &Unit> = units.iter().map(|u| (u.index, u)).collect();
    let all: Vec<&Unit> = units.iter().collect();
    let Some(pass) = by_index.get(&0).copied() else {
        return Ok(Merged::Incomplete { missing: vec![0] });
    };
    match pass.outcome {
        UnitOutcome::Found => {}
        UnitOutcome::Lost => {
            return Ok(Merged::Refuted {
                reply: None,
                index: 0,
            })
        }
        UnitOutcome::Stopped => return Ok(Merged::Incomplete { missing: vec![0] }),
    }
    let mut taken = vec![pass.clone()];
    let mut missing = Vec::new();
    for (i, reply) in replies(pass).into_iter().enumerate() {
        if avoided(&taken, reply) {
            continue;
        }
        if let Some(child) = child_for(&all, symmetries, i + 1, reply) {
            taken.push(child);
            continue;
        }
        match by_index.get(&(i + 1)).map(|u| u.outcome) {
            Some(UnitOutcome::Lost) => {
                return Ok(Merged::Refuted {
                    reply: Some(reply),
                    index: i + 1,
                })
            }
            _ => {
                missing.push(i + 1);
                // Later replies depend on which children are taken.
                break;
            }
        }
    }
    if !missing.is_empty() {
        return Ok(Merged::Incomplete { missing });
    }
    let mut writer = LineWriter {
        next: next_card,
        bodies: HashMap::new(),
        text: String::new(),
    };
    let mut children = Vec::new();
    for unit in &taken {
        let card = writer.add(unit, next_card);
        children.push((card, unit.place));
    }
    // The frame also holds every child's frame origin (see emit's corner).
    let mut envelope: Vec<Cell> = taken.iter().flat_map(|u| u.envelope.clone()).collect();
    envelope.extend(taken.iter().map(|u| u.place.apply((0, 0))));
    envelope.push((0, 0));
    let (cx, cy) = corner(&envelope);
    let to_frame = Xform {
        code: 0,
        offset: (-cx, -cy),
    };
    let mut body = format!("{}{}", symbol(-cx)?, symbol(-cy)?);
    for (card, place) in children {
        let _ = write!(
            body,
            " {}",
            reference(card as usize, to_frame.after(place))?
        );
    }
    let root = writer.body(body);
    let _ = root;
    let height = 1 + taken.iter().map(|u| u.height).max().unwrap_or(0);
    let count = (writer.next - next_card) as usize;
    Ok(Merged::Table {
        lines: writer.text,
        height,
        count,
    })
}

/// Appends renumbered lines, each distinct body once.
struct LineWriter {
    next: u32,
    bodies: HashMap<String, u32>,
    text: String,
}

impl LineWriter {
    fn body(&mut self, body: String) -> u32 {
        if let Some(&card) = self.bodies.get(&body) {
            return card;
        }
        let card = self.next;
        self.next += 1;
        let _ = writeln!(self.text, "{card} {body}");
        self.bodies.insert(body, card);
        card
    }

    /// The unit's lines renumbered; the card its child is now.
    fn add(&mut self, unit: &Unit, next_card: u32) -> u32 {
        let mut renumbered: HashMap<u32, u32> = HashMap::new();
        let map = |token: &str, renumbered: &HashMap<u32, u32>| -> String {
            let (card, rest) = token.split_once(':').map_or((token, ""), |(c, r)| (c, r));
            match card.parse::<u32>() {
                Ok(c) if c >= next_card => {
                    let new = renumbered.get(&c).copied().unwrap_or(c);
                    if rest.is_empty() {
                        new.to_string()
                    } else {
                        format!("{new}:{rest}")
                    }
                }
                _ => token.to_string(),
            }
        };
        for line in unit.lines.lines() {
            let mut tokens = line.split(' ');
            let Some(Ok(old)) = tokens.next().map(str::parse::<u32>) else {
                continue;
            };
            let Some(pivot) = tokens.next() else {
                continue;
            };
            let mut body = pivot.to_string();
            for token in tokens {
                body.push(' ');
                body.push_str(&map(token, &renumbered));
            }
            let new = self.body(body);
            renumbered.insert(old, new);
        }
        if unit.card >= next_card {
            renumbered.get(&unit.card).copied().unwrap_or(unit.card)
        } else {
            unit.card
        }
    }
}

/// Shard `k` of `n` (1-based): the units whose index is k-1 modulo n.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub k: u32,
    pub n: u32,
}

impl Shard {
    pub const WHOLE: Shard = Shard { k: 1, n: 1 };

    /// `"K/N"` with 1 <= K <= N.
    pub fn parse(text: &str) -> Option<Shard> {
        let (k, n) = text.split_once('/')?;
        let (k, n) = (k.parse().ok()?, n.parse().ok()?);
        (1..=n).contains(&k).then_some(Shard { k, n })
    }

    pub fn owns(self, index: usize) -> bool {
        index % self.n as usize == (self.k - 1) as usize
    }
}

/// Run this shard's units. Every shard solves the pass unit (the replies
/// depend on it) but reports it only when it owns unit 0. `done` holds
/// units finished earlier (a resumed run): they are not searched again
/// unless they were stopped. `report` hears of each unit as it ends.
///
/// A reply whose child [`child_for`] can already turn out of a found unit
/// is not searched (`turned` hears of it; nothing is stored for it), nor,
/// in a run of one shard, a reply that a child taken so far avoids (the
/// merge needs no child for it).
pub fn run_shard(
    target: &Target,
    library: Option<&Library>,
    options: &UnitOptions,
    shard: Shard,
    done: &[Unit],
    report: &mut dyn FnMut(&Unit, usize),
    turned: &mut dyn FnMut(&Unit, usize),
) -> Result<Vec<Unit>, EmitError> {
    let finished = |index: usize| {
        done.iter()
            .find(|u| u.index == index && u.outcome != UnitOutcome::Stopped)
            .cloned()
    };
    let pass = match finished(0) {
        Some(unit) => unit,
        None => {
            let unit = solve_unit(target, library, options, 0, None)?;
            if shard.owns(0) {
                report(&unit, 0);
            }
            unit
        }
    };
    let mut units = Vec::new();
    if shard.owns(0) {
        units.push(pass.clone());
    }
    if pass.outcome != UnitOutcome::Found {
        return Ok(units);
    }
    let whole = shard == Shard::WHOLE;
    let mut taken = vec![pass.clone()];
    let replies = replies(&pass);
    for (i, reply) in replies.iter().enumerate() {
        let index = i + 1;
        if !shard.owns(index) {
            continue;
        }
        let own = finished(index);
        if whole && avoided(&taken, *reply) {
            units.extend(own);
            continue;
        }
        // Every unit found so far, in this run or an earlier one (the merge
        // turns the lowest-numbered of them, wherever it comes in order).
        let known: Vec<&Unit> = units.iter().chain(done.iter()).collect();
        if let Some(child) = child_for(&known, &options.symmetries, index, *reply) {
            match own {
                Some(unit) => units.push(unit),
                None => turned(&child, replies.len()),
            }
            taken.push(child);
            continue;
        }
        let unit = match own {
            Some(unit) => unit,
            None => {
                let unit = solve_unit(target, library, options, index, Some(*reply))?;
                report(&unit, replies.len());
                unit
            }
        };
        if unit.outcome == UnitOutcome::Found {
            taken.push(unit.clone());
        }
        units.push(unit);
    }
    Ok(units)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::position::orient;

    fn codes(frame: Option<(Cell, Cell)>) -> Vec<u8> {
        frame_symmetries(frame).iter().map(|t| t.code).collect()
    }

    #[test]
    fn a_box_keeps_the_symmetries_that_map_it_onto_itself() {
        assert_eq!(codes(None), (0..8).collect::<Vec<u8>>());
        // 15x15 with the first move at the centre: all eight.
        assert_eq!(codes(Some(((-7, -7), (7, 7)))), (0..8).collect::<Vec<u8>>());
        // 16x16 at (7,7): the diagonal only (x and y swap).
        assert_eq!(codes(Some(((-7, -7), (8, 8)))), vec![0, 1]);
        // At (8,7): the other diagonal, (x, y) -> (-y, -x).
        let anti = codes(Some(((-8, -7), (7, 8))));
        assert_eq!(anti.len(), 2);
        assert_eq!(orient(anti[1], (1, 0)), (0, -1));
        // Off both diagonals: the identity alone.
        assert_eq!(codes(Some(((-2, -5), (12, 9)))), vec![0]);
    }

    fn unit(index: usize, reply: Cell, outcome: UnitOutcome) -> Unit {
        Unit {
            index,
            reply: Some(reply),
            outcome,
            expanded: 7,
            positions: 7,
            seconds: 1.0,
            card: 40,
            place: Xform {
                code: 0,
                offset: (1, 2),
            },
            height: 5,
            envelope: vec![(0, 0), (1, 2), (2, 2)],
            lines: String::new(),
        }
    }

    #[test]
    fn a_found_child_is_turned_onto_the_replies_its_symmetries_reach() {
        let found = unit(3, (2, 1), UnitOutcome::Found);
        let stopped = unit(1, (-2, 1), UnitOutcome::Stopped);
        let units = [&stopped, &found];
        let all = frame_symmetries(None);
        // (x, y) -> (-x, y) takes reply (2,1) to (-2,1).
        let child = child_for(&units, &all, 1, (-2, 1)).unwrap();
        assert_eq!(child.index, 1);
        assert_eq!(child.reply, Some((-2, 1)));
        assert_eq!(child.outcome, UnitOutcome::Found);
        assert_eq!((child.card, child.height), (40, 5));
        assert_eq!(child.envelope, vec![(-2, 2), (-1, 2), (0, 0)]);
        assert_eq!(child.place.apply((0, 0)), (-1, 2));
        assert_eq!(child.place.code, 2);
        // The identity alone turns nothing: only a reply's own found unit.
        let alone = [Xform::IDENTITY];
        assert_eq!(child_for(&units, &alone, 1, (-2, 1)), None);
        let own = child_for(&units, &alone, 3, (2, 1)).unwrap();
        assert_eq!((own.place, &own.envelope), (found.place, &found.envelope));
        // No symmetry maps (2,1) onto (3,0).
        assert_eq!(child_for(&units, &all, 9, (3, 0)), None);
    }
}
