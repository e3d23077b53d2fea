//! The paper's strategy (Proposition 16) played against concrete Breakers,
//! move by move, on the infinite grid or on the n x n board {0..n-1}^2.
//!
//! Maker follows the table: claim the current node's placed pivot (or, if
//! Maker owns it, the first free cell in the replacement order); after
//! Breaker's reply, go to the first child whose placed envelope avoids it; at
//! a base card claim the missing cell. Whether Maker has won is decided by
//! the rules alone: after each Maker move, look for six Maker cells forming
//! t + R(S) through that move.

use super::board::BoardFit;
use super::evaluate::Evaluation;
use super::geometry::{Bounds, Cell, Orientation, Placement};
use super::model::Shape;
use super::strategy::{compose, replacement_order, Move, Strategy};
use serde::Serialize;
use std::collections::{BTreeMap, HashSet};

/// How Breaker chooses its replies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BreakerKind {
    /// Each reply leaves Maker at the child with the largest height; ties go
    /// to the first candidate: envelope cells by (x, y), then the outside reply.
    Computer,
    /// Uniform over the free cells of the current placed envelope (the
    /// outside reply only when none is free).
    Random,
    /// A free cell next to Maker's last move when there is one (tried in
    /// the order E, N, W, S, NE, NW, SW, SE), else the first free cell of
    /// the current placed envelope by (x, y), else the outside reply.
    Adjacent,
    /// Always outside the current placed envelope: the first free cell in
    /// the replacement order that is not in it.
    Far,
}

impl BreakerKind {
    pub fn name(self) -> &'static str {
        match self {
            BreakerKind::Computer => "computer",
            BreakerKind::Random => "random",
            BreakerKind::Adjacent => "adjacent",
            BreakerKind::Far => "far",
        }
    }
}

/// At most this many games per run (`--games`).
pub const MAX_GAMES: u32 = 10_000_000;

/// Runs of this many games or more report progress on stderr this often.
pub const PROGRESS_GAMES: u32 = 100_000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayOptions {
    pub breaker: BreakerKind,
    /// Replies Breaker plays first, in order; then `breaker` takes over.
    pub replies: Vec<Cell>,
    pub seed: u64,
    pub games: u32,
    /// Restrict both players to {0..n-1}^2.
    pub board: Option<i32>,
    pub bound: u32,
    /// The polyomino Maker builds (the table's base cards).
    pub shape: Shape,
}

impl Default for PlayOptions {
    fn default() -> Self {
        PlayOptions {
            breaker: BreakerKind::Computer,
            replies: Vec::new(),
            seed: 0,
            games: 1,
            board: None,
            bound: super::DEFAULT_BOUND,
            shape: Shape::snaky(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("scripted reply {number} at {cell} is not a free cell{board}")]
    ScriptedReplyNotFree {
        number: usize,
        cell: Cell,
        board: String,
    },
    #[error("--board must be at least 1, got {0}")]
    BadBoard(i32),
    #[error("cannot read reply {0:?}: expected x,y with |x|, |y| <= 1000000 (e.g. \"7,8 8,6\")")]
    BadReply(String),
}

/// Scripted replies farther out than this are refused: no table reaches
/// them, and keeping coordinates small keeps every placement exact.
pub const MAX_REPLY_COORDINATE: i32 = 1_000_000;

/// Parse scripted replies: `"7,8 8,6"`.
pub fn parse_replies(text: &str) -> Result<Vec<Cell>, PlayError> {
    text.split_whitespace()
        .map(|token| {
            let bad = || PlayError::BadReply(token.to_string());
            let coordinate = |text: &str| {
                text.trim()
                    .parse::<i32>()
                    .ok()
                    .filter(|v| (-MAX_REPLY_COORDINATE..=MAX_REPLY_COORDINATE).contains(v))
                    .ok_or_else(bad)
            };
            let (x, y) = token.split_once(',').ok_or_else(bad)?;
            Ok(Cell::new(coordinate(x)?, coordinate(y)?))
        })
        .collect()
}

/// A copy t + R(S) of Snaky.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SnakyCopy {
    pub orientation: u8,
    pub offset: Cell,
    /// Sorted by x, then y.
    pub cells: Vec<Cell>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameEnd {
    /// Maker owns a Snaky copy.
    Won,
    /// The strategy had no legal continuation (a forged table, or a board
    /// too small): why.
    StrategyFailed(String),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Game {
    pub maker_moves: Vec<Cell>,
    pub breaker_moves: Vec<Cell>,
    /// Indices (0-based) of Maker's replacement moves.
    pub replacement_moves: Vec<usize>,
    /// The node Maker played each move at.
    pub nodes: Vec<String>,
    /// The placed envelope of the node of Maker's last move.
    pub envelope: Vec<Cell>,
    pub end: GameEnd,
    pub snaky: Option<SnakyCopy>,
}

impl Game {
    pub fn won(&self) -> bool {
        self.end == GameEnd::Won
    }
}

/// What `gamecert snaky play` reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayReport {
    pub breaker: &'static str,
    pub seed: u64,
    pub board: Option<i32>,
    /// On a board: added to every cell of the table's frame to land on it,
    /// as in the table's finite-board claim. The summary names it; the JSON
    /// (which search certificates embed) does not, so it stays as it was.
    #[serde(skip)]
    pub translation: Cell,
    pub bound: u32,
    pub games: u32,
    pub wins: u32,
    pub max_maker_moves: u32,
    /// Game length (Maker moves) → number of games.
    pub histogram: BTreeMap<u32, u32>,
    /// The single game, when one was played.
    #[serde(skip_serializing_if = "Option::is_none", flatten)]
    pub game: Option<Game>,
    /// What the summary calls the shape ("Snaky", "T tetromino", "the
    /// shape") and its heading ("Snaky", "T tetromino", "Card").
    #[serde(skip)]
    pub shape: String,
    #[serde(skip)]
    pub heading: String,
}

impl PlayReport {
    /// Every game won within the bound.
    pub fn holds(&self) -> bool {
        self.wins == self.games && self.max_maker_moves <= self.bound
    }
}

/// Heights of every strategy target (nodes, then the six bases): only the
/// computer Breaker reads them.
pub fn heights(evaluation: &Evaluation) -> Vec<u32> {
    evaluation
        .nodes
        .iter()
        .map(|node| node.condition.height)
        .chain(std::iter::repeat_n(1, evaluation.shape.len()))
        .collect()
}

/// Play `options.games` games and summarise them.
pub fn play(
    strategy: &Strategy,
    heights: &[u32],
    options: &PlayOptions,
) -> Result<PlayReport, PlayError> {
    if options.board.is_some_and(|n| n < 1) {
        return Err(PlayError::BadBoard(options.board.unwrap_or(0)));
    }
    let mut report = PlayReport {
        breaker: options.breaker.name(),
        seed: options.seed,
        board: options.board,
        translation: match options.board {
            Some(_) => board_placement(strategy).offset,
            None => Cell::new(0, 0),
        },
        bound: options.bound,
        games: options.games,
        wins: 0,
        max_maker_moves: 0,
        histogram: BTreeMap::new(),
        game: None,
        shape: options.shape.called(),
        heading: options.shape.heading(),
    };
    for number in 0..options.games {
        if options.games >= PROGRESS_GAMES && number % PROGRESS_GAMES == 0 && number > 0 {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "snaky play: {number} of {} games",
                options.games
            );
        }
        let seed = options.seed.wrapping_add(u64::from(number));
        let game = play_game(strategy, heights, options, seed)?;
        let moves = game.maker_moves.len() as u32;
        report.wins += u32::from(game.won());
        report.max_maker_moves = report.max_maker_moves.max(moves);
        *report.histogram.entry(moves).or_default() += 1;
        if options.games == 1 {
            report.game = Some(game);
        }
    }
    Ok(report)
}

/// One game, Breaker's randomness (if any) drawn from `seed`.
pub fn play_game(
    strategy: &Strategy,
    heights: &[u32],
    options: &PlayOptions,
    seed: u64,
) -> Result<Game, PlayError> {
    let mut play = Play {
        strategy,
        heights,
        board: options.board,
        maker: HashSet::new(),
        breaker: HashSet::new(),
        rng: SplitMix64(seed),
        game: Game {
            maker_moves: Vec::new(),
            breaker_moves: Vec::new(),
            replacement_moves: Vec::new(),
            nodes: Vec::new(),
            envelope: Vec::new(),
            end: GameEnd::StrategyFailed(String::new()),
            snaky: None,
        },
    };
    let mut target = strategy.root;
    // On a board, the table is translated as its finite-board claim says
    // (the final card's envelope starts at (0,0); the table's frame need
    // not), so the replacement order counts from the board's corner.
    let mut placement = match options.board {
        Some(_) => board_placement(strategy),
        None => Placement::IDENTITY,
    };
    loop {
        let node = &strategy.targets[target];
        play.game.nodes.push(node.label.clone());
        play.game.envelope = placed_envelope(&node.envelope, placement);
        let claim = match &node.action {
            Move::Base { .. } => play.complete(&node.envelope, placement),
            Move::Combination { pivot, .. } => play.claim_pivot(placement.apply(*pivot)),
        };
        let cell = match claim {
            Ok(cell) => cell,
            Err(reason) => {
                play.game.nodes.pop();
                return Ok(play.fail(reason));
            }
        };
        play.maker.insert(cell);
        play.game.maker_moves.push(cell);
        if let Some(copy) = shape_through(&strategy.shape, &play.maker, cell) {
            play.game.snaky = Some(copy);
            play.game.end = GameEnd::Won;
            return Ok(play.game);
        }
        let Move::Combination { children, .. } = &node.action else {
            // Completing a base card always makes a Snaky copy; reaching
            // here would mean the rules and the strategy disagree.
            return Ok(play.fail(format!(
                "{}: claimed {cell} but no Snaky copy is complete",
                node.label
            )));
        };
        let number = play.game.breaker_moves.len();
        let reply = match options.replies.get(number) {
            Some(&cell) => {
                if !play.is_free(cell) {
                    return Err(PlayError::ScriptedReplyNotFree {
                        number: number + 1,
                        cell,
                        board: options
                            .board
                            .map_or(String::new(), |n| format!(" of the {n}x{n} board")),
                    });
                }
                cell
            }
            None => match play.reply(options.breaker, target, placement, cell) {
                Some(cell) => cell,
                None => return Ok(play.fail("Breaker has no free cell".to_string())),
            },
        };
        play.breaker.insert(reply);
        play.game.breaker_moves.push(reply);
        let local = placement.inverse().apply(reply);
        let Some(Some(child)) = node.answer(local) else {
            return Ok(play.fail(format!(
                "node {}: no child's envelope avoids Breaker's reply {reply}",
                node.label
            )));
        };
        let link = &children[child];
        placement = compose(placement, link.placement);
        target = link.target;
    }
}

struct Play<'a> {
    strategy: &'a Strategy,
    heights: &'a [u32],
    board: Option<i32>,
    maker: HashSet<Cell>,
    breaker: HashSet<Cell>,
    rng: SplitMix64,
    game: Game,
}

impl Play<'_> {
    fn on_board(&self, cell: Cell) -> bool {
        self.board
            .is_none_or(|n| (0..n).contains(&cell.x) && (0..n).contains(&cell.y))
    }

    fn is_free(&self, cell: Cell) -> bool {
        self.on_board(cell) && !self.maker.contains(&cell) && !self.breaker.contains(&cell)
    }

    fn fail(mut self, reason: String) -> Game {
        self.game.end = GameEnd::StrategyFailed(reason);
        self.game
    }

    fn claim_pivot(&mut self, pivot: Cell) -> Result<Cell, String> {
        if self.breaker.contains(&pivot) {
            return Err(format!("Breaker owns the pivot {pivot}"));
        }
        if !self.on_board(pivot) {
            return Err(format!("the pivot {pivot} is off the board"));
        }
        if !self.maker.contains(&pivot) {
            return Ok(pivot);
        }
        // A replacement move: it still counts, and any free cell will do.
        self.game
            .replacement_moves
            .push(self.game.maker_moves.len());
        self.first_free(0, |_| true)
            .ok_or_else(|| "no free cell for a replacement move".to_string())
    }

    /// At a base card: the one cell of the placed Snaky Maker lacks.
    fn complete(&self, envelope: &[Cell], placement: Placement) -> Result<Cell, String> {
        let cells = placed_envelope(envelope, placement);
        if let Some(cell) = cells.iter().find(|c| self.breaker.contains(c)) {
            return Err(format!("Breaker owns the Snaky cell {cell}"));
        }
        let missing: Vec<Cell> = cells
            .into_iter()
            .filter(|c| !self.maker.contains(c))
            .collect();
        match missing.as_slice() {
            [cell] if self.on_board(*cell) => Ok(*cell),
            _ => Err(format!(
                "the base card lacks {missing:?}: Maker can claim exactly one cell on the board"
            )),
        }
    }

    /// The first free cell (on the board) in the replacement order that
    /// passes `ok`, searched over rings of growing radius.
    /// `beyond` bounds the radius of the cells `ok` rejects.
    fn first_free(&self, beyond: i32, ok: impl Fn(Cell) -> bool) -> Option<Cell> {
        // Every occupied or rejected cell lies within this radius; the ring
        // beyond it is all acceptable, so on the infinite grid the search
        // stops there.
        let taken_radius = self
            .maker
            .iter()
            .chain(&self.breaker)
            .map(|c| c.x.abs().max(c.y.abs()))
            .max()
            .unwrap_or(0);
        let limit = match self.board {
            Some(n) => n,
            None => taken_radius.max(beyond).saturating_add(1),
        };
        (0..=limit)
            .flat_map(ring)
            .find(|&cell| self.is_free(cell) && ok(cell))
    }

    fn reply(
        &mut self,
        kind: BreakerKind,
        target: usize,
        placement: Placement,
        last: Cell,
    ) -> Option<Cell> {
        let node = &self.strategy.targets[target];
        let envelope = placed_envelope(&node.envelope, placement);
        let inside: Vec<Cell> = envelope
            .iter()
            .copied()
            .filter(|&c| self.is_free(c))
            .collect();
        let in_envelope: HashSet<Cell> = envelope.iter().copied().collect();
        let radius = envelope
            .iter()
            .map(|c| c.x.abs().max(c.y.abs()))
            .max()
            .unwrap_or(0);
        let outside = || self.first_free(radius, |c| !in_envelope.contains(&c));
        match kind {
            BreakerKind::Far => outside(),
            BreakerKind::Random => {
                if inside.is_empty() {
                    outside()
                } else {
                    Some(inside[self.rng.below(inside.len() as u64) as usize])
                }
            }
            BreakerKind::Adjacent => NEIGHBOURS
                .iter()
                .map(|&(dx, dy)| Cell::new(last.x + dx, last.y + dy))
                .find(|&c| self.is_free(c))
                .or_else(|| inside.first().copied())
                .or_else(outside),
            BreakerKind::Computer => {
                let height = |cell: Cell| -> u32 {
                    let local = placement.inverse().apply(cell);
                    match node.answer(local) {
                        // No child avoids it: the strategy fails, the best
                        // a Breaker can do.
                        Some(None) => u32::MAX,
                        Some(Some(child)) => match &node.action {
                            Move::Combination { children, .. } => {
                                self.heights[children[child].target]
                            }
                            Move::Base { .. } => 0,
                        },
                        None => 0,
                    }
                };
                let mut best: Option<(u32, Cell)> = None;
                for cell in inside.iter().copied().chain(outside()) {
                    let h = height(cell);
                    if best.is_none_or(|(most, _)| h > most) {
                        best = Some((h, cell));
                    }
                }
                best.map(|(_, cell)| cell)
            }
        }
    }
}

/// E, N, W, S, then the diagonals NE, NW, SW, SE.
const NEIGHBOURS: [(i32, i32); 8] = [
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
    (1, -1),
];

/// The cells at Chebyshev radius `r`, in the replacement order.
fn ring(r: i32) -> Vec<Cell> {
    let mut cells: Vec<Cell> = (-r..=r)
        .flat_map(|x| (-r..=r).map(move |y| Cell::new(x, y)))
        .filter(|c| c.x.abs().max(c.y.abs()) == r)
        .collect();
    cells.sort_by_key(|&c| replacement_order(c));
    cells
}

fn placed_envelope(envelope: &[Cell], placement: Placement) -> Vec<Cell> {
    let mut cells: Vec<Cell> = envelope.iter().map(|&c| placement.apply(c)).collect();
    cells.sort_unstable();
    cells
}

/// A Snaky copy of Maker's through `cell`, by the rules: some R and t with
/// t + R(S) ⊆ Maker's cells and `cell` among them. The first found in the
/// order (orientation code, which cell of S is `cell`).
/// The translation the finite-board check names ("translated by (tx,ty)"):
/// derived as the checker derives it, by [`BoardFit`] from the final card's
/// envelope, which it puts at (0,0) (the identity for the paper's table).
pub fn board_placement(strategy: &Strategy) -> Placement {
    let envelope = strategy.root().envelope.iter().copied();
    let bounds = Bounds::of(envelope).unwrap_or(Bounds::point(Cell::new(0, 0)));
    Placement {
        orientation: Orientation::IDENTITY,
        offset: BoardFit::of(bounds, 0, None).translation,
    }
}

/// [`shape_through`] for Snaky.
pub fn snaky_through(maker: &HashSet<Cell>, cell: Cell) -> Option<SnakyCopy> {
    shape_through(&Shape::snaky(), maker, cell)
}

/// A copy t + R(P) of the shape through `cell`, as for Snaky.
pub fn shape_through(shape: &Shape, maker: &HashSet<Cell>, cell: Cell) -> Option<SnakyCopy> {
    for orientation in Orientation::ALL {
        for &s in shape.cells() {
            let image = orientation.apply(s);
            let offset = Cell::new(cell.x - image.x, cell.y - image.y);
            let placement = Placement {
                orientation,
                offset,
            };
            let cells: Vec<Cell> = shape.cells().iter().map(|&c| placement.apply(c)).collect();
            if cells.iter().all(|c| maker.contains(c)) {
                let mut cells = cells;
                cells.sort_unstable();
                return Some(SnakyCopy {
                    orientation: orientation.code(),
                    offset,
                    cells,
                });
            }
        }
    }
    None
}

/// SplitMix64 (Steele, Lea and Flood 2014; the generator of Java's
/// `SplittableRandom`): tiny, well studied, and fixed here forever, so a
/// seed names the same games on every machine and version.
#[derive(Debug, Clone)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in 0..n (n ≥ 1), by rejection so that no value is favoured.
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let value = self.next_u64();
            if value < zone {
                return value % n;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference_sequence() {
        // The first outputs for seed 1234567 of the reference C implementation.
        let mut rng = SplitMix64(1234567);
        assert_eq!(rng.next_u64(), 6457827717110365317);
        assert_eq!(rng.next_u64(), 3203168211198807973);
    }

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut rng = SplitMix64(7);
        let mut seen = [0u32; 5];
        for _ in 0..1000 {
            seen[rng.below(5) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 150), "{seen:?}");
    }

    #[test]
    fn snaky_is_found_in_every_orientation_and_only_when_complete() {
        for orientation in Orientation::ALL {
            let placement = Placement {
                orientation,
                offset: Cell::new(3, -2),
            };
            let snaky = Shape::snaky();
            let cells: Vec<Cell> = snaky.cells().iter().map(|&c| placement.apply(c)).collect();
            let mut maker: HashSet<Cell> = cells[..5].iter().copied().collect();
            assert_eq!(shape_through(&snaky, &maker, cells[4]), None);
            maker.insert(cells[5]);
            let copy = shape_through(&snaky, &maker, cells[5]).expect("complete copy");
            assert_eq!(copy.orientation, orientation.code());
            assert_eq!(copy.offset, Cell::new(3, -2));
        }
    }

    #[test]
    fn replies_parse_and_bad_ones_are_named() {
        assert_eq!(
            parse_replies("7,8 8,6").unwrap(),
            vec![Cell::new(7, 8), Cell::new(8, 6)]
        );
        assert_eq!(
            parse_replies("7;8"),
            Err(PlayError::BadReply("7;8".to_string()))
        );
        for far in ["2147483647,0", "0,-2147483648", "1000001,0"] {
            assert_eq!(
                parse_replies(far),
                Err(PlayError::BadReply(far.to_string()))
            );
        }
        assert_eq!(
            parse_replies("-1000000,1000000").unwrap(),
            vec![Cell::new(-1_000_000, 1_000_000)]
        );
    }
}

/// Why `gamecert snaky play` could not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayTableError {
    #[error(transparent)]
    Load(#[from] super::strategy::LoadError),
    #[error(transparent)]
    Play(#[from] PlayError),
}

/// Load the table in `bytes` and play it as `options` say.
pub fn play_table(bytes: &[u8], options: &PlayOptions) -> Result<PlayReport, PlayTableError> {
    let (evaluation, strategy) = super::strategy::load_for(bytes, &options.shape)?;
    Ok(play(&strategy, &heights(&evaluation), options)?)
}

/// The report as deterministic JSON.
pub fn play_json(report: &PlayReport) -> String {
    crate::cert::to_certificate_json(report, 1).expect("play reports serialise")
}

/// The human-readable report: the moves of a single game, or the
/// histogram of game lengths.
pub fn play_summary(report: &PlayReport) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let board = match report.board {
        None => "the infinite grid".to_string(),
        Some(n) if report.translation.is_origin() => format!("the {n}x{n} board"),
        Some(n) => format!(
            "the {n}x{n} board (the table translated by {})",
            report.translation
        ),
    };
    let seed = if report.breaker == "random" {
        format!(", seed {}", report.seed)
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "{} play: {} game(s), {} Breaker on {board}{seed}",
        report.heading, report.games, report.breaker
    );
    if let Some(game) = &report.game {
        for (number, maker) in game.maker_moves.iter().enumerate() {
            let replacement = if game.replacement_moves.contains(&number) {
                " (replacement)"
            } else {
                ""
            };
            let breaker = game
                .breaker_moves
                .get(number)
                .map_or(String::new(), |c| format!("Breaker {c}"));
            let node = game.nodes.get(number).map_or("", String::as_str);
            let _ = writeln!(
                out,
                "  {:>3}. Maker {:<22} {breaker:<16} at {node}",
                number + 1,
                format!("{maker}{replacement}"),
            );
        }
        match (&game.end, &game.snaky) {
            (GameEnd::Won, Some(copy)) => {
                let _ = writeln!(
                    out,
                    "  {:<6} t = {}, R = code {}: {:?}",
                    report.shape, copy.offset, copy.orientation, copy.cells
                );
            }
            (GameEnd::StrategyFailed(reason), _) => {
                let _ = writeln!(out, "  FAIL   {reason}");
            }
            _ => {}
        }
    } else {
        let _ = writeln!(out, "  length  games");
        for (length, count) in &report.histogram {
            let _ = writeln!(out, "  {length:>6}  {count:>5}");
        }
    }
    let _ = writeln!(
        out,
        "{}: Maker won {} of {} game(s), longest {} Maker moves (bound {})",
        if report.holds() { "WON" } else { "NOT WON" },
        report.wins,
        report.games,
        report.max_maker_moves,
        report.bound
    );
    out
}
