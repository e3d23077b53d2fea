//! The kernel's auditors on committed inputs: the chess1d boards file (every
//! table verified and every board recounted) and the tic-tac-toe 3x3
//! certificate. Set GAMECERT_BOARDS to a boards file to time another one
//! (e.g. a full 6..=16 file); by default the 6..=10 fixture is used.

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn audits(c: &mut Criterion) {
    let mut group = c.benchmark_group("audit");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    let boards = std::env::var_os("GAMECERT_BOARDS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("tests/fixtures/chess1d/boards-valid.json"));
    group.bench_function("chess1d-boards", |b| {
        b.iter(|| gamecert_audit::audit_file(&boards).map(|report| report.failures.len()))
    });
    let tictactoe = root().join("certificates/tictactoe.json");
    group.bench_function("tictactoe-3x3", |b| {
        b.iter(|| gamecert_audit::audit_file(&tictactoe).map(|report| report.failures.len()))
    });
    group.finish();
}

criterion_group!(benches, audits);
criterion_main!(benches);
