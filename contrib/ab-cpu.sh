#!/usr/bin/env bash
# Compares two commands by CPU time (user + system), their runs interleaved
# one for one, and prints each one's median. On a shared machine the load
# drifts: timing each command's runs in a block (as `hyperfine` does) let
# that drift pass for differences of up to 20% (docs/prover.md), so small
# changes are compared this way.
#
#   contrib/ab-cpu.sh RUNS 'COMMAND A' 'COMMAND B'
#
# Each command runs under `bash -c`, its output discarded; put any set-up it
# needs in it, e.g. 'rm -rf /tmp/p && gamecert board ... --parts-dir /tmp/p'.
set -euo pipefail
if [ $# -ne 3 ] || ! [[ $1 =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: contrib/ab-cpu.sh RUNS 'COMMAND A' 'COMMAND B'" >&2
    exit 2
fi
runs=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
TIMEFORMAT='%U %S'
for _ in $(seq 1 "$runs"); do
    for side in a b; do
        command=$2
        [ "$side" = b ] && command=$3
        if ! { time bash -c "$command" >/dev/null 2>&1; } 2>"$scratch/one"; then
            echo "ab-cpu: command $side failed: $command" >&2
            exit 1
        fi
        awk '{ print $1 + $2 }' "$scratch/one" >>"$scratch/$side"
    done
done
for side in a b; do
    median=$(sort -n "$scratch/$side" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
    echo "$side: median CPU ${median} s over $runs runs"
done
