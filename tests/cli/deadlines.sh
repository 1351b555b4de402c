#!/usr/bin/env bash
# Hard deadlines: every command that takes --time-limit stops the whole
# command there. Each case below would run for seconds to minutes without the limit; with
# --time-limit $LIMIT it must exit 5 (UNKNOWN, docs/exit-codes.md) within LIMIT * 1.1 plus a
# start-up allowance ($BLOCKCAST_DEADLINE_SLACK seconds: process start, option parsing and
# the printing of what was found), and print nothing on stderr (stderr is not a terminal
# here, so no progress line may appear).
#   usage: deadlines.sh BLOCKCAST [CASE-NAME ...]   (no names: every case)
set -u
bin=$1
shift
limit=${BLOCKCAST_DEADLINE_LIMIT:-0.2}
slack=${BLOCKCAST_DEADLINE_SLACK:-0.4}
max_ms=$(awk -v l="$limit" -v s="$slack" 'BEGIN { printf "%d", (l * 1.1 + s) * 1000 }')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# name | arguments (each run with --time-limit $limit). Without the limit each runs for
# seconds (kbroadcast about 20 s; the endgame case L = 16, P = 30, k = 10 solves a SAT model
# of 3.2 * 10^5 message slots for 20 s without an answer) to minutes, far longer than the limit on any machine: no
# verdict here may depend on the machine's speed. (`prove --L 2 --t 16`, once the prove case,
# is refuted by unit propagation in 0.17 s on a quiet machine; `prove --L 12 --t 24` has a
# 571-variable CNF built at once whose refutation takes the solver 45 s of CPU, docs/prover.md.) The SAT encodings (prove, fattree search,
# kbroadcast's endgame) stop at the deadline while they are built and loaded into CaDiCaL
# (search/sat/cnf.hpp, solver.cpp), so no command gets an allowance of its own. continuous-search
# builds its periodic and window encodings (millions of clauses at P = 256) under the same deadline.
cases=(
  "solve|solve --L 154 --P 334126885 --shape pruned"
  "prove|prove --L 12 --t 24"
  "prove-encoding|prove --L 2 --t 20"
  "prove-load|prove --L 3 --t 20"
  "conjecture|conjecture --L 200..256"
  "table|table --L 30..40 --P 2..300"
  "fattree-search|fattree search --op total-exchange --n 16 --capacities ebft --model queue-free --steps 19"
  "kbroadcast|kbroadcast --L 5 --P 9 --k 12"
  "kbroadcast-endgame|kbroadcast --L 16 --P 30 --k 10"
  "fattree-queues|fattree search --op total-exchange --n 16 --capacities ebft"
  "kbroadcast-table|kbroadcast-table --L 1..4 --P 2..12 --k 1..8"
  "continuous-search|continuous-search --L 4 --t 9 --period 1..12"
  "continuous-search-encoding|continuous-search --L 3 --P 256 --period 1..1 --window 64"
  "simple-schedule|simple-schedule --L 3 --P 2..5000 --k 40"
  "latency|latency --L 3 --P 10,100,1000 --k 40 --d 0..30 --samples 300"
  "kbroadcast-baselines|kbroadcast-baselines --L 2..8 --P 2..2000 --k 1..8"
)

fail=0
ran=0
for c in "${cases[@]}"; do
  name=${c%%|*}
  args=${c#*|}
  if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then continue; fi
  ran=$((ran + 1))
  start=$(date +%s%N)
  # shellcheck disable=SC2086  # the arguments are split on purpose
  timeout 60 "$bin" $args --time-limit "$limit" > "$work/out" 2> "$work/err"
  rc=$?
  ms=$((($(date +%s%N) - start) / 1000000))
  verdict=ok
  if [ "$rc" != 5 ]; then verdict="exit $rc, expected 5"; fi
  if [ "$ms" -gt "$max_ms" ]; then verdict="$verdict; $ms ms > $max_ms ms"; fi
  if [ -s "$work/err" ]; then verdict="$verdict; stderr not empty: $(head -c 200 "$work/err")"; fi
  printf '%-22s exit %s  %5d ms  %s\n' "$name" "$rc" "$ms" "$verdict"
  if [ "$verdict" != ok ]; then
    fail=1
    head -c 2000 "$work/out"
  fi
done
echo "limit $limit s, allowed $max_ms ms per command, $ran commands; load $(cut -d' ' -f1-3 /proc/loadavg)"
[ "$ran" -gt 0 ] || { echo "no case matched"; exit 1; }
exit $fail
