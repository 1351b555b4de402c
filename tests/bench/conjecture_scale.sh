#!/usr/bin/env bash
# Conjecture at scale: certify L = 3..LMAX with `conjecture --method auto`, report wall
# time and peak memory, re-verify every certificate, print per L the t0, x, methods and the
# t < t0 that are not SOLVED (t0* = smallest found, a smaller candidate hit a limit), the
# load average before and after, and how many base cases verify-certificate replayed in the
# simulator (the rest: symbolic check only, window above --sim-events).
# Usage: bash tests/bench/conjecture_scale.sh [blockcast] [LMAX] [OUT]
set -euo pipefail
bin=${1:-build/cli/blockcast}
lmax=${2:-128}
out=${3:-$(mktemp -d)/conjecture}
echo "machine: $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg); conjecture --L 3..$lmax --out $out"
/usr/bin/time -f "L=3..$lmax: %e s wall, %U s user, %M KB peak" "$bin" conjecture --L "3..$lmax" --out "$out" > "$out.log"
echo "load after the run: $(cut -d' ' -f1-3 /proc/loadavg)"
fail=0 sim=0 cases=0
start=$(date +%s.%N)
for f in "$out"/L*/certificate.json; do
  line=$("$bin" verify-certificate "$f") || { echo "verify-certificate FAILED: $f"; fail=1; continue; }
  n=$(printf '%s\n' "$line" | sed -n 's/.*simulated \([0-9]*\) of \([0-9]*\) base cases.*/\1 \2/p')
  sim=$((sim + ${n% *})) cases=$((cases + ${n#* }))
done
echo "certificates re-verified: $(ls "$out"/L*/certificate.json | wc -l) (failures: $fail) in" \
  "$(echo "$(date +%s.%N) - $start" | bc) s wall; base cases replayed by the simulator: $sim of $cases"
python3 - "$out/summary.json" <<'PY'
import json, sys
for s in json.load(open(sys.argv[1])):
    if s["verdict"] != "SOLVED":
        print(f"L={s['L']} {s['verdict']} {s['note']}")
        continue
    methods = {}
    for m in s.get("methods", []):
        methods[m] = methods.get(m, 0) + 1
    cert = json.load(open(s["certificate"]))
    odd = " ".join(f"t={v['t']}:{v['verdict']}" for v in cert.get("smaller", []) if v["verdict"] != "SOLVED")
    print(f"L={s['L']} t0={s['t0']}{'' if s.get('t0_minimal', True) else '*'} x={s['x']} "
          f"methods={methods} {s['seconds']:.2f}s smaller-not-solved: {odd or '-'}")
PY
exit $fail
