"""Ctrl-C, cancel and progress for long calls (python/interruptible.hpp, docs/python.md): a
KeyboardInterrupt or an exception from the progress callback stops the run as at a deadline
and propagates; progress reports reach the callback on the calling thread. No assertion here
depends on the machine's speed: the interrupted calls would run for minutes (or forever) if
the cancel flag did not reach their searches, and ctest's timeout would then fail the test."""
import _thread
import threading

import pytest

import blockcast


def interrupt_after(seconds):
    timer = threading.Timer(seconds, _thread.interrupt_main)
    timer.start()
    return timer


def test_table_progress_counts_every_cell():
    seen = []
    t = blockcast.table(L=3, P="2..40", progress=seen.append)
    assert t.verdict == blockcast.Verdict.SOLVED and len(t) == 39
    assert seen and seen[-1].what == "cells" and seen[-1].done == seen[-1].total == 39
    assert all(0 <= p.done <= p.total == 39 for p in seen)


def test_conjecture_progress_counts_the_latencies():
    seen = []
    c = blockcast.conjecture(L="3..6", progress=seen.append)
    assert c.verdict == blockcast.Verdict.SOLVED
    counted = [p for p in seen if p.what == "L values"]
    assert counted and counted[-1].done == counted[-1].total == 4


def test_an_exception_in_the_callback_stops_the_run():
    def stop(p):
        raise RuntimeError("enough")

    # table L = 64, P = 3 alone runs for minutes (a complete search of its trimmed trees)
    with pytest.raises(RuntimeError, match="enough"):
        blockcast.table(L=[3, 64], P="2..3", progress=stop)


@pytest.mark.parametrize(
    "name, call",
    [
        ("table", lambda: blockcast.table(L=64, P=3)),
        ("solve", lambda: blockcast.solve(L=2, P=14, time_limit=0)),
        ("prove", lambda: blockcast.prove(L=2, t=22)),
        ("fattree_search", lambda: blockcast.fattree_search(n=16, steps=19)),
        ("continuous_search", lambda: blockcast.continuous_search(L=2, P=40, period="1..8")),
        ("kitem", lambda: blockcast.kitem(L=2, P=10000, k=256, time_limit=0)),
        ("kitem_table", lambda: blockcast.kitem_table(L="2..8", P="2..64", k="1..16", ranges=True)),
    ],
)
def test_ctrl_c_stops_a_long_call(name, call):
    timer = interrupt_after(0.5)
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()


def test_a_short_call_is_not_disturbed():
    s = blockcast.solve(L=3, P=30, progress=lambda p: None)
    assert s.verdict == blockcast.Verdict.SOLVED and s.delay == s.lower_bound
