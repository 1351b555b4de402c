"""blockcast.kitem_table and blockcast.continuous_search (include/blockcast/kitem_table.hpp):
the same runs as `blockcast kbroadcast-table` and `blockcast continuous-search`
(search/kitem/kitem_table_run.hpp, continuous_search_run.hpp), so to_dict() is the CLI's
--json output without the command line, measured seconds aside; a deadline gives UNKNOWN,
never IMPOSSIBLE; bad input is ValueError with the CLI's line."""
import json
import os
import subprocess

import pytest

import blockcast

BIN = os.environ["BLOCKCAST_BIN"]
# Measured, or fields of the envelope only the CLI writes.
VOLATILE = {"seconds", "exact_seconds", "command", "version", "blockcast_version"}


def steady(doc):
    if isinstance(doc, dict):
        return {k: steady(v) for k, v in doc.items() if k not in VOLATILE}
    if isinstance(doc, list):
        return [steady(v) for v in doc]
    return doc


def cli_json(command, *args):
    p = subprocess.run([BIN, command, *map(str, args), "--json"], capture_output=True, text=True, timeout=120)
    assert p.returncode in (0, 4, 5), p.stderr
    return json.loads(p.stdout), p.returncode


# (L, P, k, extra CLI options, Python keywords): small tables, each a fraction of a second. A
# deadline is not compared here (how far a call gets before it is timing):
# test_kitem_table_deadline_is_unknown_never_impossible checks its verdict.
TABLES = [
    ("2", "2..5", "1..3", [], {}),
    ("1", "2..6", "1..4", [], {}),
    ("3", "2..6", "1..3", [], {}),
    ("2..3", "2..4", "1..2", [], {}),
    ("4", "5..7", "1..2", [], {}),
    ("1..2", "8", "3", [], {}),
    ("1", "2..12", "1..2", [], {}),
    ("5", "3..6", "1..2", [], {}),
    ("1..2", "2..30", "1..8", ["--ranges"], dict(ranges=True)),
    ("3", "10", "1..16", ["--ranges"], dict(ranges=True)),
    ("4", "100..110", "1..3", ["--ranges"], dict(ranges=True)),
    ("2", "100..110", "1..20", ["--ranges"], dict(ranges=True)),
    ("1", "2..500", "1..64", ["--ranges"], dict(ranges=True)),
    ("3", "2..12", "1..8", ["--ranges", "--exact-time-limit", "30"], dict(ranges=True, exact_time_limit=30)),
]


@pytest.mark.parametrize("L,P,k,options,kwargs", TABLES)
def test_kitem_table_to_dict_is_the_cli_json(L, P, k, options, kwargs):
    want, code = cli_json("kbroadcast-table", "--L", L, "--P", P, "--k", k, *options)
    t = blockcast.kitem_table(L, P, k, **kwargs)
    assert steady(t.to_dict()) == steady(want)
    assert t.verdict.name == want["verdict"] and (code == 0) == (t.verdict.name == "OK")
    assert len(t) == len(want["ranges"] if t.ranges else want["rows"])


def test_kitem_table_python_values():
    a = blockcast.kitem_table(range(2, 4), [2, 3, 4], 2)
    b = blockcast.kitem_table("2..3", "2..4", "2")
    assert steady(a.to_dict()) == steady(b.to_dict())
    for row in a.rows:
        assert row["optimum"] is None or row["optimum"] >= row["lower_bound"]
        assert row["ours_time"] is None or row["optimum"] is None or row["ours_time"] >= row["optimum"]


def test_kitem_table_deadline_is_unknown_never_impossible():
    t = blockcast.kitem_table("2..3", "2..12", "1..8", time_limit=1e-6)
    assert t.verdict.name == "UNKNOWN" and t.not_reached > 0 and len(t) == 0
    r = blockcast.kitem_table(3, "2..12", "1..8", ranges=True, time_limit=1e-6)
    assert r.verdict.name == "UNKNOWN" and r.not_reached > 0
    assert all(c["status"] == "no schedule" for c in r.rows)


def test_kitem_table_dataframe():
    pd = pytest.importorskip("pandas")
    df = blockcast.kitem_table(2, "2..5", "1..3").to_dataframe()
    assert isinstance(df, pd.DataFrame) and len(df) == 4 * 3
    assert set(df.columns) >= {"L", "P", "k", "lower_bound", "optimum", "ours_time"}
    assert (df.optimum >= df.lower_bound).all()
    ranges = blockcast.kitem_table(1, "2..40", "1..16", ranges=True).to_dataframe()
    assert set(ranges.columns) >= {"L", "P0", "P1", "k0", "k1", "status", "gap", "method"}


# (CLI options, Python arguments): periodic searches and windows, each well under a second.
# A deadline is not compared here: how far a call gets before a microsecond deadline is
# timing (test_continuous_search_deadline_is_unknown_never_impossible checks the verdict).
SEARCHES = [
    (["--L", "3", "--P", "6", "--period", "1..4"], dict(L=3, P=6, period="1..4")),
    (["--L", "2", "--P", "4", "--period", "1..3"], dict(L=2, P=4, period=range(1, 4))),
    (["--L", "5", "--P", "7", "--period", "1..3"], dict(L=5, P=7, period="1..3")),
    (["--L", "3", "--P", "8", "--period", "1..3"], dict(L=3, P=8, period=range(1, 4))),
    (["--L", "2", "--P", "5", "--period", "1..2", "--window", "3"], dict(L=2, P=5, period=[1, 2], window=3)),
    (["--L", "3", "--t", "4", "--period", "1..2"], dict(L=3, t=4, period="1..2")),
    (["--L", "2", "--P", "6", "--delay", "6", "--period", "1..2"], dict(L=2, P=6, delay=6, period="1..2")),
    (["--L", "2", "--P", "8", "--period", "1..3", "--window", "3"], dict(L=2, P=8, period="1..3", window=3)),
]


@pytest.mark.parametrize("options,kwargs", SEARCHES)
def test_continuous_search_to_dict_is_the_cli_json(options, kwargs):
    want, code = cli_json("continuous-search", *options)
    s = blockcast.continuous_search(**kwargs)
    assert steady(s.to_dict()) == steady(want)
    assert s.verdict.name == want["verdict"]
    assert code == {"SOLVED": 0, "IMPOSSIBLE": 4, "UNKNOWN": 5}[s.verdict.name]
    assert len(s.results) == len(want["results"])


def test_continuous_search_deadline_is_unknown_never_impossible():
    s = blockcast.continuous_search(L=4, P=8, period="1..6", time_limit=1e-6)
    assert s.verdict.name == "UNKNOWN"
    assert all(r["verdict"] == "UNKNOWN" for r in s.results)


def cli_error(command, *args):
    p = subprocess.run([BIN, command, *map(str, args)], capture_output=True, text=True, timeout=60)
    assert p.returncode == 2
    return p.stderr.strip().removeprefix("blockcast: error: ")


def test_bad_requests_are_value_errors_with_the_cli_line():
    # Refused by the run itself, so Python's message is the CLI's line.
    for cli_args, kwargs in [
        (["--L", "2", "--P", "2..13", "--k", "1..2"], dict(L=2, P="2..13", k="1..2")),
        (["--L", "2", "--P", "2..5", "--k", "1..9"], dict(L=2, P="2..5", k="1..9")),
        (["--L", "2", "--P", "2..4", "--k", "1..2", "--exact-time-limit", "5"], dict(L=2, P="2..4", k="1..2", exact_time_limit=5)),
    ]:
        with pytest.raises(ValueError) as e:
            blockcast.kitem_table(**kwargs)
        assert str(e.value) == cli_error("kbroadcast-table", *cli_args)
    for cli_args, kwargs in [
        (["--L", "3", "--P", "300"], dict(L=3, P=300)),
        (["--L", "3", "--P", "8", "--t", "3"], dict(L=3, P=8, t=3)),
        (["--L", "3", "--P", "8", "--delay", "2"], dict(L=3, P=8, delay=2)),
    ]:
        with pytest.raises(ValueError) as e:
            blockcast.continuous_search(**kwargs)
        assert str(e.value) == cli_error("continuous-search", *cli_args)


def test_bad_values_are_value_errors():
    for kwargs in [dict(L=0, P="2..4", k=1), dict(L=2, P="4..2", k=1), dict(L=2, P=[2, 4], k=1), dict(L=2, P="x", k=1),
                   dict(L=17, P="2..4", k=1), dict(L=2, P="2..4", k=0), dict(L=2, P="2..4", k=1, time_limit=-1),
                   dict(L=2, P="2..4", k=1, ranges=True, threads=-1)]:
        with pytest.raises(ValueError):
            blockcast.kitem_table(**kwargs)
    for kwargs in [dict(L=0, P=8), dict(L=3), dict(L=3, P=1), dict(L=3, P=8, period="0..2"), dict(L=3, P=8, window=65),
                   dict(L=3, P=8, time_limit=float("nan"))]:
        with pytest.raises(ValueError):
            blockcast.continuous_search(**kwargs)
