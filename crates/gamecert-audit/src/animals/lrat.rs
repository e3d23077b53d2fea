//! A small LRAT checker (RUP steps only). Each added clause lists hint
//! clauses; assuming every literal of the new clause false, the hints in
//! order must each become unit (their last free literal is then set true)
//! until one is falsified outright. Deletions drop clauses. The proof holds
//! once the empty clause is added.
//!
//! Text format, one step a line: `id lit ... 0 hint ... 0` adds clause `id`;
//! `id d id ... 0` deletes. Ids of added clauses increase and exceed every
//! id before them.

use std::collections::HashMap;

/// Why a proof step does not check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepFault {
    /// The 1-based line of the proof text.
    pub line: usize,
    pub step: u64,
    pub reason: String,
}

/// What a checked proof showed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    pub added: usize,
    pub deleted: usize,
}

/// Checks `proof` against the formula with clauses numbered 1..=n in order.
pub fn check(clauses: &[Vec<i64>], proof: &str) -> Result<Checked, StepFault> {
    let mut database: HashMap<u64, Vec<i64>> = clauses
        .iter()
        .enumerate()
        .map(|(i, c)| (i as u64 + 1, c.clone()))
        .collect();
    let mut last_id = clauses.len() as u64;
    let mut checked = Checked {
        added: 0,
        deleted: 0,
    };
    let mut assignment = Assignment::default();
    for (index, text) in proof.lines().enumerate() {
        let line = index + 1;
        let fault = |step: u64, reason: String| StepFault { line, step, reason };
        let mut words = text.split_whitespace();
        let Some(first) = words.next() else {
            continue;
        };
        let id: u64 = first
            .parse()
            .map_err(|_| fault(0, format!("step id {first:?} is not a whole number")))?;
        let rest: Vec<&str> = words.collect();
        if rest.first() == Some(&"d") {
            for word in &rest[1..] {
                let gone: u64 = word
                    .parse()
                    .map_err(|_| fault(id, format!("{word:?} is not a clause id")))?;
                if gone != 0 {
                    database.remove(&gone);
                    checked.deleted += 1;
                }
            }
            continue;
        }
        if id <= last_id {
            return Err(fault(
                id,
                format!("id {id} does not exceed the previous id {last_id}"),
            ));
        }
        let numbers: Vec<i64> = rest
            .iter()
            .map(|w| w.parse::<i64>())
            .collect::<Result<_, _>>()
            .map_err(|_| fault(id, "a literal or hint is not a whole number".into()))?;
        let split = numbers
            .iter()
            .position(|&n| n == 0)
            .ok_or_else(|| fault(id, "the clause has no closing 0".into()))?;
        let (lits, tail) = numbers.split_at(split);
        let hints = match tail[1..].split_last() {
            Some((0, hints)) => hints,
            _ => return Err(fault(id, "the hints have no closing 0".into())),
        };
        let outcome = rup(&database, lits, hints, &mut assignment);
        assignment.clear();
        outcome.map_err(|reason| fault(id, reason))?;
        checked.added += 1;
        last_id = id;
        if lits.is_empty() {
            return Ok(checked);
        }
        database.insert(id, lits.to_vec());
    }
    Err(StepFault {
        line: proof.lines().count(),
        step: last_id,
        reason: "the proof ends without deriving the empty clause".into(),
    })
}

/// A partial assignment indexed by variable, cleared by undoing what was set.
#[derive(Default)]
struct Assignment {
    /// 0 unset, 1 true, 2 false; index: variable.
    value: Vec<u8>,
    set: Vec<usize>,
}

impl Assignment {
    fn get(&self, variable: u64) -> Option<bool> {
        match self.value.get(variable as usize) {
            Some(1) => Some(true),
            Some(2) => Some(false),
            _ => None,
        }
    }

    fn insert(&mut self, variable: u64, truth: bool) {
        let index = variable as usize;
        if index >= self.value.len() {
            self.value.resize(index + 1, 0);
        }
        self.value[index] = if truth { 1 } else { 2 };
        self.set.push(index);
    }

    fn clear(&mut self) {
        for index in self.set.drain(..) {
            self.value[index] = 0;
        }
    }
}

/// The largest variable a proof may name (keeps the assignment small).
const MAX_VARIABLE: u64 = 1 << 24;

/// Whether the hints, in order, propagate the negated clause to a conflict.
fn rup(
    database: &HashMap<u64, Vec<i64>>,
    lits: &[i64],
    hints: &[i64],
    assignment: &mut Assignment,
) -> Result<(), String> {
    if let Some(lit) = lits.iter().find(|l| l.unsigned_abs() > MAX_VARIABLE) {
        return Err(format!(
            "literal {lit} exceeds the largest variable {MAX_VARIABLE}"
        ));
    }
    for &lit in lits {
        assignment.insert(lit.unsigned_abs(), lit < 0);
    }
    for &hint in hints {
        if hint < 0 {
            return Err(format!(
                "hint {hint} is a RAT hint; this checker accepts RUP steps only"
            ));
        }
        let clause = database
            .get(&hint.unsigned_abs())
            .ok_or_else(|| format!("hint {hint} names no live clause"))?;
        let mut free = None;
        for &lit in clause {
            match assignment.get(lit.unsigned_abs()) {
                Some(value) if value == (lit > 0) => {
                    return Err(format!("hint {hint} is already satisfied"))
                }
                Some(_) => {}
                None if free.is_some_and(|f| f != lit) => {
                    return Err(format!("hint {hint} has two free literals"))
                }
                None => free = Some(lit),
            }
        }
        match free {
            None => return Ok(()),
            Some(lit) => {
                assignment.insert(lit.unsigned_abs(), lit > 0);
            }
        }
    }
    Err("the hints end without a conflict".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_four() -> Vec<Vec<i64>> {
        vec![vec![1, 2], vec![1, -2], vec![-1, 2], vec![-1, -2]]
    }

    #[test]
    fn accepts_a_correct_refutation() {
        let proof = "5 1 0 1 2 0\n6 0 5 3 4 0\n";
        assert_eq!(
            check(&all_four(), proof),
            Ok(Checked {
                added: 2,
                deleted: 0
            })
        );
    }

    #[test]
    fn rejects_a_forged_step_naming_it() {
        // clause 3 alone does not make 2 unit once 1 is assumed false
        let fault = check(&all_four(), "5 1 0 3 0\n6 0 5 3 4 0\n").unwrap_err();
        assert_eq!((fault.line, fault.step), (1, 5));
        let fault = check(&all_four(), "5 1 0 1 2 0\n").unwrap_err();
        assert!(fault.reason.contains("without deriving the empty clause"));
        let fault = check(&all_four(), "5 1 0 1 2 0\n5 d 1 0\n6 0 5 1 4 0\n").unwrap_err();
        assert!(fault.reason.contains("names no live clause"), "{fault:?}");
    }
}
