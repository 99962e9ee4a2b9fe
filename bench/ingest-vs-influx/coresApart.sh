#!/usr/bin/env bash
# The side-by-side ingest bench with each server on a core of its own (issue 34 item 6, decision 0185): on a
# 2-core machine the bench's server, PostgreSQL's backends and the load generator otherwise share both cores,
# and a process that shares its core runs the same code slower (another's caches, more switches). Here the
# server under test (SQLite's or PostgreSQL's) runs on core 0 alone; the load generator and every PostgreSQL
# process run on core 1, in both stores' runs. It alternates such runs with plain ones (the machine's default
# placement), plain first, so that the two are measured under the same conditions. Usage, as root:
#   bench/ingest-vs-influx/coresApart.sh [OUT_DIR] [PAIRS] [ROUNDS]
# Results: OUT_DIR/run-I-{plain,apart}.json and .log, and OUT_DIR/index.txt (each run's ratios and its load).
# PostgreSQL's processes are put back on every core when it ends, also when stopped with Ctrl-C.
set -u
out=${1:-/tmp/ingest-cores-apart}
pairs=${2:-3}
rounds=${3:-4}
root=$(cd "$(dirname "$(realpath "$0")")/../.." && pwd)
mkdir -p "$out"
cores=$(nproc)
[ "$cores" -ge 2 ] || { echo "needs two cores at least (has $cores)" >&2; exit 1; }
all="0-$((cores - 1))"

# Every process of PostgreSQL's server, its postmaster too: the backends it starts later inherit the placement.
place_postgres() { for pid in $(pgrep -x postgres); do taskset -a -p -c "$1" "$pid" >/dev/null 2>&1; done; }
watcher=
restore() {
  [ -n "$watcher" ] && kill "$watcher" 2>/dev/null
  place_postgres "$all"
}
trap restore EXIT
trap 'exit 130' INT TERM

run_one() {
  local i=$1 which=$2
  local file="$out/run-$i-$which.json"
  echo "run $i $which start $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/index.txt"
  local prefix=()
  if [ "$which" = apart ]; then
    place_postgres 1
    # Each server the bench starts goes to core 0 as soon as it is seen (within a fifth of a second: before
    # its warm-up ends), every thread of it.
    (while true; do
      for pid in $(pgrep -f 'apps/server/dist/main'); do taskset -a -p -c 0 "$pid" >/dev/null 2>&1; done
      sleep 0.2
    done) &
    watcher=$!
    prefix=(taskset -c 1)
  else
    place_postgres "$all"
  fi
  (cd "$root" && "${prefix[@]}" npx tsx bench/ingest-vs-influx/run.ts --seconds 10 --warmup 3 --rounds "$rounds" \
    --settle-seconds 5 --storage-points 0 --no-install --influxd /nonexistent --stores sqlite,postgres \
    --results "$file" >"$out/run-$i-$which.log" 2>&1)
  if [ -n "$watcher" ]; then
    kill "$watcher" 2>/dev/null
    wait "$watcher" 2>/dev/null
    watcher=
  fi
  place_postgres "$all"
  grep 'round by round' "$out/run-$i-$which.log" >>"$out/index.txt"
  echo "run $i $which end $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/index.txt"
}

for i in $(seq 1 "$pairs"); do
  run_one "$i" plain
  run_one "$i" apart
done
