#!/usr/bin/env bash
# A Slurm job array for a sharded `gamecert snaky improve` run (issue 15,
# item 3): task K of N runs shard K/N and keeps its finished units in
# parts/part-K.txt (a resubmitted task resumes from it). When every task
# has ended, merge and certify on any node:
#
#   gamecert snaky merge parts/part-*.txt --table "$TABLE" --moves "$MOVES" -o improved.txt
#
# Submit from the project root, e.g. for the 19-move search in 32 shards:
#
#   TABLE=certificates/sources/snaky20-kaiasage.txt BOUND=19 MOVES=all \
#     sbatch --array=1-32 contrib/slurm/snaky-shards.sh
#
# Every shard also solves the pass unit (unit 0: the replies depend on its
# envelope); the units themselves are independent (no shared transposition
# table), so the merged bytes do not depend on N. docs/frontier.md.
#SBATCH --job-name=snaky-shards
#SBATCH --cpus-per-task=1
#SBATCH --mem=8G
#SBATCH --time=24:00:00
#SBATCH --output=logs/snaky-shard-%A-%a.log
set -euo pipefail
: "${TABLE:?set TABLE to the card table to start from}"
: "${BOUND:?set BOUND to the height of the new final card}"
MOVES=${MOVES:-cards}
SECONDS_PER_SHARD=${SECONDS_PER_SHARD:-82800}
BIN=${BIN:-target/release/gamecert}
N=${SLURM_ARRAY_TASK_COUNT:?run as a job array (sbatch --array=1-N)}
K=${SLURM_ARRAY_TASK_ID:?run as a job array (sbatch --array=1-N)}
mkdir -p parts logs
exec "$BIN" snaky improve "$TABLE" --bound "$BOUND" --moves "$MOVES" \
    --shard "$K/$N" --state "parts/part-$K.txt" --seconds "$SECONDS_PER_SHARD"
