#!/usr/bin/env bash
# A long prover search on one board as a chain of Slurm jobs: each job runs
# the search for its time limit with `--state` (docs/prover.md, "Resuming a
# long search"), and a job stopped by its budget submits the next, which
# resumes from the saved state; the chain ends when the search answers (the
# certificate is audited and written) or fails.
#
# Usage (from the repository root, with target/dist/gamecert built by
# `just build`):
#   contrib/slurm/prove-board.sh SHAPE WIDTH HEIGHT STATE OUT HOURS [extra gamecert flags]
# e.g. Snaky on 9x9, Breaker's side, in jobs of 12 hours:
#   contrib/slurm/prove-board.sh snaky 9 9 contrib/snaky/state/board9-prover.gz \
#       certificates/boards/snaky-on-9x9-weak.json.gz 12 --pairing-plies 16 --memory 12G
# Each job asks for one core and 16 GB (edit below, or set SBATCH_* variables);
# its log is STATE.job-N.log. Resubmitting the same command resumes.
set -euo pipefail

bin=${GAMECERT:-target/dist/gamecert}

if [ "${1:-}" = "--job" ]; then
    # One link of the chain: search, then submit the next link if stopped.
    shift
    round=$1 shape=$2 width=$3 height=$4 state=$5 out=$6 hours=$7
    shift 7
    seconds=$((hours * 3600 - 900))
    set +e
    RAYON_NUM_THREADS=1 "$bin" board "$shape" --size "$width" --height "$height" \
        --state "$state" --seconds "$seconds" --json "$out" "$@" \
        | tee "$state.job-$round.out"
    code=${PIPESTATUS[0]}
    set -e
    if [ "$code" -eq 1 ] && grep -q "nothing proved" "$state.job-$round.out"; then
        exec "$0" --submit $((round + 1)) "$shape" "$width" "$height" "$state" "$out" "$hours" "$@"
    fi
    exit "$code"
fi

round=1
if [ "${1:-}" = "--submit" ]; then
    round=$2
    shift 2
fi
if [ $# -lt 6 ]; then
    sed -n '2,16p' "$0" >&2
    exit 2
fi
shape=$1 width=$2 height=$3 state=$4 out=$5 hours=$6
shift 6
mkdir -p "$(dirname "$state")"
job=$(sbatch --parsable \
    --job-name="prove-$shape-${width}x$height-$round" \
    --cpus-per-task=1 --mem=16G --time="$hours:00:00" \
    --output="$state.job-$round.log" \
    --wrap="$0 --job $round $shape $width $height $state $out $hours $*")
echo "submitted job $job (link $round of the chain); state in $state"
