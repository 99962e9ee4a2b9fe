#!/usr/bin/env bash
# The side-by-side ingest bench with each server on a core of its own (issue 34 item 6, decision 0185): on a
# 2-core machine the bench's server, PostgreSQL's backends and the load generator otherwise share both cores,
# and a process that shares its core runs the same code slower (another's caches, more switches). Here the
# server under test (SQLite's or PostgreSQL's) runs on core 0 alone; the load generator and every PostgreSQL
# process run on core 1, in both stores' runs ("apart"). Such runs alternate with plain ones (the machine's
# default placement) in the order of bench/test-run/alternation.sh — plain, apart, apart, plain, plain, apart —
# so that a drift of the machine falls on both alike. Usage, as root:
#   bench/ingest-vs-influx/coresApart.sh [OUT_DIR] [ROUNDS]
# Results: OUT_DIR/run-I-{plain,apart}.json and .log, and OUT_DIR/index.txt (each run's ratios and its load).
# PostgreSQL's processes are put back on every core when it ends, also when stopped with Ctrl-C.
set -u
out=${1:-/tmp/ingest-cores-apart}
rounds=${2:-4}
here=$(dirname "$(realpath "$0")")
root=$(cd "$here/../.." && pwd)
mkdir -p "$out"
cores=$(nproc)
[ "$cores" -ge 2 ] || {
  echo "needs two cores at least (has $cores)" >&2
  exit 1
}
all="0-$((cores - 1))"

# Every process of PostgreSQL's server, its postmaster too: the backends it starts later inherit the placement.
place_postgres() { for pid in $(pgrep -x postgres); do taskset -a -p -c "$1" "$pid" >/dev/null 2>&1; done; }
watcher=
stop_watcher() {
  if [ -n "$watcher" ]; then
    kill "$watcher" 2>/dev/null
    wait "$watcher" 2>/dev/null
    watcher=
  fi
}
restore() {
  stop_watcher
  place_postgres "$all"
}
trap restore EXIT
trap 'exit 130' INT TERM

# Called by alternate (alternation.sh) with WHICH base or other: base runs plain, other apart.
run_one() {
  local i=$1 which=plain
  [ "$2" = other ] && which=apart
  local prefix=()
  echo "run $i $which start $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/index.txt"
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
  fi
  (cd "$root" && side_by_side "$rounds" "$out/run-$i-$which.json" "$out/run-$i-$which.log" "${prefix[@]}")
  restore
  grep 'round by round' "$out/run-$i-$which.log" >>"$out/index.txt"
  echo "run $i $which end $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/index.txt"
}

. "$here/sideBySide.sh"
. "$here/../test-run/alternation.sh"
alternate "$root" "$root"
