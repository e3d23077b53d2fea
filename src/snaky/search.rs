//! Rule-free game search: play the table's strategy against every Breaker
//! reply with the game's own semantics and count Maker's moves, without
//! the A sets, the heights or the Lemma 3 formula for A. Only pivots,
//! children, placements and envelopes are read (see [`super::strategy`]);
//! at a base card the actual cells of the placed Snaky decide.
//!
//! A *state* is Maker's turn at a target (combination node or base card),
//! with Maker's and Breaker's cells inside the target's envelope, written in
//! the target's own frame. The reductions that keep the search finite and
//! small, and why each is exact or conservative:
//!
//! - *Cells outside the current envelope are forgotten* (exact). Every
//!   later target's envelope lies inside the current one: each link is
//!   checked to be nested ([`Link::nested`]) and a link that is not is a
//!   failure, and the pivot must lie in its node's envelope. Pivots, child
//!   choices (which depend only on the newest reply) and base cards only
//!   look at cells of the current envelope, so forgotten cells never
//!   matter again.
//! - *One reply class for all cells outside the envelope* (exact). Such a
//!   reply lies outside every (nested) child envelope, so Maker follows
//!   the first child, and the reply itself is forgotten.
//! - *Replies choosing the same child lead to the same state* (exact). The
//!   chosen child's envelope avoids the reply, so the reply is forgotten
//!   on entry; every reply is still examined (and counted), but each child
//!   is searched once per state.
//! - *A replacement move's cell is ignored* (conservative). When Maker
//!   already owns the pivot the strategy claims some other free cell; the
//!   search leaves Maker without it. Owning more cells never hurts Maker
//!   here (no rule fails because Maker owns a cell), and Breaker may then
//!   reply on a cell it could not take in a real game, so the search's
//!   worst case bounds the real one from above. The move is still counted.
//! - *Memoised in the target's own frame* (exact). The strategy below a
//!   target depends only on the cells relative to it, and placements are
//!   isometries, so equal states in different placements play out alike.
//!   (The replacement order is not placement-invariant, but the search
//!   never uses it: see the previous point.)
//! - *Early wins are not noticed* (conservative): Maker is credited with a
//!   win only when the strategy completes its base card, never earlier.
//!
//! On a nested strategy Breaker in fact never owns a cell of the current
//! envelope: each reply is outside it (and forgotten) or avoided by the
//! chosen child. So the Breaker part of every key is empty and the
//! "pivot taken" and "base card blocked" failures cannot fire; they stay
//! because they are the rules, and the search does not assume the invariant.

use super::board::BoardFit;
use super::geometry::Bounds;
use super::geometry::{Cell, Placement};
use super::model::Shape;
use super::strategy::{compose, replacement_order, CellIndex, Link, LoadError, Move, Strategy};
use crate::cert::{to_certificate_json, InputRecord};
use serde::Serialize;
use std::collections::{BTreeSet, HashMap, HashSet};

/// A state: target, Maker's cells and Breaker's cells in its envelope
/// (sorted envelope indices in the target's own frame).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Key {
    target: usize,
    maker: Box<[CellIndex]>,
    breaker: Box<[CellIndex]>,
}

/// Why a line of play fails, in the failing target's own frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FailReason {
    /// The node's pivot is not in its own envelope.
    PivotOutsideEnvelope { pivot: Cell },
    /// A child's placed envelope is not inside the node's envelope.
    ChildNotNested { child: usize },
    /// Breaker already owns the pivot.
    PivotTaken { pivot: Cell },
    /// No child's placed envelope avoids this reply.
    NoChildAvoids { reply: Cell },
    /// Breaker owns a cell of the base card's Snaky.
    BaseBlocked { cell: Cell },
    /// Two or more cells of the base card's Snaky are unowned.
    BaseIncomplete { missing: Vec<Cell> },
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Outcome {
    /// Maker wins within `moves` more moves against every Breaker; `worst`
    /// is the child a worst reply leads to (none at a base card).
    Wins { moves: u32, worst: Option<usize> },
    /// Some Breaker line defeats the strategy: here, or below child `via`.
    Fails {
        via: Option<usize>,
        reason: Option<FailReason>,
    },
}

/// One move pair of a reported line, in the final card's frame.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LineStep {
    /// The target Maker plays at (`727`, `311/2`, `base 3`).
    pub node: String,
    /// Maker's move; `None` only when the line fails before Maker moves.
    pub maker: Option<Cell>,
    /// The pivot was already Maker's, so this is a replacement move.
    pub replacement: bool,
    /// Breaker's reply; `None` after Maker's last move.
    pub breaker: Option<Cell>,
    /// The reply lies outside the node's placed envelope.
    pub outside: bool,
}

/// The finite-board result (the paper's Corollary 6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FiniteBoard {
    pub statement: String,
    /// N of the N x N board {0..N-1}^2 (asked for, or the smallest that works).
    pub board_size: u32,
    /// Added to the final card's frame to land on the board.
    pub translation: Cell,
    /// Cells that some line may use as a pivot or a base card's cell, in
    /// the final card's frame.
    pub strategy_cells: usize,
    pub strategy_cells_inside_final_envelope: bool,
    pub final_envelope_cells: usize,
    pub final_envelope_inside_board: bool,
    pub board_cells: usize,
    /// 2 (w - 1) for the worst case w: cells taken before Maker's last move.
    pub max_occupied_before_last_maker_move: Option<u32>,
    /// A free cell for a replacement move (and for Breaker) always exists.
    pub free_cell_always_exists: bool,
    pub holds: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SearchResult {
    pub bound: u32,
    pub final_card: u32,
    /// `None` when some line defeats the strategy.
    pub worst_case_maker_moves: Option<u32>,
    pub states: u64,
    pub replies_examined: u64,
    /// States where Maker already owns the pivot and makes a replacement move.
    pub replacement_states: u64,
    /// A line attaining the worst case, or a line ending in the failure.
    pub worst_line: Vec<LineStep>,
    /// Why the strategy fails, when it does.
    pub failure: Option<String>,
    /// The worst line replayed by the rules: every move on a free cell, and
    /// Maker completes a copy of the shape with its last move, not before.
    pub worst_line_is_legal_win: bool,
    pub finite_board: FiniteBoard,
}

impl SearchResult {
    pub fn holds(&self) -> bool {
        self.worst_case_maker_moves
            .is_some_and(|moves| moves <= self.bound)
    }

    pub fn verdict(&self) -> &'static str {
        if self.holds() {
            "certified"
        } else {
            "refuted"
        }
    }
}

/// Search every Breaker line against the strategy of `strategy`; the
/// finite-board result is for the smallest board that works.
pub fn search(strategy: &Strategy, bound: u32) -> SearchResult {
    search_on(strategy, bound, None)
}

/// [`search`], with the finite-board result for the N x N board `board`.
pub fn search_on(strategy: &Strategy, bound: u32, board: Option<u32>) -> SearchResult {
    let mut searcher = Searcher {
        strategy,
        memo: HashMap::new(),
        replies_examined: 0,
        replacement_states: 0,
    };
    let root = Key {
        target: strategy.root,
        maker: Box::new([]),
        breaker: Box::new([]),
    };
    let outcome = searcher.value(&root);
    let (worst_line, failure) = searcher.line(root);
    let worst = match outcome {
        Outcome::Wins { moves, .. } => Some(moves),
        Outcome::Fails { .. } => None,
    };
    SearchResult {
        bound,
        final_card: strategy.root().card,
        worst_case_maker_moves: worst,
        states: searcher.memo.len() as u64,
        replies_examined: searcher.replies_examined,
        replacement_states: searcher.replacement_states,
        worst_line_is_legal_win: failure.is_none() && replays_as_win(&strategy.shape, &worst_line),
        worst_line,
        failure,
        finite_board: finite_board(strategy, worst, board),
    }
}

/// Replay `line` by the game's rules (see [`SearchResult::worst_line_is_legal_win`]).
pub fn replays_as_win(shape: &super::model::Shape, line: &[LineStep]) -> bool {
    let mut taken = HashSet::new();
    let mut maker = HashSet::new();
    for (number, step) in line.iter().enumerate() {
        let Some(cell) = step.maker else {
            return false;
        };
        if !taken.insert(cell) {
            return false;
        }
        maker.insert(cell);
        let last = number + 1 == line.len();
        if super::play::shape_through(shape, &maker, cell).is_some() != last {
            return false;
        }
        if let Some(reply) = step.breaker {
            if last || !taken.insert(reply) {
                return false;
            }
        }
    }
    !line.is_empty()
}

struct Searcher<'a> {
    strategy: &'a Strategy,
    memo: HashMap<Key, Outcome>,
    replies_examined: u64,
    replacement_states: u64,
}

/// A combination state being searched: its children still to visit.
struct Frame {
    key: Key,
    /// Maker's cells after claiming the pivot.
    maker: Vec<CellIndex>,
    /// The children some reply leads to, in printed order.
    pending: Vec<usize>,
    /// Position in `pending` of the child being searched.
    next: usize,
    /// The most moves any child needs so far, and the first child needing them.
    worst: Option<(u32, usize)>,
}

/// A state either decided at once or to be expanded.
enum Start {
    Decided(Outcome),
    Expand(Frame),
}

impl Searcher<'_> {
    /// The outcome of `root`, depth first with an explicit stack: a forged
    /// table may chain thousands of cards, deeper than the call stack.
    fn value(&mut self, root: &Key) -> Outcome {
        if let Some(outcome) = self.memo.get(root) {
            return outcome.clone();
        }
        let mut stack = match self.start(root) {
            Start::Decided(outcome) => {
                self.memo.insert(root.clone(), outcome.clone());
                return outcome;
            }
            Start::Expand(frame) => vec![frame],
        };
        // The outcome of the child the top frame is waiting for.
        let mut arrived: Option<Outcome> = None;
        let strategy = self.strategy;
        loop {
            let Some(frame) = stack.last_mut() else {
                unreachable!("the loop returns when the root frame is done");
            };
            let mut finished = None;
            if let Some(outcome) = arrived.take() {
                let child = frame.pending[frame.next];
                match outcome {
                    // Breaker picks a failing line whenever there is one.
                    Outcome::Fails { .. } => {
                        finished = Some(Outcome::Fails {
                            via: Some(child),
                            reason: None,
                        })
                    }
                    Outcome::Wins { moves, .. } => {
                        if frame.worst.is_none_or(|(most, _)| moves > most) {
                            frame.worst = Some((moves, child));
                        }
                        frame.next += 1;
                    }
                }
            }
            if finished.is_none() && frame.next == frame.pending.len() {
                let (moves, child) = frame.worst.expect("the first child is always pending");
                finished = Some(Outcome::Wins {
                    moves: moves + 1,
                    worst: Some(child),
                });
            }
            if let Some(outcome) = finished {
                let Some(done) = stack.pop() else {
                    unreachable!("the frame just examined is on the stack");
                };
                self.memo.insert(done.key, outcome.clone());
                if stack.is_empty() {
                    return outcome;
                }
                arrived = Some(outcome);
                continue;
            }
            let Move::Combination { children, .. } = &strategy.targets[frame.key.target].action
            else {
                unreachable!("only combination states have frames");
            };
            let next = successor(
                &children[frame.pending[frame.next]],
                &frame.maker,
                &frame.key.breaker,
            );
            if let Some(outcome) = self.memo.get(&next) {
                arrived = Some(outcome.clone());
                continue;
            }
            match self.start(&next) {
                Start::Decided(outcome) => {
                    self.memo.insert(next, outcome.clone());
                    arrived = Some(outcome);
                }
                Start::Expand(frame) => stack.push(frame),
            }
        }
    }

    /// Maker's move and every Breaker reply at `key`: decided at once at a
    /// base card or on a failure, otherwise the children to search.
    fn start(&mut self, key: &Key) -> Start {
        let target = &self.strategy.targets[key.target];
        let fail = |reason| {
            Start::Decided(Outcome::Fails {
                via: None,
                reason: Some(reason),
            })
        };
        let (pivot, pivot_index, children, choice) = match &target.action {
            Move::Base { .. } => return Start::Decided(base_outcome(&target.envelope, key)),
            Move::Combination {
                pivot,
                pivot_index,
                children,
                choice,
            } => (*pivot, *pivot_index, children, choice),
        };
        let Some(pivot_index) = pivot_index else {
            return fail(FailReason::PivotOutsideEnvelope { pivot });
        };
        if let Some(child) = children.iter().position(|link| !link.nested) {
            return fail(FailReason::ChildNotNested { child });
        }
        if key.breaker.contains(&pivot_index) {
            return fail(FailReason::PivotTaken { pivot });
        }
        // Maker claims the pivot (or, owning it, makes a replacement move
        // whose cell the search ignores); one move either way.
        if key.maker.contains(&pivot_index) {
            self.replacement_states += 1;
        }
        let maker = with(&key.maker, pivot_index);
        let mut occupied = vec![false; target.envelope.len()];
        for &k in maker.iter().chain(key.breaker.iter()) {
            occupied[usize::from(k)] = true;
        }
        // Every free cell of the envelope is a reply, plus one class for
        // all cells outside it (answered by the first child).
        let mut used = vec![false; children.len()];
        used[0] = true;
        self.replies_examined += 1;
        for (k, taken) in occupied.iter().enumerate() {
            if *taken {
                continue;
            }
            self.replies_examined += 1;
            match choice[k] {
                Some(child) => used[child] = true,
                None => {
                    return fail(FailReason::NoChildAvoids {
                        reply: target.envelope[k],
                    })
                }
            }
        }
        Start::Expand(Frame {
            key: key.clone(),
            maker,
            pending: (0..children.len()).filter(|&c| used[c]).collect(),
            next: 0,
            worst: None,
        })
    }

    /// Replay the worst (or failing) line from the memo, in the final
    /// card's frame, with concrete cells for every move.
    fn line(&self, root: Key) -> (Vec<LineStep>, Option<String>) {
        let mut steps = Vec::new();
        let mut key = root;
        let mut placement = Placement::IDENTITY;
        let mut taken: HashSet<Cell> = HashSet::new();
        loop {
            let target = &self.strategy.targets[key.target];
            let Some(outcome) = self.memo.get(&key) else {
                return (steps, None);
            };
            let mut step = LineStep {
                node: target.label.clone(),
                maker: None,
                replacement: false,
                breaker: None,
                outside: false,
            };
            let (children, choice, pivot_index) = match &target.action {
                Move::Base { .. } => {
                    let missing: Vec<Cell> = (0..target.envelope.len())
                        .filter(|k| !key.maker.contains(&(*k as CellIndex)))
                        .map(|k| placement.apply(target.envelope[k]))
                        .collect();
                    if let (Outcome::Wins { .. }, [cell]) = (outcome, missing.as_slice()) {
                        step.maker = Some(*cell);
                        steps.push(step);
                    }
                    let failure = match outcome {
                        Outcome::Fails { reason, .. } => {
                            Some(describe(&target.label, placement, reason.as_ref()))
                        }
                        Outcome::Wins { .. } => None,
                    };
                    return (steps, failure);
                }
                Move::Combination {
                    children,
                    choice,
                    pivot_index,
                    ..
                } => (children, choice, *pivot_index),
            };
            let (next_child, reason) = match outcome {
                Outcome::Wins { worst, .. } => (*worst, None),
                Outcome::Fails { via, reason } => (*via, reason.as_ref()),
            };
            let pivot_taken = matches!(reason, Some(FailReason::PivotTaken { .. }));
            let Some(pivot_index) = pivot_index.filter(|_| !pivot_taken) else {
                steps.push(step);
                return (steps, Some(describe(&target.label, placement, reason)));
            };
            let pivot = placement.apply(target.envelope[usize::from(pivot_index)]);
            if key.maker.contains(&pivot_index) {
                step.replacement = true;
                step.maker = Some(first_free(&taken, |_| true));
            } else {
                step.maker = Some(pivot);
            }
            taken.extend(step.maker);
            let maker = with(&key.maker, pivot_index);
            let Some(child) = next_child else {
                // The failure is here: show the reply that no child avoids.
                if let Some(FailReason::NoChildAvoids { reply }) = reason {
                    step.breaker = Some(placement.apply(*reply));
                }
                steps.push(step);
                return (steps, Some(describe(&target.label, placement, reason)));
            };
            // A concrete reply of the chosen class, free in this line.
            let inside = (0..target.envelope.len()).find(|&k| {
                choice[k] == Some(child)
                    && !maker.contains(&(k as CellIndex))
                    && !key.breaker.contains(&(k as CellIndex))
                    && !taken.contains(&placement.apply(target.envelope[k]))
            });
            let reply = match inside {
                Some(k) => placement.apply(target.envelope[k]),
                None => {
                    step.outside = true;
                    let envelope: HashSet<Cell> = target
                        .envelope
                        .iter()
                        .map(|&c| placement.apply(c))
                        .collect();
                    first_free(&taken, |cell| !envelope.contains(&cell))
                }
            };
            step.breaker = Some(reply);
            taken.insert(reply);
            steps.push(step);
            let link = &children[child];
            key = successor(link, &maker, &key.breaker);
            placement = compose(placement, link.placement);
        }
    }
}

/// A base card (Lemma 4's condition, played by the rules): Maker wins
/// with its one missing cell, or has already won.
fn base_outcome(envelope: &[Cell], key: &Key) -> Outcome {
    if let Some(&k) = key.breaker.first() {
        return Outcome::Fails {
            via: None,
            reason: Some(FailReason::BaseBlocked {
                cell: envelope[usize::from(k)],
            }),
        };
    }
    let missing: Vec<Cell> = (0..envelope.len())
        .filter(|k| !key.maker.contains(&(*k as CellIndex)))
        .map(|k| envelope[k])
        .collect();
    match missing.len() {
        0 => Outcome::Wins {
            moves: 0,
            worst: None,
        },
        1 => Outcome::Wins {
            moves: 1,
            worst: None,
        },
        _ => Outcome::Fails {
            via: None,
            reason: Some(FailReason::BaseIncomplete { missing }),
        },
    }
}

/// The child's state: Maker's and Breaker's cells that lie in the child's
/// placed envelope, in the child's frame. The reply is not among them: the
/// child was chosen because its envelope avoids it.
fn successor(link: &Link, maker: &[CellIndex], breaker: &[CellIndex]) -> Key {
    let carry = |cells: &[CellIndex]| -> Box<[CellIndex]> {
        let mut moved: Vec<CellIndex> = cells
            .iter()
            .filter_map(|&k| link.transfer[usize::from(k)])
            .collect();
        moved.sort_unstable();
        moved.into_boxed_slice()
    };
    Key {
        target: link.target,
        maker: carry(maker),
        breaker: carry(breaker),
    }
}

fn with(cells: &[CellIndex], k: CellIndex) -> Vec<CellIndex> {
    let mut cells = cells.to_vec();
    if let Err(at) = cells.binary_search(&k) {
        cells.insert(at, k);
    }
    cells
}

/// The first cell in the replacement order that is not taken and passes `ok`.
fn first_free(taken: &HashSet<Cell>, ok: impl Fn(Cell) -> bool) -> Cell {
    (0..)
        .flat_map(|r: i32| {
            let mut ring: Vec<Cell> = (-r..=r)
                .flat_map(|x| (-r..=r).map(move |y| Cell::new(x, y)))
                .filter(|c| c.x.abs().max(c.y.abs()) == r)
                .collect();
            ring.sort_by_key(|&c| replacement_order(c));
            ring
        })
        .find(|cell| !taken.contains(cell) && ok(*cell))
        .expect("the grid is infinite and only finitely many cells are taken")
}

fn describe(label: &str, placement: Placement, reason: Option<&FailReason>) -> String {
    let place = |cell: &Cell| placement.apply(*cell);
    match reason {
        None => format!("node {label}: the line ends without a recorded reason"),
        Some(FailReason::PivotOutsideEnvelope { pivot }) => {
            format!(
                "node {label}: pivot {} is outside its envelope",
                place(pivot)
            )
        }
        Some(FailReason::ChildNotNested { child }) => format!(
            "node {label}: child {} has cells outside the node's envelope",
            child + 1
        ),
        Some(FailReason::PivotTaken { pivot }) => {
            format!(
                "node {label}: Breaker already owns the pivot {}",
                place(pivot)
            )
        }
        Some(FailReason::NoChildAvoids { reply }) => format!(
            "node {label}: no child's envelope avoids Breaker's reply {}",
            place(reply)
        ),
        Some(FailReason::BaseBlocked { cell }) => {
            format!("{label}: Breaker owns the Snaky cell {}", place(cell))
        }
        Some(FailReason::BaseIncomplete { missing }) => {
            let cells: Vec<Cell> = missing.iter().map(place).collect();
            format!(
                "{label}: {} Snaky cells are unowned {cells:?}, Maker can claim only one",
                cells.len()
            )
        }
    }
}

/// The board of the paper's Corollary 6: {0..16}^2.
pub const BOARD_SIZE: i32 = 17;

/// Every cell the strategy may claim as a pivot or as a base card's cell,
/// over every child some reply can lead to, collected bottom-up in each
/// target's frame; then the finite-board claim.
fn finite_board(strategy: &Strategy, worst: Option<u32>, board: Option<u32>) -> FiniteBoard {
    let mut used: Vec<BTreeSet<Cell>> = vec![BTreeSet::new(); strategy.targets.len()];
    // Bases have no children; nodes only refer to earlier nodes and bases.
    let order = strategy
        .targets
        .iter()
        .enumerate()
        .filter(|(_, t)| matches!(t.action, Move::Base { .. }))
        .chain(
            strategy
                .targets
                .iter()
                .enumerate()
                .filter(|(_, t)| !matches!(t.action, Move::Base { .. })),
        );
    for (id, target) in order {
        let cells = match &target.action {
            Move::Base { .. } => strategy.shape.cells().iter().copied().collect(),
            Move::Combination {
                pivot,
                children,
                choice,
                ..
            } => {
                let mut cells = BTreeSet::from([*pivot]);
                // The outside class leads to the first child; cells lead to theirs.
                let reachable: BTreeSet<usize> = std::iter::once(0)
                    .chain(choice.iter().flatten().copied())
                    .collect();
                for child in reachable {
                    let link = &children[child];
                    cells.extend(used[link.target].iter().map(|&c| link.placement.apply(c)));
                }
                cells
            }
        };
        used[id] = cells;
    }
    let root = strategy.root();
    let envelope: HashSet<Cell> = root.envelope.iter().copied().collect();
    let cells = &used[strategy.root];
    let inside_envelope = cells.iter().all(|c| envelope.contains(c));
    let bounds =
        Bounds::of(root.envelope.iter().copied()).unwrap_or(Bounds::point(Cell::new(0, 0)));
    let fit = BoardFit::of(bounds, worst.unwrap_or(0), board);
    let inside_board = fit.fits;
    let board_cells = (fit.size as usize).saturating_mul(fit.size as usize);
    let occupied = worst.map(|w| 2 * w.saturating_sub(1));
    let free_exists = occupied.is_some_and(|n| (n as usize) < board_cells);
    let last = fit.size.saturating_sub(1);
    let moved = if fit.translation == Cell::new(0, 0) {
        String::new()
    } else {
        format!(" translated by {}", fit.translation)
    };
    FiniteBoard {
        statement: format!("every pivot and completing cell the strategy can use lies in the final card's envelope, inside {{0..{last}}}^2{moved}, and a free cell always exists there"),
        board_size: fit.size,
        translation: fit.translation,
        strategy_cells: cells.len(),
        strategy_cells_inside_final_envelope: inside_envelope,
        final_envelope_cells: root.envelope.len(),
        final_envelope_inside_board: inside_board,
        board_cells,
        max_occupied_before_last_maker_move: occupied,
        free_cell_always_exists: free_exists,
        holds: inside_envelope && inside_board && free_exists,
    }
}

/// A search of one table, with the input it read.
#[derive(Debug, Clone)]
pub struct SearchRun {
    pub input: InputRecord,
    pub result: SearchResult,
    /// The polyomino Maker builds (for the summary's wording).
    pub shape: Shape,
    /// One game against the computer Breaker, when the caller played it
    /// (`gamecert verify` does).
    pub play: Option<super::play::PlayReport>,
    /// The path of the `snaky` certificate of the same table and bound,
    /// when the caller wrote one (`gamecert verify` does): the kernel takes
    /// the bound it certifies from that certificate's proof, not from here.
    pub certificate: Option<String>,
}

/// Parse and evaluate the table in `bytes` (read from `path`), extract its
/// strategy and search every Breaker line against it.
pub fn search_table(path: &str, bytes: &[u8], bound: u32) -> Result<SearchRun, LoadError> {
    search_table_with(path, bytes, &SearchOptions::with_bound(bound))
}

/// What a search decides: the bound (None: the final card's height), the
/// board of the finite-board result (None: the smallest) and the shape.
#[derive(Debug, Clone)]
pub struct SearchOptions {
    pub bound: Option<u32>,
    pub board: Option<u32>,
    pub shape: Shape,
}

impl SearchOptions {
    pub fn with_bound(bound: u32) -> Self {
        SearchOptions {
            bound: Some(bound),
            board: None,
            shape: Shape::snaky(),
        }
    }
}

/// [`search_table`] with every option.
pub fn search_table_with(
    path: &str,
    bytes: &[u8],
    options: &SearchOptions,
) -> Result<SearchRun, LoadError> {
    let input = InputRecord::new(path, bytes);
    let (evaluation, strategy) = super::strategy::load_for(bytes, &options.shape)?;
    let bound = options
        .bound
        .unwrap_or(evaluation.final_node().condition.height);
    Ok(SearchRun {
        input,
        result: search_on(&strategy, bound, options.board),
        shape: options.shape.clone(),
        play: None,
        certificate: None,
    })
}

/// Bumped whenever a reader of the search file would need to change.
pub const SEARCH_FORMAT_VERSION: u32 = 2;

/// Where `gamecert verify` writes the search result.
pub const SEARCH_CERTIFICATE_PATH: &str = "certificates/snaky21-search.json";

#[derive(Debug, Serialize)]
struct SearchCertificate<'a> {
    kind: &'static str,
    format: u32,
    verdict: &'static str,
    statement: String,
    input: &'a InputRecord,
    certificate: Option<&'a str>,
    bound: u32,
    final_card: u32,
    worst_case_maker_moves: Option<u32>,
    states: u64,
    replies_examined: u64,
    replacement_states: u64,
    failure: &'a Option<String>,
    worst_line_is_legal_win: bool,
    finite_board: &'a FiniteBoard,
    worst_line: &'a [LineStep],
    #[serde(skip_serializing_if = "Option::is_none")]
    play: Option<&'a super::play::PlayReport>,
}

/// The search result as deterministic JSON (one line step per line).
pub fn search_json(run: &SearchRun) -> String {
    let result = &run.result;
    let certificate = SearchCertificate {
        kind: "snaky-search",
        format: SEARCH_FORMAT_VERSION,
        verdict: result.verdict(),
        statement: format!(
            "Played by the game's rules against every Breaker reply, the strategy of card {} wins within {} Maker moves",
            result.final_card, result.bound
        ),
        input: &run.input,
        certificate: run.certificate.as_deref(),
        bound: result.bound,
        final_card: result.final_card,
        worst_case_maker_moves: result.worst_case_maker_moves,
        states: result.states,
        replies_examined: result.replies_examined,
        replacement_states: result.replacement_states,
        failure: &result.failure,
        worst_line_is_legal_win: result.worst_line_is_legal_win,
        finite_board: &result.finite_board,
        worst_line: &result.worst_line,
        play: run.play.as_ref(),
    };
    to_certificate_json(&certificate, 2).expect("search records serialise")
}

/// The human-readable report of a search.
pub fn search_summary(run: &SearchRun) -> String {
    use std::fmt::Write;
    let result = &run.result;
    let mut out = String::new();
    super::report::write_heading(&mut out, &run.shape.heading(), "search", &run.input);
    let _ = writeln!(
        out,
        "  searched {} states ({} with a replacement move), {} Breaker replies examined",
        result.states, result.replacement_states, result.replies_examined
    );
    match result.worst_case_maker_moves {
        Some(moves) => {
            let _ = writeln!(
                out,
                "  worst    {moves} Maker moves over all Breaker play (bound {})",
                result.bound
            );
        }
        None => {
            let _ = writeln!(
                out,
                "  FAIL     {}",
                result.failure.as_deref().unwrap_or("the strategy fails")
            );
        }
    }
    let _ = writeln!(out, "  line     (Maker move / Breaker reply, at node)");
    for (number, step) in result.worst_line.iter().enumerate() {
        let maker = step.maker.map_or("-".to_string(), |c| c.to_string());
        let maker = if step.replacement {
            format!("{maker} (replacement)")
        } else {
            maker
        };
        let breaker = match step.breaker {
            Some(cell) if step.outside => format!("{cell} (outside)"),
            Some(cell) => cell.to_string(),
            None => "-".to_string(),
        };
        let _ = writeln!(
            out,
            "  {:>4}.   {maker:<22} {breaker:<18} at {}",
            number + 1,
            step.node
        );
    }
    let board = &result.finite_board;
    let _ = writeln!(
        out,
        "  board    {} strategy cells, all in T_{} ({} cells): {}; T_{} inside {{0..{}}}^2{}: {}; at most {} cells taken before Maker's last move",
        board.strategy_cells,
        result.final_card,
        board.final_envelope_cells,
        board.strategy_cells_inside_final_envelope,
        result.final_card,
        board.board_size.saturating_sub(1),
        if board.translation == Cell::new(0, 0) {
            String::new()
        } else {
            format!(" translated by {}", board.translation)
        },
        board.final_envelope_inside_board,
        board
            .max_occupied_before_last_maker_move
            .map_or("?".to_string(), |n| n.to_string())
    );
    let _ = writeln!(
        out,
        "{}: by search, Maker builds {} within {} moves (worst case {})",
        if result.holds() {
            "CERTIFIED"
        } else {
            "REFUTED"
        },
        run.shape.called(),
        result.bound,
        result
            .worst_case_maker_moves
            .map_or("none: a line fails".to_string(), |m| m.to_string())
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snaky::model::SNAKY;
    use crate::snaky::strategy::Target;

    fn target(label: &str, envelope: Vec<Cell>, action: Move) -> Target {
        let index = envelope
            .iter()
            .enumerate()
            .map(|(k, &c)| (c, k as CellIndex))
            .collect();
        Target {
            label: label.to_string(),
            card: 6,
            envelope,
            index,
            action,
        }
    }

    /// A node over the base card placed at the identity, with `extra`
    /// cells in its envelope and the given pivot; the link is computed the
    /// way [`Strategy::extract`] does, or forced not nested.
    fn one_node(pivot: Cell, extra: &[Cell], nested: bool) -> Strategy {
        let base = target("base 0", SNAKY.to_vec(), Move::Base { card: 0 });
        let mut envelope: Vec<Cell> = SNAKY.iter().chain(extra).copied().collect();
        envelope.sort();
        let transfer: Vec<Option<CellIndex>> = envelope.iter().map(|c| base.index_of(*c)).collect();
        let choice = transfer.iter().map(|t| t.is_none().then_some(0)).collect();
        let link = Link {
            target: 1,
            placement: Placement::IDENTITY,
            transfer,
            nested,
        };
        let node = target(
            "6",
            envelope,
            Move::Combination {
                pivot,
                pivot_index: None,
                children: vec![link],
                choice,
            },
        );
        let mut node = node;
        if let Move::Combination { pivot_index, .. } = &mut node.action {
            *pivot_index = node.index.get(&pivot).copied();
        }
        Strategy {
            shape: crate::snaky::model::Shape::snaky(),
            targets: vec![node, base],
            root: 0,
        }
    }

    #[test]
    fn a_pivot_outside_its_envelope_fails() {
        let strategy = one_node(Cell::new(9, 9), &[], true);
        let result = search(&strategy, 21);
        assert_eq!(result.worst_case_maker_moves, None);
        assert!(result.failure.unwrap().contains("outside its envelope"));
    }

    #[test]
    fn a_child_that_is_not_nested_fails() {
        let strategy = one_node(Cell::new(5, 5), &[Cell::new(5, 5)], false);
        let result = search(&strategy, 21);
        assert_eq!(result.worst_case_maker_moves, None);
        assert!(result
            .failure
            .unwrap()
            .contains("outside the node's envelope"));
    }

    #[test]
    fn a_reply_every_child_contains_fails() {
        // The pivot is off Snaky, so a reply on a Snaky cell meets the
        // only child's envelope.
        let strategy = one_node(Cell::new(5, 5), &[Cell::new(5, 5)], true);
        let result = search(&strategy, 21);
        assert_eq!(result.worst_case_maker_moves, None);
        let failure = result.failure.unwrap();
        assert!(failure.contains("no child"), "{failure}");
        assert_eq!(result.worst_line.len(), 1);
        assert_eq!(result.worst_line[0].maker, Some(Cell::new(5, 5)));
    }

    #[test]
    fn a_base_card_lacking_two_cells_fails_and_one_lacking_one_wins() {
        let fails = base_outcome(
            &SNAKY,
            &Key {
                target: 0,
                maker: Box::new([0, 1, 2, 3]),
                breaker: Box::new([]),
            },
        );
        assert!(matches!(
            fails,
            Outcome::Fails {
                reason: Some(FailReason::BaseIncomplete { .. }),
                ..
            }
        ));
        let blocked = base_outcome(
            &SNAKY,
            &Key {
                target: 0,
                maker: Box::new([0, 1, 2, 3, 4]),
                breaker: Box::new([5]),
            },
        );
        assert!(matches!(
            blocked,
            Outcome::Fails {
                reason: Some(FailReason::BaseBlocked { .. }),
                ..
            }
        ));
        let wins = base_outcome(
            &SNAKY,
            &Key {
                target: 0,
                maker: Box::new([0, 1, 2, 3, 4]),
                breaker: Box::new([]),
            },
        );
        assert_eq!(
            wins,
            Outcome::Wins {
                moves: 1,
                worst: None
            }
        );
    }
}
