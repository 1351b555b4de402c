#!/usr/bin/env python3
"""The file map of docs/architecture.md and the source tree agree (ctest architecture_map).

docs/architecture.md is the map a new contributor reads first; a map that lists removed files
or misses new ones sends them the wrong way. This check reads the "## File map" section and:
  - every source file (*.cpp, *.hpp, *.h, *.c) under the library folders (engine, automata,
    search, reports, cli, api, include, mpi, python) must be named by the map;
  - every name the map gives must match at least one file of the repository.

How the map names files (the forms docs/architecture.md uses):
  - a backticked token under a "### folder/" heading, or under a bullet that itself names a
    folder (`kitem/`), is relative to that folder; a token may also carry its own folders
    (`kitem/bounds.hpp/.cpp`, `include/blockcast/plan.hpp`);
  - `a.hpp/.cpp` names a.hpp and a.cpp; `a.*` and `baseline*.hpp/.cpp` are globs;
  - a file counts as named when some token, read relative to its heading's folders or to the
    top of the repository, matches it (glob or equal), or when the token's path is a suffix
    of the file's path (`bounds.hpp` under "### engine/" names engine/kitem/bounds.hpp only
    through `kitem/bounds.hpp`, but a bare unique name is accepted as a suffix).
Exit 0 when both directions hold; else 1 with one line per miss.
"""
import fnmatch
import os
import re
import subprocess
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LAYERS = ("engine", "automata", "search", "reports", "cli", "api", "include", "mpi", "python")
SOURCE = (".cpp", ".hpp", ".h", ".c")


def repository_files():
    try:
        out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
        files = [f for f in out.splitlines() if os.path.exists(os.path.join(ROOT, f))]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, _, names in os.walk(ROOT):
            files += [os.path.relpath(os.path.join(d, n), ROOT) for n in names]
    return sorted(f for f in files if not f.startswith("build"))


def expand(token):
    """`a.hpp/.cpp` -> [a.hpp, a.cpp]; other tokens as they are."""
    m = re.fullmatch(r"(.+?)(\.[a-z*]+)((?:/\.[a-z]+)+)", token)
    if not m:
        return [token]
    stem = m.group(1)
    return [stem + m.group(2)] + [stem + ext[1:] for ext in re.findall(r"/\.[a-z]+", m.group(3))]


def map_tokens(text):
    """(token, [base folders]) for every file-like backticked token of the File map."""
    section = text.split("## File map", 1)[1]
    tokens, heading, sub = [], [""], {}
    for line in section.splitlines():
        if line.startswith("### "):
            heading = [h.strip() for h in re.findall(r"([\w./-]+/)", line[4:])] or [""]
            sub = {}
            continue
        indent = len(line) - len(line.lstrip())
        names = re.findall(r"`([^`\s]+)`", line)
        # a bullet that names a folder (`everyp/`) is the base of the bullets indented below it
        sub = {i: f for i, f in sub.items() if i < indent}
        folders = [n for n in names if n.endswith("/")]
        bases = [h + f for h in heading for f in sub.values()] or heading
        if line.lstrip().startswith("-") and folders:
            sub[indent] = folders[0]
        for n in names:
            if n.endswith("/") or not re.search(r"\.(cpp|hpp|h|c|\*)$|/\.\w+$", n):
                continue
            for e in expand(n):
                # a glob (`test_*.cpp`) names files of its heading's folders only
                tokens.append((e, bases + ([] if "*" in e else [""])))
    return tokens


def matches(pattern, path):
    return fnmatch.fnmatchcase(path, pattern) or ("/" not in pattern and fnmatch.fnmatchcase(os.path.basename(path), pattern)) \
        or path.endswith("/" + pattern)


def main():
    files = repository_files()
    with open(os.path.join(ROOT, "docs", "architecture.md"), encoding="utf-8") as f:
        tokens = map_tokens(f.read())
    misses = []
    named = set()
    for token, bases in tokens:
        hit = False
        for base in bases:
            pattern = base + token
            found = [p for p in files if matches(pattern, p)]
            if found:
                named.update(found)
                hit = True
        if not hit:
            misses.append(f"docs/architecture.md: `{token}` names no file of the repository")
    for p in files:
        if p.split("/")[0] in LAYERS and p.endswith(SOURCE) and p not in named:
            misses.append(f"{p}: not in the file map of docs/architecture.md")
    for m in misses:
        print(m)
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
