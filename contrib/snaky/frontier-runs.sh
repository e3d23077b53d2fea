#!/usr/bin/env bash
# The Maker-side Snaky runs of docs/frontier.md, one process at a time,
# niced, logging to logs/. Each `improve` run keeps its finished units in
# logs/*.part: run this script again to resume (finished units are read
# back, not searched again). Usage: contrib/snaky/frontier-runs.sh [BINARY]
set -uo pipefail
bin=${1:-target/release/gamecert}
mkdir -p logs
t20=certificates/sources/snaky20-kaiasage.txt
t21=certificates/sources/snaky21-cards.txt
run() { name=$1; shift; echo "== $(date -u +%FT%TZ) $name: $*" >> logs/frontier-runs.log
  nice -n 19 "$bin" "$@" > "logs/$name.out" 2> "logs/$name.err"; rc=$?
  echo "== $(date -u +%FT%TZ) $name: exit $rc" >> logs/frontier-runs.log; }
run improve19-cards snaky improve $t20 --bound 19 --moves cards --state logs/improve19-cards.part -o logs/snaky19-cards.txt
run improve19-nodes snaky improve $t20 --bound 19 --moves nodes --state logs/improve19-nodes.part -o logs/snaky19-nodes.txt
run improve19-all snaky improve $t20 --bound 19 --moves all --seconds 900 --state logs/improve19-all.part -o logs/snaky19-all.txt
run board16-t20 snaky board 16 --table $t20 --moves cards --seconds 5 -o logs/board16-t20.txt
run board15-t20 snaky board 15 --table $t20 --moves cards --seconds 5 -o logs/board15-t20.txt
run board16-t21 snaky board 16 --table $t21 --moves cards --bound 21 --seconds 5 -o logs/board16-t21.txt
# Afterwards: the 19-move table again from scratch (no part: its bytes must
# equal certificates/sources/snaky19-gamecert.txt), then the search for 18.
run improve19-all-fresh snaky improve $t20 --bound 19 --moves all -o logs/snaky19-fresh.txt
t19=certificates/sources/snaky19-gamecert.txt
run improve18-all snaky improve $t19 --bound 18 --moves all --seconds 20000 --state logs/improve18-all.part -o logs/snaky18-all.txt
# Then the 14x14 box: every placement of the first move at 60 s, then
# the central ones with larger limits (resume from the committed parts).
run board14-t19 snaky board 14 --table $t19 --bound 21 --moves all --seconds 60 --state logs/board14-t19 -o logs/board14-t19.txt
for p in 6,6 5,6 5,5; do
  run "board14-t19-${p/,/-}" snaky board 14 --table $t19 --bound 21 --moves all --seconds 1200 --nodes 20000 --first $p --state logs/board14-t19 -o "logs/board14-t19-${p/,/-}.txt"
done
