//! Lines of play: the principal variation, replayed exactly and checked to
//! be best play against the verified tables, and the published claims,
//! whose verdicts the auditor derives itself.

use super::fault::{Fault, LineFault};
use super::rules::{end, in_check, marked, moves, solve, End, Pos};
use super::tables::{find_move, Goal, Proven};
use super::Findings;
use serde_json::Value;

/// The published line claims 2a and 2b are about.
pub const PUBLISHED_LINE: &str =
    "1. N2-4 N7-5 2. N4-6xR K8-7 3. R3-4 K7-6xN 4. R4-2 K6-7 5. R2-5xN mate";

/// The published claims, as the certificate must quote them, on 8 squares.
pub const CLAIMS: [(&str, &str); 4] = [
    ("1", "On 8 squares White has a forced win."),
    ("2a", "The published line 1. N2-4 N7-5 2. N4-6xR K8-7 3. R3-4 K7-6xN 4. R4-2 K6-7 5. R2-5xN mate is legal move by move and ends in checkmate."),
    ("2b", "With best play White mates in five moves: White mates within five moves against every Black defence."),
    ("3", "The five-move win only works on 8 squares; on 9 or 10 squares, can White still win, or does the extra room save Black?"),
];

/// The board the claims are about.
pub const CLAIMS_SQUARES: usize = 8;

/// "White mates in five moves": White's fifth move is ply 9.
const FIVE_MOVES_PLIES: u64 = 9;

/// One replayed move: the position before it, its name without marks.
struct Step {
    before: Pos,
    name: String,
}

/// Replays a published line: move numbers are skipped, the word `mate`
/// and `+`/`#` marks are checked. The positions after each move.
fn replay_published(squares: usize, line: &str) -> Result<Vec<Pos>, LineFault> {
    let mut pos = Pos::start(squares);
    let mut after = Vec::new();
    for token in line.split_whitespace() {
        if token.ends_with('.') {
            continue;
        }
        if token == "mate" {
            if end(&pos) != End::Mate {
                return Err(LineFault::MateWord);
            }
            continue;
        }
        let name = token.trim_end_matches(['+', '#']);
        let Some((_, next)) = find_move(&pos, name) else {
            return Err(LineFault::Illegal {
                token: token.to_string(),
                position: pos.show(),
            });
        };
        if token.ends_with('#') && end(&next) != End::Mate {
            return Err(LineFault::MarkedMate {
                token: token.to_string(),
            });
        }
        if token.ends_with('+') && !in_check(&next) {
            return Err(LineFault::MarkedCheck {
                token: token.to_string(),
            });
        }
        pos = next;
        after.push(next);
    }
    Ok(after)
}

/// Replays the principal variation, each move written exactly as the
/// conventions say (marks included): the steps and the final position.
fn replay_exact(squares: usize, tokens: &[&str]) -> Result<(Vec<Step>, Pos), LineFault> {
    let mut pos = Pos::start(squares);
    let mut steps = Vec::new();
    for token in tokens {
        let name = token.trim_end_matches(['+', '#']);
        let Some((mv, next)) = moves(&pos)
            .into_iter()
            .find(|(mv, _)| mv.to_string() == name)
        else {
            return Err(LineFault::Illegal {
                token: token.to_string(),
                position: pos.show(),
            });
        };
        let expected = marked(&mv, &next);
        if *token != expected {
            return Err(LineFault::Mark {
                token: token.to_string(),
                expected,
            });
        }
        steps.push(Step {
            before: pos,
            name: name.to_string(),
        });
        pos = next;
    }
    Ok((steps, pos))
}

fn table(proven: &[Proven], squares: usize, white: bool, goal: Goal) -> Option<&Proven> {
    proven
        .iter()
        .find(|p| p.squares == squares && p.white == white && p.goal == goal)
}

/// The principal variation: legal, written exactly, and best play.
pub fn check_principal_variation(
    squares: usize,
    value: Option<(Option<bool>, Option<u64>)>,
    tokens: &[&str],
    proven: &[Proven],
    findings: &mut Findings,
) {
    let (steps, last) = match replay_exact(squares, tokens) {
        Ok(replayed) => replayed,
        Err(fault) => {
            findings.fail(Fault::Line {
                line: "principal_variation".into(),
                fault,
            });
            return;
        }
    };
    let before = findings.failures.len();
    match value {
        Some((Some(winner), Some(plies))) => {
            let mates = end(&last) == End::Mate;
            if steps.len() as u64 != plies || !mates {
                findings.fail(Fault::PvLength {
                    plies: steps.len(),
                    mates,
                    stated: Some(plies),
                });
                return;
            }
            best_play_to_mate(squares, winner, plies, &steps, proven, findings);
        }
        Some((None, None)) => best_play_to_draw(squares, &steps, last, proven, findings),
        // the value itself is at fault, and reported where it is checked
        _ => return,
    }
    if findings.failures.len() == before {
        findings.checked.push(format!(
            "principal variation: {} legal plies, each the verified tables' best move",
            steps.len()
        ));
    }
}

/// Each winner's move is the mating table's move at an entry exactly the
/// remaining plies from mate; each loser's move, while the loser's table
/// reaches, is that table's delay. The loser's table proves no mate comes
/// sooner along a line that follows it, the winner's that mate comes no
/// later: so every position of the line is exactly its remaining plies
/// from mate. Past the loser's horizon (2 plies or fewer left) any move of
/// the loser keeps the distance, since the line still ends in mate.
fn best_play_to_mate(
    squares: usize,
    winner: bool,
    plies: u64,
    steps: &[Step],
    proven: &[Proven],
    findings: &mut Findings,
) {
    let mating = table(proven, squares, winner, Goal::MateWithin);
    let delaying = table(proven, squares, !winner, Goal::NoMateWithin);
    for (ply, step) in steps.iter().enumerate() {
        let remaining = plies - ply as u64;
        let key = step.before.key();
        let why = if step.before.white == winner {
            match mating.and_then(|t| t.entries.get(&key)) {
                None => {
                    Some("the mating table has no entry for the position before it".to_string())
                }
                Some(entry) if entry.plies != Some(remaining) => Some(format!(
                    "the mating table puts the position {:?} plies from mate, not {remaining}",
                    entry.plies
                )),
                Some(entry) if entry.mv != step.name => {
                    Some(format!("the mating table plays {}", entry.mv))
                }
                Some(_) => None,
            }
        } else if remaining <= 2 {
            None
        } else {
            match delaying.and_then(|t| t.entries.get(&key)) {
                None => Some(
                    "the delaying table has no entry here, so nothing shows this defence is best"
                        .to_string(),
                ),
                Some(entry) if entry.mv != step.name => {
                    Some(format!("the delaying table plays {}", entry.mv))
                }
                Some(_) => None,
            }
        };
        if let Some(why) = why {
            findings.fail(Fault::NotBestPlay {
                ply: ply + 1,
                token: step.name.clone(),
                why,
            });
            return;
        }
    }
}

/// A drawn line follows both never-losing tables, so every position on it
/// is one both sides can hold; it stops at its first repeated position or
/// at a drawn end.
fn best_play_to_draw(
    squares: usize,
    steps: &[Step],
    last: Pos,
    proven: &[Proven],
    findings: &mut Findings,
) {
    for (ply, step) in steps.iter().enumerate() {
        let holding = table(proven, squares, step.before.white, Goal::NeverLoses);
        let why = match holding.and_then(|t| t.entries.get(&step.before.key())) {
            None => Some("the holding table has no entry for the position before it".to_string()),
            Some(entry) if entry.mv != step.name => {
                Some(format!("the holding table plays {}", entry.mv))
            }
            Some(_) => None,
        };
        if let Some(why) = why {
            findings.fail(Fault::NotBestPlay {
                ply: ply + 1,
                token: step.name.clone(),
                why,
            });
            return;
        }
    }
    let before: Vec<u64> = steps.iter().map(|s| s.before.key()).collect();
    let mut distinct = before.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let ends = matches!(end(&last), End::Stalemate | End::BareKings);
    let repeats = before.contains(&last.key());
    let over_early = steps.iter().any(|s| end(&s.before) != End::Ongoing);
    if steps.is_empty() || distinct.len() != before.len() || ends == repeats || over_early {
        findings.fail(Fault::DrawLineEnd { plies: steps.len() });
    }
}

fn verdict_of(holds: bool) -> &'static str {
    if holds {
        "holds"
    } else {
        "refuted"
    }
}

/// How claim 3's answer names a board's value.
fn describe(value: Option<(bool, u64)>) -> String {
    let count = |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match value {
        None => "draw".to_string(),
        Some((white, plies)) => format!(
            "{} wins, mate in {} ({})",
            if white { "white" } else { "black" },
            count(plies, "ply", "plies"),
            count(plies.div_ceil(2), "move", "moves")
        ),
    }
}

/// The claims: exactly the published ones on their board (none on any
/// other), quoted word for word, each verdict the one the audit derives.
pub fn check_claims(
    squares: usize,
    claims: &[Value],
    value: Option<(Option<bool>, Option<u64>)>,
    findings: &mut Findings,
) {
    let ids = crate::claim_ids(claims);
    let expected: Vec<&str> = if squares == CLAIMS_SQUARES {
        CLAIMS.iter().map(|(id, _)| *id).collect()
    } else {
        Vec::new()
    };
    if ids != expected {
        findings.fail(Fault::ClaimIds {
            found: ids,
            expected,
        });
        return;
    }
    let white_wins = value.and_then(|(winner, plies)| winner.filter(|&w| w).and(plies));
    for (claim, (id, statement)) in claims.iter().zip(CLAIMS) {
        // only 2a is about a line; on the others a `line` would go unread
        let known = if id == "2a" {
            crate::CLAIM_RECORD_FIELDS
        } else {
            crate::CLAIM_RECORD_FIELDS_NO_LINE
        };
        findings.known_fields(claim, &format!("claim {id}"), known);
        if claim.get("statement").and_then(Value::as_str) != Some(statement) {
            findings.fail(Fault::ClaimStatement { id: id.to_string() });
        }
        let derived = match id {
            "1" => verdict_of(white_wins.is_some()),
            "2a" => {
                if claim.get("line").and_then(Value::as_str) != Some(PUBLISHED_LINE) {
                    findings.fail(Fault::ClaimLine { id: id.to_string() });
                }
                let mates = replay_published(squares, PUBLISHED_LINE)
                    .is_ok_and(|after| after.last().is_some_and(|p| end(p) == End::Mate));
                verdict_of(mates)
            }
            "2b" => verdict_of(white_wins.is_some_and(|d| d <= FIVE_MOVES_PLIES)),
            _ => {
                let answer = format!(
                    "9 squares: {}; 10 squares: {}.",
                    describe(solve(9)),
                    describe(solve(10))
                );
                let detail = claim.get("detail").and_then(Value::as_str).unwrap_or("");
                if !(detail == answer || detail.starts_with(&format!("{answer} "))) {
                    findings.fail(Fault::ClaimAnswer {
                        id: id.to_string(),
                        expected: answer,
                    });
                }
                "answered"
            }
        };
        let found = claim.get("verdict").and_then(Value::as_str);
        if found == Some(derived) {
            findings.checked.push(format!(
                "claim {id}: verdict {derived} follows from the certificate"
            ));
        } else {
            findings.fail(Fault::ClaimVerdict {
                id: id.to_string(),
                found: found.map(str::to_string),
                expected: derived,
            });
        }
    }
}
