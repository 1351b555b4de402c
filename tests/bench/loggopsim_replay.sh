#!/usr/bin/env bash
# GOAL exports replayed in LogGOPSim (docs/kbroadcast.md Sec. 8).
# LogGOPSim is not a Debian package and nothing is downloaded at build time, so this is a
# manual check against a LogGOPSim you built yourself (github.com/spcl/LogGOPSim,
# src/LogGOPSim: `make`, needs re2c, gengetopt, libgraphviz-dev):
#   bash tests/bench/loggopsim_replay.sh BLOCKCAST LOGGOPSIM_DIR [WORKDIR]
# For k-item schedules of L = 1, 2, 3 (every schedule kbroadcast --out writes) and the paper's
# L = 3 assignment expanded to 20 items and a period-5 schedule of L = 4, P = 8 (continuous-search),
# it runs txt2bin and LogGOPSim with the postal
# model's parameters (-L L -o 0 -g 1 -G 0 -O 0, the line each .goal file states) and checks
# that LogGOPSim's latest host finish time equals the schedule's last reception step.
set -euo pipefail
bc=$(realpath "$1"); lgs=$(realpath "$2"); work=${3:-$(mktemp -d)}
mkdir -p "$work" && cd "$work"
"$bc" kbroadcast --L 1 --P 16 --k 20 --out kb1 > /dev/null
"$bc" kbroadcast --L 2 --P 6 --k 5 --out kb2 > /dev/null
"$bc" kbroadcast --L 3 --P 10 --k 8 --out kb3 > /dev/null
src=$(dirname "$bc")/../../tests/data/L3_t7.json
"$bc" export "$src" --k 20 --format goal > l3t7.goal
"$bc" export "$src" --k 20 --format json > l3t7.json
"$bc" continuous-search --L 4 --P 8 --period 5..5 --json > cs.json || true  # SOLVED exits 0
"$bc" export cs.json --format goal > periodic.goal
"$bc" export cs.json --format json > periodic.json
fail=0
printf '%-32s %4s %10s %10s\n' file L blockcast LogGOPSim
for goal in kb*/*.goal l3t7.goal periodic.goal; do
  json=${goal%.goal}.json
  L=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['L'])" "$json")
  want=$(python3 -c "import json,sys; print(max(m[1] for m in json.load(open(sys.argv[1]))['messages']))" "$json")
  "$lgs/txt2bin" -i "$goal" -o "${goal%.goal}.bin" > /dev/null
  got=$("$lgs/LogGOPSim" -f "${goal%.goal}.bin" -L "$L" -o 0 -g 1 -G 0 -O 0 | sed -n 's/^Host [0-9]*: \([0-9]*\)$/\1/p' | sort -n | tail -1)
  verdict=$([ "$got" = "$want" ] && echo ok || echo DIFFERS)
  [ "$verdict" = ok ] || fail=1
  printf '%-32s %4s %10s %10s %s\n' "$goal" "$L" "$want" "$got" "$verdict"
done
exit $fail
