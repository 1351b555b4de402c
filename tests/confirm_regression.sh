#!/usr/bin/env bash
# Confirm the regression oracles with the independent SAT prover (docs/prover.md): every row of
# tests/data/regression.tsv (optimal trees) and tests/data/regression_shapes.tsv (ties and
# pruned trees) is re-decided by `blockcast prove`. An IMPOSSIBLE row must come back
# IMPOSSIBLE with exit code 4 (DRAT proof checked by CaDiCaL's internal checker and by the
# independent checker), a SOLVED row SOLVED with exit code 0 (checked witness).
# Prints one line per row (CNF size, solve time, proof size and lemmas, independent check
# time) and exits 1 on any disagreement.
# Usage: tests/confirm_regression.sh [path/to/blockcast] [--impossible-only] [seconds per row]
set -uo pipefail
bin=${1:-build/cli/blockcast}
only=${2:-all}
limit=${3:-600}
data=$(dirname "$0")/data
fail=0 rows=0

# confirm ROW_NAME EXPECTED_VERDICT PROVE_ARGS...
confirm() {
  local name=$1 verdict=$2
  shift 2
  [ "$only" = --impossible-only ] && [ "$verdict" != IMPOSSIBLE ] && return
  local out rc
  out=$("$bin" prove "$@" --time-limit "$limit")
  rc=$?
  printf '%s\n' "$out" | awk -v name="$name" -v want="$verdict" '
    NR == 1 && match($0, /: (SOLVED|IMPOSSIBLE|UNKNOWN), /) { got = substr($0, RSTART + 2, RLENGTH - 4) }
    /^cnf:/ { vars = $2; clauses = $4 }
    /^solver:/ { secs = $4 }
    /^proof:/ { bytes = $2; lemmas = $4; for (i = 1; i < NF; ++i) if ($i == "check") check = $(i + 1) }
    END { printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", name, want, got, vars, clauses, secs,
          bytes == "" ? "-" : bytes, lemmas == "" ? "-" : lemmas, check == "" ? "-" : check }'
  local got want_rc=0
  got=$(printf '%s\n' "$out" | head -1 | grep -oE ': (SOLVED|IMPOSSIBLE|UNKNOWN), ' | head -1 | tr -d ':, ')  # "<sentence>: VERDICT, evidence"
  [ "$verdict" = IMPOSSIBLE ] && want_rc=4
  if [ "$got" != "$verdict" ] || [ "$rc" -ne "$want_rc" ]; then
    echo "MISMATCH $name: regression says $verdict, prove says $got (exit $rc)" >&2
    fail=1
  fi
  rows=$((rows + 1))
}

printf "row\tverdict\tprove\tvars\tclauses\tsolve_s\tproof_bytes\tlemmas\tcheck_s\n"
while IFS=$'\t' read -r L t shape verdict methods; do
  [ "$L" = L ] && continue
  confirm "L=$L t=$t" "$verdict" --L "$L" --t "$t"
done < "$data/regression.tsv"
while IFS=$'\t' read -r L P shape T removed verdict methods; do
  [ "$L" = L ] && continue
  confirm "L=$L P=$P $shape" "$verdict" --L "$L" --P "$P" --shape "$shape"
done < "$data/regression_shapes.tsv"
[ "$fail" -eq 0 ] && echo "confirmed $rows rows" >&2
exit "$fail"
