#!/usr/bin/env bash
# Conjecture at scale (issue 11): certify L = 3..LMAX with `conjecture --method auto`, report wall
# time and peak memory, re-verify every certificate, print per L the t0, x, methods and the
# t < t0 that are not SOLVED (t0* = smallest found, a smaller candidate hit a limit). Usage: bash tests/bench/conjecture_scale.sh [blockcast] [LMAX] [OUT]
set -euo pipefail
bin=${1:-build/cli/blockcast}
lmax=${2:-128}
out=${3:-$(mktemp -d)/conjecture}
echo "machine: $(nproc) cores; conjecture --L 3..$lmax --out $out"
/usr/bin/time -f "L=3..$lmax: %e s wall, %U s user, %M KB peak" "$bin" conjecture --L "3..$lmax" --out "$out" > "$out.log"
fail=0
for f in "$out"/L*/certificate.json; do
  "$bin" verify-certificate "$f" > /dev/null || { echo "verify-certificate FAILED: $f"; fail=1; }
done
echo "certificates re-verified: $(ls "$out"/L*/certificate.json | wc -l) (failures: $fail)"
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
