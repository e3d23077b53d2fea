//! Solve time of each of the eleven winners on its weak-game board number
//! (found here first, not assumed), with the search's node count printed
//! once per board; then the same boards' strong game where it is quick.

use criterion::{criterion_group, criterion_main, Criterion};
use gamecert::board::parts::{solve_whole, Search};
use gamecert::board::search::{Solver, Version};
use gamecert::board::shard::Claim;
use gamecert::board::table::{board_number, winners};
use gamecert::board::{solve, Game, Options};
use std::hint::black_box;

fn winners_on_their_board_numbers(c: &mut Criterion) {
    let mut group = c.benchmark_group("board weak solve");
    group.sample_size(10);
    for shape in winners() {
        let number = board_number(&shape, Version::Weak, 8, &Options::default(), &|_| {});
        let Some(side) = number.board_number else {
            continue;
        };
        let game = Game::polyomino(shape.clone(), side, side).expect("the shape fits");
        let nodes = solve(&Solver::new(&game.graph, Version::Weak), &|_| {}).nodes;
        eprintln!("{} on {side}x{side}: {nodes} nodes", shape.name);
        group.bench_function(format!("{} {side}x{side}", shape.name), |b| {
            b.iter(|| {
                let solver = Solver::new(black_box(&game.graph), Version::Weak);
                black_box(solve(&solver, &|_| {}).value)
            })
        });
    }
    group.finish();
}

/// Snaky's Breaker wins on 6x6 and 7x7 by the sharded search in one
/// process (pairing leaves below 16 stones, widening node limits), as the
/// board table runs it; 8x8 (about 3 minutes) is left to the table.
fn snaky_breaker_wins(c: &mut Criterion) {
    let mut group = c.benchmark_group("board snaky weak");
    group.sample_size(10);
    let options = Options {
        pairing_plies: gamecert::board::SNAKY_PAIRING_PLIES,
        ..Options::default()
    };
    for side in [6, 7] {
        let search = Search {
            shape: "snaky".to_string(),
            width: side,
            height: side,
            version: Version::Weak,
            claim: Claim::FirstDoesNotWin,
        };
        let run = solve_whole(&search, &options, &|_| {}).expect("Breaker wins");
        eprintln!("snaky on {side}x{side}: {} nodes", run.solution.nodes);
        group.bench_function(format!("snaky {side}x{side}"), |b| {
            b.iter(|| black_box(solve_whole(black_box(&search), &options, &|_| {}).is_ok()))
        });
    }
    group.finish();
}

criterion_group!(benches, winners_on_their_board_numbers, snaky_breaker_wins);
criterion_main!(benches);
