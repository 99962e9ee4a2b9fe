#!/usr/bin/env bash
# Whole `npm test` runs of two built trees, alternated base, other, other, base, base, other (three pairs),
# each timed by /usr/bin/time (wall-clock, user and sys CPU of the whole process tree) with the 1-minute
# load before and after. Usage: bench/test-run/alternate.sh BASE_TREE OTHER_TREE [OUT_DIR]
# Each tree must be built (npm run build); PostgreSQL must answer. Results: OUT_DIR/index.txt and one log
# per run (its step table at the end).
set -u
base=$(cd "$1" && pwd)
other=$(cd "$2" && pwd)
out=${3:-/tmp/test-run-pairs}
mkdir -p "$out"
run_one() {
  local i=$1 which=$2
  cd "$3" || exit 1
  echo "run $i $which $(git rev-parse --short HEAD) start $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/index.txt"
  /usr/bin/time -o "$out/time-$i-$which.txt" -f "%e %U %S" env REQUIRE_POSTGRES=1 node scripts/test.mjs --skip-build \
    >"$out/run-$i-$which.log" 2>&1
  echo "run $i $which end $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" \
    "time $(tail -1 "$out/time-$i-$which.txt") result $(tail -1 "$out/run-$i-$which.log")" >>"$out/index.txt"
}
. "$(dirname "$0")/alternation.sh"
alternate "$base" "$other"
