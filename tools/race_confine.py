#!/usr/bin/env python3
"""The confinement race: can a program write outside its folder while another process
swaps a directory and a symbolic link under it?

A scratch folder holds `home/` (the program's folder, its C: drive) and `outside/`. In
`home/`, `D` is a real directory and `L` a symbolic link to `outside/`. A swapper
process exchanges the two names with renameat2(RENAME_EXCHANGE) as fast as it can, for
as long as the program runs, so at any moment `D` is either the directory or the link.
The program opens `D\\PWN.TXT` FOR APPEND, writes a line and closes it, TRIES times,
counting the OPENs refused. Afterwards every line found under `outside/` is a write that
escaped. gwrun passes when none did.

Usage: tools/race_confine.py [--gwrun target/release/gwrun] [--tries 100000] [ARGS...]
ARGS are passed to gwrun (say `--confine` for a binary where confinement was an option).
Exit status 0 when no write landed outside, 1 otherwise. Linux only (renameat2).
"""

from __future__ import annotations

import argparse
import ctypes
import multiprocessing
import os
import shutil
import subprocess
import sys
import tempfile
import time

RENAME_EXCHANGE = 2
AT_FDCWD = -100


def swapper(home: str, stop) -> None:
    """Exchanges D and L in `home` until `stop` is set; counts the swaps."""
    libc = ctypes.CDLL(None, use_errno=True)
    renameat2 = libc.renameat2
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                          ctypes.c_uint]
    d = os.path.join(home, "D").encode()
    link = os.path.join(home, "L").encode()
    swaps = 0
    while not stop.is_set():
        for _ in range(1000):
            if renameat2(AT_FDCWD, d, AT_FDCWD, link, RENAME_EXCHANGE) != 0:
                raise OSError(ctypes.get_errno(), "renameat2")
            swaps += 1
    print(f"swapper: {swaps} exchanges", file=sys.stderr)


def count_lines(folder: str) -> int:
    """Lines in every file below `folder`."""
    n = 0
    for root, _, files in os.walk(folder):
        for f in files:
            with open(os.path.join(root, f), "rb") as fh:
                n += fh.read().count(b"\n")
    return n


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gwrun", default="target/release/gwrun")
    ap.add_argument("--tries", type=int, default=100_000)
    a, a.args = ap.parse_known_args()
    gwrun = os.path.abspath(a.gwrun)
    scratch = tempfile.mkdtemp(prefix="gwrun-race-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
    try:
        home = os.path.join(scratch, "home")
        outside = os.path.join(scratch, "outside")
        os.makedirs(os.path.join(home, "D"))
        os.makedirs(outside)
        os.symlink(outside, os.path.join(home, "L"))
        program = (
            "10 ON ERROR GOTO 100\r\n"
            f"20 FOR I = 1 TO {a.tries}\r\n"
            "30 E = 0: OPEN \"D\\PWN.TXT\" FOR APPEND AS 1: IF E THEN 50\r\n"
            "40 PRINT #1, \"X\": CLOSE 1: OK = OK + 1\r\n"
            "50 NEXT\r\n"
            "60 PRINT OK; BAD: END\r\n"
            "100 E = 1: BAD = BAD + 1: RESUME NEXT\r\n"
        )
        with open(os.path.join(home, "RACE.BAS"), "w", newline="") as f:
            f.write(program)
        stop = multiprocessing.Event()
        swap = multiprocessing.Process(target=swapper, args=(home, stop))
        swap.start()
        start = time.monotonic()
        try:
            run = subprocess.run([gwrun, *a.args, "RACE.BAS"], cwd=home, capture_output=True,
                                 timeout=1800)
        finally:
            stop.set()
            swap.join()
        seconds = time.monotonic() - start
        out = run.stdout.decode(errors="replace").split()
        opened, refused = (int(out[0]), int(out[1])) if len(out) >= 2 else (-1, -1)
        escaped = count_lines(outside)
        inside = count_lines(home) - program.count("\n")
        print(f"race: {a.tries} tries in {seconds:.1f} s: {opened} opened, {refused} refused; "
              f"{inside} lines inside, {escaped} outside")
        if run.returncode != 0 or opened + refused != a.tries:
            print(f"race: gwrun ended with status {run.returncode}: "
                  f"{run.stderr.decode(errors='replace')[-500:]}", file=sys.stderr)
            return 1
        return 0 if escaped == 0 else 1
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
