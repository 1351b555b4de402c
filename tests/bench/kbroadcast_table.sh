#!/bin/sh
# Issue 15 bench: the exact k-item table (docs/kbroadcast.md) for L 1..4, P 2..12, k 1..8 with
# CPU time and peak memory. Usage: tests/bench/kbroadcast_table.sh [path/to/blockcast] [seconds per solve]
# Measured (2-core machine, load 6-8 from other jobs): 2:41 wall, 39 s CPU, 39 MB; 351 of 352
# rows proved at 60 s per solve (the last one, L=4 P=9 k=8, needs about 2 minutes).
B=${1:-build/cli/blockcast}
S=${2:-60}
uptime
/usr/bin/time -v "$B" kbroadcast-table --L 1..4 --P 2..12 --k 1..8 --time-limit "$S" 2> kbroadcast_table.time | tail -n 1
grep -E "Elapsed|User time|Maximum resident" kbroadcast_table.time
uptime
