#!/usr/bin/env python3
"""Tested documentation: runs every shell example of a Markdown document (README.md,
docs/tutorial.md) with the built `blockcast` and compares its output with the text shown, so a
document whose examples went stale fails the test suite. Also checks that every relative link
of the document points to an existing file (and every same-page #anchor to a heading).

What is an example. A ```-fenced block whose first line starts with "$ ". Every line starting
with "$ " is a command; the lines after it, up to the next "$ " line or the block's end, are its
expected output (standard output and standard error together, as a terminal shows them).
A command is run by bash in a scratch directory made for the document, in document order, so a
file written by one example (`> p30.json`) is there for the next ones. `blockcast` in a command
is the binary given with --blockcast (a directory holding a `blockcast` link is put first on
PATH, so the output names it `blockcast` as the README does); tests/data of the source tree is
linked into the scratch directory (`tests/data/L3_t7.json` works); with --python-path the
Python module is on PYTHONPATH. `$?` in a command is the previous command's exit code; a
non-zero exit code alone is not a failure (exit codes are documented output: show `echo $?`).

Skipping. An HTML comment on the last non-blank line before the fence,
    <!-- doc-test: skip (takes 10 minutes: conjecture --L 3..256) -->
marks a block as not run; the reason in parentheses is printed. A block whose commands call
python3 is skipped when no --python-path was given (the module was not built).

Comparison. Trailing white space of each line and trailing empty lines are ignored. A line
that is exactly "..." in the expected output stands for any number of lines (zero or more):
"first lines, ..." compares a prefix and leaves the rest uncompared; "a, ..., b" skips lines in
the middle. Before comparing, both sides are masked line by line:
  - durations: a number with a unit s, ms, us, µs, ns or min ("0.12 s", "123 ms", "4.57 us",
    "6.6e-05 s") becomes <duration>;
  - JSON fields whose name ends in "seconds" ("seconds": 0.0108) get the value <number>;
  - dates and times: 2026-11-28, 2026-11-28T04:38:11Z, 04:38:11 become <date> / <time>;
  - the version: "blockcast 0.9.0" and "blockcast_version": "0.9.0" become <version>;
  - paths: the scratch directory, the build directory of the binary and the source tree
    become <scratch>, <build>, <src> (only the actual output can contain them).
Everything else, including node counts and schedule words, must match exactly: the schedules
are seeded and deterministic.

On a mismatch the runner prints the document, the line of the command and the first line that
differs, then a diff (shown in the document, actual output), and exits 1. Exit 0 when every
example matched and every link resolved.

Usage: run_doc_examples.py --blockcast BIN --root SRC [--python-path DIR] DOC.md [DOC.md ...]
"""
import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

COMMAND_TIMEOUT = 120  # seconds for one command; the documents' examples take well under 5 s
SKIP_RE = re.compile(r"<!--\s*doc-test:\s*skip\s*\((.*)\)\s*-->")
FENCE_RE = re.compile(r"^(\s*)(```+|~~~+)")


def mask_line(line, paths):
    for path, name in paths:
        if path:
            line = line.replace(path, name)
    line = re.sub(r'("[A-Za-z_]*seconds"\s*:\s*)-?[0-9.eE+-]+', r"\1<number>", line)
    line = re.sub(r'"blockcast_version"\s*:\s*"[^"]*"', '"blockcast_version": "<version>"', line)
    line = re.sub(r"\bblockcast \d+\.\d+\.\d+\S*", "blockcast <version>", line)
    line = re.sub(r"\b\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?\b",
                  "<date>", line)
    line = re.sub(r"\b\d{2}:\d{2}:\d{2}\b", "<time>", line)
    line = re.sub(r"(?<![\w.])\d+(\.\d+)?([eE][+-]?\d+)?\s?(s|ms|us|µs|ns|min)(?![\w])",
                  "<duration>", line)
    return line.rstrip()


def strip_trailing_empty(lines):
    lines = list(lines)
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def match(expected, actual):
    """True when `actual` matches `expected`, where an expected line "..." matches any number
    of actual lines. Also returns the index of the furthest expected line reached, which names
    the first line that differs."""
    furthest = [0]
    memo = {}

    def go(i, j):
        if (i, j) in memo:
            return memo[(i, j)]
        furthest[0] = max(furthest[0], i)
        if i == len(expected):
            ok = j == len(actual)
        elif expected[i] == "...":
            ok = any(go(i + 1, k) for k in range(j, len(actual) + 1))
        else:
            ok = j < len(actual) and expected[i] == actual[j] and go(i + 1, j + 1)
        memo[(i, j)] = ok
        return ok

    sys.setrecursionlimit(max(10000, 4 * (len(expected) + len(actual))))
    return go(0, 0), furthest[0]


def parse_examples(lines):
    """Yields (fence_line, skip_reason, [(cmd_line, command, [(line_no, text)])]) per example
    block; line numbers are 1-based."""
    i = 0
    while i < len(lines):
        m = FENCE_RE.match(lines[i])
        if not m:
            i += 1
            continue
        fence = m.group(2)
        start = i
        body = []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith(fence[0] * len(fence)):
            body.append((i + 1, lines[i]))
            i += 1
        i += 1
        if not body or not body[0][1].startswith("$ "):
            continue
        k = start - 1
        while k >= 0 and not lines[k].strip():
            k -= 1
        skip = SKIP_RE.search(lines[k]) if k >= 0 else None
        commands = []
        for line_no, text in body:
            if text.startswith("$ "):
                commands.append((line_no, text[2:], []))
            else:
                commands[-1][2].append((line_no, text))
        yield start + 1, skip.group(1) if skip else None, commands


def github_slug(heading):
    slug = heading.strip().lower()
    slug = re.sub(r"[^\w\- ]", "", slug)
    return slug.replace(" ", "-")


def check_links(doc, lines, root):
    """Every relative link points to an existing file; every #anchor of the same page to a
    heading. Links inside fenced blocks and inline code are not links."""
    errors = []
    anchors = set()
    in_fence = False
    texts = []
    for n, line in enumerate(lines, 1):
        if FENCE_RE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        if line.startswith("#"):
            anchors.add(github_slug(line.lstrip("#")))
        texts.append((n, re.sub(r"`[^`]*`", "", line)))
    base = os.path.dirname(os.path.join(root, doc))
    for n, text in texts:
        for target in re.findall(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", text):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                continue
            path, _, anchor = target.partition("#")
            if not path:
                if anchor not in anchors:
                    errors.append(f"{doc}:{n}: link to #{anchor}: no such heading in {doc}")
            elif not os.path.exists(os.path.normpath(os.path.join(base, path))):
                errors.append(f"{doc}:{n}: link to {target}: no such file")
    return errors


def run_document(doc, args, build_paths):
    with open(os.path.join(args.root, doc), encoding="utf-8") as f:
        lines = f.read().split("\n")
    failures = check_links(doc, lines, args.root)
    for error in failures:
        print(error)
    scratch = tempfile.mkdtemp(prefix="blockcast-doc-")
    try:
        bindir = os.path.join(scratch, ".bin")
        os.makedirs(bindir)
        os.symlink(os.path.abspath(args.blockcast), os.path.join(bindir, "blockcast"))
        os.makedirs(os.path.join(scratch, "tests"))
        os.symlink(os.path.join(args.root, "tests", "data"), os.path.join(scratch, "tests", "data"))
        env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""), LC_ALL="C")
        if args.python_path:
            env["PYTHONPATH"] = args.python_path
        paths = [(scratch, "<scratch>")] + build_paths
        ran = skipped = 0
        status = 0
        for fence_line, skip, commands in parse_examples(lines):
            uses_python = any(re.match(r"(\S+=\S+\s+)*python3?\b", c) for _, c, _ in commands)
            if skip is None and uses_python and not args.python_path:
                skip = "the Python module is not built"
            if skip is not None:
                print(f"{doc}:{fence_line}: skipped: {skip}")
                skipped += 1
                continue
            for cmd_line, command, expected in commands:
                ran += 1
                proc = subprocess.run(["bash", "-c", f"(exit {status}); {command}"], cwd=scratch,
                                      env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                      timeout=COMMAND_TIMEOUT)
                status = proc.returncode
                actual = proc.stdout.decode("utf-8", "replace").split("\n")
                want = strip_trailing_empty(mask_line(t, paths) for _, t in expected)
                got = strip_trailing_empty(mask_line(t, paths) for t in actual)
                ok, furthest = match(want, got)
                if ok:
                    continue
                where = expected[min(furthest, len(expected) - 1)][0] if expected else cmd_line
                failures.append(command)
                print(f"{doc}:{cmd_line}: stale example: $ {command}")
                print(f"{doc}:{where}: first line that differs (after masking; exit code {status})")
                diff = difflib.unified_diff(want, got, f"{doc}:{cmd_line + 1} (shown)",
                                            "actual output", lineterm="")
                for d in diff:
                    print("    " + d)
        print(f"{doc}: {ran} commands run, {skipped} blocks skipped, {len(failures)} failures")
        return not failures
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--blockcast", required=True, help="the built blockcast binary")
    parser.add_argument("--root", required=True, help="the source tree (documents, tests/data)")
    parser.add_argument("--python-path", default="", help="directory of the Python module")
    parser.add_argument("docs", nargs="+", help="documents, relative to --root")
    args = parser.parse_args()
    args.root = os.path.abspath(args.root)
    if args.python_path:
        args.python_path = os.path.abspath(args.python_path)
    build = os.path.dirname(os.path.dirname(os.path.abspath(args.blockcast)))
    build_paths = [(build, "<build>"), (args.root, "<src>")]
    ok = True
    for doc in args.docs:
        ok = run_document(doc, args, build_paths) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
