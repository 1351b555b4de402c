#!/usr/bin/env bash
# Single-answer benchmark (docs/benchmarks.md): N seeded random queries
# `solve --L L --P P` through the CLI, L uniform in 3..256, P log-uniform in 2..10^9, each
# with a hard --time-limit (default 1 s). Prints the seed, the load, the median and maximum
# wall time per query (process start to exit, as a user sees it) and how many answers are
# optimal (delay = lower bound L + B(P-1)), above the bound, or none.
# Usage: bash tests/bench/solve_random.sh [build/cli/blockcast] [N=1000] [seed=1] [time limit=1]
# Queries slower than the limit are listed at the end (the limit is a hard deadline: none
# should exceed it by more than 10%). Not part of the test suite.
set -euo pipefail
bin=${1:-build/cli/blockcast}
n=${2:-1000}
seed=${3:-1}
limit=${4:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "seed $seed, $n queries, --time-limit $limit; machine: $(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$n" "$seed" > "$tmp/queries" <<'EOF'
import math, random, sys
n, seed = int(sys.argv[1]), int(sys.argv[2])
r = random.Random(seed)
for _ in range(n):
    L = r.randint(3, 256)
    P = max(2, min(10**9, int(round(math.exp(r.uniform(math.log(2), math.log(1e9)))))))
    print(L, P)
EOF
while read -r L P; do
  start=$(date +%s%N)
  set +e
  "$bin" solve --L "$L" --P "$P" --time-limit "$limit" > "$tmp/out" 2> "$tmp/err"
  rc=$?
  set -e
  end=$(date +%s%N)
  delay=$(sed -n 's/^Best delay \([0-9]*\).*/\1/p' "$tmp/out" | head -1)
  bound=$(sed -n 's/.*lower bound L+t = \([0-9]*\).*/\1/p' "$tmp/out" | head -1)
  echo "$L $P $rc $(( (end - start) / 1000000 )) ${delay:-none} ${bound:-?}" >> "$tmp/results"
done < "$tmp/queries"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$tmp/results" "$limit" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
limit_ms = float(sys.argv[2]) * 1000
ms = [int(r[3]) for r in rows]
opt = sum(1 for r in rows if r[4] != "none" and r[4] == r[5])
above = sum(1 for r in rows if r[4] != "none" and r[4] != r[5])
none = sum(1 for r in rows if r[4] == "none")
codes = {}
for r in rows: codes[r[2]] = codes.get(r[2], 0) + 1
print(f"wall per query: median {statistics.median(ms):.0f} ms, max {max(ms)} ms, "
      f"over {limit_ms:.0f} ms: {sum(1 for m in ms if m > limit_ms)}, over +10%: {sum(1 for m in ms if m > 1.1 * limit_ms)}")
print(f"answers: {opt} optimal, {above} above the bound, {none} none; exit codes {dict(sorted(codes.items()))}")
slow = sorted(rows, key=lambda r: -int(r[3]))[:10]
print("slowest (L P exit ms delay bound):")
for r in slow: print("  " + " ".join(r))
EOF
