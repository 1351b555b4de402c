#!/usr/bin/env python3
"""The exact impossibility list: every (L, t) with L <= LMAX and t <= 4L
decided for the optimal tree (delay L + t for P - 1 = f_t), written as runs of consecutive t
with one verdict and one method: tests/data/decided.tsv.

Where the verdicts come from (docs/prover.md, "The exact impossibility list"):
- L = 1, 2: `blockcast solve --L L --t t` for every t <= 4L (the complete search; for L = 2
  and t >= 4 its counting pre-check; Karp et al. 1993, Thm 3.4's case).
- L >= 3: one `blockcast conjecture --L 3..LMAX --out DIR` run. Its certificates record the
  unconstrained verdict of every t < t0 (`smaller`: a checked witness, a counting refutation
  or an exhausted search); t0 .. t0+L-1 are its verified base cases, and every t >= t0+L is
  SOLVED by the induction (SPEC Sec. 7), which `verify-certificate` re-checks.
A limit (UNKNOWN) is written as such: the ctest `decided_list` regenerates the list and
fails on any difference, so an UNKNOWN can never pass for a verdict.

Column `sat`: every IMPOSSIBLE (L, t) is re-decided by the SAT prover, `blockcast prove
--encoding counts` (docs/prover.md: letter counts and the sum condition; a second method,
with a DRAT proof checked by CaDiCaL and by the independent checker); `UNSAT, DRAT checked`
when it agrees. A prover that finds a schedule aborts the script.

Usage: tests/gen_decided.py BLOCKCAST [--lmax 64] > tests/data/decided.tsv
"""
import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path


def run(cmd, ok=(0,)):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode not in ok:
        sys.exit(f"gen_decided: {' '.join(cmd)} exited {p.returncode}: {p.stderr.strip()}")
    return p.stdout


def small_L(bin_, L):
    """Rows (t, verdict, method) for L = 1, 2 from the complete search."""
    rows = []
    for t in range(4 * L + 1):
        j = json.loads(run([bin_, "solve", "--L", str(L), "--t", str(t), "--threads", "1", "--json"],
                           ok=(0, 4, 5)))
        method = "search" if j["verdict"] != "IMPOSSIBLE" or "leaves" not in j.get("reason", "") \
            else "counting"
        rows.append((t, j["verdict"], method))
    return rows


def conjecture_rows(bin_, lmax):
    """Rows per L = 3..lmax from one conjecture run's certificates."""
    out = {}
    with tempfile.TemporaryDirectory() as d:
        run([bin_, "conjecture", "--L", f"3..{lmax}", "--out", d + "/run"])
        summary = json.loads(Path(d, "run", "summary.json").read_text())
        for e in summary:
            L = e["L"]
            if e["verdict"] != "SOLVED":
                rows = [(t, "UNKNOWN", "limit") for t in range(4 * L + 1)]
            else:
                cert = json.loads(Path(e["certificate"]).read_text())
                t0, x = e["t0"], e["x"]
                rows = [(s["t"], s["verdict"], s["mode"]) for s in cert["smaller"]]
                if [r[0] for r in rows] != list(range(t0)):
                    sys.exit(f"gen_decided: L={L}: certificate's smaller t are not 0..t0-1")
                rows += [(t, "SOLVED", f"base case x={x}") for t in range(t0, min(t0 + L, 4 * L + 1))]
                rows += [(t, "SOLVED", f"induction from t0={t0}") for t in range(t0 + L, 4 * L + 1)]
            out[L] = [r for r in rows if r[0] <= 4 * L]
    return out


def confirm(bin_, L, t):
    """`blockcast prove`: IMPOSSIBLE with exit 4 means UNSAT with a checked DRAT proof."""
    p = subprocess.run([bin_, "prove", "--L", str(L), "--t", str(t), "--encoding", "counts"],
                       capture_output=True, text=True)
    # The verdict line: a sentence for people, then ": VERDICT, how it was proved".
    first = p.stdout.splitlines()[0] if p.stdout else ""
    if p.returncode == 4 and ": IMPOSSIBLE, proved by SAT with a checked DRAT proof" in first:
        return "UNSAT, DRAT checked"
    if p.returncode == 0 and ": SOLVED" in first:
        sys.exit(f"gen_decided: L={L} t={t}: prove finds a schedule, the list says IMPOSSIBLE")
    return first or "error"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("blockcast")
    ap.add_argument("--lmax", type=int, default=64)
    a = ap.parse_args()
    per_L = {L: small_L(a.blockcast, L) for L in (1, 2) if L <= a.lmax}
    if a.lmax >= 3:
        per_L.update(conjecture_rows(a.blockcast, a.lmax))
    print("L\tt_from\tt_to\tverdict\tmethod\tsat")
    for L in sorted(per_L):
        rows = per_L[L]
        i = 0
        while i < len(rows):
            j = i
            while j + 1 < len(rows) and rows[j + 1][1:] == rows[i][1:]:
                j += 1
            t_from, t_to, (v, m) = rows[i][0], rows[j][0], rows[i][1:]
            sat = "-"
            if v == "IMPOSSIBLE":
                sat = ";".join(sorted(set(confirm(a.blockcast, L, t) for t in range(t_from, t_to + 1))))
            print(f"{L}\t{t_from}\t{t_to}\t{v}\t{m}\t{sat}")
            i = j + 1


if __name__ == "__main__":
    main()
