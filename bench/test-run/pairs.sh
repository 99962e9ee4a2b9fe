#!/usr/bin/env bash
# One command of the test suite in two trees, alternated base, other, other, base, base, other (three
# pairs), each with the machine's busy time from /proc/stat over the run (so PostgreSQL's server and the
# browsers, which are no children of the command, count too) and the 1-minute load before and after.
# Usage: bench/test-run/pairs.sh BASE_TREE OTHER_TREE SUBDIR COMMAND...   (COMMAND runs in TREE/SUBDIR)
# e.g.   bench/test-run/pairs.sh /work/wt-base /work/main apps/server npx vitest run test/schemaFuzz.test.ts
# One line per run on stdout; each run's output in ${PAIRS_OUT:-/tmp/test-pairs}/run-N-which.log.
set -u
base=$(cd "$1" && pwd)
other=$(cd "$2" && pwd)
sub=$3
shift 3
cmd=("$@")
out=${PAIRS_OUT:-/tmp/test-pairs}
mkdir -p "$out"
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9}' /proc/stat; }
run_one() {
  local i=$1 which=$2
  cd "$3/$sub" || exit 1
  load0=$(cut -d' ' -f1 /proc/loadavg)
  b0=$(busy)
  t0=$(date +%s.%N)
  "${cmd[@]}" >"$out/run-$i-$which.log" 2>&1
  rc=$?
  b1=$(busy)
  t1=$(date +%s.%N)
  ticks=$(getconf CLK_TCK)
  echo "run $i $which $(git rev-parse --short HEAD) end $(date -u +%H:%M:%S) exit $rc" \
    "wall $(echo "$t1 - $t0" | bc | cut -c1-6) s busy $(echo "($b1 - $b0) / $ticks" | bc -l | cut -c1-6) core-s" \
    "load $load0 -> $(cut -d' ' -f1 /proc/loadavg)"
}
. "$(dirname "$0")/alternation.sh"
alternate "$base" "$other"
