//! The tic-tac-toe runs: on 3x3, enumeration of every position class,
//! sequence counts, minimax and strategy tables, and separately the whole
//! run with claims, certificate and audit; on 4x4 with k = 4 (the largest
//! certificate; the target is under 1 s) the solve with counts and
//! the solve with both strategy tables. Under `cargo test` (no `--bench`
//! argument) each benchmark runs once as a smoke test, so 4x4 is left out.

use criterion::{criterion_group, criterion_main, Criterion};
use gamecert::tictactoe::{self, Board, Solution};
use std::hint::black_box;
use std::time::Duration;

fn solve_3x3(c: &mut Criterion) {
    c.bench_function("tictactoe 3x3 enumerate + solve + counts", |b| {
        b.iter(|| {
            let solution = Solution::solve(black_box(Board::tictactoe()), &mut |_| {});
            black_box(solution.counts())
        })
    });
    c.bench_function("tictactoe 3x3 solve + both strategy tables", |b| {
        b.iter(|| {
            let solution = Solution::solve(black_box(Board::tictactoe()), &mut |_| {});
            black_box(solution.strategies())
        })
    });
    c.bench_function(
        "tictactoe 3x3 full run (claims, certificate JSON, audit)",
        |b| {
            b.iter(|| {
                black_box(tictactoe::run(black_box(Board::tictactoe()), &mut |_| {}).unwrap())
            })
        },
    );
}

fn solve_4x4(c: &mut Criterion) {
    if !std::env::args().any(|arg| arg == "--bench") {
        return;
    }
    let board = Board::new(4, 4, 4).expect("4x4 with k=4 is a valid board");
    let mut group = c.benchmark_group("tictactoe 4x4 k=4");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("enumerate + solve + counts", |b| {
        b.iter(|| {
            let solution = Solution::solve(black_box(board.clone()), &mut |_| {});
            black_box(solution.counts())
        })
    });
    group.bench_function("solve + both strategy tables", |b| {
        b.iter(|| {
            let solution = Solution::solve(black_box(board.clone()), &mut |_| {});
            black_box(solution.strategies())
        })
    });
    group.finish();
}

criterion_group!(benches, solve_3x3, solve_4x4);
criterion_main!(benches);
