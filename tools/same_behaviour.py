#!/usr/bin/env python3
"""Two gwrun binaries, one behaviour: the check a speed step runs before it lands.

Runs every BASIC program of the corpus (basic/**, benches/programs/** and
../shared/bench/programs/**, ../shared found beside the clone or beside its worktrees'
folder) under an old and a new gwrun binary with `--stats --profile=json` (the cost
model's counts and the profile are part of what must not change) and compares, program
by program: stdout, stderr, the exit status and every file left in the program's folder
(name and bytes).

Each run happens in a fresh temporary copy of the program's own folder (its files, not
its subfolders), so that programs reading their data files find them and programs writing
files write them there; stdin is the program's `.in` file beside it when there is one
(the conformance cases' typed replies), else an empty regular file. A program whose two
binaries disagree is run once more under the old binary: if the old binary disagrees with
itself too (a program that waits on the timer or INKEY$, or prints the time), it is
reported as unstable and not counted as a difference.

    python3 tools/same_behaviour.py --old /work/bin/gwrun-OLD --new target/release/gwrun
    python3 tools/same_behaviour.py --old A --new B --only conformance/strings -j 2

Exit status 0 when no program differs, 1 when one does (each listed with what differs).
"""

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_ARGS = ["--stats", "--profile=json", "--clock-start=1990-01-01T10:00:00"]


def corpus(roots):
    progs = []
    for root in roots:
        if root.is_dir():
            progs.extend(p for p in root.rglob("*") if p.suffix.lower() == ".bas" and p.is_file())
    return sorted(set(progs))


def run_once(binary, prog, args, timeout):
    """One run in a fresh copy of the program's folder: (stdout, stderr, status, files)."""
    with tempfile.TemporaryDirectory(prefix="gwrun-same-") as tmp:
        work = Path(tmp) / "run"
        work.mkdir()
        for f in prog.parent.iterdir():
            if f.is_file():
                shutil.copyfile(f, work / f.name)
        stdin_path = prog.with_suffix(".in")
        empty = Path(tmp) / "empty.in"
        empty.write_bytes(b"")
        with open(stdin_path if stdin_path.is_file() else empty, "rb") as stdin:
            try:
                proc = subprocess.run(
                    [str(binary), *args, prog.name],
                    cwd=work,
                    stdin=stdin,
                    capture_output=True,
                    timeout=timeout,
                )
                out, err, status = proc.stdout, proc.stderr, proc.returncode
            except subprocess.TimeoutExpired as e:
                out, err, status = e.stdout or b"", e.stderr or b"", "timeout"
        files = {}
        for f in sorted(work.rglob("*")):
            if f.is_file():
                files[str(f.relative_to(work))] = hashlib.sha256(f.read_bytes()).hexdigest()
        return out, err, status, files


def differences(a, b):
    names = ("stdout", "stderr", "exit status", "files")
    return [n for n, x, y in zip(names, a, b) if x != y]


def check(prog, old, new, args, timeout):
    a = run_once(old, prog, args, timeout)
    b = run_once(new, prog, args, timeout)
    diff = differences(a, b)
    if not diff:
        return prog, "same", []
    again = run_once(old, prog, args, timeout)
    if differences(a, again):
        return prog, "unstable", diff
    return prog, "differs", diff


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old", required=True, help="the binary before the change")
    ap.add_argument("--new", required=True, help="the binary after the change")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds a run may take")
    ap.add_argument("--only", action="append", default=[],
                    help="keep the programs whose path contains this text (repeatable)")
    ap.add_argument("--args", default=" ".join(DEFAULT_ARGS),
                    help="gwrun's options before the program (default: %(default)s)")
    opts = ap.parse_args()
    old, new = Path(opts.old).resolve(), Path(opts.new).resolve()
    for b in (old, new):
        if not os.access(b, os.X_OK):
            sys.exit(f"same_behaviour: {b} is not an executable binary")
    # ../shared beside the clone, or beside the folder of worktrees a clone keeps
    shared = next((d for d in (REPO.parent / "shared", REPO.parent.parent / "shared")
                   if d.is_dir()), REPO.parent / "shared")
    roots = [REPO / "basic", REPO / "benches" / "programs", shared / "bench" / "programs"]
    progs = corpus(roots)
    if opts.only:
        progs = [p for p in progs if any(o in str(p) for o in opts.only)]
    if not progs:
        sys.exit("same_behaviour: no program matched")
    args = opts.args.split()
    counts = {"same": 0, "unstable": 0, "differs": 0}
    with ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
        results = pool.map(lambda p: check(p, old, new, args, opts.timeout), progs)
        for prog, verdict, diff in results:
            counts[verdict] += 1
            if verdict != "same":
                rel = os.path.relpath(prog, REPO)
                print(f"{verdict}: {rel} ({', '.join(diff)})", flush=True)
    print(f"{len(progs)} programs: {counts['same']} the same, {counts['differs']} differ, "
          f"{counts['unstable']} unstable (the old binary differs from itself)")
    sys.exit(1 if counts["differs"] else 0)


if __name__ == "__main__":
    main()
