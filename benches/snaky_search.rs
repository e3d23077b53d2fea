//! Benchmarks of issue 3: the rule-free search of the paper's table and
//! 1,000 games against the random Breaker. `just bench` runs them.

use criterion::{criterion_group, criterion_main, Criterion};
use gamecert::snaky::play::{heights, play, BreakerKind, PlayOptions};
use gamecert::snaky::search::{search, search_table};
use gamecert::snaky::strategy::load;
use gamecert::snaky::{DEFAULT_BOUND, TABLE_PATH};

fn table() -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(TABLE_PATH);
    std::fs::read(path).expect("the pinned table is readable")
}

fn benches(c: &mut Criterion) {
    let bytes = table();
    let (evaluation, strategy) = load(&bytes).expect("the pinned table loads");
    let heights = heights(&evaluation);

    c.bench_function("search: every Breaker reply, strategy extracted", |b| {
        b.iter(|| search(&strategy, DEFAULT_BOUND))
    });
    c.bench_function(
        "search: from the table's bytes (parse, evaluate, extract)",
        |b| b.iter(|| search_table(TABLE_PATH, &bytes, DEFAULT_BOUND)),
    );
    let random = PlayOptions {
        breaker: BreakerKind::Random,
        games: 1000,
        seed: 0,
        ..PlayOptions::default()
    };
    c.bench_function("play: 1,000 games against the random Breaker", |b| {
        b.iter(|| play(&strategy, &heights, &random))
    });
}

criterion_group! {
    name = snaky;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(snaky);
