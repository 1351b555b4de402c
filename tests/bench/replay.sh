#!/usr/bin/env bash
# Replay bench: CPU time (user + sys, from wait4) of `blockcast solve --threads 1`
# on mid-size instances where the simulator replay of the witness (search/witness.cpp:
# expand_assignment + Simulator::run, items = 3(L+T)+1) dominates the process. With a second
# binary (e.g. a build of an older commit) the two run in alternation, instance by instance,
# so that load on a shared machine hits both alike; the median over the repetitions and
# the ratio old/new are printed. Not part of ctest (timings belong in benches).
# Usage:
#   bash tests/bench/replay.sh NEW_BINARY [OLD_BINARY] [--reps 7] [--instances "4:31 3:26 6:38 9:49"]
# Example (old = the commit before the template expansion and single-pass simulator):
#   git worktree add /tmp/old 49643de && cmake -S /tmp/old -B /tmp/old/build -G Ninja \
#     -DCMAKE_BUILD_TYPE=Release && cmake --build /tmp/old/build --target blockcast
#   bash tests/bench/replay.sh build/cli/blockcast /tmp/old/build/cli/blockcast
set -euo pipefail
new=${1:?usage: replay.sh NEW_BINARY [OLD_BINARY] [--reps N] [--instances "L:t ..."]}
shift
old=""
if [[ $# -gt 0 && $1 != --* ]]; then old=$1; shift; fi
reps=7
instances="4:31 3:26 6:38 9:49"
while [[ $# -gt 0 ]]; do
  case $1 in
    --reps) reps=$2; shift 2 ;;
    --instances) instances=$2; shift 2 ;;
    *) echo "replay.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
echo "machine: $(nproc) cores,$(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2); load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
exec python3 - "$new" "$old" "$reps" "$instances" <<'EOF'
import os, statistics, subprocess, sys

new, old, reps, instances = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4].split()

def cpu_seconds(binary, L, t):
    """user + sys CPU of one `solve` run; checks that the witness was replayed."""
    p = subprocess.Popen([binary, "solve", "--L", str(L), "--t", str(t), "--threads", "1"],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = p.stdout.read().decode()
    _, status, ru = os.wait4(p.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0 or "simulated" not in out:
        sys.exit(f"replay.sh: {binary} solve --L {L} --t {t} did not solve and replay:\n{out}")
    return ru.ru_utime + ru.ru_stime

bins = [("new", new)] + ([("old", old)] if old else [])
head = f"{'L':>3} {'t':>3} " + " ".join(f"{n + ' cpu s':>10}" for n, _ in bins)
print(head + (f" {'old/new':>8}" if old else ""), flush=True)
ratios = []
for inst in instances:
    L, t = map(int, inst.split(":"))
    times = {n: [] for n, _ in bins}
    for _ in range(reps):  # alternate: paired under the same load
        for n, b in bins:
            times[n].append(cpu_seconds(b, L, t))
    med = {n: statistics.median(v) for n, v in times.items()}
    line = f"{L:>3} {t:>3} " + " ".join(f"{med[n]:>10.4f}" for n, _ in bins)
    if old:
        ratios.append(med["old"] / med["new"])
        line += f" {ratios[-1]:>8.2f}"
    print(line, flush=True)
if old:
    print(f"median ratio old/new CPU over {len(ratios)} instances ({reps} runs each): {statistics.median(ratios):.2f}")
print(f"load average at end: {' '.join(open('/proc/loadavg').read().split()[:3])}")
EOF
