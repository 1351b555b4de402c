#!/usr/bin/env bash
# The data of the fat-tree optimum plot (docs/fattree.md "Optimum against the
# paper's formula"): `fattree search --json` for n = 4, 8, 16 and, where it fits, 32, one file
# per run in OUT (default docs/data/fattree), then `fattree plot OUT/*.json --out OUT/report`,
# which re-simulates every witness. Whole walks where they are quick; around the optimum single
# `--steps S` runs (a queue-free SOLVED is also a schedule with queues, an IMPOSSIBLE with
# queues also refuses the queue-free model; `fattree plot` applies both). About 20 minutes on
# 2 cores; not part of ctest.
# Usage: bash tests/bench/fattree/optimum.sh [build/cli/blockcast] [seconds per run] [OUT]
set -uo pipefail
bin=${1:-build/cli/blockcast}
limit=${2:-300}
out=${3:-docs/data/fattree}
mkdir -p "$out"
echo "machine: $(nproc) cores, $(uptime)"
run() {  # file stem, then the search options
  local stem=$1; shift
  local t0=$(date +%s.%N)
  "$bin" fattree search --json --time-limit "$limit" "$@" > "$out/$stem.json" 2>/dev/null
  local rc=$?
  printf '%-44s exit %d  %s  [%.1f s]\n' "$stem" $rc \
    "$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("best", d.get("best_found"), "lower", d.get("lower_bound"))' "$out/$stem.json" 2>/dev/null)" \
    "$(echo "$(date +%s.%N) - $t0" | bc)"
}
for n in 4 8 16 32; do
  run "broadcast-cbft-queues-n$n" --op broadcast --capacities cbft --n $n
  run "scatter-cbft-queues-n$n" --op scatter --capacities cbft --n $n
  run "gather-cbft-queues-n$n" --op gather --capacities cbft --n $n
  run "mnb-cbft-queues-n$n" --op multinode-broadcast --capacities cbft --n $n
  run "mnb-cbft-multicast-n$n" --op multinode-broadcast --capacities cbft --model multicast --solver sat --n $n
done
for n in 4 8; do
  run "mnb-cbft-flood-n$n" --op multinode-broadcast --capacities cbft --model flood --solver sat --n $n
  for caps in ebft cbft linear; do
    run "te-$caps-queues-n$n" --op total-exchange --capacities $caps --n $n
    run "te-$caps-queue-free-n$n" --op total-exchange --capacities $caps --model queue-free --n $n
  done
done
# Flooding at n = 16 and 32: the CSP (the default solver of this model) walks up from n + 2 log n - 2.
run "mnb-cbft-flood-n16" --op multinode-broadcast --capacities cbft --model flood --n 16
run "mnb-cbft-flood-n32" --op multinode-broadcast --capacities cbft --model flood --n 32
# Total exchange at n = 32: the EBFT at the conjecture's value n + 2 log n - 2 = 40.
run "te-ebft-queue-free-n32-s40" --op total-exchange --capacities ebft --model queue-free --n 32 --steps 40
run "te-ebft-queue-free-n32-s39" --op total-exchange --capacities ebft --model queue-free --n 32 --steps 39
# n = 16: single runs at the optimum and one below (docs/fattree.md "n = 16").
te16() { run "te-$1-$2-n16-s$3" --op total-exchange --capacities $1 --model $2 --n 16 --steps $3; }
te16 ebft queue-free 21; te16 ebft queues 18
te16 cbft queue-free 71; te16 cbft queues 70
te16 linear queue-free 23; te16 linear queues 22
"$bin" fattree plot "$out"/*.json --out "$out/report"
