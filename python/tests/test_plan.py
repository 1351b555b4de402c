# blockcast.plan (include/blockcast/plan.hpp, docs/mpi-plan.md) from Python: the fields, to_dict
# from the one serializer, the alpha-beta keywords, per-rank programs and bad input.
import json

import pytest

import blockcast


def test_plan_fields_and_dict():
    p = blockcast.plan(P=64, bytes=1 << 20, latency=1e-6, gap_per_byte=1e-10)
    assert p.family in {"circulant", "kitem", "tree", "chain", "binomial", "split-binary", "scatter-allgather", "two-tree"}
    assert p.segments >= 1 and p.segment_bytes * p.segments >= p.bytes
    assert p.steps >= p.lower_bound_steps
    assert p.predicted_seconds == pytest.approx(p.steps * p.step_seconds)
    d = p.to_dict()
    assert d["format"] == "blockcast-plan"
    assert d["steps"] == p.steps and d["family"] == p.family
    assert d["candidates"][0]["predicted_seconds"] <= d["candidates"][-1]["predicted_seconds"]
    q = blockcast.read_plan(p.to_json())
    assert q.to_json() == p.to_json()


def test_circulant_at_latency_zero():
    p = blockcast.plan(P=100, bytes=1 << 20, alpha=0.0, beta=1e-9)
    assert (p.family, p.L) == ("circulant", 1)
    assert p.steps == p.segments - 1 + 7


def test_rank_programs_cover_every_segment():
    p = blockcast.plan(P=10, bytes=4096, latency=1e-6, gap_per_byte=1e-10, max_segments=8)
    schedule = p.schedule()
    got = {}
    for r in range(10):
        prog = p.rank_program(r, schedule)
        for t in prog.recvs:
            got.setdefault(r, set()).add(t.item)
    assert all(got[r] == set(range(p.segments)) for r in range(1, 10))


def test_trivial_and_bad_input():
    assert blockcast.plan(P=1, bytes=100, latency=1e-6, gap_per_byte=1e-10).steps == 0
    assert blockcast.plan(P=4, bytes=0, latency=1e-6, gap_per_byte=1e-10).family == "none"
    with pytest.raises(ValueError):
        blockcast.plan(P=0, bytes=100, latency=1e-6, gap_per_byte=1e-10)
    with pytest.raises(ValueError):
        blockcast.plan(P=4, bytes=-1, latency=1e-6, gap_per_byte=1e-10)
    with pytest.raises(ValueError):
        blockcast.plan(P=4, bytes=100, latency=float("nan"), gap_per_byte=1e-10)
    with pytest.raises(ValueError):
        blockcast.plan(P=4, bytes=100)  # no network
    with pytest.raises(ValueError):
        blockcast.plan(P=4, bytes=100, latency=1e-6, gap_per_byte=1e-10, alpha=1e-6, beta=1e-9)


NET = "latency=4.4e-6,gap=2e-9,gap_per_byte=1.41e-10;from=65536,latency=2.33e-5,gap=6.97e-6,gap_per_byte=1.063e-10"


def test_network_text():
    # One range: the same plan as the keywords; two ranges: carried by to_dict and read_plan.
    a = blockcast.plan(P=16, bytes=16384, network="latency=1e-6,gap_per_byte=1e-10")
    b = blockcast.plan(P=16, bytes=16384, latency=1e-6, gap_per_byte=1e-10)
    assert a.to_json() == b.to_json()
    p = blockcast.plan(P=16, bytes=8 << 20, network=NET)
    d = p.to_dict()
    assert d["network"]["latency"] == 4.4e-6
    assert d["network"]["ranges"] == [
        {"from_bytes": 65536, "latency": 2.33e-5, "overhead": 0.0, "gap": 6.97e-6, "gap_per_byte": 1.063e-10}]
    assert blockcast.read_plan(p.to_json()).to_json() == p.to_json()
    with pytest.raises(ValueError, match="in range 2 'gap=1'"):
        blockcast.plan(P=16, bytes=1024, network="latency=1e-6;gap=1")
    with pytest.raises(ValueError, match="network alone"):
        blockcast.plan(P=16, bytes=1024, network="latency=1e-6", latency=1e-6)
