#!/usr/bin/env bash
# Fat trees with n = 16 leaves in the paper's full model (docs/fattree.md
# "n = 16"). Broadcast and multinode broadcast: the whole walk of `fattree search` (analytic
# lower bound upwards). Flooding and total exchange: single steps around the optimum, since
# a queue-free SOLVED is also a schedule with queues and an IMPOSSIBLE with queues also refuses
# the queue-free model. Every SOLVED is replayed by the simulator, every IMPOSSIBLE has a
# checked DRAT proof, a time limit gives UNKNOWN. Not part of ctest; about 30 min at load 10.
# Usage: bash tests/bench/fattree/n16.sh [build/cli/blockcast] [seconds per solve]
set -uo pipefail
bin=${1:-build/cli/blockcast}
limit=${2:-300}
echo "machine: $(nproc) cores, $(uptime)"
run() {  # label, then the search options
  local label=$1; shift
  local t0=$(date +%s.%N)
  local out; out=$("$bin" fattree search --n 16 --time-limit "$limit" "$@" 2>/dev/null)
  local t1=$(date +%s.%N)
  printf '%-48s %s  [%.1f s]\n' "$label" "$(echo "$out" | grep '^best found')" "$(echo "$t1 - $t0" | bc)"
  echo "$out" | grep -E '^  steps' | sed 's/^/    /'
}
for caps in cbft ebft; do
  run "broadcast $caps queues" --op broadcast --capacities $caps
  run "broadcast $caps no queue (multicast)" --op broadcast --capacities $caps --model multicast
  run "multinode-broadcast $caps queues" --op multinode-broadcast --capacities $caps
  run "multinode-broadcast $caps multicast, no queue" --op multinode-broadcast --capacities $caps --model multicast --solver sat
done
run "multinode-broadcast cbft flood 31" --op multinode-broadcast --capacities cbft --model flood --solver sat --steps 31
run "multinode-broadcast cbft flood 30" --op multinode-broadcast --capacities cbft --model flood --solver sat --steps 30
run "total-exchange 1,4,4,4 no queue 23" --op total-exchange --capacities 1,4,4,4 --model queue-free --steps 23
run "total-exchange 1,4,4,4 queues 22" --op total-exchange --capacities 1,4,4,4 --model queues --steps 22
run "total-exchange cbft no queue 71" --op total-exchange --capacities cbft --model queue-free --steps 71
run "total-exchange cbft queues 70" --op total-exchange --capacities cbft --model queues --steps 70
run "total-exchange linear no queue 24" --op total-exchange --capacities linear --model queue-free --steps 24
limit=420 run "total-exchange linear no queue 23 (420 s)" --op total-exchange --capacities linear --model queue-free --steps 23
run "total-exchange linear queues 22" --op total-exchange --capacities linear --model queues --steps 22
run "total-exchange ebft no queue 21" --op total-exchange --capacities ebft --model queue-free --steps 21
run "total-exchange ebft queues 18" --op total-exchange --capacities ebft --model queues --steps 18
for S in 19 20; do
  limit=600 run "total-exchange ebft no queue $S" --op total-exchange --capacities ebft --model queue-free --steps $S
  run "total-exchange ebft queues $S" --op total-exchange --capacities ebft --model queues --steps $S
done
