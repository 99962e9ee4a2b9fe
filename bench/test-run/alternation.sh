# Sourced by pairs.sh and alternate.sh: the order both run their two trees in — base, other, other, base,
# base, other (three pairs, each tree first as often) — so a drift of the machine falls on both alike.
# Calls `run_one I WHICH DIR` (defined by the sourcing script) for each run, DIR being that tree.
alternate() {
  local base=$1 other=$2 i=0 which
  for which in base other other base base other; do
    i=$((i + 1))
    if [ "$which" = other ]; then run_one "$i" "$which" "$other"; else run_one "$i" "$which" "$base"; fi
  done
}
