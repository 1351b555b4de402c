#!/usr/bin/env bash
# Regenerate tests/data/regression.tsv: every optimal-shape instance with L <= 12, t <= 3L,
# decided by two independent methods, the complete search (`blockcast solve`) and the SAT
# prover (`blockcast prove`, docs/prover.md). Column `methods` lists the methods that reached
# the row's verdict: search+sat when both agree; a method that hit its limit (UNKNOWN) is
# left out; a disagreement aborts the script. Review the diff before committing: it is the
# oracle of tests/test_search.cpp and tests/test_prove.cpp.
# Usage: tests/gen_regression.sh [path/to/blockcast] [seconds per method] > tests/data/regression.tsv
set -euo pipefail
bin=${1:-build/cli/blockcast}
limit=${2:-600}
echo -e "L\tt\tshape\tverdict\tmethods"
for L in $(seq 1 12); do
  for t in $(seq 0 $((3 * L))); do
    # The first line is "<sentence>: VERDICT, evidence".
    s=$("$bin" solve --L "$L" --t "$t" --threads 1 --time-limit "$limit" | head -1 | grep -oE ': (SOLVED|IMPOSSIBLE|UNKNOWN), ' | head -1 | tr -d ':, ') || true
    p=$("$bin" prove --L "$L" --t "$t" --time-limit "$limit" | head -1 | grep -oE ': (SOLVED|IMPOSSIBLE|UNKNOWN), ' | head -1 | tr -d ':, ') || true
    methods=()
    [ "$s" != UNKNOWN ] && methods+=(search)
    [ "$p" != UNKNOWN ] && methods+=(sat)
    if [ "$s" != UNKNOWN ] && [ "$p" != UNKNOWN ] && [ "$s" != "$p" ]; then
      echo "L=$L t=$t: search says $s, prove says $p" >&2
      exit 1
    fi
    v=$s
    [ "$v" = UNKNOWN ] && v=$p
    m=$(IFS=+; echo "${methods[*]:-none}")
    echo -e "$L\t$t\toptimal\t$v\t$m"
  done
done
