//! The auditor's own rules of one-dimensional chess: positions as rows of
//! squares, the legal moves, the game's end, and a plain count and solve of
//! the reachable positions. Written against the rules, sharing nothing with
//! the engine.

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

/// The largest board a position can describe.
pub const MAX_SQUARES: usize = 64;

/// A position: the row of squares 1..n (`K N R` White, `k n r` Black, `.`
/// empty; squares past n stay `.`) and the side to move. Plain bytes, so
/// copying one allocates nothing.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pos {
    cells: [u8; MAX_SQUARES],
    squares: u8,
    pub white: bool,
}

impl fmt::Debug for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.show())
    }
}

impl Pos {
    pub fn start(squares: usize) -> Pos {
        let mut cells = [b'.'; MAX_SQUARES];
        cells[..3].copy_from_slice(b"KNR");
        cells[squares - 3..squares].copy_from_slice(b"rnk");
        Pos {
            cells,
            squares: squares as u8,
            white: true,
        }
    }

    pub fn row(&self) -> &[u8] {
        &self.cells[..self.squares as usize]
    }

    pub fn parse(text: &str, squares: usize) -> Result<Pos, String> {
        let (row, side) = text.split_once(' ').ok_or("expected `ROW w` or `ROW b`")?;
        let white = match side {
            "w" => true,
            "b" => false,
            _ => return Err("the side to move must be w or b".into()),
        };
        let row = row.as_bytes();
        if row.len() != squares {
            return Err(format!("the row must have {squares} squares"));
        }
        if row.iter().any(|c| !b".KNRknr".contains(c)) {
            return Err("squares hold . K N R k n r".into());
        }
        for piece in b"KNRknr" {
            let count = row.iter().filter(|&&c| c == *piece).count();
            let kings = *piece == b'K' || *piece == b'k';
            if count > 1 || (kings && count != 1) {
                return Err("each side has one king and at most one knight and one rook".into());
            }
        }
        let mut cells = [b'.'; MAX_SQUARES];
        cells[..squares].copy_from_slice(row);
        Ok(Pos {
            cells,
            squares: squares as u8,
            white,
        })
    }

    pub fn show(&self) -> String {
        format!(
            "{} {}",
            String::from_utf8_lossy(self.row()),
            if self.white { 'w' } else { 'b' }
        )
    }

    /// The position packed into 43 bits: each piece's square + 1 (0 when
    /// captured) in 7 bits, in the order K N R k n r, and the side to move.
    pub fn key(&self) -> u64 {
        let mut slots = [0u64; 6];
        for (square, &piece) in self.row().iter().enumerate() {
            if let Some(slot) = b"KNRknr".iter().position(|&p| p == piece) {
                slots[slot] = square as u64 + 1;
            }
        }
        slots
            .iter()
            .fold(u64::from(self.white), |key, &slot| (key << 7) | slot)
    }
}

/// A multiplicative hasher for packed positions (one multiply per key):
/// SipHash's protection against chosen keys is not needed for positions the
/// auditor generates itself, and it costs most of a recount.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        // the table indexes by the low bits, which a product mixes least
        self.0 ^ (self.0 >> 32)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// Maps keyed by packed positions.
pub type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

pub fn is_white(piece: u8) -> bool {
    piece.is_ascii_uppercase()
}

/// Whether the side `by_white` attacks square `at` in `row`.
fn attacked(row: &[u8], at: usize, by_white: bool) -> bool {
    let ours = |square: usize, letter: u8| {
        let piece = row[square];
        piece != b'.' && is_white(piece) == by_white && piece.to_ascii_uppercase() == letter
    };
    let n = row.len();
    for (distance, letter) in [(1, b'K'), (2, b'N')] {
        if (at >= distance && ours(at - distance, letter))
            || (at + distance < n && ours(at + distance, letter))
        {
            return true;
        }
    }
    // rooks: the first piece met in each direction
    let first_left = (0..at).rev().find(|&s| row[s] != b'.');
    let first_right = (at + 1..n).find(|&s| row[s] != b'.');
    [first_left, first_right]
        .into_iter()
        .flatten()
        .any(|square| ours(square, b'R'))
}

pub fn in_check(pos: &Pos) -> bool {
    let king = if pos.white { b'K' } else { b'k' };
    match pos.row().iter().position(|&c| c == king) {
        Some(square) => attacked(pos.row(), square, !pos.white),
        None => true,
    }
}

/// A move: the piece (upper case), its squares (0-based), the piece taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    piece: u8,
    from: usize,
    to: usize,
    taken: Option<u8>,
}

impl fmt::Display for Move {
    /// `N2-4`, `N4-6xR`: the name tables and lines use, without marks.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}-{}", self.piece as char, self.from + 1, self.to + 1)?;
        match self.taken {
            Some(taken) => write!(f, "x{}", taken as char),
            None => Ok(()),
        }
    }
}

/// The squares a piece on `from` may move to, before the check rule.
fn targets(row: &[u8], from: usize, out: &mut Vec<usize>) {
    out.clear();
    let n = row.len();
    let piece = row[from].to_ascii_uppercase();
    if piece == b'R' {
        for direction in [-1i64, 1] {
            let mut square = from as i64 + direction;
            while square >= 0 && (square as usize) < n {
                out.push(square as usize);
                if row[square as usize] != b'.' {
                    break;
                }
                square += direction;
            }
        }
        return;
    }
    let step = if piece == b'K' { 1 } else { 2 };
    if from >= step {
        out.push(from - step);
    }
    if from + step < n {
        out.push(from + step);
    }
}

/// Every legal move with the position after it.
pub fn moves(pos: &Pos) -> Vec<(Move, Pos)> {
    let mut out = Vec::new();
    let mut squares = Vec::with_capacity(MAX_SQUARES);
    for from in 0..pos.row().len() {
        let piece = pos.cells[from];
        if piece == b'.' || is_white(piece) != pos.white {
            continue;
        }
        targets(pos.row(), from, &mut squares);
        for &to in &squares {
            let target = pos.cells[to];
            if target != b'.'
                && (is_white(target) == pos.white || target.eq_ignore_ascii_case(&b'K'))
            {
                continue;
            }
            let mut next = *pos;
            next.cells[to] = piece;
            next.cells[from] = b'.';
            if in_check(&next) {
                continue;
            }
            next.white = !pos.white;
            let taken = (target != b'.').then(|| target.to_ascii_uppercase());
            let piece = piece.to_ascii_uppercase();
            out.push((
                Move {
                    piece,
                    from,
                    to,
                    taken,
                },
                next,
            ));
        }
    }
    out
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    Ongoing,
    Mate,
    Stalemate,
    BareKings,
}

pub fn bare_kings(pos: &Pos) -> bool {
    pos.row().iter().all(|&c| matches!(c, b'.' | b'K' | b'k'))
}

pub fn end(pos: &Pos) -> End {
    if bare_kings(pos) {
        End::BareKings
    } else if !moves(pos).is_empty() {
        End::Ongoing
    } else if in_check(pos) {
        End::Mate
    } else {
        End::Stalemate
    }
}

/// The move's name as a line writes it: `+` for check, `#` for mate.
pub fn marked(mv: &Move, after: &Pos) -> String {
    match end(after) {
        End::Mate => format!("{mv}#"),
        _ if in_check(after) => format!("{mv}+"),
        _ => mv.to_string(),
    }
}

/// Every position reachable from the start (bare kings end the game), in
/// breadth-first order, with each one's children as indices.
pub fn reachable(squares: usize) -> (Vec<Pos>, Vec<Vec<u32>>) {
    let start = Pos::start(squares);
    let mut index: KeyMap<u32> = KeyMap::default();
    index.insert(start.key(), 0);
    let mut found = vec![start];
    let mut children = Vec::new();
    let mut queue = VecDeque::from([start]);
    while let Some(pos) = queue.pop_front() {
        let mut mine = Vec::new();
        if !bare_kings(&pos) {
            for (_, next) in moves(&pos) {
                let fresh = found.len() as u32;
                let at = *index.entry(next.key()).or_insert(fresh);
                if at == fresh {
                    found.push(next);
                    queue.push_back(next);
                }
                mine.push(at);
            }
        }
        children.push(mine);
    }
    (found, children)
}

/// The number of positions reachable from the start.
pub fn count_positions(squares: usize) -> usize {
    let start = Pos::start(squares);
    let mut seen: KeyMap<()> = KeyMap::default();
    seen.insert(start.key(), ());
    let mut queue = VecDeque::from([start]);
    while let Some(pos) = queue.pop_front() {
        if bare_kings(&pos) {
            continue;
        }
        for (_, next) in moves(&pos) {
            if seen.insert(next.key(), ()).is_none() {
                queue.push_back(next);
            }
        }
    }
    seen.len()
}

/// The start's value with best play: `None` for a draw, else the winner
/// (true for White) and the plies to mate.
pub fn solve(squares: usize) -> Option<(bool, u64)> {
    let (positions, children) = reachable(squares);
    // Wins and losses by distance, for the side to move: round d settles
    // the positions that are won or lost in exactly d plies.
    let mut value: Vec<Option<(bool, u64)>> = positions
        .iter()
        .map(|pos| (end(pos) == End::Mate).then_some((false, 0)))
        .collect();
    for distance in 1.. {
        let mut settled = Vec::new();
        for (at, next) in children.iter().enumerate() {
            if value[at].is_some() || next.is_empty() {
                continue;
            }
            let child = |&c: &u32| value[c as usize];
            if next.iter().any(|c| child(c) == Some((false, distance - 1))) {
                settled.push((at, (true, distance)));
            } else if next.iter().all(|c| child(c).is_some_and(|(won, _)| won))
                && next.iter().any(|c| child(c) == Some((true, distance - 1)))
            {
                settled.push((at, (false, distance)));
            }
        }
        if settled.is_empty() {
            break;
        }
        for (at, outcome) in settled {
            value[at] = Some(outcome);
        }
    }
    // the start has White to move, so a win there is White's
    value[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<String> {
        let pos = Pos::parse(text, text.len() - 2).unwrap();
        let mut names: Vec<String> = moves(&pos).iter().map(|(m, _)| m.to_string()).collect();
        names.sort();
        names
    }

    #[test]
    fn the_auditors_own_move_generator() {
        assert_eq!(Pos::start(8).show(), "KNR..rnk w");
        assert_eq!(names("KNR..rnk w"), ["N2-4", "R3-4", "R3-5", "R3-6xR"]);
        assert_eq!(names("KNR..rnk b"), ["N7-5", "R6-3xR", "R6-4", "R6-5"]);
        // a pinned knight and a king that may not step along the rook's line
        assert_eq!(names(".KN..r.k w"), ["K2-1", "N3-5"]);
        assert_eq!(end(&Pos::parse("k...K..r w", 8).unwrap()), End::Mate);
        assert_eq!(end(&Pos::parse("K.k...r. w", 8).unwrap()), End::Stalemate);
        assert_eq!(end(&Pos::parse("K...k... w", 8).unwrap()), End::BareKings);
        assert_eq!(count_positions(8), reachable(8).0.len());
    }

    #[test]
    fn keys_are_distinct_for_distinct_positions() {
        let (positions, _) = reachable(9);
        let mut keys: Vec<u64> = positions.iter().map(Pos::key).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), positions.len());
        let mut rows: Vec<String> = positions.iter().map(Pos::show).collect();
        rows.sort();
        rows.dedup();
        assert_eq!(rows.len(), positions.len());
    }

    #[test]
    fn malformed_positions_are_errors() {
        for bad in [
            "KNR..rnk",
            "KNR..rnk x",
            "KNR..rn w",
            "KKR..rnk w",
            "KNR..rnq w",
            "KNR...nr w",
        ] {
            assert!(Pos::parse(bad, 8).is_err(), "{bad}");
        }
    }
}
