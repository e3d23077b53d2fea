//! The independent auditor of one-dimensional chess certificates: the
//! trusted kernel. It re-checks a certificate from its JSON alone with its
//! own small move generator over board rows, and shares no code with the
//! engine (model, notation, solver, claims, certificate writer), so a bug
//! there cannot hide itself here.

use crate::AuditReport;
use serde_json::Value;
use std::collections::{HashMap, HashSet, VecDeque};

/// The certificate format version this auditor reads.
pub const FORMAT: u64 = 1;

/// A position as the certificate writes it: the row of squares 1..n
/// (`K N R` White, `k n r` Black, `.` empty) and the side to move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Pos {
    row: Vec<u8>,
    white: bool,
}

impl Pos {
    fn start(squares: usize) -> Pos {
        let mut row = vec![b'.'; squares];
        row[..3].copy_from_slice(b"KNR");
        row[squares - 3..].copy_from_slice(b"rnk");
        Pos { row, white: true }
    }

    fn parse(text: &str, squares: usize) -> Result<Pos, String> {
        let bad = |why: &str| format!("position {text:?}: {why}");
        let (row, side) = text
            .split_once(' ')
            .ok_or_else(|| bad("expected `ROW w` or `ROW b`"))?;
        let white = match side {
            "w" => true,
            "b" => false,
            _ => return Err(bad("the side to move must be w or b")),
        };
        let row = row.as_bytes().to_vec();
        if row.len() != squares {
            return Err(bad(&format!("the row must have {squares} squares")));
        }
        for piece in b"KNRknr" {
            let count = row.iter().filter(|&&c| c == *piece).count();
            let kings = *piece == b'K' || *piece == b'k';
            if count > 1 || (kings && count != 1) {
                return Err(bad(
                    "each side has one king and at most one knight and one rook",
                ));
            }
        }
        if row.iter().any(|c| !b".KNRknr".contains(c)) {
            return Err(bad("squares hold . K N R k n r"));
        }
        Ok(Pos { row, white })
    }

    fn show(&self) -> String {
        format!(
            "{} {}",
            String::from_utf8_lossy(&self.row),
            if self.white { 'w' } else { 'b' }
        )
    }
}

fn is_white(piece: u8) -> bool {
    piece.is_ascii_uppercase()
}

/// Whether the side `by_white` attacks square `at` in `row`.
fn attacked(row: &[u8], at: usize, by_white: bool) -> bool {
    let ours = |square: usize, letter: u8| {
        let piece = row[square];
        piece != b'.' && is_white(piece) == by_white && piece.to_ascii_uppercase() == letter
    };
    let n = row.len();
    for (distance, letter) in [(1, b'K'), (2, b'N')] {
        if (at >= distance && ours(at - distance, letter))
            || (at + distance < n && ours(at + distance, letter))
        {
            return true;
        }
    }
    // rooks: the first piece met in each direction
    let first_left = (0..at).rev().find(|&s| row[s] != b'.');
    let first_right = (at + 1..n).find(|&s| row[s] != b'.');
    [first_left, first_right]
        .into_iter()
        .flatten()
        .any(|square| ours(square, b'R'))
}

fn in_check(row: &[u8], white: bool) -> bool {
    let king = if white { b'K' } else { b'k' };
    match row.iter().position(|&c| c == king) {
        Some(square) => attacked(row, square, !white),
        None => true,
    }
}

/// Every legal move, named `N2-4` / `N4-6xR`, with the position after it.
fn moves(pos: &Pos) -> Vec<(String, Pos)> {
    let n = pos.row.len();
    let mut out = Vec::new();
    for from in 0..n {
        let piece = pos.row[from];
        if piece == b'.' || is_white(piece) != pos.white {
            continue;
        }
        let mut targets = Vec::new();
        match piece.to_ascii_uppercase() {
            b'K' | b'N' => {
                let step = if piece.eq_ignore_ascii_case(&b'K') {
                    1
                } else {
                    2
                };
                if from >= step {
                    targets.push(from - step);
                }
                if from + step < n {
                    targets.push(from + step);
                }
            }
            _ => {
                for direction in [-1i64, 1] {
                    let mut square = from as i64 + direction;
                    while square >= 0 && (square as usize) < n {
                        targets.push(square as usize);
                        if pos.row[square as usize] != b'.' {
                            break;
                        }
                        square += direction;
                    }
                }
            }
        }
        for to in targets {
            let target = pos.row[to];
            if target != b'.'
                && (is_white(target) == pos.white || target.eq_ignore_ascii_case(&b'K'))
            {
                continue;
            }
            let mut row = pos.row.clone();
            row[to] = piece;
            row[from] = b'.';
            if in_check(&row, pos.white) {
                continue;
            }
            let mut name = format!(
                "{}{}-{}",
                piece.to_ascii_uppercase() as char,
                from + 1,
                to + 1
            );
            if target != b'.' {
                name.push('x');
                name.push(target.to_ascii_uppercase() as char);
            }
            out.push((
                name,
                Pos {
                    row,
                    white: !pos.white,
                },
            ));
        }
    }
    out
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    Ongoing,
    Mate,
    Stalemate,
    BareKings,
}

fn end(pos: &Pos) -> End {
    if pos.row.iter().all(|&c| matches!(c, b'.' | b'K' | b'k')) {
        End::BareKings
    } else if !moves(pos).is_empty() {
        End::Ongoing
    } else if in_check(&pos.row, pos.white) {
        End::Mate
    } else {
        End::Stalemate
    }
}

/// Collects failures (capped, counting the rest) and checked lines.
struct Findings {
    checked: Vec<String>,
    failures: Vec<String>,
}

impl Findings {
    fn fail(&mut self, failure: String) {
        self.failures.push(failure);
    }
}

/// What a verified table establishes.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Proven {
    squares: usize,
    white: bool,
    goal: String,
    plies: Option<u64>,
}

pub fn audit(value: &Value) -> AuditReport {
    let kind = value
        .get("kind")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let mut findings = Findings {
        checked: Vec::new(),
        failures: Vec::new(),
    };
    match kind.as_str() {
        "chess1d" => audit_board(value, &mut findings),
        "chess1d-boards" => audit_boards(value, &mut findings),
        other => findings.fail(format!("not a chess1d certificate: kind {other:?}")),
    }
    AuditReport {
        kind,
        checked: findings.checked,
        failures: crate::untyped(findings.failures),
    }
}

fn squares_of(value: &Value, findings: &mut Findings) -> Option<usize> {
    match value.get("squares").and_then(Value::as_u64) {
        Some(n) if (6..=64).contains(&n) => Some(n as usize),
        other => {
            findings.fail(format!(
                "squares must be a number from 6 to 64, found {other:?}"
            ));
            None
        }
    }
}

fn tables(value: &Value, findings: &mut Findings) -> Vec<Proven> {
    let mut proven = Vec::new();
    let Some(list) = value.get("strategies").and_then(Value::as_array) else {
        findings.fail("no strategies list".into());
        return proven;
    };
    for table in list {
        if let Some(fact) = audit_table(table, findings) {
            proven.push(fact);
        }
    }
    proven
}

/// The obligations a board's stated value puts on the verified tables.
fn check_value(
    squares: usize,
    value: Option<&str>,
    plies: Option<u64>,
    proven: &[Proven],
    findings: &mut Findings,
) {
    let has = |white: bool, goal: &str, plies: Option<u64>| {
        proven
            .iter()
            .any(|p| p.squares == squares && p.white == white && p.goal == goal && p.plies == plies)
    };
    let ok = match (value, plies) {
        (Some("draw"), None) => has(true, "never_loses", None) && has(false, "never_loses", None),
        (Some(winner @ ("white" | "black")), Some(d)) => {
            let white = winner == "white";
            has(white, "mate_within", Some(d))
                && (d < 3 || has(!white, "no_mate_within", Some(d - 2)))
        }
        _ => false,
    };
    if ok {
        findings.checked.push(format!(
            "{squares} squares: value {} with plies_to_mate {plies:?} is certified by the tables",
            value.unwrap_or("?")
        ));
    } else {
        findings.fail(format!(
            "{squares} squares: value {value:?} with plies_to_mate {plies:?} is not backed by verified tables (a win in d plies needs the winner's mate_within d table and the loser's no_mate_within d-2 table; a draw needs both never_loses tables)"
        ));
    }
}

/// The number of positions reachable from the start, by breadth-first
/// search with the auditor's own generator (bare kings end the game).
fn count_positions(squares: usize) -> usize {
    let start = Pos::start(squares);
    let mut seen = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([start]);
    while let Some(pos) = queue.pop_front() {
        if end(&pos) == End::BareKings {
            continue;
        }
        for (_, next) in moves(&pos) {
            if seen.insert(next.clone()) {
                queue.push_back(next);
            }
        }
    }
    seen.len()
}

/// Boards up to this size are recounted (a fraction of a second each);
/// beyond it the plain search would take minutes.
const RECOUNT_SQUARES: usize = 16;

fn check_positions(squares: usize, stated: Option<u64>, findings: &mut Findings) {
    if squares > RECOUNT_SQUARES {
        findings.checked.push(format!(
            "{squares} squares: positions not recounted (boards above {RECOUNT_SQUARES} squares are not)"
        ));
        return;
    }
    let counted = count_positions(squares) as u64;
    if stated == Some(counted) {
        findings.checked.push(format!(
            "{squares} squares: {counted} reachable positions, recounted"
        ));
    } else {
        findings.fail(format!(
            "{squares} squares: positions stated {stated:?}, recounted {counted}"
        ));
    }
}

/// Replay a line of moves from the start; the position after each move, or
/// the first failure. Move numbers and the word `mate` are skipped; `+` and
/// `#` marks are checked.
fn replay(squares: usize, tokens: &[&str]) -> Result<Vec<Pos>, String> {
    let mut pos = Pos::start(squares);
    let mut after = Vec::new();
    for token in tokens {
        if token.ends_with('.') || *token == "mate" {
            if *token == "mate" && end(&pos) != End::Mate {
                return Err("marked mate, but the position is not checkmate".into());
            }
            continue;
        }
        let name = token.trim_end_matches(['+', '#']);
        let Some((_, next)) = moves(&pos).into_iter().find(|(m, _)| m == name) else {
            return Err(format!("{token} is not legal in {}", pos.show()));
        };
        if token.ends_with('#') && end(&next) != End::Mate {
            return Err(format!("{token} is marked mate, but does not mate"));
        }
        if token.ends_with('+') && !in_check(&next.row, next.white) {
            return Err(format!("{token} is marked check, but gives no check"));
        }
        pos = next.clone();
        after.push(next);
    }
    Ok(after)
}

fn audit_board(value: &Value, findings: &mut Findings) {
    let Some(squares) = squares_of(value, findings) else {
        return;
    };
    let start = Pos::start(squares).show();
    if value.get("start").and_then(Value::as_str) != Some(start.as_str()) {
        findings.fail(format!("start must be the setup {start:?}"));
    }
    let proven = tables(value, findings);
    let stated = value.get("value").and_then(Value::as_str);
    let plies = value.get("plies_to_mate").and_then(Value::as_u64);
    check_value(squares, stated, plies, &proven, findings);
    if squares <= 16 {
        check_positions(
            squares,
            value.get("positions").and_then(Value::as_u64),
            findings,
        );
    }
    let moves_stated = value.get("moves_to_mate").and_then(Value::as_u64);
    let moves_expected = plies.map(|d| d.div_ceil(2));
    if moves_stated != moves_expected {
        findings.fail(format!(
            "moves_to_mate {moves_stated:?} does not match plies_to_mate {plies:?}"
        ));
    }

    // The principal variation: legal, and for a win, mate on the stated ply.
    let pv: Vec<&str> = value
        .get("principal_variation")
        .and_then(Value::as_array)
        .map(|list| list.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    match replay(squares, &pv) {
        Err(why) => findings.fail(format!("principal_variation: {why}")),
        Ok(after) => {
            let mates = after.last().is_some_and(|p| end(p) == End::Mate);
            if plies.is_some() && (after.len() as u64 != plies.unwrap_or(0) || !mates) {
                findings.fail(format!(
                    "principal_variation: {} plies{}, but plies_to_mate is {plies:?}",
                    after.len(),
                    if mates {
                        " ending in mate"
                    } else {
                        " not ending in mate"
                    }
                ));
            } else {
                findings
                    .checked
                    .push(format!("principal variation: {} legal plies", after.len()));
            }
        }
    }

    if let Some(claims) = value.get("claims").and_then(Value::as_array) {
        for claim in claims {
            audit_claim(squares, claim, stated, plies, findings);
        }
    }
}

/// The claims' decisions must follow from what the certificate proves.
fn audit_claim(
    squares: usize,
    claim: &Value,
    value: Option<&str>,
    plies: Option<u64>,
    findings: &mut Findings,
) {
    let id = claim.get("id").and_then(Value::as_str).unwrap_or("?");
    // The verdict as a truth value: "answered" claims assert nothing.
    let holds = match claim.get("verdict").and_then(Value::as_str) {
        Some("holds") => Some(true),
        Some("refuted") => Some(false),
        _ => None,
    };
    let expected = match id {
        "1" => Some(squares == 8 && value == Some("white")),
        "2a" => {
            let line = claim.get("line").and_then(Value::as_str).unwrap_or("");
            let tokens: Vec<&str> = line.split_whitespace().collect();
            Some(
                squares == 8
                    && replay(squares, &tokens)
                        .is_ok_and(|after| after.last().is_some_and(|p| end(p) == End::Mate)),
            )
        }
        // five White moves are 9 plies
        "2b" => Some(squares == 8 && value == Some("white") && plies.is_some_and(|d| d <= 9)),
        "3" => None,
        _ => {
            findings.fail(format!("claim {id}: unknown claim"));
            return;
        }
    };
    if holds == expected {
        findings.checked.push(format!(
            "claim {id}: holds = {holds:?} follows from the certificate"
        ));
    } else {
        findings.fail(format!(
            "claim {id}: holds is {holds:?}, but the certificate shows {expected:?}"
        ));
    }
}

fn audit_boards(value: &Value, findings: &mut Findings) {
    let proven = tables(value, findings);
    let Some(rows) = value.get("boards").and_then(Value::as_array) else {
        findings.fail("no boards list".into());
        return;
    };
    let certified: HashSet<usize> = proven.iter().map(|p| p.squares).collect();
    for row in rows {
        let Some(squares) = squares_of(row, findings) else {
            continue;
        };
        let stated = row.get("value").and_then(Value::as_str);
        let plies = row.get("plies_to_mate").and_then(Value::as_u64);
        let moves = row.get("moves_to_mate").and_then(Value::as_u64);
        if moves != plies.map(|d| d.div_ceil(2)) {
            findings.fail(format!(
                "{squares} squares: moves_to_mate {moves:?} does not match plies_to_mate {plies:?}"
            ));
        }
        if certified.contains(&squares) {
            check_value(squares, stated, plies, &proven, findings);
            check_positions(
                squares,
                row.get("positions").and_then(Value::as_u64),
                findings,
            );
        }
    }
}

/// Verify one strategy table; what it proves, if it holds.
fn audit_table(table: &Value, findings: &mut Findings) -> Option<Proven> {
    let name = table
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or("?")
        .to_string();
    let squares = squares_of(table, findings)?;
    let white = match table.get("side").and_then(Value::as_str) {
        Some("white") => true,
        Some("black") => false,
        other => {
            findings.fail(format!(
                "table {name}: side must be white or black, found {other:?}"
            ));
            return None;
        }
    };
    let goal = table
        .get("goal")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let plies = table.get("plies").and_then(Value::as_u64);
    let root = Pos::start(squares);
    if table.get("from").and_then(Value::as_str) != Some(root.show().as_str()) {
        findings.fail(format!(
            "table {name}: from must be the start {:?}",
            root.show()
        ));
        return None;
    }
    let mut entries: HashMap<Pos, (String, Option<u64>)> = HashMap::new();
    for entry in table
        .get("entries")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let fields = entry.as_array().map(Vec::as_slice).unwrap_or(&[]);
        let text = fields.first().and_then(Value::as_str).unwrap_or("");
        let mv = fields
            .get(1)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let distance = fields.get(2).and_then(Value::as_u64);
        match Pos::parse(text, squares) {
            Ok(pos) if pos.white != white => findings.fail(format!(
                "table {name}: position {text}: not {} to move",
                if white { "White" } else { "Black" }
            )),
            Ok(pos) => {
                if entries.insert(pos, (mv, distance)).is_some() {
                    findings.fail(format!("table {name}: position {text} appears twice"));
                }
            }
            Err(why) => findings.fail(format!("table {name}: {why}")),
        }
    }
    let before = findings.failures.len();
    let used = match goal.as_str() {
        "mate_within" => check_mate_within(&name, root, white, plies, &entries, findings),
        "no_mate_within" => check_no_mate_within(&name, root, white, plies, &entries, findings),
        "never_loses" => check_never_loses(&name, root, white, &entries, findings),
        other => {
            findings.fail(format!("table {name}: unknown goal {other:?}"));
            return None;
        }
    };
    let unused: Vec<&Pos> = entries.keys().filter(|pos| !used.contains(*pos)).collect();
    if let Some(first) = unused.iter().map(|pos| pos.show()).min() {
        findings.fail(format!(
            "table {name}: {} entries are never reached by the strategy (first: {first})",
            unused.len()
        ));
    }
    if findings.failures.len() > before {
        return None;
    }
    findings.checked.push(format!(
        "table {name} ({squares} squares, {} entries): {goal} {plies:?} holds for {}",
        entries.len(),
        if white { "White" } else { "Black" }
    ));
    Some(Proven {
        squares,
        white,
        goal,
        plies,
    })
}

/// The table's move at `pos`, checked legal; `None` after recording why not.
fn table_move(
    name: &str,
    pos: &Pos,
    entries: &HashMap<Pos, (String, Option<u64>)>,
    findings: &mut Findings,
) -> Option<(Pos, Option<u64>)> {
    let Some((mv, distance)) = entries.get(pos) else {
        findings.fail(format!(
            "table {name}: position {} is reachable but has no entry (missing reply)",
            pos.show()
        ));
        return None;
    };
    match moves(pos).into_iter().find(|(m, _)| m == mv) {
        Some((_, next)) => Some((next, *distance)),
        None => {
            findings.fail(format!(
                "table {name}: position {}: move {mv} is not legal",
                pos.show()
            ));
            None
        }
    }
}

/// Every entry's move leads, against every reply, to an entry at least two
/// plies nearer mate, and an entry at 1 ply mates: so the side mates within
/// its entry's plies from every reached position, the root within `plies`.
fn check_mate_within(
    name: &str,
    root: Pos,
    white: bool,
    plies: Option<u64>,
    entries: &HashMap<Pos, (String, Option<u64>)>,
    findings: &mut Findings,
) -> HashSet<Pos> {
    let mut used = HashSet::new();
    let Some(plies) = plies else {
        findings.fail(format!("table {name}: mate_within needs plies"));
        return used;
    };
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
        match entries.get(&first).and_then(|(_, d)| *d) {
            Some(d) if d == bound || (!exact && d < bound) => {
                if used.insert(first.clone()) {
                    queue.push_back(first);
                }
            }
            other => findings.fail(format!(
                "table {name}: position {} must have an entry with plies at most {bound} (the table's claim), found {other:?}",
                first.show()
            )),
        }
    }
    while let Some(pos) = queue.pop_front() {
        let Some((next, distance)) = table_move(name, &pos, entries, findings) else {
            continue;
        };
        let here = pos.show();
        let Some(distance) = distance.filter(|d| d % 2 == 1) else {
            findings.fail(format!(
                "table {name}: position {here}: plies must be an odd number"
            ));
            continue;
        };
        match end(&next) {
            End::Mate => continue,
            _ if distance == 1 => {
                findings.fail(format!(
                    "table {name}: position {here}: plies 1, but the move does not mate"
                ));
                continue;
            }
            End::Stalemate | End::BareKings => {
                findings.fail(format!(
                    "table {name}: position {here}: the move ends the game in a draw"
                ));
                continue;
            }
            End::Ongoing => {}
        }
        for (reply, after) in moves(&next) {
            match end(&after) {
                End::Ongoing => {}
                outcome => {
                    findings.fail(format!(
                        "table {name}: position {here}: reply {reply} ends the game ({outcome:?}) without the table's mate"
                    ));
                    continue;
                }
            }
            match entries.get(&after) {
                None => findings.fail(format!(
                    "table {name}: position {here}: reply {reply} leads to {}, which has no entry (missing reply)",
                    after.show()
                )),
                Some((_, Some(d))) if d.saturating_add(2) <= distance => {
                    if used.insert(after.clone()) {
                        queue.push_back(after);
                    }
                }
                Some((_, d)) => findings.fail(format!(
                    "table {name}: position {here} (mate within {distance} plies): reply {reply} leads to {} with plies {d:?}, not at most {} (wrong distance)",
                    after.show(),
                    distance.saturating_sub(2)
                )),
            }
        }
    }
    used
}

/// No mate of the table's side on any ply up to `plies`, whatever the other
/// side plays: breadth-first by ply from the start.
fn check_no_mate_within(
    name: &str,
    root: Pos,
    white: bool,
    plies: Option<u64>,
    entries: &HashMap<Pos, (String, Option<u64>)>,
    findings: &mut Findings,
) -> HashSet<Pos> {
    let mut used = HashSet::new();
    let Some(horizon) = plies else {
        findings.fail(format!("table {name}: no_mate_within needs plies"));
        return used;
    };
    let mut seen = HashSet::from([root.clone()]);
    let mut queue = VecDeque::from([(root, 0u64)]);
    while let Some((pos, depth)) = queue.pop_front() {
        match end(&pos) {
            End::Mate if pos.white == white => {
                findings.fail(format!(
                    "table {name}: position {} is mate on ply {depth}, within {horizon}",
                    pos.show()
                ));
                continue;
            }
            End::Ongoing => {}
            _ => continue,
        }
        let children = if pos.white == white {
            if depth + 2 > horizon {
                continue;
            }
            used.insert(pos.clone());
            match table_move(name, &pos, entries, findings) {
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
            if seen.insert(next.clone()) {
                queue.push_back((next, depth + 1));
            }
        }
    }
    used
}

/// The table's side is never mated: every position it can reach is closed
/// under the table's moves and every reply.
fn check_never_loses(
    name: &str,
    root: Pos,
    white: bool,
    entries: &HashMap<Pos, (String, Option<u64>)>,
    findings: &mut Findings,
) -> HashSet<Pos> {
    let mut used = HashSet::new();
    let mut seen = HashSet::from([root.clone()]);
    let mut queue = VecDeque::from([root]);
    while let Some(pos) = queue.pop_front() {
        match end(&pos) {
            End::Mate if pos.white == white => {
                findings.fail(format!(
                    "table {name}: position {} is reachable and lost (mate)",
                    pos.show()
                ));
                continue;
            }
            End::Ongoing => {}
            _ => continue,
        }
        let children = if pos.white == white {
            used.insert(pos.clone());
            match table_move(name, &pos, entries, findings) {
                Some((next, _)) => vec![next],
                None => continue,
            }
        } else {
            moves(&pos).into_iter().map(|(_, next)| next).collect()
        };
        for next in children {
            if seen.insert(next.clone()) {
                queue.push_back(next);
            }
        }
    }
    used
}

#[cfg(test)]
mod tests {
    // Written against the rules, not against the engine: the auditor must
    // stand on its own.
    use super::*;

    fn names(text: &str) -> Vec<String> {
        let pos = Pos::parse(text, text.len() - 2).unwrap();
        let mut names: Vec<String> = moves(&pos).into_iter().map(|(name, _)| name).collect();
        names.sort();
        names
    }

    #[test]
    fn the_auditors_own_move_generator() {
        assert_eq!(Pos::start(8).show(), "KNR..rnk w");
        assert_eq!(names("KNR..rnk w"), ["N2-4", "R3-4", "R3-5", "R3-6xR"]);
        assert_eq!(names("KNR..rnk b"), ["N7-5", "R6-3xR", "R6-4", "R6-5"]);
        // a pinned knight and a king that may not step along the rook's line
        assert_eq!(names(".KN..r.k w"), ["K2-1", "N3-5"]);
        assert_eq!(end(&Pos::parse("k...K..r w", 8).unwrap()), End::Mate);
        assert_eq!(end(&Pos::parse("K.k...r. w", 8).unwrap()), End::Stalemate);
        assert_eq!(end(&Pos::parse("K...k... w", 8).unwrap()), End::BareKings);
        assert_eq!(count_positions(8), 1237);
    }

    #[test]
    fn malformed_positions_and_certificates_are_failures_not_panics() {
        for bad in [
            "KNR..rnk",
            "KNR..rnk x",
            "KNR..rn w",
            "KKR..rnk w",
            "KNR..rnq w",
            "KNR...nr w",
        ] {
            assert!(Pos::parse(bad, 8).is_err(), "{bad}");
        }
        for value in [
            serde_json::json!({"kind": "chess1d"}),
            serde_json::json!({"kind": "chess1d", "squares": 5}),
            serde_json::json!({"kind": "chess1d", "squares": 8, "strategies": [{"squares": 8, "side": "white", "goal": "mate_within", "plies": u64::MAX, "from": "KNR..rnk w", "entries": [["KNR..rnk w", "N2-4", u64::MAX]]}]}),
            serde_json::json!({"kind": "chess1d-boards", "boards": [{"squares": 99}], "strategies": []}),
            serde_json::json!({"kind": "other"}),
        ] {
            assert!(!audit(&value).holds(), "{value}");
        }
    }
}
