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
    for cert in certificates/snaky21.json certificates/tictactoe*.json certificates/chess1d*.json certificates/boards/*.json; do
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
