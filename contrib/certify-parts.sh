#!/usr/bin/env bash
# Certify a sharded Breaker search part by part, then join the pieces.
# Each part file in DIR (part-K-of-N.json, or part-K-of-N.json.gz where the
# plain one is absent) with settled first moves is merged alone into a
# partial certificate STEM-after-X-Y.json.gz, named by its first moves
# (several: X-Y_X-Y...; STEM is OUT without .json or .json.gz), unless the
# certificates STEM-*.json.gz already answer every one of them; so no file
# passes 50 MB, and a committed certificate is never rewritten. Then every
# STEM-*.json.gz is joined into STEM.json, the split certificate the kernel
# audits (docs/formats/board-shards.md). Run it from the project root.
#
# Usage: contrib/certify-parts.sh WIDTH DIR OUT
# e.g.   contrib/certify-parts.sh 10 contrib/snaky/state/board10x8-groups \
#            certificates/boards/snaky-on-10x8-weak.json.gz
# The binary is $GAMECERT (default target/dist/gamecert). Exit 0 when the
# join holds, 1 when first moves are still unanswered (named by the join),
# 2 on bad usage.
set -uo pipefail
if [ $# -ne 3 ]; then
    sed -n '2,18p' "$0" >&2
    exit 2
fi
width=$1 dir=$2 out=$3
bin=${GAMECERT:-target/dist/gamecert}
stem=${out%.gz}
stem=${stem%.json}
# The first moves a certificate answers, one cell a line.
answers() {
    zcat -f "$1" | head -c 65536 | tr -d ' \n' | sed -n 's/.*"first_moves":\[\([0-9,]*\)\].*/\1/p' | tr ',' '\n'
    echo
}
answered() {
    for c in "$stem"-*.json.gz; do [ -f "$c" ] && answers "$c"; done
}
# The part files, each once (the plain file where both exist).
parts() {
    for p in "$dir"/part-*-of-*.json "$dir"/part-*-of-*.json.gz; do
        [ -f "$p" ] || continue
        [[ "$p" == *.gz && -f "${p%.gz}" ]] && continue
        echo "$p"
    done | sort -V
}
found=0
while read -r part; do
    [ -n "$part" ] || continue
    found=1
    tmp="$dir/.certify.json.gz"
    if ! "$bin" board merge "$part" --partial --json "$tmp" >/dev/null; then
        echo "certify-parts: $part is not certified (the merge says why above); left out" >&2
        rm -f "$tmp"
        continue
    fi
    cells=$(answers "$tmp" | sed '/^$/d')
    if [ -z "$(comm -23 <(sort <<<"$cells") <(answered | sort -u))" ]; then
        rm -f "$tmp"
        continue
    fi
    name=$(while read -r cell; do printf '%s-%s_' $((cell % width)) $((cell / width)); done <<<"$cells")
    target="$stem-after-${name%_}.json.gz"
    mv "$tmp" "$target"
    echo "== certified $part: $target"
done < <(parts)
if [ "$found" -eq 0 ]; then
    echo "certify-parts: no part file in $dir" >&2
    exit 2
fi
"$bin" board join "$stem"-*.json.gz --json "$stem.json"
