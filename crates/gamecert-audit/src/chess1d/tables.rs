//! Verifying strategy tables: each table's moves, played against every
//! reply of the other side, must reach its goal from the start.

use super::fault::{Fault, TableFault};
use super::rules::{end, moves, End, KeyMap, Move, Pos};
use super::{squares_of, Findings};
use serde_json::Value;
use std::collections::VecDeque;

/// One table row: the position, its move, and for `mate_within` the plies.
pub struct Entry {
    pub pos: Pos,
    pub mv: String,
    pub plies: Option<u64>,
}

pub type Entries = KeyMap<Entry>;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    MateWithin,
    NoMateWithin,
    NeverLoses,
}

/// What a verified table establishes, with its entries for the principal
/// variation's check.
pub struct Proven {
    pub squares: usize,
    pub white: bool,
    pub goal: Goal,
    pub plies: Option<u64>,
    pub entries: Entries,
}

/// Collects one table's faults under its name.
struct TableFindings<'a> {
    name: &'a str,
    findings: &'a mut Findings,
    failed: bool,
}

impl TableFindings<'_> {
    fn fail(&mut self, fault: TableFault) {
        self.failed = true;
        self.findings.fail(Fault::Table {
            table: self.name.to_string(),
            fault,
        });
    }
}

const TABLE_FIELDS: &[&str] = &[
    "name", "squares", "side", "goal", "plies", "from", "entries",
];

/// Verify one strategy table; what it proves, if it holds.
pub fn audit_table(table: &Value, findings: &mut Findings) -> Option<Proven> {
    let name = table.get("name").and_then(Value::as_str).unwrap_or("?");
    findings.known_fields(table, &format!("table {name}"), TABLE_FIELDS);
    let squares = squares_of(table, &format!("table {name}"), findings)?;
    let mut out = TableFindings {
        name,
        findings,
        failed: false,
    };
    let white = match table.get("side").and_then(Value::as_str) {
        Some("white") => true,
        Some("black") => false,
        other => {
            out.fail(TableFault::Side {
                found: other.map(str::to_string),
            });
            return None;
        }
    };
    let (goal, word) = match table.get("goal").and_then(Value::as_str) {
        Some("mate_within") => (Goal::MateWithin, "mates"),
        Some("no_mate_within") => (Goal::NoMateWithin, "delays"),
        Some("never_loses") => (Goal::NeverLoses, "holds"),
        other => {
            out.fail(TableFault::UnknownGoal {
                goal: other.unwrap_or("").to_string(),
            });
            return None;
        }
    };
    let expected = format!("{}_{word}", if white { "white" } else { "black" });
    if name != expected {
        out.fail(TableFault::Name { expected });
    }
    let plies = table.get("plies").and_then(Value::as_u64);
    let stated_plies = table.get("plies").unwrap_or(&Value::Null);
    if goal == Goal::NeverLoses && !stated_plies.is_null() {
        out.fail(TableFault::StrayPlies {
            found: stated_plies.to_string(),
        });
    }
    let root = Pos::start(squares);
    if table.get("from").and_then(Value::as_str) != Some(root.show().as_str()) {
        out.fail(TableFault::From {
            expected: root.show(),
        });
        return None;
    }
    let items = if goal == Goal::MateWithin { 3 } else { 2 };
    let entries = read_entries(table, squares, (white, items), &mut out);
    let used = match (goal, plies) {
        (Goal::NeverLoses, _) => check_never_loses(root, white, &entries, &mut out),
        (_, None) => {
            out.fail(TableFault::NeedsPlies {
                goal: table["goal"].as_str().unwrap_or("").to_string(),
            });
            return None;
        }
        (Goal::MateWithin, Some(p)) => check_mate_within(root, white, p, &entries, &mut out),
        (Goal::NoMateWithin, Some(p)) => check_no_mate_within(root, white, p, &entries, &mut out),
    };
    let unused: Vec<&Entry> = entries
        .iter()
        .filter(|(key, _)| !used.contains_key(*key))
        .map(|(_, entry)| entry)
        .collect();
    if let Some(first) = unused.iter().map(|entry| entry.pos.show()).min() {
        out.fail(TableFault::Unused {
            count: unused.len(),
            first,
        });
    }
    if out.failed {
        return None;
    }
    findings.checked.push(format!(
        "table {name} ({squares} squares, {} entries): {} {plies:?} holds for {}",
        entries.len(),
        table["goal"].as_str().unwrap_or(""),
        if white { "White" } else { "Black" }
    ));
    Some(Proven {
        squares,
        white,
        goal,
        plies: if goal == Goal::NeverLoses {
            None
        } else {
            plies
        },
        entries,
    })
}

/// The table's rows, each `items` long, for the side `white` to move.
fn read_entries(
    table: &Value,
    squares: usize,
    (white, items): (bool, usize),
    out: &mut TableFindings,
) -> Entries {
    let mut entries = Entries::default();
    let list = table.get("entries").and_then(Value::as_array);
    for (index, entry) in list.into_iter().flatten().enumerate() {
        let fields = entry.as_array().map(Vec::as_slice).unwrap_or(&[]);
        if fields.len() != items {
            out.fail(TableFault::EntryShape {
                index,
                items: fields.len(),
                expected: items,
            });
            continue;
        }
        let text = fields.first().and_then(Value::as_str).unwrap_or("");
        let mv = fields
            .get(1)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let plies = fields.get(2).and_then(Value::as_u64);
        match Pos::parse(text, squares) {
            Ok(pos) if pos.white != white => out.fail(TableFault::NotToMove {
                position: text.to_string(),
                white,
            }),
            Ok(pos) => {
                if entries
                    .insert(pos.key(), Entry { pos, mv, plies })
                    .is_some()
                {
                    out.fail(TableFault::Duplicate {
                        position: text.to_string(),
                    });
                }
            }
            Err(why) => out.fail(TableFault::Position {
                text: text.to_string(),
                why,
            }),
        }
    }
    entries
}

/// The table's move at `pos`, checked legal; `None` after recording why not.
fn table_move(pos: &Pos, entries: &Entries, out: &mut TableFindings) -> Option<(Pos, Option<u64>)> {
    let Some(entry) = entries.get(&pos.key()) else {
        out.fail(TableFault::MissingEntry {
            position: pos.show(),
        });
        return None;
    };
    match find_move(pos, &entry.mv) {
        Some((_, next)) => Some((next, entry.plies)),
        None => {
            out.fail(TableFault::IllegalMove {
                position: pos.show(),
                mv: entry.mv.clone(),
            });
            None
        }
    }
}

/// The legal move named `name` (no marks) in `pos`.
pub fn find_move(pos: &Pos, name: &str) -> Option<(Move, Pos)> {
    moves(pos)
        .into_iter()
        .find(|(mv, _)| mv.to_string() == name)
}

/// Positions visited, by packed key.
type Visited = KeyMap<()>;

/// Every entry's move leads, against every reply, to an entry at least two
/// plies nearer mate, and an entry at 1 ply mates: so the side mates within
/// its entry's plies from every reached position, the root within `plies`.
fn check_mate_within(
    root: Pos,
    white: bool,
    plies: u64,
    entries: &Entries,
    out: &mut TableFindings,
) -> Visited {
    let mut used = Visited::default();
    // The winner's first positions: the start if it moves first, else every
    // position after the loser's first move, one ply nearer the horizon.
    let mut queue = VecDeque::new();
    let exact = root.white == white;
    let firsts: Vec<(Pos, u64)> = if exact {
        vec![(root, plies)]
    } else {
        moves(&root)
            .into_iter()
            .map(|(_, next)| (next, plies.saturating_sub(1)))
            .collect()
    };
    for (first, bound) in firsts {
        match entries.get(&first.key()).and_then(|entry| entry.plies) {
            Some(d) if d == bound || (!exact && d < bound) => {
                if used.insert(first.key(), ()).is_none() {
                    queue.push_back(first);
                }
            }
            found => out.fail(TableFault::RootDistance {
                position: first.show(),
                bound,
                found,
            }),
        }
    }
    while let Some(pos) = queue.pop_front() {
        let Some((next, distance)) = table_move(&pos, entries, out) else {
            continue;
        };
        let Some(distance) = distance.filter(|d| d % 2 == 1) else {
            out.fail(TableFault::EvenDistance {
                position: pos.show(),
            });
            continue;
        };
        match end(&next) {
            End::Mate => continue,
            _ if distance == 1 => {
                out.fail(TableFault::NoMate {
                    position: pos.show(),
                });
                continue;
            }
            End::Stalemate | End::BareKings => {
                out.fail(TableFault::Drawn {
                    position: pos.show(),
                });
                continue;
            }
            End::Ongoing => {}
        }
        for (reply, after) in moves(&next) {
            let outcome = end(&after);
            if outcome != End::Ongoing {
                out.fail(TableFault::ReplyEndsGame {
                    position: pos.show(),
                    reply: reply.to_string(),
                    outcome,
                });
                continue;
            }
            match entries.get(&after.key()).map(|entry| entry.plies) {
                None => out.fail(TableFault::ReplyMissing {
                    position: pos.show(),
                    reply: reply.to_string(),
                    after: after.show(),
                }),
                Some(Some(d)) if d.saturating_add(2) <= distance => {
                    if used.insert(after.key(), ()).is_none() {
                        queue.push_back(after);
                    }
                }
                Some(found) => out.fail(TableFault::WrongDistance {
                    position: pos.show(),
                    distance,
                    reply: reply.to_string(),
                    after: after.show(),
                    found,
                }),
            }
        }
    }
    used
}

/// No mate of the table's side on any ply up to `horizon`, whatever the
/// other side plays: breadth-first by ply from the start.
fn check_no_mate_within(
    root: Pos,
    white: bool,
    horizon: u64,
    entries: &Entries,
    out: &mut TableFindings,
) -> Visited {
    let mut used = Visited::default();
    let mut seen = Visited::default();
    seen.insert(root.key(), ());
    let mut queue = VecDeque::from([(root, 0u64)]);
    while let Some((pos, depth)) = queue.pop_front() {
        match end(&pos) {
            End::Mate if pos.white == white => {
                out.fail(TableFault::MatedWithin {
                    position: pos.show(),
                    ply: depth,
                    horizon,
                });
                continue;
            }
            End::Ongoing => {}
            _ => continue,
        }
        let children = if pos.white == white {
            // only a move of the table's side followed by a reply can matter
            if depth + 2 > horizon {
                continue;
            }
            used.insert(pos.key(), ());
            match table_move(&pos, entries, out) {
                Some((next, _)) => vec![next],
                None => continue,
            }
        } else {
            if depth + 1 > horizon {
                continue;
            }
            moves(&pos).into_iter().map(|(_, next)| next).collect()
        };
        for next in children {
            if seen.insert(next.key(), ()).is_none() {
                queue.push_back((next, depth + 1));
            }
        }
    }
    used
}

/// The table's side is never mated: every position it can reach is closed
/// under the table's moves and every reply.
fn check_never_loses(
    root: Pos,
    white: bool,
    entries: &Entries,
    out: &mut TableFindings,
) -> Visited {
    let mut used = Visited::default();
    let mut seen = Visited::default();
    seen.insert(root.key(), ());
    let mut queue = VecDeque::from([root]);
    while let Some(pos) = queue.pop_front() {
        match end(&pos) {
            End::Mate if pos.white == white => {
                out.fail(TableFault::Lost {
                    position: pos.show(),
                });
                continue;
            }
            End::Ongoing => {}
            _ => continue,
        }
        let children = if pos.white == white {
            used.insert(pos.key(), ());
            match table_move(&pos, entries, out) {
                Some((next, _)) => vec![next],
                None => continue,
            }
        } else {
            moves(&pos).into_iter().map(|(_, next)| next).collect()
        };
        for next in children {
            if seen.insert(next.key(), ()).is_none() {
                queue.push_back(next);
            }
        }
    }
    used
}
