#!/usr/bin/env bash
# A sharded finite-board search as a Slurm job array: one shard per array
# task, then one dependent job that certifies the parts and audits the
# result: Breaker's claim part by part, joined (contrib/certify-parts.sh;
# OUT names the split certificate), a first player's win merged into OUT.
# See docs/formats/board-shard.md.
#
# Usage (from the repository root, with target/release/gamecert built):
#   contrib/slurm/board-shards.sh SHAPE SIZE SHARDS PARTS_DIR OUT.json [extra gamecert flags]
# e.g.
#   contrib/slurm/board-shards.sh snaky 8 10 parts/snaky8 certificates/boards/snaky-on-8x8-weak.json \
#       --pairing-plies 16
# Add `--bound B` to the extra flags to claim a first-player win within B
# moves instead of a Breaker win. Resubmitting the same command resumes:
# every shard re-reads its part file and skips the units it has solved.
# With `--memory 12G --seconds S` (S under the job's time limit) and
# Breaker's claim each first move is one prover search whose state is saved in
# PARTS_DIR/group-G.state.gz; a shard stopped by S exits 1 (the merge is
# then not run), and resubmitting resumes every group from its state.
# Slurm options (time, memory, partition) can be set with SBATCH_* variables
# or edited below; one core per shard is enough (RAYON_NUM_THREADS=1).
set -euo pipefail

if [ $# -lt 5 ]; then
    sed -n '2,21p' "$0" >&2
    exit 2
fi
shape=$1 size=$2 shards=$3 parts=$4 out=$5
shift 5
extra=("$@")
bin=${GAMECERT:-target/release/gamecert}
mkdir -p "$parts"

array=$(sbatch --parsable \
    --job-name="board-$shape-$size" \
    --array="1-$shards" \
    --cpus-per-task=1 \
    --output="$parts/shard-%a.log" \
    --wrap="RAYON_NUM_THREADS=1 $bin board $shape --size $size --shard \${SLURM_ARRAY_TASK_ID}/$shards --parts-dir $parts ${extra[*]}")

# Breaker's claim is certified part by part and joined, so no file passes
# 50 MB (contrib/certify-parts.sh); a first player's win within a bound is
# one merged certificate.
if [[ " ${extra[*]} " == *" --bound "* || " ${extra[*]} " == *" --bound="* ]]; then
    parts_list=$(for k in $(seq 1 "$shards"); do printf '%s/part-%s-of-%s.json ' "$parts" "$k" "$shards"; done)
    finish="$bin board merge $parts_list --json $out"
else
    finish="GAMECERT=$bin contrib/certify-parts.sh $size $parts $out"
fi
sbatch --parsable \
    --job-name="board-$shape-$size-merge" \
    --dependency="afterok:$array" \
    --output="$parts/merge.log" \
    --wrap="$finish"
echo "submitted array $array ($shards shards) and its merge; parts in $parts"
