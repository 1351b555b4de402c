#!/bin/sh
# Distributed every-P table: `mpirun -np 1, 2, 3 blockcast table` prints the same
# ranges (--json) and cells (--cells --json) as a run without MPI, timings removed (the
# "seconds" line of the JSON summary); --resume DIR records each L and a rerun reuses them.
# Usage: table_ranks.sh MPIRUN BLOCKCAST WORKDIR
set -eu
mpirun=$1 bc=$2 w=$3
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
run="table --L 2..4 --P 2..40 --threads 1"
rm -rf "$w" && mkdir -p "$w"
cd "$w"
"$bc" $run --json | grep -v '"seconds"\|"command"' > ranges0
"$bc" $run --cells --json > cells0
for n in 1 2 3; do
  "$mpirun" --oversubscribe --bind-to none -np $n "$bc" $run --json | grep -v '"seconds"\|"command"' | diff ranges0 - \
    || { echo "-np $n: ranges differ"; exit 1; }
  "$mpirun" --oversubscribe --bind-to none -np $n "$bc" $run --cells --json | diff cells0 - \
    || { echo "-np $n: cells differ"; exit 1; }
done
"$mpirun" --oversubscribe --bind-to none -np 2 "$bc" $run --json --resume rec > /dev/null 2>&1
[ -f rec/units/L4.json ] || { echo "no record for L=4"; exit 1; }
"$bc" $run --json --resume rec 2> stderr | grep -v '"seconds"\|"command"' | diff ranges0 - || { echo "resumed table differs"; exit 1; }
grep -q "resume: 3 of 3 units already done" stderr || { cat stderr; exit 1; }
echo "ranks 1, 2, 3 and a resumed run print the same table"
