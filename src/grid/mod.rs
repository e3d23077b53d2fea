//! Infinite-grid delay certificates (kind `grid-delay`,
//! docs/formats/grid-delay.md): a depth-first search for a Breaker table
//! that stops Maker from completing any placement of an animal within k of
//! her moves on the infinite grid, over the finite tree the format's rules
//! give. The kernel (`gamecert_audit::grid`) replays the table; nothing
//! here is trusted.

pub mod verify;

use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::rc::Rc;

type Cell = (i64, i64);

/// Where the committed certificates live.
pub const DIRECTORY: &str = "certificates/grid";

fn transform(k: usize, (x, y): Cell) -> Cell {
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

/// The distinct normalised orientations of `cells`, in increasing order.
fn orientations(cells: &[(i32, i32)]) -> Vec<Vec<Cell>> {
    let mut shapes: BTreeSet<Vec<Cell>> = BTreeSet::new();
    for k in 0..8 {
        let image: Vec<Cell> = cells
            .iter()
            .map(|&(x, y)| transform(k, (i64::from(x), i64::from(y))))
            .collect();
        let mx = image.iter().map(|c| c.0).min().unwrap_or(0);
        let my = image.iter().map(|c| c.1).min().unwrap_or(0);
        let mut moved: Vec<Cell> = image.iter().map(|c| (c.0 - mx, c.1 - my)).collect();
        moved.sort_unstable();
        shapes.insert(moved);
    }
    shapes.into_iter().collect()
}

/// The name the certificate carries (as the kernel derives it): the
/// shape's name among the board solver's named shapes, else its least
/// orientation written `(x,y) (x,y) ...`.
pub fn name(cells: &[(i32, i32)], bound: u32) -> String {
    let own = orientations(cells);
    let named = crate::board::shape::NAMED
        .iter()
        .find(|(_, named)| orientations(named) == own);
    let text = match named {
        Some((name, _)) => name.to_string(),
        None => {
            let least = own.first().cloned().unwrap_or_default();
            let parts: Vec<String> = least.iter().map(|(x, y)| format!("({x},{y})")).collect();
            parts.join(" ")
        }
    };
    format!("{text} on the infinite grid within {bound}")
}

#[derive(Clone)]
struct Live {
    cells: Rc<[Cell]>,
    missing: u32,
}

/// Breaker's move: in the geometric frame (`None`) or in component i's.
type Move = (Option<usize>, Cell);

/// The search and its tables.
pub struct Search {
    size: u32,
    bound: u32,
    shapes: Vec<Vec<Cell>>,
    n1: Vec<Cell>,
    n2: Vec<Cell>,
    n4: Vec<Cell>,
    reach2: i64,
    reach4: i64,
    breaker: HashMap<String, Option<Move>>,
    maker: HashMap<String, bool>,
    /// Positions expanded so far, and the limit.
    pub nodes: u64,
    limit: u64,
    collect: bool,
    collected: BTreeMap<String, Move>,
    seen: HashSet<String>,
}

/// Why no certificate was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    #[error("Maker completes the animal within {bound} moves against every table the search tries (the search is complete: Breaker has no such strategy under these rules)")]
    MakerWins { bound: u32 },
    #[error("the search expanded {nodes} positions, its limit, without an answer")]
    Limit { nodes: u64 },
    #[error("move bound {bound} is outside 1..=|P|+2 = {max}, where the rules stop")]
    Bound { bound: u32, max: u32 },
}

fn sumset(a: &[Cell], b: &[Cell]) -> Vec<Cell> {
    let set: BTreeSet<Cell> = a
        .iter()
        .flat_map(|p| b.iter().map(move |q| (p.0 + q.0, p.1 + q.1)))
        .collect();
    set.into_iter().collect()
}

impl Search {
    pub fn new(cells: &[(i32, i32)], bound: u32, limit: u64) -> Result<Search, SearchError> {
        let size = cells.len() as u32;
        if bound == 0 || bound > size + 2 {
            return Err(SearchError::Bound {
                bound,
                max: size + 2,
            });
        }
        let shapes = orientations(cells);
        let n1: Vec<Cell> = shapes
            .iter()
            .flat_map(|o| {
                o.iter()
                    .flat_map(|a| o.iter().map(|b| (a.0 - b.0, a.1 - b.1)))
            })
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let n2 = sumset(&n1, &n1);
        let n4 = sumset(&n2, &n2);
        let reach = |v: &[Cell]| {
            v.iter()
                .map(|c| c.0.abs().max(c.1.abs()))
                .max()
                .unwrap_or(0)
        };
        Ok(Search {
            size,
            bound,
            reach2: reach(&n2),
            reach4: reach(&n4),
            shapes,
            n1,
            n2,
            n4,
            breaker: HashMap::new(),
            maker: HashMap::new(),
            nodes: 0,
            limit,
            collect: false,
            collected: BTreeMap::new(),
            seen: HashSet::new(),
        })
    }

    fn through(&self, cell: Cell) -> Vec<Vec<Cell>> {
        let mut out = Vec::new();
        for o in &self.shapes {
            for a in o {
                let mut p: Vec<Cell> = o
                    .iter()
                    .map(|b| (cell.0 - a.0 + b.0, cell.1 - a.1 + b.1))
                    .collect();
                p.sort_unstable();
                out.push(p);
            }
        }
        out
    }

    /// Searches, then walks the found strategy as the kernel does and
    /// returns the table of every position it reaches.
    pub fn run(&mut self) -> Result<BTreeMap<String, Move>, SearchError> {
        let start = vec![(0, 0)];
        if self.completes(&start, (0, 0)) {
            return Err(SearchError::MakerWins { bound: self.bound });
        }
        match self.breaker_node(&start, &[], self.bound - 1) {
            Some(true) => {}
            Some(false) => return Err(SearchError::MakerWins { bound: self.bound }),
            None => return Err(SearchError::Limit { nodes: self.nodes }),
        }
        self.collect = true;
        self.breaker_node(&start, &[], self.bound - 1);
        Ok(std::mem::take(&mut self.collected))
    }

    fn completes(&self, makers: &[Cell], cell: Cell) -> bool {
        let held: HashSet<Cell> = makers.iter().copied().collect();
        self.through(cell)
            .iter()
            .any(|s| s.iter().all(|c| held.contains(c)))
    }

    fn tick(&mut self) -> Option<()> {
        self.nodes += 1;
        (self.nodes <= self.limit).then_some(())
    }

    /// Some(true): Breaker holds; Some(false): Maker completes; None: limit.
    fn breaker_node(&mut self, makers: &[Cell], breakers: &[Cell], left: u32) -> Option<bool> {
        if left >= self.size {
            return self.geometric_breaker(makers, breakers, left);
        }
        let held: HashSet<Cell> = makers.iter().copied().collect();
        let blocked: HashSet<Cell> = breakers.iter().copied().collect();
        let mut found: BTreeSet<Vec<Cell>> = BTreeSet::new();
        for &m in makers {
            for s in self.through(m) {
                if !s.iter().any(|c| blocked.contains(c))
                    && s.iter().filter(|c| !held.contains(c)).count() as u32 <= left
                {
                    found.insert(s);
                }
            }
        }
        let live: Vec<Live> = found
            .into_iter()
            .map(|s| Live {
                missing: s.iter().filter(|c| !held.contains(c)).count() as u32,
                cells: s.into(),
            })
            .collect();
        self.component_breaker(makers, live, left)
    }

    fn geometric_breaker(&mut self, makers: &[Cell], breakers: &[Cell], left: u32) -> Option<bool> {
        self.tick()?;
        let (key, symmetry, shift) = geometric_key(makers, breakers);
        let back = |c: Cell| inverse(symmetry, shift, c);
        let forward = |c: Cell| {
            let t = transform(symmetry, c);
            (t.0 - shift.0, t.1 - shift.1)
        };
        if self.collect {
            if !self.seen.insert(key.clone()) {
                return Some(true);
            }
            let mv = self.breaker.get(&key).copied().flatten()?;
            self.collected.insert(key, mv);
            let mut next = breakers.to_vec();
            next.push(back(mv.1));
            return self.geometric_maker(makers, &next, left);
        }
        if let Some(known) = self.breaker.get(&key) {
            return Some(known.is_some());
        }
        // Candidates: free cells of Breaker-free placements through a Maker
        // stone, by weight.
        let mut score: HashMap<Cell, u64> = HashMap::new();
        for &m in makers {
            for s in self.through(m) {
                if s.iter().any(|c| breakers.contains(c)) {
                    continue;
                }
                let missing = s.iter().filter(|c| !makers.contains(c)).count() as u32;
                for &c in s.iter().filter(|c| !makers.contains(c)) {
                    *score.entry(c).or_default() += 1 << (self.size - missing);
                }
            }
        }
        let mut order: Vec<(u64, Cell)> = score.into_iter().map(|(c, w)| (w, c)).collect();
        order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for (_, cell) in order {
            let mut next = breakers.to_vec();
            next.push(cell);
            match self.geometric_maker(makers, &next, left) {
                Some(true) => {
                    self.breaker.insert(key, Some((None, forward(cell))));
                    return Some(true);
                }
                Some(false) => {}
                None => return None,
            }
        }
        self.breaker.insert(key, None);
        Some(false)
    }

    fn geometric_maker(&mut self, makers: &[Cell], breakers: &[Cell], left: u32) -> Option<bool> {
        self.tick()?;
        let stones: HashSet<Cell> = makers.iter().chain(breakers).copied().collect();
        let mut near: BTreeSet<Cell> = BTreeSet::new();
        let reach = if left == self.size + 1 {
            for &m in makers {
                near.extend(self.n4.iter().map(|d| (m.0 + d.0, m.1 + d.1)));
            }
            self.reach4
        } else {
            for &m in makers {
                near.extend(self.n2.iter().map(|d| (m.0 + d.0, m.1 + d.1)));
            }
            for &b in breakers {
                near.extend(self.n1.iter().map(|d| (b.0 + d.0, b.1 + d.1)));
            }
            self.reach2
        };
        let far = (stones.iter().map(|c| c.0).max().unwrap_or(0) + reach + 1, 0);
        let mut children: Vec<Option<Cell>> = Vec::new();
        let mut pass = false;
        for &cell in near.iter().filter(|c| !stones.contains(c)) {
            let live = self
                .through(cell)
                .iter()
                .any(|s| !s.iter().any(|c| breakers.contains(c)));
            if live {
                children.push(Some(cell));
            } else {
                pass = true;
            }
        }
        children.push(Some(far));
        if pass {
            children.push(None);
        }
        for child in children {
            let answer = match child {
                Some(cell) => {
                    let mut next = makers.to_vec();
                    next.push(cell);
                    if self.completes(&next, cell) {
                        return Some(false);
                    }
                    self.breaker_node(&next, breakers, left - 1)?
                }
                None => self.breaker_node(makers, breakers, left - 1)?,
            };
            if !answer {
                return Some(false);
            }
        }
        Some(true)
    }

    fn ended(&self, live: &[Live], half: u32) -> bool {
        let weight: u64 = live.iter().map(|s| 1u64 << (self.size - s.missing)).sum();
        live.is_empty() || weight < 1u64 << (self.size - 1 + half)
    }

    fn component_breaker(&mut self, makers: &[Cell], live: Vec<Live>, left: u32) -> Option<bool> {
        self.tick()?;
        if self.ended(&live, 1) {
            return Some(true);
        }
        let parts = components(makers, &live);
        let key = key_of(left, &parts);
        let apply = |cell: Cell| -> Vec<Live> {
            live.iter()
                .filter(|s| !s.cells.contains(&cell))
                .cloned()
                .collect()
        };
        if self.collect {
            if !self.seen.insert(key.clone()) {
                return Some(true);
            }
            let mv = self.breaker.get(&key).copied().flatten()?;
            let part = &parts[mv.0?];
            let cell = inverse(part.symmetry, part.shift, mv.1);
            self.collected.insert(key, mv);
            let rest = apply(cell);
            return self.component_maker(makers, rest, left);
        }
        if let Some(known) = self.breaker.get(&key) {
            return Some(known.is_some());
        }
        let mut score: HashMap<Cell, u64> = HashMap::new();
        let held: HashSet<Cell> = makers.iter().copied().collect();
        for s in &live {
            for &c in s.cells.iter().filter(|c| !held.contains(c)) {
                *score.entry(c).or_default() += 1 << (self.size - s.missing);
            }
        }
        let mut order: Vec<(u64, Cell)> = score.into_iter().map(|(c, w)| (w, c)).collect();
        order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for (_, cell) in order {
            let rest = apply(cell);
            match self.component_maker(makers, rest, left) {
                Some(true) => {
                    let (i, part) = parts
                        .iter()
                        .enumerate()
                        .find(|(_, p)| p.free.contains(&cell))
                        .expect("a free cell lies in a component");
                    let t = transform(part.symmetry, cell);
                    let mv = (Some(i), (t.0 - part.shift.0, t.1 - part.shift.1));
                    self.breaker.insert(key, Some(mv));
                    return Some(true);
                }
                Some(false) => {}
                None => return None,
            }
        }
        self.breaker.insert(key, None);
        Some(false)
    }

    fn component_maker(&mut self, makers: &[Cell], live: Vec<Live>, left: u32) -> Option<bool> {
        self.tick()?;
        if self.ended(&live, 0) {
            return Some(true);
        }
        let parts = components(makers, &live);
        let key = key_of(left, &parts);
        if self.collect {
            if !self.seen.insert(format!("m{key}")) {
                return Some(true);
            }
        } else if let Some(&known) = self.maker.get(&key) {
            return Some(known);
        }
        let free: BTreeSet<Cell> = parts.iter().flat_map(|p| p.free.iter().copied()).collect();
        let mut answer = true;
        'moves: for cell in free.into_iter().map(Some).chain([None]) {
            let mut next = makers.to_vec();
            let mut rest = Vec::with_capacity(live.len());
            match cell {
                Some(cell) => {
                    next.push(cell);
                    for s in &live {
                        let missing = s.missing - u32::from(s.cells.contains(&cell));
                        if missing == 0 {
                            answer = false;
                            break 'moves;
                        }
                        if missing < left {
                            rest.push(Live {
                                cells: s.cells.clone(),
                                missing,
                            });
                        }
                    }
                }
                None => rest.extend(live.iter().filter(|s| s.missing < left).cloned()),
            }
            if !self.component_breaker(&next, rest, left - 1)? {
                answer = false;
                break;
            }
        }
        if !self.collect {
            self.maker.insert(key, answer);
        }
        Some(answer)
    }
}

fn inverse(symmetry: usize, shift: Cell, c: Cell) -> Cell {
    let back = match symmetry {
        1 => 3,
        3 => 1,
        k => k,
    };
    transform(back, (c.0 + shift.0, c.1 + shift.1))
}

fn geometric_key(makers: &[Cell], breakers: &[Cell]) -> (String, usize, Cell) {
    let mut best: Option<(String, usize, Cell)> = None;
    for k in 0..8 {
        let m: Vec<Cell> = makers.iter().map(|&c| transform(k, c)).collect();
        let b: Vec<Cell> = breakers.iter().map(|&c| transform(k, c)).collect();
        let all = m.iter().chain(&b);
        let shift = (
            all.clone().map(|c| c.0).min().unwrap_or(0),
            all.map(|c| c.1).min().unwrap_or(0),
        );
        let spell = |cells: &[Cell]| {
            let mut moved: Vec<Cell> = cells
                .iter()
                .map(|c| (c.0 - shift.0, c.1 - shift.1))
                .collect();
            moved.sort_unstable();
            moved
                .iter()
                .map(|(x, y)| format!("{x},{y}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let key = format!("g:{}|{}", spell(&m), spell(&b));
        if best.as_ref().is_none_or(|(k0, _, _)| key < *k0) {
            best = Some((key, k, shift));
        }
    }
    best.expect("eight symmetries")
}

struct Part {
    spelling: String,
    symmetry: usize,
    shift: Cell,
    free: BTreeSet<Cell>,
}

fn components(makers: &[Cell], live: &[Live]) -> Vec<Part> {
    let held: HashSet<Cell> = makers.iter().copied().collect();
    // Flood fill over placements sharing a free cell.
    let mut by_cell: HashMap<Cell, Vec<usize>> = HashMap::new();
    for (i, s) in live.iter().enumerate() {
        for &c in s.cells.iter().filter(|c| !held.contains(c)) {
            by_cell.entry(c).or_default().push(i);
        }
    }
    let mut group = vec![usize::MAX; live.len()];
    let mut parts = Vec::new();
    for start in 0..live.len() {
        if group[start] != usize::MAX {
            continue;
        }
        let id = parts.len();
        group[start] = id;
        let mut stack = vec![start];
        let mut cells: BTreeSet<Cell> = BTreeSet::new();
        while let Some(i) = stack.pop() {
            cells.extend(live[i].cells.iter().copied());
            for c in live[i].cells.iter().filter(|c| !held.contains(c)) {
                for &j in &by_cell[c] {
                    if group[j] == usize::MAX {
                        group[j] = id;
                        stack.push(j);
                    }
                }
            }
        }
        parts.push(spell(&cells, &held));
    }
    parts.sort_by(|a, b| a.spelling.cmp(&b.spelling));
    parts
}

fn spell(cells: &BTreeSet<Cell>, held: &HashSet<Cell>) -> Part {
    let mut best: Option<(String, usize, Cell)> = None;
    for k in 0..8 {
        let image: Vec<(Cell, bool)> = cells
            .iter()
            .map(|&c| (transform(k, c), held.contains(&c)))
            .collect();
        let x0 = image.iter().map(|p| p.0 .0).min().unwrap_or(0);
        let y0 = image.iter().map(|p| p.0 .1).min().unwrap_or(0);
        let w = image.iter().map(|p| p.0 .0).max().unwrap_or(0) - x0 + 1;
        let h = image.iter().map(|p| p.0 .1).max().unwrap_or(0) - y0 + 1;
        let n = ((w * h) as usize).div_ceil(4);
        let (mut all, mut own) = (vec![0u32; n], vec![0u32; n]);
        for ((x, y), maker) in image {
            let i = ((y - y0) * w + (x - x0)) as usize;
            all[i / 4] |= 1 << (i % 4);
            if maker {
                own[i / 4] |= 1 << (i % 4);
            }
        }
        let hex = |v: &[u32]| -> String {
            v.iter()
                .map(|&d| char::from_digit(d, 16).unwrap_or('?'))
                .collect()
        };
        let text = format!("{w}x{h}:{}:{}", hex(&all), hex(&own));
        if best.as_ref().is_none_or(|(t, _, _)| text < *t) {
            best = Some((text, k, (x0, y0)));
        }
    }
    let (spelling, symmetry, shift) = best.expect("eight symmetries");
    Part {
        spelling,
        symmetry,
        shift,
        free: cells
            .iter()
            .copied()
            .filter(|c| !held.contains(c))
            .collect(),
    }
}

fn key_of(left: u32, parts: &[Part]) -> String {
    let mut key = left.to_string();
    for p in parts {
        key.push('/');
        key.push_str(&p.spelling);
    }
    key
}

/// The certificate, in the format's field order.
#[derive(Debug, Serialize)]
pub struct Certificate {
    pub kind: &'static str,
    pub format: u64,
    pub name: String,
    pub cells: Vec<[i64; 2]>,
    pub claim: &'static str,
    pub move_bound: u32,
    pub strategy: BTreeMap<String, Vec<i64>>,
}

/// Searches a Breaker table for `cells` within `bound` and returns the
/// certificate (not yet audited) and the positions expanded.
pub fn delay(
    cells: &[(i32, i32)],
    bound: u32,
    limit: u64,
) -> Result<(Certificate, u64), SearchError> {
    let mut search = Search::new(cells, bound, limit)?;
    let table = search.run()?;
    let strategy = table
        .into_iter()
        .map(|(key, (component, (x, y)))| {
            let value = match component {
                Some(i) => vec![i as i64, x, y],
                None => vec![x, y],
            };
            (key, value)
        })
        .collect();
    Ok((
        Certificate {
            kind: "grid-delay",
            format: 1,
            name: name(cells, bound),
            cells: cells
                .iter()
                .map(|&(x, y)| [i64::from(x), i64::from(y)])
                .collect(),
            claim: "maker-does-not-win-within",
            move_bound: bound,
            strategy,
        },
        search.nodes,
    ))
}

/// The certificate's JSON text (one strategy entry per line).
pub fn to_json(certificate: &Certificate) -> String {
    crate::cert::json::to_certificate_json(certificate, 2).expect("a certificate serialises")
}
