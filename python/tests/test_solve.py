# blockcast.solve (include/blockcast/blockcast.hpp) from Python against `blockcast solve --json`:
# one run (search/everyp/solve_run.hpp) behind both, so to_dict() has the CLI's fields and
# values (seconds, counters and the command line aside), and L = 4, P = 8 names the periodic
# delay 12 first with the block-cyclic 13 proved optimal among block-cyclic schedules.
import json
import os
import subprocess

import pytest

import blockcast

BIN = os.environ.get("BLOCKCAST_BIN", "")

# (L, P): at the lower bound (most), above it with a periodic schedule at the bound (2, 6 and
# 4, 8), L = 1, large P.
REQUESTS = [(1, 2), (1, 17), (1, 1000), (2, 3), (2, 5), (2, 6), (2, 8), (3, 10), (3, 30), (3, 200),
            (4, 8), (4, 30), (4, 1000), (5, 1000), (6, 64), (7, 100), (8, 500), (16, 1000),
            (64, 123456), (256, 999999)]
TIME_LIMIT = 120  # the same deadline for both; these requests take well under 10 s at load 2


def stable(doc):
    """The document without what differs between two runs of one request."""
    if isinstance(doc, dict):
        return {k: stable(v) for k, v in doc.items()
                if k not in ("stats", "command") and not k.endswith("seconds")}
    if isinstance(doc, list):
        return [stable(v) for v in doc]
    return doc


def cli_json(L, P):
    # The API's request: with a time limit the periodic search may use all of it.
    out = subprocess.run([BIN, "solve", "--L", str(L), "--P", str(P), "--json", "--time-limit", str(TIME_LIMIT),
                          "--period-time-limit", "0"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode in (0, 4, 5), out.stderr
    return json.loads(out.stdout)


@pytest.mark.skipif(not BIN, reason="BLOCKCAST_BIN not set (tests/python.cmake sets it)")
@pytest.mark.parametrize("L,P", REQUESTS)
def test_to_dict_equals_cli_json(L, P):
    s = blockcast.solve(L=L, P=P, time_limit=TIME_LIMIT)
    d = s.to_dict()
    cli = cli_json(L, P)
    assert "command" not in d and d["format"] == "blockcast-solve"
    assert stable(d) == stable(cli)
    # The properties tell the same facts as the dict.
    assert s.verdict.name == d["verdict"]
    assert (s.best_delay, s.form) == (d["delay"], d["form"])
    assert s.period == d.get("period", 0)
    assert s.lower_bound == d["lower_bound"]
    assert (s.delay, s.shape) == (d["block_cyclic"]["delay"], d["block_cyclic"]["shape"])
    assert s.optimal == d["block_cyclic"]["optimal"]
    assert s.at_lower_bound == d["block_cyclic"]["at_lower_bound"]


def test_L4_P8_best_of_any_form_first():
    s = blockcast.solve(L=4, P=8, time_limit=TIME_LIMIT)
    assert s.verdict == blockcast.Verdict.SOLVED
    assert (s.best_delay, s.form, s.period) == (12, "periodic", 5)
    assert (s.delay, s.shape) == (13, "pruned")
    assert s.optimal and not s.at_lower_bound  # proved optimal among block-cyclic schedules, above the bound
    d = s.to_dict()
    assert d["optimal"] and d["at_lower_bound"]  # the periodic 12 is the bound
    assert json.loads(s.to_json())["format"] == "blockcast-assignment"  # to_json stays the assignment file


def test_deadline_passed_is_unknown():
    s = blockcast.solve(L=4, P=8, time_limit=1e-9)
    assert s.verdict == blockcast.Verdict.UNKNOWN
    assert not s.found
    with pytest.raises(ValueError):
        s.best_delay
