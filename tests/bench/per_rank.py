"""Time to compute one rank's program at large P (docs/benchmarks.md).

    PYTHONPATH=build/python python3 tests/bench/per_rank.py [L ...]

For each L: the best continuous schedule for P = 10^6 (blockcast.solve), then the program of
five ranks spread over 0..P-1 over one window of `delay` steps and for a cut of k = 100 items,
each computed alone (engine/per_rank.hpp), never the whole schedule. Prints min/median/max
seconds per rank program.
"""
import statistics
import sys
import time

import blockcast

P = 10**6
for L in [int(a) for a in sys.argv[1:]] or [2, 5, 17]:
    t0 = time.perf_counter()
    s = blockcast.solve(L=L, P=P, time_limit=60)
    solve_s = time.perf_counter() - t0
    if not s.verdict == blockcast.Verdict.SOLVED:
        print(f"L={L} P={P}: {s.verdict} ({s.reason})")
        continue
    window, cut = [], []
    for rank in (0, 1, P // 3, P // 2, P - 1):
        t0 = time.perf_counter()
        p = s.rank_program(rank)
        window.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        q = s.rank_program(rank, k=100)
        cut.append(time.perf_counter() - t0)
        assert len(q.recvs) == (0 if rank == 0 else 100)

    def fmt(v):
        return f"{min(v)*1e3:.3f}/{statistics.median(v)*1e3:.3f}/{max(v)*1e3:.3f} ms"

    print(f"L={L} P={P}: solve {solve_s:.2f} s, delay {s.delay} ({s.shape}); one rank, {s.delay} steps: "
          f"{fmt(window)}; one rank, k=100 items: {fmt(cut)} (min/median/max over 5 ranks)")
