//! The replay of a grid-delay certificate: every rule of
//! docs/formats/grid-delay.md, "What the auditor replays".
//!
//! Geometric phase (Maker has at least |P| moves left, so a fresh
//! placement anywhere is live): positions are the stones themselves, keyed
//! up to translation and the 8 symmetries. Component phase (fewer than |P|
//! left): positions are the finite family of live placements, keyed by
//! their components up to translation and symmetry, each component spelled
//! by its cells and its Maker cells.
//!
//! A position whose key (with the moves left) has been verified is not
//! verified again: equal keys are equivalent positions (the format's
//! "Memoisation"). Stone sets are short (at most `move_bound` of each
//! colour), so they are plain vectors searched linearly.

use super::{Entry, Fault, Limits};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Write;
use std::rc::Rc;

pub(super) type Table<T> = HashMap<String, T>;

type Cell = (i64, i64);

fn symmetry(k: usize, (x, y): Cell) -> Cell {
    match k {
        0 => (x, y),
        1 => (-y, x),
        2 => (-x, -y),
        3 => (y, -x),
        4 => (-x, y),
        5 => (x, -y),
        6 => (y, x),
        _ => (-y, -x),
    }
}

/// The inverse of [`symmetry`] `k` (the quarter turns swap, the others are
/// involutions).
fn inverse(k: usize) -> usize {
    match k {
        1 => 3,
        3 => 1,
        k => k,
    }
}

/// A frame: cell c is written `symmetry(s, c) - shift`.
#[derive(Debug, Clone, Copy)]
struct Frame {
    symmetry: usize,
    shift: Cell,
}

impl Frame {
    fn back(self, (x, y): Cell) -> Cell {
        symmetry(inverse(self.symmetry), (x + self.shift.0, y + self.shift.1))
    }
}

fn plus(a: Cell, b: Cell) -> Cell {
    (a.0 + b.0, a.1 + b.1)
}

/// The animal: the placements through the origin and the difference sets.
struct Animal {
    size: usize,
    /// Every placement containing the origin, each as sorted cells (a
    /// translate keeps them sorted).
    star: Vec<Vec<Cell>>,
    /// N: the offsets between two cells of one placement.
    n1: Vec<Cell>,
    /// N + N and N + N + N + N, with the largest |coordinate| of each.
    n2: Vec<Cell>,
    n4: Vec<Cell>,
    reach2: i64,
    reach4: i64,
}

fn sumset(a: &[Cell], b: &[Cell]) -> Vec<Cell> {
    let set: BTreeSet<Cell> = a
        .iter()
        .flat_map(|&p| b.iter().map(move |&q| plus(p, q)))
        .collect();
    set.into_iter().collect()
}

fn reach(offsets: &[Cell]) -> i64 {
    offsets
        .iter()
        .map(|c| c.0.abs().max(c.1.abs()))
        .max()
        .unwrap_or(0)
}

impl Animal {
    fn new(cells: &[Cell]) -> Animal {
        let orientations = crate::animals::shape::orientations(cells);
        let star: Vec<Vec<Cell>> = orientations
            .iter()
            .flat_map(|o| {
                o.iter().map(move |a| {
                    let mut placed: Vec<Cell> = o.iter().map(|b| (b.0 - a.0, b.1 - a.1)).collect();
                    placed.sort_unstable();
                    placed
                })
            })
            .collect::<BTreeSet<Vec<Cell>>>()
            .into_iter()
            .collect();
        let n1: Vec<Cell> = star
            .iter()
            .flatten()
            .copied()
            .collect::<BTreeSet<Cell>>()
            .into_iter()
            .collect();
        let n2 = sumset(&n1, &n1);
        let n4 = sumset(&n2, &n2);
        Animal {
            size: cells.len(),
            reach2: reach(&n2),
            reach4: reach(&n4),
            star,
            n1,
            n2,
            n4,
        }
    }

    /// Every placement containing `cell`, each as sorted cells.
    fn through(&self, cell: Cell) -> impl Iterator<Item = impl Iterator<Item = Cell> + '_> + '_ {
        self.star
            .iter()
            .map(move |s| s.iter().map(move |&c| plus(c, cell)))
    }
}

/// A live placement and the number of its cells Maker does not hold.
#[derive(Clone)]
struct Live {
    cells: Rc<[Cell]>,
    missing: u32,
}

/// Which player is to move at a memoised position.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Turn {
    Breaker,
    Maker,
}

pub(super) struct Replay {
    animal: Animal,
    bound: u32,
    limits: Limits,
    table: Table<Entry>,
    used: HashSet<String>,
    /// Verified positions: who is to move, the Maker moves left, the key.
    done: HashSet<(Turn, u32, String)>,
    pub(super) visits: u64,
}

impl Replay {
    pub(super) fn new(cells: &[Cell], bound: u32, table: Table<Entry>, limits: Limits) -> Self {
        Replay {
            animal: Animal::new(cells),
            bound,
            limits,
            table,
            used: HashSet::new(),
            done: HashSet::new(),
            visits: 0,
        }
    }

    /// The number of distinct positions verified.
    pub(super) fn distinct(&self) -> usize {
        self.done.len()
    }

    /// The table's keys the replay never consulted, in order.
    pub(super) fn unused(&self) -> impl Iterator<Item = String> + '_ {
        let mut keys: Vec<&String> = (self.table.keys())
            .filter(|key| !self.used.contains(*key))
            .collect();
        keys.sort();
        keys.into_iter().cloned()
    }

    /// Maker's first move is the origin (translation); then every line.
    pub(super) fn run(&mut self) -> Result<(), Fault> {
        let origin = (0, 0);
        let makers = vec![origin];
        self.check_completion(&makers, &[], origin)?;
        self.breaker_node(makers, Vec::new(), self.bound - 1)
    }

    fn visit(&mut self) -> Result<(), Fault> {
        self.visits += 1;
        if self.visits > self.limits.visits {
            return Err(Fault::Limit {
                what: "positions visited",
                found: self.visits,
                limit: self.limits.visits,
            });
        }
        Ok(())
    }

    /// Maker's move `cell` completes a placement (in the geometric phase,
    /// where `makers` already holds it).
    fn check_completion(
        &self,
        makers: &[Cell],
        breakers: &[Cell],
        cell: Cell,
    ) -> Result<(), Fault> {
        if (self.animal.through(cell)).any(|mut s| s.all(|c| makers.contains(&c))) {
            return Err(Fault::MakerCompletes {
                position: geometric_key(makers, breakers).0,
                cell,
            });
        }
        Ok(())
    }

    /// Breaker to move, `left` Maker moves to come. On entering the
    /// component phase the stones are keyed as in the geometric phase, so
    /// that a set of stones met again is not turned into its live family
    /// again.
    fn breaker_node(
        &mut self,
        makers: Vec<Cell>,
        breakers: Vec<Cell>,
        left: u32,
    ) -> Result<(), Fault> {
        if left as usize >= self.animal.size {
            return self.geometric_breaker(makers, breakers, left);
        }
        let done = (Turn::Breaker, left, geometric_key(&makers, &breakers).0);
        if self.done.contains(&done) {
            return self.visit();
        }
        let live = self.live_through_makers(&makers, &breakers, left);
        self.component_breaker(&makers, live, left)?;
        self.done.insert(done);
        Ok(())
    }

    /// The live placements holding a Maker stone, with `left` moves: each
    /// found once, through the first Maker stone it holds.
    fn live_through_makers(&self, makers: &[Cell], breakers: &[Cell], left: u32) -> Vec<Live> {
        let mut live = Vec::new();
        for (i, &m) in makers.iter().enumerate() {
            for s in &self.animal.star {
                let cells = s.iter().map(|&c| plus(c, m));
                let blocked = cells.clone().any(|c| breakers.contains(&c));
                let first = !cells.clone().any(|c| makers[..i].contains(&c));
                let missing = cells.clone().filter(|c| !makers.contains(c)).count() as u32;
                if first && !blocked && missing <= left {
                    live.push(Live {
                        cells: cells.collect(),
                        missing,
                    });
                }
            }
        }
        live
    }

    fn geometric_breaker(
        &mut self,
        makers: Vec<Cell>,
        breakers: Vec<Cell>,
        left: u32,
    ) -> Result<(), Fault> {
        self.visit()?;
        let (key, frame) = geometric_key(&makers, &breakers);
        let done = (Turn::Breaker, left, key.clone());
        if self.done.contains(&done) {
            return Ok(());
        }
        let entry = *self.table.get(&key).ok_or_else(|| Fault::MissingEntry {
            position: key.clone(),
        })?;
        self.used.insert(key.clone());
        let cell = frame.back(entry.cell);
        let free = !makers.contains(&cell) && !breakers.contains(&cell);
        // In a placement holding a Maker stone and no Breaker stone (with
        // `left` >= |P| moves every such placement is live).
        let useful = free
            && self.animal.through(cell).any(|s| {
                let s: Vec<Cell> = s.collect();
                s.iter().any(|c| makers.contains(c)) && !s.iter().any(|c| breakers.contains(c))
            });
        if entry.component.is_some() || !useful {
            return Err(Fault::DeadMove {
                position: key,
                cell: entry.cell,
            });
        }
        let mut next = breakers;
        next.push(cell);
        self.geometric_maker(makers, next, left)?;
        self.done.insert(done);
        Ok(())
    }

    /// Maker to move with `left` >= |P| moves (this one included).
    fn geometric_maker(
        &mut self,
        makers: Vec<Cell>,
        breakers: Vec<Cell>,
        left: u32,
    ) -> Result<(), Fault> {
        self.visit()?;
        let done = (Turn::Maker, left, geometric_key(&makers, &breakers).0);
        if self.done.contains(&done) {
            return Ok(());
        }
        let size = self.animal.size as u32;
        let mut near: BTreeSet<Cell> = BTreeSet::new();
        let reach = if left == size + 1 {
            for &m in &makers {
                near.extend(self.animal.n4.iter().map(|&d| plus(m, d)));
            }
            self.animal.reach4
        } else if left == size {
            for &m in &makers {
                near.extend(self.animal.n2.iter().map(|&d| plus(m, d)));
            }
            for &b in &breakers {
                near.extend(self.animal.n1.iter().map(|&d| plus(b, d)));
            }
            self.animal.reach2
        } else {
            return Err(Fault::OutsideRules {
                bound: u64::from(self.bound),
                cells: u64::from(size),
            });
        };
        let taken = |c: &Cell| makers.contains(c) || breakers.contains(c);
        let mut pass = false;
        for &cell in near.iter().filter(|c| !taken(c)) {
            let live = (self.animal.through(cell)).any(|mut s| !s.any(|c| breakers.contains(&c)));
            if !live {
                pass = true;
                continue;
            }
            let mut next = makers.clone();
            next.push(cell);
            self.check_completion(&next, &breakers, cell)?;
            self.breaker_node(next, breakers.clone(), left - 1)?;
        }
        // The representative far move: beyond `reach` of every stone.
        let far_x = (makers.iter().chain(&breakers))
            .map(|c| c.0)
            .max()
            .unwrap_or(0)
            + reach
            + 1;
        let mut next = makers.clone();
        next.push((far_x, 0));
        self.check_completion(&next, &breakers, (far_x, 0))?;
        self.breaker_node(next, breakers.clone(), left - 1)?;
        if pass {
            self.breaker_node(makers, breakers, left - 1)?;
        }
        self.done.insert(done);
        Ok(())
    }

    fn component_breaker(
        &mut self,
        makers: &[Cell],
        live: Vec<Live>,
        left: u32,
    ) -> Result<(), Fault> {
        self.visit()?;
        if self.ended(&live, 1) {
            return Ok(());
        }
        let components = components(makers, &live);
        let key = component_key(left, &components);
        let done = (Turn::Breaker, left, key.clone());
        if self.done.contains(&done) {
            return Ok(());
        }
        let entry = *self.table.get(&key).ok_or_else(|| Fault::MissingEntry {
            position: key.clone(),
        })?;
        self.used.insert(key.clone());
        let dead = || Fault::DeadMove {
            position: key.clone(),
            cell: entry.cell,
        };
        let component = entry
            .component
            .and_then(|i| components.get(i))
            .ok_or_else(dead)?;
        let cell = component.frame.back(entry.cell);
        if component.free.binary_search(&cell).is_err() {
            return Err(dead());
        }
        let rest: Vec<Live> = live
            .into_iter()
            .filter(|s| !s.cells.contains(&cell))
            .collect();
        self.component_maker(makers, rest, left)?;
        self.done.insert(done);
        Ok(())
    }

    /// Whether the line ends: nothing live, or the weight sum of 2^-missing
    /// below 1/2 with Maker to move (`half` 0) or 1 with Breaker to move
    /// (`half` 1), in units of 2^-|P|.
    fn ended(&self, live: &[Live], half: u32) -> bool {
        let size = self.animal.size as u32;
        let weight: u64 = live.iter().map(|s| 1u64 << (size - s.missing)).sum();
        live.is_empty() || weight < 1u64 << (size - 1 + half)
    }

    fn component_maker(
        &mut self,
        makers: &[Cell],
        live: Vec<Live>,
        left: u32,
    ) -> Result<(), Fault> {
        self.visit()?;
        if self.ended(&live, 0) {
            return Ok(());
        }
        let components = components(makers, &live);
        let key = component_key(left, &components);
        let done = (Turn::Maker, left, key.clone());
        if self.done.contains(&done) {
            return Ok(());
        }
        // Components share no free cell, so this lists each once.
        let mut free: Vec<Cell> = components.iter().flat_map(|c| c.free.clone()).collect();
        free.sort_unstable();
        let mut next = makers.to_vec();
        next.push((0, 0));
        for cell in free {
            *next.last_mut().expect("Maker's new stone") = cell;
            let mut rest = Vec::with_capacity(live.len());
            for s in &live {
                let missing = s.missing - u32::from(s.cells.contains(&cell));
                if missing == 0 {
                    return Err(Fault::MakerCompletes {
                        position: key,
                        cell,
                    });
                }
                if missing < left {
                    rest.push(Live {
                        cells: s.cells.clone(),
                        missing,
                    });
                }
            }
            self.component_breaker(&next, rest, left - 1)?;
        }
        // A pass: a move in no live placement.
        let rest: Vec<Live> = live.iter().filter(|s| s.missing < left).cloned().collect();
        self.component_breaker(makers, rest, left - 1)?;
        self.done.insert(done);
        Ok(())
    }
}

/// The key of a geometric position and the frame it is written in: the
/// least spelling `g:<maker cells>|<breaker cells>` over the 8 symmetries,
/// each image moved so that its least x and least y are 0, cells sorted and
/// written `x,y` separated by spaces.
fn geometric_key(makers: &[Cell], breakers: &[Cell]) -> (String, Frame) {
    let mut best: Option<(String, Frame)> = None;
    let mut m: Vec<Cell> = Vec::with_capacity(makers.len());
    let mut b: Vec<Cell> = Vec::with_capacity(breakers.len());
    for s in 0..8 {
        m.clear();
        b.clear();
        m.extend(makers.iter().map(|&c| symmetry(s, c)));
        b.extend(breakers.iter().map(|&c| symmetry(s, c)));
        let shift = (
            m.iter().chain(&b).map(|c| c.0).min().unwrap_or(0),
            m.iter().chain(&b).map(|c| c.1).min().unwrap_or(0),
        );
        let mut key = String::from("g:");
        spell_stones(&mut key, &mut m, shift);
        key.push('|');
        spell_stones(&mut key, &mut b, shift);
        if best.as_ref().is_none_or(|(least, _)| key < *least) {
            best = Some((key, Frame { symmetry: s, shift }));
        }
    }
    best.expect("eight symmetries")
}

/// Appends `cells` moved by `-shift`, sorted, as `x,y` separated by spaces.
fn spell_stones(key: &mut String, cells: &mut [Cell], shift: Cell) {
    for c in cells.iter_mut() {
        *c = (c.0 - shift.0, c.1 - shift.1);
    }
    cells.sort_unstable();
    for (i, (x, y)) in cells.iter().enumerate() {
        let gap = if i == 0 { "" } else { " " };
        let _ = write!(key, "{gap}{x},{y}");
    }
}

/// One component of the live family: its spelling, the frame it is
/// spelled in, and its free cells, sorted (in the replay's coordinates).
struct Component {
    spelling: String,
    frame: Frame,
    free: Vec<Cell>,
}

/// The components of the live family (placements joined when they share
/// a free cell), sorted by spelling.
fn components(makers: &[Cell], live: &[Live]) -> Vec<Component> {
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    // Every free cell with a placement holding it, sorted by cell: the
    // placements of one run share that cell, so they are joined.
    let mut holders: Vec<(Cell, usize)> = Vec::new();
    for (i, s) in live.iter().enumerate() {
        holders.extend(
            (s.cells.iter())
                .filter(|c| !makers.contains(c))
                .map(|&c| (c, i)),
        );
    }
    holders.sort_unstable_by_key(|&(cell, _)| cell);
    let mut parent: Vec<usize> = (0..live.len()).collect();
    for pair in holders.windows(2) {
        if pair[0].0 == pair[1].0 {
            let (a, b) = (root(&mut parent, pair[0].1), root(&mut parent, pair[1].1));
            parent[a.max(b)] = a.min(b);
        }
    }
    // Each group's free cells (each once, in order) and Maker stones.
    let mut group_of = vec![usize::MAX; live.len()];
    let mut groups: Vec<(Vec<Cell>, Vec<bool>)> = Vec::new();
    for (i, s) in live.iter().enumerate() {
        let r = root(&mut parent, i);
        if group_of[r] == usize::MAX {
            group_of[r] = groups.len();
            groups.push((Vec::new(), vec![false; makers.len()]));
        }
        let stones = &mut groups[group_of[r]].1;
        for (m, held) in makers.iter().zip(stones.iter_mut()) {
            *held |= s.cells.contains(m);
        }
    }
    for (k, &(cell, i)) in holders.iter().enumerate() {
        if k == 0 || holders[k - 1].0 != cell {
            let r = root(&mut parent, i);
            groups[group_of[r]].0.push(cell);
        }
    }
    let mut out: Vec<Component> = groups
        .into_iter()
        .map(|(free, stones)| {
            let held = makers.iter().zip(stones).filter(|(_, h)| *h);
            let mut cells: Vec<(Cell, bool)> = free.iter().map(|&c| (c, false)).collect();
            cells.extend(held.map(|(&m, _)| (m, true)));
            let (spelling, frame) = spell_component(&cells);
            Component {
                spelling,
                frame,
                free,
            }
        })
        .collect();
    out.sort_by(|a, b| a.spelling.cmp(&b.spelling));
    out
}

/// The least spelling of a component over the 8 symmetries:
/// `<W>x<H>:<cells>:<maker cells>`, each a bitmap of the W x H box of the
/// moved image (cell (x, y) is bit y * W + x) written as hexadecimal
/// nibbles in order, nibble j holding bits 4j..4j+3, its bit b the value
/// 2^b.
fn spell_component(cells: &[(Cell, bool)]) -> (String, Frame) {
    let mut best: Option<(String, Frame)> = None;
    let mut image: Vec<Cell> = Vec::with_capacity(cells.len());
    let mut all: Vec<u8> = Vec::new();
    let mut maker: Vec<u8> = Vec::new();
    for s in 0..8 {
        image.clear();
        image.extend(cells.iter().map(|&(c, _)| symmetry(s, c)));
        let min_x = image.iter().map(|c| c.0).min().unwrap_or(0);
        let min_y = image.iter().map(|c| c.1).min().unwrap_or(0);
        let width = image.iter().map(|c| c.0).max().unwrap_or(0) - min_x + 1;
        let height = image.iter().map(|c| c.1).max().unwrap_or(0) - min_y + 1;
        let nibbles = ((width * height) as usize).div_ceil(4);
        all.clear();
        all.resize(nibbles, 0);
        maker.clear();
        maker.resize(nibbles, 0);
        for (&(x, y), &(_, is_maker)) in image.iter().zip(cells) {
            let i = ((y - min_y) * width + (x - min_x)) as usize;
            all[i / 4] |= 1 << (i % 4);
            if is_maker {
                maker[i / 4] |= 1 << (i % 4);
            }
        }
        let mut spelling = String::with_capacity(2 * nibbles + 10);
        let _ = write!(spelling, "{width}x{height}:");
        push_hex(&mut spelling, &all);
        spelling.push(':');
        push_hex(&mut spelling, &maker);
        if best.as_ref().is_none_or(|(least, _)| spelling < *least) {
            let shift = (min_x, min_y);
            best = Some((spelling, Frame { symmetry: s, shift }));
        }
    }
    best.expect("eight symmetries")
}

fn push_hex(out: &mut String, nibbles: &[u8]) {
    out.extend(
        nibbles
            .iter()
            .map(|&n| char::from_digit(u32::from(n), 16).unwrap_or('?')),
    );
}

/// The key of a component-phase position with `left` Maker moves to come:
/// `<left>/<spelling>/<spelling>...`, the spellings sorted.
fn component_key(left: u32, components: &[Component]) -> String {
    let mut key = left.to_string();
    for c in components {
        key.push('/');
        key.push_str(&c.spelling);
    }
    key
}
