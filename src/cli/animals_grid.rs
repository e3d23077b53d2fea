//! `gamecert animals delay SHAPE --within K [-o FILE]`: search a Breaker
//! table on the infinite grid, audit it with the kernel, write it; and
//! `gamecert animals bounds SHAPE`: the atlas's pair of bounds with the
//! certificate behind each.

use gamecert::exit::Outcome;
use gamecert::polyomino::parse::parse_shape_upto;
use std::path::Path;
use std::time::Instant;

/// The kernel reads grid-delay certificates of animals up to 8 cells.
const GRID_CELLS: usize = 8;

pub fn delay(text: &str, within: u32, nodes: u64, output: Option<&Path>) -> Outcome {
    let animal = match parse_shape_upto(text, GRID_CELLS) {
        Ok(animal) => animal.canonical(),
        Err(error) => {
            errln!("gamecert animals delay: shape {text:?}: {error}");
            return Outcome::BadInput;
        }
    };
    let started = Instant::now();
    let (certificate, expanded) = match gamecert::grid::delay(animal.cells(), within, nodes) {
        Ok(found) => found,
        Err(error @ gamecert::grid::SearchError::Bound { .. }) => {
            errln!("gamecert animals delay: {error}");
            return Outcome::BadInput;
        }
        Err(error) => {
            errln!(
                "gamecert animals delay: {}: {error} ({:.2} s)",
                gamecert::grid::name(animal.cells(), within),
                started.elapsed().as_secs_f64()
            );
            return Outcome::Refuted;
        }
    };
    let searched = started.elapsed().as_secs_f64();
    let json = gamecert::grid::to_json(&certificate);
    let report = match gamecert_audit::audit_text("(generated)", &json) {
        Ok(report) => report,
        Err(error) => {
            errln!("gamecert animals delay: the kernel cannot read the certificate: {error}");
            return Outcome::Refuted;
        }
    };
    for line in &report.checked {
        outln!("{line}");
    }
    for message in report.messages() {
        errln!("gamecert animals delay: the kernel rejects the certificate: {message}");
    }
    outln!(
        "{}: {} entries, {} bytes, {expanded} positions expanded in {searched:.2} s",
        certificate.name,
        certificate.strategy.len(),
        json.len()
    );
    if !report.holds() {
        return Outcome::Refuted;
    }
    if let Some(path) = output {
        if let Err(outcome) = super::write_now("animals delay", path, &json) {
            return outcome;
        }
    }
    Outcome::Holds
}

pub fn bounds(root: &Path, text: &str) -> Outcome {
    let animal = match parse_shape_upto(text, GRID_CELLS) {
        Ok(animal) => animal.canonical(),
        Err(error) => {
            errln!("gamecert animals bounds: shape {text:?}: {error}");
            return Outcome::BadInput;
        }
    };
    let path = root.join("certificates/animals.json");
    let atlas: serde_json::Value = match std::fs::read_to_string(&path)
        .map_err(|e| e.to_string())
        .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
    {
        Ok(value) => value,
        Err(error) => {
            errln!("gamecert animals bounds: {}: {error}", path.display());
            return Outcome::BadInput;
        }
    };
    let name = animal.display_name();
    let entry = atlas
        .get("animals")
        .and_then(|a| a.as_array())
        .into_iter()
        .flatten()
        .find(|entry| {
            entry
                .get("cells")
                .and_then(|c| serde_json::from_value::<Vec<(i32, i32)>>(c.clone()).ok())
                .and_then(|cells| gamecert::polyomino::Polyomino::new(&cells).ok())
                .is_some_and(|p| p.canonical() == animal)
        });
    let Some(entry) = entry else {
        errln!("gamecert animals bounds: {name} is not in the atlas (1..=7 cells)");
        return Outcome::BadInput;
    };
    let status = entry.get("status").and_then(|s| s.as_str()).unwrap_or("?");
    let Some(moves) = entry.get("moves").filter(|m| !m.is_null()) else {
        outln!("{name}: {status}; no number of moves (Maker never builds it, or it is open)");
        return Outcome::Holds;
    };
    let number = |field: &str| moves.get(field).and_then(|v| v.as_u64()).unwrap_or(0);
    let text = |field: &str| moves.get(field).and_then(|v| v.as_str());
    let (lower, upper) = (number("lower"), number("upper"));
    let exact = if lower == upper {
        format!("exactly {lower}")
    } else {
        format!("{lower}..{upper}")
    };
    outln!("{name} on the infinite grid: Maker's least number of moves is {exact}");
    match text("lower_by") {
        Some(path) => outln!(
            "  lower {lower}: {path} (Breaker stops every completion within {} moves)",
            lower - 1
        ),
        None => outln!(
            "  lower {lower}: the trivial bound (Maker needs a stone on each of its {} cells)",
            animal.size()
        ),
    }
    outln!(
        "  upper {upper}: {} (Maker completes it within {upper} moves)",
        text("upper_by").unwrap_or("?")
    );
    Outcome::Holds
}
