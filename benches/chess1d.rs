//! Solving one-dimensional chess exactly: enumeration of every reachable
//! position plus retrograde analysis, on boards of 8, 16, 24 and 32 squares
//! (the targets are n = 24 per move and n = 32 in under 4 s).
//!
//! Throughput is set to the board's number of legal moves, so criterion's
//! "elem/s" reads as moves per second over the whole solve (forward and
//! backward). The largest boards take seconds per solve; criterion's minimum
//! of 10 samples keeps the run to a few minutes. Pick boards with a filter,
//! e.g. `just bench --bench chess1d -- chess1d/solve/24`. Under `cargo test`
//! (no `--bench` argument) each benchmark runs once as a smoke test, so only
//! boards up to 16 squares are included there.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use gamecert::chess1d::{solve, Board};
use std::time::Duration;

fn solve_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("chess1d/solve");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    let benchmarking = std::env::args().any(|arg| arg == "--bench");
    let boards: &[u64] = if benchmarking {
        &[8, 16, 24, 32]
    } else {
        &[8, 16]
    };
    for &squares in boards {
        let board = Board::new(squares).expect("a board of 8 to 32 squares");
        let moves = solve(board).expect("solvable").move_count();
        group.throughput(Throughput::Elements(moves as u64));
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
