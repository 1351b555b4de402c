#!/usr/bin/env bash
# Regenerate tests/data/regression_shapes.tsv: every ties and pruned tree with 2 <= L <= 6 and
# P - 1 <= f_{3L}, decided by `solve --shape` (complete trimmed search, single thread).
# Review the diff before committing: it is the oracle (L <= 4 is also cross-checked against
# profile enumeration in tests/test_trim_search.cpp).
set -euo pipefail
bin=${1:-build/cli/blockcast}
echo -e "L\tP\tshape\tT\tremoved\tverdict"
for L in $(seq 2 6); do
  fmax=$("$bin" instance --L "$L" --t $((3 * L)) --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["P"] - 1)')
  for P in $(seq 2 $((fmax + 1))); do
    for shape in ties pruned; do
      "$bin" solve --L "$L" --P "$P" --shape "$shape" --threads 1 --json |
        python3 -c 'import json,sys; j=json.load(sys.stdin); a=j["attempts"][0]; print("\t".join(map(str, [j["L"], j["P"], a["shape"], a["T"], a["removed"], a["verdict"]])))'
    done
  done
done
