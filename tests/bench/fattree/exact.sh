#!/usr/bin/env bash
# Fat-tree settlement runs (docs/fattree.md, "Exact search in the full model"): every row of
# the settled table, one `fattree search` per line, the summary line of each with wall time.
# Not part of ctest. Usage: bash tests/bench/fattree/exact.sh [build/cli/blockcast] [seconds per n=16 step]
set -uo pipefail
bin=${1:-build/cli/blockcast}
limit=${2:-600}
echo "machine: $(nproc) cores"
run() {  # label, then the search options
  local label=$1; shift
  local t0=$(date +%s.%N)
  local out; out=$("$bin" fattree search "$@" 2>/dev/null)
  local t1=$(date +%s.%N)
  printf '%-44s %s  [%.1f s]\n' "$label" "$(echo "$out" | grep '^best found')" "$(echo "$t1 - $t0" | bc)"
  echo "$out" | grep -E '^  steps' | sed 's/^/    /'
}
for caps in ebft cbft 1,1,4 linear; do
  for n in 4 8; do
    [[ $caps == 1,1,4 && $n == 4 ]] && continue
    run "total-exchange n=$n $caps queues" --op total-exchange --n $n --capacities $caps
    run "total-exchange n=$n $caps queue-free" --op total-exchange --n $n --capacities $caps --model queue-free --solver sat
  done
done
for n in 4 8; do
  run "multinode-broadcast n=$n cbft queues" --op multinode-broadcast --n $n
  run "multinode-broadcast n=$n cbft multicast, no queue" --op multinode-broadcast --n $n --model multicast --solver sat
  run "multinode-broadcast n=$n cbft flood, no queue" --op multinode-broadcast --n $n --model flood --solver sat
  run "multinode-broadcast n=$n ebft multicast, no queue" --op multinode-broadcast --n $n --capacities ebft --model multicast --solver sat
done
for op in broadcast scatter gather; do
  for n in 4 8 16; do run "$op n=$n cbft queues" --op $op --n $n; done
done
run "total-exchange n=16 1,4,4,4 queues" --op total-exchange --n 16 --capacities 1,4,4,4 --time-limit "$limit"
run "total-exchange n=16 ebft queues" --op total-exchange --n 16 --capacities ebft --time-limit "$limit"
run "total-exchange n=16 ebft queue-free" --op total-exchange --n 16 --capacities ebft --model queue-free --solver sat --time-limit "$limit"
