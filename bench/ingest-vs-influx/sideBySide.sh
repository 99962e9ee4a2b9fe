# Sourced by alternate.sh and coresApart.sh: one run of the side-by-side command as docs/PERFORMANCE.md gives
# it (SQLite and PostgreSQL, InfluxDB left out), from the current directory, with whatever command is given
# after the three arguments put before it (taskset, say). Usage: side_by_side ROUNDS RESULTS_FILE LOG_FILE [PREFIX…]
side_by_side() {
  local rounds=$1 results=$2 log=$3
  shift 3
  "$@" npx tsx bench/ingest-vs-influx/run.ts --seconds 10 --warmup 3 --rounds "$rounds" --settle-seconds 5 \
    --storage-points 0 --no-install --influxd /nonexistent --stores sqlite,postgres --results "$results" \
    >"$log" 2>&1
}
