#!/usr/bin/env bash
# Where each bench server's own CPU goes: perf-records the servers of one run of the side-by-side bench,
# one after the other (SQLite's, then PostgreSQL's), 10 s each after a 6 s warm-up. Start it, then the bench
# with the servers' JIT symbols written out:
#   bench/ingest-vs-influx/perfServers.sh /tmp/perf-servers &
#   BENCH_NODE_ARGS=--perf-basic-prof npx tsx bench/ingest-vs-influx/run.ts --seconds 20 --warmup 3 --rounds 1 \
#     --settle-seconds 5 --storage-points 0 --no-install --influxd /nonexistent --stores sqlite,postgres
# with --results <file>, then put per 1,000 readings: npx tsx bench/ingest-vs-influx/perfSummary.ts /tmp/perf-servers <file>
# (or read each: perf report -i /tmp/perf-servers-1.data --no-children --sort dso -g none).
set -u
out=${1:-/tmp/perf-servers}
servers=${2:-2}
for i in $(seq 1 "$servers"); do
  while true; do
    pid=$(pgrep -f 'apps/server/dist/main.js' | head -1)
    [ -n "$pid" ] && break
    sleep 0.2
  done
  sleep 6
  perf record -F 999 -g -p "$pid" -o "$out-$i.data" -- sleep 10 >/dev/null 2>&1
  echo "$i $pid" >>"$out.pids"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
done
