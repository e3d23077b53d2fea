//! The full 3x3 run: enumeration of every position class, sequence counts,
//! minimax, strategy tables; and separately the whole run with claims,
//! certificate and audit.

use criterion::{criterion_group, criterion_main, Criterion};
use gamecert::tictactoe::{self, Board, Solution};
use std::hint::black_box;

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

criterion_group!(benches, solve_3x3);
criterion_main!(benches);
