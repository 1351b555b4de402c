#!/bin/sh
# blockcast_bcast on 1..9 ranks (docs/mpi-component.md): tests/mpi/bcast_check.c verifies every
# byte for every root, count, datatype and communicator; here, with BLOCKCAST_BCAST_VERBOSE=1,
# the number of plans the roots computed must equal the program's count of (communicator,
# message size) pairs: every other call was a cache hit.
# Usage: bcast.sh MPIRUN BCAST_CHECK WORKDIR [NP...]
set -eu
mpirun=$1 check=$2 w=$3
shift 3
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export BLOCKCAST_BCAST_VERBOSE=1
# About 60 plans per run: 0.2 s each at most keeps the test near 40 s on 2 cores (the default
# time limit is tested by pmpi.sh). The network is calibrated (BLOCKCAST_NETWORK unset).
export BLOCKCAST_BCAST_PLAN_TIME_LIMIT=${BLOCKCAST_BCAST_PLAN_TIME_LIMIT:-0.2}
unset BLOCKCAST_NETWORK
rm -rf "$w" && mkdir -p "$w"
nps=${*:-1 2 3 4 5 6 7 8 9}
for np in $nps; do
  if ! "$mpirun" --oversubscribe -np "$np" "$check" > "$w/out$np" 2> "$w/err$np"; then
    echo "-np $np failed:"; cat "$w/out$np" "$w/err$np"; exit 1
  fi
  expected=$(sed -n 's/^plans expected: //p' "$w/out$np")
  plans=$(grep -c '^blockcast_bcast: plan ' "$w/err$np" || true)
  if [ "$plans" != "$expected" ]; then
    echo "-np $np: $plans plans computed, expected $expected (one per communicator and message size):"
    cat "$w/err$np"; exit 1
  fi
  echo "-np $np: $(grep '^verified' "$w/out$np"), $plans plans"
done
