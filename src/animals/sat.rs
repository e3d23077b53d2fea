//! A small exact SAT search (DPLL with unit propagation) for the pairing
//! problems. It either finds a satisfying assignment or proves there is none
//! and returns the branching refutation tree, which the kernel replays: at
//! every node unit propagation is run, a leaf must end in a conflict, and an
//! inner node names the variable branched on (true first, then false).
//!
//! Literals are non-zero integers, as in DIMACS: `v` is variable v true,
//! `-v` is variable v false. Variables are numbered from 1.

/// What the search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A model: entry v - 1 is variable v's value.
    Satisfiable(Vec<bool>),
    /// No model: the refutation tree in preorder (0 a leaf, v > 0 a branch
    /// on v with the `true` subtree first).
    Unsatisfiable(Vec<u32>),
    /// The search gave up after this many nodes.
    GaveUp(u64),
}

/// A CNF formula.
#[derive(Debug, Clone, Default)]
pub struct Formula {
    pub variables: u32,
    pub clauses: Vec<Vec<i32>>,
}

impl Formula {
    /// The formula in DIMACS CNF.
    pub fn to_dimacs(&self) -> String {
        let mut out = format!("p cnf {} {}\n", self.variables, self.clauses.len());
        for clause in &self.clauses {
            for lit in clause {
                out.push_str(&lit.to_string());
                out.push(' ');
            }
            out.push_str("0\n");
        }
        out
    }
}

const UNSET: i8 = 0;

struct Search<'a> {
    formula: &'a Formula,
    /// Clauses containing each literal; index `lit_index`.
    occurrences: Vec<Vec<u32>>,
    /// 1 true, -1 false, 0 unset; index v.
    value: Vec<i8>,
    trail: Vec<i32>,
    nodes: u64,
    limit: u64,
    tree: Vec<u32>,
}

fn lit_index(lit: i32) -> usize {
    let v = lit.unsigned_abs() as usize;
    2 * v + usize::from(lit < 0)
}

/// Searches for a model, giving up after `node_limit` nodes.
pub fn solve(formula: &Formula, node_limit: u64) -> Outcome {
    let mut occurrences = vec![Vec::new(); 2 * formula.variables as usize + 2];
    for (i, clause) in formula.clauses.iter().enumerate() {
        for &lit in clause {
            occurrences[lit_index(lit)].push(i as u32);
        }
    }
    let mut search = Search {
        formula,
        occurrences,
        value: vec![UNSET; formula.variables as usize + 1],
        trail: Vec::new(),
        nodes: 0,
        limit: node_limit,
        tree: Vec::new(),
    };
    match search.child(0) {
        Some(true) => Outcome::Satisfiable(search.value[1..].iter().map(|&v| v > 0).collect()),
        Some(false) => Outcome::Unsatisfiable(search.tree),
        None => Outcome::GaveUp(search.nodes),
    }
}

impl Search<'_> {
    fn lit_value(&self, lit: i32) -> i8 {
        let v = self.value[lit.unsigned_abs() as usize];
        if lit < 0 {
            -v
        } else {
            v
        }
    }

    fn assign(&mut self, lit: i32) {
        self.value[lit.unsigned_abs() as usize] = if lit < 0 { -1 } else { 1 };
        self.trail.push(lit);
    }

    fn undo_to(&mut self, length: usize) {
        while self.trail.len() > length {
            if let Some(lit) = self.trail.pop() {
                self.value[lit.unsigned_abs() as usize] = UNSET;
            }
        }
    }

    /// Unit propagation from trail position `from`; false on a conflict.
    /// With `from` = 0 every clause is examined once first.
    fn propagate(&mut self, mut from: usize) -> bool {
        if from == 0 {
            for i in 0..self.formula.clauses.len() {
                if !self.settle(i) {
                    return false;
                }
            }
        }
        while from < self.trail.len() {
            let falsified = -self.trail[from];
            from += 1;
            for k in 0..self.occurrences[lit_index(falsified)].len() {
                let clause = self.occurrences[lit_index(falsified)][k] as usize;
                if !self.settle(clause) {
                    return false;
                }
            }
        }
        true
    }

    /// Assigns a clause's last free literal; false if it is falsified.
    fn settle(&mut self, clause: usize) -> bool {
        let mut free = None;
        let mut free_count = 0;
        for &lit in &self.formula.clauses[clause] {
            match self.lit_value(lit) {
                1 => return true,
                0 => {
                    free = Some(lit);
                    free_count += 1;
                }
                _ => {}
            }
        }
        match (free_count, free) {
            (0, _) => false,
            (1, Some(lit)) => {
                self.assign(lit);
                true
            }
            _ => true,
        }
    }

    /// A variable of a shortest unsatisfied clause; None if all satisfied.
    fn branch_variable(&self) -> Option<u32> {
        let mut best: Option<(usize, i32)> = None;
        for clause in &self.formula.clauses {
            let mut free = 0;
            let mut first = 0;
            let mut satisfied = false;
            for &lit in clause {
                match self.lit_value(lit) {
                    1 => {
                        satisfied = true;
                        break;
                    }
                    0 => {
                        if free == 0 {
                            first = lit;
                        }
                        free += 1;
                    }
                    _ => {}
                }
            }
            if !satisfied && free > 0 && best.is_none_or(|(n, _)| free < n) {
                best = Some((free, first));
                if free == 2 && first > 0 {
                    break;
                }
            }
        }
        best.map(|(_, lit)| lit.unsigned_abs())
    }

    /// Propagates the literals assigned from trail position `from` (all
    /// clauses when `from` is 0), then branches. Some(true): a model below;
    /// Some(false): refuted; None: gave up.
    fn child(&mut self, from: usize) -> Option<bool> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return None;
        }
        let start = from;
        if !self.propagate(from) {
            self.tree.push(0);
            self.undo_to(start);
            return Some(false);
        }
        let Some(variable) = self.branch_variable() else {
            return Some(true);
        };
        self.tree.push(variable);
        let before = self.trail.len();
        for lit in [variable as i32, -(variable as i32)] {
            self.assign(lit);
            match self.child(before) {
                Some(false) => self.undo_to(before),
                other => return other,
            }
        }
        self.undo_to(start);
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn formula(variables: u32, clauses: &[&[i32]]) -> Formula {
        Formula {
            variables,
            clauses: clauses.iter().map(|c| c.to_vec()).collect(),
        }
    }

    fn satisfies(model: &[bool], f: &Formula) -> bool {
        f.clauses.iter().all(|c| {
            c.iter()
                .any(|&l| model[l.unsigned_abs() as usize - 1] == (l > 0))
        })
    }

    #[test]
    fn finds_a_model_when_there_is_one() {
        let f = formula(3, &[&[1, 2], &[-1, 3], &[-3, -2], &[2, 3]]);
        match solve(&f, 1000) {
            Outcome::Satisfiable(model) => assert!(satisfies(&model, &f)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn refutes_all_four_sign_patterns() {
        let f = formula(2, &[&[1, 2], &[1, -2], &[-1, 2], &[-1, -2]]);
        match solve(&f, 1000) {
            // branch on 1: true -> conflict after propagation; false -> same
            Outcome::Unsatisfiable(tree) => assert_eq!(tree, vec![1, 0, 0]),
            other => panic!("{other:?}"),
        }
        let empty = formula(1, &[&[1], &[-1]]);
        assert_eq!(solve(&empty, 10), Outcome::Unsatisfiable(vec![0]));
    }
}
