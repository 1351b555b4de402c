#!/bin/sh
# libblockcast_pmpi (docs/mpi-component.md): an unmodified program's MPI_Bcast
# (tests/mpi/pmpi_check.c) runs blockcast_bcast when the library is preloaded. Proof: with
# BLOCKCAST_BCAST_VERBOSE=1 the component prints its 3 plans (messages of 4, 4000 and
# 1.2 MB), without the preload none; every element is verified in every run. The plan runs
# with its default time limit here (tests/mpi/bcast.sh shortens it).
# Usage: pmpi.sh MPIRUN PMPI_CHECK LIBBLOCKCAST_PMPI WORKDIR
set -eu
mpirun=$1 check=$2 lib=$3 w=$4
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export BLOCKCAST_BCAST_VERBOSE=1
rm -rf "$w" && mkdir -p "$w"
run() {  # NAME NP [mpirun options]
  name=$1 np=$2
  shift 2
  if ! "$mpirun" --oversubscribe -np "$np" "$@" "$check" > "$w/$name.out" 2> "$w/$name.err"; then
    echo "$name failed:"; cat "$w/$name.out" "$w/$name.err"; exit 1
  fi
  grep -q '^verified' "$w/$name.out" || { echo "$name: not verified"; cat "$w/$name.out"; exit 1; }
  grep -c '^blockcast_bcast: plan ' "$w/$name.err" || true
}
plain=$(run plain 5)
[ "$plain" = 0 ] || { echo "without LD_PRELOAD the component ran ($plain plans)"; exit 1; }
# -np 5: a malformed BLOCKCAST_NETWORK and BLOCKCAST_BCAST_WINDOW are refused in one line
# each (then calibrated, default window); -np 7: the network given, one send in flight.
for np in 5 7; do
  if [ $np = 5 ]; then net="latency=abc" window=x; else net="latency=2e-6,gap_per_byte=2e-10" window=1; fi
  plans=$(BLOCKCAST_NETWORK=$net BLOCKCAST_BCAST_WINDOW=$window run preload$np $np -x LD_PRELOAD="$lib")
  [ "$plans" = 3 ] || { echo "-np $np with LD_PRELOAD: $plans plans, expected 3"; cat "$w/preload$np.err"; exit 1; }
  echo "-np $np with LD_PRELOAD=$(basename "$lib"): $(cat "$w/preload$np.out"), 3 plans by blockcast_bcast"
done
for line in "BLOCKCAST_NETWORK: 'latency=abc' is not key=number" "BLOCKCAST_BCAST_WINDOW: 'x' is not an integer"; do
  refused=$(grep -c "^blockcast_bcast: $line" "$w/preload5.err" || true)
  [ "$refused" = 1 ] || { echo "expected one line '$line', got $refused"; cat "$w/preload5.err"; exit 1; }
done
echo "malformed BLOCKCAST_NETWORK and BLOCKCAST_BCAST_WINDOW: one line each"
