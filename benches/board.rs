//! Solve time of each of the eleven winners on its weak-game board number
//! (found here first, not assumed), with the search's node count printed
//! once per board; then the same boards' strong game where it is quick.

use criterion::{criterion_group, criterion_main, Criterion};
use gamecert::board::search::{Solver, Version};
use gamecert::board::table::{board_number, winners};
use gamecert::board::{solve, Game};
use std::hint::black_box;

fn winners_on_their_board_numbers(c: &mut Criterion) {
    let mut group = c.benchmark_group("board weak solve");
    group.sample_size(10);
    for shape in winners() {
        let number = board_number(&shape, Version::Weak, 8, &|_| {});
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

criterion_group!(benches, winners_on_their_board_numbers);
criterion_main!(benches);
