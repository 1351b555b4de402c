"""check, simulate and verify_certificate: Python and the CLI call the same runs
(search/check/), so for the same document they give the same verdict, reason and numbers.
Each case runs `blockcast <command> FILE --json` and the Python function on the same file (by
path and by JSON text) and compares the documents field by field (the CLI's envelope also
names its command line, which Python's has not)."""
import json
import os
import subprocess

import pytest

import blockcast

BIN = os.environ["BLOCKCAST_BIN"]


def cli(*args):
    p = subprocess.run([BIN, *map(str, args), "--json"], capture_output=True, text=True)
    assert p.returncode in (0, 1), p.stderr
    doc = json.loads(p.stdout)
    del doc["command"]
    return doc, p.returncode


def write(tmp_path, name, doc):
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    return path


@pytest.fixture(scope="module")
def documents(tmp_path_factory):
    """Schedules of every form blockcast writes, good and broken."""
    d = tmp_path_factory.mktemp("docs")
    out = {}
    for L, P in [(3, 10), (4, 8), (2, 30), (5, 100)]:
        out[f"solve-{L}-{P}"] = write(d, f"s{L}_{P}.json", blockcast.solve(L=L, P=P).to_json())
    broken = json.loads(blockcast.solve(L=3, P=20).to_json())
    broken["receive_only"] = "c" if broken["receive_only"] != "c" else "d"
    out["broken-assignment"] = write(d, "broken.json", broken)
    for L, P, k in [(1, 10, 5), (2, 12, 4), (3, 40, 6)]:
        out[f"kitem-{L}-{P}-{k}"] = write(d, f"k{L}_{P}_{k}.json", blockcast.kitem(L=L, P=P, k=k).to_json())
    late = json.loads(blockcast.kitem(L=2, P=12, k=4).to_json())
    late["messages"][-1][0] += 1  # the last message sent one step later: still legal?
    late["messages"][-1][1] += 1
    out["late-message"] = write(d, "late.json", late)
    return out


CHECK_CASES = ["solve-3-10", "solve-4-8", "solve-2-30", "solve-5-100", "broken-assignment", "kitem-1-10-5",
               "kitem-2-12-4", "kitem-3-40-6", "late-message"]


@pytest.mark.parametrize("name", CHECK_CASES)
def test_check_agrees_with_the_cli(documents, name):
    path = documents[name]
    want, code = cli("check", path)
    for source in (str(path), path, path.read_text()):
        got = blockcast.check(source)
        assert got.to_dict() == want
        assert got.accepted == (code == 0) == (want["verdict"] == "ACCEPTED")
        assert got.verdict.name == want["verdict"] and got.reason == want.get("reason", "")


@pytest.mark.parametrize("name,k", [("solve-3-10", 12), ("solve-4-8", 30), ("solve-5-100", 3), ("broken-assignment", 5),
                                    ("kitem-2-12-4", 0), ("kitem-2-12-4", 2), ("kitem-3-40-6", 0), ("late-message", 0)])
def test_simulate_agrees_with_the_cli(documents, name, k):
    path = documents[name]
    want, _ = cli("simulate", path, *(["--k", k] if k else []))  # the CLI's --k: 1 or more, or absent
    got = blockcast.simulate(path, k)
    assert got.to_dict() == want
    if got.simulated:
        assert (got.time, got.messages, got.max_delay) == (want["time"], want["messages"], want["max_delay"])


def test_simulate_of_an_assignment_needs_k(documents):
    p = subprocess.run([BIN, "simulate", str(documents["solve-3-10"])], capture_output=True, text=True)
    assert p.returncode == 2 and "--k is required" in p.stderr
    with pytest.raises(ValueError, match="--k is required"):
        blockcast.simulate(documents["solve-3-10"])


def test_a_path_that_does_not_exist_is_bad_input(tmp_path):
    with pytest.raises(ValueError, match="cannot read file"):
        blockcast.check(tmp_path / "nothing.json")


def test_verify_certificate_agrees_with_the_cli(tmp_path):
    subprocess.run([BIN, "conjecture", "--L", "3", "--out", tmp_path], check=True, capture_output=True)
    path = tmp_path / "L3" / "certificate.json"
    want, code = cli("verify-certificate", path)
    got = blockcast.verify_certificate(path)
    assert code == 0 and got.accepted and got.to_dict() == want
    doc = json.loads(path.read_text())
    doc["minimality"]["refuted"] = []
    bad = write(tmp_path, "bad.json", doc)
    want, code = cli("verify-certificate", bad)
    got = blockcast.verify_certificate(bad)
    assert code == 1 and not got.accepted and got.to_dict() == want and got.reason.startswith("certificate")
