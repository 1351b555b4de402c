#!/usr/bin/env bash
# Bench of the L = 1 circulant schedule at scale (docs/benchmarks.md "Circulant
# L = 1 at scale"): `kbroadcast --L 1` wall time and peak memory at P = 10^6, the streaming
# replay's message events per second (one core), one rank's program at P = 10^6.
# Usage: bash tests/bench/circulant_stream.sh BUILD_DIR   (e.g. build)
# Needs the targets blockcast and circulant_stream (cmake --build BUILD_DIR).
set -euo pipefail
build=${1:?usage: circulant_stream.sh BUILD_DIR}
bin=$build/cli/blockcast
bench=$build/tests/circulant_stream
echo "machine: $(nproc) cores,$(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2); load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for Pk in "1000000 10000" "1000000 100" "100000 1000"; do
  set -- $Pk
  /usr/bin/time -f "kbroadcast --L 1 --P $1 --k $2: %e s wall, %U s user, %M KB peak" "$bin" kbroadcast --L 1 --P "$1" --k "$2" \
    | grep -E "circulant:" | sed 's/;.*steps;/; .../'
done
"$bench" bench 1000000 100
"$bench" bench 10000 10000
"$bench" bench 1000 100000
"$bench" rank 1000000 10000 0 1 500000 999999
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
