//! The replay of an owner's strategy table against every reply of the
//! opponent (module text of `board` says which replies and why passes
//! suffice).

use super::game::{Game, Imaged};
use super::{name, Cells, Claim, Entry, Fault};
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// Positions hashed by multiply-and-rotate over their words (FxHash's
/// scheme): SipHash's defence against chosen keys buys nothing here (a
/// certificate whose positions collide only audits slowly) and it took a
/// quarter of the audit of the largest table.
#[derive(Default)]
pub(super) struct PositionHasher(u64);

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

pub(super) type Positions<V> = HashMap<(Cells, Cells), V, BuildHasherDefault<PositionHasher>>;
type Seen = HashSet<(Cells, Cells), BuildHasherDefault<PositionHasher>>;

pub(super) struct Replay<'a> {
    game: &'a Game,
    /// Each entry, keyed by its canonical position, and whether the replay
    /// has used it.
    entries: Positions<(Entry, bool)>,
    claim: Claim,
    /// Positions already replayed with the table's owner to move, and with
    /// the opponent to move (two sets: a flag in the key would pad it by 16
    /// bytes, and the largest table visits over half a million positions).
    seen_owner: Seen,
    seen_opponent: Seen,
    pub(super) positions: usize,
}

impl<'a> Replay<'a> {
    pub(super) fn new(game: &'a Game, entries: Positions<Entry>, claim: Claim) -> Self {
        Replay {
            game,
            entries: entries.into_iter().map(|(k, e)| (k, (e, false))).collect(),
            claim,
            seen_owner: Seen::default(),
            seen_opponent: Seen::default(),
            positions: 0,
        }
    }

    /// Replays the whole game from the empty board; returns how many
    /// entries the replay never used (harmless: an entry is only ever
    /// consulted for the position it names, and every used one is checked).
    pub(super) fn run(&mut self) -> Result<usize, Fault> {
        let empty = self.game.imaged(0, 0);
        match self.claim {
            Claim::Wins(_) => self.owner(&empty)?,
            _ => self.opponent(&empty)?,
        }
        Ok(self.unused())
    }

    /// Replays the second player's table after each of `first_moves`
    /// (the second player to move); returns the entries never used.
    pub(super) fn run_after(&mut self, first_moves: &[u64]) -> Result<usize, Fault> {
        for &cell in first_moves {
            let first: Cells = 1 << cell;
            if self.game.completes(first) {
                return Err(Fault::OpponentCompletes {
                    position: name(0, 0),
                    cell: Some(cell),
                });
            }
            self.owner(&self.game.imaged(first, 0))?;
        }
        Ok(self.unused())
    }

    /// The entries the replay never used.
    fn unused(&self) -> usize {
        self.entries.values().filter(|(_, used)| !used).count()
    }

    fn first_owns(&self) -> bool {
        matches!(self.claim, Claim::Wins(_))
    }

    /// How many more cells of its own the first player may still claim
    /// within the claim's bound (unbounded for `first-does-not-win`).
    fn horizon(&self, first: Cells) -> u32 {
        match self.claim {
            Claim::Wins(bound) | Claim::NoWinWithin(bound) => {
                bound.saturating_sub(first.count_ones())
            }
            Claim::NeverWins => u32::MAX,
        }
    }

    /// The relevant free cells. The second player's own sets count
    /// without a horizon in its tables (a larger relevant set only adds
    /// replies to check); in the first player's table they count while the
    /// second player could still complete them before the bound runs out.
    fn relevant(&self, first: Cells, second: Cells) -> Cells {
        let horizon = self.horizon(first);
        let second_horizon = if self.first_owns() { horizon } else { u32::MAX };
        self.game.relevant(first, second, horizon, second_horizon)
    }

    /// The entry of the position whose least image is `key`, given by
    /// `symmetry`, mapped back; marks it used.
    fn entry(&mut self, symmetry: &[usize], key: (Cells, Cells)) -> Option<Entry> {
        let (entry, used) = self.entries.get_mut(&key)?;
        *used = true;
        let back = |cell: u64| {
            (symmetry.iter())
                .position(|&c| c as u64 == cell)
                .map_or(u64::MAX, |c| c as u64)
        };
        Some(match entry {
            Entry::Move(cell) => Entry::Move(back(*cell)),
            Entry::Pairing(pairs) => {
                Entry::Pairing(pairs.iter().map(|&(a, b)| (back(a), back(b))).collect())
            }
        })
    }

    /// The second player's table is done: the first player can complete
    /// no set within the horizon, the second has completed one (strong
    /// game), or the Erdős–Selfridge weight of the sets the first player
    /// can still complete within the horizon is below the threshold.
    fn second_safe(&self, first: Cells, second: Cells, first_to_move: bool) -> bool {
        let free = self.game.all() & !(first | second);
        let horizon = self.horizon(first);
        let mut weight: u128 = 0;
        for &set in &self.game.sets {
            if self.game.strong && set & first == 0 && set & second == set {
                return true;
            }
            let missing = (set & free).count_ones();
            if set & second == 0 && missing <= horizon {
                weight = weight.saturating_add(if missing > 100 {
                    1
                } else {
                    (1u128 << 100) >> missing
                });
            }
        }
        weight < if first_to_move { 1 << 99 } else { 1 << 100 }
    }

    fn owner(&mut self, position: &Imaged) -> Result<(), Fault> {
        let (first, second) = (position.first, position.second);
        let (symmetry, key) = self.game.least_of(position);
        if !self.seen_owner.insert(key) {
            return Ok(());
        }
        self.positions += 1;
        let first_owns = self.first_owns();
        if !first_owns && self.second_safe(first, second, false) {
            return Ok(());
        }
        if let Claim::Wins(bound) = self.claim {
            if self.horizon(first) == 0 {
                return Err(Fault::BoundExceeded {
                    position: name(first, second),
                    bound: u64::from(bound),
                });
            }
        }
        let cell = match self.entry(symmetry, key) {
            // The first player completes a set at once: the line is won
            // whichever completion it takes, so the table need not name
            // one (the bound leaves it a move, checked above; a second
            // player's completion ended the game at its move).
            None if first_owns && self.game.completes_next(first, second) => return Ok(()),
            None => {
                return Err(Fault::MissingEntry {
                    position: name(first, second),
                })
            }
            Some(Entry::Pairing(pairs)) if !first_owns => {
                return self.check_pairing(first, second, &pairs)
            }
            Some(Entry::Pairing(_)) => {
                return Err(Fault::Malformed(format!(
                    "position {}: a pairing in the first player's table",
                    name(first, second)
                )))
            }
            Some(Entry::Move(cell)) => cell,
        };
        self.check_move(first, second, cell)?;
        let next = self.game.play(position, cell as usize, first_owns);
        if first_owns && self.game.completes(next.first) {
            return Ok(());
        }
        self.opponent(&next)
    }

    /// The owner's move is a free cell of a relevant set.
    fn check_move(&self, first: Cells, second: Cells, cell: u64) -> Result<(), Fault> {
        let free = self.game.all() & !(first | second);
        if cell >= self.game.cells as u64 || free >> cell & 1 == 0 {
            return Err(Fault::TakenCell {
                position: name(first, second),
                cell,
            });
        }
        if self.relevant(first, second) >> cell & 1 == 0 {
            return Err(Fault::DeadMove {
                position: name(first, second),
                cell,
            });
        }
        Ok(())
    }

    fn opponent(&mut self, position: &Imaged) -> Result<(), Fault> {
        let (first, second) = (position.first, position.second);
        let (symmetry, key) = self.game.least_of(position);
        if !self.seen_opponent.insert(key) {
            return Ok(());
        }
        let first_owns = self.first_owns();
        let free = self.game.all() & !(first | second);
        if first_owns && free == 0 {
            // The board is full and the first player has completed nothing:
            // a draw in the strong game, the second player's win in the weak.
            return Err(Fault::BoardFull {
                position: name(first, second),
            });
        }
        if !first_owns && self.second_safe(first, second, true) {
            return Ok(());
        }
        // A pairing leaf with the first player to move: the second player
        // answers each cell with its partner (checked exactly as when the
        // second player is to move, which only adds a tempo).
        if !first_owns {
            if let Some(Entry::Pairing(pairs)) = self.entry(symmetry, key) {
                self.positions += 1;
                return self.check_pairing(first, second, &pairs);
            }
        }
        let relevant = self.relevant(first, second);
        // The replies that complete a set of the opponent's (its own sets
        // count in the strong game, or when the opponent is the first
        // player), found in one pass for all of them.
        let completing = match (first_owns, self.game.strong) {
            (true, true) => self.game.completing_cells(second),
            (true, false) => 0,
            (false, _) => self.game.completing_cells(first),
        };
        for cell in (0..self.game.cells).filter(|&c| relevant >> c & 1 == 1) {
            if completing >> cell & 1 == 1 {
                return Err(Fault::OpponentCompletes {
                    position: name(first, second),
                    cell: Some(cell as u64),
                });
            }
            self.owner(&self.game.play(position, cell, !first_owns))?;
        }
        if free & !relevant != 0 {
            self.owner(position)?;
        }
        Ok(())
    }

    /// A pairing leaf: every set the first player could still complete
    /// within the horizon holds a whole pair of free cells.
    fn check_pairing(
        &self,
        first: Cells,
        second: Cells,
        pairs: &[(u64, u64)],
    ) -> Result<(), Fault> {
        check_pairing(self.game, first, second, self.horizon(first), pairs)
    }
}

/// Whether `pairs` is a pairing of free cells such that every set with no
/// second-player cell, missing at most `horizon` cells, contains a whole
/// pair (the first player can then complete none of them: each cell it
/// takes is answered by its partner; a set missing more cannot be
/// completed within the horizon anyway).
pub(super) fn check_pairing(
    game: &Game,
    first: Cells,
    second: Cells,
    horizon: u32,
    pairs: &[(u64, u64)],
) -> Result<(), Fault> {
    let position = name(first, second);
    let fault = |message: String| Fault::PairingFault {
        position: position.clone(),
        message,
    };
    let free = game.all() & !(first | second);
    let mut used: Cells = 0;
    let mut masks = Vec::with_capacity(pairs.len().min(64));
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
        let live = set & second == 0 && (set & free).count_ones() <= horizon;
        if live && !masks.iter().any(|&pair| pair & !set == 0) {
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
