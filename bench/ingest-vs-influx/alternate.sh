#!/usr/bin/env bash
# The side-by-side ingest bench for two server builds, alternated base, other, other, base, base, other
# (three pairs), SQLite and PostgreSQL in every run, InfluxDB left out. Every run is driven from the base
# tree (its bench and its store preparation, so the migrations the store starts with are the base's); the
# other build's server runs its own newer migrations at its start. Usage:
#   bench/ingest-vs-influx/alternate.sh BASE_TREE OTHER_MAIN_JS [OUT_DIR] [ROUNDS]
# BASE_TREE: a built checkout (npm run build -w @emberwatch/server) with node_modules; OTHER_MAIN_JS: the
# other build's apps/server/dist/main.js. Results: OUT_DIR/run-I-WHICH.json and OUT_DIR/index.txt (each
# run's medians, the PostgreSQL ÷ SQLite ratios of its rounds, and the 1-minute load before and after).
set -u
base=$(cd "$1" && pwd)
other_main=$(realpath "$2")
out=${3:-/tmp/ingest-pairs}
rounds=${4:-3}
mkdir -p "$out"
run_one() {
  local i=$1 which=$2
  cd "$base" || exit 1
  local file="$out/run-$i-$which.json"
  echo "run $i $which start $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/index.txt"
  if [ "$which" = other ]; then export BENCH_SERVER_MAIN="$other_main"; else unset BENCH_SERVER_MAIN; fi
  side_by_side "$rounds" "$file" "$out/run-$i-$which.log"
  grep -A3 '^medians' "$out/run-$i-$which.log" | tail -3 >>"$out/index.txt"
  echo "run $i $which end $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/index.txt"
}
here=$(dirname "$(realpath "$0")")
. "$here/sideBySide.sh"
# The same order as the test-run pairs (bench/test-run/alternation.sh).
. "$here/../test-run/alternation.sh"
alternate "$base" "$base"
