//! The article's claims 1-9 on polyomino achievement games, each decided
//! from the enumeration, the atlas and the certificates it cites. A claim
//! whose proof needs a certificate the project does not have yet is
//! "answered" with a detail saying exactly what is and is not certified;
//! "refuted" needs a computed count or a certified status against it. The
//! kernel derives each verdict by the same rule and refuses any other.

use super::atlas::{article_winners, snaky};
use super::certificate::AtlasEntry;
use super::pairing::{brick_wall, pairs_on_board, PeriodicPairing};
use crate::cert::{Check, ClaimRecord, Evidence, Verdict};
use crate::polyomino::{names::by_name, Cell, Polyomino};
use std::collections::BTreeMap;

/// The published numbers (copied from the article; compared, never assumed).
const PUBLISHED_COUNTS: [usize; 7] = [1, 1, 2, 5, 12, 35, 108];
const PUBLISHED_WINNERS_BY_SIZE: [usize; 5] = [1, 1, 2, 4, 3];
const PUBLISHED_HEXOMINOES_WITH_SQUARE: usize = 8;
const BOARD: (i32, i32) = (10, 6);

/// What the claims read: the enumeration, the atlas, the Snaky proof.
pub struct Facts<'a> {
    pub levels: &'a [Vec<Polyomino>],
    pub atlas: &'a [AtlasEntry],
    /// Region cells and proof steps of the kernel-checked no-pairing proof.
    pub snaky_no_pairing: Option<(usize, usize)>,
    /// Whether the brick wall's pairing certificate audits.
    pub brick_wall_audits: bool,
    /// The random-Breaker games of claim 9: games, wins, and Maker moves
    /// -> games.
    pub random_games: Option<(u32, u32, BTreeMap<u32, u32>)>,
}

fn record(
    id: &str,
    statement: &str,
    verdict: Verdict,
    detail: String,
    parts: Vec<Check>,
) -> ClaimRecord {
    ClaimRecord {
        id: id.into(),
        statement: statement.into(),
        verdict,
        detail,
        parts,
        evidence: Vec::new(),
        line: None,
    }
}

/// Refuted when the computation contradicts the claim; else holds only
/// when everything it rests on is certified.
fn decided(refuted: bool, certified: bool) -> Verdict {
    if refuted {
        Verdict::Refuted
    } else if certified {
        Verdict::Holds
    } else {
        Verdict::Answered
    }
}

fn status_of<'a>(facts: &'a Facts, animal: &Polyomino) -> Option<&'a AtlasEntry> {
    let canonical = animal.canonical();
    facts.atlas.iter().find(|e| e.cells == canonical.cells())
}

pub fn decide(facts: &Facts) -> Vec<ClaimRecord> {
    vec![
        counts(facts),
        eleven_winners(facts),
        brick_wall_claim(facts),
        hexominoes_with_square(facts),
        pairing_for_the_rest(facts),
        snaky_no_pairing(facts),
        snaky_containment(facts),
        domino(),
        random_games(facts),
    ]
}

fn counts(facts: &Facts) -> ClaimRecord {
    let parts: Vec<Check> = PUBLISHED_COUNTS
        .iter()
        .enumerate()
        .map(|(k, &published)| {
            let computed = facts.levels.get(k).map_or(0, Vec::len);
            Check::expect_eq(
                format!("free polyominoes of {} cells", k + 1),
                computed,
                published,
            )
        })
        .collect();
    let holds = parts.iter().all(|c| c.pass);
    let eight = facts.levels.get(7).map_or(0, Vec::len);
    record(
        "1",
        "Free polyominoes with 1..6 cells number 1, 1, 2, 5, 12, 35 (and 108 with 7)",
        Verdict::from_holds(holds),
        format!("enumerated by growth and canonical forms; the kernel re-enumerates them; 8 cells: {eight}"),
        parts,
    )
}

fn eleven_winners(facts: &Facts) -> ClaimRecord {
    let winners: Vec<&Polyomino> = facts
        .levels
        .iter()
        .take(5)
        .flatten()
        .filter(|a| article_winners().iter().any(|w| w.contains(a)))
        .collect();
    let by_size: Vec<usize> = (1..=5)
        .map(|n| winners.iter().filter(|a| a.size() == n).count())
        .collect();
    let outside: Vec<String> = facts
        .levels
        .get(3)
        .into_iter()
        .flatten()
        .filter(|a| !winners.contains(a))
        .map(Polyomino::display_name)
        .collect();
    let certified: Vec<String> = winners
        .iter()
        .filter(|a| status_of(facts, a).is_some_and(|e| e.status == "winner"))
        .map(|a| a.display_name())
        .collect();
    let own_tables = winners
        .iter()
        .filter(|a| {
            status_of(facts, a).is_some_and(|e| e.status == "winner" && e.how == "card-table")
        })
        .count();
    let open: Vec<String> = winners
        .iter()
        .filter(|a| status_of(facts, a).is_none_or(|e| e.status != "winner"))
        .map(|a| a.display_name())
        .collect();
    let others = || {
        facts
            .levels
            .iter()
            .take(5)
            .flatten()
            .filter(|a| !winners.contains(a))
    };
    let losers_elsewhere =
        others().all(|a| status_of(facts, a).is_some_and(|e| e.status == "loser"));
    let winner_elsewhere =
        others().any(|a| status_of(facts, a).is_some_and(|e| e.status == "winner"));
    let parts = vec![
        Check::expect_eq(
            "animals contained in L, Y or N, by size 1..5",
            by_size,
            PUBLISHED_WINNERS_BY_SIZE.to_vec(),
        ),
        Check::expect_eq(
            "4-cell animals not contained in them",
            outside,
            vec!["O tetromino".to_string()],
        ),
        Check::new(
            "every other animal of 1..5 cells is a certified loser",
            losers_elsewhere,
            "",
        ),
        Check::new(
            "winners certified by a card table",
            open.is_empty(),
            format!(
                "certified: {}; not certified: {}",
                certified.join(", "),
                open.join(", ")
            ),
        ),
    ];
    let combinatorics = parts[..2].iter().all(|c| c.pass);
    let verdict = decided(
        !combinatorics || winner_elsewhere,
        open.is_empty() && losers_elsewhere,
    );
    record(
        "2",
        "Eleven animals are winners (1, 1, 2, 4, 3 of 1..5 cells): exactly those contained in the 5-cell L, Y or N; the only 4-cell animal outside them is the 2x2 square",
        verdict,
        format!(
            "the counts and the 2x2 square are computed; {} of the {} are certified winners, {} by a generated card table of their own (`gamecert animals prove`, checked with --shape and audited by the kernel){}; every other animal of 1..5 cells is a certified loser",
            certified.len(), winners.len(), own_tables,
            if open.is_empty() { String::new() } else { format!("; {} have no certified table yet", open.join(" and ")) }
        ),
        parts,
    )
}

/// Whether every w x h window of the board holds a whole pair of `pairs`.
fn every_square_covered(pairs: &[(Cell, Cell)], (width, height): (i32, i32)) -> Option<Cell> {
    (0..width - 1)
        .flat_map(|x| (0..height - 1).map(move |y| (x, y)))
        .find(|&(x, y)| {
            let square = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)];
            !pairs
                .iter()
                .any(|(u, v)| square.contains(u) && square.contains(v))
        })
}

fn brick_wall_claim(facts: &Facts) -> ClaimRecord {
    let wall: PeriodicPairing = brick_wall();
    let pairs = pairs_on_board(&wall, BOARD.0, BOARD.1);
    let uncovered = every_square_covered(&pairs, BOARD);
    let parts = vec![
        Check::new("the brick wall is a pairing of Z^2 covering every 2x2 square (kernel audit of its certificate)", facts.brick_wall_audits, ""),
        Check::new(
            "on the 10x6 board every 2x2 square contains a whole pair",
            uncovered.is_none(),
            match uncovered {
                None => format!("{} pairs on the board, 45 squares checked", pairs.len()),
                Some(cell) => format!("the square at {cell:?} holds no whole pair"),
            },
        ),
    ];
    let verdict = decided(uncovered.is_some(), facts.brick_wall_audits);
    record("3", "The 2x2 square is a loser by the brick-wall pairing; on the 10x6 board every 2x2 square contains a whole pair", verdict, "the brick wall's certificate is audited; the board is checked square by square".into(), parts)
}

fn hexominoes_with_square(facts: &Facts) -> ClaimRecord {
    let square = by_name("O tetromino").unwrap_or_else(|| unreachable!("named"));
    let hexominoes = facts.levels.get(5).map(Vec::as_slice).unwrap_or_default();
    let with: Vec<&Polyomino> = hexominoes.iter().filter(|a| a.contains(&square)).collect();
    let count = with.len();
    let all_lose = with
        .iter()
        .all(|a| status_of(facts, a).is_some_and(|e| e.status == "loser"));
    let parts = vec![Check::expect_eq(
        "hexominoes containing the 2x2 square",
        count,
        PUBLISHED_HEXOMINOES_WITH_SQUARE,
    )];
    record(
        "4",
        "Of the 35 hexominoes, exactly 8 contain the 2x2 square (so they lose)",
        decided(
            !parts[0].pass || hexominoes.len() != PUBLISHED_COUNTS[5],
            all_lose,
        ),
        "counted by containment over the enumeration; each is a certified loser in the atlas"
            .into(),
        parts,
    )
}

fn pairing_for_the_rest(facts: &Facts) -> ClaimRecord {
    let snaky = snaky().canonical();
    let rest: Vec<&AtlasEntry> = facts
        .atlas
        .iter()
        .filter(|e| e.cells != snaky.cells())
        .filter(|e| {
            Polyomino::new(&e.cells)
                .is_ok_and(|a| !article_winners().iter().any(|w| w.contains(&a)))
        })
        .collect();
    let uncertified: Vec<String> = rest
        .iter()
        .filter(|e| e.status != "loser")
        .map(|e| format!("{:?}", e.cells))
        .collect();
    let direct = rest.iter().filter(|e| e.how == "pairing").count();
    let winner_among_rest = rest.iter().any(|e| e.status == "winner");
    let sevens = facts.atlas.iter().filter(|e| e.size == 7);
    let sevens_lose = sevens.clone().all(|e| e.status == "loser");
    let octominoes = facts.levels.get(7).map(Vec::as_slice).unwrap_or_default();
    let reduce = octominoes
        .iter()
        .all(|a| a.cells().iter().any(|&c| a.connected_without(c)));
    let parts = vec![
        Check::new("every animal of 1..7 cells other than the eleven and Snaky has a certified pairing (its own, or inherited from a contained loser)", uncertified.is_empty(), format!("{} animals; {direct} with their own pairing; uncertified: {}", rest.len(), uncertified.len())),
        Check::new("every animal of 7 cells is a certified loser", sevens_lose, format!("{} animals", sevens.count())),
        Check::new("every animal of 8 cells contains one of 7 (and, by a spanning tree's leaf, every larger animal one of one cell fewer)", reduce, format!("{} animals of 8 cells", octominoes.len())),
    ];
    let verdict = decided(winner_among_rest, parts.iter().all(|c| c.pass));
    record("5", "Every animal other than the eleven winners and Snaky has a pairing strategy; this includes every animal of 7 or more cells", verdict, "a pairing that puts a whole pair in every copy of P does so in every copy of an animal containing P; every pairing certificate is audited by the kernel".into(), parts)
}

fn snaky_no_pairing(facts: &Facts) -> ClaimRecord {
    let (verdict, detail, parts) = match facts.snaky_no_pairing {
        Some((region, steps)) => (
            Verdict::Holds,
            format!("no pairing on a region of {region} cells: LRAT refutation of {steps} steps, checked by the kernel"),
            vec![Check::new("LRAT refutation checked", true, format!("{region} cells, {steps} steps"))],
        ),
        None => (Verdict::Answered, "not certified: no checked refutation is committed".into(), Vec::new()),
    };
    record("6", "Snaky has no pairing strategy", verdict, detail, parts)
}

fn snaky_containment(facts: &Facts) -> ClaimRecord {
    let snaky = snaky();
    let straight = by_name("I tetromino").unwrap_or_else(|| unreachable!("named"));
    let l5 = by_name("L pentomino").unwrap_or_else(|| unreachable!("named"));
    let winner = |a: &Polyomino| status_of(facts, a).is_some_and(|e| e.status == "winner");
    let contained_losers: Vec<String> = facts
        .atlas
        .iter()
        .filter(|e| e.status == "loser")
        .filter(|e| Polyomino::new(&e.cells).is_ok_and(|a| snaky.contains(&a)))
        .map(|e| format!("{:?}", e.cells))
        .collect();
    let parts = vec![
        Check::new(
            "Snaky contains the straight 4-cell animal",
            snaky.contains(&straight),
            "",
        ),
        Check::new("Snaky contains the 5-cell L", snaky.contains(&l5), ""),
        Check::new(
            "both are certified winners",
            winner(&straight) && winner(&l5),
            "through Snaky's own card table",
        ),
        Check::new(
            "Snaky contains no certified loser",
            contained_losers.is_empty(),
            contained_losers.join(", "),
        ),
    ];
    let contradicted = !(parts[0].pass && parts[1].pass && contained_losers.is_empty());
    let verdict = decided(contradicted, parts[2].pass);
    record("7", "Snaky contains the straight 4-cell animal and the 5-cell L, both winners, so containment says nothing about Snaky", verdict, "containment computed over the 8 orientations".into(), parts)
}

/// Claim 8 by exhaustion of Breaker's one reply: after Maker's first cell c,
/// Breaker's reply takes at most one of c's 4 neighbours, so a free one
/// remains and Maker's second cell completes a domino; one cell never is.
fn domino() -> ClaimRecord {
    let first = (0, 0);
    let neighbours = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    // Breaker's replies: each neighbour, or any other cell (one class).
    let replies: Vec<Option<Cell>> = neighbours
        .iter()
        .copied()
        .map(Some)
        .chain(std::iter::once(None))
        .collect();
    let every_reply_answered = replies
        .iter()
        .all(|reply| neighbours.iter().any(|n| Some(*n) != *reply));
    let parts = vec![
        Check::new(
            "after any Breaker reply a neighbour of Maker's first cell is free",
            every_reply_answered,
            format!("{} reply classes around {first:?}", replies.len()),
        ),
        Check::new(
            "one Maker cell is not a domino",
            true,
            "a domino has 2 cells",
        ),
    ];
    let holds = parts.iter().all(|c| c.pass);
    record(
        "8",
        "The domino is a winner in 2 Maker moves",
        Verdict::from_holds(holds),
        "decided by exhausting Breaker's reply classes; exactly 2 Maker moves".into(),
        parts,
    )
}

fn random_games(facts: &Facts) -> ClaimRecord {
    match &facts.random_games {
        Some((games, wins, lengths)) => {
            let within: u32 = lengths.range(6..=8).map(|(_, n)| n).sum();
            let histogram: Vec<String> = lengths.iter().map(|(m, n)| format!("{m}: {n}")).collect();
            let histogram = histogram.join(", ");
            let parts = vec![
                Check::new("Maker wins every game", wins == games, format!("{wins} of {games}")),
                Check::new("every game takes 6 to 8 Maker moves", within == *games, format!("{within} of {games} games")),
            ];
            let mut claim = record("9", "Against a Breaker uniform over the current card's envelope, the paper's strategy won 60 of 60 games, each in 6 to 8 Maker moves", Verdict::Answered, format!("{wins} of {games} games won; Maker moves -> games: {histogram}"), parts);
            claim.evidence.push(Evidence::text(format!("histogram over {games} games: {histogram}")));
            claim
        }
        None => record("9", "Against a Breaker uniform over the current card's envelope, the paper's strategy won 60 of 60 games, each in 6 to 8 Maker moves", Verdict::Answered, "not played here".into(), Vec::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_brick_wall_covers_every_square_of_the_board_and_a_gap_is_found() {
        let pairs = pairs_on_board(&brick_wall(), BOARD.0, BOARD.1);
        assert_eq!(every_square_covered(&pairs, BOARD), None);
        let fewer: Vec<(Cell, Cell)> = pairs
            .iter()
            .copied()
            .filter(|&(u, _)| u != (0, 0))
            .collect();
        assert_eq!(every_square_covered(&fewer, BOARD), Some((0, 0)));
    }

    #[test]
    fn the_domino_claim_is_decided_by_its_reply_classes() {
        let claim = domino();
        assert_eq!(claim.verdict, Verdict::Holds);
        assert!(claim.parts[0].detail.contains("5 reply classes"));
    }
}
