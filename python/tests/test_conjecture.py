"""blockcast.conjecture: the same run as `blockcast conjecture`, so the same verdicts, t0, letters,
base-case methods and JSON envelope; each certified L carries the certificate the CLI writes
with --out; a deadline gives UNKNOWN; bad input is a ValueError with the CLI's message."""
import json
import os
import subprocess

import pytest

import blockcast

BIN = os.environ["BLOCKCAST_BIN"]


def cli_conjecture(*args, out=None):
    cmd = [BIN, "conjecture", *map(str, args), "--json"]
    if out is not None:
        cmd += ["--out", str(out)]
    p = subprocess.run(cmd, capture_output=True, text=True)
    assert p.returncode in (0, 4, 5), p.stderr
    return json.loads(p.stdout), p.returncode


def without_times(doc):
    """The envelope without the command line and without what a clock measures."""
    doc = dict(doc)
    doc.pop("command", None)
    doc.pop("seconds", None)
    doc["latencies"] = [{k: v for k, v in l.items() if k not in ("seconds", "stats")} for l in doc["latencies"]]
    for l in doc["latencies"]:
        for row in l.get("table", []):
            row.pop("optimal_seconds", None)
    return doc


# (CLI arguments, Python keyword arguments): the same request given both ways.
REQUESTS = [
    (["--L", "3"], dict(L=3)),
    (["--L", "3..5", "--threads", "1"], dict(L="3..5", threads=1)),
    (["--L", "3,4", "--method", "complete"], dict(L=[3, 4], method="complete")),
    (["--L", "4", "--method", "constructive"], dict(L=4, method="constructive")),
    (["--L", "3..5", "--method", "constructive", "--seed", "2"], dict(L=range(3, 6), method="constructive", seed=2)),
    (["--L", "2", "--shape", "pruned"], dict(L=2, shape="pruned")),
    (["--L", "3", "--shape", "pruned"], dict(L="3", shape="pruned")),
    (["--L", "6"], dict(L=6)),
    (["--L", "5", "--method", "complete", "--threads", "1"], dict(L=5, method="complete", threads=1)),
    (["--L", "3", "--t-max", "3"], dict(L=3, t_max=3)),
    (["--L", "4,3"], dict(L=[4, 3])),
]


@pytest.mark.parametrize("cli_args,kwargs", REQUESTS)
def test_conjecture_agrees_with_the_cli(cli_args, kwargs):
    want, code = cli_conjecture(*cli_args)
    c = blockcast.conjecture(**kwargs)
    assert without_times(c.to_dict()) == without_times(want)
    assert c.verdict.name == want["verdict"]
    assert {"SOLVED": 0, "IMPOSSIBLE": 4, "UNKNOWN": 5}[c.verdict.name] == code
    assert [l["L"] for l in c.latencies] == [l["L"] for l in want["latencies"]]
    for mine, theirs in zip(c.latencies, want["latencies"]):
        assert mine["verdict"] == theirs["verdict"]
        if mine["verdict"] == "SOLVED":
            assert mine["t0"] == theirs["t0"] and mine["x"] == theirs["x"]
            assert mine["methods"] == theirs["methods"]
            assert len(mine["roots"]) == mine["L"]


def test_certificate_is_the_one_the_cli_writes(tmp_path):
    want, _ = cli_conjecture("--L", "3", "--threads", "1", out=tmp_path)
    c = blockcast.conjecture(L=3, threads=1)
    mine = json.loads(c.latencies[0]["certificate"])
    theirs = json.loads((tmp_path / "L3" / "certificate.json").read_text())
    for doc in (mine, theirs):  # what a clock measures
        doc.pop("seconds", None), doc.pop("stats", None)
        for s in doc.get("smaller", []):
            s.pop("seconds", None)
    assert mine == theirs
    assert mine["t0"] == c.latencies[0]["t0"]
    # The certificate passes the independent re-check (blockcast verify-certificate).
    assert blockcast.verify_certificate(c.latencies[0]["certificate"]).verdict.name == "ACCEPTED"


def test_deadline_gives_unknown():
    want, code = cli_conjecture("--L", "200", "--time-limit", "0.01")
    c = blockcast.conjecture(L=200, time_limit=0.01)
    assert code == 5 and want["verdict"] == "UNKNOWN"
    assert c.verdict.name == "UNKNOWN" and c.latencies[0]["verdict"] == "UNKNOWN"
    assert c.latencies[0]["certificate"] is None and c.latencies[0]["t0"] is None
    assert c.to_dict()["latencies"][0]["note"] == want["latencies"][0]["note"]
    assert c.seconds < 5


@pytest.mark.parametrize("kwargs,cli_args", [
    (dict(L=1), ["--L", "1"]),
    (dict(L=2), ["--L", "2"]),
    (dict(L="1..3"), ["--L", "1..3"]),
])
def test_refused_L_is_a_value_error_with_the_cli_message(kwargs, cli_args):
    p = subprocess.run([BIN, "conjecture", *cli_args], capture_output=True, text=True)
    assert p.returncode == 2
    with pytest.raises(ValueError) as e:
        blockcast.conjecture(**kwargs)
    assert str(e.value) in p.stderr


@pytest.mark.parametrize("kwargs", [
    dict(L=0), dict(L=1025), dict(L="x"), dict(L="5..3"), dict(L=[]), dict(L=3, shape="ties"),
    dict(L=3, method="fast"), dict(L=3, time_limit=-1), dict(L=3, threads=-1),
])
def test_bad_input_is_a_value_error(kwargs):
    with pytest.raises(ValueError):
        blockcast.conjecture(**kwargs)


def test_text_and_repr():
    c = blockcast.conjecture(L=3)
    assert c.text.startswith("L=3  SOLVED")
    assert repr(c) == "Conjecture(SOLVED, 1 latencies)" and len(c) == 1
