#!/usr/bin/env bash
# Fat trees with n = 16 leaves in the paper's full model (issue 27 item 2, docs/fattree.md
# "n = 16"): for each operation, capacity pattern and model, the walk of `fattree search`
# (analytic lower bound upwards; every SOLVED replayed by the simulator, every IMPOSSIBLE with
# a checked DRAT proof, a time limit gives UNKNOWN). Cheap rows first, the open EBFT rows last.
# Not part of ctest. Usage: bash tests/bench/fattree/n16.sh [build/cli/blockcast] [seconds per step]
set -uo pipefail
bin=${1:-build/cli/blockcast}
limit=${2:-600}
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
run "multinode-broadcast cbft flood, no queue" --op multinode-broadcast --capacities cbft --model flood --solver sat
for caps in 1,4,4,4 cbft ebft; do
  run "total-exchange $caps no queue" --op total-exchange --capacities $caps --model queue-free
  run "total-exchange $caps queues" --op total-exchange --capacities $caps
done
