//! The replay of a grid-delay certificate: every rule of
//! docs/formats/grid-delay.md, "What the auditor replays".
//!
//! Geometric phase (Maker has at least |P| moves left, so a fresh
//! placement anywhere is live): positions are the stones themselves, keyed
//! up to translation and the 8 symmetries. Component phase (fewer than |P|
//! left): positions are the finite family of live placements, keyed by
//! their components up to translation and symmetry, each component spelled
//! by its cells and its Maker cells.

use super::{Entry, Fault, MAX_VISITS};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::rc::Rc;

pub(super) type Table<T> = HashMap<String, T>;

type Cell = (i64, i64);
type Placement = Rc<[Cell]>;

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

/// The animal: its orientations and its difference sets.
struct Animal {
    size: usize,
    orientations: Vec<Vec<Cell>>,
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
        .flat_map(|p| b.iter().map(move |q| (p.0 + q.0, p.1 + q.1)))
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
        let n1: Vec<Cell> = orientations
            .iter()
            .flat_map(|o| {
                o.iter()
                    .flat_map(|a| o.iter().map(|b| (a.0 - b.0, a.1 - b.1)))
            })
            .collect::<BTreeSet<Cell>>()
            .into_iter()
            .collect();
        let n2 = sumset(&n1, &n1);
        let n4 = sumset(&n2, &n2);
        Animal {
            size: cells.len(),
            reach2: reach(&n2),
            reach4: reach(&n4),
            orientations,
            n1,
            n2,
            n4,
        }
    }

    /// Every placement containing `cell`, each as sorted cells.
    fn through(&self, cell: Cell) -> impl Iterator<Item = Vec<Cell>> + '_ {
        self.orientations.iter().flat_map(move |o| {
            o.iter().map(move |a| {
                let mut placed: Vec<Cell> = o
                    .iter()
                    .map(|b| (cell.0 - a.0 + b.0, cell.1 - a.1 + b.1))
                    .collect();
                placed.sort_unstable();
                placed
            })
        })
    }
}

/// A live placement and the number of its cells Maker does not hold.
#[derive(Clone)]
struct Live {
    cells: Placement,
    missing: u32,
}

pub(super) struct Replay<'a> {
    animal: Animal,
    bound: u32,
    table: Table<Entry>,
    used: HashSet<String>,
    breaker_done: HashSet<String>,
    maker_done: HashSet<String>,
    pub(super) visits: u64,
    pub(super) distinct: u64,
    _cells: std::marker::PhantomData<&'a ()>,
}

impl<'a> Replay<'a> {
    pub(super) fn new(cells: &'a [Cell], bound: u32, table: Table<Entry>) -> Self {
        Replay {
            animal: Animal::new(cells),
            bound,
            table,
            used: HashSet::new(),
            breaker_done: HashSet::new(),
            maker_done: HashSet::new(),
            visits: 0,
            distinct: 0,
            _cells: std::marker::PhantomData,
        }
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
        self.breaker_node(makers, Vec::new(), self.bound - 1)?;
        self.distinct = (self.breaker_done.len() + self.maker_done.len()) as u64;
        Ok(())
    }

    fn visit(&mut self) -> Result<(), Fault> {
        self.visits += 1;
        if self.visits > MAX_VISITS {
            return Err(Fault::Budget {
                visits: self.visits,
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
        let held: HashSet<Cell> = makers.iter().copied().collect();
        if self
            .animal
            .through(cell)
            .any(|s| s.iter().all(|c| held.contains(c)))
        {
            return Err(Fault::MakerCompletes {
                position: geometric_key(makers, breakers).0,
                cell,
            });
        }
        Ok(())
    }

    /// Breaker to move, `left` Maker moves to come.
    fn breaker_node(
        &mut self,
        makers: Vec<Cell>,
        breakers: Vec<Cell>,
        left: u32,
    ) -> Result<(), Fault> {
        if left as usize >= self.animal.size {
            return self.geometric_breaker(makers, breakers, left);
        }
        let live = self.live_through_makers(&makers, &breakers, left);
        self.component_breaker(&makers, live, left)
    }

    /// The live placements holding a Maker stone, with `left` moves.
    fn live_through_makers(&self, makers: &[Cell], breakers: &[Cell], left: u32) -> Vec<Live> {
        let held: HashSet<Cell> = makers.iter().copied().collect();
        let blocked: HashSet<Cell> = breakers.iter().copied().collect();
        let mut seen: BTreeSet<Vec<Cell>> = BTreeSet::new();
        for &m in makers {
            for s in self.animal.through(m) {
                if s.iter().any(|c| blocked.contains(c)) {
                    continue;
                }
                let missing = s.iter().filter(|c| !held.contains(c)).count() as u32;
                if missing <= left {
                    seen.insert(s);
                }
            }
        }
        seen.into_iter()
            .map(|s| Live {
                missing: s.iter().filter(|c| !held.contains(c)).count() as u32,
                cells: s.into(),
            })
            .collect()
    }

    fn geometric_breaker(
        &mut self,
        makers: Vec<Cell>,
        breakers: Vec<Cell>,
        left: u32,
    ) -> Result<(), Fault> {
        self.visit()?;
        let (key, frame) = geometric_key(&makers, &breakers);
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
                s.iter().any(|c| makers.contains(c)) && !s.iter().any(|c| breakers.contains(c))
            });
        if entry.component.is_some() || !useful {
            return Err(Fault::DeadMove {
                position: key,
                cell: entry.cell,
            });
        }
        let mut breakers = breakers;
        breakers.push(cell);
        self.geometric_maker(makers, breakers, left)
    }

    /// Maker to move with `left` >= |P| moves (this one included).
    fn geometric_maker(
        &mut self,
        makers: Vec<Cell>,
        breakers: Vec<Cell>,
        left: u32,
    ) -> Result<(), Fault> {
        self.visit()?;
        let size = self.animal.size as u32;
        let stones: HashSet<Cell> = makers.iter().chain(&breakers).copied().collect();
        let mut near: BTreeSet<Cell> = BTreeSet::new();
        let reach = if left == size + 1 {
            for &m in &makers {
                near.extend(self.animal.n4.iter().map(|d| (m.0 + d.0, m.1 + d.1)));
            }
            self.animal.reach4
        } else if left == size {
            for &m in &makers {
                near.extend(self.animal.n2.iter().map(|d| (m.0 + d.0, m.1 + d.1)));
            }
            for &b in &breakers {
                near.extend(self.animal.n1.iter().map(|d| (b.0 + d.0, b.1 + d.1)));
            }
            self.animal.reach2
        } else {
            return Err(Fault::OutsideRules {
                bound: u64::from(self.bound),
                cells: u64::from(size),
            });
        };
        let mut pass = false;
        for &cell in near.iter().filter(|c| !stones.contains(c)) {
            let live = self
                .animal
                .through(cell)
                .any(|s| !s.iter().any(|c| breakers.contains(c)));
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
        let far_x = stones.iter().map(|c| c.0).max().unwrap_or(0) + reach + 1;
        let mut next = makers.clone();
        next.push((far_x, 0));
        self.check_completion(&next, &breakers, (far_x, 0))?;
        self.breaker_node(next, breakers.clone(), left - 1)?;
        if pass {
            self.breaker_node(makers, breakers, left - 1)?;
        }
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
        if self.breaker_done.contains(&key) {
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
        if !component.free.contains(&cell) {
            return Err(dead());
        }
        let rest: Vec<Live> = live
            .into_iter()
            .filter(|s| !s.cells.contains(&cell))
            .collect();
        self.component_maker(makers, rest, left)?;
        self.breaker_done.insert(key);
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
        if self.maker_done.contains(&key) {
            return Ok(());
        }
        let free: BTreeSet<Cell> = components
            .iter()
            .flat_map(|c| c.free.iter().copied())
            .collect();
        for cell in free {
            let mut next = makers.to_vec();
            next.push(cell);
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
        self.maker_done.insert(key);
        Ok(())
    }
}

/// The key of a geometric position and the frame it is written in: the
/// least spelling `g:<maker cells>|<breaker cells>` over the 8 symmetries,
/// each image moved so that its least x and least y are 0, cells sorted and
/// written `x,y` separated by spaces.
fn geometric_key(makers: &[Cell], breakers: &[Cell]) -> (String, Frame) {
    (0..8)
        .map(|s| {
            let image =
                |cells: &[Cell]| -> Vec<Cell> { cells.iter().map(|&c| symmetry(s, c)).collect() };
            let (m, b) = (image(makers), image(breakers));
            let shift = (
                m.iter().chain(&b).map(|c| c.0).min().unwrap_or(0),
                m.iter().chain(&b).map(|c| c.1).min().unwrap_or(0),
            );
            let spell = |cells: Vec<Cell>| {
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
            (
                format!("g:{}|{}", spell(m), spell(b)),
                Frame { symmetry: s, shift },
            )
        })
        .min_by(|a, b| a.0.cmp(&b.0))
        .expect("eight symmetries")
}

/// One component of the live family: its spelling, the frame it is
/// spelled in, and its free cells (in the replay's coordinates).
struct Component {
    spelling: String,
    frame: Frame,
    free: BTreeSet<Cell>,
}

/// The components of the live family (placements joined when they share
/// a free cell), sorted by spelling.
fn components(makers: &[Cell], live: &[Live]) -> Vec<Component> {
    let n = live.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let held: HashSet<Cell> = makers.iter().copied().collect();
    let mut owner: HashMap<Cell, usize> = HashMap::new();
    for (i, s) in live.iter().enumerate() {
        for c in s.cells.iter().filter(|c| !held.contains(c)) {
            match owner.get(c) {
                Some(&j) => {
                    let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                    parent[a] = b;
                }
                None => {
                    owner.insert(*c, i);
                }
            }
        }
    }
    let mut groups: HashMap<usize, BTreeSet<Cell>> = HashMap::new();
    for (i, s) in live.iter().enumerate() {
        let r = root(&mut parent, i);
        groups.entry(r).or_default().extend(s.cells.iter().copied());
    }
    let mut out: Vec<Component> = groups
        .into_values()
        .map(|cells| {
            let (spelling, frame) = spell_component(&cells, &held);
            Component {
                spelling,
                frame,
                free: cells.into_iter().filter(|c| !held.contains(c)).collect(),
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
fn spell_component(cells: &BTreeSet<Cell>, held: &HashSet<Cell>) -> (String, Frame) {
    (0..8)
        .map(|s| {
            let image: Vec<(Cell, bool)> = cells
                .iter()
                .map(|&c| (symmetry(s, c), held.contains(&c)))
                .collect();
            let min_x = image.iter().map(|c| c.0 .0).min().unwrap_or(0);
            let min_y = image.iter().map(|c| c.0 .1).min().unwrap_or(0);
            let width = image.iter().map(|c| c.0 .0).max().unwrap_or(0) - min_x + 1;
            let height = image.iter().map(|c| c.0 .1).max().unwrap_or(0) - min_y + 1;
            let bits = (width * height) as usize;
            let mut all = vec![0u8; bits.div_ceil(4)];
            let mut maker = vec![0u8; bits.div_ceil(4)];
            for ((x, y), is_maker) in image {
                let i = ((y - min_y) * width + (x - min_x)) as usize;
                all[i / 4] |= 1 << (i % 4);
                if is_maker {
                    maker[i / 4] |= 1 << (i % 4);
                }
            }
            let hex = |nibbles: &[u8]| -> String {
                nibbles
                    .iter()
                    .map(|&n| char::from_digit(u32::from(n), 16).unwrap_or('?'))
                    .collect()
            };
            (
                format!("{width}x{height}:{}:{}", hex(&all), hex(&maker)),
                Frame {
                    symmetry: s,
                    shift: (min_x, min_y),
                },
            )
        })
        .min_by(|a, b| a.0.cmp(&b.0))
        .expect("eight symmetries")
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
