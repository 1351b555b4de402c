#!/usr/bin/env bash
# Benchmarks (not part of the test suite): conjecture runs per L with wall time and peak memory.
# Usage: bash tests/bench/run.sh [build/cli/blockcast]
set -euo pipefail
bin=${1:-build/cli/blockcast}
echo "machine: $(nproc) cores"
/usr/bin/time -f "L=3..10: %e s wall, %M KB peak" "$bin" conjecture --L 3..10 > /dev/null
for L in 11 12 13 14 15 16; do
  /usr/bin/time -f "L=$L: %e s wall, %M KB peak" "$bin" conjecture --L $L > /dev/null
done
for th in 1 2; do
  /usr/bin/time -f "L=16 threads=$th: %e s wall" "$bin" conjecture --L 16 --threads $th > /dev/null
done
# Best delay per (L, P) over the tree shapes (docs/shapes.md); the last line of the
# table is its summary (cells at the lower bound, above it proved, upper bound only, none).
/usr/bin/time -f "table L=2..8 P=2..500: %e s wall, %U s user, %M KB peak" "$bin" table --L 2..8 --P 2..500 --threads 2 | tail -1
# The whole L 2..16 x P 2..10000, monotonicity and the per-L reach: tests/bench/everyp.sh.
