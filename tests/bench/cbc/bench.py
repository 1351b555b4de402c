#!/usr/bin/env python3
"""CBC on the naive 0-1 model against `blockcast solve`, side by side, one thread each.

For every instance (L, t): build the model (naive_model.py, not timed), run `cbc` with a time
limit, then `blockcast solve --threads 1` with the same limit, alternating so that load on a
shared machine hits both alike. Prints per-instance wall and CPU (user + sys) times,
verdicts, the engine's own search time (stats.seconds: search plus witness construction and
symbolic check, without the CLI's simulator replay), whether the witness was replayed by the
simulator, and three ratios; the summary gives the median of each over the instances CBC
decided within the limit, with the machine's load average before and after (on a loaded
machine the CPU ratio is the one to quote).

Usage: bench.py BLOCKCAST [--limit 60] [--instances "3:20 3:23 4:29"]
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT = ("3:20 3:22 3:23 3:24 3:25 3:26 3:27 3:28 4:26 4:28 4:29 4:30 4:31 5:30 5:32 5:34 5:36 "
           "6:34 6:36 6:38 6:40 7:38 7:41 7:44 8:42 8:45 8:48 9:46 9:49 9:52")


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_cbc(lp, limit):
    start, cpu0 = time.perf_counter(), child_cpu()
    p = subprocess.run(["cbc", lp, "-threads", "1", "-sec", str(limit), "-solve"],
                       capture_output=True, text=True)
    wall, cpu = time.perf_counter() - start, child_cpu() - cpu0
    out = p.stdout
    if "Result - Optimal solution found" in out:
        verdict = "SOLVED"
    elif "infeasible" in out.lower() and "Result" in out:
        verdict = "IMPOSSIBLE"
    else:
        verdict = "UNKNOWN"
    return verdict, wall, cpu


def run_blockcast(binary, L, t, limit):
    start, cpu0 = time.perf_counter(), child_cpu()
    p = subprocess.run([binary, "solve", "--L", str(L), "--t", str(t), "--threads", "1",
                        "--time-limit", str(limit), "--stats", "--json"], capture_output=True, text=True)
    wall, cpu = time.perf_counter() - start, child_cpu() - cpu0
    try:
        j = json.loads(p.stdout)
        sim = "sim" if j.get("verification", "").find("; simulated") >= 0 else "-"
        return j["verdict"], wall, cpu, j["stats"]["seconds"], sim
    except (ValueError, KeyError):
        return "ERROR(%d)" % p.returncode, wall, cpu, float("nan"), "-"


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("blockcast")
    ap.add_argument("--limit", type=float, default=60)
    ap.add_argument("--instances", default=DEFAULT)
    a = ap.parse_args()
    rows = []
    print(f"load average at start: {load()}")
    print(f"{'L':>3} {'t':>3} {'binaries':>9} {'cbc':>10} {'cbc s':>7} {'cbc cpu':>7} {'blockcast':>10} {'wall s':>7} "
          f"{'cpu s':>6} {'engine s':>9} {'sim':>3} {'cbc/wall':>8} {'cbc/cpu':>8} {'cbc/engine':>10}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        for item in a.instances.split():
            L, t = map(int, item.split(":"))
            inst = subprocess.run([a.blockcast, "instance", "--L", str(L), "--t", str(t), "--json"],
                                  capture_output=True, text=True, check=True).stdout
            lp = os.path.join(tmp, f"L{L}_t{t}.lp")
            with open(lp, "w") as f:
                subprocess.run([sys.executable, os.path.join(HERE, "naive_model.py")], input=inst,
                               stdout=f, text=True, check=True)
            with open(lp) as f:
                binaries = sum(len(line.split()) for line in f if line.startswith(" x") or line.startswith(" y"))
            cv, cw, cc = run_cbc(lp, a.limit)
            bv, bw, bc, be, sim = run_blockcast(a.blockcast, L, t, a.limit)
            agree = cv == "UNKNOWN" or bv == "UNKNOWN" or cv == bv
            rows.append((L, t, cv, cw, bv, bw, be, cc, bc))
            # CPU times are rounded to the kernel's clock tick: floor at 1 ms for the ratio.
            print(f"{L:>3} {t:>3} {binaries:>9} {cv:>10} {cw:>7.2f} {cc:>7.2f} {bv:>10} {bw:>7.3f} {bc:>6.3f} "
                  f"{be:>9.4f} {sim:>3} {cw / bw:>8.1f} {cc / max(bc, 1e-3):>8.1f} "
                  f"{cw / be if be > 0 else float('inf'):>10.1f}" + ("" if agree else "  DISAGREE"), flush=True)
    print(f"load average at end: {load()}")
    decided = [r for r in rows if r[2] != "UNKNOWN"]
    if decided:
        print(f"instances CBC decided within {a.limit:g} s: {len(decided)} of {len(rows)}")
        print(f"median ratio CBC / blockcast wall (process, simulator replay included): "
              f"{statistics.median(r[3] / r[5] for r in decided):.1f}")
        print(f"median ratio CBC / blockcast CPU (user + sys of both processes): "
              f"{statistics.median(r[7] / max(r[8], 1e-3) for r in decided):.1f}")
        print(f"median ratio CBC / blockcast engine (search, witness, symbolic check): "
              f"{statistics.median(r[3] / r[6] for r in decided):.1f}")
        print(f"blockcast decided: {sum(r[4] in ('SOLVED', 'IMPOSSIBLE') for r in rows)} of {len(rows)}")


if __name__ == "__main__":
    main()
