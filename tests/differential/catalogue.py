"""The requests of the differential test (differential.py): every question kind, with the
answers the papers and the search give (at the lower bound, above it, periodic), deadline
cases whose work cannot finish in time, and bad input. A request is {"q": question, "args":
{...}} in Python's names (blockcast.<q>(**args)); cli_words() spells it as a command line,
tests/differential/faces.cpp reads the same JSON for the C++ API.
"""
import json
import os
import subprocess

# The CLI's command for each question (Python's function names are the CLI's, with '_').
COMMANDS = {"kitem": ["kbroadcast"], "verify_certificate": ["verify-certificate"],
            "kitem_table": ["kbroadcast-table"], "continuous_search": ["continuous-search"],
            "fattree_search": ["fattree", "search"], "fattree_simulate": ["fattree", "simulate"]}
POSITIONAL = {"check": "schedule", "simulate": "schedule", "export": "schedule", "verify_certificate": "certificate"}
DEADLINE = 1e-9  # seconds: every run is cut before its first search


def cli_words(request):
    q, args = request["q"], dict(request["args"])
    words = list(COMMANDS.get(q, [q]))
    if q in POSITIONAL:
        words.append(str(args.pop(POSITIONAL[q])))
    if q == "solve":
        words += ["--period-time-limit", "0"]  # the library's periodic search is bounded by time_limit alone
    for key, value in args.items():
        option = "--" + key.replace("_", "-")
        if value is True:
            words.append(option)
        elif value is not False:
            words += [option, str(value)]
    return words


def solve_requests():
    out = []
    cells = {1: [2, 3, 17, 100, 1000], 2: [2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 100], 3: [2, 4, 10, 30, 200, 1000],
             4: [3, 8, 16, 30, 1000], 5: [5, 40, 1000], 6: [7, 64], 7: [9, 100], 8: [10, 500],
             16: [1000], 64: [123456], 256: [999999]}
    for L, Ps in cells.items():
        out += [{"q": "solve", "args": {"L": L, "P": P, "time_limit": 120}} for P in Ps]
    out.append({"q": "solve", "args": {"L": 4, "P": 8, "time_limit": DEADLINE}, "deadline": True})
    return out


def kitem_requests():
    out = [{"q": "kitem", "args": {"L": L, "P": P, "k": k, "time_limit": 60}}
           for L in (1, 2, 3) for P in (5, 16, 64) for k in (1, 3, 8)]
    out.append({"q": "kitem", "args": {"L": 2, "P": 64, "k": 8, "time_limit": DEADLINE}, "deadline": True})
    return out


def table_requests():
    grid = [(1, "2..100"), ("2..4", "2..30"), ("5..8", "2..50"), (2, "2,6,9,14"), (3, "1000..1010"),
            (16, "2..200"), ("1..8", 1000)]
    out = [{"q": "table", "args": {"L": L, "P": P}} for L, P in grid]
    out.append({"q": "table", "args": {"L": 4, "P": 8, "period": "1..5", "period_time_limit": 60}})
    out.append({"q": "table", "args": {"L": "2..8", "P": "2..200", "time_limit": DEADLINE}, "deadline": True})
    return out


def kitem_table_requests():
    out = [{"q": "kitem_table", "args": {"L": L, "P": P, "k": k}} for L, P, k in [("1..2", "2..6", "1..3"), ("3..3", "2..8", "1..2")]]
    out += [{"q": "kitem_table", "args": {"L": L, "P": P, "k": k, "ranges": True, "exact_time_limit": 30}}
            for L, P, k in [("1..3", "2..100", "1..16"), ("4..8", "2..64", "1..4"), ("2..2", "1000..1100", "1..256")]]
    out.append({"q": "kitem_table", "args": {"L": "1..8", "P": "2..10000", "k": "1..256", "ranges": True, "time_limit": DEADLINE},
                "deadline": True})
    return out


def continuous_search_requests():
    out = [{"q": "continuous_search", "args": {"L": L, "P": P, "period": per}}
           for L, P, per in [(2, 6, "1..4"), (4, 8, "1..5"), (2, 9, "1..5"), (3, 10, "1..2")]]
    out.append({"q": "continuous_search", "args": {"L": 2, "P": 6, "period": "1..3", "window": 12}})
    out.append({"q": "continuous_search", "args": {"L": 3, "P": 200, "period": "1..6", "time_limit": DEADLINE},
                "deadline": True})
    return out


def conjecture_requests():
    out = [{"q": "conjecture", "args": a} for a in [{"L": "3..5"}, {"L": 8}, {"L": "12,16"}, {"L": 2, "shape": "pruned"},
                                                   {"L": 6, "t_max": 3}]]
    out.append({"q": "conjecture", "args": {"L": "3..40", "time_limit": DEADLINE}, "deadline": True})
    return out


def prove_requests():
    out = [{"q": "prove", "args": {"L": L, "t": t}} for L, t in [(2, 6), (2, 9), (2, 12), (3, 7), (3, 9), (4, 8), (4, 12)]]
    out += [{"q": "prove", "args": {"L": L, "P": P, "shape": shape}}
            for L, P, shape in [(4, 8, "ties"), (4, 8, "pruned"), (2, 6, "ties"), (3, 20, "ties")]]
    out.append({"q": "prove", "args": {"L": 2, "t": 8, "encoding": "counts"}})
    # Work that cannot finish in time: about 45 s of CPU (docs/prover.md) against 0.5 s.
    out.append({"q": "prove", "args": {"L": 12, "t": 24, "time_limit": 0.5}, "deadline": True})
    return out


def write_documents(binary, work):
    """Schedule files of every form, written by the CLI (the faces then read the same bytes)."""
    files = {}
    for name, argv in [("s3_10", ["solve", "--L", "3", "--P", "10"]), ("s4_8", ["solve", "--L", "4", "--P", "8"]),
                       ("s2_30", ["solve", "--L", "2", "--P", "30"]), ("s5_100", ["solve", "--L", "5", "--P", "100"]),
                       ("k2_16_4", ["kbroadcast", "--L", "2", "--P", "16", "--k", "4"]),
                       ("k1_10_5", ["kbroadcast", "--L", "1", "--P", "10", "--k", "5"])]:
        p = subprocess.run([binary, *argv, "--json"], capture_output=True, text=True, check=True, timeout=600)
        files[name] = os.path.join(work, name + ".json")
        with open(files[name], "w") as f:
            f.write(p.stdout)
    broken = json.load(open(files["s3_10"]))
    broken["schedule"]["receive_only"] = "d" if broken["schedule"].get("receive_only") != "d" else "c"
    files["broken"] = os.path.join(work, "broken.json")
    with open(files["broken"], "w") as f:
        json.dump(broken, f)
    cert = os.path.join(work, "cert")
    subprocess.run([binary, "conjecture", "--L", "3..5", "--out", cert], capture_output=True, check=True, timeout=600)
    files["certificates"] = [os.path.join(cert, f"L{L}", "certificate.json") for L in (3, 4, 5)]
    return files


def schedule_requests(files):
    out = []
    for name in ("s3_10", "s4_8", "s2_30", "s5_100", "k2_16_4", "k1_10_5", "broken"):
        path = files[name]
        out += [{"q": "check", "args": {"schedule": path}}, {"q": "check", "args": {"schedule": path, "k": 20}},
                {"q": "simulate", "args": {"schedule": path, "k": 12}},
                {"q": "export", "args": {"schedule": path, "format": "goal", "k": 5}},
                {"q": "export", "args": {"schedule": path, "format": "csv", "k": 4, "bytes": 4096}}]
    out += [{"q": "verify_certificate", "args": {"certificate": c}} for c in files["certificates"]]
    return out


def plan_requests():
    nets = ["latency=1e-6,gap_per_byte=1e-10", "latency=2e-5,overhead=1e-6,gap=2e-6,gap_per_byte=4e-10",
            "latency=4.4e-6,gap_per_byte=1.4e-10;from=65536,latency=2.3e-5"]
    # time_limit 60: the plan's schedule searches finish well before it, so the candidates do
    # not depend on the machine's speed (at the default 2 s a loaded machine tries fewer).
    out = [{"q": "plan", "args": {"P": P, "bytes": b, "network": n, "time_limit": 60}}
           for P in (2, 16, 64, 1000) for b in (0, 1024, 1 << 20) for n in nets[:2]]
    out += [{"q": "plan", "args": {"P": 64, "bytes": 8 << 20, "network": nets[2], "time_limit": 60}},
            {"q": "plan", "args": {"P": 64, "bytes": 1 << 20, "network": nets[0], "family": "binomial", "time_limit": 60}},
            {"q": "plan", "args": {"P": 33, "bytes": 100000, "network": nets[1], "family": "circulant", "time_limit": 60}}]
    return out


def fattree_requests():
    out = [{"q": "fattree_search", "args": {"op": op, "n": n, "model": model}}
           for op, n, model in [("total-exchange", 4, "queues"), ("total-exchange", 4, "queue-free"),
                                ("broadcast", 8, "queues"), ("scatter", 8, "queues"),
                                ("multinode-broadcast", 4, "queues"), ("gather", 4, "queue-free")]]
    out.append({"q": "fattree_search", "args": {"op": "total-exchange", "n": 4, "steps": 6}})
    out.append({"q": "fattree_search", "args": {"op": "total-exchange", "n": 16, "time_limit": DEADLINE}, "deadline": True})
    out += [{"q": "fattree_simulate", "args": {"op": op, "n": n, "capacities": c}}
            for op in ("broadcast", "scatter", "gather", "multinode-broadcast", "total-exchange")
            for n, c in ((8, "cbft"), (16, "ebft"))]
    return out


def bad_requests():
    big = 2**63 - 1
    return [{"q": q, "args": a} for q, a in [
        ("solve", {"L": 0, "P": 8}), ("solve", {"L": 2000, "P": 8}), ("solve", {"L": 3, "P": 1}),
        ("solve", {"L": 3, "P": 0}), ("solve", {"L": 3, "P": big}),
        ("kitem", {"L": 2, "P": 8, "k": 0}), ("kitem", {"L": 2, "P": 1, "k": 4}), ("kitem", {"L": 0, "P": 8, "k": 4}),
        ("kitem", {"L": 3, "P": big, "k": 2}),
        ("table", {"L": "5..3", "P": "2..10"}), ("table", {"L": 3, "P": "10..2"}), ("table", {"L": 0, "P": 5}),
        ("prove", {"L": 2}), ("prove", {"L": 2, "t": 6, "P": 20}), ("prove", {"L": 0, "t": 6}),
        ("check", {"schedule": "/nonexistent/schedule.json"}), ("simulate", {"schedule": "/nonexistent/x.json", "k": 3}),
        ("plan", {"P": 0, "bytes": 10, "network": "latency=1e-6,gap_per_byte=1e-10"}),
        ("plan", {"P": 8, "bytes": -1, "network": "latency=1e-6,gap_per_byte=1e-10"}),
        ("plan", {"P": 8, "bytes": 10, "network": "latency=oops"}),
        ("fattree_search", {"op": "total-exchange", "n": 3}), ("fattree_search", {"op": "nothing", "n": 4}),
        ("fattree_simulate", {"op": "broadcast", "n": 6}), ("fattree_simulate", {"op": "sideways", "n": 8}),
        ("kitem_table", {"L": "0..2", "P": "2..6", "k": "1..2"}), ("kitem_table", {"L": "1..2", "P": "2..60", "k": "1..3"}),
        ("continuous_search", {"L": 2, "P": 300}), ("continuous_search", {"L": 2}),
        ("conjecture", {"L": 1}), ("conjecture", {"L": 2000}),
    ]]


def requests(binary, work):
    files = write_documents(binary, work)
    return (solve_requests() + kitem_requests() + table_requests() + kitem_table_requests() + continuous_search_requests()
            + conjecture_requests() + prove_requests() + schedule_requests(files)
            + plan_requests() + fattree_requests() + bad_requests())
