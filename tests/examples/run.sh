#!/usr/bin/env bash
# The examples/ projects built against the INSTALLED library: install this build
# tree into a fresh prefix, configure each example with find_package(blockcast) from there
# (never the build tree), build and run it.
#   tests/examples/run.sh BUILD_DIR SOURCE_DIR WORK_DIR consumer|mpi
set -euo pipefail
build=$1 src=$2 work=$3 which=$4
rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
gen=(); command -v ninja >/dev/null && gen=(-G Ninja)
case $which in
  consumer)
    cmake -S "$src/examples/consumer" -B "$work/consumer" "${gen[@]}" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
    cmake --build "$work/consumer" >/dev/null
    "$work/consumer/best_schedule" 5 1000 17 8 ;;
  mpi)
    cmake -S "$src/examples/mpi_bcast" -B "$work/mpi" "${gen[@]}" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
    cmake --build "$work/mpi" >/dev/null
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 \
      mpirun --oversubscribe -np 5 "$work/mpi/mpi_bcast" 2 8 1000 100000 ;;
esac
