//! Solving one-dimensional chess exactly: enumeration of every reachable
//! position plus retrograde analysis, for boards of 8 to 32 squares.
//!
//! The work grows about like n^5, so the larger boards take seconds per
//! solve; criterion's minimum of 10 samples keeps the run to a few minutes.
//! Pick boards with a filter, e.g. `just bench -- chess1d/solve/16`.
//! Under `cargo test` (no `--bench` argument) each benchmark runs once as a
//! smoke test, so only boards up to 16 squares are included there.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use gamecert::chess1d::{solve, Board};
use std::time::Duration;

fn solve_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("chess1d/solve");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    let benchmarking = std::env::args().any(|arg| arg == "--bench");
    let largest = if benchmarking { 32 } else { 16 };
    for squares in (8..=largest).step_by(4) {
        let board = Board::new(squares).expect("a board of 8 to 32 squares");
        group.bench_with_input(BenchmarkId::from_parameter(squares), &board, |b, &board| {
            b.iter(|| {
                let solution = solve(board).expect("solvable");
                (solution.position_count(), solution.start_value())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solve_boards);
criterion_main!(benches);
