#!/bin/sh
# Distributed conjecture runs: `mpirun -np 1, 2, 3 blockcast conjecture` write the
# same files and print the same lines as a run without MPI, and a run killed part-way is
# finished by `--resume DIR` without recomputing its recorded units. Compared: every JSON
# file except the resume records (units/), and stdout, with timings removed (lines with
# "seconds" in JSON, stdout lines ending in " s"); report.md/.html differ only in timings.
# Usage: conjecture_ranks.sh MPIRUN BLOCKCAST WORKDIR
set -eu
mpirun=$1 bc=$2 w=$3
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
run="conjecture --L 3..8 --threads 1"
rm -rf "$w" && mkdir -p "$w/np0" "$w/np1" "$w/np2" "$w/np3" "$w/kill"
normal() {  # what must not depend on the number of ranks: the files of the run without MPI
  (cd "$w/np0" && find out -name '*.json' ! -path 'out/units/*' | sort) | while read -r f; do
    echo "== $f"; grep -v '"seconds"' "$1/$f"; done
  grep -v ' s$' "$1/stdout"
}
(cd "$w/np0" && "$bc" $run --out out > stdout)
normal "$w/np0" > "$w/expected"
for n in 1 2 3; do
  (cd "$w/np$n" && "$mpirun" --oversubscribe -np $n "$bc" $run --out out > stdout)
  normal "$w/np$n" | diff "$w/expected" - > "$w/diff$n" || { echo "-np $n differs:"; cat "$w/diff$n"; exit 1; }
done
# Kill a longer run once L=8 is recorded, then finish L=3..8 from its records.
cd "$w/kill"
"$mpirun" --oversubscribe -np 2 "$bc" conjecture --L 3..16 --threads 1 --out out > /dev/null 2>&1 &
pid=$!
i=0
while [ ! -f out/units/L8.json ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
kill $pid 2>/dev/null || true
wait $pid 2>/dev/null || true
[ -f out/units/L8.json ] || { echo "L=8 was never recorded"; exit 1; }
[ ! -f out/summary.json ] || { echo "the run finished before it was killed"; exit 1; }
"$bc" $run --resume out > stdout 2> stderr
grep -q "resume: 6 of 6 units already done" stderr || { echo "resume did not reuse the records:"; cat stderr; exit 1; }
normal "$w/kill" | diff "$w/expected" - || { echo "resumed run differs"; exit 1; }
# Records made with other options are refused (exit 2), not mixed in.
if "$bc" $run --t-max 30 --resume out > /dev/null 2> stderr; then echo "resume with other options accepted"; exit 1; fi
grep -q "was made with other options" stderr || { cat stderr; exit 1; }
echo "ranks 1, 2, 3 and a killed + resumed run agree"
