#!/bin/sh
# Bench: the k-item table at scale (docs/kbroadcast.md Sec. 8.1), target 10 minutes on
# a 2-core machine. Prints the load, the per-L summary lines, wall and CPU time and peak memory.
# Usage: tests/bench/kbroadcast_ranges.sh [path/to/blockcast] [sample]
#   sample: only L 2..8 at P = 500..560, 1500..1560, 3000..3060, 6000..6060, 9000..9060 (about
#   half a minute; for paired comparisons of two builds with farm-bench --vs).
# Timings on the 2-core Xeon drift by up to 1.5x within a day: compare builds in paired runs.
B=${1:-build/cli/blockcast}
uptime
if [ "$2" = sample ]; then
  for P in 500..560 1500..1560 3000..3060 6000..6060 9000..9060; do
    "$B" kbroadcast-table --ranges --L 2..8 --P "$P" --k 1..256 | grep -E "^  L=" || exit 1
  done
  exit 0
fi
/usr/bin/time -v "$B" kbroadcast-table --ranges --L 1..8 --P 2..10000 --k 1..256 2> kbroadcast_ranges.time | grep -E "^  L="
grep -E "Elapsed|User time|Maximum resident|Exit status" kbroadcast_ranges.time
uptime
