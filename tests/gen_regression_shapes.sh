#!/usr/bin/env bash
# Regenerate tests/data/regression_shapes.tsv: every ties and pruned tree with 2 <= L <= 6 and
# P - 1 <= f_{3L}, decided by `solve --shape` (complete trimmed search, single thread) and by
# the independent SAT prover `prove --P --shape` (docs/prover.md). Column `methods`: the
# methods that reached the verdict (search+sat when both agree; UNKNOWN ones left out); a
# disagreement aborts. Review the diff before committing: it is the oracle (L <= 4 is also
# cross-checked against profile enumeration in tests/test_trim_search.cpp).
# Usage: tests/gen_regression_shapes.sh [path/to/blockcast] [seconds per prove]
set -euo pipefail
bin=${1:-build/cli/blockcast}
limit=${2:-600}
echo -e "L\tP\tshape\tT\tremoved\tverdict\tmethods"
for L in $(seq 2 6); do
  fmax=$("$bin" instance --L "$L" --t $((3 * L)) --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["P"] - 1)')
  for P in $(seq 2 $((fmax + 1))); do
    for shape in ties pruned; do
      row=$("$bin" solve --L "$L" --P "$P" --shape "$shape" --threads 1 --json |
        python3 -c 'import json,sys; j=json.load(sys.stdin); a=j["attempts"][0]; print("\t".join(map(str, [j["L"], j["P"], a["shape"], a["T"], a["removed"], a["verdict"]])))')
      s=$(printf '%s' "$row" | cut -f6)
      p=$("$bin" prove --L "$L" --P "$P" --shape "$shape" --time-limit "$limit" | head -1 |
        grep -oE ': (SOLVED|IMPOSSIBLE|UNKNOWN), ' | head -1 | tr -d ':, ') || true  # "<sentence>: VERDICT, evidence"
      methods=()
      [ "$s" != UNKNOWN ] && methods+=(search)
      [ "$p" != UNKNOWN ] && methods+=(sat)
      if [ "$s" != UNKNOWN ] && [ "$p" != UNKNOWN ] && [ "$s" != "$p" ]; then
        echo "L=$L P=$P $shape: search says $s, prove says $p" >&2
        exit 1
      fi
      [ "$s" = UNKNOWN ] && row=$(printf '%s' "$row" | cut -f1-5)$'\t'"$p"
      echo -e "$row\t$(IFS=+; echo "${methods[*]:-none}")"
    done
  done
done
