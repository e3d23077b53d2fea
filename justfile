# gamecert tasks. `just` alone lists them.

default:
    @just --list

# Regenerate every certificate under certificates/ (the main job).
verify:
    cargo run --release --quiet -- verify

# Fail if any committed certificate differs from a fresh regeneration.
verify-check:
    cargo run --release --quiet -- verify --check

# Re-check every committed certificate with its independent auditor.
audit:
    #!/usr/bin/env bash
    set -euo pipefail
    cargo build --release --quiet
    for cert in certificates/snaky21.json certificates/tictactoe*.json certificates/chess1d*.json; do
        ./target/release/gamecert audit "$cert" | tail -n 1
    done

# Run every test (unit, integration, snapshot, property).
test:
    cargo test --release --workspace --all-targets

# Benchmarks (criterion). Save a baseline with: just bench -- --save-baseline before
bench *ARGS:
    cargo bench {{ARGS}}

# Formatting and lints, as CI runs them.
lint:
    cargo fmt --check
    cargo clippy --workspace --all-targets -- -D warnings

# Fuzz each target (or TARGETS) for SECS seconds: nightly + cargo-fuzz, docs/fuzzing.md.
fuzz SECS="60" *TARGETS="":
    #!/usr/bin/env bash
    set -euo pipefail
    targets="{{TARGETS}}"
    if [ -z "$targets" ]; then targets=$(cargo +nightly fuzz list --fuzz-dir fuzz); fi
    for target in $targets; do
        corpus=fuzz/corpus/$target
        mkdir -p "$corpus"
        case $target in
            snaky_*)
                for n in 3 10 40 120; do
                    head -n $n certificates/sources/snaky21-cards.txt > "$corpus/seed-prefix-$n.txt"
                done
                max_len=65536 ;;
            *)
                # Large certificates would slow every execution: small seeds only.
                find tests/fixtures certificates -name '*.json' -size -100k -exec cp {} "$corpus/" \;
                max_len=200000 ;;
        esac
        echo "fuzz $target for {{SECS}} s" >&2
        cargo +nightly fuzz run --fuzz-dir fuzz "$target" -- \
            -max_total_time={{SECS}} -max_len=$max_len -rss_limit_mb=4096 -timeout=20 -print_final_stats=1
    done
