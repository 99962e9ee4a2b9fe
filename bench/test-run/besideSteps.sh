#!/usr/bin/env bash
# The PostgreSQL and three-instances steps of `npm test` in one tree, one after the other (--one-at-a-time:
# "base") and with the three-instances step beside the PostgreSQL step ("other", decision 0164), alternated
# base, other, other, base, base, other, each with the machine's busy core-seconds (busy.sh). The build must
# be current (the steps run with --skip-build). Usage, from anywhere in the tree:
#   bench/test-run/besideSteps.sh [OUT_DIR]    one line per run on stdout; each run's output in OUT_DIR
set -u
out=${1:-/tmp/beside-steps}
mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
run_one() {
  local i=$1 which=$2 extra=()
  [ "$which" = base ] && extra=(--one-at-a-time)
  cd "$3" || exit 1
  BUSY_LOG="$out/run-$i-$which.log" "$here/busy.sh" "run $i $which start $(date -u +%H:%M:%S)" \
    env REQUIRE_POSTGRES=1 node scripts/test.mjs --skip-build --only=postgres,cluster "${extra[@]}"
}
. "$here/alternation.sh"
alternate "$root" "$root"
