"""blockcast.table: the same run as `blockcast table`, so the same ranges, verdict and counts;
the cells agree with solve() cell by cell; the DataFrame has one row per (L, P)."""
import json
import os
import subprocess

import pytest

import blockcast

BIN = os.environ["BLOCKCAST_BIN"]


def cli_table(*args):
    p = subprocess.run([BIN, "table", *map(str, args), "--json"], capture_output=True, text=True)
    assert p.returncode in (0, 5), p.stderr
    return json.loads(p.stdout), p.returncode


def without_times(doc):
    doc = dict(doc)
    doc.pop("command", None)
    doc.pop("seconds", None)
    doc["summary"] = {k: v for k, v in doc.get("summary", {}).items() if k != "seconds"}
    return doc


@pytest.mark.parametrize("L,P,py_L,py_P", [
    ("2..4", "2..60", range(2, 5), range(2, 61)),
    ("3", "10,100,1000", 3, [10, 100, 1000]),
    ("5..6", "200..260", "5..6", "200..260"),
    ("2", "2..30", [2], "2..30"),
])
def test_table_agrees_with_the_cli(L, P, py_L, py_P):
    want, code = cli_table("--L", L, "--P", P)
    t = blockcast.table(L=py_L, P=py_P)
    assert without_times(t.to_dict()) == without_times(want)
    assert (t.verdict.name == "SOLVED") == (code == 0)


def test_cells_agree_with_solve():
    t = blockcast.table(L=[3, 4], P=range(2, 40))
    assert len(t) == 2 * 38
    for c in t.cells:
        s = blockcast.solve(L=c["L"], P=c["P"])
        assert c["lower_bound"] == s.lower_bound
        assert c["delay"] >= c["lower_bound"]
        assert c["at_lower_bound"] == (c["delay"] == c["lower_bound"])


def test_dataframe():
    pd = pytest.importorskip("pandas")
    df = blockcast.table(L="2..3", P="2..50").to_dataframe()
    assert isinstance(df, pd.DataFrame) and len(df) == 2 * 49
    assert set(df.columns) >= {"L", "P", "lower_bound", "delay", "proved", "at_lower_bound"}
    assert (df.delay >= df.lower_bound).all()


def test_bad_requests_are_value_errors():
    for kwargs in [dict(L=0, P=10), dict(L=3, P=1), dict(L=3, P="10..5"), dict(L=3, P="x"), dict(L=2000, P=10),
                   dict(L=3, P=10, time_limit=-1), dict(L=3, P=[10, 5])]:
        with pytest.raises(ValueError):
            blockcast.table(**kwargs)


def test_time_limit_leaves_cells_unknown_never_impossible():
    # A deadline already past: no cell starts, every cell is without a schedule, UNKNOWN.
    t = blockcast.table(L=8, P="100000..100100", time_limit=1e-9)
    assert t.verdict.name == "UNKNOWN" and all(c["delay"] is None for c in t.cells)
