"""pytest suite of the Python module, run by ctest (tests/python.cmake).

Results are checked against the papers and against the engine's own independent checks:
the delay of a solved schedule is at least the lower bound L + B(P-1) (SPEC Sec. 2), L = 1
k-item schedules reach k - 1 + ceil(log2 P), every rank program pairs up with its peers'.
"""
import json
import math

import pytest

import blockcast


def test_version():
    assert blockcast.__version__.count(".") == 2


def test_solve_paper_case():
    # Karp et al. 1993, Sec. 3: L = 3, t = 7 (P = 10) is solvable at the lower bound L + t = 10.
    s = blockcast.solve(L=3, P=10)
    assert s.verdict == blockcast.Verdict.SOLVED
    assert s.delay == s.lower_bound == 10
    assert s.optimal and s.shape == "optimal"


def test_solve_readme_example():
    s = blockcast.solve(L=5, P=1000)
    assert s.delay >= s.lower_bound
    p = s.rank_program(17)
    assert p.rank == 17 and len(p.recvs) == s.delay  # one reception per step in steady state
    doc = json.loads(s.to_json())
    assert doc["format"] == "blockcast-assignment" and doc["P"] == 1000


def test_rank_programs_pair_up():
    # Every send of every rank is received by its peer at step + L, and vice versa.
    s = blockcast.solve(L=4, P=30)
    k = 12
    progs = [s.rank_program(r, k=k) for r in range(s.P)]
    sends = {(r, t.step + s.L, t.peer, t.item) for r, p in enumerate(progs) for t in p.sends}
    recvs = {(t.peer, t.step, r, t.item) for r, p in enumerate(progs) for t in p.recvs}
    assert sends == recvs
    for r in range(1, s.P):
        assert sorted(t.item for t in progs[r].recvs) == list(range(k))


def test_kitem_l1_reaches_the_bound():
    for P, k in [(2, 1), (10, 5), (100, 20), (1000, 7), (10**6, 10**4)]:
        s = blockcast.kitem(L=1, P=P, k=k)
        assert s.time == s.lower_bound == k - 1 + math.ceil(math.log2(P))
        assert s.method == "circulant"
        p = s.rank_program(P - 1)  # computed for the one rank (no schedule of P ranks is built)
        assert sorted(t.item for t in p.recvs) == list(range(k))
        assert all(t.step <= s.time for t in p.recvs)


def test_kitem_program_and_json_chain_into_check():
    # P * k > 2000: no SAT endgame; the routed endgame (no SAT) reaches the bound, two steps
    # below the cut schedule.
    s = blockcast.kitem(L=3, P=200, k=12)
    assert s.time == s.lower_bound == blockcast.solve(L=3, P=200).delay + 11 - 2
    assert s.method == "routed-endgame"
    report = blockcast.check(s.to_json())
    assert report.accepted and report.simulated and report.items == 12
    assert len(s.rank_program(0).sends) >= 6  # the source sends every item


def test_simulate_and_check_reject_a_broken_schedule():
    doc = json.loads(blockcast.solve(L=3, P=20).to_json())
    assert blockcast.simulate(json.dumps(doc), k=8)
    doc["receive_only"] = "c" if doc["receive_only"] != "c" else "d"
    assert not blockcast.check(json.dumps(doc)).accepted


def test_bad_input_is_value_error():
    with pytest.raises(ValueError):
        blockcast.solve(L=0, P=10)
    with pytest.raises(ValueError):
        blockcast.kitem(L=2, P=1, k=3)
    with pytest.raises(ValueError):
        blockcast.solve(L=3, P=20).rank_program(20)
    with pytest.raises(blockcast.InvalidInput):
        blockcast.check("{}")


def test_verify_certificate_from_a_conjecture_run(tmp_path):
    # A certificate written by `blockcast conjecture --out` is accepted; the same file with a
    # minimality claim whose evidence was removed is rejected.
    import os
    import subprocess
    subprocess.run([os.environ["BLOCKCAST_BIN"], "conjecture", "--L", "3", "--out", str(tmp_path)],
                   check=True, capture_output=True)
    text = (tmp_path / "L3" / "certificate.json").read_text()
    report = blockcast.verify_certificate(text)
    assert report.accepted, report.reason
    doc = json.loads(text)
    assert doc["t0_minimal"] is True
    doc["minimality"]["refuted"] = []
    assert not blockcast.verify_certificate(json.dumps(doc)).accepted


def test_kitem_time_limit_is_the_whole_call():
    """time_limit bounds the whole call (search, constructions, every SAT endgame), and no SAT
    model past the memory bound is built. L = 16, P = 100, k = 10 ran past 100 s at 4.7 GB before;
    its endgame models cannot be solved in 2 s on any machine, so only an upper bound is checked,
    with generous slack (module import and a loaded machine)."""
    import resource
    import time
    start = time.monotonic()
    s = blockcast.kitem(L=16, P=100, k=10, time_limit=2)
    assert not s.found or s.time >= s.lower_bound  # no schedule by the deadline: UNKNOWN, also an answer
    assert time.monotonic() - start < 2 * 1.1 + 5
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss < 1024 * 1024  # KB: under 1 GB
