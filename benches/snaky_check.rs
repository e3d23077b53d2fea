//! Parse + evaluate + all checks + JSON emission on the paper's table, and
//! the kernel audit of the emitted certificate.
//! Compare runs against a saved baseline (`just bench -- --save-baseline before`,
//! then `just bench -- --baseline before`): this machine is shared and noisy.

use criterion::{criterion_group, criterion_main, Criterion};
use gamecert::snaky::{
    certificate::certificate_json,
    check::{all_reply_classes, evaluate_and_choose},
    check_table,
    evaluate::evaluate,
    model::Shape,
    parse::{parse_table, parse_table_with, Reader},
    DEFAULT_BOUND, TABLE_PATH,
};
use std::hint::black_box;

fn table() -> Vec<u8> {
    std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/certificates/sources/snaky21-cards.txt"
    ))
    .expect("the paper's table")
}

fn snaky_check(c: &mut Criterion) {
    let bytes = table();
    let parsed = parse_table(&bytes).unwrap();
    let run = check_table(TABLE_PATH, &bytes, DEFAULT_BOUND).unwrap();
    c.bench_function("snaky/parse", |b| {
        b.iter(|| parse_table(black_box(&bytes)).unwrap())
    });
    // The nom grammar alone, which the byte scanner stands in front of.
    let shape = Shape::snaky();
    c.bench_function("snaky/parse_grammar", |b| {
        b.iter(|| parse_table_with(black_box(&bytes), &shape, Reader::Grammar).unwrap())
    });
    c.bench_function("snaky/evaluate", |b| {
        b.iter(|| evaluate(black_box(&parsed)).unwrap())
    });
    let evaluation = evaluate(&parsed).unwrap();
    c.bench_function("snaky/reply_classes", |b| {
        b.iter(|| all_reply_classes(black_box(&evaluation)))
    });
    // What `snaky check` does: the classes chosen during the evaluation.
    c.bench_function("snaky/evaluate_and_choose", |b| {
        b.iter(|| evaluate_and_choose(black_box(&parsed)).unwrap())
    });
    c.bench_function("snaky/check_table", |b| {
        b.iter(|| check_table(TABLE_PATH, black_box(&bytes), DEFAULT_BOUND).unwrap())
    });
    c.bench_function("snaky/certificate_json", |b| {
        b.iter(|| certificate_json(black_box(&run)))
    });
    c.bench_function("snaky/check_and_emit", |b| {
        b.iter(|| {
            let run = check_table(TABLE_PATH, black_box(&bytes), DEFAULT_BOUND).unwrap();
            certificate_json(&run)
        })
    });
    // What `snaky check --json --audit` (and `gamecert audit`) does after
    // emitting: parse the certificate back and audit it with the kernel.
    let json = certificate_json(&run);
    c.bench_function("snaky/audit_emitted", |b| {
        b.iter(|| {
            let value: serde_json::Value = serde_json::from_str(black_box(&json)).unwrap();
            gamecert::audit::audit_value(&value).unwrap()
        })
    });
    // Both public table sizes side by side (issue 11): 722 and 1,501 lines.
    let draft = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/certificates/sources/snaky20-kaiasage.txt"
    ))
    .expect("the 20-move draft");
    let draft_parsed = parse_table(&draft).unwrap();
    c.bench_function("snaky/evaluate_1501_lines", |b| {
        b.iter(|| evaluate(black_box(&draft_parsed)).unwrap())
    });
    c.bench_function("snaky/evaluate_and_choose_1501_lines", |b| {
        b.iter(|| evaluate_and_choose(black_box(&draft_parsed)).unwrap())
    });
    let draft_evaluation = evaluate(&draft_parsed).unwrap();
    c.bench_function("snaky/reply_classes_1501_lines", |b| {
        b.iter(|| all_reply_classes(black_box(&draft_evaluation)))
    });
    c.bench_function("snaky/check_and_emit_1501_lines", |b| {
        b.iter(|| {
            let run = check_table(TABLE_PATH, black_box(&draft), 20).unwrap();
            certificate_json(&run)
        })
    });
}

criterion_group!(benches, snaky_check);
criterion_main!(benches);
