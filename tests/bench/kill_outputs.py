#!/usr/bin/env python3
"""Crash-safe outputs and resume: SIGKILL at seeded random moments.

Runs `conjecture --resume DIR`, `table --resume DIR --out DIR` and `kbroadcast --out DIR`
(small instances, deterministic with --threads 1) and kills them with SIGKILL after a
random delay in [0, 1.1 x the uninterrupted run's time]. After every kill, every file in
the folder must be complete and valid:
  - JSON files parse and equal the uninterrupted run's file of the same name (timings
    removed: keys "seconds" and "*_seconds"); assignments and k-item schedules pass
    `blockcast check`, certificates `blockcast verify-certificate`;
  - reports (report/table .md/.html, plots/*.svg) are whole: XML that parses, Markdown
    ending with the generator line; every other file is byte-identical to the reference;
  - the only other names allowed are the lock (.blockcast.lock) and AtomicFile's
    temporaries (.<name>.tmp-XXXXXX), which are never results.
Conjecture and table keep resuming into their folder, so later kills hit resumed runs, a
stale lock and left-over temporaries (a folder whose run finished before its kill starts
afresh, so that kills keep landing in runs). At the end each folder is finished by one run without
a kill, and its results must equal the uninterrupted run's (timings aside): the resumed
run's stdout and every JSON file.
Then the same for a run stopped by its own deadline instead of a kill (--deadlines N per
command that resumes): `--time-limit` at a seeded random fraction of the uninterrupted
time, exit 0 or 5, every file valid, and a resume without the limit gives the uninterrupted
results, so an L the deadline cut short is computed again, never kept as finished.
Last, scratch proofs: `prove` solving an UNSAT instance whose DRAT proof grows for
seconds is killed (SIGKILL, then SIGTERM) with TMPDIR set to an empty folder, which must stay
empty while it runs and after (the proof file is unlinked as soon as it is made); so must it
after a `prove` that ends.
Usage: kill_outputs.py BLOCKCAST WORKDIR [--kills N] [--deadlines N] [--seed S] [--small]
(the seed is printed)
"""
import argparse, json, os, random, re, shutil, signal, subprocess, sys, time
import xml.etree.ElementTree as ET

TIMED = re.compile(r"(^|/)(report|table)\.(md|html)$|(^|/)plots/.*\.svg$")


def strip_times(j):
    if isinstance(j, dict):
        return {k: strip_times(v) for k, v in j.items() if k != "seconds" and not k.endswith("_seconds")}
    if isinstance(j, list):
        return [strip_times(v) for v in j]
    return j


def stdout_lines(text, folder):  # timings removed (lines ending in " s"), the folder named DIR
    return [l.replace(folder, "DIR") for l in text.splitlines() if not l.endswith(" s")]


def json_out(text):
    j = json.loads(text)
    j.pop("command", None)
    return strip_times(j)


class Case:
    def __init__(self, name, args, folder_args, check_json):
        self.name, self.args, self.folder_args, self.check_json = name, args, folder_args, check_json

    def argv(self, bc, folder):
        return [bc] + self.args + [a.replace("DIR", folder) for a in self.folder_args]


SMALL = [  # --small (ctest): the same commands, about 0.1 s each
    Case("conjecture", ["conjecture", "--L", "3..4", "--threads", "1"], ["--resume", "DIR"], False),
    Case("table", ["table", "--L", "2..3", "--P", "2..8", "--threads", "1", "--json"],
         ["--resume", "DIR", "--out", "DIR"], True),
    Case("kbroadcast", ["kbroadcast", "--L", "3", "--P", "8", "--k", "4"], ["--out", "DIR"], False),
]
CASES = [
    Case("conjecture", ["conjecture", "--L", "3..6", "--threads", "1"], ["--resume", "DIR"], False),
    Case("table", ["table", "--L", "2..3", "--P", "2..80", "--threads", "1", "--json"],
         ["--resume", "DIR", "--out", "DIR"], True),
    Case("kbroadcast", ["kbroadcast", "--L", "3", "--P", "10", "--k", "8"], ["--out", "DIR"], False),
]


class Checker:
    def __init__(self, bc):
        self.bc, self.seen, self.files = bc, {}, 0

    def fail(self, msg):
        sys.exit("kill_outputs: FAIL: " + msg)

    def verify_json(self, path, rel):
        name = os.path.basename(rel)
        if name == "certificate.json":
            cmd = [self.bc, "verify-certificate", path]
        elif re.fullmatch(r"L\d+_t\d+\.json", name) or ("/" not in rel and not rel.startswith("summary")):
            cmd = [self.bc, "check", path]  # base cases; kbroadcast's schedules
        else:
            return
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            self.fail(f"{' '.join(cmd)} exits {r.returncode}: {r.stdout}{r.stderr}")

    def load(self, path, folder):  # JSON with the folder's name replaced (summaries name their files)
        return strip_times(json.loads(open(path, "rb").read().decode().replace(folder, "DIR")))

    # partial: the run stopped at its deadline, so its summary (summary.json) and the files of
    # a unit the deadline cut short (no record in units/, e.g. a certificate whose t0 is not
    # proved minimal) must only parse and verify; a recorded unit's files must still equal
    # the uninterrupted run's.
    def check_folder(self, folder, ref, partial=False):
        for root, _dirs, names in os.walk(folder):
            for n in names:
                path = os.path.join(root, n)
                rel = os.path.relpath(path, folder)
                if n == ".blockcast.lock" or re.fullmatch(r"\..+\.tmp-[A-Za-z0-9]{6}", n):
                    continue
                st = os.stat(path)
                key = (st.st_ino, st.st_mtime_ns, st.st_size)
                if self.seen.get(path) == key:
                    continue  # AtomicFile renames a new file in: same inode, same content
                refpath = os.path.join(ref, rel)
                if not os.path.exists(refpath):
                    self.fail(f"{path}: no such file in the uninterrupted run")
                unrecorded = not os.path.exists(os.path.join(folder, "units", rel.split("/")[0] + ".json"))
                cut = partial and (rel == "summary.json" or ("/" in rel and unrecorded and not rel.startswith("units/")))
                self.check_file(path, rel, refpath, folder, ref, cut)
                self.seen[path] = key
                self.files += 1

    def check_file(self, path, rel, refpath, folder, ref, parse_only=False):
        data = open(path, "rb").read()
        if rel.endswith(".json"):
            try:
                j = self.load(path, folder)
            except ValueError as e:
                self.fail(f"{path} does not parse: {e}")
            want = j if parse_only else self.load(refpath, ref)
            if rel.startswith("units/"):  # a record: its summary (the rest is the unit's stdout, fingerprint)
                j, want = j["summary"], want["summary"]
            if j != want:
                self.fail(f"{path} differs from the uninterrupted run's")
            self.verify_json(path, rel)
        elif TIMED.search(rel):
            if rel.endswith(".md"):
                if not data.rstrip().splitlines()[-1].startswith(b"blockcast "):
                    self.fail(f"{path} is cut short (no generator line at the end)")
            else:
                try:
                    ET.fromstring(data)
                except ET.ParseError as e:
                    self.fail(f"{path} is not well-formed: {e}")
        elif data != open(refpath, "rb").read():
            self.fail(f"{path} differs from the uninterrupted run's")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("blockcast")
    ap.add_argument("work")
    ap.add_argument("--kills", type=int, default=60)
    ap.add_argument("--deadlines", type=int, default=3)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--small", action="store_true")
    o = ap.parse_args()
    cases = SMALL if o.small else CASES
    seed = o.seed if o.seed is not None else random.SystemRandom().randrange(1, 2**31)
    print(f"kill_outputs: seed {seed} (rerun with --seed {seed}), {o.kills} kills", flush=True)
    rng = random.Random(seed)
    bc = os.path.abspath(o.blockcast)
    shutil.rmtree(o.work, ignore_errors=True)
    os.makedirs(o.work)
    chk = Checker(bc)
    ref_out, took = {}, {}
    for c in cases:  # the uninterrupted runs
        folder = os.path.join(o.work, "ref-" + c.name)
        t = time.monotonic()
        r = subprocess.run(c.argv(bc, folder), capture_output=True, text=True)
        took[c.name] = time.monotonic() - t
        if r.returncode != 0:
            chk.fail(f"uninterrupted {c.name} exits {r.returncode}: {r.stderr}")
        ref_out[c.name] = (r.stdout, folder)
    print("uninterrupted runs: " + ", ".join(f"{k} {v:.2f} s" for k, v in took.items()), flush=True)
    landed = 0
    for i in range(o.kills):
        c = cases[i % len(cases)]
        folder = os.path.join(o.work, "kill-" + c.name)
        delay = rng.uniform(0, 1.1 * took[c.name])
        p = subprocess.Popen(c.argv(bc, folder), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        finished = p.poll() is not None
        if not finished:
            p.send_signal(signal.SIGKILL)
            landed += 1
        p.wait()
        chk.check_folder(folder, os.path.join(o.work, "ref-" + c.name))
        if finished and i < o.kills - len(cases):  # start afresh, so that later kills land in a run
            shutil.rmtree(folder)
    def finish(c, folder, after):  # one run without a kill or limit: the uninterrupted results
        r = subprocess.run(c.argv(bc, folder), capture_output=True, text=True)
        if r.returncode != 0:
            chk.fail(f"the finishing {c.name} run ({after}) exits {r.returncode}: {r.stderr}")
        ref_stdout, ref_folder = ref_out[c.name]
        same = json_out(r.stdout) == json_out(ref_stdout) if c.check_json else \
            stdout_lines(r.stdout, folder) == stdout_lines(ref_stdout, ref_folder)
        if not same:
            chk.fail(f"{c.name}: the resumed run ({after}) prints other results than the uninterrupted one")
        chk.check_folder(folder, os.path.join(o.work, "ref-" + c.name))
        for root, _dirs, names in os.walk(folder):  # a finished run leaves no lock and no temporary
            for n in names:
                if n.startswith("."):
                    chk.fail(f"{os.path.join(root, n)} left behind by a finished run")

    for c in cases:
        finish(c, os.path.join(o.work, "kill-" + c.name), "after the kills")
    deadlines = 0
    for i in range(o.deadlines):
        for c in cases:
            if "--resume" not in c.folder_args:
                continue
            folder = os.path.join(o.work, f"deadline-{c.name}-{i}")
            limit = round(rng.uniform(0.05, 1.0) * took[c.name], 3) + 0.001
            r = subprocess.run(c.argv(bc, folder) + ["--time-limit", str(limit)], capture_output=True, text=True)
            if r.returncode not in (0, 5):
                chk.fail(f"{c.name} --time-limit {limit} exits {r.returncode}: {r.stderr}")
            chk.check_folder(folder, os.path.join(o.work, "ref-" + c.name), partial=True)
            finish(c, folder, f"after --time-limit {limit}")
            deadlines += 1
    print(f"kill_outputs: ok: {o.kills} kills ({landed} during a run, the others after it ended), "
          f"{deadlines} runs stopped by --time-limit, {chk.files} files checked, "
          f"resumed results equal the uninterrupted runs'", flush=True)
    scratch_proofs(chk, bc, o.work, rng)


def scratch_proofs(chk, bc, work, rng):
    tmp = os.path.join(work, "tmpdir")
    os.makedirs(tmp)
    env = dict(os.environ, TMPDIR=tmp)
    def leftovers(when):
        if os.listdir(tmp):
            chk.fail(f"scratch proof files {os.listdir(tmp)} in TMPDIR {when}")
    long_run = [bc, "prove", "--L", "12", "--t", "24", "--encoding", "residue"]  # UNSAT, ~30 s, 50 MB of proof
    for sig in (signal.SIGKILL, signal.SIGTERM):
        p = subprocess.Popen(long_run, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.5, 1.5))
        if p.poll() is not None:
            chk.fail(f"{' '.join(long_run[1:])} ended before its kill (exit {p.returncode})")
        leftovers("while prove runs")
        p.send_signal(sig)
        p.wait()
        leftovers(f"after prove was killed by {sig.name}")
    r = subprocess.run([bc, "prove", "--L", "4", "--t", "8"], env=env, capture_output=True, text=True)
    if r.returncode != 4:
        chk.fail(f"prove --L 4 --t 8 exits {r.returncode}, expected 4 (IMPOSSIBLE): {r.stderr}")
    leftovers("after prove ended")
    print("kill_outputs: scratch proofs: none left by prove killed with SIGKILL, SIGTERM or finished", flush=True)


if __name__ == "__main__":
    main()
