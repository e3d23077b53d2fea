# gamecert tasks. `just` alone lists them.

default:
    @just --list

# Regenerate every certificate under certificates/ (the main job).
verify:
    cargo run --release --quiet -- verify

# Fail if any committed certificate differs from a fresh regeneration.
verify-check:
    cargo run --release --quiet -- verify --check

# Re-solve the chess table of boards 6..32 (slow: about n^7; n = 32 alone
# is many seconds) and rewrite certificates/chess1d-boards.json; `verify`
# reads its report-only rows 17..32 instead of re-solving them, so verify
# regenerates chess1d.json from them afterwards. `git diff` shows changes.
solve-chess-boards:
    cargo build --release --quiet
    ./target/release/gamecert chess1d --boards --json certificates/chess1d-boards.json
    ./target/release/gamecert verify

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

# Time the whole regeneration: `verify --check` run `runs` times with the
# release binary (or `bin`, e.g. an older build to compare against), from
# this directory. Prints each run and the median wall time, CPU time and
# peak memory. Compare builds side by side in one session: this machine is
# shared and noisy.
bench-verify runs="5" bin="":
    #!/usr/bin/env bash
    set -euo pipefail
    bin="{{bin}}"
    if [ -z "$bin" ]; then
        cargo build --release --quiet
        bin=target/release/gamecert
    fi
    measure=$(mktemp)
    trap 'rm -f "$measure"' EXIT
    results=()
    for run in $(seq 1 {{runs}}); do
        if [ -x /usr/bin/time ]; then
            /usr/bin/time -f "%e %U %S %M" -o "$measure" "$bin" verify --check >/dev/null 2>&1 \
                || { echo "run $run: verify --check failed" >&2; exit 1; }
            read -r wall user system peak < "$measure"
        else
            # no GNU time: wall and CPU time from bash, peak memory unknown
            TIMEFORMAT="%R %U %S"
            { time "$bin" verify --check >/dev/null 2>&1; } 2> "$measure" \
                || { echo "run $run: verify --check failed" >&2; exit 1; }
            read -r wall user system < "$measure"
            peak=0
        fi
        cpu=$(awk -v u="$user" -v s="$system" 'BEGIN { print u + s }')
        echo "run $run: ${wall} s wall, ${cpu} s CPU, $((peak / 1024)) MB peak"
        results+=("$wall $cpu $peak")
    done
    median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
    wall=$(printf '%s\n' "${results[@]}" | cut -d' ' -f1 | median)
    cpu=$(printf '%s\n' "${results[@]}" | cut -d' ' -f2 | median)
    peak=$(printf '%s\n' "${results[@]}" | cut -d' ' -f3 | median)
    peak=$(awk -v kb="$peak" 'BEGIN { printf "%d", kb / 1024 }')
    echo "median of {{runs}} ($bin): ${wall} s wall, ${cpu} s CPU, ${peak} MB peak"

# Time `gamecert snaky check TABLE --json` (every reply class and the
# certificate; the kernel audit is `gamecert audit`'s, or `--audit`) against contrib/paper-verifier.py (our
# plain-Python stand-in for the paper's verifier: A, T, h only), process to
# process, on the paper's 722-line table and the 1,501-line 20-move draft.
# Each command runs `runs` times in turn with the others; prints the medians
# and the ratio. Every gamecert run writes a new certificate file (the old one
# is removed, untimed); "replacing" times the same run over its previous
# output, which on ext4 adds the filesystem's cost of an atomic replace.
# `bin`: another gamecert build to time alongside (e.g. the previous one).
bench-snaky runs="21" bin="":
    #!/usr/bin/env bash
    set -euo pipefail
    cargo build --release --quiet
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
    # EPOCHREALTIME (bash 5) reads the clock without starting a process:
    # `date` would add its own start-up to every sample.
    sample() { # label, fresh (1: remove the output first), command...
        local label=$1 fresh=$2 start end
        shift 2
        [ "$fresh" = 1 ] && rm -f "$out/cert.json"
        start=${EPOCHREALTIME/./}
        "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
        end=${EPOCHREALTIME/./}
        samples[$label]+="$(( end - start )) "
    }
    median_ms() {
        printf '%s\n' ${samples[$1]} | sort -n | awk '{ v[NR] = $1 } END { printf "%.2f", ((NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) / 1000 }'
    }
    for table in certificates/sources/snaky21-cards.txt certificates/sources/snaky20-kaiasage.txt; do
        declare -A samples=()
        check=(snaky check "$table" --json "$out/cert.json")
        runs=(python new replacing)
        if [ -n "{{bin}}" ]; then runs+=(old); fi
        for round in $(seq 1 {{runs}}); do
            # Each round starts one later: a run right after another program
            # finds colder caches, so no command always follows the same one.
            for i in "${!runs[@]}"; do
                case ${runs[(i + round) % ${#runs[@]}]} in
                    python) sample python 0 python3 contrib/paper-verifier.py "$table" ;;
                    new) sample new 1 target/release/gamecert "${check[@]}" ;;
                    replacing) sample replacing 0 target/release/gamecert "${check[@]}" ;;
                    old) sample old 1 "{{bin}}" "${check[@]}" ;;
                esac
            done
        done
        python=$(median_ms python) new=$(median_ms new)
        line="$(basename "$table"): python stand-in ${python} ms, gamecert ${new} ms (replacing its output: $(median_ms replacing) ms)"
        if [ -n "{{bin}}" ]; then line="$line, {{bin}} $(median_ms old) ms"; fi
        echo "$line (medians of {{runs}}); python / gamecert = $(awk -v p="$python" -v g="$new" 'BEGIN { printf "%.1f", p / g }')x"
        unset samples
    done

# Formatting and lints, as CI runs them.
lint:
    cargo fmt --check
    cargo clippy --workspace --all-targets -- -D warnings -W clippy::too_many_lines

# Build the static site into site/ from the committed certificates (open site/index.html).
site:
    cargo run --release --quiet -- site -o site

# Serve site/ on http://localhost:8000 (the site also works opened from disk).
serve: site
    python3 -m http.server --directory site 8000

# Fuzz each target (or TARGETS) for SECS seconds: nightly + cargo-fuzz, docs/fuzzing.md.
# FUZZ_SEED fixes libFuzzer's seed (CI sets it so a failure can be replayed); 0 = random.
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
            -seed=${FUZZ_SEED:-0} -max_total_time={{SECS}} -max_len=$max_len -rss_limit_mb=4096 -timeout=20 -print_final_stats=1
    done

# Re-search the eleven small winners' card tables into certificates/sources/animals/ (seconds).
prove-winners:
    #!/usr/bin/env bash
    set -euo pipefail
    cargo build --release --quiet
    for animal in monomino domino "straight tromino" "L tromino" "I tetromino" "L tetromino" \
        "T tetromino" "S tetromino" "L pentomino" "Y pentomino" "N pentomino"; do
        file=certificates/sources/animals/$(echo "$animal" | tr 'A-Z ' 'a-z-').txt
        ./target/release/gamecert animals prove "$animal" -o "$file" | grep -v '^  h = '
    done

# The Maker-side Snaky frontier runs (docs/frontier.md), one process at a
# time, niced, logs in logs/; run again to resume the improve runs.
frontier-runs:
    cargo build --release --quiet
    contrib/snaky/frontier-runs.sh target/release/gamecert
