//! The partial result of one shard of `snaky improve` / `snaky board`: a
//! text file of finished units, appended to as each unit ends (so a killed
//! run resumes where it stopped) and read back by `snaky merge`.
//!
//! ```text
//! gamecert-snaky-partial 1 bound 19 fit - next 1507 moves cards table <sha256>
//! unit 3 reply 2,-1 found expanded 812 positions 640 seconds 0.41
//! child 1500 0 -3 -1 height 17
//! envelope 0,0 1,0 ...
//! line 1507 14 4:100 5:101
//! end
//! ```

use super::improve::{Unit, UnitOutcome};
use super::position::{Cell, Xform};
use std::fmt::Write;

/// What every unit of a run shares: a part belongs to a run when its
/// header is equal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    pub bound: u32,
    pub fit: Option<u32>,
    pub next_card: u32,
    /// Maker's moves: `cards`, `nodes` or `all` (see [`super::library::Moves`]).
    pub moves: String,
    /// SHA-256 of the table the units were searched from.
    pub table: String,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PartialError {
    #[error("line {line}: {message}")]
    Syntax { line: usize, message: String },
    #[error("the part was written for another run (bound, box, table or card numbers differ)")]
    OtherRun,
}

impl Header {
    pub fn text(&self) -> String {
        let fit = self.fit.map_or("-".to_string(), |n| n.to_string());
        format!(
            "gamecert-snaky-partial 1 bound {} fit {fit} next {} moves {} table {}\n",
            self.bound, self.next_card, self.moves, self.table
        )
    }
}

/// The units a part written at a lower bound hands on to a run with
/// `header`: its found units, when the part is of the same run but for a
/// lower bound (a child found within fewer moves holds within more) and
/// its pass unit was found (that child's envelope numbers the replies, so
/// only then do the unit numbers mean the same replies). `None` otherwise,
/// unreadable parts included: a carry is only a head start.
pub fn carried(text: &str, header: &Header) -> Option<Vec<Unit>> {
    let (found, units) = read(text).ok()?;
    let lower = found.bound < header.bound;
    let same_run = Header {
        bound: header.bound,
        ..found
    } == *header;
    let pass_found = units
        .iter()
        .any(|u| u.reply.is_none() && u.outcome == UnitOutcome::Found);
    (same_run && lower && pass_found).then(|| {
        units
            .into_iter()
            .filter(|u| u.outcome == UnitOutcome::Found)
            .collect()
    })
}

fn cell_text((x, y): Cell) -> String {
    format!("{x},{y}")
}

/// A finished unit as the part's lines.
pub fn unit_text(unit: &Unit) -> String {
    let mut out = String::new();
    let reply = unit.reply.map_or("pass".to_string(), cell_text);
    let _ = writeln!(
        out,
        "unit {} reply {reply} {} expanded {} positions {} seconds {:.2}",
        unit.index,
        unit.outcome.word(),
        unit.expanded,
        unit.positions,
        unit.seconds
    );
    if unit.outcome == UnitOutcome::Found {
        let (x, y) = unit.place.offset;
        let _ = writeln!(
            out,
            "child {} {} {x} {y} height {}",
            unit.card, unit.place.code, unit.height
        );
        let cells: Vec<String> = unit.envelope.iter().map(|&c| cell_text(c)).collect();
        let _ = writeln!(out, "envelope {}", cells.join(" "));
        for line in unit.lines.lines() {
            let _ = writeln!(out, "line {line}");
        }
    }
    out.push_str("end\n");
    out
}

fn parse_cell(text: &str) -> Option<Cell> {
    let (x, y) = text.split_once(',')?;
    Some((x.parse().ok()?, y.parse().ok()?))
}

/// Read a part: its header and its units (a unit cut short by a killed
/// run, with no `end`, is dropped).
pub fn read(text: &str) -> Result<(Header, Vec<Unit>), PartialError> {
    let bad = |line: usize, message: &str| PartialError::Syntax {
        line,
        message: message.to_string(),
    };
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    let (_, first) = lines.next().ok_or_else(|| bad(1, "empty part"))?;
    let words: Vec<&str> = first.split(' ').collect();
    let header = match words.as_slice() {
        ["gamecert-snaky-partial", "1", "bound", b, "fit", f, "next", n, "moves", m, "table", t] => {
            Header {
                bound: b.parse().map_err(|_| bad(1, "bad bound"))?,
                fit: if *f == "-" {
                    None
                } else {
                    Some(f.parse().map_err(|_| bad(1, "bad fit"))?)
                },
                next_card: n.parse().map_err(|_| bad(1, "bad next card"))?,
                moves: m.to_string(),
                table: t.to_string(),
            }
        }
        _ => return Err(bad(1, "not a gamecert-snaky-partial 1 header")),
    };
    let mut units = Vec::new();
    let mut current: Option<Unit> = None;
    for (number, line) in lines {
        let words: Vec<&str> = line.split(' ').collect();
        match (words.as_slice(), current.as_mut()) {
            (["unit", i, "reply", r, o, "expanded", e, "positions", p, "seconds", s], _) => {
                let number_of = |t: &str| t.parse::<u64>().map_err(|_| bad(number, "bad number"));
                current = Some(Unit {
                    index: number_of(i)? as usize,
                    reply: if *r == "pass" {
                        None
                    } else {
                        Some(parse_cell(r).ok_or_else(|| bad(number, "bad reply cell"))?)
                    },
                    outcome: UnitOutcome::from_word(o).ok_or_else(|| bad(number, "bad outcome"))?,
                    expanded: number_of(e)?,
                    positions: number_of(p)? as usize,
                    seconds: s.parse().map_err(|_| bad(number, "bad seconds"))?,
                    card: 0,
                    place: Xform::IDENTITY,
                    height: 0,
                    envelope: Vec::new(),
                    lines: String::new(),
                });
            }
            (["child", c, code, x, y, "height", h], Some(unit)) => {
                let int = |t: &str| t.parse::<i32>().map_err(|_| bad(number, "bad child"));
                unit.card = c.parse().map_err(|_| bad(number, "bad card"))?;
                let code = u8::try_from(int(code)?).ok().filter(|c| *c < 8);
                unit.place = Xform {
                    code: code.ok_or_else(|| bad(number, "bad orientation"))?,
                    offset: (int(x)?, int(y)?),
                };
                unit.height = h.parse().map_err(|_| bad(number, "bad height"))?;
            }
            (["envelope", cells @ ..], Some(unit)) => {
                unit.envelope = cells
                    .iter()
                    .filter(|c| !c.is_empty())
                    .map(|c| parse_cell(c).ok_or_else(|| bad(number, "bad envelope cell")))
                    .collect::<Result<_, _>>()?;
            }
            (_, Some(unit)) if line.starts_with("line ") => {
                unit.lines.push_str(&line[5..]);
                unit.lines.push('\n');
            }
            (["end"], Some(_)) => units.extend(current.take()),
            _ => return Err(bad(number, "unexpected line")),
        }
    }
    Ok((header, units))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(bound: u32) -> Header {
        Header {
            bound,
            fit: Some(6),
            next_card: 4,
            moves: "all".to_string(),
            table: "t".to_string(),
        }
    }

    fn unit(index: usize, reply: Option<Cell>, outcome: UnitOutcome) -> Unit {
        Unit {
            index,
            reply,
            outcome,
            expanded: 1,
            positions: 1,
            seconds: 0.0,
            card: 3,
            place: Xform::IDENTITY,
            height: 5,
            envelope: vec![(0, 0), (1, 0)],
            lines: String::new(),
        }
    }

    fn part(bound: u32, units: &[Unit]) -> String {
        let mut text = header(bound).text();
        units.iter().for_each(|u| text.push_str(&unit_text(u)));
        text
    }

    #[test]
    fn a_lower_bound_hands_on_its_found_units() {
        let units = [
            unit(0, None, UnitOutcome::Found),
            unit(1, Some((1, 0)), UnitOutcome::Lost),
            unit(2, Some((0, 1)), UnitOutcome::Found),
        ];
        let carried = carried(&part(6, &units), &header(7)).unwrap();
        let indices: Vec<usize> = carried.iter().map(|u| u.index).collect();
        assert_eq!(indices, [0, 2]);
        assert_eq!(carried[1].envelope, units[2].envelope);
    }

    #[test]
    fn nothing_is_carried_without_the_pass_unit_or_from_another_run() {
        let no_pass = [
            unit(0, None, UnitOutcome::Lost),
            unit(1, Some((1, 0)), UnitOutcome::Found),
        ];
        assert!(carried(&part(6, &no_pass), &header(7)).is_none());
        let found = [unit(0, None, UnitOutcome::Found)];
        // Not a lower bound: the same or a higher one.
        assert!(carried(&part(7, &found), &header(7)).is_none());
        assert!(carried(&part(8, &found), &header(7)).is_none());
        // Another table, or no part at all.
        let other = Header {
            table: "u".to_string(),
            ..header(7)
        };
        assert!(carried(&part(6, &found), &other).is_none());
        assert!(carried("not a part", &header(7)).is_none());
    }
}
