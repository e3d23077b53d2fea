//! The independent auditor of a finite-board achievement-game certificate
//! (kind "board"). It reads the JSON alone and shares no code with the
//! solver: the winning sets (placements of the polyomino, or lines of k) and
//! the board symmetries are rebuilt here, and the owner's strategy table is
//! replayed against every reply of the opponent.
//!
//! The opponent may claim any free cell that is not dead, and may pass when
//! a dead free cell exists. A dead cell lies in no relevant set, so claiming
//! it changes nothing but the turn; a pass stands for it. Relevant sets:
//! - first player's table, move bound B, r = B - (first's cells): sets with
//!   no second cell missing at most r first cells, and (strong game) sets
//!   with no first cell missing at most r second cells (the second player
//!   cannot complete a larger one before the first player's bound runs out);
//! - second player's table: sets with no second cell, and (strong) sets
//!   with no first cell.
//!
//! The second player's table may end a line early with a pairing (every
//! live set contains a whole pair, checked here; the pairing may sit at a
//! position with either player to move) or where the live sets'
//! weight sum of 2^-missing is below 1/2 with the first player to move (1
//! with the second), which is Erdős and Selfridge's theorem (1973).

use crate::{AuditReport, Failure};
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

/// Positions hashed by multiply-and-rotate over their words (FxHash's
/// scheme): SipHash's defence against chosen keys buys nothing here (a
/// certificate whose positions collide only audits slowly) and it took a
/// quarter of the audit of the largest table.
#[derive(Default)]
struct PositionHasher(u64);

impl PositionHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for PositionHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u128(&mut self, n: u128) {
        self.add(n as u64);
        self.add((n >> 64) as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type Positions<V> = HashMap<(Cells, Cells), V, BuildHasherDefault<PositionHasher>>;
type Seen = HashSet<(Cells, Cells), BuildHasherDefault<PositionHasher>>;

/// The certificate format version this auditor reads.
pub const FORMAT: u64 = 1;

type Cells = u128;

/// A failed obligation, naming the position at fault as
/// `"<first cells hex>.<second cells hex>"` (bit i = cell i = y * width + x).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// A field is missing or malformed.
    Malformed(String),
    /// The table's move is off the board or onto a taken cell.
    TakenCell { position: String, cell: u64 },
    /// The table's move is on a dead cell (in no relevant set), which a
    /// passing opponent may in truth hold.
    DeadMove { position: String, cell: u64 },
    /// The owner is to move and the table has no entry for the position.
    MissingEntry { position: String },
    /// The first player's bound runs out without a completed set.
    BoundExceeded { position: String, bound: u64 },
    /// The opponent completes a set against the table (the reply is named).
    OpponentCompletes { position: String, cell: Option<u64> },
    /// A pairing reuses a cell, names a taken cell, or misses a set.
    PairingFault { position: String, message: String },
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Malformed(message) => write!(f, "malformed board certificate: {message}"),
            Fault::TakenCell { position, cell } => {
                write!(f, "position {position}: the table's move {cell} is not a free cell")
            }
            Fault::DeadMove { position, cell } => {
                write!(f, "position {position}: the table's move {cell} is on a dead cell")
            }
            Fault::MissingEntry { position } => {
                write!(f, "position {position}: the table has no move (a reply is not covered)")
            }
            Fault::BoundExceeded { position, bound } => write!(
                f,
                "position {position}: the first player has used its {bound} moves without completing a set"
            ),
            Fault::OpponentCompletes { position, cell } => match cell {
                Some(cell) => write!(f, "position {position}: the reply {cell} completes a set against the table"),
                None => write!(f, "position {position}: the opponent completes a set against the table"),
            },
            Fault::PairingFault { position, message } => {
                write!(f, "position {position}: pairing: {message}")
            }
        }
    }
}

fn name(first: Cells, second: Cells) -> String {
    format!("{first:x}.{second:x}")
}

enum Entry {
    Move(u64),
    Pairing(Box<[(u64, u64)]>),
}

struct Game {
    cells: usize,
    strong: bool,
    sets: Vec<Cells>,
    symmetries: Vec<Vec<usize>>,
}

impl Game {
    fn all(&self) -> Cells {
        if self.cells == 128 {
            Cells::MAX
        } else {
            (1 << self.cells) - 1
        }
    }

    /// The image of `cells` under `symmetry`, visiting only the set bits
    /// (a position holds a few stones of a board of up to 128 cells); bits
    /// beyond the board are dropped.
    fn map(&self, symmetry: &[usize], cells: Cells) -> Cells {
        let mut image = 0;
        let mut rest = cells;
        while rest != 0 {
            if let Some(&to) = symmetry.get(rest.trailing_zeros() as usize) {
                image |= 1 << to;
            }
            rest &= rest - 1;
        }
        image
    }

    fn canonical(&self, first: Cells, second: Cells) -> (Cells, Cells) {
        self.symmetries
            .iter()
            .map(|s| (self.map(s, first), self.map(s, second)))
            .min()
            .unwrap_or((first, second))
    }

    fn completes(&self, cells: Cells) -> bool {
        self.sets.iter().any(|&set| set & !cells == 0)
    }

    /// Free cells of the relevant sets (module text); `horizon` bounds the
    /// missing cells of a relevant set.
    fn relevant(&self, first: Cells, second: Cells, horizon: u32) -> Cells {
        let free = self.all() & !(first | second);
        let mut out = 0;
        for &set in &self.sets {
            if set & second == 0 && (set & free).count_ones() <= horizon {
                out |= set & free;
            }
            if self.strong && set & first == 0 && (set & free).count_ones() <= horizon {
                out |= set & free;
            }
        }
        out
    }
}

/// Parses the board and rebuilds its winning sets and symmetries.
fn game_from_json(json: &Value) -> Result<Game, String> {
    let board = json.get("board").ok_or("no \"board\" object")?;
    let size = |field: &str| -> Result<usize, String> {
        board
            .get(field)
            .and_then(Value::as_u64)
            .filter(|&v| (1..=128).contains(&v))
            .map(|v| v as usize)
            .ok_or_else(|| format!("board.{field} is not a whole number 1..=128"))
    };
    let (width, height) = (size("width")?, size("height")?);
    if width * height > 128 {
        return Err(format!("a {width}x{height} board has more than 128 cells"));
    }
    let strong = match json.get("game").and_then(Value::as_str) {
        Some("weak") => false,
        Some("strong") => true,
        _ => return Err("\"game\" is neither \"weak\" nor \"strong\"".to_string()),
    };
    let shapes: Vec<Vec<(i64, i64)>> = match board.get("family").and_then(Value::as_str) {
        Some("polyomino") => orientations(&polyomino_cells(board)?),
        Some("lines") => {
            let k = board
                .get("k")
                .and_then(Value::as_u64)
                .filter(|&k| (1..=128).contains(&k));
            let k = k.ok_or("board.k is not a whole number 1..=128")? as i64;
            let mut lines: Vec<Vec<(i64, i64)>> = [(1, 0), (0, 1), (1, 1), (1, -1)]
                .iter()
                .map(|&(dx, dy)| (0..k).map(|i| (dx * i, dy * i)).collect())
                .collect();
            lines.dedup();
            lines
        }
        _ => return Err("board.family is neither \"polyomino\" nor \"lines\"".to_string()),
    };
    let mut sets = Vec::new();
    for shape in &shapes {
        for ty in -(height as i64)..height as i64 {
            for tx in -(width as i64)..width as i64 {
                let placed: Option<Cells> = shape.iter().try_fold(0, |acc, &(x, y)| {
                    let (x, y) = (x + tx, y + ty);
                    let inside = x >= 0 && y >= 0 && x < width as i64 && y < height as i64;
                    inside.then(|| acc | 1 << (y as usize * width + x as usize))
                });
                sets.extend(placed);
            }
        }
    }
    sets.sort_unstable();
    sets.dedup();
    if sets.is_empty() {
        return Err("no winning set fits on the board".to_string());
    }
    let symmetries = symmetries(width, height)
        .into_iter()
        .filter(|symmetry| {
            let mut images: Vec<Cells> = sets
                .iter()
                .map(|&set| {
                    (0..width * height)
                        .filter(|&c| set >> c & 1 == 1)
                        .fold(0, |acc, c| acc | 1 << symmetry[c])
                })
                .collect();
            images.sort_unstable();
            images == sets
        })
        .collect();
    Ok(Game {
        cells: width * height,
        strong,
        sets,
        symmetries,
    })
}

fn polyomino_cells(board: &Value) -> Result<Vec<(i64, i64)>, String> {
    let cells = board
        .get("cells")
        .and_then(Value::as_array)
        .ok_or("board.cells is not an array")?;
    let mut out = Vec::new();
    for cell in cells {
        let pair = cell.as_array().filter(|p| p.len() == 2);
        let x = pair
            .and_then(|p| p[0].as_i64())
            .filter(|v| (0..=64).contains(v));
        let y = pair
            .and_then(|p| p[1].as_i64())
            .filter(|v| (0..=64).contains(v));
        match (x, y) {
            (Some(x), Some(y)) => out.push((x, y)),
            _ => {
                return Err(format!(
                    "board.cells entry {cell} is not [x, y] with 0 <= x, y <= 64"
                ))
            }
        }
    }
    if out.is_empty() {
        return Err("board.cells is empty".to_string());
    }
    Ok(out)
}

/// The eight images of a cell set under rotation and reflection.
fn orientations(cells: &[(i64, i64)]) -> Vec<Vec<(i64, i64)>> {
    let mut out = Vec::new();
    for swap in [false, true] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let mut image: Vec<(i64, i64)> = cells
                    .iter()
                    .map(|&(x, y)| {
                        if swap {
                            (y * sx, x * sy)
                        } else {
                            (x * sx, y * sy)
                        }
                    })
                    .collect();
                image.sort_unstable();
                out.push(image);
            }
        }
    }
    out
}

/// The grid's rotations and reflections as cell images (8 on a square, 4
/// otherwise); only those preserving the sets are kept by the caller.
fn symmetries(width: usize, height: usize) -> Vec<Vec<usize>> {
    let (w, h) = (width, height);
    let mut out = Vec::new();
    for transform in 0..8 {
        if w != h && transform >= 4 {
            break;
        }
        let image = (0..w * h)
            .map(|cell| {
                let (x, y) = (cell % w, cell / w);
                let (nx, ny) = match transform {
                    0 => (x, y),
                    1 => (w - 1 - x, y),
                    2 => (x, h - 1 - y),
                    3 => (w - 1 - x, h - 1 - y),
                    4 => (y, x),
                    5 => (h - 1 - y, x),
                    6 => (y, w - 1 - x),
                    _ => (h - 1 - y, w - 1 - x),
                };
                ny * w + nx
            })
            .collect();
        out.push(image);
    }
    out
}

fn parse_entries(json: &Value) -> Result<Positions<Entry>, String> {
    let table = json
        .get("strategy")
        .and_then(Value::as_object)
        .ok_or("\"strategy\" is not an object")?;
    let mut out = Positions::with_capacity_and_hasher(table.len(), Default::default());
    for (key, entry) in table {
        let parsed = key.split_once('.').and_then(|(a, b)| {
            Some((
                Cells::from_str_radix(a, 16).ok()?,
                Cells::from_str_radix(b, 16).ok()?,
            ))
        });
        let position =
            parsed.ok_or_else(|| format!("strategy key {key:?} is not \"<hex>.<hex>\""))?;
        let entry = if let Some(cell) = entry.as_u64() {
            Entry::Move(cell)
        } else {
            Entry::Pairing(
                pairs(entry)
                    .ok_or_else(|| {
                        format!("strategy entry {key:?} is neither a cell nor a pairing")
                    })?
                    .into(),
            )
        };
        out.insert(position, entry);
    }
    Ok(out)
}

fn pairs(value: &Value) -> Option<Vec<(u64, u64)>> {
    value
        .as_array()?
        .iter()
        .map(|pair| {
            let pair = pair.as_array().filter(|p| p.len() == 2)?;
            Some((pair[0].as_u64()?, pair[1].as_u64()?))
        })
        .collect()
}

/// Whether `pairs` is a pairing of free cells such that every set the first
/// player can still complete contains a whole pair.
fn check_pairing(
    game: &Game,
    first: Cells,
    second: Cells,
    pairs: &[(u64, u64)],
) -> Result<(), Fault> {
    let position = name(first, second);
    let fault = |message: String| Fault::PairingFault {
        position: position.clone(),
        message,
    };
    let free = game.all() & !(first | second);
    let mut used: Cells = 0;
    let mut masks = Vec::new();
    for &(a, b) in pairs {
        for cell in [a, b] {
            if cell >= game.cells as u64 || free >> cell & 1 == 0 || used >> cell & 1 == 1 {
                return Err(fault(format!(
                    "cell {cell} is not a free cell of its own pair"
                )));
            }
            used |= 1 << cell;
        }
        masks.push(1u128 << a | 1u128 << b);
    }
    for &set in &game.sets {
        if set & second == 0 && !masks.iter().any(|&pair| pair & !set == 0) {
            let cells: Vec<String> = (0..game.cells)
                .filter(|&c| set >> c & 1 == 1)
                .map(|c| c.to_string())
                .collect();
            return Err(fault(format!(
                "the set {{{}}} contains no pair",
                cells.join(", ")
            )));
        }
    }
    Ok(())
}

struct Replay<'a> {
    game: &'a Game,
    entries: Positions<Entry>,
    /// The first player's move bound; `None` for the second player's table.
    bound: Option<u32>,
    /// Positions already replayed with the table's owner to move, and with
    /// the opponent to move (two sets: a flag in the key would pad it by 16
    /// bytes, and the largest table visits over half a million positions).
    seen_owner: Seen,
    seen_opponent: Seen,
    positions: usize,
}

impl Replay<'_> {
    fn horizon(&self, first: Cells) -> u32 {
        self.bound
            .map_or(u32::MAX, |b| b.saturating_sub(first.count_ones()))
    }

    fn first_moves_owner(&self) -> bool {
        self.bound.is_some()
    }

    /// The entry of the position under some symmetry, mapped back.
    fn entry(&self, first: Cells, second: Cells) -> Option<Entry> {
        for symmetry in &self.game.symmetries {
            let image = (
                self.game.map(symmetry, first),
                self.game.map(symmetry, second),
            );
            if let Some(entry) = self.entries.get(&image) {
                let back = |cell: u64| {
                    symmetry
                        .iter()
                        .position(|&c| c as u64 == cell)
                        .map_or(u64::MAX, |c| c as u64)
                };
                return Some(match entry {
                    Entry::Move(cell) => Entry::Move(back(*cell)),
                    Entry::Pairing(pairs) => {
                        Entry::Pairing(pairs.iter().map(|&(a, b)| (back(a), back(b))).collect())
                    }
                });
            }
        }
        None
    }

    /// The second player's table is done: the first player can no longer
    /// complete a set, the second has completed one (strong game), or the
    /// Erdős–Selfridge weight is below the threshold.
    fn second_safe(&self, first: Cells, second: Cells, first_to_move: bool) -> bool {
        let free = self.game.all() & !(first | second);
        let mut weight: u128 = 0;
        for &set in &self.game.sets {
            if self.game.strong && set & first == 0 && set & second == set {
                return true;
            }
            if set & second == 0 {
                let missing = (set & free).count_ones();
                weight = weight.saturating_add(if missing > 100 {
                    1
                } else {
                    (1u128 << 100) >> missing
                });
            }
        }
        weight < if first_to_move { 1 << 99 } else { 1 << 100 }
    }

    fn owner(&mut self, first: Cells, second: Cells) -> Result<(), Fault> {
        if !self.seen_owner.insert(self.game.canonical(first, second)) {
            return Ok(());
        }
        self.positions += 1;
        let owner_first = self.first_moves_owner();
        if !owner_first && self.second_safe(first, second, false) {
            return Ok(());
        }
        if owner_first && self.horizon(first) == 0 {
            let bound = u64::from(self.bound.unwrap_or(0));
            return Err(Fault::BoundExceeded {
                position: name(first, second),
                bound,
            });
        }
        let cell = match self.entry(first, second) {
            None => {
                return Err(Fault::MissingEntry {
                    position: name(first, second),
                })
            }
            Some(Entry::Pairing(pairs)) if !owner_first => {
                return check_pairing(self.game, first, second, &pairs)
            }
            Some(Entry::Pairing(_)) => {
                return Err(Fault::Malformed(format!(
                    "position {}: a pairing in the first player's table",
                    name(first, second)
                )))
            }
            Some(Entry::Move(cell)) => cell,
        };
        let free = self.game.all() & !(first | second);
        if cell >= self.game.cells as u64 || free >> cell & 1 == 0 {
            return Err(Fault::TakenCell {
                position: name(first, second),
                cell,
            });
        }
        if self.game.relevant(first, second, self.horizon(first)) >> cell & 1 == 0 {
            return Err(Fault::DeadMove {
                position: name(first, second),
                cell,
            });
        }
        if owner_first {
            let first = first | 1 << cell;
            if self.game.completes(first) {
                return Ok(());
            }
            self.opponent(first, second)
        } else {
            self.opponent(first, second | 1 << cell)
        }
    }

    fn opponent(&mut self, first: Cells, second: Cells) -> Result<(), Fault> {
        if !self
            .seen_opponent
            .insert(self.game.canonical(first, second))
        {
            return Ok(());
        }
        let owner_first = self.first_moves_owner();
        if !owner_first && self.second_safe(first, second, true) {
            return Ok(());
        }
        // A pairing leaf with the first player to move: the second player
        // answers each cell with its partner (checked exactly as when the
        // second player is to move, which only adds a tempo).
        if !owner_first {
            if let Some(Entry::Pairing(pairs)) = self.entry(first, second) {
                self.positions += 1;
                return check_pairing(self.game, first, second, &pairs);
            }
        }
        let free = self.game.all() & !(first | second);
        let relevant = self.game.relevant(first, second, self.horizon(first));
        for cell in (0..self.game.cells).filter(|&c| relevant >> c & 1 == 1) {
            let (f, s) = if owner_first {
                (first, second | 1 << cell)
            } else {
                (first | 1 << cell, second)
            };
            let completed = if owner_first {
                self.game.strong && self.game.completes(s)
            } else {
                self.game.completes(f)
            };
            if completed {
                return Err(Fault::OpponentCompletes {
                    position: name(first, second),
                    cell: Some(cell as u64),
                });
            }
            self.owner(f, s)?;
        }
        if free & !relevant != 0 {
            self.owner(first, second)?;
        }
        Ok(())
    }
}

/// Audits a board certificate.
pub fn audit(json: &Value) -> AuditReport {
    let mut report = AuditReport {
        kind: "board".to_string(),
        checked: Vec::new(),
        failures: Vec::new(),
    };
    if let Err(fault) = audit_faults(json, &mut report.checked) {
        report.failures.push(Failure::Board(fault));
    }
    report
}

fn audit_faults(json: &Value, checked: &mut Vec<String>) -> Result<(), Fault> {
    let game = game_from_json(json).map_err(Fault::Malformed)?;
    let title = json
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or("board")
        .to_string();
    let bound = match json.get("claim").and_then(Value::as_str) {
        Some("first-wins") => {
            let bound = json
                .get("move_bound")
                .and_then(Value::as_u64)
                .filter(|b| (1..=128).contains(b));
            Some(bound.ok_or_else(|| {
                Fault::Malformed("\"move_bound\" is not a whole number 1..=128".to_string())
            })? as u32)
        }
        Some("first-does-not-win") => None,
        _ => {
            return Err(Fault::Malformed(
                "\"claim\" is neither \"first-wins\" nor \"first-does-not-win\"".to_string(),
            ))
        }
    };
    checked.push(format!(
        "{title}: {} winning sets and {} symmetries rebuilt",
        game.sets.len(),
        game.symmetries.len()
    ));
    if bound.is_none() {
        if let Some(root) = json.get("pairing").filter(|p| !p.is_null()) {
            let pairs = pairs(root).ok_or_else(|| {
                Fault::Malformed("\"pairing\" is not a list of cell pairs".to_string())
            })?;
            check_pairing(&game, 0, 0, &pairs)?;
            checked.push(format!(
                "{title}: the pairing of {} pairs meets every winning set",
                pairs.len()
            ));
            return Ok(());
        }
    }
    let entries = parse_entries(json).map_err(Fault::Malformed)?;
    let count = entries.len();
    let mut replay = Replay {
        game: &game,
        entries,
        bound,
        seen_owner: Seen::default(),
        seen_opponent: Seen::default(),
        positions: 0,
    };
    match bound {
        Some(_) => replay.owner(0, 0)?,
        None => replay.opponent(0, 0)?,
    }
    checked.push(match bound {
        Some(b) => format!(
            "{title}: the first player's table ({count} entries) completes a set within {b} moves against every reply ({} positions)",
            replay.positions
        ),
        None => format!(
            "{title}: the second player's table ({count} entries) stops every first-player completion ({} positions)",
            replay.positions
        ),
    });
    Ok(())
}
