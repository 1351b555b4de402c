# blockcast.kitem (include/blockcast/blockcast.hpp, search/kitem/kitem_run.hpp) from Python:
# the same run as `blockcast kbroadcast`, so to_dict() holds the fields of `kbroadcast --json`
# (Karp et al. 1993 Sec. 3.1 bounds, every schedule kept, notes, the methods tried); the GIL
# is released during the run; bad input is ValueError.
import json
import os
import subprocess
import threading
import time

import pytest

import blockcast

# Small questions the run settles well within the budget on any machine (the constructions,
# and where they miss the bound the SAT endgames or the exact search), so that two runs agree
# field by field. L = 1: the circulant schedule; k = 1: the optimal tree.
REQUESTS = [
    (1, 10, 4), (1, 1000, 100), (2, 5, 1), (2, 7, 5), (2, 100, 10), (3, 10, 8), (3, 14, 4), (3, 100, 10),
    (3, 200, 12), (4, 4, 7), (4, 6, 9), (4, 9, 8), (5, 100, 10), (8, 50, 5), (16, 30, 1),
]
# Measured, or fields of the envelope only the CLI writes.
VOLATILE = {"seconds", "command", "version", "blockcast_version"}


def cli_json(L, P, k, time_limit):
    out = subprocess.run([os.environ["BLOCKCAST_BIN"], "kbroadcast", "--L", str(L), "--P", str(P), "--k", str(k),
                          "--time-limit", str(time_limit), "--json"], capture_output=True, text=True, timeout=300)
    assert out.returncode in (0, 5), out.stderr
    return json.loads(out.stdout)


def steady(d):
    d = {k: v for k, v in d.items() if k not in VOLATILE}
    d["candidates"] = [{k: v for k, v in c.items() if k != "seconds"} for c in d.get("candidates", [])]
    return d


@pytest.mark.parametrize("L,P,k", REQUESTS)
def test_to_dict_is_the_cli_json(L, P, k):
    s = blockcast.kitem(L=L, P=P, k=k, time_limit=30, threads=1)
    d = s.to_dict()
    assert d["format"] == "blockcast-kbroadcast"
    assert d["verdict"] == s.verdict.name and d["time"] == s.time and d["method"] == s.method
    assert d["optimal"] == s.optimal and d["lower_bound"] == s.lower_bound
    assert steady(d) == steady(cli_json(L, P, k, 30))


def test_kitem_releases_the_gil():
    # A Python thread keeps counting while kitem runs in another one.
    count = 0
    done = threading.Event()

    def tick():
        nonlocal count
        while not done.is_set():
            count += 1
            time.sleep(0.001)

    t = threading.Thread(target=tick)
    t.start()
    try:
        before = count
        blockcast.kitem(L=2, P=1000, k=10, time_limit=5, threads=1)
        assert count > before + 10
    finally:
        done.set()
        t.join()


def test_default_budget_and_verdict_rule():
    s = blockcast.kitem(L=16, P=100, k=10, time_limit=1, threads=1)
    assert s.found and s.time >= s.lower_bound
    d = s.to_dict()
    assert d["candidates"][0]["method"] == "continuous-search"
    assert (s.verdict == blockcast.Verdict.SOLVED) == (s.optimal or not d["time_limit_reached"])


def test_bad_input_is_value_error():
    for args in [(0, 10, 3), (2, 1, 3), (2, 10, 0)]:
        with pytest.raises(ValueError):
            blockcast.kitem(L=args[0], P=args[1], k=args[2])
    with pytest.raises(ValueError):
        blockcast.kitem(L=2, P=10, k=3, time_limit=-1)
