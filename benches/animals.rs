//! The animal atlas as `just verify` re-checks it (budget: under 2 s): the
//! whole build (enumeration, classification, claims with 10,000 random
//! games, kernel audit of the atlas and every file it cites), and its
//! parts: the kernel's atlas audit alone, the LRAT check alone, and the
//! eleven winners' committed card tables (checker and rule-free search).

use criterion::{criterion_group, criterion_main, Criterion};
use gamecert::animals::verify::{build, winner_tables};
use gamecert::audit::animals::{atlas, nopairing};
use std::hint::black_box;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(root().join(path)).expect("committed certificate");
    serde_json::from_str(&text).expect("JSON")
}

fn atlas_recheck(c: &mut Criterion) {
    let mut group = c.benchmark_group("animals");
    group.sample_size(10);
    group.bench_function("verify: build and audit the atlas", |b| {
        b.iter(|| black_box(build(root()).expect("atlas builds").holds))
    });
    let value = read("certificates/animals.json");
    group.bench_function("kernel: audit animals.json and its references", |b| {
        b.iter(|| black_box(atlas::audit_at(&value, root()).holds()))
    });
    group.bench_function("verify: re-check the eleven winners' tables", |b| {
        b.iter(|| black_box(winner_tables(root()).expect("tables read").len()))
    });
    let proof = read("certificates/animals/snaky-no-pairing.json");
    group.bench_function("kernel: Snaky no-pairing LRAT check", |b| {
        b.iter(|| black_box(nopairing::audit_no_pairing(&proof, root()).is_ok()))
    });
    group.finish();
}

criterion_group!(benches, atlas_recheck);
criterion_main!(benches);
