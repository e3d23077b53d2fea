//! `gamecert animals prove SHAPE [--bound N] [--nodes N] [--box N] [-o TABLE]`:
//! the strategy generator (or, with `--box`, the prover on a box), then the
//! checker and the rule-free search on what it wrote. Progress per bound on
//! stderr; the verdict on stdout.

use gamecert::animals::prove::check;
use gamecert::exit::Outcome;
use gamecert::generate::boxed::{prove_in_box, MAX_SIDE};
use gamecert::generate::{
    prove as generate, shape_argument, BoundResult, Proof, ProveError, ProveOptions, MAX_BOUND,
};
use gamecert::polyomino::parse::parse_shape_upto;
use std::path::Path;

/// The generator's shape limit (issue 12: more than 8 cells is bad input).
const PROVE_CELLS: usize = 8;

pub fn prove(
    text: &str,
    bound: u32,
    nodes: u64,
    side: Option<usize>,
    output: Option<&Path>,
) -> Outcome {
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
    if side.is_some_and(|side| !(1..=MAX_SIDE).contains(&side)) {
        errln!("gamecert animals prove: --box must be 1..={MAX_SIDE} (the prover's boards hold at most 128 cells)");
        return Outcome::BadInput;
    }
    let cells = animal.cells().to_vec();
    let name = animal.display_name();
    let proof = match search(&name, &cells, bound, nodes, side) {
        Ok(proof) => proof,
        Err(error) => {
            errln!("gamecert animals prove: {error}");
            return Outcome::Refuted;
        }
    };
    for b in &proof.bounds {
        outln!("{}", bound_line(b, side));
    }
    if let Some(h) = proof.proved_none_within() {
        match side {
            None => outln!("proved: no card table of the generator's form has h <= {h} (docs/games/animals.md: the form)"),
            Some(n) => outln!("proved: Maker does not win within {h} moves on the {n}x{n} box with the first move at its centre (the prover; nothing about the grid)"),
        }
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

/// The generator's search, or the prover's on an N x N box.
fn search(
    name: &str,
    cells: &[(i32, i32)],
    bound: u32,
    nodes: u64,
    side: Option<usize>,
) -> Result<Proof, ProveError> {
    let mut report = |b: &BoundResult| errln!("{}", bound_line(b, side));
    match side {
        Some(side) => {
            errln!("{name}: asking the prover bounds up to {bound} on the {side}x{side} box");
            prove_in_box(cells, side, bound, nodes, &mut report)
        }
        None => {
            errln!("{name}: searching bounds 1..={bound} (at most {nodes} positions)");
            let options = ProveOptions {
                max_bound: bound,
                node_limit: nodes,
            };
            generate(cells, options, &mut report)
        }
    }
}

fn bound_line(b: &BoundResult, side: Option<usize>) -> String {
    let what = match (b.found, b.finished, side) {
        (true, ..) => "table found".to_string(),
        (false, true, Some(n)) => {
            format!("Maker does not win within {} on the {n}x{n} box", b.bound)
        }
        (false, true, None) => format!("no table of the generator's form with h <= {}", b.bound),
        (false, false, _) => "search stopped at the position limit (nothing proved)".to_string(),
    };
    format!(
        "  h = {:>2}: {what} ({} positions expanded, {} in the transposition table, {:.2} s)",
        b.bound, b.expanded, b.table_size, b.seconds
    )
}
