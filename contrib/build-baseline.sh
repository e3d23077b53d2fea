#!/usr/bin/env bash
# Builds gamecert at commit REV (from a detached worktree, into
# target/baseline/REV/) for side-by-side benchmarks, once; prints the
# binary's path. Build output goes to stderr.
set -euo pipefail
rev=${1:?usage: contrib/build-baseline.sh REV}
top=$(git rev-parse --show-toplevel)
dir="$top/target/baseline/$rev"
binary="$dir/target/dist/gamecert"
if [ ! -x "$binary" ]; then
    if [ ! -d "$dir/src" ]; then
        git -C "$top" worktree add --detach "$dir/src" "$rev" >&2
    fi
    (cd "$dir/src" && CARGO_TARGET_DIR="$dir/target" cargo build --profile dist --bin gamecert >&2)
fi
echo "$binary"
