#!/usr/bin/env python3
"""The same answer everywhere: every request of catalogue.py goes through the three faces of
one library run (docs/architecture.md, "Request -> run -> result -> render"):

  the CLI:    blockcast <command> ... --json            (its exit code 2 = refused)
  the C++ API: tests/differential/faces.cpp, one line per request
  Python:     blockcast.<question>(**args).to_dict()    (InvalidInput = refused)

and must give the same document: the same verdict, numbers and reason, once what differs
between two runs of one request is set aside (measured seconds, counters, the command line).
A refused request must be refused by all three faces with the same message; a deadline
request uses work that cannot finish in time, so its UNKNOWN does not depend on the speed of
the machine.

Usage: differential.py BLOCKCAST_BIN FACES_BIN [--only QUESTION] [--list]
The requests are listed in catalogue.py.
(the Python module must be on PYTHONPATH; tests/differential/differential.cmake sets it).
"""
import json
import subprocess
import sys
import tempfile

import catalogue

VOLATILE = ("stats", "command", "blockcast_version")


def stable(doc):
    """The document without what differs between two runs of one request."""
    if isinstance(doc, dict):
        return {k: stable(v) for k, v in doc.items() if k not in VOLATILE and not k.endswith("seconds")}
    if isinstance(doc, list):
        return [stable(v) for v in doc]
    return doc


def refused(message):
    return {"error": message.strip(), "invalid_input": True}


def cli_message(stderr):
    """The CLI's one line for a refused request, without the program's prefix."""
    line = stderr.strip().splitlines()[-1] if stderr.strip() else ""
    for prefix in ("blockcast: error: ", "error: "):
        if line.startswith(prefix):
            line = line[len(prefix):]
    return line


def cli_face(binary, request):
    argv = [binary, *catalogue.cli_words(request), "--json"]
    p = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    if p.returncode == 2:
        return refused(cli_message(p.stderr))
    if p.returncode not in (0, 1, 4, 5):
        return {"crash": p.returncode, "stderr": p.stderr[-400:]}
    if request["q"] == "export":
        return {"text": json.loads(p.stdout)["text"]} if p.stdout.lstrip().startswith("{") else {"text": p.stdout}
    return json.loads(p.stdout)


def python_face(request):
    import blockcast
    try:
        result = getattr(blockcast, request["q"])(**request["args"])
    except blockcast.InvalidInput as e:
        return refused(str(e))
    if isinstance(result, str):
        return {"text": result}
    return result.to_dict()


def cxx_faces(binary, requests):
    lines = "".join(json.dumps({"q": r["q"], "args": r["args"]}) + "\n" for r in requests)
    p = subprocess.run([binary], input=lines, capture_output=True, text=True, timeout=3600)
    if p.returncode != 0:
        raise SystemExit(f"faces exited {p.returncode}: {p.stderr[-800:]}")
    return [json.loads(x) for x in p.stdout.splitlines()]


def comparable(doc, request):
    """What must agree. A deadline cuts a run at a moment that depends on the machine, so of a
    deadline request only the verdict, the reason and the format must agree. A file named by
    the CLI is 'the JSON text' in the library, which is given the text, not the path."""
    if request.get("deadline") and "error" not in doc:
        return {k: doc.get(k) for k in ("format", "verdict", "reason")}
    if "error" in doc:
        message = doc["error"]
        for value in request["args"].values():
            if isinstance(value, str) and value.startswith("/"):
                message = message.replace(f"'{value}'", "'the JSON text'")
        return {"error": message, "invalid_input": True}
    if request["q"] == "kitem_table":
        return exact_methods_as_one(doc)
    return doc


def exact_methods_as_one(doc):
    """kbroadcast-table --ranges decides a small cell by the pair SAT model, whose budget is
    seconds per solve (--exact-time-limit), and then by the counting model, whose budget is
    conflicts. Under load the pair model may run out of time in one face where it finishes in
    another, and the counting model then decides the same cell at the same time: only the
    method's name differs ("exact (SAT)" or "exact (counting SAT)"). The cell's status, time and
    every count must still agree."""
    if isinstance(doc, dict):
        return {k: ("exact" if k == "method" and isinstance(v, str) and v.startswith("exact (") and
                    "refuted" not in v else exact_methods_as_one(v)) for k, v in doc.items()}
    if isinstance(doc, list):
        return [exact_methods_as_one(v) for v in doc]
    return doc


def option_refusal(doc):
    """A request the CLI refused while parsing its command line (a value out of an option's
    range, `--L '0': expected ...`): the library takes typed values and says it in the run's
    words, so only the refusal itself must agree."""
    return "error" in doc and doc["error"].startswith("--")


def differences(a, b, path=""):
    """The first few paths where two documents differ, for the failure message."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                out.append(f"{path}/{k}: only in {'first' if k in a else 'second'}")
            else:
                out += differences(a[k], b[k], f"{path}/{k}")
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in differences(x, y, f"{path}[{i}]")]
    return [] if a == b else [f"{path}: {json.dumps(a)[:120]} != {json.dumps(b)[:120]}"]


def main(argv):
    blockcast_bin, faces_bin = argv[1], argv[2]
    only = argv[argv.index("--only") + 1] if "--only" in argv else None
    with tempfile.TemporaryDirectory() as work:
        requests = [r for r in catalogue.requests(blockcast_bin, work) if only in (None, r["q"])]
        if "--list" in argv:
            for r in requests:
                print(r["q"], json.dumps(r["args"]))
            return 0
        cxx = cxx_faces(faces_bin, requests)
        failures, kinds = 0, {}
        for r, c in zip(requests, cxx):
            faces = {"cli": stable(cli_face(blockcast_bin, r)), "c++": stable(c), "python": stable(python_face(r))}
            faces = {name: comparable(doc, r) for name, doc in faces.items()}
            kinds[r["q"]] = kinds.get(r["q"], 0) + 1
            for name in ("c++", "python"):
                if option_refusal(faces["cli"]) and "error" in faces[name]:
                    continue
                diff = differences(faces["cli"], faces[name])
                if diff:
                    failures += 1
                    print(f"DIFFERENT {r['q']} {json.dumps(r['args'])}: cli vs {name}: " + "; ".join(diff[:4]))
        print(f"{len(requests)} requests ({', '.join(f'{k} {n}' for k, n in sorted(kinds.items()))}); "
              f"{failures} differences")
        return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
