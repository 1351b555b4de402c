#!/usr/bin/env bash
# Compares the parts of the fat-tree SAT encoding (docs/fattree.md "Encoding
# speed"): variables, clauses, learned clauses and solve seconds of `fattree search --steps S
# --encoding E` on the n = 8 and n = 16 EBFT total exchange instances around their optima.
# 'redundant' is the encoding before the shared, implied and symmetry parts, 'all' the default. Not part of ctest.
# Usage: bash tests/bench/fattree_encodings.sh [build/cli/blockcast] [seconds per solve]
set -uo pipefail
bin=${1:-build/cli/blockcast}
limit=${2:-120}
echo "machine: $(nproc) cores, $(uptime)"
printf '%-34s %-26s %-10s %9s %9s %9s %8s %8s\n' instance encoding verdict variables clauses learned solve_s proof_s
one() {  # encoding, then the search options
  local enc=$1; shift
  "$bin" fattree search --json --solver sat --time-limit "$limit" --encoding "$enc" "$@" 2>/dev/null |
    python3 -c '
import json, sys
enc, label = sys.argv[1], sys.argv[2]
r = json.load(sys.stdin)["runs"][0]
print("%-34s %-26s %-10s %9d %9d %9d %8.2f %8.2f" % (label, enc, r["verdict"], r["variables"], r["clauses"],
      r["learned_clauses"], r["solve_seconds"], r["proof_seconds"]))' "$enc" "$*"
}
instances=(
  "--op total-exchange --n 8 --capacities ebft --model queue-free --steps 10"
  "--op total-exchange --n 8 --capacities ebft --model queue-free --steps 11"
  "--op total-exchange --n 8 --capacities ebft --model queues --steps 10"
  "--op total-exchange --n 8 --capacities ebft --model queues --steps 11"
  "--op total-exchange --n 16 --capacities ebft --model queue-free --steps 18"
  "--op total-exchange --n 16 --capacities ebft --model queue-free --steps 21"
)
for inst in "${instances[@]}"; do
  for enc in redundant none shared shared,implied shared,implied,redundant all; do
    # shared and implied only change the queue-free encoding
    [[ $inst == *queues* && $enc == shared* ]] && continue
    one "$enc" $inst
  done
done
