# gamecert tasks. `just` alone lists them.

default:
    @just --list

# Regenerate every certificate under certificates/ (the main job).
verify:
    cargo run --release --quiet -- verify

# Fail if any committed certificate differs from a fresh regeneration.
verify-check:
    cargo run --release --quiet -- verify --check

# Re-check every committed certificate with the kernel, through the
# producer's `gamecert audit` and the standalone `gamecert-audit`.
audit:
    #!/usr/bin/env bash
    set -euo pipefail
    cargo build --release --quiet --workspace
    ./target/release/gamecert audit | grep '^audit '
    find certificates -name '*.json' -not -path 'certificates/sources/*' -print0 \
        | sort -z | xargs -0 ./target/release/gamecert-audit

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

# Build the static site into site/ from the committed certificates (open site/index.html).
site:
    cargo run --release --quiet -- site -o site

# Serve site/ on http://localhost:8000 (the site also works opened from disk).
serve: site
    python3 -m http.server --directory site 8000
