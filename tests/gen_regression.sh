#!/usr/bin/env bash
# Regenerate tests/data/regression.tsv: every optimal-shape instance with L <= 8, t <= 3L,
# decided by the complete search. Review the diff before committing: it is the oracle.
set -euo pipefail
bin=${1:-build/cli/blockcast}
echo -e "L\tt\tshape\tverdict"
for L in $(seq 1 8); do
  for t in $(seq 0 $((3 * L))); do
    v=$("$bin" solve --L "$L" --t "$t" --threads 1 | head -1)
    echo -e "$L\t$t\toptimal\t$v"
  done
done
