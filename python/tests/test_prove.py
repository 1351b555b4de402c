"""blockcast.prove: the same run as `blockcast prove`, so the same verdict, tree, CNF and
proof; the answers match the papers and the block-cyclic search (Karp et al. 1993, Sec. 3:
I(t) is solvable for L = 3, t = 6; at L = 2, P = 6 the lower bound 6 is not reachable by a
block-cyclic schedule on the ties tree)."""
import json
import os
import subprocess

import pytest

import blockcast

BIN = os.environ["BLOCKCAST_BIN"]
TIMES = {"seconds", "encode_seconds", "check_seconds", "learned", "path", "checker"}


def without_times(doc):
    if isinstance(doc, dict):
        return {k: without_times(v) for k, v in doc.items() if k not in TIMES and k != "command"}
    return doc


def cli_prove(*args):
    p = subprocess.run([BIN, "prove", *map(str, args), "--json"], capture_output=True, text=True)
    assert p.returncode in (0, 4, 5), p.stderr
    return json.loads(p.stdout), p.returncode


@pytest.mark.parametrize("cli_args,kwargs,verdict", [
    (["--L", 3, "--t", 6], dict(L=3, t=6), "SOLVED"),
    (["--L", 2, "--P", 6], dict(L=2, P=6), "IMPOSSIBLE"),
    (["--L", 4, "--P", 8, "--shape", "pruned"], dict(L=4, P=8, shape="pruned"), "SOLVED"),
    (["--L", 3, "--t", 7, "--receive-only", "b"], dict(L=3, t=7, receive_only="b"), None),
    (["--L", 5, "--t", 12, "--encoding", "counts"], dict(L=5, t=12, encoding="counts"), None),
])
def test_prove_agrees_with_the_cli(cli_args, kwargs, verdict):
    want, code = cli_prove(*cli_args)
    got = blockcast.prove(**kwargs)
    assert without_times(got.to_dict()) == without_times(want)
    assert str(got.verdict).endswith(want["verdict"])
    assert {0: "SOLVED", 4: "IMPOSSIBLE", 5: "UNKNOWN"}[code] == want["verdict"]
    if verdict:
        assert want["verdict"] == verdict


def test_prove_agrees_with_solve_at_the_lower_bound():
    # solve at L = 2, P = 6 answers 7 above the bound 6; the prover refutes 6 on the ties tree.
    s = blockcast.solve(L=2, P=6)
    r = blockcast.prove(L=2, P=6)
    assert r.verdict == blockcast.Verdict.IMPOSSIBLE and r.delay == s.lower_bound < s.delay


def test_bad_requests():
    for kwargs in [dict(L=3), dict(L=3, t=6, P=10), dict(L=3, t=6, shape="ties"), dict(L=3, t=6, receive_only="z"),
                   dict(L=3, P=10, encoding="nope"), dict(L=5, P=30, encoding="counts"), dict(L=0, t=6),
                   dict(L=3, t=6, time_limit=-1)]:
        with pytest.raises(ValueError):
            blockcast.prove(**kwargs)


def test_conflict_limit_gives_unknown_never_impossible():
    r = blockcast.prove(L=12, t=24, conflicts=1)
    assert r.verdict == blockcast.Verdict.UNKNOWN
