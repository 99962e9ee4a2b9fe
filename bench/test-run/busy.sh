#!/usr/bin/env bash
# Runs a command once and prints its wall-clock time and the machine's busy core-seconds over it, from
# /proc/stat (so that browsers and servers count whatever their parent), with the 1-minute load before
# and after. Usage: bench/test-run/busy.sh LABEL COMMAND...   (the command's output: ${BUSY_LOG:-/tmp/busy-last.log})
set -u
label=$1
shift
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9}' /proc/stat; }
load0=$(cut -d' ' -f1 /proc/loadavg)
b0=$(busy)
t0=$(date +%s.%N)
"$@" >"${BUSY_LOG:-/tmp/busy-last.log}" 2>&1
rc=$?
b1=$(busy)
t1=$(date +%s.%N)
echo "$label end $(date -u +%H:%M:%S) exit $rc wall $(echo "$t1 - $t0" | bc | cut -c1-6) s busy $(echo "($b1 - $b0) / $(getconf CLK_TCK)" | bc -l | cut -c1-6) core-s load $load0 -> $(cut -d' ' -f1 /proc/loadavg)"
