//! Refutations for the kernel's LRAT checker: varisat solves the formula
//! and writes its own proof; varisat's checker re-checks that proof and
//! elaborates it to LRAT; the LRAT is then trimmed to the steps the empty
//! clause depends on (deletions dropped), so the kernel checks only those.

use super::sat::Formula;
use std::collections::BTreeSet;
use varisat::{CnfFormula, ExtendFormula, Lit, ProofFormat, Solver};

#[derive(Debug, thiserror::Error)]
pub enum RefuteError {
    #[error("the formula is satisfiable")]
    Satisfiable,
    #[error("SAT solver: {0}")]
    Solver(String),
    #[error("the elaborated LRAT proof is malformed at line {0}")]
    Malformed(usize),
}

/// A trimmed LRAT refutation.
pub struct Refutation {
    pub lrat: String,
    /// Added clauses kept (the empty clause included).
    pub steps: usize,
    /// Added clauses before trimming.
    pub untrimmed_steps: usize,
}

fn cnf(formula: &Formula) -> CnfFormula {
    let mut cnf = CnfFormula::new();
    for clause in &formula.clauses {
        let lits: Vec<Lit> = clause
            .iter()
            .map(|&l| Lit::from_dimacs(l as isize))
            .collect();
        cnf.add_clause(&lits);
    }
    cnf
}

pub fn refute(formula: &Formula) -> Result<Refutation, RefuteError> {
    let cnf = cnf(formula);
    let mut proof = Vec::new();
    let satisfiable = {
        let mut solver = Solver::new();
        solver.write_proof(&mut proof, ProofFormat::Varisat);
        solver.add_formula(&cnf);
        let result = solver
            .solve()
            .map_err(|e| RefuteError::Solver(e.to_string()))?;
        solver
            .close_proof()
            .map_err(|e| RefuteError::Solver(e.to_string()))?;
        result
    };
    if satisfiable {
        return Err(RefuteError::Satisfiable);
    }
    let mut lrat = Vec::new();
    {
        let mut writer = varisat_lrat::WriteLrat::new(&mut lrat, false);
        let mut checker = varisat_checker::Checker::new();
        checker.add_processor(&mut writer);
        checker
            .add_formula(&cnf)
            .map_err(|e| RefuteError::Solver(e.to_string()))?;
        checker
            .check_proof(&proof[..])
            .map_err(|e| RefuteError::Solver(e.to_string()))?;
        writer
            .flush()
            .map_err(|e| RefuteError::Solver(e.to_string()))?;
    }
    trim(&String::from_utf8_lossy(&lrat))
}

/// Keeps the added steps the empty clause depends on, in order.
pub fn trim(lrat: &str) -> Result<Refutation, RefuteError> {
    // (id, line, hints) of every added step, up to the empty clause.
    let mut steps: Vec<(u64, &str, Vec<u64>)> = Vec::new();
    for (index, line) in lrat.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.get(1) == Some(&"d") || words.is_empty() {
            continue;
        }
        let numbers: Result<Vec<i64>, _> = words.iter().map(|w| w.parse::<i64>()).collect();
        let numbers = numbers.map_err(|_| RefuteError::Malformed(index + 1))?;
        let split = numbers[1..]
            .iter()
            .position(|&n| n == 0)
            .ok_or(RefuteError::Malformed(index + 1))?;
        let hints: Vec<u64> = numbers[split + 2..]
            .iter()
            .filter(|&&n| n != 0)
            .map(|n| n.unsigned_abs())
            .collect();
        let empty = split == 0;
        steps.push((numbers[0].unsigned_abs(), line, hints));
        if empty {
            break;
        }
    }
    let untrimmed_steps = steps.len();
    let mut needed: BTreeSet<u64> = steps.last().map(|s| s.0).into_iter().collect();
    for (id, _, hints) in steps.iter().rev() {
        if needed.contains(id) {
            needed.extend(hints.iter().copied());
        }
    }
    let mut out = String::new();
    let mut kept = 0;
    for (id, line, _) in &steps {
        if needed.contains(id) {
            out.push_str(line.trim());
            out.push('\n');
            kept += 1;
        }
    }
    Ok(Refutation {
        lrat: out,
        steps: kept,
        untrimmed_steps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refutes_the_four_sign_patterns_and_trims_an_unused_step() {
        let formula = Formula {
            variables: 2,
            clauses: vec![vec![1, 2], vec![1, -2], vec![-1, 2], vec![-1, -2]],
        };
        let refutation = refute(&formula).unwrap();
        assert!(refutation
            .lrat
            .lines()
            .last()
            .unwrap()
            .starts_with(|c: char| c.is_ascii_digit()));
        let trimmed = trim("5 2 0 1 0\n6 1 0 1 2 0\n7 0 6 3 4 0\n").unwrap();
        assert_eq!(trimmed.lrat, "6 1 0 1 2 0\n7 0 6 3 4 0\n");
        assert_eq!((trimmed.steps, trimmed.untrimmed_steps), (2, 3));
    }
}
