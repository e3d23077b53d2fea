//! Auditor of the `animals` atlas. It re-enumerates the free polyominoes of
//! 1..8 cells, requires the atlas to list exactly those of 1..7 cells in
//! canonical form, and backs every status by what the entry cites:
//! - loser by "pairing": the cited `animals-pairing` file audits and pairs
//!   this animal;
//! - loser by "contains": the cited animal is an earlier, smaller loser of
//!   the atlas and this animal contains a copy of it (Proposition 5);
//! - winner by "card-table": the cited `snaky` certificate audits, its
//!   empty-board claim holds, and the shape its base cards build is this
//!   animal (up to symmetry); its last card's height bounds `moves.upper`;
//! - winner by "contained-in-winner": the cited animal is a larger winner
//!   of the atlas containing this one (Proposition 5), and `moves.upper` is
//!   that winner's (Maker building it within m moves builds this one);
//! - "open": nothing is claimed, and `moves` is null.
//!
//! A winner's `moves` is checked by `super::moves`; a loser's is null. It recomputes the induction step (every
//! 8-cell animal loses a cell and stays connected), audits the no-pairing
//! proof it cites, and derives every claim's verdict (`super::claims`).

use super::moves::{self, Moves, MovesFault};
use super::shape::{self, Cell};
use super::{claims, nopairing, pairing, unknown_fields, AnimalsFault, FORMAT};
use crate::{AuditReport, Cited, Directory, Failure, Files};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// Snaky, the animal the no-pairing proof must refute.
pub(crate) const SNAKY: [Cell; 6] = [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 1)];
const ATLAS_CELLS: usize = 7;

const FIELDS: &[&str] = &[
    "kind",
    "format",
    "counts",
    "animals",
    "induction",
    "snaky_no_pairing",
    "claims",
];
const ENTRY_FIELDS: &[&str] = &[
    "cells",
    "size",
    "name",
    "status",
    "how",
    "certificate",
    "moves",
];
const INDUCTION_FIELDS: &[&str] = &["statement", "octominoes", "all_reduce", "argument"];
const SUMMARY_FIELDS: &[&str] = &["region_cells", "proof_path", "proof_steps", "checked"];

/// The induction's statement and argument, as the kernel checks them.
const INDUCTION_STATEMENT: &str = "every animal of n >= 8 cells contains an animal of 7 cells";
const INDUCTION_ARGUMENT: &str = "a connected animal of n >= 2 cells has a spanning tree of its adjacency graph; a leaf of that tree can be removed leaving a connected animal of n - 1 cells. By induction an animal of n >= 8 cells contains one of 7 cells. The tool checks the step n = 8 directly on every octomino (some cell's removal leaves it connected); for n > 8 the spanning-tree argument applies";

struct Entry {
    cells: Vec<Cell>,
    status: String,
    how: String,
    certificate: Option<String>,
    moves: Option<Moves>,
}

/// What backs a status, for the check of its `moves`.
enum Backing<'a> {
    /// A loser or an open animal: `moves` is null (checked with the status).
    Nothing,
    /// Its own card table, at this path, of this certified height.
    Table(&'a str, u64),
    /// A larger winner containing it.
    Contained(&'a Entry),
}

pub(crate) fn read_json(files: &dyn Files, path: &str) -> Result<Value, AnimalsFault> {
    read_json_text(files, path).map(|cited| cited.value)
}

/// As [`read_json`], keeping the text (for `crate::audit_cited`).
pub(crate) fn read_json_text(files: &dyn Files, path: &str) -> Result<Cited, AnimalsFault> {
    let reference = |reason: String| AnimalsFault::Reference {
        path: path.to_string(),
        reason,
    };
    if !super::safe_path(path) {
        return Err(reference(
            "a reference must be a relative path inside the project (no \"..\")".into(),
        ));
    }
    crate::read_cited_text(files, path).map_err(reference)
}

fn header(value: &Value, kind: &str, format: u64) -> bool {
    value.get("kind").and_then(Value::as_str) == Some(kind)
        && value.get("format").and_then(Value::as_u64) == Some(format)
}

/// One entry, its fields well formed: `size` is its cell count, `moves`
/// null or `{lower, lower_by, upper, upper_by}`, no unknown field.
fn read_entry(i: usize, item: &Value) -> Result<Entry, AnimalsFault> {
    let bad = || AnimalsFault::Field(format!("animals[{i}] must have cells, size, status, how"));
    if let Some(fault) = unknown_fields(item, &format!("animals[{i}]"), ENTRY_FIELDS).pop() {
        return Err(fault);
    }
    let cells = item
        .get("cells")
        .and_then(shape::read_cells)
        .ok_or_else(bad)?;
    if item.get("size").and_then(Value::as_u64) != Some(cells.len() as u64) {
        return Err(AnimalsFault::Field(format!(
            "animals[{i}].size must be its {} cells",
            cells.len()
        )));
    }
    let text = |name: &str| item.get(name).and_then(Value::as_str).map(str::to_string);
    let moves = moves::read(item.get("moves"))
        .map_err(|reason| AnimalsFault::Field(format!("animals[{i}].{reason}")))?;
    Ok(Entry {
        status: text("status").ok_or_else(bad)?,
        how: text("how").ok_or_else(bad)?,
        certificate: text("certificate"),
        cells,
        moves,
    })
}

fn read_entries(value: &Value) -> Result<Vec<Entry>, AnimalsFault> {
    let list = value
        .get("animals")
        .and_then(Value::as_array)
        .ok_or_else(|| AnimalsFault::Field("animals must be a list".into()))?;
    list.iter()
        .enumerate()
        .map(|(i, item)| read_entry(i, item))
        .collect()
}

/// A loser or an open animal certifies no number of moves.
fn no_moves(entry: &Entry) -> Result<(), String> {
    match &entry.moves {
        None => Ok(()),
        Some(moves) => Err(format!(
            "moves {moves}, but a {} certifies no number of moves (must be null)",
            entry.status
        )),
    }
}

/// Backs one entry's status; `index` finds entries by cell list.
fn check_entry<'a>(
    files: &dyn Files,
    entry: &'a Entry,
    entries: &'a [Entry],
    index: &BTreeMap<Vec<Cell>, usize>,
) -> Result<Backing<'a>, String> {
    let cited = entry.certificate.as_deref().unwrap_or("");
    let cited_entry = || {
        shape::parse_cell_list(cited)
            .and_then(|cells| index.get(&cells).map(|&i| &entries[i]))
            .ok_or_else(|| format!("cites {cited:?}, which is no animal of the atlas"))
    };
    match (entry.status.as_str(), entry.how.as_str()) {
        ("loser", "pairing") => {
            let value = read_json(files, cited).map_err(|f| f.to_string())?;
            if !header(&value, "animals-pairing", FORMAT) {
                return Err(format!(
                    "{cited} is not an animals-pairing certificate of format {FORMAT}"
                ));
            }
            let (animal, faults) = pairing::audit_pairing(&value);
            if let Some(fault) = faults.first() {
                return Err(format!("{cited}: {fault}"));
            }
            (animal.as_deref() == Some(&entry.cells[..]))
                .then_some(())
                .ok_or_else(|| format!("{cited} pairs another animal"))?;
            no_moves(entry).map(|()| Backing::Nothing)
        }
        ("loser", "contains") => {
            let smaller = cited_entry()?;
            let ok = smaller.status == "loser"
                && smaller.cells.len() < entry.cells.len()
                && shape::contains(&entry.cells, &smaller.cells);
            ok.then_some(())
                .ok_or_else(|| format!("does not contain a smaller loser {cited}"))?;
            no_moves(entry).map(|()| Backing::Nothing)
        }
        ("winner", "card-table") => {
            check_card_table(files, entry, cited).map(|height| Backing::Table(cited, height))
        }
        ("winner", "contained-in-winner") => {
            let larger = cited_entry()?;
            let ok = larger.status == "winner"
                && larger.cells.len() > entry.cells.len()
                && shape::contains(&larger.cells, &entry.cells);
            ok.then_some(())
                .ok_or_else(|| format!("is not contained in a larger winner {cited}"))?;
            Ok(Backing::Contained(larger))
        }
        ("open", _) => no_moves(entry).map(|()| Backing::Nothing),
        (status, how) => Err(format!(
            "status {status:?} by {how:?} is not one the kernel knows"
        )),
    }
}

/// Checks a winner's `moves` against what backs its status. Proposition 5
/// bounds a contained animal by the larger one's moves, no fewer.
fn check_moves(files: &dyn Files, entry: &Entry, backing: Backing) -> Result<(), MovesFault> {
    match backing {
        Backing::Nothing => Ok(()),
        Backing::Table(table, height) => {
            moves::check_own(files, &entry.cells, entry.moves.as_ref(), table, height)
        }
        Backing::Contained(larger) => {
            moves::check_contained(&entry.cells, entry.moves.as_ref(), larger.moves.as_ref())
        }
    }
}

/// A winner by its own card table: the cited certificate is a snaky
/// certificate (never an atlas citing itself) that audits, whose
/// empty-board claim holds and whose base cards build this animal; the
/// certified height of its last card.
fn check_card_table(files: &dyn Files, entry: &Entry, cited: &str) -> Result<u64, String> {
    let text = read_json_text(files, cited).map_err(|f| f.to_string())?;
    let value = &text.value;
    if !header(value, "snaky", crate::snaky::FORMAT) {
        return Err(format!(
            "{cited} is not a snaky certificate of format {}",
            crate::snaky::FORMAT
        ));
    }
    let builds = value
        .get("shape")
        .and_then(shape::read_cells)
        .filter(|cells| shape::is_animal(cells))
        .map(|cells| shape::canonical(&cells));
    if builds.as_deref() != Some(&entry.cells[..]) {
        return Err(format!("{cited} is a card table for another animal"));
    }
    let report = crate::audit_cited(files, &text).map_err(|error| format!("{cited}: {error}"))?;
    // Format 2: the claim record "empty-board" must hold.
    let holds = moves::empty_board_holds(value);
    if !(report.kind == "snaky" && report.holds() && holds) {
        return Err(format!(
            "{cited} does not audit as a holding snaky certificate"
        ));
    }
    // The audit recomputed final_card from the nodes, so its height is checked.
    value
        .pointer("/final_card/height")
        .and_then(Value::as_u64)
        .ok_or_else(|| format!("{cited} has no final_card.height"))
}

/// Reads cited files relative to `root`.
pub fn audit_at(value: &Value, root: &Path) -> AuditReport {
    audit_in(value, &Directory(root))
}

/// Reads cited files from `files`.
pub fn audit_in(value: &Value, files: &dyn Files) -> AuditReport {
    let mut checked = Vec::new();
    let mut faults = unknown_fields(value, "animals", FIELDS);
    let levels = shape::enumerate(ATLAS_CELLS + 1);
    check_counts(value, &levels, &mut checked, &mut faults);
    let statuses = match read_entries(value) {
        Ok(entries) => check_entries(files, &entries, &levels, &mut checked, &mut faults)
            .then(|| statuses_of(&entries)),
        Err(fault) => {
            faults.push(fault);
            None
        }
    };
    check_induction(
        value,
        levels.last().map(Vec::as_slice).unwrap_or_default(),
        &mut checked,
        &mut faults,
    );
    let summary = value.get("snaky_no_pairing").filter(|v| !v.is_null());
    if let Some(summary) = summary {
        check_no_pairing(files, summary, &mut checked, &mut faults);
    }
    let facts = claims::Facts {
        levels: &levels,
        statuses,
        snaky_no_pairing: summary.is_some(),
        files,
    };
    faults.extend(claims::check_claims(value, &facts, &mut checked));
    AuditReport {
        kind: "animals".into(),
        checked,
        failures: faults.into_iter().map(Failure::Animals).collect(),
    }
}

fn statuses_of(entries: &[Entry]) -> claims::Statuses {
    entries
        .iter()
        .map(|e| {
            let status = (e.status.clone(), e.how.clone(), e.certificate.clone());
            (e.cells.clone(), status)
        })
        .collect()
}

fn check_counts(
    value: &Value,
    levels: &[Vec<Vec<Cell>>],
    checked: &mut Vec<String>,
    faults: &mut Vec<AnimalsFault>,
) {
    let counts: BTreeMap<String, u64> = levels
        .iter()
        .enumerate()
        .map(|(k, level)| ((k + 1).to_string(), level.len() as u64))
        .collect();
    let stated: Option<BTreeMap<String, u64>> = value
        .get("counts")
        .and_then(Value::as_object)
        .and_then(|o| {
            o.iter()
                .map(|(k, v)| Some((k.clone(), v.as_u64()?)))
                .collect()
        });
    if stated.as_ref() == Some(&counts) {
        checked.push(format!(
            "counts of free polyominoes of 1..8 cells re-enumerated: {:?}",
            counts.values().collect::<Vec<_>>()
        ));
    } else {
        faults.push(AnimalsFault::Field(format!(
            "counts must be the re-enumerated {counts:?}"
        )));
    }
}

/// Backs every entry's status; false when the list is not the enumeration
/// (then no entry is read further).
fn check_entries(
    files: &dyn Files,
    entries: &[Entry],
    levels: &[Vec<Vec<Cell>>],
    checked: &mut Vec<String>,
    faults: &mut Vec<AnimalsFault>,
) -> bool {
    let expected: Vec<&Vec<Cell>> = levels.iter().take(ATLAS_CELLS).flatten().collect();
    let listed: Vec<&Vec<Cell>> = entries.iter().map(|e| &e.cells).collect();
    if listed != expected {
        faults.push(AnimalsFault::Field(format!(
            "animals must list the {} free polyominoes of 1..7 cells, canonical, in order",
            expected.len()
        )));
        return false;
    }
    let index: BTreeMap<Vec<Cell>, usize> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| (e.cells.clone(), i))
        .collect();
    let mut tally: BTreeMap<String, usize> = BTreeMap::new();
    for entry in entries {
        let cells = || shape::cell_list(&entry.cells);
        let checked = check_entry(files, entry, entries, &index)
            .map_err(|reason| AnimalsFault::Entry {
                cells: cells(),
                reason,
            })
            .and_then(|backing| {
                check_moves(files, entry, backing).map_err(|fault| AnimalsFault::Moves {
                    cells: cells(),
                    fault,
                })
            });
        match checked {
            Ok(()) => {
                *tally
                    .entry(format!("{} by {}", entry.status, entry.how))
                    .or_default() += 1
            }
            Err(fault) => faults.push(fault),
        }
    }
    checked.push(format!(
        "{} animals of 1..7 cells, each status backed: {tally:?}",
        entries.len()
    ));
    let sevens = entries.iter().filter(|e| e.cells.len() == ATLAS_CELLS);
    let losing = sevens.clone().filter(|e| e.status == "loser").count();
    checked.push(format!(
        "{losing} of {} animals of 7 cells are certified losers",
        sevens.count()
    ));
    true
}

fn check_induction(
    value: &Value,
    octominoes: &[Vec<Cell>],
    checked: &mut Vec<String>,
    faults: &mut Vec<AnimalsFault>,
) {
    let all_reduce = octominoes
        .iter()
        .all(|animal| animal.iter().any(|&c| shape::connected_without(animal, c)));
    let induction = value.get("induction").unwrap_or(&Value::Null);
    faults.extend(unknown_fields(induction, "induction", INDUCTION_FIELDS));
    let text = |name: &str| induction.get(name).and_then(Value::as_str);
    if text("statement") != Some(INDUCTION_STATEMENT)
        || text("argument") != Some(INDUCTION_ARGUMENT)
    {
        faults.push(AnimalsFault::Field(format!(
            "induction.statement and .argument must be the kernel's {INDUCTION_STATEMENT:?} and its spanning-tree argument"
        )));
    }
    if induction.get("octominoes").and_then(Value::as_u64) != Some(octominoes.len() as u64) {
        faults.push(AnimalsFault::Field(format!(
            "induction.octominoes must be the re-enumerated {}",
            octominoes.len()
        )));
    }
    let stated = induction.get("all_reduce").and_then(Value::as_bool);
    if stated == Some(all_reduce) {
        checked.push(format!(
            "each of the {} animals of 8 cells keeps a connected 7-cell animal after removing some cell: {all_reduce}",
            octominoes.len()
        ));
    } else {
        faults.push(AnimalsFault::Field(format!(
            "induction.all_reduce must be the recomputed {all_reduce}"
        )));
    }
}

fn check_no_pairing(
    files: &dyn Files,
    summary: &Value,
    checked: &mut Vec<String>,
    faults: &mut Vec<AnimalsFault>,
) {
    faults.extend(unknown_fields(summary, "snaky_no_pairing", SUMMARY_FIELDS));
    let Some(path) = summary.get("proof_path").and_then(Value::as_str) else {
        faults.push(AnimalsFault::Field(
            "snaky_no_pairing.proof_path must be a string".into(),
        ));
        return;
    };
    let value = match read_json(files, path) {
        Ok(value) if header(&value, "animals-no-pairing", FORMAT) => value,
        Ok(_) => {
            faults.push(AnimalsFault::Reference {
                path: path.into(),
                reason: "not an animals-no-pairing certificate".into(),
            });
            return;
        }
        Err(fault) => {
            faults.push(fault);
            return;
        }
    };
    let is_snaky = value
        .pointer("/animal/cells")
        .and_then(shape::read_cells)
        .map(|c| shape::canonical(&c))
        == Some(shape::canonical(&SNAKY));
    match nopairing::audit_no_pairing_in(&value, files) {
        Ok((region, steps)) if is_snaky => {
            let stated = (
                summary.get("region_cells").and_then(Value::as_u64),
                summary.get("proof_steps").and_then(Value::as_u64),
                summary.get("checked").and_then(Value::as_bool),
            );
            if stated == (Some(region as u64), Some(steps as u64), Some(true)) {
                checked.push(format!("Snaky has no pairing: region of {region} cells, LRAT proof of {steps} steps checked"));
            } else {
                faults.push(AnimalsFault::Field(format!("snaky_no_pairing must state region_cells {region}, proof_steps {steps}, checked true")));
            }
        }
        Ok(_) => faults.push(AnimalsFault::Reference {
            path: path.into(),
            reason: "refutes another animal than Snaky".into(),
        }),
        Err(more) => faults.extend(more),
    }
}

/// Reads references relative to the working directory (the project root).
pub fn audit(value: &Value) -> AuditReport {
    audit_at(value, Path::new("."))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn references_outside_the_project_and_self_citations_are_faults() {
        assert!(matches!(
            read_json(&Directory(Path::new(".")), "../x.json"),
            Err(AnimalsFault::Reference { .. })
        ));
        assert!(matches!(
            read_json(&Directory(Path::new(".")), "/etc/passwd"),
            Err(AnimalsFault::Reference { .. })
        ));
        // An atlas whose card-table entry cites an atlas is rejected, not followed.
        let dir = std::env::temp_dir().join(format!("gamecert-atlas-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let atlas = json!({"kind": "animals", "format": 1});
        std::fs::write(dir.join("a.json"), atlas.to_string()).unwrap();
        let entry = Entry {
            cells: shape::canonical(&SNAKY),
            status: "winner".into(),
            how: "card-table".into(),
            certificate: Some("a.json".into()),
            moves: None,
        };
        let outcome = check_entry(&Directory(&dir), &entry, &[], &BTreeMap::new());
        assert!(outcome
            .err()
            .unwrap_or_default()
            .contains("not a snaky certificate"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
