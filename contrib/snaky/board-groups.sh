#!/usr/bin/env bash
# Snaky's weak game on a W x H board, Breaker's claim, one prover search per
# first move (group), on one machine: passes over the groups, each group
# given at most PER_GROUP seconds a pass, until every group is settled or
# TOTAL seconds are spent. Once every group is, contrib/certify-parts.sh
# certifies each group whose first move no certificate STEM-*.json.gz
# answers yet (STEM: OUT without .json.gz) alone as
# STEM-after-X-Y.json.gz (a partial certificate, so no file passes 50 MB)
# and joins them into the split certificate STEM.json, audited
# (docs/formats/board-shards.md). Run it from the project root.
# Every group's state is saved in DIR (group-G.state.gz), so running the
# same command again resumes; settled groups are read back from the parts,
# and the passes go on from the group after the last one searched
# (DIR/next), so a short run does not spend its budget on the first groups
# again and again.
#
# Usage: contrib/snaky/board-groups.sh W H DIR OUT PER_GROUP TOTAL [extra gamecert flags]
# e.g.   contrib/snaky/board-groups.sh 10 8 contrib/snaky/state/board10x8-groups \
#            certificates/boards/snaky-on-10x8-weak.json.gz 600 7200 --memory 8G
# The binary is $GAMECERT (default target/dist/gamecert); the runs are niced.
set -uo pipefail
if [ $# -lt 6 ]; then
    sed -n '2,20p' "$0" >&2
    exit 2
fi
width=$1 height=$2 dir=$3 out=$4 per_group=$5 total=$6
shift 6
bin=${GAMECERT:-target/dist/gamecert}
board=(board snaky --size "$width" --height "$height" --pairing-plies 16 "$@")
# The number of groups, as a shard stopped at once names it.
mkdir -p "$dir"
groups=$("$bin" "${board[@]}" --shard 1/1 --parts-dir "$dir/.count" --seconds 0 2>&1 |
    sed -n 's/.*stopped in group [0-9]* of \([0-9]*\).*/\1/p' | head -n 1)
rm -rf "$dir/.count"
if [ -z "$groups" ]; then
    echo "board-groups: cannot tell the number of groups" >&2
    exit 2
fi
# A group's part, plain or (a settled one kept so) compressed.
part() { if [ -f "$dir/part-$1-of-$groups.json" ]; then echo "$dir/part-$1-of-$groups.json"; else echo "$dir/part-$1-of-$groups.json.gz"; fi; }
settled() { [ -f "$(part "$1")" ] && zcat -f "$(part "$1")" | grep -q '"complete": true'; }
deadline=$(($(date +%s) + total))
start=$(cat "$dir/next" 2>/dev/null || echo 1)
[[ "$start" =~ ^[0-9]+$ ]] && [ "$start" -ge 1 ] && [ "$start" -le "$groups" ] || start=1
while :; do
    open=0
    for k in $(seq "$start" "$groups") $(seq 1 $((start - 1))); do
        settled "$k" && continue
        open=$((open + 1))
        left=$((deadline - $(date +%s)))
        [ "$left" -lt 30 ] && break 2
        budget=$((left < per_group ? left : per_group))
        echo "== $(date -u +%FT%TZ) shard $k/$groups, $budget s"
        nice -n 10 "$bin" "${board[@]}" --shard "$k/$groups" --parts-dir "$dir" --seconds "$budget"
        code=$?
        echo "== $(date -u +%FT%TZ) shard $k/$groups exit $code"
        echo $((k % groups + 1)) >"$dir/next"
    done
    [ "$open" -eq 0 ] && break
done
for k in $(seq 1 "$groups"); do
    if ! settled "$k"; then
        echo "board-groups: shard $k/$groups is open; run the same command again to resume" >&2
        exit 1
    fi
done
exec "$(dirname "$0")/../certify-parts.sh" "$width" "$dir" "$out"
