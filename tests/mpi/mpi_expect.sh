#!/bin/sh
# MPI test (issue 13): run `mpirun --oversubscribe -np N COMMAND...` as root-safe CI does,
# require the exit code and that the output (stdout and stderr) contains a pattern.
# Usage: mpi_expect.sh MPIRUN N EXIT_CODE PATTERN COMMAND [ARGS...]
mpirun=$1 np=$2 want=$3 pattern=$4
shift 4
out=$(OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 \
      "$mpirun" --oversubscribe -np "$np" "$@" 2>&1)
got=$?
if [ "$got" -ne "$want" ]; then
  echo "exit code $got, expected $want; output:"; printf '%s\n' "$out"; exit 1
fi
case $out in
  *"$pattern"*) exit 0 ;;
  *) echo "output does not contain '$pattern':"; printf '%s\n' "$out"; exit 1 ;;
esac
