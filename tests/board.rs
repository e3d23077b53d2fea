//! Board solver cross-checks: a plain minimax on boards of at most 16
//! cells, the tic-tac-toe solver on the m,n,k-games, and the kernel auditor
//! on every certificate produced here and on tampered fixtures.

mod common;

use common::{gamecert, root, stderr};
use gamecert::audit::{audit_value, board::Fault, Failure};
use gamecert::board::{self, Certified, Game, Shape, Value, Version};
use std::collections::HashMap;

/// The least number of first-player moves that forces a completion (None:
/// never), by plain minimax over every move, without symmetry or pruning.
fn minimax(sets: &[u32], cells: usize, version: Version) -> Option<u32> {
    fn first(
        sets: &[u32],
        all: u32,
        strong: bool,
        f: u32,
        s: u32,
        memo: &mut HashMap<(u32, u32), Option<u32>>,
    ) -> Option<u32> {
        if let Some(&known) = memo.get(&(f, s)) {
            return known;
        }
        let free = all & !(f | s);
        let mut best: Option<u32> = None;
        for cell in (0..32).filter(|&c| free >> c & 1 == 1) {
            let f2 = f | 1 << cell;
            let value = if sets.iter().any(|&set| set & !f2 == 0) {
                Some(1)
            } else {
                // The second player's reply, maximising the moves (None worst for first).
                let free2 = all & !(f2 | s);
                let mut worst: Option<Option<u32>> = None;
                for reply in (0..32).filter(|&c| free2 >> c & 1 == 1) {
                    let s2 = s | 1 << reply;
                    let outcome = if strong && sets.iter().any(|&set| set & !s2 == 0) {
                        None
                    } else {
                        first(sets, all, strong, f2, s2, memo).map(|m| m + 1)
                    };
                    worst = Some(match (worst, outcome) {
                        (None, o) => o,
                        (Some(None), _) | (_, None) => None,
                        (Some(Some(a)), Some(b)) => Some(a.max(b)),
                    });
                }
                worst.unwrap_or(None)
            };
            best = match (best, value) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        memo.insert((f, s), best);
        best
    }
    let all = if cells == 32 {
        u32::MAX
    } else {
        (1 << cells) - 1
    };
    first(
        sets,
        all,
        version == Version::Strong,
        0,
        0,
        &mut HashMap::new(),
    )
}

fn solved(game: &Game, version: Version) -> board::Run {
    board::run(game, version, &|_| {})
}

fn solved_with_pairing_leaves(game: &Game, version: Version, pairing_plies: u32) -> board::Run {
    let options = board::Options {
        pairing_plies,
        memory: Some(16 << 20),
        ..board::Options::default()
    };
    board::run_with(game, version, &options, &|_| {})
}

fn moves(value: Value) -> Option<u32> {
    match value {
        Value::FirstWins { moves } => Some(moves),
        Value::FirstDoesNotWin => None,
    }
}

fn assert_audited(run: &board::Run) {
    match &run.certified {
        Certified::Audited { audit, .. } => {
            assert!(audit.holds(), "{}: {:?}", run.name, audit.messages())
        }
        other => panic!("{}: not certified: {other:?}", run.name),
    }
}

#[test]
fn solver_agrees_with_plain_minimax_on_boards_up_to_16_cells() {
    let shapes: Vec<Shape> = (0..12)
        .map(Shape::named)
        .chain(
            ["(0,0) (1,0) (0,1) (1,1)", "(0,0) (1,0) (2,0) (0,1) (0,2)"]
                .map(|s| Shape::parse(s).unwrap()),
        )
        .collect();
    // Every shape on boards of up to 12 cells; one on 16 (plain minimax is slow there).
    let boards = [(2, 2), (3, 3), (2, 5), (3, 4), (4, 3), (2, 6)];
    let cases = shapes
        .iter()
        .flat_map(|shape| boards.iter().map(move |&b| (shape.clone(), b)));
    let large = [(Shape::parse("L-tetromino").unwrap(), (4, 4))];
    let mut compared = 0;
    for (shape, (w, h)) in cases.chain(large) {
        {
            let Ok(game) = Game::polyomino(shape.clone(), w, h) else {
                continue;
            };
            let sets: Vec<u32> = game.graph.sets.iter().map(|&s| s as u32).collect();
            for version in [Version::Weak, Version::Strong] {
                let run = solved(&game, version);
                let expected = minimax(&sets, w * h, version);
                assert_eq!(
                    moves(run.solution.value),
                    expected,
                    "{} {}",
                    game.name(),
                    version.word()
                );
                assert_audited(&run);
                // Pairing leaves (and a small table) on the boards of up to 12 cells.
                for pairing_plies in [8].into_iter().filter(|_| w * h <= 12) {
                    let proved = solved_with_pairing_leaves(&game, version, pairing_plies);
                    assert_eq!(
                        moves(proved.solution.value),
                        expected,
                        "{} {}, pairing leaves",
                        game.name(),
                        version.word()
                    );
                    assert_audited(&proved);
                }
                compared += 1;
            }
        }
    }
    assert!(compared > 80, "only {compared} boards compared");
}

#[test]
fn lines_agree_with_the_tictactoe_solver() {
    for (rows, cols, k) in [
        (3, 3, 3),
        (3, 4, 3),
        (4, 4, 3),
        (4, 4, 4),
        (2, 5, 2),
        (3, 5, 3),
    ] {
        let reference = gamecert::tictactoe::Solution::solve(
            gamecert::tictactoe::Board::new(rows, cols, k).unwrap(),
            &mut |_| {},
        );
        let game = Game::lines(cols as usize, rows as usize, k as usize).unwrap();
        let run = solved(&game, Version::Strong);
        let first_wins = matches!(run.solution.value, Value::FirstWins { .. });
        assert_eq!(
            first_wins,
            reference.root_value() == 1,
            "{rows}x{cols} k={k}"
        );
        assert_audited(&run);
        let sets: Vec<u32> = game.graph.sets.iter().map(|&s| s as u32).collect();
        if rows * cols <= 12 {
            assert_eq!(
                moves(run.solution.value),
                minimax(&sets, (rows * cols) as usize, Version::Strong)
            );
        }
    }
}

#[test]
fn a_root_pairing_is_found_where_one_exists_and_the_solver_agrees() {
    // The 2x2 square on 10x6: the article's brick wall exists, so Breaker wins.
    let square = Shape::parse("(0,0) (1,0) (0,1) (1,1)").unwrap();
    let graph = square.board(6, 4).unwrap();
    let pairs = board::pairing::find(&graph.sets, board::pairing::Effort::THOROUGH)
        .expect("a pairing of 6x4");
    let game = Game::polyomino(square, 6, 4).unwrap();
    let run = solved(&game, Version::Weak);
    assert_eq!(run.solution.value, Value::FirstDoesNotWin);
    assert!(!pairs.is_empty());
    assert_audited(&run);
}

fn fixture(name: &str) -> serde_json::Value {
    let path = root().join("tests/fixtures/board").join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn fault(json: &serde_json::Value) -> Fault {
    let report = audit_value(json).unwrap();
    match report.failures.as_slice() {
        [Failure::Board(fault)] => fault.clone(),
        other => panic!("expected one board fault, got {other:?}"),
    }
}

#[test]
fn fixtures_hold_untampered() {
    for name in [
        "l-tromino-3x3-first.json",
        "t-tetromino-4x4-second.json",
        "square-6x6-pairing.json",
    ] {
        assert!(audit_value(&fixture(name)).unwrap().holds(), "{name}");
    }
}

#[test]
fn a_move_onto_a_taken_cell_is_rejected_with_its_position() {
    let fault = fault(&fixture("tampered-taken-cell.json"));
    assert!(
        matches!(&fault, Fault::TakenCell { position, cell: 4 } if position == "10.1"),
        "{fault:?}"
    );
}

#[test]
fn a_missing_reply_is_rejected_with_its_position() {
    let fault = fault(&fixture("tampered-missing-reply.json"));
    assert!(matches!(&fault, Fault::MissingEntry { .. }), "{fault:?}");
    assert!(fault.to_string().contains("no move"));
}

#[test]
fn a_pairing_that_misses_a_placement_is_rejected() {
    let fault = fault(&fixture("tampered-pairing.json"));
    assert!(
        matches!(&fault, Fault::PairingFault { position, message } if position == "0.0" && message.contains("no pair")),
        "{fault:?}"
    );
}

#[test]
fn bad_input_exits_2_with_a_clear_message() {
    let unknown = gamecert(&["board", "fatty", "--size", "5"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("unknown shape \"fatty\""));
    let small = gamecert(&["board", "snaky", "--size", "4"]);
    assert_eq!(small.status.code(), Some(2));
    assert!(stderr(&small).contains("does not fit on a 4 x 4 board"));
    let large = gamecert(&["board", "domino", "--size", "12"]);
    assert_eq!(large.status.code(), Some(2));
    assert!(stderr(&large).contains("at most 128 are supported"));
}

/// `run` in a rayon pool of `threads` threads.
fn on_threads<T: Send>(threads: usize, run: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(run)
}

fn certificate_json(run: &board::Run) -> String {
    match &run.certified {
        Certified::Audited { json, .. } => json.clone(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn output_is_the_same_whatever_the_thread_count() {
    let game = Game::polyomino(Shape::parse("L-tetromino").unwrap(), 4, 4).unwrap();
    let json = |threads| certificate_json(&on_threads(threads, || solved(&game, Version::Strong)));
    assert_eq!(json(1), json(3));
}

/// The prover's Breaker certificate for Snaky on 7x7 is audited and, the
/// prover keeping to one thread, the same whatever the pool's size.
#[test]
fn the_provers_snaky_certificate_is_audited_and_the_same_whatever_the_thread_count() {
    let game = Game::polyomino(Shape::parse("snaky").unwrap(), 7, 7).unwrap();
    let run = |threads| {
        on_threads(threads, || {
            solved_with_pairing_leaves(&game, Version::Weak, 16)
        })
    };
    let (one, two) = (run(1), run(2));
    assert_eq!(one.solution.value, Value::FirstDoesNotWin);
    assert_audited(&one);
    assert_eq!(certificate_json(&one), certificate_json(&two));
}

/// The delay certificate is the other side of the move number: where plain
/// minimax gives `m`, the second player's table for `m - 1` is written and
/// holds, and `--within m` is refuted; where the first player never wins,
/// a delay table for every move it could make is written and holds.
#[test]
fn delay_certificates_agree_with_plain_minimax() {
    let boards = [(2, 2), (3, 3), (2, 5), (3, 4)];
    let mut certified = 0;
    for (shape, (w, h)) in (0..12)
        .map(Shape::named)
        .flat_map(|shape| boards.iter().map(move |&b| (shape.clone(), b)))
    {
        let Ok(game) = Game::polyomino(shape, w, h) else {
            continue;
        };
        let sets: Vec<u32> = game.graph.sets.iter().map(|&s| s as u32).collect();
        for version in [Version::Weak, Version::Strong] {
            let name = format!("{} {}", game.name(), version.word());
            let delay = |k| board::delay(&game, version, k, &Default::default(), &|_| {});
            let held = match minimax(&sets, w * h, version) {
                Some(m) => {
                    assert!(delay(m).is_none(), "{name}: within {m} is a win");
                    (m > 1).then(|| m - 1)
                }
                None => Some((w * h).div_ceil(2) as u32),
            };
            if let Some(k) = held {
                match delay(k) {
                    Some(Certified::Audited { audit, json }) => {
                        assert!(audit.holds(), "{name} within {k}: {:?}", audit.messages());
                        assert!(json.contains("\"first-does-not-win-within\""));
                        certified += 1;
                    }
                    other => panic!("{name} within {k}: {other:?}"),
                }
            }
        }
    }
    assert!(certified > 40, "only {certified} delay certificates");
}
