#!/usr/bin/env bash
# ctest decided_list: regenerate the exact impossibility list for L <= LMAX
# with tests/gen_decided.py and compare it with tests/data/decided.tsv. Any difference fails: a
# verdict that changed, a limit (UNKNOWN) where the data has a verdict, a method that changed
# (e.g. a counting refutation that became a search), or an IMPOSSIBLE run the SAT prover no
# longer confirms with a checked proof (column sat).
# Usage: tests/check_decided.sh BLOCKCAST [LMAX=64]
set -euo pipefail
bin=$1
lmax=${2:-64}
here=$(dirname "$0")
want=$(awk -F'\t' -v m="$lmax" 'NR == 1 || $1 <= m' "$here/data/decided.tsv")
got=$(python3 "$here/gen_decided.py" "$bin" --lmax "$lmax")
if [ "$want" != "$got" ]; then
  diff <(printf '%s\n' "$want") <(printf '%s\n' "$got") | head -40
  echo "decided_list: the list for L <= $lmax differs from tests/data/decided.tsv (< data, > now)" >&2
  exit 1
fi
echo "decided_list: $(printf '%s\n' "$got" | tail -n +2 | wc -l) runs of (L, t) for L <= $lmax agree," \
  "$(printf '%s\n' "$got" | awk -F'\t' '$4 == "IMPOSSIBLE"' | wc -l) of them IMPOSSIBLE"
