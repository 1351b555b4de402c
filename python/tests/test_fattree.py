# blockcast.fattree_search and fattree_simulate (include/blockcast/fattree.hpp, docs/fattree.md)
# from Python: to_dict() holds the same fields and values as `blockcast fattree ... --json` (the
# CLI binary of this build, BLOCKCAST_BIN from tests/python.cmake), timings aside; the optima of
# docs/fattree.md for n = 8; bad input; a deadline gives UNKNOWN.
import json
import os
import subprocess

import pytest

import blockcast

BIN = os.environ.get("BLOCKCAST_BIN", os.path.join(os.path.dirname(__file__), "../../build/cli/blockcast"))

# The CLI's "command" (the line as typed) is left out; the rest measured, so different from run to run; the CDCL solver's learned-clause count varies with timing too.
VARYING = {"seconds", "build_seconds", "solve_seconds", "proof_seconds", "learned_clauses"}


def masked(x):
    if isinstance(x, dict):
        return {k: ("*" if k in VARYING else masked(v)) for k, v in x.items() if k != "command"}
    if isinstance(x, list):
        return [masked(v) for v in x]
    return x


def cli_json(*args):
    p = subprocess.run([BIN, "fattree", *map(str, args), "--json"], capture_output=True, text=True)
    assert p.returncode in (0, 1, 4, 5), p.stderr
    return json.loads(p.stdout)


@pytest.mark.parametrize("kw, args", [
    (dict(op="total-exchange", n=8, capacities="ebft"),
     ["--op", "total-exchange", "--n", 8, "--capacities", "ebft"]),
    (dict(op="total-exchange", n=8, capacities="ebft", model="queue-free", steps=10),
     ["--op", "total-exchange", "--n", 8, "--capacities", "ebft", "--model", "queue-free", "--steps", 10]),
    # The CSP on one thread: in parallel the first SOLVED subtree, and so the node counts, vary.
    (dict(op="multinode-broadcast", n=8, model="flood", threads=1),
     ["--op", "multinode-broadcast", "--n", 8, "--model", "flood", "--threads", 1]),
    (dict(op="broadcast", n=4, capacities="1,2"),
     ["--op", "broadcast", "--n", 4, "--capacities", "1,2"]),
])
def test_search_dict_is_the_cli_json(kw, args):
    r = blockcast.fattree_search(**kw)
    assert masked(r.to_dict()) == masked(cli_json("search", *args))
    assert "command" not in r.to_dict()


@pytest.mark.parametrize("kw, args", [
    (dict(op="broadcast", n=8), ["--op", "broadcast", "--n", 8]),
    (dict(op="total-exchange", n=8, capacities="ebft", trace=True),
     ["--op", "total-exchange", "--n", 8, "--capacities", "ebft", "--trace"]),
    (dict(op="multinode-broadcast", n=8, queue_free=True),
     ["--op", "multinode-broadcast", "--n", 8, "--queue-free"]),
])
def test_simulate_dict_is_the_cli_json(kw, args):
    s = blockcast.fattree_simulate(**kw)
    assert masked(s.to_dict()) == masked(cli_json("simulate", *args))
    assert bool(s) == (s.to_dict()["verdict"] == "ACCEPTED")


def test_search_fields():
    r = blockcast.fattree_search(op="total-exchange", n=8, capacities="ebft")
    assert r.verdict == blockcast.Verdict.SOLVED
    assert (r.minimum, r.best_found, r.lower_bound) == (11, 11, 11)  # the Sec. 5.1 conjecture says 12
    assert r.lower_bound_source == "exact search: IMPOSSIBLE at 10"
    assert r.reason.startswith("minimum 11")
    solved = [d for d in r.runs if d.verdict == blockcast.Verdict.SOLVED]
    assert solved and all(d.witness.injections and d.witness_simulated_steps <= d.steps for d in solved)
    s = blockcast.fattree_simulate(op="total-exchange", n=8, capacities="ebft")
    assert s.accepted and s.row.simulated == 12 and s.row.paper_formula == 12


def test_bad_input_and_deadline():
    with pytest.raises(ValueError, match="not a power of two"):
        blockcast.fattree_search(n=6)
    with pytest.raises(ValueError, match="--model flood is for"):
        blockcast.fattree_search(op="total-exchange", n=8, model="flood")
    with pytest.raises(ValueError):
        blockcast.fattree_simulate(op="", n=8)
    r = blockcast.fattree_search(op="total-exchange", n=16, capacities="ebft", model="queue-free", steps=19,
                                 time_limit=0.5)
    assert r.verdict == blockcast.Verdict.UNKNOWN
    assert r.minimum is None
