#!/usr/bin/env bash
# Decide every (L, t) with L = 3..LMAX and t = 0..3L with `blockcast solve`, a time
# limit per instance; prints per instance the verdict, wall and engine seconds, then the counts.
# Usage: bash tests/bench/decide_sweep.sh [blockcast] [LMAX=20] [LIMIT=10] [THREADS=1]
set -uo pipefail
bin=${1:-build/cli/blockcast}
lmax=${2:-20}
limit=${3:-10}
threads=${4:-1}
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); L=3..$lmax, t=0..3L, limit $limit s, $threads thread(s)"
rows=$(mktemp)
for L in $(seq 3 "$lmax"); do
  for t in $(seq 0 $((3 * L))); do
    start=$(date +%s.%N)
    out=$("$bin" solve --L "$L" --t "$t" --threads "$threads" --time-limit "$limit" --stats --json 2>/dev/null)
    end=$(date +%s.%N)
    python3 -c 'import json,sys; j=json.loads(sys.argv[1]); print(sys.argv[2], sys.argv[3], j["verdict"], "%.3f" % (float(sys.argv[5])-float(sys.argv[4])), "%.4f" % j["stats"]["seconds"])' "$out" "$L" "$t" "$start" "$end" 2>/dev/null ||
      echo "$L $t ERROR"
  done
done > "$rows"
echo "L t verdict wall_s engine_s"
cat "$rows"
awk '{n[$3]++; if ($4 > m) {m = $4; w = "L=" $1 " t=" $2}} END {for (v in n) printf "%s %d\n", v, n[v]; printf "instances %d, slowest %s s (%s)\n", NR, m, w}' "$rows"
echo "IMPOSSIBLE:" $(awk '$3 == "IMPOSSIBLE" {printf "(%s,%s) ", $1, $2}' "$rows")
rm -f "$rows"
