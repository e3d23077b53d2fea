# gamecert tasks. `just` alone lists them.

default:
    @just --list

# The binaries the recipes run, built with the `dist` profile (`release`
# with LTO, Cargo.toml), linked dynamically: with `+crt-static` the binary
# that links CaDiCaL's C++ runtime crashed at start (docs/performance.md).
bin := "target/dist"

# The C++ compiler and libclang that CaDiCaL's build (rustsat-cadical,
# the prover's SAT solver) needs, from Debian's apt when they are missing.
deps:
    #!/usr/bin/env bash
    set -euo pipefail
    need=()
    command -v c++ >/dev/null 2>&1 || need+=(g++)
    # libclang itself (bindgen loads it), not libclang-cpp, which clang packages also install.
    compgen -G '/usr/lib/llvm-*/lib/libclang.so*' >/dev/null || compgen -G '/usr/lib/*/libclang-[0-9]*.so*' >/dev/null || need+=(libclang-dev)
    if [ ${#need[@]} -gt 0 ]; then
        echo "installing ${need[*]} (needed to build CaDiCaL)" >&2
        sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}"
    fi

# Build the binaries the recipes run (the `dist` profile; see `bin` above).
build: deps
    cargo build --profile dist --quiet --workspace

# Regenerate every certificate under certificates/ (the main job).
verify: build
    {{bin}}/gamecert verify

# Fail if any committed certificate differs from a fresh regeneration.
verify-check: build
    {{bin}}/gamecert verify --check

# Re-solve the chess table of boards 6..32 (slow: about n^7; n = 32 alone
# is many seconds) and rewrite certificates/chess1d-boards.json; `verify`
# reads its report-only rows 17..32 instead of re-solving them, so verify
# regenerates chess1d.json from them afterwards. `git diff` shows changes.
solve-chess-boards: build
    {{bin}}/gamecert chess1d --boards --json certificates/chess1d-boards.json
    {{bin}}/gamecert verify

# Re-check every committed certificate with the kernel, through the
# producer's `gamecert audit` and the standalone `gamecert-audit`.
audit: build
    #!/usr/bin/env bash
    set -euo pipefail
    {{bin}}/gamecert audit | grep '^audit '
    find certificates \( -name '*.json' -o -name '*.json.gz' \) -not -path 'certificates/sources/*' -print0 \
        | sort -z | xargs -0 {{bin}}/gamecert-audit

# Run every test (unit, integration, snapshot, property).
test: deps
    cargo test --release --workspace --all-targets

# Benchmarks (criterion). Save a baseline with: just bench -- --save-baseline before
bench *ARGS:
    cargo bench {{ARGS}}

# Time the whole regeneration: `verify --check` run `runs` times with the
# binary `just build` makes (or `other`, e.g. an older build to compare against), from
# this directory. Prints each run and the median wall time, CPU time and
# peak memory. Compare builds side by side in one sitting: this machine is
# shared and noisy.
bench-verify runs="5" other="": build
    #!/usr/bin/env bash
    set -euo pipefail
    bin="{{other}}"
    if [ -z "$bin" ]; then
        bin={{bin}}/gamecert
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
# certificate; the kernel audit is `gamecert audit`'s, or `--audit`) against
# contrib/paper-verifier.py (our plain-Python stand-in for the paper's
# verifier: A, T, h only), process to process, on the paper's 722-line table
# and the 1,501-line 20-move draft: medians of `runs` runs, taking turns, and
# the ratio (contrib/bench_snaky.py says how).
# `other`: another gamecert build to time alongside (e.g. the previous one).
bench-snaky runs="21" other="": build
    python3 contrib/bench_snaky.py {{runs}} {{bin}}/gamecert {{other}}

# Formatting and lints, as CI runs them.
lint: deps
    cargo fmt --check
    cargo clippy --workspace --all-targets -- -D warnings -W clippy::too_many_lines

# Build the static site into site/ from the committed certificates (open site/index.html).
site: build
    {{bin}}/gamecert site -o site

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
prove-winners: build
    #!/usr/bin/env bash
    set -euo pipefail
    for animal in monomino domino "straight tromino" "L tromino" "I tetromino" "L tetromino" \
        "T tetromino" "S tetromino" "L pentomino" "Y pentomino" "N pentomino"; do
        file=certificates/sources/animals/$(echo "$animal" | tr 'A-Z ' 'a-z-').txt
        {{bin}}/gamecert animals prove "$animal" -o "$file" | grep -v '^  h = '
    done

# The Maker-side Snaky frontier runs (docs/frontier.md), one process at a
# time, niced, logs in logs/; run again to resume the improve runs.
frontier-runs: build
    contrib/snaky/frontier-runs.sh {{bin}}/gamecert

# This build's prover against the board engine at the start of the prover
# work (the depth-first solver of commit `baseline`, built once from a
# worktree into target/baseline/), side by side in one sitting: each board
# question run by both in turn (`runs` times, `limit` seconds each at most),
# printing the median wall times and their ratio.
bench-prove runs="3" limit="600" baseline="a9a0f90": build
    #!/usr/bin/env bash
    set -euo pipefail
    new={{bin}}/gamecert
    old=$(contrib/build-baseline.sh {{baseline}})
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
    questions=(
        "snaky --size 7 --pairing-plies 16"
        "snaky --size 8 --pairing-plies 16"
        "L-pentomino --size 7 --strong --bound 9"
        "I-tetromino --size 6 --strong --pairing-plies 16"
    )
    median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
    # A question with a move bound is the first player's claim: one shard,
    # then the merge writes the audited certificate.
    solve() {
        local binary=$1 question=$2
        if [[ "$question" == *--bound* ]]; then
            rm -rf "$scratch/parts"
            "$binary" board $question --shard 1/1 --parts-dir "$scratch/parts" &&
                "$binary" board merge "$scratch/parts/part-1-of-1.json" --json "$scratch/out.json"
        else
            "$binary" board $question --json "$scratch/out.json"
        fi
    }
    export -f solve
    export scratch
    for question in "${questions[@]}"; do
        : > "$scratch/new"; : > "$scratch/old"
        for run in $(seq 1 {{runs}}); do
            for engine in new old; do
                binary=$new; [ "$engine" = old ] && binary=$old
                start=$(date +%s.%N)
                if timeout {{limit}} bash -c 'solve "$0" "$1"' "$binary" "$question" >/dev/null 2>&1; then
                    echo "$(date +%s.%N) - $start" | bc >> "$scratch/$engine"
                else
                    echo "inf" >> "$scratch/$engine"
                fi
            done
        done
        new_median=$(median < "$scratch/new"); old_median=$(median < "$scratch/old")
        ratio=$(awk -v o="$old_median" -v n="$new_median" 'BEGIN { if (n == "inf" || o == "inf") print "n/a"; else printf "%.2f", o / n }')
        printf '%-48s prover %8s s  {{baseline}} %8s s  speed-up %s\n' "$question" "$new_median" "$old_median" "$ratio"
    done
