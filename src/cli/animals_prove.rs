//! `gamecert animals prove SHAPE [--bound N] [--nodes N] [-o TABLE]`: the
//! strategy generator, then the checker and the rule-free search on what it
//! wrote. Progress per bound on stderr; the verdict on stdout.

use gamecert::animals::prove::check;
use gamecert::exit::Outcome;
use gamecert::generate::{prove as generate, shape_argument, BoundResult, ProveOptions, MAX_BOUND};
use gamecert::polyomino::parse::parse_shape_upto;
use std::path::Path;

/// The generator's shape limit (issue 12: more than 8 cells is bad input).
const PROVE_CELLS: usize = 8;

pub fn prove(text: &str, bound: u32, nodes: u64, output: Option<&Path>) -> Outcome {
    let animal = match parse_shape_upto(text, PROVE_CELLS) {
        Ok(animal) => animal.canonical(),
        Err(error) => {
            errln!("gamecert animals prove: shape {text:?}: {error}");
            return Outcome::BadInput;
        }
    };
    if !(1..=MAX_BOUND).contains(&bound) {
        errln!("gamecert animals prove: --bound must be 1..={MAX_BOUND}");
        return Outcome::BadInput;
    }
    let cells = animal.cells().to_vec();
    let name = animal.display_name();
    errln!("{name}: searching bounds 1..={bound} (at most {nodes} positions)");
    let options = ProveOptions {
        max_bound: bound,
        node_limit: nodes,
    };
    let mut report = |b: &BoundResult| errln!("{}", bound_line(b));
    let proof = match generate(&cells, options, &mut report) {
        Ok(proof) => proof,
        Err(error) => {
            errln!("gamecert animals prove: {error}");
            return Outcome::Refuted;
        }
    };
    for b in &proof.bounds {
        outln!("{}", bound_line(b));
    }
    if let Some(h) = proof.proved_none_within() {
        outln!("proved: no card table of the generator's form has h <= {h} (docs/games/animals.md: the form)");
    }
    let (Some(table), Some(height)) = (&proof.table, proof.height) else {
        outln!(
            "{name}: no table found within bound {bound} and {nodes} positions ({:.2} s)",
            proof.seconds
        );
        return Outcome::Refuted;
    };
    let path = output.map_or("(generated)".to_string(), |p| p.display().to_string());
    let checked = match check(&animal, &path, table.as_bytes()) {
        Ok(checked) => checked,
        Err(error) => {
            errln!("gamecert animals prove: the generated table does not read back: {error}");
            return Outcome::Refuted;
        }
    };
    outln!(
        "{name}: table of {} card lines, h = {height}, found in {:.2} s; checker: {}; rule-free search: {} (worst case {} Maker moves)",
        proof.lines,
        proof.seconds,
        if checked.run.claim.holds() { "certified" } else { "FAILS" },
        checked.search.result.verdict(),
        checked
            .search
            .result
            .worst_case_maker_moves
            .map_or("none".to_string(), |m| m.to_string())
    );
    outln!(
        "check it: gamecert snaky check TABLE --shape \"{}\"",
        shape_argument(&cells)
    );
    let written = match output {
        Some(path) => super::write_now("animals prove", path, table),
        None => {
            out!("{table}");
            Ok(())
        }
    };
    match written {
        Ok(()) => Outcome::from_holds(checked.holds()),
        Err(outcome) => outcome,
    }
}

fn bound_line(b: &BoundResult) -> String {
    let what = match (b.found, b.finished) {
        (true, _) => "table found".to_string(),
        (false, true) => format!("no table of the generator's form with h <= {}", b.bound),
        (false, false) => "search stopped at the position limit (nothing proved)".to_string(),
    };
    format!(
        "  h = {:>2}: {what} ({} positions expanded, {} in the transposition table, {:.2} s)",
        b.bound, b.expanded, b.table_size, b.seconds
    )
}
