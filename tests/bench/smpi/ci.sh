#!/usr/bin/env bash
# CI check of the SMPI broadcast comparison (docs/mpi-smpi.md; ctest label smpi): blockcast's
# component against SMPI's MPI_Bcast algorithms on the flat cluster, P = 16 and 64, three
# sizes. Fails when blockcast delivers a wrong byte (never on a ratio); prints the ratios.
# The algorithm list leaves out the ones whose simulation takes minutes of wall time
# (NTSB, NTSL*, SMP_binary, flattree_pipeline, arrival_pattern_aware*) and the two that deliver
# wrong bytes in SimGrid 3.32 (ompi_split_bintree, SMP_linear); run.sh runs them all.
# usage: ci.sh DRIVER.so [OUT_DIR]   (SMPI_BENCH_JOBS: simulations at once, default 2)
set -eu -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 1 ] || { echo "usage: ci.sh DRIVER.so [OUT_DIR]" >&2; exit 2; }
out=${2:-$(mktemp -d)}
algorithms="binomial_tree scatter_LR_allgather scatter_rdb_allgather flattree ompi ompi_pipeline mpich mvapich2 impi SMP_binomial"
bash "$here/run.sh" "$1" --out "$out" --platforms flat --P "16 64" --sizes "16384 1048576 8388608" \
  --algorithms "$algorithms" --no-calibrated --timeout 300 --jobs "${SMPI_BENCH_JOBS:-2}"
python3 "$here/summary.py" "$out" > /dev/null
cat "$out/summary.md"
# blockcast must have completed every run (a crash or a timeout fails the check too).
if grep -E '^[^,]*,[^,]*,blockcast[a-z-]*,' "$out/jobs.csv" | grep -vq ',ok,'; then
  echo "ci.sh: a blockcast run did not complete (jobs.csv)" >&2
  exit 1
fi
