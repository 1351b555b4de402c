#!/usr/bin/env bash
# Every-P benchmark (docs/shapes.md "Benchmark"; not part of the test suite).
#  1. table --L 2..8 --P 2..500 (target: 15 s wall on 2 cores);
#  2. the whole table --L 2..16 --P 2..10000 (target: 10 minutes wall on 2 cores), with
#     CPU time, peak memory, load average, the summary line, and a monotonicity check of the
#     JSON ranges (per L, delay never decreases when P grows);
#  3. per L alone, how far in P it gets: P 2..PMAX for PMAX = 10^4, 10^5, 10^6 while one run
#     stays within the budget (default 600 s; the next size is not started after a miss).
# Usage: bash tests/bench/everyp.sh [build/cli/blockcast] [budget seconds] [largest PMAX]
set -euo pipefail
bin=${1:-build/cli/blockcast}
budget=${2:-600}
pmax_top=${3:-1000000}
threads=2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "machine: $(nproc) cores; $(uptime)"

measure() {  # label, command...: wall, CPU (user + sys), peak RSS from /usr/bin/time -v
  local label=$1; shift
  /usr/bin/time -v -o "$tmp/time" "$@" > "$tmp/out" 2> "$tmp/err" || echo "$label: exit code $?"
  local wall cpu_u cpu_s rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/{print $2}' "$tmp/time")
  cpu_u=$(awk -F': ' '/User time/{print $2}' "$tmp/time")
  cpu_s=$(awk -F': ' '/System time/{print $2}' "$tmp/time")
  rss=$(awk -F': ' '/Maximum resident/{print $2}' "$tmp/time")
  echo "$label: wall $wall, CPU ${cpu_u} s user + ${cpu_s} s sys, peak ${rss} KB; load $(cut -d' ' -f1-3 /proc/loadavg)"
}

monotone() {  # JSON ranges in $tmp/out: per L, delays in P order never decrease
  jq -r '[.ranges[] | {L, P_from, delay}] | group_by(.L)[] | . as $r
         | [range(1; length) | select($r[.].delay < $r[. - 1].delay) | "L=\($r[.].L) P=\($r[.].P_from)"]
         | if length == 0 then empty else .[] end' "$tmp/out" > "$tmp/breaks"
  if [ -s "$tmp/breaks" ]; then echo "  NOT monotone: $(paste -sd' ' "$tmp/breaks")"; else echo "  monotone in P for every L"; fi
  jq -r '.summary | "  \(.cells) cells: \(.at_lower_bound) at the lower bound, \(.proved_above_lower_bound) above it proved, \(.upper_bound_only) upper bound only, \(.none) none"' "$tmp/out"
}

measure "table --L 2..8 --P 2..500" "$bin" table --L 2..8 --P 2..500 --threads $threads --json
monotone
measure "table --L 2..16 --P 2..10000" "$bin" table --L 2..16 --P 2..10000 --threads $threads --json
monotone

echo "per L alone, budget ${budget} s per run:"
for L in $(seq 2 16); do
  reached=none
  for pmax in 10000 100000 1000000; do
    [ "$pmax" -le "$pmax_top" ] || break
    start=$(date +%s.%N)
    if timeout "$budget" "$bin" table --L "$L" --P 2..$pmax --threads $threads --json > "$tmp/out" 2> /dev/null; then
      secs=$(echo "$(date +%s.%N) - $start" | bc)
      reached="P=$pmax in ${secs%.*} s"
      echo "  L=$L P 2..$pmax: ${secs%.*} s wall, $(monotone | paste -sd';' | sed 's/  */ /g')"
    else
      echo "  L=$L P 2..$pmax: not within ${budget} s (or failed)"
      break
    fi
  done
  echo "L=$L reaches $reached"
done
