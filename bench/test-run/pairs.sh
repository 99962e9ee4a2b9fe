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
here=$(cd "$(dirname "$0")" && pwd)
run_one() {
  local i=$1 which=$2
  cd "$3/$sub" || exit 1
  BUSY_LOG="$out/run-$i-$which.log" "$here/busy.sh" "run $i $which $(git rev-parse --short HEAD)" "${cmd[@]}"
}
. "$here/alternation.sh"
alternate "$base" "$other"
